//! `codebreak optimal --openers`: the value of every first guess, resumable opener by opener.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use codebreak_core::error::plural;
use codebreak_core::{AnyEngine, Game};
use codebreak_search::openers::{OpenerProgress, OpenerValue, Openers, opener_log_path};
use codebreak_search::{Search, SearchError};

use crate::failure::Failure;
use crate::output;

/// Openers listed by the table when they are not all valued exactly (the log has every one).
const SHOWN: usize = 20;

/// Values every opener of `search`, appending each result to the log beside `checkpoint` (read
/// back first with `resume`), and reports them.
pub fn run(
    search: &Search<'_>,
    engine: &AnyEngine,
    checkpoint: &Path,
    resume: bool,
    json: bool,
) -> Result<(), Failure> {
    let game = engine.game();
    let log_path = opener_log_path(checkpoint);
    let log = search
        .opener_log(&log_path, resume)
        .map_err(|e| Failure::BadInput(e.into()))?;
    if resume && checkpoint.exists() {
        let n = search
            .load_checkpoint(checkpoint)
            .map_err(|e| Failure::BadInput(e.into()))?;
        if !json {
            eprintln!(
                "resuming with {n} solved set{} from {}",
                plural(n),
                checkpoint.display()
            );
        }
    }
    if resume && !json {
        eprintln!(
            "resuming with {} opener{} valued in {}",
            log.done.len(),
            plural(log.done.len()),
            log_path.display()
        );
    }
    let progress = OpenerProgress::default();
    let failed = std::sync::Mutex::new(None);
    let sink = |o: &codebreak_search::openers::Opener| {
        if let Err(e) = log.append(o, engine) {
            // The run cannot be resumed without its log: stop.
            failed.lock().expect("no panics").get_or_insert(e);
            search.status().cancel.store(true, Ordering::Relaxed);
        }
    };
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        let shown = scope.spawn(|| show_progress(search, engine, &progress, &done, json));
        let r = search.openers(&log.done, &progress, &sink);
        done.store(true, Ordering::Relaxed);
        let _ = shown.join();
        r
    });
    if let Some(e) = failed.into_inner().expect("no panics") {
        return Err(Failure::BadInput(e.into()));
    }
    let report = match result {
        Ok(r) => r,
        Err(SearchError::Interrupted) => {
            let n = search
                .save_checkpoint(checkpoint)
                .map_err(|e| Failure::BadInput(e.into()))?;
            let valued = progress.done.load(Ordering::Relaxed);
            eprintln!(
                "codebreak: search stopped; {valued} opener{} valued in {}, {n} solved set{} saved to {}; \
                 continue with --resume {}",
                plural(valued),
                log_path.display(),
                plural(n),
                checkpoint.display(),
                checkpoint.display()
            );
            std::process::exit(130);
        }
        Err(e) => return Err(Failure::BadInput(e.into())),
    };
    let secrets = engine.space().secrets().len() as u64;
    let text = if json {
        format!("{}\n", json_report(&report, engine, secrets)?)
    } else {
        text_report(&report, game, engine, secrets, &log_path)
    };
    output::report(&text, false)?;
    match (report.best(), report.bound) {
        (None, Some(bound)) => Err(Failure::NoAnswer(anyhow::anyhow!(
            "no opener takes fewer than {bound} guesses in all: the optimum is at least {bound}"
        ))),
        _ => Ok(()),
    }
}

/// The value of an opener as the table shows it.
fn value_text(v: &OpenerValue, secrets: u64) -> String {
    match *v {
        OpenerValue::Exact { total, worst } => format!(
            "{total:>7}  {:.4}  {worst}",
            total as f64 / secrets.max(1) as f64
        ),
        OpenerValue::AtLeast(t) => format!("at least {t}"),
    }
}

