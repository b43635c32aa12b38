//! Sampling the secrets that fit a history.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::budget::Budget;
use crate::dp::{BlackTable, draw_exact};
use crate::error::Stopped;
use crate::game::{Code, Family};
use crate::local::{Local, walk};
use crate::solver::Solver;

/// Local-search steps between restarts.
const LOCAL_RESTART: u64 = 400;

/// Secrets that fit a history, and how they were drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The secrets, each fitting every clue.
    pub codes: Vec<Code>,
    /// How they were drawn.
    pub method: SampleMethod,
}

/// How a [`Sample`] was drawn, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleMethod {
    /// Every fitting secret, each once (no more fit than were asked for).
    All,
    /// Uniform without replacement from the full list (few enough fit to list them).
    Listed,
    /// Exactly uniform, with replacement: black-peg games, drawn from the dynamic programme's
    /// table of completion counts.
    Uniform,
    /// Exactly uniform, with replacement: drawn uniformly from the black-peg relaxation and kept
    /// when they fit every clue (rejection sampling); `draws` codes were drawn in all.
    Rejection {
        /// Codes drawn from the relaxation.
        draws: u64,
    },
    /// Close to uniform, not exactly: the first `uniform` codes come from rejection sampling;
    /// the others are the ends of Markov chains of [`SampleOptions::chain_steps`] proposals
    /// (change one peg, change two, or swap two; a proposal is kept when it still fits every
    /// clue), each started from one of the first `seeds` codes. Accepting exactly the fitting
    /// proposals of a symmetric proposal leaves the uniform distribution unchanged, so the
    /// bias is only that of chains too short to forget their start, or unable to reach some
    /// fitting secrets. When rejection found nothing, the seeds come from a randomised local
    /// search (WalkSAT-style descent on `Σ |black - b| + |total - t|`, restarts every 400
    /// steps) or, failing that, from one randomised tree search. Duplicates are possible.
    Chain {
        /// How many of the codes (the first ones) are exactly uniform.
        uniform: usize,
        /// How many codes (the first ones) the chains started from.
        seeds: usize,
    },
}

/// Tunables of [`Solver::sample`].
#[derive(Clone, Debug)]
pub struct SampleOptions {
    /// List every fitting secret when at most this many fit (then sample without replacement).
    /// Default 20,000 (with [`SampleOptions::list_nodes`] 2,000,000, 16-peg 6-colour
    /// Mastermind games took 0.67 s instead of 2.1 s on average: after six or seven guesses
    /// a few thousand secrets fit, which 200,000 nodes often could not list, so the chains'
    /// guesswork went on to the end); any value (0 never lists).
    pub list_up_to: usize,
    /// Most search nodes per thread spent listing the secrets before giving up. Default
    /// 2,000,000; any value.
    pub list_nodes: u64,
    /// Most relaxation draws per wanted code before rejection sampling gives up. Default 50;
    /// any value (0 skips rejection).
    pub draws_per_code: u64,
    /// Most residual states of the dynamic programme. Default 1,000,000.
    pub dp_states: u64,
    /// Most local-search steps per thread looking for a first fitting code when rejection
    /// found none. Default 20,000; 0 skips local search.
    pub local_steps: u64,
    /// Proposals per Markov chain. Default 400; 0 copies the seeds.
    pub chain_steps: u64,
    /// Seed of every random choice.
    pub seed: u64,
}

impl Default for SampleOptions {
    fn default() -> SampleOptions {
        SampleOptions {
            list_up_to: 20_000,
            list_nodes: 2_000_000,
            draws_per_code: 50,
            dp_states: 1_000_000,
            local_steps: 20_000,
            chain_steps: 400,
            seed: 0,
        }
    }
}

