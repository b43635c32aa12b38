//! Lower bounds on what any strategy must spend on a set of secrets.
//!
//! A guess ends the game for at most one secret (the guess itself) and sends the others down
//! at most `b` branches, one per non-winning reply. So at most `b^(k-1)` secrets can be found
//! with exactly `k` guesses, and at most `cap(d) = 1 + b + … + b^(d-1)` within `d` guesses.
//! Filling those levels greedily gives the least possible total for `n` secrets; the least
//! possible worst case is the smallest `d` with `cap(d) ≥ n`. Both hold for any guess pool.
//!
//! In a game that ends when the secret is known ([`Bounds::known`], counterfeit coins), no
//! guess ends the game: a set of one secret costs nothing more, and a guess sends the secrets
//! down at most `r` branches, one per reply. A strategy is then an `r`-ary tree whose leaves
//! are the secrets, each counted at its depth: at most `r^d` secrets within `d` experiments
//! (so the least worst case is `⌈log_r n⌉`), and the least total is the least external path
//! length of an `r`-ary tree with `n` leaves, that of the complete tree.

/// Values pack a total and a worst case as `total << 8 | worst`, so that comparing packed
/// values compares totals first, then worst cases.
pub type Val = u64;

/// Packs a total and a worst case. Totals too large to pack (only ever derived from
/// [`INFINITE`]) give [`INFINITE`].
#[inline]
pub fn pack(total: u64, worst: u64) -> Val {
    if total > MAX_TOTAL {
        return INFINITE;
    }
    (total << 8) | worst.min(255)
}

/// Largest total that packs; every real total is far smaller (secrets × depth).
pub const MAX_TOTAL: u64 = 1 << 36;

/// The total of a packed value.
#[inline]
pub fn total(v: Val) -> u64 {
    v >> 8
}

/// The worst case of a packed value.
#[inline]
pub fn worst(v: Val) -> u64 {
    v & 0xff
}

/// "No bound": larger than any value.
pub const INFINITE: Val = u64::MAX;

/// Depth used when no depth limit is set.
pub const NO_LIMIT: u32 = 63;

/// Precomputed bounds for a game.
#[derive(Clone, Debug)]
pub struct Bounds {
    /// Non-winning replies a guess can get.
    branching: u64,
    /// Whether the game ends when the secret is known (see the module documentation).
    known: bool,
    /// `cap[d]`: most secrets findable within `d` guesses (saturating).
    cap: Vec<u64>,
    /// `fill[n]`: least total for `n` secrets with no depth limit.
    fill: Vec<u64>,
    /// `step[c] = fill[c + 1] - fill[c]`, so a class's bound can grow one secret at a time.
    step: Vec<u32>,
    /// The least of `step`: what any secret adds to a guess's bound, at least.
    min_step: u32,
    /// `depth[n]`: least worst case for `n` secrets.
    depth: Vec<u8>,
}

impl Bounds {
    /// Bounds for sets of up to `max_n` secrets with `branching` non-winning replies.
    pub fn new(branching: u64, max_n: usize) -> Bounds {
        let mut cap = vec![0u64; NO_LIMIT as usize + 1];
        let mut width = 1u64;
        for d in 1..=NO_LIMIT as usize {
            cap[d] = cap[d - 1].saturating_add(width);
            width = width.saturating_mul(branching.max(1));
        }
        let fill: Vec<u64> = (0..=max_n as u64 + 1)
            .map(|n| Self::fill_total(branching, n, NO_LIMIT))
            .collect();
        Self::with(branching, false, cap, fill, max_n)
    }

