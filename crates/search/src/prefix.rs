//! Dropping hopeless guesses many at a time, in games with many replies (Wordle's 243)
//! whose replies are tabulated by secret ([`Rules::replies_to`](codebreak_core::Rules)).
//!
//! The one-histogram scoring of such games ([`Scorer`](crate::ordering)) counts the secrets
//! of a set one by one, likeliest to share a reply first, and drops a guess as soon as the
//! counting bound of its classes so far passes the budget, or a class outgrows what the depth
//! left allows. [`Prefix`] asks the same of [`BLOCK`] guesses at once: each secret's replies
//! are compared with those of the secrets before it, lane by lane, so a lane learns how many
//! secrets already share the reply (the class's size before it grows) without a histogram. A
//! guess this drops is one the scoring would drop, whatever the budget it reads later
//! (budgets only shrink); the guesses it keeps are scored as before, so the choices are the
//! same.
//!
//! On a processor with AVX-512 (byte instructions), sixty-four guesses share one vector and
//! a scan for the least bound alone reads up to [`DEEP_ROWS`] secrets: the comparisons grow
//! with the square of the secrets, but cost one instruction for sixty-four guesses, so the
//! guesses whose bound only passes the best one's late in the set are dropped here too,
//! instead of by the scoring's one secret at a time. Elsewhere, sixteen guesses share a
//! vector and the first [`PREFIX_ROWS`] secrets are read.

use wide::u8x16;

use crate::table::block;

/// Secrets counted sixteen guesses at a time, or by a scan that wants every guess.
pub(crate) const PREFIX_ROWS: usize = 32;
/// Most secrets counted sixty-four guesses at a time by a scan for the least bound.
pub(crate) const DEEP_ROWS: usize = 512;
/// From this many secrets on, the sixty-four-lane kernel keeps a set of the replies seen
/// per guess instead of comparing each secret with every earlier one (whose cost grows with
/// the square of the secrets).
const BITS_MIN: usize = 160;
/// Guesses asked about at once ([`Prefix::alive`]).
pub(crate) const BLOCK: usize = 64;

