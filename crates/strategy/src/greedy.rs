//! One-step greedy strategies: score every allowed guess by how it splits the candidates and
//! play the best. The four classic heuristics differ only in the [`PartitionCost`] they use.
//!
//! On large positions, where scoring the whole pool against every candidate would pass
//! [`codebreak_core::WORK_BUDGET`], a greedy strategy scores a deterministic sample of the pool
//! instead (see [`Sampling`]), and [`Greedy::decide`] says so.

use codebreak_core::{
    Candidates, Choice, Engine, HIST_LEN, PartitionCost, Pool, Rules, Sampling, Ties,
};

use crate::{Position, Strategy};

/// A greedy strategy with cost `C`, a guess pool, a tie-break and a bound on its work.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy<C> {
    /// The partition cost to minimise.
    pub cost: C,
    /// Which codes may be guessed.
    pub pool: Pool,
    /// How equal costs are told apart.
    pub ties: Ties,
    /// When to score a sample of the pool rather than all of it.
    pub sampling: Sampling,
}

impl<C: PartitionCost> Greedy<C> {
    /// The guess, its cost, and the sample it was chosen from if the pool was sampled.
    pub fn decide<R: Rules>(&self, pos: &Position<'_, R>) -> Choice {
        pos.engine.best_guess(
            &self.cost,
            self.pool,
            self.ties,
            self.sampling,
            pos.candidates,
            pos.history,
        )
    }
}

impl<C: PartitionCost + Send> Strategy for Greedy<C> {
    fn choose<R: Rules>(&self, pos: &Position<'_, R>) -> u32 {
        self.decide(pos).guess
    }
}

/// How one guess splits a candidate set, in the terms each heuristic uses.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PartitionStats {
    /// Number of non-empty classes (Kooi's "most parts").
    pub parts: usize,
    /// Size of the largest class (Knuth's worst case).
    pub largest: u32,
    /// Expected size of the class the secret falls in (Irving): Σ size² / n.
    pub expected_size: f64,
    /// Information gained, in bits (Neuwirth): −Σ (size/n) log₂(size/n).
    pub entropy: f64,
    /// Whether the guess could be the secret.
    pub consistent: bool,
}

impl PartitionStats {
    /// Measures how `guess` splits `cands`.
    pub fn of<R: Rules>(engine: &Engine<R>, guess: u32, cands: &Candidates<R::Packed>) -> Self {
        let mut hist = [0u32; HIST_LEN];
        engine.histogram(guess, cands.packed(), &mut hist);
        let n = cands.len() as f64;
        let classes = hist[..engine.feedback_count()].iter().filter(|&&k| k > 0);
        let mut stats = PartitionStats {
            parts: 0,
            largest: 0,
            expected_size: 0.0,
            entropy: 0.0,
            consistent: cands.contains(guess),
        };
        for &k in classes {
            let k64 = k as f64;
            stats.parts += 1;
            stats.largest = stats.largest.max(k);
            stats.expected_size += k64 * k64 / n;
            stats.entropy -= (k64 / n) * (k64 / n).log2();
        }
        stats
    }
}
