//! How long an analysis will take, said before it starts, so that a front end can refuse a run
//! of hours up front (naming a faster alternative) and show the time left on the others.
//!
//! **The model.** A greedy strategy scores its pool against the candidates at every node of the
//! tree; the other strategies cost a little per node. Secrets are taken to split evenly, each
//! guess dividing a node's candidates by the game's *effective branching* `b`: the perplexity
//! `2^H` of the replies a probe guess (the game's [`example_guess`](codebreak_core::Game::example_guess))
//! gets from all the secrets, which is small for games of two colours and large for games of
//! many. At depth `d` there are then `min(bᵈ, S)` nodes of `S / bᵈ` candidates each (`S`
//! secrets), and a greedy strategy's work there is, per node, its pool (every guess, or the
//! candidates) times the candidates plus a per-guess cost of the partition's `F` possible
//! replies, at most [`WORK_BUDGET`] under the default sampling. At the root, symmetry leaves one
//! guess per pattern of colour multiplicities (or the fixed first guess). The sum over depths,
//! divided by a measured scoring rate, plus per-secret and per-node costs, is the estimate.
//!
//! **Calibration.** The constants below were fitted on the 2-core machine codebreak is
//! developed on (release build): minimax with pool all on MM(4,6) 0.02 s, MM(4,8) 0.18 s,
//! MM(5,6) 0.4 s, MM(4,10) 0.8 s, MM(7,4) 1.6 s, MM(12,2) 1.3 s, MM(14,2) 10 s, MM(5,8) 9.4 s,
//! MM(6,6) 10 s, Bulls and Cows 4 of 10 0.13 s and 5 of 10 5.8 s; `first` 3 µs a secret (MM(8,6)
//! 5.2 s); `two-phase` MM(4,10) 0.22 s, MM(5,8) 6.6 s, MM(6,6) 275 s. The estimate is within a
//! factor of about two of these: good enough to tell seconds from minutes from hours.

use codebreak_core::{AnyEngine, Pool, Sampling, WORK_BUDGET, dispatch_engine};
use codebreak_strategy::{AnyStrategy, StrategyOptions};
use serde::Serialize;

/// Front ends refuse, unless told to go ahead, an analysis estimated to take longer than this
/// many seconds: one minute.
pub const MAX_SECONDS: f64 = 60.0;

/// Scores of a 64-bit-mask game a second in a guess search, both cores together (see the
/// module doc); other rules take [`Rules::SCORE_COST`](codebreak_core::Rules::SCORE_COST)
/// times as long.
const SCORE_RATE: f64 = 5.0e8;
/// Score-equivalents per guess and reply, for evaluating a partition's cost.
const COST_PER_REPLY: f64 = 1.0;
/// Seconds per secret for splitting candidates, building and converting the tree.
const SECONDS_PER_SECRET: f64 = 3.0e-6;
/// Seconds per node for finding a position's symmetry.
const SECONDS_PER_NODE: f64 = 2.0e-6;
/// Seconds per guess of the pool and peg, at nodes of at least 48 candidates, for finding
/// one guess per symmetry class (which dominates games of many pegs and few colours).
const SYMMETRY_PER_GUESS_PEG: f64 = 8.5e-8;
/// Nodes with fewer candidates skip symmetry (the engine's threshold).
const SYMMETRY_MIN_CANDIDATES: f64 = 48.0;
/// Seconds per secret of `two-phase` per `(pegs!)^1.6` (its arrangements, rebuilt at every
/// node): MM(4,10) 22 µs a secret, MM(6,6) 5.9 ms.
const TWO_PHASE_PER_SECRET: f64 = 1.4e-7;

/// A forecast of an analysis's run time.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// Seconds the analysis should take on a 2-core machine.
    pub seconds: f64,
    /// The effective branching the forecast assumed (see the module doc).
    pub branching: f64,
}

impl Estimate {
    /// Whether a front end should refuse the run unless told to go ahead: the estimate is over
    /// [`MAX_SECONDS`].
    pub fn too_long(&self) -> bool {
        self.seconds > MAX_SECONDS
    }
}

