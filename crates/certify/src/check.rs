//! The checker: every claim reachable from the root claims, in breadth-first order, each
//! against every legal guess of its position (see the crate documentation).

use codebreak_core::{Code, End, Feedback, Game, GameKind, Pool, reference};
use rayon::prelude::*;

use crate::{Automorphism, Automorphisms, CertError, Certificate, Claim, Renaming, Why};

/// "No strategy": larger than any total.
const INF: u64 = u64::MAX;
/// Guesses whose classes [`Rules::cheap_blocks`] counts at once.
const LANES: usize = 16;
/// Most replies of a game [`Rules::cheap_blocks`] handles (the peg games of up to 4 pegs
/// have 14).
const BLOCK_REPLIES: usize = 16;
/// Most replies [`check_claim`] gathers from the secrets' columns for its guess-by-guess
/// bounds (4 MB).
const GATHER_MAX: usize = 1 << 22;
/// Most secrets of a set [`Rules::short_small`] handles (it compares each secret's replies
/// with every earlier one's).
const SMALL_MAX: usize = 64;

/// The replies in `column` (a secret's reply to every guess) of the `L` guesses from
/// `start`, `u8::MAX` past its end (a reply no guess gets). A whole block is read as it is;
/// only the last, short one is copied.
#[inline(always)]
fn lanes<const L: usize>(column: &[u8], start: usize) -> [u8; L] {
    match column[start..].first_chunk::<L>() {
        Some(&cells) => cells,
        None => {
            let mut cells = [u8::MAX; L];
            let rest = &column[start..];
            cells[..rest.len()].copy_from_slice(rest);
            cells
        }
    }
}

/// Whether the processor has AVX-512F and AVX-512BW, which [`Rules::short_small`]'s 64-lane
/// loops are compiled for.
fn wide_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// [`Rules::short_small`]'s loops, `L` guesses at a time: the guesses (ascending) whose
/// bound `2n + c - w` (`bounds.0` is `2n`) is below `bounds.1`, each secret's column
/// compared with every earlier one's, a block stopped once each of its guesses has `enough`
/// collisions.
#[inline(always)]
fn collide<const L: usize>(columns: &[&[u8]], win: u8, enough: u8, bounds: (u64, u64)) -> Vec<u32> {
    let (twice, bound) = bounds;
    let mut out = Vec::new();
    let guesses = columns.first().map_or(0, |c| c.len());
    let mut seen = [[0u8; L]; SMALL_MAX];
    for start in (0..guesses).step_by(L) {
        let mut collisions = [0u8; L];
        let mut won = [0u8; L];
        let mut stopped = false;
        for (j, column) in columns.iter().enumerate() {
            let cells: [u8; L] = lanes(column, start);
            let mut hit = [0u8; L];
            for earlier in &seen[..j] {
                for ((h, &a), &b) in hit.iter_mut().zip(earlier).zip(&cells) {
                    *h |= u8::from(a == b);
                }
            }
            for (((c, w), &h), &x) in collisions.iter_mut().zip(&mut won).zip(&hit).zip(&cells) {
                *c += h;
                *w |= u8::from(x == win);
            }
            seen[j] = cells;
            if j % 4 == 3 && collisions.iter().fold(u8::MAX, |m, &c| m.min(c)) >= enough {
                stopped = true;
                break;
            }
        }
        if stopped {
            continue;
        }
        let width = (guesses - start).min(L);
        for (k, (&c, &w)) in collisions.iter().zip(&won).take(width).enumerate() {
            if twice + u64::from(c) - u64::from(w) < bound {
                out.push((start + k) as u32);
            }
        }
    }
    out
}

/// What a certificate proves about the whole game.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Report {
    /// Secrets of the game.
    pub secrets: usize,
    /// Claims in the file.
    pub claims: usize,
    /// Claims checked (those reachable from the roots).
    pub checked: usize,
    /// Each root claim: its depth limit and its bound (`None`: no strategy within it).
    pub roots: Vec<(u32, Option<u64>)>,
    /// What the search minimised, from the header.
    pub objective: String,
    /// The moves before the position the root claims are about (`GUESS:REPLY,...`), when
    /// it is not the whole game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history: Option<String>,
    /// The guess the root claims' strategies all play next, when they are restricted to one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_guess: Option<String>,
}

impl Report {
    /// The least total of guesses proved for strategies that need at most `worst` guesses:
    /// the largest bound of a root claim whose depth limit is at least `worst`.
    pub fn total_at_least(&self, worst: u32) -> Option<u64> {
        self.roots
            .iter()
            .filter(|(d, _)| *d >= worst)
            .map(|(_, b)| b.unwrap_or(INF))
            .max()
    }

    /// The least worst case proved: one more than the largest depth limit within which no
    /// strategy exists (0 when no root claim says so).
    pub fn worst_at_least(&self) -> u32 {
        self.roots
            .iter()
            .filter(|(_, b)| b.is_none())
            .map(|(d, _)| d + 1)
            .max()
            .unwrap_or(0)
    }

    /// Whether a strategy with these figures (a tree's) is proved optimal: its total is
    /// the least of any strategy within its worst case, and with the objective `worst`, no
    /// strategy has a smaller worst case. The sentence saying so, or what is missing.
    pub fn meets(&self, total: u64, worst: u32) -> Result<String, CertError> {
        let not = |why: String| Err(CertError::NotOptimal(why));
        if self.objective == "worst" && self.worst_at_least() < worst {
            return not(format!(
                "the tree's worst case is {worst}, the certificate proves only at least {}",
                self.worst_at_least()
            ));
        }
        match self.total_at_least(worst) {
            Some(b) if b >= total => {
                let mut s = format!(
                    "no strategy within {worst} guesses takes fewer than {total} guesses in all"
                );
                if self.objective == "worst" {
                    s.push_str(&format!(", and none has a worst case below {worst}"));
                }
                Ok(s)
            }
            Some(b) => not(format!(
                "the tree takes {total} guesses in all, the certificate proves only at least {b}"
            )),
            None => not(format!(
                "no root claim covers strategies of up to {worst} guesses"
            )),
        }
    }
}

/// The game as the checker sees it: every reply tabulated with the reference scorer.
struct Rules {
    /// Legal guesses are the code indices `0..guesses`.
    guesses: u32,
    /// `ord[code]`: the code's number among the secrets, or `u32::MAX`.
    ord: Vec<u32>,
    /// Secrets of the game.
    secrets: usize,
    /// `table[guess * secrets + ord]`: the reply's index.
    table: Vec<u8>,
    /// The same transposed, `columns[ord * guesses + guess]`: a secret's reply to every
    /// guess, in order.
    columns: Vec<u8>,
    /// One more than the largest reply index in the table.
    replies: usize,
    /// In a peg game of at most 2^22 possible codes: `radix[key]` is the index of the code
    /// whose pegs, read as digits in base `colors`, make `key` (`u32::MAX`: none); renamings
    /// look their images up here. Empty otherwise.
    radix: Vec<u32>,
    /// With `radix`: every code's pegs, `pegs` a code (`digits[code * pegs..][..pegs]`).
    digits: Vec<u8>,
    /// Colours of the game (the base of `radix`'s keys).
    colors: u64,
    /// The winning reply's index (`None` when the game ends as soon as the secret is known).
    win: Option<u8>,
    /// `cap[d]`: most secrets any strategy can tell apart within `d` guesses.
    cap: Vec<u64>,
    /// `fill[n]`: least total for `n` secrets with no depth limit.
    fill: Vec<u64>,
    /// Non-winning replies a guess can get (games that end with a guess).
    branching: Option<u64>,
}

