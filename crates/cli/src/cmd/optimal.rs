//! `codebreak optimal`: exact optimal strategies by branch and bound.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use codebreak_core::number::WholeRange;
use codebreak_core::{AnyEngine, Game, Pool};
use codebreak_search::{Objective, Search, SearchError, SearchOptions, Solution};
use codebreak_tree::{TreeError, VerifyReport};
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
    /// No secret may need more guesses than D (1 to 4294967295).
    #[arg(long, value_name = "D", allow_hyphen_values = true,
          value_parser = crate::args::whole::<u32>(WholeRange::new(1, u32::MAX as u64)))]
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
    /// Replay every secret through the tree with the independent checker (reading back the
    /// file --tree wrote, when it is JSON or compact).
    #[arg(long)]
    pub self_check: bool,
    /// Where Ctrl-C saves the solved sets (default: the --resume file, else
    /// codebreak-optimal.checkpoint).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Continue from a checkpoint written by an interrupted run of the same search.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Stop after N search nodes (at least 1), writing the checkpoint as Ctrl-C does.
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = crate::args::whole::<u64>(WholeRange::new(1, u64::MAX)))]
    pub node_limit: Option<u64>,
    /// Search even a game judged too large to finish.
    #[arg(long)]
    pub force: bool,
}

/// Fails before the search when a file it will write cannot be: its directory is missing or
/// it names a directory.
fn check_output(flag: &str, path: &Path) -> Result<(), Failure> {
    crate::output::check_writable(path).map_err(|f| match f {
        Failure::BadInput(e) => Failure::BadInput(e.context(flag.to_string())),
        other => other,
    })
}

pub fn run(a: OptimalArgs) -> Result<(), Failure> {
    let game = a.game.game()?;
    // Files the run will write are checked first, so a long search is not lost at the end.
    if let Some(path) = &a.tree {
        check_output("--tree", path)?;
    }
    // An interrupted resumed run saves where it resumed from, unless told otherwise.
    let checkpoint = a
        .checkpoint
        .clone()
        .or_else(|| a.resume.clone())
        .unwrap_or_else(|| PathBuf::from("codebreak-optimal.checkpoint"));
    check_output("--checkpoint", &checkpoint)?;
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
    let search = Search::new(&engine, options, a.force).map_err(|e| match e {
        SearchError::TooLarge(_) => {
            Failure::BadInput(anyhow::anyhow!("{e}; use --force to try anyway"))
        }
        e => Failure::BadInput(e.into()),
    })?;
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
    let secrets = engine.space().secrets().len() as u64;
    let done = std::sync::atomic::AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        let progress = scope.spawn(|| show_progress(&search, secrets, &done, a.json));
        let r = search.run();
        done.store(true, Ordering::Relaxed);
        let _ = progress.join();
        r
    });
    let solution = match result {
        Ok(s) => s,
        Err(SearchError::Interrupted) => {
            let n = search
                .save_checkpoint(&checkpoint)
                .map_err(|e| Failure::BadInput(e.into()))?;
            eprintln!(
                "codebreak: search stopped; {n} solved sets saved to {}; continue with --resume {}",
                checkpoint.display(),
                checkpoint.display()
            );
            std::process::exit(130);
        }
        Err(e @ SearchError::Infeasible { .. }) => return Err(Failure::NoAnswer(e.into())),
        Err(e) => return Err(Failure::BadInput(e.into())),
    };
    if let Some(path) = &a.tree {
        write_tree(path, a.format, &game, &solution.tree)?;
    }
    let checked = if a.self_check {
        Some(self_check(&game, &solution, a.tree.as_deref(), a.format)?)
    } else {
        None
    };
    print_solution(
        &solution,
        &game,
        &search.describe(),
        checked.as_ref(),
        a.json,
    );
    Ok(())
}

/// What `--self-check` replayed.
struct Checked {
    /// The file read back, if the tree was written in a format the checker reads.
    file: Option<PathBuf>,
    report: VerifyReport,
}

