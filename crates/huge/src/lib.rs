//! # codebreak-huge
//!
//! Games too large to enumerate.
#![deny(missing_docs)]

pub mod budget;
pub mod error;
pub mod game;
mod model;
pub mod solver;

pub use budget::{Budget, Progress};
pub use error::{ClueError, CodeError, GameError, PlayError, Stopped};
pub use game::{Clue, Code, Family, Game, MAX_COLORS, MAX_PEGS, Reply};
pub use solver::{Secrets, Solver};