impl Solver {
    /// Up to `n` secrets that fit, drawn as uniformly as the history allows, in this order of
    /// preference: all of them ([`SampleMethod::All`]) or a uniform choice from the list
    /// ([`SampleMethod::Listed`]) when few fit; exact uniform draws from the black-peg dynamic
    /// programme ([`SampleMethod::Uniform`]); rejection sampling from the black-peg relaxation
    /// ([`SampleMethod::Rejection`]); Markov chains from the codes found so far
    /// ([`SampleMethod::Chain`], close to uniform).
    /// Draws and searches run in parallel (rayon). An empty sample means no secret fits.
    ///
    /// ```
    /// use codebreak_huge::{Budget, Clue, Family, Game, Reply, SampleMethod, SampleOptions, Solver};
    /// let game = Game::new(Family::Mastermind, 16, 6, false).unwrap();
    /// let guess = game.code(&[0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 0, 1, 2, 3]).unwrap();
    /// let solver = Solver::new(game, &[Clue::new(guess, Reply::new(3, 7))]).unwrap();
    /// let sample = solver.sample(100, &SampleOptions::default(), &Budget::default()).unwrap();
    /// assert_eq!(sample.codes.len(), 100);
    /// assert!(sample.codes.iter().all(|c| solver.fits(c)));
    /// assert!(matches!(sample.method, SampleMethod::Rejection { .. }));
    /// ```
    pub fn sample(
        &self,
        n: usize,
        options: &SampleOptions,
        budget: &Budget,
    ) -> Result<Sample, Stopped> {
        let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
        if let Some(sample) = self.listed(n, options, budget, &mut rng)? {
            return Ok(sample);
        }
        let game = self.game();
        let states = budget.limited(Some(options.dp_states));
        let mut table = BlackTable::<u128>::new(self.model());
        let total = match table.count(&states) {
            Ok(Some(t)) => Some(t),
            Ok(None) | Err(Stopped::Limit(_)) => None,
            Err(e) => return Err(e),
        };
        if total == Some(0) {
            return Ok(Sample {
                codes: Vec::new(),
                method: SampleMethod::All,
            });
        }
        let mut codes = Vec::with_capacity(n);
        let mut drawn = 0u64;
        if total.is_some() {
            if game.family() == Family::BlackPeg && !game.distinct() {
                let codes = par_draws(n, options.seed, |rng| draw_exact(&table, rng));
                return Ok(Sample {
                    codes,
                    method: SampleMethod::Uniform,
                });
            }
            // Rejection in rounds, in parallel, until n are kept or the draws run out.
            let max = options.draws_per_code.saturating_mul(n as u64);
            let mut round = 0u64;
            while codes.len() < n && drawn < max {
                budget.interrupted()?;
                let batch = (4 * (n - codes.len()) as u64)
                    .clamp(256, 1 << 16)
                    .min(max - drawn);
                let seed = options.seed ^ (round + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let kept: Vec<Code> =
                    par_draws(batch as usize, seed, |rng| draw_exact(&table, rng))
                        .into_iter()
                        .filter(|c| self.fits(c))
                        .collect();
                drawn += batch;
                round += 1;
                codes.extend(kept.into_iter().take(n - codes.len()));
            }
            if codes.len() == n {
                return Ok(Sample {
                    codes,
                    method: SampleMethod::Rejection { draws: drawn },
                });
            }
        }
        drop(table);
        let uniform = codes.len();
        let seed = rng.r#gen::<u64>();
        // Seeds for the chain: the uniform codes, else a local search, else a tree search.
        let mut method = SampleMethod::Chain {
            uniform,
            seeds: uniform,
        };
        if codes.is_empty() && options.local_steps > 0 {
            let local = Local::new(game, self.clues());
            let found: Vec<Option<Code>> = (0..rayon::current_num_threads() as u64)
                .into_par_iter()
                .map(|i| {
                    let mut rng =
                        ChaCha8Rng::seed_from_u64(seed ^ i.wrapping_mul(0xD6E8_FEB8_6659_FD93));
                    let mut spent = 0;
                    while spent < options.local_steps {
                        budget.interrupted().ok()?;
                        if let Some(code) = local.search(&mut rng, LOCAL_RESTART) {
                            return Some(code);
                        }
                        spent += LOCAL_RESTART;
                    }
                    None
                })
                .collect();
            budget.interrupted()?;
            codes.extend(found.into_iter().flatten().take(n));
            method = SampleMethod::Chain {
                uniform,
                seeds: codes.len(),
            };
        }
        if codes.is_empty() {
            // A randomised tree search can wander long in a part with no secret: it gets a
            // node budget, then the plain search (which callers have seen end, on both cores)
            // finds the first secret, and a search under a node budget gathers more seeds.
            let wander = budget.limited(Some(options.list_nodes));
            match self.shuffled_secrets(&wander, seed).next().transpose() {
                Ok(Some(code)) => codes.push(code),
                Ok(None) => {}
                Err(Stopped::Limit(_)) if budget.limit.is_none() => {
                    if let Some(first) = self.find(budget)? {
                        codes.push(first);
                        let more = budget.limited(Some(options.list_nodes));
                        for code in self.secrets(&more) {
                            match code {
                                Ok(code) if code == first => {}
                                Ok(code) => codes.push(code),
                                Err(Stopped::Limit(_)) => break,
                                Err(e) => return Err(e),
                            }
                            if codes.len() == n {
                                break;
                            }
                        }
                    }
                }
                Err(e) => return Err(e),
            }
            if codes.is_empty() {
                return Ok(Sample {
                    codes,
                    method: SampleMethod::All,
                });
            }
            method = SampleMethod::Chain {
                uniform,
                seeds: codes.len(),
            };
        }
        let seeds = codes.clone();
        let missing = n - codes.len();
        let clues = self.clues();
        let walked: Vec<Code> = (0..missing as u64)
            .into_par_iter()
            .map(|i| {
                let mut rng =
                    ChaCha8Rng::seed_from_u64(seed ^ (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                let start = seeds[rng.gen_range(0..seeds.len())];
                walk(&game, clues, start, options.chain_steps, &mut rng)
            })
            .collect();
        budget.interrupted()?;
        codes.extend(walked);
        Ok(Sample { codes, method })
    }

    /// Every secret that fits when at most `cap` do and listing them takes at most `nodes`
    /// search nodes per thread; `None` otherwise.
    pub fn list_within(
        &self,
        cap: usize,
        nodes: u64,
        budget: &Budget,
    ) -> Result<Option<Vec<Code>>, Stopped> {
        match self.list_up_to(cap, &budget.limited(Some(nodes))) {
            Ok(list) => Ok(list),
            Err(Stopped::Limit(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The whole list (or a uniform part of it) when few enough secrets fit.
    fn listed(
        &self,
        n: usize,
        options: &SampleOptions,
        budget: &Budget,
        rng: &mut ChaCha8Rng,
    ) -> Result<Option<Sample>, Stopped> {
        if options.list_up_to == 0 {
            return Ok(None);
        }
        let cap = options.list_up_to.max(n);
        let Some(all) = self.list_within(cap, options.list_nodes, budget)? else {
            return Ok(None);
        };
        Ok(Some(Sample::from_list(all, n, rng)))
    }
}

impl Sample {
    /// The whole of `list` ([`SampleMethod::All`]) when it holds at most `n` codes, else `n`
    /// of them chosen uniformly without replacement ([`SampleMethod::Listed`]).
    pub fn from_list<R: Rng + ?Sized>(mut list: Vec<Code>, n: usize, rng: &mut R) -> Sample {
        if list.len() <= n {
            return Sample {
                codes: list,
                method: SampleMethod::All,
            };
        }
        list.shuffle(rng);
        list.truncate(n);
        Sample {
            codes: list,
            method: SampleMethod::Listed,
        }
    }
}

/// `n` codes from `draw`, in parallel, each chunk with its own generator seeded from `seed`.
fn par_draws(n: usize, seed: u64, draw: impl Fn(&mut ChaCha8Rng) -> Code + Sync) -> Vec<Code> {
    const CHUNK: usize = 64;
    (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .flat_map_iter(|chunk| {
            let mut rng = ChaCha8Rng::seed_from_u64(
                seed ^ (chunk as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93),
            );
            let len = CHUNK.min(n - chunk * CHUNK);
            (0..len).map(|_| draw(&mut rng)).collect::<Vec<_>>()
        })
        .collect()
}
