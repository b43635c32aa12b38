//! Solve: a strategy breaks a secret from the replies it is given, with undo, corrections of
//! earlier answers, and a diagnosis when the replies contradict each other.

pub(crate) mod reasoned;

use std::sync::Arc;

use codebreak_core::{AnyEngine, Code, Feedback, GameSpec};
use codebreak_strategy::{AnyStrategy, Breaker, MoveError, Progress};
use serde::{Deserialize, Serialize};

use crate::Remaining;
use crate::error::SessionError;
use crate::report::{Contradiction, MoveReport};

/// Where a solve session stands: `solve --json`, the web API's solve answers, and the Python
/// `Solver`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveState {
    /// The game.
    pub game: GameSpec,
    /// The game in words.
    pub name: String,
    /// The strategy with its options.
    pub strategy: String,
    /// The moves so far, oldest first.
    pub moves: Vec<MoveReport>,
    /// Whether the last reply says the secret was found.
    pub solved: bool,
    /// Secrets still consistent with every reply: a listed game's exact count; null on a
    /// game too large to list, which counts only when asked ([`crate::Solve::remaining`]).
    pub remaining: Option<Remaining>,
    /// The first of them (as many as asked for).
    pub candidates: Vec<String>,
    /// The guess to answer next (none once solved).
    pub guess: Option<String>,
    /// Its number, from 1 (none once solved).
    pub number: Option<usize>,
    /// The sample of the pool the pending guess was chosen from, when the pool was too large to
    /// score whole; null otherwise.
    pub sample: Option<codebreak_core::Sample>,
    /// On a game too large to list: the sample of fitting secrets the pending guess was
    /// chosen on (absent on listed games).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub fit_sample: Option<crate::FitSample>,
    /// The secret, once found.
    pub secret: Option<String>,
    /// One sentence on the result, once found.
    pub summary: Option<String>,
}

/// One game in which a strategy breaks a secret from the replies it is told.
#[derive(Clone, Debug)]
pub struct SolveSession {
    breaker: Breaker,
    description: String,
}

impl SolveSession {
    /// A session in which `strategy` breaks a secret of the engine's game.
    pub fn new(engine: Arc<AnyEngine>, strategy: AnyStrategy) -> SolveSession {
        let description = strategy.describe(engine.game());
        SolveSession {
            breaker: Breaker::new(engine, strategy),
            description,
        }
    }

    /// The engine.
    pub fn engine(&self) -> &Arc<AnyEngine> {
        self.breaker.engine()
    }

    /// The strategy with its options, in words.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The guess to answer next (the same until a reply is told), or `None` once solved.
    pub fn next_guess(&mut self) -> Option<Code> {
        (!self.breaker.is_solved()).then(|| self.breaker.next_guess())
    }

    /// Tells the reply to the pending guess, written in the game's notation.
    pub fn reply_text(&mut self, text: &str) -> Result<Progress, SessionError> {
        let fb = self.engine().game().parse_feedback(text)?;
        self.reply(fb)
    }

    /// Tells the reply to the pending guess. A reply that no secret gives along with the
    /// earlier ones is refused with a diagnosis, and changes nothing.
    pub fn reply(&mut self, fb: Feedback) -> Result<Progress, SessionError> {
        let Some(guess) = self.next_guess() else {
            return Err(SessionError::Over(
                "the secret is already found: undo the last answer or start a new game",
            ));
        };
        match self.breaker.tell(fb) {
            Ok(p) => Ok(p),
            Err(e) => {
                let mut moves = self.breaker.history();
                moves.push((guess, fb));
                Err(self.contradiction(&moves, &e.to_string()))
            }
        }
    }

    /// Takes back the last answer.
    pub fn undo(&mut self) -> Result<(), SessionError> {
        if self.breaker.undo() {
            Ok(())
        } else {
            Err(SessionError::NothingToUndo("no answer given yet"))
        }
    }

    /// Corrects answer `answer` (numbered from 1), written in the game's notation; the later
    /// guesses stay as they were played.
    pub fn correct_text(&mut self, answer: usize, text: &str) -> Result<Progress, SessionError> {
        self.check_answer(answer)?;
        let fb = self.engine().game().parse_feedback(text)?;
        self.correct(answer, fb)
    }

    /// Corrects answer `answer` (numbered from 1). A correction that leaves no secret is
    /// refused with a diagnosis, and changes nothing.
    pub fn correct(&mut self, answer: usize, fb: Feedback) -> Result<Progress, SessionError> {
        self.check_answer(answer)?;
        match self.breaker.correct(answer - 1, fb) {
            Ok(p) => Ok(p),
            Err(e) => {
                let mut moves = self.breaker.history();
                moves[answer - 1].1 = fb;
                Err(self.contradiction(&moves, &e.to_string()))
            }
        }
    }

    fn check_answer(&self, answer: usize) -> Result<(), SessionError> {
        let answers = self.breaker.history().len();
        if answer == 0 || answer > answers {
            return Err(SessionError::NoSuchAnswer { answer, answers });
        }
        Ok(())
    }

