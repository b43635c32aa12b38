//! Counting the secrets that fit a history: exact where it can be done without listing them,
//! estimated (and marked so) where it cannot.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::budget::{Budget, Meter};
use crate::dp::{BlackTable, draw_exact, draw_float};
use crate::error::Stopped;
use crate::game::Family;
use crate::model::{Outcome, State};
use crate::solver::{Solver, product};

/// Most residual vectors a random descent hands to the dynamic programme (see
/// [`Solver::probe`]): a programme that small takes well under a millisecond.
const DESCENT_DP_SPACE: u64 = 1 << 10;

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
    /// Knuth's estimator (1975): random descents of the counting search, each choosing one
    /// child uniformly at every split and worth the product of the numbers of children along
    /// its path times what its leaf counts. Unbiased, but heavy-tailed: the interval (mean ±
    /// 1.96 standard errors) is a rough guide, and the truth may lie outside it. Used only
    /// when the exact search would take more than [`CountOptions::exact_nodes`] nodes by the
    /// same descents' estimate and the dynamic programme runs out of states.
    Probes {
        /// Random descents made.
        probes: u64,
        /// Their estimate of the exact search's size, in nodes.
        nodes: f64,
    },
}

/// What random descents of the counting search say ([`Solver::probe`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Probes {
    /// Estimated number of fitting secrets.
    pub count: f64,
    /// Half-width of its 95% interval (mean ± 1.96 standard errors; rough, see
    /// [`EstimateMethod::Probes`]).
    pub half: f64,
    /// Estimated number of nodes of the exact counting search.
    pub nodes: f64,
    /// Descents made.
    pub probes: u64,
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
    /// Random descents of the search that estimate its size before a long exact count.
    /// Default 4,000; at least 1.
    pub probes: u64,
    /// Most nodes the descents may predict for an exact count by search to go ahead once the
    /// quick search and the dynamic programme failed; past it the count is the descents'
    /// estimate. Default 1,000,000,000 (several minutes, with a progress display).
    pub exact_nodes: u64,
    /// Seed of the draws.
    pub seed: u64,
}

impl Default for CountOptions {
    fn default() -> CountOptions {
        CountOptions {
            search_nodes: 2_000_000,
            dp_states: 4_000_000,
            draws: 20_000,
            probes: 4_000,
            exact_nodes: 1_000_000_000,
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
    ///   ([`EstimateMethod::Float`]). When the search does not end within
    ///   [`CountOptions::search_nodes`] nodes, random descents first estimate its size: up to
    ///   [`CountOptions::exact_nodes`] it goes on to the end (publishing the estimate as
    ///   [`crate::Progress::expected`]); past that the dynamic programme is tried, and failing
    ///   that the count is **estimated** by the descents ([`EstimateMethod::Probes`]).
    /// * Mastermind, Bulls and Cows, distinct black-peg: **exact** by the same search when it
    ///   ends within [`CountOptions::search_nodes`] nodes; otherwise **estimated** through the
    ///   black-peg relaxation ([`EstimateMethod::Relaxation`]), or by random descents when the
    ///   relaxation's dynamic programme passes [`CountOptions::dp_states`].
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
            return self.count_blackpeg(options, budget);
        }
        let limited = budget.limited(Some(budget.limit.unwrap_or(options.search_nodes)));
        match self.count_by_search(&limited) {
            Ok(Some(n)) => return Ok(Count::Exact(n)),
            Ok(None) | Err(Stopped::Limit(_)) => {}
            Err(e) => return Err(e),
        }
        self.estimate(options, budget).map(Count::Estimate)
    }

