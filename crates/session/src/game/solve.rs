//! The computer breaking a person's secret, on any game: [`Solve`].

use std::time::Duration;

use codebreak_strategy::{AnyStrategy, Codemaker as _, StrategyKind, StrategyOptionsSpec};

use crate::error::SessionError;
use crate::game::reasoned::{self, Budget};
use crate::hint::FitSample;
use crate::report::{MoveReport, ReplyReport};
use crate::{Game, MakerKind, Remaining, SolveState};

use super::Kind;

/// A game in which a strategy breaks a secret from the replies it is told, listed or too
/// large to list.
///
/// A listed game's strategy plays every secret exactly and its state counts and lists the
/// secrets left; a game too large to list chooses each guess on a sample of the secrets that
/// fit (`fit_sample` in the state says which) and counts only when asked, so its state's
/// `remaining` is null and its `candidates` empty. Replies are checked alike: one that no
/// secret gives along with the earlier ones is refused and changes nothing.
///
/// ```
/// use codebreak_core::GameSpec;
/// use codebreak_session::Game;
/// use codebreak_session::reasoned::Budget;
/// let big = Game::new(&GameSpec::mastermind(16, 6)).unwrap();
/// let mut s = big.solve(None, &Default::default(), Some(20)).unwrap();
/// let st = s.state(5, &Budget::default()).unwrap();
/// assert_eq!(st.number, Some(1));
/// assert_eq!(st.remaining, None);
/// assert_eq!(st.fit_sample.unwrap().secrets, 20);
/// ```
#[derive(Clone, Debug)]
pub struct Solve {
    kind: SolveKind,
    game: Game,
}

#[derive(Clone, Debug)]
enum SolveKind {
    Listed(Box<crate::SolveSession>),
    Reasoned(Box<reasoned::SolveSession>),
}

impl Game {
    /// A session in which `strategy` (the game's default when `None`) breaks a secret of this
    /// game; on a game too large to list, its guesses are chosen on a sample of `fit_sample`
    /// fitting secrets (default 400).
    pub fn solve(
        &self,
        strategy: Option<StrategyKind>,
        options: &StrategyOptionsSpec,
        fit_sample: Option<usize>,
    ) -> Result<Solve, SessionError> {
        let kind = match &self.0 {
            Kind::Listed(g, engine) => {
                if let Some(n) = fit_sample {
                    return Err(SessionError::Setup(format!(
                        "fit-sample {n} chooses guesses on games too large to list, but this game fits in memory: leave it out"
                    )));
                }
                let engine = match engine {
                    Some(e) => std::sync::Arc::clone(e),
                    None => std::sync::Arc::new(codebreak_core::AnyEngine::new(g)?),
                };
                let strategy = AnyStrategy::build(
                    strategy.unwrap_or_default(),
                    &options.resolve(g)?,
                    g,
                    engine.space(),
                )?;
                SolveKind::Listed(Box::new(crate::SolveSession::new(engine, strategy)))
            }
            Kind::Reasoned(g) => {
                let kinds = strategy.map(|k| vec![k]);
                let play = super::play_options(kinds.as_deref(), options, fit_sample)?;
                SolveKind::Reasoned(Box::new(reasoned::SolveSession::new(g.clone(), play)))
            }
        };
        Ok(Solve {
            kind,
            game: self.clone(),
        })
    }
}

impl Solve {
    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Allows `time` (default [`reasoned::FIND_TIME`]), after each reply to a game too large to
    /// list, to find a secret that fits them all before the reply is refused as undecided;
    /// refused on a listed game, where nothing searches.
    pub fn with_find_time(mut self, time: Option<Duration>) -> Result<Solve, SessionError> {
        let Some(time) = time else {
            return Ok(self);
        };
        match self.kind {
            SolveKind::Listed(_) => Err(SessionError::Setup(format!(
                "find-time {} limits the search for a fitting secret on games too large to list, but this game fits in memory: leave it out",
                time.as_secs()
            ))),
            SolveKind::Reasoned(s) => {
                self.kind = SolveKind::Reasoned(Box::new(s.with_find_time(time)));
                Ok(self)
            }
        }
    }

