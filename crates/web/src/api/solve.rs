//! Solve: a strategy breaks the user's secret from the replies the user gives, in a library
//! [`SolveSession`](codebreak_session::SolveSession). Every answer is its
//! [`SolveState`](codebreak_session::SolveState) with the session id in front. Replies that
//! contradict the earlier ones are refused (409) with a diagnosis naming the suspect answers.

use axum::extract::{Path, State};
use axum::response::Response;
use codebreak_core::{GameSpec, Pool, Sampling, Ties};
use codebreak_session::reasoned::Budget;
use codebreak_session::{SessionError, Solve, SolveState};
use codebreak_strategy::{StrategyKind, StrategyOptionsSpec};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{AppState, REASONED_BYTES, ok, session_error, with_id};
use crate::body::ApiJson;
use crate::engines::EngineRef;
use crate::error::ApiError;
use crate::memory::{self, Charge};
use crate::store::{Phase, lock};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    #[serde(default)]
    game: GameSpec,
    #[serde(default)]
    strategy: StrategyKind,
    pool: Option<Pool>,
    ties: Option<Ties>,
    seed: Option<u64>,
    first_guess: Option<String>,
    /// How much of a large pool a greedy strategy scores: auto, off or a number.
    sample: Option<Sampling>,
    /// On a game too large to list: secrets sampled to choose each guess (default 400).
    fit_sample: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplyRequest {
    feedback: String,
}

/// `POST /api/solve/{id}/undo` takes an empty object (`{}`): like every body, it is JSON and
/// its unknown fields are refused.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UndoRequest {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorrectRequest {
    /// 1-based number of the answer to correct.
    answer: usize,
    feedback: String,
}

/// One game in which the computer breaks the user's secret.
pub struct SolveEntry {
    /// Keeps a listed game's tables cached while the session lives.
    _engine: Option<EngineRef>,
    _charge: Charge,
    session: Solve,
    show: usize,
}

impl SolveEntry {
    fn state(&mut self, budget: &Budget) -> Result<SolveState, ApiError> {
        self.session.state(self.show, budget).map_err(session_error)
    }
}

fn phase_of(s: &SolveState) -> Phase {
    if s.solved {
        Phase::Finished
    } else if !s.moves.is_empty() {
        Phase::Playing
    } else {
        Phase::Fresh
    }
}

/// `POST /api/solve`.
pub async fn start(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<StartRequest>,
) -> Result<Response, ApiError> {
    let options = StrategyOptionsSpec {
        pool: req.pool,
        ties: req.ties,
        seed: req.seed,
        first_guess: req.first_guess,
        sample: req.sample,
    };
    let (game, engine, charge) = if codebreak_session::reasoned::ReasonedGame::wanted(&req.game) {
        let game = codebreak_session::Game::new(&req.game).map_err(session_error)?;
        (game, None, state.reserve(REASONED_BYTES, "solving")?)
    } else {
        let listed = state.game_of(&req.game).await?;
        let (engine, charge) = state
            .engine(
                &listed,
                state.limits().interactive_codes,
                "solving",
                memory::session_bytes(&listed, 1),
            )
            .await?;
        let game = codebreak_session::Game::with_engine(engine.arc());
        (game, Some(engine), charge)
    };
    let session = game
        .solve(Some(req.strategy), &options, req.fit_sample)
        .map_err(session_error)?;
    let entry = SolveEntry {
        session,
        _engine: engine,
        _charge: charge,
        show: state.limits().show_candidates,
    };
    let (id, cell) = state.0.solves.insert(entry)?;
    let id2 = id.clone();
    let budget = state.reasoned_budget();
    let v = state
        .compute(move || -> Result<Value, ApiError> {
            Ok(with_id(&id2, lock(&cell).state(&budget)?))
        })
        .await??;
    Ok(ok(v))
}

/// `GET /api/solve/{id}`.
pub async fn state(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let cell = state.0.solves.get(&id)?;
    let budget = state.reasoned_budget();
    let v = state
        .compute(move || -> Result<Value, ApiError> {
            Ok(with_id(&id, lock(&cell).state(&budget)?))
        })
        .await??;
    Ok(ok(v))
}

/// `DELETE /api/solve/{id}`.
pub async fn end(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    state.0.solves.get(&id)?;
    state.0.solves.remove(&id);
    Ok(ok(json!({"id": id, "ended": true})))
}

/// Runs `f` on the session and answers with its state; the store learns the new phase.
async fn act(
    state: AppState,
    id: String,
    f: impl FnOnce(&mut Solve, &Budget) -> Result<(), SessionError> + Send + 'static,
) -> Result<Response, ApiError> {
    let cell = state.0.solves.get(&id)?;
    let id2 = id.clone();
    let budget = state.reasoned_budget();
    let (v, phase) = state
        .compute(move || -> Result<(Value, Phase), ApiError> {
            let mut s = lock(&cell);
            f(&mut s.session, &budget).map_err(session_error)?;
            let st = s.state(&budget)?;
            let phase = phase_of(&st);
            Ok((with_id(&id2, st), phase))
        })
        .await??;
    state.0.solves.set_phase(&id, phase);
    Ok(ok(v))
}

/// Names the field of a reply that cannot be read.
fn feedback_field(e: SessionError) -> SessionError {
    match e {
        SessionError::Reply(e) => SessionError::Setup(format!("feedback: {e}")),
        SessionError::Reasoned(e @ codebreak_session::reasoned::ReasonedError::Code(_)) => {
            SessionError::Setup(format!("feedback: {e}"))
        }
        e => e,
    }
}

/// `POST /api/solve/{id}/reply`: the reply to the pending guess.
pub async fn reply(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<ReplyRequest>,
) -> Result<Response, ApiError> {
    act(state, id, move |s, budget| {
        s.reply(&req.feedback, budget).map_err(feedback_field)
    })
    .await
}

/// `POST /api/solve/{id}/undo`: takes back the last answer.
pub async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(UndoRequest {}): ApiJson<UndoRequest>,
) -> Result<Response, ApiError> {
    act(state, id, |s, _| s.undo()).await
}

/// `POST /api/solve/{id}/correct`: changes an earlier answer; the later guesses stay.
pub async fn correct(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<CorrectRequest>,
) -> Result<Response, ApiError> {
    act(state, id, move |s, budget| {
        s.correct(req.answer, &req.feedback, budget)
            .map_err(feedback_field)
    })
    .await
}
