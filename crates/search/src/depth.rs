//! The depth-only search ([`SearchOptions::depth_only`](crate::SearchOptions::depth_only)):
//! does some strategy find every secret within `d` guesses? An AND/OR search, where the
//! branch and bound of [`solver`](crate::solver) minimises a total.
//!
//! A set is feasible within `d` when some guess leaves only classes each feasible within
//! `d - 1`. The guesses a node tries are those of [`Solver::choices`] (the same pool, first
//! guess, hard-mode rule and symmetry classes as the exact search), best counting bound
//! first; a guess whose largest class holds more secrets than `d - 1` guesses can find is
//! never tried. The first guess that works is kept: the total inside is not minimised. A
//! guess's classes are tried largest first (the likeliest to fail), after a look in the memo
//! for any class already known to fail. The memo records, per depth left, a guess that works
//! (`Exact`, value 0) or that none does (`AtLeast(INFINITE)`); the tree is then read back
//! from it.

use std::sync::atomic::{AtomicBool, Ordering};

use codebreak_core::{Candidates, End, Feedback, Pool, Rules};
use codebreak_tree::Node;
use rayon::prelude::*;

use crate::bounds::{INFINITE, Val, pack};
use crate::memo::Entry;
use crate::ordering::{Choice, SORT_FIRST, Side, Want};
use crate::solver::{INSIDE_FIRST_MAX, Interrupted, Solver};

/// Sets at least this large try their classes on several threads.
const PARALLEL_MIN: usize = 512;

/// What the memo holds for a set found feasible with a guess (the value is not a total).
const FEASIBLE: Val = 0;

