//! Choosing a guess when the secrets cannot be listed: score candidates by how they split a
//! sample of the secrets that fit.
//!
//! A candidate's replies against every sampled secret form a partition of the sample; the
//! partition is scored by an [`Objective`] (Shannon entropy by default, after Neuwirth 1982;
//! Irving's expected part size; Kooi's number of parts) and the best candidate wins, ties going
//! to a candidate that could itself be the secret. The sample stands in for the whole set, so
//! the figures are estimates whose noise shrinks with the sample size.
//!
//! The sample is the whole list of fitting secrets (or a uniform part of it) once at most
//! [`SampleOptions::list_up_to`] fit; a [`Player`] then carries that list to the next guess,
//! less what the new reply rules out. Before that it comes from [`Solver::sample`]. The
//! candidates are the sampled secrets, optionally with perturbed and random codes
//! ([`PlayOptions::perturbed`], [`PlayOptions::random`]) and hill climbing from the best
//! ([`PlayOptions::climb`]); all three are off by default, having gained nothing measurable.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::budget::Budget;
use crate::error::PlayError;
use crate::game::{Clue, Code, Family, Game, MAX_COLORS, MAX_PEGS};
use crate::sample::{Sample, SampleMethod, SampleOptions};
use crate::solver::Solver;

/// How a partition of the sample is scored; higher is better for every objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Objective {
    /// Entropy of the partition in bits (Neuwirth 1982).
    #[default]
    Entropy,
    /// Minus the expected size of the part the secret falls in (Irving 1978).
    ExpectedSize,
    /// Number of non-empty parts (Kooi 2005).
    MostParts,
}

/// A candidate with its score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scored {
    /// The candidate guess.
    pub guess: Code,
    /// Its score under the objective (higher is better).
    pub score: f64,
    /// Whether the candidate is one of the sampled secrets (it may win at once).
    pub in_sample: bool,
}

/// A code prepared for fast scoring: pegs and colour counts as fixed arrays.
#[derive(Clone, Copy)]
struct Packed {
    pegs: [u8; MAX_PEGS as usize],
    counts: [u8; MAX_COLORS as usize],
}

impl Packed {
    fn new(code: &Code) -> Packed {
        let mut pegs = [0u8; MAX_PEGS as usize];
        let mut counts = [0u8; MAX_COLORS as usize];
        for (p, &c) in code.colours().iter().enumerate() {
            pegs[p] = c;
            counts[usize::from(c)] += 1;
        }
        Packed { pegs, counts }
    }
}

/// Reply index of `a` against `b` (`black * 33 + white`); `pad` is `MAX_PEGS - pegs`.
#[inline]
fn reply_index(a: &Packed, b: &Packed, pad: usize, whites: bool) -> usize {
    let same = a.pegs.iter().zip(&b.pegs).filter(|(x, y)| x == y).count() - pad;
    if !whites {
        return same * (MAX_PEGS as usize + 1);
    }
    let total: usize = a
        .counts
        .iter()
        .zip(&b.counts)
        .map(|(&x, &y)| usize::from(x.min(y)))
        .sum();
    same * (MAX_PEGS as usize + 1) + (total - same)
}

const REPLIES: usize = (MAX_PEGS as usize + 1) * (MAX_PEGS as usize + 1);

/// The score of `guess` on `sample` under `objective`.
///
/// ```
/// use codebreak_huge::{Family, Game, choose::{Objective, score}};
/// let game = Game::new(Family::BlackPeg, 2, 2, false).unwrap();
/// let all: Vec<_> = [[0, 0], [0, 1], [1, 0], [1, 1]].iter().map(|c| game.code(c).unwrap()).collect();
/// // 00 splits the four codes 1 / 2 / 1: entropy 1.5 bits, three parts.
/// assert_eq!(score(&game, &all, &all[0], Objective::Entropy), 1.5);
/// assert_eq!(score(&game, &all, &all[0], Objective::MostParts), 3.0);
/// ```
pub fn score(game: &Game, sample: &[Code], guess: &Code, objective: Objective) -> f64 {
    let packed: Vec<Packed> = sample.iter().map(Packed::new).collect();
    score_packed(game, &packed, &Packed::new(guess), objective)
}

