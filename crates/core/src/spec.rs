//! Unvalidated game descriptions, as they come from flags, files or the web.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::SpecError;

/// Most colours a game can have (colour sets are 64-bit masks).
pub const MAX_COLORS: u32 = 64;

/// The family of rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Mastermind: black and white pegs, colours may repeat.
    #[default]
    Mastermind,
    /// Bulls and Cows: distinct symbols, replies `xAyB`.
    Bulls,
    /// Mastermind answered with black pegs only.
    #[serde(rename = "blackpeg")]
    BlackPeg,
    /// The twoD comparison game on an N×N grid.
    #[serde(rename = "twod")]
    TwoD,
}

impl GameKind {
    /// The stable name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Mastermind => "mastermind",
            GameKind::Bulls => "bulls",
            GameKind::BlackPeg => "blackpeg",
            GameKind::TwoD => "twod",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, SpecError> {
        match s.to_ascii_lowercase().as_str() {
            "mastermind" | "mm" => Ok(GameKind::Mastermind),
            "bulls" | "bulls-and-cows" | "bullscows" => Ok(GameKind::Bulls),
            "blackpeg" | "black-peg" => Ok(GameKind::BlackPeg),
            "twod" | "2d" => Ok(GameKind::TwoD),
            _ => Err(SpecError::UnknownGame(s.to_string())),
        }
    }
}

/// The order in which codes are enumerated; "lowest code" tie-breaks follow it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Lexicographic by colour index.
    #[default]
    Lex,
    /// The recursive-swap order of the 文曲星 article's permutation generator (codes without
    /// repeated symbols only).
    Swap,
}

impl Order {
    /// The stable name.
    pub fn name(self) -> &'static str {
        match self {
            Order::Lex => "lex",
            Order::Swap => "swap",
        }
    }
}

impl FromStr for Order {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, SpecError> {
        match s.to_ascii_lowercase().as_str() {
            "lex" => Ok(Order::Lex),
            "swap" => Ok(Order::Swap),
            _ => Err(SpecError::UnknownOrder(s.to_string())),
        }
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