    /// Tells the reply to the pending guess, written in the game's notation (the guess is
    /// chosen first if it was not yet).
    pub fn reply(&mut self, text: &str, budget: &Budget) -> Result<(), SessionError> {
        // Once the secret is found, any reply is refused as such, read or not.
        let solved = match &self.kind {
            SolveKind::Listed(s) => s.is_solved(),
            SolveKind::Reasoned(s) => s.solved(),
        };
        if solved {
            return Err(SessionError::Over(
                "the secret is already found: undo the last answer or start a new game",
            ));
        }
        match &mut self.kind {
            SolveKind::Listed(s) => s.reply_text(text).map(|_| ()),
            SolveKind::Reasoned(s) => {
                let reply = s.game().parse_reply(text)?;
                s.next_guess(budget)?;
                Ok(s.reply(reply, budget)?)
            }
        }
    }

    /// Takes back the last answer.
    pub fn undo(&mut self) -> Result<(), SessionError> {
        match &mut self.kind {
            SolveKind::Listed(s) => s.undo(),
            SolveKind::Reasoned(s) => Ok(s.undo()?),
        }
    }

    /// Corrects answer `answer` (numbered from 1), written in the game's notation.
    pub fn correct(
        &mut self,
        answer: usize,
        text: &str,
        budget: &Budget,
    ) -> Result<(), SessionError> {
        match &mut self.kind {
            SolveKind::Listed(s) => s.correct_text(answer, text).map(|_| ()),
            SolveKind::Reasoned(s) => {
                let answers = s.history().len();
                if answer == 0 || answer > answers {
                    return Err(SessionError::NoSuchAnswer { answer, answers });
                }
                let reply = s.game().parse_reply(text)?;
                Ok(s.correct(answer, reply, budget)?)
            }
        }
    }

    /// The state, listing at most `show` secrets left on a listed game; chooses the next
    /// guess if it is not known yet (within `budget` on a game too large to list).
    pub fn state(&mut self, show: usize, budget: &Budget) -> Result<SolveState, SessionError> {
        match &mut self.kind {
            SolveKind::Listed(s) => Ok(s.state(show)),
            SolveKind::Reasoned(s) => {
                s.next_guess(budget)?;
                let st = s.state();
                let game = s.game();
                let moves = s
                    .history()
                    .iter()
                    .map(|c| {
                        let reply = game.format_reply(c.reply);
                        MoveReport {
                            guess: game.format_code(&c.guess),
                            feedback: reply.clone(),
                            reply: ReplyReport {
                                text: reply,
                                black: Some(c.reply.black),
                                white: Some(c.reply.white),
                            },
                        }
                    })
                    .collect();
                Ok(SolveState {
                    game: self.game.spec(),
                    name: st.game,
                    strategy: st.strategy,
                    moves,
                    solved: st.solved,
                    remaining: None,
                    candidates: Vec::new(),
                    guess: st.guess.as_ref().map(|g| g.guess.clone()),
                    number: st.number,
                    sample: None,
                    fit_sample: st.guess.as_ref().map(|g| FitSample {
                        secrets: g.sample,
                        candidates: g.candidates,
                        method: g.sampling.clone(),
                        score: g.score,
                    }),
                    summary: st.secret.as_ref().map(|s| {
                        let n = st.moves.len();
                        format!(
                            "Your secret is {s}: found with {n} guess{}.",
                            if n == 1 { "" } else { "es" }
                        )
                    }),
                    secret: st.secret,
                })
            }
        }
    }

    /// The strategy with its options, in words.
    pub fn description(&self) -> String {
        match &self.kind {
            SolveKind::Listed(s) => s.description().to_string(),
            SolveKind::Reasoned(s) => s.description(),
        }
    }

    /// Whether the last reply says the secret was found.
    pub fn is_solved(&self) -> bool {
        match &self.kind {
            SolveKind::Listed(s) => s.is_solved(),
            SolveKind::Reasoned(s) => s.solved(),
        }
    }

    /// The guess to answer next, chosen now if it was not yet (within `budget` on a game too
    /// large to list); `None` once solved.
    pub fn next_guess(&mut self, budget: &Budget) -> Result<Option<String>, SessionError> {
        match &mut self.kind {
            SolveKind::Listed(s) => {
                let game = s.engine().game().clone();
                Ok(s.next_guess().map(|c| game.format_code(&c)))
            }
            SolveKind::Reasoned(s) => {
                let next = s.next_guess(budget)?;
                Ok(next.map(|c| s.game().format_code(&c)))
            }
        }
    }

