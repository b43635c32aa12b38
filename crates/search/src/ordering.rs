//! Guess ordering: which guesses a node tries, and in what order. Every allowed guess gets a
//! lower bound (its cost now plus the counting bound of each class it leaves, see
//! [`bounds`](crate::bounds)); guesses that cannot beat the budget are dropped, and the rest
//! are tried best bound first (then smallest sum of squared class sizes, then lowest index),
//! so that a good strategy is found early and prunes the rest. Interchangeable guesses are
//! scored once: one per symmetry class, one per placement of colours no candidate has, and on
//! small sets only the outside guesses that split the set finely enough.

use std::sync::atomic::{AtomicU64, Ordering};

use codebreak_core::{Candidates, Code, Feedback, HIST_LEN, Pool, Rules};

use crate::bounds::{INFINITE, NO_LIMIT, Val, pack, total};
use crate::prefix::{BLOCK, DEEP_ROWS, PREFIX_ROWS, Prefix};
use crate::solver::Solver;
use crate::table::{
    PAIRWISE_MAX, class_bounds, class_bounds_wide, few_collisions_pairwise, few_collisions_with,
    wide_serves,
};

/// Games with more replies than this score a guess with one histogram whose bound grows as
/// each secret is counted ([`Scorer::score_sparse`]) instead of four interleaved ones.
const SPARSE_REPLIES: usize = 32;
/// Sets of at most this many secrets are scored the same way: zeroing and summing every
/// reply's four lanes would cost more than counting the secrets.
const SPARSE_SET: usize = 24;

/// Sets at least this large, scored on at least [`COLLIDE_FIRST_POOL`] guesses, visit their
/// secrets likeliest to share a reply first ([`Solver::collide_first`]).
const COLLIDE_FIRST_MIN: usize = 8;
/// See [`COLLIDE_FIRST_MIN`].
const COLLIDE_FIRST_POOL: usize = 256;
/// Pools of at least this many guesses are first thinned sixteen guesses at a time
/// ([`Prefix`]) in games with many replies.
const PREFIX_POOL: usize = 64;
/// Guesses of the pool, evenly spaced, whose replies rank the secrets for
/// [`Solver::collide_first`].
const PROBES: usize = 32;

/// Pools of at least this many guesses are bounded from the score table first
/// ([`Solver::by_table`]).
const TABLE_POOL_MIN: usize = 16;
/// ... when they hold at least this many guesses per block of sixteen on average.
const TABLE_DENSITY: usize = 4;

/// A guess worth trying, with its lower bound.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Choice {
    /// The guess's lower bound.
    pub(crate) lb: Val,
    /// Sum of the squares of its class sizes (smaller splits more evenly).
    spread: u64,
    /// The guess.
    pub(crate) guess: u32,
}

impl Choice {
    /// The order choices are tried in: best bound first, then smallest spread, then lowest
    /// index, as one integer (a spread past 2^32, from sets of more than 65536 secrets, only
    /// loses its order among equal bounds).
    pub(crate) fn order(&self) -> u128 {
        (u128::from(self.lb) << 64)
            | (u128::from(self.spread.min(u32::MAX.into())) << 32)
            | u128::from(self.guess)
    }
}

/// A depth-only search sorts only this many choices of a node at first (see
/// [`Solver::depth_only`]).
pub(crate) const SORT_FIRST: usize = 32;

/// How many of a node's choices are wanted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Want {
    /// Every guess whose bound beats the budget, best bound first.
    Every,
    /// One guess with the least bound: each guess is dropped as soon as it cannot beat the
    /// best one so far.
    Best,
    /// The least bound alone, for a lower bound: any guess that gives it will do, so the
    /// scan starts with the guesses that gave the least bound on this thread's last sets
    /// ([`HINTS`]), whose bound drops the hopeless guesses sooner. The value is the same.
    Least,
}

/// How many guesses that gave the least bound ([`Want::Least`]) each thread keeps.
const HINT_COUNT: usize = 4;

thread_local! {
    /// The guesses that gave the least bound on this thread's last sets, latest first
    /// (`u32::MAX` for none): only a starting point, tried when the pool holds them.
    static HINTS: std::cell::Cell<[u32; HINT_COUNT]> =
        const { std::cell::Cell::new([u32::MAX; HINT_COUNT]) };
}

