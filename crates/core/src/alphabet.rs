//! The symbols codes are written with.

use std::fmt;

use crate::error::SpecError;

/// The default symbols: the ten digits, then `A` to `Z`.
pub const DEFAULT_ALPHABET: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// An ordered list of distinct symbols; symbol `i` stands for colour `i`.
///
/// Invariant: at least one symbol, no symbol twice, no white space.
/// When no two symbols differ only by case, input is read case-insensitively.
///
/// ```
/// use codebreak_core::Alphabet;
/// let a = Alphabet::new("RGBYOP").unwrap();
/// assert_eq!(a.len(), 6);
/// assert_eq!(a.index_of('b'), Some(2));
/// assert_eq!(a.symbol(5), 'P');
/// assert_eq!(a.to_string(), "RGBYOP");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<char>,
    fold_case: bool,
}

/// The byte-order mark, which history and tree readers skip at the start of a text.
const BOM: char = '\u{feff}';

/// Characters that mean something in histories, so they cannot be symbols: they separate
/// moves and replies (`1122:1B0W,3456:0B2W`, `1122=1B0W`) or start a comment (`# game 2`).
pub const SEPARATORS: [char; 5] = [':', ',', ';', '=', '#'];

impl Alphabet {
    /// Validates `text` as an alphabet: printable symbols (no white space, control character or
    /// byte-order mark), none repeated, none of [`SEPARATORS`].
    pub fn new(text: &str) -> Result<Self, SpecError> {
        let symbols: Vec<char> = text.chars().collect();
        if symbols.is_empty() {
            return Err(SpecError::EmptyAlphabet);
        }
        for (i, &c) in symbols.iter().enumerate() {
            // A byte-order mark is invisible, and readers skip one at the start of a text.
            if c.is_whitespace() || c.is_control() || c == BOM {
                return Err(SpecError::AlphabetWhitespace {
                    alphabet: text.to_string(),
                });
            }
            if SEPARATORS.contains(&c) {
                return Err(SpecError::AlphabetSeparator {
                    alphabet: text.to_string(),
                    symbol: c,
                });
            }
            if symbols[..i].contains(&c) {
                return Err(SpecError::AlphabetRepeat {
                    alphabet: text.to_string(),
                    symbol: c,
                });
            }
        }
        let fold_case = {
            let mut lower: Vec<String> =
                symbols.iter().map(|c| c.to_lowercase().collect()).collect();
            lower.sort();
            lower.dedup();
            lower.len() == symbols.len()
        };
        Ok(Alphabet { symbols, fold_case })
    }

    /// The first `n` symbols of the default alphabet.
    pub fn default_for(n: usize) -> Result<Self, SpecError> {
        let max = DEFAULT_ALPHABET.len();
        if n > max {
            return Err(SpecError::DefaultAlphabetTooShort { colors: n, max });
        }
        Alphabet::new(&DEFAULT_ALPHABET[..n])
    }

    /// Number of symbols.
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// Always false: an alphabet has at least one symbol.
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// The symbol for colour `i`. Panics if `i` is out of range (a program error, not input).
    pub fn symbol(&self, i: u8) -> char {
        self.symbols[i as usize]
    }

    /// The colour written as `c`, if any.
    pub fn index_of(&self, c: char) -> Option<u8> {
        if let Some(i) = self.symbols.iter().position(|&s| s == c) {
            return Some(i as u8);
        }
        if self.fold_case {
            let lc: String = c.to_lowercase().collect();
            return self
                .symbols
                .iter()
                .position(|s| s.to_lowercase().collect::<String>() == lc)
                .map(|i| i as u8);
        }
        None
    }

    /// The symbols in order.
    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.symbols {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_repeats_and_blanks() {
        assert!(matches!(
            Alphabet::new("ABCA"),
            Err(SpecError::AlphabetRepeat { symbol: 'A', .. })
        ));
        assert!(matches!(Alphabet::new(""), Err(SpecError::EmptyAlphabet)));
        assert!(matches!(
            Alphabet::new("AB C"),
            Err(SpecError::AlphabetWhitespace { .. })
        ));
        assert!(matches!(
            Alphabet::new("AB:C"),
            Err(SpecError::AlphabetSeparator { symbol: ':', .. })
        ));
        // Found by fuzzing (histories): a code holding `=` or starting with `#` could be
        // written in a history but not read back from it.
        for (alphabet, symbol) in [("AB=C", '='), ("#ABC", '#')] {
            let e = Alphabet::new(alphabet).unwrap_err();
            assert_eq!(
                e,
                SpecError::AlphabetSeparator {
                    alphabet: alphabet.into(),
                    symbol
                }
            );
            assert!(e.to_string().contains("histories"), "{e}");
        }
        // Found by fuzzing (histories): a code starting with a byte-order mark lost it when
        // it began a history.
        assert!(matches!(
            Alphabet::new("\u{feff}x"),
            Err(SpecError::AlphabetWhitespace { .. })
        ));
    }

    #[test]
    fn case_folding_only_when_unambiguous() {
        let a = Alphabet::new("aA").unwrap();
        assert_eq!(a.index_of('A'), Some(1));
        assert_eq!(a.index_of('b'), None);
        let b = Alphabet::new("RGB").unwrap();
        assert_eq!(b.index_of('g'), Some(1));
    }

    #[test]
    fn default_is_limited() {
        assert_eq!(Alphabet::default_for(10).unwrap().to_string(), "0123456789");
        assert!(Alphabet::default_for(37).is_err());
    }
}
