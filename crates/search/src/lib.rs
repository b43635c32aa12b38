//! # codebreak-search
//!
//! Exact optimal codebreaking strategies, for every game the engine supports: the fewest total
//! guesses over all secrets (and, among those, the smallest worst case), or the smallest worst
//! case (and, among those, the fewest guesses), optionally under a depth limit.
//!
//! **Main design decision: depth-first branch and bound over candidate sets, with a value that
//! packs (total, worst) so one comparison orders both.** At a node the search scores every
//! allowed guess by a lower bound — the guess's cost now plus the least any strategy could
//! spend on each class it leaves (see [`bounds`]) — and tries guesses best bound first, giving
//! each class only the budget the others' bounds leave. Interchangeable guesses are tried once
//! (symmetry classes from `codebreak-core`: written by hand for the peg games, found from the
//! reply table for list games, see `codebreak_core::list_symmetry`), solved sets are memoised (shared across threads,
//! saved in checkpoints), and large nodes try their guesses on every thread in bound order
//! while sharing the best value found, so parallel runs keep their pruning. Ties go to the
//! guess that comes first in bound order, so the tree does not depend on timing.
//!
//! The result is a [`DecisionTree`]; `codebreak_tree::verify` checks it with the rules alone.
//!
//! Modules: `solver` is the recursion; `ordering` decides which guesses a node tries and in
//! what order; `keys` makes the plain and symmetry-canonical memo keys; `parallel` tries a
//! node's guesses on every thread; [`bounds`] holds the counting bounds, [`memo`] the shared
//! memo and [`checkpoint`] its file format; [`openers`] values every first guess; [`Status`] is what a progress display reads, and
//! [`estimate`] the calibrated prediction of how long a search takes.
#![deny(missing_docs)]

pub mod automorphisms;
pub mod bounds;
mod certificate;
pub mod checkpoint;
mod depth;
pub mod estimate;
mod keys;
pub mod memo;
pub mod openers;
mod ordering;
mod parallel;
mod prefix;
mod solver;
mod status;
pub mod table;

use std::sync::atomic::Ordering;
use std::time::Instant;

use codebreak_core::list_symmetry::GroupReport;
use codebreak_core::{
    AnyEngine, Candidates, End, Engine, FeedbackKind, Pool, Rules, dispatch_engine,
};
use codebreak_tree::{DecisionTree, Node};
use thiserror::Error;

use crate::bounds::{Bounds, INFINITE, NO_LIMIT, Val, total};
pub use crate::checkpoint::tmp_path;
use crate::estimate::{Estimate, Features};
use crate::memo::Memo;
use crate::solver::{Interrupted, Solver};
pub use crate::status::{FirstGuess, Status};
use crate::table::ScoreTable;

codebreak_core::named_enum! {
    /// What an exact search minimises.
    #[derive(Default)]
    pub enum Objective: "objective" {
        /// The total number of guesses over all secrets (so the average), then the worst case.
        #[default]
        Expected = "expected", "fewest guesses in all (the average), then the smallest worst case";
        /// The worst case, then the total.
        Worst = "worst", "the smallest worst case, then the fewest guesses in all";
    }
}

/// The depth limit of a search: no secret may need more guesses (the search packs the worst
/// case in 6 bits, so 63 is also the most it can represent).
pub const MAX_DEPTH: codebreak_core::Range = codebreak_core::Range {
    what: "max depth",
    min: 1,
    max: bounds::NO_LIMIT as u64,
    doc: "no secret may need more guesses than this",
};

/// The options of an exact search as a front end receives them (`optimal`'s flags, the web
/// API's `optimal` object, the Python package's arguments): the same names everywhere.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OptimalSpec {
    /// What to minimise (default expected).
    pub objective: Objective,
    /// Which codes may be guessed (default all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<Pool>,
    /// No secret may need more guesses than this (see [`MAX_DEPTH`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_depth: Option<u32>,
    /// The opener, as the game writes codes: search only what follows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_guess: Option<String>,
    /// Only totals below this matter (objective expected): see [`SearchOptions::bound`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<u64>,
    /// Prove only that every secret is found within the depth limit: see
    /// [`SearchOptions::depth_only`].
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub depth_only: bool,
}

/// Why an [`OptimalSpec`] was refused: the option's name and what is wrong with its value.
#[derive(Debug, Error)]
#[error("{option}: {why}")]
pub struct SpecError {
    /// The option (`max_depth`, `first_guess`, `bound`).
    pub option: &'static str,
    /// What is wrong, naming the value.
    pub why: String,
}

/// The bound of a search: any positive total it can represent.
pub const BOUND: codebreak_core::Range = codebreak_core::Range {
    what: "bound",
    min: 1,
    max: bounds::MAX_TOTAL,
    doc: "only totals below it matter",
};

