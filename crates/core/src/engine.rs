//! The hot kernels: partitioning candidate sets by reply and finding the guess whose partition
//! scores best. Everything here is generic over [`Rules`], so each game gets its own
//! specialised loop; [`AnyEngine`] picks the instance at run time.

use std::cmp::Ordering;
use std::sync::Arc;

use rayon::prelude::*;

use crate::code::Code;
use crate::error::{ParseSamplingError, SizeError};
use crate::feedback::Feedback;
use crate::game::Game;
use crate::list_symmetry::{Group, Stabilisers};
use crate::rules::{AnyRules, BlackOnly, BlackWhite, Rules, Table, TwoD, WidePegs};
use crate::space::CodeSpace;
use crate::spec::Order;
use crate::symmetry::Symmetry;

/// Room for every reply index of every game (the largest has 153).
pub const HIST_LEN: usize = 256;

/// Below this many candidates, orbits of guesses are not worth computing.
const SYMMETRY_MIN_CANDIDATES: usize = 48;

/// Above this many (guess × candidate) scores, a guess search is split across threads.
const PARALLEL_MIN_WORK: usize = 1 << 16;

/// Most (guess × candidate) scores one guess choice spends under [`Sampling::Auto`]: 2²⁸,
/// about 2.7 × 10⁸, counted in scores of 64-bit-mask games (a score of a wider game counts
/// [`Rules::SCORE_COST`] of them).
///
/// Measured on the 2-core machine codebreak is developed on, shared with other builds: the
/// 64-bit-mask kernels score 3.3 to 6.4 × 10⁸ replies a second on one core (MM(8,6) 3.3,
/// MM(12,4) 3.5, MM(5,8) 4.5, MM(14,2) 5.3, MM(4,6) 6.4 × 10⁸), 128-bit masks 1.8 to 2.2 ×
/// 10⁸ (MM(3,36), Bulls and Cows 10 of 10) and the loop of wider games 3.4 × 10⁷ (MM(4,33)),
/// and two threads bring 1.5 to 2 times that when the machine is otherwise idle. So a choice
/// at the budget takes about 0.5 to 1.3 s.
/// The largest choice of any analysis the oracle tests replay (MM(4,6), Bulls and Cows 4 of
/// 10, twoD: at most 4.7 × 10⁵ scores) and of every greedy strategy on MM(5,8) (at most 2.8 ×
/// 10⁷, one guess per symmetry class against 1371 candidates) is about a tenth of it or less,
/// so the budget never changes their figures.
pub const WORK_BUDGET: u64 = 1 << 28;

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

/// How a guess search bounds its work on large positions: past a budget, it scores a
/// deterministic sample of the pool instead of every guess.
///
/// The sample takes the guesses that could be the secret first, then the others: when there
/// are more consistent guesses than the sample holds, an evenly spread selection of them (the
/// `i`-th of `k` is the `⌊i·c/k⌋`-th of the `c` consistent guesses, in code order); otherwise
/// all of them, and an evenly spread selection of the rest in the same way. Symmetry is
/// applied first, so the sample is drawn from one guess per class.
///
/// ```
/// use codebreak_core::{Sampling, WORK_BUDGET};
/// // 1296 guesses against 1296 candidates: well within the budget.
/// assert_eq!(Sampling::Auto.size(1296, 1296, WORK_BUDGET), None);
/// // 16.7 million guesses against a million candidates: 256 of them are scored.
/// assert_eq!(Sampling::Auto.size(1 << 24, 1 << 20, WORK_BUDGET), Some(256));
/// assert_eq!(Sampling::Size(10).size(1296, 5, WORK_BUDGET), Some(10));
/// assert_eq!(Sampling::Off.size(1 << 24, 1 << 24, WORK_BUDGET), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum Sampling {
    /// Score every guess of the pool while pool × candidates is at most [`WORK_BUDGET`] (in
    /// the game's [`Rules::SCORE_COST`] units); beyond it, a sample of as many guesses as the
    /// budget allows (at least one).
    #[default]
    Auto,
    /// Score at most this many guesses (at least 1), whatever the work.
    Size(u32),
    /// Score every guess, however long it takes.
    Off,
}

