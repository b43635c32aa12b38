//! Errors of the tree crate.

use thiserror::Error;

use crate::Format;
use crate::format::names;
use crate::verify::IllegalGuess;

/// A tree that cannot be read or written.
#[derive(Debug, Error)]
pub enum TreeError {
    /// A format codebreak writes but does not read.
    #[error("{} cannot be read as a tree: expected {}", .0.what(), names(Format::readable()))]
    NotReadable(Format),
    /// A format codebreak reads but does not write.
    #[error("trees cannot be written as {}: expected {}", .0.what(), names(Format::writable()))]
    NotWritable(Format),
    /// The text was read as the format given, failed, and looks like another format.
    #[error("the text is not {}: it looks like {}", .given.what(), .looks_like.what())]
    LooksLike {
        /// The format asked for.
        given: Format,
        /// The format the text looks like ([`Format::recognise`]).
        looks_like: Format,
    },
    /// A format that does not name its game, read without one.
    #[error("{} does not name its game: expected the game to be given", .0.what())]
    NeedsGame(Format),
    /// A tree that names a game other than the one expected.
    #[error("the tree is for {found}: expected {expected}")]
    OtherGame {
        /// The game the tree names.
        found: String,
        /// The game expected.
        expected: String,
    },
    /// A JSON tree of a game read from a game file, read without that game.
    #[error(
        "the tree is for the game {}, defined in a game file: expected that game to be given (its game file)",
        codebreak_core::error::quote(.name)
    )]
    CustomGame {
        /// The game's name, as the tree gives it.
        name: String,
    },
    /// A JSON tree of a game read from a game file, read with another game.
    #[error(
        "the tree is for the game {} with fingerprint {found}{}, but the game given is {expected} with fingerprint {expected_fingerprint}: expected the game the tree was written for (the same lists, replies, end and hard mode)",
        codebreak_core::error::quote(.name),
        if *.hard { " (hard mode)" } else { "" }
    )]
    Fingerprint {
        /// The game's name, as the tree gives it.
        name: String,
        /// The fingerprint the tree gives.
        found: String,
        /// Whether the tree is for hard mode.
        hard: bool,
        /// The game given.
        expected: String,
        /// Its fingerprint.
        expected_fingerprint: String,
    },
    /// Bytes that are not UTF-8 text.
    #[error(
        "the tree is not UTF-8 text (invalid byte at offset {offset}): expected {}",
        names(Format::readable())
    )]
    NotText {
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// More text than [`crate::MAX_BYTES`].
    #[error("the tree is larger than {} MiB: expected a smaller tree", .max >> 20)]
    TooLarge {
        /// The most bytes read.
        max: u64,
    },
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A tree to write with a guess that is not a legal guess of the game.
    #[error("{0}")]
    IllegalGuess(IllegalGuess),
    /// Not valid paths (see [`crate::paths`]).
    #[error("paths, line {line}: {why}")]
    Paths {
        /// Line (from 1).
        line: usize,
        /// What was wrong, and what was expected.
        why: String,
    },
    /// Not valid JSON, or not shaped like a tree.
    #[error("tree file is not a valid JSON tree: {0}")]
    Json(String),
    /// Not valid compact notation.
    #[error("compact tree is malformed at character {at}: {why}")]
    Compact {
        /// Character offset.
        at: usize,
        /// What was expected.
        why: String,
    },
    /// A game whose alphabet holds a brace, which compact notation uses for its structure.
    #[error(
        "compact notation cannot hold the codes of {game}: its symbol {symbol:?} is part of the notation; choose json or paths, or another alphabet"
    )]
    CompactAlphabet {
        /// The game.
        game: String,
        /// The symbol.
        symbol: char,
    },
    /// Not valid bracket notation (see [`crate::bracket`]), or counts of secrets that the rules
    /// contradict.
    #[error("bracket tree, line {line} column {column} (character {at}): {why}")]
    Bracket {
        /// Character offset (from 0).
        at: usize,
        /// Line (from 1).
        line: usize,
        /// Column (from 1).
        column: usize,
        /// What was wrong, and what was expected.
        why: String,
    },
    /// The bracket notation lists replies by black and white counts; this game has others.
    #[error(
        "the bracket notation needs replies with black and white counts (mastermind or bulls), not those of {game}"
    )]
    BracketGame {
        /// The game asked for.
        game: String,
    },
    /// The game is too large to enumerate its secrets.
    #[error(transparent)]
    Size(#[from] codebreak_core::SizeError),
    /// The game described in the file is not valid.
    #[error("tree file describes an invalid game: {0}")]
    Game(#[from] codebreak_core::SpecError),
    /// A code in the tree is not a code of the game.
    #[error("tree has an invalid guess: {0}")]
    Code(#[from] codebreak_core::ParseCodeError),
    /// A reply in the tree is not a reply of the game.
    #[error("tree has an invalid reply: {0}")]
    Feedback(#[from] codebreak_core::ParseFeedbackError),
    /// The same reply twice under one guess.
    #[error("guess {guess} has two branches for reply {reply}")]
    DuplicateReply {
        /// The guess.
        guess: String,
        /// The repeated reply.
        reply: String,
    },
    /// A branch for the winning reply (it is implied).
    #[error("guess {guess} has a branch for the winning reply {reply}, which ends the game")]
    WinBranch {
        /// The guess.
        guess: String,
        /// The reply.
        reply: String,
    },
}

/// A tree that fails the check.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum VerifyError {
    /// A secret the tree does not find.
    #[error("secret {secret} is not found: {why} (path: {path})")]
    NotFound {
        /// The first secret (in the game's order) the tree fails on.
        secret: String,
        /// The guesses and replies it went through, e.g. `1122 1B0W, 3456 0B1W`.
        path: String,
        /// What went wrong.
        why: String,
    },
    /// A branch for a reply that never occurs after its path.
    #[error("{0}")]
    DeadBranch(crate::verify::DeadBranch),
    /// A guess that is not a legal guess of the game.
    #[error("{0}")]
    IllegalGuess(IllegalGuess),
    /// The game is too large to enumerate its secrets.
    #[error(transparent)]
    Size(#[from] codebreak_core::SizeError),
}

impl VerifyError {
    /// The secret the tree does not find, if that is what failed.
    pub fn secret(&self) -> Option<&str> {
        match self {
            VerifyError::NotFound { secret, .. } => Some(secret),
            _ => None,
        }
    }

    /// The guesses and replies leading to the failure, e.g. `1122 1B0W, 3456 0B1W`: the path
    /// of the secret not found, the path to the branch no secret reaches, or the path to the
    /// illegal guess (empty at the root).
    pub fn path(&self) -> Option<String> {
        match self {
            VerifyError::NotFound { path, .. } => Some(path.clone()),
            VerifyError::DeadBranch(b) => Some(b.path()),
            VerifyError::IllegalGuess(g) => Some(g.before.clone()),
            VerifyError::Size(_) => None,
        }
    }
}
