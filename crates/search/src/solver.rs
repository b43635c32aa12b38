//! The recursion of the branch and bound, generic over the game's rules: solving a set
//! ([`Solver::solve`]), a quick greedy strategy for a first upper bound, and the exact value of
//! one guess ([`Solver::evaluate`]: bound its classes, then solve them smallest first, each
//! within what the others leave). Which guesses to try and in what order is
//! [`ordering`](crate::ordering)'s; memo keys are [`keys`](crate::keys)'; trying guesses on
//! several threads is [`parallel`](crate::parallel)'s.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use codebreak_core::{Candidates, Engine, Feedback, MAX_PEGS, Pool, Rules};

use crate::Status;
use crate::bounds::{Bounds, INFINITE, Val, pack, total, worst};
use crate::memo::{Entry, Memo};
use crate::ordering::{Choice, Side, Want};
use crate::parallel::Live;
use crate::table::{ScoreTable, first_apart_with};

/// Sets at least this large try their guesses on several threads.
const PARALLEL_MIN: usize = 64;
/// A search works on one thread for this long before it shares its large nodes out: a
/// search that ends sooner would spend more CPU on waking idle threads (which spin before
/// they sleep again) than they save.
pub(crate) const SERIAL_FIRST: Duration = Duration::from_millis(150);
/// Sets up to this size try the guesses that could be the secret first.
pub(crate) const INSIDE_FIRST_MAX: usize = 40;
/// Sets at least this large get a greedy upper bound before the exact search.
const GREEDY_MIN: usize = 100;

/// The search was stopped (Ctrl-C).
#[derive(Debug, Clone, Copy)]
pub struct Interrupted;

/// Outcome of a node: the optimal value and its guess, when below the bound.
pub type Found = Option<(Val, u32)>;

/// Everything the recursion needs, shared by every node and thread of one search.
pub struct Solver<'a, R: Rules> {
    pub e: &'a Engine<R>,
    pub pool: Pool,
    pub bounds: Bounds,
    pub memo: &'a Memo,
    pub status: &'a Status,
    /// Whether depth matters for memo keys (a depth limit is in force).
    pub depth_tagged: bool,
    pub win: Feedback,
    /// Colour set of every code, by index.
    pub masks: Vec<u64>,
    /// Every colour of the game.
    pub all_colors: u64,
    /// Every code index, `0..N`.
    pub all_codes: Vec<u32>,
    /// Stop (as if interrupted) after this many nodes.
    pub node_limit: u64,
    /// Every permutation of the pegs, when positions of this game may be renamed (peg games
    /// with few pegs); empty otherwise.
    pub perms: Vec<[u8; MAX_PEGS]>,
    /// `orders[k]`: every order of `k` moves, for canonical positions.
    pub orders: Vec<Vec<[u8; MAX_PEGS]>>,
    /// Every reply, tabulated, when the game is small enough.
    pub table: Option<&'a ScoreTable>,
    /// The only guess tried at the root, when given.
    pub first_guess: Option<u32>,
    /// Moves played before the root (the search's position, [`SearchOptions::history`]):
    /// a node is the root when its history has exactly these.
    ///
    /// [`SearchOptions::history`]: crate::SearchOptions::history
    pub root_moves: usize,
    /// Sets at least this large try one guess per symmetry class.
    pub symmetry_min: usize,
    /// A depth-only search ([`crate::depth`]): [`choices`](Self::choices) sorts only the
    /// best [`SORT_FIRST`](crate::ordering::SORT_FIRST) choices.
    pub depth_only: bool,
    /// Until then, the search stays on one thread (see [`SERIAL_FIRST`]).
    pub serial_until: Instant,
}

/// A guess being evaluated: its place in the bound order, and the bound other threads may
/// lower meanwhile (when they share one).
#[derive(Clone, Copy)]
pub(crate) struct Trial<'a> {
    pub(crate) guess: u32,
    pub(crate) rank: usize,
    pub(crate) live: Option<&'a Live<'a>>,
}

