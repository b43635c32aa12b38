//! Typed errors of the core crate. Messages are lowercase, quote the offending value and say
//! what was expected, so that a front end can print them as they are.

use thiserror::Error;

use crate::code::MAX_PEGS;
use crate::spec::MAX_COLORS;

/// Longest text quoted whole in a message; longer text is cut, with its length given.
const QUOTE_MAX: usize = 40;

/// `text` quoted for an error message: escaped like `{:?}`, and cut after 40 characters so
/// that a pasted megabyte does not come back as a megabyte of error.
///
/// ```
/// use codebreak_core::error::quote;
/// assert_eq!(quote("12a4"), "\"12a4\"");
/// assert_eq!(quote(&"9".repeat(1000)), format!("\"{}\"… (1000 characters)", "9".repeat(40)));
/// ```
pub fn quote(text: &str) -> String {
    let n = text.chars().count();
    if n <= QUOTE_MAX {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(QUOTE_MAX).collect();
        format!("{head:?}… ({n} characters)")
    }
}

/// A game specification that does not describe a playable game.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SpecError {
    /// A custom game asked for by spec alone.
    #[error("the custom game {} is read from its game file: give the file (--game-file)", quote(.0))]
    CustomNeedsFile(String),
    /// An option that only Wordle has.
    #[error("hard mode is Wordle's: expected it only with game wordle")]
    HardNotWordle,
    /// A list game whose table is too large to index.
    #[error("the game has {entries} replies in its table: expected fewer than 2^32")]
    TableTooLarge {
        /// Guesses × secrets.
        entries: usize,
    },
    /// A list game that ends when the secret is known, with 256 replies.
    #[error(
        "the game has 256 replies: a game that ends when the secret is known may have at most 255"
    )]
    TooManyKnownReplies,
    /// Pegs outside `1..=MAX_PEGS`.
    #[error("pegs {0} is out of range: expected 1 to {MAX_PEGS}")]
    Pegs(u32),
    /// Colours outside `1..=MAX_COLORS`.
    #[error("colors {0} is out of range: expected 1 to {MAX_COLORS}")]
    Colors(u32),
    /// twoD grid size out of range.
    #[error("size {0} is out of range: expected 1 to {MAX_COLORS}")]
    Size(u32),
    /// Codes without repeated symbols need at least as many colours as pegs.
    #[error(
        "{pegs} pegs without repeated colours need at least {pegs} colours, got colors {colors}"
    )]
    TooFewColors {
        /// Pegs asked for.
        pegs: u32,
        /// Colours asked for.
        colors: u32,
    },
    /// An empty alphabet.
    #[error("the alphabet is empty: expected one symbol per colour")]
    EmptyAlphabet,
    /// White space or control characters in an alphabet.
    #[error(
        "alphabet {} contains white space, a control character or a byte-order mark: expected printable symbols only",
        quote(.alphabet)
    )]
    AlphabetWhitespace {
        /// The alphabet given.
        alphabet: String,
    },
    /// A symbol the history syntax uses (see [`crate::alphabet::SEPARATORS`]).
    #[error(
        "alphabet {} contains {symbol:?}, which {role}: choose other symbols",
        quote(.alphabet)
    )]
    AlphabetSeparator {
        /// The alphabet given.
        alphabet: String,
        /// The separator found.
        symbol: char,
        /// What it does in a history.
        role: &'static str,
    },
    /// A symbol listed twice.
    #[error(
        "alphabet {} repeats the symbol {symbol:?}: each symbol must appear once",
        quote(.alphabet)
    )]
    AlphabetRepeat {
        /// The alphabet given.
        alphabet: String,
        /// The repeated symbol.
        symbol: char,
    },
    /// Alphabet length differs from the number of colours.
    #[error(
        "alphabet {} has {len} symbol{}, but the game has {colors} colours: expected exactly one symbol per colour",
        quote(.alphabet), plural(*.len)
    )]
    AlphabetLength {
        /// The alphabet given.
        alphabet: String,
        /// Its length.
        len: usize,
        /// Colours of the game.
        colors: u32,
    },
    /// More colours than the default alphabet has symbols.
    #[error(
        "the game needs {colors} symbols, but the default alphabet has only {max}: give an alphabet of {colors} symbols"
    )]
    DefaultAlphabetTooShort {
        /// Colours asked for.
        colors: usize,
        /// Length of the default alphabet.
        max: usize,
    },
    /// Swap order on a game whose codes may repeat a symbol.
    #[error(
        "order swap needs codes without repeated symbols (bulls, or mastermind with distinct secrets and distinct guesses)"
    )]
    SwapNeedsPermutations,
    /// Distinct guesses but repeated secrets: some secrets could never be guessed.
    #[error(
        "distinct guesses need distinct secrets too: a secret that repeats a colour could never be guessed"
    )]
    DistinctGuessOnly,
    /// An option that the chosen game does not have.
    #[error("{option} does not apply to the {game} game")]
    NotApplicable {
        /// The option.
        option: &'static str,
        /// The game kind.
        game: &'static str,
    },
}

