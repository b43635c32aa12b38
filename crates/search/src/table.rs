//! Every reply of a game, tabulated: one byte per (code, guess) pair, row by code.
//!
//! Deep in the search, most nodes hold a handful of secrets, and the question asked of every
//! guess is "does it tell these secrets apart?" ([`few_collisions`]). With the replies of each
//! secret laid out in a row, that question is answered sixteen guesses at a time with byte
//! shuffles, instead of one score at a time.

use codebreak_core::{Engine, Rules};
use rayon::prelude::*;
use wide::{CmpEq, CmpGt, i8x16, u8x16};

/// Largest game tabulated: `n²` bytes (64 MiB here).
pub const MAX_CODES: usize = 8192;
/// Most distinct replies the vector kernels handle (one bit each in three bytes: Mastermind
/// with five pegs has 21 replies).
pub const MAX_REPLIES: usize = 24;
/// Most distinct replies that fit the two-byte form of the kernels, which is a little cheaper.
const TWO_BYTE_REPLIES: usize = 16;
/// Value of the padding bytes past the last guess: a reply no guess gets, which never collides.
const PAD: i8 = i8::MIN;

/// The reply index of every guess against every code.
pub struct ScoreTable {
    codes: usize,
    stride: usize,
    /// Distinct replies of the game (at most [`MAX_REPLIES`]).
    replies: usize,
    cells: Vec<i8>,
}

impl ScoreTable {
    /// Tabulates the game, or `None` when it is too large or has too many replies for the
    /// kernel.
    pub fn build<R: Rules>(e: &Engine<R>) -> Option<ScoreTable> {
        let codes = e.space().len();
        if codes > MAX_CODES || e.feedback_count() > MAX_REPLIES {
            return None;
        }
        let stride = codes.next_multiple_of(16);
        let mut cells = vec![PAD; codes * stride];
        let rules = e.rules();
        cells
            .par_chunks_mut(stride)
            .enumerate()
            .for_each(|(c, row)| {
                let secret = e.packed(c as u32);
                for (g, cell) in row[..codes].iter_mut().enumerate() {
                    *cell = rules.score(secret, e.packed(g as u32)).0 as i8;
                }
            });
        Some(ScoreTable {
            codes,
            stride,
            replies: e.feedback_count(),
            cells,
        })
    }

    /// Replies of every guess when the secret is `code`, padded to a multiple of 16.
    pub fn row(&self, code: u32) -> &[i8] {
        let start = code as usize * self.stride;
        &self.cells[start..start + self.stride]
    }

    /// Number of codes (and guesses).
    pub fn codes(&self) -> usize {
        self.codes
    }

    /// Number of distinct replies, what [`few_collisions`] and [`first_apart`] need to know.
    pub fn replies(&self) -> usize {
        self.replies
    }
}

/// Each lane's reply `r` of a block of sixteen as one bit of a 24-bit set, in three bytes:
/// bit `r` of (low, high) for replies below 16, bit `r - 16` of the third byte for the others,
/// none for padding (negative). With `two` (every reply below 16), the third byte is zero and
/// not computed.
#[inline(always)]
fn reply_bits(v: i8x16, two: bool) -> (i8x16, i8x16, i8x16) {
    let lo_bits = i8x16::new([1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0]);
    let hi_bits = i8x16::new([0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128]);
    if two {
        // Padding (negative) shuffles to nothing.
        return (
            lo_bits.swizzle_relaxed(v),
            hi_bits.swizzle_relaxed(v),
            i8x16::ZERO,
        );
    }
    // A shuffle reads only an index's low four bits unless its top bit is set (then it gives
    // zero): replies of 16 and more get their top bit set for the first two bytes, and those
    // below 16 (and padding) for the third.
    let high = v.cmp_gt(i8x16::splat(15));
    let below = !high;
    let low = v | high;
    let top = (v - i8x16::splat(16)) | below;
    (
        lo_bits.swizzle_relaxed(low),
        hi_bits.swizzle_relaxed(low),
        lo_bits.swizzle_relaxed(top),
    )
}

