//! Randomised local search for a secret that fits: WalkSAT-style descent on the total reply
//! error, with restarts.
//!
//! The error of a code is `Σ_i |black_i - b_i| + |total_i - t_i|` over the clues (totals only
//! where the game has white pegs). A step changes one peg: with probability [`NOISE`] a random
//! change among those touching a peg of a clue in error, otherwise the change that lowers the
//! error most (ties at random). Distinct games change a peg only to an unused colour, or swap
//! two pegs. Each reply count is updated incrementally, so a step costs
//! `O(pegs × colours × clues)` small operations.

use rand::Rng;

use crate::game::{Clue, Code, Family, Game, MAX_COLORS};

/// Probability of a random step instead of a greedy one.
pub(crate) const NOISE: f64 = 0.2;

pub(crate) struct Local<'a> {
    game: Game,
    clues: &'a [Clue],
    totals: bool,
}

impl<'a> Local<'a> {
    pub(crate) fn new(game: Game, clues: &'a [Clue]) -> Local<'a> {
        Local {
            game,
            clues,
            totals: game.family() != Family::BlackPeg,
        }
    }

    /// A code fitting every clue found within `steps` steps from a random start, or `None`.
    pub(crate) fn search<R: Rng + ?Sized>(&self, rng: &mut R, steps: u64) -> Option<Code> {
        let n = usize::from(self.game.pegs());
        let k = usize::from(self.game.colors());
        let mut x = self.game.random_secret(rng);
        let mut counts = [0i32; MAX_COLORS as usize];
        for &c in x.colours() {
            counts[usize::from(c)] += 1;
        }
        let m = self.clues.len();
        let guess_counts: Vec<[i32; MAX_COLORS as usize]> = self
            .clues
            .iter()
            .map(|cl| {
                let mut g = [0i32; MAX_COLORS as usize];
                for &c in cl.guess.colours() {
                    g[usize::from(c)] += 1;
                }
                g
            })
            .collect();
        let mut black = vec![0i32; m];
        let mut total = vec![0i32; m];
        let refresh = |x: &Code, black: &mut Vec<i32>, total: &mut Vec<i32>| {
            for (i, cl) in self.clues.iter().enumerate() {
                let r = self.game.score(x, &cl.guess);
                black[i] = i32::from(r.black);
                total[i] = i32::from(r.black) + i32::from(r.white);
            }
        };
        refresh(&x, &mut black, &mut total);
        let target_b: Vec<i32> = self
            .clues
            .iter()
            .map(|c| i32::from(c.reply.black))
            .collect();
        let target_t: Vec<i32> = self
            .clues
            .iter()
            .map(|c| i32::from(c.reply.black) + i32::from(c.reply.white))
            .collect();
        let error = |black: &[i32], total: &[i32]| -> i32 {
            (0..m)
                .map(|i| {
                    (black[i] - target_b[i]).abs()
                        + if self.totals {
                            (total[i] - target_t[i]).abs()
                        } else {
                            0
                        }
                })
                .sum()
        };
        let mut err = error(&black, &total);
        // Delta of (black_i, total_i) when peg p goes from colour a to colour c.
        let delta = |i: usize, p: usize, a: usize, c: usize, counts: &[i32]| -> (i32, i32) {
            let g = &self.clues[i].guess;
            let gp = usize::from(g.colours()[p]);
            let db = i32::from(gp == c) - i32::from(gp == a);
            let gc = &guess_counts[i];
            let dt = (counts[c] + 1).min(gc[c]) - counts[c].min(gc[c]) + (counts[a] - 1).min(gc[a])
                - counts[a].min(gc[a]);
            (db, dt)
        };
        let mut moves: Vec<(usize, usize)> = Vec::with_capacity(n * k);
        for _ in 0..steps {
            if err == 0 {
                return Some(x);
            }
            if self.game.distinct() {
                // Distinct games: simple random restarts of swaps/changes, scored fully.
                let mut best: Option<(i32, Code)> = None;
                let tries = 2 * n;
                for _ in 0..tries {
                    let mut y = x;
                    let p = rng.gen_range(0..n);
                    let used = y.colours().iter().fold(0u64, |s, &c| s | 1 << c);
                    if rng.gen_bool(0.5) || k == n {
                        let q = rng.gen_range(0..n);
                        let (a, b) = (y.colours()[p], y.colours()[q]);
                        y.set(p, b);
                        y.set(q, a);
                    } else {
                        let free: Vec<u8> = (0..k as u8).filter(|&c| used >> c & 1 == 0).collect();
                        y.set(p, free[rng.gen_range(0..free.len())]);
                    }
                    refresh(&y, &mut black, &mut total);
                    let e = error(&black, &total);
                    if best.as_ref().is_none_or(|(be, _)| e < *be) {
                        best = Some((e, y));
                    }
                }
                let (e, y) = best.expect("at least one try");
                if e <= err || rng.gen_bool(NOISE) {
                    x = y;
                    err = e;
                }
                continue;
            }
            moves.clear();
            let random = rng.gen_bool(NOISE);
            let mut best_gain = i32::MIN;
            for p in 0..n {
                let a = usize::from(x.colours()[p]);
                for c in 0..k {
                    if c == a {
                        continue;
                    }
                    let mut gain = 0;
                    for i in 0..m {
                        let (db, dt) = delta(i, p, a, c, &counts);
                        let before = (black[i] - target_b[i]).abs()
                            + if self.totals {
                                (total[i] - target_t[i]).abs()
                            } else {
                                0
                            };
                        let after = (black[i] + db - target_b[i]).abs()
                            + if self.totals {
                                (total[i] + dt - target_t[i]).abs()
                            } else {
                                0
                            };
                        gain += before - after;
                    }
                    if random {
                        moves.push((p, c));
                    } else if gain > best_gain {
                        best_gain = gain;
                        moves.clear();
                        moves.push((p, c));
                    } else if gain == best_gain {
                        moves.push((p, c));
                    }
                }
            }
            let (p, c) = moves[rng.gen_range(0..moves.len())];
            let a = usize::from(x.colours()[p]);
            for i in 0..m {
                let (db, dt) = delta(i, p, a, c, &counts);
                black[i] += db;
                total[i] += dt;
            }
            counts[a] -= 1;
            counts[c] += 1;
            x.set(p, c as u8);
            err = error(&black, &total);
        }
        (err == 0).then_some(x)
    }
}

/// One step proposal of the Markov chain: change one peg, change two pegs, or swap two pegs
/// (distinct games: change to an unused colour, or swap). Symmetric, so accepting exactly the
/// proposals that still fit every clue leaves the uniform distribution on the fitting secrets
/// (on the part of them the chain can reach) unchanged.
pub(crate) fn propose<R: Rng + ?Sized>(game: &Game, x: &Code, rng: &mut R) -> Code {
    let mut y = *x;
    let n = usize::from(game.pegs());
    let k = game.colors();
    let change = |y: &mut Code, rng: &mut R| {
        let p = rng.gen_range(0..n);
        if game.distinct() {
            let used = y.colours().iter().fold(0u64, |s, &c| s | 1 << c);
            let free: Vec<u8> = (0..k).filter(|&c| used >> c & 1 == 0).collect();
            if !free.is_empty() {
                y.set(p, free[rng.gen_range(0..free.len())]);
            }
        } else {
            y.set(p, rng.gen_range(0..k));
        }
    };
    match rng.gen_range(0..3) {
        0 => change(&mut y, rng),
        1 => {
            change(&mut y, rng);
            change(&mut y, rng);
        }
        _ => {
            let (p, q) = (rng.gen_range(0..n), rng.gen_range(0..n));
            let (a, b) = (y.colours()[p], y.colours()[q]);
            y.set(p, b);
            y.set(q, a);
        }
    }
    y
}

/// Runs the chain `steps` proposals from `start` (which fits), keeping what fits.
pub(crate) fn walk<R: Rng + ?Sized>(
    game: &Game,
    clues: &[Clue],
    start: Code,
    steps: u64,
    rng: &mut R,
) -> Code {
    let mut x = start;
    for _ in 0..steps {
        let y = propose(game, &x, rng);
        if clues.iter().all(|c| game.score(&y, &c.guess) == c.reply) {
            x = y;
        }
    }
    x
}
