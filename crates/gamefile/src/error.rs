//! The one error of loading a game file: where, and what is wrong.

use thiserror::Error;

/// A game file that cannot be loaded. The message is one line that starts with the file (and
/// line, where there is one) at fault: `coins.toml:4: unknown rules "tabel": expected ...`.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{at}: {message}")]
pub struct LoadError {
    /// `FILE` or `FILE:LINE`.
    pub at: String,
    /// What is wrong, and what was expected.
    pub message: String,
}

impl LoadError {
    /// An error at a place.
    pub fn at(at: &str, message: String) -> LoadError {
        LoadError {
            at: at.to_string(),
            message: message.split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }
}
