//! Errors of plans, runs and merges.

use std::path::PathBuf;

use thiserror::Error;

/// Why a plan, run or merge was refused. Messages are one line, naming the file, job or value.
#[derive(Debug, Error)]
pub enum ShardError {
    /// A request that cannot be planned or run as asked (a bad option, code or range).
    #[error("{0}")]
    BadInput(String),
    /// A file that cannot be read, written or made.
    #[error("cannot {action} {}: {error}", path.display())]
    Io {
        /// What was tried: `read plan`, `write`, `make`.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why: written in the message itself, not as a source, so that a front end that
        /// prints the chain of causes says it once.
        error: std::io::Error,
    },
    /// A plan or result refused by its checks (edited, truncated, foreign, or of a changed
    /// game), or a merged tree that does not verify.
    #[error("{}: {why}", path.display())]
    Refused {
        /// The file at fault.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// Nothing to merge or report: results missing, or no strategy within the depth limit.
    #[error("{0}")]
    NoAnswer(String),
}

impl ShardError {
    /// Whether the fault is the request's (bad options, unreadable files) rather than a check
    /// that failed: the command line exits with 2 for these, 1 for the others.
    pub fn is_bad_input(&self) -> bool {
        matches!(self, ShardError::BadInput(_) | ShardError::Io { .. })
    }

    pub(crate) fn refused(path: impl Into<PathBuf>, why: impl std::fmt::Display) -> ShardError {
        ShardError::Refused {
            path: path.into(),
            why: why.to_string(),
        }
    }
}
