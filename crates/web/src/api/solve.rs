//! Solve: a strategy breaks the user's secret from the replies the user gives. Replies that
//! contradict the earlier ones are refused with a diagnosis naming the suspect answers.

use axum::extract::{Path, State};
use axum::response::Response;
use codebreak_core::GameSpec;
use codebreak_strategy::{Breaker, Progress};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{
    AppState, PoolName, StrategyChoice, TiesName, contradiction, game_of, move_json, ok,
    parse_feedback,
};
use crate::body::ApiJson;
use crate::engines::EngineRef;
use crate::error::ApiError;
use crate::memory::{self, Charge};
use crate::store::{Phase, lock};

fn default_strategy() -> String {
    "minimax".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    #[serde(default)]
    game: GameSpec,
    #[serde(default = "default_strategy")]
    strategy: String,
    pool: Option<PoolName>,
    ties: Option<TiesName>,
    seed: Option<u64>,
    first_guess: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplyRequest {
    feedback: String,
}

/// Where a session stands after a request, from its state.
fn phase_of(v: &Value) -> Phase {
    if v["solved"] == true {
        Phase::Finished
    } else if v["moves"].as_array().is_some_and(|m| !m.is_empty()) {
        Phase::Playing
    } else {
        Phase::Fresh
    }
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
pub struct SolveSession {
    engine: EngineRef,
    /// The memory charged for this session (its candidate list).
    _charge: Charge,
    breaker: Breaker,
    description: String,
    show: usize,
}

impl SolveSession {
    /// The state, with the next guess (computed if needed: call on the blocking pool).
    fn view(&mut self, id: &str) -> Value {
        let game = self.engine.game().clone();
        let history = self.breaker.history();
        let moves: Vec<Value> = history
            .iter()
            .map(|(g, f)| move_json(&game, g, *f))
            .collect();
        let solved = self.breaker.is_solved();
        let remaining = self.breaker.remaining();
        let mut v = json!({
            "id": id,
            "game": game.spec(),
            "name": game.to_string(),
            "strategy": self.description,
            "moves": moves,
            "solved": solved,
            "remaining": remaining,
        });
        if remaining <= self.show {
            v["candidates"] = json!(
                self.breaker
                    .candidates()
                    .map(|c| game.format_code(&c))
                    .collect::<Vec<_>>()
            );
        }
        if solved {
            let (last, _) = history.last().expect("solved after a move");
            v["secret"] = json!(game.format_code(last));
            v["summary"] = json!(format!(
                "Your secret is {}: found with {} guess{}.",
                game.format_code(last),
                history.len(),
                if history.len() == 1 { "" } else { "es" }
            ));
        } else {
            let g = self.breaker.next_guess();
            v["guess"] = json!(game.format_code(&g));
            v["number"] = json!(history.len() + 1);
        }
        v
    }
}

/// `POST /api/solve`.
pub async fn start(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<StartRequest>,
) -> Result<Response, ApiError> {
    let game = game_of(&req.game)?;
    let (engine, charge) = state
        .engine(
            &game,
            state.limits().interactive_codes,
            "solving",
            memory::session_bytes(&game, 1),
        )
        .await?;
    let choice = StrategyChoice {
        pool: req.pool,
        ties: req.ties,
        seed: req.seed,
        first_guess: req.first_guess,
    };
    let strategy = choice.build(&req.strategy, &game, &engine, false)?;
    let session = SolveSession {
        description: strategy.describe(&game),
        breaker: Breaker::new(engine.arc(), strategy),
        engine,
        _charge: charge,
        show: state.limits().show_candidates,
    };
    let (id, cell) = state.0.solves.insert(session)?;
    let id2 = id.clone();
    let v = state.compute(move || lock(&cell).view(&id2)).await?;
    Ok(ok(v))
}

/// `GET /api/solve/{id}`.
pub async fn state(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let cell = state.0.solves.get(&id)?;
    let v = state.compute(move || lock(&cell).view(&id)).await?;
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

/// `POST /api/solve/{id}/reply`: the reply to the pending guess.
pub async fn reply(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<ReplyRequest>,
) -> Result<Response, ApiError> {
    let cell = state.0.solves.get(&id)?;
    let id2 = id.clone();
    let v = state
        .compute(move || -> Result<Value, ApiError> {
            let id = id2;
            let mut s = lock(&cell);
            let game = s.engine.game().clone();
            if s.breaker.is_solved() {
                return Err(ApiError::Conflict(
                    "the secret is already found: undo the last answer or start a new game".into(),
                ));
            }
            let fb = parse_feedback(&game, &req.feedback, "feedback")?;
            let guess = s.breaker.next_guess();
            match s.breaker.tell(fb) {
                Ok(Progress::Solved { .. } | Progress::Continue { .. }) => Ok(s.view(&id)),
                Err(_) => {
                    let d = s.breaker.diagnose_with(Some(fb));
                    let mut history = s.breaker.history();
                    history.push((guess, fb));
                    Err(contradiction(&game, &history, &d))
                }
            }
        })
        .await??;
    state.0.solves.set_phase(&id, phase_of(&v));
    Ok(ok(v))
}

/// `POST /api/solve/{id}/undo`: takes back the last answer.
pub async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(UndoRequest {}): ApiJson<UndoRequest>,
) -> Result<Response, ApiError> {
    let cell = state.0.solves.get(&id)?;
    let id2 = id.clone();
    let v = state
        .compute(move || -> Result<Value, ApiError> {
            let id = id2;
            let mut s = lock(&cell);
            if !s.breaker.undo() {
                return Err(ApiError::Conflict(
                    "there is no answer to take back yet".into(),
                ));
            }
            Ok(s.view(&id))
        })
        .await??;
    state.0.solves.set_phase(&id, phase_of(&v));
    Ok(ok(v))
}

/// `POST /api/solve/{id}/correct`: changes an earlier answer; the later guesses stay.
pub async fn correct(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<CorrectRequest>,
) -> Result<Response, ApiError> {
    let cell = state.0.solves.get(&id)?;
    let id2 = id.clone();
    let v = state
        .compute(move || -> Result<Value, ApiError> {
            let id = id2;
            let mut s = lock(&cell);
            let game = s.engine.game().clone();
            let n = s.breaker.history().len();
            if req.answer == 0 || req.answer > n {
                return Err(ApiError::Invalid(match n {
                    0 => format!(
                        "answer {} does not exist: no answer has been given yet",
                        req.answer
                    ),
                    _ => format!("answer {} does not exist: expected 1 to {n}", req.answer),
                }));
            }
            let fb = parse_feedback(&game, &req.feedback, "feedback")?;
            match s.breaker.correct(req.answer - 1, fb) {
                Ok(_) => Ok(s.view(&id)),
                Err(_) => {
                    let mut history = s.breaker.history();
                    history[req.answer - 1].1 = fb;
                    let d = codebreak_strategy::diagnose(&s.engine, &history);
                    Err(contradiction(&game, &history, &d))
                }
            }
        })
        .await??;
    state.0.solves.set_phase(&id, phase_of(&v));
    Ok(ok(v))
}
