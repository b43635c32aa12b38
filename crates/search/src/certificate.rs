//! Certificates of optimality (the format and the checker are `codebreak-certify`'s): after a
//! search, a second pass proves the lower bound the search found, using the search's memo as
//! an oracle for what each class costs.
//!
//! The pass proves a claim "at least `L` guesses for these secrets within `d`" by going
//! through every legal guess: a guess whose classes' counting bounds already reach `L` needs
//! nothing; one that splits the secrets as an earlier guess does is `same`; in a peg game, one
//! that a renaming fixing the moves so far maps onto an earlier guess is `sym`; in a game
//! file with symmetry, one that an automorphism fixing the moves so far (from the group the
//! search uses) maps onto an earlier guess is `sym` by a word in the automorphisms the file
//! lists (each listed once, when first used); any other
//! guess has its classes solved smallest first as the search does, each asked only for what
//! the others' values known to the memo leave (so the memo answers most, and a class is
//! proved to need no more than the search learnt when it dropped the guess), and the classes
//! that cost more than their counting bound get claims of their own, proved the same way.
//! A set of secrets is proved once for each bound it needs.

use std::sync::Arc;

use codebreak_certify::{
    Automorphisms, Certificate, Claim, ClassRef, Counted, GuessProof, Header, Renaming, Why,
};
use codebreak_core::symmetry::Symmetry;
use codebreak_core::wordle::HardMode;
use codebreak_core::{Candidates, Code, End, Engine, Feedback, HIST_LEN, MAX_PEGS, Pool, Rules};
use rustc_hash::FxHashMap;

use crate::automorphisms::AutomorphismWords;
use crate::bounds::{INFINITE, NO_LIMIT, pack, total};
use crate::memo::{Entry, key};
use crate::solver::{Interrupted, Solver};
use codebreak_core::list_symmetry::Group;

/// "No strategy": larger than any total.
const INF: u64 = u64::MAX;
/// Most (peg permutations × move orders) tried when renaming a position canonically, as the
/// memo's keys do.
const CANON_WORK: usize = 1000;

/// Why no certificate was made.
#[derive(Debug)]
pub(crate) enum ProveError {
    /// Stopped.
    Interrupted,
    /// A claim that the search's own values contradict: a defect, caught before a file is
    /// written.
    Defect(String),
}

impl From<Interrupted> for ProveError {
    fn from(_: Interrupted) -> Self {
        ProveError::Interrupted
    }
}

/// A claim proved: (depth, bound, number, hard mode's rule).
type Known = (u32, u64, u32, Option<HardMode>);

/// The claims proved so far.
pub(crate) struct Prover<'a, 's, R: Rules> {
    pub(crate) s: &'s Solver<'a, R>,
    claims: Vec<Claim>,
    /// Claims by their set of secrets' [`key`] (each checked against its claim's secrets,
    /// which are not copied).
    index: FxHashMap<u128, Vec<Known>>,
    /// Whether renamings of colours and positions are symmetries (built-in peg games).
    peg: bool,
    /// Every secret's reply to every guess, secret by secret (`columns[ord * guesses +
    /// guess]`, `ord` the secret's number), in games of at most [`COLUMNS_MAX`] cells: the
    /// counting bounds of every guess on a set then come from one pass over its secrets'
    /// columns ([`cheap_all`](Self::cheap_all)). Empty otherwise, and in a list game, whose
    /// table is laid out the same way ([`Rules::replies_to`]) and serves instead.
    columns: Vec<u8>,
    /// Whether the columns are there (the prover's own, or a list game's table).
    has_columns: bool,
    /// `ord[code]`: the code's number among the secrets.
    ord: Vec<u32>,
    /// [`cheap_all`](Self::cheap_all)'s counts per (reply, guess), stamped as the checker's
    /// are: the stamp of the call in the high 16 bits, the count in the low ones.
    counts: Vec<u32>,
    /// The last call's stamp.
    stamp: u16,
    /// A buffer for [`cheap_all`](Self::cheap_all)'s bounds, kept between calls.
    spare: Vec<u64>,
    /// A buffer for [`cheap_blocks`](Self::cheap_blocks)' copy of a set's columns.
    rows: Vec<u8>,
    /// In a game file (not hard mode, symmetry on): the automorphisms used so far.
    perms: Option<AutomorphismWords>,
    /// In a peg game: the canonical renaming found for each set of secrets (see
    /// [`canonical`](Self::canonical)), so that a set met again is not renamed again. A claim
    /// is about a set whatever moves led to it, so the renaming found after some moves serves
    /// after any others. Keyed by the set's [`key`], as the search's memo is: a collision
    /// (of 128-bit hashes) would give a claim that the checker rejects, never a wrong proof.
    renamed: FxHashMap<u128, Option<Canonical>>,
    /// In a peg game of at most [`RADIX_MAX`] codes of every colour: each code's index by its
    /// colours read as a number in base `colors` (`u32::MAX` for a code not in the space),
    /// which maps the renamed codes without a binary search. Empty otherwise.
    radix: Vec<u32>,
    /// `pairs[d]`: the most secrets (up to [`COUNTED_MAX`]) of a set each of whose classes of
    /// `k` secrets has the counting bound `2k - 1` within `d` (in a game that ends with a
    /// guess; 0 otherwise): a guess's counting bound on such a set within `d + 1` is then
    /// `2n + c - w`, `c` its collisions (secrets whose reply an earlier one got) and `w` 1
    /// when it is one of the secrets.
    pairs: Vec<usize>,
}

