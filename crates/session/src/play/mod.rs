//! Play: a person breaks the computer's secret.
//!
//! The codemaker lives inside the session; the secret appears in its [`PlayState`] only once
//! the game is over (won, out of attempts, or given up).

pub(crate) mod reasoned;

use std::sync::Arc;

use codebreak_core::{AnyEngine, Code, Feedback, GameSpec, Role};
use codebreak_strategy::{Adversarial, AnyStrategy, Breaker, Codemaker, Honest, StrategyOptions};
use serde::{Deserialize, Serialize};

use crate::Remaining;
use crate::error::SessionError;
use crate::report::MoveReport;

codebreak_core::named_enum! {
    /// Who hides the secret.
    #[derive(Default)]
    pub enum MakerKind: "maker" {
        /// A secret drawn at random (a new one each game, unless a seed fixes it).
        #[default]
        Random = "random", "a secret drawn at random (fixed by a seed)", aliases ["honest"];
        /// The cunning codemaker: no fixed secret, every answer keeps the most secrets open.
        Adversarial = "adversarial", "no fixed secret: every answer keeps the most secrets open (the cunning judge)", aliases ["cunning"];
    }
}

/// A codemaker: honest (a fixed secret) or cunning.
#[derive(Clone, Debug)]
pub enum Maker {
    /// A fixed secret.
    Honest(Honest),
    /// The cunning codemaker.
    Adversarial(Adversarial),
}

impl Maker {
    /// The codemaker of `kind` for a game: with `secret`, that secret; else a random one drawn
    /// with `seed`, or a fresh random seed when there is none. A seed or a secret given to the
    /// cunning codemaker is refused: it has none.
    pub fn new(
        engine: &Arc<AnyEngine>,
        kind: MakerKind,
        secret: Option<Code>,
        seed: Option<u64>,
    ) -> Result<Maker, SessionError> {
        let game = engine.game();
        match kind {
            MakerKind::Adversarial if seed.is_some() => Err(SessionError::Setup(
                "a secret seed does not apply to the adversarial codemaker: it has no secret to draw"
                    .into(),
            )),
            MakerKind::Adversarial if secret.is_some() => Err(SessionError::Setup(
                "a secret does not apply to the adversarial codemaker: it never fixes one".into(),
            )),
            MakerKind::Adversarial => Ok(Maker::Adversarial(Adversarial::new(engine.clone()))),
            MakerKind::Random => match secret {
                Some(s) if !game.is_valid(&s, Role::Secret) => Err(SessionError::Setup(format!(
                    "{} is not a secret of the {game} game",
                    game.format_code(&s)
                ))),
                Some(_) if seed.is_some() => Err(SessionError::Setup(
                    "give a secret or a secret seed, not both".into(),
                )),
                Some(s) => Ok(Maker::Honest(Honest::new(game, s))),
                None => Ok(Maker::Honest(Honest::random(
                    engine,
                    seed.unwrap_or_else(rand::random),
                ))),
            },
        }
    }

    /// The kind.
    pub fn kind(&self) -> MakerKind {
        match self {
            Maker::Honest(_) => MakerKind::Random,
            Maker::Adversarial(_) => MakerKind::Adversarial,
        }
    }
}

impl Codemaker for Maker {
    fn answer(&mut self, guess: &Code) -> Feedback {
        match self {
            Maker::Honest(m) => m.answer(guess),
            Maker::Adversarial(m) => m.answer(guess),
        }
    }
    fn open_secrets(&self) -> usize {
        match self {
            Maker::Honest(m) => m.open_secrets(),
            Maker::Adversarial(m) => m.open_secrets(),
        }
    }
    fn reveal(&self) -> Code {
        match self {
            Maker::Honest(m) => m.reveal(),
            Maker::Adversarial(m) => m.reveal(),
        }
    }
}

/// How a game against a codemaker is set up: the web API's `POST /api/play` body, and the
/// options of `codebreak play`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlaySetup {
    /// Who hides the secret.
    pub maker: MakerKind,
    /// Guesses allowed (see [`crate::ATTEMPTS`]; default [`crate::default_attempts`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempts: Option<u32>,
    /// Fixes the random secret; without it each game draws a new one.
    #[serde(skip_serializing_if = "Option::is_none", alias = "seed")]
    pub secret_seed: Option<u64>,
}