    /// Black-peg games with repeated colours: a quick search; then, when random descents
    /// predict at most [`CountOptions::exact_nodes`] nodes, the full search (publishing its
    /// predicted size); else the dynamic programme, and failing that the descents' estimate.
    fn count_blackpeg(&self, options: &CountOptions, budget: &Budget) -> Result<Count, Stopped> {
        let quick = budget.limited(Some(budget.limit.unwrap_or(options.search_nodes)));
        match self.count_by_search(&quick) {
            Ok(Some(n)) => return Ok(Count::Exact(n)),
            Ok(None) => return self.count_float(options, budget),
            Err(Stopped::Limit(_)) if budget.limit.is_none() => {}
            Err(e) => return Err(e),
        }
        let probes = self.probe(options.probes, options.seed, budget)?;
        if probes.nodes <= options.exact_nodes as f64 {
            if let Some(p) = &budget.progress {
                p.expect(probes.nodes as u64);
            }
            return match self.count_by_search_parallel(budget)? {
                Some(n) => Ok(Count::Exact(n)),
                None => self.count_float(options, budget),
            };
        }
        let states = budget.limited(Some(options.dp_states));
        match BlackTable::<u128>::new(self.model()).count(&states) {
            Ok(Some(n)) => Ok(Count::Exact(n)),
            Ok(None) => self.count_float(options, budget),
            Err(Stopped::Limit(_)) => Ok(Count::Estimate(
                self.probe_estimate(probes, options, budget)?,
            )),
            Err(e) => Err(e),
        }
    }

    /// Random descents ([`CountOptions::probes`] of them) and their estimate, as
    /// [`Solver::probe_estimate`] bounds it.
    fn estimate_by_probes(
        &self,
        options: &CountOptions,
        budget: &Budget,
    ) -> Result<Estimate, Stopped> {
        let probes = self.probe(options.probes, options.seed, budget)?;
        self.probe_estimate(probes, options, budget)
    }

    /// The descents' estimate, within what is known for sure: at most the codes the
    /// propagated domains allow, and at least one when a quick search finds a fitting secret
    /// (descents that all miss the secrets would otherwise say zero).
    fn probe_estimate(
        &self,
        probes: Probes,
        options: &CountOptions,
        budget: &Budget,
    ) -> Result<Estimate, Stopped> {
        let mut e = probes.estimate();
        let bound = self.upper_bound();
        if probes.count == 0.0 {
            // Every descent missed: the secrets are too rare for them (or none fit). All that
            // is known is the range, from a quick search up to the domains' bound.
            e.high = bound;
        }
        e.high = e.high.min(bound);
        if e.low < 1.0 {
            let quick = budget.limited(Some(budget.limit.unwrap_or(options.search_nodes)));
            let known = match self.find(&quick) {
                Ok(found) => found.is_some(),
                Err(Stopped::Limit(_)) => false,
                Err(e) => return Err(e),
            };
            if known {
                e.low = 1.0;
                e.value = e.value.max(1.0);
                e.high = e.high.max(1.0);
            }
        }
        Ok(e)
    }

    /// An upper bound on the count: the codes the domains allow once the clues are
    /// propagated, summed over the search's starting states.
    pub fn upper_bound(&self) -> f64 {
        let model = self.model();
        model
            .roots()
            .into_iter()
            .map(|mut s| match model.propagate(&mut s) {
                Outcome::Fail => 0.0,
                _ => model.sizes(&s)[..model.n]
                    .iter()
                    .map(|&z| f64::from(z))
                    .product(),
            })
            .sum()
    }

    /// The count past `u128`: the dynamic programme in `f64`, else random descents.
    fn count_float(&self, options: &CountOptions, budget: &Budget) -> Result<Count, Stopped> {
        let mut table = BlackTable::<f64>::new(self.model());
        let states = budget.limited(Some(options.dp_states));
        match table.count(&states) {
            Ok(value) => {
                let value = value.unwrap_or(f64::INFINITY);
                Ok(Count::Estimate(Estimate {
                    value,
                    low: value,
                    high: value,
                    method: EstimateMethod::Float,
                }))
            }
            Err(Stopped::Limit(_)) => {
                Ok(Count::Estimate(self.estimate_by_probes(options, budget)?))
            }
            Err(e) => Err(e),
        }
    }

