//! Symmetry of a position: which guesses are interchangeable.
//!
//! In the peg games the reply is unchanged when the same renaming of colours and reordering of
//! positions is applied to both the guess and the secret. If such a transformation maps every
//! guess played so far to itself, it maps the set of consistent secrets (and the set of all
//! codes) onto itself, so two guesses it exchanges split the candidates into classes of the
//! same sizes, and both are consistent or neither is. A strategy that scores guesses by their
//! partition therefore needs only one guess per orbit: the lowest-indexed one, which is also
//! the one a "lowest code" tie-break would pick.
//!
//! The group used here is: position permutations `σ` for which some colour map `π` fixes every
//! played guess (`π(g[σ(i)]) = g[i]`), combined with any permutation of the colours no guess
//! has used yet ("free" colours). Orbits get a canonical key: the smallest transformed code.

use rustc_hash::FxHashSet;

use crate::code::{Code, MAX_PEGS};
use crate::spec::MAX_COLORS;

/// Most `group size × codes × pegs` steps spent on finding representatives before falling back
/// to free colours only.
const WORK_BUDGET: u64 = 400_000_000;

/// Most position permutations kept in a group (80 bytes each). Games with many pegs and few
/// colours have huge groups (after `0000000011111111`, 8!·8!·2 of them); past this size the
/// group is dropped and only the free colours are used, which is still exact, just coarser.
const MAX_GROUP: usize = 1 << 16;

/// Most backtracking steps spent enumerating a group before it is dropped as above.
const MAX_GROUP_STEPS: u64 = 1 << 22;

/// The symmetry group of a position in a peg game.
#[derive(Clone, Debug)]
pub struct Symmetry {
    pegs: usize,
    /// `(σ, π)` pairs; `π[c] == FREE` for colours no guess used.
    group: Vec<([u8; MAX_PEGS], [u8; 64])>,
    /// Colours not used by any guess, ascending.
    free: Vec<u8>,
    /// True before any guess: every code with the same colour multiplicities is equivalent.
    root: bool,
}

const FREE: u8 = u8::MAX;

impl Symmetry {
    /// The symmetry of a position after `history` (the guesses played) in a peg game with
    /// `pegs` pegs and `colors` colours.
    pub fn of(pegs: usize, colors: usize, history: &[Code]) -> Symmetry {
        let mut used = 0u64;
        for g in history {
            for &p in g.pegs() {
                used |= 1 << p;
            }
        }
        let free: Vec<u8> = (0..colors as u8)
            .filter(|&c| used & (1 << c) == 0)
            .collect();
        let mut group = Vec::new();
        if !history.is_empty() {
            let mut walk = Walk {
                history,
                pegs,
                sigma: [0u8; MAX_PEGS],
                pi: [FREE; 64],
                pi_inv: [FREE; 64],
                out: &mut group,
                steps: 0,
            };
            if !walk.search(0, 0) {
                // Too large to list: the identity with the free colours alone still gives
                // exact (coarser) orbits.
                group.clear();
                let mut pi = [FREE; 64];
                for (c, slot) in pi.iter_mut().enumerate().take(colors) {
                    if used & (1 << c) != 0 {
                        *slot = c as u8;
                    }
                }
                group.push((std::array::from_fn(|i| i as u8), pi));
            }
        }
        Symmetry {
            pegs,
            group,
            free,
            root: history.is_empty(),
        }
    }

    /// True when no two distinct codes are equivalent.
    pub fn is_trivial(&self) -> bool {
        !self.root && self.group.len() <= 1 && self.free.len() <= 1
    }

    /// Number of position permutations in the group (1 = identity only).
    pub fn group_len(&self) -> usize {
        self.group.len()
    }

    /// The canonical member of `code`'s orbit. Equivalent codes, and only those, get the same key.
    pub fn canonical(&self, code: &Code) -> Code {
        if self.root {
            // Only the multiset of colour multiplicities matters.
            let mut counts = [0u8; 64];
            for &p in code.pegs() {
                counts[p as usize] += 1;
            }
            let mut mult: Vec<u8> = counts.iter().copied().filter(|&k| k > 0).collect();
            mult.sort_unstable_by(|a, b| b.cmp(a));
            let mut pegs = Vec::with_capacity(self.pegs);
            for (colour, &k) in mult.iter().enumerate() {
                pegs.extend(std::iter::repeat_n(colour as u8, k as usize));
            }
            return Code::from_pegs(&pegs).expect("same length");
        }
        self.least_image(code).map_or_else(
            || {
                let identity: [u8; MAX_PEGS] = std::array::from_fn(|i| i as u8);
                let mut t = *code;
                relabel(
                    code.pegs(),
                    &identity,
                    &[FREE; 64],
                    &self.free,
                    t.pegs_mut(),
                );
                t
            },
            |(image, _)| image,
        )
    }

