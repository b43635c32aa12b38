//! Stable names for the built-in strategies, and their options.

use codebreak_core::{Code, CodeSpace, Game, Pool, Rules, Sample, Sampling, Ties};

use crate::entropy::Entropy;
use crate::error::StrategyError;
use crate::expected_size::ExpectedSize;
use crate::first::First;
use crate::minimax::Minimax;
use crate::most_parts::MostParts;
use crate::random::RandomConsistent;
use crate::two_phase::TwoPhase;
use crate::{Greedy, Position, Strategy};

/// A registry entry.
#[derive(Clone, Copy, Debug)]
pub struct StrategyInfo {
    /// The stable name used on the command line, in JSON and in the web UI.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// Where it comes from.
    pub source: &'static str,
    /// Whether it scores partitions (and so takes pool and ties).
    pub greedy: bool,
}

/// Every built-in strategy, in the order they are listed to users.
pub const STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "first",
        summary: "the first code that could still be the secret",
        source: "the 文曲星 article's NaivePlayer",
        greedy: false,
    },
    StrategyInfo {
        name: "minimax",
        summary: "smallest largest class of remaining secrets",
        source: "Knuth 1977",
        greedy: true,
    },
    StrategyInfo {
        name: "expected-size",
        summary: "smallest expected number of remaining secrets",
        source: "Irving 1978",
        greedy: true,
    },
    StrategyInfo {
        name: "entropy",
        summary: "most information (entropy of the reply)",
        source: "Neuwirth 1982; the French article",
        greedy: true,
    },
    StrategyInfo {
        name: "most-parts",
        summary: "most distinct replies",
        source: "Kooi 2005",
        greedy: true,
    },
    StrategyInfo {
        name: "random",
        summary: "a random code that could still be the secret (seeded)",
        source: "baseline",
        greedy: false,
    },
    StrategyInfo {
        name: "two-phase",
        summary: "probe one-colour codes, then walk the arrangements with elimination rules",
        source: "the Chinese two-phase AI article",
        greedy: false,
    },
];

/// Options of a strategy; `None` means the strategy's default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StrategyOptions {
    /// Which codes may be guessed (greedy strategies; default all).
    pub pool: Option<Pool>,
    /// Tie-break (greedy strategies; default consistent).
    pub ties: Option<Ties>,
    /// Seed (random; default 0).
    pub seed: Option<u64>,
    /// A fixed first guess.
    pub first_guess: Option<Code>,
    /// When a greedy strategy scores a sample of its pool (default [`Sampling::Auto`]).
    pub sample: Option<Sampling>,
}

/// A strategy's guess, and the sample it was chosen from when a greedy strategy's pool was too
/// large to score whole (see [`Sampling`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Code index of the guess.
    pub guess: u32,
    /// The sample scored, if any.
    pub sample: Option<Sample>,
}

#[derive(Clone, Debug)]
enum Kind {
    First(First),
    Minimax(Minimax),
    ExpectedSize(ExpectedSize),
    Entropy(Entropy),
    MostParts(MostParts),
    Random(RandomConsistent),
    TwoPhase(TwoPhase),
}

/// A built-in strategy chosen by name, with its options resolved.
#[derive(Clone, Debug)]
pub struct AnyStrategy {
    info: StrategyInfo,
    kind: Kind,
    first_guess: Option<(u32, Code)>,
    pool: Option<Pool>,
    ties: Option<Ties>,
    sampling: Option<Sampling>,
    seed: Option<u64>,
}

