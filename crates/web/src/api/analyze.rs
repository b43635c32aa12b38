//! Analyses as background jobs: `POST /api/analyze` answers at once with a job id; the job runs
//! its strategies one after another on the blocking pool (one job at a time), and
//! `GET /api/analyze/{job}` reports progress, then the figures. Trees are explored one node
//! at a time, so that no response carries a whole tree unless asked (`tree.json`).
//!
//! One entry of a job may be `optimal`: the exact search of `codebreak-search`, for games of
//! at most [`Limits::optimal_codes`](crate::Limits::optimal_codes) codes. A watcher thread
//! beside it copies its live figures (nodes searched, depth tried) into the job's progress and
//! sets its stop switch when the job is deleted or runs past
//! [`Limits::optimal_time`](crate::Limits::optimal_time). Its result is an analysis like the
//! others (its tree replayed by the independent verifier first), plus the search effort.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use codebreak_analysis::Analysis;
use codebreak_core::{AnyEngine, Code, Feedback, Game, GameSpec, Pool, Role};
use codebreak_search::{Objective, Search, SearchError, SearchOptions};
use codebreak_strategy::AnyStrategy;
use codebreak_tree::{DecisionTree, Node};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{AppState, PoolName, StrategyChoice, TiesName, blocking, game_of, ok, reply_json};
use crate::body::ApiJson;
use crate::engines::EngineRef;
use crate::error::ApiError;
use crate::store::{Phase, lock};

/// Most strategies one job may compare.
const MAX_STRATEGIES: usize = 8;

/// The name that asks for the exact optimal strategy in a job's `strategies`.
pub const OPTIMAL: &str = "optimal";

/// How often the watcher of an exact search looks at it.
const WATCH_EVERY: Duration = Duration::from_millis(50);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    #[serde(default)]
    game: GameSpec,
    strategies: Vec<String>,
    pool: Option<PoolName>,
    ties: Option<TiesName>,
    seed: Option<u64>,
    first_guess: Option<String>,
    /// Options of the `optimal` entry.
    optimal: Option<OptimalRequest>,
}

/// Options of the exact search, as they come in a request.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct OptimalRequest {
    /// What to minimise (default expected).
    objective: Option<ObjectiveName>,
    /// Which codes may be guessed (default the request's `pool`, else all).
    pool: Option<PoolName>,
    /// No secret may need more guesses than this.
    max_depth: Option<u32>,
}

/// The objective of the exact search, as written in requests.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ObjectiveName {
    /// The fewest guesses in all, then the smallest worst case.
    Expected,
    /// The smallest worst case, then the fewest guesses in all.
    Worst,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeQuery {
    /// Which result: its 0-based index or its strategy name (default the first).
    strategy: Option<String>,
    /// The moves leading to the node: `1122:1B0W,3344:0B2W` (default the root).
    path: Option<String>,
}

enum JobState {
    Queued,
    Running,
    Done(Vec<Outcome>),
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
struct Outcome {
    /// The figures and the tree.
    analysis: Analysis,
    /// For the exact search: nodes searched and sets memoised.
    search: Option<(u64, usize)>,
}

/// Progress shared with the worker thread, and the job's stop switch.
#[derive(Default)]
struct Progress {
    strategy: AtomicUsize,
    done: AtomicU64,
    /// Nodes searched so far by the running exact search.
    nodes: AtomicU64,
    /// The depth limit it is trying (objective worst), or 0.
    depth: AtomicU64,
    /// When the running exact search started (none when no search runs).
    search: Mutex<Option<Instant>>,
    /// Set when the job is deleted: stops an exact search, skips the entries not yet started.
    cancel: AtomicBool,
}

/// An analysis job.
pub struct Job {
    engine: EngineRef,
    descriptions: Vec<String>,
    progress: Arc<Progress>,
    state: JobState,
    created: Instant,
}

impl Job {
    fn pending(&self) -> bool {
        matches!(self.state, JobState::Queued | JobState::Running)
    }

