//! Typed errors of the core crate. Messages are lowercase, quote the offending value and say
//! what was expected, so that a front end can print them as they are.

use thiserror::Error;

use crate::code::MAX_PEGS;
use crate::spec::MAX_COLORS;

/// A game specification that does not describe a playable game.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SpecError {
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
    #[error("alphabet {alphabet:?} contains white space: expected printable symbols only")]
    AlphabetWhitespace {
        /// The alphabet given.
        alphabet: String,
    },
    /// A symbol listed twice.
    #[error("alphabet {alphabet:?} repeats the symbol {symbol:?}: each symbol must appear once")]
    AlphabetRepeat {
        /// The alphabet given.
        alphabet: String,
        /// The repeated symbol.
        symbol: char,
    },
    /// Alphabet length differs from the number of colours.
    #[error(
        "alphabet {alphabet:?} has {len} symbols, but the game has {colors} colours: expected exactly one symbol per colour"
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
        "{colors} colours need an alphabet of {colors} symbols, but the default one has only {max}: pass an alphabet"
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
    /// Unknown game name.
    #[error("unknown game {0:?}: expected mastermind, bulls, blackpeg or twod")]
    UnknownGame(String),
    /// Unknown order name.
    #[error("unknown order {0:?}: expected lex or swap")]
    UnknownOrder(String),
}

/// A code that could not be read.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ParseCodeError {
    /// Wrong number of symbols.
    #[error("code {code:?} has {len} symbols: expected {pegs}")]
    Length {
        /// The text given.
        code: String,
        /// Symbols found.
        len: usize,
        /// Pegs of the game.
        pegs: usize,
    },
    /// A symbol outside the alphabet.
    #[error("code {code:?} contains {symbol:?}, which is not one of the symbols {alphabet}")]
    Symbol {
        /// The text given.
        code: String,
        /// The unknown symbol.
        symbol: char,
        /// The game's symbols.
        alphabet: String,
    },
    /// A repeated symbol where the game forbids it.
    #[error("code {code:?} repeats {symbol:?}: {role}s in this game use each symbol at most once")]
    Repeat {
        /// The text given.
        code: String,
        /// The repeated symbol.
        symbol: char,
        /// "guess" or "secret".
        role: &'static str,
    },
}

/// A reply that could not be read or cannot happen in this game.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ParseFeedbackError {
    /// Not in any known notation.
    #[error("feedback {text:?} is not understood: expected {expected}")]
    Syntax {
        /// The text given.
        text: String,
        /// The accepted forms.
        expected: String,
    },
    /// Well-formed but impossible for the game.
    #[error("feedback {text:?} cannot happen with {pegs} pegs: {why}")]
    Impossible {
        /// The text given.
        text: String,
        /// Pegs of the game.
        pegs: usize,
        /// Why.
        why: &'static str,
    },
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
