//! Analysis: a strategy against the secrets of a game, with one report for every game.
//!
//! A listed game is analysed **exhaustively**: the strategy plays every secret, as a decision
//! tree (`codebreak-analysis`), and every figure is exact. A game too large to list is
//! analysed on a **sample**: `sample` N uniformly random secrets are played to the end, and the
//! average comes with its 95% confidence interval. Both answer with one [`Analysis`], whose
//! `method` says which was done and whose `interval` is there exactly when the average is an
//! estimate.

mod sampled;

use std::sync::Arc;

use codebreak_analysis::MAX_SECONDS;
use codebreak_core::error::human_duration;
use codebreak_core::{AnyEngine, GameSpec, Pool, Sampling};
use codebreak_huge::Budget;
use codebreak_strategy::{AnyStrategy, StrategyKind, StrategyOptionsSpec};
use codebreak_tree::{DecisionTree, Figures};
use serde::Serialize;

use crate::error::SessionError;
use crate::game::Game;
use crate::remaining::Estimate;

pub use sampled::SECRETS;

/// What to ask [`Game::analyses`], in the words every front end receives.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeQuery {
    /// The strategies to analyse, in this order; empty asks for the game's default
    /// ([`Game::default_strategy`]).
    pub strategies: Vec<StrategyKind>,
    /// Whether the options go only to the strategies that take them (a comparison), rather
    /// than being refused by a strategy that does not.
    pub lenient: bool,
    /// The strategies' options. On a game too large to list, `sample` N is the number of
    /// random secrets played ([`SECRETS`]), and is required.
    pub options: StrategyOptionsSpec,
    /// Random secrets to play on a game too large to list, given apart from the options (as
    /// Python's `secrets=N`); refused on a listed game, where every secret is played.
    pub secrets: Option<usize>,
    /// Secrets sampled to choose each guess on a game too large to list (default 400, see
    /// [`crate::game::reasoned::FIT_SAMPLE`]); refused on a listed game.
    pub fit_sample: Option<usize>,
    /// Run an exhaustive analysis estimated to take more than [`MAX_SECONDS`] anyway.
    pub force: bool,
}

/// How an analysis was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Every secret was played: every figure is exact.
    Exhaustive,
    /// Random secrets were played: the average is an estimate (see [`Analysis::interval`]).
    Sampled,
}

/// A strategy's figures over the secrets of a game: every secret of a listed game, or a random
/// sample of a game too large to list. `analyze --json`, the web and Python write this object.
///
/// ```
/// use codebreak_core::{GameSpec, Sampling};
/// use codebreak_session::{AnalyzeQuery, Budget, Game, Method};
/// use codebreak_strategy::StrategyOptionsSpec;
/// let small = Game::new(&GameSpec::mastermind(3, 3)).unwrap();
/// let a = &small.analyze(&AnalyzeQuery::default(), &Budget::default()).unwrap()[0];
/// assert_eq!((a.method, a.figures.secrets, a.interval.is_none()), (Method::Exhaustive, 27, true));
/// let big = Game::new(&GameSpec::mastermind(16, 6)).unwrap();
/// let query = AnalyzeQuery {
///     options: StrategyOptionsSpec { sample: Some(Sampling::Size(2)), ..Default::default() },
///     fit_sample: Some(20),
///     ..AnalyzeQuery::default()
/// };
/// let a = &big.analyze(&query, &Budget::default()).unwrap()[0];
/// assert_eq!((a.method, a.figures.secrets), (Method::Sampled, 2));
/// let i = a.interval.as_ref().unwrap();
/// assert!(i.low <= a.figures.average() && a.figures.average() <= i.high);
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The game (every default filled in).
    pub game: GameSpec,
    /// The strategy's registry name.
    pub strategy: String,
    /// The strategy with its options, for people.
    pub description: String,
    /// Every secret played, or a sample of them.
    pub method: Method,
    /// Guesses needed, in all and at worst, and by how many secrets (the secrets played; on a
    /// sample, the games that found the secret within the guess limit).
    #[serde(flatten)]
    pub figures: Figures,
    /// Guess choices made from a sample (of the pool too large to score whole on a listed
    /// game; on a game too large to list every choice is made on a sample of the secrets).
    pub sampled: u64,
    /// On a sample: the average as an estimate of the average over every secret, with its
    /// 95% confidence interval (`average ± 1.96 s/√n`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<Estimate>,
    /// On a sample: the seed the secrets were drawn from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// On a sample: games that did not find the secret within the guess limit (left out of
    /// the figures).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unfinished: Option<u64>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The decision tree, where every secret was played (not serialised with the figures).
    #[serde(skip)]
    pub tree: Option<Tree>,
}

/// A decision tree with the game its codes belong to (what its writers and checker read).
#[derive(Clone, Debug)]
pub struct Tree {
    /// The listed game.
    pub game: codebreak_core::Game,
    /// The tree, from the first guess.
    pub tree: DecisionTree,
}