/// Forecasts how long [`analyze`](crate::analyze) of `strategy` on the engine's game takes.
/// Costs one pass of a probe guess over the secrets.
pub fn estimate(engine: &AnyEngine, strategy: &AnyStrategy) -> Estimate {
    let game = engine.game();
    let secrets = engine.space().secrets().len() as f64;
    let guesses = engine.space().len() as f64;
    let kind = game.feedback();
    let (branching, replies) = dispatch_engine!(engine, e => {
        let probe = e.space().index_of(&game.example_guess()).unwrap_or(0);
        let mut hist = vec![0u64; kind.count()];
        for &s in e.space().secrets() {
            hist[e.score(s, probe).index()] += 1;
        }
        let entropy: f64 = hist
            .iter()
            .filter(|&&k| k > 0)
            .map(|&k| {
                let p = k as f64 / secrets;
                -p * p.log2()
            })
            .sum();
        let replies = hist.iter().filter(|&&k| k > 0).count() as f64;
        // Later guesses split less than the first in games of many pegs and few colours.
        let crowding = (game.pegs() as f64 / game.colors() as f64).max(1.0);
        (
            (entropy.exp2() * crowding.powf(-0.65)).max(2.0),
            replies.max(2.0),
        )
    });
    // Nodes and candidates per node at each depth, the even-split model.
    let mut levels = Vec::new();
    let mut nodes = 1.0f64;
    loop {
        let n = secrets / nodes;
        levels.push((nodes, n));
        if n < 2.0 {
            break;
        }
        nodes = (nodes * branching).min(secrets);
    }
    let node_count: f64 = levels.iter().map(|&(nodes, _)| nodes).sum();
    let mut seconds = secrets * SECONDS_PER_SECRET + node_count * SECONDS_PER_NODE;
    match strategy.pool() {
        Some(pool) => {
            let root_pool = if strategy.first_guess().is_some() {
                0.0
            } else if game.has_peg_symmetry() {
                patterns(game.pegs(), game.colors(), game.distinct_guess()) as f64
            } else {
                match pool {
                    Pool::All => guesses,
                    Pool::Consistent => secrets,
                }
            };
            let sampling = strategy.sampling().unwrap_or_default();
            let mut work = 0.0;
            for (depth, &(nodes, n)) in levels.iter().enumerate() {
                let pool_size = match (depth, pool) {
                    (0, _) => root_pool,
                    (_, Pool::All) => guesses,
                    (_, Pool::Consistent) => n,
                };
                if depth > 0 && n >= SYMMETRY_MIN_CANDIDATES {
                    seconds += nodes * pool_size * game.pegs() as f64 * SYMMETRY_PER_GUESS_PEG;
                }
                let scored = match sampling {
                    Sampling::Off => pool_size,
                    Sampling::Size(k) => pool_size.min(k as f64),
                    Sampling::Auto => {
                        let budget = (WORK_BUDGET / engine.score_cost()) as f64;
                        pool_size.min((budget / n).max(1.0))
                    }
                };
                // Nodes with no more candidates than replies mostly stop at the first candidate
                // that splits them perfectly.
                work += if n <= replies && depth > 0 {
                    nodes * n * n
                } else {
                    nodes * scored * (n + COST_PER_REPLY * replies)
                };
            }
            seconds += work * engine.score_cost() as f64 / SCORE_RATE;
        }
        None if strategy.name() == "two-phase" => {
            let arrangements: f64 = (1..=game.pegs()).map(|k| k as f64).product();
            seconds += secrets * TWO_PHASE_PER_SECRET * arrangements.powf(1.6);
        }
        None => {}
    }
    Estimate { seconds, branching }
}

/// A faster way to figures of the same game, for a front end refusing a long analysis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Alternative {
    /// The strategy's registry name.
    pub strategy: &'static str,
    /// The pool, when it differs from the strategy asked for.
    pub pool: Option<Pool>,
    /// How long it should take.
    pub estimate: Estimate,
}

/// Ways to get figures faster than `strategy` on the engine's game that should finish within
/// [`MAX_SECONDS`], fastest last: the same greedy strategy with the pool of consistent codes,
/// then `first`. Empty when none would (then only a smaller game helps).
pub fn alternatives(engine: &AnyEngine, strategy: &AnyStrategy) -> Vec<Alternative> {
    let game = engine.game();
    let mut out = Vec::new();
    let options = |pool| StrategyOptions {
        pool,
        first_guess: strategy.first_guess(),
        ..StrategyOptions::default()
    };
    let mut candidates = Vec::new();
    if strategy.pool() == Some(Pool::All) {
        candidates.push((strategy.name(), Some(Pool::Consistent)));
    }
    if strategy.name() != "first" {
        candidates.push(("first", None));
    }
    for (name, pool) in candidates {
        if let Ok(s) = AnyStrategy::new(name, &options(pool), game, engine.space()) {
            let e = estimate(engine, &s);
            if !e.too_long() {
                out.push(Alternative {
                    strategy: s.name(),
                    pool,
                    estimate: e,
                });
            }
        }
    }
    out
}

/// Patterns of colour multiplicities a code of `pegs` pegs in `colors` colours can have (the
/// partitions of `pegs` into at most `colors` parts; one when no colour repeats): the guesses
/// left at the root once symmetry has merged the rest.
fn patterns(pegs: usize, colors: usize, distinct: bool) -> u64 {
    if distinct {
        return 1;
    }
    // p[n][k]: partitions of n into at most k parts; p[0][k] = 1.
    let mut p = vec![vec![1u64; colors + 1]; pegs + 1];
    for n in 1..=pegs {
        p[n][0] = 0;
        for k in 1..=colors {
            p[n][k] = p[n][k - 1] + if n >= k { p[n - k][k] } else { 0 };
        }
    }
    p[pegs][colors]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_are_partitions() {
        assert_eq!(patterns(4, 6, false), 5);
        assert_eq!(patterns(12, 4, false), 34);
        assert_eq!(patterns(16, 2, false), 9);
        assert_eq!(patterns(4, 10, true), 1);
    }
}
