//! The constraint model: clues compiled into bit masks, domains as one position mask per
//! colour, and propagation to a fixpoint.
//!
//! A [`State`] holds, for each colour `c`, the mask of positions that may still hold `c`
//! (the transpose of the usual per-position domains), so that the questions propagation asks
//! are a few ANDs, ORs and popcounts:
//!
//! * **black pegs** of clue `i`: the positions that can still be right are
//!   `possible = ∪_c (M_i[c] & allowed[c])` over the colours `c` of the guess, where
//!   `M_i[c]` is the mask of positions where the guess shows `c`; those already right are
//!   `possible & single`. When the right ones reach the black count, the others lose the
//!   guess's colour; when the possible ones are exactly the black count, they are all fixed.
//! * **black plus white** (Mastermind): `Σ_c min(count_c, k_ic)` must equal the total, where
//!   `k_ic` is how often the guess shows `c`; each `count_c` lies between the positions fixed to
//!   `c` and those allowing `c`, which bounds the sum and, per colour, forces or forbids it.
//! * **distinct secrets** (Bulls and Cows): a fixed colour leaves every other position; the
//!   total is then the number of positions holding a colour of the guess, bounded by the
//!   positions forced into and allowed into the guess's colours.

use crate::game::{Clue, Code, Family, Game, MAX_COLORS};

/// Search tunables, for A/B measurements; the defaults were measured on Project Euler 185 and
/// random 20-digit black-peg puzzles (see the crate's bench example).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Branch on the clue whose black pegs can be placed in the fewest ways when those ways
    /// are at most this many times the smallest domain; 0 always branches on positions.
    /// Default 4 (Euler 185 counted in 38 ms; with 0, 207 s); any value.
    pub clue_branching: u64,
    /// When counting black-peg games, a search node whose open clues have at most this many
    /// residual vectors (the product of need + 1) is counted by the dynamic programme of
    /// [`crate::dp`](crate) instead of being split further; 0 never does. Default 65,536
    /// (an 18-peg, 9-clue count takes 0.14 s instead of 56 s at 4,096); any value.
    pub dp_leaves: u64,
    /// Mastermind with repeats: split the root into one subproblem per colour-count vector
    /// the clues' totals allow (then totals hold by construction and only black pegs and
    /// exact counts are left to search) when there are at most this many; 0 never does.
    /// Default 100,000; any value.
    pub count_vectors: usize,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            clue_branching: 4,
            dp_leaves: 1 << 16,
            count_vectors: 100_000,
        }
    }
}

/// Domains: `allowed[c]` is the mask of positions that may hold colour `c`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct State {
    pub(crate) allowed: [u32; MAX_COLORS as usize],
    /// Bounds on how many pegs of each colour the secret has (Mastermind with repeats).
    pub(crate) lo: [u8; MAX_COLORS as usize],
    pub(crate) hi: [u8; MAX_COLORS as usize],
}

/// What propagation concluded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Outcome {
    /// No secret fits.
    Fail,
    /// Propagation reached a fixpoint; some clue may still fail below.
    Open,
    /// Every assignment of the remaining domains satisfies every clue (non-distinct games).
    Entailed,
}

#[derive(Clone, Debug)]
struct ClueModel {
    guess: Code,
    black: u32,
    total: u32,
    /// The guess's distinct colours with the mask of positions showing each.
    parts: Vec<(usize, u32)>,
    /// The set of the guess's colours.
    colours: u64,
}

/// A history compiled for propagation. Built once per history; searches only read it.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    pub(crate) game: Game,
    pub(crate) n: usize,
    pub(crate) k: usize,
    pub(crate) full: u32,
    clues: Vec<ClueModel>,
    totals: bool,
    pub(crate) clue_bias: u64,
    pub(crate) dp_space: u64,
    /// Whether colour counts are tracked (Mastermind with repeats).
    counted: bool,
    /// Most colour-count vectors to split the root into.
    pub(crate) vector_cap: usize,
}

