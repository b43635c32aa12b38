//! The HTTP API: routes, shared state and the pieces every handler uses.
//!
//! | method | route | what |
//! |---|---|---|
//! | GET | `/` | the page (and `/app.js`, `/app.css`, `/favicon.svg`) |
//! | GET | `/api/strategies` | the strategies with their sources |
//! | GET | `/api/limits` | the server's budgets |
//! | POST | `/api/game` | validate a game spec and describe it |
//! | POST | `/api/play` | start a game against the computer's secret |
//! | GET, DELETE | `/api/play/{id}` | its state; give up (reveals the secret) |
//! | POST | `/api/play/{id}/guess` | play a guess |
//! | POST | `/api/solve` | let a strategy break your secret |
//! | GET, DELETE | `/api/solve/{id}` | its state; end it |
//! | POST | `/api/solve/{id}/reply`, `/undo`, `/correct` | answer, take back, correct |
//! | POST | `/api/hint` | remaining secrets and each strategy's next guess |
//! | POST | `/api/analyze` | start an analysis job (strategies, and the exact optimum) |
//! | GET, DELETE | `/api/analyze/{job}` | its progress and results; drop it |
//! | GET | `/api/analyze/{job}/tree`, `/tree.json` | explore a tree node by node; the whole tree |
//! | POST | `/api/tree` | load a decision tree file (checked by the independent verifier) |

mod analyze;
mod games;
mod hint;
mod play;
mod solve;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::Method;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json};
use codebreak_core::{AnyEngine, Code, Feedback, Game, GameSpec, Pool, Reply, Role, Ties};
use codebreak_strategy::{AnyStrategy, Diagnosis, StrategyOptions};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::Semaphore;

use crate::body::BodyLimit;
use crate::engines::{self, EngineRef, Engines};
use crate::error::ApiError;
use crate::memory::{self, Charge, Memory};
use crate::store::{Phase, Store};
use crate::{Config, Hosts, Limits, Log};

/// Shared server state.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

struct Inner {
    limits: Limits,
    log: Option<Log>,
    hosts: Hosts,
    memory: Arc<Memory>,
    engines: Engines,
    plays: Store<play::PlaySession>,
    solves: Store<solve::SolveSession>,
    jobs: Store<analyze::Job>,
    compute: Arc<Semaphore>,
    analysis: Arc<Semaphore>,
}

impl AppState {
    /// Fresh state for a configuration.
    pub fn new(config: Config) -> AppState {
        let l = &config.limits;
        AppState(Arc::new(Inner {
            plays: Store::new("play session", l.sessions, l.idle, l.fresh_idle),
            solves: Store::new("solve session", l.sessions, l.idle, l.fresh_idle),
            jobs: Store::new("analysis job", l.jobs, l.idle, l.idle),
            memory: Memory::new(l.memory),
            compute: Arc::new(Semaphore::new(l.compute_slots.max(1))),
            analysis: Arc::new(Semaphore::new(1)),
            engines: Engines::default(),
            limits: config.limits,
            log: config.log,
            hosts: config.hosts,
        }))
    }

    fn limits(&self) -> &Limits {
        &self.0.limits
    }

    /// Bytes charged against the memory budget now.
    fn memory_used(&self) -> usize {
        self.0.memory.used()
    }

    /// The `Host` names the server answers to.
    pub fn hosts(&self) -> &Hosts {
        &self.0.hosts
    }

    /// Drops expired sessions and jobs.
    pub fn sweep(&self) {
        self.0.plays.sweep();
        self.0.solves.sweep();
        self.0.jobs.sweep();
    }

    /// Charges `bytes` against the memory budget, evicting to make room if needed (see
    /// [`AppState::evict_one`]); `what` names the request in the refusal.
    fn reserve(&self, bytes: usize, what: &str) -> Result<Charge, ApiError> {
        let memory = &self.0.memory;
        let mib = memory::size;
        if bytes > memory.limit() {
            return Err(ApiError::TooBig(format!(
                "{what} needs about {}, more than the server's memory budget of {}: choose fewer pegs or colours, or use the command line",
                mib(bytes),
                mib(memory.limit())
            )));
        }
        loop {
            if let Some(charge) = memory.try_charge(bytes) {
                return Ok(charge);
            }
            if !self.evict_one() {
                return Err(ApiError::Unavailable(format!(
                    "the server's memory budget for games is used up ({} of {} held by live games and their tables): {what} needs about {} more; try again when games finish or idle ones expire, or choose a smaller game",
                    mib(memory.used()),
                    mib(memory.limit()),
                    mib(bytes)
                )));
            }
        }
    }

