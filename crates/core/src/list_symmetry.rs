//! Symmetry of a list game, found from its table: which guesses are interchangeable.
//!
//! A list game has no rule to read symmetries from, only its reply table. An **automorphism**
//! is a pair of permutations, `σ` of the secrets and `τ` of the guesses, such that each guess
//! `τ(g)` splits the secrets exactly as `g` does, carried over by `σ`: two secrets get the same
//! reply from `g` if and only if their images get the same reply from `τ(g)`. The replies may
//! be renamed, separately for each guess (a weighing `ab-cd` mirrored is `cd-ab` with `<` and
//! `>` exchanged), but the winning reply stays the winning reply, and a code that is both a
//! guess and a secret goes to the same code on both sides. Such a pair maps every position of
//! the game onto an equivalent one, so a strategy or a search that scores guesses by the
//! classes they leave needs only one guess per orbit of the group that fixes the position.
//!
//! **How it is found: colour refinement, individualisation, and a search tree with orbit
//! pruning** (the scheme of McKay's nauty, written for this bipartite "splits" structure). The
//! secrets and the guesses are kept as ordered partitions. A refinement round gives each guess
//! the multiset of its classes (each class described by the multiset of secret cells it meets)
//! and each secret the multiset of (guess cell, class of the secret in that guess), and splits
//! every cell by these signatures (hashes of the multisets, so the split is the same for
//! isomorphic inputs), until nothing splits. When the secrets are not all apart, one secret of
//! the first non-singleton cell is placed alone and the refinement runs again; a discrete
//! partition of the secrets fixes every guess up to guesses that split the secrets alike
//! (duplicates, interchangeable as they are). The first such leaf is compared with the leaves
//! below every other choice, level by level from the deepest, skipping choices already known
//! to be in the same orbit as the first path's; each leaf whose partitions line up with the
//! first's gives a candidate that is checked against the whole table and, if it holds, kept
//! as a generator. The order of the group is the product over the levels of the orbit of the
//! first path's choice (times the factorials of the duplicate classes).
//!
//! On a game with many more guesses than secrets (the counterfeit coins) the search refines on
//! the few smallest cells of guesses that tell the secrets apart, and extends each
//! candidate to every guess by matching how the guesses split the secrets
//! (`Search::narrow`).
//!
//! Refinement alone usually proves a group trivial: on Wordle's 12972 × 2315 table the rows
//! of the 2315 guesses that are secrets too tell the secrets apart in the first round, and
//! the other guesses are then only matched by how they split the secrets
//! (`Search::apart_by_shared`).
//!
//! **Budget.** Every step that reads a table entry counts as one unit of work; when a search
//! passes its budget ([`ROOT_BUDGET`] for a game's group, [`STABILISER_BUDGET`] for the group
//! that fixes some played guesses) it stops and keeps the generators found so far. Those are
//! still automorphisms, so everything built on them stays exact, only coarser; the group
//! says so ([`Group::is_complete`]).
//!
//! The group that fixes a position ([`Stabilisers::of`]) is found the same way, with the
//! guesses played placed alone from the start and the secrets first split by their replies to
//! them, so that its automorphisms keep every class of every guess played (and so every set
//! of candidates a position after those guesses can have).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::list::ListGame;

/// Work (table entries read) a game's group may take before the search stops: some 25 s on
/// two cores (16 coins, 2.6 million weighings, take 3·10⁹ in 7 s). Default 10¹⁰; any
/// positive value works.
pub const ROOT_BUDGET: u64 = 10_000_000_000;

/// Work the group that fixes some played guesses may take, each time one is computed:
/// default 2·10⁸.
pub const STABILISER_BUDGET: u64 = 200_000_000;

/// Wall-clock time a game's group may take, beside [`ROOT_BUDGET`]: default 3 s, and
/// [`ROOT_SECONDS_PER_MILLION`] more for each million entries of the table (see
/// [`root_seconds`]). Some games' search trees grow with the group although little of their
/// time reads the table (counterfeit coins with an extra genuine coin: 8 coins took 21 s, 9
/// coins over two minutes); past this time the search keeps the generators found so far, as
/// with the work budget.
pub const ROOT_SECONDS: f64 = 3.0;

/// Seconds a game's group may take beyond [`ROOT_SECONDS`] for each million entries of its
/// table: default 0.1. A large table takes long to build (16 coins, 83 million entries: half
/// a minute from the script of `examples/games/coins.toml`) and each generator is checked
/// against all of it (16 coins: its group of 2·16! in about 5 s), so the group may take a
/// tenth of a second per million entries (16 coins: 11 s at most).
pub const ROOT_SECONDS_PER_MILLION: f64 = 0.1;

/// The time a game's group may take: [`ROOT_SECONDS`] plus [`ROOT_SECONDS_PER_MILLION`] for
/// each million entries of its table.
pub fn root_seconds(list: &ListGame) -> f64 {
    ROOT_SECONDS + ROOT_SECONDS_PER_MILLION * list.table().len() as f64 / 1e6
}

/// The search first refines the rows of the guesses that are secrets too when they are at
/// most one in this many guesses ([`Search::apart_by_shared`]): default 4.
const SHARED_SHARE: usize = 4;

/// Wall-clock time the group that fixes some played guesses may take: default 0.25 s.
pub const STABILISER_SECONDS: f64 = 0.25;

/// One automorphism of a list game: where each secret (by position in
/// [`ListGame::secrets`]) and each guess (by index) goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automorphism {
    /// `secrets[k]`: the position of the image of the secret at position `k`.
    pub secrets: Vec<u32>,
    /// `guesses[g]`: the image of guess `g`.
    pub guesses: Vec<u32>,
}

impl Automorphism {
    /// Whether this is an automorphism of `list` that also keeps every reply of each guess
    /// of `fixed` (which it must map to itself): each guess's image splits the secrets' images
    /// as the guess splits the secrets, the winning reply stays the winning reply, and a code
    /// that is both a guess and a secret has the same image on both sides. A check that does
    /// not trust the search, for tests and for the search's own candidates.
    pub fn preserves(&self, list: &ListGame, fixed: &[u32]) -> bool {
        let s = list.secrets().len();
        let g = list.guess_count();
        if self.secrets.len() != s || self.guesses.len() != g || !is_permutation(&self.secrets) {
            return false;
        }
        if !is_permutation(&self.guesses) {
            return false;
        }
        checks(list, fixed, &self.secrets, &self.guesses)
    }
}