impl Rules {
    fn new(game: &Game) -> Result<Rules, CertError> {
        let space = game.space().map_err(|e| CertError::Game(e.to_string()))?;
        let secrets = space.secrets().len();
        let mut ord = vec![u32::MAX; space.codes().len()];
        for (k, &s) in space.secrets().iter().enumerate() {
            ord[s as usize] = k as u32;
        }
        let guesses = space.len() as u32;
        // A peg game's reply does not change when the secret and the guess swap roles (black
        // pegs count the places where the two agree, white pegs the colours they share less
        // the black ones): where every guess is a secret, each pair is scored once.
        let swaps = game.list().is_none()
            && matches!(
                game.kind(),
                GameKind::Mastermind | GameKind::Bulls | GameKind::BlackPeg
            )
            && secrets == guesses as usize
            && space
                .secrets()
                .iter()
                .enumerate()
                .all(|(k, &s)| s == k as u32);
        let score = reference::row_scorer(game, space.codes(), space.secrets());
        let mut table = vec![0u8; guesses as usize * secrets];
        table
            .par_chunks_mut(secrets.max(1))
            .enumerate()
            .for_each(|(g, row)| {
                let scored = if swaps { g + 1 } else { secrets };
                score(g as u32, &mut row[..scored]);
            });
        if swaps {
            let lower = table.clone();
            table
                .par_chunks_mut(secrets.max(1))
                .enumerate()
                .for_each(|(g, row)| {
                    for (s, cell) in row.iter_mut().enumerate().skip(g + 1) {
                        *cell = lower[s * secrets + g];
                    }
                });
        }
        let known = game.end() == End::Known;
        let win = (!known).then_some(game.win().0);
        // The replies a guess can get, as the table shows them.
        let mut seen = [false; 256];
        for &r in &table {
            seen[r as usize] = true;
        }
        if let Some(w) = win {
            seen[w as usize] = false;
        }
        let b = (seen.iter().filter(|&&x| x).count() as u64).max(1);
        let mut cap = vec![0u64; 64];
        let mut fill = vec![0u64; secrets + 1];
        if known {
            // An experiment splits a set into at most `b` parts, and a set of one is known:
            // a strategy is a tree with the secrets as leaves, at most b^d within d guesses,
            // and the least total is the least external path length (the complete tree).
            let b = b.max(2);
            let mut w = 1u64;
            for c in &mut cap {
                *c = w;
                w = w.saturating_mul(b);
            }
            for (n, f) in fill.iter_mut().enumerate().skip(2) {
                let n = n as u64;
                let (mut k, mut width) = (0u64, 1u64);
                while width.saturating_mul(b) <= n {
                    width *= b;
                    k += 1;
                }
                let extra = n - width;
                *f = k * width + extra * (k + 1) + extra.div_ceil(b - 1);
            }
        } else {
            // A guess finds at most one secret (itself) and sends the others down at most
            // `b` branches: at most b^(k-1) secrets are found by their k-th guess.
            let mut w = 1u64;
            for d in 1..cap.len() {
                cap[d] = cap[d - 1].saturating_add(w);
                w = w.saturating_mul(b);
            }
            let (mut level, mut width, mut left, mut total) = (1u64, 1u64, 0u64, 0u64);
            for f in fill.iter_mut().skip(1) {
                if left == width {
                    level += 1;
                    width = width.saturating_mul(b);
                    left = 0;
                }
                left += 1;
                total += level;
                *f = total;
            }
        }
        let mut columns = vec![0u8; table.len()];
        if swaps {
            // The table is its own transpose.
            columns.copy_from_slice(&table);
        } else {
            // Blocks of 64 secrets, each reading 64 bytes of a row at a time.
            const BLOCK: usize = 64;
            columns
                .par_chunks_mut(BLOCK * guesses.max(1) as usize)
                .enumerate()
                .for_each(|(b, block)| {
                    for (g, row) in table.chunks(secrets.max(1)).enumerate() {
                        let cells = &row[b * BLOCK..][..block.len() / guesses as usize];
                        for (o, &cell) in cells.iter().enumerate() {
                            block[o * guesses as usize + g] = cell;
                        }
                    }
                });
        }
        let replies = table.iter().copied().max().map_or(1, |r| r as usize + 1);
        let colors = game.colors() as u64;
        let (mut radix, mut digits) = (Vec::new(), Vec::new());
        let possible = colors.checked_pow(game.pegs() as u32);
        if game.list().is_none() && possible.is_some_and(|p| p <= 1 << 22) {
            radix = vec![u32::MAX; possible.unwrap_or(0) as usize];
            for (i, c) in space.codes().iter().enumerate() {
                let key = c.pegs().iter().fold(0u64, |k, &p| k * colors + p as u64);
                radix[key as usize] = i as u32;
                digits.extend_from_slice(c.pegs());
            }
        }
        Ok(Rules {
            branching: (!known).then_some(b),
            guesses,
            ord,
            secrets,
            table,
            columns,
            replies,
            radix,
            digits,
            colors,
            win,
            cap,
            fill,
        })
    }

    /// The least total of `n` secrets within `d` guesses, by counting.
    fn count(&self, n: usize, d: u32) -> u64 {
        if n == 0 {
            0
        } else if n as u64 > self.cap[(d as usize).min(self.cap.len() - 1)] {
            INF
        } else {
            self.fill[n]
        }
    }

    /// A lower bound on what any guess that is not one of `n` secrets costs them with `d`
    /// guesses left after it (games that end with a guess): it finds none of them, and
    /// sends them down at most `b` classes, so at most `b^k` of them are found by the `k`-th
    /// guess after it, and the largest class, of at least `n / b` secrets, must be found
    /// within `d`.
    fn outside(&self, n: usize, d: u32) -> u64 {
        let Some(b) = self.branching.filter(|_| self.win.is_some()) else {
            return 0;
        };
        let n = n as u64;
        if n.div_ceil(b) > self.cap[(d as usize).min(self.cap.len() - 1)] {
            return INF;
        }
        let (mut left, mut width, mut level, mut total) = (n, b, 1u64, n);
        while left > 0 {
            let take = left.min(width);
            total += take * level;
            left -= take;
            width = width.saturating_mul(b);
            level += 1;
        }
        total
    }

    /// Every secret's reply to `guess`, by the secret's number.
    fn row(&self, guess: u32) -> &[u8] {
        let start = guess as usize * self.secrets;
        &self.table[start..start + self.secrets]
    }

    /// The guesses (ascending) whose counting bound on the secrets numbered `ords`, with `d`
    /// guesses left after it, is below `bound`: `n` plus its classes' counting bounds, the
    /// winning one aside (what the loop of [`check_claim`] computes guess by guess), for at
    /// most 65 535 secrets (the counts are 16 bits), by [`short_small`](Self::short_small)
    /// where it applies, else from every guess's bound by [`cheap_all`](Self::cheap_all).
    fn short(&self, ords: &[u32], d: u32, bound: u64) -> Vec<u32> {
        if let Some(out) = self.short_small(ords, d, bound) {
            return out;
        }
        let all = self.cheap_all(ords, d);
        (0..self.guesses)
            .filter(|&g| all[g as usize] < bound)
            .collect()
    }

    /// The counting bound of every guess (by index) on the secrets numbered `ords`, with `d`
    /// guesses left after it, by [`cheap_blocks`](Self::cheap_blocks) where it applies, else
    /// [`cheap_counted`](Self::cheap_counted).
    fn cheap_all(&self, ords: &[u32], d: u32) -> Vec<u64> {
        if let Some(out) = self.cheap_blocks(ords, d) {
            return out;
        }
        self.cheap_counted(ords, d)
    }

