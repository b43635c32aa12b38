//! Typed errors of the huge-game crate. Messages are lowercase, name the offending value and say
//! what was expected, so that a front end can print them as they are.

use codebreak_core::error::quote;
use thiserror::Error;

use crate::game::{MAX_COLORS, MAX_PEGS};

/// A game description that this crate cannot play.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GameError {
    /// Pegs outside `1..=MAX_PEGS`.
    #[error("pegs {0} is out of range: expected 1 to {MAX_PEGS}")]
    Pegs(u32),
    /// Colours outside `1..=MAX_COLORS`.
    #[error("colors {0} is out of range: expected 1 to {MAX_COLORS}")]
    Colors(u32),
    /// Distinct secrets need at least as many colours as pegs.
    #[error(
        "{pegs} pegs without repeated colours need at least {pegs} colours, got colors {colors}"
    )]
    TooFewColors {
        /// Pegs asked for.
        pegs: u32,
        /// Colours asked for.
        colors: u32,
    },
    /// A family of rules this crate does not handle (twoD).
    #[error(
        "the {0} game is not supported for huge spaces: expected mastermind, blackpeg or bulls"
    )]
    Family(String),
}

/// A code or a reply that does not fit the game.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CodeError {
    /// Wrong number of pegs.
    #[error("code {} has {len} pegs: expected {pegs}", quote(.code))]
    Length {
        /// The code as given.
        code: String,
        /// Its number of pegs.
        len: usize,
        /// Pegs of the game.
        pegs: u8,
    },
    /// A colour index or symbol outside the game's colours.
    #[error("code {} has colour {} at peg {}: expected 0 to {}", quote(.code), quote(.colour), .position + 1, .colors - 1)]
    Colour {
        /// The code as given.
        code: String,
        /// The bad colour, as given.
        colour: String,
        /// Zero-based peg.
        position: usize,
        /// Colours of the game.
        colors: u8,
    },
    /// A reply that no secret could give to any guess of this game.
    #[error("reply {} is impossible here: {expected}", quote(.reply))]
    Reply {
        /// The reply as given.
        reply: String,
        /// What was expected.
        expected: String,
    },
}

/// Why a long call stopped before finishing.
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The cancel flag was raised.
    #[error("cancelled: the cancel flag was raised")]
    Cancelled,
    /// The deadline passed.
    #[error("out of time: the deadline passed before the search finished")]
    Deadline,
    /// A node or state limit was reached.
    #[error("limit reached: the search needed more than {0} steps")]
    Limit(u64),
}

/// Why no next guess could be produced.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// No secret fits the replies; the clue numbers (zero-based) contradict each other.
    #[error("no secret fits the replies: clues {} contradict each other", list(.0))]
    Inconsistent(Vec<usize>),
    /// A clue does not fit the game.
    #[error(transparent)]
    Clue(#[from] ClueError),
    /// The search was stopped.
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

fn list(v: &[usize]) -> String {
    let parts: Vec<String> = v.iter().map(|i| (i + 1).to_string()).collect();
    parts.join(", ")
}

/// A clue of a history that does not fit the game.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("clue {}: {source}", .index + 1)]
pub struct ClueError {
    /// Zero-based index of the clue in the history (printed one-based).
    pub index: usize,
    /// What is wrong with it.
    pub source: CodeError,
}