codebreak_core::named_enum! {
    /// How a game against a codemaker ended.
    pub enum Outcome: "outcome" {
        /// The secret was guessed.
        Won = "won", "the secret was guessed";
        /// Every attempt was used.
        OutOfAttempts = "out-of-attempts", "every attempt was used";
        /// The player gave up.
        GaveUp = "gave-up", "the player gave up";
    }
}

/// One move of a game against a codemaker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayMove {
    /// The guess and its reply.
    #[serde(flatten)]
    pub played: MoveReport,
    /// Secrets still possible after it: a listed game's exact count; null on a game too
    /// large to list, which counts only when asked ([`crate::Play::remaining`]).
    pub remaining: Option<Remaining>,
    /// Whether the guess could have been the secret, given the earlier replies.
    pub could_be_secret: bool,
}

/// Where a game against a codemaker stands: `play --json`, the web API's play answers, and
/// the Python objects. The secret is there only when the game is over.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayState {
    /// The game.
    pub game: GameSpec,
    /// The game in words.
    pub name: String,
    /// Who hides the secret.
    pub maker: MakerKind,
    /// Guesses allowed.
    pub attempts: usize,
    /// Guesses played (taken-back ones included: undo never gives an attempt back).
    pub used: usize,
    /// Guesses left.
    pub attempts_left: usize,
    /// Secrets still possible given the moves on the board: a listed game's exact count;
    /// null on a game too large to list until asked for.
    pub remaining: Option<Remaining>,
    /// The moves on the board, oldest first.
    pub moves: Vec<PlayMove>,
    /// Whether the game is over.
    pub over: bool,
    /// Whether the secret was found.
    pub won: bool,
    /// How it ended.
    pub outcome: Option<Outcome>,
    /// The secret (only once the game is over).
    pub secret: Option<String>,
    /// One paragraph on how it went (only once the game is over).
    pub summary: Option<String>,
}

/// A move on the board, with the codemaker as it was before it, for undo.
#[derive(Clone, Debug)]
struct Played {
    guess: Code,
    feedback: Feedback,
    report: PlayMove,
    before: Maker,
}

/// One game in which a person breaks the computer's secret.
#[derive(Clone, Debug)]
pub struct PlaySession {
    engine: Arc<AnyEngine>,
    maker: Maker,
    /// Tracks the secrets still possible (its strategy is never asked for a guess).
    tracker: Breaker,
    /// The moves on the board.
    moves: Vec<Played>,
    used: usize,
    attempts: usize,
    outcome: Option<Outcome>,
}

impl PlaySession {
    /// A new game.
    pub fn new(
        engine: Arc<AnyEngine>,
        maker: Maker,
        attempts: Option<u32>,
    ) -> Result<Self, SessionError> {
        let game = engine.game().clone();
        let attempts = match attempts {
            Some(n) => crate::ATTEMPTS.check(n.into())? as usize,
            None => crate::default_attempts_for(&game),
        };
        // Only tracks the secrets left; minimax plays every game, those whose secrets are not
        // guesses included.
        let first = AnyStrategy::new(
            "minimax",
            &StrategyOptions::default(),
            &game,
            engine.space(),
        )?;
        Ok(PlaySession {
            tracker: Breaker::new(engine.clone(), first),
            engine,
            maker,
            moves: Vec::new(),
            used: 0,
            attempts,
            outcome: None,
        })
    }

    /// A new game set up as asked.
    pub fn from_setup(engine: Arc<AnyEngine>, setup: &PlaySetup) -> Result<Self, SessionError> {
        let maker = Maker::new(&engine, setup.maker, None, setup.secret_seed)?;
        PlaySession::new(engine, maker, setup.attempts)
    }

    /// The engine.
    pub fn engine(&self) -> &Arc<AnyEngine> {
        &self.engine
    }

    /// Plays a guess typed as text.
    pub fn guess_text(&mut self, text: &str) -> Result<&PlayMove, SessionError> {
        let guess = self.engine.game().parse_guess(text)?;
        self.guess(guess)
    }