    /// [`cheap_all`](Self::cheap_all) in any game, guess by guess: each secret's reply, read
    /// from the guess's row, adds to its class's count, and to the guess's bound what one
    /// more secret adds to that class's; the counts it touched are then cleared.
    fn cheap_counted(&self, ords: &[u32], d: u32) -> Vec<u64> {
        // `step[k]`: what a class's counting bound grows by from k secrets to k + 1.
        let step: Vec<u64> = (0..ords.len())
            .map(|k| match self.count(k + 1, d) {
                INF => INF,
                c => c - self.count(k, d),
            })
            .collect();
        let win = self.win.map_or(usize::MAX, usize::from);
        let mut sizes = [0u32; 256];
        (0..self.guesses)
            .map(|g| {
                let row = self.row(g);
                let mut bound = ords.len() as u64;
                for &o in ords {
                    let r = usize::from(row[o as usize]);
                    if r != win {
                        bound = bound.saturating_add(step[sizes[r] as usize]);
                        sizes[r] += 1;
                    }
                }
                for &o in ords {
                    sizes[usize::from(row[o as usize])] = 0;
                }
                bound
            })
            .collect()
    }

    /// [`cheap_all`](Self::cheap_all) in a game of at most [`BLOCK_REPLIES`] replies: the
    /// classes' sizes of [`LANES`] consecutive guesses at a time, one count per (reply,
    /// guess) in a block of bytes that each secret's column adds to with one comparison per
    /// reply (loops the compiler vectorises), flushed every 255 secrets so that no count
    /// overflows; then each guess's bound from its counts.
    fn cheap_blocks(&self, ords: &[u32], d: u32) -> Option<Vec<u64>> {
        if self.replies > BLOCK_REPLIES {
            return None;
        }
        let guesses = self.guesses as usize;
        let n = ords.len();
        let bound: Vec<u64> = (0..=n).map(|k| self.count(k, d)).collect();
        let win = self.win.map_or(usize::MAX, usize::from);
        let mut out = vec![n as u64; guesses];
        for (b, slots) in out.chunks_mut(LANES).enumerate() {
            let start = b * LANES;
            let mut sizes = [[0u32; LANES]; BLOCK_REPLIES];
            for chunk in ords.chunks(255) {
                let mut counts = [[0u8; LANES]; BLOCK_REPLIES];
                for &o in chunk {
                    let cells: [u8; LANES] =
                        lanes(&self.columns[o as usize * guesses..][..guesses], start);
                    for (r, count) in counts.iter_mut().enumerate() {
                        for (c, &x) in count.iter_mut().zip(&cells) {
                            *c += u8::from(x == r as u8);
                        }
                    }
                }
                for (size, count) in sizes.iter_mut().zip(&counts) {
                    for (a, &c) in size.iter_mut().zip(count) {
                        *a += u32::from(c);
                    }
                }
            }
            for (r, size) in sizes.iter().enumerate().take(self.replies) {
                if r == win {
                    continue;
                }
                for (slot, &k) in slots.iter_mut().zip(size) {
                    *slot = slot.saturating_add(bound[k as usize]);
                }
            }
        }
        Some(out)
    }

    /// [`short`](Self::short) for a small set (at most [`SMALL_MAX`] secrets), when every
    /// class of `k` secrets has the counting bound `2k - 1` (one guess, then each of the
    /// others after one more: the class fits within `d` and the replies can tell its secrets
    /// apart) and the game ends with a guess. A guess's bound is then `n + 2 (n - w) - parts`,
    /// `w` 1 when it is one of the secrets (the winning class) and `parts` the number of
    /// other classes, that is `2n + c - w`, `c` the secrets whose reply an earlier secret
    /// already got (collisions). [`LANES`] guesses at a time, each secret's replies compared
    /// with every earlier secret's (loops the compiler vectorises); a block stops once each
    /// of its guesses has `bound + 1 - 2n` collisions, which puts its bound at `bound` or
    /// more whatever `w`.
    fn short_small(&self, ords: &[u32], d: u32, bound: u64) -> Option<Vec<u32>> {
        self.short_small_in(ords, d, bound, true)
    }

    /// [`short_small`](Self::short_small), 64 guesses at a time with AVX-512 when `wide`
    /// and the processor has it, else [`LANES`].
    fn short_small_in(&self, ords: &[u32], d: u32, bound: u64, wide: bool) -> Option<Vec<u32>> {
        let n = ords.len();
        let win = self.win?;
        if n > SMALL_MAX || !(1..=n).all(|k| self.count(k, d) == 2 * k as u64 - 1) {
            return None;
        }
        let enough = bound.saturating_add(1).saturating_sub(2 * n as u64);
        if enough == 0 {
            return Some(Vec::new());
        }
        // Collisions never reach `n`: a lane with `enough >= n` never stops.
        let enough = enough.min(n as u64) as u8;
        let guesses = self.guesses as usize;
        let columns: Vec<&[u8]> = ords
            .iter()
            .map(|&o| &self.columns[o as usize * guesses..][..guesses])
            .collect();
        let bounds = (2 * n as u64, bound);
        #[cfg(target_arch = "x86_64")]
        if wide && wide_available() {
            /// The same loops compiled for AVX-512's 64-byte registers, 64 guesses at a time.
            #[target_feature(enable = "avx512f,avx512bw")]
            fn wide(columns: &[&[u8]], win: u8, enough: u8, bounds: (u64, u64)) -> Vec<u32> {
                collide::<64>(columns, win, enough, bounds)
            }
            // SAFETY: the processor has AVX-512F and AVX-512BW (checked just above).
            #[allow(unsafe_code)]
            return Some(unsafe { wide(&columns, win, enough, bounds) });
        }
        Some(collide::<LANES>(&columns, win, enough, bounds))
    }

    /// The counting bound of `guess` on the secrets `s` (code indices) with `d` guesses left
    /// after it: their number plus each class's counting bound, the winning class aside.
    fn cheap(&self, guess: u32, s: &[u32], d: u32) -> u64 {
        let mut sizes = [0u32; 256];
        for &x in s {
            sizes[self.reply(guess, x) as usize] += 1;
        }
        let classes = sizes[..self.replies]
            .iter()
            .enumerate()
            .filter(|&(r, _)| Some(r as u8) != self.win);
        classes.fold(s.len() as u64, |sum, (_, &k)| {
            sum.saturating_add(self.count(k as usize, d))
        })
    }

    /// A guess whose counting bound on the secrets `s` (code indices) falls below `bound`
    /// with `depth` guesses left in all (the guess's own and `depth - 1` after it), if any:
    /// none when the class of `s` needs at least `bound` by counting alone (whatever the
    /// guesses allowed, which are some of these). Only the secrets need going through when
    /// the guesses outside them all cost `bound` (see [`outside`](Self::outside)).
    fn falls_short(&self, s: &[u32], depth: u32, bound: u64) -> Option<u32> {
        let n = s.len();
        if self.count(n, depth) >= bound {
            return None;
        }
        let Some(d) = depth.checked_sub(1) else {
            return Some(0);
        };
        let inside = self.outside(n, d) >= bound;
        if inside || n > usize::from(u16::MAX) {
            let pool: Vec<u32> = match inside {
                true => s.iter().copied().filter(|&g| g < self.guesses).collect(),
                false => (0..self.guesses).collect(),
            };
            return pool.into_iter().find(|&g| self.cheap(g, s, d) < bound);
        }
        let ords: Vec<u32> = s.iter().map(|&x| self.ord[x as usize]).collect();
        self.short(&ords, d, bound).first().copied()
    }

    fn reply(&self, guess: u32, secret: u32) -> u8 {
        self.table[guess as usize * self.secrets + self.ord[secret as usize] as usize]
    }
}

