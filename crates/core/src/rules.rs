//! Scoring rules as a trait, with one fast implementation per family of games.
//!
//! Hot loops are generic over [`Rules`], so the compiler specialises them; the concrete rules
//! of a game are picked at run time as an [`AnyRules`] and dispatched once, outside the loop,
//! with [`dispatch_rules!`](crate::dispatch_rules).
//!
//! The peg games use two bit masks per code, each `pegs × colors` bits wide:
//! a one-hot mask with bit `position·colors + colour` set for every peg, and a "thermometer"
//! mask with bits `colour·pegs + 0 .. colour·pegs + count` set for every colour. Then
//! `black = popcount(guess.onehot & secret.onehot)` and
//! `black + white = Σ min(count) = popcount(guess.thermo & secret.thermo)`: two ANDs and two
//! popcounts per score, with no branches. Games wider than 128 bits use a plain loop.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr};

use crate::code::Code;
use crate::feedback::{Feedback, FeedbackKind, TwoDReply, tri_offset};

/// A game's scoring rule over a packed code representation.
pub trait Rules: Clone + Send + Sync + Debug + 'static {
    /// The packed form of a code that [`Rules::score`] works on.
    type Packed: Copy + Send + Sync + Default + Debug + 'static;
    /// Packs a code (checked by the game beforehand).
    fn pack(&self, code: &Code) -> Self::Packed;
    /// The reply to `guess` when the secret is `secret`.
    fn score(&self, secret: Self::Packed, guess: Self::Packed) -> Feedback;
    /// What one [`Rules::score`] costs, in scores of the 64-bit-mask rules: measured
    /// single-threaded at about 4.5 × 10⁸ scores a second for 64-bit masks, 1.8 × 10⁸ for
    /// 128-bit masks (cost 2) and 3.4 × 10⁷ for the plain loop of wider games (cost 12).
    /// Work budgets ([`crate::WORK_BUDGET`]) are counted in this unit.
    const SCORE_COST: u64 = 1;
    /// The reply of every guess to `secret`, by the guess's code index, when the rules hold
    /// them in a table (list games); `None` otherwise.
    #[inline]
    fn replies_to(&self, secret: Self::Packed) -> Option<&[u8]> {
        let _ = secret;
        None
    }
}

/// A bit-mask word: `u64` or `u128`.
pub trait Mask:
    Copy + Default + Send + Sync + Debug + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + 'static
{
    /// Width in bits.
    const BITS: u32;
    /// Number of set bits.
    fn ones(self) -> u32;
    /// The mask with only bit `i` set.
    fn bit(i: u32) -> Self;
}