    /// Makes room in memory by dropping one thing, the first there is of: a finished session,
    /// a game's tables that only the cache holds, a session without a move idle for
    /// `fresh_evict`, a session idle for `evict_idle` (oldest first within each kind). False
    /// when there is nothing to drop.
    fn evict_one(&self) -> bool {
        let (plays, solves) = (&self.0.plays, &self.0.solves);
        let l = self.limits();
        let oldest = |phase: Phase, idle: Duration| -> bool {
            let p = plays.oldest(phase, idle);
            let s = solves.oldest(phase, idle);
            match (p, s) {
                (Some((tp, id)), Some((ts, _))) if tp <= ts => plays.remove(&id),
                (_, Some((_, id))) => solves.remove(&id),
                (Some((_, id)), None) => plays.remove(&id),
                (None, None) => false,
            }
        };
        oldest(Phase::Finished, Duration::ZERO)
            || self.0.engines.evict_unused()
            || oldest(Phase::Fresh, l.fresh_evict)
            || oldest(Phase::Playing, l.evict_idle)
    }

    /// The engine of `game` (which must have at most `max_codes` codes; `what` names the use
    /// in a refusal), built and charged if it is not cached, and a charge of `extra` bytes for
    /// what the caller keeps beside it.
    async fn engine(
        &self,
        game: &Game,
        max_codes: u128,
        what: &str,
        extra: usize,
    ) -> Result<(EngineRef, Charge), ApiError> {
        let codes = game.count(Role::Guess);
        if codes > max_codes {
            return Err(ApiError::TooBig(format!(
                "the {game} game has {codes} codes, more than the {max_codes} this server allows for {what}: choose fewer pegs or colours, or use the command line"
            )));
        }
        let key = engines::key(game);
        if let Some(engine) = self.0.engines.cached(&key) {
            let charge = self.reserve(extra, what)?;
            return Ok((engine, charge));
        }
        let tables = memory::engine_bytes(game);
        let charge = self.reserve(tables.saturating_add(extra), what)?;
        let tables = charge.split(tables);
        let g = game.clone();
        let engine = blocking(move || AnyEngine::new(&g).map_err(ApiError::invalid)).await??;
        let engine = self.0.engines.insert(key, EngineRef::new(engine, tables));
        Ok((engine, charge))
    }

    /// Runs strategy work on the blocking pool, at most `compute_slots` at a time.
    async fn compute<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _permit = self
            .0
            .compute
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        blocking(f).await
    }
}

/// Runs `f` on the blocking thread pool, so the async runtime never waits on CPU work.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::Internal(format!("a worker failed: {e}")))
}

/// The application: API, page and fallbacks, with a fresh state.
pub fn router(config: Config) -> Router {
    routes(AppState::new(config))
}

/// The application over a given state.
pub fn routes(state: AppState) -> Router {
    let small = state.limits().body_bytes;
    let big = state.limits().tree_upload_bytes;
    let api = Router::new()
        .route("/api/strategies", get(games::strategies))
        .route("/api/limits", get(games::limits))
        .route("/api/game", post(games::describe))
        .route("/api/play", post(play::start))
        .route("/api/play/{id}", get(play::state).delete(play::resign))
        .route("/api/play/{id}/guess", post(play::guess))
        .route("/api/solve", post(solve::start))
        .route("/api/solve/{id}", get(solve::state).delete(solve::end))
        .route("/api/solve/{id}/reply", post(solve::reply))
        .route("/api/solve/{id}/undo", post(solve::undo))
        .route("/api/solve/{id}/correct", post(solve::correct))
        .route("/api/hint", post(hint::hint))
        .route("/api/analyze", post(analyze::start))
        .route(
            "/api/analyze/{job}",
            get(analyze::status).delete(analyze::drop_job),
        )
        .route("/api/analyze/{job}/tree", get(analyze::tree_node))
        .route("/api/analyze/{job}/tree.json", get(analyze::tree_json))
        .layer(DefaultBodyLimit::max(small))
        .layer(Extension(BodyLimit(small)));
    let upload = Router::new()
        .route("/api/tree", post(analyze::upload))
        .layer(DefaultBodyLimit::max(big))
        .layer(Extension(BodyLimit(big)));
    Router::new()
        .merge(api)
        .merge(upload)
        .merge(crate::assets::routes())
        .fallback(no_route)
        .method_not_allowed_fallback(no_method)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::guard::guard,
        ))
        .layer(middleware::from_fn_with_state(state.clone(), log_requests))
        .with_state(state)
}

async fn no_route(method: Method, uri: axum::http::Uri) -> ApiError {
    ApiError::NoRoute(format!("{method} {}", uri.path()))
}

async fn no_method(method: Method, uri: axum::http::Uri) -> ApiError {
    ApiError::Method(format!("{method} {}", uri.path()))
}

/// One line per request, with the route template (never an id, a body or a query).
async fn log_requests(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let Some(log) = state.0.log.clone() else {
        return next.run(req).await;
    };
    let method = req.method().clone();
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "(no route)".into());
    let start = Instant::now();
    let response = next.run(req).await;
    (log.0)(&format!(
        "{method} {route} {} {:.1} ms",
        response.status().as_u16(),
        start.elapsed().as_secs_f64() * 1000.0
    ));
    response
}