fn score_packed(game: &Game, sample: &[Packed], guess: &Packed, objective: Objective) -> f64 {
    let pad = usize::from(MAX_PEGS - game.pegs());
    let whites = game.family() != Family::BlackPeg;
    let mut hist = [0u32; REPLIES];
    for s in sample {
        hist[reply_index(guess, s, pad, whites)] += 1;
    }
    let n = sample.len() as f64;
    if n == 0.0 {
        return 0.0;
    }
    match objective {
        Objective::Entropy => {
            let sum: f64 = hist
                .iter()
                .filter(|&&h| h > 1)
                .map(|&h| f64::from(h) * f64::from(h).log2())
                .sum();
            n.log2() - sum / n
        }
        Objective::ExpectedSize => {
            let sum: f64 = hist.iter().map(|&h| f64::from(h) * f64::from(h)).sum();
            -sum / n
        }
        Objective::MostParts => hist.iter().filter(|&&h| h > 0).count() as f64,
    }
}

/// The best of `candidates` on `sample` (in parallel); ties go to a candidate found in the
/// sample, then to the earliest. `None` when there are no candidates.
pub fn best_guess(
    game: &Game,
    sample: &[Code],
    candidates: &[Code],
    objective: Objective,
) -> Option<Scored> {
    let packed: Vec<Packed> = sample.iter().map(Packed::new).collect();
    let mut in_sample: Vec<Code> = sample.to_vec();
    in_sample.sort_unstable();
    candidates
        .par_iter()
        .enumerate()
        .map(|(i, guess)| {
            let score = score_packed(game, &packed, &Packed::new(guess), objective);
            let fits = in_sample.binary_search(guess).is_ok();
            (
                i,
                Scored {
                    guess: *guess,
                    score,
                    in_sample: fits,
                },
            )
        })
        .reduce_with(|a, b| {
            let key = |x: &(usize, Scored)| (x.1.score, x.1.in_sample);
            match key(&a).partial_cmp(&key(&b)) {
                Some(std::cmp::Ordering::Less) => b,
                Some(std::cmp::Ordering::Greater) => a,
                _ => {
                    if a.0 <= b.0 {
                        a
                    } else {
                        b
                    }
                }
            }
        })
        .map(|(_, s)| s)
}

/// Tunables of [`next_guess`].
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Secrets sampled to stand for all that fit. Default 400; at least 1.
    pub sample: usize,
    /// Candidates made by changing one or two pegs of sampled secrets. Default 0: on the same
    /// ten 16-peg, 6-colour games, 400 of them (with 100 random) took 11.1 guesses on
    /// average, the sample alone 10.6 (11.74 over 100 games: the ten-game figures are noisy).
    pub perturbed: usize,
    /// Uniformly random candidates. Default 0 (see [`PlayOptions::perturbed`]).
    pub random: usize,
    /// Most hill-climbing moves from the best candidate (each to the best code one peg away,
    /// scored on the sample). Default 0: on 100 16-peg, 6-colour games, 16 moves took 11.49
    /// guesses on average, none 11.51.
    pub climb: usize,
    /// How much more a climbed code that may not be the secret must score than the best
    /// candidate that may, when that one is in the sample. Default 0.0; any value.
    pub fit_bonus: f64,
    /// How partitions are scored.
    pub objective: Objective,
    /// How the sample is drawn (its seed is replaced by one derived from [`PlayOptions::seed`]).
    pub sampling: SampleOptions,
    /// Seed of every random choice.
    pub seed: u64,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions {
            sample: 400,
            perturbed: 0,
            random: 0,
            climb: 0,
            fit_bonus: 0.0,
            objective: Objective::Entropy,
            sampling: SampleOptions::default(),
            seed: 0,
        }
    }
}

/// The next guess of a game in progress, with what it was based on.
#[derive(Clone, Debug, PartialEq)]
pub struct NextGuess {
    /// The guess, with its score.
    pub choice: Scored,
    /// How the sample of fitting secrets was drawn.
    pub method: SampleMethod,
    /// Secrets in the sample.
    pub sample: usize,
    /// Candidates scored.
    pub candidates: usize,
}

