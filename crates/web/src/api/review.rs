//! `POST /api/review`: a finished game's review, move by move, with its skill and luck: the
//! library's [`ReviewReport`](codebreak_session::ReviewReport).
//!
//! Stateless, like hints: the page sends the moves and the secret it was shown once the game
//! was over, so a review can never reveal a secret the page did not already have.

use axum::extract::State;
use axum::response::Response;
use codebreak_core::{Code, Feedback, GameSpec};
use codebreak_session::ReviewOptions;
use serde::Deserialize;

use super::hint::MoveIn;
use super::{AppState, ok, parse_feedback, parse_guess, session_error};
use crate::body::ApiJson;
use crate::error::ApiError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    #[serde(default)]
    game: GameSpec,
    history: Vec<MoveIn>,
    secret: String,
}

/// `POST /api/review`.
pub async fn review(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ReviewRequest>,
) -> Result<Response, ApiError> {
    let game = state.game_of(&req.game).await?;
    codebreak_session::MOVES
        .check(req.history.len() as u64)
        .map_err(|e| ApiError::Invalid(format!("history: {e}")))?;
    let secret = game
        .parse_secret(&req.secret)
        .map_err(|e| ApiError::Invalid(format!("secret: {e}")))?;
    let mut history: Vec<(Code, Feedback)> = Vec::with_capacity(req.history.len());
    for (i, m) in req.history.iter().enumerate() {
        let field = format!("history[{i}]");
        history.push((
            parse_guess(&game, &m.guess, &format!("{field}.guess"))?,
            parse_feedback(&game, &m.feedback, &format!("{field}.feedback"))?,
        ));
    }
    let (engine, _) = state
        .engine(&game, state.limits().interactive_codes, "reviews", 0)
        .await?;
    let report = state
        .compute(move || {
            codebreak_session::review(&engine, &history, &secret, &ReviewOptions::default())
        })
        .await?
        .map_err(session_error)?;
    Ok(ok(serde_json::to_value(report).map_err(ApiError::invalid)?))
}
