//! Stable names for the built-in strategies, and their options.

use codebreak_core::{Code, CodeSpace, End, Game, Named, Pool, Rules, Sample, Sampling, Ties};
use serde::{Deserialize, Serialize};

use crate::entropy::Entropy;
use crate::error::StrategyError;
use crate::expected_size::ExpectedSize;
use crate::first::First;
use crate::minimax::Minimax;
use crate::most_parts::MostParts;
use crate::random::RandomConsistent;
use crate::two_phase::TwoPhase;
use crate::{Greedy, Position, Strategy};

codebreak_core::named_enum! {
    /// The built-in strategies, by their stable names (command line, JSON, web, Python).
    #[derive(Default, PartialOrd, Ord)]
    pub enum StrategyKind: "strategy" {
        /// The first code that could still be the secret.
        First = "first", "the first code that could still be the secret";
        /// Knuth's minimax.
        #[default]
        Minimax = "minimax", "smallest largest class of remaining secrets";
        /// Irving's expected size.
        ExpectedSize = "expected-size", "smallest expected number of remaining secrets", aliases ["expected_size", "irving"];
        /// Neuwirth's entropy.
        Entropy = "entropy", "most information (entropy of the reply)";
        /// Kooi's most parts.
        MostParts = "most-parts", "most distinct replies", aliases ["most_parts", "kooi"];
        /// A seeded random consistent code.
        Random = "random", "a random code that could still be the secret (seeded)";
        /// The Chinese article's two-phase AI.
        TwoPhase = "two-phase", "probe one-colour codes, then walk the arrangements with elimination rules", aliases ["two_phase", "twophase"];
    }
}

/// Which strategy options a strategy takes: the one place that says so, used by every front
/// end to refuse an option a strategy ignores, or to drop it in a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Applies {
    /// `pool`: which codes may be guessed (the greedy strategies).
    pub pool: bool,
    /// `ties`: how equal guesses are told apart (the greedy strategies, with pool all).
    pub ties: bool,
    /// `seed`: the random strategy's seed.
    pub seed: bool,
    /// `first_guess`: a fixed opening (every strategy).
    pub first_guess: bool,
    /// `sample`: how much of a large pool a greedy strategy scores (see [`Sampling`]).
    pub sample: bool,
}

impl StrategyKind {
    /// Where the strategy comes from.
    pub fn source(self) -> &'static str {
        match self {
            StrategyKind::First => "the 文曲星 article's NaivePlayer",
            StrategyKind::Minimax => "Knuth 1977",
            StrategyKind::ExpectedSize => "Irving 1978",
            StrategyKind::Entropy => "Neuwirth 1982; the French article",
            StrategyKind::MostParts => "Kooi 2005",
            StrategyKind::Random => "baseline",
            StrategyKind::TwoPhase => "the Chinese two-phase AI article",
        }
    }

    /// Whether it scores partitions of the remaining secrets (and so takes pool and ties).
    pub fn is_greedy(self) -> bool {
        matches!(
            self,
            StrategyKind::Minimax
                | StrategyKind::ExpectedSize
                | StrategyKind::Entropy
                | StrategyKind::MostParts
        )
    }

    /// The options it takes.
    pub fn applies(self) -> Applies {
        Applies {
            pool: self.is_greedy(),
            ties: self.is_greedy(),
            seed: self == StrategyKind::Random,
            first_guess: true,
            sample: self.is_greedy(),
        }
    }

    /// Why a game cannot be played by this strategy, or `None` when it can.
    pub fn unsupported(self, game: &Game) -> Option<&'static str> {
        if game.end() == End::Known
            && matches!(
                self,
                StrategyKind::First | StrategyKind::Random | StrategyKind::TwoPhase
            )
        {
            return Some(
                "it plays codes that could be the secret, and in a game that ends when the secret is known a secret may not be guessed: expected a greedy strategy (minimax, expected-size, entropy, most-parts)",
            );
        }
        (self == StrategyKind::TwoPhase && !TwoPhase::supports(game)).then_some(
            "it probes one-colour codes, so guesses must be allowed to repeat a colour (mastermind or blackpeg)",
        )
    }

    /// The registry entry, for listings.
    pub fn info(self) -> StrategyInfo {
        StrategyInfo {
            name: self.name(),
            summary: self.help(),
            source: self.source(),
            greedy: self.is_greedy(),
            options: self.applies(),
        }
    }
}

