//! `POST /api/review`: a finished game's review, move by move, with its skill and luck: the
//! library's [`ReviewReport`](codebreak_session::ReviewReport).
//!
//! Stateless, like hints: the page sends the moves and the secret it was shown once the game
//! was over, so a review can never reveal a secret the page did not already have.

use axum::extract::State;
use axum::response::Response;
use codebreak_core::GameSpec;
use serde::Deserialize;

use super::hint::MoveIn;
use super::{AppState, ok, session_error};
use crate::body::ApiJson;
use crate::error::ApiError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    #[serde(default)]
    game: GameSpec,
    history: Vec<MoveIn>,
    secret: String,
    /// Positions with at most this many secrets left are valued exactly (default 300).
    exact_secrets: Option<usize>,
    /// On a game too large to list: secrets sampled at each move (default 400).
    fit_sample: Option<usize>,
}

/// `POST /api/review`, on a listed game or one too large to list (counts estimated where they
/// must be, the best guess chosen on a sample): one report type for both.
pub async fn review(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ReviewRequest>,
) -> Result<Response, ApiError> {
    let (game, history, _engine) = state.position(&req.game, &req.history, "reviews").await?;
    let options = game
        .review_options(req.exact_secrets, req.fit_sample)
        .map_err(session_error)?;
    let budget = state.reasoned_budget();
    let report = state
        .compute(move || game.review(&history, &req.secret, &options, &budget))
        .await?
        .map_err(session_error)?;
    Ok(ok(serde_json::to_value(report).map_err(ApiError::invalid)?))
}
