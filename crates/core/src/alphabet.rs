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

/// Characters the history syntax (`1122:1B0W,3456=0B2W # comment`) gives a meaning to, so
/// they cannot be symbols: `,` `;` separate moves, `:` `=` separate a guess from its reply, and
/// `#` starts a comment. White space, which also separates them, is refused on its own.
pub const SEPARATORS: [char; 5] = [':', ',', ';', '=', '#'];

/// What a character of [`SEPARATORS`] does in a history, for error messages.
pub fn separator_role(c: char) -> &'static str {
    match c {
        ',' | ';' => "separates moves in histories",
        '#' => "starts a comment in histories",
        _ => "separates a guess from its reply in histories",
    }
}

impl Alphabet {
    /// Validates `text` as an alphabet: printable symbols (no white space, control or
    /// byte-order mark), none repeated, none of [`SEPARATORS`].
    ///
    /// ```
    /// use codebreak_core::Alphabet;
    /// let e = Alphabet::new("a=bc").unwrap_err().to_string();
    /// assert!(e.contains("'='") && e.contains("separates a guess from its reply"), "{e}");
    /// ```
    pub fn new(text: &str) -> Result<Self, SpecError> {
        let symbols: Vec<char> = text.chars().collect();
        if symbols.is_empty() {
            return Err(SpecError::EmptyAlphabet);
        }
        for (i, &c) in symbols.iter().enumerate() {
            // U+FEFF: a history's leading byte-order mark is dropped, symbol or not.
            if c.is_whitespace() || c.is_control() || c == '\u{feff}' {
                return Err(SpecError::AlphabetWhitespace {
                    alphabet: text.to_string(),
                });
            }
            if SEPARATORS.contains(&c) {
                return Err(SpecError::AlphabetSeparator {
                    alphabet: text.to_string(),
                    symbol: c,
                    role: separator_role(c),
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
        for c in SEPARATORS {
            let text = format!("AB{c}C");
            assert!(
                matches!(Alphabet::new(&text), Err(SpecError::AlphabetSeparator { symbol, .. }) if symbol == c),
                "{text}"
            );
        }
        for text in ["AB\tC", "AB\u{feff}C", "A\u{a0}B"] {
            assert!(
                matches!(
                    Alphabet::new(text),
                    Err(SpecError::AlphabetWhitespace { .. })
                ),
                "{text:?}"
            );
        }
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
