//! Unguessable ids for sessions and jobs.

use rand::RngCore;
use rand::rngs::OsRng;

/// A fresh id: 128 bits from the operating system's CSPRNG, as 32 lowercase hex digits.
pub fn new_id() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `text` has the shape of an id (so that a lookup of anything else fails fast).
pub fn is_id(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_128_bit_hex_and_distinct() {
        let a = new_id();
        let b = new_id();
        assert!(is_id(&a) && is_id(&b), "{a} {b}");
        assert_ne!(a, b);
        assert!(!is_id("../etc/passwd"));
    }
}
