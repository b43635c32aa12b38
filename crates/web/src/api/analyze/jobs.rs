//! An analysis job and its life: `POST /api/analyze` checks every entry and queues the job,
//! one worker at a time runs its entries on the blocking pool (strategies here, the exact
//! search in [`super::optimal`]), `GET /api/analyze/{job}` reports its progress and figures,
//! and `DELETE` drops it and stops its work. On a game too large to list, a job plays
//! `sample` N random secrets with each strategy (the session's sampled analysis): its results
//! are the same report with `method` "sampled" and the average's interval, and it has no tree.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use codebreak_analysis::Analysis;
use codebreak_core::{AnyEngine, Game, GameSpec, Pool, Sampling, Ties};
use codebreak_search::{Effort, OptimalSpec, Search, SearchOptions};
use codebreak_strategy::{AnyStrategy, StrategyKind, StrategyOptionsSpec};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{explore, optimal};
use crate::api::{AppState, blocking, ok, strategy_options};
use crate::body::ApiJson;
use crate::engines::EngineRef;
use crate::error::ApiError;
use crate::store::{Phase, lock};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    #[serde(default)]
    game: GameSpec,
    /// Strategy names, and `optimal` for the exact search.
    strategies: Vec<String>,
    pool: Option<Pool>,
    ties: Option<Ties>,
    seed: Option<u64>,
    first_guess: Option<String>,
    /// How much of a large pool a greedy strategy scores: auto, off or a number.
    sample: Option<Sampling>,
    /// Options of the `optimal` entry (its pool defaults to the request's `pool`).
    optimal: Option<OptimalSpec>,
}

enum JobState {
    Queued,
    Running,
    Done(Vec<Outcome>),
    /// The reports of a sampled analysis (a game too large to list): no tree.
    Sampled(Vec<codebreak_session::Analysis>),
    Failed(String),
}

/// One entry of a job, ready to run.
enum Step {
    /// A strategy, played against every secret.
    Strategy(AnyStrategy),
    /// The exact optimal search.
    Optimal(SearchOptions),
}

/// The result of one entry.
pub(super) struct Outcome {
    /// The figures and the tree.
    pub(super) analysis: Analysis,
    /// For the exact search: what it took.
    pub(super) search: Option<Effort>,
}

/// Progress shared with the worker thread, and the job's stop switch.
#[derive(Default)]
pub(super) struct Progress {
    strategy: AtomicUsize,
    done: AtomicU64,
    /// Nodes searched so far by the running exact search.
    pub(super) nodes: AtomicU64,
    /// The depth limit it is trying (objective worst), or 0.
    pub(super) depth: AtomicU64,
    /// When the running exact search started (none when no search runs).
    search: Mutex<Option<Instant>>,
    /// Set when the job is deleted: stops an exact search or a sampled analysis, skips the
    /// entries not yet started.
    pub(super) cancel: Arc<AtomicBool>,
}

/// An analysis job.
pub struct Job {
    /// The listed game's engine; none for a game too large to list.
    engine: Option<EngineRef>,
    /// The game, its name, and the secrets each entry plays (all, or the sample).
    spec: GameSpec,
    name: String,
    secrets: u64,
    descriptions: Vec<String>,
    progress: Arc<Progress>,
    state: JobState,
    created: Instant,
}

impl Job {
    /// A job waiting for the analysis slot.
    fn queued(engine: EngineRef, descriptions: Vec<String>, progress: Arc<Progress>) -> Job {
        Job::listed(engine, descriptions, progress, JobState::Queued)
    }

    /// A job of a listed game: its figures come from the engine's game.
    fn listed(
        engine: EngineRef,
        descriptions: Vec<String>,
        progress: Arc<Progress>,
        state: JobState,
    ) -> Job {
        Job {
            spec: engine.game().spec(),
            name: engine.game().to_string(),
            secrets: engine.space().secrets().len() as u64,
            engine: Some(engine),
            descriptions,
            progress,
            state,
            created: Instant::now(),
        }
    }

    /// A job that is done already: one analysis made elsewhere (an uploaded tree).
    pub(super) fn finished(engine: EngineRef, analysis: Analysis) -> Job {
        let progress = Arc::new(Progress::default());
        progress.strategy.store(1, Ordering::Relaxed);
        let descriptions = vec![analysis.description.clone()];
        let done = JobState::Done(vec![Outcome {
            analysis,
            search: None,
        }]);
        Job::listed(engine, descriptions, progress, done)
    }