/// Appends to `out`, in increasing order, every guess `g < codes` whose replies `row[g]` over
/// the given rows (one per secret) collide at most `allowed` times: a collision is a secret
/// whose reply an earlier row already gave. Rows come from one [`ScoreTable`]; putting rows
/// likely to collide first lets hopeless blocks of guesses stop early.
///
/// Sixteen guesses at a time: each reply `r` becomes bit `r` of a (low, high) byte pair by
/// two byte shuffles, and a guess's lane collides when that bit is already set.
pub fn few_collisions(rows: &[&[i8]], codes: usize, allowed: u32, out: &mut Vec<u32>) {
    few_collisions_with(rows, codes, allowed, MAX_REPLIES, out);
}

/// [`few_collisions`] on a table of `replies` distinct replies: the two-byte kernel when they
/// fit it.
pub fn few_collisions_with(
    rows: &[&[i8]],
    codes: usize,
    allowed: u32,
    replies: usize,
    out: &mut Vec<u32>,
) {
    if replies <= TWO_BYTE_REPLIES {
        few_collisions_of::<true>(rows, codes, allowed, out)
    } else {
        few_collisions_of::<false>(rows, codes, allowed, out)
    }
}

/// [`few_collisions`] with replies below 16 only (`TWO`) or below [`MAX_REPLIES`].
#[inline]
fn few_collisions_of<const TWO: bool>(
    rows: &[&[i8]],
    codes: usize,
    allowed: u32,
    out: &mut Vec<u32>,
) {
    let zero = i8x16::ZERO;
    let one = i8x16::splat(1);
    let limit = i8x16::splat(allowed.min(100) as i8);
    for start in (0..codes).step_by(16) {
        let (mut seen_lo, mut seen_hi, mut seen_top, mut collisions) = (zero, zero, zero, zero);
        let mut dead = 0;
        for row in rows {
            let v = i8x16::from_slice_unaligned(&row[start..start + 16]);
            let (lo, hi, top) = reply_bits(v, TWO);
            let hit = (seen_lo & lo) | (seen_hi & hi) | (seen_top & top);
            collisions += !hit.cmp_eq(zero) & one;
            seen_lo |= lo;
            seen_hi |= hi;
            seen_top |= top;
            dead = collisions.cmp_gt(limit).move_mask();
            if dead == 0xffff {
                break;
            }
        }
        let mut alive = !dead as u32 & 0xffff;
        while alive != 0 {
            let g = start + alive.trailing_zeros() as usize;
            if g >= codes {
                break;
            }
            out.push(g as u32);
            alive &= alive - 1;
        }
    }
}

/// The lowest guess `g < codes` that `keep` accepts and whose replies `row[g]` over the given
/// rows (one per secret) are all different, by the kernel of [`few_collisions`] with no
/// collision allowed, stopping at the first block of sixteen guesses that holds one.
pub fn first_apart(rows: &[&[i8]], codes: usize, keep: impl Fn(u32) -> bool) -> Option<u32> {
    first_apart_with(rows, codes, MAX_REPLIES, keep)
}

/// [`first_apart`] on a table of `replies` distinct replies: the two-byte kernel when they
/// fit it.
pub fn first_apart_with(
    rows: &[&[i8]],
    codes: usize,
    replies: usize,
    keep: impl Fn(u32) -> bool,
) -> Option<u32> {
    if replies <= TWO_BYTE_REPLIES {
        first_apart_of::<true>(rows, codes, keep)
    } else {
        first_apart_of::<false>(rows, codes, keep)
    }
}

