//! Options shared by several subcommands, and their mapping onto library types.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};
use codebreak_core::{Game, GameKind, GameSpec, MAX_COLORS, MAX_PEGS, Order, Pool, Ties};
use codebreak_strategy::StrategyOptions;
use codebreak_tree::Format;

use crate::failure::{BadInput, Failure};

/// The game families.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum GameChoice {
    /// Black and white pegs, colours may repeat (default 4 pegs, 6 colours).
    #[default]
    Mastermind,
    /// Bulls and Cows: distinct symbols, replies like 1A2B (default 4 of 10).
    Bulls,
    /// Mastermind answered with black pegs only.
    Blackpeg,
    /// The twoD comparison game on an N×N grid (default 5).
    Twod,
}

/// `--format` of `analyze --tree` and `optimal --tree`: the formats the tree crate writes,
/// named and described by its table.
pub fn written_format() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::writable().map(format_value)).try_map(|s| s.parse::<Format>())
}

/// A tree format as clap lists it.
pub fn format_value(f: Format) -> PossibleValue {
    PossibleValue::new(f.name()).help(f.what())
}

/// Code enumeration orders.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum OrderChoice {
    /// Lexicographic.
    #[default]
    Lex,
    /// The 文曲星 article's recursive-swap order (codes without repeated symbols only).
    Swap,
}

/// Game options.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Game")]
pub struct GameArgs {
    /// The rules.
    #[arg(long, value_enum, default_value_t)]
    pub game: GameChoice,
    /// Pegs per code, 1 to 16 (mastermind 4, bulls 4).
    #[arg(long, value_name = "P", allow_hyphen_values = true,
          value_parser = clap::value_parser!(u32).range(1..=MAX_PEGS as i64))]
    pub pegs: Option<u32>,
    /// Colours or symbols, 1 to 64 (mastermind 6, bulls 10; taken from --alphabet when only it
    /// is given).
    #[arg(long, value_name = "C", visible_alias = "colours", allow_hyphen_values = true,
          value_parser = clap::value_parser!(u32).range(1..=MAX_COLORS as i64))]
    pub colors: Option<u32>,
    /// Grid size of twod, 1 to 64 (default 5).
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = clap::value_parser!(u32).range(1..=MAX_COLORS as i64))]
    pub size: Option<u32>,
    /// Secrets never repeat a colour (mastermind, blackpeg).
    #[arg(long)]
    pub distinct_secret: bool,
    /// Guesses never repeat a colour (needs --distinct-secret).
    #[arg(long)]
    pub distinct_guess: bool,
    /// Symbols to write codes with, one per colour (default 0-9 then A-Z), e.g. 123456 or RGBYOP.
    #[arg(long, value_name = "SYMBOLS")]
    pub alphabet: Option<String>,
    /// Enumeration order; "lowest code" tie-breaks follow it.
    #[arg(long, value_enum, default_value_t)]
    pub order: OrderChoice,
}

impl GameArgs {
    /// The unvalidated spec.
    pub fn spec(&self) -> GameSpec {
        GameSpec {
            kind: match self.game {
                GameChoice::Mastermind => GameKind::Mastermind,
                GameChoice::Bulls => GameKind::Bulls,
                GameChoice::Blackpeg => GameKind::BlackPeg,
                GameChoice::Twod => GameKind::TwoD,
            },
            pegs: self.pegs,
            colors: self.colors,
            size: self.size,
            distinct_secret: self.distinct_secret,
            distinct_guess: self.distinct_guess,
            alphabet: self.alphabet.clone(),
            order: match self.order {
                OrderChoice::Lex => Order::Lex,
                OrderChoice::Swap => Order::Swap,
            },
        }
    }

    /// The validated game.
    pub fn game(&self) -> Result<Game, Failure> {
        Game::new(&self.spec()).bad_input()
    }
}

/// Guess pools.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum PoolChoice {
    /// Any code, even one already ruled out.
    All,
    /// Only codes that could still be the secret.
    Consistent,
}

/// Tie-breaks.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum TiesChoice {
    /// Prefer a code that could be the secret, then the lowest code (Knuth).
    Consistent,
    /// The lowest code, whether or not it could be the secret.
    Index,
}

/// Strategy options.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Strategy")]
pub struct StrategyArgs {
    /// Which codes a greedy strategy may guess (default all).
    #[arg(long, value_enum)]
    pub pool: Option<PoolChoice>,
    /// How a greedy strategy breaks ties with --pool all (default consistent).
    #[arg(long, value_enum)]
    pub ties: Option<TiesChoice>,
    /// A fixed first guess.
    #[arg(long, value_name = "CODE")]
    pub first_guess: Option<String>,
    /// Seed of the random strategy (default 0).
    #[arg(long, allow_hyphen_values = true, value_parser = parse_seed)]
    pub seed: Option<u64>,
}

impl StrategyArgs {
    /// The library options, with the first guess read for `game`.
    pub fn options(&self, game: &Game) -> Result<StrategyOptions, Failure> {
        let first_guess = match &self.first_guess {
            Some(text) => Some(game.parse_guess(text).bad_input()?),
            None => None,
        };
        Ok(StrategyOptions {
            pool: self.pool.map(|p| match p {
                PoolChoice::All => Pool::All,
                PoolChoice::Consistent => Pool::Consistent,
            }),
            ties: self.ties.map(|t| match t {
                TiesChoice::Consistent => Ties::Consistent,
                TiesChoice::Index => Ties::Index,
            }),
            seed: self.seed,
            first_guess,
        })
    }
}

/// Reads a seed: a whole number from 0 to 2^64 - 1.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim().parse().map_err(|_| {
        format!(
            "{} is not a seed: expected a whole number from 0 to {}",
            codebreak_core::error::quote(text),
            u64::MAX
        )
    })
}