    /// The engine of the job's game, once [`results`](Self::results) has answered (a job
    /// with a tree is of a listed game).
    pub(super) fn engine(&self) -> Result<&AnyEngine, ApiError> {
        self.engine.as_deref().ok_or_else(no_tree)
    }

    /// The results of a finished job with decision trees; a 409 that says why otherwise.
    pub(super) fn results(&self) -> Result<&[Outcome], ApiError> {
        match &self.state {
            JobState::Done(results) => Ok(results),
            JobState::Sampled(_) => Err(no_tree()),
            JobState::Failed(e) => Err(ApiError::Conflict(format!("the analysis failed: {e}"))),
            _ => Err(ApiError::Conflict(
                "the analysis has not finished yet: poll GET /api/analyze/{job} until its state is done"
                    .into(),
            )),
        }
    }

    /// A sampled job, queued: its game, strategies and the secrets each plays.
    fn sampled(
        game: &codebreak_session::Game,
        descriptions: Vec<String>,
        secrets: u64,
        progress: Arc<Progress>,
    ) -> Job {
        Job {
            engine: None,
            spec: game.spec(),
            name: game.to_string(),
            secrets,
            descriptions,
            progress,
            state: JobState::Queued,
            created: Instant::now(),
        }
    }

    fn pending(&self) -> bool {
        matches!(self.state, JobState::Queued | JobState::Running)
    }

    /// The job as `GET /api/analyze/{job}` shows it.
    pub(super) fn to_json(&self, id: &str) -> Value {
        let total = self.secrets;
        let n = self.descriptions.len();
        let (state, error) = match &self.state {
            JobState::Queued => ("queued", None),
            JobState::Running => ("running", None),
            JobState::Done(_) | JobState::Sampled(_) => ("done", None),
            JobState::Failed(e) => ("failed", Some(e)),
        };
        let k = self.progress.strategy.load(Ordering::Relaxed).min(n);
        let done = self.progress.done.load(Ordering::Relaxed).min(total);
        let fraction = match &self.state {
            JobState::Done(_) | JobState::Sampled(_) => 1.0,
            _ if n == 0 || total == 0 => 0.0,
            _ => (k as f64 + done as f64 / total as f64) / n as f64,
        };
        let mut v = json!({
            "job": id,
            "state": state,
            "game": self.spec,
            "name": self.name,
            "strategies": self.descriptions,
            "secrets": total,
            "progress": {
                "strategy": k,
                "of": n,
                "done": done,
                "fraction": fraction,
            },
            "elapsed": self.created.elapsed().as_secs_f64(),
        });
        v["progress"]["search"] = self.search_json();
        if let Some(e) = error {
            v["error"] = json!(e);
        }
        match (&self.state, &self.engine) {
            (JobState::Done(results), Some(engine)) => {
                v["results"] = json!(
                    results
                        .iter()
                        .map(|o| result_json(engine, o))
                        .collect::<Vec<_>>()
                );
            }
            (JobState::Sampled(reports), _) => v["results"] = json!(reports),
            _ => {}
        }
        v
    }

    /// The live figures of a running exact search, or null.
    fn search_json(&self) -> Value {
        match *lock(&self.progress.search) {
            Some(start) if self.pending() => {
                let depth = self.progress.depth.load(Ordering::Relaxed);
                json!({
                    "nodes": self.progress.nodes.load(Ordering::Relaxed),
                    "seconds": start.elapsed().as_secs_f64(),
                    "depth": if depth > 0 { json!(depth) } else { Value::Null },
                })
            }
            _ => Value::Null,
        }
    }
}

/// The figures of one analysis (the session's report, `codebreak_session::Analysis`, as
/// `analyze --json` prints it: every secret played), the root of its tree, and the search
/// effort for the exact search.
fn result_json(engine: &AnyEngine, o: &Outcome) -> Value {
    let a = &o.analysis;
    let mut v = serde_json::to_value(a).unwrap_or_else(|e| json!({"error": e.to_string()}));
    v["method"] = json!(codebreak_session::Method::Exhaustive);
    v["tree"] = json!({
        "nodes": a.tree.root.size(),
        "depth": a.tree.root.depth(),
        "root": explore::node_json(engine, &[], &a.tree.root),
    });
    if let Some(effort) = &o.search {
        v["effort"] = json!(effort);
    }
    v
}

