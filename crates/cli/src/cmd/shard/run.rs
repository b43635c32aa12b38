//! `codebreak shard run`: solve jobs of a plan, each into its own result file.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use clap::Args;
use codebreak_core::{AnyEngine, Game};
use codebreak_search::{Search, SearchError, SearchOptions};

use super::{Job, JobResult, Plan, PlanKind, Value, result_path};
use crate::failure::{BadInput, Failure};

/// Arguments of `shard run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The plan.
    pub plan: PathBuf,
    /// Run this job only (its index in the plan, from 0).
    #[arg(long, value_name = "I", conflicts_with_all = ["from", "to"])]
    pub index: Option<usize>,
    /// Run the jobs from index A (default 0) ...
    #[arg(long, value_name = "A")]
    pub from: Option<usize>,
    /// ... to index B, included (default the last).
    #[arg(long, value_name = "B")]
    pub to: Option<usize>,
    /// Jobs solved at once, on this machine (each search uses every core as well, and has its
    /// own memo of up to about 1 GB). Ctrl-C or SIGTERM stops them, each saving a checkpoint
    /// (RESULTS/ID.checkpoint) that its next run resumes.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: u32,
    /// The results folder (default PLAN.results).
    #[arg(long, value_name = "DIR")]
    pub results: Option<PathBuf>,
    /// Stop each job after N search nodes, as Ctrl-C does (for tests of resumption).
    #[arg(long, value_name = "N", hide = true)]
    pub node_limit: Option<u64>,
}

/// Set by Ctrl-C or SIGTERM (a scheduler's time limit): no job starts after it.
static STOP: AtomicBool = AtomicBool::new(false);
/// The stop switches of the searches running now, thrown by Ctrl-C or SIGTERM.
static RUNNING: Mutex<Vec<Arc<AtomicBool>>> = Mutex::new(Vec::new());

/// Why a job gave no result.
enum JobError {
    /// It cannot be solved as planned: noted in `ID.error`.
    Failed(String),
    /// It was stopped (Ctrl-C, SIGTERM, the node limit): its checkpoint is saved.
    Stopped(String),
}

impl From<String> for JobError {
    fn from(why: String) -> JobError {
        JobError::Failed(why)
    }
}

/// The marker of a running job: `pid P on HOST since UNIX-SECONDS`.
pub fn running_path(dir: &Path, job: &Job) -> PathBuf {
    dir.join(format!("{}.running", job.id))
}

/// Where a stopped job's solved sets are saved, for its next run to resume from.
pub fn checkpoint_path(dir: &Path, job: &Job) -> PathBuf {
    dir.join(format!("{}.checkpoint", job.id))
}