fn is_permutation(p: &[u32]) -> bool {
    let mut seen = vec![false; p.len()];
    p.iter().all(|&x| {
        let x = x as usize;
        x < seen.len() && !std::mem::replace(&mut seen[x], true)
    })
}

/// Whether `(sigma, tau)` (permutations) preserve the splits of `list`, keeping the replies
/// of the guesses of `fixed` (see [`Automorphism::preserves`]).
fn checks(list: &ListGame, fixed: &[u32], sigma: &[u32], tau: &[u32]) -> bool {
    let s = sigma.len();
    let table = list.table();
    let win = list.win();
    let secrets = list.secrets();
    let g_count = tau.len();
    // Shared codes go to the same code on both sides.
    for (k, &code) in secrets.iter().enumerate() {
        if (code as usize) < g_count && tau[code as usize] != secrets[sigma[k] as usize] {
            return false;
        }
    }
    if fixed.iter().any(|&f| tau[f as usize] != f) {
        return false;
    }
    let replies = list.replies().len();
    let scratch = || ([u16::MAX; 256], [u16::MAX; 256]);
    (0..g_count)
        .into_par_iter()
        .with_min_len(256)
        .try_for_each_init(scratch, |(map, inv), g| {
            let row = &table[g * s..(g + 1) * s];
            let to = tau[g] as usize;
            let image = &table[to * s..(to + 1) * s];
            let keep = fixed.contains(&(g as u32));
            // Only the replies in use are cleared (a few in most games).
            map[..replies].fill(u16::MAX);
            inv[..replies].fill(u16::MAX);
            for (k, &r) in row.iter().enumerate() {
                let r2 = image[sigma[k] as usize];
                let m = &mut map[r as usize];
                if *m == u16::MAX {
                    if inv[r2 as usize] != u16::MAX
                        || (keep && r != r2)
                        || win.is_some_and(|w| (r == w) != (r2 == w))
                    {
                        return Err(());
                    }
                    *m = r2 as u16;
                    inv[r2 as usize] = r as u16;
                } else if *m != r2 as u16 {
                    return Err(());
                }
            }
            Ok(())
        })
        .is_ok()
}

/// The group of automorphisms of a list game (or of those that fix some played guesses): its
/// generators, orbits and order. See the module documentation.
#[derive(Clone, Debug)]
pub struct Group {
    generators: Vec<Automorphism>,
    /// The lowest guess of each guess's orbit.
    guess_orbit: Vec<u32>,
    /// log2 of the order (or of the part found).
    log2_order: f64,
    /// The order when it fits.
    order: Option<u128>,
    complete: bool,
    elapsed: Duration,
    work: u64,
    fixed: Vec<u32>,
    /// Classes of guesses (neither fixed nor secrets) that split the secrets alike: any
    /// permutation of a class, all else fixed, is an automorphism.
    duplicates: Vec<Vec<u32>>,
    /// Every element (up to permutations of duplicates), listed on first use when the group
    /// is small enough ([`ENUMERATE_MAX`]).
    elements: OnceLock<Option<Arc<Vec<Automorphism>>>>,
}

/// Most entries (elements × codes) a group is listed in, so that the groups fixing one more
/// guess are found by filtering its elements instead of by a new search: default 10⁷ (40 MB).
pub const ENUMERATE_MAX: usize = 10_000_000;

impl Group {
    /// The group of every automorphism of `list`, found within [`ROOT_BUDGET`].
    ///
    /// ```
    /// use codebreak_core::{Game, GameSpec, ListGame};
    /// use codebreak_core::list_symmetry::Group;
    ///
    /// // Mastermind with 2 pegs and 3 colours: 2!·3! renamings of pegs and colours.
    /// let game = Game::new(&GameSpec::mastermind(2, 3)).unwrap();
    /// let group = Group::of(&ListGame::from_game(&game).unwrap());
    /// assert!(group.is_complete());
    /// assert_eq!(group.order(), Some(12));
    /// ```
    pub fn of(list: &ListGame) -> Group {
        Group::fixing(list, &[], ROOT_BUDGET)
    }

    /// The automorphisms of `list` that map each guess of `fixed` to itself and keep each of
    /// its replies, found within `budget` units of work (see the module documentation).
    ///
    /// # Panics
    ///
    /// When a guess of `fixed` is not a guess of `list`.
    pub fn fixing(list: &ListGame, fixed: &[u32], budget: u64) -> Group {
        let start = Instant::now();
        let mut fixed = fixed.to_vec();
        fixed.sort_unstable();
        fixed.dedup();
        assert!(
            fixed.iter().all(|&f| (f as usize) < list.guess_count()),
            "fixed codes must be guesses"
        );
        let seconds = if fixed.is_empty() {
            root_seconds(list)
        } else {
            STABILISER_SECONDS
        };
        let mut search = Search::new(list, &fixed, budget);
        search.deadline = start + Duration::from_secs_f64(seconds);
        let complete = search.run().is_ok();
        let mut group = search.finish(complete);
        group.elapsed = start.elapsed();
        group.fixed = fixed;
        group
    }

    /// Every element of the group, up to permutations of duplicate guesses (the closure of
    /// the generators), when the group is complete and small enough ([`ENUMERATE_MAX`]).
    fn elements(&self) -> Option<Arc<Vec<Automorphism>>> {
        self.elements
            .get_or_init(|| {
                let (s, g) = self
                    .generators
                    .first()
                    .map(|a| (a.secrets.len(), a.guesses.len()))?;
                if !self.complete {
                    return None;
                }
                let most = ENUMERATE_MAX / (s + g).max(1);
                let identity = Automorphism {
                    secrets: (0..s as u32).collect(),
                    guesses: (0..g as u32).collect(),
                };
                let mut seen: std::collections::HashSet<Vec<u32>> =
                    std::iter::once(identity.secrets.clone()).collect();
                let mut all = vec![identity];
                let mut i = 0;
                while i < all.len() {
                    for h in &self.generators {
                        let e = &all[i];
                        let secrets: Vec<u32> =
                            e.secrets.iter().map(|&k| h.secrets[k as usize]).collect();
                        if seen.contains(&secrets) {
                            continue;
                        }
                        let guesses = e.guesses.iter().map(|&x| h.guesses[x as usize]).collect();
                        seen.insert(secrets.clone());
                        all.push(Automorphism { secrets, guesses });
                        if all.len() > most {
                            return None;
                        }
                    }
                    i += 1;
                }
                Some(Arc::new(all))
            })
            .clone()
    }

