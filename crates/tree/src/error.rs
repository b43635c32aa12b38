//! Errors of the tree crate.

use thiserror::Error;

/// A tree file that cannot be read.
#[derive(Debug, Error)]
pub enum TreeError {
    /// Not valid JSON, or not shaped like a tree.
    #[error("tree file is not a valid JSON tree: {0}")]
    Json(String),
    /// Not valid compact notation.
    #[error("compact tree is malformed at character {at}: {why}")]
    Compact {
        /// Character offset.
        at: usize,
        /// What was expected.
        why: String,
    },
    /// Not valid bracket notation (see [`crate::bracket`]), or counts of secrets that the rules
    /// contradict.
    #[error("bracket tree, line {line} column {column} (character {at}): {why}")]
    Bracket {
        /// Character offset (from 0).
        at: usize,
        /// Line (from 1).
        line: usize,
        /// Column (from 1).
        column: usize,
        /// What was wrong, and what was expected.
        why: String,
    },
    /// The bracket notation lists replies by black and white counts; this game has others.
    #[error(
        "the bracket notation needs replies with black and white counts (mastermind or bulls), not those of {game}"
    )]
    BracketGame {
        /// The game asked for.
        game: String,
    },
    /// The game is too large to enumerate its secrets.
    #[error(transparent)]
    Size(#[from] codebreak_core::SizeError),
    /// The game described in the file is not valid.
    #[error("tree file describes an invalid game: {0}")]
    Game(#[from] codebreak_core::SpecError),
    /// A code in the tree is not a code of the game.
    #[error("tree has an invalid guess: {0}")]
    Code(#[from] codebreak_core::ParseCodeError),
    /// A reply in the tree is not a reply of the game.
    #[error("tree has an invalid reply: {0}")]
    Feedback(#[from] codebreak_core::ParseFeedbackError),
    /// The same reply twice under one guess.
    #[error("guess {guess} has two branches for reply {reply}")]
    DuplicateReply {
        /// The guess.
        guess: String,
        /// The repeated reply.
        reply: String,
    },
    /// A branch for the winning reply (it is implied).
    #[error("guess {guess} has a branch for the winning reply {reply}, which ends the game")]
    WinBranch {
        /// The guess.
        guess: String,
        /// The reply.
        reply: String,
    },
}

/// A tree that fails the check.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum VerifyError {
    /// A secret the tree does not find.
    #[error("secret {secret} is not found: {why} (path: {path})")]
    NotFound {
        /// The first secret (in the game's order) the tree fails on.
        secret: String,
        /// The guesses and replies it went through, e.g. `1122 1B0W, 3456 0B1W`.
        path: String,
        /// What went wrong.
        why: String,
    },
    /// A branch for a reply that never occurs after its path.
    #[error("{0}")]
    DeadBranch(crate::verify::DeadBranch),
    /// The game is too large to enumerate its secrets.
    #[error(transparent)]
    Size(#[from] codebreak_core::SizeError),
}

impl VerifyError {
    /// The secret the tree does not find, if that is what failed.
    pub fn secret(&self) -> Option<&str> {
        match self {
            VerifyError::NotFound { secret, .. } => Some(secret),
            _ => None,
        }
    }

    /// The guesses and replies leading to the failure, e.g. `1122 1B0W, 3456 0B1W`: the path
    /// of the secret not found, or the path to the branch no secret reaches.
    pub fn path(&self) -> Option<String> {
        match self {
            VerifyError::NotFound { path, .. } => Some(path.clone()),
            VerifyError::DeadBranch(b) => Some(b.path()),
            VerifyError::Size(_) => None,
        }
    }
}
