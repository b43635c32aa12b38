//! Counting the secrets that fit a history: exact where it can be done without listing them,
//! estimated (and marked so) where it cannot.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::budget::Budget;
use crate::dp::{BlackTable, draw_exact, draw_float};
use crate::error::Stopped;
use crate::game::Family;
use crate::solver::Solver;

/// How many secrets fit a history.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Count {
    /// Exactly this many.
    Exact(u128),
    /// An estimate; see [`Estimate::method`] for how it was made.
    Estimate(Estimate),
}

impl Count {
    /// The count, or the estimate's central value.
    pub fn value(&self) -> f64 {
        match self {
            Count::Exact(n) => *n as f64,
            Count::Estimate(e) => e.value,
        }
    }

    /// The exact count, if it is one.
    pub fn exact(&self) -> Option<u128> {
        match self {
            Count::Exact(n) => Some(*n),
            Count::Estimate(_) => None,
        }
    }
}

/// An estimated count with a 95% interval.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Estimate {
    /// Central value.
    pub value: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval (never above an exact upper bound when one is known).
    pub high: f64,
    /// How it was made.
    pub method: EstimateMethod,
}

/// How an estimate was made.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum EstimateMethod {
    /// An exact method whose count passed `u128`, carried out in `f64` (relative error about
    /// 1e-15 per step).
    Float,
    /// `relaxed × hits / draws`: `relaxed` is the exact number of codes giving every clue its
    /// black pegs (the dynamic programme of [`crate::dp`](crate) on the domains left by
    /// propagation), of which `draws` were drawn uniformly and `hits` fit every clue. Unbiased;
    /// the interval is Wilson's score interval for `hits / draws`.
    Relaxation {
        /// Exact number of codes of the relaxation (as `f64`).
        relaxed: f64,
        /// Codes drawn from it.
        draws: u64,
        /// Of those, how many fit every clue.
        hits: u64,
    },
}

/// Tunables of [`Solver::count`].
#[derive(Clone, Debug)]
pub struct CountOptions {
    /// Most search nodes for an exact count of Mastermind and Bulls and Cows histories before
    /// estimating. Default 2,000,000 (about a second); any value.
    pub search_nodes: u64,
    /// Most residual states of the black-peg dynamic programme before it gives up. Default
    /// 4,000,000 (a few hundred megabytes at worst); any value.
    pub dp_states: u64,
    /// Codes drawn from the relaxation for an estimate. Default 20,000; at least 1.
    pub draws: u64,
    /// Seed of the draws.
    pub seed: u64,
}

impl Default for CountOptions {
    fn default() -> CountOptions {
        CountOptions {
            search_nodes: 2_000_000,
            dp_states: 4_000_000,
            draws: 20_000,
            seed: 0,
        }
    }
}

impl Solver {
    /// Counts the secrets that fit.
    ///
    /// * Black-peg games (colours may repeat): **exact**, by search with propagation and
    ///   clue-subset branching, where a node that can no longer break a clue adds the product
    ///   of its domain sizes; if that passes `u128`, by the dynamic programme in `f64`
    ///   ([`EstimateMethod::Float`]).
    /// * Mastermind, Bulls and Cows, distinct black-peg: **exact** by the same search when it
    ///   ends within [`CountOptions::search_nodes`] nodes; otherwise **estimated** through the
    ///   black-peg relaxation ([`EstimateMethod::Relaxation`]).
    ///
    /// The caller's budget (cancel flag, deadline) applies throughout; its step limit, if any,
    /// replaces `search_nodes`.
    ///
    /// ```
    /// use codebreak_huge::{Budget, Clue, Count, CountOptions, Family, Game, Reply, Solver};
    /// let game = Game::new(Family::BlackPeg, 20, 10, false).unwrap();
    /// let guess = game.code(&[0; 20]).unwrap();
    /// let solver = Solver::new(game, &[Clue::new(guess, Reply::new(2, 0))]).unwrap();
    /// let count = solver.count(&CountOptions::default(), &Budget::default()).unwrap();
    /// assert_eq!(count, Count::Exact(190 * 9u128.pow(18)));
    /// ```
    pub fn count(&self, options: &CountOptions, budget: &Budget) -> Result<Count, Stopped> {
        let game = self.game();
        if game.family() == Family::BlackPeg && !game.distinct() {
            return match self.count_by_search(budget)? {
                Some(n) => Ok(Count::Exact(n)),
                None => {
                    let mut table = BlackTable::<f64>::new(self.model());
                    let states = budget.limited(Some(options.dp_states));
                    let value = table.count(&states)?.unwrap_or(f64::INFINITY);
                    Ok(Count::Estimate(Estimate {
                        value,
                        low: value,
                        high: value,
                        method: EstimateMethod::Float,
                    }))
                }
            };
        }
        let limited = budget.limited(Some(budget.limit.unwrap_or(options.search_nodes)));
        match self.count_by_search(&limited) {
            Ok(Some(n)) => return Ok(Count::Exact(n)),
            Ok(None) | Err(Stopped::Limit(_)) => {}
            Err(e) => return Err(e),
        }
        self.estimate(options, budget).map(Count::Estimate)
    }

    /// Counts the codes (colours may repeat) that give every clue its black pegs, within the
    /// domains that propagation of all constraints leaves, by the dynamic programme over
    /// positions of [`crate::dp`](crate): for a black-peg game with repeated colours, the exact
    /// count of fitting secrets, found independently of [`Solver::count_by_search`]. `None`
    /// when it passes `u128`. The budget's step limit bounds the states stored.
    pub fn count_blacks(&self, budget: &Budget) -> Result<Option<u128>, Stopped> {
        BlackTable::<u128>::new(self.model()).count(budget)
    }

    /// Estimates the count through the black-peg relaxation (see
    /// [`EstimateMethod::Relaxation`]).
    pub fn estimate(&self, options: &CountOptions, budget: &Budget) -> Result<Estimate, Stopped> {
        let states = budget.limited(Some(options.dp_states));
        let draws = options.draws.max(1);
        let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
        let mut exact = BlackTable::<u128>::new(self.model());
        let (relaxed, hits) = match exact.count(&states)? {
            Some(0) => (0.0, 0),
            Some(total) => {
                let mut hits = 0;
                for i in 0..draws {
                    if i % 1024 == 0 {
                        budget.interrupted()?;
                    }
                    hits += u64::from(self.fits(&draw_exact(&exact, &mut rng)));
                }
                (total as f64, hits)
            }
            None => {
                drop(exact);
                let mut float = BlackTable::<f64>::new(self.model());
                let total = float.count(&states)?.unwrap_or(f64::INFINITY);
                let mut hits = 0;
                for i in 0..draws {
                    if i % 1024 == 0 {
                        budget.interrupted()?;
                    }
                    hits += u64::from(self.fits(&draw_float(&float, &mut rng)));
                }
                (total, hits)
            }
        };
        let (low, high) = wilson(hits, draws);
        Ok(Estimate {
            value: relaxed * hits as f64 / draws as f64,
            low: relaxed * low,
            high: relaxed * high,
            method: EstimateMethod::Relaxation {
                relaxed,
                draws,
                hits,
            },
        })
    }
}

/// Wilson's 95% score interval for a proportion `hits / draws`.
fn wilson(hits: u64, draws: u64) -> (f64, f64) {
    const Z: f64 = 1.96;
    let n = draws as f64;
    let p = hits as f64 / n;
    let denom = 1.0 + Z * Z / n;
    let centre = (p + Z * Z / (2.0 * n)) / denom;
    let half = Z * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