/// Which guesses to score at a node.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    /// Those that could be the secret.
    Inside,
    /// Those that could not.
    Outside,
    /// Every allowed guess.
    All,
}

impl<R: Rules> Solver<'_, R> {
    /// Guesses of one side worth trying at this node (bound below `beta`), best bound
    /// first; with [`Want::Best`] or [`Want::Least`], just one with the least bound.
    pub(crate) fn choices(
        &self,
        s: &Candidates<R::Packed>,
        history: &[(u32, Feedback)],
        d: u32,
        beta: Val,
        side: Side,
        want: Want,
    ) -> Vec<Choice> {
        let e = self.e;
        let n = s.len();
        let first;
        let hard;
        let given = self.at_root(history) && self.first_guess.is_some();
        let mut pool: &[u32] = match (self.pool, side) {
            // The root of a search after a given first guess: that guess alone (among those
            // that could be the secret, when it could be), not a symmetric one.
            _ if given => {
                first = self
                    .first_guess
                    .filter(|&g| side != Side::Inside || s.contains(g))
                    .map_or_else(Vec::new, |g| vec![g]);
                &first
            }
            (Pool::Consistent, _) | (_, Side::Inside) => e.consistent_guesses(s),
            // Wordle's hard mode: the guesses its rule allows after these moves (those that
            // could be the secret always keep it).
            (Pool::All, _) if e.game().hard() => {
                hard = e.pool_all(history);
                &hard
            }
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
            // A guess that tells every secret apart is the best an outside guess can do
            // (2n in all, worst case 2): the one of lowest index is the only one worth
            // scoring (the others have the same bound and spread, so it is the one the bound
            // order would try first).
            let perfect = self.few_collisions(s, pool, 0);
            fine = match perfect.iter().find(|&&g| !s.contains(g)) {
                Some(&g) => vec![g],
                None if allowed == 0 => Vec::new(),
                None => self.few_collisions(s, pool, allowed),
            };
            pool = &fine;
        }
        let reps;
        if n >= self.symmetry_min
            && !given
            && let Some(r) =
                e.representatives(&history.iter().map(|&(g, _)| g).collect::<Vec<_>>(), pool)
        {
            reps = r;
            pool = &reps;
        }
        let narrowed;
        if side != Side::Inside
            && !given
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
        self.score_all(s, pool, d, beta, want)
    }

    /// Outside guesses for a small set, where every class is small enough that its counting
    /// bound is `2c - 1`: a guess's bound is then `3n - parts`, so beating `beta` needs at
    /// least `3n - total(beta)` classes, that is at most `3n - total(beta)` reply collisions
    /// (a bound equal in total may still win on the worst case, so ties are kept). Returns
    /// the collisions a guess may have (`Some(None)`: no guess can win), or `None` when the
    /// shortcut does not apply.
    fn outside_budget(&self, n: u64, d: u32, beta: Val) -> Option<Option<u64>> {
        if beta == INFINITE
            || self.bounds.is_known()
            || n > self.bounds.branching() + 1
            || self.bounds.cap(d - 1) < n
        {
            return None;
        }
        let need = (3 * n).saturating_sub(total(beta));
        Some((need <= n).then(|| n - need))
    }

    /// The two candidates of `s` (by position) with the most pegs alike: likely to collide.
    fn alike_pair(&self, s: &Candidates<R::Packed>) -> (usize, usize) {
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
        (best.1, best.2)
    }

    /// The guesses of `pool` (ascending) whose replies on `s` collide at most `allowed` times,
    /// in ascending order. The secrets likeliest to collide are visited first: the pair with
    /// the most pegs alike, or on a large pool scored without a table (Wordle, whose codes
    /// have no pegs to compare) the order of [`collide_first`](Self::collide_first).
    pub(crate) fn few_collisions(
        &self,
        s: &Candidates<R::Packed>,
        pool: &[u32],
        allowed: u64,
    ) -> Vec<u32> {
        match self.table {
            Some(table) => {
                let best = self.alike_pair(s);
                let mut order: Vec<&[i8]> = s.indices().iter().map(|&i| table.row(i)).collect();
                order.swap(0, best.0);
                order.swap(1, best.1);
                let mut all = Vec::new();
                few_collisions_with(
                    &order,
                    table.codes(),
                    allowed as u32,
                    table.replies(),
                    &mut all,
                );
                keep_pooled(all, pool)
            }
            None => {
                let rules = self.e.rules();
                let order = if pool.len() >= COLLIDE_FIRST_POOL {
                    self.collide_first(s, pool)
                } else {
                    let best = self.alike_pair(s);
                    let mut order: Vec<R::Packed> = s.packed().to_vec();
                    order.swap(0, best.0);
                    order.swap(1, best.1);
                    order
                };
                if order.len() <= PAIRWISE_MAX
                    && pool.len() >= COLLIDE_FIRST_POOL
                    && let Some(rows) = order
                        .iter()
                        .map(|&p| rules.replies_to(p))
                        .collect::<Option<Vec<&[u8]>>>()
                {
                    let mut all = Vec::new();
                    if !Prefix::few_collisions(&rows, allowed, &mut all) {
                        few_collisions_pairwise(
                            &rows,
                            allowed.min(u32::MAX.into()) as u32,
                            &mut all,
                        );
                    }
                    return keep_pooled(all, pool);
                }
                pool.iter()
                    .copied()
                    .filter(|&g| self.collisions(&order, g, allowed) <= allowed)
                    .collect()
            }
        }
    }

    /// The secrets of `secrets` whose reply to guess `g` an earlier one already got, counted
    /// until they pass `most` (then `most + 1`).
    pub(crate) fn collisions(&self, secrets: &[R::Packed], g: u32, most: u64) -> u64 {
        let rules = self.e.rules();
        let gp = self.e.packed(g);
        // One bit per reply index (up to 256).
        let mut seen = [0u64; HIST_LEN / 64];
        let mut collisions = 0u64;
        for &p in secrets {
            let r = rules.score(p, gp).index() & (HIST_LEN - 1);
            let (word, bit) = (r / 64, 1u64 << (r % 64));
            if seen[word] & bit != 0 {
                collisions += 1;
                if collisions > most {
                    break;
                }
            }
            seen[word] |= bit;
        }
        collisions
    }

    /// Colours that no candidate contains never score, so any two of them are
    /// interchangeable in a guess: keep one guess per way of placing them (the engine's
    /// [`absent_twins`](codebreak_core::Engine::absent_twins)). `None` when fewer than two
    /// colours are absent.
    fn without_absent_twins(&self, s: &Candidates<R::Packed>, pool: &[u32]) -> Option<Vec<u32>> {
        self.e.absent_twins(&self.masks, self.all_colors, s, pool)
    }

    /// Scores the guesses of `pool`: those with a bound below `beta`, best bound first. When
    /// only the least bound is wanted, each guess is also dropped as soon as it cannot beat
    /// the best one so far, and one choice is returned.
    fn score_all(
        &self,
        s: &Candidates<R::Packed>,
        pool: &[u32],
        d: u32,
        beta: Val,
        want: Want,
    ) -> Vec<Choice> {
        let best_only = want != Want::Every;
        let kept;
        let pool = match self.by_table(s, pool, beta, best_only) {
            Some(k) => {
                kept = k;
                &kept
            }
            None => pool,
        };
        let ordered;
        let secrets = if s.len() >= COLLIDE_FIRST_MIN && pool.len() >= COLLIDE_FIRST_POOL {
            ordered = self.collide_first(s, pool);
            &ordered
        } else {
            s.packed()
        };
        let scorer = Scorer {
            solver: self,
            secrets,
            cap: self.bounds.cap(d - 1),
            beta,
            best_only,
            bar: AtomicU64::new(beta),
        };
        // The hints' choices, scored first so that the bar starts at their bound: the scan
        // below drops them again (a bound equal to the bar's), so they are kept here.
        let hinted: Vec<Choice> = if want == Want::Least {
            let hints = HINTS.get();
            Scratch::with(s.len(), |scratch| {
                hints
                    .iter()
                    .filter(|g| pool.binary_search(g).is_ok())
                    .filter_map(|&g| scorer.choose(g, scratch))
                    .collect()
            })
        } else {
            Vec::new()
        };
        let prefix = scorer.prefix(pool.len());
        let mut choices: Vec<Choice> = if pool.len() * s.len() >= 1 << 16 && self.parallel() {
            use rayon::prelude::*;
            pool.par_chunks(256)
                .flat_map_iter(|chunk| {
                    Scratch::with(s.len(), |scratch| {
                        scorer.choose_each(chunk, prefix.as_ref(), scratch)
                    })
                })
                .collect()
        } else {
            Scratch::with(s.len(), |scratch| {
                scorer.choose_each(pool, prefix.as_ref(), scratch)
            })
        };
        choices.extend(hinted);
        // A depth-only search stops at the first guess that works: the best few are sorted,
        // and the rest only if they are reached.
        if self.depth_only && choices.len() > SORT_FIRST {
            choices.select_nth_unstable_by_key(SORT_FIRST, Choice::order);
            choices[..SORT_FIRST].sort_unstable_by_key(Choice::order);
        } else {
            choices.sort_unstable_by_key(Choice::order);
        }
        if best_only {
            choices.truncate(1);
        }
        if want == Want::Least
            && let Some(c) = choices.first()
        {
            remember_hint(c.guess);
        }
        choices
    }

    /// The guesses of `pool` (ascending) that [`score_all`](Self::score_all) may keep, by the
    /// counting bound of their classes computed sixteen guesses at a time from the score
    /// table ([`class_bounds`]): those whose bound's total is within `beta`'s, or with
    /// `best_only` the least total. The others would be dropped by the scoring, so the
    /// choices are the same; `None` when the table does not serve (no table, a game that
    /// ends when the secret is known, more than 255 secrets, a pool too sparse for blocks
    /// of sixteen, or a budget too large to drop anything).
    fn by_table(
        &self,
        s: &Candidates<R::Packed>,
        pool: &[u32],
        beta: Val,
        best_only: bool,
    ) -> Option<Vec<u32>> {
        let table = self.table?;
        let n = s.len();
        if self.bounds.is_known() || n > usize::from(u8::MAX) || pool.len() < TABLE_POOL_MIN {
            return None;
        }
        // What the classes may add to the guesses' own `n`.
        let most = match beta {
            INFINITE => u64::MAX,
            _ => total(beta).checked_sub(n as u64)?,
        };
        if most >= u64::from(u8::MAX) && !best_only {
            return None;
        }
        let mut blocks = 0;
        let mut last = usize::MAX;
        for &g in pool {
            if g as usize / 16 != last {
                last = g as usize / 16;
                blocks += 1;
            }
        }
        if pool.len() < TABLE_DENSITY * blocks {
            return None;
        }
        // `fill(c)`, the counting bound of a class of `c`, is the sum of `c - cap(k)` over
        // the depths `k` whose `cap(k)` is below `c`.
        let caps: Vec<u8> = (0..=NO_LIMIT)
            .map(|k| self.bounds.cap(k))
            .take_while(|&c| c < u64::from(u8::MAX))
            .map(|c| c as u8)
            .collect();
        // Blocks stop counting once every guess's bound is above this.
        let cut = most.min(u64::from(u8::MAX)) as u8;
        let rows: Vec<&[i8]> = s.indices().iter().map(|&i| table.row(i)).collect();
        let (replies, win) = (self.e.feedback_count(), self.win.index());
        let mut bound = Vec::with_capacity(pool.len());
        // Sixty-four guesses at a time where the processor can, the pool's among them
        // deciding when to stop.
        let wide = wide_serves(rows.len(), replies, &caps);
        let mut k = 0;
        while k < pool.len() {
            if wide {
                let start = pool[k] as usize / 64 * 64;
                let end = pool[k..].partition_point(|&g| (g as usize) < start + 64) + k;
                let lanes = pool[k..end]
                    .iter()
                    .fold(0u64, |m, &g| m | 1 << (g as usize - start));
                if let Some(t) = class_bounds_wide(&rows, start, replies, win, &caps, cut, lanes) {
                    bound.extend(pool[k..end].iter().map(|&g| t[g as usize - start]));
                    k = end;
                    continue;
                }
            }
            let start = pool[k] as usize / 16 * 16;
            let t = class_bounds(&rows, start, replies, win, &caps, cut);
            while k < pool.len() && (pool[k] as usize) < start + 16 {
                bound.push(t[pool[k] as usize - start]);
                k += 1;
            }
        }
        let most = match bound.iter().min() {
            Some(&least) if best_only => most.min(u64::from(least)),
            _ => most,
        };
        Some(
            pool.iter()
                .zip(&bound)
                .filter(|&(_, &t)| u64::from(t) <= most)
                .map(|(&g, _)| g)
                .collect(),
        )
    }

    /// The secrets of `s` in the order a guess's scoring visits them: those that share a
    /// reply with the most others, over a few guesses of `pool` evenly spaced, first. A
    /// guess whose bound cannot win is dropped once its classes so far are too few for the
    /// secrets counted, so meeting colliding secrets early drops it sooner; the order changes
    /// nothing else.
    fn collide_first(&self, s: &Candidates<R::Packed>, pool: &[u32]) -> Vec<R::Packed> {
        let rules = self.e.rules();
        let m = HIST_LEN - 1;
        let mut degree = vec![0u32; s.len()];
        let mut replies = vec![0u8; s.len()];
        let mut hist = [0u32; HIST_LEN];
        for i in 0..PROBES {
            let gp = self.e.packed(pool[i * pool.len() / PROBES]);
            for (r, &p) in replies.iter_mut().zip(s.packed()) {
                *r = (rules.score(p, gp).index() & m) as u8;
                hist[*r as usize] += 1;
            }
            for (d, &r) in degree.iter_mut().zip(&replies) {
                *d += hist[r as usize] - 1;
            }
            for &r in &replies {
                hist[r as usize] = 0;
            }
        }
        let mut order: Vec<usize> = (0..s.len()).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(degree[k]));
        order.iter().map(|&k| s.packed()[k]).collect()
    }
}

