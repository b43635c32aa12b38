//! The hot kernels: partitioning candidate sets by reply and finding the guess whose partition
//! scores best. Everything here is generic over [`Rules`], so each game gets its own
//! specialised loop; [`AnyEngine`] picks the instance at run time.

use std::cmp::Ordering;

use rayon::prelude::*;

use crate::code::Code;
use crate::error::SizeError;
use crate::feedback::Feedback;
use crate::game::Game;
use crate::rules::{AnyRules, BlackOnly, BlackWhite, Rules, TwoD, WidePegs};
use crate::space::CodeSpace;
use crate::spec::Order;
use crate::symmetry::Symmetry;

/// Room for every reply index of every game (the largest has 153).
pub const HIST_LEN: usize = 256;

/// Below this many candidates, orbits of guesses are not worth computing.
const SYMMETRY_MIN_CANDIDATES: usize = 48;

/// Above this many (guess × candidate) scores, a guess search is split across threads.
const PARALLEL_MIN_WORK: usize = 1 << 16;

crate::named_enum! {
    /// Which codes a greedy strategy (or the exact search) may guess.
    #[derive(Default)]
    pub enum Pool: "pool" {
        /// Any code of the game, even one already ruled out.
        #[default]
        All = "all", "any code, even one already ruled out";
        /// Only codes that could still be the secret.
        Consistent = "consistent", "only codes that could still be the secret";
    }
}

crate::named_enum! {
    /// How a greedy strategy tells equally good guesses apart (with pool `all`).
    #[derive(Default)]
    pub enum Ties: "ties" {
        /// Prefer a code that could be the secret, then the lowest code (Knuth 1977).
        #[default]
        Consistent = "consistent", "prefer a code that could be the secret, then the lowest code (Knuth)";
        /// The lowest code, whether or not it could be the secret.
        Index = "index", "the lowest code, whether or not it could be the secret";
    }
}

/// A cost of a partition, lower is better. Implemented by the partition heuristics.
///
/// Contract: the cost is smallest when every class holds one candidate (a perfect split), so
/// a search may stop at the first guess that splits perfectly.
pub trait PartitionCost: Sync {
    /// The cost of a partition of `n` candidates with class sizes `hist` (zeros included).
    fn cost(&self, hist: &[u32], n: u32) -> u128;
}

/// The candidates of a position: code indices (ascending) and their packed forms side by
/// side, so the kernels stream through contiguous memory.
#[derive(Clone, Debug, Default)]
pub struct Candidates<P> {
    idx: Vec<u32>,
    packed: Vec<P>,
}

impl<P: Copy> Candidates<P> {
    /// Number of candidates.
    #[inline]
    pub fn len(&self) -> usize {
        self.idx.len()
    }
    /// True when no candidate is left (the replies contradict each other).
    pub fn is_empty(&self) -> bool {
        self.idx.is_empty()
    }
    /// Code indices, ascending.
    #[inline]
    pub fn indices(&self) -> &[u32] {
        &self.idx
    }
    /// Packed codes, in the same order as [`Candidates::indices`].
    #[inline]
    pub fn packed(&self) -> &[P] {
        &self.packed
    }
    /// Whether the code at `index` is a candidate.
    pub fn contains(&self, index: u32) -> bool {
        self.idx.binary_search(&index).is_ok()
    }
    fn with_capacity(n: usize) -> Self {
        Candidates {
            idx: Vec::with_capacity(n),
            packed: Vec::with_capacity(n),
        }
    }
    fn push(&mut self, i: u32, p: P) {
        self.idx.push(i);
        self.packed.push(p);
    }
}

/// The chosen guess of a search and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Code index of the guess.
    pub guess: u32,
    /// Its partition cost.
    pub cost: u128,
    /// Whether it could be the secret.
    pub consistent: bool,
}

/// Switches for the kernels' optimisations, so each can be turned off for A/B runs and for
/// tests that prove they never change an answer. Both default to on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelOptions {
    /// Score one guess per symmetry class (see [`crate::symmetry`]).
    pub symmetry: bool,
    /// Stop a guess search at the first perfect split of a small candidate set.
    pub early_exit: bool,
}