/// [`first_apart`] with replies below 16 only (`TWO`) or below [`MAX_REPLIES`].
#[inline]
fn first_apart_of<const TWO: bool>(
    rows: &[&[i8]],
    codes: usize,
    keep: impl Fn(u32) -> bool,
) -> Option<u32> {
    let zero = i8x16::ZERO;
    for start in (0..codes).step_by(16) {
        let (mut seen_lo, mut seen_hi, mut seen_top, mut hits) = (zero, zero, zero, zero);
        for row in rows {
            let v = i8x16::from_slice_unaligned(&row[start..start + 16]);
            let (lo, hi, top) = reply_bits(v, TWO);
            hits |= (seen_lo & lo) | (seen_hi & hi) | (seen_top & top);
            seen_lo |= lo;
            seen_hi |= hi;
            seen_top |= top;
            if hits.cmp_eq(zero).move_mask() == 0 {
                break;
            }
        }
        let mut alive = hits.cmp_eq(zero).move_mask() as u32 & 0xffff;
        while alive != 0 {
            let g = (start + alive.trailing_zeros() as usize) as u32;
            if g as usize >= codes {
                break;
            }
            if keep(g) {
                return Some(g);
            }
            alive &= alive - 1;
        }
    }
    None
}

/// The counting bound of the classes that each of the sixteen guesses `start..start + 16`
/// leaves on the given rows (one per secret, at most 255 of them): the sum over every reply
/// but `win` of `fill(count)`, where `fill(c)` is the sum of `c - cap` over the `caps` below
/// `c`, saturating at 255. Each reply's count is kept in a vector of sixteen lanes, one per
/// guess, raised by a comparison with each row. The bounds only grow as rows are counted:
/// every sixteen rows, once every lane's exceeds `most`, the rest are not counted (the
/// lanes then hold bounds above `most`, not the whole ones).
pub fn class_bounds(
    rows: &[&[i8]],
    start: usize,
    replies: usize,
    win: usize,
    caps: &[u8],
    most: u8,
) -> [u8; 16] {
    if by_collisions(rows.len(), caps) {
        return if replies <= TWO_BYTE_REPLIES {
            collision_bounds::<true>(rows, start, win, most)
        } else {
            collision_bounds::<false>(rows, start, win, most)
        };
    }
    if replies <= 8 {
        bounds_of::<8>(rows, start, win, caps, most)
    } else if replies <= TWO_BYTE_REPLIES {
        bounds_of::<TWO_BYTE_REPLIES>(rows, start, win, caps, most)
    } else {
        bounds_of::<MAX_REPLIES>(rows, start, win, caps, most)
    }
}

/// Whether [`class_bounds`] counts a set of `n` secrets by its collisions: with no class
/// above `caps[2]`, `fill(c)` is `c + (c - 1)` for every class met, so the sum is the secrets
/// outside the winning class plus the reply collisions.
fn by_collisions(n: usize, caps: &[u8]) -> bool {
    caps.starts_with(&[0, 1]) && caps.get(2).is_none_or(|&c| n <= usize::from(c))
}

/// Whether [`class_bounds_wide`] serves sets of `n` secrets in a game of `replies` replies
/// (the same for every block of a call, so that a caller asks once).
pub fn wide_serves(n: usize, replies: usize, caps: &[u8]) -> bool {
    !by_collisions(n, caps) && replies <= TWO_BYTE_REPLIES && crate::prefix::wide_available()
}