impl OptimalSpec {
    /// The search options on `engine`'s game, after checking the depth limit against
    /// [`MAX_DEPTH`], the bound against [`BOUND`], and reading the first guess as a guess of
    /// the game.
    pub fn options(&self, engine: &AnyEngine) -> Result<SearchOptions, SpecError> {
        if let Some(d) = self.max_depth {
            MAX_DEPTH.check(d.into()).map_err(|e| SpecError {
                option: "max_depth",
                why: e.to_string(),
            })?;
        }
        if let Some(b) = self.bound {
            BOUND.check(b).map_err(|e| SpecError {
                option: "bound",
                why: e.to_string(),
            })?;
        }
        let first_guess = match &self.first_guess {
            None => None,
            Some(text) => {
                let game = engine.game();
                let why = |e: String| SpecError {
                    option: "first_guess",
                    why: e,
                };
                let code = game.parse_guess(text).map_err(|e| why(e.to_string()))?;
                Some(engine.space().index_of(&code).ok_or_else(|| {
                    why(format!(
                        "{} is not a guess of {game}",
                        codebreak_core::error::quote(text)
                    ))
                })?)
            }
        };
        Ok(SearchOptions {
            objective: self.objective,
            max_depth: self.max_depth,
            pool: self.pool.unwrap_or_default(),
            first_guess,
            bound: self.bound,
            depth_only: self.depth_only,
            ..SearchOptions::default()
        })
    }
}

/// What an exact search took: `optimal --json` and the web's optimal results report it.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Effort {
    /// Nodes searched.
    pub nodes: u64,
    /// Candidate sets remembered at the end.
    pub memo_entries: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// A list game's symmetry, found from its table (when symmetry is on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<GroupReport>,
}

/// Options of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchOptions {
    /// What to minimise.
    pub objective: Objective,
    /// No secret may need more guesses than this.
    pub max_depth: Option<u32>,
    /// Which codes may be guessed.
    pub pool: Pool,
    /// Most memo entries kept (default 20 million, about 1 GB).
    pub memo_cap: Option<usize>,
    /// Stop after this many nodes, as if interrupted (for time-boxed runs and tests).
    pub node_limit: Option<u64>,
    /// The first guess (a code index of the engine's space), when only what follows it is
    /// searched: the optimum after it.
    pub first_guess: Option<u32>,
    /// Only totals below this matter (objective expected): the search proves the optimum is
    /// at least this ([`SearchError::AtLeast`]) as soon as it can, instead of finding it.
    pub bound: Option<u64>,
    /// The position searched: the moves already played (code indices of the engine's space,
    /// as `codebreak_strategy::history::indices` gives them), empty for the whole game. The
    /// search solves the secrets that fit every move, from the next guess on; its figures
    /// count the whole game, each secret's guesses already played included (the search of
    /// the subtree alone: [`Solution::subtree_total`]); the depth limit and the bound count
    /// the whole game too, and [`first_guess`](Self::first_guess) is the next guess played.
    /// The openers of [`Search::openers`] are those of the whole game only.
    pub history: Vec<(u32, codebreak_core::Feedback)>,
    /// Sets of at least this many candidates try one guess per symmetry class (default
    /// [`SYMMETRY_MIN`]; 0 for every set, as tests of the symmetry do). Symmetry itself is
    /// switched off on the engine ([`codebreak_core::KernelOptions::symmetry`]).
    pub symmetry_min: Option<usize>,
    /// Prove only that every secret is found within [`max_depth`](Self::max_depth) guesses
    /// (or that none can be): the tree is the first strategy found that does, and its total
    /// is not minimised. Needs a depth limit; excludes a bound.
    pub depth_only: bool,
}

/// The smallest sets that try one guess per symmetry class, by default: below it finding the
/// classes costs more than it saves.
pub const SYMMETRY_MIN: usize = 24;

/// An optimal strategy and what it took to find it.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Secrets (those that fit the position's moves, [`SearchOptions::history`]).
    pub secrets: u64,
    /// Guesses over all secrets, the moves already played counted for each.
    pub total: u64,
    /// Most guesses any secret needs, the moves already played counted.
    pub worst: usize,
    /// `histogram[k]` secrets need `k` guesses, the moves already played counted.
    pub histogram: Vec<u64>,
    /// Moves played before the position searched (0 for the whole game).
    pub played: usize,
    /// The tree.
    pub tree: DecisionTree,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// Entries in the memo at the end.
    pub memo_entries: usize,
    /// A list game's symmetry, found from its table (when symmetry is on).
    pub symmetry: Option<GroupReport>,
}

impl Solution {
    /// The figures, as every report gives them.
    pub fn figures(&self) -> codebreak_tree::Figures {
        codebreak_tree::Figures::from_histogram(self.histogram.clone())
    }

    /// Guesses over all secrets from the position on: the subtree's value, without the
    /// moves already played.
    pub fn subtree_total(&self) -> u64 {
        self.total - self.played as u64 * self.secrets
    }

    /// Most guesses any secret needs from the position on.
    pub fn subtree_worst(&self) -> usize {
        self.worst - self.played
    }

    /// The figures from the position on, with its moves as `history` writes them.
    pub fn subtree(&self, history: String) -> Subtree {
        Subtree {
            history,
            played: self.played,
            secrets: self.secrets,
            total: self.subtree_total(),
            average: self.subtree_total() as f64 / self.secrets.max(1) as f64,
            worst: self.subtree_worst(),
        }
    }

