//! Trying a node's guesses on every thread. Threads take the guesses in bound order and share
//! the best value found so far (with the rank of the guess that reached it), so each thread
//! prunes with the others' results, even in the middle of evaluating a guess, and ties go to
//! the guess first in bound order whatever the timing.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use codebreak_core::{Candidates, Feedback, Rules};

use crate::bounds::{INFINITE, Val};
use crate::ordering::Choice;
use crate::solver::{Found, Interrupted, Solver, Trial};

/// Bits of the shared best that hold the rank of the guess that reached it.
const RANK_BITS: u32 = 26;

/// A bound that other threads may lower while a guess is being evaluated.
pub(crate) struct Live<'a> {
    best: &'a AtomicU64,
    rank: usize,
}

impl Live<'_> {
    /// The value a guess of this rank must stay below to win.
    pub(crate) fn bound(&self) -> Val {
        let current = self.best.load(Ordering::Relaxed);
        if current == u64::MAX {
            return INFINITE;
        }
        let rank_mask = (1u64 << RANK_BITS) - 1;
        (current >> RANK_BITS) + u64::from((current & rank_mask) > self.rank as u64)
    }
}

impl<R: Rules> Solver<'_, R> {
    /// Tries the choices on every thread, in bound order, sharing the best value found so
    /// far: each thread prunes with the others' results, even in the middle of evaluating a
    /// guess. Ties go to the earlier choice, so the answer does not depend on timing.
    pub(crate) fn try_parallel(
        &self,
        s: &Candidates<R::Packed>,
        history: &[(u32, Feedback)],
        d: u32,
        beta: Val,
        choices: &[Choice],
        floor: Val,
    ) -> Result<Found, Interrupted> {
        let rank_mask = (1u64 << RANK_BITS) - 1;
        let at = |v: Val, rank: usize| (v << RANK_BITS) | rank as u64;
        let best = AtomicU64::new(if beta == INFINITE {
            u64::MAX
        } else {
            at(beta, 0)
        });
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let interrupted = AtomicBool::new(false);
        let threads = rayon::current_num_threads().min(choices.len());
        rayon::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|_| {
                    let mut history = history.to_vec();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= choices.len() || stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let c = choices[i];
                        let live = Live {
                            best: &best,
                            rank: i,
                        };
                        if c.lb >= live.bound() {
                            // Choices are in bound order: no later one can win either.
                            stop.store(true, Ordering::Relaxed);
                            return;
                        }
                        let trial = Trial {
                            guess: c.guess,
                            rank: i,
                            live: Some(&live),
                        };
                        match self.evaluate(s, &mut history, d, trial, beta) {
                            Err(Interrupted) => {
                                interrupted.store(true, Ordering::Relaxed);
                                stop.store(true, Ordering::Relaxed);
                                return;
                            }
                            Ok(Some(v)) => {
                                best.fetch_min(at(v, i), Ordering::Relaxed);
                                if v <= floor {
                                    // Nothing can beat the floor; later choices cannot tie
                                    // with a lower rank.
                                    stop.store(true, Ordering::Relaxed);
                                }
                            }
                            Ok(None) => {}
                        }
                    }
                });
            }
        });
        if interrupted.load(Ordering::Relaxed) {
            return Err(Interrupted);
        }
        let b = best.load(Ordering::Relaxed);
        if b == u64::MAX || (b >> RANK_BITS) >= beta {
            return Ok(None);
        }
        Ok(Some((
            b >> RANK_BITS,
            choices[(b & rank_mask) as usize].guess,
        )))
    }
}
