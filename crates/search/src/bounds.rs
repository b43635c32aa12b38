//! Lower bounds on what any strategy must spend on a set of secrets.
//!
//! A guess ends the game for at most one secret (the guess itself) and sends the others down
//! at most `b` branches, one per non-winning reply. So at most `b^(k-1)` secrets can be found
//! with exactly `k` guesses, and at most `cap(d) = 1 + b + … + b^(d-1)` within `d` guesses.
//! Filling those levels greedily gives the least possible total for `n` secrets; the least
//! possible worst case is the smallest `d` with `cap(d) ≥ n`. Both hold for any guess pool.

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
    /// `cap[d]`: most secrets findable within `d` guesses (saturating).
    cap: Vec<u64>,
    /// `fill[n]`: least total for `n` secrets with no depth limit.
    fill: Vec<u64>,
    /// `step[c] = fill[c + 1] - fill[c]`, so a class's bound can grow one secret at a time.
    step: Vec<u32>,
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
        let step = fill.windows(2).map(|w| (w[1] - w[0]) as u32).collect();
        let mut b = Bounds {
            branching,
            cap,
            fill,
            step,
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

    /// Most secrets findable within `d` guesses.
    pub fn cap(&self, d: u32) -> u64 {
        self.cap[d.min(NO_LIMIT) as usize]
    }

    /// Least possible worst case for `n` secrets.
    pub fn min_depth(&self, n: u64) -> u32 {
        (1..=NO_LIMIT)
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
}
