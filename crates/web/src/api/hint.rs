//! `POST /api/hint`: from the moves so far (sent by the client, which knows them), how many
//! secrets remain, which, and what each strategy would guess next and why: the library's
//! [`HintReport`](codebreak_session::HintReport), as `hint --json` prints it.
//!
//! `POST /api/best`: the exact best next guess where the position is small enough.
//!
//! Hints are stateless: the server knows no secret here, so a hint can never leak one.

use axum::extract::State;
use axum::response::Response;
use codebreak_core::{Code, Feedback, Game, GameSpec, Pool, Sampling, Ties};
use codebreak_session::{HintOptions, ReviewOptions};
use codebreak_strategy::{StrategyKind, StrategyOptionsSpec};
use serde::Deserialize;

use super::{AppState, ok, parse_feedback, parse_guess, session_error, strategy_options};
use crate::body::ApiJson;
use crate::error::ApiError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveIn {
    pub(super) guess: String,
    pub(super) feedback: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    #[serde(default)]
    game: GameSpec,
    #[serde(default)]
    history: Vec<MoveIn>,
    /// The strategies to ask, in order (default every one that applies to the game).
    strategies: Option<Vec<StrategyKind>>,
    pool: Option<Pool>,
    ties: Option<Ties>,
    seed: Option<u64>,
    first_guess: Option<String>,
    /// How much of a large pool a greedy strategy scores: auto, off or a number.
    sample: Option<Sampling>,
    show: Option<usize>,
}

/// Reads the moves of a request, naming the field of one that cannot be read.
pub(super) fn read_history(
    game: &Game,
    moves: &[MoveIn],
) -> Result<Vec<(Code, Feedback)>, ApiError> {
    codebreak_session::MOVES
        .check(moves.len() as u64)
        .map_err(|e| ApiError::Invalid(format!("history: {e}")))?;
    let mut history: Vec<(Code, Feedback)> = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let field = format!("history[{i}]");
        history.push((
            parse_guess(game, &m.guess, &format!("{field}.guess"))?,
            parse_feedback(game, &m.feedback, &format!("{field}.feedback"))?,
        ));
    }
    Ok(history)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestRequest {
    #[serde(default)]
    game: GameSpec,
    #[serde(default)]
    history: Vec<MoveIn>,
}

/// `POST /api/best`: the exact best next guess where the position is small enough (the
/// library's [`BestReport`](codebreak_session::BestReport)), the search bounded as a review's.
pub async fn best(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<BestRequest>,
) -> Result<Response, ApiError> {
    let game = state.game_of(&req.game)?;
    let history = read_history(&game, &req.history)?;
    let (engine, _) = state
        .engine(&game, state.limits().interactive_codes, "the best move", 0)
        .await?;
    let report = state
        .compute(move || codebreak_session::best(&engine, &history, &ReviewOptions::default()))
        .await?
        .map_err(session_error)?;
    Ok(ok(serde_json::to_value(report).map_err(ApiError::invalid)?))
}

/// `POST /api/hint`.
pub async fn hint(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<HintRequest>,
) -> Result<Response, ApiError> {
    let game = state.game_of(&req.game)?;
    let show = req.show.unwrap_or(state.limits().show_candidates);
    let history = read_history(&game, &req.history)?;
    let options = HintOptions {
        strategies: req.strategies,
        options: strategy_options(
            &game,
            &StrategyOptionsSpec {
                pool: req.pool,
                ties: req.ties,
                seed: req.seed,
                first_guess: req.first_guess,
                sample: req.sample,
            },
        )?,
        show,
    };
    let (engine, _) = state
        .engine(&game, state.limits().interactive_codes, "hints", 0)
        .await?;
    let report = state
        .compute(move || codebreak_session::hint(&engine, &history, &options))
        .await?
        .map_err(session_error)?;
    Ok(ok(serde_json::to_value(report).map_err(ApiError::invalid)?))
}