    /// The moves so far, as (guess, reply) in the game's notation.
    pub fn history(&self) -> Vec<(String, String)> {
        match &self.kind {
            SolveKind::Listed(s) => {
                let game = s.engine().game();
                s.history()
                    .iter()
                    .map(|(c, f)| (game.format_code(c), game.format_feedback(*f)))
                    .collect()
            }
            SolveKind::Reasoned(s) => s
                .history()
                .iter()
                .map(|c| {
                    (
                        s.game().format_code(&c.guess),
                        s.game().format_reply(c.reply),
                    )
                })
                .collect(),
        }
    }

    /// Up to `n` secrets that fit every reply so far: the first in the game's order on a
    /// listed game, the first the search finds (within `budget`) on one too large to list.
    pub fn candidates(&self, n: usize, budget: &Budget) -> Result<Vec<String>, SessionError> {
        match &self.kind {
            SolveKind::Listed(s) => {
                let game = s.engine().game();
                Ok(s.candidates(n)
                    .iter()
                    .map(|c| game.format_code(c))
                    .collect())
            }
            SolveKind::Reasoned(s) => Ok(s.candidates(n, budget)?),
        }
    }

    /// How many secrets fit every reply so far: exact on a listed game; on a game too large
    /// to list counted (or estimated) now, within `budget`.
    pub fn remaining(&self, budget: &Budget) -> Result<Remaining, SessionError> {
        match &self.kind {
            SolveKind::Listed(s) => Ok(s.remaining().into()),
            SolveKind::Reasoned(s) => Ok(Remaining::of_count(&s.remaining(budget)?)),
        }
    }
}

/// The codemaker that answers a [`Solve`]'s guesses when no person does: a fixed secret, or
/// one of the automatic codemakers on a listed game (a game too large to list has only the
/// random one).
#[derive(Debug)]
pub struct Answerer(Answers);

#[derive(Debug)]
enum Answers {
    Listed(codebreak_core::Game, Box<crate::Maker>),
    Reasoned(reasoned::ReasonedGame, reasoned::Code),
}

impl Game {
    /// A codemaker for this game: `secret` (read in the game's symbols) when given, else one
    /// of kind `maker` whose random secret is drawn from `secret_seed` (the same secret for
    /// the same seed) or from the system's entropy.
    pub fn answerer(
        &self,
        maker: MakerKind,
        secret: Option<&str>,
        secret_seed: Option<u64>,
    ) -> Result<Answerer, SessionError> {
        match &self.0 {
            Kind::Listed(g, engine) => {
                let engine = match engine {
                    Some(e) => std::sync::Arc::clone(e),
                    None => std::sync::Arc::new(codebreak_core::AnyEngine::new(g)?),
                };
                let (maker, secret) = match secret {
                    Some(s) => (MakerKind::Random, Some(g.parse_secret(s)?)),
                    None => (maker, None),
                };
                let m = crate::Maker::new(&engine, maker, secret, secret_seed)?;
                Ok(Answerer(Answers::Listed(g.clone(), Box::new(m))))
            }
            Kind::Reasoned(g) => {
                let secret = match secret {
                    Some(s) => g.parse_secret(s)?,
                    None if maker == MakerKind::Random => reasoned::random_secret(g, secret_seed),
                    None => {
                        return Err(SessionError::Setup(format!(
                            "maker {} is not available for games too large to list: expected random",
                            maker.name()
                        )));
                    }
                };
                Ok(Answerer(Answers::Reasoned(g.clone(), secret)))
            }
        }
    }
}