impl std::str::FromStr for Sampling {
    type Err = ParseSamplingError;

    /// Reads `auto`, `off`, or a sample size from 1 to 2³² − 1.
    ///
    /// ```
    /// use codebreak_core::Sampling;
    /// assert_eq!("500".parse::<Sampling>().unwrap(), Sampling::Size(500));
    /// assert_eq!("OFF".parse::<Sampling>().unwrap(), Sampling::Off);
    /// assert!("0".parse::<Sampling>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Sampling, ParseSamplingError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(Sampling::Auto),
            "off" | "none" | "all" => Ok(Sampling::Off),
            t => match t.parse::<u32>() {
                Ok(k) if k >= 1 => Ok(Sampling::Size(k)),
                _ => Err(ParseSamplingError {
                    text: text.to_string(),
                }),
            },
        }
    }
}

impl serde::Serialize for Sampling {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Sampling {
    /// `"auto"`, `"off"`, or a size as a number or as text.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Size(u64),
            Text(String),
        }
        let text = match Repr::deserialize(d)? {
            Repr::Size(n) => n.to_string(),
            Repr::Text(t) => t,
        };
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl std::fmt::Display for Sampling {
    /// `auto`, `off`, or the size: the form [`str::parse`] reads.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sampling::Auto => f.write_str("auto"),
            Sampling::Off => f.write_str("off"),
            Sampling::Size(k) => write!(f, "{k}"),
        }
    }
}

impl Sample {
    /// The sample in words, for a note beside the guess: `chosen from a sample of 268 of the
    /// 5040 guesses (those that could be the secret first)`.
    pub fn describe(&self) -> String {
        format!(
            "chosen from an evenly spread sample of {} of the {} guesses (those that could be the secret first)",
            self.scored, self.pool
        )
    }
}

impl Sampling {
    /// How many guesses to score out of a pool of `pool` against `candidates` candidates, or
    /// `None` to score them all, for `Auto` within a budget of `budget` scores.
    pub fn size(self, pool: usize, candidates: usize, budget: u64) -> Option<usize> {
        let k = match self {
            Sampling::Off => return None,
            Sampling::Size(k) => k.max(1) as usize,
            Sampling::Auto => {
                if (pool as u64).saturating_mul(candidates as u64) <= budget {
                    return None;
                }
                (budget / candidates.max(1) as u64).max(1) as usize
            }
        };
        (k < pool).then_some(k)
    }
}

/// How a sampled guess choice was made: `scored` guesses out of a pool of `pool` (after
/// symmetry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Sample {
    /// Guesses scored.
    pub scored: usize,
    /// Guesses in the pool, one per symmetry class.
    pub pool: usize,
}

/// The codes of `pool` (ascending), each with whether it is in `cands` (ascending).
fn flagged<'a>(pool: &'a [u32], cands: &'a [u32]) -> impl Iterator<Item = (u32, bool)> + 'a {
    let mut j = 0;
    pool.iter().map(move |&g| {
        while j < cands.len() && cands[j] < g {
            j += 1;
        }
        (g, j < cands.len() && cands[j] == g)
    })
}

/// The `k`-element sample of `pool` (ascending) described at [`Sampling`]: the guesses in
/// `cands` (consistent ones) first, each part evenly spread. Ascending.
fn sample_pool(pool: &[u32], cands: &[u32], k: usize) -> Vec<u32> {
    let consistent = flagged(pool, cands).filter(|&(_, c)| c).count();
    let others = pool.len() - consistent;
    let take = [k.min(consistent), k.saturating_sub(consistent).min(others)];
    let size = [consistent, others];
    // Of part p, the i-th pick is its ⌊i·size/take⌋-th member.
    let target = |p: usize, i: usize| (i as u128 * size[p] as u128 / take[p] as u128) as usize;
    let (mut seen, mut next) = ([0usize; 2], [0usize; 2]);
    let mut out = Vec::with_capacity(take[0] + take[1]);
    for (g, c) in flagged(pool, cands) {
        let p = usize::from(!c);
        if next[p] < take[p] && seen[p] == target(p, next[p]) {
            out.push(g);
            next[p] += 1;
        }
        seen[p] += 1;
    }
    out
}

