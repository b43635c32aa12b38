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
use codebreak_session::{HintQuery, ReviewOptions};
use codebreak_strategy::{StrategyKind, StrategyOptionsSpec};
use serde::{Deserialize, Serialize};

use super::{AppState, ok, session_error};
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
    /// On a game too large to list: secrets sampled to choose the guess (default 400).
    fit_sample: Option<usize>,
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
    let (game, history, _engine) = state
        .position(&req.game, &req.history, "the best move")
        .await?;
    let budget = state.reasoned_budget();
    let report = state
        .compute(move || game.best(&history, &ReviewOptions::default(), &budget))
        .await?
        .map_err(session_error)?;
    Ok(ok(serde_json::to_value(report).map_err(ApiError::invalid)?))
}

/// `POST /api/hint`, on a listed game or one too large to list: one report type for both.
pub async fn hint(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<HintRequest>,
) -> Result<Response, ApiError> {
    let (game, history, _engine) = state.position(&req.game, &req.history, "hints").await?;
    let query = HintQuery {
        strategies: req.strategies,
        options: StrategyOptionsSpec {
            pool: req.pool,
            ties: req.ties,
            seed: req.seed,
            first_guess: req.first_guess,
            sample: req.sample,
        },
        show: req.show.unwrap_or(state.limits().show_candidates),
        fit_sample: req.fit_sample,
        find_time: None,
    };
    let budget = state.reasoned_budget();
    let report = state
        .compute(move || game.hint(&history, &query, &budget))
        .await?
        .map_err(session_error)?;
    Ok(ok(serde_json::to_value(report).map_err(ApiError::invalid)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    #[serde(default)]
    game: GameSpec,
    /// The rows so far (for hard mode's rule); rows that cannot be read are left out.
    #[serde(default)]
    history: Vec<MoveIn>,
    guess: Option<String>,
    feedback: Option<String>,
}

/// What is wrong with a typed guess or reply, in the library's words (`null` when nothing).
#[derive(Serialize)]
struct Checked {
    ok: bool,
    why: Option<String>,
    /// A guess of a Wordle game that is a five-letter word but not in the game's list: the
    /// player's own site may accept it (see `POST /api/game-extend`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    outside_list: bool,
}

impl Checked {
    fn of(r: Result<(), String>) -> Checked {
        Checked {
            ok: r.is_ok(),
            why: r.err(),
            outside_list: false,
        }
    }
}

/// `POST /api/check`: checks a guess and a reply as they are typed, before they are sent as a
/// row or a move: the guess against the game's symbols, length and list, and hard mode's rule
/// after the rows so far (naming the rule it breaks); the reply against the game's replies.
/// Cheap (no engine, no strategy), so the page asks at every keystroke.
pub async fn check(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CheckRequest>,
) -> Result<Response, ApiError> {
    let game = state.game_of(&req.game).await?;
    codebreak_session::MOVES
        .check(req.history.len() as u64)
        .map_err(|e| ApiError::Invalid(format!("history: {e}")))?;
    let moves: Vec<(Code, Feedback)> = req
        .history
        .iter()
        .filter_map(|m| {
            Some((
                game.parse_guess(&m.guess).ok()?,
                game.parse_feedback(&m.feedback).ok()?,
            ))
        })
        .collect();
    let guess =
        req.guess
            .as_deref()
            .map(|text| match game.parse_guess(text) {
                Ok(code) => Checked::of(
                    game.check_hard(&moves, &code)
                        .map_err(|rule| format!("hard mode: {rule}")),
                ),
                Err(e) if is_wordle(&game) => wordle_fault(&game, text.trim())
                    .unwrap_or_else(|| Checked::of(Err(e.to_string()))),
                Err(e) => Checked::of(Err(e.to_string())),
            });
    let feedback = req.feedback.as_deref().map(|text| {
        Checked::of(
            game.parse_feedback(text)
                .map(|_| ())
                .map_err(|e| e.to_string()),
        )
    });
    Ok(ok(
        serde_json::json!({"guess": guess, "feedback": feedback}),
    ))
}

/// Whether a game scores by Wordle's rule (the built-in Wordle, or a list game with that rule).
pub(super) fn is_wordle(game: &Game) -> bool {
    matches!(
        game.feedback(),
        codebreak_core::FeedbackKind::List { wordle: true, .. }
    )
}

/// What is wrong with a word that a Wordle game does not read: its length, a character that is
/// not a letter, or (a five-letter word) not being in the game's list of guesses.
fn wordle_fault(game: &Game, text: &str) -> Option<Checked> {
    let n = text.chars().count();
    let why = if n != codebreak_core::wordle::LETTERS {
        format!("\"{text}\" has {n} letters: a guess has 5")
    } else if let Some(c) = text.chars().find(|c| !c.is_ascii_alphabetic()) {
        format!("\"{text}\" is not a word: {c:?} is not a letter")
    } else {
        let guesses = game.list().map_or(0, |l| l.guess_count());
        return Some(Checked {
            ok: false,
            why: Some(format!(
                "\"{text}\" is not a word of the list ({guesses} words this game accepts)"
            )),
            outside_list: true,
        });
    };
    Some(Checked::of(Err(why)))
}