    /// The subgroup that also fixes guess `guess` and each of its replies, by filtering the
    /// listed elements; `fixed` is every guess it fixes. `None` when the group is not listed
    /// (incomplete or too large).
    fn restrict(&self, list: &ListGame, guess: u32, fixed: Vec<u32>) -> Option<Group> {
        let start = Instant::now();
        let elements = self.elements()?;
        let s = list.secrets().len();
        let row = &list.table()[guess as usize * s..(guess as usize + 1) * s];
        let keep: Vec<&Automorphism> = elements
            .iter()
            .filter(|a| {
                a.guesses[guess as usize] == guess
                    && (0..s).all(|k| row[a.secrets[k] as usize] == row[k])
            })
            .collect();
        let mut orbits = Orbits::new(list.guess_count());
        let mut generators = Vec::new();
        for a in keep.iter().skip(1) {
            for (x, &y) in a.guesses.iter().enumerate() {
                orbits.union(x as u32, y);
            }
            generators.push((*a).clone());
        }
        let mut order = Some(keep.len() as u128);
        let mut log2 = (keep.len() as f64).log2();
        let mut duplicates = Vec::new();
        for class in &self.duplicates {
            let free: Vec<u32> = class
                .iter()
                .copied()
                .filter(|g| fixed.binary_search(g).is_err())
                .collect();
            for (m, &h) in free.iter().enumerate().skip(1) {
                orbits.union(free[0], h);
                order = order.and_then(|o| o.checked_mul(m as u128 + 1));
                log2 += ((m + 1) as f64).log2();
            }
            if free.len() > 1 {
                duplicates.push(free);
            }
        }
        Some(Group {
            generators,
            guess_orbit: orbits.lowest(),
            log2_order: log2,
            order,
            complete: true,
            elapsed: start.elapsed(),
            work: (elements.len() * s) as u64,
            fixed,
            duplicates,
            elements: OnceLock::new(),
        })
    }

    /// The generators found.
    pub fn generators(&self) -> &[Automorphism] {
        &self.generators
    }

    /// The order of the group, when it fits in a `u128` (see [`Group::log2_order`]). When the
    /// search ran out of budget ([`Group::is_complete`] false) this is the order of a subgroup:
    /// the group has at least this many elements.
    pub fn order(&self) -> Option<u128> {
        self.order
    }

    /// The base-2 logarithm of the order (of the part found when incomplete).
    pub fn log2_order(&self) -> f64 {
        self.log2_order
    }

    /// False when the search stopped at its budget: the group found is then a subgroup of the
    /// full group (every automorphism found is one, but some may be missing).
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// How long finding the group took.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// The work spent (table entries read).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// True when the group found has only the identity.
    pub fn is_trivial(&self) -> bool {
        self.generators.is_empty()
            && self
                .guess_orbit
                .iter()
                .enumerate()
                .all(|(g, &o)| o as usize == g)
    }

    /// The lowest guess of the orbit of guess `g`.
    pub fn orbit_of(&self, g: u32) -> u32 {
        self.guess_orbit[g as usize]
    }

    /// One guess per orbit among `pool` (ascending guess indices): the first of each orbit
    /// met, in ascending order. `None` when the group is trivial.
    pub fn representatives(&self, pool: &[u32]) -> Option<Vec<u32>> {
        if self.is_trivial() {
            return None;
        }
        let mut seen = rustc_hash::FxHashSet::default();
        Some(
            pool.iter()
                .copied()
                .filter(|&g| seen.insert(self.guess_orbit[g as usize]))
                .collect(),
        )
    }

    /// The figures a report gives: order, whether complete, time taken.
    pub fn report(&self) -> GroupReport {
        GroupReport {
            order: self.order,
            log2_order: self.log2_order,
            complete: self.complete,
            generators: self.generators.len(),
            seconds: self.elapsed.as_secs_f64(),
        }
    }

    /// One line on the group: `group of 1440 elements (found in 0.012 s)`, with "at least"
    /// when the search stopped at its budget.
    pub fn describe(&self) -> String {
        self.report().to_string()
    }
}

/// What a report says of a list game's group (`optimal`'s `symmetry` line and its JSON).
///
/// ```
/// use codebreak_core::list_symmetry::GroupReport;
/// let r = GroupReport { order: Some(36), log2_order: 36f64.log2(), complete: true, generators: 3, seconds: 0.0012 };
/// assert_eq!(r.to_string(), "group of 36 elements (found in 0.001 s)");
/// // Past 10^12 elements, and past what a float holds, the order is written in powers of 10.
/// let r = GroupReport { order: None, log2_order: 5_000_000.0, complete: true, generators: 9, seconds: 0.5 };
/// assert_eq!(r.to_string(), "group of about 9.513e1505149 elements (found in 0.500 s)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GroupReport {
    /// The order, when it fits (of the part found when incomplete).
    pub order: Option<u128>,
    /// Its base-2 logarithm.
    pub log2_order: f64,
    /// False when the search stopped at its budget: the group has at least this many elements.
    pub complete: bool,
    /// Generators found.
    pub generators: usize,
    /// Seconds taken to find it.
    pub seconds: f64,
}

impl std::fmt::Display for GroupReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let size = match self.order {
            Some(n) if n < 1_000_000_000_000 => format!("{n}"),
            None if self.log2_order < 39.0 => format!("{}", self.log2_order.exp2().round()),
            _ => about(self.log2_order),
        };
        let least = if self.complete { "" } else { "at least " };
        let plural = if self.order == Some(1) { "" } else { "s" };
        write!(
            f,
            "group of {least}{size} element{plural} (found in {:.3} s)",
            self.seconds
        )
    }
}

/// `2^log2` written as `about 4.185e13`, however large (a group of duplicate guesses may
/// have more elements than a float holds: 2.6 million alike guesses, about 10^16 million).
fn about(log2: f64) -> String {
    let log10 = log2 * std::f64::consts::LOG10_2;
    let mut exponent = log10.floor();
    let mut mantissa = 10f64.powf(log10 - exponent);
    if mantissa >= 9.9995 {
        mantissa /= 10.0;
        exponent += 1.0;
    }
    format!("about {mantissa:.3}e{exponent}")
}