    /// The least image of `code` under the listed group, and the number of the element that
    /// gives it (`None` when no group is listed).
    fn least_image(&self, code: &Code) -> Option<(Code, usize)> {
        let src = code.pegs();
        let mut best: Option<(Code, usize)> = None;
        let mut t = *code;
        for (k, (sigma, pi)) in self.group.iter().enumerate() {
            relabel(src, sigma, pi, &self.free, t.pegs_mut());
            if best.is_none_or(|(b, _)| t < b) {
                best = Some((t, k));
            }
        }
        best
    }

    /// [`canonical`](Self::canonical) after a history, with the transformation of the group
    /// that maps `code` onto it, in [`renaming_onto`]'s terms: position `i` of the image is
    /// position `positions[i]` of the code, its colour `c` renamed `colors[c]` (a
    /// permutation of all `colors` colours, which maps each guess of the history onto
    /// itself). `None` before any guess, where the group is not listed.
    pub fn canonical_renaming(
        &self,
        code: &Code,
        colors: usize,
    ) -> Option<(Code, Vec<u8>, Vec<u8>)> {
        if self.root {
            return None;
        }
        let src = code.pegs();
        let (image, k) = self.least_image(code)?;
        let (sigma, pi) = &self.group[k];
        // The group's colour map on the colours of the history; the free colours of the code
        // as `relabel` numbers them, in order of their places in the image; the free
        // colours left onto the free colours left, in order.
        let mut to = vec![FREE; colors];
        to.iter_mut().zip(pi).for_each(|(slot, &c)| *slot = c);
        let mut next = self.free.iter();
        for i in 0..self.pegs {
            let c = src[sigma[i] as usize] as usize;
            if to[c] == FREE {
                to[c] = *next.next()?;
            }
        }
        for slot in to.iter_mut().filter(|slot| **slot == FREE) {
            *slot = *next.next()?;
        }
        Some((image, sigma[..self.pegs].to_vec(), to))
    }

    /// True when no transformation of the group makes `code` smaller: it is the canonical
    /// member of its orbit.
    pub fn is_smallest(&self, code: &Code) -> bool {
        if self.root {
            // The canonical code lists colours 0, 1, 2, … in runs of non-increasing length:
            // the same test as `canonical(code) == code`, without building it.
            let mut run = 0usize;
            let mut last_run = usize::MAX;
            let mut colour = 0u8;
            for (i, &p) in code.pegs().iter().enumerate() {
                if i > 0 && p != code.pegs()[i - 1] {
                    if p != colour + 1 || run > last_run {
                        return false;
                    }
                    colour = p;
                    last_run = run;
                    run = 0;
                } else if i == 0 && p != 0 {
                    return false;
                }
                run += 1;
            }
            return run <= last_run;
        }
        let src = code.pegs();
        'group: for (sigma, pi) in &self.group {
            let mut free_map = [FREE; 64];
            let mut next = 0;
            for (i, &want) in src.iter().enumerate() {
                let c = src[sigma[i] as usize];
                let t = if pi[c as usize] != FREE {
                    pi[c as usize]
                } else {
                    if free_map[c as usize] == FREE {
                        free_map[c as usize] = self.free[next];
                        next += 1;
                    }
                    free_map[c as usize]
                };
                if t != want {
                    if t < want {
                        return false;
                    }
                    continue 'group;
                }
            }
        }
        true
    }

    /// One guess per orbit among `guesses` (ascending indices into `codes`): the lowest index
    /// of each orbit, in ascending order. Returns `None` when the group is trivial, or too large
    /// for the work to pay off.
    ///
    /// `lex` says that `codes` are in lexicographic order, so that the lowest index of an orbit
    /// is its smallest code, which is found without hashing.
    pub fn representatives(&self, codes: &[Code], guesses: &[u32], lex: bool) -> Option<Vec<u32>> {
        if self.is_trivial() {
            return None;
        }
        let group = if self.root {
            1
        } else {
            self.group.len().max(1)
        } as u64;
        if group * guesses.len() as u64 * self.pegs as u64 > WORK_BUDGET {
            return None;
        }
        let reps: Vec<u32> = if lex {
            // The lowest index of an orbit is its smallest code: test each code against the
            // group, stopping at the first transformation that makes it smaller.
            guesses
                .iter()
                .copied()
                .filter(|&i| self.is_smallest(&codes[i as usize]))
                .collect()
        } else {
            let mut seen: FxHashSet<Code> = FxHashSet::default();
            guesses
                .iter()
                .copied()
                .filter(|&i| seen.insert(self.canonical(&codes[i as usize])))
                .collect()
        };
        Some(reps)
    }
}