    fn to_json(&self, id: &str) -> Value {
        let game = self.engine.game();
        let total = self.engine.space().secrets().len() as u64;
        let n = self.descriptions.len();
        let (state, results, error) = match &self.state {
            JobState::Queued => ("queued", None, None),
            JobState::Running => ("running", None, None),
            JobState::Done(r) => ("done", Some(r), None),
            JobState::Failed(e) => ("failed", None, Some(e)),
        };
        let k = self.progress.strategy.load(Ordering::Relaxed).min(n);
        let done = self.progress.done.load(Ordering::Relaxed).min(total);
        let fraction = match &self.state {
            JobState::Done(_) => 1.0,
            _ if n == 0 || total == 0 => 0.0,
            _ => (k as f64 + done as f64 / total as f64) / n as f64,
        };
        let mut v = json!({
            "job": id,
            "state": state,
            "game": game.spec(),
            "name": game.to_string(),
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
        v["progress"]["search"] = match *lock(&self.progress.search) {
            Some(start) if self.pending() => {
                let depth = self.progress.depth.load(Ordering::Relaxed);
                json!({
                    "nodes": self.progress.nodes.load(Ordering::Relaxed),
                    "seconds": start.elapsed().as_secs_f64(),
                    "depth": if depth > 0 { json!(depth) } else { Value::Null },
                })
            }
            _ => Value::Null,
        };
        if let Some(e) = error {
            v["error"] = json!(e);
        }
        if let Some(results) = results {
            v["results"] = json!(
                results
                    .iter()
                    .map(|o| result_json(&self.engine, o))
                    .collect::<Vec<_>>()
            );
        }
        v
    }
}

/// The figures of one analysis, and the root of its tree (plus the search effort, for the
/// exact search).
fn result_json(engine: &AnyEngine, o: &Outcome) -> Value {
    let a = &o.analysis;
    let mut v = json!({
        "strategy": a.strategy,
        "description": a.description,
        "secrets": a.secrets,
        "total": a.total,
        "average": a.average(),
        "fraction": a.fraction(),
        "worst": a.worst,
        "histogram": a.histogram,
        "seconds": a.seconds,
        "tree": {
            "nodes": a.tree.root.size(),
            "depth": a.tree.root.depth(),
            "root": node_json(engine, &[], &a.tree.root),
        },
    });
    if let Some((nodes, memo_entries)) = o.search {
        v["nodes"] = json!(nodes);
        v["memo_entries"] = json!(memo_entries);
    }
    v
}

/// A node of a tree with its children summarised: how many secrets reach it, whether it finds
/// one, and for each reply the next guess and the secrets behind it.
fn node_json(engine: &AnyEngine, path: &[(Code, Feedback)], node: &Node) -> Value {
    let game = engine.game();
    let space = engine.space();
    let here: Vec<Code> = space
        .secrets()
        .iter()
        .map(|&i| space.code(i))
        .filter(|s| path.iter().all(|(g, f)| game.score(s, g) == *f))
        .collect();
    let mut counts = vec![0usize; game.feedback().count()];
    for s in &here {
        counts[game.score(s, &node.guess).index()] += 1;
    }
    let replies: Vec<Value> = node
        .branches
        .iter()
        .map(|(fb, child)| {
            json!({
                "reply": reply_json(game, *fb),
                "secrets": counts[fb.index()],
                "guess": game.format_code(&child.guess),
                "leaf": child.branches.is_empty(),
                "depth": child.depth(),
            })
        })
        .collect();
    json!({
        "path": path.iter().map(|(g, f)| json!({
            "guess": game.format_code(g),
            "feedback": game.format_feedback(*f),
        })).collect::<Vec<_>>(),
        "guess": game.format_code(&node.guess),
        "secrets": here.len(),
        "found_here": counts[game.win().index()] > 0,
        "depth": node.depth(),
        "replies": replies,
    })
}

/// `POST /api/analyze`: starts a job (202 with its id).
pub async fn start(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<AnalyzeRequest>,
) -> Result<Response, ApiError> {
    let game = game_of(&req.game)?;
    if req.strategies.is_empty() || req.strategies.len() > MAX_STRATEGIES {
        return Err(ApiError::Invalid(format!(
            "strategies has {} names: expected 1 to {MAX_STRATEGIES}",
            req.strategies.len()
        )));
    }
    let is_optimal = |n: &String| n.trim().eq_ignore_ascii_case(OPTIMAL);
    let optimal = match req.strategies.iter().filter(|n| is_optimal(n)).count() {
        0 if req.optimal.is_some() => {
            return Err(ApiError::Invalid(format!(
                "optimal options are given but strategies does not include {OPTIMAL:?}: add it, or leave the options out"
            )));
        }
        0 => None,
        1 => Some(optimal_options(
            &game,
            req.optimal.as_ref(),
            req.pool,
            state.limits(),
        )?),
        n => {
            return Err(ApiError::Invalid(format!(
                "strategies names {OPTIMAL:?} {n} times: expected it at most once"
            )));
        }
    };
    let (engine, _) = state
        .engine(&game, state.limits().analysis_codes, "an analysis", 0)
        .await?;
    let choice = StrategyChoice {
        pool: req.pool,
        ties: req.ties,
        seed: req.seed,
        first_guess: req.first_guess,
    };
    if let Some(text) = &choice.first_guess {
        // Checked even when only the exact search runs (which chooses its own first guess).
        super::parse_guess(&game, text, "first_guess")?;
    }
    // Build every entry before running any, so a typo fails at once.
    let mut steps = Vec::with_capacity(req.strategies.len());
    let mut descriptions = Vec::with_capacity(req.strategies.len());
    for name in &req.strategies {
        if is_optimal(name) {
            let options = optimal.clone().unwrap_or_default();
            let search = Search::new(&engine, options.clone(), false).map_err(search_refused)?;
            descriptions.push(search.describe());
            steps.push(Step::Optimal(options));
        } else {
            let s = choice.build(name, &game, &engine, true)?;
            descriptions.push(s.describe(&game));
            steps.push(Step::Strategy(s));
        }
    }
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
    let progress = Arc::new(Progress::default());
    let job = Job {
        engine: engine.clone(),
        descriptions,
        progress: progress.clone(),
        state: JobState::Queued,
        created: Instant::now(),
    };
    let (id, cell) = state.0.jobs.insert(job)?;
    let slot = state.0.analysis.clone();
    let worker_cell = cell.clone();
    let (worker_state, worker_id) = (state.clone(), id.clone());
    let budget = state.limits().optimal_time;
    tokio::spawn(async move {
        let Ok(_permit) = slot.acquire_owned().await else {
            return;
        };
        lock(&worker_cell).state = JobState::Running;
        let cell2 = worker_cell.clone();
        let outcome = blocking(move || run(&engine, &steps, &progress, budget)).await;
        lock(&cell2).state = match outcome {
            Ok(Ok(results)) => JobState::Done(results),
            Ok(Err(e)) => JobState::Failed(e),
            Err(e) => JobState::Failed(e.to_string()),
        };
        worker_state.0.jobs.set_phase(&worker_id, Phase::Finished);
    });
    let v = lock(&cell).to_json(&id);
    Ok((StatusCode::ACCEPTED, axum::Json(v)).into_response())
}

/// The library options of the exact search, checked against the server's budget. Options
/// the server does not set (the node limit) keep the library's defaults.
fn optimal_options(
    game: &Game,
    req: Option<&OptimalRequest>,
    pool: Option<PoolName>,
    limits: &crate::Limits,
) -> Result<SearchOptions, ApiError> {
    let codes = game.count(Role::Guess);
    let max = limits.optimal_codes;
    if codes > max {
        return Err(ApiError::TooBig(format!(
            "the {game} game has {codes} codes, more than the {max} this server searches for an optimal strategy: use codebreak optimal on the command line"
        )));
    }
    let default = OptimalRequest::default();
    let req = req.unwrap_or(&default);
    let most = codebreak_search::bounds::NO_LIMIT;
    if let Some(d) = req.max_depth.filter(|d| !(1..=most).contains(d)) {
        return Err(ApiError::Invalid(format!(
            "optimal.max_depth {d} is out of range: expected 1 to {most}"
        )));
    }
    Ok(SearchOptions {
        objective: match req.objective {
            None | Some(ObjectiveName::Expected) => Objective::Expected,
            Some(ObjectiveName::Worst) => Objective::Worst,
        },
        max_depth: req.max_depth,
        pool: match req.pool.or(pool) {
            None | Some(PoolName::All) => Pool::All,
            Some(PoolName::Consistent) => Pool::Consistent,
        },
        memo_cap: Some(limits.optimal_memo),
        ..SearchOptions::default()
    })
}

/// A search the library will not start.
fn search_refused(e: SearchError) -> ApiError {
    match e {
        SearchError::TooLarge(m) => ApiError::TooBig(format!("optimal: {m}")),
        e => ApiError::Invalid(format!("optimal: {e}")),
    }
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
                let outcome = optimal(engine, options, progress, budget);
                *lock(&progress.search) = None;
                outcome?
            }
        });
    }
    progress.strategy.store(steps.len(), Ordering::Relaxed);
    Ok(results)
}

