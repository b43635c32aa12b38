//! Play: you break the computer's secret, in a library [`Play`](codebreak_session::Play), on
//! a listed game or one too large to list. Every answer is its
//! [`PlayState`](codebreak_session::PlayState) with the session id in front; the secret enters
//! one only once the game is over (won, out of attempts, or given up).

use axum::extract::{Path, State};
use axum::response::Response;
use codebreak_core::GameSpec;
use codebreak_session::{MakerKind, Play, PlaySetup, Remaining};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{AppState, REASONED_BYTES, blocking, ok, session_error, with_id};
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
    maker: MakerKind,
    attempts: Option<u32>,
    /// Fixes the random secret (`seed` is accepted too).
    #[serde(alias = "seed")]
    secret_seed: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuessRequest {
    guess: String,
}

/// One game against the computer.
pub struct PlayEntry {
    /// Keeps a listed game's tables cached while the session lives.
    _engine: Option<EngineRef>,
    /// The memory charged for this session (its secret lists), shrunk as they narrow.
    charge: Charge,
    session: Play,
}

/// Secret lists a session tracks: the tracker's, and the cunning codemaker's own.
fn tracked(maker: MakerKind) -> usize {
    match maker {
        MakerKind::Adversarial => 2,
        MakerKind::Random => 1,
    }
}

/// `POST /api/play`.
pub async fn start(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<StartRequest>,
) -> Result<Response, ApiError> {
    let setup = PlaySetup {
        maker: req.maker,
        attempts: req.attempts,
        secret_seed: req.secret_seed,
    };
    if let Some(n) = setup.attempts {
        codebreak_session::ATTEMPTS
            .check(n.into())
            .map_err(ApiError::invalid)?;
    }
    let (game, engine, charge) = if codebreak_session::reasoned::ReasonedGame::wanted(&req.game) {
        let game = codebreak_session::Game::new(&req.game).map_err(session_error)?;
        (game, None, state.reserve(REASONED_BYTES, "play")?)
    } else {
        let listed = state.game_of(&req.game).await?;
        let (engine, charge) = state
            .engine(
                &listed,
                state.limits().play_codes,
                "play",
                memory::session_bytes(&listed, tracked(req.maker)),
            )
            .await?;
        let game = codebreak_session::Game::with_engine(engine.arc());
        (game, Some(engine), charge)
    };
    let session = game.play(&setup, None).map_err(session_error)?;
    let (id, cell) = state.0.plays.insert(PlayEntry {
        _engine: engine,
        charge,
        session,
    })?;
    let v = with_id(&id, lock(&cell).session.state());
    Ok(ok(v))
}

/// `GET /api/play/{id}`.
pub async fn state(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let cell = state.0.plays.get(&id)?;
    let v = with_id(&id, lock(&cell).session.state());
    Ok(ok(v))
}

/// `DELETE /api/play/{id}`: gives up (revealing the secret) and ends the session.
pub async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let cell = state.0.plays.get(&id)?;
    state.0.plays.remove(&id);
    let mut s = lock(&cell);
    s.session.resign();
    Ok(ok(with_id(&id, s.session.state())))
}

/// `POST /api/play/{id}/guess`: the state after the guess, and the move itself as `move`.
pub async fn guess(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<GuessRequest>,
) -> Result<Response, ApiError> {
    let cell = state.0.plays.get(&id)?;
    let id2 = id.clone();
    let (v, over, used) = blocking(move || -> Result<(Value, bool, usize), ApiError> {
        let mut s = lock(&cell);
        let m = s.session.guess(&req.guess).map_err(|e| match e {
            codebreak_session::SessionError::Guess(e) => ApiError::Invalid(format!("guess: {e}")),
            codebreak_session::SessionError::Reasoned(
                e @ codebreak_session::reasoned::ReasonedError::Code(_),
            ) => ApiError::Invalid(format!("guess: {e}")),
            e => session_error(e),
        })?;
        let st = s.session.state();
        // A listed game tracks its secrets left: the charge shrinks as they narrow.
        if let Some(Remaining::Exact(n)) = st.remaining {
            s.charge.shrink_to(memory::tracking_bytes(
                usize::try_from(n).unwrap_or(usize::MAX),
                tracked(st.maker),
            ));
        }
        let (over, used) = (st.over, st.used);
        let mut v = with_id(&id2, st);
        v["move"] = json!(m.played);
        Ok((v, over, used))
    })
    .await??;
    // The store's lock is taken again only when the phase changes.
    if over {
        state.0.plays.set_phase(&id, Phase::Finished);
    } else if used == 1 {
        state.0.plays.set_phase(&id, Phase::Playing);
    }
    Ok(ok(v))
}
