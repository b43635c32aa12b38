//! The branch and bound, generic over the game's rules.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use codebreak_core::symmetry::{Relabel, canonical_history_with};
use codebreak_core::{Candidates, Code, Engine, Feedback, HIST_LEN, MAX_PEGS, Pool, Rules};

use crate::Status;
use crate::bounds::{Bounds, INFINITE, Val, pack, total, worst};
use crate::memo::{Entry, Memo, key};
use crate::table::{ScoreTable, few_collisions};

/// Sets at least this large score one guess per symmetry class.
const SYMMETRY_MIN: usize = 24;
/// Sets at least this large try their guesses on several threads.
const PARALLEL_MIN: usize = 64;
/// Sets at least this large are memoised.
const MEMO_MIN: usize = 3;
/// Sets up to this size try the guesses that could be the secret first.
const INSIDE_FIRST_MAX: usize = 40;
/// Sets at least this large get a greedy upper bound before the exact search.
const GREEDY_MIN: usize = 100;

/// The search was stopped (Ctrl-C).
#[derive(Debug, Clone, Copy)]
pub struct Interrupted;

/// Outcome of a node: the optimal value and its guess, when below the bound.
pub type Found = Option<(Val, u32)>;

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
}

/// Memo keys of a node: its set of candidates, and for peg games with a short history its
/// canonical position (shared by every position that is a renaming of it), with the renaming
/// into the canonical frame.
struct Keys {
    plain: u128,
    canon: Option<(u128, Relabel)>,
}

/// Sets below this size are not worth canonicalising.
const CANON_MIN: usize = 16;
/// Most (peg permutations × move orders) tried when canonicalising.
const CANON_WORK: usize = 1000;

/// A guess worth trying, with its lower bound.
#[derive(Clone, Copy, Debug)]
struct Choice {
    lb: Val,
    spread: u64,
    guess: u32,
}

/// Which guesses to score at a node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// Those that could be the secret.
    Inside,
    /// Those that could not.
    Outside,
    /// Every allowed guess.
    All,
}

/// A bound that other threads may lower while a guess is being evaluated.
struct Live<'a> {
    best: &'a AtomicU64,
    rank: usize,
}

const RANK_BITS: u32 = 26;

impl Live<'_> {
    /// The value a guess of this rank must stay below to win.
    fn bound(&self) -> Val {
        let current = self.best.load(Ordering::Relaxed);
        if current == u64::MAX {
            return INFINITE;
        }
        let rank_mask = (1u64 << RANK_BITS) - 1;
        (current >> RANK_BITS) + u64::from((current & rank_mask) > self.rank as u64)
    }
}

