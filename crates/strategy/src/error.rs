//! Errors of the strategy crate.

use thiserror::Error;

/// A strategy that cannot be built as asked.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum StrategyError {
    /// No strategy has this name.
    #[error(transparent)]
    Unknown(#[from] codebreak_core::UnknownName),
    /// Pool chosen for a strategy that always plays consistent codes.
    #[error("pool does not apply to strategy {0}: it always plays a code that could be the secret")]
    PoolNotApplicable(&'static str),
    /// Ties chosen for a strategy that has no ties to break.
    #[error("ties does not apply to strategy {0}: it has no ties to break")]
    TiesNotApplicable(&'static str),
    /// Ties `index` with pool `consistent`: every guess could be the secret, so there is no
    /// consistent code to prefer or pass over.
    #[error(
        "ties index needs pool all: with pool consistent every guess could be the secret, so there is nothing to break ties on"
    )]
    TiesNeedPoolAll,
    /// A sample size (or `off`) for a strategy that scores no guesses.
    #[error(
        "sample does not apply to strategy {0}: it scores no guesses, so it has no pool to sample"
    )]
    SampleNotApplicable(&'static str),
    /// Seed chosen for a deterministic strategy.
    #[error("seed does not apply to strategy {0}: it is deterministic")]
    SeedNotApplicable(&'static str),
    /// The game does not allow the strategy.
    #[error("strategy {strategy} does not apply to the {game} game: {why}")]
    Game {
        /// The strategy.
        strategy: &'static str,
        /// The game.
        game: String,
        /// Why not.
        why: &'static str,
    },
    /// `--pool consistent` in a game that ends when the secret is known.
    #[error(
        "pool consistent plays only codes that could be the secret, but {game} ends when the secret is known and a secret may not be guessed: expected pool all"
    )]
    ConsistentPoolKnown {
        /// The game.
        game: String,
    },
    /// A first guess that is not a guess of the game.
    #[error("first guess {0} is not a guess of this game")]
    FirstGuess(String),
    /// A first guess that could not be read.
    #[error("first guess: {0}")]
    FirstGuessText(String),
}

/// Replies that no secret can give all at once.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("no secret gives reply {reply} to guess {guess} as well as every earlier reply")]
pub struct InconsistentFeedback {
    /// The guess whose reply emptied the candidates.
    pub guess: String,
    /// That reply.
    pub reply: String,
}

/// A code that is not a guess of the game, passed where one was expected; or, in Wordle's hard
/// mode, a guess its rule does not allow after the moves before it.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{}", match .rule {
    None => format!("{} is not a guess of the {} game", .code, .game),
    Some(rule) => format!("guess {} is not allowed in hard mode: {rule}", .code),
})]
pub struct NotAGuess {
    /// The code, written as well as the game can.
    pub code: String,
    /// The game.
    pub game: String,
    /// The rule of hard mode it breaks (such as "it must contain C (marked earlier)"), when it
    /// is a guess of the game that hard mode does not allow.
    pub rule: Option<String>,
}

impl NotAGuess {
    /// The error for `code` in `game`.
    pub fn new(game: &codebreak_core::Game, code: &codebreak_core::Code) -> NotAGuess {
        NotAGuess {
            code: if game.list().is_some()
                || code.pegs().iter().all(|&p| (p as usize) < game.colors())
            {
                game.format_code(code)
            } else {
                format!("{code:?}")
            },
            game: game.to_string(),
            rule: None,
        }
    }

    /// Checks that `guess` may be played after `moves`: a guess of the game, and in Wordle's
    /// hard mode one its rule allows ([`codebreak_core::Game::check_hard`]).
    pub fn check(
        game: &codebreak_core::Game,
        moves: &[(codebreak_core::Code, codebreak_core::Feedback)],
        guess: &codebreak_core::Code,
    ) -> Result<(), NotAGuess> {
        if !game.is_valid(guess, codebreak_core::Role::Guess) {
            return Err(NotAGuess::new(game, guess));
        }
        game.check_hard(moves, guess).map_err(|rule| NotAGuess {
            rule: Some(rule),
            ..NotAGuess::new(game, guess)
        })
    }
}

/// Why a hint could not be given.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum HintError {
    /// A move's guess is not a guess of the game.
    #[error(transparent)]
    NotAGuess(#[from] NotAGuess),
    /// No secret gives every reply.
    #[error("no secret gives every one of these replies")]
    Contradiction(crate::Diagnosis),
}

/// Why a move could not be recorded.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The guess is not a guess of the game.
    #[error(transparent)]
    NotAGuess(#[from] NotAGuess),
    /// The reply contradicts the earlier ones.
    #[error(transparent)]
    Inconsistent(#[from] InconsistentFeedback),
}