/// `POST /api/analyze`: starts a job (202 with its id).
pub async fn start(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<AnalyzeRequest>,
) -> Result<Response, ApiError> {
    if codebreak_session::reasoned::ReasonedGame::wanted(&req.game) {
        return start_sampled(state, req).await;
    }
    let game = state.game_of(&req.game).await?;
    codebreak_session::STRATEGIES
        .check(req.strategies.len() as u64)
        .map_err(ApiError::invalid)?;
    let optimal = optimal::requested(
        &game,
        &req.strategies,
        req.optimal.as_ref(),
        req.pool,
        state.limits(),
    )?;
    let (engine, _) = state
        .engine(&game, state.limits().analysis_codes, "an analysis", 0)
        .await?;
    let optimal = optimal
        .map(|spec| optimal::options(&spec, &engine, state.limits()))
        .transpose()?;
    let (steps, descriptions) = steps(&game, &engine, req, optimal)?;
    check_room(&state)?;
    let progress = Arc::new(Progress::default());
    let job = Job::queued(engine.clone(), descriptions, progress.clone());
    let (id, cell) = state.0.jobs.insert(job)?;
    let budget = state.limits().optimal_time;
    spawn_worker(&state, &id, cell.clone(), move || {
        run(&engine, &steps, &progress, budget).map(JobState::Done)
    });
    let v = lock(&cell).to_json(&id);
    Ok((StatusCode::ACCEPTED, axum::Json(v)).into_response())
}

/// `POST /api/analyze` on a game too large to list: `sample` N random secrets played by each
/// strategy (the session's sampled analysis, checked before the job is queued).
async fn start_sampled(state: AppState, req: AnalyzeRequest) -> Result<Response, ApiError> {
    if req.strategies.iter().any(|s| optimal::is_optimal(s)) {
        return Err(ApiError::invalid(
            "optimal searches games whose secrets can be listed, and this game is too large to list: expected strategies that play it (sample N secrets)",
        ));
    }
    if req.optimal.is_some() {
        return Err(ApiError::invalid(
            "optimal options apply to the exact search, which games too large to list do not have: leave them out",
        ));
    }
    let strategies = req
        .strategies
        .iter()
        .map(|name| name.parse::<StrategyKind>().map_err(ApiError::invalid))
        .collect::<Result<Vec<_>, _>>()?;
    let query = codebreak_session::AnalyzeQuery {
        strategies,
        lenient: true,
        options: StrategyOptionsSpec {
            pool: req.pool,
            ties: req.ties,
            seed: req.seed,
            first_guess: req.first_guess,
            sample: req.sample,
        },
        ..Default::default()
    };
    let game = codebreak_session::Game::new(&req.game).map_err(crate::api::session_error)?;
    let plan = game.analyses(&query).map_err(crate::api::session_error)?;
    let secrets = plan.runs().first().map_or(0, |r| r.steps);
    let descriptions = plan.runs().iter().map(|r| r.label.clone()).collect();
    check_room(&state)?;
    let progress = Arc::new(Progress::default());
    let job = Job::sampled(&game, descriptions, secrets, progress.clone());
    let (id, cell) = state.0.jobs.insert(job)?;
    // The time limit counts from when the job starts, not from when it was queued.
    let server = state.clone();
    spawn_worker(&state, &id, cell.clone(), move || {
        let budget = server
            .reasoned_budget()
            .with_cancel(progress.cancel.clone());
        (0..plan.runs().len())
            .map(|k| {
                progress.strategy.store(k, Ordering::Relaxed);
                progress.done.store(0, Ordering::Relaxed);
                let report = |done: u64| progress.done.store(done, Ordering::Relaxed);
                plan.run(k, Some(&report), &budget)
                    .map_err(|e| e.to_string())
            })
            .collect::<Result<Vec<_>, String>>()
            .inspect(|_| {
                progress
                    .strategy
                    .store(plan.runs().len(), Ordering::Relaxed)
            })
            .map(JobState::Sampled)
    });
    let v = lock(&cell).to_json(&id);
    Ok((StatusCode::ACCEPTED, axum::Json(v)).into_response())
}

/// Why a sampled job has no decision tree to explore.
fn no_tree() -> ApiError {
    ApiError::Conflict(
        "a sampled analysis of a game too large to list has no decision tree: its results are in GET /api/analyze/{job}".into(),
    )
}

