//! `codebreak hint`: after some moves, what is still possible and what to play next.

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;
use codebreak_core::{AnyEngine, Code, Feedback, Game};
use codebreak_strategy::two_phase::TwoPhase;
use codebreak_strategy::{AnyStrategy, STRATEGIES, hint, parse_history};
use serde_json::json;

use crate::args::{GameArgs, StrategyArgs};
use crate::failure::{BadInput, Failure};
use crate::interact;

pub const EXAMPLES: &str = "\
Examples:
  codebreak hint --history \"0011:1B0W,2345:0B2W\"
  codebreak hint --game bulls --history \"0123:1A2B\" --all
  codebreak hint --history-file moves.txt --strategy entropy --json   # one GUESS REPLY per line";

/// Arguments of `hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The moves so far: GUESS:REPLY pairs separated by commas, e.g. "1122:1B0W,3456:0B2W".
    #[arg(long, value_name = "MOVES")]
    pub history: Option<String>,
    /// Read the moves from FILE, one "GUESS REPLY" per line (# starts a comment); - reads
    /// standard input.
    #[arg(long, value_name = "FILE", conflicts_with = "history")]
    pub history_file: Option<PathBuf>,
    /// The strategy whose next guess to show.
    #[arg(long, short, default_value = "minimax", value_name = "NAME")]
    pub strategy: String,
    /// Show the next guess of every strategy.
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub strategy_options: StrategyArgs,
    /// How many of the remaining secrets to list.
    #[arg(
        long,
        default_value_t = 10,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = crate::args::whole::<usize>(codebreak_core::number::LIST)
    )]
    pub show: usize,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Longest history file read.
const MAX_HISTORY_FILE: u64 = 16 << 20;

pub fn run(a: HintArgs) -> Result<(), Failure> {
    let json = a.json;
    match run_hint(a) {
        // Contradictions write their own error object, with the diagnosis.
        Err(f @ Failure::BadInput(_)) if json => Err(interact::json_failure(f)),
        other => other,
    }
}

/// Reads the moves of a history file (`-`: standard input). Errors name the file and line.
fn read_history_file(game: &Game, path: &Path) -> Result<Vec<(Code, Feedback)>, Failure> {
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let cannot = |e: std::io::Error| {
        Failure::BadInput(anyhow::anyhow!("cannot read history file {name}: {e}"))
    };
    let reader: Box<dyn Read> = if stdin {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(cannot)?)
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_HISTORY_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_HISTORY_FILE {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "history file {name} is larger than {} MiB: expected one GUESS REPLY per line",
            MAX_HISTORY_FILE >> 20
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        Failure::BadInput(anyhow::anyhow!(
            "{name}:{line}: not valid UTF-8 text: expected one GUESS REPLY per line"
        ))
    })?;
    parse_history(game, &text)
        .map_err(|e| Failure::BadInput(anyhow::anyhow!("{name}:{}: {e}", e.line)))
}