impl Analysis {
    /// The report of an exhaustive analysis of `game`.
    pub fn exhaustive(a: codebreak_analysis::Analysis, game: &codebreak_core::Game) -> Analysis {
        Analysis {
            game: a.game,
            strategy: a.strategy,
            description: a.description,
            method: Method::Exhaustive,
            figures: a.figures,
            sampled: a.sampled,
            interval: None,
            seed: None,
            unfinished: None,
            seconds: a.seconds,
            tree: Some(Tree {
                game: game.clone(),
                tree: a.tree,
            }),
        }
    }
}

/// An analysis that took too long to start without `force`: the estimate, and faster ways to
/// figures of the same game.
#[derive(Clone, Debug, PartialEq)]
pub struct TooLong {
    /// The game and the strategies, in words.
    pub what: String,
    /// The estimate, in seconds (calibrated on a 2-core machine, within about a factor of 2).
    pub seconds: f64,
    /// Options that should finish within [`MAX_SECONDS`]: (option, value, seconds).
    pub faster: Vec<(&'static str, String, f64)>,
}

impl TooLong {
    /// The message, with options written after `prefix` (`--` on the command line).
    pub fn message(&self, prefix: &str) -> String {
        let mut tries: Vec<String> = self
            .faster
            .iter()
            .map(|(option, value, s)| {
                format!("{prefix}{option} {value} (about {})", human_duration(*s))
            })
            .collect();
        tries.push("a smaller game".to_string());
        format!(
            "analyzing {} would take about {}, estimated from the game's size, more than the {} allowed without {prefix}force: try {}, or {prefix}force to run it anyway",
            self.what,
            human_duration(self.seconds),
            human_duration(MAX_SECONDS),
            tries.join(", ")
        )
    }
}

impl std::fmt::Display for TooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(""))
    }
}

impl std::error::Error for TooLong {}

/// The analyses a query asks for, checked and ready to run: every strategy built (so a typo
/// fails before anything runs) and the time of exhaustive runs estimated.
pub struct Analyses {
    runs: Vec<Run>,
}

/// One analysis of [`Analyses`].
pub struct Run {
    /// What it is, for a progress bar: the strategy and its estimated time.
    pub label: String,
    /// Units of work a progress callback counts up to (secrets, or games).
    pub steps: u64,
    /// Whether it builds a decision tree (every secret is played).
    pub builds_tree: bool,
    how: How,
}

enum How {
    Listed(Arc<AnyEngine>, Box<AnyStrategy>),
    Sampled(
        Box<crate::game::reasoned::ReasonedGame>,
        sampled::AnalyzeOptions,
    ),
}

impl Analyses {
    /// The runs, in the order asked.
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// Whether every run builds a decision tree (a listed game's).
    pub fn builds_trees(&self) -> bool {
        self.runs.iter().all(|r| r.builds_tree)
    }

    /// Runs analysis `i`; `progress(done)` is called as it goes (from worker threads), up to
    /// the run's [`Run::steps`]. The budget's cancel flag stops it.
    pub fn run(
        &self,
        i: usize,
        progress: Option<&(dyn Fn(u64) + Sync)>,
        budget: &Budget,
    ) -> Result<Analysis, SessionError> {
        match &self.runs[i].how {
            How::Listed(engine, strategy) => {
                let never = std::sync::atomic::AtomicBool::new(false);
                let cancel = budget.cancel.as_deref().unwrap_or(&never);
                let a =
                    codebreak_analysis::analyze_cancellable(engine, strategy, progress, cancel)?;
                Ok(Analysis::exhaustive(a, engine.game()))
            }
            How::Sampled(game, options) => {
                let on_game = |done: usize, _: usize| {
                    if let Some(p) = progress {
                        p(done as u64);
                    }
                };
                Ok(sampled::analyze(game, options, budget, &on_game)?)
            }
        }
    }
}

