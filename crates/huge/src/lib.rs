//! # codebreak-huge
//!
//! Games too large to enumerate.
#![deny(missing_docs)]

pub mod budget;
pub mod choose;
pub mod conflict;
pub mod count;
mod dp;
pub mod error;
pub mod game;
mod local;
mod model;
pub use model::Tuning;
pub mod puzzle;
pub mod sample;
pub mod solver;

pub use choose::{NextGuess, Objective, PlayOptions, Scored, best_guess, next_guess};
pub use conflict::{Conflict, ConflictOptions, ConflictQuality};
pub use count::{Count, CountOptions, Estimate, EstimateMethod};
pub use sample::{Sample, SampleMethod, SampleOptions};
pub use budget::{Budget, Progress};
pub use error::{ClueError, CodeError, GameError, PlayError, Stopped};
pub use game::{Clue, Code, Family, Game, MAX_COLORS, MAX_PEGS, Reply};
pub use solver::{Secrets, Solver};