/// [`class_bounds`] for the sixty-four guesses `start..start + 64` at once, where the
/// processor has AVX-512 and the game at most sixteen replies (`None` otherwise, and for the
/// sets that [`class_bounds`] counts by collisions). `lanes` marks the guesses asked about:
/// counting stops once each of them is above `most`, and the others' bounds mean nothing.
pub fn class_bounds_wide(
    rows: &[&[i8]],
    start: usize,
    replies: usize,
    win: usize,
    caps: &[u8],
    most: u8,
    lanes: u64,
) -> Option<[u8; 64]> {
    if !wide_serves(rows.len(), replies, caps) {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: the processor has AVX-512F and AVX-512BW (checked above).
        #[allow(unsafe_code)]
        Some(unsafe {
            if replies <= 8 {
                avx512::bounds::<8>(rows, start, win, caps, most, lanes)
            } else {
                avx512::bounds::<TWO_BYTE_REPLIES>(rows, start, win, caps, most, lanes)
            }
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (start, win, most, lanes);
        None
    }
}

/// [`class_bounds_wide`]'s kernel: one byte per guess, a count per reply in each, AVX-512's
/// compares to masks. Like [`crate::prefix`]'s kernel, code compiled for instructions that
/// the processor is checked to have before it is called, and masked loads that read only
/// within each row.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512 {
    use std::arch::x86_64::*;

    /// The bounds of the guesses `start..start + 64` (a lane past a row's end counts as
    /// reply 0), for games of at most `F` replies.
    ///
    /// # Safety
    /// The processor must have AVX-512F and AVX-512BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn bounds<const F: usize>(
        rows: &[&[i8]],
        start: usize,
        win: usize,
        caps: &[u8],
        most: u8,
        lanes: u64,
    ) -> [u8; 64] {
        let one = _mm512_set1_epi8(1);
        let most = _mm512_set1_epi8(most as i8);
        let mut counts = [_mm512_setzero_si512(); F];
        let chunks = rows.chunks(16);
        let last = chunks.len();
        for (k, chunk) in chunks.enumerate() {
            for row in chunk {
                let len = row.len().saturating_sub(start).min(64);
                let load = if len == 64 {
                    u64::MAX
                } else {
                    (1u64 << len) - 1
                };
                // SAFETY: the mask keeps the load within the row.
                let v = unsafe { _mm512_maskz_loadu_epi8(load, row.as_ptr().wrapping_add(start)) };
                for (r, count) in counts.iter_mut().enumerate() {
                    let hit = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(r as i8));
                    *count = _mm512_mask_add_epi8(*count, hit, *count, one);
                }
            }
            if k + 1 < last {
                let t = sum(&counts, win, caps);
                // Every guess asked about above `most`: none of them is kept.
                if _mm512_cmpgt_epu8_mask(t, most) & lanes == lanes {
                    return bytes(t);
                }
            }
        }
        bytes(sum(&counts, win, caps))
    }

    /// Each lane's counting bound: for every reply but the winning one, the class's size
    /// less each cap below it, added with saturation.
    #[target_feature(enable = "avx512f,avx512bw")]
    fn sum<const F: usize>(counts: &[__m512i; F], win: usize, caps: &[u8]) -> __m512i {
        let mut sum = _mm512_setzero_si512();
        for (r, &count) in counts.iter().enumerate() {
            if r != win {
                for &cap in caps {
                    let over = _mm512_subs_epu8(count, _mm512_set1_epi8(cap as i8));
                    sum = _mm512_adds_epu8(sum, over);
                }
            }
        }
        sum
    }

    #[target_feature(enable = "avx512f,avx512bw")]
    fn bytes(v: __m512i) -> [u8; 64] {
        let mut out = [0u8; 64];
        // SAFETY: 64 bytes are written within `out`.
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), v) };
        out
    }
}