/// `out[i] = π(src[σ(i)])`, with free colours renamed to the lowest free colours in order of
/// first appearance.
fn relabel(src: &[u8], sigma: &[u8; MAX_PEGS], pi: &[u8; 64], free: &[u8], out: &mut [u8]) {
    let mut free_map = [FREE; 64];
    let mut next = 0;
    for i in 0..out.len() {
        let c = src[sigma[i] as usize];
        out[i] = if pi[c as usize] != FREE {
            pi[c as usize]
        } else {
            if free_map[c as usize] == FREE {
                free_map[c as usize] = free[next];
                next += 1;
            }
            free_map[c as usize]
        };
    }
}

/// The state of the backtracking that lists a position's group.
struct Walk<'a> {
    history: &'a [Code],
    pegs: usize,
    sigma: [u8; MAX_PEGS],
    pi: [u8; 64],
    pi_inv: [u8; 64],
    out: &'a mut Vec<([u8; MAX_PEGS], [u8; 64])>,
    steps: u64,
}

impl Walk<'_> {
    /// Backtracking over σ(i) position by position, keeping the induced colour map consistent.
    /// False when the group outgrew [`MAX_GROUP`] or the walk [`MAX_GROUP_STEPS`].
    fn search(&mut self, i: usize, taken: u32) -> bool {
        if i == self.pegs {
            self.out.push((self.sigma, self.pi));
            return self.out.len() <= MAX_GROUP;
        }
        for j in 0..self.pegs {
            if taken & (1 << j) != 0 {
                continue;
            }
            self.steps += 1;
            if self.steps > MAX_GROUP_STEPS {
                return false;
            }
            // Map g[j] -> g[i] for every guess; remember what we set to undo it.
            let mut set = [0u8; 64];
            let mut n_set = 0;
            let mut fits = true;
            for g in self.history {
                let (a, b) = (g.pegs()[j], g.pegs()[i]);
                if self.pi[a as usize] == FREE && self.pi_inv[b as usize] == FREE {
                    self.pi[a as usize] = b;
                    self.pi_inv[b as usize] = a;
                    set[n_set] = a;
                    n_set += 1;
                } else if self.pi[a as usize] != b {
                    fits = false;
                    break;
                }
            }
            let ok = if fits {
                self.sigma[i] = j as u8;
                self.search(i + 1, taken | (1 << j))
            } else {
                true
            };
            for &a in &set[..n_set] {
                self.pi_inv[self.pi[a as usize] as usize] = FREE;
                self.pi[a as usize] = FREE;
            }
            if !ok {
                return false;
            }
        }
        true
    }
}

/// A renaming of positions and colours: `out[i] = π(code[σ(i)])`. Scores are unchanged when
/// the same renaming is applied to guess and secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relabel {
    pegs: usize,
    sigma: [u8; MAX_PEGS],
    pi: [u8; 64],
}

impl Relabel {
    /// Applies the renaming to a code.
    pub fn apply(&self, code: &Code) -> Code {
        let mut out = *code;
        let src = code.pegs();
        for (i, o) in out.pegs_mut().iter_mut().enumerate() {
            *o = self.pi[src[self.sigma[i] as usize] as usize];
        }
        out
    }

    /// The permutation of the positions (`out[i]` takes the code's peg `positions[i]`) and
    /// the renaming of the first `colors` colours, as plain lists (for certificates).
    pub fn parts(&self, colors: usize) -> (Vec<u8>, Vec<u8>) {
        (self.sigma[..self.pegs].to_vec(), self.pi[..colors].to_vec())
    }

