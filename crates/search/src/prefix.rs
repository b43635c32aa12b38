//! Dropping hopeless guesses sixteen at a time, in games with many replies (Wordle's 243)
//! whose replies are tabulated by secret ([`Rules::replies_to`](codebreak_core::Rules)).
//!
//! The one-histogram scoring of such games ([`Scorer`](crate::ordering)) counts the secrets
//! of a set one by one, likeliest to share a reply first, and drops a guess as soon as the
//! counting bound of its classes so far passes the budget, or a class outgrows what the depth
//! left allows. Most guesses are dropped within the first sixteen secrets, after a few dozen
//! instructions each. [`Prefix`] asks the same of sixteen guesses at once: each of the first
//! sixteen secrets' replies is compared with those of the secrets before it, lane by lane, so
//! a lane learns how many secrets already share the reply (the class's size before it grows)
//! without a histogram. A guess this drops is one the scoring would drop, whatever the budget
//! it reads later (budgets only shrink); the guesses it keeps are scored as before, so the
//! choices are the same.

use wide::u8x16;

use crate::table::block;

/// Secrets counted sixteen guesses at a time.
pub(crate) const PREFIX_ROWS: usize = 32;

/// The first secrets of a set, as rows of replies by guess, with what each class's growth
/// adds to a guess's bound.
pub(crate) struct Prefix<'r> {
    /// Replies of the first [`PREFIX_ROWS`] secrets (at most), one byte per guess.
    rows: Vec<&'r [u8]>,
    /// What the counting bound grows by when a class of `h` secrets gains one, less the
    /// least growth that every secret adds anyway, for `h` below 15 (saturating at 255); for
    /// classes of 15 secrets or more, the least of their growths (so the guesses dropped are
    /// still ones the scoring drops).
    grow: u8x16,
    /// Size a class reaches (before it grows) that fails the guess: the depth left allows
    /// none larger (255: none within sixteen secrets).
    cap: u8,
}

impl<'r> Prefix<'r> {
    /// For the secrets' replies `rows` (in the order the scoring visits them, each as long as
    /// the guesses), the growths `grow[h]` of a class of `h` secrets gaining one (`steps[h] -
    /// least` in [`Bounds`](crate::bounds::Bounds)' terms) and the class size `cap` that
    /// fails a guess. `None` without rows.
    pub(crate) fn new(rows: Vec<&'r [u8]>, grow: impl Fn(usize) -> u64, cap: u64) -> Option<Self> {
        let len = rows.first()?.len();
        if rows.iter().any(|r| r.len() != len) {
            return None;
        }
        let rows: Vec<&[u8]> = rows.into_iter().take(PREFIX_ROWS).collect();
        // Classes of 15 secrets or more share the last entry: the least of their growths.
        let lut: [u8; 16] = std::array::from_fn(|h| match h {
            15 => (15..PREFIX_ROWS).map(&grow).min().unwrap_or(0).min(255) as u8,
            _ => grow(h).min(255) as u8,
        });
        Some(Prefix {
            rows,
            grow: u8x16::new(lut),
            cap: cap.min(255) as u8,
        })
    }

    /// Guesses in all (the length of a row).
    pub(crate) fn guesses(&self) -> usize {
        self.rows[0].len()
    }

    /// Which of the sixteen guesses `start..start + 16` (bit `i` for guess `start + i`; a
    /// guess past the last is never kept) survive the first secrets when a guess is dropped
    /// as soon as its classes' growths add up to more than `slack`.
    pub(crate) fn alive(&self, start: usize, slack: u64) -> u32 {
        let len = self.guesses();
        let width = len.saturating_sub(start).min(16);
        if width == 0 {
            return 0;
        }
        let slack = u8x16::splat(slack.min(255) as u8);
        let cap = u8x16::splat(self.cap);
        let one = u8x16::splat(1);
        let fifteen = u8x16::splat(15);
        let mut seen = [u8x16::ZERO; PREFIX_ROWS];
        let mut grown = u8x16::ZERO;
        // Lanes dropped so far, all ones.
        let mut dead = u8x16::ZERO;
        for (j, row) in self.rows.iter().enumerate() {
            let v = block(row, start);
            // How many earlier secrets share this one's reply: its class's size before it.
            let mut h = u8x16::ZERO;
            for &earlier in &seen[..j] {
                h += earlier.cmp_eq(v) & one;
            }
            seen[j] = v;
            grown = grown.saturating_add(self.grow.swizzle_relaxed(h.min(fifteen)));
            // Dropped: the growths pass the slack, or the class was already full.
            dead |= !grown.min(slack).cmp_eq(grown) | h.max(cap).cmp_eq(h);
            if dead.move_mask() == 0xffff {
                return 0;
            }
        }
        !(dead.move_mask() as u32) & ((1u32 << width) - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference: one guess at a time, a histogram per guess, dropped as the scoring
    /// drops it (with the growths of classes past 15 secrets taken as that of 15).
    fn alive_slow(rows: &[&[u8]], grow: &[u64], cap: u64, start: usize, slack: u64) -> u32 {
        let mut mask = 0;
        for i in 0..16 {
            let g = start + i;
            if g >= rows[0].len() {
                break;
            }
            let mut hist = [0u64; 256];
            let mut t = 0u64;
            let mut ok = true;
            for row in rows.iter().take(PREFIX_ROWS) {
                let r = row[g] as usize;
                let h = hist[r];
                hist[r] += 1;
                t += grow[(h as usize).min(15)];
                if t > slack || h >= cap {
                    ok = false;
                    break;
                }
            }
            if ok {
                mask |= 1 << i;
            }
        }
        mask
    }

    #[test]
    fn drops_what_one_guess_at_a_time_drops() {
        // Pseudo-random replies over a few values, so classes grow.
        let mut x = 12345u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for (len, values, n) in [
            (37, 3u64, 20),
            (64, 5, 16),
            (50, 243, 16),
            (19, 2, 9),
            (16, 4, 1),
            (40, 2, 40),
        ] {
            let data: Vec<Vec<u8>> = (0..n)
                .map(|_| (0..len).map(|_| (next() % values) as u8).collect())
                .collect();
            let rows: Vec<&[u8]> = data.iter().map(|r| &r[..]).collect();
            let grow: Vec<u64> = (0..PREFIX_ROWS)
                .map(|h| (h as u64) / 2 + u64::from(h > 3))
                .collect();
            for cap in [1u64, 2, 3, 5, 255] {
                for slack in [0u64, 1, 3, 6, 10, 40, 300] {
                    let p = Prefix::new(rows.clone(), |h| grow[h], cap).unwrap();
                    for start in (0..len).step_by(16) {
                        assert_eq!(
                            p.alive(start, slack),
                            alive_slow(&rows, &grow, cap, start, slack),
                            "len {len}, values {values}, cap {cap}, slack {slack}, start {start}"
                        );
                    }
                }
            }
        }
    }
}
