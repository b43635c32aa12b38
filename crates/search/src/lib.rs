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
//! (symmetry classes from `codebreak-core`), solved sets are memoised (shared across threads,
//! saved in checkpoints), and large nodes try their guesses on every thread in bound order
//! while sharing the best value found, so parallel runs keep their pruning. Ties go to the
//! guess that comes first in bound order, so the tree does not depend on timing.
//!
//! The result is a [`DecisionTree`]; `codebreak_tree::verify` checks it with the rules alone.
#![deny(missing_docs)]

pub mod bounds;
pub mod memo;
mod solver;
pub mod table;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use codebreak_core::error::human_duration;
use codebreak_core::{AnyEngine, Candidates, Engine, FeedbackKind, Pool, Rules, dispatch_engine};
use codebreak_tree::{DecisionTree, Node};
use thiserror::Error;

use crate::bounds::{Bounds, INFINITE, NO_LIMIT, Val, total};
use crate::memo::{Checkpoint, CheckpointError, Memo};
use crate::solver::{Interrupted, Solver};
use crate::table::ScoreTable;

/// What to minimise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Objective {
    /// The total number of guesses over all secrets (so the average), then the worst case.
    #[default]
    Expected,
    /// The worst case, then the total.
    Worst,
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
}

/// Live figures of a running search, for progress displays, and its stop switch.
#[derive(Debug, Default)]
pub struct Status {
    /// Nodes searched.
    pub nodes: AtomicU64,
    /// Set to stop the search (it returns [`SearchError::Interrupted`]); shared so that a
    /// signal handler can hold it.
    pub cancel: Arc<AtomicBool>,
    /// The depth limit being tried (objective worst, or 0).
    pub trying_depth: AtomicU64,
    /// The best strategy found so far for the whole game (the current upper bound on the
    /// optimum), packed as `total << 8 | worst`; 0 until one is found. Read it with
    /// [`Status::best`].
    pub best: AtomicU64,
}

impl Status {
    /// The fewest guesses in all, and that strategy's worst case, of the best strategy found
    /// so far for the whole game: an upper bound on the optimum that only falls as the search
    /// goes on (for objective worst, within the depth being tried). `None` until the first
    /// strategy is complete.
    pub fn best(&self) -> Option<(u64, u64)> {
        match self.best.load(Ordering::Relaxed) {
            0 => None,
            v => Some((total(v), bounds::worst(v))),
        }
    }

    /// Records a complete strategy for the whole game, if better than the best so far.
    pub(crate) fn offer(&self, v: Val) {
        if v != INFINITE {
            let _ = self
                .best
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
                    (b == 0 || v < b).then_some(v)
                });
        }
    }
}

/// An optimal strategy and what it took to find it.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Secrets.
    pub secrets: u64,
    /// Guesses over all secrets.
    pub total: u64,
    /// Most guesses any secret needs.
    pub worst: usize,
    /// `histogram[k]` secrets need `k` guesses.
    pub histogram: Vec<u64>,
    /// The tree.
    pub tree: DecisionTree,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// Entries in the memo at the end.
    pub memo_entries: usize,
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

/// `FILE.tmp`, where a checkpoint is written before it is renamed to `FILE`.
pub fn tmp_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// Largest number of secrets searched without `force`.
pub const MAX_SECRETS: usize = 6000;

/// Secrets of the reference game of [`estimate_seconds`], MM(4,8).
const REFERENCE_SECRETS: usize = 4096;
/// Seconds MM(4,8) takes on the 2-core machine where the search was measured.
const REFERENCE_SECONDS: f64 = 20.0;

