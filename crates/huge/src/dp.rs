//! Exact counting and exact uniform sampling for black-peg constraints, by dynamic programming
//! over positions.
//!
//! Positions are decided left to right. After the first `p` positions, all that matters for
//! the rest is the vector of black pegs each clue still needs (its *residual*), so the number
//! of completions is a function `count(p, residual)`, memoised per level. A residual is
//! dropped as soon as some clue needs more than its remaining possible positions, or the sum
//! of residuals exceeds what the remaining positions can give (each position can satisfy at
//! most the largest number of clues one of its colours satisfies there).
//!
//! The table of a finished count gives exact uniform sampling: walk the positions, choosing
//! each colour with probability proportional to the completions it leaves.
//!
//! The same table is used as a *relaxation* for Mastermind and Bulls and Cows: it counts and
//! samples the codes that give every clue its black pegs (within the domains left by
//! propagating all constraints once), a superset of the secrets that fit.

use rand::Rng;
use rustc_hash::FxHashMap;

use crate::budget::{Budget, Meter};
use crate::error::Stopped;
use crate::game::Code;
use crate::model::{Model, Outcome, State};

/// Counts as exact `u128` (checked) or as `f64` when those overflow.
pub(crate) trait Weight: Copy + PartialEq {
    const ZERO: Self;
    const ONE: Self;
    fn plus(self, other: Self) -> Option<Self>;
}

impl Weight for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    fn plus(self, other: u128) -> Option<u128> {
        self.checked_add(other)
    }
}

impl Weight for f64 {
    const ZERO: f64 = 0.0;
    const ONE: f64 = 1.0;
    fn plus(self, other: f64) -> Option<f64> {
        Some(self + other)
    }
}

/// The compiled black-peg problem: per open position, its colours and the clues each
/// satisfies there.
pub(crate) struct BlackTable<W: Weight> {
    n: usize,
    /// The open positions, in the order they are decided.
    positions: Vec<usize>,
    /// The code with every fixed position set.
    base: Code,
    /// `choices[j]`: (colour, clues it satisfies at `positions[j]`).
    choices: Vec<Vec<(u8, Vec<u16>)>>,
    /// `reach[j][i]`: open positions from `j` on where clue `i` can still be satisfied.
    reach: Vec<Vec<u8>>,
    /// `most[j]`: the most residual the open positions from `j` on can remove together.
    most: Vec<u32>,
    root: Vec<u8>,
    memo: Vec<FxHashMap<Box<[u8]>, W>>,
    /// Whether no secret can fit (found while compiling).
    empty: bool,
}

impl<W: Weight> BlackTable<W> {
    /// Compiles the black-peg constraints of `model` over the domains its propagation leaves
    /// at the root.
    pub(crate) fn new(model: &Model) -> BlackTable<W> {
        let mut s = model.root();
        let empty = model.propagate(&mut s) == Outcome::Fail;
        let mut table = BlackTable::at(model, &s);
        table.empty |= empty;
        table
    }

    /// Compiles the black-peg constraints left at a propagated, not failed, search state:
    /// the open positions and the black pegs each clue still needs there.
    pub(crate) fn at(model: &Model, s: &State) -> BlackTable<W> {
        let single = model.singles(s);
        let positions: Vec<usize> = (0..model.n).filter(|&p| single >> p & 1 == 0).collect();
        let mut base = Code::from_slice_unchecked(&[0u8; 32][..model.n]);
        for p in 0..model.n {
            if single >> p & 1 == 1 {
                base.set(p, model.domain(s, p).trailing_zeros() as u8);
            }
        }
        let active = model.residuals(s);
        let m = active.len();
        let n = positions.len();
        let mut choices = Vec::with_capacity(n);
        for &p in &positions {
            let dom = model.domain(s, p);
            let mut row = Vec::new();
            for c in 0..model.k {
                if dom >> c & 1 == 1 {
                    let hits: Vec<u16> = active
                        .iter()
                        .enumerate()
                        .filter(|(_, (guess, _))| usize::from(guess.colours()[p]) == c)
                        .map(|(i, _)| i as u16)
                        .collect();
                    row.push((c as u8, hits));
                }
            }
            choices.push(row);
        }
        let mut reach = vec![vec![0u8; m]; n + 1];
        let mut most = vec![0u32; n + 1];
        for j in (0..n).rev() {
            let mut r = reach[j + 1].clone();
            let mut best = 0;
            for (_, hits) in &choices[j] {
                for &i in hits {
                    r[usize::from(i)] = reach[j + 1][usize::from(i)] + 1;
                }
                best = best.max(hits.len() as u32);
            }
            reach[j] = r;
            most[j] = most[j + 1] + best;
        }
        BlackTable {
            n,
            positions,
            base,
            choices,
            reach,
            most,
            root: active.iter().map(|&(_, b)| b).collect(),
            memo: (0..=n).map(|_| FxHashMap::default()).collect(),
            empty: false,
        }
    }