impl Model {
    pub(crate) fn new(game: Game, clues: &[Clue]) -> Model {
        let n = usize::from(game.pegs());
        let k = usize::from(game.colors());
        let clues = clues
            .iter()
            .map(|clue| {
                let mut masks = [0u32; MAX_COLORS as usize];
                for (p, &c) in clue.guess.colours().iter().enumerate() {
                    masks[usize::from(c)] |= 1 << p;
                }
                let parts: Vec<(usize, u32)> = (0..k)
                    .filter(|&c| masks[c] != 0)
                    .map(|c| (c, masks[c]))
                    .collect();
                let colours = parts.iter().fold(0u64, |s, &(c, _)| s | 1 << c);
                ClueModel {
                    guess: clue.guess,
                    black: u32::from(clue.reply.black),
                    total: u32::from(clue.reply.black) + u32::from(clue.reply.white),
                    parts,
                    colours,
                }
            })
            .collect();
        Model {
            game,
            n,
            k,
            full: if n == 32 { u32::MAX } else { (1u32 << n) - 1 },
            clues,
            totals: game.family() != Family::BlackPeg,
            clue_bias: Tuning::default().clue_branching,
            dp_space: Tuning::default().dp_leaves,
            counted: game.family() == Family::Mastermind && !game.distinct(),
            vector_cap: Tuning::default().count_vectors,
        }
    }

    /// The state allowing every colour everywhere.
    pub(crate) fn root(&self) -> State {
        let mut allowed = [0u32; MAX_COLORS as usize];
        for a in allowed.iter_mut().take(self.k) {
            *a = self.full;
        }
        State {
            allowed,
            lo: [0; MAX_COLORS as usize],
            hi: [self.n as u8; MAX_COLORS as usize],
        }
    }

    /// Positions covered by at least one colour (`ones`) and by at least two (`twos`).
    #[inline]
    pub(crate) fn cover(&self, s: &State) -> (u32, u32) {
        let (mut ones, mut twos) = (0u32, 0u32);
        for &a in &s.allowed[..self.k] {
            twos |= ones & a;
            ones |= a;
        }
        (ones, twos)
    }

    /// Positions whose domain is a single colour.
    #[inline]
    pub(crate) fn singles(&self, s: &State) -> u32 {
        let (ones, twos) = self.cover(s);
        ones & !twos
    }

    /// Propagates every clue to a fixpoint.
    pub(crate) fn propagate(&self, s: &mut State) -> Outcome {
        loop {
            let (ones, twos) = self.cover(s);
            if ones != self.full {
                return Outcome::Fail;
            }
            let single = ones & !twos;
            let mut changed = false;
            let mut entailed = !self.game.distinct();
            if self.game.distinct() && !self.all_different(s, single, &mut changed) {
                return Outcome::Fail;
            }
            if self.counted {
                match self.cardinality(s, single, &mut changed) {
                    Outcome::Fail => return Outcome::Fail,
                    Outcome::Open => entailed = false,
                    Outcome::Entailed => {}
                }
            }
            for clue in &self.clues {
                match self.black(clue, s, single, &mut changed) {
                    Outcome::Fail => return Outcome::Fail,
                    Outcome::Open => entailed = false,
                    Outcome::Entailed => {}
                }
                if !self.totals {
                    continue;
                }
                let o = if self.game.distinct() {
                    self.total_distinct(clue, s, ones, &mut changed)
                } else {
                    self.total(clue, s, single, &mut changed)
                };
                match o {
                    Outcome::Fail => return Outcome::Fail,
                    Outcome::Open => entailed = false,
                    Outcome::Entailed => {}
                }
            }
            if !changed {
                return if entailed {
                    Outcome::Entailed
                } else {
                    Outcome::Open
                };
            }
        }
    }

    /// Colour counts within `lo..=hi`.
    fn cardinality(&self, s: &mut State, single: u32, changed: &mut bool) -> Outcome {
        let mut entailed = true;
        for c in 0..self.k {
            let a = s.allowed[c];
            let fixed = (a & single).count_ones() as u8;
            let allowing = a.count_ones() as u8;
            let (lo, hi) = (s.lo[c], s.hi[c]);
            if fixed > hi || allowing < lo {
                return Outcome::Fail;
            }
            if fixed == allowing {
                continue;
            }
            if allowing == lo {
                for (d, b) in s.allowed[..self.k].iter_mut().enumerate() {
                    if d != c {
                        *b &= !a;
                    }
                }
                *changed = true;
            } else if fixed == hi {
                s.allowed[c] = a & single;
                *changed = true;
            } else if lo > fixed || hi < allowing {
                entailed = false;
            }
        }
        if entailed {
            Outcome::Entailed
        } else {
            Outcome::Open
        }
    }