/// `bound` in words.
fn words(bound: Option<u64>) -> String {
    match bound {
        Some(b) => format!("at least {b} guesses"),
        None => "no strategy".into(),
    }
}

/// An automorphism checked: its permutation of the secrets' numbers, or why it is none.
type Checked = Result<Vec<u32>, String>;

/// What every claim's check shares.
struct Ctx<'a> {
    game: &'a Game,
    space: &'a codebreak_core::CodeSpace,
    rules: &'a Rules,
    pool: Pool,
    claims: &'a [Claim],
    /// `root[k]`: claim `k` is a root claim restricted to the first guess, which no claim
    /// may refer to.
    restricted: Vec<bool>,
    first_guess: Option<u32>,
    /// Wordle's hard mode: each guess's letters (`None` for a code that is no word).
    words: Option<Vec<Option<[u8; codebreak_core::wordle::LETTERS]>>>,
    /// Each list of automorphisms the proofs refer to, with each automorphism's permutation
    /// of the secrets' numbers, or why it is not an automorphism of the game (checked once).
    automorphisms: Vec<(Automorphisms, Vec<Checked>)>,
}

impl Ctx<'_> {
    /// The moves as codes and replies, after checking that each is a guess and a reply of
    /// the game.
    fn moves(&self, moves: &[(u32, u8)]) -> Result<Vec<(Code, Feedback)>, String> {
        moves
            .iter()
            .map(|&(g, r)| {
                if g >= self.rules.guesses || r as usize >= self.game.feedback().count() {
                    return Err(format!(
                        "move ({g}, {r}) is not a guess of the game and one of its replies"
                    ));
                }
                Ok((self.space.code(g), Feedback(r)))
            })
            .collect()
    }

    /// Hard mode's rule after a claim's moves (`None` when hard mode is off), after checking
    /// that the claim gives its moves when hard mode is on, and that they are moves of the
    /// game when it gives them.
    fn hard_rule(&self, c: &Claim) -> Result<Option<codebreak_core::wordle::HardMode>, String> {
        match (&self.words, &c.moves) {
            (None, None) => Ok(None),
            (None, Some(m)) => self.moves(m).map(|_| None),
            (Some(_), None) => Err("no moves are given, which hard mode needs".into()),
            (Some(_), Some(m)) => Ok(self.game.hard_mode(&self.moves(m)?)),
        }
    }

    /// Whether the secrets that get every reply of `moves` are exactly `s` (in increasing
    /// order): the moves then define the position, and a renaming that maps the moves onto
    /// themselves maps it onto itself.
    fn defined_by(&self, moves: &[(u32, u8)], s: &[u32]) -> bool {
        let rules = self.rules;
        let Some((&(first, reply), rest)) = moves.split_first() else {
            return s.len() == rules.secrets;
        };
        let mut expect = s.iter();
        let secrets = self.space.secrets();
        for (k, &r) in rules.row(first).iter().enumerate() {
            if r == reply
                && rest.iter().all(|&(g, r)| rules.row(g)[k] == r)
                && expect.next() != Some(&secrets[k])
            {
                return false;
            }
        }
        expect.next().is_none()
    }

    /// Checks that the word (automorphisms by number in `list`, applied first to last) maps
    /// guess `g` onto guess `o` and the secrets `s` onto themselves.
    fn permuted(
        &self,
        s: &[u32],
        g: u32,
        o: u32,
        word: &[u32],
        list: &Automorphisms,
    ) -> Result<(), String> {
        if self.words.is_some() {
            return Err("hard mode's rule is not invariant under automorphisms".into());
        }
        let Some((_, checked)) = self
            .automorphisms
            .iter()
            .find(|(l, _)| std::sync::Arc::ptr_eq(l, list))
        else {
            return Err("its automorphisms were not checked".into());
        };
        let mut maps = Vec::with_capacity(word.len());
        for &k in word {
            match checked.get(k as usize) {
                None => {
                    return Err(format!(
                        "automorphism {k} is not in the file ({} automorphisms)",
                        checked.len()
                    ));
                }
                Some(Err(why)) => {
                    return Err(format!("automorphism {k} is not one of the game: {why}"));
                }
                Some(Ok(sigma)) => maps.push((&list[k as usize], sigma)),
            }
        }
        let image = maps.iter().fold(g, |x, (a, _)| a.guesses[x as usize]);
        let code = |x: u32| self.game.format_code(&self.space.code(x));
        if image != o {
            return Err(format!(
                "automorphisms {word:?} map it onto {}, not onto {}",
                code(image),
                code(o)
            ));
        }
        let secrets = self.space.secrets();
        for &x in s {
            let y = maps
                .iter()
                .fold(self.rules.ord[x as usize], |k, (_, sigma)| {
                    sigma[k as usize]
                });
            if s.binary_search(&secrets[y as usize]).is_err() {
                return Err(format!(
                    "automorphisms {word:?} map secret {} out of the position",
                    code(x)
                ));
            }
        }
        Ok(())
    }

    /// Whether hard mode's `rule` allows guess `g`.
    fn allows(&self, rule: &codebreak_core::wordle::HardMode, g: u32) -> bool {
        match &self.words {
            Some(words) => words[g as usize].is_none_or(|w| rule.allows(&w)),
            None => true,
        }
    }
}

