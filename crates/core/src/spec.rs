//! Unvalidated game descriptions, as they come from flags, files or the web.

use serde::{Deserialize, Serialize};

use crate::choice::Range;

/// Most colours a game can have (colour sets are 64-bit masks).
pub const MAX_COLORS: u32 = 64;

/// Pegs per code of the peg games.
pub const PEGS: Range = Range {
    what: "pegs",
    min: 1,
    max: crate::code::MAX_PEGS as u64,
    doc: "pegs per code",
};

/// Colours (symbols) of the peg games.
pub const COLORS: Range = Range {
    what: "colors",
    min: 1,
    max: MAX_COLORS as u64,
    doc: "colours or symbols",
};

/// Grid size of twoD.
pub const SIZE: Range = Range {
    what: "size",
    min: 1,
    max: MAX_COLORS as u64,
    doc: "grid size of twod (N×N)",
};

crate::named_enum! {
    /// The family of rules.
    #[derive(Default)]
    pub enum GameKind: "game" {
        /// Mastermind: black and white pegs, colours may repeat.
        #[default]
        Mastermind = "mastermind", "black and white pegs, colours may repeat (default 4 pegs, 6 colours)", aliases ["mm"];
        /// Bulls and Cows: distinct symbols, replies `xAyB`.
        Bulls = "bulls", "Bulls and Cows: distinct symbols, replies like 1A2B (default 4 of 10)", aliases ["bulls-and-cows", "bullscows"];
        /// Mastermind answered with black pegs only.
        BlackPeg = "blackpeg", "Mastermind answered with black pegs only", aliases ["black-peg"];
        /// The twoD comparison game on an N×N grid.
        TwoD = "twod", "the twoD comparison game on an N×N grid (default 5)", aliases ["2d"];
        /// Wordle with its original lists (12972 guesses, 2315 secrets), replies like GYBBG.
        Wordle = "wordle", "Wordle with the original lists: 12972 guesses, 2315 secrets, replies like GYBBG";
        /// A game read from a game file ([`crate::ListGame`]): it is made from the file, not from
        /// a spec.
        Custom = "custom", "a game read from a game file (--game-file)";
    }
}

crate::named_enum! {
    /// The order in which codes are enumerated; "lowest code" tie-breaks follow it.
    #[derive(Default)]
    pub enum Order: "order" {
        /// Lexicographic by colour index.
        #[default]
        Lex = "lex", "lexicographic";
        /// The recursive-swap order of the 文曲星 article's permutation generator (codes without
        /// repeated symbols only).
        Swap = "swap", "the 文曲星 article's recursive-swap order (codes without repeated symbols only)";
    }
}

/// A game as asked for, before validation. Unset fields take the game's defaults:
/// Mastermind 4 pegs of 6 colours, Bulls and Cows 4 of 10, twoD 5×5.
///
/// ```
/// use codebreak_core::{Game, GameSpec, GameKind};
/// let spec = GameSpec { kind: GameKind::Bulls, ..GameSpec::default() };
/// let game = Game::new(&spec).unwrap();
/// assert_eq!(game.pegs(), 4);
/// assert_eq!(game.colors(), 10);
/// assert_eq!(game.to_string(), "bulls 4 of 10");
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameSpec {
    /// The rules.
    #[serde(rename = "game", alias = "kind")]
    pub kind: GameKind,
    /// Pegs per code (not for twoD).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pegs: Option<u32>,
    /// Colours (symbols) available.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colors: Option<u32>,
    /// Grid size of twoD.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u32>,
    /// Secrets never repeat a colour (Mastermind family).
    pub distinct_secret: bool,
    /// Guesses never repeat a colour (Mastermind family).
    pub distinct_guess: bool,
    /// Symbols to write codes with; defaults to `0-9A-Z`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alphabet: Option<String>,
    /// Enumeration order.
    pub order: Order,
    /// Wordle's hard mode: every guess keeps the greens in place and uses every letter found.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hard: bool,
    /// A custom game's name (from its file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A custom game's fingerprint ([`crate::ListGame::fingerprint`], 16 hex digits), which
    /// tells games of the same name apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
}

impl GameSpec {
    /// Mastermind with `pegs` pegs and `colors` colours.
    pub fn mastermind(pegs: u32, colors: u32) -> GameSpec {
        GameSpec {
            kind: GameKind::Mastermind,
            pegs: Some(pegs),
            colors: Some(colors),
            ..GameSpec::default()
        }
    }

    /// Bulls and Cows with `pegs` distinct symbols out of `colors`.
    pub fn bulls(pegs: u32, colors: u32) -> GameSpec {
        GameSpec {
            kind: GameKind::Bulls,
            pegs: Some(pegs),
            colors: Some(colors),
            ..GameSpec::default()
        }
    }
}
