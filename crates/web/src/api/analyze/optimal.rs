//! The `optimal` entry of a job: the exact search of `codebreak-search`, its options checked
//! against the server's budget, run with a watcher thread beside it that copies its live
//! figures into the job's progress and stops it when the job is deleted or runs past
//! [`Limits::optimal_time`](crate::Limits::optimal_time). Its tree is replayed by the
//! independent verifier before it becomes a result.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use codebreak_analysis::Analysis;
use codebreak_core::{AnyEngine, Game, Pool, Role};
use codebreak_search::{Effort, OptimalSpec, Search, SearchError, SearchOptions, Solution, Status};
use codebreak_tree::Figures;

use super::jobs::{Outcome, Progress, cancelled};
use crate::error::ApiError;

/// The name that asks for the exact optimal strategy in a job's `strategies`.
pub const OPTIMAL: &str = "optimal";

/// How often the watcher of an exact search looks at it.
const WATCH_EVERY: Duration = Duration::from_millis(50);

/// Whether `name` asks for the exact search.
pub(super) fn is_optimal(name: &str) -> bool {
    name.trim().eq_ignore_ascii_case(OPTIMAL)
}

/// The options of the exact search when `strategies` asks for it (once at most), none when it
/// does not (and then `spec` must not be given), checked against the server's budget; its
/// pool defaults to the request's. [`options`] reads them on the game's engine.
pub(super) fn requested(
    game: &Game,
    strategies: &[String],
    spec: Option<&OptimalSpec>,
    pool: Option<Pool>,
    limits: &crate::Limits,
) -> Result<Option<OptimalSpec>, ApiError> {
    match strategies.iter().filter(|n| is_optimal(n)).count() {
        0 if spec.is_some() => Err(ApiError::Invalid(format!(
            "optimal options are given but strategies does not include {OPTIMAL:?}: add it, or leave the options out"
        ))),
        0 => Ok(None),
        1 => optimal_options(game, spec, pool, limits).map(Some),
        n => Err(ApiError::Invalid(format!(
            "strategies names {OPTIMAL:?} {n} times: expected it at most once"
        ))),
    }
}

/// The options of the exact search, checked against the server's budget.
fn optimal_options(
    game: &Game,
    req: Option<&OptimalSpec>,
    pool: Option<Pool>,
    limits: &crate::Limits,
) -> Result<OptimalSpec, ApiError> {
    let codes = game.count(Role::Guess);
    let max = limits.optimal_codes;
    if codes > max {
        return Err(ApiError::TooBig(format!(
            "the {game} game has {codes} codes, more than the {max} this server searches for an optimal strategy: use codebreak optimal on the command line"
        )));
    }
    let mut spec = req.cloned().unwrap_or_default();
    spec.pool = spec.pool.or(pool);
    Ok(spec)
}

/// The library options of the exact search on `engine`'s game (the first guess is one of
/// its codes). Options the server does not set (the node limit) keep the library's defaults.
pub(super) fn options(
    spec: &OptimalSpec,
    engine: &AnyEngine,
    limits: &crate::Limits,
) -> Result<SearchOptions, ApiError> {
    let options = spec
        .options(engine)
        .map_err(|e| ApiError::Invalid(format!("optimal.{e}")))?;
    Ok(SearchOptions {
        memo_cap: Some(limits.optimal_memo),
        ..options
    })
}

/// A search the library will not start.
pub(super) fn search_refused(e: SearchError) -> ApiError {
    match e {
        SearchError::TooLarge(m) => ApiError::TooBig(format!("optimal: {m}")),
        e => ApiError::Invalid(format!("optimal: {e}")),
    }
}

/// Runs the exact search with a watcher beside it, then replays its tree through the
/// independent verifier.
pub(super) fn run(
    engine: &AnyEngine,
    options: &SearchOptions,
    progress: &Progress,
    budget: Duration,
) -> Result<Outcome, String> {
    let search = Search::new(engine, options.clone(), false).map_err(|e| e.to_string())?;
    let status = search.status();
    progress.nodes.store(0, Ordering::Relaxed);
    progress.depth.store(0, Ordering::Relaxed);
    let start = Instant::now();
    let timed_out = AtomicBool::new(false);
    let (done, finished) = mpsc::channel::<()>();
    let result = std::thread::scope(|scope| {
        let timed_out = &timed_out;
        scope.spawn(move || watch(status, progress, start, budget, timed_out, finished));
        let result = search.run();
        // Dropping the sender wakes the watcher at once (also when the search panics).
        drop(done);
        result
    });
    let solution = match result {
        Ok(s) => s,
        Err(SearchError::Interrupted) if timed_out.load(Ordering::Relaxed) => {
            return Err(format!(
                "the exact search of {} was stopped after {} s, this server's limit: use codebreak optimal on the command line",
                engine.game(),
                budget.as_secs_f64()
            ));
        }
        Err(SearchError::Interrupted) => return Err(cancelled()),
        Err(e) => return Err(format!("optimal: {e}")),
    };
    progress.nodes.store(solution.nodes, Ordering::Relaxed);
    checked(engine.game(), search.describe(), solution)
}

/// The watcher: every [`WATCH_EVERY`] until the search ends (`finished` closes), copies the
/// search's live figures into the job's progress, and stops the search when the job is
/// deleted or the budget is spent (then sets `timed_out`).
fn watch(
    status: &Status,
    progress: &Progress,
    start: Instant,
    budget: Duration,
    timed_out: &AtomicBool,
    finished: Receiver<()>,
) {
    loop {
        progress
            .nodes
            .store(status.nodes.load(Ordering::Relaxed), Ordering::Relaxed);
        progress.depth.store(
            status.trying_depth.load(Ordering::Relaxed),
            Ordering::Relaxed,
        );
        if progress.cancel.load(Ordering::Relaxed) {
            status.cancel.store(true, Ordering::Relaxed);
        }
        if start.elapsed() >= budget && !timed_out.swap(true, Ordering::Relaxed) {
            status.cancel.store(true, Ordering::Relaxed);
        }
        if finished.recv_timeout(WATCH_EVERY) != Err(RecvTimeoutError::Timeout) {
            break;
        }
    }
}

/// The search's answer as a result, once the independent verifier has replayed its tree to
/// the figures the search reported.
fn checked(game: &Game, description: String, solution: Solution) -> Result<Outcome, String> {
    let report = codebreak_tree::verify(game, &solution.tree.root)
        .map_err(|e| format!("optimal: the tree fails the independent check: {e}"))?;
    let figures = Figures::from_histogram(solution.histogram.clone());
    if report.total != figures.total || report.histogram != figures.histogram {
        return Err(format!(
            "optimal: the tree replays to {}/{} guesses but the search reported {}",
            report.total,
            report.secrets,
            figures.fraction()
        ));
    }
    Ok(Outcome {
        analysis: Analysis {
            game: game.spec(),
            strategy: OPTIMAL.into(),
            description,
            figures,
            sampled: 0,
            seconds: solution.seconds,
            tree: solution.tree,
        },
        search: Some(Effort {
            nodes: solution.nodes,
            memo_entries: solution.memo_entries,
            seconds: solution.seconds,
            symmetry: solution.symmetry,
        }),
    })
}
