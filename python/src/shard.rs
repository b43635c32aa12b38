//! A search split into jobs (the `codebreak-shard` library), for `codebreak.distributed`:
//! plan, run one job, status, merge. Every executor shares only the plan file and its results
//! folder, as `codebreak shard` does, so Ray tasks, a process pool and the command line can
//! run jobs of the same plan.

use std::path::PathBuf;
use std::sync::Arc;

use codebreak_core::{Game, Pool};
use codebreak_search::Objective;
use codebreak_shard::{Merged, Plan, PlanRequest, RunOptions, Runner, ShardError, Split, Stop};
use pyo3::prelude::*;

use crate::analysis::PyReport;
use crate::errors::{bad, no_answer};
use crate::game::PyGame;

/// A library refusal: `ValueError` for bad input, `RuntimeError` for failed checks.
fn shard_error(e: ShardError) -> PyErr {
    if e.is_bad_input() {
        bad(e)
    } else {
        no_answer(e)
    }
}

fn json<'py>(py: Python<'py>, v: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    crate::convert::json(py, &serde_json::to_value(v).map_err(bad)?)
}

/// Splits the exact search of `game` (fewest guesses in all) into jobs and writes the plan to
/// `out`: one job per reply to `first_guess` (`depth=2`: one per reply and next guess, for
/// the replies that leave at least 16 secrets), or one per opener (`openers=True`, valued
/// below `bound` if given). Returns the plan as a dict: `path`, `hash`, `kind`, `results`, `jobs`.
/// The game must be one a worker can build again: a built-in game, or one read by
/// `Game.from_file` (the plan names the file, its constants and hard mode).
#[pyfunction]
#[pyo3(signature = (game, out, first_guess=None, openers=false, objective="expected", max_depth=None, pool=None, bound=None, depth=1))]
#[allow(clippy::too_many_arguments)]
pub fn shard_plan<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    out: PathBuf,
    first_guess: Option<String>,
    openers: bool,
    objective: &str,
    max_depth: Option<u32>,
    pool: Option<&str>,
    bound: Option<u64>,
    depth: u32,
) -> PyResult<Bound<'py, PyAny>> {
    let g: Game = game.get().game()?.clone();
    let split = match (first_guess, openers) {
        (Some(f), false) => Split::Below {
            first_guess: f,
            depth,
        },
        (None, true) => Split::Openers,
        (Some(_), true) => return Err(bad("first_guess and openers=True: give one of them")),
        (None, false) => {
            return Err(bad(
                "expected first_guess (one job per reply to it) or openers=True (one job per opener)",
            ));
        }
    };
    // A worker builds the game again: from its spec, or from the game file it was read from.
    let file = game.get().file.clone();
    if file.is_none() {
        let rebuilt = Game::new(&g.spec()).ok();
        if rebuilt
            .is_none_or(|r| codebreak_shard::fingerprint(&r) != codebreak_shard::fingerprint(&g))
        {
            return Err(bad(format!(
                "game {g}: a plan's workers build its game again, from its spec or from the \
                 game file it was read from, and this game has neither; expected a built-in \
                 game or Game.from_file(...)"
            )));
        }
    }
    let request = PlanRequest {
        split,
        objective: objective.parse::<Objective>().map_err(bad)?,
        max_depth,
        pool: pool
            .map(str::parse::<Pool>)
            .transpose()
            .map_err(bad)?
            .unwrap_or(Pool::All),
        bound,
    };
    let plan = crate::run::detached(py, || codebreak_shard::make_plan(&g, file, &request, &out))?
        .map_err(shard_error)?;
    plan_dict(py, &plan)
}

fn plan_dict<'py>(py: Python<'py>, plan: &Plan) -> PyResult<Bound<'py, PyAny>> {
    json(
        py,
        &serde_json::json!({
            "path": plan.path,
            "hash": plan.hash,
            "kind": plan.header.kind,
            "opener": plan.header.opener,
            "game": plan.header.game,
            "secrets": plan.header.secrets,
            "results": plan.results_dir(None),
            "jobs": plan.jobs,
        }),
    )
}

