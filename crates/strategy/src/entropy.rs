//! `entropy`: play the guess whose reply carries the most information.
//!
//! Entropy of a partition of `n` secrets into classes of `n_f`:
//! `H = −Σ_f (n_f/n) log₂(n_f/n) = log₂ n − (1/n) Σ_f n_f log₂ n_f`, maximised; equivalently
//! `Σ_f n_f log₂ n_f` is minimised, which is what [`InformationCost`] computes. Neuwirth, "Some
//! strategies for Mastermind", Zeitschrift für Operations Research 26 (1982); also the French
//! article's greedy entropic solver (seed 002).
//!
//! The sum is kept in fixed point (2⁻³² bits) and added as integers, so that two partitions
//! with the same class sizes tie exactly, whatever order the classes come in, and the choice
//! is the same on every machine.

use std::sync::OnceLock;

use codebreak_core::PartitionCost;

use crate::Greedy;

const TABLE_LEN: usize = 1 << 16;
const SCALE: f64 = 4_294_967_296.0; // 2^32

fn xlogx_fixed(k: u32) -> u128 {
    static TABLE: OnceLock<Vec<u64>> = OnceLock::new();
    let table = TABLE.get_or_init(|| (0..TABLE_LEN as u32).map(compute).collect());
    match table.get(k as usize) {
        Some(&v) => v as u128,
        None => compute(k) as u128,
    }
}

fn compute(k: u32) -> u64 {
    if k <= 1 {
        return 0;
    }
    let k = k as f64;
    (k * k.log2() * SCALE).round() as u64
}

/// `Σ n_f log₂ n_f` in fixed point.
#[derive(Clone, Copy, Debug, Default)]
pub struct InformationCost;

impl PartitionCost for InformationCost {
    #[inline]
    fn cost(&self, hist: &[u32], _n: u32) -> u128 {
        hist.iter().map(|&k| xlogx_fixed(k)).sum()
    }
}

/// Neuwirth's entropy strategy.
pub type Entropy = Greedy<InformationCost>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_multisets_tie_exactly() {
        let a = [3, 1, 4, 1, 5, 9, 2, 6];
        let mut b = a;
        b.reverse();
        assert_eq!(InformationCost.cost(&a, 31), InformationCost.cost(&b, 31));
        // More, smaller classes are better.
        assert!(InformationCost.cost(&[1, 1, 1, 1], 4) < InformationCost.cost(&[2, 1, 1], 4));
        assert!(InformationCost.cost(&[2, 2], 4) < InformationCost.cost(&[3, 1], 4));
    }
}
