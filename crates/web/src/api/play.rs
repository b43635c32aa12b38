//! Play: you break the computer's secret.
//!
//! The codemaker lives only here, inside the session; the secret enters a response only once
//! the game is over (won, out of attempts, or given up).

use axum::extract::{Path, State};
use axum::response::Response;
use codebreak_core::{Code, Feedback, GameSpec, Role};
use codebreak_strategy::{Adversarial, AnyStrategy, Breaker, Codemaker, Honest, StrategyOptions};
use serde::Deserialize;
use serde_json::{Value, json};

use super::games::default_attempts;
use super::{AppState, blocking, game_of, move_json, ok, parse_guess};
use crate::body::ApiJson;
use crate::engines::EngineRef;
use crate::error::ApiError;
use crate::ids;
use crate::memory::{self, Charge};
use crate::store::{Phase, lock};

/// Most attempts a game may allow.
const MAX_ATTEMPTS: u32 = 100;

/// Who hides the secret.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MakerName {
    /// A secret drawn at random (from the OS generator, or from `seed`).
    #[default]
    Random,
    /// Same as random.
    Honest,
    /// The cunning codemaker: no fixed secret, every answer keeps the most secrets open.
    Adversarial,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    #[serde(default)]
    game: GameSpec,
    #[serde(default)]
    maker: MakerName,
    attempts: Option<u32>,
    seed: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuessRequest {
    guess: String,
}

enum Maker {
    Honest(Honest),
    Adversarial(Adversarial),
}

