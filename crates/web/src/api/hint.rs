//! `POST /api/hint`: from the moves so far (sent by the client, which knows them), how many
//! secrets remain, which (when few), and what each strategy would guess next and why.
//!
//! Hints are stateless: the server knows no secret here, so a hint can never leak one.
//!
//! Two-phase is shown only for a history it would have played itself
//! ([`TwoPhase::first_foreign_move`]); otherwise it is listed under `omitted` with the reason.

use axum::extract::State;
use axum::response::Response;
use codebreak_core::{Code, Feedback, GameSpec};
use codebreak_strategy::two_phase::TwoPhase;
use codebreak_strategy::{AnyStrategy, STRATEGIES, Suggestion};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{
    AppState, PoolName, StrategyChoice, TiesName, contradiction, game_of, ok, parse_feedback,
    parse_guess,
};
use crate::body::ApiJson;
use crate::error::ApiError;

/// Most moves a hint request may carry.
const MAX_MOVES: usize = 200;
/// Most candidates a request may ask to see.
const MAX_SHOW: usize = 200;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveIn {
    guess: String,
    feedback: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    #[serde(default)]
    game: GameSpec,
    #[serde(default)]
    history: Vec<MoveIn>,
    strategies: Option<Vec<String>>,
    pool: Option<PoolName>,
    ties: Option<TiesName>,
    seed: Option<u64>,
    show: Option<usize>,
}

/// Why a strategy picks its guess, in its own terms.
fn why(s: &Suggestion) -> String {
    let st = &s.stats;
    let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match s.strategy.as_str() {
        "minimax" => format!(
            "smallest worst case: at most {} left",
            plural(st.largest as u64, "secret", "secrets")
        ),
        "expected-size" => format!(
            "smallest expected number of secrets left: {:.2}",
            st.expected_size
        ),
        "entropy" => format!("most information: {:.3} bits", st.entropy),
        "most-parts" => format!(
            "most distinct replies: {}",
            plural(st.parts as u64, "reply", "replies")
        ),
        "first" => "the first code that could still be the secret".into(),
        "random" => "a random code that could still be the secret".into(),
        "two-phase" => "the next probe or arrangement of the two-phase AI".into(),
        other => format!("the choice of {other}"),
    }
}

/// `POST /api/hint`.
pub async fn hint(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<HintRequest>,
) -> Result<Response, ApiError> {
    let game = game_of(&req.game)?;
    if req.history.len() > MAX_MOVES {
        return Err(ApiError::Invalid(format!(
            "history has {} moves: expected at most {MAX_MOVES}",
            req.history.len()
        )));
    }
    let show = req.show.unwrap_or(state.limits().show_candidates);
    if show > MAX_SHOW {
        return Err(ApiError::Invalid(format!(
            "show {show} is out of range: expected 0 to {MAX_SHOW}"
        )));
    }
    let mut history: Vec<(Code, Feedback)> = Vec::with_capacity(req.history.len());
    for (i, m) in req.history.iter().enumerate() {
        let field = format!("history[{i}]");
        history.push((
            parse_guess(&game, &m.guess, &format!("{field}.guess"))?,
            parse_feedback(&game, &m.feedback, &format!("{field}.feedback"))?,
        ));
    }
    let (engine, _) = state
        .engine(&game, state.limits().interactive_codes, "hints", 0)
        .await?;
    let choice = StrategyChoice {
        pool: req.pool,
        ties: req.ties,
        seed: req.seed,
        first_guess: None,
    };
    let mut strategies: Vec<AnyStrategy> = match &req.strategies {
        Some(names) => {
            if names.is_empty() || names.len() > 16 {
                return Err(ApiError::Invalid(format!(
                    "strategies has {} names: expected 1 to 16",
                    names.len()
                )));
            }
            names
                .iter()
                .map(|n| choice.build(n, &game, &engine, true))
                .collect::<Result<_, _>>()?
        }
        // Every strategy that applies to the game.
        None => STRATEGIES
            .iter()
            .filter_map(|s| choice.build(s.name, &game, &engine, true).ok())
            .collect(),
    };
    // Two-phase reads its state from its own moves: after anyone else's, its next guess
    // means nothing, so it is left out with a note.
    let mut omitted = Vec::new();
    if let Some(why) = TwoPhase::foreign_note(&game, &history)
        && strategies.iter().any(|s| s.name() == "two-phase")
    {
        strategies.retain(|s| s.name() != "two-phase");
        omitted.push(json!({"strategy": "two-phase", "why": why}));
    }
    let v = state
        .compute(move || -> Result<Value, ApiError> {
            let game = engine.game();
            let h = codebreak_strategy::hint(&engine, &strategies, &history, show)
                .map_err(|d| contradiction(game, &history, &d))?;
            let solved = history.last().is_some_and(|(_, f)| *f == game.win());
            let suggestions: Vec<Value> = h
                .suggestions
                .iter()
                .zip(&strategies)
                .map(|(s, strat)| {
                    json!({
                        "strategy": s.strategy,
                        "description": strat.describe(game),
                        "guess": game.format_code(&s.guess),
                        "why": why(s),
                        "largest": s.stats.largest,
                        "expected_size": s.stats.expected_size,
                        "entropy": s.stats.entropy,
                        "parts": s.stats.parts,
                        "could_be_secret": s.stats.consistent,
                    })
                })
                .collect();
            let mut v = json!({
                "remaining": h.remaining,
                "solved": solved,
                "suggestions": suggestions,
                "omitted": omitted,
            });
            if h.remaining <= show {
                v["candidates"] = json!(
                    h.candidates
                        .iter()
                        .map(|c| game.format_code(c))
                        .collect::<Vec<_>>()
                );
            }
            Ok(v)
        })
        .await??;
    Ok(ok(v))
}