/// Reads a plan (checking its jobs' ids) and returns it as `shard_plan` does.
#[pyfunction]
pub fn shard_read_plan<'py>(py: Python<'py>, plan: PathBuf) -> PyResult<Bound<'py, PyAny>> {
    plan_dict(py, &Plan::read(&plan).map_err(shard_error)?)
}

/// Solves job `index` of the plan into its result file (`results`, default `PLAN.results`)
/// unless its valid result is there, without the GIL. Returns the result as a dict (its
/// `value`, `secrets`, `nodes`, `millis`, ... but not its tree) with `already_done`. A
/// KeyboardInterrupt stops the search, which saves its checkpoint for the next run to resume.
/// A job that cannot be solved raises RuntimeError (noted in `ID.error`).
#[pyfunction]
#[pyo3(signature = (plan, index, results=None))]
pub fn shard_run_job<'py>(
    py: Python<'py>,
    plan: PathBuf,
    index: usize,
    results: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let stop = Arc::new(Stop::new());
    let worker_stop = Arc::clone(&stop);
    let outcome =
        crate::run::interruptible_with(py, &|| stop.stop(), move || -> Result<_, ShardError> {
            let plan = Plan::read(&plan)?;
            let runner = Runner::new(plan, results.as_deref())?;
            let job = runner.plan.job(index)?.clone();
            let options = RunOptions {
                stop: Some(&worker_stop),
                ..RunOptions::default()
            };
            Ok(runner
                .run_job(&job, &options)
                .map_err(|e| format!("job {index} {}: {e}", job.label())))
        })?
        .map_err(shard_error)?
        .map_err(no_answer)?;
    let (r, already_done) = match outcome {
        codebreak_shard::Outcome::Solved(r) => (r, false),
        codebreak_shard::Outcome::AlreadyDone(r) => (r, true),
    };
    let mut v =
        serde_json::to_value(codebreak_shard::JobResult { tree: None, ..r }).map_err(bad)?;
    v["already_done"] = serde_json::Value::Bool(already_done);
    v.as_object_mut().map(|m| m.remove("checksum"));
    crate::convert::json(py, &v)
}

/// Jobs done, failed and remaining (as `codebreak shard status --json`).
#[pyfunction]
#[pyo3(signature = (plan, results=None))]
pub fn shard_status<'py>(
    py: Python<'py>,
    plan: PathBuf,
    results: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let plan = Plan::read(&plan).map_err(shard_error)?;
    let dir = plan.results_dir(results.as_deref());
    json(py, &codebreak_shard::status(&plan, &dir))
}

/// Merges the results of every job, verified (as `codebreak shard merge`): for a plan below
/// an opener a `Report` (total, worst, histogram, and the whole game's `tree`, replayed by the
/// verifier); for an openers plan the ranking `openers()` returns. RuntimeError names the
/// first missing, damaged or foreign result.
#[pyfunction]
#[pyo3(signature = (plan, results=None))]
pub fn shard_merge<'py>(
    py: Python<'py>,
    plan: PathBuf,
    results: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let plan = Plan::read(&plan).map_err(shard_error)?;
    let game = plan.game().map_err(shard_error)?;
    let dir = plan.results_dir(results.as_deref());
    let merged = crate::run::detached(py, || codebreak_shard::merge(&plan, &game, &dir))?
        .map_err(shard_error)?;
    match merged {
        Merged::Openers { entries, .. } => json(py, &entries),
        Merged::Below {
            tree,
            figures,
            strategy,
            millis,
            nodes,
            ..
        } => {
            let game = Bound::new(py, PyGame::of(py, game, None)?)?;
            let mut report = PyReport::new(
                py,
                &game,
                figures,
                "optimal".into(),
                strategy,
                millis as f64 / 1000.0,
                Some(*tree),
            )?;
            report.nodes = Some(nodes);
            Ok(Bound::new(py, report)?.into_any())
        }
    }
}
