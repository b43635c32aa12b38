//! `codebreak analyze`: a strategy against every secret, as a decision tree.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use codebreak_analysis::{Estimate, MAX_SECONDS, alternatives, analyze, estimate};
use codebreak_core::error::human_duration;
use codebreak_core::{AnyEngine, Game, Pool};
use codebreak_strategy::{AnyStrategy, STRATEGIES, StrategyOptions};
use codebreak_tree::DecisionTree;

use crate::args::{GameArgs, StrategyArgs};
use crate::failure::{BadInput, Failure};
use crate::output;

pub const EXAMPLES: &str = "\
Examples:
  codebreak analyze --strategy minimax --alphabet 123456 --first-guess 1122   # Knuth: 5801
  codebreak analyze --game bulls --order swap --first-guess 0123 --compare first,minimax
  codebreak analyze --pegs 5 --colors 8 --strategy entropy --json
  codebreak analyze --strategy entropy --tree tree.json";

/// Tree file formats.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum TreeFormat {
    /// codebreak's JSON tree.
    #[default]
    Json,
    /// The one-line {GUESS:{REPLY:SUBTREE,...}} notation.
    Compact,
    /// Graphviz DOT.
    Dot,
    /// One line per secret: each guess with its reply.
    Paths,
}

/// Arguments of `analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The strategy (see `codebreak strategies`).
    #[arg(long, short, default_value = "minimax", value_name = "NAME")]
    pub strategy: String,
    /// Compare several strategies in one table, e.g. first,minimax,entropy (options apply where they make sense).
    #[arg(
        long,
        value_name = "NAMES",
        value_delimiter = ',',
        conflicts_with = "strategy"
    )]
    pub compare: Option<Vec<String>>,
    #[command(flatten)]
    pub strategy_options: StrategyArgs,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Write the decision tree to FILE.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// Format of --tree.
    #[arg(long, value_enum, default_value_t, requires = "tree")]
    pub format: TreeFormat,
    /// Draw the histogram(s) as an SVG chart into FILE.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Replay every secret through the tree with the rules alone and check the figures.
    #[arg(long)]
    pub self_check: bool,
    /// Run even an analysis estimated to take more than a minute.
    #[arg(long)]
    pub force: bool,
}

pub fn run(a: AnalyzeArgs) -> Result<(), Failure> {
    let game = a.game.game()?;
    let options = a.strategy_options.options(&game)?;
    let names: Vec<String> = match &a.compare {
        Some(list) => {
            if list.iter().any(|s| s.trim().is_empty()) {
                return Err(Failure::BadInput(anyhow::anyhow!(
                    "--compare {}: a strategy name is empty: expected names separated by single commas, such as first,minimax,entropy",
                    codebreak_core::error::quote(&list.join(","))
                )));
            }
            list.iter().map(|s| s.trim().to_string()).collect()
        }
        None => vec![a.strategy.clone()],
    };
    for path in a.tree.iter().chain(&a.plot) {
        output::check_writable(path)?;
    }
    if let Some(path) = &a.plot {
        crate::plot::check_path(path)?;
    }
    if a.compare.is_some() && a.tree.is_some() && names.len() > 1 {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "--tree writes one tree: give one strategy, not --compare with {}",
            names.len()
        )));
    }
    let engine = AnyEngine::new(&game).bad_input()?;
    // Build every strategy before running any, so a typo fails at once.
    let strategies: Vec<AnyStrategy> = names
        .iter()
        .map(|n| {
            let opts = if a.compare.is_some() {
                applicable(n, &options)
            } else {
                options.clone()
            };
            AnyStrategy::new(n, &opts, &game, engine.space())
        })
        .collect::<Result<_, _>>()
        .bad_input()?;
    let estimates: Vec<Estimate> = strategies.iter().map(|s| estimate(&engine, s)).collect();
    if !a.force {
        check_duration(&engine, &strategies, &estimates)?;
    }
    let mut results = Vec::with_capacity(strategies.len());
    for (s, e) in strategies.iter().zip(&estimates) {
        let what = format!("{} (about {})", s.name(), human_duration(e.seconds));
        let bar = output::progress_bar(engine.space().secrets().len() as u64, a.json, &what);
        let progress = bar.as_ref().map(|b| {
            let b = b.clone();
            move |done: u64| b.set_position(done)
        });
        let result = analyze(
            &engine,
            s,
            progress.as_ref().map(|p| p as &(dyn Fn(u64) + Sync)),
        );
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        let analysis = result.map_err(|e| Failure::NoAnswer(e.into()))?;
        if a.self_check {
            output::Figures::of(&analysis).self_check(
                &game,
                &analysis.tree.root,
                "the analysis",
            )?;
        }
        results.push(analysis);
    }
    if let Some(path) = &a.tree {
        write_tree(path, a.format, &game, &results[0].tree)?;
    }
    let game_text = game.to_string();
    if let Some(path) = &a.plot {
        crate::plot::write_svg(&results, &game_text, path)?;
    }
    if a.json {
        let values: Vec<_> = results.iter().map(output::analysis_json).collect();
        let v = if a.compare.is_some() {
            serde_json::Value::Array(values)
        } else {
            values.into_iter().next().expect("one result")
        };
        println!("{v}");
    } else if a.compare.is_some() {
        print!("{}", output::comparison_text(&results, &game_text));
    } else {
        print!("{}", output::analysis_text(&results[0], &game_text));
    }
    Ok(())
}