/// The search ran out of budget.
struct OutOfBudget;

/// An ordered partition of `n` elements: `order` lists them cell by cell; `cell[x]` is the
/// position in `order` where the cell of `x` starts.
#[derive(Clone)]
struct Partition {
    order: Vec<u32>,
    cell: Vec<u32>,
    cells: usize,
}

impl Partition {
    /// Elements sorted by `key` (which must not depend on how they are numbered), one cell
    /// per key.
    fn by_key(keys: &[u64]) -> Partition {
        let mut p = Partition {
            order: (0..keys.len() as u32).collect(),
            cell: vec![0; keys.len()],
            cells: usize::from(!keys.is_empty()),
        };
        p.split(keys);
        p
    }

    /// Splits every cell by `sig` (indexed by element), sub-cells in ascending signature
    /// order. Returns a hash of the signatures in their new order (a refinement trace) and
    /// whether any cell split.
    fn split(&mut self, sig: &[u64]) -> (u64, bool) {
        let mut items: Vec<(u32, u64, u32)> = self
            .order
            .iter()
            .map(|&x| (self.cell[x as usize], sig[x as usize], x))
            .collect();
        items.sort_unstable();
        let before = self.cells;
        let mut trace = 0u64;
        let mut cells = 0;
        for (i, &(c, s, x)) in items.iter().enumerate() {
            let new = i == 0 || (items[i - 1].0, items[i - 1].1) != (c, s);
            if new {
                cells += 1;
                trace = mix(trace ^ mix(s ^ (i as u64) << 40));
            }
            self.order[i] = x;
        }
        let mut start = 0u32;
        for i in 0..items.len() {
            if i > 0 && (items[i - 1].0, items[i - 1].1) != (items[i].0, items[i].1) {
                start = i as u32;
            }
            self.cell[items[i].2 as usize] = start;
        }
        self.cells = cells;
        (trace, cells > before)
    }

    /// The first cell with more than one element: its start and end in `order`.
    fn target(&self) -> Option<(usize, usize)> {
        let n = self.order.len();
        let mut i = 0;
        while i < n {
            let start = self.cell[self.order[i] as usize] as usize;
            let mut end = i + 1;
            while end < n && self.cell[self.order[end] as usize] as usize == start {
                end += 1;
            }
            if end - i > 1 {
                return Some((i, end));
            }
            i = end;
        }
        None
    }

    /// Places `x` alone, first in its cell.
    fn individualise(&mut self, x: u32) {
        let start = self.cell[x as usize] as usize;
        let pos = self.order[start..]
            .iter()
            .position(|&y| y == x)
            .expect("x is in its cell")
            + start;
        self.order.swap(start, pos);
        let mut i = start + 1;
        while i < self.order.len() && self.cell[self.order[i] as usize] as usize == start {
            self.cell[self.order[i] as usize] = start as u32 + 1;
            i += 1;
        }
        self.cells += 1;
    }
}

/// How many bytes of `a` equal the byte of `b` at the same place (`b` no shorter), counted
/// in bytes 255 places at a time: loops the compiler turns into vector compares.
fn equal_bytes(a: &[u8], b: &[u8]) -> u64 {
    a.chunks(255)
        .zip(b.chunks(255))
        .map(|(x, y)| {
            let mut n = 0u8;
            for (p, q) in x.iter().zip(y) {
                n += u8::from(p == q);
            }
            u64::from(n)
        })
        .sum()
}

/// How many bytes of `a` are `r`, counted as [`equal_bytes`] counts.
fn count_byte(a: &[u8], r: u8) -> u64 {
    a.chunks(255)
        .map(|x| {
            let mut n = 0u8;
            for &p in x {
                n += u8::from(p == r);
            }
            u64::from(n)
        })
        .sum()
}

/// SplitMix64's finaliser: a cheap, well-mixed hash of a word.
#[inline]
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A node of the search: both partitions, refined.
#[derive(Clone)]
struct Node {
    secrets: Partition,
    guesses: Partition,
    trace: u64,
}

/// Disjoint sets over `0..n`, each named by its lowest member once [`Orbits::lowest`] runs.
#[derive(Clone)]
struct Orbits {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl Orbits {
    fn new(n: usize) -> Orbits {
        Orbits {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
        }
    }
    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            self.parent[x as usize] = self.parent[p as usize];
            x = p;
        }
        x
    }
    fn union(&mut self, a: u32, b: u32) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            let (a, b) = if self.size[a as usize] < self.size[b as usize] {
                (b, a)
            } else {
                (a, b)
            };
            self.parent[b as usize] = a;
            self.size[a as usize] += self.size[b as usize];
        }
    }
    fn size_of(&mut self, x: u32) -> u32 {
        let r = self.find(x);
        self.size[r as usize]
    }
    /// The lowest member of each element's set.
    fn lowest(&mut self) -> Vec<u32> {
        let n = self.parent.len();
        let mut low = vec![u32::MAX; n];
        for x in 0..n as u32 {
            let r = self.find(x) as usize;
            low[r] = low[r].min(x);
        }
        (0..n as u32)
            .map(|x| {
                let r = self.find(x);
                low[r as usize]
            })
            .collect()
    }
}

/// One automorphism search.
struct Search<'a> {
    list: &'a ListGame,
    fixed: &'a [u32],
    s: usize,
    g: usize,
    replies: usize,
    /// Guesses that are secrets too.
    shared: Vec<bool>,
    /// When the search runs on some guesses only (see [`Search::narrow`]): their rows, and
    /// the guess of each row.
    sub: Option<(Vec<u8>, Vec<u32>)>,
    /// Guesses by the hash of how they split the secrets (see [`Search::index`]).
    index: Option<Vec<(u64, u32)>>,
    budget: u64,
    work: u64,
    /// When the search stops whatever work it has done.
    deadline: Instant,
    generators: Vec<Automorphism>,
    secret_orbits: Orbits,
    guess_orbits: Orbits,
    /// The first path: each level's node before individualising, its target cell and the
    /// secret chosen; then the first leaf.
    path: Vec<(Node, (usize, usize), u32)>,
    leaf: Option<Node>,
    /// Orbit sizes of the first path's choices, deepest level first.
    orbit_sizes: Vec<u32>,
    /// Classes of guesses that split the secrets alike.
    duplicates: Vec<Vec<u32>>,
    /// Whether the rows of the shared and fixed guesses told the secrets apart
    /// ([`Search::apart_by_shared`]).
    apart: bool,
}

