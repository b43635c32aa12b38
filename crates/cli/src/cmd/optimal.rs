//! `codebreak optimal`: exact optimal strategies by branch and bound.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use codebreak_core::{AnyEngine, Pool};
use codebreak_search::{Objective, Search, SearchError, SearchOptions, Solution};
use serde_json::json;

use crate::args::{GameArgs, PoolChoice};
use crate::cmd::analyze::{TreeFormat, write_tree};
use crate::failure::{BadInput, Failure};
use crate::output::{Figures, with_fields};

pub const EXAMPLES: &str = "\
Examples:
  codebreak optimal                                  # MM(4,6): 5625 guesses in all
  codebreak optimal --max-depth 5                    # 5626, no secret needs a sixth guess
  codebreak optimal --objective worst                # worst case 5
  codebreak optimal --game bulls --tree bulls.json --self-check
  codebreak optimal --pegs 4 --colors 7 --checkpoint mm47.ckpt   # Ctrl-C saves; --resume mm47.ckpt continues";

/// What to minimise.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum ObjectiveChoice {
    /// Fewest guesses in all (lowest average), then the smallest worst case.
    #[default]
    Expected,
    /// Smallest worst case, then the fewest guesses in all.
    Worst,
}

/// Arguments of `optimal`.
#[derive(Args, Debug)]
pub struct OptimalArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// What to minimise.
    #[arg(long, value_enum, default_value_t)]
    pub objective: ObjectiveChoice,
    /// No secret may need more guesses than D.
    #[arg(long, value_name = "D")]
    pub max_depth: Option<u32>,
    /// Which codes may be guessed.
    #[arg(long, value_enum, default_value_t = PoolChoice::All)]
    pub pool: PoolChoice,
    /// Print JSON (the fields of `analyze --json`, plus nodes).
    #[arg(long)]
    pub json: bool,
    /// Write the optimal decision tree to FILE.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// Format of --tree.
    #[arg(long, value_enum, default_value_t, requires = "tree")]
    pub format: TreeFormat,
    /// Replay every secret through the tree with the independent checker.
    #[arg(long)]
    pub self_check: bool,
    /// Where Ctrl-C saves the solved sets.
    #[arg(
        long,
        value_name = "FILE",
        default_value = "codebreak-optimal.checkpoint"
    )]
    pub checkpoint: PathBuf,
    /// Continue from a checkpoint written by an interrupted run of the same search.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Stop after N search nodes, writing the checkpoint as Ctrl-C does.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Search even a game judged too large to finish.
    #[arg(long)]
    pub force: bool,
}

pub fn run(a: OptimalArgs) -> Result<(), Failure> {
    let game = a.game.game()?;
    if a.max_depth == Some(0) {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "max-depth 0 is out of range: expected at least 1"
        )));
    }
    let engine = AnyEngine::new(&game).bad_input()?;
    let options = SearchOptions {
        objective: match a.objective {
            ObjectiveChoice::Expected => Objective::Expected,
            ObjectiveChoice::Worst => Objective::Worst,
        },
        max_depth: a.max_depth,
        pool: match a.pool {
            PoolChoice::All => Pool::All,
            PoolChoice::Consistent => Pool::Consistent,
        },
        memo_cap: None,
        node_limit: a.node_limit,
    };
    let search = Search::new(&engine, options, a.force).map_err(|e| Failure::BadInput(e.into()))?;
    if let Some(path) = &a.resume {
        let n = search
            .load_checkpoint(path)
            .map_err(|e| Failure::BadInput(e.into()))?;
        if !a.json {
            eprintln!("resuming with {n} solved sets from {}", path.display());
        }
    }
    // Ctrl-C (or SIGTERM) asks the search to stop; it then unwinds and we save.
    {
        let cancel = Arc::clone(&search.status().cancel);
        let _ = ctrlc::set_handler(move || cancel.store(true, Ordering::Relaxed));
    }
    let done = std::sync::atomic::AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        let progress = scope.spawn(|| show_progress(&search, &done, a.json));
        let r = search.run();
        done.store(true, Ordering::Relaxed);
        let _ = progress.join();
        r
    });
    let solution = match result {
        Ok(s) => s,
        Err(SearchError::Interrupted) => {
            let n = search
                .save_checkpoint(&a.checkpoint)
                .map_err(|e| Failure::BadInput(e.into()))?;
            eprintln!(
                "codebreak: search stopped; {n} solved sets saved to {}; continue with --resume {}",
                a.checkpoint.display(),
                a.checkpoint.display()
            );
            std::process::exit(130);
        }
        Err(e @ SearchError::Infeasible { .. }) => return Err(Failure::NoAnswer(e.into())),
        Err(e) => return Err(Failure::BadInput(e.into())),
    };
    if a.self_check {
        let report = codebreak_tree::verify(&game, &solution.tree.root)
            .map_err(|e| Failure::NoAnswer(e.into()))?;
        if report.total != solution.total || report.histogram != solution.histogram {
            return Err(Failure::NoAnswer(anyhow::anyhow!(
                "self-check failed: the tree replays to {}/{} but the search reported {}/{}",
                report.total,
                report.secrets,
                solution.total,
                solution.secrets
            )));
        }
    }
    if let Some(path) = &a.tree {
        write_tree(path, a.format, &game, &solution.tree)?;
    }
    print_solution(&solution, &game, &search.describe(), a.json);
    Ok(())
}

fn print_solution(s: &Solution, game: &codebreak_core::Game, what: &str, json: bool) {
    let figures = Figures {
        secrets: s.secrets,
        total: s.total,
        worst: s.worst,
        histogram: &s.histogram,
    };
    if json {
        let v = with_fields(
            json!({
                "game": game.spec(),
                "strategy": "optimal",
                "description": what,
            }),
            figures.json(),
            json!({
                "seconds": s.seconds,
                "nodes": s.nodes,
                "memo_entries": s.memo_entries,
            }),
        );
        println!("{v}");
        return;
    }
    print!(
        "game      {game}\nstrategy  {what}\n\n{}time      {:.3} s\nnodes     {} (memo {} sets)\n",
        figures.table(),
        s.seconds,
        s.nodes,
        s.memo_entries
    );
}

/// A spinner with the search's figures, on a terminal, once the search has run two seconds.
fn show_progress(search: &Search<'_>, done: &std::sync::atomic::AtomicBool, quiet: bool) {
    use std::io::IsTerminal;
    if quiet || !std::io::stderr().is_terminal() {
        return;
    }
    let start = Instant::now();
    let mut bar: Option<indicatif::ProgressBar> = None;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(200));
        if start.elapsed() < Duration::from_secs(2) {
            continue;
        }
        let b = bar.get_or_insert_with(|| {
            let b = indicatif::ProgressBar::new_spinner();
            b.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {msg}").expect("valid template"),
            );
            b
        });
        let st = search.status();
        let depth = st.trying_depth.load(Ordering::Relaxed);
        b.set_message(format!(
            "searching: {} nodes, {:.0} s{} (Ctrl-C saves a checkpoint)",
            st.nodes.load(Ordering::Relaxed),
            start.elapsed().as_secs_f64(),
            if depth > 0 {
                format!(", trying depth {depth}")
            } else {
                String::new()
            }
        ));
        b.tick();
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
}