/// A code that could not be read.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ParseCodeError {
    /// Wrong number of symbols.
    #[error("code {} has {len} symbol{}: expected {pegs}", quote(.code), plural(*.len))]
    Length {
        /// The text given.
        code: String,
        /// Symbols found.
        len: usize,
        /// Pegs of the game.
        pegs: usize,
    },
    /// A symbol outside the alphabet.
    #[error(
        "code {} contains {symbol:?}, which is not one of the symbols {alphabet}{}",
        quote(.code), alphabet_hint(*.symbol, .alphabet)
    )]
    Symbol {
        /// The text given.
        code: String,
        /// The unknown symbol.
        symbol: char,
        /// The game's symbols.
        alphabet: String,
    },
    /// A repeated symbol where the game forbids it.
    #[error(
        "code {} repeats {symbol:?}: a {role} in this game uses each symbol at most once",
        quote(.code)
    )]
    Repeat {
        /// The text given.
        code: String,
        /// The repeated symbol.
        symbol: char,
        /// "guess" or "secret".
        role: &'static str,
    },
    /// A code that is not in a list game's list for its role.
    #[error("{} is not a {role} of {game}{}", quote(.code), .hint)]
    NotListed {
        /// The text given.
        code: String,
        /// "guess" or "secret".
        role: &'static str,
        /// The game.
        game: String,
        /// A note on the code, or nothing.
        hint: String,
    },
}

/// A reply that could not be read or cannot happen in this game.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ParseFeedbackError {
    /// Not in any known notation.
    #[error("feedback {} is not understood: expected {expected}", quote(.text))]
    Syntax {
        /// The text given.
        text: String,
        /// The accepted forms.
        expected: String,
    },
    /// A letter of the other black-and-white game's notation (`A` in a Mastermind reply, `W`
    /// in a Bulls and Cows reply): refused, because `B` means black in one and white in the
    /// other.
    #[error("feedback {} uses {letter:?}, a {other} letter: {game} replies count {expected}", quote(.text))]
    Notation {
        /// The text given.
        text: String,
        /// The foreign letter.
        letter: char,
        /// The game that letter belongs to.
        other: &'static str,
        /// The game being played.
        game: &'static str,
        /// The game's own notation, with an example.
        expected: String,
    },
    /// Well-formed but impossible for the game.
    #[error(
        "feedback {} cannot happen with {pegs} {unit}{}: {why}",
        quote(.text),
        plural(*.pegs)
    )]
    Impossible {
        /// The text given.
        text: String,
        /// Pegs of the game.
        pegs: usize,
        /// Why.
        why: &'static str,
        /// What a position is called: "peg", or "digit" in Bulls and Cows.
        unit: &'static str,
    },
}

/// A sample size that could not be read (see [`crate::Sampling`]).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error(
    "sample {} is not understood: expected auto, off, or a number from 1 to {} (guesses scored per move; on a game too large to list, random secrets played)",
    quote(.text),
    u32::MAX
)]
pub struct ParseSamplingError {
    /// The text given.
    pub text: String,
}

/// A game whose code space is too large to enumerate in memory.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error(
    "the {game} game has {codes} codes, more than the {max} codebreak can hold in memory: choose fewer pegs or colours"
)]
pub struct SizeError {
    /// Description of the game.
    pub game: String,
    /// Number of codes it has.
    pub codes: u128,
    /// The most codebreak enumerates.
    pub max: u128,
}

/// Seconds in words, to one or two significant figures: `40 seconds`, `9 hours`, `24 days`.
///
/// ```
/// use codebreak_core::error::human_duration;
/// assert_eq!(human_duration(90.0), "1.5 minutes");
/// assert_eq!(human_duration(0.01), "under 0.1 seconds");
/// ```
pub fn human_duration(seconds: f64) -> String {
    if seconds < 0.05 {
        return "under 0.1 seconds".into();
    }
    let units = [
        ("year", 365.25 * 86400.0),
        ("day", 86400.0),
        ("hour", 3600.0),
        ("minute", 60.0),
        ("second", 1.0),
    ];
    let (name, size) = units
        .iter()
        .copied()
        .find(|&(_, size)| seconds >= size)
        .unwrap_or(("second", 1.0));
    let n = seconds / size;
    let n = if n < 10.0 {
        (n * 10.0).round() / 10.0
    } else {
        n.round()
    };
    if n == 1.0 {
        format!("1 {name}")
    } else {
        format!("{n} {name}s")
    }
}

/// `"s"` unless `n` is 1, for messages that count things.
///
/// ```
/// use codebreak_core::error::plural;
/// assert_eq!(format!("1 node{}, 2 node{}", plural(1), plural(2)), "1 node, 2 nodes");
/// ```
pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A hint for the commonest slip: colours numbered from 1 (`1122`, `3456`) in a game whose
/// default symbols start at 0.
fn alphabet_hint(symbol: char, alphabet: &str) -> String {
    let digits = alphabet.chars().all(|c| c.is_ascii_digit());
    let n = alphabet.chars().count();
    match symbol.to_digit(10) {
        Some(d) if digits && alphabet.starts_with('0') && d as usize == n && n < 10 => {
            let one_based: String = (1..=n).map(|i| char::from(b'0' + i as u8)).collect();
            format!(" (for colours numbered from 1, use the alphabet {one_based})")
        }
        _ => String::new(),
    }
}
