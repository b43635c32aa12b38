//! Live figures of a running search, for progress displays, and its stop switch.
//!
//! Everything here is an atomic written with relaxed stores: the search never waits on a
//! reader. A reader may therefore see figures a moment apart (a class solved, but the bound
//! from before it); each figure on its own is one the search held.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::bounds::{self, INFINITE, Val, total};
use crate::solver::Trial;

/// Live figures of a running search, for progress displays, and its stop switch.
#[derive(Debug, Default)]
pub struct Status {
    /// Nodes searched.
    pub nodes: AtomicU64,
    /// Set to stop the search (it returns [`SearchError::Interrupted`](crate::SearchError));
    /// shared so that a signal handler can hold it.
    pub cancel: Arc<AtomicBool>,
    /// The depth limit being tried (objective worst, or 0).
    pub trying_depth: AtomicU64,
    /// The best strategy found so far for the whole game (the current upper bound on the
    /// optimum), packed as `total << 8 | worst`; 0 until one is found. Read it with
    /// [`Status::best`].
    pub best: AtomicU64,
    /// First guesses worth trying, in the bound order of the whole game (0 until ranked).
    pub first_guesses: AtomicU64,
    /// The first guesses being evaluated, one slot per thread; read with
    /// [`Status::first_guess`]. Empty (no such progress) for a `Status::default()`.
    slots: Vec<Slot>,
}

/// One thread's first guess being evaluated.
#[derive(Debug, Default)]
struct Slot {
    /// 0 when idle, else `(rank + 1) << 32 | guess`.
    guess: AtomicU64,
    /// `classes << 56 | solved << 48 | worst << 40 | total`: the classes the guess leaves,
    /// how many are solved, and their worst case and total (after the first guess).
    solved: AtomicU64,
    /// The least total the guess can still reach.
    at_least: AtomicU64,
}

/// Progress on one first guess of the whole game: how many of the classes it leaves are
/// solved, and what they cost. A guess whose `at_least` reaches the best total so far
/// ([`Status::best`]) is about to be dropped; one whose classes are all solved below it is
/// the new best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstGuess {
    /// The guess, as a code index.
    pub guess: u32,
    /// Its place in bound order, from 0 (the most promising).
    pub rank: usize,
    /// First guesses worth trying ([`Status::first_guesses`]; 0 when not known).
    pub of: usize,
    /// Classes it leaves: one per reply other than the win.
    pub classes: usize,
    /// Classes solved so far (they are solved smallest first).
    pub solved: usize,
    /// Guesses the solved classes need in all, after the first guess.
    pub solved_total: u64,
    /// Most guesses any secret of the solved classes needs, after the first guess.
    pub solved_worst: u64,
    /// The least total the guess can still reach: the first guess for every secret, the
    /// solved classes, and a lower bound for each of the others.
    pub at_least: u64,
}

/// Largest total a slot holds (40 bits); larger totals are shown as this.
const MAX_SLOT_TOTAL: u64 = (1 << 40) - 1;

impl Status {
    /// A status with a first-guess slot for each of `threads` threads.
    pub(crate) fn with_threads(threads: usize) -> Status {
        Status {
            slots: (0..threads.max(1)).map(|_| Slot::default()).collect(),
            ..Status::default()
        }
    }

    /// The fewest guesses in all, and that strategy's worst case, of the best strategy found
    /// so far for the whole game: an upper bound on the optimum that only falls as the search
    /// goes on (for objective worst, within the depth being tried). `None` until the first
    /// strategy is complete.
    pub fn best(&self) -> Option<(u64, u64)> {
        match self.best.load(Ordering::Relaxed) {
            0 => None,
            v => Some((total(v), bounds::worst(v))),
        }
    }