/// A cost of a partition, lower is better. Implemented by the partition heuristics.
///
/// Contract: the cost is smallest when every class holds one candidate (a perfect split), so
/// a search may stop at the first guess that splits perfectly.
pub trait PartitionCost: Sync {
    /// The cost of a partition of `n` candidates with class sizes `hist` (zeros included).
    fn cost(&self, hist: &[u32], n: u32) -> u128;

    /// The largest class a partition of `n` candidates costing at most `cost` can have, if
    /// the cost bounds it (`None`, the default: no bound known). A guess search drops a guess
    /// as soon as one of its classes grows past this for the best cost so far, without
    /// counting the rest.
    #[inline]
    fn class_limit(&self, cost: u128, n: u32) -> Option<u32> {
        let _ = (cost, n);
        None
    }
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
    /// The sample scored, when the pool was too large to score whole (see [`Sampling`]).
    pub sample: Option<Sample>,
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
    /// A list game's symmetry, found from its table when first asked for.
    list_symmetry: Option<Arc<Stabilisers>>,
    /// In Wordle's hard mode, the guesses indexed by their letters: the search filters every
    /// guess by hard mode's rule at every position.
    hard_index: Option<crate::wordle::HardIndex>,
    /// The colours of each code, one bit each, made on first use (see
    /// [`Engine::without_absent_twins`]).
    color_masks: std::sync::OnceLock<Vec<u64>>,
    /// Representatives of the whole space, by the guesses played (see [`RepsCache`]).
    reps_cache: RepsCache,
}

/// The representatives of every guess of a peg game, remembered by the guesses played:
/// siblings of a game tree share their guesses (only their replies differ), so the orbits are
/// found once for all of them. Holds at most [`RepsCache::MAX_CELLS`] guesses in all, then
/// stops remembering.
#[derive(Default)]
struct RepsCache(std::sync::Mutex<RepsMap>);

/// What a [`RepsCache`] holds: representatives by guesses played (`None`: no symmetry), and
/// how many guesses they hold in all.
type RepsMap = (rustc_hash::FxHashMap<Vec<u32>, Option<Arc<[u32]>>>, usize);

impl RepsCache {
    /// Most guesses remembered (4 bytes each).
    const MAX_CELLS: usize = 1 << 22;

    /// The representatives after `history`, from the cache or made by `make`.
    fn get(&self, history: &[u32], make: impl FnOnce() -> Option<Vec<u32>>) -> Option<Vec<u32>> {
        if let Some(found) = self.0.lock().ok()?.0.get(history) {
            return found.as_ref().map(|r| r.to_vec());
        }
        let made = make();
        if let Ok(mut map) = self.0.lock() {
            let cells = made.as_ref().map_or(0, Vec::len);
            if map.1 + cells <= Self::MAX_CELLS {
                map.1 += cells;
                map.0
                    .insert(history.to_vec(), made.as_deref().map(Arc::from));
            }
        }
        made
    }
}

impl Clone for RepsCache {
    fn clone(&self) -> Self {
        RepsCache::default()
    }
}

impl std::fmt::Debug for RepsCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RepsCache")
    }
}