    /// Knuth's estimate of the count and of the counting search's size from `probes` random
    /// descents (in parallel, reproducible from `seed`); see [`EstimateMethod::Probes`].
    ///
    /// ```
    /// use codebreak_huge::{Budget, Clue, Family, Game, Reply, Solver};
    /// let game = Game::new(Family::BlackPeg, 8, 4, false).unwrap();
    /// let clue = Clue::new(game.code(&[0, 1, 2, 3, 0, 1, 2, 3]).unwrap(), Reply::new(3, 0));
    /// let solver = Solver::new(game, &[clue]).unwrap();
    /// let p = solver.probe(2000, 1, &Budget::default()).unwrap();
    /// let exact = 56.0 * 3f64.powi(5); // C(8,3) places right, 3 other colours elsewhere
    /// assert!((p.count - exact).abs() <= 3.0 * p.half.max(1.0), "{p:?}");
    /// ```
    pub fn probe(&self, probes: u64, seed: u64, budget: &Budget) -> Result<Probes, Stopped> {
        let probes = probes.max(1);
        let model = self.model();
        let roots = model.roots();
        let results: Vec<Result<(f64, f64), Stopped>> = (0..probes)
            .into_par_iter()
            .map(|i| {
                let mut rng =
                    ChaCha8Rng::seed_from_u64(seed ^ (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                let mut meter = Meter::new(budget);
                self.descend(&roots, &mut rng, &mut meter)
            })
            .collect();
        let mut values = Vec::with_capacity(results.len());
        let mut nodes = 0.0;
        for r in results {
            let (v, n) = r?;
            values.push(v);
            nodes += n;
        }
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = if values.len() > 1 {
            values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        Ok(Probes {
            count: mean,
            half: 1.96 * (var / n).sqrt(),
            nodes: nodes / n,
            probes,
        })
    }

    /// One random descent: (count estimate, nodes estimate).
    fn descend(
        &self,
        roots: &[State],
        rng: &mut ChaCha8Rng,
        meter: &mut Meter,
    ) -> Result<(f64, f64), Stopped> {
        let model = self.model();
        if roots.is_empty() {
            return Ok((0.0, 1.0));
        }
        let mut weight = roots.len() as f64;
        let mut nodes = 1.0 + weight;
        // Whether the counting search would still be splitting here (its size is the nodes
        // above its dynamic-programme leaves).
        let mut searching = true;
        let mut s = roots[rng.gen_range(0..roots.len())];
        loop {
            meter.step()?;
            match model.propagate(&mut s) {
                Outcome::Fail => return Ok((0.0, nodes)),
                Outcome::Entailed => {
                    let leaf = product(model, &s).map_or(f64::INFINITY, |p| p as f64);
                    return Ok((weight * leaf, nodes));
                }
                Outcome::Open => {
                    if self.dp_leaf(&s) {
                        searching = false;
                        // A leaf of the counting search can hold a million residual states:
                        // thousands of descents cannot each afford that, so they go on
                        // splitting down to a small programme (the estimate stays unbiased).
                        if model.residual_space(&s) <= DESCENT_DP_SPACE {
                            let leaf = BlackTable::<f64>::at(model, &s)
                                .count_metered(meter)?
                                .unwrap_or(f64::INFINITY);
                            return Ok((weight * leaf, nodes));
                        }
                    }
                    let Some(mut branching) = model.branching(s) else {
                        return Ok((weight, nodes));
                    };
                    let mut children = Vec::new();
                    while let Some(child) = branching.next_child(model) {
                        children.push(child);
                    }
                    if children.is_empty() {
                        return Ok((0.0, nodes));
                    }
                    weight *= children.len() as f64;
                    if searching {
                        nodes += weight;
                    }
                    s = children[rng.gen_range(0..children.len())];
                }
            }
        }
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
    /// [`EstimateMethod::Relaxation`]), or by random descents of the search
    /// ([`EstimateMethod::Probes`]) when the relaxation's dynamic programme runs out of states.
    pub fn estimate(&self, options: &CountOptions, budget: &Budget) -> Result<Estimate, Stopped> {
        match self.estimate_relaxed(options, budget) {
            Err(Stopped::Limit(_)) if budget.limit.is_none() => {
                self.estimate_by_probes(options, budget)
            }
            other => other,
        }
    }

    fn estimate_relaxed(
        &self,
        options: &CountOptions,
        budget: &Budget,
    ) -> Result<Estimate, Stopped> {
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

impl Probes {
    /// As a count estimate.
    pub fn estimate(&self) -> Estimate {
        Estimate {
            value: self.count,
            low: (self.count - self.half).max(0.0),
            high: self.count + self.half,
            method: EstimateMethod::Probes {
                probes: self.probes,
                nodes: self.nodes,
            },
        }
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