/// The first secrets of a set, as rows of replies by guess, with what each class's growth
/// adds to a guess's bound.
pub(crate) struct Prefix<'r> {
    /// Replies of the first [`DEEP_ROWS`] secrets (at most), one byte per guess.
    rows: Vec<&'r [u8]>,
    /// What the counting bound grows by when a class of `h` secrets gains one, less the
    /// least growth that every secret adds anyway, for `h` below 15 (saturating at 255); for
    /// classes of 15 secrets or more, the least of their growths (so the guesses dropped are
    /// still ones the scoring drops).
    lut: [u8; 16],
    /// [`lut`](Self::lut) as a vector.
    grow: u8x16,
    /// Size a class reaches (before it grows) that fails the guess: the depth left allows
    /// none larger (255: none within the rows read).
    cap: u8,
    /// Whether the processor has AVX-512's byte instructions (sixty-four lanes).
    wide: bool,
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
        let rows: Vec<&[u8]> = rows.into_iter().take(DEEP_ROWS).collect();
        // Classes of 15 secrets or more share the last entry: the least of their growths.
        let lut: [u8; 16] = std::array::from_fn(|h| match h {
            15 => (15..DEEP_ROWS).map(&grow).min().unwrap_or(0).min(255) as u8,
            _ => grow(h).min(255) as u8,
        });
        Some(Prefix {
            rows,
            lut,
            grow: u8x16::new(lut),
            cap: cap.min(255) as u8,
            wide: wide_available(),
        })
    }

    /// Guesses in all (the length of a row).
    pub(crate) fn guesses(&self) -> usize {
        self.rows[0].len()
    }

    /// Which of the [`BLOCK`] guesses from `start` (bit `i` for guess `start + i`; a guess
    /// past the last is never kept) survive the first secrets when a guess is dropped as soon
    /// as its classes' growths add up to more than `slack`. `deep`: read up to [`DEEP_ROWS`]
    /// secrets where that is cheap, for a scan whose budget is the best bound so far.
    pub(crate) fn alive(&self, start: usize, slack: u64, deep: bool) -> u64 {
        let read = if self.wide && deep {
            self.rows.len()
        } else {
            self.rows.len().min(PREFIX_ROWS)
        };
        // A slack no growths over these secrets can pass, and a cap no class reaches among
        // them (a search's first scan for the least bound has no budget yet): all kept.
        let most = u64::from(self.lut.iter().copied().max().unwrap_or(0));
        if slack >= read as u64 * most && usize::from(self.cap) >= read {
            return lanes(self.guesses(), start);
        }
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        if self.wide {
            let rows = &self.rows[..read];
            // SAFETY: `wide` says the processor has the instructions.
            return unsafe {
                if read >= BITS_MIN {
                    avx512::alive_bits(rows, start, &self.lut, slack)
                } else {
                    avx512::alive(rows, start, &self.lut, self.cap, slack)
                }
            };
        }
        (0..BLOCK / 16).fold(0, |mask, k| {
            mask | u64::from(self.alive16(start + 16 * k, slack)) << (16 * k)
        })
    }

    /// The guesses (every one of a row, in increasing order, into `out`) whose replies to
    /// the `rows` (at most [`BLOCK`]) collide at most `allowed` times, a collision being a
    /// reply an earlier row already got: [`few_collisions_pairwise`](crate::table) sixty-four
    /// guesses at a time. `false`, with nothing written, where the processor lacks the
    /// sixty-four-lane kernel (the kernel of sixteen lanes reads only [`PREFIX_ROWS`] rows,
    /// too few to be exact).
    pub(crate) fn few_collisions(rows: &[&'r [u8]], allowed: u64, out: &mut Vec<u32>) -> bool {
        if rows.len() > BLOCK || !wide_available() {
            return false;
        }
        // A class's first secret adds nothing, every other one a collision; no class fills
        // up within the rows.
        let Some(p) = Prefix::new(rows.to_vec(), |h| u64::from(h > 0), u64::MAX) else {
            return false;
        };
        for start in (0..p.guesses()).step_by(BLOCK) {
            let mut alive = p.alive(start, allowed, true);
            while alive != 0 {
                out.push((start + alive.trailing_zeros() as usize) as u32);
                alive &= alive - 1;
            }
        }
        true
    }

    /// [`alive`](Self::alive) for sixteen guesses, over the first [`PREFIX_ROWS`] secrets.
    fn alive16(&self, start: usize, slack: u64) -> u32 {
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
        for (j, row) in self.rows.iter().take(PREFIX_ROWS).enumerate() {
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

/// The lanes of a block from `start` that hold guesses, of `len` in all: bit `i` for guess
/// `start + i`.
fn lanes(len: usize, start: usize) -> u64 {
    match len.saturating_sub(start).min(BLOCK) {
        BLOCK => !0,
        width => (1 << width) - 1,
    }
}

/// Whether this processor runs [`Prefix`]'s sixty-four-lane kernel.
pub(crate) fn wide_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The sixty-four-lane kernel: one byte per guess, AVX-512's compares to masks. The only
/// unsafe code of the workspace: a function compiled for instructions that the processor is
/// checked to have before it is called, and masked loads that read only within each row.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512 {
    use std::arch::x86_64::*;

    /// [`Prefix::alive`](super::Prefix::alive) over `rows`: bit `i` for guess `start + i`.
    ///
    /// # Safety
    /// The processor must have AVX-512F and AVX-512BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn alive(
        rows: &[&[u8]],
        start: usize,
        lut: &[u8; 16],
        cap: u8,
        slack: u64,
    ) -> u64 {
        let lanes = super::lanes(rows[0].len(), start);
        if lanes == 0 {
            return 0;
        }
        // Masked loads read only the lanes of guesses that exist: no byte past a row's end.
        let load = |row: &[u8]| {
            // SAFETY: the lanes loaded are `start..start + lanes.count_ones()`, all within `row`.
            unsafe { _mm512_maskz_loadu_epi8(lanes, row.as_ptr().add(start).cast()) }
        };
        // SAFETY: `lut` is sixteen bytes.
        let grow = _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(lut.as_ptr().cast()) });
        // Past 255 secrets the growths no longer fit a byte, but what each secret falls
        // short of the largest growth does in Wordle (one per new class): a lane whose
        // shortfall stays below `secrets * most - slack` has passed the slack.
        let most = lut.iter().copied().max().unwrap_or(0);
        let short: [u8; 16] = std::array::from_fn(|h| most - lut[h]);
        // SAFETY: `short` is sixteen bytes.
        let short = _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(short.as_ptr().cast()) });
        let mut fell = _mm512_setzero_si512();
        let slack_all = slack;
        let slack = _mm512_set1_epi8(slack.min(255) as u8 as i8);
        let cap = _mm512_set1_epi8(cap as i8);
        let one = _mm512_set1_epi8(1);
        let fifteen = _mm512_set1_epi8(15);
        let mut grown = _mm512_setzero_si512();
        // Lanes dropped so far (and those past the last guess).
        let mut dead = !lanes;
        for (j, row) in rows.iter().enumerate() {
            fetch_ahead(rows, j, start);
            let v = load(row);
            // How many earlier secrets share this one's reply: its class's size before it.
            // (The earlier rows are read again: they stay in the first-level cache.)
            let mut h = _mm512_setzero_si512();
            for earlier in &rows[..j] {
                let same = _mm512_cmpeq_epi8_mask(load(earlier), v);
                h = _mm512_mask_adds_epu8(h, same, h, one);
            }
            let h15 = _mm512_min_epu8(h, fifteen);
            grown = _mm512_adds_epu8(grown, _mm512_shuffle_epi8(grow, h15));
            fell = _mm512_adds_epu8(fell, _mm512_shuffle_epi8(short, h15));
            // Dropped: the growths pass the slack (a byte that saturates only understates
            // them), or the class was already full.
            dead |= _mm512_cmpgt_epu8_mask(grown, slack) | _mm512_cmpge_epu8_mask(h, cap);
            // ... or the shortfall is below what the slack allows (one that saturates at 255
            // is never below).
            dead |= below(fell, (j as u64 + 1) * u64::from(most), slack_all);
            if dead == !0 {
                return 0;
            }
        }
        !dead
    }

    /// The lanes whose count is below `most - spare` (none when that is not positive; a
    /// count saturated at 255 is never below).
    #[target_feature(enable = "avx512f,avx512bw")]
    fn below(counts: __m512i, most: u64, spare: u64) -> u64 {
        match most.checked_sub(spare) {
            Some(least) if least > 0 => {
                _mm512_cmplt_epu8_mask(counts, _mm512_set1_epi8(least.min(255) as u8 as i8))
            }
            _ => 0,
        }
    }

    /// Rows read ahead of the one a kernel is at: each row is a different stretch of the
    /// table, too many for the processor to foresee.
    const AHEAD: usize = 8;

    /// Asks the cache for the block from `start` of the row [`AHEAD`] after row `j`.
    #[inline(always)]
    fn fetch_ahead(rows: &[&[u8]], j: usize, start: usize) {
        if let Some(row) = rows.get(j + AHEAD)
            && let Some(at) = row.get(start..)
        {
            // SAFETY: a prefetch reads nothing the program sees and cannot fault; the
            // address is within the row.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(at.as_ptr().cast()) };
        }
    }

    /// [`alive`] over many secrets: each guess keeps the set of replies it has given so
    /// far (four 64-bit words, eight guesses to a vector), so each secret costs the same
    /// however many came before. It counts the new classes only, so it drops a guess when
    /// its collisions, each growing the bound by at least the least growth of a class that
    /// has secrets, pass the slack; it never drops one that [`alive`] keeps, and drops the
    /// same ones when classes grow alike whatever their size (Wordle's) and none fills up.
    ///
    /// # Safety
    /// The processor must have AVX-512F and AVX-512BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn alive_bits(
        rows: &[&[u8]],
        start: usize,
        lut: &[u8; 16],
        slack: u64,
    ) -> u64 {
        let lanes = super::lanes(rows[0].len(), start);
        if lanes == 0 {
            return 0;
        }
        let least = u64::from(lut[1..].iter().copied().min().unwrap_or(0));
        if least == 0 {
            return lanes;
        }
        // Collisions a guess may have: a guess with more has passed the slack.
        let allowed = slack / least;
        let one = _mm512_set1_epi8(1);
        let bit_one = _mm512_set1_epi64(1);
        let low6 = _mm512_set1_epi64(63);
        let words: [__m512i; 4] = std::array::from_fn(|w| _mm512_set1_epi64(w as i64));
        // Replies seen: guess `8q + k`'s word `w` is lane `k` of `seen[4q + w]`.
        let mut seen = [_mm512_setzero_si512(); 32];
        let mut parts = _mm512_setzero_si512();
        let mut dead = !lanes;
        // Which eight guesses' replies go to the low quarter of a vector, by `q`.
        let quarters: [__m512i; 8] = std::array::from_fn(|q| _mm512_set1_epi64(q as i64));
        for (j, row) in rows.iter().enumerate() {
            fetch_ahead(rows, j, start);
            // SAFETY: as in `alive`, the lanes loaded are all within `row`.
            let v = unsafe { _mm512_maskz_loadu_epi8(lanes, row.as_ptr().add(start).cast()) };
            let mut repeat = 0u64;
            for (q, quarter) in quarters.iter().enumerate() {
                let eight = _mm512_castsi512_si128(_mm512_permutexvar_epi64(*quarter, v));
                let r = _mm512_cvtepu8_epi64(eight);
                let bit = _mm512_sllv_epi64(bit_one, _mm512_and_si512(r, low6));
                let word = _mm512_srli_epi64::<6>(r);
                let mut hit = 0u8;
                for (w, at) in words.iter().enumerate() {
                    let mine = _mm512_cmpeq_epi64_mask(word, *at);
                    let set = &mut seen[4 * q + w];
                    hit |= _mm512_mask_test_epi64_mask(mine, *set, bit);
                    *set = _mm512_mask_or_epi64(*set, mine, *set, bit);
                }
                repeat |= u64::from(hit) << (8 * q);
            }
            // A byte that saturates at 255 understates the classes, so it is never below.
            parts = _mm512_mask_adds_epu8(parts, !repeat, parts, one);
            dead |= below(parts, j as u64 + 1, allowed);
            if dead == !0 {
                return 0;
            }
        }
        !dead
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference: one guess at a time, a histogram per guess, dropped as the scoring
    /// drops it (with the growths of classes past 15 secrets taken as that of 15).
    fn alive_slow(rows: &[&[u8]], grow: &[u64], cap: u64, start: usize, slack: u64) -> u64 {
        let mut mask = 0;
        for i in 0..BLOCK {
            let g = start + i;
            if g >= rows[0].len() {
                break;
            }
            let mut hist = [0u64; 256];
            let mut t = 0u64;
            let mut ok = true;
            for row in rows {
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

    /// `n` rows of `len` pseudo-random replies below `values`, from the state `x`.
    fn random_rows(x: &mut u64, len: usize, values: u64, n: usize) -> Vec<Vec<u8>> {
        let mut next = || {
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            *x
        };
        (0..n)
            .map(|_| (0..len).map(|_| (next() % values) as u8).collect())
            .collect()
    }

    #[test]
    fn few_collisions_sixty_four_at_a_time_is_the_pairwise_kernel() {
        let mut x = 987654321u64;
        if !wide_available() {
            return;
        }
        for (len, values, n) in [
            (300, 243u64, 64),
            (129, 7, 40),
            (64, 243, 20),
            (5, 3, 9),
            (1000, 30, 33),
        ] {
            let data = random_rows(&mut x, len, values, n);
            let rows: Vec<&[u8]> = data.iter().map(|r| &r[..]).collect();
            for allowed in [0u64, 1, 2, 5, 10, 30, 63, 64, 200] {
                let mut want = Vec::new();
                crate::table::few_collisions_pairwise(&rows, allowed as u32, &mut want);
                let mut got = Vec::new();
                assert!(Prefix::few_collisions(&rows, allowed, &mut got));
                assert_eq!(
                    got, want,
                    "len {len}, values {values}, rows {n}, allowed {allowed}"
                );
            }
        }
    }

    #[test]
    fn drops_what_one_guess_at_a_time_drops() {
        // Pseudo-random replies over a few values, so classes grow.
        let mut x = 12345u64;
        for (len, values, n) in [
            (37, 3u64, 20),
            (64, 5, 16),
            (50, 243, 16),
            (19, 2, 9),
            (16, 4, 1),
            (40, 2, 40),
            (150, 7, 70),
            (130, 243, 300),
            (100, 6, 600),
            (70, 243, 520),
            (200, 40, 120),
        ] {
            let data = random_rows(&mut x, len, values, n);
            let rows: Vec<&[u8]> = data.iter().map(|r| &r[..]).collect();
            // Growths that climb, and Wordle's: nothing for a new class, one for any other.
            let climbing: Vec<u64> = (0..DEEP_ROWS)
                .map(|h| (h as u64) / 2 + u64::from(h > 3))
                .collect();
            let wordle: Vec<u64> = (0..DEEP_ROWS).map(|h| u64::from(h > 0)).collect();
            for (grow, exact) in [(&climbing, false), (&wordle, values < 255)] {
                // The kernel for many secrets keeps guesses whose classes fill up.
                for cap in [1u64, 2, 3, 5, 255] {
                    for slack in [0u64, 1, 3, 6, 10, 40, 100, 300, 400] {
                        let mut p = Prefix::new(rows.clone(), |h| grow[h], cap).unwrap();
                        // Both kernels where the processor has both, each over the rows it
                        // reads.
                        for wide in [false, p.wide] {
                            p.wide = wide;
                            for deep in [false, true] {
                                let read = if wide && deep { DEEP_ROWS } else { PREFIX_ROWS };
                                let read = &rows[..n.min(read)];
                                for start in (0..len).step_by(BLOCK) {
                                    let got = p.alive(start, slack, deep);
                                    let want = alive_slow(read, grow, cap, start, slack);
                                    let at = format!(
                                        "len {len}, values {values}, cap {cap}, slack {slack}, \
                                         start {start}, wide {wide}, deep {deep}"
                                    );
                                    // Never a guess the scoring keeps dropped; past 255 secrets
                                    // the climbing growths saturate a byte, and some hopeless
                                    // guesses are kept.
                                    assert_eq!(want & !got, 0, "{at}");
                                    let bits = wide && read.len() >= BITS_MIN;
                                    if (exact && (cap == 255 || !bits)) || read.len() <= PREFIX_ROWS
                                    {
                                        assert_eq!(got, want, "{at}");
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