    /// Whether `r` can still be met by positions `p..`.
    fn viable(&self, p: usize, r: &[u8]) -> bool {
        let mut sum = 0u32;
        for (i, &x) in r.iter().enumerate() {
            if x > self.reach[p][i] {
                return false;
            }
            sum += u32::from(x);
        }
        sum <= self.most[p]
    }

    /// Number of codes meeting every clue's black count; `None` on `u128` overflow.
    pub(crate) fn count(&mut self, budget: &Budget) -> Result<Option<W>, Stopped> {
        self.count_metered(&mut Meter::new(budget))
    }

    /// [`BlackTable::count`] on a caller's meter.
    pub(crate) fn count_metered(&mut self, meter: &mut Meter) -> Result<Option<W>, Stopped> {
        if self.empty {
            return Ok(Some(W::ZERO));
        }
        let root = self.root.clone();
        if !self.viable(0, &root) {
            return Ok(Some(W::ZERO));
        }
        self.completions(0, &root, meter)
    }

    /// Memoised completions of residual `r` at level `p`.
    fn completions(&mut self, p: usize, r: &[u8], meter: &mut Meter) -> Result<Option<W>, Stopped> {
        if p == self.n {
            return Ok(Some(if r.iter().all(|&x| x == 0) {
                W::ONE
            } else {
                W::ZERO
            }));
        }
        if let Some(&w) = self.memo[p].get(r) {
            return Ok(Some(w));
        }
        meter.step()?;
        let mut total = W::ZERO;
        let mut next = r.to_vec();
        for j in 0..self.choices[p].len() {
            next.copy_from_slice(r);
            let mut ok = true;
            for &i in &self.choices[p][j].1 {
                let x = &mut next[usize::from(i)];
                if *x == 0 {
                    ok = false;
                    break;
                }
                *x -= 1;
            }
            if !ok || !self.viable(p + 1, &next) {
                continue;
            }
            let Some(w) = self.completions(p + 1, &next, meter)? else {
                return Ok(None);
            };
            let Some(t) = total.plus(w) else {
                return Ok(None);
            };
            total = t;
        }
        self.memo[p].insert(r.into(), total);
        Ok(Some(total))
    }

    /// The completions of `r` at level `p` after a finished [`BlackTable::count`]: zero for
    /// residuals that were never stored (pruned or unreachable).
    fn known(&self, p: usize, r: &[u8]) -> W {
        if p == self.n {
            return if r.iter().all(|&x| x == 0) {
                W::ONE
            } else {
                W::ZERO
            };
        }
        self.memo[p].get(r).copied().unwrap_or(W::ZERO)
    }

    /// A code drawn uniformly from those the table counts (after a finished count that was
    /// not zero); `pick` draws an index below the given weight.
    pub(crate) fn draw<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        pick: impl Fn(&mut R, W) -> W,
        less: impl Fn(W, W) -> (bool, W),
    ) -> Code {
        let mut code = self.base;
        let mut r = self.root.clone();
        let mut next = r.clone();
        for p in 0..self.n {
            let total = self.known(p, &r);
            let mut x = pick(rng, total);
            let mut chosen = None;
            for (c, hits) in &self.choices[p] {
                next.copy_from_slice(&r);
                if !hits.iter().all(|&i| {
                    let v = &mut next[usize::from(i)];
                    let ok = *v > 0;
                    *v = v.saturating_sub(1);
                    ok
                }) {
                    continue;
                }
                let w = self.known(p + 1, &next);
                if w == W::ZERO {
                    continue;
                }
                let (below, rest) = less(x, w);
                chosen = Some((*c, next.clone()));
                if below {
                    break;
                }
                x = rest;
            }
            let (c, nr) = chosen.expect("a counted residual has a child with completions");
            code.set(self.positions[p], c);
            r = nr;
        }
        code
    }
}

/// Draws for exact `u128` tables: uniform below the total, then subtract along the children.
pub(crate) fn draw_exact<R: Rng + ?Sized>(table: &BlackTable<u128>, rng: &mut R) -> Code {
    table.draw(
        rng,
        |rng, total| rng.gen_range(0..total),
        |x, w| if x < w { (true, x) } else { (false, x - w) },
    )
}

/// Draws for `f64` tables (uniform up to rounding, about 2^-53 relative).
pub(crate) fn draw_float<R: Rng + ?Sized>(table: &BlackTable<f64>, rng: &mut R) -> Code {
    table.draw(
        rng,
        |rng, total| rng.r#gen::<f64>() * total,
        |x, w| if x < w { (true, x) } else { (false, x - w) },
    )
}
