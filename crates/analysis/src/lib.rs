//! # codebreak-analysis
//!
//! Plays a strategy against every secret of a game at once and reports how many guesses it
//! needs: the histogram, the total, the exact average, the worst case.
//!
//! **Main design decision: analyse as a tree, not game by game.** Secrets that receive the same
//! replies to the same guesses share a node, so the strategy is asked once per node instead of
//! once per secret and move — for MM(5,8) a few thousand decisions instead of about 150 000.
//! Sibling subtrees are independent and are built in parallel (rayon). The result is a
//! [`DecisionTree`], which [`codebreak_tree::verify()`] can replay independently.
#![deny(missing_docs)]

pub mod estimate;

pub use estimate::{Alternative, Estimate, MAX_SECONDS, alternatives, estimate};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use codebreak_core::{
    AnyEngine, Candidates, End, Engine, Feedback, Game, GameSpec, Rules, dispatch_engine,
};
use codebreak_strategy::{AnyStrategy, Position};
use codebreak_tree::{DecisionTree, Figures, Node};
use rayon::prelude::*;
use serde::Serialize;
use thiserror::Error;

/// Subtrees with at least this many secrets are split across threads.
const PARALLEL_MIN_SECRETS: usize = 48;

/// Most guesses along one path before a strategy is declared stuck.
const MAX_DEPTH: usize = 1000;

/// A strategy that does not finish.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// The strategy played a code that is not a guess of the game (a secret that may not be
    /// played, in a game whose guesses are not its secrets). Every node is checked, so no
    /// figure is ever reported from a tree that plays an illegal move.
    #[error(
        "strategy {strategy} plays {guess} after {path}, which is not a legal guess of the game: the analysis is refused"
    )]
    NotAGuess {
        /// The strategy.
        strategy: String,
        /// The code it played.
        guess: String,
        /// Moves before it.
        path: String,
    },
    /// The strategy played a guess it had already played (no new information, so it would
    /// loop for ever).
    #[error("strategy {strategy} repeats guess {guess} after {path}: it would never finish")]
    Repeated {
        /// The strategy.
        strategy: String,
        /// The repeated guess.
        guess: String,
        /// Moves before it.
        path: String,
    },
    /// In a game that ends when the secret is known, the strategy played a guess that gives
    /// every remaining secret the same reply.
    #[error(
        "strategy {strategy} plays {guess} after {path}, which does not tell the {left} remaining secrets apart: it would never finish"
    )]
    NoProgress {
        /// The strategy.
        strategy: String,
        /// The guess.
        guess: String,
        /// Moves before it.
        path: String,
        /// Secrets left.
        left: usize,
    },
    /// The strategy needed more than 1000 guesses on some path.
    #[error("strategy {strategy} needs more than {MAX_DEPTH} guesses after {path}")]
    TooDeep {
        /// The strategy.
        strategy: String,
        /// Moves so far.
        path: String,
    },
    /// Stopped through the cancel flag of [`analyze_cancellable`].
    #[error("analysis interrupted")]
    Interrupted,
}

/// The figures of a strategy over every secret.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The game (every default filled in).
    pub game: GameSpec,
    /// The strategy's registry name.
    pub strategy: String,
    /// The strategy with its options, for people.
    pub description: String,
    /// Guesses needed, in all and at worst, and by how many secrets.
    #[serde(flatten)]
    pub figures: Figures,
    /// Guess choices made from a sample of the pool, because scoring it whole would have
    /// passed [`codebreak_core::WORK_BUDGET`] (0 when every choice scored its whole pool).
    pub sampled: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The decision tree (not serialised with the figures).
    #[serde(skip)]
    pub tree: DecisionTree,
}

/// Called from worker threads with the number of secrets placed so far.
pub type ProgressFn<'a> = &'a (dyn Fn(u64) + Sync);

struct Ctx<'a, R: Rules> {
    engine: &'a Engine<R>,
    strategy: &'a AnyStrategy,
    name: &'a str,
    done: AtomicU64,
    sampled: AtomicU64,
    total: u64,
    progress: Option<ProgressFn<'a>>,
    cancel: &'a AtomicBool,
}

struct Built {
    node: IndexNode,
    histogram: Vec<u64>,
}

struct IndexNode {
    guess: u32,
    branches: Vec<(Feedback, IndexNode)>,
}