impl Mask for u64 {
    const BITS: u32 = 64;
    #[inline(always)]
    fn ones(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn bit(i: u32) -> Self {
        1u64 << i
    }
}

impl Mask for u128 {
    const BITS: u32 = 128;
    #[inline(always)]
    fn ones(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn bit(i: u32) -> Self {
        1u128 << i
    }
}

/// `base[b] = index(b, 0) - b`, so that `index(b, w) = base[b] + (b + w)`. Sized so that any
/// popcount indexes it without a bounds check.
fn black_white_base(pegs: u8) -> [u8; 129] {
    let mut base = [0u8; 129];
    for b in 0..=pegs {
        base[b as usize] = tri_offset(pegs, b) - b;
    }
    base
}

/// Black and white pegs (Mastermind, Bulls and Cows) on masks of type `M`.
#[derive(Clone, Debug)]
pub struct BlackWhite<M> {
    pegs: u8,
    colors: u8,
    base: [u8; 129],
    _mask: std::marker::PhantomData<M>,
}

impl<M: Mask> BlackWhite<M> {
    /// Rules for `pegs` pegs of `colors` colours; `pegs × colors` must fit in `M`.
    pub fn new(pegs: u8, colors: u8) -> Self {
        assert!(pegs as u32 * colors as u32 <= M::BITS);
        BlackWhite {
            pegs,
            colors,
            base: black_white_base(pegs),
            _mask: std::marker::PhantomData,
        }
    }
}

fn one_hot<M: Mask>(code: &Code, colors: u8) -> M {
    let mut m = M::default();
    for (i, &c) in code.pegs().iter().enumerate() {
        m = m | M::bit(i as u32 * colors as u32 + c as u32);
    }
    m
}

fn thermometer<M: Mask>(code: &Code, pegs: u8, colors: u8) -> M {
    let mut seen = [0u8; 64];
    let mut m = M::default();
    for &c in code.pegs() {
        let k = seen[c as usize & 63];
        seen[c as usize & 63] += 1;
        debug_assert!(c < colors);
        m = m | M::bit(c as u32 * pegs as u32 + k as u32);
    }
    m
}

impl<M: Mask> Rules for BlackWhite<M> {
    type Packed = (M, M);
    const SCORE_COST: u64 = M::BITS as u64 / 64;
    fn pack(&self, code: &Code) -> (M, M) {
        (
            one_hot(code, self.colors),
            thermometer(code, self.pegs, self.colors),
        )
    }
    #[inline(always)]
    fn score(&self, secret: (M, M), guess: (M, M)) -> Feedback {
        let black = (secret.0 & guess.0).ones();
        let total = (secret.1 & guess.1).ones();
        Feedback(self.base[black as usize & 127].wrapping_add(total as u8))
    }
}

/// Black pegs only, on masks of type `M`.
#[derive(Clone, Debug)]
pub struct BlackOnly<M> {
    colors: u8,
    _mask: std::marker::PhantomData<M>,
}

impl<M: Mask> BlackOnly<M> {
    /// Rules for `pegs` pegs of `colors` colours; `pegs × colors` must fit in `M`.
    pub fn new(pegs: u8, colors: u8) -> Self {
        assert!(pegs as u32 * colors as u32 <= M::BITS);
        BlackOnly {
            colors,
            _mask: std::marker::PhantomData,
        }
    }
}

impl<M: Mask> Rules for BlackOnly<M> {
    type Packed = M;
    const SCORE_COST: u64 = M::BITS as u64 / 64;
    fn pack(&self, code: &Code) -> M {
        one_hot(code, self.colors)
    }
    #[inline(always)]
    fn score(&self, secret: M, guess: M) -> Feedback {
        Feedback((secret & guess).ones() as u8)
    }
}

/// Peg games too wide for 128-bit masks: a straightforward loop.
#[derive(Clone, Debug)]
pub struct WidePegs {
    colors: u8,
    black_only: bool,
    base: [u8; 129],
}

impl WidePegs {
    /// Rules for `pegs` pegs of `colors` colours.
    pub fn new(pegs: u8, colors: u8, black_only: bool) -> Self {
        WidePegs {
            colors,
            black_only,
            base: black_white_base(pegs),
        }
    }
}

impl Rules for WidePegs {
    type Packed = Code;
    const SCORE_COST: u64 = 12;
    fn pack(&self, code: &Code) -> Code {
        *code
    }
    fn score(&self, secret: Code, guess: Code) -> Feedback {
        let (s, g) = (secret.pegs(), guess.pegs());
        let black = s.iter().zip(g).filter(|(a, b)| a == b).count();
        if self.black_only {
            return Feedback(black as u8);
        }
        let mut counts = [0i16; 64];
        for &c in s {
            counts[c as usize] += 1;
        }
        let mut total = 0u8;
        for &c in g {
            if counts[c as usize] > 0 {
                counts[c as usize] -= 1;
                total += 1;
            }
        }
        debug_assert!(self.colors as usize <= 64);
        Feedback(self.base[black] + total)
    }
}

/// twoD: codes are points `(x, y)`; the reply compares the guess with the secret coordinatewise.
#[derive(Clone, Debug, Default)]
pub struct TwoD;

impl Rules for TwoD {
    type Packed = [u8; 2];
    fn pack(&self, code: &Code) -> [u8; 2] {
        [code.pegs()[0], code.pegs()[1]]
    }
    #[inline(always)]
    fn score(&self, secret: [u8; 2], guess: [u8; 2]) -> Feedback {
        let le = guess[0] <= secret[0] && guess[1] <= secret[1];
        let ge = guess[0] >= secret[0] && guess[1] >= secret[1];
        let reply = match (le, ge) {
            (true, true) => TwoDReply::Hit,
            (true, false) => TwoDReply::Low,
            (false, true) => TwoDReply::High,
            (false, false) => TwoDReply::Mixed,
        };
        FeedbackKind::TwoD.encode(crate::feedback::Reply::TwoD(reply))
    }
}

/// A list game's rules: a precomputed table of replies ([`crate::ListGame::table`], here
/// transposed). A code packs to its guess number (as a guess) and its row offset (as a
/// secret), so a score is one byte read.
#[derive(Clone, Debug)]
pub struct Table {
    /// The replies, secret by secret: `table[k * guesses + g]` for secret `k` and guess `g`,
    /// the transpose of the list game's table, so that the replies of one secret to
    /// neighbouring guesses share cache lines (a node scores every guess on a few secrets).
    /// A `Vec` inside, so that it is not copied once more when shared.
    table: std::sync::Arc<Vec<u8>>,
    /// Per code of the list: `(guess number, row offset)`; `u32::MAX` where the code is not a
    /// guess and 0 where it is not a secret, which the game never asks for.
    places: std::sync::Arc<Vec<(u32, u32)>>,
    /// Number of guesses: the length of a row of `table`.
    guesses: usize,
}

impl Table {
    /// The rules of a list game whose table has fewer than 2^32 entries.
    pub(crate) fn new(list: &crate::ListGame) -> Table {
        let secrets = list.secrets().len();
        let guesses = list.guess_count();
        // A code that is not a guess gets a guess number past every row, so that scoring it
        // as a guess fails loudly instead of reading guess 0's replies.
        let mut places = vec![(u32::MAX, 0u32); list.codes().len()];
        for (g, place) in places.iter_mut().enumerate().take(guesses) {
            place.0 = g as u32;
        }
        for (k, &code) in list.secrets().iter().enumerate() {
            places[code as usize].1 = (k * guesses) as u32;
        }
        Table {
            table: std::sync::Arc::new(transpose(list.table(), guesses, secrets)),
            places: places.into(),
            guesses,
        }
    }
}

/// `rows` (`guesses` rows of `secrets` replies) transposed: `secrets` rows of `guesses`
/// replies. Blocks of 64 secrets on every core, each turned 8 × 8 bytes at a time in
/// registers ([`transpose8`]), so that the table is read and written 8 bytes at a time
/// (writing it byte by byte, 12972 bytes apart for Wordle, took a third of the start-up of
/// `optimal --game wordle`).
fn transpose(rows: &[u8], guesses: usize, secrets: usize) -> Vec<u8> {
    use rayon::prelude::*;
    const TILE: usize = 64;
    let mut columns = vec![0u8; rows.len()];
    if guesses == 0 {
        return columns;
    }
    let gb = guesses / 8 * 8;
    columns
        .par_chunks_mut(guesses * TILE)
        .enumerate()
        .for_each(|(b, out)| {
            let k0 = b * TILE;
            let width = out.len() / guesses;
            let kb = width / 8 * 8;
            for g in (0..gb).step_by(8) {
                for k in (0..kb).step_by(8) {
                    let mut a = [0u64; 8];
                    for (i, word) in a.iter_mut().enumerate() {
                        let start = (g + i) * secrets + k0 + k;
                        let mut bytes = [0u8; 8];
                        bytes.copy_from_slice(&rows[start..start + 8]);
                        *word = u64::from_le_bytes(bytes);
                    }
                    for (j, word) in transpose8(a).iter().enumerate() {
                        let start = (k + j) * guesses + g;
                        out[start..start + 8].copy_from_slice(&word.to_le_bytes());
                    }
                }
            }
            // The edges: the last secrets of the block, the last guesses of every secret.
            for j in 0..width {
                let first = if j < kb { gb } else { 0 };
                for g in first..guesses {
                    out[j * guesses + g] = rows[g * secrets + k0 + j];
                }
            }
        });
    columns
}

/// An 8 × 8 block of bytes transposed: byte `j` of word `i` becomes byte `i` of word `j`
/// (by swapping 4 × 4, then 2 × 2, then 1 × 1 sub-blocks with masks).
fn transpose8(mut x: [u64; 8]) -> [u64; 8] {
    for i in 0..4 {
        let t = ((x[i] >> 32) ^ x[i + 4]) & 0x0000_0000_ffff_ffff;
        x[i] ^= t << 32;
        x[i + 4] ^= t;
    }
    for i in [0, 1, 4, 5] {
        let t = ((x[i] >> 16) ^ x[i + 2]) & 0x0000_ffff_0000_ffff;
        x[i] ^= t << 16;
        x[i + 2] ^= t;
    }
    for i in [0, 2, 4, 6] {
        let t = ((x[i] >> 8) ^ x[i + 1]) & 0x00ff_00ff_00ff_00ff;
        x[i] ^= t << 8;
        x[i + 1] ^= t;
    }
    x
}

impl Rules for Table {
    type Packed = (u32, u32);
    fn pack(&self, code: &Code) -> (u32, u32) {
        code.as_index()
            .and_then(|i| self.places.get(i as usize).copied())
            .unwrap_or_default()
    }
    #[inline(always)]
    fn score(&self, secret: (u32, u32), guess: (u32, u32)) -> Feedback {
        Feedback(self.table[guess.0 as usize + secret.1 as usize])
    }
    #[inline]
    fn replies_to(&self, secret: (u32, u32)) -> Option<&[u8]> {
        let start = secret.1 as usize;
        self.table.get(start..start + self.guesses)
    }
}

/// The rules of a game, chosen at run time.
#[derive(Clone, Debug)]
pub enum AnyRules {
    /// Black and white, 64-bit masks.
    BlackWhite64(BlackWhite<u64>),
    /// Black and white, 128-bit masks.
    BlackWhite128(BlackWhite<u128>),
    /// Black only, 64-bit masks.
    BlackOnly64(BlackOnly<u64>),
    /// Black only, 128-bit masks.
    BlackOnly128(BlackOnly<u128>),
    /// Wide peg games.
    Wide(WidePegs),
    /// twoD.
    TwoD(TwoD),
    /// A list game's table.
    Table(Table),
}

impl AnyRules {
    /// The fastest rules for a peg game of this size.
    pub fn pegs(pegs: u8, colors: u8, black_only: bool) -> AnyRules {
        let width = pegs as u32 * colors as u32;
        match (black_only, width) {
            (false, 0..=64) => AnyRules::BlackWhite64(BlackWhite::new(pegs, colors)),
            (false, 65..=128) => AnyRules::BlackWhite128(BlackWhite::new(pegs, colors)),
            (true, 0..=64) => AnyRules::BlackOnly64(BlackOnly::new(pegs, colors)),
            (true, 65..=128) => AnyRules::BlackOnly128(BlackOnly::new(pegs, colors)),
            _ => AnyRules::Wide(WidePegs::new(pegs, colors, black_only)),
        }
    }
}

/// Runs `$body` with `$r` bound to the concrete rules inside an [`AnyRules`], so that generic
/// code is specialised for each kind of rules.
#[macro_export]
macro_rules! dispatch_rules {
    ($any:expr, $r:ident => $body:expr) => {
        match $any {
            $crate::rules::AnyRules::BlackWhite64($r) => $body,
            $crate::rules::AnyRules::BlackWhite128($r) => $body,
            $crate::rules::AnyRules::BlackOnly64($r) => $body,
            $crate::rules::AnyRules::BlackOnly128($r) => $body,
            $crate::rules::AnyRules::Wide($r) => $body,
            $crate::rules::AnyRules::TwoD($r) => $body,
            $crate::rules::AnyRules::Table($r) => $body,
        }
    };
}

#[cfg(test)]
mod tests {
    use super::transpose;

    #[test]
    fn transposes_every_shape() {
        // Blocks of 8 × 8 and 64 secrets, with edges of every size on both sides.
        for (guesses, secrets) in [
            (0, 5),
            (1, 1),
            (7, 9),
            (8, 8),
            (13, 70),
            (64, 64),
            (100, 129),
        ] {
            let rows: Vec<u8> = (0..guesses * secrets)
                .map(|i| (i * 37 % 251) as u8)
                .collect();
            let columns = transpose(&rows, guesses, secrets);
            for g in 0..guesses {
                for k in 0..secrets {
                    assert_eq!(
                        columns[k * guesses + g],
                        rows[g * secrets + k],
                        "{guesses} × {secrets}: guess {g}, secret {k}"
                    );
                }
            }
        }
    }
}
