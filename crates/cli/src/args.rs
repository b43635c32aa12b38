//! Options shared by several subcommands. Every option's values and ranges come from the
//! library types (`GameKind`, `Order`, `Pool`, `Ties`, `StrategyKind`, the documented
//! `Range`s), so the command line accepts exactly what the web API and the libraries accept.

use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use codebreak_core::spec::{COLORS, SIZE};
use codebreak_core::{Game, GameKind, GameSpec, Named, Order, Pool, Range, Sampling, Ties};
use codebreak_strategy::{StrategyKind, StrategyOptionsSpec};
use codebreak_tree::Format;

use crate::failure::{BadInput, Failure};

/// A clap parser for a library option with named values: the names, their help and their
/// aliases come from the library.
pub fn named<T: Named + Clone>() -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(T::ALL.iter().map(|v| {
        PossibleValue::new(v.name())
            .help(v.help())
            .aliases(v.aliases())
    }))
    .try_map(|s| s.parse::<T>())
}

/// A clap parser for a whole number in a documented library range, as the type the flag
/// holds (the range must fit in it).
pub fn ranged<T: TryFrom<u64>>(
    r: Range,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| {
        let n = r.parse(text).map_err(|e| e.to_string())?;
        T::try_from(n).map_err(|_| format!("{n} is out of range: expected {}", r.span()))
    }
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

/// Game options.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Game")]
pub struct GameArgs {
    /// The rules.
    #[arg(long, default_value = "mastermind", value_parser = named::<GameKind>())]
    pub game: GameKind,
    /// Pegs per code, 1 to 32 (mastermind 4, bulls 4). Games with more than 16 pegs or more
    /// than 2^25 codes are too large to list: hint, solve, play, analyze --sample and score
    /// reason on the clues instead (see the README, "Games too large to list").
    #[arg(long, value_name = "P", allow_hyphen_values = true,
          value_parser = ranged::<u32>(codebreak_session::reasoned::PEGS))]
    pub pegs: Option<u32>,
    /// Colours or symbols, 1 to 64 (mastermind 6, bulls 10; taken from --alphabet when only it
    /// is given).
    #[arg(long, value_name = "C", visible_alias = "colours", allow_hyphen_values = true,
          value_parser = ranged::<u32>(COLORS))]
    pub colors: Option<u32>,
    /// Grid size of twod, 1 to 64 (default 5).
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = ranged::<u32>(SIZE))]
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
    #[arg(long, default_value = "lex", value_parser = named::<Order>())]
    pub order: Order,
    /// Wordle's hard mode: every guess keeps the greens in place and uses every letter found
    /// (--game wordle, or a game file with rules = "wordle").
    #[arg(long)]
    pub hard: bool,
    /// A game file (TOML): its own guesses, secrets and scoring rule, see
    /// examples/games/README.md. Replaces the other game options.
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["game", "pegs", "colors", "size", "distinct_secret", "distinct_guess", "alphabet", "order"])]
    pub game_file: Option<std::path::PathBuf>,
    /// Give a constant of the game file another value: --set COINS=17 (repeatable). One file
    /// then plays a family of games (examples/games/coins.toml).
    #[arg(long = "set", value_name = "NAME=VALUE", requires = "game_file")]
    pub set: Vec<String>,
}

impl GameArgs {
    /// The unvalidated spec.
    pub fn spec(&self) -> GameSpec {
        GameSpec {
            kind: self.game,
            pegs: self.pegs,
            colors: self.colors,
            size: self.size,
            distinct_secret: self.distinct_secret,
            distinct_guess: self.distinct_guess,
            alphabet: self.alphabet.clone(),
            order: self.order,
            hard: self.hard,
            ..GameSpec::default()
        }
    }

    /// Whether the options name a game: a game file, or any flag away from its default
    /// (`--game mastermind` and `--order lex` given explicitly are not told apart from none).
    pub fn given(&self) -> bool {
        self.game_file.is_some() || self.spec() != GameSpec::default()
    }

    /// The game for the session calls: a game file's (listed), or the one the options
    /// describe, listed or too large to list as the session library chooses.
    pub fn any_game(&self) -> Result<codebreak_session::Game, Failure> {
        match &self.game_file {
            Some(path) => Ok(codebreak_session::Game::listed(load_game_file(
                path, &self.set, self.hard,
            )?)),
            None => codebreak_session::Game::new(&self.spec()).bad_input(),
        }
    }

    /// The validated game: from the game file, or from the options.
    pub fn game(&self) -> Result<Game, Failure> {
        match &self.game_file {
            Some(path) => load_game_file(path, &self.set, self.hard),
            None => Game::new(&self.spec()).bad_input(),
        }
    }
}

/// Loads a game file (`--game-file`), with constants given by `--set NAME=VALUE` and Wordle's
/// hard mode turned on by `--hard`.
pub fn load_game_file(path: &std::path::Path, set: &[String], hard: bool) -> Result<Game, Failure> {
    codebreak_gamefile::load_game(path, set, hard)
        .map_err(|e| Failure::BadInput(anyhow::anyhow!("{e}")))
}

/// Strategy options.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Strategy")]
pub struct StrategyArgs {
    /// Which codes a greedy strategy may guess (default all).
    #[arg(long, value_parser = named::<Pool>())]
    pub pool: Option<Pool>,
    /// How a greedy strategy breaks ties with --pool all (default consistent).
    #[arg(long, value_parser = named::<Ties>())]
    pub ties: Option<Ties>,
    /// A fixed first guess.
    #[arg(long, value_name = "CODE")]
    pub first_guess: Option<String>,
    /// Seed of the random strategy (default 0).
    #[arg(long, allow_hyphen_values = true, value_parser = ranged::<u64>(codebreak_core::choice::SEED))]
    pub seed: Option<u64>,
    /// How many guesses a greedy strategy scores per move when scoring its whole pool
    /// against every candidate would pass the work budget (2^28 scores, about a second):
    /// auto (as many as the budget allows), a number, or off (score all, however slow).
    /// On games too large to list, `analyze --sample N` plays N random secrets instead (and
    /// --fit-sample sets the secrets sampled to choose each guess).
    #[arg(long, value_name = "N|auto|off", allow_hyphen_values = true,
          value_parser = |s: &str| s.parse::<Sampling>())]
    pub sample: Option<Sampling>,
}

impl StrategyArgs {
    /// The options as the library receives them from any front end.
    pub fn spec(&self) -> StrategyOptionsSpec {
        StrategyOptionsSpec {
            pool: self.pool,
            ties: self.ties,
            seed: self.seed,
            first_guess: self.first_guess.clone(),
            sample: self.sample,
        }
    }
}

/// The parser of `--strategy`.
pub fn strategy_parser() -> impl TypedValueParser<Value = StrategyKind> {
    named::<StrategyKind>()
}

/// A comma-separated list of strategies (`--compare first,minimax,entropy`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyList(pub Vec<StrategyKind>);

/// Reads `--compare`: names separated by single commas.
pub fn parse_strategy_list(text: &str) -> Result<StrategyList, String> {
    let names: Vec<&str> = text.split(',').map(str::trim).collect();
    if names.iter().any(|n| n.is_empty()) {
        return Err(format!(
            "{}: a strategy name is empty: expected names separated by single commas, such as first,minimax,entropy",
            codebreak_core::error::quote(text)
        ));
    }
    let kinds = names
        .iter()
        .map(|n| n.parse::<StrategyKind>().map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    codebreak_session::STRATEGIES
        .check(kinds.len() as u64)
        .map_err(|e| e.to_string())?;
    Ok(StrategyList(kinds))
}