/// Checks every claim reachable from the root claims of `cert`, a certificate about `game`.
/// Fails at the first claim (breadth first from the roots) that does not hold, naming its
/// position by the guesses and replies that lead to it.
pub fn check(game: &Game, cert: &Certificate) -> Result<Report, CertError> {
    let h = &cert.header;
    if h.game != game.spec() {
        let named = Game::new(&h.game).map(|g| g.to_string());
        return Err(CertError::Game(format!(
            "the certificate is for {}, not for {game}",
            named.unwrap_or_else(|_| serde_json::to_string(&h.game).unwrap_or_default())
        )));
    }
    let rules = Rules::new(game)?;
    let space = game.space().map_err(|e| CertError::Game(e.to_string()))?;
    let claims = &cert.claims;
    let mut ctx = Ctx {
        game,
        space: &space,
        rules: &rules,
        pool: h.pool,
        claims,
        restricted: vec![false; claims.len()],
        first_guess: h.first_guess,
        words: game.hard().then(|| {
            (0..rules.guesses)
                .map(|g| game.wordle_word(&space.code(g)))
                .collect()
        }),
        automorphisms: Vec::new(),
    };
    // Every list of automorphisms proofs refer to, each automorphism checked once against
    // the whole table.
    for p in claims.iter().flat_map(|c| &c.guesses) {
        if let Why::Permuted(_, _, list) = &p.why
            && !ctx
                .automorphisms
                .iter()
                .any(|(l, _)| std::sync::Arc::ptr_eq(l, list))
        {
            let checked = list
                .iter()
                .map(|a| automorphism(&rules, &space, a))
                .collect();
            ctx.automorphisms.push((list.clone(), checked));
        }
    }
    // The position's secrets: those that get every move's reply.
    let history = ctx
        .moves(&h.history)
        .map_err(|w| CertError::Game(format!("the header's history: {w}")))?;
    let all: Vec<u32> = space
        .secrets()
        .iter()
        .copied()
        .filter(|&x| h.history.iter().all(|&(g, r)| rules.reply(g, x) == r))
        .collect();
    if all.is_empty() {
        return Err(CertError::Game(
            "no secret gets the replies of the header's history".into(),
        ));
    }
    if let Some(g) = h.first_guess
        && g >= rules.guesses
    {
        return Err(CertError::Game(format!(
            "first guess number {g} is not a guess of {game}"
        )));
    }
    let root_rule = game.hard_mode(&history);
    // How each claim was first reached: (claim, guess, reply).
    let mut parent: Vec<Option<(u32, u32, u8)>> = vec![None; claims.len()];
    let mut queued = vec![false; claims.len()];
    let mut queue: Vec<u32> = Vec::new();
    for &r in &h.roots {
        let Some(c) = claims.get(r as usize) else {
            return Err(CertError::Game(format!(
                "root claim {r} is not in the file ({} claims)",
                claims.len()
            )));
        };
        if c.secrets != all {
            return Err(CertError::Game(format!(
                "root claim {r} is about {} secrets, not every secret of the position ({})",
                c.secrets.len(),
                all.len()
            )));
        }
        let rule = ctx
            .hard_rule(c)
            .map_err(|w| CertError::Game(format!("root claim {r}: {w}")))?;
        if rule != root_rule {
            return Err(CertError::Game(format!(
                "root claim {r}: its moves are not the header's history"
            )));
        }
        ctx.restricted[r as usize] = h.first_guess.is_some();
        if !queued[r as usize] {
            queued[r as usize] = true;
            queue.push(r);
        }
    }
    // Breadth first, one level at a time, the claims of a level checked in parallel: the
    // first failure in the level's order is reported, as a sequential walk would.
    let mut checked = 0;
    let mut level: Vec<u32> = queue;
    // In hard mode, the legal guesses of the level's claims, for their children's.
    let mut legal: std::collections::HashMap<u32, Legal> = Default::default();
    while !level.is_empty() {
        let results: Vec<_> = level
            .par_iter()
            .map(|&k| {
                let above = parent[k as usize].and_then(|(p, _, _)| legal.get(&p));
                check_claim(&ctx, k, above)
            })
            .collect();
        legal.clear();
        let mut next = Vec::new();
        for (&k, result) in level.iter().zip(results) {
            let c = &claims[k as usize];
            let (refs, guesses) = result.map_err(|why| CertError::Claim {
                claim: k,
                position: position(game, &space, &h.history, &parent, k),
                secrets: c.secrets.len(),
                depth: c.depth,
                bound: words(c.bound),
                why,
            })?;
            checked += 1;
            if let Some(g) = guesses {
                legal.insert(k, g);
            }
            for (guess, reply, to) in refs {
                if !queued[to as usize] {
                    queued[to as usize] = true;
                    parent[to as usize] = Some((k, guess, reply));
                    next.push(to);
                }
            }
        }
        level = next;
    }
    let format_moves = |m: &[(Code, Feedback)]| {
        m.iter()
            .map(|(g, f)| format!("{}:{}", game.format_code(g), game.format_feedback(*f)))
            .collect::<Vec<_>>()
            .join(",")
    };
    Ok(Report {
        secrets: all.len(),
        claims: claims.len(),
        checked,
        roots: h
            .roots
            .iter()
            .map(|&r| (claims[r as usize].depth, claims[r as usize].bound))
            .collect(),
        objective: h.objective.clone(),
        history: (!history.is_empty()).then(|| format_moves(&history)),
        first_guess: h.first_guess.map(|g| game.format_code(&space.code(g))),
    })
}

/// The moves from the root to claim `k`.
fn position(
    game: &Game,
    space: &codebreak_core::CodeSpace,
    history: &[(u32, u8)],
    parent: &[Option<(u32, u32, u8)>],
    mut k: u32,
) -> String {
    let mut moves = Vec::new();
    while let Some((p, g, r)) = parent[k as usize] {
        moves.push(format!(
            "{} {}",
            game.format_code(&space.code(g)),
            game.format_feedback(Feedback(r))
        ));
        k = p;
    }
    moves.extend(history.iter().rev().map(|&(g, r)| {
        format!(
            "{} {}",
            game.format_code(&space.code(g)),
            game.format_feedback(Feedback(r))
        )
    }));
    if moves.is_empty() {
        return "root".into();
    }
    moves.reverse();
    format!("after {}", moves.join(", "))
}

/// Hard mode's rule after a claim's moves and the guesses it allows.
type Legal = (codebreak_core::wordle::HardMode, Vec<u32>);

/// What a claim's check gives the next level: the claims its justifications use, as (guess,
/// reply, claim), and in hard mode its [`Legal`] guesses.
type Found = (Vec<(u32, u8, u32)>, Option<Legal>);