    /// Bounds for a game that ends when the secret is known, with `replies` replies (none of
    /// them winning), for sets of up to `max_n` secrets.
    ///
    /// ```
    /// use codebreak_search::bounds::{Bounds, total, worst};
    /// // Counterfeit coins: 24 secrets, replies < = >.
    /// let b = Bounds::known(3, 24);
    /// assert_eq!((total(b.lower(24, 63)), worst(b.lower(24, 63))), (71, 3));
    /// assert_eq!((total(b.lower(1, 0)), worst(b.lower(1, 0))), (0, 0));
    /// assert_eq!(b.min_depth(27), 3);
    /// assert_eq!(b.min_depth(28), 4);
    /// ```
    pub fn known(replies: u64, max_n: usize) -> Bounds {
        let r = replies.max(2);
        let mut cap = vec![1u64; NO_LIMIT as usize + 1];
        for d in 1..=NO_LIMIT as usize {
            cap[d] = cap[d - 1].saturating_mul(r);
        }
        let fill: Vec<u64> = (0..=max_n as u64 + 1)
            .map(|n| Self::external_path(r, n))
            .collect();
        Self::with(r, true, cap, fill, max_n)
    }

    fn with(branching: u64, known: bool, cap: Vec<u64>, fill: Vec<u64>, max_n: usize) -> Bounds {
        let step: Vec<u32> = fill
            .windows(2)
            .map(|w| w[1].saturating_sub(w[0]) as u32)
            .collect();
        let min_step = step.iter().copied().min().unwrap_or(0);
        let mut b = Bounds {
            branching,
            known,
            cap,
            fill,
            step,
            min_step,
            depth: Vec::new(),
        };
        b.depth = (0..=max_n as u64 + 1)
            .map(|n| b.min_depth(n) as u8)
            .collect();
        b
    }

    /// Non-winning replies a guess can get.
    pub fn branching(&self) -> u64 {
        self.branching
    }

    /// `step[c]`: how much the least total of a class grows when it gains its `c+1`-th secret.
    #[inline]
    pub fn steps(&self) -> &[u32] {
        &self.step
    }

    /// The least of [`steps`](Self::steps): a guess's bound grows by at least this much for
    /// every secret still to be counted, whatever its class.
    #[inline]
    pub fn min_step(&self) -> u32 {
        self.min_step
    }

    /// Least total for `n` secrets with no depth limit, by table (for `n` up to the size
    /// given to `new`).
    #[inline]
    pub fn fill_of(&self, n: usize) -> u64 {
        self.fill[n]
    }

    /// Least worst case for `n` secrets, by table (for `n` up to the size given to `new`).
    #[inline]
    pub fn depth_of(&self, n: usize) -> u64 {
        self.depth[n] as u64
    }

    /// The least external path length of an `r`-ary tree with `n` leaves: the complete tree,
    /// with `r^k ≤ n < r^(k+1)` leaves at depth `k` or `k + 1`. Starting from the `r^k` leaves
    /// at depth `k`, each of the `m = ⌈(n - r^k) / (r - 1)⌉` leaves split adds its children
    /// at depth `k + 1`; the total is `k·r^k + (n - r^k)(k + 1) + m`.
    fn external_path(r: u64, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let (mut k, mut width) = (0u64, 1u64);
        while width.saturating_mul(r) <= n {
            width *= r;
            k += 1;
        }
        let extra = n - width;
        k * width + extra * (k + 1) + extra.div_ceil(r - 1)
    }

    fn fill_total(branching: u64, n: u64, depth: u32) -> u64 {
        let (mut left, mut width, mut total) = (n, 1u64, 0u64);
        for level in 1..=depth as u64 {
            if left == 0 {
                break;
            }
            let take = left.min(width);
            total += take * level;
            left -= take;
            width = width.saturating_mul(branching.max(1));
        }
        if left > 0 { u64::MAX >> 9 } else { total }
    }

    /// Whether these are the bounds of a game that ends when the secret is known.
    pub fn is_known(&self) -> bool {
        self.known
    }

    /// Most secrets findable within `d` guesses.
    pub fn cap(&self, d: u32) -> u64 {
        self.cap[d.min(NO_LIMIT) as usize]
    }

    /// Least possible worst case for `n` secrets.
    pub fn min_depth(&self, n: u64) -> u32 {
        let first = if self.known { 0 } else { 1 };
        (first..=NO_LIMIT)
            .find(|&d| self.cap(d) >= n)
            .unwrap_or(NO_LIMIT)
    }

