//! Writers shared by the subcommands: figure tables, JSON objects, progress bars.

use std::io::{BufWriter, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use codebreak_session::{Analysis, Method};
use codebreak_tree::{Format, TreeError};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Map, Value};

use crate::failure::Failure;

/// `--self-check`: replays every secret through the tree at `root` with the independent
/// checker (`codebreak_tree::verify`, the rules alone) and fails unless it gives `figures`,
/// which `who` (the analysis, the search) reported.
fn self_check(
    figures: &codebreak_tree::Figures,
    game: &codebreak_core::Game,
    history: &[(codebreak_core::Code, codebreak_core::Feedback)],
    root: &codebreak_tree::Node,
    who: &str,
) -> Result<codebreak_tree::VerifyReport, Failure> {
    let failed = |why: String| Failure::NoAnswer(anyhow::anyhow!("self-check failed: {why}"));
    let mut report =
        codebreak_tree::verify_below(game, history, root, codebreak_tree::DeadBranches::Refuse)
            .map_err(|e| failed(e.to_string()))?;
    // Below a position the checker counts from the next guess; the figures count the game.
    if !history.is_empty() {
        let k = history.len();
        report.total += k as u64 * report.secrets;
        report.worst += k;
        report.histogram.splice(0..0, std::iter::repeat_n(0, k));
    }
    if report.figures() != *figures {
        return Err(failed(format!(
            "the tree replays to {}/{} but {who} reported {}",
            report.total,
            report.secrets,
            figures.fraction()
        )));
    }
    Ok(report)
}

/// `--self-check` of `analyze` and `optimal`: replays every secret through the tree with the
/// independent checker, as the tree crate reads it back from the file `--tree` wrote (in a
/// format it reads), or the tree at `root` when there is no such file (no `--tree`, `--tree -`,
/// or DOT). Fails unless it replays to `figures`, which `who` reported.
pub fn self_check_file(
    figures: &codebreak_tree::Figures,
    game: &codebreak_core::Game,
    history: &[(codebreak_core::Code, codebreak_core::Feedback)],
    root: &codebreak_tree::Node,
    file: Option<&Path>,
    format: Format,
    who: &str,
) -> Result<codebreak_tree::SelfCheck, Failure> {
    let failed = |why: String| Failure::NoAnswer(anyhow::anyhow!("self-check failed: {why}"));
    let file = file.filter(|f| format.can_read() && !is_std(f));
    let read;
    let root = match file {
        Some(path) => {
            let input = std::fs::File::open(path).map_err(|e| {
                failed(format!(
                    "cannot read back the tree file {}: {e}",
                    path.display()
                ))
            })?;
            read = codebreak_tree::read_from(input, Some(format), Some(game)).map_err(|e| {
                failed(format!(
                    "the tree file {} does not read back: {e}",
                    path.display()
                ))
            })?;
            &read.tree.root
        }
        None => root,
    };
    let report = self_check(figures, game, history, root, who)?;
    Ok(codebreak_tree::SelfCheck::of(
        &report,
        file.map(|f| f.display().to_string()),
    ))
}

/// The histogram table and the summary lines (secrets, total, average, worst); `moves` heads
/// the first column: the game's word for its moves ([`codebreak_core::Game::move_words`]).
pub fn table(f: &codebreak_tree::Figures, moves: &str) -> String {
    let w = moves.chars().count().max(7);
    let mut out = format!("{moves:>w$}  secrets\n");
    for (k, n) in f.histogram.iter().enumerate().skip(1) {
        out.push_str(&format!("{k:>w$}  {n:>7}\n"));
    }
    out.push_str(&format!(
        "\nsecrets   {}\ntotal     {}\naverage   {} = {:.4}\nworst     {}\n",
        f.secrets,
        f.total,
        f.fraction(),
        f.average(),
        f.worst
    ));
    out
}

/// One JSON object: the `head` fields (what was measured: game, strategy, ...), then the
/// figures, then the `tail` fields (time, search effort), in that order.
pub fn with_fields(head: Value, figures: Map<String, Value>, tail: Value) -> Value {
    let mut m = Map::new();
    for part in [head, Value::Object(figures), tail] {
        if let Value::Object(fields) = part {
            m.extend(fields);
        }
    }
    Value::Object(m)
}

/// An analysis as `--json` prints it (`analyze`, `optimal`): the library's analysis, the
/// effort of an exact search, and what `--self-check` confirmed.
#[derive(serde::Serialize)]
pub struct Report<'a> {
    /// The figures and what made them.
    #[serde(flatten)]
    pub analysis: &'a codebreak_analysis::Analysis,
    /// For the exact search: nodes, memoised sets, seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effort: Option<codebreak_search::Effort>,
    /// What `--self-check` confirmed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub self_check: Option<codebreak_tree::SelfCheck>,
    /// `false` for a search that did not minimise the total (`optimal --depth-only`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_minimised: Option<bool>,
    /// For a position's search (`optimal --history`): its figures from the position on (the
    /// figures above count the whole game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<codebreak_search::Subtree>,
}

/// The human report of one analysis: on a sample of secrets, with the average's interval,
/// the seed and the games left unfinished.
pub fn analysis_text(a: &Analysis, game: &str, moves: &str) -> String {
    let mut out = format!("game      {game}\nstrategy  {}\n", a.description);
    if let Some(seed) = a.seed {
        out += &format!(
            "secrets   {} drawn uniformly at random (seed {seed})\n",
            a.figures.secrets + a.unfinished.unwrap_or(0)
        );
    }
    out += &format!("\n{}", table(&a.figures, moves));
    if let Some(i) = &a.interval {
        out += &format!(
            "estimate  {:.3} {moves} on average over every secret, 95% confidence interval {:.2} to {:.2}\n",
            i.estimate, i.low, i.high
        );
    }
    if let Some(n) = a.unfinished.filter(|&n| n > 0) {
        out += &format!(
            "unfinished {n} (not found within the guess limit; left out of the figures)\n"
        );
    }
    format!("{out}{}time      {:.3} s\n", sampled_note(a), a.seconds)
}