/// The next guess after `clues`: samples the secrets that fit, makes candidates from the
/// sample (itself, copies with one or two pegs changed, random codes) and returns the best by
/// [`best_guess`]. When every fitting secret was listed and only one fits, that one.
///
/// ```
/// use codebreak_huge::{Budget, Family, Game, choose::{PlayOptions, next_guess}};
/// let game = Game::new(Family::Mastermind, 6, 6, false).unwrap();
/// let secret = game.code(&[5, 0, 0, 3, 1, 2]).unwrap();
/// let mut clues = Vec::new();
/// for _ in 0..20 {
///     let guess = next_guess(&game, &clues, &PlayOptions::default(), &Budget::default())
///         .unwrap().choice.guess;
///     let reply = game.score(&secret, &guess);
///     clues.push(codebreak_huge::Clue::new(guess, reply));
///     if guess == secret { break; }
/// }
/// assert_eq!(clues.last().unwrap().guess, secret);
/// ```
pub fn next_guess(
    game: &Game,
    clues: &[Clue],
    options: &PlayOptions,
    budget: &Budget,
) -> Result<NextGuess, PlayError> {
    Player::new(options.clone()).next_guess(game, clues, budget)
}

/// [`next_guess`] with a memory, for the guesses of one game: once every secret that fits has
/// been listed (when at most [`SampleOptions::list_up_to`] fit), the next turn's list is the
/// old one less the secrets the new replies rule out, with no search. A history that does not
/// extend the remembered one starts afresh, so replies may be corrected or taken back.
///
/// ```
/// use codebreak_huge::{Budget, Clue, Family, Game, Player, PlayOptions};
/// let game = Game::new(Family::Mastermind, 20, 6, false).unwrap();
/// let secret = game.code(&[5, 0, 0, 3, 1, 2, 4, 4, 0, 1, 2, 3, 5, 5, 1, 0, 2, 3, 4, 0]).unwrap();
/// let mut player = Player::new(PlayOptions::default());
/// let mut clues = Vec::new();
/// while clues.last().is_none_or(|c: &Clue| c.guess != secret) {
///     let guess = player.next_guess(&game, &clues, &Budget::default()).unwrap().choice.guess;
///     clues.push(Clue::new(guess, game.score(&secret, &guess)));
/// }
/// assert!(clues.len() < 20);
/// ```
#[derive(Clone, Debug)]
pub struct Player {
    options: PlayOptions,
    known: Option<Known>,
}

/// Every secret that fits a history.
#[derive(Clone, Debug)]
struct Known {
    game: Game,
    clues: Vec<Clue>,
    secrets: Vec<Code>,
}

impl Player {
    /// A player with no memory yet.
    pub fn new(options: PlayOptions) -> Player {
        Player {
            options,
            known: None,
        }
    }

    /// How it chooses.
    pub fn options(&self) -> &PlayOptions {
        &self.options
    }

