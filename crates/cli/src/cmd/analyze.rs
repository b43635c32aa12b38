//! `codebreak analyze`: a strategy against every secret, as a decision tree.

use std::path::PathBuf;

use clap::Args;
use codebreak_session::{Analysis, AnalyzeQuery, Tree};
use codebreak_strategy::StrategyKind;
use codebreak_tree::{Format, SelfCheck};

use crate::args::{GameArgs, StrategyArgs};
use crate::failure::{Failure, session_failure};
use crate::output;
use crate::runtime::Runtime;

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
          value_parser = crate::args::ranged::<usize>(codebreak_session::reasoned::FIT_SAMPLE))]
    pub fit_sample: Option<usize>,
    /// Run even an analysis estimated to take more than a minute.
    #[arg(long)]
    pub force: bool,
}

pub fn run(a: AnalyzeArgs) -> Result<(), Failure> {
    let game = a.game.any_game()?;
    let query = AnalyzeQuery {
        strategies: match (&a.compare, a.strategy) {
            (Some(list), _) => list.0.clone(),
            (None, Some(one)) => vec![one],
            (None, None) => Vec::new(),
        },
        lenient: a.compare.is_some(),
        options: a.strategy_options.spec(),
        secrets: None,
        fit_sample: a.fit_sample,
        force: a.force,
    };
    for path in a.tree.iter().chain(&a.plot) {
        output::check_writable(path)?;
    }
    if let Some(path) = &a.plot {
        crate::plot::check_path(path)?;
    }
    if a.tree.is_some() && query.strategies.len() > 1 {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "--tree writes one tree: give one strategy, not --compare with {}",
            query.strategies.len()
        )));
    }
    let plan = game
        .analyses(&query)
        .map_err(|e| session_failure(e, false))?;
    if (a.tree.is_some() || a.self_check) && !plan.builds_trees() {
        let flag = if a.tree.is_some() {
            "--tree"
        } else {
            "--self-check"
        };
        return Err(Failure::BadInput(anyhow::anyhow!(
            "{flag} needs a decision tree, and none is built when random secrets are played (a game too large to list): leave it out"
        )));
    }
    let rt = Runtime::new(a.json);
    let mut results = Vec::with_capacity(plan.runs().len());
    for (i, run) in plan.runs().iter().enumerate() {
        let bar = output::progress_bar(run.steps, a.json, &run.label);
        let progress = bar.as_ref().map(|b| {
            let b = b.clone();
            move |done: u64| b.set_position(done)
        });
        rt.set_busy(true);
        let result = plan.run(
            i,
            progress.as_ref().map(|p| p as &(dyn Fn(u64) + Sync)),
            &rt.budget(),
        );
        rt.set_busy(false);
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        results.push(result.map_err(|e| session_failure(e, false))?);
    }
    let trees: Vec<Option<&Tree>> = results.iter().map(|r| r.tree.as_ref()).collect();
    if let (Some(path), Some(t)) = (&a.tree, trees[0]) {
        output::write_tree(path, a.format, &t.game, &t.tree)?;
    }
    // Each tree replayed by the independent checker (read back from --tree's file if any).
    let checks: Vec<Option<SelfCheck>> = results
        .iter()
        .zip(&trees)
        .map(|(r, t)| match t {
            Some(t) if a.self_check => output::self_check_file(
                &r.figures,
                &t.game,
                &[],
                &t.tree.root,
                a.tree.as_deref(),
                a.format,
                "the analysis",
            )
            .map(Some),
            _ => Ok(None),
        })
        .collect::<Result<_, _>>()?;
    let reports: Vec<Report> = results
        .iter()
        .zip(checks)
        .map(|(analysis, self_check)| Report {
            analysis,
            self_check,
        })
        .collect();
    let game_text = game.describe();
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
            output::analysis_text(&results[0], &game_text, game.moves_word())
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

/// An analysis as `--json` prints it: the session's report, and what `--self-check` confirmed.
#[derive(serde::Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    analysis: &'a Analysis,
    #[serde(skip_serializing_if = "Option::is_none")]
    self_check: Option<SelfCheck>,
}