/// Checks one claim; returns the claims its justifications use, as (guess, reply, claim), and
/// in hard mode its rule with the guesses it allows. `above`: the rule and legal guesses of
/// the claim that first referred to this one, if known (in hard mode).
fn check_claim(ctx: &Ctx, k: u32, above: Option<&Legal>) -> Result<Found, String> {
    let (game, space, rules, claims) = (ctx.game, ctx.space, ctx.rules, ctx.claims);
    let c = &claims[k as usize];
    let rule = ctx.hard_rule(c)?;
    let s = &c.secrets;
    let n = s.len();
    if n == 0 {
        return Err("no secrets".into());
    }
    for w in s.windows(2) {
        if w[0] >= w[1] {
            return Err(format!("secrets not in increasing order at code {}", w[1]));
        }
    }
    if let Some(&bad) = s
        .iter()
        .find(|&&x| rules.ord.get(x as usize).is_none_or(|&o| o == u32::MAX))
    {
        return Err(format!("code {bad} is not a secret of the game"));
    }
    let bound = c.bound.unwrap_or(INF);
    if c.depth > 63 {
        return Err(format!("depth {} is above 63", c.depth));
    }
    if rules.count(n, c.depth) >= bound {
        return Ok((Vec::new(), None));
    }
    if c.depth == 0 {
        return Err("no guess is left".into());
    }
    let d = c.depth - 1;
    // Guesses that cannot be the secret all cost at least `outside`: when that reaches the
    // bound, only those that can be the secret are gone through.
    let inside_only = ctx.pool == Pool::Consistent || rules.outside(n, d) >= bound;
    // Hard mode: the guesses its rule allows after the claim's moves, sought among those of
    // the claim above when its rule is coarser (they include every guess this one allows).
    let legal = rule.as_ref().map(|rule| {
        let allowed: Vec<u32> = match above.filter(|(coarser, _)| rule.refines(coarser)) {
            // Those guesses keep the coarser rule: only what this one adds is tested.
            Some((coarser, guesses)) => {
                let extra = rule.beyond(coarser);
                let mut guesses = guesses.clone();
                if extra != Default::default() {
                    guesses.retain(|&g| ctx.allows(&extra, g));
                }
                guesses
            }
            None => (0..rules.guesses)
                .filter(|&g| ctx.allows(rule, g))
                .collect(),
        };
        (rule.clone(), allowed)
    });
    let mut pool: Vec<u32> = match (&legal, inside_only) {
        (Some((_, allowed)), true) => allowed
            .iter()
            .copied()
            .filter(|g| s.binary_search(g).is_ok())
            .collect(),
        (Some((_, allowed)), false) => allowed.clone(),
        (None, true) => s.iter().copied().filter(|&g| g < rules.guesses).collect(),
        (None, false) => (0..rules.guesses).collect(),
    };
    // A root claim about the strategies that play the first guess: that guess only.
    if ctx.restricted[k as usize] {
        pool.retain(|&g| Some(g) == ctx.first_guess);
    }
    let code = |g: u32| game.format_code(&space.code(g));
    for w in c.guesses.windows(2) {
        if w[0].guess >= w[1].guess {
            return Err(format!(
                "guess {} is listed after guess {}: expected increasing order",
                code(w[1].guess.min(rules.guesses.saturating_sub(1))),
                code(w[0].guess.min(rules.guesses.saturating_sub(1)))
            ));
        }
    }
    // A guess outside the set that the outside bound covers needs no entry; one given (an
    // assembled certificate may list every guess of a symmetry class) is passed over.
    let covered =
        |g: u32| inside_only && ctx.pool != Pool::Consistent && s.binary_search(&g).is_err();
    let mut entries = c.guesses.iter().filter(|e| !covered(e.guess)).peekable();
    let mut refs = Vec::new();
    let ords: Vec<u32> = s.iter().map(|&x| rules.ord[x as usize]).collect();
    let mut sizes = [0usize; 256];
    let mut touched: Vec<u8> = Vec::with_capacity(256);
    // Going through most guesses: the counting bounds of all of them at once, secret by
    // secret (the table read in order); through the secrets only, or hard mode's few
    // guesses, guess by guess.
    let many = !inside_only && 2 * pool.len() >= rules.guesses as usize;
    let cheaps = (many && n <= u16::MAX as usize).then(|| rules.short(&ords, d, bound));
    // With the guesses whose counting bounds fall short, only those are gone through, with
    // those the certificate lists (each must be a legal guess).
    let short: Vec<u32> = match &cheaps {
        Some(c) => c
            .iter()
            .copied()
            .filter(|g| pool.binary_search(g).is_ok())
            .collect(),
        None => pool.clone(),
    };
    // Guess by guess through hard mode's fewer guesses or the secrets: their replies first
    // gathered from the secrets' columns (each read in one pass, where each guess's row
    // would be read at scattered places), side by side for each guess.
    let gathered: Option<Vec<u8>> = (cheaps.is_none() && pool.len() * n <= GATHER_MAX).then(|| {
        let mut sub = vec![0u8; pool.len() * n];
        for (k, &o) in ords.iter().enumerate() {
            let column = &rules.columns[o as usize * rules.guesses as usize..];
            for (i, &g) in pool.iter().enumerate() {
                sub[i * n + k] = column[g as usize];
            }
        }
        sub
    });
    let mut scattered: Vec<u8> = Vec::new();
    let mut short = short.into_iter().peekable();
    // The secrets as a set, for the renamings' proofs (made when the first needs it), and
    // whether the claim's moves define them.
    let mut members: Option<Members> = None;
    let mut defined: Option<bool> = None;
    loop {
        let g = match (short.peek(), entries.peek()) {
            (None, None) => break,
            (Some(&a), Some(e)) => a.min(e.guess),
            (Some(&a), None) => a,
            (None, Some(e)) => e.guess,
        };
        short.next_if_eq(&g);
        let entry = entries.next_if(|e| e.guess == g);
        if entry.is_some() && pool.binary_search(&g).is_err() {
            return Err(format!("guess number {g} is not a legal guess here"));
        }
        if cheaps
            .as_ref()
            .is_some_and(|c| c.binary_search(&g).is_err())
        {
            continue;
        }
        // The counting bound of every class the guess leaves.
        for &r in &touched {
            sizes[r as usize] = 0;
        }
        touched.clear();
        let replies: &[u8] = match (&gathered, pool.binary_search(&g)) {
            (Some(sub), Ok(i)) => &sub[i * n..][..n],
            _ => {
                let row = rules.row(g);
                scattered.clear();
                scattered.extend(ords.iter().map(|&o| row[o as usize]));
                &scattered
            }
        };
        for &r in replies {
            if sizes[r as usize] == 0 {
                touched.push(r);
            }
            sizes[r as usize] += 1;
        }
        let mut cheap = n as u64;
        for &r in &touched {
            if Some(r) != rules.win {
                cheap = cheap.saturating_add(rules.count(sizes[r as usize], d));
            }
        }
        if cheap >= bound {
            continue;
        }
        let Some(entry) = entry else {
            return Err(format!(
                "guess {}: the counting bounds of its classes give {}, below the bound, and the certificate gives no justification",
                code(g),
                cheap
            ));
        };
        match &entry.why {
            Why::Classes(list, counted) => {
                let mut used = [false; 256];
                let mut sum = cheap;
                // What is wrong with the class of reply `r`.
                let at = |r: u8, w: String| {
                    let reply = if (r as usize) < game.feedback().count() {
                        game.format_feedback(Feedback(r))
                    } else {
                        format!("number {r}")
                    };
                    format!("guess {} reply {reply}: {w}", code(g))
                };
                // Checks that the class of reply `r` is one the guess leaves, listed once.
                let mut listed = |r: u8| {
                    if Some(r) == rules.win || sizes[r as usize] == 0 {
                        return Err(at(r, "no class of secrets gets this reply".into()));
                    }
                    if std::mem::replace(&mut used[r as usize], true) {
                        return Err(at(r, "the reply is listed twice".into()));
                    }
                    Ok(())
                };
                for k in counted {
                    let r = k.reply;
                    listed(r)?;
                    let class: Vec<u32> = s
                        .iter()
                        .copied()
                        .filter(|&x| rules.reply(g, x) == r)
                        .collect();
                    if let Some(short) = rules.falls_short(&class, d, k.bound) {
                        let w = format!(
                            "counted to need {} guesses, but guess {} has the counting bound {} on its {} secrets",
                            k.bound,
                            code(short),
                            rules.cheap(short, &class, d),
                            class.len()
                        );
                        return Err(at(r, w));
                    }
                    let counted = rules.count(class.len(), d);
                    sum = sum
                        .saturating_sub(counted)
                        .saturating_add(k.bound.max(counted));
                }
                for cref in list {
                    let (r, to) = (cref.reply, cref.claim);
                    listed(r)?;
                    let why = |w: String| at(r, w);
                    let Some(sub) = claims.get(to as usize) else {
                        return Err(why(format!(
                            "refers to claim {to}, which is not in the file ({} claims)",
                            claims.len()
                        )));
                    };
                    if ctx.restricted[to as usize] {
                        return Err(why(format!(
                            "refers to claim {to}, a root claim about the strategies that play the first guess only"
                        )));
                    }
                    if rule.is_some() {
                        let mut after = c.moves.clone().unwrap_or_default();
                        after.push((g, r));
                        let want = game.hard_mode(&ctx.moves(&after).map_err(&why)?);
                        if ctx.hard_rule(sub).map_err(&why)? != want {
                            return Err(why(format!(
                                "claim {to}: hard mode's rule after its moves is not the rule after this reply"
                            )));
                        }
                    }
                    let class: Vec<u32> = s
                        .iter()
                        .copied()
                        .filter(|&x| rules.reply(g, x) == r)
                        .collect();
                    let same = match &cref.renaming {
                        None => sub.secrets == class,
                        Some(t) => {
                            let apply = renamer(game, space, rules, t).map_err(&why)?;
                            let mut image = sub
                                .secrets
                                .iter()
                                .map(|&x| apply(x))
                                .collect::<Option<Vec<u32>>>()
                                .unwrap_or_default();
                            image.sort_unstable();
                            image == class
                        }
                    };
                    if !same {
                        return Err(why(format!(
                            "claim {to} is about other secrets than the class's {}",
                            class.len()
                        )));
                    }
                    if sub.depth < d || (sub.depth > d && class.len() >= n) {
                        return Err(why(format!(
                            "claim {to} has depth {}: expected {d}{}",
                            sub.depth,
                            if class.len() < n { " or more" } else { "" }
                        )));
                    }
                    let counted = rules.count(class.len(), d);
                    let claimed = sub.bound.unwrap_or(INF).max(counted);
                    sum = sum.saturating_sub(counted).saturating_add(claimed);
                    refs.push((g, r, to));
                }
                if sum < bound {
                    return Err(format!(
                        "guess {}: its classes' claims add up to {sum} only, below the bound",
                        code(g)
                    ));
                }
            }
            Why::Same(other) => {
                let o = *other;
                if o >= g || pool.binary_search(&o).is_err() {
                    return Err(format!(
                        "guess {}: same as guess number {o}, which is not an earlier legal guess",
                        code(g)
                    ));
                }
                if !same_split(rules, s, g, o) {
                    return Err(format!(
                        "guess {}: guess {} does not split the secrets the same way",
                        code(g),
                        code(o)
                    ));
                }
            }
            Why::Sym(other, renaming) => {
                let o = *other;
                if o >= g || pool.binary_search(&o).is_err() {
                    return Err(format!(
                        "guess {}: mapped onto guess number {o}, which is not an earlier legal guess",
                        code(g)
                    ));
                }
                let defined = *defined
                    .get_or_insert_with(|| c.moves.as_ref().is_some_and(|m| ctx.defined_by(m, s)));
                let moves = c.moves.as_deref().filter(|_| defined);
                let members = members.get_or_insert_with(|| Members::of(s));
                symmetric(game, space, rules, s, members, moves, g, o, renaming).map_err(|w| {
                    format!("guess {}: the renaming onto {}: {w}", code(g), code(o))
                })?;
            }
            Why::Permuted(other, word, list) => {
                let o = *other;
                if o >= g || pool.binary_search(&o).is_err() {
                    return Err(format!(
                        "guess {}: mapped onto guess number {o}, which is not an earlier legal guess",
                        code(g)
                    ));
                }
                ctx.permuted(s, g, o, word, list)
                    .map_err(|w| format!("guess {}: {w}", code(g)))?;
            }
        }
    }
    Ok((refs, legal))
}

