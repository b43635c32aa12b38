//! Errors of the sessions on games too large to list.

use codebreak_core::error::quote;
use serde::Serialize;
use thiserror::Error;

use super::HugeMove;

/// Why a call on a game too large to list was refused or stopped.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum HugeError {
    /// A game description that cannot be read.
    #[error(transparent)]
    Spec(#[from] codebreak_core::SpecError),
    /// A game the engine cannot play.
    #[error(transparent)]
    Game(#[from] codebreak_huge::GameError),
    /// A code or a reply that does not fit the game.
    #[error(transparent)]
    Code(#[from] codebreak_huge::CodeError),
    /// A code with a symbol twice where the game forbids it.
    #[error("{role} {} repeats a symbol: expected no symbol twice", quote(.code))]
    Repeated {
        /// The code as given.
        code: String,
        /// `guess` or `secret`.
        role: &'static str,
    },
    /// A move of a history that cannot be read.
    #[error("line {line}: move {}: {why}", quote(.text))]
    Move {
        /// Line of the history (from 1).
        line: usize,
        /// The move as given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// Options that do not go together, or a value out of range.
    #[error("{0}")]
    Setup(String),
    /// The game is over.
    #[error("the game is over: {0}")]
    Over(&'static str),
    /// Nothing to take back.
    #[error("nothing to undo: no answer has been given yet")]
    NothingToUndo,
    /// No secret fits the replies.
    #[error(transparent)]
    Contradiction(Box<HugeContradiction>),
    /// The call was stopped (Ctrl-C, a deadline).
    #[error(transparent)]
    Stopped(#[from] codebreak_huge::Stopped),
    /// The search for a first secret that fits ran out of its time.
    #[error(
        "no secret found in {seconds} s, and none ruled out: codebreak cannot tell whether any secret fits these {clues} clues (try fewer clues, or check them)"
    )]
    Undecided {
        /// Clues in the history.
        clues: usize,
        /// The time the search was given, in seconds.
        seconds: u64,
    },
}

impl From<codebreak_huge::ClueError> for HugeError {
    fn from(e: codebreak_huge::ClueError) -> HugeError {
        HugeError::Setup(e.to_string())
    }
}

/// Clues that no secret fits all at once, with the smallest set of them found that already
/// contradict each other.
///
/// ```
/// use codebreak_session::huge::HugeContradiction;
/// let c = HugeContradiction { error: String::new(), clues: 22, conflict: vec![3, 9], quality: "smallest".into(), moves: vec![] };
/// assert_eq!(c.describe(), "no secret fits these 22 clues; clues 3 and 9 already contradict each other, and no single clue does");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HugeContradiction {
    /// One sentence for a person.
    pub error: String,
    /// Clues in the history.
    pub clues: usize,
    /// Clues (numbered from 1) that already contradict each other; empty when no such set was
    /// found in the time allowed.
    pub conflict: Vec<usize>,
    /// How small `conflict` is known to be: `smallest` (every smaller set of clues was tried),
    /// `minimal` (none of its clues can be left out) or `reduced` (perhaps neither: the time
    /// ran out).
    pub quality: String,
    /// The moves of `conflict`.
    pub moves: Vec<HugeMove>,
}

impl HugeContradiction {
    /// The sentence of [`HugeContradiction::error`], from the other fields.
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

impl std::fmt::Display for HugeContradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.error)
    }
}

impl std::error::Error for HugeContradiction {}