    fn contradiction(&self, moves: &[(Code, Feedback)], what: &str) -> SessionError {
        match codebreak_strategy::diagnose(self.engine(), moves) {
            Ok(d) => SessionError::Contradiction(Box::new(Contradiction::listed(
                self.engine(),
                moves,
                &d,
                what,
            ))),
            Err(e) => SessionError::NotAGuess(e),
        }
    }

    /// The sample of the pool the pending guess was chosen from, when the pool was too large to
    /// score whole.
    pub fn sample(&self) -> Option<codebreak_core::Sample> {
        self.breaker.sample()
    }

    /// Whether the last reply says the secret was found.
    pub fn is_solved(&self) -> bool {
        self.breaker.is_solved()
    }

    /// Secrets still consistent with every reply.
    pub fn remaining(&self) -> usize {
        self.breaker.remaining()
    }

    /// The first `n` secrets still consistent with every reply.
    pub fn candidates(&self, n: usize) -> Vec<Code> {
        self.breaker.candidates().take(n).collect()
    }

    /// The moves so far.
    pub fn history(&self) -> Vec<(Code, Feedback)> {
        self.breaker.history()
    }

    /// The state of the session, listing at most `show` remaining secrets. Computes the next
    /// guess if it is not known yet (which may take a while in a large game).
    pub fn state(&mut self, show: usize) -> SolveState {
        let game = self.engine().game().clone();
        let history = self.breaker.history();
        let guess = self.next_guess();
        let solved = self.is_solved();
        // The one secret left: the last guess, or in a game that ends when the secret is
        // known, the secret the replies single out.
        let secret = solved
            .then(|| self.candidates(1).first().map(|c| game.format_code(c)))
            .flatten();
        SolveState {
            game: game.spec(),
            name: game.to_string(),
            strategy: self.description.clone(),
            moves: history
                .iter()
                .map(|(g, f)| MoveReport::of(&game, g, *f))
                .collect(),
            solved,
            remaining: Some(self.remaining().into()),
            candidates: self
                .candidates(show)
                .iter()
                .map(|c| game.format_code(c))
                .collect(),
            guess: guess.map(|g| game.format_code(&g)),
            number: guess.map(|_| history.len() + 1),
            sample: guess.and_then(|_| self.breaker.sample()),
            fit_sample: None,
            summary: secret.as_ref().map(|s| {
                let n = history.len();
                format!(
                    "Your secret is {s}: found with {n} guess{}.",
                    if n == 1 { "" } else { "es" }
                )
            }),
            secret,
        }
    }
}

impl From<MoveError> for SessionError {
    fn from(e: MoveError) -> Self {
        match e {
            MoveError::NotAGuess(e) => SessionError::NotAGuess(e),
            MoveError::Inconsistent(e) => SessionError::Setup(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::{Game, GameSpec};
    use codebreak_strategy::StrategyOptions;

    fn session() -> SolveSession {
        let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let engine = Arc::new(AnyEngine::new(&game).unwrap());
        let s = AnyStrategy::new(
            "minimax",
            &StrategyOptions::default(),
            &game,
            engine.space(),
        )
        .unwrap();
        SolveSession::new(engine, s)
    }

    #[test]
    fn solves_undoes_and_corrects() {
        let mut s = session();
        let game = s.engine().game().clone();
        let secret = game.parse_secret("3141").unwrap();
        assert!(matches!(s.undo(), Err(SessionError::NothingToUndo(_))));
        let g = s.next_guess().unwrap();
        s.reply(game.score(&secret, &g)).unwrap();
        let after_one = s.remaining();
        s.undo().unwrap();
        assert_eq!(s.state(0).moves.len(), 0);
        s.reply(game.score(&secret, &g)).unwrap();
        assert_eq!(s.remaining(), after_one);
        let g2 = s.next_guess().unwrap();
        s.reply(game.score(&secret, &g2)).unwrap();
        // A wrong correction is refused with a diagnosis; the right one is accepted.
        let wrong = game.parse_feedback("4B0W").unwrap();
        assert!(matches!(
            s.correct(1, wrong),
            Err(SessionError::Contradiction(_))
        ));
        assert!(matches!(
            s.correct(3, wrong),
            Err(SessionError::NoSuchAnswer {
                answer: 3,
                answers: 2
            })
        ));
        while let Some(g) = s.next_guess() {
            s.reply(game.score(&secret, &g)).unwrap();
        }
        let st = s.state(5);
        assert!(st.solved && st.guess.is_none());
        assert_eq!(st.secret.as_deref(), Some("3141"));
        assert!(matches!(s.reply(game.win()), Err(SessionError::Over(_))));
    }

    #[test]
    fn a_contradiction_changes_nothing() {
        let mut s = session();
        // "no colour is right" excludes the guessed colours each time, until none is left.
        for _ in 0..10 {
            let before = s.state(3);
            match s.reply_text("0B0W") {
                Ok(_) => continue,
                Err(SessionError::Contradiction(c)) => {
                    assert!(c.diagnosis.as_ref().unwrap().changes >= 1);
                    assert!(!c.diagnosis.as_ref().unwrap().suspects.is_empty());
                    assert_eq!(s.state(3), before);
                    return;
                }
                Err(e) => panic!("{e}"),
            }
        }
        panic!("0B0W to every guess should soon contradict itself");
    }
}