/// The guess pool of a greedy strategy, as written in requests.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum PoolName {
    /// Any code.
    All,
    /// Only codes that could be the secret.
    Consistent,
}

/// The tie-break of a greedy strategy, as written in requests.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum TiesName {
    /// Prefer a code that could be the secret, then the lowest.
    Consistent,
    /// The lowest code.
    Index,
}

/// Strategy options as they come in a request.
#[derive(Clone, Debug, Default)]
pub struct StrategyChoice {
    pub pool: Option<PoolName>,
    pub ties: Option<TiesName>,
    pub seed: Option<u64>,
    pub first_guess: Option<String>,
}

impl StrategyChoice {
    /// The library options for one strategy. With `lenient`, options that do not apply to
    /// `name` are dropped (as `analyze --compare` does); otherwise they are refused.
    fn options(&self, name: &str, game: &Game, lenient: bool) -> Result<StrategyOptions, ApiError> {
        let first_guess = match &self.first_guess {
            Some(text) => Some(
                game.parse_guess(text)
                    .map_err(|e| ApiError::Invalid(format!("first_guess: {e}")))?,
            ),
            None => None,
        };
        let info = codebreak_strategy::STRATEGIES
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name.trim()));
        let greedy = info.is_some_and(|i| i.greedy);
        let random = info.is_some_and(|i| i.name == "random");
        let keep = |applies: bool| !lenient || applies;
        Ok(StrategyOptions {
            pool: self.pool.filter(|_| keep(greedy)).map(|p| match p {
                PoolName::All => Pool::All,
                PoolName::Consistent => Pool::Consistent,
            }),
            ties: self.ties.filter(|_| keep(greedy)).map(|t| match t {
                TiesName::Consistent => Ties::Consistent,
                TiesName::Index => Ties::Index,
            }),
            seed: self.seed.filter(|_| keep(random)),
            first_guess,
            sample: None,
        })
    }

    /// Builds a strategy by name.
    fn build(
        &self,
        name: &str,
        game: &Game,
        engine: &AnyEngine,
        lenient: bool,
    ) -> Result<AnyStrategy, ApiError> {
        let opts = self.options(name, game, lenient)?;
        AnyStrategy::new(name, &opts, game, engine.space()).map_err(ApiError::invalid)
    }
}

/// Validates a spec.
fn game_of(spec: &GameSpec) -> Result<Game, ApiError> {
    Game::new(spec).map_err(|e| ApiError::Invalid(format!("game: {e}")))
}

/// Reads a guess, naming the field.
fn parse_guess(game: &Game, text: &str, field: &str) -> Result<Code, ApiError> {
    game.parse_guess(text)
        .map_err(|e| ApiError::Invalid(format!("{field}: {e}")))
}

/// Reads a reply, naming the field.
fn parse_feedback(game: &Game, text: &str, field: &str) -> Result<Feedback, ApiError> {
    game.parse_feedback(text)
        .map_err(|e| ApiError::Invalid(format!("{field}: {e}")))
}

/// A reply as JSON: its text and its counts, for drawing key pegs.
fn reply_json(game: &Game, fb: Feedback) -> Value {
    let text = game.format_feedback(fb);
    match game.reply(fb) {
        Reply::Pegs { black, white } => json!({"text": text, "black": black, "white": white}),
        Reply::Black(b) => json!({"text": text, "black": b, "white": 0}),
        Reply::TwoD(_) => json!({"text": text}),
    }
}

/// One move as JSON.
fn move_json(game: &Game, guess: &Code, fb: Feedback) -> Value {
    json!({
        "guess": game.format_code(guess),
        "feedback": game.format_feedback(fb),
        "reply": reply_json(game, fb),
    })
}

/// A diagnosis as JSON: the answers to change (1-based) and what they could have been.
fn diagnosis_json(_game: &Game, d: &Diagnosis) -> Value {
    let suspects: Vec<Value> = d
        .suspects
        .iter()
        .take(8)
        .map(|s| {
            json!({
                "answers": s.moves.iter().map(|i| i + 1).collect::<Vec<_>>(),
                "secrets": s.secrets,
                "corrections": s.corrections.iter().take(5).map(|c| json!({
                    "replies": c.replies,
                    "secrets": c.secrets,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({"changes": d.changes, "suspects": suspects})
}

/// The contradiction error for replies no secret fits.
fn contradiction(game: &Game, history: &[(Code, Feedback)], d: &Diagnosis) -> ApiError {
    ApiError::Contradiction {
        message: d.explain(game, history),
        details: diagnosis_json(game, d),
    }
}

/// A JSON response with status 200.
fn ok(v: Value) -> Response {
    Json(v).into_response()
}
