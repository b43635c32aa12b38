//! The small report types every session answer is made of: a move, a reply's meaning, and a
//! contradiction with its diagnosis.

use codebreak_core::{AnyEngine, Code, Feedback, Game, Reply};
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

/// Replies that no secret gives all at once: the fewest of them found that already contradict
/// each other and, on a listed game, which answers were most likely mistyped.
///
/// One shape for every game: the error object of `hint --json` and `solve --json`, the body of
/// the web API's 409 answer and Python's `Contradiction.contradiction`. `conflict` names the
/// clues (numbered from 1) that already contradict each other, `quality` how small that set is
/// known to be; `diagnosis` (listed games, where every secret can be tried against every
/// changed answer) the fewest answers to change and their likely values, as the strategy
/// crate's [`Diagnosis`] serialises (`null` on a game too large to list).
///
/// ```
/// use codebreak_session::Contradiction;
/// let c = Contradiction::reasoned(22, vec![3, 9], "smallest", vec![]);
/// assert_eq!(c.error, "no secret fits these 22 clues; clues 3 and 9 already contradict each other, and no single clue does");
/// let v = serde_json::to_value(&c).unwrap();
/// let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
/// assert_eq!(keys, ["error", "clues", "conflict", "quality", "moves", "diagnosis"]);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Contradiction {
    /// One paragraph for a person.
    pub error: String,
    /// Clues (moves) in the history.
    pub clues: usize,
    /// Clues (numbered from 1) that already contradict each other; empty when no such set
    /// was found within the time or work allowed.
    pub conflict: Vec<usize>,
    /// How small `conflict` is known to be: `smallest` (every smaller set of clues was tried),
    /// `minimal` (none of its clues can be left out) or `reduced` (perhaps neither: the time
    /// or work allowed ran out).
    pub quality: String,
    /// The moves of `conflict`.
    pub moves: Vec<MoveReport>,
    /// On a listed game: the fewest answers that must change, and what they could have been.
    pub diagnosis: Option<Diagnosis>,
}

/// Scores a listed game's conflict search may spend (about a second).
const CONFLICT_WORK: u64 = 1 << 26;

impl Contradiction {
    /// The contradiction of `history` on a listed game (whose replies no secret gives all at
    /// once), with its diagnosis. `what` says which step failed, or is empty.
    pub fn listed(
        engine: &AnyEngine,
        history: &[(Code, Feedback)],
        d: &Diagnosis,
        what: &str,
    ) -> Self {
        let game = engine.game();
        let explanation = d.explain(game, history);
        let error = if what.is_empty() {
            format!("no secret gives every one of these replies; {explanation}")
        } else {
            format!("{what}; {explanation}")
        };
        let (conflict, quality) = conflict(engine, history);
        Contradiction {
            error,
            clues: history.len(),
            moves: conflict
                .iter()
                .map(|&i| MoveReport::of(game, &history[i].0, history[i].1))
                .collect(),
            conflict: conflict.iter().map(|i| i + 1).collect(),
            quality: quality.to_string(),
            diagnosis: Some(d.clone()),
        }
    }

    /// The contradiction of `clues` clues on a game too large to list: `conflict` (numbered
    /// from 1) already contradict each other, found with `quality`, and `moves` are theirs.
    pub fn reasoned(
        clues: usize,
        conflict: Vec<usize>,
        quality: &str,
        moves: Vec<MoveReport>,
    ) -> Self {
        let mut c = Contradiction {
            error: String::new(),
            clues,
            conflict,
            quality: quality.to_string(),
            moves,
            diagnosis: None,
        };
        c.error = c.describe();
        c
    }