    /// The colour-count vectors (Mastermind with repeats) that every clue's total allows
    /// within the counts `s` allows, or `None` past `cap` of them.
    pub(crate) fn count_vectors(
        &self,
        s: &State,
        cap: usize,
    ) -> Option<Vec<[u8; MAX_COLORS as usize]>> {
        let single = self.singles(s);
        let mut lo = [0u8; MAX_COLORS as usize];
        let mut hi = [0u8; MAX_COLORS as usize];
        for c in 0..self.k {
            lo[c] = s.lo[c].max((s.allowed[c] & single).count_ones() as u8);
            hi[c] = s.hi[c].min(s.allowed[c].count_ones() as u8);
        }
        let kc: Vec<Vec<u8>> = self
            .clues
            .iter()
            .map(|cl| {
                let mut v = vec![0u8; self.k];
                for &(c, m) in &cl.parts {
                    v[c] = m.count_ones() as u8;
                }
                v
            })
            .collect();
        // rest[c][i]: Σ_{d >= c} k_id, the most clue i can still gain from colours c...
        let mut rest = vec![vec![0u32; self.clues.len()]; self.k + 1];
        for c in (0..self.k).rev() {
            for i in 0..self.clues.len() {
                rest[c][i] = rest[c + 1][i] + u32::from(kc[i][c]);
            }
        }
        let mut out = Vec::new();
        let mut v = [0u8; MAX_COLORS as usize];
        let mut gained = vec![0u32; self.clues.len()];
        let ok = self.vectors_from(
            0,
            self.n as u32,
            &lo,
            &hi,
            &kc,
            &rest,
            &mut v,
            &mut gained,
            &mut out,
            cap,
        );
        ok.then_some(out)
    }

    #[allow(clippy::too_many_arguments)]
    fn vectors_from(
        &self,
        c: usize,
        left: u32,
        lo: &[u8],
        hi: &[u8],
        kc: &[Vec<u8>],
        rest: &[Vec<u32>],
        v: &mut [u8; MAX_COLORS as usize],
        gained: &mut Vec<u32>,
        out: &mut Vec<[u8; MAX_COLORS as usize]>,
        cap: usize,
    ) -> bool {
        for (i, clue) in self.clues.iter().enumerate() {
            if gained[i] > clue.total || gained[i] + rest[c][i].min(left) < clue.total {
                return true;
            }
        }
        if c == self.k {
            if left == 0 {
                if out.len() >= cap {
                    return false;
                }
                out.push(*v);
            }
            return true;
        }
        let min_rest: u32 = lo[c + 1..self.k].iter().map(|&x| u32::from(x)).sum();
        let max_rest: u32 = hi[c + 1..self.k].iter().map(|&x| u32::from(x)).sum();
        for x in u32::from(lo[c])..=u32::from(hi[c]).min(left) {
            if left - x < min_rest || left - x > max_rest {
                continue;
            }
            v[c] = x as u8;
            for (i, g) in gained.iter_mut().enumerate() {
                *g += x.min(u32::from(kc[i][c]));
            }
            let ok = self.vectors_from(c + 1, left - x, lo, hi, kc, rest, v, gained, out, cap);
            for (i, g) in gained.iter_mut().enumerate() {
                *g -= x.min(u32::from(kc[i][c]));
            }
            if !ok {
                return false;
            }
        }
        v[c] = 0;
        true
    }

    /// The states a search starts from: one per allowed colour-count vector when the game is
    /// Mastermind with repeats and they are few enough, else the propagated root alone.
    pub(crate) fn roots(&self) -> Vec<State> {
        let mut root = self.root();
        if self.counted
            && self.propagate(&mut root) != Outcome::Fail
            && !self.clues.is_empty()
            && let Some(vectors) = self.count_vectors(&root, self.vector_cap)
        {
            return vectors
                .into_iter()
                .map(|v| {
                    let mut s = root;
                    s.lo = v;
                    s.hi = v;
                    s
                })
                .collect();
        }
        vec![self.root()]
    }