/// [`class_bounds`] for sets no class of which can pass the third cap (`caps` starting
/// `[0, 1]`), with replies below 16 only (`TWO`) or below [`MAX_REPLIES`]: each lane's bound is
/// its secrets outside the winning class plus its reply collisions, counted as
/// [`few_collisions`] counts them (a collision is never in the winning class, which holds at
/// most one secret). Every sixteen rows, once every lane's exceeds `most`, the rest are not
/// counted.
#[inline]
fn collision_bounds<const TWO: bool>(
    rows: &[&[i8]],
    start: usize,
    win: usize,
    most: u8,
) -> [u8; 16] {
    let zero = i8x16::ZERO;
    let one = i8x16::splat(1);
    let win = i8x16::splat(win as i8);
    let most = u8x16::splat(most);
    let (mut seen_lo, mut seen_hi, mut seen_top) = (zero, zero, zero);
    // Per lane: reply collisions, and secrets in the winning class (at most one).
    let (mut collisions, mut wins) = (zero, zero);
    let bound = |collisions: i8x16, wins: i8x16, counted: usize| {
        let as_u8 = |x: i8x16| u8x16::new(x.to_array().map(|x| x as u8));
        (u8x16::splat(counted as u8) - as_u8(wins)).saturating_add(as_u8(collisions))
    };
    let chunks = rows.chunks(16);
    let last = chunks.len();
    let mut counted = 0;
    for (k, chunk) in chunks.enumerate() {
        for row in chunk {
            let v = i8x16::from_slice_unaligned(&row[start..start + 16]);
            let (lo, hi, top) = reply_bits(v, TWO);
            let hit = (seen_lo & lo) | (seen_hi & hi) | (seen_top & top);
            collisions += !hit.cmp_eq(zero) & one;
            // A match is -1 in every bit: subtracting it counts one more.
            wins -= v.cmp_eq(win);
            seen_lo |= lo;
            seen_hi |= hi;
            seen_top |= top;
        }
        counted += chunk.len();
        if k + 1 < last {
            let t = bound(collisions, wins, counted);
            if t.max(most).cmp_eq(most).move_mask() == 0 {
                return t.to_array();
            }
        }
    }
    bound(collisions, wins, counted).to_array()
}

/// [`class_bounds`] for games with at most `F` replies.
#[inline]
fn bounds_of<const F: usize>(
    rows: &[&[i8]],
    start: usize,
    win: usize,
    caps: &[u8],
    most: u8,
) -> [u8; 16] {
    let sum = |counts: &[i8x16; F]| {
        let mut sum = u8x16::ZERO;
        for (r, count) in counts.iter().enumerate() {
            if r != win {
                let c = u8x16::new(count.to_array().map(|x| x as u8));
                for &cap in caps {
                    sum = sum.saturating_add(c.saturating_sub(u8x16::splat(cap)));
                }
            }
        }
        sum
    };
    let most = u8x16::splat(most);
    let mut counts = [i8x16::ZERO; F];
    let chunks = rows.chunks(16);
    let last = chunks.len();
    for (k, chunk) in chunks.enumerate() {
        for row in chunk {
            let v = i8x16::from_slice_unaligned(&row[start..start + 16]);
            for (r, count) in counts.iter_mut().enumerate() {
                // A match is -1 in every bit: subtracting it counts one more.
                *count -= v.cmp_eq(i8x16::splat(r as i8));
            }
        }
        if k + 1 < last {
            let t = sum(&counts);
            // Every lane above `most`: none of these guesses is kept.
            if t.max(most).cmp_eq(most).move_mask() == 0 {
                return t.to_array();
            }
        }
    }
    sum(&counts).to_array()
}

/// The replies of `row` to the sixteen guesses `start..start + 16`, zeros past its end. A
/// whole block is loaded as it is; only the last, short one is copied.
#[inline]
pub(crate) fn block(row: &[u8], start: usize) -> u8x16 {
    match row[start..].first_chunk::<16>() {
        Some(&lanes) => u8x16::new(lanes),
        None => {
            let mut lanes = [0u8; 16];
            let rest = &row[start..];
            lanes[..rest.len()].copy_from_slice(rest);
            u8x16::new(lanes)
        }
    }
}

/// Most rows [`few_collisions_pairwise`] takes.
pub const PAIRWISE_MAX: usize = 64;