    /// What the search took.
    pub fn effort(&self) -> Effort {
        Effort {
            nodes: self.nodes,
            memo_entries: self.memo_entries,
            seconds: self.seconds,
            symmetry: self.symmetry,
        }
    }
}

/// The figures of a position's search from the position on (its subtree), beside the whole
/// game's of [`Solution`]: `optimal --history --json` reports them as `position`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Subtree {
    /// The moves played, as the game writes them (`GUESS:REPLY,...`).
    pub history: String,
    /// How many.
    pub played: usize,
    /// Secrets that fit them.
    pub secrets: u64,
    /// Guesses over those secrets from the next guess on.
    pub total: u64,
    /// `total / secrets`.
    pub average: f64,
    /// Most guesses any of them needs from the next guess on.
    pub worst: usize,
}

/// The exact value of a position (see [`Search::positions`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Secrets still possible.
    pub secrets: u64,
    /// Least total of guesses over them, from the next guess on.
    pub total: u64,
    /// A next guess that achieves it.
    pub guess: codebreak_core::Code,
}

/// Why a search gave no solution.
#[derive(Debug, Error)]
pub enum SearchError {
    /// Stopped through [`Status::cancel`]; the memo can be saved as a checkpoint.
    #[error("search interrupted")]
    Interrupted,
    /// No strategy finds every secret within the depth limit.
    #[error(
        "no strategy finds every secret within {max_depth} {}",
        if *max_depth == 1 { "guess" } else { "guesses" }
    )]
    Infeasible {
        /// The limit.
        max_depth: u32,
    },
    /// The game is beyond what this search can finish.
    #[error("{0}")]
    TooLarge(String),
    /// The tree found plays a code that is not a legal guess: a defect of the search, caught
    /// before any figure is reported.
    #[error("the search's tree is refused: {0}")]
    IllegalTree(String),
    /// Pool consistent in a game that ends when the secret is known, where a secret need not
    /// be a guess.
    #[error(
        "pool consistent plays only codes that could be the secret, but {game} ends when the secret is known and a secret may not be guessed: expected pool all"
    )]
    ConsistentPoolKnown {
        /// The game.
        game: String,
    },
    /// With [`SearchOptions::bound`]: no strategy takes fewer guesses in all than the bound.
    #[error("no strategy takes fewer than {bound} guesses in all: the optimum is at least {bound}")]
    AtLeast {
        /// The bound.
        bound: u64,
    },
    /// Valuing every opener with the objective worst.
    #[error(
        "valuing every opener needs objective expected: with objective worst, give the opener with --first-guess"
    )]
    OpenersWithWorst,
    /// A move of the position that no secret fits, with the moves before it.
    #[error("no secret fits move {number} after the moves before it")]
    Contradiction {
        /// The move, counted from 1.
        number: usize,
    },
    /// A move of the position that finds the secret: nothing is left to search.
    #[error("move {number} finds the secret: the game is over")]
    Won {
        /// The move, counted from 1.
        number: usize,
    },
    /// A move of the position whose guess is not a guess of the game.
    #[error("move {number} plays code number {index}, which is not a guess of {game}")]
    HistoryGuess {
        /// The move, counted from 1.
        number: usize,
        /// Its guess.
        index: u32,
        /// The game.
        game: String,
    },
    /// Valuing every opener from a position (they are the whole game's first guesses).
    #[error("valuing every opener and a history exclude each other: expected one of them")]
    OpenersWithHistory,
    /// Valuing every opener of a search restricted to one.
    #[error("valuing every opener and a first guess exclude each other: expected one of them")]
    OpenersWithFirstGuess,
    /// A bound on the total with the objective worst, which bounds the depth instead.
    #[error(
        "a bound on the total needs objective expected: with objective worst, bound the worst case with a depth limit"
    )]
    BoundWithWorst,
    /// Depth only without a depth limit.
    #[error(
        "depth only proves that every secret is found within a depth limit, and none was given: expected a max depth"
    )]
    DepthOnlyWithoutLimit,
    /// Depth only with a bound on the total, which it does not minimise.
    #[error(
        "depth only does not minimise the total, so a bound on it means nothing: expected no bound"
    )]
    DepthOnlyWithBound,
    /// A first guess that is not a guess of the game.
    #[error("first guess number {index} is not a guess of {game}, which has {guesses}")]
    FirstGuess {
        /// Its index.
        index: u32,
        /// The game.
        game: String,
        /// Guesses of the game.
        guesses: usize,
    },
    /// A checkpoint that does not belong to this search.
    #[error("checkpoint {path} is for a different search ({found}); expected {expected}")]
    Checkpoint {
        /// The file.
        path: String,
        /// Its header.
        found: String,
        /// This search's header.
        expected: String,
    },
    /// A checkpoint whose contents are not what a search wrote: truncated, edited or
    /// corrupted.
    #[error("checkpoint {path} is damaged: {why}")]
    Damaged {
        /// The file.
        path: String,
        /// What is wrong with it.
        why: String,
    },
    /// Reading or writing a checkpoint failed.
    #[error("checkpoint {path}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}

/// Largest number of secrets searched without `force`.
pub const MAX_SECRETS: usize = 6000;