/// Writes `text` to a temporary file beside `path` and renames it into place, so that a
/// reader sees the whole file or none (a killed writer leaves a stray `.tmp` file only).
pub fn write_atomically(path: &Path, text: &str) -> Result<(), Failure> {
    static SEQ: AtomicUsize = AtomicUsize::new(0);
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(
        ".tmp.{}.{}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    ));
    let tmp = PathBuf::from(tmp);
    let written = (|| {
        use std::io::Write;
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Failure::BadInput(anyhow::anyhow!("cannot write {}: {e}", path.display()))
    })
}

/// Where a job's failure is noted (removed once it succeeds).
pub fn error_path(dir: &Path, job: &Job) -> PathBuf {
    dir.join(format!("{}.error", job.id))
}

pub fn run(a: RunArgs) -> Result<(), Failure> {
    let plan = Plan::read(&a.plan)?;
    let game = plan.game()?;
    let engine = AnyEngine::new(&game).bad_input()?;
    let last = plan.jobs.len().saturating_sub(1);
    let (from, to) = match a.index {
        Some(i) => (i, i),
        None => (a.from.unwrap_or(0), a.to.unwrap_or(last)),
    };
    if plan.jobs.is_empty() || to > last || from > to {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "jobs {from} to {to}: the plan has jobs 0 to {last}"
        )));
    }
    let dir = plan.results_dir(a.results.as_deref());
    std::fs::create_dir_all(&dir)
        .map_err(|e| Failure::BadInput(anyhow::anyhow!("cannot make {}: {e}", dir.display())))?;
    let todo: Vec<&Job> = plan.jobs[from..=to].iter().collect();
    let next = AtomicUsize::new(0);
    let failed: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let stopped: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let _ = ctrlc::set_handler(|| {
        STOP.store(true, Ordering::Relaxed);
        for cancel in RUNNING.lock().expect("no panics").iter() {
            cancel.store(true, Ordering::Relaxed);
        }
    });
    let threads = (a.jobs as usize).min(todo.len()).max(1);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = todo.get(i) else { return };
                    if STOP.load(Ordering::Relaxed) {
                        return;
                    }
                    match one(&plan, &game, &engine, &dir, job, a.node_limit) {
                        Ok(()) => {}
                        Err(JobError::Failed(why)) => {
                            eprintln!("job {} {}: failed: {why}", job.index, label(job));
                            let _ = write_atomically(&error_path(&dir, job), &format!("{why}\n"));
                            failed
                                .lock()
                                .expect("no panics")
                                .push(format!("{}", job.index));
                        }
                        Err(JobError::Stopped(why)) => {
                            eprintln!("job {} {}: {why}", job.index, label(job));
                            stopped
                                .lock()
                                .expect("no panics")
                                .push(format!("{}", job.index));
                        }
                    }
                }
            });
        }
    });
    let failed = failed.into_inner().expect("no panics");
    let stopped = stopped.into_inner().expect("no panics");
    if !stopped.is_empty() || STOP.load(Ordering::Relaxed) {
        return Err(Failure::Interrupted(anyhow::anyhow!(
            "stopped; job{} {} saved {} checkpoint{} in {} (ID.checkpoint), which running the plan again resumes",
            codebreak_core::error::plural(stopped.len()),
            stopped.join(", "),
            if stopped.len() == 1 { "its" } else { "their" },
            codebreak_core::error::plural(stopped.len()),
            dir.display()
        )));
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure::NoAnswer(anyhow::anyhow!(
            "job{} {} failed (noted in {}/ID.error)",
            codebreak_core::error::plural(failed.len()),
            failed.join(", "),
            dir.display()
        )))
    }
}

/// A job as the messages name it.
fn label(job: &Job) -> String {
    match (&job.first_guess, job.history.is_empty()) {
        (Some(g), true) => format!("(opener {g})"),
        (Some(g), false) => format!("({} then {g})", job.history),
        (None, _) => format!("({})", job.history),
    }
}

/// The file of an openers plan's results folder that holds the least exact total found so
/// far, so that a job starting reads one number, not every result. It is a hint: a stale or
/// lost value only makes a bound looser, and `merge` checks every bound a result was valued
/// below against the exact totals it has (a forged value is refused there).
fn best_path(dir: &Path) -> PathBuf {
    dir.join("best")
}

/// The least exact total noted in `dir` (an openers plan's best so far).
fn best_so_far(dir: &Path) -> Option<u64> {
    std::fs::read_to_string(best_path(dir))
        .ok()
        .and_then(|t| t.trim().parse().ok())
}

/// Notes `total` as the best so far unless a better one is noted (two writers at once may
/// lose one of theirs: only a looser bound follows).
fn offer_best(dir: &Path, total: u64) {
    if best_so_far(dir).is_none_or(|b| total < b) {
        let _ = write_atomically(&best_path(dir), &format!("{total}\n"));
    }
}

/// Solves one job unless its valid result is there, and writes its result.
fn one(
    plan: &Plan,
    game: &Game,
    engine: &AnyEngine,
    dir: &Path,
    job: &Job,
    node_limit: Option<u64>,
) -> Result<(), JobError> {
    match plan.result(dir, job) {
        Ok(Some(_)) => {
            eprintln!("job {} {}: done already", job.index, label(job));
            let _ = std::fs::remove_file(error_path(dir, job));
            return Ok(());
        }
        Ok(None) => {}
        Err(f) => eprintln!("job {}: {}; solving it again", job.index, f.message()),
    }
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
    let solved = solve(plan, game, engine, dir, job, node_limit);
    let _ = std::fs::remove_file(&marker);
    let (value, tree, nodes) = solved?;
    let mut r = JobResult {
        plan: plan.hash.clone(),
        id: job.id.clone(),
        index: job.index,
        history: job.history.clone(),
        value,
        secrets: job.secrets,
        tree,
        nodes,
        millis: start.elapsed().as_millis() as u64,
        version: env!("CARGO_PKG_VERSION").to_string(),
        checksum: String::new(),
    };
    r.checksum = r.compute_checksum();
    let text = serde_json::to_string(&r).map_err(|e| e.to_string())? + "\n";
    write_atomically(&result_path(dir, job), &text).map_err(|f| f.message())?;
    let _ = std::fs::remove_file(error_path(dir, job));
    if let (PlanKind::Openers, Value::Exact { total, .. }) = (plan.header.kind, &r.value) {
        offer_best(dir, *total);
    }
    let shown = match &r.value {
        Value::Exact { total, worst } => format!("{total} guesses in all, worst {worst}"),
        Value::AtLeast { at_least } => format!("at least {at_least}"),
        Value::Infeasible => "infeasible within the depth limit".into(),
    };
    eprintln!(
        "job {} {}: {shown} ({} ms)",
        job.index,
        label(job),
        r.millis
    );
    Ok(())
}

