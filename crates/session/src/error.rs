//! Errors of a session call.

use codebreak_core::{ParseCodeError, ParseFeedbackError, RangeError, SizeError, SpecError};
use codebreak_strategy::{NotAGuess, ParseHistoryError, StrategyError};
use thiserror::Error;

use crate::report::Contradiction;

/// Why a session call was refused. Nothing changes in the session when one is returned.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum SessionError {
    /// A guess that could not be read.
    #[error(transparent)]
    Guess(#[from] ParseCodeError),
    /// A reply that could not be read.
    #[error(transparent)]
    Reply(#[from] ParseFeedbackError),
    /// A code that is not a guess of the game.
    #[error(transparent)]
    NotAGuess(#[from] NotAGuess),
    /// A value out of its documented range.
    #[error(transparent)]
    Range(#[from] RangeError),
    /// A strategy that cannot be built as asked.
    #[error(transparent)]
    Strategy(#[from] StrategyError),
    /// A game too large for the session.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// Options that do not go together.
    #[error("{0}")]
    Setup(String),
    /// The game is over; nothing more can be played.
    #[error("the game is over: {0}")]
    Over(&'static str),
    /// Nothing to take back.
    #[error("nothing to undo: {0}")]
    NothingToUndo(&'static str),
    /// An answer number that does not exist.
    #[error("{}", no_such_answer(*.answer, *.answers))]
    NoSuchAnswer {
        /// The number given (from 1).
        answer: usize,
        /// Answers given so far.
        answers: usize,
    },
    /// Replies that no secret gives all at once.
    #[error(transparent)]
    Contradiction(Box<Contradiction>),
    /// A game description that cannot be read.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A move of a history that cannot be read.
    #[error(transparent)]
    History(#[from] ParseHistoryError),
    /// An exhaustive analysis estimated to take too long to start without `force`.
    #[error(transparent)]
    TooLong(Box<crate::analyze::TooLong>),
    /// An exhaustive analysis that could not finish (a strategy stuck, or Ctrl-C).
    #[error(transparent)]
    Analysis(#[from] codebreak_analysis::AnalysisError),
    /// A call on a game too large to list refused or stopped (its contradictions are
    /// [`SessionError::Contradiction`]s).
    #[error(transparent)]
    Reasoned(crate::game::reasoned::ReasonedError),
}

impl From<crate::game::reasoned::ReasonedError> for SessionError {
    /// A contradiction is one for every game; anything else stays the reasoned engine's.
    fn from(e: crate::game::reasoned::ReasonedError) -> SessionError {
        match e {
            crate::game::reasoned::ReasonedError::Contradiction(c) => {
                SessionError::Contradiction(c)
            }
            e => SessionError::Reasoned(e),
        }
    }
}

fn no_such_answer(answer: usize, answers: usize) -> String {
    match answers {
        0 => format!("answer {answer} does not exist: no answer has been given yet"),
        n => format!("answer {answer} does not exist: expected 1 to {n}"),
    }
}

impl SessionError {
    /// Whether the call was refused because of the session's state (the game is over, nothing
    /// to undo, a contradiction) rather than because its input could not be read.
    pub fn is_conflict(&self) -> bool {
        matches!(
            self,
            SessionError::Over(_)
                | SessionError::NothingToUndo(_)
                | SessionError::Contradiction(_)
                | SessionError::Reasoned(
                    crate::game::reasoned::ReasonedError::Over(_)
                        | crate::game::reasoned::ReasonedError::NothingToUndo
                )
        )
    }
}
