//! Solve on games too large to list: the computer breaks a secret from the replies it is
//! told ([`SolveSession`]).

use std::time::Duration;

use codebreak_huge::{Budget, Clue, Code, PlayOptions, Player, Reply, Solver};
use serde::Serialize;

use crate::game::reasoned::{CountReport, GuessReport, ReasonedError, ReasonedGame, ReasonedMove};
use crate::hint::reasoned::{contradiction, play_error};

/// One game in which the computer breaks a secret of a game too large to list: each guess is
/// the best of a sample of the secrets that fit (see [`codebreak_huge::next_guess`]).
/// Nothing changes when a call fails.
#[derive(Clone, Debug)]
pub struct SolveSession {
    game: ReasonedGame,
    player: Player,
    clues: Vec<Clue>,
    pending: Option<GuessReport>,
    pending_code: Option<Code>,
    conflict_time: Duration,
    find_time: Duration,
}

/// A solve session's state, as `solve --json` writes it before each reply.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveState {
    /// The game in words.
    pub game: String,
    /// The strategy that chooses the guesses, with its sample size.
    pub strategy: String,
    /// The moves so far, oldest first.
    pub moves: Vec<ReasonedMove>,
    /// Whether the last reply says the secret was found.
    pub solved: bool,
    /// The guess to answer next (none once solved), with what it was chosen from.
    pub guess: Option<GuessReport>,
    /// Its number, from 1 (none once solved).
    pub number: Option<usize>,
    /// The secret, once found.
    pub secret: Option<String>,
}

impl SolveSession {
    /// A session with no moves yet.
    pub fn new(game: ReasonedGame, options: PlayOptions) -> SolveSession {
        SolveSession {
            game,
            player: Player::new(options),
            clues: Vec::new(),
            pending: None,
            pending_code: None,
            conflict_time: Duration::from_secs(10),
            find_time: crate::hint::reasoned::FIND_TIME,
        }
    }

    /// This session with `time` for each search for a first secret that fits the replies
    /// (default [`crate::game::reasoned::FIND_TIME`]): past it, a reply is refused as undecided.
    pub fn with_find_time(mut self, time: Duration) -> SolveSession {
        self.find_time = time;
        self
    }

    /// The game.
    pub fn game(&self) -> &ReasonedGame {
        &self.game
    }

    /// The strategy in words: `entropy on a sample of 400 secrets`.
    pub fn description(&self) -> String {
        format!(
            "{} on a sample of {} secrets",
            crate::game::reasoned::objective_name(self.player.options().objective),
            self.player.options().sample
        )
    }

    /// The moves so far.
    pub fn history(&self) -> &[Clue] {
        &self.clues
    }

    /// Whether the last reply says the secret was found.
    pub fn solved(&self) -> bool {
        self.clues
            .last()
            .is_some_and(|c| c.reply == self.game.win())
    }

    /// The guess to answer next, chosen now if it was not yet; `None` once solved.
    pub fn next_guess(&mut self, budget: &Budget) -> Result<Option<Code>, ReasonedError> {
        if self.solved() {
            return Ok(None);
        }
        if let Some(code) = self.pending_code {
            return Ok(Some(code));
        }
        let next = self
            .player
            .next_guess(self.game.game(), &self.clues, budget)
            .map_err(play_error)?;
        let solver = Solver::new(*self.game.game(), &self.clues)?;
        let fits = solver.fits(&next.choice.guess);
        self.pending = Some(GuessReport::of(&self.game, &next, fits));
        self.pending_code = Some(next.choice.guess);
        Ok(self.pending_code)
    }

    /// What the pending guess was chosen from, if one is pending.
    pub fn pending(&self) -> Option<&GuessReport> {
        self.pending.as_ref()
    }

    /// Answers the pending guess. Fails, changing nothing, when there is no pending guess or
    /// when no secret gives every reply so far and this one
    /// ([`ReasonedError::Contradiction`]).
    pub fn reply(&mut self, reply: Reply, budget: &Budget) -> Result<(), ReasonedError> {
        let Some(guess) = self.pending_code else {
            return Err(ReasonedError::Over("the secret was found"));
        };
        let mut clues = self.clues.clone();
        clues.push(Clue::new(guess, reply));
        self.check(&clues, budget)?;
        self.clues = clues;
        self.pending = None;
        self.pending_code = None;
        Ok(())
    }

    /// Replaces the reply to answer `number` (from 1). Fails, changing nothing, when there is
    /// no such answer or the replies would contradict each other.
    pub fn correct(
        &mut self,
        number: usize,
        reply: Reply,
        budget: &Budget,
    ) -> Result<(), ReasonedError> {
        if number == 0 || number > self.clues.len() {
            return Err(ReasonedError::Setup(match self.clues.len() {
                0 => format!("answer {number} does not exist: no answer has been given yet"),
                n => format!("answer {number} does not exist: expected 1 to {n}"),
            }));
        }
        let mut clues = self.clues.clone();
        clues[number - 1].reply = reply;
        self.check(&clues, budget)?;
        self.clues = clues;
        self.pending = None;
        self.pending_code = None;
        Ok(())
    }

    /// Takes back the last answer.
    pub fn undo(&mut self) -> Result<(), ReasonedError> {
        self.clues.pop().ok_or(ReasonedError::NothingToUndo)?;
        self.pending = None;
        self.pending_code = None;
        Ok(())
    }

    fn check(&self, clues: &[Clue], budget: &Budget) -> Result<(), ReasonedError> {
        let solver = Solver::new(*self.game.game(), clues)?;
        if let Some(c) = crate::hint::reasoned::repeated_guess(&self.game, &solver, budget)? {
            return Err(c);
        }
        if crate::hint::reasoned::find_within(&solver, self.find_time, budget)?.is_none() {
            return Err(contradiction(
                &self.game,
                &solver,
                self.conflict_time,
                budget,
            )?);
        }
        Ok(())
    }

    /// How many secrets fit every reply so far.
    pub fn remaining(&self, budget: &Budget) -> Result<CountReport, ReasonedError> {
        let solver = Solver::new(*self.game.game(), &self.clues)?;
        Ok(CountReport::of(&solver.count(&Default::default(), budget)?))
    }

    /// Up to `n` secrets that fit every reply so far (the first the search finds).
    pub fn candidates(&self, n: usize, budget: &Budget) -> Result<Vec<String>, ReasonedError> {
        let solver = Solver::new(*self.game.game(), &self.clues)?;
        let found: Result<Vec<Code>, _> = solver.secrets(budget).take(n).collect();
        Ok(found?.iter().map(|c| self.game.format_code(c)).collect())
    }

    /// The state, as `solve --json` writes it.
    pub fn state(&self) -> SolveState {
        let solved = self.solved();
        SolveState {
            game: self.game.to_string(),
            strategy: self.description(),
            moves: self
                .clues
                .iter()
                .map(|c| self.game.move_report(c))
                .collect(),
            solved,
            guess: self.pending.clone(),
            number: self.pending.as_ref().map(|_| self.clues.len() + 1),
            secret: solved.then(|| {
                self.game
                    .format_code(&self.clues.last().expect("solved after a move").guess)
            }),
        }
    }
}