    /// The next guess after `clues` (see [`next_guess`]).
    pub fn next_guess(
        &mut self,
        game: &Game,
        clues: &[Clue],
        budget: &Budget,
    ) -> Result<NextGuess, PlayError> {
        let options = &self.options;
        let solver = Solver::new(*game, clues)?;
        let seed = options
            .seed
            .wrapping_add((clues.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let n = options.sample.max(1);
        let list = match self.known.take() {
            Some(known) if known.game == *game && clues.starts_with(&known.clues) => {
                let new = &clues[known.clues.len()..];
                let fits = |c: &Code| new.iter().all(|cl| game.score(c, &cl.guess) == cl.reply);
                Some(known.secrets.into_iter().filter(fits).collect())
            }
            _ if options.sampling.list_up_to == 0 => None,
            _ => solver.list_within(
                options.sampling.list_up_to.max(n),
                options.sampling.list_nodes,
                budget,
            )?,
        };
        let sample = match list {
            Some(secrets) => {
                self.known = Some(Known {
                    game: *game,
                    clues: clues.to_vec(),
                    secrets: secrets.clone(),
                });
                Sample::from_list(secrets, n, &mut ChaCha8Rng::seed_from_u64(seed))
            }
            None => {
                let sampling = SampleOptions {
                    seed,
                    list_up_to: 0,
                    ..options.sampling.clone()
                };
                solver.sample(n, &sampling, budget)?
            }
        };
        choose(game, &solver, sample, options, seed, budget)
    }
}

/// The best guess for a sample of the secrets that fit `solver`'s history.
fn choose(
    game: &Game,
    solver: &Solver,
    sample: Sample,
    options: &PlayOptions,
    seed: u64,
    budget: &Budget,
) -> Result<NextGuess, PlayError> {
    if sample.codes.is_empty() {
        let conflict = solver.conflict(&Default::default(), budget)?;
        return Err(PlayError::Inconsistent(
            conflict.map(|c| c.clues).unwrap_or_default(),
        ));
    }
    if sample.method == SampleMethod::All && sample.codes.len() <= 2 {
        return Ok(NextGuess {
            choice: Scored {
                guess: sample.codes[0],
                score: 0.0,
                in_sample: true,
            },
            method: sample.method,
            sample: sample.codes.len(),
            candidates: 1,
        });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xA5A5_A5A5);
    let mut candidates = sample.codes.clone();
    candidates.sort_unstable();
    candidates.dedup();
    for _ in 0..options.perturbed {
        let base = sample.codes[rng.gen_range(0..sample.codes.len())];
        let changes = rng.gen_range(1..=2);
        candidates.push(perturb(game, &base, changes, &mut rng));
    }
    for _ in 0..options.random {
        candidates.push(game.random_secret(&mut rng));
    }
    let mut choice = best_guess(game, &sample.codes, &candidates, options.objective)
        .expect("the sample gives at least one candidate");
    if options.climb > 0 {
        let climbed = climb(game, &sample.codes, choice, options);
        if climbed.score > choice.score + options.fit_bonus * f64::from(u8::from(choice.in_sample))
        {
            choice = climbed;
        }
    }
    Ok(NextGuess {
        choice,
        method: sample.method,
        sample: sample.codes.len(),
        candidates: candidates.len(),
    })
}

/// Hill climbing from `start`: moves to the best code that differs from the current one in
/// one peg (for distinct games, one peg changed to a colour the code does not use), scored on
/// `sample`, while that improves the score, at most [`PlayOptions::climb`] times.
fn climb(game: &Game, sample: &[Code], start: Scored, options: &PlayOptions) -> Scored {
    let packed: Vec<Packed> = sample.iter().map(Packed::new).collect();
    let (n, k) = (usize::from(game.pegs()), game.colors());
    let mut best = start;
    for _ in 0..options.climb {
        let here = best.guess;
        let used = here.colours().iter().fold(0u64, |m, &c| m | 1 << c);
        let moves: Vec<(usize, u8)> = (0..n)
            .flat_map(|p| (0..k).map(move |c| (p, c)))
            .filter(|&(p, c)| c != here.colours()[p] && (!game.distinct() || used >> c & 1 == 0))
            .collect();
        let top = moves
            .par_iter()
            .enumerate()
            .map(|(i, &(p, c))| {
                let mut code = here;
                code.set(p, c);
                (
                    i,
                    code,
                    score_packed(game, &packed, &Packed::new(&code), options.objective),
                )
            })
            .reduce_with(|a, b| {
                if b.2 > a.2 || (b.2 == a.2 && b.0 < a.0) {
                    b
                } else {
                    a
                }
            });
        match top {
            Some((_, code, score)) if score > best.score + 1e-9 => {
                best = Scored {
                    guess: code,
                    score,
                    in_sample: false,
                };
            }
            _ => break,
        }
    }
    if best.guess != start.guess {
        best.in_sample = sample.contains(&best.guess);
    }
    best
}

/// `code` with `changes` pegs set to other colours (for distinct games, to colours the code
/// does not use, so the result stays a possible secret).
fn perturb<R: Rng + ?Sized>(game: &Game, code: &Code, changes: usize, rng: &mut R) -> Code {
    let mut out = *code;
    let (n, k) = (usize::from(game.pegs()), game.colors());
    for _ in 0..changes {
        let p = rng.gen_range(0..n);
        if game.distinct() {
            let used = out.colours().iter().fold(0u64, |m, &c| m | 1 << c);
            let free: Vec<u8> = (0..k).filter(|&c| used >> c & 1 == 0).collect();
            if free.is_empty() {
                let q = rng.gen_range(0..n);
                let (a, b) = (out.colours()[p], out.colours()[q]);
                out.set(p, b);
                out.set(q, a);
            } else {
                out.set(p, free[rng.gen_range(0..free.len())]);
            }
        } else if k > 1 {
            let old = out.colours()[p];
            let mut c = rng.gen_range(0..k - 1);
            if c >= old {
                c += 1;
            }
            out.set(p, c);
        }
    }
    out
}
