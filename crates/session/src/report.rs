//! The small report types every session answer is made of: a move, a reply's meaning, and a
//! contradiction with its diagnosis.

use codebreak_core::{Code, Feedback, Game, Reply};
use codebreak_strategy::Diagnosis;
use serde::{Deserialize, Serialize};

/// A reply: its text in the game's notation, and its counts where it has them (for drawing
/// key pegs).
///
/// ```
/// use codebreak_core::{Game, GameSpec};
/// use codebreak_session::ReplyReport;
/// let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
/// let r = ReplyReport::of(&game, game.parse_feedback("1B2W").unwrap());
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"text":"1B2W","black":1,"white":2}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplyReport {
    /// The reply as the game writes it (`1B2W`, `1A2B`, `2B`, `low`).
    pub text: String,
    /// Right symbols in the right place (bulls, black pegs), for the peg games.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub black: Option<u8>,
    /// Right symbols elsewhere (cows, white pegs), for the peg games.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub white: Option<u8>,
}

impl ReplyReport {
    /// The report of a reply of `game`.
    pub fn of(game: &Game, fb: Feedback) -> ReplyReport {
        let text = game.format_feedback(fb);
        let (black, white) = match game.reply(fb) {
            Reply::Pegs { black, white } => (Some(black), Some(white)),
            Reply::Black(b) => (Some(b), Some(0)),
            Reply::TwoD(_) | Reply::Listed(_) => (None, None),
        };
        ReplyReport { text, black, white }
    }
}

/// One move: a guess and its reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveReport {
    /// The guess.
    pub guess: String,
    /// Its reply, as text (the same as `reply.text`).
    pub feedback: String,
    /// Its reply, with counts.
    pub reply: ReplyReport,
}

impl MoveReport {
    /// The report of a move of `game`.
    pub fn of(game: &Game, guess: &Code, fb: Feedback) -> MoveReport {
        let reply = ReplyReport::of(game, fb);
        MoveReport {
            guess: game.format_code(guess),
            feedback: reply.text.clone(),
            reply,
        }
    }
}

/// Replies that no secret gives all at once, and which answers were most likely mistyped.
///
/// This is the error object of `hint --json` and `solve --json` and the body of the web API's
/// 409 answer: `{"error": "...", "diagnosis": {...}}`, the diagnosis as the strategy crate's
/// [`Diagnosis`] serialises (answers numbered from 1, replies in the game's notation).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Contradiction {
    /// One paragraph for a person.
    pub error: String,
    /// The fewest answers that must change, and what they could have been.
    pub diagnosis: Diagnosis,
}

impl Contradiction {
    /// The contradiction of `history` (whose replies no secret gives all at once), with its
    /// diagnosis. `what` says which step failed, or is empty.
    pub fn new(game: &Game, history: &[(Code, Feedback)], d: &Diagnosis, what: &str) -> Self {
        let explanation = d.explain(game, history);
        let error = if what.is_empty() {
            format!("no secret gives every one of these replies; {explanation}")
        } else {
            format!("{what}; {explanation}")
        };
        Contradiction {
            error,
            diagnosis: d.clone(),
        }
    }
}

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.error)
    }
}

impl std::error::Error for Contradiction {}