    /// The renaming that undoes this one.
    pub fn inverse(&self) -> Relabel {
        let mut sigma = [0u8; MAX_PEGS];
        for i in 0..self.pegs {
            sigma[self.sigma[i] as usize] = i as u8;
        }
        let mut pi = [0u8; 64];
        for (c, &to) in self.pi.iter().enumerate() {
            pi[to as usize & 63] = c as u8;
        }
        Relabel {
            pegs: self.pegs,
            sigma,
            pi,
        }
    }
}

/// A renaming of positions and colours that fixes every code of `fixed` and maps `from` onto
/// `to`, found by trying every order of the positions, as plain lists (`positions[i]`: the
/// position of the code that goes to position `i`; `colors[c]`: colour `c`'s new name, see
/// [`Relabel::parts`]); `None` when there is none. The rules of the peg games are invariant
/// under such a renaming, so `from` and `to` are worth the same after the moves of `fixed`
/// (certificates of optimality name it so that their checker can verify it).
///
/// ```
/// use codebreak_core::Code;
/// use codebreak_core::symmetry::renaming_onto;
/// let (positions, colors) = renaming_onto(4, 6, &[], &Code::from_pegs(&[1, 1, 0, 0]).unwrap(), &Code::from_pegs(&[0, 0, 1, 1]).unwrap()).unwrap();
/// assert_eq!(positions, vec![0, 1, 2, 3]);
/// assert_eq!(&colors[..2], &[1, 0]);
/// assert_eq!(renaming_onto(4, 6, &[], &Code::from_pegs(&[0, 0, 0, 1]).unwrap(), &Code::from_pegs(&[0, 0, 1, 1]).unwrap()), None);
/// ```
pub fn renaming_onto(
    pegs: usize,
    colors: usize,
    fixed: &[Code],
    from: &Code,
    to: &Code,
) -> Option<(Vec<u8>, Vec<u8>)> {
    renaming_onto_with(pegs, colors, &permutations(pegs), fixed, from, to)
}

/// [`renaming_onto`] with the orders of the positions (every permutation of `0..pegs`, as
/// [`permutations`] lists them) supplied, so that hot callers can compute them once.
pub fn renaming_onto_with(
    pegs: usize,
    colors: usize,
    perms: &[[u8; MAX_PEGS]],
    fixed: &[Code],
    from: &Code,
    to: &Code,
) -> Option<(Vec<u8>, Vec<u8>)> {
    // (On the stack, as most orders are given up early.)
    const M: usize = MAX_COLORS as usize;
    let (mut pi, mut taken) = ([u8::MAX; M], [false; M]);
    let (pi, taken) = (&mut pi[..colors], &mut taken[..colors]);
    'orders: for sigma in perms {
        pi.fill(u8::MAX);
        taken.fill(false);
        let pairs = fixed
            .iter()
            .map(|h| (h, h))
            .chain(std::iter::once((from, to)));
        for (a, b) in pairs {
            for (&at, &y) in sigma[..pegs].iter().zip(b.pegs()) {
                let x = a.pegs()[at as usize];
                match pi[x as usize] {
                    u8::MAX if !taken[y as usize] => {
                        pi[x as usize] = y;
                        taken[y as usize] = true;
                    }
                    m if m == y => {}
                    _ => continue 'orders,
                }
            }
        }
        // The colours left map onto those left, in order.
        let mut free = (0..colors as u8).filter(|&c| !taken[c as usize]);
        for p in pi.iter_mut().filter(|p| **p == u8::MAX) {
            *p = free.next()?;
        }
        return Some((sigma[..pegs].to_vec(), pi.to_vec()));
    }
    None
}