impl Answerer {
    /// The reply to `guess` (written in the game's symbols), in the game's notation.
    pub fn answer(&mut self, guess: &str) -> Result<String, SessionError> {
        match &mut self.0 {
            Answers::Listed(g, m) => {
                let code = g.parse_guess(guess)?;
                Ok(g.format_feedback(m.answer(&code)))
            }
            Answers::Reasoned(g, secret) => {
                let code = g.parse_guess(guess)?;
                Ok(g.format_reply(g.score(secret, &code)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::{GameKind, GameSpec};

    /// Answers `s`'s guesses as `secret` would, until it is found or `rounds` pass.
    fn answer(s: &mut Solve, score: impl Fn(&str) -> String, rounds: usize) -> SolveState {
        let budget = Budget::default();
        for _ in 0..rounds {
            let st = s.state(3, &budget).unwrap();
            let Some(guess) = st.guess else {
                return st;
            };
            s.reply(&score(&guess), &budget).unwrap();
        }
        s.state(3, &budget).unwrap()
    }

    #[test]
    fn both_kinds_are_cracked_through_one_session() {
        // A 20-digit black-peg secret, guesses chosen on samples of 30 fitting secrets.
        let big = Game::new(&GameSpec {
            kind: GameKind::BlackPeg,
            pegs: Some(20),
            colors: Some(10),
            ..GameSpec::default()
        })
        .unwrap();
        let secret = "31415926535897932384";
        let mut s = big.solve(None, &Default::default(), Some(30)).unwrap();
        let st = answer(&mut s, |g| big.score(secret, g).unwrap(), 3);
        assert_eq!(st.moves.len(), 3);
        assert_eq!(st.remaining, None);
        assert!(st.candidates.is_empty());
        assert_eq!(st.number, Some(4));
        assert!(st.fit_sample.is_some_and(|f| f.secrets > 0));
        assert!(s.remaining(&Budget::default()).unwrap().exact().is_some());
        // A correction no secret gives with the other replies (the first guess all right,
        // when the secret is not it) is refused and changes nothing.
        let budget = Budget::default();
        let e = s.correct(1, "20", &budget).unwrap_err();
        assert!(e.is_conflict(), "{e}");
        assert_eq!(s.state(3, &budget).unwrap().moves.len(), 3);
        let e = s.correct(9, "1", &budget).unwrap_err();
        assert!(e.to_string().contains("expected 1 to 3"), "{e}");
        s.undo().unwrap();
        assert_eq!(s.state(3, &budget).unwrap().moves.len(), 2);
        // A listed game through the same calls, to the end, with its counts.
        let small = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let mut s = small.solve(None, &Default::default(), None).unwrap();
        let st = answer(&mut s, |g| small.score("3140", g).unwrap(), 10);
        assert!(st.solved, "{st:?}");
        assert_eq!(st.secret.as_deref(), Some("3140"));
        assert_eq!(st.remaining, Some(Remaining::Exact(1)));
        let e = small
            .solve(None, &Default::default(), Some(10))
            .unwrap_err();
        assert!(e.to_string().contains("fits in memory"), "{e}");
        let e = big
            .solve(Some(StrategyKind::Minimax), &Default::default(), None)
            .unwrap_err();
        assert!(e.to_string().contains("minimax"), "{e}");
    }

    #[test]
    fn answerers_answer_both_kinds_and_find_time_is_for_reasoned_games() {
        let big = Game::new(&GameSpec::mastermind(16, 6)).unwrap();
        let secret = "0123450123450123";
        let mut a = big.answerer(MakerKind::Random, Some(secret), None).unwrap();
        assert_eq!(a.answer("0000000000000000").unwrap(), "3B0W");
        assert_eq!(a.answer(secret).unwrap(), "16B0W");
        assert!(a.answer("0").is_err());
        // The same seed hides the same secret; only the random codemaker plays here.
        let mut x = big.answerer(MakerKind::Random, None, Some(4)).unwrap();
        let mut y = big.answerer(MakerKind::Random, None, Some(4)).unwrap();
        assert_eq!(x.answer(secret).unwrap(), y.answer(secret).unwrap());
        let e = big
            .answerer(MakerKind::Adversarial, None, None)
            .unwrap_err();
        assert!(e.to_string().contains("expected random"), "{e}");
        let small = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let mut a = small
            .answerer(MakerKind::Random, Some("3140"), None)
            .unwrap();
        assert_eq!(a.answer("3104").unwrap(), "2B2W");
        let s = big.solve(None, &Default::default(), None).unwrap();
        assert!(s.with_find_time(Some(Duration::from_secs(5))).is_ok());
        let s = small.solve(None, &Default::default(), None).unwrap();
        let e = s.with_find_time(Some(Duration::from_secs(5))).unwrap_err();
        assert!(e.to_string().contains("fits in memory"), "{e}");
    }
}