/// The text report: how many openers, the best ones (every exact one, and the first lower
/// bounds when there is room), and what the run took.
fn text_report(r: &Openers, game: &Game, engine: &AnyEngine, secrets: u64, log: &Path) -> String {
    let exact = r
        .openers
        .iter()
        .filter(|o| matches!(o.value, OpenerValue::Exact { .. }))
        .count();
    let rest = r.openers.len() - exact;
    let mut out = format!(
        "game      {game}\nsearch    every opener, fewest guesses in all{}\nopeners   {} worth trying{}: {exact} valued exactly, {rest} at least a bound\n",
        r.bound.map_or(String::new(), |b| format!(", below {b}")),
        r.openers.len(),
        if r.symmetric {
            " (one per symmetry class)"
        } else {
            ""
        },
    );
    if r.useless > 0 {
        out += &format!(
            "          {} other{} never open{} an optimal strategy (learning nothing, or leaving a class beyond the depth limit)\n",
            r.useless,
            if r.symmetric { " classes" } else { " guesses" },
            if r.useless == 1 { "s" } else { "" }
        );
    }
    out += "\n rank  opener    total  average  worst\n";
    let shown = exact.max(SHOWN.min(r.openers.len()));
    for (i, o) in r.openers.iter().take(shown).enumerate() {
        let code = game.format_code(&engine.space().code(o.guess));
        out += &format!(
            "{:>5}  {code:<8} {}\n",
            i + 1,
            value_text(&o.value, secrets)
        );
    }
    if shown < r.openers.len() {
        out += &format!(
            "  ...  {} more, each at least a bound (all in {})\n",
            r.openers.len() - shown,
            log.display()
        );
    }
    let searched = r.openers.iter().filter(|o| o.searched).count();
    out += &format!(
        "\nsearched  {searched} opener{} ({} settled by {} counting bound alone{})\ntime      {:.3} s\nnodes     {}\n",
        plural(searched),
        r.openers.len() - searched - r.resumed,
        if r.openers.len() - searched - r.resumed == 1 {
            "its"
        } else {
            "their"
        },
        if r.resumed > 0 {
            format!(", {} from the log", r.resumed)
        } else {
            String::new()
        },
        r.seconds,
        r.nodes,
    );
    if let Some(best) = r.best() {
        out += &format!(
            "tree      codebreak optimal --first-guess {} --tree FILE (with the game's options)\n",
            game.format_code(&engine.space().code(best.guess))
        );
    }
    out
}

/// The JSON report: every opener, best first.
fn json_report(r: &Openers, engine: &AnyEngine, secrets: u64) -> Result<String, Failure> {
    let v = serde_json::json!({
        "game": engine.game().spec(),
        "secrets": secrets,
        "bound": r.bound,
        "openers": r.entries(engine),
        "useless": r.useless,
        "symmetric": r.symmetric,
        "resumed": r.resumed,
        "effort": { "nodes": r.nodes, "seconds": r.seconds },
    });
    serde_json::to_string(&v).map_err(|e| Failure::BadInput(e.into()))
}

/// The spinner's line: openers valued, the best so far, the opener being searched, time and
/// an estimate of what is left.
fn progress_message(
    done: usize,
    of: usize,
    exact: usize,
    best: Option<(u64, u64)>,
    working: Option<(&str, usize, usize, usize)>,
    seconds: f64,
) -> String {
    let best = best.map_or(String::new(), |(t, w)| format!(", best {t} (worst {w})"));
    let working = working.map_or(String::new(), |(code, rank, solved, classes)| {
        format!(
            ", searching #{} {code}: {solved}/{classes} classes",
            rank + 1
        )
    });
    format!(
        "openers: {done}/{of} valued, {exact} exactly{best}{working}, {seconds:.0} s (Ctrl-C saves; --resume continues)"
    )
}

/// A spinner on a terminal, once the run has taken two seconds.
fn show_progress(
    search: &Search<'_>,
    engine: &AnyEngine,
    progress: &OpenerProgress,
    done: &AtomicBool,
    quiet: bool,
) {
    output::spinner_until(done, quiet, |seconds| {
        let st = search.status();
        let first = st.first_guess();
        let code = first.map(|f| engine.game().format_code(&engine.space().code(f.guess)));
        progress_message(
            progress.done.load(Ordering::Relaxed),
            progress.total.load(Ordering::Relaxed),
            progress.exact.load(Ordering::Relaxed),
            st.best(),
            code.as_deref()
                .zip(first)
                .map(|(c, f)| (c, f.rank, f.solved, f.classes)),
            seconds,
        )
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spinner_counts_openers_and_names_the_one_searched() {
        assert_eq!(
            progress_message(
                12,
                12972,
                1,
                Some((7920, 5)),
                Some(("reast", 12, 3, 150)),
                61.2
            ),
            "openers: 12/12972 valued, 1 exactly, best 7920 (worst 5), searching #13 reast: 3/150 classes, 61 s (Ctrl-C saves; --resume continues)"
        );
        assert_eq!(
            progress_message(0, 0, 0, None, None, 2.0),
            "openers: 0/0 valued, 0 exactly, 2 s (Ctrl-C saves; --resume continues)"
        );
    }
}
