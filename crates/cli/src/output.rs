//! Writers shared by the subcommands: figure tables, JSON objects, progress bars.

use std::io::IsTerminal;

use codebreak_analysis::Analysis;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Map, Value, json};

/// The figures every command reports about a strategy over all secrets.
pub struct Figures<'a> {
    /// Secrets played.
    pub secrets: u64,
    /// Guesses in all.
    pub total: u64,
    /// Most guesses any secret needs.
    pub worst: usize,
    /// `histogram[k]` secrets need `k` guesses (index 0 unused).
    pub histogram: &'a [u64],
}

impl Figures<'_> {
    /// The figures of an analysis.
    pub fn of(a: &Analysis) -> Figures<'_> {
        Figures {
            secrets: a.secrets,
            total: a.total,
            worst: a.worst,
            histogram: &a.histogram,
        }
    }

    /// `--self-check`: replays every secret through the tree at `root` with the independent
    /// checker (`codebreak_tree::verify`, the rules alone) and fails unless it gives these
    /// figures, which `who` (the analysis, the search) reported.
    pub fn self_check(
        &self,
        game: &codebreak_core::Game,
        root: &codebreak_tree::Node,
        who: &str,
    ) -> Result<codebreak_tree::VerifyReport, crate::failure::Failure> {
        let failed = |why: String| {
            crate::failure::Failure::NoAnswer(anyhow::anyhow!("self-check failed: {why}"))
        };
        let report = codebreak_tree::verify(game, root).map_err(|e| failed(e.to_string()))?;
        if report.total != self.total
            || report.secrets != self.secrets
            || report.histogram != self.histogram
        {
            return Err(failed(format!(
                "the tree replays to {}/{} but {who} reported {}/{}",
                report.total, report.secrets, self.total, self.secrets
            )));
        }
        Ok(report)
    }

    /// The average as an exact fraction, `total/secrets`.
    pub fn fraction(&self) -> String {
        format!("{}/{}", self.total, self.secrets)
    }

    /// The average as a decimal.
    pub fn average(&self) -> f64 {
        self.total as f64 / self.secrets.max(1) as f64
    }

    /// The JSON fields shared by `analyze`, `optimal` and `verify`: secrets, total, average,
    /// fraction, worst, and the histogram as `{"1": n1, "2": n2, ...}`.
    pub fn json(&self) -> Map<String, Value> {
        let mut hist = Map::new();
        for (k, n) in self.histogram.iter().enumerate().skip(1) {
            hist.insert(k.to_string(), json!(n));
        }
        let mut m = Map::new();
        m.insert("secrets".into(), json!(self.secrets));
        m.insert("total".into(), json!(self.total));
        m.insert("average".into(), json!(self.average()));
        m.insert("fraction".into(), json!(self.fraction()));
        m.insert("worst".into(), json!(self.worst));
        m.insert("histogram".into(), Value::Object(hist));
        m
    }

    /// The histogram table and the summary lines (secrets, total, average, worst).
    pub fn table(&self) -> String {
        let mut out = String::from("guesses  secrets\n");
        for (k, n) in self.histogram.iter().enumerate().skip(1) {
            out.push_str(&format!("{k:>7}  {n:>7}\n"));
        }
        out.push_str(&format!(
            "\nsecrets   {}\ntotal     {}\naverage   {} = {:.4}\nworst     {}\n",
            self.secrets,
            self.total,
            self.fraction(),
            self.average(),
            self.worst
        ));
        out
    }
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

/// The JSON object of an analysis, as documented for `analyze --json`.
pub fn analysis_json(a: &Analysis) -> Value {
    with_fields(
        json!({
            "game": a.game,
            "strategy": a.strategy,
            "description": a.description,
        }),
        Figures::of(a).json(),
        json!({ "sampled": a.sampled, "seconds": a.seconds }),
    )
}

/// The human report of one analysis.
pub fn analysis_text(a: &Analysis, game: &str) -> String {
    format!(
        "game      {game}\nstrategy  {}\n\n{}{}time      {:.3} s\n",
        a.description,
        Figures::of(a).table(),
        sampled_note(a),
        a.seconds
    )
}

/// A line saying how many guess choices were made from a sample of the pool, if any.
fn sampled_note(a: &Analysis) -> String {
    if a.sampled == 0 {
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
    let worst = all.iter().map(|a| a.worst).max().unwrap_or(0);
    let name_w = all
        .iter()
        .map(|a| a.description.chars().count())
        .max()
        .unwrap_or(8)
        .max(8);
    let col_w = all
        .iter()
        .flat_map(|a| a.histogram.iter())
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
            let n = a.histogram.get(k).copied().unwrap_or(0);
            out.push_str(&format!("  {n:>col_w$}"));
        }
        out.push_str(&format!(
            "  {:>8}  {:>8.4}  {:>5}  {:>8.3}\n",
            a.total,
            a.average(),
            a.worst,
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

/// Fails early, before any long computation, when `path` cannot be written: its directory is
/// missing or it names a directory.
pub fn check_writable(path: &std::path::Path) -> Result<(), crate::failure::Failure> {
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