/// Whether guesses `a` and `b` split `s` into the same classes, the winning one alike.
fn same_split(rules: &Rules, s: &[u32], a: u32, b: u32) -> bool {
    let name = |g: u32| {
        let mut names = [u8::MAX; 256];
        let mut next = 0u8;
        s.iter()
            .map(|&x| {
                let r = rules.reply(g, x);
                if Some(r) == rules.win {
                    return u16::MAX;
                }
                if names[r as usize] == u8::MAX {
                    names[r as usize] = next;
                    next = next.wrapping_add(1);
                }
                u16::from(names[r as usize])
            })
            .collect::<Vec<u16>>()
    };
    name(a) == name(b)
}

/// The renaming `r` as a map of code indices, after checking that it is one: a permutation of
/// the positions and one of the colours, in a peg game (whose rules are invariant under it).
fn renamer<'a>(
    game: &Game,
    space: &'a codebreak_core::CodeSpace,
    rules: &'a Rules,
    r: &'a Renaming,
) -> Result<impl Fn(u32) -> Option<u32> + 'a, String> {
    if game.list().is_some()
        || !matches!(
            game.kind(),
            GameKind::Mastermind | GameKind::Bulls | GameKind::BlackPeg
        )
    {
        return Err("only the peg games' rules are invariant under renaming".into());
    }
    let is_perm = |p: &[u8], len: usize| {
        let mut seen = vec![false; len];
        p.len() == len
            && p.iter()
                .all(|&x| (x as usize) < len && !std::mem::replace(&mut seen[x as usize], true))
    };
    if !is_perm(&r.positions, game.pegs()) {
        return Err(format!("positions {:?} are no permutation", r.positions));
    }
    if !is_perm(&r.colors, game.colors()) {
        return Err(format!("colors {:?} are no permutation", r.colors));
    }
    // With the table of codes by key: `place[at * colors + c]`, what a peg of colour `c` at
    // position `at` adds to its image's key (renamed `r.colors[c]`, moved to the place `k`
    // with `r.positions[k] == at`), so that an image's key is one sum over the pegs.
    let colors = rules.colors as usize;
    let mut place = Vec::new();
    if !rules.radix.is_empty() {
        place = vec![0u64; game.pegs() * colors];
        let mut weight = 1u64;
        for &at in r.positions.iter().rev() {
            for (c, &to) in r.colors.iter().enumerate() {
                place[at as usize * colors + c] = u64::from(to) * weight;
            }
            weight *= rules.colors;
        }
    }
    let pegs = game.pegs();
    Ok(
        #[inline(always)]
        move |i: u32| -> Option<u32> {
            if !place.is_empty() {
                let digits = rules.digits.get(i as usize * pegs..)?.get(..pegs)?;
                let key: u64 = (place.chunks_exact(colors).zip(digits))
                    .map(|(row, &p)| row[p as usize])
                    .sum();
                return rules
                    .radix
                    .get(key as usize)
                    .copied()
                    .filter(|&x| x != u32::MAX);
            }
            let c = space.code(i);
            let mut img = c;
            for (k, peg) in img.pegs_mut().iter_mut().enumerate() {
                *peg = r.colors[c.pegs()[r.positions[k] as usize] as usize];
            }
            space.index_of(&img)
        },
    )
}

/// Checks that `a` is an automorphism of the game's table: a permutation of the secrets and
/// one of the guesses, a code that is both mapped alike by both, and for every guess `g`, a
/// one-to-one renaming of its replies onto those of its image `τ(g)` such that each secret's
/// reply to `g` is renamed its image's reply to `τ(g)`, the winning reply (if any) staying
/// the winning reply. Returns the permutation of the secrets' numbers.
fn automorphism(
    rules: &Rules,
    space: &codebreak_core::CodeSpace,
    a: &Automorphism,
) -> Result<Vec<u32>, String> {
    let (n, guesses) = (rules.secrets, rules.guesses as usize);
    if a.secrets.len() != n || a.guesses.len() != guesses {
        return Err(format!(
            "it maps {} secrets and {} guesses, the game has {n} and {guesses}",
            a.secrets.len(),
            a.guesses.len()
        ));
    }
    let mut sigma = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for &y in &a.secrets {
        let Some(&k) = rules.ord.get(y as usize).filter(|&&k| k != u32::MAX) else {
            return Err(format!("it maps a secret onto code number {y}, no secret"));
        };
        if std::mem::replace(&mut seen[k as usize], true) {
            return Err(format!("it maps two secrets onto code number {y}"));
        }
        sigma.push(k);
    }
    let mut seen = vec![false; guesses];
    for &y in &a.guesses {
        if y as usize >= guesses || std::mem::replace(&mut seen[y as usize], true) {
            return Err(format!(
                "its guesses are no permutation (code number {y} is no guess, or twice)"
            ));
        }
    }
    for (k, &x) in space.secrets().iter().enumerate() {
        if x < rules.guesses && a.guesses[x as usize] != a.secrets[k] {
            return Err(format!(
                "code number {x}, a guess and a secret, has two images"
            ));
        }
    }
    let bad = (0..guesses).into_par_iter().find_first(|&g| {
        let row = rules.row(g as u32);
        let image = rules.row(a.guesses[g]);
        let (mut to, mut from) = ([u16::MAX; 256], [u16::MAX; 256]);
        row.iter().zip(&sigma).any(|(&r, &k)| {
            let r2 = image[k as usize];
            match to[r as usize] {
                u16::MAX => {
                    if from[r2 as usize] != u16::MAX
                        || rules.win.is_some_and(|w| (r == w) != (r2 == w))
                    {
                        return true;
                    }
                    to[r as usize] = r2.into();
                    from[r2 as usize] = r.into();
                    false
                }
                m => m != u16::from(r2),
            }
        })
    });
    if let Some(g) = bad {
        return Err(format!(
            "guess number {g} and its image number {} do not split the secrets alike",
            a.guesses[g]
        ));
    }
    Ok(sigma)
}