/// A strategy as listed to users (`codebreak strategies --json`, `GET /api/strategies`).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct StrategyInfo {
    /// The stable name.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// Where it comes from.
    pub source: &'static str,
    /// Whether it scores partitions (and so takes pool and ties).
    pub greedy: bool,
    /// The options it takes.
    pub options: Applies,
}

/// Every built-in strategy's entry, in the order they are listed to users.
pub fn strategies() -> Vec<StrategyInfo> {
    StrategyKind::ALL.iter().map(|k| k.info()).collect()
}

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

impl StrategyOptions {
    /// The options that apply to `kind`, the others dropped: for comparisons of several
    /// strategies and for "every strategy" hints, where an option is meant for those that take
    /// it.
    pub fn applicable_to(&self, kind: StrategyKind) -> StrategyOptions {
        let a = kind.applies();
        StrategyOptions {
            pool: self.pool.filter(|_| a.pool),
            ties: self.ties.filter(|_| a.ties),
            seed: self.seed.filter(|_| a.seed),
            first_guess: self.first_guess.filter(|_| a.first_guess),
            sample: self.sample.filter(|_| a.sample),
        }
    }

    /// Refuses an option `kind` does not take, or a combination that means nothing.
    pub fn check(&self, kind: StrategyKind) -> Result<(), StrategyError> {
        let a = kind.applies();
        let name = kind.name();
        // An explicit pool consistent is what non-greedy strategies do anyway.
        if !a.pool && self.pool == Some(Pool::All) {
            return Err(StrategyError::PoolNotApplicable(name));
        }
        if !a.ties && self.ties.is_some() {
            return Err(StrategyError::TiesNotApplicable(name));
        }
        if a.ties && self.pool == Some(Pool::Consistent) && self.ties == Some(Ties::Index) {
            return Err(StrategyError::TiesNeedPoolAll);
        }
        if !a.seed && self.seed.is_some() {
            return Err(StrategyError::SeedNotApplicable(name));
        }
        // Sampling::Auto is every strategy's behaviour; only another choice is refused.
        if !a.sample && self.sample.is_some_and(|s| s != Sampling::Auto) {
            return Err(StrategyError::SampleNotApplicable(name));
        }
        Ok(())
    }
}

/// Strategy options as a front end receives them, before the first guess is read for a game:
/// the same fields, with the same names, in `--pool`/`--ties`/`--seed`/`--first-guess` and in
/// a web request body.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StrategyOptionsSpec {
    /// Which codes may be guessed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<Pool>,
    /// Tie-break.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ties: Option<Ties>,
    /// Seed of the random strategy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// A fixed first guess, as text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_guess: Option<String>,
    /// How much of a large pool a greedy strategy scores: `auto`, `off` or a number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample: Option<Sampling>,
}

impl StrategyOptionsSpec {
    /// Reads the first guess for `game`.
    pub fn resolve(&self, game: &Game) -> Result<StrategyOptions, StrategyError> {
        let first_guess = match &self.first_guess {
            Some(text) => Some(
                game.parse_guess(text)
                    .map_err(|e| StrategyError::FirstGuessText(e.to_string()))?,
            ),
            None => None,
        };
        Ok(StrategyOptions {
            pool: self.pool,
            ties: self.ties,
            seed: self.seed,
            first_guess,
            sample: self.sample,
        })
    }
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
    kind: StrategyKind,
    imp: Kind,
    first_guess: Option<(u32, Code)>,
    pool: Option<Pool>,
    ties: Option<Ties>,
    sampling: Option<Sampling>,
    seed: Option<u64>,
}

impl AnyStrategy {
    /// Looks up `name` (see [`StrategyKind`]) and builds it with [`AnyStrategy::build`].
    pub fn new(
        name: &str,
        opts: &StrategyOptions,
        game: &Game,
        space: &CodeSpace,
    ) -> Result<AnyStrategy, StrategyError> {
        let kind: StrategyKind = name.parse()?;
        AnyStrategy::build(kind, opts, game, space)
    }

