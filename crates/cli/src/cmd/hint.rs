//! `codebreak hint`: after some moves, what is still possible and what to play next.

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;
use codebreak_core::{AnyEngine, Code, Feedback, Game};
use codebreak_session::{HintOptions, HintReport, SessionError};
use codebreak_strategy::{StrategyKind, parse_history};

use crate::args::{GameArgs, StrategyArgs};
use crate::failure::{BadInput, Failure};
use crate::interact;

pub const EXAMPLES: &str = "\
Examples:
  codebreak hint --history \"0011:1B0W,2345:0B2W\"
  codebreak hint --game bulls --history \"0123:1A2B\" --all
  codebreak hint --history-file examples/moves.txt --strategy entropy --json   # one GUESS REPLY per line
  codebreak hint --game blackpeg --pegs 16 --colors 10 --history-file clues.txt  # 10^16 codes: reasons on the clues";

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
    ///
    /// Default minimax; on games too large to list, entropy (expected-size and most-parts
    /// also work there).
    #[arg(long, short, value_name = "NAME", value_parser = crate::args::strategy_parser())]
    pub strategy: Option<StrategyKind>,
    /// Show the next guess of every strategy (options go to the strategies that take them).
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
        value_parser = crate::args::ranged::<usize>(codebreak_session::SHOW)
    )]
    pub show: usize,
    /// On games too large to list: how many secrets that fit the replies are sampled to
    /// choose each guess (every candidate is scored by how it splits them), 1 to 100000,
    /// default 400. Larger samples choose a little better and take proportionally longer.
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<usize>(codebreak_session::huge::FIT_SAMPLE))]
    pub fit_sample: Option<usize>,
    /// On games too large to list: seconds allowed to find a first secret that fits (or to
    /// rule them all out) before giving up with exit 1, 1 to 86400, default 60. Project Euler
    /// 185 takes 0.1 s; a history that neither search settles in this time is reported as
    /// undecided.
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<u64>(codebreak_session::huge::FIND_SECONDS))]
    pub find_time: Option<u64>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Longest history file read.
const MAX_HISTORY_FILE: u64 = 16 << 20;

pub fn run(a: HintArgs) -> Result<(), Failure> {
    let json = a.json;
    let routed = crate::cmd::huge::route(&a.game)
        .map_err(|f| if json { interact::json_failure(f) } else { f })?;
    if let Some(game) = routed {
        let rt = crate::cmd::huge::Runtime::new(json);
        return crate::cmd::huge::hint(&a, game, &rt);
    }
    match run_hint(a) {
        // Contradictions write their own error object, with the diagnosis.
        Err(f @ Failure::BadInput(_)) if json => Err(interact::json_failure(f)),
        other => other,
    }
}

/// Reads the moves of a history file (`-`: standard input). Errors name the file and line.
fn read_history_file(game: &Game, path: &Path) -> Result<Vec<(Code, Feedback)>, Failure> {
    let (name, text) = read_text(path)?;
    parse_history(game, &text)
        .map_err(|e| Failure::BadInput(anyhow::anyhow!("{name}:{}: {e}", e.line)))
}

/// Reads a history file (`-`: standard input) as text, with its name for messages.
pub fn read_text(path: &Path) -> Result<(String, String), Failure> {
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
    Ok((name, text))
}

fn run_hint(a: HintArgs) -> Result<(), Failure> {
    crate::cmd::huge::no_fit_sample(a.fit_sample)?;
    crate::cmd::huge::no_find_time(a.find_time)?;
    let game = a.game.game()?;
    let moves: Vec<(Code, Feedback)> = match (&a.history, &a.history_file) {
        (Some(h), _) => parse_history(&game, h).bad_input()?,
        (None, Some(path)) => read_history_file(&game, path)?,
        (None, None) => Vec::new(),
    };
    let options = HintOptions {
        strategies: (!a.all).then(|| vec![a.strategy.unwrap_or_default()]),
        options: a.strategy_options.options(&game)?,
        show: a.show,
    };
    let engine = AnyEngine::new(&game).bad_input()?;
    let h = match codebreak_session::hint(&engine, &moves, &options) {
        Ok(h) => h,
        Err(SessionError::Contradiction(c)) => {
            if a.json {
                interact::emit(&*c)?;
            }
            return Err(Failure::NoAnswer(anyhow::anyhow!("{}", c.error)));
        }
        Err(e) => return Err(Failure::BadInput(e.into())),
    };
    if a.json {
        interact::emit(&h)?;
        return Ok(());
    }
    print!("{}", text(&game, &h));
    Ok(())
}

/// The hint for a person.
fn text(game: &Game, h: &HintReport) -> String {
    let mut out = format!("game       {game}\n");
    if let Some(s) = &h.solved {
        out.push_str(&format!("solved     {s}\n"));
        return out;
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
        format!(": {}{more}", h.candidates.join(" "))
    };
    out.push_str(&format!(
        "remaining  {}{list}\n",
        interact::count(h.remaining, "secret", "secrets")
    ));
    let w = h
        .suggestions
        .iter()
        .map(|s| s.strategy.name().len())
        .max()
        .unwrap_or(8)
        .max(8);
    for s in &h.suggestions {
        out.push_str(&format!(
            "{:<w$}   {}   largest class {}, expected size {:.2}, entropy {:.3} bits, {}{}\n",
            s.strategy.name(),
            s.guess,
            s.largest_class,
            s.expected_size,
            s.entropy,
            interact::count(s.parts, "reply", "replies"),
            if s.could_be_secret {
                ", could be the secret"
            } else {
                ""
            }
        ));
    }
    for o in &h.omitted {
        out.push_str(&format!("note       {}: {}\n", o.strategy, o.why));
    }
    for s in h.suggestions.iter() {
        if let Some(sample) = &s.sample {
            out.push_str(&format!(
                "note       {}'s guess was {}: --sample N scores more (or off, all)\n",
                s.strategy,
                sample.describe()
            ));
        }
    }
    out
}