/// The classes a guess leaves (the winning reply aside), smallest first, with a lower bound
/// on the total of each.
struct Split<P> {
    /// Secrets of the node.
    n: u64,
    classes: Vec<(Feedback, Candidates<P>)>,
    /// `lbs[i]`: least total of `classes[i]`.
    lbs: Vec<u64>,
    /// Least worst case of the guess.
    lb_worst: u64,
}

impl<R: Rules> Solver<'_, R> {
    /// Whether a large node may share its work out among threads: there are several, and
    /// the search has run for [`SERIAL_FIRST`] already.
    pub(crate) fn parallel(&self) -> bool {
        rayon::current_num_threads() > 1 && Instant::now() >= self.serial_until
    }

    /// Whether a node with these moves is the search's root (its position).
    pub(crate) fn at_root(&self, history: &[(u32, Feedback)]) -> bool {
        history.len() == self.root_moves
    }

    /// The value of sets solved without a search: `Some(found)` for them, `None` for the
    /// others. When the game ends with a guess, one secret costs that guess, two cost three
    /// guesses (one of them, then the other if needed), and none of two or more is found
    /// within one guess. When it ends as soon as the secret is known, one secret costs
    /// nothing more (the leaf names it, with its code), and none of two or more is known
    /// without an experiment.
    fn trivial(&self, s: &Candidates<R::Packed>, d: u32) -> Option<Found> {
        let n = s.len();
        if self.bounds.is_known() {
            return match (n, d) {
                (1, _) => Some(Some((pack(0, 0), s.indices()[0]))),
                (_, 0) => Some(None),
                _ => None,
            };
        }
        match (n, d) {
            (1, _) => Some(Some((pack(1, 1), s.indices()[0]))),
            (_, 0 | 1) => Some(None),
            (2, _) => Some(Some((pack(3, 2), s.indices()[0]))),
            _ => None,
        }
    }

    /// The exact value of a small set that one guess splits (nearly) into single secrets,
    /// without a search: `Some` for those (`Some(None)` when that value is not below
    /// `beta`), `None` for the others and at the root, whose progress the search reports.
    /// With `n` secrets:
    /// - a guess that could be the secret and tells the others apart costs `2n - 1`
    ///   guesses in all, worst case 2: the counting bound, so no guess does better;
    /// - failing that, one that could not be the secret and tells all `n` apart costs
    ///   `2n`, worst case 2, and no guess does better: one outside the set costs at least
    ///   `n` for itself and one for each secret, and one inside leaves a class of two or
    ///   more, worst case 3;
    /// - failing both, one that could be the secret and leaves one pair among single
    ///   secrets costs `2n`, worst case 3, and no guess does better (one outside costs
    ///   `2n + 1` at least).
    ///
    /// Of equal guesses the lowest index is kept, as the bound order of
    /// [`choices`](Self::choices) would try it first.
    fn closed_form(
        &self,
        s: &Candidates<R::Packed>,
        history: &[(u32, Feedback)],
        d: u32,
        beta: Val,
    ) -> Option<Found> {
        let n = s.len();
        if self.bounds.is_known()
            || d < 2
            || n < 3
            || n as u64 > self.bounds.branching() + 1
            || self.at_root(history)
        {
            return None;
        }
        let e = self.e;
        let rules = e.rules();
        let m = codebreak_core::HIST_LEN - 1;
        // How many of `g`'s replies on the set repeat an earlier one, up to two (one bit per
        // reply index).
        let collisions = |g: u32| {
            let gp = e.packed(g);
            let mut seen = [0u64; codebreak_core::HIST_LEN / 64];
            let mut collisions = 0;
            for &p in s.packed() {
                let r = rules.score(p, gp).index() & m;
                let (word, bit) = (r / 64, 1u64 << (r % 64));
                if seen[word] & bit != 0 {
                    collisions += 1;
                    if collisions == 2 {
                        break;
                    }
                }
                seen[word] |= bit;
            }
            collisions
        };
        let n64 = n as u64;
        let mut pair = None;
        for &g in e.consistent_guesses(s) {
            match collisions(g) {
                0 => return Some(Some((pack(2 * n64 - 1, 2), g))),
                1 if pair.is_none() => pair = Some(g),
                _ => {}
            }
        }
        if e.game().hard() {
            return None;
        }
        if self.pool == Pool::All && n64 <= self.bounds.branching() {
            // No guess costs less than `2n`, worst case 2.
            if pack(2 * n64, 2) >= beta {
                return Some(None);
            }
            // Without a score table (Wordle's thousands of guesses), looking for one outside
            // costs more than the search, which looks once it has an inside guess's value.
            let table = self.table?;
            let rows: Vec<&[i8]> = s.indices().iter().map(|&i| table.row(i)).collect();
            if let Some(g) =
                first_apart_with(&rows, table.codes(), table.replies(), |g| !s.contains(g))
            {
                return Some(Some((pack(2 * n64, 2), g)));
            }
        }
        // No guess tells every secret apart: none costs less than `2n`, worst case 3.
        if pack(2 * n64, 3) >= beta {
            return Some(None);
        }
        pair.filter(|_| d >= 3).map(|g| Some((pack(2 * n64, 3), g)))
    }

    /// The optimal (total, worst) for `s` within `d` guesses, if it is below `beta`.
    pub fn solve(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        beta: Val,
    ) -> Result<Found, Interrupted> {
        let n = s.len();
        if let Some(found) = self.trivial(s, d) {
            return Ok(found.filter(|&(v, _)| v < beta));
        }
        let lb = self.bounds.lower(n as u64, d);
        if lb >= beta {
            return Ok(None);
        }
        self.count_node()?;
        if let Some(found) = self.closed_form(s, history, d, beta) {
            return Ok(found.filter(|&(v, _)| v < beta));
        }
        let k = self.keys(s, history, d);
        if let Some(k) = &k {
            match self.recall(k) {
                Some(Entry::Exact(v, g)) => {
                    if self.at_root(history) {
                        self.status.offer(v);
                    }
                    return Ok((v < beta).then_some((v, g)));
                }
                Some(Entry::AtLeast(v)) if v >= beta => return Ok(None),
                _ => {}
            }
        }
        // In a game that ends when the secret is known, no guess finds a secret at once: the
        // guesses that could be the secret are no better than the others.
        let found = if n <= INSIDE_FIRST_MAX && !self.bounds.is_known() {
            self.solve_small(s, history, d, beta, lb)?
        } else {
            self.solve_large(s, history, d, beta, lb)?
        };
        if let Some(k) = &k {
            match found {
                Some((v, g)) => self.remember(k, Entry::Exact(v, g)),
                None => self.remember(k, Entry::AtLeast(beta)),
            }
        }
        // At the root, `found` was offered to the progress display where it was made: by
        // `evaluate`, the memo or the greedy strategy.
        Ok(found)
    }

    /// [`solve`](Self::solve) for small sets: the guesses that could be the secret first. A
    /// good one often proves that no other guess can do better, since a guess outside the set
    /// finds no secret at once.
    fn solve_small(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        beta: Val,
        lb: Val,
    ) -> Result<Found, Interrupted> {
        let mut beta = beta;
        let inside = self.choices(s, history, d, beta, Side::Inside, Want::Every);
        let mut found = self.try_choices(s, history, d, beta, &inside, lb)?;
        if let Some((v, _)) = found {
            beta = v;
        }
        if self.pool == Pool::All && beta > self.bounds.outside(s.len() as u64, d) {
            let outside = self.choices(s, history, d, beta, Side::Outside, Want::Every);
            if let Some(better) = self.try_choices(s, history, d, beta, &outside, lb)? {
                found = Some(better);
            }
        }
        Ok(found)
    }

    /// [`solve`](Self::solve) for large sets: a quick greedy strategy gives a first upper
    /// bound, then every guess in bound order.
    fn solve_large(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        beta: Val,
        lb: Val,
    ) -> Result<Found, Interrupted> {
        let all = self.choices(s, history, d, beta, Side::All, Want::Every);
        if self.at_root(history) {
            self.status.first_guesses_to_try(all.len());
        }
        let greedy = if s.len() >= GREEDY_MIN {
            self.greedy(s, history, d, Some(&all))?
        } else {
            None
        };
        let mut beta_eff = beta;
        if let Some((v, _)) = greedy {
            if self.at_root(history) {
                self.status.offer(v);
            }
            beta_eff = beta_eff.min(v + 1);
        }
        Ok(match self.try_choices(s, history, d, beta_eff, &all, lb)? {
            Some(f) => Some(f),
            None => greedy.filter(|&(v, _)| v < beta),
        })
    }

    /// A quick strategy for `s`: the guess with the best bound at every node, solved sets
    /// taken from the memo. Its value is an upper bound on the optimum.
    fn greedy(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        pre: Option<&[Choice]>,
    ) -> Result<Found, Interrupted> {
        let n = s.len();
        if let Some(found) = self.trivial(s, d) {
            return Ok(found);
        }
        if self.status.cancel.load(Ordering::Relaxed) {
            return Err(Interrupted);
        }
        if let Some(k) = self.keys(s, history, d)
            && let Some(Entry::Exact(v, g)) = self.recall(&k)
        {
            return Ok(Some((v, g)));
        }
        let scored;
        let choices = match pre {
            Some(c) => c,
            // Only the first choice is played: scoring for the least bound alone drops most
            // guesses after a few secrets. Small sets try the guesses that could be the
            // secret first, as the search does: far fewer to score, and one of them is
            // nearly always as good.
            None => {
                scored = Some(Side::Inside)
                    .filter(|_| n <= INSIDE_FIRST_MAX && !self.bounds.is_known())
                    .map(|side| self.choices(s, history, d, INFINITE, side, Want::Best))
                    .filter(|c| !c.is_empty())
                    .unwrap_or_else(|| {
                        self.choices(s, history, d, INFINITE, Side::All, Want::Best)
                    });
                &scored
            }
        };
        let Some(c) = choices.first() else {
            return Ok(None);
        };
        let mut sum = n as u64;
        let mut w = 1u64;
        for (fb, class) in self.e.split(c.guess, s) {
            if fb == self.win {
                continue;
            }
            history.push((c.guess, fb));
            let r = self.greedy(&class, history, d - 1, None);
            history.pop();
            match r {
                Ok(Some((v, _))) => {
                    sum += total(v);
                    w = w.max(1 + worst(v));
                }
                other => return other.map(|_| None),
            }
        }
        Ok(Some((pack(sum, w), c.guess)))
    }

    /// Tries choices in order, on several threads for large sets; stops at the first value
    /// that reaches `floor`, the least the set can cost.
    pub(crate) fn try_choices(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        beta: Val,
        choices: &[Choice],
        floor: Val,
    ) -> Result<Found, Interrupted> {
        if s.len() >= PARALLEL_MIN && choices.len() > 1 && self.parallel() {
            return self.try_parallel(s, history, d, beta, choices, floor);
        }
        let mut beta = beta;
        let mut best: Found = None;
        // A game file may list millions of guesses that split a small set alike (16 coins:
        // 2.6 million weighings): each split is tried once (see `alike_key`).
        let dedupe = self.e.game().list().is_some() && !self.e.game().hard();
        let mut tried: rustc_hash::FxHashSet<Vec<u8>> = rustc_hash::FxHashSet::default();
        for (rank, c) in choices.iter().enumerate() {
            if c.lb >= beta {
                break;
            }
            if dedupe && !tried.insert(self.alike_key(s, c.guess)) {
                continue;
            }
            let trial = Trial {
                guess: c.guess,
                rank,
                live: None,
            };
            if let Some(v) = self.evaluate(s, history, d, trial, beta)? {
                beta = v;
                best = Some((v, c.guess));
                if v <= floor {
                    break;
                }
            }
        }
        Ok(best)
    }

    /// How `guess` splits `s`: each secret's reply, replies numbered in order of first
    /// appearance, the winning reply apart. Two guesses with the same key leave the same
    /// classes, so the same subtrees and the same value; the one met first (of lower rank,
    /// so of lower index among equal bounds) is the one the search keeps. Not for Wordle's
    /// hard mode, where the guess played changes the guesses allowed later.
    fn alike_key(&self, s: &Candidates<R::Packed>, guess: u32) -> Vec<u8> {
        let rules = self.e.rules();
        let gp = self.e.packed(guess);
        let win = self.win.index();
        let mut name = [u8::MAX; codebreak_core::HIST_LEN];
        let mut next = 0u8;
        s.packed()
            .iter()
            .map(|&p| {
                let r = rules.score(p, gp).index() & (codebreak_core::HIST_LEN - 1);
                if r == win {
                    return u8::MAX;
                }
                if name[r] == u8::MAX {
                    name[r] = next;
                    next += 1;
                }
                name[r]
            })
            .collect()
    }

    /// Counts a node searched: fails once the search is cancelled or its node limit is
    /// reached (which cancels it).
    #[inline]
    pub(crate) fn count_node(&self) -> Result<(), Interrupted> {
        if self.status.cancel.load(Ordering::Relaxed) {
            return Err(Interrupted);
        }
        let searched = self.status.nodes.fetch_add(1, Ordering::Relaxed) + 1;
        if searched >= self.node_limit {
            self.status.cancel.store(true, Ordering::Relaxed);
            return Err(Interrupted);
        }
        Ok(())
    }

    /// The exact value of playing the trial's guess at this node, if below `beta` (and below
    /// the live bound, when other threads share one).
    pub(crate) fn evaluate(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        trial: Trial<'_>,
        beta: Val,
    ) -> Result<Option<Val>, Interrupted> {
        let mut split = match self.split(s, trial.guess, d) {
            Some(split) => split,
            None => return Ok(None),
        };
        if !self.bound_classes(&mut split, history, d, trial.guess, beta) {
            return Ok(None);
        }
        self.solve_classes(&split, history, d, trial, beta)
    }

    /// The classes `guess` leaves, smallest first (once they are solved exactly, the largest
    /// class, the costliest to search, gets the tightest budget), with their counting bounds;
    /// `None` when one cannot be solved within `d - 1` guesses.
    fn split(&self, s: &Candidates<R::Packed>, guess: u32, d: u32) -> Option<Split<R::Packed>> {
        let mut classes: Vec<(Feedback, Candidates<R::Packed>)> = self
            .e
            .split(guess, s)
            .into_iter()
            .filter(|(f, _)| *f != self.win)
            .collect();
        classes.sort_by_key(|(f, c)| (c.len(), *f));
        let mut lbs: Vec<u64> = Vec::with_capacity(classes.len());
        let mut lb_worst = 1u64;
        for (_, c) in &classes {
            let count = self.bounds.lower(c.len() as u64, d - 1);
            if count == INFINITE {
                return None;
            }
            lbs.push(total(count));
            lb_worst = lb_worst.max(1 + worst(count));
        }
        Some(Split {
            n: s.len() as u64,
            classes,
            lbs,
            lb_worst,
        })
    }

    /// Tightens the bounds of the large classes, and returns whether the guess can still beat
    /// `beta`. Each bound is exact when memoised, otherwise the best bound of any guess one
    /// level down (only the least is wanted, so guesses are dropped as soon as they cannot
    /// beat it: most bounded guesses are never played, and a class that is played has its
    /// guesses ranked in full then). The largest classes are bounded first, and each class
    /// may only cost what the others' bounds so far leave, so a hopeless guess is dropped
    /// before its smaller classes are scored at all.
    fn bound_classes(
        &self,
        split: &mut Split<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        guess: u32,
        beta: Val,
    ) -> bool {
        let mut lb_worst = split.lb_worst;
        let lbs = &mut split.lbs;
        let mut lb_sum = split.n + lbs.iter().sum::<u64>();
        if pack(lb_sum, lb_worst) >= beta {
            return false;
        }
        for (i, (fb, c)) in split.classes.iter().enumerate().rev() {
            if c.len() <= INSIDE_FIRST_MAX {
                break; // sorted by size: the rest keep their counting bounds
            }
            // The most this class may cost while the others cost their bounds so far.
            let room = if beta == INFINITE {
                INFINITE
            } else {
                match total(beta).checked_sub(lb_sum - lbs[i]) {
                    Some(r) => pack(r + 1, 0),
                    None => return false,
                }
            };
            history.push((guess, *fb));
            let bound = self.class_bound(c, history, d - 1, room);
            history.pop();
            if bound == INFINITE {
                return false;
            }
            let bound_total = total(bound).max(lbs[i]);
            lb_sum += bound_total - lbs[i];
            lbs[i] = bound_total;
            lb_worst = lb_worst.max(1 + worst(bound));
            if pack(lb_sum, lb_worst) >= beta {
                return false;
            }
        }
        true
    }

    /// A lower bound on class `c` within `d` guesses, from the memo or from the best bound of
    /// any guess on it; [`INFINITE`] when it is at least `room`.
    fn class_bound(
        &self,
        c: &Candidates<R::Packed>,
        history: &[(u32, Feedback)],
        d: u32,
        room: Val,
    ) -> Val {
        let keys = self.keys(c, history, d);
        match keys.as_ref().and_then(|k| self.recall(k)) {
            Some(Entry::Exact(v, _)) => v,
            Some(Entry::AtLeast(v)) if v >= room => INFINITE,
            Some(Entry::AtLeast(v)) => v,
            None => {
                let best = self.choices(c, history, d, room, Side::All, Want::Least);
                let b = best.first().map_or(room, |c| c.lb);
                if let Some(k) = &keys {
                    self.remember(k, Entry::AtLeast(b));
                }
                if b >= room { INFINITE } else { b }
            }
        }
    }

    /// Solves the classes smallest first, each within what leaves the others their lower
    /// bounds; the guess's value, if below `beta` (and the live bound).
    fn solve_classes(
        &self,
        split: &Split<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        trial: Trial<'_>,
        beta: Val,
    ) -> Result<Option<Val>, Interrupted> {
        let mut sum = split.n;
        let mut rest: u64 = split.lbs.iter().sum();
        let mut w = 1u64;
        // At the root, the progress display shows how far this first guess has got.
        let mut shown = if self.at_root(history) {
            self.status
                .first_guess_started(trial, split.classes.len(), sum + rest)
        } else {
            None
        };
        // A budget no strategy within `d` guesses can reach (each secret costs at most `d`)
        // is shared out the same in any order: then the largest classes go first, since a
        // class that cannot be solved within the depth left fails the guess, and the largest
        // are the likeliest to (the proof that a depth is too small, under a depth limit).
        let unbounded = total(beta) > split.n.saturating_mul(u64::from(d));
        let order: Vec<usize> = if unbounded {
            (0..split.classes.len()).rev().collect()
        } else {
            (0..split.classes.len()).collect()
        };
        for i in order {
            let ((fb, class), lb) = (&split.classes[i], &split.lbs[i]);
            rest -= lb;
            let beta_now = match trial.live {
                Some(l) => beta.min(l.bound()),
                None => beta,
            };
            // The class may cost at most what leaves the others their lower bounds.
            let Some(allowed) = total(beta_now).checked_sub(sum + rest) else {
                return Ok(None);
            };
            history.push((trial.guess, *fb));
            let found = self.solve(class, history, d - 1, pack(allowed + 1, 0));
            history.pop();
            match found? {
                Some((v, _)) => {
                    sum += total(v);
                    w = w.max(1 + worst(v));
                    if let Some(shown) = &mut shown {
                        shown.class_solved(sum - split.n, w - 1, sum + rest);
                    }
                }
                None => return Ok(None),
            }
        }
        let v = pack(sum, w);
        if self.at_root(history) {
            // A complete strategy for the whole game: the progress display's upper bound.
            self.status.offer(v);
        }
        Ok((v < beta).then_some(v))
    }
}