impl Default for KernelOptions {
    fn default() -> Self {
        KernelOptions {
            symmetry: true,
            early_exit: true,
        }
    }
}

/// A game's code space with its packed codes, ready for the kernels.
#[derive(Clone, Debug)]
pub struct Engine<R: Rules> {
    game: Game,
    space: CodeSpace,
    rules: R,
    packed: Vec<R::Packed>,
    options: KernelOptions,
}

impl<R: Rules> Engine<R> {
    /// Builds the engine of `game` over an enumerated space with its rules.
    pub fn new(game: Game, space: CodeSpace, rules: R) -> Self {
        let packed = space.codes().iter().map(|c| rules.pack(c)).collect();
        Engine {
            game,
            space,
            rules,
            packed,
            options: KernelOptions::default(),
        }
    }

    /// Turns optimisations on or off.
    pub fn set_options(&mut self, options: KernelOptions) {
        self.options = options;
    }

    /// The optimisations in force.
    pub fn options(&self) -> KernelOptions {
        self.options
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }
    /// The code space.
    pub fn space(&self) -> &CodeSpace {
        &self.space
    }
    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }
    /// The code at an index.
    #[inline]
    pub fn code(&self, index: u32) -> Code {
        self.space.code(index)
    }
    /// The packed form of the code at an index.
    #[inline]
    pub fn packed(&self, index: u32) -> R::Packed {
        self.packed[index as usize]
    }

    /// Number of reply indices.
    pub fn feedback_count(&self) -> usize {
        self.game.feedback().count()
    }

    /// The reply to guess `guess` when the secret is `secret` (both code indices).
    #[inline]
    pub fn score(&self, secret: u32, guess: u32) -> Feedback {
        self.rules
            .score(self.packed[secret as usize], self.packed[guess as usize])
    }

    /// Every secret of the game.
    pub fn all_secrets(&self) -> Candidates<R::Packed> {
        let secrets = self.space.secrets();
        let mut c = Candidates::with_capacity(secrets.len());
        for &i in secrets {
            c.push(i, self.packed[i as usize]);
        }
        c
    }

    /// Candidates from a list of code indices (sorted and deduplicated here).
    pub fn candidates_from(&self, indices: &[u32]) -> Candidates<R::Packed> {
        let mut idx = indices.to_vec();
        idx.sort_unstable();
        idx.dedup();
        let packed = idx.iter().map(|&i| self.packed[i as usize]).collect();
        Candidates { idx, packed }
    }

    /// The candidates that give reply `fb` to `guess`.
    pub fn filter(
        &self,
        cands: &Candidates<R::Packed>,
        guess: u32,
        fb: Feedback,
    ) -> Candidates<R::Packed> {
        let g = self.packed[guess as usize];
        let mut out = Candidates::with_capacity(cands.len() / 4 + 1);
        for (&i, &p) in cands.idx.iter().zip(&cands.packed) {
            if self.rules.score(p, g) == fb {
                out.push(i, p);
            }
        }
        out
    }

    /// Class sizes of the candidates under `guess`, into `hist[..feedback_count]`.
    #[inline]
    pub fn histogram(&self, guess: u32, cands: &[R::Packed], hist: &mut [u32; HIST_LEN]) {
        let g = self.packed[guess as usize];
        hist[..self.feedback_count()].fill(0);
        for &p in cands {
            hist[self.rules.score(p, g).index() & (HIST_LEN - 1)] += 1;
        }
    }

    /// Splits the candidates by their reply to `guess`: non-empty classes in reply order.
    pub fn split(
        &self,
        guess: u32,
        cands: &Candidates<R::Packed>,
    ) -> Vec<(Feedback, Candidates<R::Packed>)> {
        let g = self.packed[guess as usize];
        let fbs: Vec<u8> = cands
            .packed
            .iter()
            .map(|&p| self.rules.score(p, g).0)
            .collect();
        let mut counts = [0usize; HIST_LEN];
        for &f in &fbs {
            counts[f as usize] += 1;
        }
        let mut slot = [usize::MAX; HIST_LEN];
        let mut out: Vec<(Feedback, Candidates<R::Packed>)> = Vec::new();
        for (f, &k) in counts.iter().enumerate() {
            if k > 0 {
                slot[f] = out.len();
                out.push((Feedback(f as u8), Candidates::with_capacity(k)));
            }
        }
        for ((&f, &i), &p) in fbs.iter().zip(&cands.idx).zip(&cands.packed) {
            out[slot[f as usize]].1.push(i, p);
        }
        out
    }

    /// One guess per symmetry class among `pool` (ascending), or `None` if there is no symmetry
    /// worth using.
    pub fn representatives(&self, history: &[u32], pool: &[u32]) -> Option<Vec<u32>> {
        if !self.game.has_peg_symmetry() || !self.options.symmetry {
            return None;
        }
        let guesses: Vec<Code> = history.iter().map(|&g| self.code(g)).collect();
        Symmetry::of(self.game.pegs(), self.game.colors(), &guesses).representatives(
            self.space.codes(),
            pool,
            self.game.order() == Order::Lex,
        )
    }

    /// The guess with the lowest partition cost, ties broken by `ties`. `history` holds the
    /// guesses played so far (code indices); it is used only to find interchangeable guesses.
    /// A lone candidate is always the answer.
    pub fn best_guess<C: PartitionCost>(
        &self,
        cost: &C,
        pool: Pool,
        ties: Ties,
        cands: &Candidates<R::Packed>,
        history: &[u32],
    ) -> Choice {
        let n = cands.len();
        assert!(n > 0, "best_guess needs at least one candidate");
        if n == 1 {
            return Choice {
                guess: cands.idx[0],
                cost: cost.cost(&[1], 1),
                consistent: true,
            };
        }
        let all: Vec<u32>;
        let mut pool_list: &[u32] = match pool {
            Pool::Consistent => &cands.idx,
            Pool::All => {
                all = (0..self.space.len() as u32).collect();
                &all
            }
        };
        let reps;
        if n >= SYMMETRY_MIN_CANDIDATES
            && let Some(r) = self.representatives(history, pool_list)
        {
            reps = r;
            pool_list = &reps;
        }
        let f = self.feedback_count();
        let perfect = (n <= f && self.options.early_exit).then(|| {
            let ones = vec![1u32; n];
            cost.cost(&ones, n as u32)
        });
        let prefer_consistent = ties == Ties::Consistent && pool == Pool::All;
        if let Some(perfect) = perfect {
            // Small sets: scan in preference order and stop at the first perfect split.
            if prefer_consistent
                && let Some(c) = self.first_perfect(cost, &cands.idx, cands, perfect)
            {
                return Choice {
                    guess: c,
                    cost: perfect,
                    consistent: true,
                };
            }
        }
        let work = pool_list.len().saturating_mul(n);
        if work >= PARALLEL_MIN_WORK && perfect.is_none() {
            let chunk = (pool_list.len() / (rayon::current_num_threads() * 8)).max(64);
            pool_list
                .par_chunks(chunk)
                .map(|part| self.scan(cost, part, cands, prefer_consistent, None))
                .reduce_with(|a, b| better(a, b, prefer_consistent))
                .expect("pool is not empty")
        } else {
            self.scan(cost, pool_list, cands, prefer_consistent, perfect)
        }
    }

    /// The first guess (in the given order) that splits `cands` perfectly.
    fn first_perfect<C: PartitionCost>(
        &self,
        cost: &C,
        order: &[u32],
        cands: &Candidates<R::Packed>,
        perfect: u128,
    ) -> Option<u32> {
        let mut hist = [0u32; HIST_LEN];
        let f = self.feedback_count();
        let n = cands.len() as u32;
        order.iter().copied().find(|&g| {
            self.histogram(g, &cands.packed, &mut hist);
            hist[..f].iter().all(|&k| k <= 1) && cost.cost(&hist[..f], n) == perfect
        })
    }

    /// Best of `pool` by (cost, consistency preference, index). Stops early at a perfect split
    /// when `perfect` is given (the caller has already ruled out consistent perfect guesses
    /// when consistency is preferred).
    fn scan<C: PartitionCost>(
        &self,
        cost: &C,
        pool: &[u32],
        cands: &Candidates<R::Packed>,
        prefer_consistent: bool,
        perfect: Option<u128>,
    ) -> Choice {
        let mut hist = [0u32; HIST_LEN];
        let f = self.feedback_count();
        let n = cands.len() as u32;
        let mut best: Option<Choice> = None;
        // Merge pointer into the sorted candidate indices, for the consistency flag.
        let mut k = match pool.first() {
            Some(&g0) => cands.idx.partition_point(|&i| i < g0),
            None => 0,
        };
        for &g in pool {
            while k < cands.idx.len() && cands.idx[k] < g {
                k += 1;
            }
            let consistent = k < cands.idx.len() && cands.idx[k] == g;
            self.histogram(g, &cands.packed, &mut hist);
            let c = cost.cost(&hist[..f], n);
            let choice = Choice {
                guess: g,
                cost: c,
                consistent,
            };
            if Some(c) == perfect {
                return choice;
            }
            best = Some(match best {
                None => choice,
                Some(b) => better(b, choice, prefer_consistent),
            });
        }
        best.expect("pool is not empty")
    }
}