/// A line saying how many guess choices were made from a sample of the pool, if any.
fn sampled_note(a: &Analysis) -> String {
    if a.sampled == 0 || a.method == Method::Sampled {
        return String::new();
    }
    format!(
        "sampled   {} chosen from a sample of the pool (too large to score whole; --sample off scores all)\n",
        if a.sampled == 1 {
            "1 guess".to_string()
        } else {
            format!("{} guesses", a.sampled)
        }
    )
}

/// One table comparing several analyses of the same game.
pub fn comparison_text(all: &[Analysis], game: &str) -> String {
    let worst = all.iter().map(|a| a.figures.worst).max().unwrap_or(0);
    let name_w = all
        .iter()
        .map(|a| a.description.chars().count())
        .max()
        .unwrap_or(8)
        .max(8);
    let col_w = all
        .iter()
        .flat_map(|a| a.figures.histogram.iter())
        .map(|n| n.to_string().len())
        .max()
        .unwrap_or(1)
        .max(worst.to_string().len())
        .max(3);
    let mut out = format!("game: {game}\n\n{:<name_w$}", "strategy");
    for k in 1..=worst {
        out.push_str(&format!("  {k:>col_w$}"));
    }
    out.push_str(&format!(
        "  {:>8}  {:>8}  {:>5}  {:>8}\n",
        "total", "average", "worst", "seconds"
    ));
    for a in all {
        out.push_str(&format!("{:<name_w$}", a.description));
        for k in 1..=worst {
            let n = a.figures.histogram.get(k).copied().unwrap_or(0);
            out.push_str(&format!("  {n:>col_w$}"));
        }
        out.push_str(&format!(
            "  {:>8}  {:>8.4}  {:>5}  {:>8.3}\n",
            a.figures.total,
            a.figures.average(),
            a.figures.worst,
            a.seconds
        ));
    }
    out
}

/// A progress bar on standard error, or `None` when it is not a terminal or output is JSON.
pub fn progress_bar(len: u64, quiet: bool, what: &str) -> Option<ProgressBar> {
    if quiet || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} {bar:40} {pos}/{len} secrets, {elapsed} elapsed, eta {eta}",
        )
        .expect("a valid template"),
    );
    bar.set_message(what.to_string());
    Some(bar)
}

/// Until `done` is set, a spinner on standard error whose line `message` writes from the
/// seconds elapsed, once the work has run two seconds; nothing when `quiet` or when standard
/// error is not a terminal. Run it on a thread beside the work.
pub fn spinner_until(done: &AtomicBool, quiet: bool, mut message: impl FnMut(f64) -> String) {
    if quiet || !std::io::stderr().is_terminal() {
        return;
    }
    let start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(200));
        if start.elapsed() < Duration::from_secs(2) {
            continue;
        }
        let b = bar.get_or_insert_with(|| {
            let b = ProgressBar::new_spinner();
            b.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("valid template"));
            b
        });
        b.set_message(message(start.elapsed().as_secs_f64()));
        b.tick();
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
}

/// Whether a file argument is `-`: standard input or output.
pub fn is_std(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// A tree file's name in messages: `standard output` for `-`.
fn tree_name(path: &Path) -> String {
    if is_std(path) {
        "standard output".into()
    } else {
        path.display().to_string()
    }
}

/// Writes a tree through the tree crate's writer to `path`, or to standard output for `-`.
/// The writer's I/O error stays in the error's chain, so that a closed standard output (as in
/// `--tree /dev/stdout | head -3`) ends the run quietly with exit 0 (see [`crate::failure`]).
pub fn write_tree(
    path: &Path,
    format: Format,
    game: &codebreak_core::Game,
    tree: &codebreak_tree::DecisionTree,
) -> Result<(), Failure> {
    let written = if is_std(path) {
        codebreak_tree::write(
            &mut BufWriter::new(std::io::stdout().lock()),
            tree,
            game,
            format,
        )
    } else {
        std::fs::File::create(path)
            .map_err(TreeError::Io)
            .and_then(|f| codebreak_tree::write(&mut BufWriter::new(f), tree, game, format))
    };
    written.map_err(|e| {
        let what = format!("cannot write tree file {}", tree_name(path));
        Failure::BadInput(match e {
            TreeError::Io(io) => anyhow::Error::new(io).context(what),
            other => anyhow::Error::new(other).context(what),
        })
    })
}

/// Prints a command's report on standard output, or on standard error when standard output
/// carries a tree (`--tree -`).
pub fn report(text: &str, tree_on_stdout: bool) -> Result<(), Failure> {
    if tree_on_stdout {
        std::io::stderr().write_all(text.as_bytes())?;
    } else {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
    }
    Ok(())
}

/// Fails early, before any long computation, when `path` cannot be written: its directory is
/// missing or it names a directory. `-` (standard output) always can.
pub fn check_writable(path: &std::path::Path) -> Result<(), crate::failure::Failure> {
    if is_std(path) {
        return Ok(());
    }
    let bad = |why: &str| {
        Err(crate::failure::Failure::BadInput(anyhow::anyhow!(
            "cannot write {}: {why}",
            codebreak_core::error::quote(&path.display().to_string())
        )))
    };
    if path.is_dir() {
        return bad("it is a directory, expected a file name");
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if !parent.is_dir() {
        return bad("its directory does not exist");
    }
    Ok(())
}
