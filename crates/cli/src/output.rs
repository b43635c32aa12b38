//! Writers shared by the subcommands: figure tables, JSON objects, progress bars.

use std::io::IsTerminal;

use codebreak_analysis::Analysis;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Map, Value, json};

/// The JSON object of an analysis, as documented for `analyze --json`.
pub fn analysis_json(a: &Analysis) -> Value {
    let mut hist = Map::new();
    for (k, n) in a.histogram.iter().enumerate().skip(1) {
        hist.insert(k.to_string(), json!(n));
    }
    json!({
        "game": a.game,
        "strategy": a.strategy,
        "description": a.description,
        "secrets": a.secrets,
        "total": a.total,
        "average": a.average(),
        "fraction": a.fraction(),
        "worst": a.worst,
        "histogram": hist,
        "seconds": a.seconds,
    })
}

/// The human report of one analysis.
pub fn analysis_text(a: &Analysis, game: &str) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "game      {game}\nstrategy  {}\n\n",
        a.description
    ));
    out.push_str("guesses  secrets\n");
    for (k, n) in a.histogram.iter().enumerate().skip(1) {
        out.push_str(&format!("{k:>7}  {n:>7}\n"));
    }
    out.push_str(&format!(
        "\nsecrets   {}\ntotal     {}\naverage   {} = {:.4}\nworst     {}\ntime      {:.3} s\n",
        a.secrets,
        a.total,
        a.fraction(),
        a.average(),
        a.worst,
        a.seconds
    ));
    out
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
