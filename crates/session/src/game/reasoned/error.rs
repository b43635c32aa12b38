//! Errors of the sessions on games too large to list.

use codebreak_core::error::quote;
use thiserror::Error;

/// Why a call on a game too large to list was refused or stopped.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ReasonedError {
    /// A game description that cannot be read.
    #[error(transparent)]
    Spec(#[from] codebreak_core::SpecError),
    /// A game the engine cannot play.
    #[error(transparent)]
    Game(#[from] codebreak_huge::GameError),
    /// A code or a reply that does not fit the game.
    #[error(transparent)]
    Code(#[from] codebreak_huge::CodeError),
    /// A code with a symbol twice where the game forbids it.
    #[error("{role} {} repeats a symbol: expected no symbol twice", quote(.code))]
    Repeated {
        /// The code as given.
        code: String,
        /// `guess` or `secret`.
        role: &'static str,
    },
    /// A move of a history that cannot be read.
    #[error("line {line}: move {}: {why}", quote(.text))]
    Move {
        /// Line of the history (from 1).
        line: usize,
        /// The move as given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// Options that do not go together, or a value out of range.
    #[error("{0}")]
    Setup(String),
    /// The game is over.
    #[error("the game is over: {0}")]
    Over(&'static str),
    /// Nothing to take back.
    #[error("nothing to undo: no answer has been given yet")]
    NothingToUndo,
    /// No secret fits the replies.
    #[error(transparent)]
    Contradiction(Box<crate::report::Contradiction>),
    /// The call was stopped (Ctrl-C, a deadline).
    #[error(transparent)]
    Stopped(#[from] codebreak_huge::Stopped),
    /// The search for a first secret that fits ran out of its time.
    #[error(
        "no secret found in {seconds} s, and none ruled out: codebreak cannot tell whether any secret fits these {clues} clues (try fewer clues, or check them)"
    )]
    Undecided {
        /// Clues in the history.
        clues: usize,
        /// The time the search was given, in seconds.
        seconds: u64,
    },
}

impl From<codebreak_huge::ClueError> for ReasonedError {
    fn from(e: codebreak_huge::ClueError) -> ReasonedError {
        ReasonedError::Setup(e.to_string())
    }
}