    /// Least possible (total, worst) for `n` secrets within `d` guesses when the first guess
    /// is not one of them (it finds none at once), packed.
    pub fn outside(&self, n: u64, d: u32) -> Val {
        let b = self.branching.max(1);
        // The first guess sends all n secrets into at most b classes: a forest of b roots.
        let (mut left, mut width, mut t) = (n, b, n);
        let mut level = 1u64;
        while left > 0 {
            let take = left.min(width);
            t += take * level;
            left -= take;
            width = width.saturating_mul(b);
            level += 1;
        }
        let largest = n.div_ceil(b);
        let w = 1 + self.min_depth(largest) as u64;
        if w > d as u64 { INFINITE } else { pack(t, w) }
    }

    /// Least possible (total, worst) for `n` secrets within `d` guesses, packed; `INFINITE` if
    /// they cannot all be found within `d`.
    pub fn lower(&self, n: u64, d: u32) -> Val {
        if n == 0 {
            return 0;
        }
        if n > self.cap(d) {
            return INFINITE;
        }
        // The fill bound never needs more levels than min_depth(n), which is ≤ d here.
        match (self.fill.get(n as usize), self.depth.get(n as usize)) {
            (Some(&t), Some(&w)) => pack(t, w as u64),
            _ if self.known => pack(
                Self::external_path(self.branching, n),
                self.min_depth(n) as u64,
            ),
            _ => pack(
                Self::fill_total(self.branching, n, NO_LIMIT),
                self.min_depth(n) as u64,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mastermind_bounds() {
        let b = Bounds::new(13, 1296);
        assert_eq!(b.cap(1), 1);
        assert_eq!(b.cap(2), 14);
        assert_eq!(b.cap(3), 1 + 13 + 169);
        assert_eq!(total(b.lower(1, 5)), 1);
        assert_eq!(total(b.lower(2, 5)), 3);
        assert_eq!(total(b.lower(14, 5)), 1 + 13 * 2);
        assert_eq!(worst(b.lower(15, 5)), 3);
        assert_eq!(b.lower(15, 2), INFINITE);
        assert!(pack(10, 3) < pack(10, 4) && pack(10, 9) < pack(11, 1));
        // Budgets derived from an infinite bound stay infinite instead of wrapping.
        assert_eq!(pack(total(INFINITE) + 1, 0), INFINITE);
    }

    /// The least external path length of a tree whose inner nodes have 2 to `r` children,
    /// by dynamic programming over every way to split `n` leaves.
    fn least_external_path(r: usize, max_n: usize) -> Vec<u64> {
        // one[n]: least total of n leaves under one root; parts[k][n]: least sum of `one` over
        // 1 to k subtrees holding n leaves in all.
        let mut one = vec![0u64; max_n + 1];
        let mut parts = vec![vec![u64::MAX; max_n + 1]; r + 1];
        for n in 1..=max_n {
            let split = |one: &[u64], parts: &[Vec<u64>], k: usize| {
                (1..n)
                    .filter(|&first| parts[k][n - first] != u64::MAX)
                    .map(|first| one[first] + parts[k][n - first])
                    .min()
                    .unwrap_or(u64::MAX)
            };
            if n >= 2 {
                one[n] = n as u64 + split(&one, &parts, r - 1);
            }
            parts[1][n] = one[n];
            for k in 2..=r {
                parts[k][n] = parts[k - 1][n].min(split(&one, &parts, k - 1));
            }
        }
        one
    }

    #[test]
    fn known_end_bounds_are_the_least_external_path_lengths() {
        for r in 2..=4usize {
            let b = Bounds::known(r as u64, 60);
            let dp = least_external_path(r, 60);
            for (n, &want) in dp.iter().enumerate().skip(1) {
                assert_eq!(total(b.lower(n as u64, NO_LIMIT)), want, "r = {r}, n = {n}");
                let depth = (0..).find(|&d| (r as u64).pow(d) >= n as u64).unwrap();
                assert_eq!(b.min_depth(n as u64), depth, "r = {r}, n = {n}");
            }
        }
        let b = Bounds::known(3, 26);
        assert_eq!(b.cap(2), 9);
        assert_eq!(b.lower(10, 2), INFINITE);
        assert_eq!(worst(b.lower(26, 3)), 3);
    }
}
