//! Play on games too large to list: the computer keeps a secret for a person to break
//! ([`PlaySession`]).

use codebreak_huge::{Budget, Clue, Code, Solver};
use rand::SeedableRng;
use serde::Serialize;

use crate::game::reasoned::{CountReport, ReasonedError, ReasonedGame, ReasonedMove};

/// A uniformly random secret of `game`, drawn from `seed` (the same secret for the same
/// seed), or from the system's entropy without one.
pub fn random_secret(game: &ReasonedGame, seed: Option<u64>) -> Code {
    match seed {
        Some(seed) => game
            .game()
            .random_secret(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed)),
        None => game.game().random_secret(&mut rand::thread_rng()),
    }
}

/// One game in which a person breaks the computer's secret in a game too large to list.
#[derive(Clone, Debug)]
pub struct PlaySession {
    game: ReasonedGame,
    secret: Code,
    attempts: usize,
    used: usize,
    clues: Vec<Clue>,
    over: bool,
    won: bool,
}

/// A play session's state, as `play --json` writes it after each guess.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayState {
    /// The game in words.
    pub game: String,
    /// Guesses allowed.
    pub attempts: usize,
    /// Guesses played (taken-back ones included).
    pub used: usize,
    /// Guesses left.
    pub attempts_left: usize,
    /// The moves on the board, oldest first.
    pub moves: Vec<ReasonedMove>,
    /// Whether the game is over.
    pub over: bool,
    /// Whether the secret was found.
    pub won: bool,
    /// The secret (only once the game is over).
    pub secret: Option<String>,
}

impl PlaySession {
    /// A game against `secret`, or a uniformly random secret drawn from `seed` (from the
    /// system's entropy without one). `attempts` defaults to
    /// [`crate::default_attempts`] for the game's pegs.
    pub fn new(
        game: ReasonedGame,
        secret: Option<Code>,
        seed: Option<u64>,
        attempts: Option<usize>,
    ) -> PlaySession {
        let secret = secret.unwrap_or_else(|| random_secret(&game, seed));
        let attempts =
            attempts.unwrap_or_else(|| crate::default_attempts(usize::from(game.game().pegs())));
        PlaySession {
            game,
            secret,
            attempts,
            used: 0,
            clues: Vec::new(),
            over: false,
            won: false,
        }
    }

    /// The game.
    pub fn game(&self) -> &ReasonedGame {
        &self.game
    }

    /// Guesses allowed.
    pub fn attempts(&self) -> usize {
        self.attempts
    }

    /// The moves on the board, oldest first.
    pub fn clues(&self) -> &[Clue] {
        &self.clues
    }

    /// Guesses played.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The secret, once the game is over.
    pub fn secret(&self) -> Option<String> {
        self.over.then(|| self.game.format_code(&self.secret))
    }

    /// Plays a guess written in the game's symbols and returns its move.
    pub fn guess_text(&mut self, text: &str) -> Result<ReasonedMove, ReasonedError> {
        if self.over {
            return Err(ReasonedError::Over("no more guesses"));
        }
        let guess = self.game.parse_guess(text)?;
        let clue = Clue::new(guess, self.game.score(&self.secret, &guess));
        self.clues.push(clue);
        self.used += 1;
        if clue.reply == self.game.win() {
            self.over = true;
            self.won = true;
        } else if self.used >= self.attempts {
            self.over = true;
        }
        Ok(self.game.move_report(&clue))
    }

    /// Takes the last guess off the board; the attempt stays used.
    pub fn undo(&mut self) -> Result<ReasonedMove, ReasonedError> {
        if self.over {
            return Err(ReasonedError::Over("nothing can be taken back"));
        }
        let clue = self.clues.pop().ok_or(ReasonedError::NothingToUndo)?;
        Ok(self.game.move_report(&clue))
    }

    /// Gives up: the game is over and the secret is shown.
    pub fn resign(&mut self) {
        self.over = true;
    }

    /// How many secrets fit the moves on the board.
    pub fn remaining(&self, budget: &Budget) -> Result<CountReport, ReasonedError> {
        let solver = Solver::new(*self.game.game(), &self.clues)?;
        Ok(CountReport::of(&solver.count(&Default::default(), budget)?))
    }

    /// The state, as `play --json` writes it.
    pub fn state(&self) -> PlayState {
        PlayState {
            game: self.game.to_string(),
            attempts: self.attempts,
            used: self.used,
            attempts_left: self.attempts - self.used,
            moves: self
                .clues
                .iter()
                .map(|c| self.game.move_report(c))
                .collect(),
            over: self.over,
            won: self.won,
            secret: self.secret(),
        }
    }
}