/// Every entry of a request, built before any runs so that a typo fails at once, with the
/// description of each.
fn steps(
    game: &Game,
    engine: &AnyEngine,
    req: AnalyzeRequest,
    optimal: Option<SearchOptions>,
) -> Result<(Vec<Step>, Vec<String>), ApiError> {
    // The first guess is read even when only the exact search runs (which chooses its own).
    let options = strategy_options(
        game,
        &StrategyOptionsSpec {
            pool: req.pool,
            ties: req.ties,
            seed: req.seed,
            first_guess: req.first_guess,
            sample: req.sample,
        },
    )?;
    let mut steps = Vec::with_capacity(req.strategies.len());
    let mut descriptions = Vec::with_capacity(req.strategies.len());
    for name in &req.strategies {
        if optimal::is_optimal(name) {
            let options = optimal.clone().unwrap_or_default();
            let search =
                Search::new(engine, options.clone(), false).map_err(optimal::search_refused)?;
            descriptions.push(search.describe());
            steps.push(Step::Optimal(options));
        } else {
            let kind: StrategyKind = name.parse().map_err(ApiError::invalid)?;
            let s = AnyStrategy::lenient(kind, &options, game, engine.space())
                .map_err(ApiError::invalid)?;
            descriptions.push(s.describe(game));
            steps.push(Step::Strategy(s));
        }
    }
    Ok((steps, descriptions))
}

/// Refuses a new job when [`Limits::pending_jobs`](crate::Limits::pending_jobs) are queued or
/// running already.
fn check_room(state: &AppState) -> Result<(), ApiError> {
    let pending = state
        .0
        .jobs
        .values()
        .iter()
        .filter(|j| lock(j).pending())
        .count();
    if pending >= state.limits().pending_jobs {
        return Err(ApiError::Busy(format!(
            "{pending} analyses are already queued or running: wait for one to finish"
        )));
    }
    Ok(())
}

/// Runs the job's `work` on the blocking pool once the analysis slot is free, and records how
/// it ended (its finished state, or why it failed).
fn spawn_worker(
    state: &AppState,
    id: &str,
    cell: Arc<Mutex<Job>>,
    work: impl FnOnce() -> Result<JobState, String> + Send + 'static,
) {
    let slot = state.0.analysis.clone();
    let (state, id) = (state.clone(), id.to_string());
    tokio::spawn(async move {
        let Ok(_permit) = slot.acquire_owned().await else {
            return;
        };
        lock(&cell).state = JobState::Running;
        let outcome = blocking(work).await;
        lock(&cell).state = match outcome {
            Ok(Ok(finished)) => finished,
            Ok(Err(e)) => JobState::Failed(e),
            Err(e) => JobState::Failed(e.to_string()),
        };
        state.0.jobs.set_phase(&id, Phase::Finished);
    });
}

/// The worker: every entry in turn, until the job is deleted.
fn run(
    engine: &AnyEngine,
    steps: &[Step],
    progress: &Progress,
    budget: Duration,
) -> Result<Vec<Outcome>, String> {
    let mut results = Vec::with_capacity(steps.len());
    for (k, step) in steps.iter().enumerate() {
        if progress.cancel.load(Ordering::Relaxed) {
            return Err(cancelled());
        }
        progress.strategy.store(k, Ordering::Relaxed);
        progress.done.store(0, Ordering::Relaxed);
        results.push(match step {
            Step::Strategy(s) => {
                let report = |done: u64| progress.done.store(done, Ordering::Relaxed);
                let analysis = codebreak_analysis::analyze(engine, s, Some(&report))
                    .map_err(|e| e.to_string())?;
                Outcome {
                    analysis,
                    search: None,
                }
            }
            Step::Optimal(options) => {
                *lock(&progress.search) = Some(Instant::now());
                let outcome = optimal::run(engine, options, progress, budget);
                *lock(&progress.search) = None;
                outcome?
            }
        });
    }
    progress.strategy.store(steps.len(), Ordering::Relaxed);
    Ok(results)
}

/// Why a deleted job's work stopped.
pub(super) fn cancelled() -> String {
    "the analysis was cancelled".into()
}

/// The job an id names.
pub(super) fn job(state: &AppState, id: &str) -> Result<Arc<Mutex<Job>>, ApiError> {
    state.0.jobs.get(id)
}

/// `GET /api/analyze/{job}`.
pub async fn status(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let cell = job(&state, &id)?;
    let v = blocking(move || lock(&cell).to_json(&id)).await?;
    Ok(ok(v))
}

/// `DELETE /api/analyze/{job}`: drops the job and stops its work: an exact search stops
/// within a fraction of a second and entries not yet started never run (a strategy already
/// running finishes in the background, unseen).
pub async fn drop_job(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let cell = job(&state, &id)?;
    lock(&cell).progress.cancel.store(true, Ordering::Relaxed);
    state.0.jobs.remove(&id);
    Ok(ok(json!({"job": id, "dropped": true})))
}
