//! # codebreak-huge
//!
//! Games too large to enumerate: Mastermind, black-peg Mastermind and Bulls and Cows with up to
//! 32 pegs and 64 colours (10^16 secrets for Project Euler 185, 6^16 for 16-peg Mastermind).
//!
//! **Main design decision: reason about the history, never list the code space.** A history
//! becomes a [`Solver`]: clues compiled into bit masks, domains kept as one 32-bit position
//! mask per colour, so propagation (black pegs per clue, colour-count bounds for black plus
//! white, distinctness) is a few ANDs and popcounts. Search branches on the clue whose black
//! pegs can be placed in the fewest ways (or the smallest domain), which solves Euler 185 in
//! tens of milliseconds where position-only branching takes minutes. Two further ideas carry
//! the rest:
//!
//! * a **dynamic programme over positions** on the vector of black pegs each clue still needs
//!   counts black-peg constraints exactly and draws from them exactly uniformly; it is used at
//!   the leaves of counting searches, and as a *relaxation* (a superset) for Mastermind and
//!   Bulls and Cows, whose counts are then estimated and whose samples are drawn by rejection;
//! * Mastermind's black-plus-white totals depend only on the secret's **colour-count vector**,
//!   so the search starts with one subproblem per vector the totals allow, where only black
//!   pegs and exact counts remain.
//!
//! What is exact and what is not is in the types: [`Count::Exact`] or [`Count::Estimate`]
//! (with its method and interval), and every [`Sample`] says how it was drawn
//! ([`SampleMethod`]). Long calls take a [`Budget`] (cancel flag, deadline, step limit) and
//! publish [`Progress`]. [`choose`] scores candidate guesses on a sample and plays a game.
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

pub use budget::{Budget, Progress};
pub use choose::{NextGuess, Objective, PlayOptions, Player, Scored, best_guess, next_guess};
pub use conflict::{Conflict, ConflictOptions, ConflictQuality};
pub use count::{Count, CountOptions, Estimate, EstimateMethod};
pub use error::{ClueError, CodeError, GameError, PlayError, Stopped};
pub use game::{Clue, Code, Family, Game, MAX_COLORS, MAX_PEGS, Reply};
pub use sample::{Sample, SampleMethod, SampleOptions};
pub use solver::{Secrets, Solver};
