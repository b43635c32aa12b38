//! A stateful codebreaker for one game at a time, in the style of the Chinese article's
//! `AI(rr, rw)` function: ask for a guess, tell it the reply, repeat.
//!
//! ```
//! use std::sync::Arc;
//! use codebreak_core::{AnyEngine, Game, GameSpec};
//! use codebreak_strategy::{AnyStrategy, Breaker, Codemaker, Honest, Progress, StrategyOptions};
//!
//! let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
//! let engine = Arc::new(AnyEngine::new(&game).unwrap());
//! let strategy = AnyStrategy::new("minimax", &StrategyOptions::default(), &game, engine.space()).unwrap();
//! let mut breaker = Breaker::new(engine.clone(), strategy);
//! let mut maker = Honest::new(&game, game.parse_secret("3141").unwrap());
//! loop {
//!     let guess = breaker.next_guess();
//!     match breaker.tell(maker.answer(&guess)).unwrap() {
//!         Progress::Solved { guesses } => { assert!(guesses <= 5); break; }
//!         Progress::Continue { remaining } => assert!(remaining > 0),
//!     }
//! }
//! ```

use std::sync::Arc;

use codebreak_core::{AnyEngine, Code, End, Feedback, Reply, Sample, dispatch_engine};

use crate::Position;
use crate::error::{InconsistentFeedback, MoveError};
use crate::registry::{AnyStrategy, Decision};

/// Where a game stands after a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The last guess was the secret (or, in a game that ends when the secret is known, left
    /// only one).
    Solved {
        /// Guesses played, the winning one included.
        guesses: usize,
    },
    /// Not yet.
    Continue {
        /// Secrets still consistent with every reply.
        remaining: usize,
    },
}

/// One game's codebreaker.
#[derive(Clone, Debug)]
pub struct Breaker {
    engine: Arc<AnyEngine>,
    strategy: AnyStrategy,
    history: Vec<(u32, Feedback)>,
    candidates: Vec<u32>,
    pending: Option<Decision>,
    solved: bool,
}

impl Breaker {
    /// A breaker at the start of a game.
    pub fn new(engine: Arc<AnyEngine>, strategy: AnyStrategy) -> Breaker {
        let candidates = engine.space().secrets().to_vec();
        Breaker {
            engine,
            strategy,
            history: Vec::new(),
            candidates,
            pending: None,
            solved: false,
        }
    }

    /// The engine.
    pub fn engine(&self) -> &Arc<AnyEngine> {
        &self.engine
    }

    /// The strategy.
    pub fn strategy(&self) -> &AnyStrategy {
        &self.strategy
    }

    /// The guess the strategy plays next (the same until a reply is told).
    pub fn next_guess(&mut self) -> Code {
        let d = match self.pending {
            Some(d) => d,
            None => {
                let d = self.choose();
                self.pending = Some(d);
                d
            }
        };
        self.engine.space().code(d.guess)
    }

    /// The sample the next guess was chosen from, when the strategy's pool was too large to
    /// score whole (see [`codebreak_core::Sampling`]); `None` before [`Breaker::next_guess`].
    pub fn sample(&self) -> Option<Sample> {
        self.pending.and_then(|d| d.sample)
    }

    fn choose(&self) -> Decision {
        if self.solved {
            let guess = self.history.last().expect("solved after a guess").0;
            return Decision {
                guess,
                sample: None,
            };
        }
        dispatch_engine!(&*self.engine, e => {
            let cands = e.candidates_from(&self.candidates);
            self.strategy.decide(&Position { engine: e, history: &self.history, candidates: &cands })
        })
    }

    /// Tells the reply to the guess from [`Breaker::next_guess`]. A reply that contradicts the
    /// earlier ones is refused and changes nothing.
    pub fn tell(&mut self, fb: Feedback) -> Result<Progress, InconsistentFeedback> {
        let g = match self.pending {
            Some(d) => d.guess,
            None => self.choose().guess,
        };
        self.apply(g, fb)
    }

    /// The `AI(rr, rw)` form: the reply as black and white counts (white is ignored for
    /// black-peg games); returns the next guess, or `None` once solved.
    pub fn ai(&mut self, black: u8, white: u8) -> Result<Option<Code>, InconsistentFeedback> {
        let kind = self.engine.game().feedback();
        let reply = match kind {
            codebreak_core::FeedbackKind::BlackOnly { .. } => Reply::Black(black),
            _ => Reply::Pegs { black, white },
        };
        match self.tell(kind.encode(reply))? {
            Progress::Solved { .. } => Ok(None),
            Progress::Continue { .. } => Ok(Some(self.next_guess())),
        }
    }

