//! Options shared by several subcommands, and their mapping onto library types.

use clap::{Args, ValueEnum};
use codebreak_core::number::{self, ParseNumberError, WholeRange};
use codebreak_core::{Game, GameKind, GameSpec, Order, Pool, Sampling, Ties};
use codebreak_strategy::StrategyOptions;

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
    #[arg(long, value_name = "P", allow_hyphen_values = true, value_parser = whole::<u32>(number::PEGS))]
    pub pegs: Option<u32>,
    /// Colours or symbols, 1 to 64 (mastermind 6, bulls 10; taken from --alphabet when only it
    /// is given).
    #[arg(long, value_name = "C", visible_alias = "colours", allow_hyphen_values = true,
          value_parser = whole::<u32>(number::COLORS))]
    pub colors: Option<u32>,
    /// Grid size of twod, 1 to 64 (default 5).
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = whole::<u32>(number::SIZE))]
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
    #[arg(long, allow_hyphen_values = true, value_parser = whole::<u64>(number::SEED))]
    pub seed: Option<u64>,
    /// How many guesses a greedy strategy scores per move when scoring its whole pool
    /// against every candidate would pass the work budget (2^28 scores, about a second):
    /// auto (as many as the budget allows), a number, or off (score all, however slow).
    #[arg(long, value_name = "N|auto|off", allow_hyphen_values = true,
          value_parser = |s: &str| s.parse::<Sampling>())]
    pub sample: Option<Sampling>,
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
            sample: self.sample,
        })
    }
}

/// A clap value parser for a whole number in `range` (which must fit in `T`), refusing
/// anything else with the range in the message.
pub fn whole<T: TryFrom<u64>>(
    range: WholeRange,
) -> impl Fn(&str) -> Result<T, ParseNumberError> + Clone + Send + Sync + 'static {
    move |text: &str| {
        let n = range.parse(text)?;
        T::try_from(n).map_err(|_| ParseNumberError {
            text: text.to_string(),
            min: range.min,
            max: range.max,
        })
    }
}
