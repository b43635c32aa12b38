//! Whole numbers as people type them (command-line flags, form fields), each checked against
//! one documented range, so that every front end refuses a bad number with the same message.

use thiserror::Error;

use crate::code::MAX_PEGS;
use crate::error::quote;
use crate::space::MAX_CODES;
use crate::spec::MAX_COLORS;

/// An inclusive range of whole numbers that a setting accepts.
///
/// ```
/// use codebreak_core::number::PEGS;
/// assert_eq!(PEGS.parse(" 12 ").unwrap(), 12);
/// assert_eq!(
///     PEGS.parse("abc").unwrap_err().to_string(),
///     "\"abc\" is not a whole number from 1 to 16"
/// );
/// assert!(PEGS.parse("17").is_err() && PEGS.parse("-1").is_err() && PEGS.parse("1.5").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WholeRange {
    /// The smallest number accepted.
    pub min: u64,
    /// The largest number accepted.
    pub max: u64,
}

/// Pegs of a game: 1 to [`MAX_PEGS`].
pub const PEGS: WholeRange = WholeRange::new(1, MAX_PEGS as u64);
/// Colours of a game: 1 to [`MAX_COLORS`].
pub const COLORS: WholeRange = WholeRange::new(1, MAX_COLORS as u64);
/// Grid size of twoD: 1 to [`MAX_COLORS`].
pub const SIZE: WholeRange = WholeRange::new(1, MAX_COLORS as u64);
/// How many codes to list: 0 to [`MAX_CODES`] (no game has more).
pub const LIST: WholeRange = WholeRange::new(0, MAX_CODES as u64);
/// A random seed: any 64-bit number.
pub const SEED: WholeRange = WholeRange::new(0, u64::MAX);

impl WholeRange {
    /// The numbers from `min` to `max`, both included.
    pub const fn new(min: u64, max: u64) -> WholeRange {
        WholeRange { min, max }
    }

    /// Reads a whole number in the range (white space around it is ignored).
    pub fn parse(&self, text: &str) -> Result<u64, ParseNumberError> {
        match text.trim().parse::<u64>() {
            Ok(n) if (self.min..=self.max).contains(&n) => Ok(n),
            _ => Err(ParseNumberError {
                text: text.to_string(),
                min: self.min,
                max: self.max,
            }),
        }
    }
}

/// A number that is not whole, or out of its range.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{} is not a whole number from {min} to {max}", quote(.text))]
pub struct ParseNumberError {
    /// The text given.
    pub text: String,
    /// The smallest number accepted.
    pub min: u64,
    /// The largest number accepted.
    pub max: u64,
}