impl Maker {
    fn answer(&mut self, guess: &Code) -> Feedback {
        match self {
            Maker::Honest(m) => m.answer(guess),
            Maker::Adversarial(m) => m.answer(guess),
        }
    }
    fn reveal(&self) -> Code {
        match self {
            Maker::Honest(m) => m.reveal(),
            Maker::Adversarial(m) => m.reveal(),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Won,
    OutOfAttempts,
    GaveUp,
}

struct Move {
    guess: Code,
    feedback: Feedback,
    remaining: usize,
    could_be_secret: bool,
}

/// One game against the computer.
pub struct PlaySession {
    engine: EngineRef,
    /// The memory charged for this session (its secret lists), shrunk as they narrow.
    charge: Charge,
    maker: Maker,
    adversarial: bool,
    /// Tracks which secrets are still possible (its strategy is never asked for a guess).
    tracker: Breaker,
    moves: Vec<Move>,
    attempts: usize,
    outcome: Option<Outcome>,
}

impl PlaySession {
    /// The session as JSON. The secret appears only when the game is over.
    fn to_json(&self, id: &str) -> Value {
        let game = self.engine.game();
        let moves: Vec<Value> = self
            .moves
            .iter()
            .map(|m| {
                let mut v = move_json(game, &m.guess, m.feedback);
                v["remaining"] = json!(m.remaining);
                v["could_be_secret"] = json!(m.could_be_secret);
                v
            })
            .collect();
        let mut v = json!({
            "id": id,
            "game": game.spec(),
            "name": game.to_string(),
            "maker": if self.adversarial { "adversarial" } else { "random" },
            "attempts": self.attempts,
            "used": self.moves.len(),
            "attempts_left": self.attempts - self.moves.len(),
            "remaining": self.tracker.remaining(),
            "moves": moves,
            "over": self.outcome.is_some(),
            "won": self.outcome == Some(Outcome::Won),
        });
        if let Some(outcome) = self.outcome {
            let secret = game.format_code(&self.maker.reveal());
            v["summary"] = json!(self.summary(outcome, &secret));
            v["secret"] = json!(secret);
        }
        v
    }

    fn summary(&self, outcome: Outcome, secret: &str) -> String {
        let n = self.moves.len();
        let plural = |k: usize, word: &str| format!("{k} {word}{}", if k == 1 { "" } else { "es" });
        let wasted = self.moves.iter().filter(|m| !m.could_be_secret).count();
        let mut text = match outcome {
            Outcome::Won => format!(
                "You broke the code {secret} with {} out of {}.",
                plural(n, "guess"),
                self.attempts
            ),
            Outcome::OutOfAttempts => format!(
                "Out of attempts: the secret was {secret}; {} still possible after your last answer.",
                match self.tracker.remaining() {
                    1 => "it was the only secret".to_string(),
                    r => format!("{r} secrets were"),
                }
            ),
            Outcome::GaveUp => format!(
                "You gave up after {}: the secret was {secret}.",
                plural(n, "guess")
            ),
        };
        if n > 0 && wasted > 0 {
            text.push_str(&format!(
                " {wasted} of your guesses could not have been the secret given the earlier answers."
            ));
        } else if n > 1 {
            text.push_str(" Every guess could have been the secret.");
        }
        if self.adversarial {
            text.push_str(
                " The cunning codemaker never fixed a secret: it answered each guess so as to keep the most secrets open, and shows the lowest one left.",
            );
        }
        text
    }
}

/// `POST /api/play`.
pub async fn start(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<StartRequest>,
) -> Result<Response, ApiError> {
    let game = game_of(&req.game)?;
    let attempts = match req.attempts {
        Some(n) if n == 0 || n > MAX_ATTEMPTS => {
            return Err(ApiError::Invalid(format!(
                "attempts {n} is out of range: expected 1 to {MAX_ATTEMPTS}"
            )));
        }
        Some(n) => n as usize,
        None => default_attempts(game.pegs()),
    };
    if req.maker == MakerName::Adversarial && req.seed.is_some() {
        return Err(ApiError::Invalid(
            "seed does not apply to the adversarial codemaker: it has no secret to draw".into(),
        ));
    }
    let adversarial = req.maker == MakerName::Adversarial;
    // The tracker's list of secrets, and the cunning codemaker's own.
    let tracked = if adversarial { 2 } else { 1 };
    let (engine, charge) = state
        .engine(
            &game,
            state.limits().play_codes,
            "play",
            memory::session_bytes(&game, tracked),
        )
        .await?;
    let tracker = Breaker::new(
        engine.arc(),
        AnyStrategy::new("first", &StrategyOptions::default(), &game, engine.space())
            .map_err(ApiError::invalid)?,
    );
    let maker = if adversarial {
        Maker::Adversarial(Adversarial::new(engine.arc()))
    } else {
        Maker::Honest(Honest::random(
            &engine,
            req.seed.unwrap_or_else(ids::new_seed),
        ))
    };
    let session = PlaySession {
        engine,
        charge,
        maker,
        adversarial,
        tracker,
        moves: Vec::new(),
        attempts,
        outcome: None,
    };
    let (id, cell) = state.0.plays.insert(session)?;
    let v = lock(&cell).to_json(&id);
    Ok(ok(v))
}

/// `GET /api/play/{id}`.
pub async fn state(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let cell = state.0.plays.get(&id)?;
    let v = lock(&cell).to_json(&id);
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
    if s.outcome.is_none() {
        s.outcome = Some(Outcome::GaveUp);
    }
    Ok(ok(s.to_json(&id)))
}

/// `POST /api/play/{id}/guess`.
pub async fn guess(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<GuessRequest>,
) -> Result<Response, ApiError> {
    let cell = state.0.plays.get(&id)?;
    let id2 = id.clone();
    let v = blocking(move || -> Result<Value, ApiError> {
        let id = id2;
        let mut s = lock(&cell);
        let game = s.engine.game().clone();
        if s.outcome.is_some() {
            return Err(ApiError::Conflict(
                "the game is over: start a new one with POST /api/play".into(),
            ));
        }
        let guess = parse_guess(&game, &req.guess, "guess")?;
        let could_be_secret = game.is_valid(&guess, Role::Secret)
            && s.moves
                .iter()
                .all(|m| game.score(&guess, &m.guess) == m.feedback);
        let fb = s.maker.answer(&guess);
        // An honest or adversarial maker never contradicts itself.
        s.tracker
            .record(&guess, fb)
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        let remaining = s.tracker.remaining();
        let tracked = if s.adversarial { 2 } else { 1 };
        s.charge
            .shrink_to(memory::tracking_bytes(remaining, tracked));
        s.moves.push(Move {
            guess,
            feedback: fb,
            remaining,
            could_be_secret,
        });
        if fb == game.win() {
            s.outcome = Some(Outcome::Won);
        } else if s.moves.len() >= s.attempts {
            s.outcome = Some(Outcome::OutOfAttempts);
        }
        let mut v = s.to_json(&id);
        v["move"] = move_json(&game, &guess, fb);
        Ok(v)
    })
    .await??;
    // The store's lock is taken again only when the phase changes.
    if v["over"] == true {
        state.0.plays.set_phase(&id, Phase::Finished);
    } else if v["used"] == 1 {
        state.0.plays.set_phase(&id, Phase::Playing);
    }
    Ok(ok(v))
}