    fn all_different(&self, s: &mut State, single: u32, changed: &mut bool) -> bool {
        let mut used = 0usize;
        for a in &mut s.allowed[..self.k] {
            let f = *a & single;
            if f != 0 {
                if f & (f - 1) != 0 {
                    return false;
                }
                if *a != f {
                    *a = f;
                    *changed = true;
                }
            }
            used += usize::from(*a != 0);
        }
        used >= self.n
    }

    #[inline]
    fn black(&self, clue: &ClueModel, s: &mut State, single: u32, changed: &mut bool) -> Outcome {
        let mut possible = 0u32;
        for &(c, m) in &clue.parts {
            possible |= m & s.allowed[c];
        }
        let fixed = possible & single;
        let (np, nf) = (possible.count_ones(), fixed.count_ones());
        if nf > clue.black || np < clue.black {
            return Outcome::Fail;
        }
        if np == nf {
            return Outcome::Entailed;
        }
        let open = possible & !fixed;
        if nf == clue.black {
            for &(c, m) in &clue.parts {
                s.allowed[c] &= !(m & open);
            }
            *changed = true;
            Outcome::Entailed
        } else if np == clue.black {
            for a in &mut s.allowed[..self.k] {
                *a &= !open;
            }
            for &(c, m) in &clue.parts {
                s.allowed[c] |= m & open;
            }
            *changed = true;
            Outcome::Entailed
        } else {
            Outcome::Open
        }
    }

    /// `Σ_c min(count_c, k_c) = total` for secrets that may repeat colours.
    fn total(&self, clue: &ClueModel, s: &mut State, single: u32, changed: &mut bool) -> Outcome {
        let t = clue.total;
        let (mut lb, mut ub) = (0u32, 0u32);
        let mut reach = 0u32;
        for &(c, m) in &clue.parts {
            let kc = m.count_ones();
            lb += (s.allowed[c] & single)
                .count_ones()
                .max(u32::from(s.lo[c]))
                .min(kc);
            ub += s.allowed[c].count_ones().min(u32::from(s.hi[c])).min(kc);
            reach |= s.allowed[c];
        }
        if t < lb || t > ub.min(reach.count_ones()) {
            return Outcome::Fail;
        }
        if lb == ub {
            return Outcome::Entailed;
        }
        for &(c, m) in &clue.parts {
            let kc = m.count_ones();
            let a = s.allowed[c];
            let lo = (a & single).count_ones().max(u32::from(s.lo[c]));
            let hi = a.count_ones().min(u32::from(s.hi[c]));
            if lo == hi {
                continue;
            }
            // At least `need` of colour c: the others cannot make up more than ub - min(hi, kc).
            let need = t.saturating_sub(ub.saturating_sub(hi.min(kc)));
            if need > lo {
                if self.counted {
                    s.lo[c] = need as u8;
                    *changed = true;
                } else if need == a.count_ones() {
                    for (d, b) in s.allowed[..self.k].iter_mut().enumerate() {
                        if d != c {
                            *b &= !a;
                        }
                    }
                    *changed = true;
                    continue;
                }
            }
            // At most `allow` of colour c (when below kc): the others give at least lb - min(lo, kc).
            let allow = t.saturating_sub(lb.saturating_sub(lo.min(kc)));
            if allow < kc && allow < hi {
                if self.counted {
                    s.hi[c] = allow as u8;
                    *changed = true;
                } else if allow == (a & single).count_ones() {
                    s.allowed[c] = a & single;
                    *changed = true;
                }
            }
        }
        Outcome::Open
    }

    /// For distinct secrets: the number of positions holding a colour of the guess.
    fn total_distinct(
        &self,
        clue: &ClueModel,
        s: &mut State,
        ones: u32,
        changed: &mut bool,
    ) -> Outcome {
        let t = clue.total;
        let (mut inside, mut outside) = (0u32, 0u32);
        for (c, &a) in s.allowed[..self.k].iter().enumerate() {
            if clue.colours >> c & 1 == 1 {
                inside |= a;
            } else {
                outside |= a;
            }
        }
        let forced = ones & !outside;
        let (np, nf) = (inside.count_ones(), forced.count_ones());
        if t > np || t < nf {
            return Outcome::Fail;
        }
        if np == nf {
            return Outcome::Entailed;
        }
        if t == np {
            for (c, a) in s.allowed[..self.k].iter_mut().enumerate() {
                if clue.colours >> c & 1 == 0 {
                    *a &= !inside;
                }
            }
            *changed = true;
        } else if t == nf {
            for &(c, _) in &clue.parts {
                s.allowed[c] &= forced;
            }
            *changed = true;
        }
        Outcome::Open
    }