fn cancelled() -> String {
    "the analysis was cancelled".into()
}

/// Runs the exact search with a watcher beside it, then replays its tree through the
/// independent verifier.
fn optimal(
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
        scope.spawn(move || {
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
        });
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
    let game = engine.game();
    let report = codebreak_tree::verify(game, &solution.tree.root)
        .map_err(|e| format!("optimal: the tree fails the independent check: {e}"))?;
    if report.total != solution.total || report.histogram != solution.histogram {
        return Err(format!(
            "optimal: the tree replays to {}/{} guesses but the search reported {}/{}",
            report.total, report.secrets, solution.total, solution.secrets
        ));
    }
    let description = search.describe();
    Ok(Outcome {
        analysis: Analysis {
            game: game.spec(),
            strategy: OPTIMAL.into(),
            description,
            secrets: solution.secrets,
            total: solution.total,
            worst: solution.worst,
            histogram: solution.histogram,
            sampled: 0,
            seconds: solution.seconds,
            tree: solution.tree,
        },
        search: Some((solution.nodes, solution.memo_entries)),
    })
}

fn job(state: &AppState, id: &str) -> Result<Arc<Mutex<Job>>, ApiError> {
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

/// The finished analysis a query names.
fn pick<'a>(results: &'a [Outcome], which: Option<&str>) -> Result<&'a Analysis, ApiError> {
    let Some(which) = which else {
        return Ok(&results[0].analysis);
    };
    if let Ok(i) = which.parse::<usize>() {
        return results.get(i).map(|o| &o.analysis).ok_or_else(|| {
            ApiError::Invalid(format!(
                "strategy {i} is out of range: expected 0 to {}",
                results.len() - 1
            ))
        });
    }
    results
        .iter()
        .map(|o| &o.analysis)
        .find(|a| a.strategy.eq_ignore_ascii_case(which))
        .ok_or_else(|| {
            ApiError::Invalid(format!(
                "strategy {which:?} is not in this job: expected one of {}",
                results
                    .iter()
                    .map(|o| o.analysis.strategy.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
}

fn not_done(job: &Job) -> ApiError {
    ApiError::Conflict(match &job.state {
        JobState::Failed(e) => format!("the analysis failed: {e}"),
        _ => {
            "the analysis has not finished yet: poll GET /api/analyze/{job} until its state is done"
                .into()
        }
    })
}

fn query<T: serde::de::DeserializeOwned>(
    q: Result<Query<T>, axum::extract::rejection::QueryRejection>,
) -> Result<T, ApiError> {
    q.map(|Query(t)| t)
        .map_err(|e| ApiError::BadRequest(format!("bad query string: {}", e.body_text())))
}

/// `GET /api/analyze/{job}/tree?strategy=K&path=GUESS:REPLY,...`: one node of a tree.
pub async fn tree_node(
    State(state): State<AppState>,
    Path(id): Path<String>,
    q: Result<Query<TreeQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    let cell = job(&state, &id)?;
    let v = blocking(move || -> Result<Value, ApiError> {
        let job = lock(&cell);
        let JobState::Done(results) = &job.state else {
            return Err(not_done(&job));
        };
        let a = pick(results, q.strategy.as_deref())?;
        let game = job.engine.game();
        let moves = match &q.path {
            Some(p) => codebreak_strategy::parse_history(game, p)
                .map_err(|e| ApiError::Invalid(format!("path: {e}")))?,
            None => Vec::new(),
        };
        let mut node = &a.tree.root;
        for (i, (g, f)) in moves.iter().enumerate() {
            if node.guess != *g {
                return Err(ApiError::Invalid(format!(
                    "path: move {} plays {}, but the tree plays {} there",
                    i + 1,
                    game.format_code(g),
                    game.format_code(&node.guess)
                )));
            }
            node = node.branch(*f).ok_or_else(|| {
                ApiError::Invalid(format!(
                    "path: move {}: reply {} to {} does not occur in this tree",
                    i + 1,
                    game.format_feedback(*f),
                    game.format_code(g)
                ))
            })?;
        }
        let mut v = node_json(&job.engine, &moves, node);
        v["strategy"] = json!(a.description);
        Ok(v)
    })
    .await??;
    Ok(ok(v))
}

/// `GET /api/analyze/{job}/tree.json?strategy=K`: the whole tree in codebreak's JSON tree
/// format (as `analyze --tree` writes it), when it is not too large.
pub async fn tree_json(
    State(state): State<AppState>,
    Path(id): Path<String>,
    q: Result<Query<TreeQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    if q.path.is_some() {
        return Err(ApiError::Invalid(
            "path does not apply to tree.json: it serves the whole tree".into(),
        ));
    }
    let cell = job(&state, &id)?;
    let max = state.limits().tree_download_nodes;
    let v = blocking(move || -> Result<Value, ApiError> {
        let job = lock(&cell);
        let JobState::Done(results) = &job.state else {
            return Err(not_done(&job));
        };
        let a = pick(results, q.strategy.as_deref())?;
        let nodes = a.tree.root.size();
        if nodes > max {
            return Err(ApiError::TooBig(format!(
                "the tree has {nodes} nodes, more than the {max} served whole: use codebreak analyze --tree FILE"
            )));
        }
        Ok(codebreak_tree::json::to_value(&a.tree, job.engine.game()))
    })
    .await??;
    Ok(ok(v))
}

/// `POST /api/tree`: loads a decision tree in codebreak's JSON format (for example an optimal
/// tree written by the command line), checks it with the independent verifier, and makes it a
/// finished job to chart and explore.
pub async fn upload(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<Value>,
) -> Result<Response, ApiError> {
    let text = body.to_string();
    let (tree, game) = blocking(move || codebreak_tree::json::from_str(&text))
        .await?
        .map_err(ApiError::invalid)?;
    let (engine, _) = state
        .engine(&game, state.limits().analysis_codes, "a tree", 0)
        .await?;
    let g = game.clone();
    let analysis = blocking(move || -> Result<Analysis, ApiError> {
        let start = Instant::now();
        let report = codebreak_tree::verify(&g, &tree.root)
            .map_err(|e| ApiError::Invalid(format!("the tree does not solve every secret: {e}")))?;
        let description = tree
            .strategy
            .clone()
            .unwrap_or_else(|| "uploaded tree".into());
        Ok(Analysis {
            game: g.spec(),
            strategy: "tree".into(),
            description: description.clone(),
            secrets: report.secrets,
            total: report.total,
            worst: report.worst,
            histogram: report.histogram,
            sampled: 0,
            seconds: start.elapsed().as_secs_f64(),
            tree: DecisionTree {
                game: g.spec(),
                strategy: Some(description),
                root: tree.root,
            },
        })
    })
    .await??;
    let progress = Arc::new(Progress::default());
    progress.strategy.store(1, Ordering::Relaxed);
    let job = Job {
        engine,
        descriptions: vec![analysis.description.clone()],
        progress,
        state: JobState::Done(vec![Outcome {
            analysis,
            search: None,
        }]),
        created: Instant::now(),
    };
    let (id, cell) = state.0.jobs.insert(job)?;
    state.0.jobs.set_phase(&id, Phase::Finished);
    let v = blocking(move || lock(&cell).to_json(&id)).await?;
    Ok(ok(v))
}