/// A set of code indices, a bit each.
struct Members(Vec<u64>);

impl Members {
    /// The set of the codes `s`.
    fn of(s: &[u32]) -> Members {
        let top = s.iter().max().map_or(0, |&x| x as usize + 1);
        let mut bits = vec![0u64; top.div_ceil(64)];
        for &x in s {
            bits[x as usize / 64] |= 1 << (x % 64);
        }
        Members(bits)
    }

    /// Whether code `x` is in the set.
    fn has(&self, x: u32) -> bool {
        self.0
            .get(x as usize / 64)
            .is_some_and(|w| w & (1 << (x % 64)) != 0)
    }
}

/// Checks that `renaming` maps the set `s` (whose members are `members`) onto itself and
/// guess `g` onto guess `o`, each secret's reply to `g` being its image's reply to `o`.
///
/// With `moves` that define `s` ([`Ctx::defined_by`]), a renaming that maps each move onto a
/// move (its guess renamed, the same reply) maps `s` onto itself, as the peg games' replies
/// are invariant under renamings: a secret's image gets from each move's image the reply the
/// secret gets from the move. Each secret is then left as it is; otherwise each is renamed.
#[allow(clippy::too_many_arguments)]
fn symmetric(
    game: &Game,
    space: &codebreak_core::CodeSpace,
    rules: &Rules,
    s: &[u32],
    members: &Members,
    moves: Option<&[(u32, u8)]>,
    g: u32,
    o: u32,
    r: &Renaming,
) -> Result<(), String> {
    let apply = renamer(game, space, rules, r)?;
    if apply(g) != Some(o) {
        return Err("it does not map the one guess onto the other".into());
    }
    if let Some(moves) = moves
        && moves
            .iter()
            .all(|&(h, reply)| apply(h).is_some_and(|i| moves.contains(&(i, reply))))
    {
        return Ok(());
    }
    let (from, to) = (rules.row(g), rules.row(o));
    let reply = |row: &[u8], x: u32| row[rules.ord[x as usize] as usize];
    for &x in s {
        let Some(y) = apply(x).filter(|&y| members.has(y)) else {
            return Err(format!(
                "it maps secret {} out of the position",
                game.format_code(&space.code(x))
            ));
        };
        if reply(from, x) != reply(to, y) {
            return Err(format!(
                "secret {} does not get the same reply from both",
                game.format_code(&space.code(x))
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::GameSpec;

    /// A peg game's table, scored once per pair of codes and mirrored, is the reference
    /// scorer's reply for every pair, and so is its transpose.
    #[test]
    fn mirrored_tables_agree_with_every_pair_scored() {
        let black = GameSpec {
            kind: GameKind::BlackPeg,
            ..GameSpec::mastermind(3, 4)
        };
        for spec in [GameSpec::mastermind(3, 4), GameSpec::bulls(3, 6), black] {
            let game = Game::new(&spec).unwrap();
            let rules = Rules::new(&game).unwrap();
            let space = game.space().unwrap();
            let score = reference::game_scorer(&game);
            assert_eq!(rules.secrets, rules.guesses as usize, "{spec:?}");
            for g in 0..rules.guesses {
                for (k, &s) in space.secrets().iter().enumerate() {
                    let want = score(&space.code(s), &space.code(g)).0;
                    assert_eq!(rules.row(g)[k], want, "{spec:?}: guess {g}, secret {s}");
                    assert_eq!(rules.columns[k * rules.guesses as usize + g as usize], want);
                }
            }
        }
    }

    /// The counting bounds of every guess at once agree with those computed guess by guess,
    /// on sets of every size and depths from none left to plenty, and so do the guesses they
    /// leave below a bound, and a counted class's check ([`Rules::falls_short`]); small sets (1 to 20 secrets, spread over the game) go through
    /// [`Rules::short_small`] where it applies.
    #[test]
    fn cheap_all_agrees_with_each_guess_alone() {
        for spec in [GameSpec::mastermind(3, 4), GameSpec::bulls(3, 6)] {
            let game = Game::new(&spec).unwrap();
            let rules = Rules::new(&game).unwrap();
            let secrets = game.space().unwrap().secrets().to_vec();
            let n = rules.secrets as u32;
            let mut sets: Vec<(Vec<u32>, u32)> = Vec::new();
            for (step, d) in [(1, 0), (3, 1), (5, 2), (7, 5)] {
                sets.push(((0..n).step_by(step).collect(), d));
            }
            for size in 1..=20u32 {
                for d in [1, 2, 5] {
                    let mut ords: Vec<u32> = (0..size).map(|i| (i * 37 + size * d) % n).collect();
                    ords.sort_unstable();
                    ords.dedup();
                    sets.push((ords, d));
                }
            }
            let small = sets
                .iter()
                .filter(|(ords, d)| rules.short_small(ords, *d, 0).is_some())
                .count();
            // Both ways are tested.
            assert!(
                small > 0 && small < sets.len(),
                "{spec:?}: {small} small sets"
            );
            for (ords, d) in sets {
                let step = ords.len();
                let all = rules.cheap_all(&ords, d);
                // Every way agrees with the first.
                assert_eq!(rules.cheap_counted(&ords, d), all, "{spec:?} step {step}");
                let blocks = rules
                    .cheap_blocks(&ords, d)
                    .expect("peg games have few replies");
                assert_eq!(blocks, all, "{spec:?} step {step}");
                for g in 0..rules.guesses {
                    let mut sizes = [0usize; 256];
                    for &o in &ords {
                        sizes[rules.row(g)[o as usize] as usize] += 1;
                    }
                    let mut cheap = ords.len() as u64;
                    for (r, &k) in sizes.iter().enumerate() {
                        if k > 0 && Some(r as u8) != rules.win {
                            cheap = cheap.saturating_add(rules.count(k, d));
                        }
                    }
                    assert_eq!(all[g as usize], cheap, "{spec:?} guess {g} step {step}");
                }
                // The guesses left short of bounds from none to all, the least and the
                // largest bound among them.
                let least = all.iter().copied().min().unwrap_or(0);
                let most = all.iter().copied().max().unwrap_or(0);
                for bound in [
                    0,
                    least,
                    least.saturating_add(1),
                    least.saturating_add(2),
                    least / 2 + most / 2,
                    most,
                    most.saturating_add(1),
                    INF,
                ] {
                    let want: Vec<u32> = (0..rules.guesses)
                        .filter(|&g| all[g as usize] < bound)
                        .collect();
                    assert_eq!(
                        rules.short(&ords, d, bound),
                        want,
                        "{spec:?} step {step} bound {bound}"
                    );
                    // Both widths of the small sets' loops (the 64 lanes where the
                    // processor has them) give the same guesses.
                    for wide in [false, true] {
                        if let Some(found) = rules.short_small_in(&ords, d, bound, wide) {
                            assert_eq!(found, want, "{spec:?} step {step} bound {bound} {wide}");
                        }
                    }
                    // A class counted to need `bound` within `d + 1`: refused exactly when
                    // a guess falls short (and its own counting bound does not reach it),
                    // naming one that does.
                    let codes: Vec<u32> = ords.iter().map(|&o| secrets[o as usize]).collect();
                    let short = rules.falls_short(&codes, d + 1, bound);
                    let counts = rules.count(codes.len(), d + 1) >= bound;
                    assert_eq!(
                        short.is_none(),
                        counts || want.is_empty(),
                        "{spec:?} {bound}"
                    );
                    if let Some(g) = short {
                        assert!(want.contains(&g), "{spec:?} step {step} bound {bound}");
                        assert_eq!(rules.cheap(g, &codes, d), all[g as usize]);
                    }
                }
            }
        }
    }
}