    /// The first guess being evaluated that comes first in bound order (the most promising
    /// one being worked on), if any.
    pub fn first_guess(&self) -> Option<FirstGuess> {
        let of = self.first_guesses.load(Ordering::Relaxed) as usize;
        self.slots
            .iter()
            .filter_map(|slot| {
                let g = slot.guess.load(Ordering::Relaxed);
                if g == 0 {
                    return None;
                }
                let p = slot.solved.load(Ordering::Relaxed);
                Some(FirstGuess {
                    guess: g as u32,
                    rank: ((g >> 32) - 1) as usize,
                    of,
                    classes: (p >> 56) as usize,
                    solved: ((p >> 48) & 0xff) as usize,
                    solved_worst: (p >> 40) & 0xff,
                    solved_total: p & MAX_SLOT_TOTAL,
                    at_least: slot.at_least.load(Ordering::Relaxed),
                })
            })
            .min_by_key(|f| f.rank)
    }

    /// Records a complete strategy for the whole game, if better than the best so far.
    pub(crate) fn offer(&self, v: Val) {
        if v != INFINITE {
            let _ = self
                .best
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
                    (b == 0 || v < b).then_some(v)
                });
        }
    }

    /// Records how many first guesses the whole game has worth trying.
    pub(crate) fn first_guesses_to_try(&self, n: usize) {
        self.first_guesses.store(n as u64, Ordering::Relaxed);
    }

    /// Starts showing a first guess being evaluated on this thread: it leaves `classes`
    /// classes and costs at least `at_least`. The slot is cleared when the returned guard
    /// is dropped.
    pub(crate) fn first_guess_started(
        &self,
        trial: Trial<'_>,
        classes: usize,
        at_least: u64,
    ) -> Option<FirstGuessGuard<'_>> {
        if self.slots.is_empty() {
            return None;
        }
        let slot = &self.slots[rayon::current_thread_index().unwrap_or(0) % self.slots.len()];
        let word = (trial.rank as u64 + 1) << 32 | u64::from(trial.guess);
        let guard = FirstGuessGuard {
            slot,
            word,
            classes: (classes as u64).min(0xff),
            solved: 0,
        };
        guard.publish(0, 0, at_least);
        Some(guard)
    }
}

/// A first guess being shown in a slot; clears the slot when dropped.
pub(crate) struct FirstGuessGuard<'a> {
    slot: &'a Slot,
    word: u64,
    classes: u64,
    solved: u64,
}

impl FirstGuessGuard<'_> {
    /// One more class solved: the solved classes now need `total` guesses in all, at most
    /// `worst` for a secret, and the guess at least `at_least`.
    pub(crate) fn class_solved(&mut self, total: u64, worst: u64, at_least: u64) {
        self.solved = (self.solved + 1).min(0xff);
        self.publish(total, worst, at_least);
    }

    fn publish(&self, total: u64, worst: u64, at_least: u64) {
        // Written whole each time: another evaluation on this thread (a nested one, taken
        // from rayon's queue while this one waits) may have used the slot meanwhile.
        self.slot.at_least.store(at_least, Ordering::Relaxed);
        self.slot.solved.store(
            self.classes << 56
                | self.solved << 48
                | worst.min(0xff) << 40
                | total.min(MAX_SLOT_TOTAL),
            Ordering::Relaxed,
        );
        self.slot.guess.store(self.word, Ordering::Relaxed);
    }
}

impl Drop for FirstGuessGuard<'_> {
    fn drop(&mut self) {
        let _ =
            self.slot
                .guess
                .compare_exchange(self.word, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_promising_first_guess_is_shown_until_it_is_done() {
        let status = Status::with_threads(1);
        assert_eq!(status.first_guess(), None);
        status.first_guesses_to_try(40);
        let trial = |guess, rank| Trial {
            guess,
            rank,
            live: None,
        };
        let mut g = status.first_guess_started(trial(17, 2), 14, 5600).unwrap();
        g.class_solved(9, 2, 5610);
        g.class_solved(30, 3, 5622);
        assert_eq!(
            status.first_guess(),
            Some(FirstGuess {
                guess: 17,
                rank: 2,
                of: 40,
                classes: 14,
                solved: 2,
                solved_total: 30,
                solved_worst: 3,
                at_least: 5622,
            })
        );
        drop(g);
        assert_eq!(status.first_guess(), None);
        assert_eq!(
            Status::default()
                .first_guess_started(trial(1, 0), 3, 9)
                .map(|_| ()),
            None
        );
    }
}