    /// Plays a guess and returns its move.
    pub fn guess(&mut self, guess: Code) -> Result<&PlayMove, SessionError> {
        if let Some(o) = self.outcome {
            return Err(SessionError::Over(match o {
                Outcome::Won => "the secret was found: start a new game",
                Outcome::OutOfAttempts => "every attempt is used: start a new game",
                Outcome::GaveUp => "it was given up: start a new game",
            }));
        }
        let game = self.engine.game().clone();
        let before: Vec<(Code, Feedback)> =
            self.moves.iter().map(|m| (m.guess, m.feedback)).collect();
        codebreak_strategy::NotAGuess::check(&game, &before, &guess)?;
        let could_be_secret = game.is_valid(&guess, Role::Secret)
            && self
                .moves
                .iter()
                .all(|m| game.score(&guess, &m.guess) == m.feedback);
        let before = self.maker.clone();
        let fb = self.maker.answer(&guess);
        // An honest or cunning codemaker never contradicts itself.
        if let Err(e) = self.tracker.record(&guess, fb) {
            return Err(SessionError::Setup(format!(
                "internal: the codemaker contradicted itself: {e}"
            )));
        }
        self.used += 1;
        let remaining = self.tracker.remaining();
        self.moves.push(Played {
            guess,
            feedback: fb,
            report: PlayMove {
                played: MoveReport::of(&game, &guess, fb),
                remaining: Some(remaining.into()),
                could_be_secret,
            },
            before,
        });
        if fb == game.win() || (game.end() == codebreak_core::End::Known && remaining == 1) {
            self.outcome = Some(Outcome::Won);
        } else if self.used >= self.attempts {
            self.outcome = Some(Outcome::OutOfAttempts);
        }
        Ok(&self.moves.last().expect("just pushed").report)
    }

    /// Takes the last guess off the board (the codemaker forgets it too); the attempt stays
    /// used. Returns the guess taken back.
    pub fn undo(&mut self) -> Result<String, SessionError> {
        if self.outcome.is_some() {
            return Err(SessionError::Over("a finished game cannot be taken back"));
        }
        let Some(m) = self.moves.pop() else {
            return Err(SessionError::NothingToUndo("no guess on the board"));
        };
        self.maker = m.before;
        self.tracker.undo();
        Ok(m.report.played.guess)
    }

