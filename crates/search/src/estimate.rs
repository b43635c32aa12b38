//! A calibrated estimate of how long an exact search takes, from what is known before it
//! starts.
//!
//! The search's cost is how many sets it must solve times how many guesses it scores at each,
//! and neither is known in advance; but it follows the game's shape well enough to be
//! predicted within a stated factor. The model is a least-squares fit of the logarithm of the
//! CPU seconds measured on 21 searches of several sizes and shapes (Mastermind with 3 to 6
//! pegs, Bulls and Cows, distinct secrets, black pegs only, objective worst; the table is in
//! `docs/optimal-estimate.md`, the data in `tests/data/optimal_timings.tsv`, measured with
//! `scripts/calibrate-optimal.sh` and refitted with `scripts/fit-optimal-estimate.py`):
//!
//! ```text
//! ln(CPU s) = −12.93 − 10.8 ln S + 0.6603 (ln S)² + 0.7583 ln orbits + 9.388 ln replies
//!             + 1.058 [objective worst] + 11.18 ln S / ln(replies + 1)
//! ```
//!
//! where `S` is the number of secrets, `orbits` the number of first guesses up to the game's
//! symmetries and `replies` the number of replies other than the win; `ln S / ln(replies +
//! 1)` is the depth the counting bound asks of a tree, so games whose guesses split a set
//! coarsely (black pegs, many pegs) cost more than their size says. The cost grows faster
//! than any fixed power of `S` (about `S^2.9` around MM(4,6), `S^4.8` around MM(5,6)) and with
//! the shapes a guess can take.
//!
//! Every game measured took between a sixth and six times the prediction ([`UNCERTAINTY`]);
//! predicting each game from a fit without it is worse (the black-peg games, the only ones
//! with 4 replies, are far off), and games larger than MM(5,6) are extrapolations.
//! Wall time is the CPU time shared out over the search's threads.

use std::fmt;

use codebreak_core::{Game, Role};

use crate::{Objective, SearchOptions};

/// Features of a search, known before it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Features {
    /// Secrets.
    pub secrets: f64,
    /// Replies a guess can get other than the win: how finely one guess splits a set.
    pub replies: f64,
    /// First guesses up to the game's symmetries (renaming colours, reordering pegs): the
    /// shapes a guess can take, such as 1111, 1112, 1122, 1123 and 1234 for four pegs; one
    /// when guesses never repeat a colour.
    pub orbits: f64,
    /// Whether the objective is the worst case (searched once per depth tried).
    pub worst: bool,
}

impl Features {
    /// The features of a search of `game` with `options`.
    pub fn of(game: &Game, options: &SearchOptions) -> Features {
        let kind = game.feedback();
        let replies = kind.all().filter(|&f| kind.is_possible(f)).count() - 1;
        let orbits = if game.distinct_guess() {
            1
        } else {
            partitions(game.pegs(), game.colors().min(game.pegs()), game.pegs())
        };
        Features {
            secrets: game.count(Role::Secret) as f64,
            replies: replies as f64,
            orbits: orbits as f64,
            worst: options.objective == Objective::Worst,
        }
    }

    /// The model's inputs: the terms multiplied by [`COEFFICIENTS`].
    fn terms(&self) -> [f64; TERMS] {
        let ln_s = self.secrets.max(1.0).ln();
        [
            ln_s,
            ln_s * ln_s,
            self.orbits.max(1.0).ln(),
            self.replies.max(1.0).ln(),
            f64::from(u8::from(self.worst)),
            ln_s / (self.replies.max(1.0) + 1.0).ln(),
        ]
    }
}

/// Ways to write `n` as a sum of at most `parts` parts, none larger than `largest`.
fn partitions(n: usize, parts: usize, largest: usize) -> u64 {
    if n == 0 {
        return 1;
    }
    if parts == 0 {
        return 0;
    }
    (1..=n.min(largest))
        .map(|first| partitions(n - first, parts - 1, first))
        .sum()
}

