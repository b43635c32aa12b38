//! The game file as written: a TOML document, before anything is checked.

use std::collections::BTreeMap;

use serde::Deserialize;

/// Where a list of codes comes from.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum ListSource {
    /// A file, one code per line (`#` starts a comment), its path relative to the game file.
    File(String),
    /// The codes, inline.
    Inline(Vec<String>),
    /// A function of the game's script that returns the list (`{function = "guesses"}`).
    Function {
        /// The function's name.
        function: String,
        /// Called as `function(part, parts)` for every part, on every core, and the lists
        /// joined in the order of the parts (`{function = "weighings", parts = 64}`).
        #[serde(default)]
        parts: Option<usize>,
    },
}

/// The word for a move: `"weighing"` (plural `weighings`) or `["query", "queries"]`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum MoveWord {
    /// The singular; the plural adds an s.
    One(String),
    /// The singular and the plural.
    Both(Vec<String>),
}

/// A value the script sees as a constant (`[constants]`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Constant {
    /// A whole number.
    Int(i64),
    /// A truth value.
    Bool(bool),
    /// Text.
    Text(String),
}

/// Budgets of a script (`[limits]`).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Most operations one call of the script may take (default 100 000).
    pub operations: u64,
    /// Most seconds the whole reply table may take to build (default 120).
    pub seconds: u64,
    /// Longest text, list or map `score` may build (default 1 000 000; list functions run once
    /// and are bounded by the operation budget alone).
    pub size: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            operations: 100_000,
            seconds: 120,
            size: 1_000_000,
        }
    }
}

/// A game file. See the crate documentation for the meaning of each key.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// The game's name.
    pub name: Option<String>,
    /// One paragraph on the game.
    pub description: Option<String>,
    /// The scoring rule.
    pub rules: Option<String>,
    /// When the game ends: `guess` (default) or `known`.
    pub end: Option<String>,
    /// Wordle's hard mode.
    pub hard: Option<bool>,
    /// The word reports use for a move (default `guesses`, or `experiments` with
    /// `end = "known"`).
    #[serde(rename = "move")]
    pub move_word: Option<MoveWord>,
    /// The winning reply of a table or script game (by default the reply of a secret to
    /// itself).
    pub win: Option<String>,
    /// Pegs per generated code.
    pub pegs: Option<u32>,
    /// Colours of generated codes.
    pub colors: Option<u32>,
    /// twoD's grid size.
    pub size: Option<u32>,
    /// Symbols of generated codes.
    pub alphabet: Option<String>,
    /// Secrets never repeat a colour.
    pub distinct_secret: Option<bool>,
    /// Guesses never repeat a colour.
    pub distinct_guess: Option<bool>,
    /// Order of generated codes.
    pub order: Option<String>,
    /// The guesses, when listed.
    pub guesses: Option<ListSource>,
    /// The secrets, when listed (default: the guesses).
    pub secrets: Option<ListSource>,
    /// The reply table of `rules = "table"`.
    pub table: Option<String>,
    /// The script of `rules = "script"`, inline.
    pub script: Option<String>,
    /// The script of `rules = "script"`, in a file.
    pub script_file: Option<String>,
    /// Constants the script sees.
    #[serde(default)]
    pub constants: BTreeMap<String, Constant>,
    /// The script's budgets.
    #[serde(default)]
    pub limits: Limits,
}