impl<R: Rules> Solver<'_, R> {
    fn tag(&self, d: u32) -> u32 {
        if self.depth_tagged { d } else { 0 }
    }

    fn keys(&self, s: &Candidates<R::Packed>, history: &[(u32, Feedback)], d: u32) -> Option<Keys> {
        let n = s.len();
        if n < MEMO_MIN {
            return None;
        }
        let tag = self.tag(d);
        let plain = key(s.indices(), tag);
        let k = history.len();
        let orders: usize = (1..=k).product();
        let canon = (!self.perms.is_empty()
            && k > 0
            && n >= CANON_MIN
            && k < self.orders.len()
            && self.perms.len() * orders <= CANON_WORK)
            .then(|| {
                let moves: Vec<(Code, u8)> = history
                    .iter()
                    .map(|&(g, f)| (self.e.code(g), f.0))
                    .collect();
                let (form, relabel) = canonical_history_with(
                    self.e.game().colors(),
                    &self.perms,
                    &self.orders[k],
                    &moves,
                );
                let words: Vec<u32> = form.iter().map(|&b| b as u32).collect();
                (key(&words, tag | 1 << 31), relabel)
            });
        Some(Keys { plain, canon })
    }

    /// What the memo knows of a node, under either key.
    fn recall(&self, k: &Keys) -> Option<Entry> {
        let plain = self.memo.get(k.plain);
        if let Some(Entry::Exact(..)) = plain {
            return plain;
        }
        let canon = k
            .canon
            .as_ref()
            .and_then(|(ck, relabel)| match self.memo.get(*ck)? {
                Entry::Exact(v, g) => {
                    let back = relabel.inverse().apply(&self.e.code(g));
                    self.e.space().index_of(&back).map(|g| Entry::Exact(v, g))
                }
                bound => Some(bound),
            });
        match (plain, canon) {
            (_, Some(e @ Entry::Exact(..))) => Some(e),
            (Some(Entry::AtLeast(a)), Some(Entry::AtLeast(b))) => Some(Entry::AtLeast(a.max(b))),
            (p, c) => p.or(c),
        }
    }

    /// Records what was learnt of a node, under both keys.
    fn remember(&self, k: &Keys, e: Entry) {
        self.memo.put(k.plain, e);
        if let Some((ck, relabel)) = &k.canon {
            let e = match e {
                Entry::Exact(v, g) => {
                    match self.e.space().index_of(&relabel.apply(&self.e.code(g))) {
                        Some(gc) => Entry::Exact(v, gc),
                        None => return,
                    }
                }
                bound => bound,
            };
            self.memo.put(*ck, e);
        }
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
        if n == 1 {
            let v = pack(1, 1);
            return Ok((v < beta).then(|| (v, s.indices()[0])));
        }
        if d <= 1 {
            return Ok(None);
        }
        if n == 2 {
            let v = pack(3, 2);
            return Ok((v < beta).then(|| (v, s.indices()[0])));
        }
        let lb = self.bounds.lower(n as u64, d);
        if lb >= beta {
            return Ok(None);
        }
        if self.status.cancel.load(Ordering::Relaxed) {
            return Err(Interrupted);
        }
        let searched = self.status.nodes.fetch_add(1, Ordering::Relaxed) + 1;
        if searched >= self.node_limit {
            self.status.cancel.store(true, Ordering::Relaxed);
            return Err(Interrupted);
        }
        let k = self.keys(s, history, d);
        if let Some(k) = &k {
            match self.recall(k) {
                Some(Entry::Exact(v, g)) => {
                    if history.is_empty() {
                        self.status.offer(v);
                    }
                    return Ok((v < beta).then_some((v, g)));
                }
                Some(Entry::AtLeast(v)) if v >= beta => return Ok(None),
                _ => {}
            }
        }
        let mut beta_eff = beta;
        let found = if n <= INSIDE_FIRST_MAX {
            // Small sets: the guesses that could be the secret first. A good one often proves
            // that no other guess can do better, since a guess outside the set finds no
            // secret at once.
            let inside = self.choices(s, history, d, beta_eff, Side::Inside, false);
            let mut found = self.try_choices(s, history, d, beta_eff, &inside, lb)?;
            if let Some((v, _)) = found {
                beta_eff = v;
            }
            if self.pool == Pool::All && beta_eff > self.bounds.outside(n as u64, d) {
                let outside = self.choices(s, history, d, beta_eff, Side::Outside, false);
                if let Some(better) = self.try_choices(s, history, d, beta_eff, &outside, lb)? {
                    found = Some(better);
                }
            }
            found
        } else {
            // Large sets: a quick greedy strategy gives a first upper bound, then every
            // guess in bound order.
            let all = self.choices(s, history, d, beta, Side::All, false);
            let greedy = if n >= GREEDY_MIN {
                self.greedy(s, history, d, Some(&all))?
            } else {
                None
            };
            if let Some((v, _)) = greedy {
                if history.is_empty() {
                    self.status.offer(v);
                }
                beta_eff = beta_eff.min(v + 1);
            }
            match self.try_choices(s, history, d, beta_eff, &all, lb)? {
                Some(f) => Some(f),
                None => greedy.filter(|&(v, _)| v < beta),
            }
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
        if n == 1 {
            return Ok(Some((pack(1, 1), s.indices()[0])));
        }
        if d <= 1 {
            return Ok(None);
        }
        if n == 2 {
            return Ok(Some((pack(3, 2), s.indices()[0])));
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
            None => {
                scored = self.choices(s, history, d, INFINITE, Side::All, false);
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

    /// Guesses of one side worth trying at this node (bound below `beta`), best bound
    /// first; with `best_only`, just one with the least bound.
    fn choices(
        &self,
        s: &Candidates<R::Packed>,
        history: &[(u32, Feedback)],
        d: u32,
        beta: Val,
        side: Side,
        best_only: bool,
    ) -> Vec<Choice> {
        let e = self.e;
        let n = s.len();
        let mut pool: &[u32] = match (self.pool, side) {
            (Pool::Consistent, _) | (_, Side::Inside) => s.indices(),
            (Pool::All, _) => &self.all_codes,
        };
        // Outside guesses on small sets: first the few that split the set finely enough
        // (a property shared by a whole orbit, so the filters below give the same result
        // after it as before it).
        let fine;
        if side == Side::Outside
            && let Some(budget) = self.outside_budget(n as u64, d, beta)
        {
            let Some(allowed) = budget else {
                return Vec::new();
            };
            fine = self.few_collisions(s, pool, allowed);
            pool = &fine;
        }
        let reps;
        if n >= SYMMETRY_MIN
            && let Some(r) =
                e.representatives(&history.iter().map(|&(g, _)| g).collect::<Vec<_>>(), pool)
        {
            reps = r;
            pool = &reps;
        }
        let narrowed;
        if side != Side::Inside
            && self.pool == Pool::All
            && e.game().has_peg_symmetry()
            && let Some(r) = self.without_absent_twins(s, pool)
        {
            narrowed = r;
            pool = &narrowed;
        }
        let outside;
        if side == Side::Outside && self.pool == Pool::All {
            // Both lists are sorted: drop the candidates with one merge.
            let cands = s.indices();
            let mut k = 0;
            outside = pool
                .iter()
                .copied()
                .filter(|&g| {
                    while k < cands.len() && cands[k] < g {
                        k += 1;
                    }
                    !(k < cands.len() && cands[k] == g)
                })
                .collect::<Vec<_>>();
            pool = &outside;
        }
        self.score_all(s, pool, d, beta, best_only)
    }

    /// Outside guesses for a small set, where every class is small enough that its counting
    /// bound is `2c - 1`: a guess's bound is then `3n - parts`, so beating `beta` needs at
    /// least `3n - total(beta)` classes, that is at most `3n - total(beta)` reply collisions
    /// (a bound equal in total may still win on the worst case, so ties are kept). Returns
    /// the collisions a guess may have (`Some(None)`: no guess can win), or `None` when the
    /// shortcut does not apply.
    fn outside_budget(&self, n: u64, d: u32, beta: Val) -> Option<Option<u64>> {
        if beta == INFINITE
            || self.e.feedback_count() > 64
            || n > self.bounds.branching() + 1
            || self.bounds.cap(d - 1) < n
        {
            return None;
        }
        let need = (3 * n).saturating_sub(total(beta));
        Some((need <= n).then(|| n - need))
    }

    /// The guesses of `pool` (ascending) whose replies on `s` collide at most `allowed` times,
    /// in ascending order.
    fn few_collisions(&self, s: &Candidates<R::Packed>, pool: &[u32], allowed: u64) -> Vec<u32> {
        let codes: Vec<Code> = s.indices().iter().map(|&i| self.e.code(i)).collect();
        let alike = |a: &Code, b: &Code| {
            a.pegs()
                .iter()
                .zip(b.pegs())
                .filter(|(x, y)| x == y)
                .count()
        };
        let mut best = (0, 0, 1);
        for i in 0..codes.len() {
            for j in i + 1..codes.len() {
                let a = alike(&codes[i], &codes[j]);
                if a > best.0 {
                    best = (a, i, j);
                }
            }
        }
        match self.table {
            Some(table) => {
                let mut order: Vec<&[i8]> = s.indices().iter().map(|&i| table.row(i)).collect();
                order.swap(0, best.1);
                order.swap(1, best.2);
                let mut all = Vec::new();
                few_collisions(&order, table.codes(), allowed as u32, &mut all);
                // Keep those of the pool (both lists ascending).
                let mut k = 0;
                all.into_iter()
                    .filter(|&g| {
                        while k < pool.len() && pool[k] < g {
                            k += 1;
                        }
                        k < pool.len() && pool[k] == g
                    })
                    .collect()
            }
            None => {
                let rules = self.e.rules();
                let mut order: Vec<R::Packed> = s.packed().to_vec();
                order.swap(0, best.1);
                order.swap(1, best.2);
                pool.iter()
                    .copied()
                    .filter(|&g| {
                        let gp = self.e.packed(g);
                        let mut seen = 0u64;
                        let mut collisions = 0u64;
                        for &p in &order {
                            let bit = 1u64 << (rules.score(p, gp).index() & 63);
                            if seen & bit != 0 {
                                collisions += 1;
                                if collisions > allowed {
                                    return false;
                                }
                            }
                            seen |= bit;
                        }
                        true
                    })
                    .collect()
            }
        }
    }

    /// Colours that no candidate contains never score, so any two of them are
    /// interchangeable in a guess: keep one guess per way of placing them (all of them the
    /// lowest absent colour, or for codes without repeats the lowest absent colours in
    /// increasing order). `None` when fewer than two colours are absent.
    fn without_absent_twins(&self, s: &Candidates<R::Packed>, pool: &[u32]) -> Option<Vec<u32>> {
        let masks = &self.masks;
        let present = s.indices().iter().fold(0u64, |m, &i| m | masks[i as usize]);
        let absent = self.all_colors & !present;
        if absent.count_ones() < 2 {
            return None;
        }
        let lowest = absent & absent.wrapping_neg();
        let distinct = self.e.game().distinct_guess();
        let keep = |&g: &u32| {
            let m = masks[g as usize] & absent;
            if m == 0 {
                return true;
            }
            if !distinct {
                return m == lowest;
            }
            // The absent colours used must be the lowest ones, placed in increasing order.
            let mut want = absent;
            for _ in 0..m.count_ones() {
                if m & (want & want.wrapping_neg()) == 0 {
                    return false;
                }
                want &= want - 1;
            }
            let mut last = None;
            self.e.code(g).pegs().iter().all(|&p| {
                if absent & (1 << p) == 0 {
                    return true;
                }
                let rising = last.is_none_or(|l| l < p);
                last = Some(p);
                rising
            })
        };
        Some(pool.iter().copied().filter(keep).collect())
    }

    /// Scores the guesses of `pool`: those with a bound below `beta`, best bound first. With
    /// `best_only`, only the least bound is wanted: each guess is also dropped as soon as it
    /// cannot beat the best one so far, and one choice is returned.
    fn score_all(
        &self,
        s: &Candidates<R::Packed>,
        pool: &[u32],
        d: u32,
        beta: Val,
        best_only: bool,
    ) -> Vec<Choice> {
        let e = self.e;
        let n = s.len();
        let f = e.feedback_count();
        let win = self.win.index();
        let rules = e.rules();
        let cap = self.bounds.cap(d - 1);
        // Guesses must beat this: `beta`, or the best bound so far with `best_only`.
        let bar = AtomicU64::new(beta);
        let limit = || {
            let b = if best_only {
                bar.load(Ordering::Relaxed)
            } else {
                beta
            };
            if b == INFINITE {
                u64::MAX
            } else {
                total(b) + 1
            }
        };
        let fill = |h: u32| self.bounds.fill_of(h as usize);
        // Counts go into four interleaved histograms so that runs of equal replies do not
        // form one long chain of dependent increments; every 16 secrets the bound so far is
        // checked against `beta` (it only grows, by at most one too much for the winning
        // class), so hopeless guesses stop early.
        let score = |g: u32, lanes: &mut [[u32; 4]; HIST_LEN]| -> Option<Choice> {
            let gp = e.packed(g);
            for row in &mut lanes[..f] {
                *row = [0; 4];
            }
            let m = HIST_LEN - 1;
            let chunks = s.packed().chunks(16);
            let last = chunks.len();
            for (k, chunk) in chunks.enumerate() {
                let quads = chunk.chunks_exact(4);
                let rest = quads.remainder();
                for q in quads {
                    let a = rules.score(q[0], gp).index() & m;
                    let b = rules.score(q[1], gp).index() & m;
                    let c = rules.score(q[2], gp).index() & m;
                    let x = rules.score(q[3], gp).index() & m;
                    lanes[a][0] += 1;
                    lanes[b][1] += 1;
                    lanes[c][2] += 1;
                    lanes[x][3] += 1;
                }
                for &p in rest {
                    lanes[rules.score(p, gp).index() & m][0] += 1;
                }
                if k + 1 < last {
                    let limit = limit();
                    if limit != u64::MAX {
                        let t: u64 = lanes[..f]
                            .iter()
                            .map(|r| fill(r[0] + r[1] + r[2] + r[3]))
                            .sum();
                        if n as u64 + t > limit {
                            return None;
                        }
                    }
                }
            }
            let (mut t, mut spread, mut parts, mut largest) = (0u64, 0u64, 0u32, 0u32);
            let mut consistent = false;
            for (i, r) in lanes[..f].iter().enumerate() {
                let h = r[0] + r[1] + r[2] + r[3];
                if h == 0 {
                    continue;
                }
                if i == win {
                    consistent = true;
                    continue;
                }
                t += fill(h);
                spread += h as u64 * h as u64;
                parts += 1;
                largest = largest.max(h);
            }
            if !consistent && parts <= 1 {
                return None; // learns nothing
            }
            if largest as u64 > cap {
                return None;
            }
            let lb = pack(n as u64 + t, 1 + self.bounds.depth_of(largest as usize));
            if best_only && bar.fetch_min(lb, Ordering::Relaxed) <= lb {
                return None;
            }
            (lb < beta).then_some(Choice {
                lb,
                spread,
                guess: g,
            })
        };
        let mut choices: Vec<Choice> = if pool.len() * n >= 1 << 16 {
            use rayon::prelude::*;
            pool.par_chunks(256)
                .flat_map_iter(|chunk| {
                    let mut lanes = [[0u32; 4]; HIST_LEN];
                    chunk
                        .iter()
                        .filter_map(move |&g| score(g, &mut lanes))
                        .collect::<Vec<_>>()
                })
                .collect()
        } else {
            let mut lanes = [[0u32; 4]; HIST_LEN];
            pool.iter().filter_map(|&g| score(g, &mut lanes)).collect()
        };
        choices.sort_unstable_by_key(|c| (c.lb, c.spread, c.guess));
        if best_only {
            choices.truncate(1);
        }
        choices
    }

    /// Tries choices in order, on several threads for large sets; stops at the first value
    /// that reaches `floor`, the least the set can cost.
    fn try_choices(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        beta: Val,
        choices: &[Choice],
        floor: Val,
    ) -> Result<Found, Interrupted> {
        if s.len() >= PARALLEL_MIN && choices.len() > 1 {
            return self.try_parallel(s, history, d, beta, choices, floor);
        }
        let mut beta = beta;
        let mut best: Found = None;
        for c in choices {
            if c.lb >= beta {
                break;
            }
            if let Some(v) = self.evaluate(s, history, d, c.guess, beta, None)? {
                beta = v;
                best = Some((v, c.guess));
                if v <= floor {
                    break;
                }
            }
        }
        Ok(best)
    }

    /// The exact value of playing `guess` at this node, if below `beta` (and below the live
    /// bound, when other threads share one).
    fn evaluate(
        &self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        guess: u32,
        beta: Val,
        live: Option<&Live<'_>>,
    ) -> Result<Option<Val>, Interrupted> {
        let n = s.len() as u64;
        let mut classes: Vec<(Feedback, Candidates<R::Packed>)> = self
            .e
            .split(guess, s)
            .into_iter()
            .filter(|(f, _)| *f != self.win)
            .collect();
        // Smallest first: once they are solved exactly, the largest class (the costliest to
        // search) gets the tightest budget.
        classes.sort_by_key(|(f, c)| (c.len(), *f));
        // Bounds on each class: exact when memoised; for large classes, the best bound of
        // any guess one level down (only the least is wanted, so guesses are dropped as soon
        // as they cannot beat it: most bounded guesses are never played, and a class that is
        // played has its guesses ranked in full then); otherwise the counting bound. The largest classes are bounded first, and each
        // class may only cost what the others' bounds so far leave, so a hopeless guess is
        // dropped before its smaller classes are scored at all.
        let mut lbs: Vec<u64> = Vec::with_capacity(classes.len());
        let mut lb_worst = 1u64;
        for (_, c) in &classes {
            let count = self.bounds.lower(c.len() as u64, d - 1);
            if count == INFINITE {
                return Ok(None);
            }
            lbs.push(total(count));
            lb_worst = lb_worst.max(1 + worst(count));
        }
        let mut lb_sum = n + lbs.iter().sum::<u64>();
        if pack(lb_sum, lb_worst) >= beta {
            return Ok(None);
        }
        for (i, (fb, c)) in classes.iter().enumerate().rev() {
            if c.len() <= INSIDE_FIRST_MAX {
                break; // sorted by size: the rest keep their counting bounds
            }
            // The most this class may cost while the others cost their bounds so far.
            let room = if beta == INFINITE {
                INFINITE
            } else {
                match total(beta).checked_sub(lb_sum - lbs[i]) {
                    Some(r) => pack(r + 1, 0),
                    None => return Ok(None),
                }
            };
            history.push((guess, *fb));
            let keys = self.keys(c, history, d - 1);
            let known = keys.as_ref().and_then(|k| self.recall(k));
            let bound = match known {
                Some(Entry::Exact(v, _)) => v,
                Some(Entry::AtLeast(v)) if v >= room => INFINITE,
                Some(Entry::AtLeast(v)) => v,
                None => {
                    let best = self.choices(c, history, d - 1, room, Side::All, true);
                    let b = best.first().map_or(room, |c| c.lb);
                    if let Some(k) = &keys {
                        self.remember(k, Entry::AtLeast(b));
                    }
                    if b >= room { INFINITE } else { b }
                }
            };
            history.pop();
            if bound == INFINITE {
                return Ok(None);
            }
            let bound_total = total(bound).max(lbs[i]);
            lb_sum += bound_total - lbs[i];
            lbs[i] = bound_total;
            lb_worst = lb_worst.max(1 + worst(bound));
            if pack(lb_sum, lb_worst) >= beta {
                return Ok(None);
            }
        }
        let mut sum = n;
        let mut rest: u64 = lbs.iter().sum();
        let mut w = 1u64;
        for ((fb, class), lb) in classes.iter().zip(&lbs) {
            rest -= lb;
            let beta_now = match live {
                Some(l) => beta.min(l.bound()),
                None => beta,
            };
            // The class may cost at most what leaves the others their lower bounds.
            let Some(allowed) = total(beta_now).checked_sub(sum + rest) else {
                return Ok(None);
            };
            history.push((guess, *fb));
            let found = self.solve(class, history, d - 1, pack(allowed + 1, 0));
            history.pop();
            match found? {
                Some((v, _)) => {
                    sum += total(v);
                    w = w.max(1 + worst(v));
                }
                None => return Ok(None),
            }
        }
        let v = pack(sum, w);
        if history.is_empty() {
            // A complete strategy for the whole game: the progress display's upper bound.
            self.status.offer(v);
        }
        Ok((v < beta).then_some(v))
    }

    /// Tries the choices on every thread, in bound order, sharing the best value found so
    /// far: each thread prunes with the others' results, even in the middle of evaluating a
    /// guess. Ties go to the earlier choice, so the answer does not depend on timing.
    fn try_parallel(
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
                        match self.evaluate(s, &mut history, d, c.guess, beta, Some(&live)) {
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