    /// The sentence that names the contradicting clues.
    pub fn describe(&self) -> String {
        let head = format!(
            "no secret fits {}",
            if self.clues == 1 {
                "this clue".to_string()
            } else {
                format!("these {} clues", self.clues)
            }
        );
        if self.conflict.is_empty() {
            return format!(
                "{head}; no smaller set of contradicting clues was found in the time allowed"
            );
        }
        if self.conflict.len() == self.clues && self.clues > 1 {
            return format!("{head}, and no fewer of them contradict each other");
        }
        let names: Vec<String> = self.conflict.iter().map(usize::to_string).collect();
        let list = match names.as_slice() {
            [one] => format!("clue {one} alone fits no secret"),
            [init @ .., last] => format!(
                "clues {} and {last} already contradict each other",
                init.join(", ")
            ),
            [] => unreachable!("checked above"),
        };
        let size = self.conflict.len();
        let tail = if size == 1 {
            String::new()
        } else {
            match (self.quality.as_str(), size - 1) {
                ("smallest", 1) => ", and no single clue does".to_string(),
                ("smallest", k) => format!(", and no {k} clues do"),
                ("minimal", _) => ", and none of them can be left out".to_string(),
                _ => " (perhaps not the fewest: the time allowed ran out)".to_string(),
            }
        };
        format!("{head}; {list}{tail}")
    }
}

/// The fewest moves of `history` (from 0) found that no secret of a listed game fits, and how
/// small the set is known to be: a minimal set by leaving out one move at a time, then the
/// smallest where trying every smaller set stays within [`CONFLICT_WORK`] scores; nothing
/// (`reduced`) on games too large for even the first step.
fn conflict(engine: &AnyEngine, history: &[(Code, Feedback)]) -> (Vec<usize>, &'static str) {
    let game = engine.game();
    let space = engine.space();
    let secrets = space.secrets();
    let fits = |set: &[usize]| {
        secrets.iter().any(|&s| {
            let c = space.code(s);
            set.iter()
                .all(|&i| game.score(&c, &history[i].0) == history[i].1)
        })
    };
    let n = history.len() as u64;
    let one = secrets.len() as u64 * n;
    if one.saturating_mul(n) > CONFLICT_WORK || fits(&(0..history.len()).collect::<Vec<_>>()) {
        return (Vec::new(), "reduced");
    }
    let mut set: Vec<usize> = (0..history.len()).collect();
    let mut i = 0;
    while i < set.len() {
        let mut without = set.clone();
        without.remove(i);
        if fits(&without) {
            i += 1;
        } else {
            set = without;
        }
    }
    let mut left = CONFLICT_WORK - one * n;
    for k in 1..set.len() {
        let cost = binomial(history.len(), k).saturating_mul(secrets.len() as u64 * k as u64);
        if cost > left {
            return (set, "minimal");
        }
        left -= cost;
        let mut combo: Vec<usize> = (0..k).collect();
        loop {
            if !fits(&combo) {
                return (combo, "smallest");
            }
            // The next k-subset in lexicographic order.
            let Some(j) = (0..k).rev().find(|&j| combo[j] < history.len() - k + j) else {
                break;
            };
            combo[j] += 1;
            for m in j + 1..k {
                combo[m] = combo[m - 1] + 1;
            }
        }
    }
    (set, "smallest")
}

fn binomial(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |acc, i| {
        acc.saturating_mul((n - i) as u64) / (i as u64 + 1)
    })
}

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.error)
    }
}

impl std::error::Error for Contradiction {}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::GameSpec;

    #[test]
    fn a_listed_contradiction_names_the_fewest_clues_that_contradict_each_other() {
        let game = codebreak_core::Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let history =
            codebreak_strategy::parse_history(&game, "0011:1B0W, 2345:0B1W, 0011:2B0W, 5555:0B0W")
                .unwrap();
        let d = codebreak_strategy::diagnose(&engine, &history).unwrap();
        let c = Contradiction::listed(&engine, &history, &d, "");
        // Moves 1 and 3 (the same guess, two replies) contradict each other; no move alone does.
        assert_eq!(
            (c.conflict.as_slice(), c.quality.as_str()),
            (&[1, 3][..], "smallest")
        );
        assert_eq!(c.clues, 4);
        assert_eq!(c.moves[1].feedback, "2B0W");
        assert!(c.diagnosis.is_some());
    }
}
