//! # codebreak-strategy
//!
//! How a codebreaker picks its next guess, how a codemaker answers, and a stateful breaker that
//! plays one game at a time.
//!
//! **Main design decision: a strategy is one method, generic over the game's rules.**
//! [`Strategy::choose`] receives a [`Position`] (the engine, the moves so far and the secrets
//! still possible) and returns the code index of its next guess. Because `choose` is generic
//! over [`Rules`], each strategy's inner loop is compiled once per family of games, with no
//! dynamic dispatch per score. The price is that `Strategy` is not object-safe; the
//! [`registry`] instead maps stable names to the [`AnyStrategy`] enum. A strategy sees only the
//! position, so the same strategy drives a whole-tree analysis, a single game, or a hint.
//!
//! Strategies, one module each with its formula and source: [`first`], [`minimax`] (Knuth
//! 1977), [`expected_size`] (Irving 1978), [`entropy`] (Neuwirth 1982), [`most_parts`] (Kooi
//! 2005), [`random`], and [`two_phase`] (the Chinese article's two-phase AI).
#![deny(missing_docs)]

use codebreak_core::{Candidates, Engine, Feedback, Rules};

pub mod breaker;
pub mod diagnose;
pub mod entropy;
pub mod error;
pub mod expected_size;
pub mod first;
pub mod greedy;
pub mod hint;
pub mod history;
pub mod maker;
pub mod minimax;
pub mod most_parts;
pub mod random;
pub mod registry;
pub mod two_phase;

pub use breaker::{Breaker, Progress};
pub use diagnose::{Correction, Diagnosis, Impossible, Suspect, diagnose};
pub use error::{HintError, InconsistentFeedback, MoveError, NotAGuess, StrategyError};
pub use greedy::{Greedy, PartitionStats};
pub use hint::{Hint, Suggestion, hint};
pub use history::{ParseHistoryError, parse_history, parse_move};
pub use maker::{Adversarial, Codemaker, Honest};
pub use registry::{
    AnyStrategy, Applies, Decision, StrategyInfo, StrategyKind, StrategyOptions,
    StrategyOptionsSpec, strategies,
};

/// What a strategy sees when it must move.
pub struct Position<'a, R: Rules> {
    /// The game's engine (code space and kernels).
    pub engine: &'a Engine<R>,
    /// The moves so far: guess index and reply, oldest first.
    pub history: &'a [(u32, Feedback)],
    /// The secrets still consistent with every reply (never empty).
    pub candidates: &'a Candidates<R::Packed>,
}

impl<R: Rules> Position<'_, R> {
    /// The guesses played so far, oldest first.
    pub fn guesses(&self) -> Vec<u32> {
        self.history.iter().map(|&(g, _)| g).collect()
    }
}

/// A codebreaking strategy: the position in, the next guess (a code index) out.
///
/// Implementations must be deterministic functions of the position (randomised strategies
/// derive their randomness from a seed and the position), so that a decision tree built from
/// them is well defined.
pub trait Strategy: Send + Sync {
    /// The code index of the next guess. `pos.candidates` is never empty.
    fn choose<R: Rules>(&self, pos: &Position<'_, R>) -> u32;
}