    /// Builds a strategy after checking the options against it ([`StrategyOptions::check`])
    /// and against the game.
    pub fn build(
        kind: StrategyKind,
        opts: &StrategyOptions,
        game: &Game,
        space: &CodeSpace,
    ) -> Result<AnyStrategy, StrategyError> {
        opts.check(kind)?;
        if let Some(why) = kind.unsupported(game) {
            return Err(StrategyError::Game {
                strategy: kind.name(),
                game: game.to_string(),
                why,
            });
        }
        if game.end() == End::Known && opts.pool == Some(Pool::Consistent) {
            return Err(StrategyError::ConsistentPoolKnown {
                game: game.to_string(),
            });
        }
        let pool = opts.pool.unwrap_or_default();
        let ties = opts.ties.unwrap_or_default();
        let sampling = opts.sample.unwrap_or_default();
        let kind_impl = match kind {
            StrategyKind::First => Kind::First(First),
            StrategyKind::Minimax => Kind::Minimax(Greedy {
                cost: crate::minimax::LargestClass,
                pool,
                ties,
                sampling,
            }),
            StrategyKind::ExpectedSize => Kind::ExpectedSize(Greedy {
                cost: crate::expected_size::SumOfSquares,
                pool,
                ties,
                sampling,
            }),
            StrategyKind::Entropy => Kind::Entropy(Greedy {
                cost: crate::entropy::InformationCost,
                pool,
                ties,
                sampling,
            }),
            StrategyKind::MostParts => Kind::MostParts(Greedy {
                cost: crate::most_parts::PartCount,
                pool,
                ties,
                sampling,
            }),
            StrategyKind::Random => Kind::Random(RandomConsistent {
                seed: opts.seed.unwrap_or(0),
            }),
            StrategyKind::TwoPhase => Kind::TwoPhase(TwoPhase),
        };
        let first_guess = match opts.first_guess {
            Some(code) => Some((
                space
                    .index_of(&code)
                    .filter(|_| game.is_valid(&code, codebreak_core::Role::Guess))
                    .ok_or_else(|| StrategyError::FirstGuess(game.format_code(&code)))?,
                code,
            )),
            None => None,
        };
        let applies = kind.applies();
        Ok(AnyStrategy {
            kind,
            imp: kind_impl,
            first_guess,
            pool: applies.pool.then_some(pool),
            ties: applies.ties.then_some(ties),
            sampling: applies.sample.then_some(sampling),
            seed: applies.seed.then(|| opts.seed.unwrap_or(0)),
        })
    }

    /// Builds a strategy with only the options that apply to it
    /// ([`StrategyOptions::applicable_to`]), as comparisons and "every strategy" hints do.
    pub fn lenient(
        kind: StrategyKind,
        opts: &StrategyOptions,
        game: &Game,
        space: &CodeSpace,
    ) -> Result<AnyStrategy, StrategyError> {
        AnyStrategy::build(kind, &opts.applicable_to(kind), game, space)
    }

    /// Which strategy this is.
    pub fn kind(&self) -> StrategyKind {
        self.kind
    }

    /// The registry name.
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// The registry entry.
    pub fn info(&self) -> StrategyInfo {
        self.kind.info()
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
            parts.push(format!("pool {p}"));
        }
        if let Some(t) = self.ties
            && self.pool == Some(Pool::All)
        {
            parts.push(format!("ties {t}"));
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
        match &self.imp {
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

#[cfg(test)]
mod known_tests {
    use std::sync::Arc;

    use codebreak_core::{End, Game, ListGame, ListParts, Pool};

    use super::*;

    /// Three coins, one heavier, one coin on each pan; the game ends when the coin is known.
    fn coins() -> Game {
        let list = ListGame::new(ListParts {
            name: "three coins".into(),
            end: End::Known,
            guesses: ["a-b", "a-c", "b-c"].into_iter().collect(),
            secrets: ["a+", "b+", "c+"].into_iter().collect(),
            replies: ["<", "=", ">"].map(String::from).to_vec(),
            table: vec![2, 0, 1, 2, 1, 0, 1, 2, 0],
            ..ListParts::default()
        })
        .unwrap();
        Game::from_list(Arc::new(list)).unwrap()
    }

    #[test]
    fn strategies_that_guess_secrets_are_refused_when_secrets_may_not_be_guessed() {
        let game = coins();
        let space = game.space().unwrap();
        let opts = StrategyOptions::default();
        for kind in [
            StrategyKind::First,
            StrategyKind::Random,
            StrategyKind::TwoPhase,
        ] {
            let err = AnyStrategy::build(kind, &opts, &game, &space).unwrap_err();
            assert!(
                err.to_string().contains("a secret may not be guessed"),
                "{err}"
            );
        }
        assert!(AnyStrategy::build(StrategyKind::Minimax, &opts, &game, &space).is_ok());
        let consistent = StrategyOptions {
            pool: Some(Pool::Consistent),
            ..StrategyOptions::default()
        };
        let err = AnyStrategy::build(StrategyKind::Entropy, &consistent, &game, &space)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "pool consistent plays only codes that could be the secret, but three coins ends when the secret is known and a secret may not be guessed: expected pool all"
        );
    }
}
