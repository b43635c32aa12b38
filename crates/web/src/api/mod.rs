//! The HTTP API: routes, shared state and the pieces every handler uses.
//!
//! | method | route | what |
//! |---|---|---|
//! | GET | `/` | the page (and `/app.js` with its modules under `/js/`, `/app.css`, `/favicon.svg`) |
//! | GET | `/api/strategies` | the strategies with their sources |
//! | GET | `/api/limits` | the server's budgets |
//! | POST | `/api/game` | validate a game spec and describe it (a list game's words, rules and replies too) |
//! | POST, GET | `/api/game-file`, `/api/game-files` | load a self-contained game file; the games loaded |
//! | POST | `/api/game-extend` | a Wordle game with words outside its list as guesses (the Assistant's rows) |
//! | POST | `/api/play` | start a game against the computer's secret |
//! | GET, DELETE | `/api/play/{id}` | its state; give up (reveals the secret) |
//! | POST | `/api/play/{id}/guess` | play a guess |
//! | POST | `/api/solve` | let a strategy break your secret |
//! | GET, DELETE | `/api/solve/{id}` | its state; end it |
//! | POST | `/api/solve/{id}/reply`, `/undo`, `/correct` | answer, take back, correct |
//! | POST | `/api/hint` | remaining secrets and each strategy's next guess |
//! | POST | `/api/best` | the exact best next guess, where the position is small enough |
//! | POST | `/api/check` | a guess and a reply checked as they are typed (symbols, length, list, hard mode) |
//! | POST | `/api/review` | a finished game reviewed: each guess against the best, skill and luck |
//! | POST | `/api/analyze` | start an analysis job (strategies, and the exact optimum) |
//! | GET, DELETE | `/api/analyze/{job}` | its progress and results; drop it |
//! | GET | `/api/analyze/{job}/tree`, `/tree.json` | explore a tree node by node; the whole tree |
//! | POST | `/api/tree` | load a decision tree file (checked by the independent verifier) |