    /// Gives up: the game ends and the secret is revealed.
    pub fn resign(&mut self) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome::GaveUp);
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// How it ended, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Secrets still possible.
    pub fn remaining(&self) -> usize {
        self.tracker.remaining()
    }

    /// Guesses played, taken-back ones included.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Guesses allowed.
    pub fn attempts(&self) -> usize {
        self.attempts
    }

    /// The secret, once the game is over (for the cunning codemaker: the lowest secret its
    /// answers left open).
    pub fn secret(&self) -> Option<Code> {
        self.outcome.map(|_| self.maker.reveal())
    }

    /// The state of the game.
    pub fn state(&self) -> PlayState {
        let game = self.engine.game();
        let secret = self.secret().map(|s| game.format_code(&s));
        PlayState {
            game: game.spec(),
            name: game.to_string(),
            maker: self.maker.kind(),
            attempts: self.attempts,
            used: self.used,
            attempts_left: self.attempts - self.used,
            remaining: Some(self.tracker.remaining().into()),
            moves: self.moves.iter().map(|m| m.report.clone()).collect(),
            over: self.outcome.is_some(),
            won: self.outcome == Some(Outcome::Won),
            outcome: self.outcome,
            summary: match (self.outcome, &secret) {
                (Some(o), Some(s)) => Some(self.summary(o, s)),
                _ => None,
            },
            secret,
        }
    }

    fn summary(&self, outcome: Outcome, secret: &str) -> String {
        let n = self.moves.len();
        // The game's own word for a move (a game file may say "weighing").
        let (one, many) = self
            .engine
            .game()
            .list()
            .map_or(("guess", "guesses"), |l| l.move_words());
        let (one, many) = (one.to_string(), many.to_string());
        let guesses = |k: usize| format!("{k} {}", if k == 1 { &one } else { &many });
        let wasted = self
            .moves
            .iter()
            .filter(|m| !m.report.could_be_secret)
            .count();
        let mut text = match outcome {
            Outcome::Won => format!(
                "You broke the code: the secret was {secret}, found with {} out of {}.",
                guesses(self.used),
                self.attempts
            ),
            Outcome::OutOfAttempts => format!(
                "Out of attempts: the secret was {secret}; {} still possible after your last answer.",
                match self.tracker.remaining() {
                    1 => "it was the only secret".to_string(),
                    r => format!("{r} secrets were"),
                }
            ),
            Outcome::GaveUp => format!(
                "You gave up after {}: the secret was {secret}.",
                guesses(self.used)
            ),
        };
        // In a game that ends once the secret is known (the coins), a move is never a secret:
        // whether it could have been one says nothing.
        let known = self
            .engine
            .game()
            .list()
            .is_some_and(|l| l.end() == codebreak_core::End::Known);
        if !known && wasted > 0 {
            text.push_str(&format!(
                " {wasted} of your {many} could not have been the secret given the earlier answers."
            ));
        } else if !known && n > 1 {
            text.push_str(&format!(" Every {one} could have been the secret."));
        }
        if self.maker.kind() == MakerKind::Adversarial {
            text.push_str(
                " The cunning codemaker never fixed a secret: it answered each guess so as to keep the most secrets open, and shows the lowest one left.",
            );
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::{Game, GameSpec};

    fn engine() -> Arc<AnyEngine> {
        Arc::new(AnyEngine::new(&Game::new(&GameSpec::mastermind(4, 6)).unwrap()).unwrap())
    }

    #[test]
    fn hard_mode_refuses_a_guess_that_drops_a_found_letter() {
        use codebreak_core::GameKind;
        let game = Game::new(&GameSpec {
            kind: GameKind::Wordle,
            hard: true,
            ..GameSpec::default()
        })
        .unwrap();
        let e = Arc::new(AnyEngine::new(&game).unwrap());
        let secret = game.parse_secret("cigar").unwrap();
        let maker = Maker::new(&e, MakerKind::Random, Some(secret), None).unwrap();
        let mut s = PlaySession::new(e, maker, None).unwrap();
        s.guess_text("salet").unwrap();
        // salet against cigar: the A is yellow, so every later guess must hold an A.
        let err = s.guess_text("courd").unwrap_err().to_string();
        assert_eq!(
            err,
            "guess courd is not allowed in hard mode: it must contain A (marked earlier)"
        );
        assert_eq!(s.state().used, 1);
        s.guess_text("crane").unwrap();
    }

    #[test]
    fn the_secret_is_hidden_until_the_end() {
        let e = engine();
        let game = e.game().clone();
        let secret = game.parse_secret("3141").unwrap();
        let maker = Maker::new(&e, MakerKind::Random, Some(secret), None).unwrap();
        let mut s = PlaySession::new(e, maker, Some(3)).unwrap();
        s.guess_text("0011").unwrap();
        let st = s.state();
        assert_eq!((st.used, st.attempts_left, st.over), (1, 2, false));
        assert!(st.secret.is_none() && st.summary.is_none());
        assert!(!serde_json::to_string(&st).unwrap().contains("3141"));
        s.guess_text("3141").unwrap();
        let st = s.state();
        assert!(st.won && st.over);
        assert_eq!(st.secret.as_deref(), Some("3141"));
        assert!(matches!(s.guess_text("1111"), Err(SessionError::Over(_))));
    }

    #[test]
    fn undo_keeps_the_attempt_and_seeds_fix_the_secret() {
        let e = engine();
        let setup = PlaySetup {
            secret_seed: Some(7),
            ..PlaySetup::default()
        };
        let mut a = PlaySession::from_setup(e.clone(), &setup).unwrap();
        let mut b = PlaySession::from_setup(e.clone(), &setup).unwrap();
        a.resign();
        b.resign();
        assert_eq!(a.state().secret, b.state().secret);
        let mut s = PlaySession::from_setup(e.clone(), &PlaySetup::default()).unwrap();
        assert!(matches!(s.undo(), Err(SessionError::NothingToUndo(_))));
        let before = s.remaining();
        s.guess_text("0011").unwrap();
        assert_eq!(s.undo().unwrap(), "0011");
        assert_eq!((s.used(), s.remaining()), (1, before));
        let bad = PlaySetup {
            maker: MakerKind::Adversarial,
            secret_seed: Some(1),
            ..PlaySetup::default()
        };
        assert!(PlaySession::from_setup(e, &bad).is_err());
    }

    #[test]
    fn attempts_run_out() {
        let e = engine();
        let mut s =
            PlaySession::new(e.clone(), Maker::Adversarial(Adversarial::new(e)), Some(1)).unwrap();
        s.guess_text("0011").unwrap();
        let st = s.state();
        assert_eq!(st.outcome, Some(Outcome::OutOfAttempts));
        assert!(st.secret.is_some());
        assert!(st.summary.unwrap().contains("cunning"));
        assert!(
            PlaySession::new(
                engine(),
                Maker::Adversarial(Adversarial::new(engine())),
                Some(0)
            )
            .is_err()
        );
    }
}