fn run_hint(a: HintArgs) -> Result<(), Failure> {
    let game = a.game.game()?;
    let moves: Vec<(Code, Feedback)> = match (&a.history, &a.history_file) {
        (Some(h), _) => parse_history(&game, h).bad_input()?,
        (None, Some(path)) => read_history_file(&game, path)?,
        (None, None) => Vec::new(),
    };
    let options = a.strategy_options.options(&game)?;
    let engine = AnyEngine::new(&game).bad_input()?;
    // Two-phase reads its state from its own moves: after a move it would not have played,
    // its next guess means little, so it is left out of --all (and flagged when asked for).
    let foreign = TwoPhase::foreign_note(&game, &moves);
    let names: Vec<&str> = if a.all {
        STRATEGIES
            .iter()
            .map(|s| s.name)
            .filter(|n| *n != "two-phase" || (TwoPhase::supports(&game) && foreign.is_none()))
            .collect()
    } else {
        vec![a.strategy.as_str()]
    };
    let note =
        foreign.filter(|_| names.contains(&"two-phase") || (a.all && TwoPhase::supports(&game)));
    let strategies: Vec<AnyStrategy> = names
        .iter()
        .map(|n| {
            let info = STRATEGIES.iter().find(|s| s.name == *n);
            let opts = if a.all {
                codebreak_strategy::StrategyOptions {
                    pool: options.pool.filter(|_| info.is_some_and(|i| i.greedy)),
                    ties: options.ties.filter(|_| info.is_some_and(|i| i.greedy)),
                    seed: options.seed.filter(|_| *n == "random"),
                    first_guess: options.first_guess,
                    sample: options.sample.filter(|_| info.is_some_and(|i| i.greedy)),
                }
            } else {
                options.clone()
            };
            AnyStrategy::new(n, &opts, &game, engine.space())
        })
        .collect::<Result<_, _>>()
        .bad_input()?;
    let solved = moves.last().is_some_and(|(_, f)| *f == game.win());
    let h = match hint(&engine, &strategies, &moves, a.show) {
        Ok(h) => h,
        Err(d) => {
            let msg = format!(
                "no secret gives every one of these replies; {}",
                d.explain(&game, &moves)
            );
            if a.json {
                interact::emit(
                    &json!({"error": msg, "diagnosis": interact::diagnosis_json(&d, &game)}),
                )?;
            }
            return Err(Failure::NoAnswer(anyhow::anyhow!("{msg}")));
        }
    };
    let fmt = |c: &Code| game.format_code(c);
    if a.json {
        let suggestions: Vec<_> = h
            .suggestions
            .iter()
            .map(|s| {
                json!({
                    "strategy": s.strategy,
                    "guess": fmt(&s.guess),
                    "largest_class": s.stats.largest,
                    "expected_size": s.stats.expected_size,
                    "entropy": s.stats.entropy,
                    "parts": s.stats.parts,
                    "consistent": s.stats.consistent,
                    "sample": s.sample,
                })
            })
            .collect();
        let mut v = json!({
            "remaining": h.remaining,
            "candidates": h.candidates.iter().map(fmt).collect::<Vec<_>>(),
            "guess": fmt(&h.suggestions[0].guess),
            "suggestions": suggestions,
        });
        if solved {
            v["solved"] = json!(fmt(&moves.last().expect("a move").0));
        }
        if let Some(n) = &note {
            v["note"] = json!(n);
        }
        interact::emit(&v)?;
        return Ok(());
    }
    println!("game       {game}");
    if solved {
        println!("solved     {}", fmt(&moves.last().expect("a move").0));
        return Ok(());
    }
    let list = if h.candidates.is_empty() {
        // --show 0: the count alone.
        String::new()
    } else {
        let more = if h.remaining > h.candidates.len() {
            " …"
        } else {
            ""
        };
        let codes: Vec<String> = h.candidates.iter().map(fmt).collect();
        format!(": {}{more}", codes.join(" "))
    };
    println!(
        "remaining  {}{list}",
        interact::count(h.remaining, "secret", "secrets")
    );
    let w = h
        .suggestions
        .iter()
        .map(|s| s.strategy.len())
        .max()
        .unwrap_or(8)
        .max(8);
    for s in &h.suggestions {
        println!(
            "{:<w$}   {}   largest class {}, expected size {:.2}, entropy {:.3} bits, {}{}",
            s.strategy,
            fmt(&s.guess),
            s.stats.largest,
            s.stats.expected_size,
            s.stats.entropy,
            interact::count(s.stats.parts, "reply", "replies"),
            if s.stats.consistent {
                ", could be the secret"
            } else {
                ""
            }
        );
    }
    if let Some(n) = &note {
        println!("note       {n}");
    }
    for s in h.suggestions.iter().filter(|s| s.sample.is_some()) {
        let sample = s.sample.expect("filtered");
        println!(
            "note       {}'s guess was {}: --sample N scores more (or off, all)",
            s.strategy,
            sample.describe()
        );
    }
    Ok(())
}