/// [`few_collisions`] for any number of distinct replies (Wordle's 243), on rows of replies
/// by guess (at most [`PAIRWISE_MAX`] of them, all of one length): sixteen guesses at a
/// time, each row compared with every earlier one, so a few rows cost a few vector
/// comparisons per sixteen guesses.
pub fn few_collisions_pairwise(rows: &[&[u8]], allowed: u32, out: &mut Vec<u32>) {
    assert!(rows.len() <= PAIRWISE_MAX, "at most {PAIRWISE_MAX} rows");
    let Some(first) = rows.first() else {
        return;
    };
    let codes = first.len();
    let one = u8x16::splat(1);
    let over = u8x16::splat(allowed.min(254) as u8 + 1);
    let mut seen = [u8x16::ZERO; PAIRWISE_MAX];
    for start in (0..codes).step_by(16) {
        let width = (codes - start).min(16);
        let mut collisions = u8x16::ZERO;
        let mut dead = 0;
        for (j, row) in rows.iter().enumerate() {
            let v = block(row, start);
            let mut hit = u8x16::ZERO;
            for &earlier in &seen[..j] {
                hit |= earlier.cmp_eq(v);
            }
            seen[j] = v;
            collisions += hit & one;
            dead = collisions.min(over).cmp_eq(over).move_mask();
            if dead == 0xffff {
                break;
            }
        }
        let mut alive = !dead as u32 & ((1u32 << width) - 1);
        while alive != 0 {
            out.push((start + alive.trailing_zeros() as usize) as u32);
            alive &= alive - 1;
        }
    }
}

