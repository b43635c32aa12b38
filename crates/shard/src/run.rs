//! Running jobs: [`Runner::run_job`] solves one job of a plan into its result file.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use codebreak_core::{AnyEngine, Game};
use codebreak_search::{Search, SearchError, SearchOptions};
use thiserror::Error;

use crate::format::{
    Job, JobResult, Plan, PlanKind, Value, certificate_path, checkpoint_path, error_path,
    result_path, running_path,
};
use crate::{ShardError, write_atomically, write_bytes_atomically};

/// A stop switch shared by the jobs of a process: once thrown (Ctrl-C, SIGTERM, a Python
/// `KeyboardInterrupt`), the searches running stop and save their checkpoints, and no job
/// starts. A `static` one serves a signal handler.
#[derive(Debug, Default)]
pub struct Stop {
    stopped: AtomicBool,
    running: Mutex<Vec<Arc<AtomicBool>>>,
}

impl Stop {
    /// A switch not thrown.
    pub const fn new() -> Stop {
        Stop {
            stopped: AtomicBool::new(false),
            running: Mutex::new(Vec::new()),
        }
    }

    /// Throws the switch: every search running now stops, and none starts.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
        for cancel in self
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
        {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the switch was thrown.
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    fn enter(&self, cancel: &Arc<AtomicBool>) {
        self.running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Arc::clone(cancel));
        if self.is_stopped() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Forgets one entry of `cancel` (jobs sharing a search entered it once each).
    fn leave(&self, cancel: &Arc<AtomicBool>) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = running.iter().position(|c| Arc::ptr_eq(c, cancel)) {
            running.swap_remove(i);
        }
    }
}

/// How jobs run.
#[derive(Clone, Copy, Default)]
pub struct RunOptions<'a> {
    /// Stop each job after this many search nodes, as a stop does (tests of resumption).
    pub node_limit: Option<u64>,
    /// The stop switch (none: the job runs to its end).
    pub stop: Option<&'a Stop>,
    /// Where progress lines go (`job 3 (0012:1B): done already`); none: nowhere.
    pub log: Option<&'a (dyn Fn(&str) + Sync)>,
    /// A search that values the openers of an openers plan one after another on the calling
    /// thread, sharing its memo (see [`Runner::opener_search`]); none: each job searches
    /// afresh, on every core.
    pub shared: Option<&'a Search<'a>>,
    /// Write each job's certificate of optimality (`ID.cert`) before its result; a job whose
    /// result is there without its certificate is solved again.
    pub certificate: bool,
}

impl RunOptions<'_> {
    fn log(&self, line: &str) {
        if let Some(log) = self.log {
            log(line);
        }
    }
}

/// A job with its result.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Solved by this run.
    Solved(JobResult),
    /// Its valid result was there: not solved again.
    AlreadyDone(JobResult),
}

impl Outcome {
    /// The result, however it came.
    pub fn result(&self) -> &JobResult {
        match self {
            Outcome::Solved(r) | Outcome::AlreadyDone(r) => r,
        }
    }
}

/// Why a job gave no result.
#[derive(Debug, Error)]
pub enum Stopped {
    /// It cannot be solved as planned: its reason is noted in `ID.error`.
    #[error("failed: {0}")]
    Failed(String),
    /// It was stopped (the stop switch, the node limit) and its checkpoint saved.
    #[error("stopped; {solved} solved sets saved to {}", checkpoint.display())]
    Checkpointed {
        /// Solved sets saved.
        solved: usize,
        /// The checkpoint its next run resumes.
        checkpoint: PathBuf,
    },
    /// The stop switch was thrown before it started.
    #[error("not started: stopped")]
    NotStarted,
}

/// A plan's game loaded once, and its results folder: runs any of its jobs.
pub struct Runner {
    /// The plan.
    pub plan: Plan,
    /// Its game, checked against the plan's fingerprint.
    pub game: Game,
    /// The game's engine.
    pub engine: AnyEngine,
    /// The results folder (made if missing).
    pub dir: PathBuf,
}

