//! `random`: play a consistent code chosen at random.
//!
//! The choice is a pure function of the seed and the moves so far (the seed and the history
//! are hashed into a ChaCha8 generator), so a run is reproducible from `--seed`, a decision
//! tree built from it is well defined, and playing a game step by step gives the same guesses
//! as the tree.

use codebreak_core::Rules;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Position, Strategy};

/// A uniformly random consistent code.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomConsistent {
    /// The seed.
    pub seed: u64,
}

/// SplitMix64 finaliser, used to fold the history into the seed.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Strategy for RandomConsistent {
    fn choose<R: Rules>(&self, pos: &Position<'_, R>) -> u32 {
        let mut h = mix(self.seed ^ 0x9e37_79b9_7f4a_7c15);
        for &(g, f) in pos.history {
            h = mix(h ^ ((g as u64) << 8 | f.0 as u64));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(h);
        let c = pos.candidates.indices();
        c[rng.gen_range(0..c.len())]
    }
}