/// Puts `g` first among this thread's hints ([`HINTS`]).
fn remember_hint(g: u32) {
    let mut hints = HINTS.get();
    let at = hints.iter().position(|&h| h == g).unwrap_or(HINT_COUNT - 1);
    hints.copy_within(0..at, 1);
    hints[0] = g;
    HINTS.set(hints);
}

/// The guesses of `all` that are in `pool` (both ascending).
fn keep_pooled(all: Vec<u32>, pool: &[u32]) -> Vec<u32> {
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

/// Scores guesses on one set for [`Solver::choices`]: a guess's bound is the set's size (the
/// guess itself) plus the counting bound of every class it leaves, with the largest class's
/// depth as the worst case.
struct Scorer<'a, 's, R: Rules> {
    solver: &'a Solver<'a, R>,
    /// The set's secrets, packed, in the order they are visited.
    secrets: &'s [R::Packed],
    /// Most secrets a class may hold and still be found within the depth left.
    cap: u64,
    /// Guesses must have a bound below this.
    beta: Val,
    /// Whether only the least bound is wanted.
    best_only: bool,
    /// With `best_only`, the least bound so far (shared by the threads scoring).
    bar: AtomicU64,
}

/// Scratch space of one thread scoring guesses.
struct Scratch {
    /// Four interleaved histograms ([`Scorer::score`]).
    lanes: [[u32; 4]; HIST_LEN],
    /// One histogram, all zeros between guesses ([`Scorer::score_sparse`]).
    hist: [u32; HIST_LEN],
    /// The reply of each secret to the guess being scored.
    replies: Vec<u8>,
}

thread_local! {
    /// Each thread's scratch space, kept between nodes: zeroing 5 KB for every node's
    /// scoring cost more than scoring a small set.
    static SCRATCH: std::cell::RefCell<Scratch> = const {
        std::cell::RefCell::new(Scratch {
            lanes: [[0; 4]; HIST_LEN],
            hist: [0; HIST_LEN],
            replies: Vec::new(),
        })
    };
}

impl Scratch {
    /// Runs `f` on this thread's scratch space, with room for the replies of `n` secrets
    /// (`hist` all zeros, as [`Scorer::score_sparse`] leaves it). `f` must not score again.
    fn with<T>(n: usize, f: impl FnOnce(&mut Scratch) -> T) -> T {
        SCRATCH.with_borrow_mut(|scratch| {
            if scratch.replies.len() < n {
                scratch.replies.resize(n, 0);
            }
            f(scratch)
        })
    }
}

impl<'a, R: Rules> Scorer<'a, '_, R> {
    /// The choice `g` makes, if its bound can win, by the kernel that suits the game.
    #[inline]
    /// The choices of `guesses`, each as [`choose`](Self::choose) makes it, the hopeless
    /// ones dropped a block at a time by `prefix` first when there is one.
    fn choose_each(
        &self,
        guesses: &[u32],
        prefix: Option<&Prefix>,
        scratch: &mut Scratch,
    ) -> Vec<Choice> {
        let Some(prefix) = prefix else {
            return guesses
                .iter()
                .filter_map(|&g| self.choose(g, scratch))
                .collect();
        };
        // What a guess's bound is before any secret's class is counted (see `score_sparse`).
        let n = self.secrets.len() as u64;
        let t0 = n + n * u64::from(self.solver.bounds.min_step());
        let mut out = Vec::new();
        let mut k = 0;
        while k < guesses.len() {
            let start = guesses[k] as usize / BLOCK * BLOCK;
            let mut end = k + 1;
            while end < guesses.len() && (start..start + BLOCK).contains(&(guesses[end] as usize)) {
                end += 1;
            }
            // The budget now: scoring reads it again later, never larger.
            let alive = if end - k < 2 {
                u64::MAX
            } else {
                self.limit()
                    .checked_sub(t0)
                    .map_or(0, |slack| prefix.alive(start, slack, self.best_only))
            };
            for &g in &guesses[k..end] {
                if alive >> (g as usize - start) & 1 == 1
                    && let Some(c) = self.choose(g, scratch)
                {
                    out.push(c);
                }
            }
            k = end;
        }
        out
    }

    /// The [`Prefix`] that drops hopeless guesses of a pool of `guesses` a block at a time
    /// before [`score_sparse`](Self::score_sparse) scores the others: for games with many
    /// replies tabulated by secret, on pools large enough to fill blocks.
    fn prefix(&self, guesses: usize) -> Option<Prefix<'a>> {
        let e = self.solver.e;
        if e.feedback_count() <= SPARSE_REPLIES || guesses < PREFIX_POOL {
            return None;
        }
        let rules = e.rules();
        let rows = self
            .secrets
            .iter()
            .take(if self.best_only {
                DEEP_ROWS
            } else {
                PREFIX_ROWS
            })
            .map(|&p| rules.replies_to(p))
            .collect::<Option<Vec<&[u8]>>>()?;
        let bounds = &self.solver.bounds;
        let (steps, least) = (bounds.steps(), bounds.min_step());
        let cap = if self.cap == 0 { u64::MAX } else { self.cap };
        Prefix::new(
            rows,
            |h| steps.get(h).map_or(u64::MAX, |&s| u64::from(s - least)),
            cap,
        )
    }

    fn choose(&self, g: u32, scratch: &mut Scratch) -> Option<Choice> {
        if self.solver.e.feedback_count() > SPARSE_REPLIES || self.secrets.len() <= SPARSE_SET {
            self.score_sparse(
                g,
                &mut scratch.hist,
                &mut scratch.replies[..self.secrets.len()],
            )
        } else {
            self.score(g, &mut scratch.lanes)
        }
    }

    /// [`score`](Self::score) for games with many replies (Wordle's 243), where most replies
    /// of a set are few and scattered: one histogram, whose counting bound grows by
    /// [`Bounds::steps`](crate::bounds::Bounds::steps) as each secret is counted, so a
    /// hopeless guess is dropped after a few secrets without summing every reply's count;
    /// the replies are kept, so that only the classes met are read and reset. `hist` is all
    /// zeros before and after.
    #[inline]
    fn score_sparse(
        &self,
        g: u32,
        hist: &mut [u32; HIST_LEN],
        replies: &mut [u8],
    ) -> Option<Choice> {
        let e = self.solver.e;
        let bounds = &self.solver.bounds;
        let steps = bounds.steps();
        let n = self.secrets.len();
        let rules = e.rules();
        let gp = e.packed(g);
        let m = HIST_LEN - 1;
        let mut limit = self.limit();
        // A class larger than the depth left allows fails the guess at once (the winning
        // class holds one secret, which every depth allows).
        let cap = if self.cap == 0 { u64::MAX } else { self.cap };
        // The counting bound of every class so far, the winning one included (one too much
        // at most, which `limit` allows for), plus the least that each secret still to be
        // counted will add.
        let least = bounds.min_step();
        let mut t = n as u64 + n as u64 * u64::from(least);
        // Sixteen secrets at a time, the limit read again after each sixteen.
        let (secrets, replies) = (&self.secrets[..n], &mut replies[..n]);
        let mut start = 0;
        while start < n {
            let end = (start + 16).min(n);
            for k in start..end {
                let r = rules.score(secrets[k], gp).index() & m;
                replies[k] = r as u8;
                let h = hist[r];
                hist[r] = h + 1;
                t += u64::from(steps[h as usize] - least);
                if t > limit || u64::from(h) >= cap {
                    for &r in &replies[..=k] {
                        hist[r as usize] = 0;
                    }
                    return None;
                }
            }
            start = end;
            limit = self.limit();
        }
        let win = self.solver.win.index();
        let (mut t, mut spread, mut parts, mut largest) = (0u64, 0u64, 0u32, 0u32);
        let mut consistent = false;
        for &r in replies.iter() {
            let h = hist[r as usize];
            if h == 0 {
                continue;
            }
            hist[r as usize] = 0;
            if r as usize == win {
                consistent = true;
                continue;
            }
            t += bounds.fill_of(h as usize);
            spread += h as u64 * h as u64;
            parts += 1;
            largest = largest.max(h);
        }
        self.finish(g, t, spread, parts, largest, consistent)
    }

    /// The choice of a guess from its classes: the counting bound of the non-winning ones
    /// (`t`), the sum of their squared sizes, how many there are and the largest, and
    /// whether the guess could be the secret.
    #[inline]
    fn finish(
        &self,
        g: u32,
        t: u64,
        spread: u64,
        parts: u32,
        largest: u32,
        consistent: bool,
    ) -> Option<Choice> {
        let bounds = &self.solver.bounds;
        let n = self.secrets.len();
        if !consistent && parts <= 1 {
            return None; // learns nothing
        }
        if largest as u64 > self.cap {
            return None;
        }
        let lb = pack(n as u64 + t, 1 + bounds.depth_of(largest as usize));
        if self.best_only && self.bar.fetch_min(lb, Ordering::Relaxed) <= lb {
            return None;
        }
        (lb < self.beta).then_some(Choice {
            lb,
            spread,
            guess: g,
        })
    }

    /// The total a guess's bound may reach before it is dropped: that of `beta`, or of the
    /// best bound so far with `best_only`; `u64::MAX` for none.
    #[inline]
    fn limit(&self) -> u64 {
        let b = if self.best_only {
            self.bar.load(Ordering::Relaxed)
        } else {
            self.beta
        };
        if b == INFINITE {
            u64::MAX
        } else {
            total(b) + 1
        }
    }

    /// The choice `g` makes, if its bound can win. Counts go into four interleaved histograms
    /// (`lanes`, scratch space) so that runs of equal replies do not form one long chain of
    /// dependent increments; every 16 secrets the bound so far, plus the least the secrets
    /// still to be counted add, is checked against the limit (it only grows, by at most one
    /// too much for the winning class), so hopeless guesses stop early.
    #[inline]
    fn score(&self, g: u32, lanes: &mut [[u32; 4]; HIST_LEN]) -> Option<Choice> {
        let e = self.solver.e;
        let bounds = &self.solver.bounds;
        let n = self.secrets.len();
        let f = e.feedback_count();
        let rules = e.rules();
        let fill = |h: u32| bounds.fill_of(h as usize);
        let gp = e.packed(g);
        for row in &mut lanes[..f] {
            *row = [0; 4];
        }
        let m = HIST_LEN - 1;
        let chunks = self.secrets.chunks(16);
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
                let limit = self.limit();
                if limit != u64::MAX {
                    let t: u64 = lanes[..f]
                        .iter()
                        .map(|r| fill(r[0] + r[1] + r[2] + r[3]))
                        .sum();
                    // Each secret still to be counted adds at least the least step.
                    let rest = (n - (k + 1) * 16) as u64 * u64::from(bounds.min_step());
                    if n as u64 + t + rest > limit {
                        return None;
                    }
                }
            }
        }
        let win = self.solver.win.index();
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
        self.finish(g, t, spread, parts, largest, consistent)
    }
}