impl<R: Rules> Solver<'_, R> {
    /// A guess that finds every secret of `s` within `d` guesses (the guesses of `history`
    /// already played), or `None` when no strategy does. A set of one secret in a game that
    /// ends when the secret is known needs no guess: its secret stands in for one.
    pub(crate) fn feasible(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
    ) -> Result<Option<u32>, Interrupted> {
        let n = s.len();
        let first = s.indices()[0];
        if self.bounds.is_known() {
            // One secret is known already; two or more need an experiment.
            match (n, d) {
                (1, _) => return Ok(Some(first)),
                (_, 0) => return Ok(None),
                _ => {}
            }
        } else {
            // One secret is guessed next; two are guessed one after the other.
            match (n, d) {
                (_, 0) => return Ok(None),
                (1, _) => return Ok(Some(first)),
                (_, 1) => return Ok(None),
                (2, _) => return Ok(Some(first)),
                _ => {}
            }
        }
        if n as u64 > self.bounds.cap(d) {
            return Ok(None);
        }
        self.count_node()?;
        let keys = self.keys(s, history, d);
        match keys.as_ref().and_then(|k| self.recall(k)) {
            Some(Entry::Exact(_, g)) => return Ok(Some(g)),
            Some(Entry::AtLeast(_)) => return Ok(None),
            None => {}
        }
        // With one guess left before the last, any guess that tells every secret apart
        // works, and the choices keep only those: the first is as good as any.
        let last = d == if self.bounds.is_known() { 1 } else { 2 };
        // Small sets of a game that ends with a guess try the guesses that could be the
        // secret first: one of them often works, and there are few to score.
        let sides: &[Side] =
            if n <= INSIDE_FIRST_MAX && !self.bounds.is_known() && self.pool == Pool::All {
                &[Side::Inside, Side::Outside]
            } else {
                &[Side::All]
            };
        let mut found = None;
        'sides: for &side in sides {
            let mut choices = self.choices(
                s,
                history,
                d,
                INFINITE,
                side,
                if last { Want::Best } else { Want::Every },
            );
            if self.at_root(history) {
                self.status.first_guesses_to_try(choices.len());
            }
            for i in 0..choices.len() {
                if i == SORT_FIRST {
                    // Only the first were sorted (see `Solver::depth_only`).
                    choices[i..].sort_unstable_by_key(Choice::order);
                }
                let g = choices[i].guess;
                if self.classes_feasible(s, history, d, g)? {
                    found = Some(g);
                    break 'sides;
                }
            }
        }
        if let Some(k) = &keys {
            self.remember(
                k,
                match found {
                    Some(g) => Entry::Exact(FEASIBLE, g),
                    None => Entry::AtLeast(INFINITE),
                },
            );
        }
        Ok(found)
    }

    /// Whether every class `guess` leaves of `s` is feasible within `d - 1` guesses.
    fn classes_feasible(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        guess: u32,
    ) -> Result<bool, Interrupted> {
        let mut classes: Vec<(Feedback, Candidates<R::Packed>)> = self
            .e
            .split(guess, s)
            .into_iter()
            .filter(|(f, _)| *f != self.win)
            .collect();
        classes.sort_by_key(|(f, c)| (std::cmp::Reverse(c.len()), *f));
        // A class already known to fail fails the guess without a search.
        for (fb, class) in &classes {
            history.push((guess, *fb));
            let keys = self.keys(class, history, d - 1);
            history.pop();
            if let Some(Entry::AtLeast(_)) = keys.as_ref().and_then(|k| self.recall(k)) {
                return Ok(false);
            }
        }
        if s.len() >= PARALLEL_MIN && classes.len() > 1 {
            let failed = AtomicBool::new(false);
            let base = history.clone();
            let r: Result<(), Option<Interrupted>> = classes.par_iter().try_for_each(|(fb, c)| {
                if failed.load(Ordering::Relaxed) {
                    return Err(None);
                }
                let mut h = base.clone();
                h.push((guess, *fb));
                match self.feasible(c, &mut h, d - 1) {
                    Ok(Some(_)) => Ok(()),
                    Ok(None) => {
                        failed.store(true, Ordering::Relaxed);
                        Err(None)
                    }
                    Err(i) => Err(Some(i)),
                }
            });
            return match r {
                Ok(()) => Ok(true),
                Err(None) => Ok(false),
                Err(Some(i)) => Err(i),
            };
        }
        for (fb, class) in &classes {
            history.push((guess, *fb));
            let r = self.feasible(class, history, d - 1);
            history.pop();
            if r?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The tree of a set found feasible within `d` guesses, read back from the memo (sets too
    /// small for it are solved again, at once), counting in `hist` how many secrets each
    /// depth finds.
    pub(crate) fn depth_tree(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        hist: &mut Vec<u64>,
    ) -> Result<Node, Interrupted> {
        let e = self.e;
        let count = |hist: &mut Vec<u64>, depth: usize| {
            if hist.len() <= depth {
                hist.resize(depth + 1, 0);
            }
            hist[depth] += 1;
        };
        if e.game().end() == End::Known && s.len() == 1 {
            count(hist, history.len());
            return Ok(Node::leaf(e.code(s.indices()[0])));
        }
        let guess = self
            .feasible(s, history, d)?
            .expect("a set found feasible once is feasible again");
        let mut node = Node::leaf(e.code(guess));
        for (fb, class) in e.split(guess, s) {
            if fb == self.win {
                count(hist, history.len() + 1);
                continue;
            }
            history.push((guess, fb));
            let child = self.depth_tree(&class, history, d - 1, hist);
            history.pop();
            node.branches.push((fb, child?));
        }
        Ok(node)
    }
}

/// The (total, worst) of a histogram of secrets by the guesses they need, from `played`
/// guesses on.
pub(crate) fn value_of(hist: &[u64], played: usize) -> Val {
    let total: u64 = hist
        .iter()
        .enumerate()
        .map(|(k, &c)| k.saturating_sub(played) as u64 * c)
        .sum();
    let worst = hist.iter().rposition(|&c| c > 0).unwrap_or(0);
    pack(total, worst.saturating_sub(played) as u64)
}