impl<'a> Search<'a> {
    fn new(list: &'a ListGame, fixed: &'a [u32], budget: u64) -> Search<'a> {
        let s = list.secrets().len();
        let g = list.guess_count();
        let mut shared = vec![false; g];
        for &c in list.secrets() {
            if (c as usize) < g {
                shared[c as usize] = true;
            }
        }
        Search {
            shared,
            sub: None,
            index: None,
            list,
            fixed,
            s,
            g,
            replies: list.replies().len(),
            budget,
            work: 0,
            deadline: Instant::now() + Duration::from_secs_f64(ROOT_SECONDS),
            generators: Vec::new(),
            secret_orbits: Orbits::new(s),
            guess_orbits: Orbits::new(g),
            path: Vec::new(),
            leaf: None,
            orbit_sizes: Vec::new(),
            duplicates: Vec::new(),
            apart: false,
        }
    }

    fn spend(&mut self, units: u64) -> Result<(), OutOfBudget> {
        self.work += units;
        if self.work > self.budget || Instant::now() > self.deadline {
            Err(OutOfBudget)
        } else {
            Ok(())
        }
    }

    /// The root node: secrets split by their replies to the fixed guesses and by whether
    /// they are guesses too; the fixed guesses alone, in order, then the guesses that are
    /// secrets too, then the rest.
    fn root(&self) -> Node {
        let table = self.list.table();
        let s = self.s;
        let secrets = self.list.secrets();
        let skeys: Vec<u64> = (0..s)
            .map(|k| {
                let mut h = u64::from((secrets[k] as usize) < self.g);
                for &f in self.fixed {
                    h = mix(h ^ u64::from(table[f as usize * s + k]) << 8);
                }
                h
            })
            .collect();
        let shared = &self.shared;
        let gkeys: Vec<u64> = (0..self.g)
            .map(|g| match self.fixed.iter().position(|&f| f as usize == g) {
                Some(i) => i as u64,
                None => self.fixed.len() as u64 + 1 + u64::from(!shared[g]),
            })
            .collect();
        Node {
            secrets: Partition::by_key(&skeys),
            guesses: Partition::by_key(&gkeys),
            trace: 0,
        }
    }

    /// Refines `node` until no cell splits (see the module documentation).
    fn refine(&mut self, node: &mut Node) -> Result<(), OutOfBudget> {
        let s = self.s;
        let win = self.list.win().map(usize::from);
        let replies = self.replies;
        let rows = self.sub.as_ref().map_or(self.g, |(_, gid)| gid.len());
        loop {
            // Once the secrets are all apart, a round splits the guesses by signatures that
            // depend on the secrets' cells alone, which can no longer change: the round after
            // it would split nothing, so it is not run (nor is one after a round that leaves
            // everything apart, as the first round on Wordle's table does).
            let last = node.secrets.cells == s;
            self.spend(2 * (s * rows) as u64)?;
            let table = match &self.sub {
                Some((t, _)) => &t[..],
                None => self.list.table(),
            };
            let shash: Vec<u64> = (0..s)
                .map(|k| mix(u64::from(node.secrets.cell[k]) ^ 0x5eed))
                .collect();
            let gcell = &node.guesses.cell;
            let chunk = 1024;
            let parts: Vec<(Vec<u64>, Vec<u64>)> = (0..rows.div_ceil(chunk))
                .into_par_iter()
                .map(|c| {
                    let mut gsig = Vec::with_capacity(chunk);
                    let mut ssig = vec![0u64; s];
                    let mut class = [0u64; 256];
                    let mut count = [0u32; 256];
                    let mut contrib = [0u64; 256];
                    for g in c * chunk..((c + 1) * chunk).min(rows) {
                        let row = &table[g * s..(g + 1) * s];
                        // Only the replies in use are cleared (a few in most games).
                        class[..replies].fill(0);
                        count[..replies].fill(0);
                        for (k, &r) in row.iter().enumerate() {
                            class[r as usize] = class[r as usize].wrapping_add(shash[k]);
                            count[r as usize] += 1;
                        }
                        let gh = mix(u64::from(gcell[g]) ^ 0xc0ffee);
                        let mut sig = 0u64;
                        for r in 0..replies {
                            if count[r] == 0 {
                                continue;
                            }
                            let c = mix(class[r] ^ u64::from(Some(r) == win) << 63);
                            sig = sig.wrapping_add(c);
                            contrib[r] = mix(gh ^ c);
                        }
                        gsig.push(sig);
                        for (acc, &r) in ssig.iter_mut().zip(row) {
                            *acc = acc.wrapping_add(contrib[r as usize]);
                        }
                    }
                    (gsig, ssig)
                })
                .collect();
            let mut gs = Vec::with_capacity(rows);
            let mut ssig = vec![0u64; s];
            for (g, p) in parts {
                gs.extend(g);
                for (a, b) in ssig.iter_mut().zip(p) {
                    *a = a.wrapping_add(b);
                }
            }
            let (ts, split_s) = node.secrets.split(&ssig);
            let (tg, split_g) = node.guesses.split(&gs);
            node.trace = mix(node.trace ^ ts ^ mix(tg));
            let apart = node.secrets.cells == s && node.guesses.cells == rows;
            if last || apart || (!split_s && !split_g) {
                return Ok(());
            }
        }
    }

    /// The child of `node` with secret `x` placed alone, refined.
    fn child(&mut self, node: &Node, x: u32) -> Result<Node, OutOfBudget> {
        let mut c = node.clone();
        c.secrets.individualise(x);
        c.trace = mix(c.trace ^ 0x1d);
        self.refine(&mut c)?;
        Ok(c)
    }

    fn run(&mut self) -> Result<(), OutOfBudget> {
        let mut node = self.root();
        if self.apart_by_shared(&node)? {
            return Ok(());
        }
        self.refine(&mut node)?;
        if node.secrets.target().is_some()
            && let Some(mut sub) = self.narrow(&node)
        {
            self.refine(&mut sub)?;
            node = sub;
        }
        // The first path.
        while let Some(t) = node.secrets.target() {
            let x = node.secrets.order[t.0];
            let next = self.child(&node, x)?;
            self.path.push((node, t, x));
            node = next;
        }
        self.leaf = Some(node);
        // Every level, deepest first: one leaf per orbit of the choices.
        for level in (0..self.path.len()).rev() {
            let (t, x) = (self.path[level].1, self.path[level].2);
            let members: Vec<u32> = self.path[level].0.secrets.order[t.0..t.1].to_vec();
            let mut failed: Vec<u32> = Vec::new();
            for &v in &members {
                if v == x || self.secret_orbits.find(v) == self.secret_orbits.find(x) {
                    continue;
                }
                if failed
                    .iter()
                    .any(|&f| self.secret_orbits.find(f) == self.secret_orbits.find(v))
                {
                    continue;
                }
                let node = self.path[level].0.clone();
                let c = self.child(&node, v)?;
                match self.explore(c, level + 1)? {
                    Some(a) => self.add(a),
                    None => failed.push(v),
                }
            }
            let size = self.secret_orbits.size_of(x);
            self.orbit_sizes.push(size);
        }
        Ok(())
    }

    /// A leaf below `node` (at depth `level` of the tree) that lines up with the first
    /// leaf and gives an automorphism, if any.
    fn explore(&mut self, node: Node, level: usize) -> Result<Option<Automorphism>, OutOfBudget> {
        let want = match self.path.get(level) {
            Some(p) => p.0.trace,
            None => self.leaf.as_ref().expect("first leaf").trace,
        };
        if node.trace != want {
            return Ok(None);
        }
        match node.secrets.target() {
            None => {
                if level != self.path.len() {
                    return Ok(None);
                }
                Ok(self.candidate(&node))
            }
            Some(t) => {
                if level >= self.path.len() || t != self.path[level].1 {
                    return Ok(None);
                }
                let members: Vec<u32> = node.secrets.order[t.0..t.1].to_vec();
                for v in members {
                    let c = self.child(&node, v)?;
                    if let Some(a) = self.explore(c, level + 1)? {
                        return Ok(Some(a));
                    }
                }
                Ok(None)
            }
        }
    }

    /// The map from the first leaf to `leaf`, if it is an automorphism.
    fn candidate(&mut self, leaf: &Node) -> Option<Automorphism> {
        let first = self.leaf.as_ref().expect("first leaf");
        let mut sigma = vec![0u32; self.s];
        for (i, &k) in first.secrets.order.iter().enumerate() {
            sigma[k as usize] = leaf.secrets.order[i];
        }
        let tau = if self.sub.is_some() {
            self.extend(&sigma)?
        } else {
            let mut tau = vec![0u32; self.g];
            for (i, &g) in first.guesses.order.iter().enumerate() {
                tau[g as usize] = leaf.guesses.order[i];
            }
            tau
        };
        self.work += (self.s * self.g) as u64;
        checks(self.list, self.fixed, &sigma, &tau).then_some(Automorphism {
            secrets: sigma,
            guesses: tau,
        })
    }

    /// On a game whose guesses that are secrets too are few beside the others (Wordle: 2315
    /// of 12972), their rows and the fixed guesses' (which every automorphism maps among
    /// themselves) are refined first. When they tell every two secrets apart, every
    /// automorphism fixes each secret, so each guess that is a secret too, and moves a guess
    /// only to one that splits the secrets alike: the group is that of the duplicates
    /// ([`Search::duplicates_by_counts`]), found without refining the whole table (a fifth of
    /// it on Wordle). False, with nothing kept, when the secrets are not all apart.
    fn apart_by_shared(&mut self, node: &Node) -> Result<bool, OutOfBudget> {
        let (s, table) = (self.s, self.list.table());
        let keep: Vec<u32> = (0..self.g as u32)
            .filter(|&g| self.shared[g as usize] || self.fixed.contains(&g))
            .collect();
        if keep.is_empty() || keep.len() * SHARED_SHARE > self.g {
            return Ok(false);
        }
        let (rows, keys) = sub_table(table, s, &keep, node);
        let mut sub = Node {
            secrets: node.secrets.clone(),
            guesses: Partition::by_key(&keys),
            trace: node.trace,
        };
        self.sub = Some((rows, keep));
        let refined = self.refine(&mut sub);
        self.sub = None;
        refined?;
        self.apart = sub.secrets.cells == s;
        Ok(self.apart)
    }

    /// With every secret fixed ([`Search::apart_by_shared`]): the guesses, neither fixed nor
    /// secrets too, that split the secrets alike join their orbits and multiply the order.
    /// Guesses are first keyed by counts that do not depend on how replies are named (how
    /// many secrets share a reply with each of three secrets, and how many secrets `d`
    /// apart share one, for a few `d`: loops the compiler turns into vector instructions),
    /// and guesses of one key are then compared in full ([`Search::swappable`]).
    fn duplicates_by_counts(&mut self, log2: &mut f64, order: &mut Option<u128>) {
        let (s, table) = (self.s, self.list.table());
        let anchors = [0, s / 2, s - 1];
        let strides = [1, 7];
        let mut keys: Vec<(u64, u32)> = (0..self.g as u32)
            .into_par_iter()
            .filter(|&g| !self.shared[g as usize] && !self.fixed.contains(&g))
            .map(|g| {
                let row = &table[g as usize * s..(g as usize + 1) * s];
                let mut h = 0u64;
                for a in anchors {
                    h = mix(h ^ count_byte(row, row[a]));
                }
                for d in strides.into_iter().filter(|&d| d < s) {
                    h = mix(h ^ equal_bytes(&row[d..], row));
                }
                (h, g)
            })
            .collect();
        keys.par_sort_unstable();
        self.work += ((anchors.len() + strides.len()) * s * self.g) as u64;
        for run in keys.chunk_by(|a, b| a.0 == b.0) {
            // Classes of the guesses of one key that split alike, by their first member.
            let mut classes: Vec<Vec<u32>> = Vec::new();
            for &(_, g) in run {
                match classes.iter_mut().find(|c| self.swappable(c[0], g)) {
                    Some(c) => c.push(g),
                    None => classes.push(vec![g]),
                }
            }
            for class in classes.into_iter().filter(|c| c.len() > 1) {
                for (m, &h) in class.iter().enumerate().skip(1) {
                    self.guess_orbits.union(class[0], h);
                    *log2 += ((m + 1) as f64).log2();
                    *order = order.and_then(|o| o.checked_mul(m as u128 + 1));
                }
                self.duplicates.push(class);
            }
        }
    }

    /// On a game with many more guesses than secrets, the guesses the search needs not all
    /// be refined at every node: after the first refinement its cells of guesses are kept in
    /// (smallest first, as every automorphism maps each cell onto itself) until they tell
    /// every two secrets apart, and the search refines on those rows alone. Each leaf's map of
    /// the secrets is then extended to every guess by how the guesses split the secrets
    /// ([`Search::extend`]) and checked on the whole table, so no automorphism is missed and
    /// none is wrong. `None` when the cells kept would hold more than half the guesses.
    fn narrow(&mut self, node: &Node) -> Option<Node> {
        let (s, table) = (self.s, self.list.table());
        let order = &node.guesses.order;
        let mut cells: Vec<(usize, usize)> = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let start = node.guesses.cell[order[i] as usize];
            let mut end = i + 1;
            while end < order.len() && node.guesses.cell[order[end] as usize] == start {
                end += 1;
            }
            cells.push((end - i, i));
            i = end;
        }
        cells.sort_unstable();
        let mut keep: Vec<u32> = Vec::new();
        let mut columns = vec![0u64; s];
        for &(len, start) in &cells {
            for &g in &order[start..start + len] {
                let row = &table[g as usize * s..(g as usize + 1) * s];
                for (c, &r) in columns.iter_mut().zip(row) {
                    *c = mix(*c ^ u64::from(r) ^ u64::from(g) << 8);
                }
                keep.push(g);
            }
            let mut distinct = columns.clone();
            distinct.sort_unstable();
            distinct.dedup();
            if distinct.len() == s {
                break;
            }
        }
        if keep.len() * 2 > self.g {
            return None;
        }
        keep.sort_unstable();
        let (rows, keys) = sub_table(table, s, &keep, node);
        self.sub = Some((rows, keep));
        Some(Node {
            secrets: node.secrets.clone(),
            guesses: Partition::by_key(&keys),
            trace: node.trace,
        })
    }

    /// A hash of how a row splits the secrets, whatever its replies are called: replies
    /// numbered by first appearance, the winning reply kept apart.
    fn split_hash(&self, reply: impl Iterator<Item = u8>) -> u64 {
        let win = self.list.win();
        let mut name = [u8::MAX; 256];
        let mut next = 0u8;
        let mut h = 0x9e37_79b9_7f4a_7c15u64;
        for r in reply {
            let n = if Some(r) == win {
                255
            } else {
                if name[r as usize] == u8::MAX {
                    name[r as usize] = next;
                    next += 1;
                }
                name[r as usize]
            };
            h = (h ^ u64::from(n)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        mix(h)
    }

    /// Every guess with the hash of its split, sorted by hash then guess (built once).
    fn index(&mut self) -> &[(u64, u32)] {
        if self.index.is_none() {
            let s = self.s;
            let table = self.list.table();
            let mut index: Vec<(u64, u32)> = (0..self.g)
                .into_par_iter()
                .map(|g| {
                    let key = self.split_hash(table[g * s..(g + 1) * s].iter().copied());
                    (key, g as u32)
                })
                .collect();
            index.par_sort_unstable();
            self.work += (s * self.g) as u64;
            self.index = Some(index);
        }
        self.index.as_ref().expect("built above")
    }

    /// The guess map that goes with the secret map `sigma`: each guess goes to a guess that
    /// splits the secrets' images alike (fixed guesses to themselves, guesses that are
    /// secrets to the secret's image, the others matched in order of their hashes); `None`
    /// when the splits do not match up. The caller checks the result on the whole table.
    fn extend(&mut self, sigma: &[u32]) -> Option<Vec<u32>> {
        let s = self.s;
        let mut inverse = vec![0u32; s];
        for (k, &to) in sigma.iter().enumerate() {
            inverse[to as usize] = k as u32;
        }
        self.index();
        let secrets = self.list.secrets();
        let mut tau = vec![u32::MAX; self.g];
        let mut used = vec![false; self.g];
        for &f in self.fixed {
            tau[f as usize] = f;
            used[f as usize] = true;
        }
        for (k, &c) in secrets.iter().enumerate() {
            let to = secrets[sigma[k] as usize];
            if (c as usize) < self.g && tau[c as usize] == u32::MAX {
                if to as usize >= self.g || used[to as usize] {
                    return None;
                }
                tau[c as usize] = to;
                used[to as usize] = true;
            }
        }
        let table = self.list.table();
        let mut images: Vec<(u64, u32)> = (0..self.g)
            .into_par_iter()
            .filter(|&g| tau[g] == u32::MAX)
            .map(|g| {
                let row = &table[g * s..(g + 1) * s];
                let key = self.split_hash(inverse.iter().map(|&k| row[k as usize]));
                (key, g as u32)
            })
            .collect();
        images.par_sort_unstable();
        let index = self.index.as_ref().expect("built above");
        let targets = index.iter().filter(|&&(_, h)| !used[h as usize]);
        if images.len() != targets.clone().count() {
            return None;
        }
        for (&(key, g), &(want, h)) in images.iter().zip(targets) {
            if key != want {
                return None;
            }
            tau[g as usize] = h;
        }
        self.work += (s * self.g) as u64;
        Some(tau)
    }

    /// Duplicates found from the index: guesses that split the secrets alike join their
    /// orbits and multiply the order. False when guesses of one hash do not (a collision: the
    /// group found may then be incomplete).
    fn duplicates_from_index(&mut self, log2: &mut f64, order: &mut Option<u128>) -> bool {
        let index = self.index().to_vec();
        let mut complete = true;
        // Fixed guesses and guesses that are secrets too never move alone.
        for run in index.chunk_by(|a, b| a.0 == b.0) {
            let members: Vec<u32> = run
                .iter()
                .map(|&(_, g)| g)
                .filter(|&g| !self.fixed.contains(&g) && !self.shared[g as usize])
                .collect();
            if members.len() >= 2 {
                complete &= self.join_alike(&members, log2, order);
            }
        }
        complete
    }

    /// Joins the guesses of `members` that split the secrets as its first does (see
    /// [`Search::swappable`]) into one orbit and one class of duplicates, and multiplies the
    /// order by the factorial of their number. False when some member does not.
    fn join_alike(&mut self, members: &[u32], log2: &mut f64, order: &mut Option<u128>) -> bool {
        let first = members[0];
        let mut all = true;
        let mut class = vec![first];
        for &h in &members[1..] {
            if self.swappable(first, h) {
                self.guess_orbits.union(first, h);
                class.push(h);
            } else {
                all = false;
            }
        }
        for m in 2..=class.len() as u32 {
            *log2 += f64::from(m).log2();
            *order = order.and_then(|o| o.checked_mul(u128::from(m)));
        }
        if class.len() > 1 {
            self.duplicates.push(class);
        }
        all
    }

    fn add(&mut self, a: Automorphism) {
        for (k, &to) in a.secrets.iter().enumerate() {
            self.secret_orbits.union(k as u32, to);
        }
        for (g, &to) in a.guesses.iter().enumerate() {
            self.guess_orbits.union(g as u32, to);
        }
        self.generators.push(a);
    }

    /// The group, from what the search found: duplicates (guesses in one cell of the first
    /// leaf that split the secrets alike) join their orbits and multiply the order.
    fn finish(mut self, complete: bool) -> Group {
        let mut log2 = 0f64;
        let mut order: Option<u128> = Some(1);
        let mut complete = complete;
        for &k in &self.orbit_sizes {
            log2 += f64::from(k).log2();
            order = order.and_then(|o| o.checked_mul(u128::from(k)));
        }
        if self.apart {
            self.duplicates_by_counts(&mut log2, &mut order);
        } else if self.sub.is_some() {
            complete &= self.duplicates_from_index(&mut log2, &mut order);
        } else if let Some(leaf) = self.leaf.take() {
            let order_g = &leaf.guesses.order;
            let mut i = 0;
            while i < order_g.len() {
                let start = leaf.guesses.cell[order_g[i] as usize];
                let mut end = i + 1;
                while end < order_g.len() && leaf.guesses.cell[order_g[end] as usize] == start {
                    end += 1;
                }
                if end - i > 1 {
                    complete &= self.join_alike(&order_g[i..end], &mut log2, &mut order);
                }
                i = end;
            }
        } else {
            order = None;
            complete = false;
        }
        Group {
            guess_orbit: self.guess_orbits.lowest(),
            generators: self.generators,
            log2_order: log2,
            order,
            complete,
            elapsed: Duration::ZERO,
            work: self.work,
            fixed: Vec::new(),
            duplicates: self.duplicates,
            elements: OnceLock::new(),
        }
    }

    /// Whether exchanging guesses `a` and `b` alone (every secret fixed) is an automorphism:
    /// neither is fixed nor a secret too, and they split the secrets alike (the winning
    /// reply on the same secrets).
    fn swappable(&self, a: u32, b: u32) -> bool {
        let s = self.s;
        let secret = |g: u32| self.shared[g as usize];
        if self.fixed.contains(&a) || self.fixed.contains(&b) || secret(a) || secret(b) {
            return false;
        }
        let table = self.list.table();
        let win = self.list.win();
        let (ra, rb) = (
            &table[a as usize * s..(a as usize + 1) * s],
            &table[b as usize * s..(b as usize + 1) * s],
        );
        let mut map = [u16::MAX; 256];
        let mut inv = [u16::MAX; 256];
        ra.iter().zip(rb).all(|(&x, &y)| {
            if map[x as usize] == u16::MAX {
                if inv[y as usize] != u16::MAX || win.is_some_and(|w| (x == w) != (y == w)) {
                    return false;
                }
                map[x as usize] = y.into();
                inv[y as usize] = x.into();
            }
            map[x as usize] == u16::from(y)
        })
    }
}

/// The groups that fix the guesses played so far, computed once per set of guesses and kept:
/// what a list game's engine asks for one guess per orbit at each position.
#[derive(Debug)]
pub struct Stabilisers {
    list: Arc<ListGame>,
    root: OnceLock<Arc<Group>>,
    cache: Mutex<HashMap<Vec<u32>, Arc<Group>>>,
}

impl Stabilisers {
    /// No group computed yet.
    pub fn new(list: Arc<ListGame>) -> Stabilisers {
        Stabilisers {
            list,
            root: OnceLock::new(),
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The game's whole group (computed on first use).
    pub fn root(&self) -> Arc<Group> {
        self.root
            .get_or_init(|| Arc::new(Group::of(&self.list)))
            .clone()
    }

    /// The group fixing each guess of `history` and its replies. The subgroup of a trivial
    /// group is trivial, so once the guesses played leave no symmetry, the longer histories
    /// that start with them cost nothing.
    pub fn of(&self, history: &[u32]) -> Arc<Group> {
        let mut set = history.to_vec();
        set.sort_unstable();
        set.dedup();
        if set.is_empty() {
            return self.root();
        }
        if let Some(g) = self.cache.lock().expect("not poisoned").get(&set) {
            return g.clone();
        }
        let parent = self.of(&history[..history.len() - 1]);
        let last = history[history.len() - 1];
        let group = if parent.is_trivial() || parent.fixed.contains(&last) {
            parent
        } else if let Some(g) = parent.restrict(&self.list, last, set.clone()) {
            Arc::new(g)
        } else {
            let g = Group::fixing(&self.list, &set, STABILISER_BUDGET);
            Arc::new(g)
        };
        self.cache
            .lock()
            .expect("not poisoned")
            .insert(set, group.clone());
        group
    }
}

/// The rows of the guesses `keep` of a table of `s` secrets a row, side by side in that
/// order, and each one's cell in `node`'s partition of the guesses: a smaller table to
/// refine on its own.
fn sub_table(table: &[u8], s: usize, keep: &[u32], node: &Node) -> (Vec<u8>, Vec<u64>) {
    let rows = keep
        .iter()
        .flat_map(|&g| table[g as usize * s..(g as usize + 1) * s].iter().copied())
        .collect();
    let keys = keep
        .iter()
        .map(|&g| u64::from(node.guesses.cell[g as usize]))
        .collect();
    (rows, keys)
}