/// How a class of a guess is shown to cost what the guess's proof counts for it.
enum ClassProof {
    /// Its counting bound, which the checker computes unasked.
    Counting,
    /// [`Counted`]: what every guess's counting bound on it reaches.
    Counted,
    /// A claim, about the class or (with the renaming) about a renaming of it.
    Claim(u32, Option<Renaming>),
}

/// A position's canonical renaming: its secrets, its moves, and the renaming back.
type Canonical = (Vec<u32>, Vec<(u32, Feedback)>, Renaming);

/// Most codes (`colors^pegs`) of [`Prover`]'s table of code indices.
const RADIX_MAX: usize = 1 << 22;
/// Most secrets of a class [`Prover::counted`] values (it scores each of them against each).
const COUNTED_MAX: usize = 64;
/// Most bytes of the columns [`Prover::cheap_blocks`] copies side by side (a set's columns are
/// scattered through the table, 5.8 MB in MM(4,7); copied, each is read in one sequential pass
/// instead of a cache line at a time from each in turn).
const GATHER_MAX: usize = 1 << 20;
/// Most cells (secrets × guesses) of the prover's table of replies.
const COLUMNS_MAX: usize = 1 << 26;
/// Guesses whose classes [`Prover::cheap_blocks`] counts at once (as the checker does).
const LANES: usize = 16;
/// [`Prover::cheap_blocks`]' stand-in for `INF` (no strategy): above any finite total (at
/// most 63 guesses for each of fewer than 2^32 secrets), and [`BLOCK_REPLIES`] of it add up
/// far below `u64::MAX`, so that a block's sums need no saturating additions.
const BIG: u64 = 1 << 40;
/// Most replies of a game [`Prover::cheap_blocks`] handles (the peg games of up to 4 pegs
/// have 14).
const BLOCK_REPLIES: usize = 16;