    /// Restricts position `p` to colour `c`.
    #[inline]
    pub(crate) fn assign(&self, s: &mut State, p: usize, c: usize) {
        let bit = 1u32 << p;
        for a in &mut s.allowed[..self.k] {
            *a &= !bit;
        }
        s.allowed[c] |= bit;
    }

    /// The colours position `p` may hold.
    #[inline]
    pub(crate) fn domain(&self, s: &State, p: usize) -> u64 {
        let mut d = 0u64;
        for (c, &a) in s.allowed[..self.k].iter().enumerate() {
            d |= u64::from(a >> p & 1) << c;
        }
        d
    }

    /// Domain sizes of every position.
    pub(crate) fn sizes(&self, s: &State) -> [u8; 32] {
        let mut sizes = [0u8; 32];
        for &a in &s.allowed[..self.k] {
            let mut m = a;
            while m != 0 {
                sizes[m.trailing_zeros() as usize] += 1;
                m &= m - 1;
            }
        }
        sizes
    }

    /// How to split `s` (propagated, not failed): on the clue whose black pegs can be placed in
    /// the fewest ways, when that is fewer than the smallest domain, else on the position with
    /// the smallest domain. `None` when every position is fixed.
    pub(crate) fn branching(&self, s: State) -> Option<Branching> {
        let p = self.branch_position(&s)?;
        let size = self.domain(&s, p).count_ones();
        let single = self.singles(&s);
        let mut best: Option<(u64, usize, u32, u32)> = None;
        for (i, clue) in self.clues.iter().enumerate() {
            let mut possible = 0u32;
            for &(c, m) in &clue.parts {
                possible |= m & s.allowed[c];
            }
            let open = possible & !single;
            let need = clue.black - (possible & single).count_ones();
            if open == 0 || need == 0 {
                continue;
            }
            let ways = binomial(open.count_ones(), need);
            if best.is_none_or(|(w, ..)| ways < w) {
                best = Some((ways, i, open, need));
            }
        }
        match best {
            Some((ways, clue, open, need))
                if ways <= u64::from(size).saturating_mul(self.clue_bias) =>
            {
                Some(Branching::Clue {
                    state: s,
                    clue,
                    open,
                    comb: (1u64 << need) - 1,
                })
            }
            _ => Some(Branching::Position {
                state: s,
                position: p,
                rest: self.domain(&s, p),
            }),
        }
    }

    /// The position to branch on: the smallest domain above one (first such), or `None` when
    /// every position is fixed.
    pub(crate) fn branch_position(&self, s: &State) -> Option<usize> {
        let sizes = self.sizes(s);
        let mut best: Option<(u8, usize)> = None;
        for (p, &z) in sizes[..self.n].iter().enumerate() {
            if z > 1 && best.is_none_or(|(bz, _)| z < bz) {
                best = Some((z, p));
                if z == 2 {
                    break;
                }
            }
        }
        best.map(|(_, p)| p)
    }

    /// The code of a state whose positions are all fixed.
    pub(crate) fn code(&self, s: &State) -> Code {
        debug_assert_eq!(self.singles(s), self.full);
        let mut code = Code::from_slice_unchecked(&[0; 32][..self.n]);
        for (c, &a) in s.allowed[..self.k].iter().enumerate() {
            let mut m = a;
            while m != 0 {
                code.set(m.trailing_zeros() as usize, c as u8);
                m &= m - 1;
            }
        }
        code
    }