fn path_text(
    game: &Game,
    engine_code: impl Fn(u32) -> codebreak_core::Code,
    history: &[(u32, Feedback)],
) -> String {
    if history.is_empty() {
        return "the start".into();
    }
    history
        .iter()
        .map(|&(g, f)| {
            format!(
                "{} {}",
                game.format_code(&engine_code(g)),
                game.format_feedback(f)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn build<R: Rules>(
    ctx: &Ctx<'_, R>,
    history: &[(u32, Feedback)],
    cands: &Candidates<R::Packed>,
) -> Result<Built, AnalysisError> {
    let e = ctx.engine;
    let game = e.game();
    let depth = history.len() + 1;
    let path = || path_text(game, |g| e.code(g), history);
    let known = game.end() == End::Known;
    if known && cands.len() == 1 {
        // The secret is known: the game is over after `history.len()` experiments.
        let mut histogram = vec![0u64; depth];
        histogram[depth - 1] += 1;
        let done = ctx.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(p) = ctx.progress
            && (done.is_multiple_of(256) || done == ctx.total)
        {
            p(done);
        }
        return Ok(Built {
            node: IndexNode {
                guess: cands.indices()[0],
                branches: Vec::new(),
            },
            histogram,
        });
    }
    if ctx.cancel.load(Ordering::Relaxed) {
        return Err(AnalysisError::Interrupted);
    }
    if depth > MAX_DEPTH {
        return Err(AnalysisError::TooDeep {
            strategy: ctx.name.to_string(),
            path: path(),
        });
    }
    let decision = ctx.strategy.decide(&Position {
        engine: e,
        history,
        candidates: cands,
    });
    if decision.sample.is_some() {
        ctx.sampled.fetch_add(1, Ordering::Relaxed);
    }
    let guess = decision.guess;
    if !e.is_guess(guess) {
        return Err(AnalysisError::NotAGuess {
            strategy: ctx.name.to_string(),
            guess: game.format_code(&e.code(guess)),
            path: path(),
        });
    }
    if history.iter().any(|&(g, _)| g == guess) {
        return Err(AnalysisError::Repeated {
            strategy: ctx.name.to_string(),
            guess: game.format_code(&e.code(guess)),
            path: path(),
        });
    }
    let win = game.win();
    let parts = e.split(guess, cands);
    if known && parts.len() < 2 {
        return Err(AnalysisError::NoProgress {
            strategy: ctx.name.to_string(),
            guess: game.format_code(&e.code(guess)),
            path: path(),
            left: cands.len(),
        });
    }
    let mut histogram = vec![0u64; depth + 1];
    let child = |(fb, sub): &(Feedback, Candidates<R::Packed>)| -> Result<(Feedback, Built), AnalysisError> {
        let mut h = Vec::with_capacity(history.len() + 1);
        h.extend_from_slice(history);
        h.push((guess, *fb));
        Ok((*fb, build(ctx, &h, sub)?))
    };
    let open: Vec<&(Feedback, Candidates<R::Packed>)> =
        parts.iter().filter(|(f, _)| *f != win).collect();
    let children: Vec<(Feedback, Built)> = if cands.len() >= PARALLEL_MIN_SECRETS && open.len() > 1
    {
        open.into_par_iter().map(child).collect::<Result<_, _>>()?
    } else {
        open.into_iter().map(child).collect::<Result<_, _>>()?
    };
    if parts.iter().any(|(f, _)| *f == win) {
        histogram[depth] += 1;
        let done = ctx.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(p) = ctx.progress
            && (done.is_multiple_of(256) || done == ctx.total)
        {
            p(done);
        }
    }
    let mut branches = Vec::with_capacity(children.len());
    for (fb, b) in children {
        if histogram.len() < b.histogram.len() {
            histogram.resize(b.histogram.len(), 0);
        }
        for (k, n) in b.histogram.iter().enumerate() {
            histogram[k] += n;
        }
        branches.push((fb, b.node));
    }
    Ok(Built {
        node: IndexNode { guess, branches },
        histogram,
    })
}

/// The tree with codes in place of indices.
fn to_node<R: Rules>(e: &Engine<R>, n: IndexNode) -> Node {
    Node {
        guess: e.code(n.guess),
        branches: n
            .branches
            .into_iter()
            .map(|(f, c)| (f, to_node(e, c)))
            .collect(),
    }
}

/// Plays `strategy` against every secret of the engine's game.
pub fn analyze(
    engine: &AnyEngine,
    strategy: &AnyStrategy,
    progress: Option<ProgressFn<'_>>,
) -> Result<Analysis, AnalysisError> {
    analyze_cancellable(engine, strategy, progress, &AtomicBool::new(false))
}

/// [`analyze`], stopping with [`AnalysisError::Interrupted`] soon after `cancel` is set (it is
/// read before each decision of the strategy), as the Python package does on Ctrl-C.
pub fn analyze_cancellable(
    engine: &AnyEngine,
    strategy: &AnyStrategy,
    progress: Option<ProgressFn<'_>>,
    cancel: &AtomicBool,
) -> Result<Analysis, AnalysisError> {
    let start = Instant::now();
    let description = strategy.describe(engine.game());
    let (tree_root, histogram, sampled) = dispatch_engine!(engine, e => {
        let all = e.all_secrets();
        let ctx = Ctx {
            engine: e,
            strategy,
            name: &description,
            done: AtomicU64::new(0),
            sampled: AtomicU64::new(0),
            total: all.len() as u64,
            progress,
            cancel,
        };
        let built = build(&ctx, &[], &all)?;
        (to_node(e, built.node), built.histogram, ctx.sampled.load(Ordering::Relaxed))
    });
    let seconds = start.elapsed().as_secs_f64();
    let game = engine.game();
    Ok(Analysis {
        game: game.spec(),
        strategy: strategy.name().to_string(),
        description: description.clone(),
        figures: Figures::from_histogram(histogram),
        sampled,
        seconds,
        tree: DecisionTree {
            game: game.spec(),
            strategy: Some(description),
            root: tree_root,
        },
    })
}