impl Game {
    /// Checks `query` and prepares its analyses without running them: exhaustive on a listed
    /// game (refused when estimated above [`MAX_SECONDS`] unless `force`), on `sample` N random
    /// secrets on a game too large to list.
    pub fn analyses(&self, query: &AnalyzeQuery) -> Result<Analyses, SessionError> {
        let kinds: Vec<StrategyKind> = if query.strategies.is_empty() {
            vec![self.default_strategy()]
        } else {
            query.strategies.clone()
        };
        crate::STRATEGIES.check(kinds.len() as u64)?;
        if let Some(game) = self.as_reasoned() {
            return sampled_runs(game, &kinds, query).map(|runs| Analyses { runs });
        }
        let listed = self.engine()?;
        if let Some(n) = query.fit_sample {
            return Err(SessionError::Setup(format!(
                "fit-sample {n} chooses guesses on games too large to list, but this game fits in memory: leave it out (sample N samples guesses here)"
            )));
        }
        if let Some(n) = query.secrets {
            return Err(SessionError::Setup(format!(
                "secrets {n} plays random secrets on games too large to list, but this game fits in memory: leave it out (every secret is played)"
            )));
        }
        let options = query.options.resolve(listed.game())?;
        let strategies: Vec<AnyStrategy> = kinds
            .iter()
            .map(|&k| {
                if query.lenient {
                    AnyStrategy::lenient(k, &options, listed.game(), listed.space())
                } else {
                    AnyStrategy::build(k, &options, listed.game(), listed.space())
                }
            })
            .collect::<Result<_, _>>()?;
        let estimates: Vec<f64> = strategies
            .iter()
            .map(|s| codebreak_analysis::estimate(&listed, s).seconds)
            .collect();
        if !query.force {
            too_long(&listed, &strategies, &estimates)?;
        }
        let secrets = listed.space().secrets().len() as u64;
        let runs = strategies
            .into_iter()
            .zip(estimates)
            .map(|(s, seconds)| Run {
                label: format!("{} (about {})", s.name(), human_duration(seconds)),
                steps: secrets,
                builds_tree: true,
                how: How::Listed(Arc::clone(&listed), Box::new(s)),
            })
            .collect();
        Ok(Analyses { runs })
    }

    /// Runs every analysis `query` asks for (see [`Game::analyses`]), without progress.
    pub fn analyze(
        &self,
        query: &AnalyzeQuery,
        budget: &Budget,
    ) -> Result<Vec<Analysis>, SessionError> {
        let plan = self.analyses(query)?;
        (0..plan.runs.len())
            .map(|i| plan.run(i, None, budget))
            .collect()
    }
}

fn sampled_runs(
    game: &crate::game::reasoned::ReasonedGame,
    kinds: &[StrategyKind],
    query: &AnalyzeQuery,
) -> Result<Vec<Run>, SessionError> {
    let log10 = game.log10_secrets();
    let sample = match (query.secrets, query.options.sample) {
        (Some(_), Some(_)) => {
            return Err(SessionError::Setup(
                "give the random secrets to play as secrets or as sample, not both".into(),
            ));
        }
        (Some(n), None) => Some(Sampling::Size(u32::try_from(n).unwrap_or(u32::MAX))),
        (None, sample) => sample,
    };
    let secrets = match sample {
        Some(Sampling::Size(n)) => SECRETS
            .check(u64::from(n))
            .map_err(|e| SessionError::Setup(format!("sample: {e}")))?
            as usize,
        Some(Sampling::Off) => {
            return Err(SessionError::Setup(format!(
                "sample off would play every one of about 10^{log10:.1} secrets: expected a number of random secrets, {}",
                SECRETS.span()
            )));
        }
        None | Some(Sampling::Auto) => {
            return Err(SessionError::Setup(format!(
                "{game} has about 10^{log10:.1} secrets, too many to play each: expected sample N, the number of random secrets to play ({})",
                SECRETS.span()
            )));
        }
    };
    let options = StrategyOptionsSpec {
        sample: None,
        ..query.options.clone()
    };
    kinds
        .iter()
        .map(|&k| {
            let play = crate::game::play_options(Some(&[k]), &options, query.fit_sample)?;
            let options = sampled::AnalyzeOptions {
                secrets,
                seed: query.options.seed.unwrap_or(0),
                play,
                ..sampled::AnalyzeOptions::default()
            };
            Ok(Run {
                label: format!("{} on random secrets", k.name()),
                steps: secrets as u64,
                builds_tree: false,
                how: How::Sampled(Box::new(game.clone()), options),
            })
        })
        .collect()
}

/// Refuses, before it starts, an analysis estimated to take more than [`MAX_SECONDS`].
fn too_long(
    engine: &AnyEngine,
    strategies: &[AnyStrategy],
    estimates: &[f64],
) -> Result<(), SessionError> {
    let total: f64 = estimates.iter().sum();
    if total <= MAX_SECONDS {
        return Ok(());
    }
    let game = engine.game();
    let slowest = strategies
        .iter()
        .zip(estimates)
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map(|(s, _)| s)
        .expect("at least one strategy");
    let faster = codebreak_analysis::alternatives(engine, slowest)
        .iter()
        .map(|alt| match alt.pool {
            Some(Pool::Consistent) => ("pool", "consistent".to_string(), alt.estimate.seconds),
            _ => ("strategy", alt.strategy.to_string(), alt.estimate.seconds),
        })
        .collect();
    Err(SessionError::TooLong(Box::new(TooLong {
        what: format!(
            "{game} with {}",
            strategies
                .iter()
                .map(|s| s.describe(game))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        seconds: total,
        faster,
    })))
}