impl Runner {
    /// Loads the plan's game and makes its results folder (`results`, else `PLAN.results`).
    pub fn new(plan: Plan, results: Option<&Path>) -> Result<Runner, ShardError> {
        let game = plan.game()?;
        let engine = AnyEngine::new(&game).map_err(|e| ShardError::BadInput(e.to_string()))?;
        let dir = plan.results_dir(results);
        std::fs::create_dir_all(&dir).map_err(|error| ShardError::Io {
            action: "make",
            path: dir.clone(),
            error,
        })?;
        Ok(Runner {
            plan,
            game,
            engine,
            dir,
        })
    }

    /// A search for the openers of an openers plan, to be shared by the jobs a process runs
    /// ([`RunOptions::shared`]): each opener is then valued on one thread with what the
    /// openers before it solved, as `optimal --openers` values them, so a chunk of jobs costs
    /// about what the same openers cost in one unsharded run. `None` for other plans.
    pub fn opener_search(&self, node_limit: Option<u64>) -> Result<Option<Search<'_>>, ShardError> {
        let h = &self.plan.header;
        if h.kind != PlanKind::Openers {
            return Ok(None);
        }
        let options = SearchOptions {
            objective: h.objective,
            max_depth: h.max_depth,
            pool: h.pool,
            node_limit,
            ..SearchOptions::default()
        };
        Search::new(&self.engine, options, true)
            .map(Some)
            .map_err(|e| ShardError::BadInput(e.to_string()))
    }

    /// Solves `job` unless its valid result is there, and writes its result atomically. A job
    /// that fails has its reason noted in `ID.error`; a stopped one saves its checkpoint.
    pub fn run_job(&self, job: &Job, options: &RunOptions<'_>) -> Result<Outcome, Stopped> {
        let dir = &self.dir;
        match self.plan.result(dir, job) {
            Ok(Some(_)) if options.certificate && !certificate_path(dir, job).exists() => {
                options.log(&format!(
                    "job {} {}: done, but without its certificate; solving it again",
                    job.index,
                    job.label()
                ));
            }
            Ok(Some(r)) => {
                options.log(&format!("job {} {}: done already", job.index, job.label()));
                let _ = std::fs::remove_file(error_path(dir, job));
                return Ok(Outcome::AlreadyDone(r));
            }
            Ok(None) => {}
            Err(e) => options.log(&format!("job {}: {e}; solving it again", job.index)),
        }
        if options.stop.is_some_and(Stop::is_stopped) {
            return Err(Stopped::NotStarted);
        }
        let outcome = self.solve_and_write(job, options);
        if let Err(Stopped::Failed(why)) = &outcome {
            let _ = write_atomically(&error_path(dir, job), &format!("{why}\n"));
        }
        outcome
    }

    fn solve_and_write(&self, job: &Job, options: &RunOptions<'_>) -> Result<Outcome, Stopped> {
        let dir = &self.dir;
        let start = Instant::now();
        // A marker while the job runs, for `status` (left behind only by a killed process).
        let marker = running_path(dir, job);
        let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
        let since = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let _ = write_atomically(
            &marker,
            &format!(
                "pid {} on {} since {since}\n",
                std::process::id(),
                host.trim()
            ),
        );
        let solved = self.solve(job, options);
        let _ = std::fs::remove_file(&marker);
        let (value, tree, nodes) = solved?;
        let mut r = JobResult {
            plan: self.plan.hash.clone(),
            id: job.id.clone(),
            index: job.index,
            history: job.history.clone(),
            value,
            secrets: job.secrets,
            tree,
            nodes,
            millis: start.elapsed().as_millis() as u64,
            version: env!("CARGO_PKG_VERSION").to_string(),
            imported: None,
            checksum: String::new(),
        };
        r.checksum = r.compute_checksum();
        let text = serde_json::to_string(&r).map_err(|e| Stopped::Failed(e.to_string()))? + "\n";
        write_atomically(&result_path(dir, job), &text)
            .map_err(|e| Stopped::Failed(e.to_string()))?;
        let _ = std::fs::remove_file(error_path(dir, job));
        if let (Some(_), Value::Exact { total, .. }) = (&job.first_guess, &r.value) {
            offer_best(dir, &job.history, *total);
        }
        options.log(&format!(
            "job {} {}: {} ({} ms)",
            job.index,
            job.label(),
            r.value,
            r.millis
        ));
        Ok(Outcome::Solved(r))
    }

    /// What a job finds: its value, its tree when exact, and the nodes searched.
    fn solve(
        &self,
        job: &Job,
        options: &RunOptions<'_>,
    ) -> Result<(Value, Option<String>, u64), Stopped> {
        let (game, engine, dir) = (&self.game, &self.engine, &self.dir);
        let failed = |why: String| Stopped::Failed(why);
        let h = &self.plan.header;
        let history = if job.history.is_empty() {
            Vec::new()
        } else {
            let moves = codebreak_strategy::parse_history(game, &job.history)
                .map_err(|e| failed(format!("history {}: {e}", job.history)))?;
            codebreak_strategy::history::indices(engine, &moves)
                .map_err(|e| failed(format!("history {}: {e}", job.history)))?
        };
        let first_guess = match &job.first_guess {
            None => None,
            Some(text) => {
                let code = game.parse_guess(text).map_err(|e| failed(e.to_string()))?;
                Some(
                    engine
                        .space()
                        .index_of(&code)
                        .ok_or_else(|| failed(format!("{text} is not a guess of {game}")))?,
                )
            }
        };
        // Openers valued without a bound are valued below one more than the best finished so
        // far, as `optimal --openers` does: the best are exact, the others at least that.
        // So are the next guesses of a position in a plan of depth 2, below the best of the
        // same position's.
        let bound = match (h.kind, h.bound, &job.first_guess) {
            (_, None, Some(_)) => best_so_far(dir, &job.history).map(|b| b + 1),
            (_, b, _) => b,
        };
        // An opener (or next guess) whose counting bound reaches the bound is at least that,
        // unsearched.
        if let Some(b) = bound
            && job.first_guess.is_some()
            && job.at_least >= b
        {
            let at_least = job.at_least;
            return Ok((Value::AtLeast { at_least }, None, 0));
        }
        // A job that writes its certificate searches on its own: the certificate is proved
        // from its own search's memo.
        if let (Some(shared), Some(g), PlanKind::Openers, false) =
            (options.shared, first_guess, h.kind, options.certificate)
        {
            return self.solve_opener(shared, job, g, bound, options);
        }
        let search_options = SearchOptions {
            objective: h.objective,
            max_depth: h.max_depth,
            pool: h.pool,
            bound,
            first_guess,
            history,
            node_limit: options.node_limit,
            ..SearchOptions::default()
        };
        let search =
            Search::new(engine, search_options, true).map_err(|e| failed(e.to_string()))?;
        let checkpoint = checkpoint_path(dir, job);
        if checkpoint.exists() {
            // A checkpoint of another search (an opener valued below another bound) is not
            // used: the job starts afresh.
            match search.load_checkpoint(&checkpoint) {
                Ok(n) => options.log(&format!("job {}: resuming with {n} solved sets", job.index)),
                Err(e) => options.log(&format!("job {}: {e}; starting afresh", job.index)),
            }
        }
        let cancel = Arc::clone(&search.status().cancel);
        if let Some(stop) = options.stop {
            stop.enter(&cancel);
        }
        let result = search.run();
        if let Some(stop) = options.stop {
            stop.leave(&cancel);
        }
        if matches!(result, Err(SearchError::Interrupted)) {
            let solved = search
                .save_checkpoint(&checkpoint)
                .map_err(|e| failed(e.to_string()))?;
            return Err(Stopped::Checkpointed { solved, checkpoint });
        }
        let _ = std::fs::remove_file(&checkpoint);
        if options.certificate {
            let cert = match &result {
                Ok(s) => Some(search.certificate(s)),
                Err(SearchError::AtLeast { bound }) => Some(search.certificate_at_least(*bound)),
                _ => None,
            };
            if let Some(cert) = cert {
                let cert = cert.map_err(|e| failed(format!("certificate: {e}")))?;
                let mut bytes = Vec::new();
                cert.write(&mut bytes)
                    .map_err(|e| failed(format!("certificate: {e}")))?;
                write_bytes_atomically(&certificate_path(dir, job), &bytes)
                    .map_err(|e| failed(e.to_string()))?;
            }
        }
        let nodes = || search.status().nodes.load(Ordering::Relaxed);
        Ok(match result {
            Ok(s) => (
                Value::Exact {
                    total: s.total,
                    worst: s.worst as u64,
                },
                Some(codebreak_tree::json::to_string(&s.tree, game)),
                s.nodes,
            ),
            Err(SearchError::AtLeast { bound }) => (
                Value::AtLeast {
                    at_least: bound.max(job.at_least),
                },
                None,
                nodes(),
            ),
            Err(SearchError::Infeasible { .. }) => (Value::Infeasible, None, nodes()),
            Err(e) => return Err(failed(e.to_string())),
        })
    }
}

