//! `minimax`: play the guess whose largest class of remaining secrets is smallest.
//!
//! Cost: `max_f |{s : reply(s, g) = f}|`, minimised. Knuth, "The computer as master mind",
//! J. Recreational Mathematics 9 (1976–77): with first guess 1122, pool of all codes and ties
//! broken towards consistent codes then the lowest code, every MM(4,6) secret is found in at
//! most 5 guesses, 5801 in total. The 文曲星 article's `Clever1Player` (pool consistent) and
//! `Clever2Player` (pool all, lowest code on ties) are the same rule.

use codebreak_core::PartitionCost;

use crate::Greedy;

/// Size of the largest class.
#[derive(Clone, Copy, Debug, Default)]
pub struct LargestClass;

impl PartitionCost for LargestClass {
    #[inline]
    fn cost(&self, hist: &[u32], _n: u32) -> u128 {
        hist.iter().copied().max().unwrap_or(0) as u128
    }

    #[inline]
    fn class_limit(&self, cost: u128, _n: u32) -> Option<u32> {
        Some(cost.min(u32::MAX.into()) as u32)
    }
}

/// Knuth's minimax strategy.
pub type Minimax = Greedy<LargestClass>;
