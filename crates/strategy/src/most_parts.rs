//! `most-parts`: play the guess that splits the secrets into the most classes.
//!
//! Cost: `−|{f : n_f > 0}|`, minimised (stored as `256 − parts` to stay unsigned).
//! Kooi, "Yet another Mastermind strategy", ICGA Journal 28 (2005).

use codebreak_core::{HIST_LEN, PartitionCost};

use crate::Greedy;

/// Number of non-empty classes, negated.
#[derive(Clone, Copy, Debug, Default)]
pub struct PartCount;

impl PartitionCost for PartCount {
    #[inline]
    fn cost(&self, hist: &[u32], _n: u32) -> u128 {
        (HIST_LEN - hist.iter().filter(|&&k| k > 0).count()) as u128
    }
}

/// Kooi's most-parts strategy.
pub type MostParts = Greedy<PartCount>;