impl AnyStrategy {
    /// Looks up `name` and checks the options against the strategy and the game.
    pub fn new(
        name: &str,
        opts: &StrategyOptions,
        game: &Game,
        space: &CodeSpace,
    ) -> Result<AnyStrategy, StrategyError> {
        let info = *STRATEGIES
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| StrategyError::Unknown {
                name: name.to_string(),
                expected: STRATEGIES
                    .iter()
                    .map(|s| s.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        if !info.greedy {
            if opts.pool == Some(Pool::All) {
                return Err(StrategyError::PoolNotApplicable(info.name));
            }
            if opts.ties.is_some() {
                return Err(StrategyError::TiesNotApplicable(info.name));
            }
            if opts.sample.is_some_and(|s| s != Sampling::Auto) {
                return Err(StrategyError::SampleNotApplicable(info.name));
            }
        }
        if info.greedy && opts.pool == Some(Pool::Consistent) && opts.ties == Some(Ties::Index) {
            return Err(StrategyError::TiesNeedPoolAll);
        }
        if info.name != "random" && opts.seed.is_some() {
            return Err(StrategyError::SeedNotApplicable(info.name));
        }
        let pool = opts.pool.unwrap_or(Pool::All);
        let ties = opts.ties.unwrap_or(Ties::Consistent);
        let sampling = opts.sample.unwrap_or_default();
        let kind = match info.name {
            "first" => Kind::First(First),
            "minimax" => Kind::Minimax(Greedy {
                cost: crate::minimax::LargestClass,
                pool,
                ties,
                sampling,
            }),
            "expected-size" => Kind::ExpectedSize(Greedy {
                cost: crate::expected_size::SumOfSquares,
                pool,
                ties,
                sampling,
            }),
            "entropy" => Kind::Entropy(Greedy {
                cost: crate::entropy::InformationCost,
                pool,
                ties,
                sampling,
            }),
            "most-parts" => Kind::MostParts(Greedy {
                cost: crate::most_parts::PartCount,
                pool,
                ties,
                sampling,
            }),
            "random" => Kind::Random(RandomConsistent {
                seed: opts.seed.unwrap_or(0),
            }),
            "two-phase" => {
                if !TwoPhase::supports(game) {
                    return Err(StrategyError::Game {
                        strategy: "two-phase",
                        game: game.to_string(),
                        why: "it probes one-colour codes, so guesses must be allowed to repeat a colour (mastermind or blackpeg)",
                    });
                }
                Kind::TwoPhase(TwoPhase)
            }
            _ => unreachable!("every registry name is matched"),
        };
        let first_guess = match opts.first_guess {
            Some(code) => Some((
                space
                    .index_of(&code)
                    .filter(|_| game.is_valid(&code, codebreak_core::Role::Guess))
                    .ok_or_else(|| StrategyError::FirstGuess(format!("{code:?}")))?,
                code,
            )),
            None => None,
        };
        Ok(AnyStrategy {
            info,
            kind,
            first_guess,
            pool: info.greedy.then_some(pool),
            ties: info.greedy.then_some(ties),
            sampling: info.greedy.then_some(sampling),
            seed: (info.name == "random").then(|| opts.seed.unwrap_or(0)),
        })
    }

    /// The registry name.
    pub fn name(&self) -> &'static str {
        self.info.name
    }

    /// The registry entry.
    pub fn info(&self) -> &StrategyInfo {
        &self.info
    }

    /// The guess pool, for greedy strategies.
    pub fn pool(&self) -> Option<Pool> {
        self.pool
    }

    /// The tie-break, for greedy strategies.
    pub fn ties(&self) -> Option<Ties> {
        self.ties
    }

    /// When the pool is sampled, for greedy strategies.
    pub fn sampling(&self) -> Option<Sampling> {
        self.sampling
    }

    /// The seed, for the random strategy.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The fixed first guess, if any.
    pub fn first_guess(&self) -> Option<Code> {
        self.first_guess.map(|(_, c)| c)
    }

    /// A one-line description with every option, e.g. `minimax (pool all, ties consistent,
    /// first guess 1122)`.
    pub fn describe(&self, game: &Game) -> String {
        let mut parts = Vec::new();
        if let Some(p) = self.pool {
            parts.push(format!("pool {}", pool_name(p)));
        }
        if let Some(t) = self.ties {
            if self.pool == Some(Pool::All) {
                parts.push(format!("ties {}", ties_name(t)));
            }
        }
        if let Some(s) = self.sampling.filter(|&s| s != Sampling::Auto) {
            parts.push(format!("sample {s}"));
        }
        if let Some(s) = self.seed {
            parts.push(format!("seed {s}"));
        }
        if let Some(c) = self.first_guess() {
            parts.push(format!("first guess {}", game.format_code(&c)));
        }
        if parts.is_empty() {
            self.name().to_string()
        } else {
            format!("{} ({})", self.name(), parts.join(", "))
        }
    }
}

/// The stable name of a pool.
pub fn pool_name(p: Pool) -> &'static str {
    match p {
        Pool::All => "all",
        Pool::Consistent => "consistent",
    }
}

/// The stable name of a tie-break.
pub fn ties_name(t: Ties) -> &'static str {
    match t {
        Ties::Consistent => "consistent",
        Ties::Index => "index",
    }
}

impl AnyStrategy {
    /// The next guess, with the sample it was chosen from if the pool was sampled.
    pub fn decide<R: Rules>(&self, pos: &Position<'_, R>) -> Decision {
        if pos.history.is_empty()
            && let Some((g, _)) = self.first_guess
        {
            return Decision {
                guess: g,
                sample: None,
            };
        }
        let greedy = |c: codebreak_core::Choice| Decision {
            guess: c.guess,
            sample: c.sample,
        };
        let plain = |guess: u32| Decision {
            guess,
            sample: None,
        };
        match &self.kind {
            Kind::First(s) => plain(s.choose(pos)),
            Kind::Minimax(s) => greedy(s.decide(pos)),
            Kind::ExpectedSize(s) => greedy(s.decide(pos)),
            Kind::Entropy(s) => greedy(s.decide(pos)),
            Kind::MostParts(s) => greedy(s.decide(pos)),
            Kind::Random(s) => plain(s.choose(pos)),
            Kind::TwoPhase(s) => plain(s.choose(pos)),
        }
    }
}

impl Strategy for AnyStrategy {
    fn choose<R: Rules>(&self, pos: &Position<'_, R>) -> u32 {
        self.decide(pos).guess
    }
}