/// What a job finds: its value, its tree when exact, and the nodes searched.
fn solve(
    plan: &Plan,
    game: &Game,
    engine: &AnyEngine,
    dir: &Path,
    job: &Job,
    node_limit: Option<u64>,
) -> Result<(Value, Option<String>, u64), JobError> {
    let h = &plan.header;
    let played = if job.history.is_empty() {
        Vec::new()
    } else {
        crate::cmd::optimal::parse_history(game, engine, &job.history).map_err(|f| f.message())?
    };
    let first_guess = match &job.first_guess {
        None => None,
        Some(text) => {
            let code = game.parse_guess(text).map_err(|e| e.to_string())?;
            Some(
                engine
                    .space()
                    .index_of(&code)
                    .ok_or_else(|| format!("{text} is not a guess of {game}"))?,
            )
        }
    };
    // Openers valued without a bound are valued below one more than the best finished so
    // far, as `optimal --openers` does: the best are exact, the others at least that.
    let bound = match (h.kind, h.bound) {
        (PlanKind::Openers, None) => best_so_far(dir).map(|b| b + 1),
        (_, b) => b,
    };
    let options = SearchOptions {
        objective: h.objective,
        max_depth: h.max_depth,
        pool: h.pool,
        bound,
        first_guess,
        history: played.iter().map(|&(_, i)| i).collect(),
        node_limit,
        ..SearchOptions::default()
    };
    let (value, tree, nodes) = match bound {
        // An opener whose counting bound reaches the bound is at least that, unsearched.
        Some(b) if h.kind == PlanKind::Openers && job.at_least >= b => (
            Value::AtLeast {
                at_least: job.at_least,
            },
            None,
            0,
        ),
        _ => {
            let search = Search::new(engine, options, true).map_err(|e| e.to_string())?;
            let checkpoint = checkpoint_path(dir, job);
            if checkpoint.exists() {
                // A checkpoint of another search (an opener valued below another bound) is
                // not used: the job starts afresh.
                match search.load_checkpoint(&checkpoint) {
                    Ok(n) => eprintln!("job {}: resuming with {n} solved sets", job.index),
                    Err(e) => eprintln!("job {}: {e}; starting afresh", job.index),
                }
            }
            let cancel = Arc::clone(&search.status().cancel);
            RUNNING.lock().expect("no panics").push(Arc::clone(&cancel));
            if STOP.load(Ordering::Relaxed) {
                cancel.store(true, Ordering::Relaxed);
            }
            let result = search.run();
            RUNNING
                .lock()
                .expect("no panics")
                .retain(|c| !Arc::ptr_eq(c, &cancel));
            if matches!(result, Err(SearchError::Interrupted)) {
                let n = search
                    .save_checkpoint(&checkpoint)
                    .map_err(|e| e.to_string())?;
                return Err(JobError::Stopped(format!(
                    "stopped; {n} solved sets saved to {}",
                    checkpoint.display()
                )));
            }
            let _ = std::fs::remove_file(&checkpoint);
            match result {
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
                    search.status().nodes.load(Ordering::Relaxed),
                ),
                Err(SearchError::Infeasible { .. }) => (
                    Value::Infeasible,
                    None,
                    search.status().nodes.load(Ordering::Relaxed),
                ),
                Err(e) => return Err(e.to_string().into()),
            }
        }
    };
    Ok((value, tree, nodes))
}