    /// The clues whose black pegs are not all placed at `s` (propagated), each with its guess
    /// and the black pegs it still needs among the open positions.
    pub(crate) fn residuals(&self, s: &State) -> Vec<(Code, u8)> {
        let single = self.singles(s);
        self.clues
            .iter()
            .filter_map(|clue| {
                let mut possible = 0u32;
                for &(c, m) in &clue.parts {
                    possible |= m & s.allowed[c];
                }
                let need = clue.black.saturating_sub((possible & single).count_ones());
                (possible & !single != 0).then_some((clue.guess, need as u8))
            })
            .collect()
    }

    /// An upper bound on the residual vectors of the black-peg dynamic programme at `s`:
    /// the product of (need + 1) over the clues still open, saturating.
    pub(crate) fn residual_space(&self, s: &State) -> u64 {
        let single = self.singles(s);
        let mut space = 1u64;
        for clue in &self.clues {
            let mut possible = 0u32;
            for &(c, m) in &clue.parts {
                possible |= m & s.allowed[c];
            }
            if possible & !single != 0 {
                let need = clue.black - (possible & single).count_ones();
                space = space.saturating_mul(u64::from(need) + 1);
            }
        }
        space
    }
}

/// `C(n, k)` for `n <= 32`.
fn binomial(n: u32, k: u32) -> u64 {
    let k = k.min(n - k);
    (0..u64::from(k)).fold(1u64, |acc, i| acc * (u64::from(n) - i) / (i + 1))
}

/// The bits of `m` selected by the low bits of `x` (software `pdep`).
fn deposit(mut x: u64, mut m: u32) -> u32 {
    let mut out = 0u32;
    while m != 0 && x != 0 {
        let low = m & m.wrapping_neg();
        if x & 1 == 1 {
            out |= low;
        }
        x >>= 1;
        m &= m - 1;
    }
    out
}

/// The children of a search node, produced one at a time.
pub(crate) enum Branching {
    /// One child per colour left in `rest` at `position`.
    Position {
        state: State,
        position: usize,
        rest: u64,
    },
    /// One child per way to choose which `open` positions of `clue` are right: `comb` is the
    /// next combination (over the set bits of `open`), 0 when exhausted.
    Clue {
        state: State,
        clue: usize,
        open: u32,
        comb: u64,
    },
}

impl Branching {
    /// The next child (not yet propagated), or `None` when all were produced.
    pub(crate) fn next_child(&mut self, model: &Model) -> Option<State> {
        match self {
            Branching::Position {
                state,
                position,
                rest,
            } => {
                if *rest == 0 {
                    return None;
                }
                let c = rest.trailing_zeros() as usize;
                *rest &= *rest - 1;
                let mut child = *state;
                model.assign(&mut child, *position, c);
                Some(child)
            }
            Branching::Clue {
                state,
                clue,
                open,
                comb,
            } => {
                let m = open.count_ones();
                if *comb == 0 || *comb >> m != 0 {
                    return None;
                }
                let right = deposit(*comb, *open);
                let wrong = *open & !right;
                // Gosper's hack: the next combination with as many bits.
                let x = *comb;
                let low = x & x.wrapping_neg();
                let r = x + low;
                *comb = (((r ^ x) >> 2) / low) | r;
                let mut child = *state;
                let parts = &model.clues[*clue].parts;
                for a in &mut child.allowed[..model.k] {
                    *a &= !right;
                }
                for &(c, m) in parts {
                    child.allowed[c] |= m & right & state.allowed[c];
                    child.allowed[c] &= !(m & wrong);
                }
                Some(child)
            }
        }
    }

    /// For a position branching, takes a random colour of those left instead of the lowest.
    pub(crate) fn next_random_child<R: rand::Rng>(
        &mut self,
        model: &Model,
        rng: &mut R,
    ) -> Option<State> {
        if let Branching::Position { rest, .. } = self
            && *rest != 0
        {
            let i = rng.gen_range(0..rest.count_ones());
            let mut m = *rest;
            for _ in 0..i {
                m &= m - 1;
            }
            let keep = *rest & !(m & m.wrapping_neg());
            // Put the chosen colour first: produce it now, keep the others.
            let chosen = m.trailing_zeros() as usize;
            *rest = keep;
            if let Branching::Position {
                state, position, ..
            } = self
            {
                let mut child = *state;
                model.assign(&mut child, *position, chosen);
                return Some(child);
            }
        }
        self.next_child(model)
    }
}