/// How fast the model's CPU time grows with the secrets at `secrets` secrets of a game with
/// `replies` replies other than the win, the other features fixed: `d ln(CPU s) / d ln S`
/// (2.9 at MM(4,6)'s 1296 secrets, 4.8 at MM(5,6)'s 7776). A sharded plan's estimate
/// extrapolates its jobs' times with it when its sample finished jobs of one size only.
pub fn slope(secrets: f64, replies: f64) -> f64 {
    COEFFICIENTS[0]
        + 2.0 * COEFFICIENTS[1] * secrets.max(1.0).ln()
        + COEFFICIENTS[5] / (replies.max(1.0) + 1.0).ln()
}

/// Terms of the model.
const TERMS: usize = 6;
/// The fitted constant of `ln(CPU seconds)`.
const MODEL_CONSTANT: f64 = -12.93;
/// The fitted coefficients of the terms of [`Features::terms`]: `ln S`, `(ln S)²`,
/// `ln orbits`, `ln replies`, objective worst, `ln S / ln(replies + 1)`.
const COEFFICIENTS: [f64; TERMS] = [-10.8, 0.6603, 0.7583, 9.388, 1.058, 11.18];
/// The calibration's largest error, rounded up, as a factor: every game measured took
/// between the prediction divided by this and the prediction times this (the largest was
/// 5.95, MM(3,10)).
pub const UNCERTAINTY: f64 = 6.0;
/// Share of its threads a long search keeps busy: MM(5,6) took 1440 CPU seconds in 727 s on
/// 2 threads.
pub const THREAD_EFFICIENCY: f64 = 0.95;

/// How long a search is expected to take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Most likely CPU seconds, over all threads.
    pub cpu_seconds: f64,
    /// Threads the search uses.
    pub threads: usize,
}

impl Estimate {
    /// The estimate for `features` on `threads` threads.
    pub fn new(features: &Features, threads: usize) -> Estimate {
        let ln = MODEL_CONSTANT
            + features
                .terms()
                .iter()
                .zip(COEFFICIENTS)
                .map(|(x, c)| x * c)
                .sum::<f64>();
        Estimate {
            cpu_seconds: ln.exp(),
            threads: threads.max(1),
        }
    }

    /// Most likely wall seconds.
    pub fn seconds(&self) -> f64 {
        self.cpu_seconds / (self.threads as f64 * THREAD_EFFICIENCY).max(1.0)
    }

    /// The likely range of wall seconds: as far from [`seconds`](Self::seconds) as the
    /// calibration's largest error.
    pub fn range(&self) -> (f64, f64) {
        (self.seconds() / UNCERTAINTY, self.seconds() * UNCERTAINTY)
    }
}

impl fmt::Display for Estimate {
    /// `about 1.2 hours on 2 threads (likely 9 minutes to 9.5 hours)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (low, high) = self.range();
        write!(
            f,
            "about {} on {} {} (likely {} to {})",
            human_duration(self.seconds()),
            self.threads,
            if self.threads == 1 {
                "thread"
            } else {
                "threads"
            },
            human_duration(low),
            human_duration(high)
        )
    }
}

pub use codebreak_core::error::human_duration;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_guesses_up_to_symmetry() {
        // 4 pegs: 1111 1112 1122 1123 1234; with 3 colours 1234 is impossible.
        assert_eq!(partitions(4, 4, 4), 5);
        assert_eq!(partitions(4, 3, 4), 4);
        assert_eq!(partitions(5, 5, 5), 7);
        assert_eq!(partitions(6, 4, 6), 9);
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(human_duration(0.01), "under 0.1 seconds");
        assert_eq!(human_duration(0.4), "0.4 seconds");
        assert_eq!(human_duration(1.0), "1 second");
        assert_eq!(human_duration(90.0), "1.5 minutes");
        assert_eq!(human_duration(3600.0 * 9.1), "9.1 hours");
        assert_eq!(human_duration(86400.0 * 24.3), "24 days");
        assert_eq!(human_duration(86400.0 * 800.0), "2.2 years");
    }
}