/// [`Prover::cheap_blocks`]'s loops, `L` guesses at a time: each secret's column (its reply
/// to every guess) adds to one count per (reply, guess) of the block, flushed every 255
/// secrets so that no count overflows; then each guess's bound from its counts.
#[inline(always)]
fn count_blocks<const L: usize>(
    columns: &[&[u8]],
    bounds: &[u64],
    win: usize,
    replies: usize,
    out: &mut [u64],
) {
    for (b, slots) in out.chunks_mut(L).enumerate() {
        let start = b * L;
        let width = slots.len();
        let mut sizes = [[0u32; L]; BLOCK_REPLIES];
        for chunk in columns.chunks(255) {
            let mut counts = [[0u8; L]; BLOCK_REPLIES];
            for column in chunk {
                let cells: [u8; L] = match column[start..].first_chunk() {
                    Some(&cells) => cells,
                    None => {
                        let mut cells = [u8::MAX; L];
                        cells[..width].copy_from_slice(&column[start..]);
                        cells
                    }
                };
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
        // Plain sums (see `BIG`), kept apart from `out` until the block is done.
        let mut sums = [0u64; L];
        for (r, size) in sizes.iter().enumerate().take(replies) {
            if r == win {
                continue;
            }
            for (sum, &k) in sums.iter_mut().zip(size) {
                *sum += bounds[k as usize].min(BIG);
            }
        }
        for (slot, &sum) in slots.iter_mut().zip(&sums) {
            *slot = if sum >= BIG {
                INF
            } else {
                slot.saturating_add(sum)
            };
        }
    }
}

impl<'a, 's, R: Rules> Prover<'a, 's, R> {
    pub(crate) fn new(s: &'s Solver<'a, R>) -> Self {
        let e = s.e;
        let game = e.game();
        let space = e.space();
        let guesses = space.len();
        let mut ord = vec![u32::MAX; space.codes().len()];
        for (k, &x) in space.secrets().iter().enumerate() {
            ord[x as usize] = k as u32;
        }
        let mut columns = Vec::new();
        let listed = space
            .secrets()
            .first()
            .is_some_and(|&x| e.rules().replies_to(e.packed(x)).is_some());
        let own =
            !listed && guesses * space.secrets().len() <= COLUMNS_MAX && e.feedback_count() <= 256;
        if own {
            use rayon::prelude::*;
            columns = vec![0u8; guesses * space.secrets().len()];
            columns
                .par_chunks_mut(guesses.max(1))
                .zip(space.secrets())
                .for_each(|(column, &x)| {
                    let secret = e.packed(x);
                    for (g, cell) in column.iter_mut().enumerate() {
                        *cell = e.rules().score(secret, e.packed(g as u32)).0;
                    }
                });
        }
        let peg = game.has_peg_symmetry() && game.list().is_none() && game.pegs() <= 6;
        let mut radix = Vec::new();
        if peg
            && let Some(size) = (game.colors() as u64)
                .checked_pow(game.pegs() as u32)
                .filter(|&n| n <= RADIX_MAX as u64)
        {
            radix = vec![u32::MAX; size as usize];
            for (i, code) in space.codes().iter().enumerate() {
                radix[radix_of(code, game.colors())] = i as u32;
            }
        }
        Prover {
            s,
            claims: Vec::new(),
            index: FxHashMap::default(),
            peg,
            columns,
            has_columns: listed || own,
            ord,
            counts: Vec::new(),
            stamp: 0,
            spare: Vec::new(),
            rows: Vec::new(),
            perms: game
                .list()
                .filter(|_| e.options().symmetry && !game.hard())
                .map(|list| AutomorphismWords::new(list, space.secrets())),
            renamed: FxHashMap::default(),
            radix,
            pairs: (0..=NO_LIMIT)
                .map(|d| {
                    let two = |k: usize| Self::count_with(s, k, d) == 2 * k as u64 - 1;
                    let guess = game.end() == End::Guess;
                    (1..=COUNTED_MAX).take_while(|&k| guess && two(k)).count()
                })
                .collect(),
        }
    }

    /// The index of `code` in the game's space, if it has one.
    fn index_of(&self, code: &Code) -> Option<u32> {
        if self.radix.is_empty() {
            return self.s.e.space().index_of(code);
        }
        let colors = self.s.e.game().colors();
        self.radix
            .get(radix_of(code, colors))
            .copied()
            .filter(|&i| i != u32::MAX)
    }

    /// The counting bound of every guess (by index) on the secrets `s` (code indices):
    /// their number plus each class's bound (`bounds[k]` for `k` secrets), the winning
    /// reply `win` aside; what the guess-by-guess loop of [`prove_here`](Self::prove_here)
    /// computes, in one pass over the secrets' columns (at most 65 535 secrets), into `out`
    /// (one bound per guess). False without the table.
    fn cheap_all(
        &mut self,
        s: &[u32],
        bounds: &[u64],
        win: Option<Feedback>,
        out: &mut Vec<u64>,
    ) -> bool {
        if !self.has_columns || s.len() > usize::from(u16::MAX) {
            return false;
        }
        let guesses = self.s.e.space().len();
        out.clear();
        out.resize(guesses, s.len() as u64);
        if self.cheap_blocks(s, bounds, win, out) {
            return true;
        }
        let e = self.s.e;
        let guesses = e.space().len();
        let replies = e.feedback_count();
        let step: Vec<u64> = (0..s.len())
            .map(|k| match bounds[k + 1] {
                INF => INF,
                b => b - bounds[k],
            })
            .collect();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.counts.fill(0);
            self.stamp = 1;
        }
        if self.counts.len() < replies * guesses {
            self.counts.resize(replies * guesses, 0);
        }
        let mark = u32::from(self.stamp) << 16;
        let win = win.map_or(usize::MAX, |w| w.index());
        for &x in s {
            let column = Self::column(&self.columns, &self.ord, e, x);
            for (g, &r) in column.iter().enumerate() {
                if r as usize == win {
                    continue;
                }
                let c = &mut self.counts[r as usize * guesses + g];
                let k = if *c & !0xffff == mark { *c & 0xffff } else { 0 };
                out[g] = out[g].saturating_add(step[k as usize]);
                *c = mark | (k + 1);
            }
        }
        true
    }

    /// Secret `x`'s reply to every guess: its column of `columns` (by its number in `ord`),
    /// or in a list game the row of the game's table.
    fn column<'c>(columns: &'c [u8], ord: &[u32], e: &'c Engine<R>, x: u32) -> &'c [u8] {
        if columns.is_empty() {
            return e
                .rules()
                .replies_to(e.packed(x))
                .expect("a list game's table");
        }
        let guesses = e.space().len();
        &columns[ord[x as usize] as usize * guesses..][..guesses]
    }

    /// [`cheap_all`](Self::cheap_all) in a game of at most [`BLOCK_REPLIES`] replies (the
    /// checker's `cheap_blocks`): the classes' sizes of [`LANES`] consecutive guesses at a
    /// time, one count per (reply, guess) in a block of bytes that each secret's column adds
    /// to with one comparison per reply (loops the compiler vectorises), flushed every 255
    /// secrets so that no count overflows; then each guess's bound from its counts.
    fn cheap_blocks(
        &mut self,
        s: &[u32],
        bounds: &[u64],
        win: Option<Feedback>,
        out: &mut [u64],
    ) -> bool {
        let e = self.s.e;
        let replies = e.feedback_count();
        if replies > BLOCK_REPLIES {
            return false;
        }
        let guesses = e.space().len();
        let win = win.map_or(usize::MAX, |w| w.index());
        // The set's columns side by side, read in one sequential pass each, when they fit.
        let gather = s.len() * guesses <= GATHER_MAX;
        let mut rows = std::mem::take(&mut self.rows);
        if gather {
            rows.clear();
            for &x in s {
                rows.extend_from_slice(Self::column(&self.columns, &self.ord, e, x));
            }
        }
        let columns: Vec<&[u8]> = s
            .iter()
            .enumerate()
            .map(|(k, &x)| match gather {
                true => &rows[k * guesses..][..guesses],
                false => Self::column(&self.columns, &self.ord, e, x),
            })
            .collect();
        // The same loops compiled for AVX-512's 64-byte registers, 64 guesses at a time,
        // where the processor has it; else 16.
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx512f,avx512bw")]
        fn wide(columns: &[&[u8]], bounds: &[u64], win: usize, replies: usize, out: &mut [u64]) {
            count_blocks::<64>(columns, bounds, win, replies, out);
        }
        #[cfg(target_arch = "x86_64")]
        let wide_done = crate::prefix::wide_available() && {
            // SAFETY: the processor has AVX-512F and AVX-512BW (checked just before).
            #[allow(unsafe_code)]
            unsafe {
                wide(&columns, bounds, win, replies, out)
            };
            true
        };
        #[cfg(not(target_arch = "x86_64"))]
        let wide_done = false;
        if !wide_done {
            count_blocks::<LANES>(&columns, bounds, win, replies, out);
        }
        drop(columns);
        self.rows = rows;
        true
    }

    /// The certificate with these root claims, about the position after `history`, and
    /// when `first_guess` is given about the strategies that play it next.
    pub(crate) fn finish(
        self,
        roots: Vec<u32>,
        objective: &str,
        history: &[(u32, Feedback)],
        first_guess: Option<u32>,
    ) -> Certificate {
        let mut claims = self.claims;
        if let Some(perms) = self.perms {
            let list: Automorphisms = Arc::new(perms.into_list());
            for p in claims.iter_mut().flat_map(|c| &mut c.guesses) {
                if let Why::Permuted(_, _, l) = &mut p.why {
                    *l = list.clone();
                }
            }
        }
        Certificate {
            header: Header {
                format: codebreak_certify::FORMAT.into(),
                version: codebreak_certify::VERSION,
                game: self.s.e.game().spec(),
                pool: self.s.pool,
                objective: objective.into(),
                roots,
                history: history.iter().map(|&(g, f)| (g, f.0)).collect(),
                first_guess,
            },
            claims,
        }
    }

    /// The least total of `n` secrets within `d`, by counting.
    fn count(&self, n: usize, d: u32) -> u64 {
        Self::count_with(self.s, n, d)
    }

    /// [`count`](Self::count) for the search `s`.
    fn count_with(s: &Solver<'a, R>, n: usize, d: u32) -> u64 {
        match s.bounds.lower(n as u64, d) {
            INFINITE => INF,
            v => total(v),
        }
    }

    /// Proves that `s` needs at least `bound` guesses within `d` (`INF`: cannot be done),
    /// `smaller` when its parent has more secrets (a claim of more depth then serves too).
    /// In a peg game with a short history, the claim is made about the position's canonical
    /// renaming (so that every renaming of it shares the claim, as they share the search's
    /// memo entries): returns the claim's number, and the renaming that maps its secrets onto
    /// `s` when they differ.
    pub(crate) fn prove(
        &mut self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        bound: u64,
        smaller: bool,
    ) -> Result<(u32, Option<Renaming>), ProveError> {
        // A set already claimed as it is needs no renaming (nor the search for one).
        if let Some(id) = self.known(s.indices(), d, bound, smaller, &self.hard_rule(history)) {
            return Ok((id, None));
        }
        if let Some((set, mut moves, back)) = self.renaming_of(s, history).cloned() {
            let set = self.s.e.candidates_from(&set);
            let id = self.prove_here(&set, &mut moves, d, bound, smaller, None)?;
            return Ok((id, Some(back)));
        }
        Ok((self.prove_here(s, history, d, bound, smaller, None)?, None))
    }

    /// [`canonical`](Self::canonical), found once for each set of secrets.
    fn renaming_of(
        &mut self,
        s: &Candidates<R::Packed>,
        history: &[(u32, Feedback)],
    ) -> Option<&Canonical> {
        if !self.peg {
            return None;
        }
        let k = key(s.indices(), 0);
        if !self.renamed.contains_key(&k) {
            let found = self.canonical(s, history);
            return self.renamed.entry(k).or_insert(found).as_ref();
        }
        self.renamed.get(&k)?.as_ref()
    }

    /// A claim already proved that `s` needs at least `bound` within `d` (about `s`, or
    /// about its canonical renaming when one was found), outside hard mode.
    fn claimed(
        &self,
        s: &Candidates<R::Packed>,
        d: u32,
        bound: u64,
        smaller: bool,
    ) -> Option<(u32, Option<Renaming>)> {
        if self.s.e.game().hard() {
            return None;
        }
        if let Some(id) = self.known(s.indices(), d, bound, smaller, &None) {
            return Some((id, None));
        }
        let (set, _, back) = self.renamed.get(&key(s.indices(), 0))?.as_ref()?;
        let id = self.known(set, d, bound, smaller, &None)?;
        Some((id, Some(back.clone())))
    }

    /// A claim proved about exactly the secrets `s` that serves for a claim of `bound`
    /// within `d` under hard mode's `rule` (one of more depth serves when `smaller`).
    fn known(
        &self,
        s: &[u32],
        d: u32,
        bound: u64,
        smaller: bool,
        rule: &Option<HardMode>,
    ) -> Option<u32> {
        self.index
            .get(&key(s, 0))?
            .iter()
            .find_map(|(kd, kb, id, kr)| {
                (*kb >= bound
                    && (*kd == d || (smaller && *kd > d))
                    && kr == rule
                    && self.claims[*id as usize].secrets == s)
                    .then_some(*id)
            })
    }

    /// Proves a root claim: that the secrets `s` of the position after `history` need at
    /// least `bound` within `d`, for the strategies that play `first_guess` next when it is
    /// given (a claim no other claim may use).
    pub(crate) fn prove_root(
        &mut self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        bound: u64,
        first_guess: Option<u32>,
    ) -> Result<u32, ProveError> {
        self.prove_here(s, history, d, bound, false, first_guess)
    }

    /// Hard mode's rule after `history`, or `None` when it is off.
    fn hard_rule(&self, history: &[(u32, Feedback)]) -> Option<HardMode> {
        let e = self.s.e;
        if !e.game().hard() {
            return None;
        }
        let moves: Vec<(Code, Feedback)> = history.iter().map(|&(g, f)| (e.code(g), f)).collect();
        e.game().hard_mode(&moves)
    }

    /// The canonical renaming of the position (see [`keys`](crate::keys)): its secrets, its
    /// moves, and the renaming back; `None` when it is not worth finding or is the position
    /// itself.
    fn canonical(
        &self,
        s: &Candidates<R::Packed>,
        history: &[(u32, Feedback)],
    ) -> Option<Canonical> {
        let k = history.len();
        let orders: usize = (1..=k).product();
        let solver = self.s;
        if !self.peg
            || k == 0
            || solver.perms.is_empty()
            || k >= solver.orders.len()
            || solver.perms.len() * orders > CANON_WORK
        {
            return None;
        }
        let e = solver.e;
        let moves: Vec<(Code, u8)> = history.iter().map(|&(g, f)| (e.code(g), f.0)).collect();
        let (_, relabel) = codebreak_core::symmetry::canonical_history_with(
            e.game().colors(),
            &solver.perms,
            &solver.orders[k],
            &moves,
        );
        let map = |i: u32| self.index_of(&relabel.apply(&e.code(i)));
        let mut set = s
            .indices()
            .iter()
            .map(|&i| map(i))
            .collect::<Option<Vec<u32>>>()?;
        set.sort_unstable();
        if set == s.indices() {
            return None;
        }
        let moves = history
            .iter()
            .map(|&(g, f)| Some((map(g)?, f)))
            .collect::<Option<Vec<_>>>()?;
        let (positions, colors) = relabel.inverse().parts(e.game().colors());
        Some((set, moves, Renaming { positions, colors }))
    }

    /// [`prove`](Self::prove) of the position as it is; with `only`, of the strategies that
    /// play that guess next (a claim kept out of the index, as no other may use it).
    fn prove_here(
        &mut self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        bound: u64,
        smaller: bool,
        only: Option<u32>,
    ) -> Result<u32, ProveError> {
        let rule = self.hard_rule(history);
        if only.is_none()
            && let Some(id) = self.known(s.indices(), d, bound, smaller, &rule)
        {
            return Ok(id);
        }
        let n = s.len();
        let e = self.s.e;
        let mut proofs = Vec::new();
        if self.count(n, d) < bound {
            if d == 0 {
                return Err(ProveError::Defect("a claim at depth 0".into()));
            }
            // The checker skips the guesses outside the set when their common bound (see
            // `Bounds::outside`) reaches the claim's.
            let outside = match self.s.bounds.outside(n as u64, d) {
                INFINITE => INF,
                v => total(v),
            };
            let solver = self.s;
            let mut pool: std::borrow::Cow<[u32]> = if solver.pool == Pool::Consistent
                || (e.game().end() == End::Guess && outside >= bound)
            {
                e.consistent_guesses(s).to_vec().into()
            } else if e.game().hard() {
                e.pool_all(history).into()
            } else {
                solver.all_codes.as_slice().into()
            };
            if only.is_some() {
                pool.to_mut().retain(|&g| Some(g) == only);
            }
            let win = (e.game().end() == End::Guess).then_some(self.s.win);
            let mut hist = [0u32; HIST_LEN];
            let mut alike: FxHashMap<Vec<u8>, u32> = FxHashMap::default();
            let mut sym: Option<Symmetry> = None;
            // A game file's group fixing the moves, and the orbits gone through.
            let mut group: Option<Option<Arc<Group>>> = None;
            let mut tree = FxHashMap::default();
            // The counting bound of a class of each size within `d - 1`.
            let counts: Vec<u64> = (0..=n).map(|k| self.count(k, d - 1)).collect();
            let replies = e.feedback_count();
            // Most guesses (not hard mode's few, nor those of the set only): the counting
            // bounds of all of them at once.
            let many = pool.len() > 2 * n && 2 * pool.len() >= e.space().len();
            // A small set whose classes of `k` secrets each have the counting bound `2k - 1`
            // (as the checker's `short_small`): a guess's bound is `n + 2 (n - w) - parts`,
            // `w` 1 when it is one of the secrets and `parts` its other classes, that is
            // `2n + c - w`, `c` its collisions (secrets whose reply an earlier one got), so
            // only the guesses with at most `bound - 2n` collisions can fall short, found
            // sixteen at a time by the search's kernel (each then counted alone).
            let few =
                many && n >= 2 && win.is_some() && (1..=n).all(|k| counts[k] == 2 * k as u64 - 1);
            let cheaps = if many && !few {
                // The buffer of the last claim made (not one still being proved).
                let mut out = std::mem::take(&mut self.spare);
                self.cheap_all(s.indices(), &counts, win, &mut out)
                    .then_some(out)
            } else {
                None
            };
            // With the counting bounds of all, only the guesses they leave short are gone
            // through.
            let short: std::borrow::Cow<[u32]> = match &cheaps {
                Some(c) => pool
                    .iter()
                    .copied()
                    .filter(|&g| c[g as usize] < bound)
                    .collect(),
                None if few => match bound.checked_sub(2 * n as u64) {
                    Some(allowed) => solver.few_collisions(s, &pool, allowed).into(),
                    None => Vec::new().into(),
                },
                None => pool.as_ref().into(),
            };
            for &g in short.iter() {
                let cheap = match &cheaps {
                    Some(c) => c[g as usize],
                    None => {
                        e.histogram(g, s.packed(), &mut hist);
                        let mut cheap = n as u64;
                        for (r, &k) in hist[..replies].iter().enumerate() {
                            if k > 0 && Some(Feedback(r as u8)) != win {
                                cheap = cheap.saturating_add(counts[k as usize]);
                            }
                        }
                        cheap
                    }
                };
                if cheap >= bound {
                    continue;
                }
                // A renaming first: with the claim's moves, the checker checks it on them
                // alone, where `same` splits the secrets twice.
                if self.peg {
                    let sym = sym.get_or_insert_with(|| {
                        let played: Vec<Code> = history.iter().map(|&(h, _)| e.code(h)).collect();
                        Symmetry::of(e.game().pegs(), e.game().colors(), &played)
                    });
                    // After a history, the group's element that gives the canonical code;
                    // before any, a renaming found onto it.
                    let code = e.code(g);
                    let found = match sym.canonical_renaming(&code, e.game().colors()) {
                        Some((rep, positions, colors)) => self
                            .index_of(&rep)
                            .filter(|&o| o < g)
                            .map(|o| (o, Renaming { positions, colors })),
                        None => self
                            .index_of(&sym.canonical(&code))
                            .filter(|&o| o < g)
                            .and_then(|o| Some((o, renaming(e, &self.s.perms, history, g, o)?))),
                    };
                    if let Some((o, r)) = found {
                        proofs.push(GuessProof {
                            guess: g,
                            why: Why::Sym(o, r),
                        });
                        continue;
                    }
                }
                let key = self.alike_key(s, g);
                if let Some(&o) = alike.get(&key) {
                    proofs.push(GuessProof {
                        guess: g,
                        why: Why::Same(o),
                    });
                    continue;
                }
                alike.insert(key, g);
                if only.is_none()
                    && let Some(perms) = &mut self.perms
                    && let Some(group) = group
                        .get_or_insert_with(|| {
                            let played: Vec<u32> = history.iter().map(|&(h, _)| h).collect();
                            e.list_stabiliser(&played)
                                .filter(|g| !g.generators().is_empty())
                        })
                        .as_ref()
                    && let Some((o, word)) = perms.word(group, g, &mut tree)
                    && pool.binary_search(&o).is_ok()
                {
                    let word = perms.number(group, &word);
                    proofs.push(GuessProof {
                        guess: g,
                        why: Why::Permuted(o, word, Automorphisms::default()),
                    });
                    continue;
                }
                let (refs, counted) = self.prove_guess(s, history, d, bound, g)?;
                proofs.push(GuessProof {
                    guess: g,
                    why: Why::Classes(refs, counted),
                });
            }
            if let Some(out) = cheaps {
                self.spare = out;
            }
        }
        let id = self.claims.len() as u32;
        self.claims.push(Claim {
            depth: d,
            bound: (bound != INF).then_some(bound),
            secrets: s.indices().to_vec(),
            guesses: proofs,
            // Hard mode's rule needs them; a peg game's renamings are checked on them.
            moves: (rule.is_some() || self.peg)
                .then(|| history.iter().map(|&(g, f)| (g, f.0)).collect()),
        });
        if only.is_none() {
            self.index
                .entry(key(s.indices(), 0))
                .or_default()
                .push((d, bound, id, rule));
        }
        Ok(id)
    }

    /// Proves that playing `g` on `s` costs at least `bound` within `d`: the claims of the
    /// classes that must cost more than their counting bound, as (reply, claim), and the
    /// classes that counting alone values high enough ([`counted`](Self::counted)).
    fn prove_guess(
        &mut self,
        s: &Candidates<R::Packed>,
        history: &mut Vec<(u32, Feedback)>,
        d: u32,
        bound: u64,
        g: u32,
    ) -> Result<(Vec<ClassRef>, Vec<Counted>), ProveError> {
        let e = self.s.e;
        let n = s.len();
        let known = e.game().end() == End::Known;
        let mut classes: Vec<(Feedback, Candidates<R::Packed>)> = e
            .split(g, s)
            .into_iter()
            .filter(|(f, _)| known || *f != self.s.win)
            .collect();
        classes.sort_by_key(|(f, c)| (c.len(), *f));
        let lbs: Vec<u64> = classes
            .iter()
            .map(|(_, c)| self.count(c.len(), d - 1))
            .collect();
        let mut refs = Vec::new();
        if bound == INF {
            // Some class cannot be solved within `d - 1`: find it, largest first.
            for (fb, c) in classes.iter().rev() {
                history.push((g, *fb));
                let found = self.s.solve(c, history, d - 1, INFINITE);
                let r = match found {
                    Ok(None) => Some(self.prove(c, history, d - 1, INF, c.len() < n)),
                    Ok(Some(_)) => None,
                    Err(i) => Some(Err(i.into())),
                };
                history.pop();
                if let Some(r) = r {
                    let (claim, renaming) = r?;
                    refs.push(ClassRef {
                        reply: fb.0,
                        claim,
                        renaming,
                    });
                    return Ok((refs, Vec::new()));
                }
            }
            return Err(ProveError::Defect(format!(
                "every class of guess {g} is solvable, yet the search found no strategy"
            )));
        }
        // What the search's memo already knows of each class (at least its counting bound):
        // each class is asked only for what the others' known values leave, so that, as when
        // the search dropped the guess on those values, most classes are answered by the memo
        // instead of being searched again to a higher bound. Not in a game with a list of
        // guesses: the large classes then get the claims, each of whose counting passes goes
        // through every guess (Wordle after SALET: 6.2 to 9.3 billion instructions proving),
        // where asking the smallest class first for all it can give leaves them none.
        // A small class that counting alone values high enough needs no claim (most classes
        // would otherwise get one: small sets whose bound every guess's counting bound
        // reaches); what counting gives it is what it is known to need (the memo's keys cost
        // more to make than that count, and seldom know a small set).
        // (At most the guess's bound, which keeps the sums finite: a class no strategy finds
        // within `d - 1` counts as "no strategy", `INF`.)
        let by_counts: Vec<Option<u64>> = classes
            .iter()
            .map(|(_, c)| self.counted(c, d - 1).map(|v| v.min(bound)))
            .collect();
        let kbs: Vec<u64> = if self.peg {
            (classes.iter().zip(&lbs).zip(&by_counts))
                .map(|(((fb, c), &lb), by_count)| {
                    let known = by_count.unwrap_or_else(|| {
                        history.push((g, *fb));
                        let known = self.memo_bound(c, history, d - 1);
                        history.pop();
                        known
                    });
                    known.max(lb)
                })
                .collect()
        } else {
            lbs.clone()
        };
        let mut sum = n as u64;
        let mut rest: u64 = kbs.iter().sum();
        let mut counted = Vec::new();
        for ((((fb, c), &lb), &kb), by_count) in classes.iter().zip(&lbs).zip(&kbs).zip(by_counts) {
            rest -= kb;
            let Some(need) = bound.checked_sub(sum + rest).filter(|&x| x > lb) else {
                sum += lb;
                continue;
            };
            let by_count = by_count.unwrap_or(0);
            history.push((g, *fb));
            let r = (|| -> Result<(u64, ClassProof), ProveError> {
                if by_count >= need {
                    return Ok((by_count, ClassProof::Counted));
                }
                // A class already claimed to need as much is not searched again.
                if let Some((claim, renaming)) = self.claimed(c, d - 1, need, c.len() < n) {
                    return Ok((need, ClassProof::Claim(claim, renaming)));
                }
                // Counting over every guess, before a search that would find it needs that.
                if self.counts_to(c, d - 1, need) {
                    return Ok((need, ClassProof::Counted));
                }
                // What the memo knows already answers (as `solve` would, from the memo).
                let v = if need <= kb {
                    need
                } else {
                    match self.s.solve(c, history, d - 1, pack(need, 0))? {
                        None => need,
                        Some((v, _)) if total(v) <= lb => return Ok((lb, ClassProof::Counting)),
                        Some((v, _)) if by_count >= total(v) => {
                            return Ok((by_count, ClassProof::Counted));
                        }
                        Some((v, _)) => total(v),
                    }
                };
                if self.counts_to(c, d - 1, v) {
                    return Ok((v, ClassProof::Counted));
                }
                let (claim, renaming) = self.prove(c, history, d - 1, v, c.len() < n)?;
                Ok((v, ClassProof::Claim(claim, renaming)))
            })();
            history.pop();
            let (cost, proof) = r?;
            match proof {
                ClassProof::Claim(claim, renaming) => refs.push(ClassRef {
                    reply: fb.0,
                    claim,
                    renaming,
                }),
                ClassProof::Counted => counted.push(Counted {
                    reply: fb.0,
                    bound: cost,
                }),
                ClassProof::Counting => {}
            }
            // Once a class costs what it was asked, the others' known values make up the
            // rest; the loop goes on to ask each for its part (nothing beyond its counting
            // bound when the sum already reaches the claim).
            sum += cost;
        }
        if sum >= bound {
            return Ok((refs, counted));
        }
        Err(ProveError::Defect(format!(
            "guess {g} costs {sum} on a set of {n} secrets claimed to need at least {bound}"
        )))
    }

    /// What the class `c` needs within `d` by counting alone, as the checker's `falls_short`
    /// counts it, when the guesses outside it cannot cost less than its own ([`Bounds`]'
    /// `outside`) and it has at most [`COUNTED_MAX`] secrets: the least counting bound of a
    /// guess on it, at most that of the guesses outside. `None` otherwise, and in a game that
    /// ends as soon as the secret is known.
    ///
    /// [`Bounds`]: crate::bounds::Bounds
    fn counted(&self, c: &Candidates<R::Packed>, d: u32) -> Option<u64> {
        let e = self.s.e;
        let n = c.len();
        if n > COUNTED_MAX || d == 0 || e.game().end() != End::Guess {
            return None;
        }
        // (Its depth counts the guess outside too.)
        let outside = match self.s.bounds.outside(n as u64, d) {
            INFINITE => INF,
            v => total(v),
        };
        let mut inside = c.indices().iter().copied().filter(|&g| e.is_guess(g));
        if n <= self.pairs[(d - 1).min(NO_LIMIT) as usize] {
            // Down to `2n - 1`, which no guess does better than.
            let least = inside.try_fold(u64::MAX, |least, g| {
                match self.s.collisions(c.packed(), g, u64::MAX) {
                    0 => Err(()),
                    k => Ok(least.min(k)),
                }
            });
            let inside = least.map_or(2 * n as u64 - 1, |k| (2 * n as u64 - 1).saturating_add(k));
            return Some(outside.min(inside));
        }
        let counts: Vec<u64> = (0..=n).map(|k| self.count(k, d - 1)).collect();
        let mut hist = [0u32; HIST_LEN];
        Some(inside.fold(outside, |least, g| {
            least.min(self.cheap(c, g, &counts, &mut hist))
        }))
    }

    /// Whether every guess's counting bound on the class `c` within `d` reaches `v` (what the
    /// checker checks of a [`Counted`] class), for a class of at least 2 secrets and at most
    /// [`pairs`](Self::pairs)`[d - 1]`: a guess's bound is `2n + c - w`, so none of its
    /// secrets may have `v - 2n` collisions or fewer, and no guess at all (outside, found by
    /// the search's kernel) fewer than `v - 2n`. False for other classes.
    fn counts_to(&self, c: &Candidates<R::Packed>, d: u32, v: u64) -> bool {
        let (e, n) = (self.s.e, c.len());
        if n < 2 || d == 0 || n > self.pairs[(d - 1).min(NO_LIMIT) as usize] {
            return false;
        }
        let Some(allowed) = v.checked_sub(2 * n as u64) else {
            return true;
        };
        let mut inside = c.indices().iter().copied().filter(|&g| e.is_guess(g));
        if inside.any(|g| self.s.collisions(c.packed(), g, allowed) <= allowed) {
            return false;
        }
        allowed == 0 || (self.s.few_collisions(c, &self.s.all_codes, allowed - 1)).is_empty()
    }

    /// The counting bound of guess `g` on the class `c`: its secrets plus the bound of each
    /// class it leaves (`counts[k]` for `k` secrets), the winning one aside (`hist`: room
    /// for the classes' sizes).
    fn cheap(
        &self,
        c: &Candidates<R::Packed>,
        g: u32,
        counts: &[u64],
        hist: &mut [u32; HIST_LEN],
    ) -> u64 {
        let e = self.s.e;
        e.histogram(g, c.packed(), hist);
        let classes = hist[..e.feedback_count()].iter().enumerate();
        classes
            .filter(|&(r, _)| r != self.s.win.index())
            .fold(c.len() as u64, |sum, (_, &k)| {
                sum.saturating_add(counts[k as usize])
            })
    }

    /// The least total of `s` within `d` that the search's memo knows (0 when it knows
    /// nothing): its exact value, or the bound a cut-off search learnt.
    fn memo_bound(&self, s: &Candidates<R::Packed>, history: &[(u32, Feedback)], d: u32) -> u64 {
        let solver = self.s;
        match solver.keys(s, history, d).and_then(|k| solver.recall(&k)) {
            Some(Entry::Exact(v, _) | Entry::AtLeast(v)) if v != INFINITE => total(v),
            _ => 0,
        }
    }

    /// How `g` splits `s`: each secret's reply, numbered in order of first appearance, the
    /// winning reply apart (the same key as the checker's `same`).
    fn alike_key(&self, s: &Candidates<R::Packed>, g: u32) -> Vec<u8> {
        let e = self.s.e;
        let known = e.game().end() == End::Known;
        let gp = e.packed(g);
        let mut names = [u8::MAX; HIST_LEN];
        let mut next = 0u8;
        s.packed()
            .iter()
            .map(|&p| {
                let r = e.rules().score(p, gp);
                if !known && r == self.s.win {
                    return u8::MAX;
                }
                let slot = &mut names[r.index() & (HIST_LEN - 1)];
                if *slot == u8::MAX {
                    *slot = next;
                    next = next.wrapping_add(1);
                }
                *slot
            })
            .collect()
    }
}

/// A renaming of positions and colours that fixes every guess of `history` and maps guess `g`
/// onto guess `o` ([`codebreak_core::symmetry::renaming_onto`]).
fn renaming<R: Rules>(
    e: &Engine<R>,
    perms: &[[u8; MAX_PEGS]],
    history: &[(u32, Feedback)],
    g: u32,
    o: u32,
) -> Option<Renaming> {
    let played: Vec<Code> = history.iter().map(|&(h, _)| e.code(h)).collect();
    let game = e.game();
    codebreak_core::symmetry::renaming_onto_with(
        game.pegs(),
        game.colors(),
        perms,
        &played,
        &e.code(g),
        &e.code(o),
    )
    .map(|(positions, colors)| Renaming { positions, colors })
}

/// `code`'s colours read as a number in base `colors` (the index of [`Prover`]'s `radix`).
fn radix_of(code: &Code, colors: usize) -> usize {
    code.pegs()
        .iter()
        .fold(0, |n, &c| n * colors + usize::from(c))
}

#[cfg(test)]
mod tests {
    use super::{BIG, BLOCK_REPLIES, INF, count_blocks};

    /// Both widths of the counting bounds' loops give every guess's bound as one guess's
    /// loop computes it: its start value plus each class's bound, the winning reply aside
    /// (sets of up to 600 secrets, so that the counts are flushed more than once).
    #[test]
    fn count_blocks_agrees_with_one_guess_at_a_time() {
        let guesses = 150;
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for (n, replies) in [(1, 3), (9, 14), (300, 14), (600, 16), (40, 5)] {
            let table: Vec<Vec<u8>> = (0..n)
                .map(|_| (0..guesses).map(|_| (next() % replies) as u8).collect())
                .collect();
            let columns: Vec<&[u8]> = table.iter().map(Vec::as_slice).collect();
            let mut bounds: Vec<u64> = (0..=n as u64).map(|k| k * 3).collect();
            bounds[n.min(5)] = INF;
            let win = next() % replies;
            let want: Vec<u64> = (0..guesses)
                .map(|g| {
                    let mut sizes = [0usize; BLOCK_REPLIES];
                    for column in &columns {
                        sizes[column[g] as usize] += 1;
                    }
                    let sum: u64 = (0..replies)
                        .filter(|&r| r != win)
                        .map(|r| bounds[sizes[r]].min(BIG))
                        .sum();
                    if sum >= BIG { INF } else { 11 + sum }
                })
                .collect();
            let mut narrow = vec![11u64; guesses];
            count_blocks::<16>(&columns, &bounds, win, replies, &mut narrow);
            let mut wide = vec![11u64; guesses];
            count_blocks::<64>(&columns, &bounds, win, replies, &mut wide);
            assert_eq!(narrow, want, "{n} secrets, {replies} replies");
            assert_eq!(wide, want, "{n} secrets, {replies} replies");
        }
    }
}