impl<R: Rules> Engine<R> {
    /// Builds the engine of `game` over an enumerated space with its rules.
    pub fn new(game: Game, space: CodeSpace, rules: R) -> Self {
        // In parallel: a game of millions of codes packs in a fraction of a second.
        let packed = space.codes().par_iter().map(|c| rules.pack(c)).collect();
        let list_symmetry = game.list().map(|l| Arc::new(Stabilisers::new(l.clone())));
        let hard_index = game.hard().then(|| {
            let words: Vec<_> = space.codes().iter().map(|c| game.wordle_word(c)).collect();
            crate::wordle::HardIndex::new(&words)
        });
        Engine {
            game,
            space,
            rules,
            packed,
            options: KernelOptions::default(),
            list_symmetry,
            hard_index,
            color_masks: std::sync::OnceLock::new(),
            reps_cache: RepsCache::default(),
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

    /// Whether the code at `index` may be played as a guess. Code indices number the guesses
    /// first and then (in list games that end when the secret is known) the secrets that are
    /// not guesses, so a candidate is not always a legal guess.
    #[inline]
    pub fn is_guess(&self, index: u32) -> bool {
        (index as usize) < self.space.len()
    }

    /// The candidates that may also be played: the guesses that could be the secret,
    /// ascending. Every candidate in a game that ends by guessing; in a game that ends when the
    /// secret is known, only those that are guesses too (none in the counterfeit-coin games,
    /// whose secrets are coins and whose guesses are weighings). Strategies and the search
    /// take "guesses that could be the secret" from here, never from
    /// [`Candidates::indices`], so a secret is never played as a guess.
    #[inline]
    pub fn consistent_guesses<'a>(&self, cands: &'a Candidates<R::Packed>) -> &'a [u32] {
        let end = cands.idx.partition_point(|&i| self.is_guess(i));
        &cands.idx[..end]
    }

    /// Number of reply indices.
    pub fn feedback_count(&self) -> usize {
        self.game.feedback().count()
    }

