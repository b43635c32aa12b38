//! Hints: from the moves so far, how many secrets remain, which, and what to play next.

use codebreak_core::{AnyEngine, Code, Feedback, Sample, dispatch_engine};
use serde::Serialize;

use crate::Position;
use crate::diagnose::diagnose;
use crate::error::HintError;
use crate::greedy::PartitionStats;
use crate::registry::AnyStrategy;

/// A strategy's suggestion and why.
#[derive(Clone, Debug, Serialize)]
pub struct Suggestion {
    /// The strategy's registry name.
    pub strategy: String,
    /// The guess it would play.
    #[serde(skip)]
    pub guess: Code,
    /// How the guess splits the remaining secrets.
    pub stats: PartitionStats,
    /// The sample of the pool the guess was chosen from, when the pool was too large to score
    /// whole (see [`codebreak_core::Sampling`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample: Option<Sample>,
}

/// The answer to a hint request.
#[derive(Clone, Debug, Serialize)]
pub struct Hint {
    /// Secrets still consistent with every reply.
    pub remaining: usize,
    /// The first of them, lowest first (at most the number asked for).
    #[serde(skip)]
    pub candidates: Vec<Code>,
    /// One suggestion per strategy asked about.
    pub suggestions: Vec<Suggestion>,
}

/// Computes a hint for each strategy after `history`. Fails with a diagnosis when the replies
/// contradict each other, and when a move's guess is not a guess of the game.
pub fn hint(
    engine: &AnyEngine,
    strategies: &[AnyStrategy],
    history: &[(Code, Feedback)],
    show: usize,
) -> Result<Hint, HintError> {
    let moves = crate::history::indices(engine, history)?;
    dispatch_engine!(engine, e => {
        let cands = e.consistent(&moves);
        if cands.is_empty() {
            return Err(HintError::Contradiction(diagnose(engine, history)?));
        }
        let solved = moves.last().is_some_and(|&(_, f)| f == e.game().win());
        let suggestions = strategies
            .iter()
            .map(|s| {
                let (g, sample) = match moves.last() {
                    Some(&(last, _)) if solved => (last, None),
                    _ => {
                        let d = s.decide(&Position { engine: e, history: &moves, candidates: &cands });
                        (d.guess, d.sample)
                    }
                };
                Suggestion {
                    strategy: s.name().to_string(),
                    guess: e.code(g),
                    stats: PartitionStats::of(e, g, &cands),
                    sample,
                }
            })
            .collect();
        Ok(Hint {
            remaining: cands.len(),
            candidates: cands.indices().iter().take(show).map(|&i| e.code(i)).collect(),
            suggestions,
        })
    })
}