/// Every permutation of `0..n`, for [`canonical_history`].
pub fn permutations(n: usize) -> Vec<[u8; MAX_PEGS]> {
    fn rec(cur: &mut Vec<u8>, used: u32, n: usize, out: &mut Vec<[u8; MAX_PEGS]>) {
        if cur.len() == n {
            let mut p = [0u8; MAX_PEGS];
            p[..n].copy_from_slice(cur);
            out.push(p);
            return;
        }
        for i in 0..n {
            if used & (1 << i) == 0 {
                cur.push(i as u8);
                rec(cur, used | (1 << i), n, out);
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    rec(&mut Vec::with_capacity(n), 0, n, &mut out);
    out
}

/// The canonical form of a position in a peg game: the least, over every renaming of positions
/// (from `perms`, all permutations of the pegs) and colours and every order of the moves, of the
/// moves written one after the other with colours numbered in order of first appearance.
/// Two positions related by a renaming get the same form, and since the secrets still possible
/// are determined by the moves, so do their candidate sets (up to that renaming). Returns the
/// form and a renaming that maps this position's codes into the canonical frame.
///
/// Moves are (guess, reply index). The work is `perms × moves! × moves × pegs`; callers keep
/// it small.
pub fn canonical_history(
    colors: usize,
    perms: &[[u8; MAX_PEGS]],
    moves: &[(Code, u8)],
) -> (Vec<u8>, Relabel) {
    let orders = permutations(moves.len());
    canonical_history_with(colors, perms, &orders, moves)
}

/// [`canonical_history`] with the orders of the moves (every permutation of
/// `0..moves.len()`) supplied, so that hot callers can compute them once.
pub fn canonical_history_with(
    colors: usize,
    perms: &[[u8; MAX_PEGS]],
    orders: &[[u8; MAX_PEGS]],
    moves: &[(Code, u8)],
) -> (Vec<u8>, Relabel) {
    let k = moves.len();
    let pegs = moves.first().map_or(0, |(g, _)| g.len());
    let mut best: Vec<u8> = Vec::new();
    let mut best_relabel: Option<Relabel> = None;
    let mut form: Vec<u8> = Vec::with_capacity(k * (pegs + 1));
    for order in orders {
        let order = &order[..k];
        for sigma in perms {
            let mut map = [u8::MAX; 64];
            let mut next = 0u8;
            form.clear();
            // Compared with the best so far as it is written: Equal until it differs.
            let mut state = if best_relabel.is_some() {
                std::cmp::Ordering::Equal
            } else {
                std::cmp::Ordering::Less
            };
            let mut push = |form: &mut Vec<u8>, x: u8| {
                form.push(x);
                if state == std::cmp::Ordering::Equal {
                    state = x.cmp(&best[form.len() - 1]);
                }
                state != std::cmp::Ordering::Greater
            };
            'moves: for &m in order {
                let (g, reply) = &moves[m as usize];
                let pg = g.pegs();
                for i in 0..pegs {
                    let c = pg[sigma[i] as usize] as usize;
                    if map[c] == u8::MAX {
                        map[c] = next;
                        next += 1;
                    }
                    if !push(&mut form, map[c]) {
                        break 'moves;
                    }
                }
                if !push(&mut form, *reply) {
                    break 'moves;
                }
            }
            if state != std::cmp::Ordering::Less {
                continue;
            }
            // Colours never played take the next numbers, in their own order.
            for m in map.iter_mut().take(colors) {
                if *m == u8::MAX {
                    *m = next;
                    next += 1;
                }
            }
            best.clone_from(&form);
            best_relabel = Some(Relabel {
                pegs,
                sigma: *sigma,
                pi: map,
            });
        }
    }
    let relabel = best_relabel.unwrap_or_else(|| Relabel {
        pegs,
        sigma: std::array::from_fn(|i| i as u8),
        pi: std::array::from_fn(|i| i as u8),
    });
    (best, relabel)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &[u8]) -> Code {
        Code::from_pegs(s).unwrap()
    }

    #[test]
    fn smallest_codes_are_the_hashed_representatives() {
        use crate::{Game, GameSpec};
        for spec in [GameSpec::mastermind(4, 6), GameSpec::bulls(4, 8)] {
            let game = Game::new(&spec).unwrap();
            let space = game.space().unwrap();
            let codes = space.codes();
            let all: Vec<u32> = (0..codes.len() as u32).collect();
            let histories: [&[usize]; 5] = [&[], &[0], &[7], &[0, 1], &[3, 200, 31]];
            for h in histories {
                let moves: Vec<Code> = h.iter().map(|&i| codes[i % codes.len()]).collect();
                let sym = Symmetry::of(4, game.colors(), &moves);
                let fast = sym.representatives(codes, &all, true);
                let slow = sym.representatives(codes, &all, false);
                assert_eq!(fast, slow, "{spec:?} after {moves:?}");
                if let Some(r) = &fast {
                    assert!(r.len() < codes.len());
                }
            }
        }
    }

    /// The renaming that comes with a canonical code maps the code onto it, is a permutation
    /// of the positions and of every colour, and maps each guess of the history onto
    /// itself; there is none before any guess.
    #[test]
    fn canonical_renamings_map_codes_onto_their_canonical_form() {
        use crate::{Game, GameSpec};
        for spec in [GameSpec::mastermind(4, 6), GameSpec::bulls(4, 8)] {
            let game = Game::new(&spec).unwrap();
            let codes = game.space().unwrap().codes().to_vec();
            let colors = game.colors();
            assert!(
                Symmetry::of(4, colors, &[])
                    .canonical_renaming(&codes[5], colors)
                    .is_none()
            );
            let histories: [&[usize]; 4] = [&[0], &[7], &[0, 1], &[3, 200, 31]];
            for h in histories {
                let moves: Vec<Code> = h.iter().map(|&i| codes[i % codes.len()]).collect();
                let sym = Symmetry::of(4, colors, &moves);
                let apply = |c: &Code, positions: &[u8], to: &[u8]| {
                    let pegs: Vec<u8> = positions
                        .iter()
                        .map(|&at| to[c.pegs()[at as usize] as usize])
                        .collect();
                    code(&pegs)
                };
                for c in codes.iter().step_by(7) {
                    let (rep, positions, to) = sym.canonical_renaming(c, colors).unwrap();
                    assert_eq!(rep, sym.canonical(c), "{spec:?} after {moves:?}: {c:?}");
                    let mut sorted = to.clone();
                    sorted.sort_unstable();
                    assert_eq!(sorted, (0..colors as u8).collect::<Vec<_>>());
                    assert_eq!(apply(c, &positions, &to), rep);
                    for m in &moves {
                        assert_eq!(apply(m, &positions, &to), *m, "{spec:?}: {c:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn equivalent_histories_share_a_canonical_form() {
        let perms = permutations(4);
        // 0123:1  4567:2  versus the same moves renamed (colours 0<->4 ... and positions
        // reversed) and listed in the other order.
        let a = [(code(&[0, 1, 2, 3]), 1u8), (code(&[4, 5, 6, 7]), 2u8)];
        let rename = |c: &[u8]| -> Code {
            let m = [4, 5, 6, 7, 0, 1, 2, 3, 8, 9];
            let r: Vec<u8> = c.iter().rev().map(|&x| m[x as usize]).collect();
            code(&r)
        };
        let b = [(rename(&[4, 5, 6, 7]), 2u8), (rename(&[0, 1, 2, 3]), 1u8)];
        let (fa, ra) = canonical_history(10, &perms, &a);
        let (fb, rb) = canonical_history(10, &perms, &b);
        assert_eq!(fa, fb);
        // Both renamings take their own moves onto the same canonical codes.
        let ca: Vec<Code> = a.iter().map(|(g, _)| ra.apply(g)).collect();
        let cb: Vec<Code> = b.iter().map(|(g, _)| rb.apply(g)).collect();
        assert!(ca.iter().all(|c| cb.contains(c)));
        let x = code(&[3, 1, 4, 1]);
        assert_eq!(ra.inverse().apply(&ra.apply(&x)), x);
        // A different reply is a different position.
        let c = [(code(&[0, 1, 2, 3]), 1u8), (code(&[4, 5, 6, 7]), 3u8)];
        assert_ne!(canonical_history(10, &perms, &c).0, fa);
    }

    #[test]
    fn huge_groups_are_dropped_for_the_free_colours() {
        // After 0000000011111111 in a 16-peg game the group has 8!·8!·2 permutations; it is
        // not listed, and the free colours alone (here 2..5) still give exact orbits.
        let pegs: Vec<u8> = (0..16).map(|i| (i / 8) as u8).collect();
        let sym = Symmetry::of(16, 6, &[code(&pegs)]);
        assert_eq!(sym.group_len(), 1);
        let mut a = pegs.clone();
        a[0] = 2;
        let mut b = pegs.clone();
        b[0] = 5;
        assert_eq!(sym.canonical(&code(&a)), sym.canonical(&code(&b)));
        let mut c = pegs.clone();
        c[1] = 2;
        // Another position: equivalent in the full group, but not under free colours alone.
        assert_ne!(sym.canonical(&code(&a)), sym.canonical(&code(&c)));
        let codes = [code(&a), code(&b), code(&c)];
        let all = [0, 1, 2];
        assert_eq!(sym.representatives(&codes, &all, true), Some(vec![0, 2]));
        assert_eq!(sym.representatives(&codes, &all, false), Some(vec![0, 2]));
    }

    #[test]
    fn root_classes_are_multiplicity_patterns() {
        let sym = Symmetry::of(4, 6, &[]);
        assert_eq!(
            sym.canonical(&code(&[3, 5, 3, 1])),
            sym.canonical(&code(&[0, 0, 1, 2]))
        );
        assert_ne!(
            sym.canonical(&code(&[3, 5, 3, 1])),
            sym.canonical(&code(&[0, 0, 1, 1]))
        );
    }

    #[test]
    fn root_smallest_test_agrees_with_the_canonical_code() {
        for (pegs, colors) in [(4, 6), (5, 3), (6, 4), (3, 8)] {
            let sym = Symmetry::of(pegs, colors, &[]);
            let game =
                crate::Game::new(&crate::GameSpec::mastermind(pegs as u32, colors as u32)).unwrap();
            let space = game.space().unwrap();
            let mut smallest = 0;
            for c in space.codes() {
                assert_eq!(sym.is_smallest(c), sym.canonical(c) == *c, "{c:?}");
                smallest += usize::from(sym.is_smallest(c));
            }
            // One per multiplicity pattern: partitions of the pegs into at most `colors` parts.
            let expected = match (pegs, colors) {
                (4, 6) => 5,
                (5, 3) => 5,
                (6, 4) => 9,
                _ => 3,
            };
            assert_eq!(smallest, expected, "{pegs} {colors}");
        }
    }

    #[test]
    fn group_of_one_guess() {
        // 0011: swap positions within each pair, swap the pairs with colours 0<->1.
        let sym = Symmetry::of(4, 6, &[code(&[0, 0, 1, 1])]);
        assert_eq!(sym.group_len(), 8);
        // 0123 and 1032 are images of each other (swap both pairs, swap colours 0 and 1,
        // and the free colours 2,3 relabel freely).
        assert_eq!(
            sym.canonical(&code(&[0, 1, 2, 3])),
            sym.canonical(&code(&[1, 0, 3, 2]))
        );
        assert_eq!(
            sym.canonical(&code(&[0, 1, 2, 3])),
            sym.canonical(&code(&[0, 1, 5, 4]))
        );
        assert_ne!(
            sym.canonical(&code(&[0, 1, 2, 3])),
            sym.canonical(&code(&[0, 2, 1, 3]))
        );
    }

    #[test]
    fn orbit_count_after_1122_matches_a_brute_force() {
        // Count orbits directly by closing each code under the generators.
        let h = [code(&[0, 0, 1, 1])];
        let sym = Symmetry::of(4, 6, &h);
        let mut keys = std::collections::BTreeSet::new();
        for a in 0..6u8 {
            for b in 0..6u8 {
                for c in 0..6u8 {
                    for d in 0..6u8 {
                        keys.insert(sym.canonical(&code(&[a, b, c, d])));
                    }
                }
            }
        }
        // Brute force: apply every (σ, π) in S4 × S6 that fixes 0011 and take the least image.
        let mut brute = std::collections::BTreeSet::new();
        let perms4 = perms_vec(4);
        let perms6 = perms_vec(6);
        for a in 0..6u8 {
            for b in 0..6u8 {
                for c in 0..6u8 {
                    for d in 0..6u8 {
                        let x = [a, b, c, d];
                        let mut least = x;
                        for s in &perms4 {
                            for p in &perms6 {
                                let g = [0u8, 0, 1, 1];
                                if (0..4).all(|i| p[g[s[i] as usize] as usize] == g[i]) {
                                    let y: [u8; 4] =
                                        std::array::from_fn(|i| p[x[s[i] as usize] as usize]);
                                    least = least.min(y);
                                }
                            }
                        }
                        brute.insert(least);
                    }
                }
            }
        }
        assert_eq!(keys.len(), brute.len());
    }

    fn perms_vec(n: usize) -> Vec<Vec<u8>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for p in perms_vec(n - 1) {
            for i in 0..n {
                let mut q = p.clone();
                q.insert(i, (n - 1) as u8);
                out.push(q);
            }
        }
        out
    }
}