/// The reference form of [`few_collisions`], one guess at a time.
pub fn few_collisions_scalar(rows: &[&[i8]], codes: usize, allowed: u32, out: &mut Vec<u32>) {
    'guess: for g in 0..codes {
        let mut seen = 0u32;
        let mut collisions = 0;
        for row in rows {
            let bit = 1u32 << (row[g] & 31);
            if seen & bit != 0 {
                collisions += 1;
                if collisions > allowed {
                    continue 'guess;
                }
            }
            seen |= bit;
        }
        out.push(g as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::{AnyEngine, Game, GameSpec, dispatch_engine};

    /// Both forms of the vector kernel against the scalar one, on a game of 14 replies
    /// (Bulls and Cows) and one of 21 (Mastermind with five pegs, whose replies need the
    /// third byte).
    #[test]
    fn vector_and_scalar_kernels_agree() {
        for (spec, codes) in [
            (GameSpec::bulls(4, 10), 5040),
            (GameSpec::mastermind(5, 6), 7776),
        ] {
            let game = Game::new(&spec).unwrap();
            let any = AnyEngine::new(&game).unwrap();
            dispatch_engine!(&any, e => {
                let t = ScoreTable::build(e).expect("small game");
                assert_eq!(t.codes(), codes);
                for (k, allowed) in [(2usize, 0u32), (5, 0), (9, 1), (9, 3), (13, 5), (14, 7), (20, 12)] {
                    let secrets: Vec<u32> = (0..k as u32).map(|i| i * 373 % codes as u32).collect();
                    let rows: Vec<&[i8]> = secrets.iter().map(|&s| t.row(s)).collect();
                    let (mut fast, mut slow, mut three) = (Vec::new(), Vec::new(), Vec::new());
                    few_collisions_with(&rows, t.codes(), allowed, t.replies(), &mut fast);
                    few_collisions(&rows, t.codes(), allowed, &mut three);
                    few_collisions_scalar(&rows, t.codes(), allowed, &mut slow);
                    assert_eq!(fast, slow, "{k} secrets, {allowed} collisions allowed");
                    assert_eq!(three, slow, "{k} secrets, {allowed} allowed, three bytes");
                    assert!(!slow.is_empty() && slow.len() < codes, "{k}: {}", slow.len());
                    if k <= PAIRWISE_MAX {
                        let bytes: Vec<Vec<u8>> = rows
                            .iter()
                            .map(|r| r[..t.codes()].iter().map(|&x| x as u8).collect())
                            .collect();
                        let rows: Vec<&[u8]> = bytes.iter().map(|r| &r[..]).collect();
                        let mut pairwise = Vec::new();
                        few_collisions_pairwise(&rows, allowed, &mut pairwise);
                        assert_eq!(pairwise, slow, "{k} secrets, {allowed} allowed, pairwise");
                    }
                }
            });
        }
    }

    /// [`class_bounds`] against the counting bound of each guess's classes, one guess at a
    /// time, and against [`first_apart`] by brute force.
    #[test]
    fn block_bounds_agree_with_the_counting_bound() {
        use crate::bounds::{Bounds, NO_LIMIT};
        for spec in [
            GameSpec::mastermind(4, 6),
            GameSpec::bulls(4, 10),
            GameSpec::mastermind(5, 6),
        ] {
            let game = Game::new(&spec).unwrap();
            let any = AnyEngine::new(&game).unwrap();
            dispatch_engine!(&any, e => {
                let t = ScoreTable::build(e).expect("small game");
                let replies = e.feedback_count();
                let bounds = Bounds::new(replies as u64 - 1, 300);
                let caps: Vec<u8> = (0..=NO_LIMIT)
                    .map(|k| bounds.cap(k))
                    .take_while(|&c| c < 255)
                    .map(|c| c as u8)
                    .collect();
                let win = game.win().index();
                let mut wide_blocks = 0;
                for k in [3usize, 7, 20, 40, 100, 255] {
                    let secrets: Vec<u32> =
                        (0..k as u32).map(|i| i * 373 % t.codes() as u32).collect();
                    let rows: Vec<&[i8]> = secrets.iter().map(|&s| t.row(s)).collect();
                    for start in (0..t.codes()).step_by(64).take(10) {
                        // Sixty-four at a time, where the processor can, as sixteen at a time.
                        let Some(wide) =
                            class_bounds_wide(&rows, start, replies, win, &caps, u8::MAX, !0)
                        else {
                            continue;
                        };
                        wide_blocks += 1;
                        for block in 0..4 {
                            let at = start + 16 * block;
                            if at < t.codes() {
                                let narrow = class_bounds(&rows, at, replies, win, &caps, u8::MAX);
                                assert_eq!(wide[16 * block..][..16], narrow[..], "{k} secrets, at {at}");
                            }
                        }
                        // Stopped early once every guess asked about is above `most`: those
                        // are above it still.
                        let asked = 0x8421_0000_ffff_0001u64;
                        let most = 6;
                        let cut = class_bounds_wide(&rows, start, replies, win, &caps, most, asked)
                            .unwrap();
                        for lane in (0..64).filter(|&l| asked & 1 << l != 0) {
                            assert_eq!(cut[lane] > most, wide[lane] > most, "{k} secrets, lane {lane}");
                        }
                    }
                    for start in (0..t.codes()).step_by(16).take(40) {
                        let fast = class_bounds(&rows, start, replies, win, &caps, u8::MAX);
                        for (lane, &got) in fast.iter().enumerate() {
                            let g = start + lane;
                            if g >= t.codes() {
                                break;
                            }
                            let mut hist = vec![0usize; replies];
                            for row in &rows {
                                hist[row[g] as usize] += 1;
                            }
                            let want: u64 = (0..replies)
                                .filter(|&r| r != win)
                                .map(|r| bounds.fill_of(hist[r]))
                                .sum();
                            assert_eq!(u64::from(got), want.min(255), "{k} secrets, guess {g}");
                        }
                        // Cut short: every lane either whole or above the cut.
                        let cut = class_bounds(&rows, start, replies, win, &caps, 20);
                        for (c, f) in cut.iter().zip(&fast) {
                            assert!(c == f || (*c > 20 && *f > 20), "{k}: {c} {f}");
                        }
                    }
                    let apart = first_apart_with(&rows, t.codes(), t.replies(), |g| g % 2 == 1);
                    assert_eq!(apart, first_apart(&rows, t.codes(), |g| g % 2 == 1));
                    let brute = (0..t.codes() as u32).find(|&g| {
                        let mut seen = std::collections::HashSet::new();
                        g % 2 == 1 && rows.iter().all(|r| seen.insert(r[g as usize]))
                    });
                    assert_eq!(apart, brute, "{k} secrets");
                }
                // The wide kernel is tested where the processor has it and the game fits.
                let fits = replies <= TWO_BYTE_REPLIES && crate::prefix::wide_available();
                assert_eq!(wide_blocks > 0, fits, "{spec:?}");
            });
        }
    }
}