mod analyze;
mod custom;
mod games;
mod hint;
mod play;
mod review;
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
use codebreak_core::{AnyEngine, Game, GameSpec, Role};
use codebreak_session::SessionError;
use codebreak_strategy::{StrategyError, StrategyOptions, StrategyOptionsSpec};
use serde::Serialize;
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
    plays: Store<play::PlayEntry>,
    solves: Store<solve::SolveEntry>,
    jobs: Store<analyze::Job>,
    compute: Arc<Semaphore>,
    analysis: Arc<Semaphore>,
    custom: custom::CustomGames,
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
            custom: {
                let c = custom::CustomGames::default();
                for g in config.games {
                    let description = g
                        .list()
                        .map(|l| l.description().to_string())
                        .filter(|d| !d.is_empty());
                    c.add(custom::Kept::new(g.clone(), g.to_string(), description));
                }
                c
            },
            limits: config.limits,
            log: config.log,
            hosts: config.hosts,
        }))
    }

    fn limits(&self) -> &Limits {
        &self.0.limits
    }

    /// The games loaded from game files.
    fn custom(&self) -> &custom::CustomGames {
        &self.0.custom
    }

    /// The game a request names (a built-in one, or a loaded game file). A game whose lists
    /// may still have to be built (Wordle's table, the NYT lists on first use) is made on the
    /// blocking pool, never on the async runtime.
    async fn game_of(&self, spec: &GameSpec) -> Result<Game, ApiError> {
        if !self.0.custom.may_build(spec) {
            return self.0.custom.game(spec);
        }
        let state = self.clone();
        let spec = spec.clone();
        blocking(move || state.0.custom.game(&spec)).await?
    }

    /// The session game a request names: a game too large to list as the session library
    /// chooses it, or a listed one (a built-in game or a loaded game file) with its engine
    /// from the cache, within `max_codes` (`what` names the use in a refusal).
    async fn any_game(
        &self,
        spec: &GameSpec,
        max_codes: u128,
        what: &str,
    ) -> Result<(codebreak_session::Game, Option<EngineRef>), ApiError> {
        if codebreak_session::reasoned::ReasonedGame::wanted(spec) {
            let game = codebreak_session::Game::new(spec).map_err(session_error)?;
            return Ok((game, None));
        }
        let game = self.game_of(spec).await?;
        let (engine, _) = self.engine(&game, max_codes, what, 0).await?;
        Ok((
            codebreak_session::Game::with_engine(engine.arc()),
            Some(engine),
        ))
    }

    /// The session game a stateless request names (as [`any_game`](Self::any_game), within
    /// the interactive limit) and its moves, read in the game's notation (errors name the
    /// move and the field). The engine is held while the request runs.
    async fn position(
        &self,
        spec: &GameSpec,
        moves: &[hint::MoveIn],
        what: &str,
    ) -> Result<
        (
            codebreak_session::Game,
            codebreak_session::History,
            Option<EngineRef>,
        ),
        ApiError,
    > {
        let (game, engine) = self
            .any_game(spec, self.limits().interactive_codes, what)
            .await?;
        let history = game
            .history_of(
                moves
                    .iter()
                    .map(|m| (m.guess.as_str(), m.feedback.as_str())),
            )
            .map_err(session_error)?;
        Ok((game, history, engine))
    }

    /// The budget of one call on a game too large to list: the server's time limit.
    fn reasoned_budget(&self) -> codebreak_session::reasoned::Budget {
        codebreak_session::reasoned::Budget::default().with_timeout(self.limits().reasoned_time)
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

/// Memory charged for a session on a game too large to list: its moves only (no tables).
const REASONED_BYTES: usize = 64 * 1024;

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
        .route("/api/game-file", post(custom::load))
        .route("/api/game-files", get(custom::list))
        .route("/api/game-extend", post(custom::extend))
        .route("/api/play", post(play::start))
        .route("/api/play/{id}", get(play::state).delete(play::resign))
        .route("/api/play/{id}/guess", post(play::guess))
        .route("/api/solve", post(solve::start))
        .route("/api/solve/{id}", get(solve::state).delete(solve::end))
        .route("/api/solve/{id}/reply", post(solve::reply))
        .route("/api/solve/{id}/undo", post(solve::undo))
        .route("/api/solve/{id}/correct", post(solve::correct))
        .route("/api/hint", post(hint::hint))
        .route("/api/best", post(hint::best))
        .route("/api/check", post(hint::check))
        .route("/api/review", post(review::review))
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

/// Strategy options as a request carries them (`pool`, `ties`, `seed`, `first_guess`), read
/// for `game`.
fn strategy_options(game: &Game, spec: &StrategyOptionsSpec) -> Result<StrategyOptions, ApiError> {
    spec.resolve(game).map_err(|e| match e {
        StrategyError::FirstGuessText(e) => ApiError::Invalid(format!("first_guess: {e}")),
        e => ApiError::invalid(e),
    })
}

/// A refused session call: a contradiction (409 with its diagnosis), a call the session's state
/// does not allow (409), anything else 422.
fn session_error(e: SessionError) -> ApiError {
    use codebreak_session::reasoned::ReasonedError;
    match e {
        SessionError::Contradiction(c) => ApiError::Contradiction(c),
        SessionError::Strategy(StrategyError::FirstGuessText(e)) => {
            ApiError::Invalid(format!("first_guess: {e}"))
        }
        SessionError::Reasoned(
            e @ (ReasonedError::Stopped(_) | ReasonedError::Undecided { .. }),
        ) => ApiError::Unavailable(format!(
            "{e}: the server stops a call on a game too large to list after its time limit; try fewer clues, or the command line"
        )),
        SessionError::Size(e) => ApiError::TooBig(e.to_string()),
        e if e.is_conflict() => ApiError::Conflict(e.to_string()),
        e => ApiError::Invalid(e.to_string()),
    }
}

/// A session's answer with its id in front: `{"id": ..., ...state}`.
#[derive(Serialize)]
struct WithId<'a, T: Serialize> {
    id: &'a str,
    #[serde(flatten)]
    state: T,
}

/// A report as JSON, with the session id in front.
fn with_id<T: Serialize>(id: &str, state: T) -> Value {
    serde_json::to_value(WithId { id, state }).unwrap_or_else(|e| json!({"error": e.to_string()}))
}

/// A JSON response with status 200.
fn ok(v: Value) -> Response {
    Json(v).into_response()
}