/// The calibrated estimate of a search of `engine`'s game with `options`, on rayon's threads.
fn estimate(engine: &AnyEngine, options: &SearchOptions) -> Estimate {
    Estimate::new(
        &Features::of(engine.game(), options),
        rayon::current_num_threads(),
    )
}

/// An exact search over one game.
pub struct Search<'e> {
    engine: &'e AnyEngine,
    options: SearchOptions,
    memo: Memo,
    status: Status,
}

/// Non-winning replies a guess can receive in this game.
fn branching(kind: FeedbackKind) -> u64 {
    (kind.count() as u64) - 1 - kind.all().filter(|&f| !kind.is_possible(f)).count() as u64
}

/// The counting bounds of a game: a guess's replies are its branches, the winning one aside
/// in a game that ends with a guess.
fn game_bounds(game: &codebreak_core::Game, secrets: usize) -> Bounds {
    match game.end() {
        End::Guess => Bounds::new(branching(game.feedback()), secrets),
        End::Known => Bounds::known(game.feedback().count() as u64, secrets),
    }
}

/// Refuses a position whose moves play a code that is not a guess, find the secret, or fit
/// no secret (naming the first such move).
fn check_history(
    engine: &AnyEngine,
    history: &[(u32, codebreak_core::Feedback)],
) -> Result<(), SearchError> {
    let game = engine.game();
    for (i, &(g, f)) in history.iter().enumerate() {
        let number = i + 1;
        if g as usize >= engine.space().len() {
            return Err(SearchError::HistoryGuess {
                number,
                index: g,
                game: game.to_string(),
            });
        }
        if f == game.win() {
            return Err(SearchError::Won { number });
        }
        if dispatch_engine!(engine, e => e.consistent(&history[..number]).is_empty()) {
            return Err(SearchError::Contradiction { number });
        }
    }
    Ok(())
}

/// What every node of one search shares: the game's tables and the depth limit.
struct Parts<'x, R: Rules> {
    e: &'x Engine<R>,
    limit: u32,
    bounds: Bounds,
    masks: Vec<u64>,
    all_colors: u64,
    all_codes: Vec<u32>,
    perms: Vec<[u8; codebreak_core::MAX_PEGS]>,
    orders: Vec<Vec<[u8; codebreak_core::MAX_PEGS]>>,
    table: Option<ScoreTable>,
}