impl Runner {
    /// [`Runner::solve`] for an opener valued by the shared search: a stop saves the shared
    /// memo as the job's checkpoint, which the job's next run loads into its shared search.
    fn solve_opener(
        &self,
        shared: &Search<'_>,
        job: &Job,
        guess: u32,
        bound: Option<u64>,
        options: &RunOptions<'_>,
    ) -> Result<(Value, Option<String>, u64), Stopped> {
        let failed = |why: String| Stopped::Failed(why);
        let cancel = Arc::clone(&shared.status().cancel);
        // A shared search once stopped (a stop, its node limit) stays stopped: the jobs after
        // it do not start.
        if cancel.load(Ordering::Relaxed) {
            return Err(Stopped::NotStarted);
        }
        let checkpoint = checkpoint_path(&self.dir, job);
        if checkpoint.exists() {
            match shared.load_checkpoint(&checkpoint) {
                Ok(n) => options.log(&format!("job {}: resuming with {n} solved sets", job.index)),
                Err(e) => options.log(&format!("job {}: {e}; starting afresh", job.index)),
            }
        }
        if let Some(stop) = options.stop {
            stop.enter(&cancel);
        }
        // The shared search counts every opener's nodes: this one's are the difference (its
        // result reports them for an exact value only).
        let nodes0 = shared.status().nodes.load(Ordering::Relaxed);
        let result = shared.opener(guess, bound);
        let searched = shared.status().nodes.load(Ordering::Relaxed) - nodes0;
        if let Some(stop) = options.stop {
            stop.leave(&cancel);
        }
        if matches!(result, Err(SearchError::Interrupted)) {
            cancel.store(true, Ordering::Relaxed);
            let solved = shared
                .save_checkpoint(&checkpoint)
                .map_err(|e| failed(e.to_string()))?;
            return Err(Stopped::Checkpointed { solved, checkpoint });
        }
        let _ = std::fs::remove_file(&checkpoint);
        Ok(match result {
            Ok(s) => (
                Value::Exact {
                    total: s.total,
                    worst: s.worst as u64,
                },
                Some(codebreak_tree::json::to_string(&s.tree, &self.game)),
                s.nodes,
            ),
            Err(SearchError::AtLeast { bound }) => (
                Value::AtLeast {
                    at_least: bound.max(job.at_least),
                },
                None,
                searched,
            ),
            Err(SearchError::Infeasible { .. }) => (Value::Infeasible, None, searched),
            Err(e) => return Err(failed(e.to_string())),
        })
    }
}