    /// The reply to guess `guess` when the secret is `secret` (both code indices).
    #[inline]
    pub fn score(&self, secret: u32, guess: u32) -> Feedback {
        debug_assert!(self.is_guess(guess), "code {guess} is not a guess");
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

    /// The secrets that give every reply of `moves` (guess index, reply) to its guess, found
    /// in one pass over the secrets without first listing them all: on a game of millions of
    /// codes this saves a copy of the whole space.
    pub fn consistent(&self, moves: &[(u32, Feedback)]) -> Candidates<R::Packed> {
        let guesses: Vec<(R::Packed, Feedback)> = moves
            .iter()
            .map(|&(g, f)| (self.packed[g as usize], f))
            .collect();
        let mut out = Candidates::default();
        for &i in self.space.secrets() {
            let p = self.packed[i as usize];
            if guesses.iter().all(|&(g, f)| self.rules.score(p, g) == f) {
                out.push(i, p);
            }
        }
        out
    }

    /// The candidates that give reply `fb` to `guess`.
    pub fn filter(
        &self,
        cands: &Candidates<R::Packed>,
        guess: u32,
        fb: Feedback,
    ) -> Candidates<R::Packed> {
        debug_assert!(self.is_guess(guess), "code {guess} is not a guess");
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
        debug_assert!(self.is_guess(guess), "code {guess} is not a guess");
        let g = self.packed[guess as usize];
        hist[..self.feedback_count()].fill(0);
        for &p in cands {
            hist[self.rules.score(p, g).index() & (HIST_LEN - 1)] += 1;
        }
    }

    /// [`histogram`](Self::histogram), stopping (and returning false) as soon as a class holds
    /// more than `limit` candidates; the histogram is then incomplete.
    #[inline]
    fn histogram_within(
        &self,
        guess: u32,
        cands: &[R::Packed],
        hist: &mut [u32; HIST_LEN],
        limit: u32,
    ) -> bool {
        if limit == u32::MAX {
            self.histogram(guess, cands, hist);
            return true;
        }
        let g = self.packed[guess as usize];
        hist[..self.feedback_count()].fill(0);
        for &p in cands {
            let slot = &mut hist[self.rules.score(p, g).index() & (HIST_LEN - 1)];
            *slot += 1;
            if *slot > limit {
                return false;
            }
        }
        true
    }

    /// Splits the candidates by their reply to `guess`: non-empty classes in reply order.
    pub fn split(
        &self,
        guess: u32,
        cands: &Candidates<R::Packed>,
    ) -> Vec<(Feedback, Candidates<R::Packed>)> {
        debug_assert!(self.is_guess(guess), "code {guess} is not a guess");
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
    ///
    /// A list game's symmetry is found from its table ([`crate::list_symmetry`]): the group
    /// that fixes every guess of `history` and each of its replies, computed once per set of
    /// guesses played. Wordle's hard mode, whose allowed guesses depend on the replies, has
    /// none.
    pub fn representatives(&self, history: &[u32], pool: &[u32]) -> Option<Vec<u32>> {
        if !self.options.symmetry {
            return None;
        }
        if let Some(sym) = &self.list_symmetry {
            if self.game.hard() {
                return None;
            }
            return sym.of(history).representatives(pool);
        }
        if !self.game.has_peg_symmetry() {
            return None;
        }
        let make = |pool: &[u32]| {
            let guesses: Vec<Code> = history.iter().map(|&g| self.code(g)).collect();
            Symmetry::of(self.game.pegs(), self.game.colors(), &guesses).representatives(
                self.space.codes(),
                pool,
                self.game.order() == Order::Lex,
            )
        };
        // Every guess (the pool is ascending): the same for every position after these
        // guesses, whatever their replies.
        if pool.len() == self.space.len() {
            return self.reps_cache.get(history, || make(pool));
        }
        make(pool)
    }

    /// A list game's automorphism group, found from its table on first use (see
    /// [`crate::list_symmetry`]); `None` for the built-in peg games, whose symmetry is
    /// written by hand ([`crate::symmetry`]).
    pub fn list_group(&self) -> Option<Arc<Group>> {
        self.list_symmetry.as_ref().map(|s| s.root())
    }

    /// The group of a list game's automorphisms that fix every guess of `history` and each
    /// of its replies, as [`representatives`](Self::representatives) uses it (computed once
    /// per set of guesses); `None` when the symmetry is off, in hard mode, or for the
    /// built-in peg games.
    pub fn list_stabiliser(&self, history: &[u32]) -> Option<Arc<Group>> {
        if !self.options.symmetry || self.game.hard() {
            return None;
        }
        self.list_symmetry.as_ref().map(|s| s.of(history))
    }

    /// The guesses of [`Pool::All`] after `moves` (code indices and replies, oldest first):
    /// every guess, or in Wordle's hard mode ([`Game::hard_mode`]) those its rule allows.
    pub fn pool_all(&self, moves: &[(u32, Feedback)]) -> Vec<u32> {
        let all = 0..self.space.len() as u32;
        let history: Vec<(Code, Feedback)> =
            moves.iter().map(|&(g, f)| (self.code(g), f)).collect();
        match (self.game.hard_mode(&history), &self.hard_index) {
            (Some(rule), Some(index)) => index.allowed(&rule),
            _ => all.collect(),
        }
    }

    /// The guess with the lowest partition cost, ties broken by `ties`. `moves` holds the
    /// guesses played so far (code indices) and their replies: in Wordle's hard mode, the pool
    /// [`Pool::All`] is only the guesses the rule allows after them ([`Engine::pool_all`]);
    /// otherwise they are used only to find interchangeable guesses. A lone candidate is
    /// always the answer (a consistent guess keeps hard mode's rule). `sampling` bounds the work on large positions:
    /// the choice is then the best of a sample of the pool, and says so.
    ///
    /// # Panics
    ///
    /// When `cands` is empty: the caller checks that the replies leave a secret.
    pub fn best_guess<C: PartitionCost>(
        &self,
        cost: &C,
        pool: Pool,
        ties: Ties,
        sampling: Sampling,
        cands: &Candidates<R::Packed>,
        moves: &[(u32, Feedback)],
    ) -> Choice {
        let n = cands.len();
        assert!(n > 0, "best_guess needs at least one candidate");
        if n == 1 && self.is_guess(cands.idx[0]) {
            return Choice {
                guess: cands.idx[0],
                cost: cost.cost(&[1], 1),
                consistent: true,
                sample: None,
            };
        }
        let all: Vec<u32>;
        let mut pool_list: &[u32] = match pool {
            Pool::Consistent if !self.consistent_guesses(cands).is_empty() => {
                self.consistent_guesses(cands)
            }
            // No candidate can be played (a game that ends when the secret is known, whose
            // secrets are not guesses): any guess.
            Pool::Consistent | Pool::All => {
                all = self.pool_all(moves);
                &all
            }
        };
        let history: Vec<u32> = moves.iter().map(|&(g, _)| g).collect();
        let reps;
        // Small sets use the orbits of the whole space only: those are made once for every
        // position after the same guesses.
        if (n >= SYMMETRY_MIN_CANDIDATES || pool_list.len() == self.space.len())
            && let Some(r) = self.representatives(&history, pool_list)
        {
            reps = r;
            pool_list = &reps;
        }
        // Without symmetry classes (small sets), at least the guesses that differ only in
        // colours no candidate has are scored once (the lowest of them, never consistent, so
        // no tie-break changes), unless the pool is to be sampled; not on sets so small that
        // a perfect split ends the scan early, where filtering costs more than it saves.
        let twins;
        if n > self.feedback_count()
            && pool_list.len() == self.space.len()
            && sampling
                .size(pool_list.len(), n, WORK_BUDGET / R::SCORE_COST)
                .is_none()
            && let Some(t) = self.without_absent_twins(cands, pool_list)
        {
            twins = t;
            pool_list = &twins;
        }
        let mut sample = None;
        let sampled;
        if let Some(k) = sampling.size(pool_list.len(), n, WORK_BUDGET / R::SCORE_COST) {
            sampled = sample_pool(pool_list, &cands.idx, k);
            sample = Some(Sample {
                scored: sampled.len(),
                pool: pool_list.len(),
            });
            pool_list = &sampled;
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
                && let Some(c) =
                    self.first_perfect(cost, self.consistent_guesses(cands), cands, perfect)
            {
                // Any perfect split is a best guess: the sample, if any, was not needed.
                return Choice {
                    guess: c,
                    cost: perfect,
                    consistent: true,
                    sample: None,
                };
            }
        }
        // The guesses of the pool that could be the secret are scored first: one of them is
        // nearly always close to the best, so the scan of the rest starts with a tight class
        // limit (and skips them).
        let inside = pooled(self.consistent_guesses(cands), pool_list);
        let seed = (!inside.is_empty())
            .then(|| self.scan(cost, &inside, cands, prefer_consistent, perfect, None, &[]));
        if let Some(s) = seed
            && prefer_consistent
            && Some(s.cost) == perfect
        {
            return Choice { sample, ..s };
        }
        let work = pool_list.len().saturating_mul(n);
        let choice = if work >= PARALLEL_MIN_WORK && perfect.is_none() {
            let chunk = (pool_list.len() / (rayon::current_num_threads() * 8)).max(64);
            pool_list
                .par_chunks(chunk)
                .map(|part| self.scan(cost, part, cands, prefer_consistent, None, seed, &inside))
                .reduce_with(|a, b| better(a, b, prefer_consistent))
                .expect("pool is not empty")
        } else {
            self.scan(
                cost,
                pool_list,
                cands,
                prefer_consistent,
                perfect,
                seed,
                &inside,
            )
        };
        Choice { sample, ..choice }
    }

    /// Colours that no candidate has never score, so guesses that differ only in which of
    /// them they hold split every candidate set alike: of each such class of `pool` (every
    /// code, ascending), only the lowest code is kept, the one whose places of absent colours
    /// hold the lowest absent colours (in increasing order, when a guess may not repeat a
    /// colour). `None` when the game's colours are not interchangeable, the codes are not in
    /// lexicographic order, symmetry is switched off, or fewer than two colours are absent.
    fn without_absent_twins(
        &self,
        cands: &Candidates<R::Packed>,
        pool: &[u32],
    ) -> Option<Vec<u32>> {
        let game = &self.game;
        if !self.options.symmetry
            || !game.has_peg_symmetry()
            || game.order() != Order::Lex
            || game.colors() > 64
            || game.hard()
        {
            return None;
        }
        let masks = self.color_masks.get_or_init(|| {
            self.space
                .codes()
                .iter()
                .map(|c| c.pegs().iter().fold(0u64, |m, &p| m | 1 << p))
                .collect()
        });
        let all = if game.colors() == 64 {
            u64::MAX
        } else {
            (1u64 << game.colors()) - 1
        };
        self.absent_twins(masks, all, cands, pool)
    }

    /// The filter the greedy scans use on colours no candidate has, with its conditions
    /// left to the caller: `masks[code]` is each code's set of colours (bit `c` for colour
    /// `c`), `all` the game's colours. Of each class of `pool` whose guesses differ only in
    /// colours no candidate of `cands` has, only the lowest is kept (all those places the
    /// lowest absent colour; without repeats, the lowest absent colours in increasing order).
    /// `None` when fewer than two colours are absent.
    pub fn absent_twins(
        &self,
        masks: &[u64],
        all: u64,
        cands: &Candidates<R::Packed>,
        pool: &[u32],
    ) -> Option<Vec<u32>> {
        let present = cands.idx.iter().fold(0u64, |m, &i| m | masks[i as usize]);
        let absent = all & !present;
        if absent.count_ones() < 2 {
            return None;
        }
        let lowest = absent & absent.wrapping_neg();
        let distinct = self.game.distinct_guess();
        let keep = |&g: &u32| {
            let m = masks[g as usize] & absent;
            if m == 0 {
                return true;
            }
            if !distinct {
                return m == lowest;
            }
            // The lowest absent colours, placed in increasing order.
            let mut want = absent;
            for _ in 0..m.count_ones() {
                if m & (want & want.wrapping_neg()) == 0 {
                    return false;
                }
                want &= want - 1;
            }
            let mut last = None;
            self.code(g).pegs().iter().all(|&p| {
                if absent & (1 << p) == 0 {
                    return true;
                }
                let rising = last.is_none_or(|l| l < p);
                last = Some(p);
                rising
            })
        };
        Some(pool.iter().copied().filter(keep).collect())
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

    /// Best of `pool` and `seed` by (cost, consistency preference, index). Stops early at a
    /// perfect split when `perfect` is given (the caller has already ruled out consistent
    /// perfect guesses when consistency is preferred). `seed` is the best of `scored`
    /// (ascending), guesses of `pool` already scored, which are skipped.
    #[allow(clippy::too_many_arguments)]
    fn scan<C: PartitionCost>(
        &self,
        cost: &C,
        pool: &[u32],
        cands: &Candidates<R::Packed>,
        prefer_consistent: bool,
        perfect: Option<u128>,
        seed: Option<Choice>,
        scored: &[u32],
    ) -> Choice {
        let mut hist = [0u32; HIST_LEN];
        let f = self.feedback_count();
        let n = cands.len() as u32;
        let mut best: Option<Choice> = seed;
        // Merge pointers into the sorted candidate indices, for the consistency flag, and
        // into the guesses already scored.
        let mut k = match pool.first() {
            Some(&g0) => cands.idx.partition_point(|&i| i < g0),
            None => 0,
        };
        let mut j = match pool.first() {
            Some(&g0) => scored.partition_point(|&i| i < g0),
            None => 0,
        };
        // A guess with a class larger than `loose` costs more than the best so far; one with
        // a class larger than `strict` costs at least as much (so loses to the best when it
        // comes after it in the tie-break).
        let limits = |b: &Choice| {
            let loose = cost.class_limit(b.cost, n).unwrap_or(u32::MAX);
            let strict = match b.cost.checked_sub(1) {
                Some(c) => cost.class_limit(c, n).unwrap_or(u32::MAX),
                None => 0,
            };
            (loose, strict)
        };
        let (mut loose, mut strict) = best.as_ref().map_or((u32::MAX, u32::MAX), limits);
        for &g in pool {
            while j < scored.len() && scored[j] < g {
                j += 1;
            }
            if j < scored.len() && scored[j] == g {
                continue;
            }
            while k < cands.idx.len() && cands.idx[k] < g {
                k += 1;
            }
            let consistent = k < cands.idx.len() && cands.idx[k] == g;
            // Whether a tie with the best so far would lose: it is consistent and this guess
            // is not (when consistency is preferred), or it comes first.
            let tie_loses = best.is_some_and(|b| {
                if prefer_consistent && b.consistent != consistent {
                    b.consistent
                } else {
                    b.guess < g
                }
            });
            if let Some(b) = best
                && tie_loses
                && Some(b.cost) == perfect
            {
                // Nothing costs less than a perfect split, and every guess left loses a tie.
                return b;
            }
            let limit = if tie_loses { strict } else { loose };
            if !self.histogram_within(g, &cands.packed, &mut hist, limit) {
                continue;
            }
            let c = cost.cost(&hist[..f], n);
            let choice = Choice {
                guess: g,
                cost: c,
                consistent,
                sample: None,
            };
            let b = match best {
                None => choice,
                Some(b) => better(b, choice, prefer_consistent),
            };
            (loose, strict) = limits(&b);
            best = Some(b);
        }
        best.expect("pool is not empty")
    }
}

/// The guesses of `some` that are in `pool` (both ascending).
fn pooled(some: &[u32], pool: &[u32]) -> Vec<u32> {
    let mut k = 0;
    some.iter()
        .copied()
        .filter(|&g| {
            while k < pool.len() && pool[k] < g {
                k += 1;
            }
            k < pool.len() && pool[k] == g
        })
        .collect()
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
    /// List games (a reply table).
    Table(Engine<Table>),
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
            AnyRules::Table(r) => AnyEngine::Table(Engine::new(g, space, r)),
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

    /// A list game's automorphism group (see [`Engine::list_group`]).
    pub fn list_group(&self) -> Option<Arc<Group>> {
        crate::dispatch_engine!(self, e => e.list_group())
    }

    /// What one score costs in this game's rules ([`Rules::SCORE_COST`]).
    pub fn score_cost(&self) -> u64 {
        fn cost<R: Rules>(_: &Engine<R>) -> u64 {
            R::SCORE_COST
        }
        crate::dispatch_engine!(self, e => cost(e))
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
            $crate::engine::AnyEngine::Table($e) => $body,
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::GameSpec;

    struct Largest;
    impl PartitionCost for Largest {
        fn cost(&self, hist: &[u32], _n: u32) -> u128 {
            hist.iter().copied().max().unwrap_or(0) as u128
        }
    }

    #[test]
    fn samples_take_consistent_guesses_first_evenly_spread() {
        let pool: Vec<u32> = (0..100).collect();
        let cands: Vec<u32> = (0..100).filter(|i| i % 10 == 3).collect();
        // Fewer consistent guesses than the sample: all of them, then the others spread.
        let s = sample_pool(&pool, &cands, 20);
        assert_eq!(s.len(), 20);
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert!(cands.iter().all(|c| s.contains(c)));
        let others: Vec<u32> = s.iter().copied().filter(|g| g % 10 != 3).collect();
        // The 0th, 9th, 18th, ... of the 90 others: 0, 10, 20, ... in code terms.
        assert_eq!(others, [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
        // More consistent guesses than the sample: an even spread of them only.
        assert_eq!(sample_pool(&pool, &cands, 5), [3, 23, 43, 63, 83]);
        // Deterministic.
        assert_eq!(sample_pool(&pool, &cands, 20), s);
    }

    #[test]
    fn a_sampled_choice_says_so_and_the_default_never_samples_small_games() {
        let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let AnyEngine::BlackWhite64(e) = AnyEngine::new(&game).unwrap() else {
            panic!("MM(4,6) has 64-bit masks")
        };
        let all = e.all_secrets();
        let g = e
            .space()
            .index_of(&game.parse_guess("0011").unwrap())
            .unwrap();
        let cands = e.filter(&all, g, game.parse_feedback("0B1W").unwrap());
        let choose = |sampling| {
            e.best_guess(
                &Largest,
                Pool::All,
                Ties::Consistent,
                sampling,
                &cands,
                &[(g, game.parse_feedback("0B1W").unwrap())],
            )
        };
        let full = choose(Sampling::Auto);
        assert_eq!(full.sample, None);
        assert_eq!(choose(Sampling::Off), full);
        let small = choose(Sampling::Size(7));
        let sample = small.sample.expect("7 of the pool were scored");
        assert_eq!(sample.scored, 7);
        assert!(sample.pool > 7 && sample.pool <= 1296);
        assert!(small.cost >= full.cost);
        // Seven consistent candidates were available, so the sample holds only those.
        assert!(small.consistent);
    }
}