impl<'e> Search<'e> {
    /// Prepares a search. Refuses games too large to finish, with an estimate, unless
    /// `force` is set.
    pub fn new(
        engine: &'e AnyEngine,
        options: SearchOptions,
        force: bool,
    ) -> Result<Search<'e>, SearchError> {
        let secrets = engine.space().secrets().len();
        let guesses = engine.space().len();
        let game = engine.game();
        if game.end() == End::Known && options.pool == Pool::Consistent {
            return Err(SearchError::ConsistentPoolKnown {
                game: game.to_string(),
            });
        }
        if options.depth_only && options.max_depth.is_none() {
            return Err(SearchError::DepthOnlyWithoutLimit);
        }
        if options.depth_only && options.bound.is_some() {
            return Err(SearchError::DepthOnlyWithBound);
        }
        if options.bound.is_some() && options.objective == Objective::Worst {
            return Err(SearchError::BoundWithWorst);
        }
        if let Some(g) = options.first_guess
            && g as usize >= guesses
        {
            return Err(SearchError::FirstGuess {
                index: g,
                game: game.to_string(),
                guesses,
            });
        }
        check_history(engine, &options.history)?;
        if !force && secrets > MAX_SECRETS {
            let estimate = estimate(engine, &options);
            let (low, high) = estimate.range();
            return Err(SearchError::TooLarge(format!(
                "{} has {secrets} secrets and {guesses} guesses, more than the {MAX_SECRETS} secrets this search takes on \
                 unless forced: the calibrated estimate is {} of searching on {} {} (likely {} to {}), with far more \
                 memory for memoisation",
                engine.game(),
                estimate::human_duration(estimate.seconds()),
                estimate.threads,
                if estimate.threads == 1 {
                    "thread"
                } else {
                    "threads"
                },
                estimate::human_duration(low),
                estimate::human_duration(high),
            )));
        }
        Ok(Search {
            engine,
            memo: Memo::new(options.memo_cap.unwrap_or(20_000_000)),
            options,
            status: Status::with_threads(rayon::current_num_threads()),
        })
    }

    /// How long this search is expected to take (see [`estimate`]).
    pub fn estimate(&self) -> Estimate {
        estimate(self.engine, &self.options)
    }

    /// Live figures and the stop switch.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// The list game's group the search used (found on first use), when symmetry is on.
    pub fn symmetry(&self) -> Option<GroupReport> {
        let on = dispatch_engine!(self.engine, e => e.options().symmetry);
        on.then(|| self.engine.list_group().map(|g| g.report()))
            .flatten()
    }

    /// Runs the search.
    pub fn run(&self) -> Result<Solution, SearchError> {
        let start = Instant::now();
        let (root, value, histogram) = dispatch_engine!(self.engine, e => self.run_with(e))?;
        // Game files may have guesses that are not secrets and secrets that are not guesses:
        // the tree is checked (one pass over its nodes) before a figure leaves the search.
        if self.engine.game().list().is_some() {
            codebreak_tree::check_guesses(self.engine.game(), &root)
                .map_err(|e| SearchError::IllegalTree(e.to_string()))?;
        }
        let secrets: u64 = histogram.iter().sum();
        let played = self.options.history.len();
        Ok(Solution {
            secrets,
            total: total(value) + played as u64 * secrets,
            played,
            worst: histogram.len() - 1,
            histogram,
            tree: DecisionTree {
                game: self.engine.game().spec(),
                strategy: Some(self.describe()),
                root,
            },
            nodes: self.status.nodes.load(Ordering::Relaxed),
            seconds: start.elapsed().as_secs_f64(),
            memo_entries: self.memo.len(),
            symmetry: self.symmetry(),
        })
    }

    /// The exact value of each position: for each history (moves as code indices of the
    /// engine's space, as `codebreak_strategy::history::indices` gives them), the least total
    /// number of guesses that finds every secret still possible, each secret counted from the
    /// next guess on (so the expected number of guesses still needed is the total over the
    /// secrets), with a guess that achieves it; `None` for a position no secret fits.
    ///
    /// Positions are valued by the fewest guesses in all (whatever the objective), within the
    /// depth limit counted from the position, and share this search's memo. The node limit
    /// counts every node of every call: past it, the call fails with
    /// [`SearchError::Interrupted`].
    ///
    /// # Panics
    ///
    /// When a move's guess is not an index of the engine's space.
    pub fn positions(
        &self,
        histories: &[Vec<(u32, codebreak_core::Feedback)>],
    ) -> Result<Vec<Option<Position>>, SearchError> {
        dispatch_engine!(self.engine, e => self.positions_with(e, histories))
    }

    fn positions_with<R: Rules>(
        &self,
        e: &Engine<R>,
        histories: &[Vec<(u32, codebreak_core::Feedback)>],
    ) -> Result<Vec<Option<Position>>, SearchError> {
        let parts = self.parts(e);
        let s = self.solver(&parts, self.options.max_depth.is_some());
        histories
            .iter()
            .map(|h| {
                let cands = e.consistent(h);
                if cands.is_empty() {
                    return Ok(None);
                }
                let mut moves = h.clone();
                let found = s
                    .solve(&cands, &mut moves, parts.limit, INFINITE)
                    .map_err(|_| SearchError::Interrupted)?;
                let (v, g) = found.ok_or(SearchError::Infeasible {
                    max_depth: parts.limit,
                })?;
                Ok(Some(Position {
                    secrets: cands.len() as u64,
                    total: total(v),
                    guess: e.code(g),
                }))
            })
            .collect()
    }

    /// A certificate of the lower bound `solution` (this search's result) meets: the claims
    /// that no strategy does better, for `codebreak_certify::check` to check (see
    /// `codebreak_certify` for what is claimed). Proved by a second pass that uses this
    /// search's memo. The claims are about the position searched (after
    /// [`SearchOptions::history`]), from its next guess on, and with
    /// [`SearchOptions::first_guess`] about the strategies that play it next.
    pub fn certificate(
        &self,
        solution: &Solution,
    ) -> Result<codebreak_certify::Certificate, SearchError> {
        if self.options.depth_only {
            return Err(SearchError::TooLarge(
                "certificates prove an optimum, and a depth-only search finds none: expected no depth only".into(),
            ));
        }
        let worst = solution.subtree_worst() as u32;
        dispatch_engine!(self.engine, e => self.certificate_with(e, solution.subtree_total(), Some(worst)))
    }

    /// A certificate that no strategy takes fewer than `bound` guesses in all (counted as
    /// [`SearchOptions::bound`] counts, the moves played included), after this search
    /// failed with [`SearchError::AtLeast`] (objective expected). Its root claim is about the
    /// position's secrets from the next guess on.
    pub fn certificate_at_least(
        &self,
        bound: u64,
    ) -> Result<codebreak_certify::Certificate, SearchError> {
        if self.options.objective == Objective::Worst {
            return Err(SearchError::BoundWithWorst);
        }
        dispatch_engine!(self.engine, e => {
            let n = e.consistent(&self.options.history).len() as u64;
            let spent = self.options.history.len() as u64 * n;
            self.certificate_with(e, bound.saturating_sub(spent), None)
        })
    }

    /// The certificate that the position's secrets need at least `total` guesses from the
    /// next guess on, and with the objective worst, that none finds them all within
    /// `worst - 1`, and none within `worst` takes fewer than `total`.
    fn certificate_with<R: Rules>(
        &self,
        e: &Engine<R>,
        total: u64,
        worst: Option<u32>,
    ) -> Result<codebreak_certify::Certificate, SearchError> {
        use crate::certificate::{ProveError, Prover};
        let parts = self.parts(e);
        let tagged = self.options.objective == Objective::Worst || self.options.max_depth.is_some();
        let mut s = self.solver(&parts, tagged);
        // The proving pass is one thread's recursion, and its searches are of classes the
        // memo mostly knows: shared out, they kept the other thread spinning for little (Bulls
        // and Cows, 2 threads: 19.1 s CPU against 17.3-18.2 s on one thread).
        s.serial_until = Instant::now() + std::time::Duration::from_secs(1 << 40);
        let mut history = self.options.history.clone();
        let played = history.len() as u32;
        let all = e.consistent(&history);
        let limit = parts.limit.saturating_sub(played);
        let first = self.options.first_guess;
        let mut prover = Prover::new(&s);
        let mut roots = Vec::new();
        let fail = |e: ProveError| match e {
            ProveError::Interrupted => SearchError::Interrupted,
            ProveError::Defect(why) => SearchError::IllegalTree(format!("certificate: {why}")),
        };
        let mut root = |d: u32, bound: u64| {
            prover
                .prove_root(&all, &mut history, d, bound, first)
                .map_err(fail)
        };
        let objective = match (self.options.objective, worst) {
            (Objective::Worst, Some(w)) => {
                if let Some(below) = w.checked_sub(1) {
                    roots.push(root(below, u64::MAX)?);
                }
                roots.push(root(w, total)?);
                "worst"
            }
            _ => {
                roots.push(root(limit, total)?);
                "expected"
            }
        };
        Ok(prover.finish(roots, objective, &self.options.history, first))
    }

    /// A description of the search for the tree file.
    pub fn describe(&self) -> String {
        let o = &self.options;
        let mut s = format!(
            "optimal ({}, pool {}",
            match o.objective {
                _ if o.depth_only =>
                    "depth only: every secret within the depth limit, the total not minimised",
                Objective::Expected => "fewest guesses in all, then smallest worst case",
                Objective::Worst => "smallest worst case, then fewest guesses",
            },
            match o.pool {
                Pool::All => "all",
                Pool::Consistent => "consistent",
            }
        );
        if let Some(d) = o.max_depth {
            s.push_str(&format!(
                ", at most {d} {}",
                if d == 1 { "guess" } else { "guesses" }
            ));
        }
        if let Some(b) = o.bound {
            s.push_str(&format!(", below {b} guesses in all"));
        }
        if !o.history.is_empty() {
            let game = self.engine.game();
            let moves: Vec<String> = o
                .history
                .iter()
                .map(|&(g, f)| {
                    format!(
                        "{}:{}",
                        game.format_code(&self.engine.space().code(g)),
                        game.format_feedback(f)
                    )
                })
                .collect();
            s.push_str(&format!(", after {}", moves.join(",")));
        }
        if let Some(g) = o.first_guess {
            let game = self.engine.game();
            s.push_str(&format!(
                ", {} {}",
                if o.history.is_empty() {
                    "first guess"
                } else {
                    "next guess"
                },
                game.format_code(&self.engine.space().code(g))
            ));
        }
        s.push(')');
        s
    }

    /// What every node of a search of `e` shares, built once per run.
    fn parts<'x, R: Rules>(&self, e: &'x Engine<R>) -> Parts<'x, R> {
        let colors = e.game().colors();
        Parts {
            e,
            limit: self
                .options
                .max_depth
                .map(|d| d.min(NO_LIMIT))
                .unwrap_or(NO_LIMIT),
            bounds: game_bounds(e.game(), e.space().secrets().len()),
            // Colour sets mean something in peg games only: the codes of a list game are
            // indices, whose bytes are no colours (and may pass 63).
            masks: if e.game().has_peg_symmetry() {
                e.space()
                    .codes()
                    .iter()
                    .map(|c| c.pegs().iter().fold(0u64, |m, &p| m | 1 << (p & 63)))
                    .collect()
            } else {
                Vec::new()
            },
            all_colors: if colors >= 64 {
                u64::MAX
            } else {
                (1u64 << colors) - 1
            },
            all_codes: (0..e.space().len() as u32).collect(),
            perms: if e.game().has_peg_symmetry() && e.game().pegs() <= 6 {
                codebreak_core::symmetry::permutations(e.game().pegs())
            } else {
                Vec::new()
            },
            orders: (0..=5)
                .map(codebreak_core::symmetry::permutations)
                .collect(),
            table: ScoreTable::build(e),
        }
    }

    /// The recursion over `p`; `tagged` when depth matters for memo keys.
    fn solver<'a, R: Rules>(&'a self, p: &'a Parts<'a, R>, tagged: bool) -> Solver<'a, R> {
        Solver {
            table: p.table.as_ref(),
            orders: p.orders.clone(),
            node_limit: self.options.node_limit.unwrap_or(u64::MAX),
            perms: p.perms.clone(),
            all_codes: p.all_codes.clone(),
            masks: p.masks.clone(),
            all_colors: p.all_colors,
            e: p.e,
            pool: self.options.pool,
            bounds: p.bounds.clone(),
            memo: &self.memo,
            status: &self.status,
            depth_tagged: tagged,
            win: p.e.game().win(),
            first_guess: self.options.first_guess,
            root_moves: self.options.history.len(),
            symmetry_min: self.options.symmetry_min.unwrap_or(SYMMETRY_MIN),
            depth_only: self.options.depth_only,
            serial_until: Instant::now() + solver::SERIAL_FIRST,
        }
    }

    fn run_with<R: Rules>(&self, e: &Engine<R>) -> Result<(Node, Val, Vec<u64>), SearchError> {
        let parts = self.parts(e);
        let (limit, bounds) = (parts.limit, &parts.bounds);
        let played = self.options.history.len() as u32;
        let all = e.consistent(&self.options.history);
        let n = all.len();
        // The depth limit and the bound count the whole game: the position's moves are spent.
        let Some(limit) = limit.checked_sub(played).filter(|&l| l > 0) else {
            return Err(SearchError::Infeasible { max_depth: limit });
        };
        let at_least = |bound| SearchError::AtLeast { bound };
        let solver = |tagged: bool| self.solver(&parts, tagged);
        let moves = || self.options.history.clone();
        let interrupted = |_: Interrupted| SearchError::Interrupted;
        if self.options.depth_only {
            let s = solver(true);
            s.feasible(&all, &mut moves(), limit)
                .map_err(interrupted)?
                .ok_or(SearchError::Infeasible {
                    max_depth: limit + played,
                })?;
            let mut hist = vec![0];
            let root = s
                .depth_tree(&all, &mut moves(), limit, &mut hist)
                .map_err(interrupted)?;
            return Ok((root, depth::value_of(&hist, played as usize), hist));
        }
        match self.options.objective {
            Objective::Expected => {
                let s = solver(self.options.max_depth.is_some());
                let spent = u64::from(played) * n as u64;
                let beta = match self.options.bound {
                    None => INFINITE,
                    Some(b) if b <= spent => return Err(at_least(b)),
                    Some(b) => bounds::pack(b - spent, 0),
                };
                let found = s
                    .solve(&all, &mut moves(), limit, beta)
                    .map_err(interrupted)?;
                let (v, _) = found.ok_or(match self.options.bound {
                    Some(bound) => at_least(bound),
                    None => SearchError::Infeasible {
                        max_depth: limit + played,
                    },
                })?;
                let mut hist = vec![0];
                let root = self
                    .rebuild(&s, &all, &mut moves(), limit, &mut hist)
                    .map_err(interrupted)?;
                Ok((root, v, hist))
            }
            Objective::Worst => {
                let s = solver(true);
                let first = bounds.min_depth(n as u64).max(1);
                for d in first..=limit {
                    self.status.trying_depth.store(d as u64, Ordering::Relaxed);
                    if let Some((v, _)) = s
                        .solve(&all, &mut moves(), d, INFINITE)
                        .map_err(interrupted)?
                    {
                        let mut hist = vec![0];
                        let root = self
                            .rebuild(&s, &all, &mut moves(), d, &mut hist)
                            .map_err(interrupted)?;
                        return Ok((root, v, hist));
                    }
                }
                Err(SearchError::Infeasible {
                    max_depth: limit + played,
                })
            }
        }
    }

    /// Rebuilds the optimal tree from the memo (re-solving sets it does not hold), counting
    /// in `hist` how many secrets each depth finds.
    fn rebuild<R: Rules>(
        &self,
        s: &Solver<'_, R>,
        cands: &Candidates<R::Packed>,
        history: &mut Vec<(u32, codebreak_core::Feedback)>,
        d: u32,
        hist: &mut Vec<u64>,
    ) -> Result<Node, Interrupted> {
        let e = s.e;
        if e.game().end() == End::Known && cands.len() == 1 {
            // The secret is known after these experiments: the leaf names it, and it is not
            // counted.
            let depth = history.len();
            if hist.len() <= depth {
                hist.resize(depth + 1, 0);
            }
            hist[depth] += 1;
            return Ok(Node::leaf(e.code(cands.indices()[0])));
        }
        let depth = history.len() + 1;
        if hist.len() <= depth {
            hist.resize(depth + 1, 0);
        }
        let (_, guess) = s
            .solve(cands, history, d, INFINITE)?
            .expect("a set solved once is solvable again");
        let mut node = Node::leaf(e.code(guess));
        for (fb, class) in e.split(guess, cands) {
            if fb == e.game().win() {
                hist[depth] += 1;
                continue;
            }
            history.push((guess, fb));
            let child = self.rebuild(s, &class, history, d - 1, hist);
            history.pop();
            node.branches.push((fb, child?));
        }
        Ok(node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_valued_exactly() {
        let game = codebreak_core::Game::new(&codebreak_core::GameSpec::mastermind(3, 3)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let search = Search::new(&engine, SearchOptions::default(), false).unwrap();
        let whole = search.run().unwrap();
        let search = Search::new(&engine, SearchOptions::default(), false).unwrap();
        let g = engine
            .space()
            .index_of(&game.parse_guess("012").unwrap())
            .unwrap();
        let win = game.win();
        let p = search
            .positions(&[
                vec![],
                vec![(g, win)],
                vec![(g, game.parse_feedback("0B0W").unwrap())],
            ])
            .unwrap();
        let root = p[0].as_ref().unwrap();
        assert_eq!((root.secrets, root.total), (27, whole.total));
        assert_eq!(root.guess, whole.tree.root.guess);
        // One secret left: it is guessed next, one guess.
        assert_eq!(p[1].as_ref().map(|p| (p.secrets, p.total)), Some((1, 1)));
        // 012 gets 0B0W from no secret of MM(3,3).
        assert_eq!(p[2], None);
    }

    #[test]
    fn a_first_guess_is_played_first_and_checked() {
        let game = codebreak_core::Game::new(&codebreak_core::GameSpec::mastermind(3, 3)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let best = Search::new(&engine, SearchOptions::default(), false)
            .unwrap()
            .run()
            .unwrap();
        for text in ["000", "011", "012"] {
            let code = game.parse_guess(text).unwrap();
            let options = SearchOptions {
                first_guess: engine.space().index_of(&code),
                ..SearchOptions::default()
            };
            let search = Search::new(&engine, options, false).unwrap();
            let after = search.run().unwrap();
            assert_eq!(after.tree.root.guess, code, "{text}");
            assert!(after.total >= best.total, "{text}");
            assert!(search.describe().contains(&format!("first guess {text}")));
            if code == best.tree.root.guess {
                assert_eq!(after.total, best.total);
            }
        }
        let options = SearchOptions {
            first_guess: Some(27),
            ..SearchOptions::default()
        };
        let err = Search::new(&engine, options, false).err().expect("refused");
        assert!(
            matches!(err, SearchError::FirstGuess { index: 27, .. }),
            "{err}"
        );
    }

    #[test]
    fn positions_below_an_opener_add_up_to_the_openers_search() {
        let game = codebreak_core::Game::new(&codebreak_core::GameSpec::mastermind(3, 4)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let g = engine
            .space()
            .index_of(&game.parse_guess("011").unwrap())
            .unwrap();
        // The worst case of the opener is the largest of its positions'; its total, the least
        // within that depth (a position below the largest may spend more depth to save
        // guesses), so the positions are then valued with that depth limit.
        for objective in [Objective::Expected, Objective::Worst] {
            let run = |objective, first_guess, history, max_depth| {
                let options = SearchOptions {
                    objective,
                    first_guess,
                    history,
                    max_depth,
                    ..SearchOptions::default()
                };
                Search::new(&engine, options, false).unwrap().run()
            };
            let whole = run(objective, Some(g), Vec::new(), None).unwrap();
            let limit = (objective == Objective::Worst).then_some(whole.worst as u32);
            let (mut total, mut worst, mut secrets) = (1, 1, 1);
            for (fb, _) in &whole.tree.root.branches {
                let alone = run(objective, None, vec![(g, *fb)], None).unwrap();
                assert!(alone.worst <= whole.worst);
                worst = worst.max(alone.worst);
                let part = run(Objective::Expected, None, vec![(g, *fb)], limit).unwrap();
                assert_eq!(part.played, 1);
                assert_eq!(part.total, part.subtree_total() + part.secrets);
                total += part.total;
                secrets += part.secrets;
            }
            assert_eq!(secrets, 64);
            assert_eq!((total, worst), (whole.total, whole.worst), "{objective:?}");
        }
        // A contradiction and a win are named by their move.
        let win = game.win();
        let none = game.parse_feedback("0B0W").unwrap();
        let refused = |history| {
            let options = SearchOptions {
                history,
                ..SearchOptions::default()
            };
            Search::new(&engine, options, false).err().expect("refused")
        };
        assert!(matches!(
            refused(vec![(g, none), (g, game.parse_feedback("1B0W").unwrap())]),
            SearchError::Contradiction { number: 2 }
        ));
        assert!(matches!(
            refused(vec![(g, none), (g, win)]),
            SearchError::Won { number: 2 }
        ));
    }

    #[test]
    fn a_bound_proves_the_optimum_is_at_least_it_or_finds_it() {
        let game = codebreak_core::Game::new(&codebreak_core::GameSpec::mastermind(3, 3)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let best = Search::new(&engine, SearchOptions::default(), false)
            .unwrap()
            .run()
            .unwrap();
        let with = |bound| {
            let options = SearchOptions {
                bound: Some(bound),
                ..SearchOptions::default()
            };
            Search::new(&engine, options, false).unwrap().run()
        };
        assert_eq!(with(best.total + 1).unwrap().total, best.total);
        match with(best.total) {
            Err(SearchError::AtLeast { bound }) => assert_eq!(bound, best.total),
            other => panic!("{:?}", other.map(|s| s.total)),
        }
        let options = SearchOptions {
            bound: Some(10),
            objective: Objective::Worst,
            ..SearchOptions::default()
        };
        assert!(matches!(
            Search::new(&engine, options, false),
            Err(SearchError::BoundWithWorst)
        ));
    }

    #[test]
    fn too_large_games_are_refused_with_an_estimate() {
        let game = codebreak_core::Game::new(&codebreak_core::GameSpec::mastermind(5, 8)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let err = Search::new(&engine, SearchOptions::default(), false)
            .err()
            .expect("refused");
        let text = err.to_string();
        let (low, high) = Search::new(&engine, SearchOptions::default(), true)
            .unwrap()
            .estimate()
            .range();
        let range = format!(
            "(likely {} to {})",
            estimate::human_duration(low),
            estimate::human_duration(high)
        );
        for needle in ["32768 secrets", "calibrated estimate", &range] {
            assert!(text.contains(needle), "{needle:?} missing from {text}");
        }
    }
}