/// The file of a plan's results folder that holds the least exact total found so far for a
/// position whose next guesses are jobs (the start of the game in an openers plan), so that
/// a job starting reads one number, not every result. It is a hint: a stale or
/// lost value only makes a bound looser, and [`merge`](crate::merge()) checks every bound a
/// result was valued below against the exact totals it has (a forged value is refused there).
/// The position's (`best` for the start of the game, `best-HASH` for the position after
/// `history`, in a plan of depth 2 below an opener).
fn best_path(dir: &Path, history: &str) -> PathBuf {
    if history.is_empty() {
        dir.join("best")
    } else {
        dir.join(format!("best-{}", crate::fnv(history)))
    }
}

/// The least exact total noted in `dir` for the position after `history`.
fn best_so_far(dir: &Path, history: &str) -> Option<u64> {
    std::fs::read_to_string(best_path(dir, history))
        .ok()
        .and_then(|t| t.trim().parse().ok())
}

/// Notes `total` as the position's best so far unless a better one is noted (two writers at
/// once may lose one of theirs: only a looser bound follows).
fn offer_best(dir: &Path, history: &str, total: u64) {
    if best_so_far(dir, history).is_none_or(|b| total < b) {
        let _ = write_atomically(&best_path(dir, history), &format!("{total}\n"));
    }
}
