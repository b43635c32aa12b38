//! `expected-size`: play the guess that minimises the expected number of secrets left.
//!
//! Cost: `Σ_f n_f² / n`, where `n_f` secrets give reply `f` (minimising `Σ n_f²` is the same).
//! Irving, "Towards an optimum Mastermind strategy", J. Recreational Mathematics 11 (1978–79).

use codebreak_core::PartitionCost;

use crate::Greedy;

/// Sum of squared class sizes.
#[derive(Clone, Copy, Debug, Default)]
pub struct SumOfSquares;

impl PartitionCost for SumOfSquares {
    #[inline]
    fn cost(&self, hist: &[u32], _n: u32) -> u128 {
        hist.iter().map(|&k| (k as u128) * (k as u128)).sum()
    }

    /// A class of `k` adds `k²`.
    #[inline]
    fn class_limit(&self, cost: u128, _n: u32) -> Option<u32> {
        Some(cost.isqrt().min(u32::MAX.into()) as u32)
    }
}

/// Irving's expected-size strategy.
pub type ExpectedSize = Greedy<SumOfSquares>;
