//! `codebreak analyze`: a strategy against every secret, as a decision tree.

use std::path::PathBuf;

use clap::Args;
use codebreak_analysis::{Estimate, MAX_SECONDS, alternatives, analyze, estimate};
use codebreak_core::error::human_duration;
use codebreak_core::{AnyEngine, Pool};
use codebreak_strategy::{AnyStrategy, StrategyKind};
use codebreak_tree::{Format, SelfCheck};

use crate::args::{GameArgs, StrategyArgs};
use crate::failure::{BadInput, Failure};
use crate::output;

pub const EXAMPLES: &str = "\
Examples:
  codebreak analyze --strategy minimax --alphabet 123456 --first-guess 1122   # Knuth: 5801
  codebreak analyze --game bulls --order swap --first-guess 0123 --compare first,minimax
  codebreak analyze --pegs 5 --colors 8 --strategy entropy --json
  codebreak analyze --strategy entropy --tree tree.json
  codebreak analyze --tree - --format paths | head -3   # tree to stdout, figures to stderr
  codebreak analyze --pegs 16 --colors 6 --sample 20     # too large to list: 20 random secrets";

/// Arguments of `analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The strategy (see `codebreak strategies`).
    ///
    /// Default minimax; on games too large to list, entropy (expected-size and most-parts
    /// also work there).
    #[arg(long, short, value_name = "NAME", value_parser = crate::args::strategy_parser())]
    pub strategy: Option<StrategyKind>,
    /// Compare several strategies in one table, e.g. first,minimax,entropy (options go to the
    /// strategies that take them).
    #[arg(
        long,
        value_name = "NAMES",
        conflicts_with = "strategy",
        value_parser = crate::args::parse_strategy_list
    )]
    pub compare: Option<crate::args::StrategyList>,
    #[command(flatten)]
    pub strategy_options: StrategyArgs,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Write the decision tree to FILE; `-` writes it to standard output, and the figures
    /// (table or --json) then go to standard error.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// Format of --tree.
    #[arg(long, value_parser = crate::args::written_format(), default_value = "json", requires = "tree")]
    pub format: Format,
    /// Draw the histogram(s) as an SVG chart into FILE.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Replay every secret through the tree with the rules alone and check the figures.
    #[arg(long)]
    pub self_check: bool,
    /// On games too large to list: how many secrets that fit the replies are sampled to
    /// choose each guess (every candidate is scored by how it splits them), 1 to 100000,
    /// default 400. Larger samples choose a little better and take proportionally longer.
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<usize>(codebreak_session::huge::FIT_SAMPLE))]
    pub fit_sample: Option<usize>,
    /// Run even an analysis estimated to take more than a minute.
    #[arg(long)]
    pub force: bool,
}

pub fn run(a: AnalyzeArgs) -> Result<(), Failure> {
    if let Some(game) = crate::cmd::huge::route(&a.game)? {
        let rt = crate::cmd::huge::Runtime::new(a.json);
        return crate::cmd::huge::analyze(&a, game, &rt);
    }
    crate::cmd::huge::no_fit_sample(a.fit_sample)?;
    let game = a.game.game()?;
    let options = a.strategy_options.options(&game)?;
    let names: Vec<StrategyKind> = match &a.compare {
        Some(list) => list.0.clone(),
        None => vec![a.strategy.unwrap_or_default()],
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
        .map(|&n| {
            if a.compare.is_some() {
                AnyStrategy::lenient(n, &options, &game, engine.space())
            } else {
                AnyStrategy::build(n, &options, &game, engine.space())
            }
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
        results.push(result.map_err(|e| Failure::NoAnswer(e.into()))?);
    }
    if let Some(path) = &a.tree {
        output::write_tree(path, a.format, &game, &results[0].tree)?;
    }
    // Each tree replayed by the independent checker (read back from --tree's file if any).
    let checks: Vec<Option<SelfCheck>> = results
        .iter()
        .map(|r| {
            a.self_check
                .then(|| {
                    output::self_check_file(
                        &r.figures,
                        &game,
                        &[],
                        &r.tree.root,
                        a.tree.as_deref(),
                        a.format,
                        "the analysis",
                    )
                })
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    let reports: Vec<output::Report> = results
        .iter()
        .zip(checks)
        .map(|(analysis, self_check)| output::Report {
            analysis,
            effort: None,
            self_check,
            total_minimised: None,
            position: None,
        })
        .collect();
    let game_text = game.to_string();
    if let Some(path) = &a.plot {
        crate::plot::write_svg(&results, &game_text, path)?;
    }
    let text = if a.json {
        let json = if a.compare.is_some() {
            serde_json::to_string(&reports)
        } else {
            serde_json::to_string(&reports[0])
        };
        format!("{}\n", json.map_err(|e| Failure::BadInput(e.into()))?)
    } else {
        let mut text = if a.compare.is_some() {
            output::comparison_text(&results, &game_text)
        } else {
            output::analysis_text(&results[0], &game_text, game.move_words().1)
        };
        for r in &reports {
            if let Some(c) = &r.self_check {
                if a.compare.is_some() {
                    text += &format!("self-check  {}: {c}\n", r.analysis.strategy);
                } else {
                    text += &format!("self-check  {c}\n");
                }
            }
        }
        text
    };
    output::report(&text, a.tree.as_deref().is_some_and(output::is_std))
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