    /// Records a guess of the caller's choosing (a person at the keyboard, say) and its reply.
    /// Refuses a code that is not a guess of the game (or, in Wordle's hard mode, one its rule
    /// does not allow), and a reply that contradicts the earlier ones; either way nothing
    /// changes.
    pub fn record(&mut self, guess: &Code, fb: Feedback) -> Result<Progress, MoveError> {
        let before: Vec<(Code, Feedback)> = self
            .history
            .iter()
            .map(|&(g, f)| (self.engine.space().code(g), f))
            .collect();
        let (g, _) = crate::history::indices_after(&self.engine, &before, &[(*guess, fb)])?[0];
        Ok(self.apply(g, fb)?)
    }

    fn apply(&mut self, g: u32, fb: Feedback) -> Result<Progress, InconsistentFeedback> {
        let game = self.engine.game();
        let next: Vec<u32> = dispatch_engine!(&*self.engine, e => {
            self.candidates.iter().copied().filter(|&s| e.score(s, g) == fb).collect()
        });
        // A game that ends when the secret is known is over once one secret is left.
        let won = fb == game.win() || (game.end() == End::Known && next.len() == 1);
        if next.is_empty() {
            return Err(InconsistentFeedback {
                guess: game.format_code(&self.engine.space().code(g)),
                reply: game.format_feedback(fb),
            });
        }
        self.history.push((g, fb));
        self.candidates = next;
        self.pending = None;
        if won {
            self.solved = true;
            return Ok(Progress::Solved {
                guesses: self.history.len(),
            });
        }
        Ok(Progress::Continue {
            remaining: self.candidates.len(),
        })
    }

    /// Corrects answer `index` (0-based, oldest first). The later moves stay as they were
    /// played. A correction that leaves no secret is refused and changes nothing.
    pub fn correct(
        &mut self,
        index: usize,
        fb: Feedback,
    ) -> Result<Progress, InconsistentFeedback> {
        let game = self.engine.game();
        let Some(&(g, old)) = self.history.get(index) else {
            return Err(InconsistentFeedback {
                guess: format!("#{}", index + 1),
                reply: game.format_feedback(fb),
            });
        };
        self.history[index].1 = fb;
        let next = self.consistent_secrets();
        if next.is_empty() {
            self.history[index].1 = old;
            return Err(InconsistentFeedback {
                guess: game.format_code(&self.engine.space().code(g)),
                reply: game.format_feedback(fb),
            });
        }
        self.candidates = next;
        self.pending = None;
        self.solved = self.history.last().is_some_and(|&(_, f)| f == game.win())
            || (game.end() == End::Known && self.candidates.len() == 1);
        Ok(if self.solved {
            Progress::Solved {
                guesses: self.history.len(),
            }
        } else {
            Progress::Continue {
                remaining: self.candidates.len(),
            }
        })
    }

    /// Takes back the last reply. Returns false when there is nothing to take back.
    pub fn undo(&mut self) -> bool {
        if self.history.pop().is_none() {
            return false;
        }
        self.solved = false;
        self.pending = None;
        self.candidates = self.consistent_secrets();
        true
    }

    /// The secrets consistent with every move of the history, from scratch.
    fn consistent_secrets(&self) -> Vec<u32> {
        let history = &self.history;
        dispatch_engine!(&*self.engine, e => {
            e.space().secrets().iter().copied()
                .filter(|&s| history.iter().all(|&(g, f)| e.score(s, g) == f))
                .collect()
        })
    }

    /// Secrets still consistent with every reply.
    pub fn remaining(&self) -> usize {
        self.candidates.len()
    }

    /// The consistent secrets, lowest first.
    pub fn candidates(&self) -> impl Iterator<Item = Code> + '_ {
        self.candidates.iter().map(|&i| self.engine.space().code(i))
    }

    /// The moves so far.
    pub fn history(&self) -> Vec<(Code, Feedback)> {
        self.history
            .iter()
            .map(|&(g, f)| (self.engine.space().code(g), f))
            .collect()
    }

    /// Whether the last reply was the winning one.
    pub fn is_solved(&self) -> bool {
        self.solved
    }
}