/// A rough range of seconds an exact search of `secrets` secrets could take, scaled from
/// MM(4,8): Mastermind's measured times grow like the 3.6th to 4.3th power of the secrets
/// (MM(4,6) 0.2 s, MM(4,7) 3 s, MM(4,8) 20 s), so the range runs from the cube (a floor that
/// games with more symmetry, such as Bulls and Cows, come closer to) to the 5th power.
pub fn estimate_seconds(secrets: usize) -> (f64, f64) {
    let ratio = secrets as f64 / REFERENCE_SECRETS as f64;
    (
        REFERENCE_SECONDS * ratio.powi(3),
        REFERENCE_SECONDS * ratio.powi(5),
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
        if !force && secrets > MAX_SECRETS {
            let (low, high) = estimate_seconds(secrets);
            return Err(SearchError::TooLarge(format!(
                "{} has {secrets} secrets and {guesses} guesses, more than the {MAX_SECRETS} secrets this search takes on \
                 unless forced: a rough estimate, scaled from MM(4,8) ({REFERENCE_SECRETS} secrets, about {REFERENCE_SECONDS:.0} s \
                 on a 2-core machine), is {} to {} of searching, with far more memory for memoisation",
                engine.game(),
                human_duration(low),
                human_duration(high),
            )));
        }
        Ok(Search {
            engine,
            memo: Memo::new(options.memo_cap.unwrap_or(20_000_000)),
            options,
            status: Status::default(),
        })
    }

    /// Live figures and the stop switch.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// The header that identifies this search in checkpoints.
    pub fn header(&self) -> String {
        let spec = serde_json::to_string(&self.engine.game().spec()).unwrap_or_default();
        format!(
            "codebreak-checkpoint/2 game={spec} pool={:?} objective={:?} max_depth={:?}",
            self.options.pool, self.options.objective, self.options.max_depth
        )
    }

    /// What a checkpoint of this search must be.
    fn checkpoint_spec(&self) -> Checkpoint {
        Checkpoint {
            identity: self.header(),
            codes: self.engine.space().len() as u32,
            secrets: self.engine.space().secrets().len() as u64,
            max_worst: u64::from(self.options.max_depth.unwrap_or(NO_LIMIT).min(NO_LIMIT)),
        }
    }

    /// Saves the solved sets, atomically: the file is written as `FILE.tmp`, flushed to disk,
    /// then renamed, so an interrupted save never leaves half a checkpoint under `FILE`.
    pub fn save_checkpoint(&self, path: &Path) -> Result<usize, SearchError> {
        let io = |source| SearchError::Io {
            path: path.display().to_string(),
            source,
        };
        let tmp = tmp_path(path);
        let write = || -> std::io::Result<usize> {
            let mut file = std::fs::File::create(&tmp)?;
            let n = self.memo.save(&self.header(), &mut file)?;
            file.sync_all()?;
            std::fs::rename(&tmp, path)?;
            Ok(n)
        };
        write().map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            io(e)
        })
    }

    /// Loads solved sets saved by an interrupted run of the same search. The whole file is
    /// checked (length, entry count, checksum, every record) before anything is loaded.
    pub fn load_checkpoint(&self, path: &Path) -> Result<usize, SearchError> {
        let name = path.display().to_string();
        let open = || -> std::io::Result<Box<dyn std::io::Read>> {
            Ok(Box::new(std::fs::File::open(path)?))
        };
        let expect = self.checkpoint_spec();
        self.memo.load(open, &expect).map_err(|e| match e {
            CheckpointError::Io(source) => SearchError::Io { path: name, source },
            CheckpointError::Other(found) => SearchError::Checkpoint {
                path: name,
                found,
                expected: expect.identity.clone(),
            },
            CheckpointError::Damaged(why) => SearchError::Damaged { path: name, why },
        })
    }

    /// Runs the search.
    pub fn run(&self) -> Result<Solution, SearchError> {
        let start = Instant::now();
        let (root, value, histogram) = dispatch_engine!(self.engine, e => self.run_with(e))?;
        let secrets: u64 = histogram.iter().sum();
        Ok(Solution {
            secrets,
            total: total(value),
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
        })
    }

    /// A description of the search for the tree file.
    pub fn describe(&self) -> String {
        let o = &self.options;
        let mut s = format!(
            "optimal ({}, pool {}",
            match o.objective {
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
        s.push(')');
        s
    }

    fn run_with<R: Rules>(&self, e: &Engine<R>) -> Result<(Node, Val, Vec<u64>), SearchError> {
        let kind = e.game().feedback();
        let n = e.space().secrets().len();
        let limit = self
            .options
            .max_depth
            .map(|d| d.min(NO_LIMIT))
            .unwrap_or(NO_LIMIT);
        let bounds = Bounds::new(branching(kind), n);
        let all = e.all_secrets();
        let masks: Vec<u64> = e
            .space()
            .codes()
            .iter()
            .map(|c| c.pegs().iter().fold(0u64, |m, &p| m | 1 << p))
            .collect();
        let colors = e.game().colors();
        let all_colors = if colors >= 64 {
            u64::MAX
        } else {
            (1u64 << colors) - 1
        };
        let all_codes: Vec<u32> = (0..e.space().len() as u32).collect();
        let perms = if e.game().has_peg_symmetry() && e.game().pegs() <= 6 {
            codebreak_core::symmetry::permutations(e.game().pegs())
        } else {
            Vec::new()
        };
        let orders: Vec<Vec<[u8; codebreak_core::MAX_PEGS]>> = (0..=5)
            .map(codebreak_core::symmetry::permutations)
            .collect();
        let table = ScoreTable::build(e);
        let solver = |tagged: bool| Solver {
            table: table.as_ref(),
            orders: orders.clone(),
            node_limit: self.options.node_limit.unwrap_or(u64::MAX),
            perms: perms.clone(),
            all_codes: all_codes.clone(),
            masks: masks.clone(),
            all_colors,
            e,
            pool: self.options.pool,
            bounds: bounds.clone(),
            memo: &self.memo,
            status: &self.status,
            depth_tagged: tagged,
            win: e.game().win(),
        };
        let interrupted = |_: Interrupted| SearchError::Interrupted;
        match self.options.objective {
            Objective::Expected => {
                let s = solver(self.options.max_depth.is_some());
                let found = s
                    .solve(&all, &mut Vec::new(), limit, INFINITE)
                    .map_err(interrupted)?;
                let (v, _) = found.ok_or(SearchError::Infeasible { max_depth: limit })?;
                let mut hist = vec![0];
                let root = self
                    .rebuild(&s, &all, &mut Vec::new(), limit, &mut hist)
                    .map_err(interrupted)?;
                Ok((root, v, hist))
            }
            Objective::Worst => {
                let s = solver(true);
                let first = bounds.min_depth(n as u64).max(1);
                for d in first..=limit {
                    self.status.trying_depth.store(d as u64, Ordering::Relaxed);
                    if let Some((v, _)) = s
                        .solve(&all, &mut Vec::new(), d, INFINITE)
                        .map_err(interrupted)?
                    {
                        let mut hist = vec![0];
                        let root = self
                            .rebuild(&s, &all, &mut Vec::new(), d, &mut hist)
                            .map_err(interrupted)?;
                        return Ok((root, v, hist));
                    }
                }
                Err(SearchError::Infeasible { max_depth: limit })
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
        let depth = history.len() + 1;
        if hist.len() <= depth {
            hist.resize(depth + 1, 0);
        }
        let e = s.e;
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
    fn durations_in_words() {
        assert_eq!(human_duration(0.4), "0.4 seconds");
        assert_eq!(human_duration(1.0), "1 second");
        assert_eq!(human_duration(90.0), "1.5 minutes");
        assert_eq!(human_duration(3600.0 * 9.1), "9.1 hours");
        assert_eq!(human_duration(86400.0 * 24.3), "24 days");
        assert_eq!(human_duration(86400.0 * 800.0), "2.2 years");
    }

    #[test]
    fn estimates_scale_from_mm48() {
        let (low, high) = estimate_seconds(4096);
        assert_eq!((low, high), (20.0, 20.0));
        // MM(5,8): 8 times the secrets.
        let (low, high) = estimate_seconds(32768);
        assert_eq!(human_duration(low), "2.8 hours");
        assert_eq!(human_duration(high), "7.6 days");
    }

    #[test]
    fn too_large_games_are_refused_with_an_estimate() {
        let game = codebreak_core::Game::new(&codebreak_core::GameSpec::mastermind(5, 8)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let err = Search::new(&engine, SearchOptions::default(), false)
            .err()
            .expect("refused");
        let text = err.to_string();
        for needle in ["32768 secrets", "rough estimate", "2.8 hours to 7.6 days"] {
            assert!(text.contains(needle), "{needle:?} missing from {text}");
        }
    }
}