/// Replays every secret through the tree with the independent checker: the tree as the
/// checker's own reader reads it back from the file `--tree` wrote (JSON or compact), or the
/// tree in memory when there is no such file. Fails unless it replays to the figures the
/// search reported.
fn self_check(
    game: &Game,
    solution: &Solution,
    file: Option<&Path>,
    format: TreeFormat,
) -> Result<Checked, Failure> {
    let failed = |why: String| Failure::NoAnswer(anyhow::anyhow!("self-check failed: {why}"));
    let readable = matches!(format, TreeFormat::Json | TreeFormat::Compact);
    let (root, file) = match file.filter(|_| readable) {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| {
                failed(format!(
                    "cannot read back the tree file {}: {e}",
                    path.display()
                ))
            })?;
            let root = match format {
                TreeFormat::Json => codebreak_tree::json::from_str(&text).and_then(|(tree, g)| {
                    if g.spec() == game.spec() {
                        Ok(tree.root)
                    } else {
                        Err(TreeError::Json(format!(
                            "the file names the game {g}, expected {game}"
                        )))
                    }
                }),
                _ => codebreak_tree::compact::from_str(game, &text),
            }
            .map_err(|e| {
                failed(format!(
                    "the tree file {} does not read back: {e}",
                    path.display()
                ))
            })?;
            (root, Some(path.to_path_buf()))
        }
        None => (solution.tree.root.clone(), None),
    };
    let report = figures(solution).self_check(game, &root, "the search")?;
    Ok(Checked { file, report })
}

/// The figures of a solution.
fn figures(s: &Solution) -> Figures<'_> {
    Figures {
        secrets: s.secrets,
        total: s.total,
        worst: s.worst,
        histogram: &s.histogram,
    }
}

fn print_solution(s: &Solution, game: &Game, what: &str, checked: Option<&Checked>, json: bool) {
    let figures = figures(s);
    if json {
        let mut tail = json!({
            "seconds": s.seconds,
            "nodes": s.nodes,
            "memo_entries": s.memo_entries,
        });
        if let Some(c) = checked {
            tail["self_check"] = json!({
                "tree": c.file.as_ref().map(|f| f.display().to_string()),
                "total": c.report.total,
                "secrets": c.report.secrets,
                "worst": c.report.worst,
            });
        }
        let v = with_fields(
            json!({
                "game": game.spec(),
                "strategy": "optimal",
                "description": what,
            }),
            figures.json(),
            tail,
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
    if let Some(c) = checked {
        println!(
            "self-check  the tree {}replays to {} / {}, worst {}",
            match &c.file {
                Some(f) => format!("read back from {} ", f.display()),
                None => String::new(),
            },
            c.report.total,
            c.report.secrets,
            c.report.worst
        );
    }
}

/// The spinner's line: nodes, the best strategy found so far for the whole game (the upper
/// bound on the optimum), time, and the depth being tried.
fn progress_message(
    nodes: u64,
    best: Option<(u64, u64)>,
    secrets: u64,
    seconds: f64,
    depth: u64,
) -> String {
    let best = match best {
        Some((total, worst)) => format!(
            ", best so far {total} ({:.3}, worst {worst})",
            total as f64 / secrets.max(1) as f64
        ),
        None => String::new(),
    };
    let depth = if depth > 0 {
        format!(", trying depth {depth}")
    } else {
        String::new()
    };
    format!("searching: {nodes} nodes{best}, {seconds:.0} s{depth} (Ctrl-C saves a checkpoint)")
}

/// A spinner with the search's figures, on a terminal, once the search has run two seconds.
fn show_progress(
    search: &Search<'_>,
    secrets: u64,
    done: &std::sync::atomic::AtomicBool,
    quiet: bool,
) {
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
        b.set_message(progress_message(
            st.nodes.load(Ordering::Relaxed),
            st.best(),
            secrets,
            start.elapsed().as_secs_f64(),
            st.trying_depth.load(Ordering::Relaxed),
        ));
        b.tick();
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spinner_shows_the_best_bound() {
        assert_eq!(
            progress_message(123456, Some((5625, 6)), 1296, 12.4, 0),
            "searching: 123456 nodes, best so far 5625 (4.340, worst 6), 12 s (Ctrl-C saves a checkpoint)"
        );
        assert_eq!(
            progress_message(7, None, 1296, 2.0, 5),
            "searching: 7 nodes, 2 s, trying depth 5 (Ctrl-C saves a checkpoint)"
        );
    }
}