/// Refuses, before it starts, an analysis estimated to take more than a minute, with the
/// estimate and faster ways to figures (`--force` runs it anyway).
fn check_duration(
    engine: &AnyEngine,
    strategies: &[AnyStrategy],
    estimates: &[Estimate],
) -> Result<(), Failure> {
    let total: f64 = estimates.iter().map(|e| e.seconds).sum();
    if total <= MAX_SECONDS {
        return Ok(());
    }
    let game = engine.game();
    let (slowest, _) = strategies
        .iter()
        .zip(estimates)
        .max_by(|a, b| a.1.seconds.total_cmp(&b.1.seconds))
        .expect("at least one strategy");
    let mut tries: Vec<String> = alternatives(engine, slowest)
        .iter()
        .map(|alt| {
            let change = match alt.pool {
                Some(Pool::Consistent) => "--pool consistent".to_string(),
                _ => format!("--strategy {}", alt.strategy),
            };
            format!("{change} (about {})", human_duration(alt.estimate.seconds))
        })
        .collect();
    tries.push("a smaller game".to_string());
    Err(Failure::BadInput(anyhow::anyhow!(
        "analyzing {game} with {} would take about {}, estimated from the game's size, more than the {} allowed without --force: try {}, or --force to run it anyway",
        strategies
            .iter()
            .map(|s| s.describe(game))
            .collect::<Vec<_>>()
            .join(", "),
        human_duration(total),
        human_duration(MAX_SECONDS),
        tries.join(", ")
    )))
}

/// In a comparison, pool and ties go only to greedy strategies and the seed only to random.
fn applicable(name: &str, options: &StrategyOptions) -> StrategyOptions {
    let greedy = STRATEGIES
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name))
        .is_some_and(|s| s.greedy);
    StrategyOptions {
        pool: options.pool.filter(|_| greedy),
        ties: options.ties.filter(|_| greedy),
        seed: options.seed.filter(|_| name.eq_ignore_ascii_case("random")),
        first_guess: options.first_guess,
        sample: options.sample.filter(|_| greedy),
    }
}

/// Writes a tree in the chosen format.
pub fn write_tree(
    path: &PathBuf,
    format: TreeFormat,
    game: &Game,
    tree: &DecisionTree,
) -> Result<(), Failure> {
    let text = match format {
        TreeFormat::Json => codebreak_tree::json::to_string(tree, game),
        TreeFormat::Compact => codebreak_tree::compact::to_string(game, &tree.root) + "\n",
        TreeFormat::Dot => codebreak_tree::text::to_dot(game, &tree.root),
        TreeFormat::Paths => codebreak_tree::text::to_paths(game, &tree.root).bad_input()?,
    };
    std::fs::write(path, text).map_err(|e| {
        Failure::BadInput(anyhow::anyhow!(
            "cannot write tree file {}: {e}",
            path.display()
        ))
    })
}