/// The better of two choices: lower cost, then (optionally) consistent, then lower index.
fn better(a: Choice, b: Choice, prefer_consistent: bool) -> Choice {
    let ord = a.cost.cmp(&b.cost).then_with(|| {
        if prefer_consistent {
            b.consistent.cmp(&a.consistent)
        } else {
            Ordering::Equal
        }
    });
    match ord.then(a.guess.cmp(&b.guess)) {
        Ordering::Greater => b,
        _ => a,
    }
}

/// An [`Engine`] for whichever rules a game has.
#[derive(Clone, Debug)]
pub enum AnyEngine {
    /// Black and white, 64-bit masks.
    BlackWhite64(Engine<BlackWhite<u64>>),
    /// Black and white, 128-bit masks.
    BlackWhite128(Engine<BlackWhite<u128>>),
    /// Black only, 64-bit masks.
    BlackOnly64(Engine<BlackOnly<u64>>),
    /// Black only, 128-bit masks.
    BlackOnly128(Engine<BlackOnly<u128>>),
    /// Wide peg games.
    Wide(Engine<WidePegs>),
    /// twoD.
    TwoD(Engine<TwoD>),
}

impl AnyEngine {
    /// Enumerates the game and packs its codes.
    pub fn new(game: &Game) -> Result<AnyEngine, SizeError> {
        let space = game.space()?;
        let g = game.clone();
        Ok(match game.rules().clone() {
            AnyRules::BlackWhite64(r) => AnyEngine::BlackWhite64(Engine::new(g, space, r)),
            AnyRules::BlackWhite128(r) => AnyEngine::BlackWhite128(Engine::new(g, space, r)),
            AnyRules::BlackOnly64(r) => AnyEngine::BlackOnly64(Engine::new(g, space, r)),
            AnyRules::BlackOnly128(r) => AnyEngine::BlackOnly128(Engine::new(g, space, r)),
            AnyRules::Wide(r) => AnyEngine::Wide(Engine::new(g, space, r)),
            AnyRules::TwoD(r) => AnyEngine::TwoD(Engine::new(g, space, r)),
        })
    }

    /// The game.
    pub fn game(&self) -> &Game {
        crate::dispatch_engine!(self, e => e.game())
    }

    /// The code space.
    pub fn space(&self) -> &CodeSpace {
        crate::dispatch_engine!(self, e => e.space())
    }

    /// Turns the kernels' optimisations on or off.
    pub fn set_options(&mut self, options: KernelOptions) {
        crate::dispatch_engine!(self, e => e.set_options(options))
    }
}

/// Runs `$body` with `$e` bound to the concrete [`Engine`] inside an [`AnyEngine`].
#[macro_export]
macro_rules! dispatch_engine {
    ($any:expr, $e:ident => $body:expr) => {
        match $any {
            $crate::engine::AnyEngine::BlackWhite64($e) => $body,
            $crate::engine::AnyEngine::BlackWhite128($e) => $body,
            $crate::engine::AnyEngine::BlackOnly64($e) => $body,
            $crate::engine::AnyEngine::BlackOnly128($e) => $body,
            $crate::engine::AnyEngine::Wide($e) => $body,
            $crate::engine::AnyEngine::TwoD($e) => $body,
        }
    };
}
