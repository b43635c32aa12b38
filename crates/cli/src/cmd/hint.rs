//! `codebreak hint`: after some moves, what is still possible and what to play next.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use codebreak_session::{Game, HintQuery, HintReport, History, Remaining, SessionError};
use codebreak_strategy::StrategyKind;

use crate::args::{GameArgs, StrategyArgs};
use crate::failure::{BadInput, Failure, session_failure};
use crate::interact;
use crate::runtime::Runtime;

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
    #[command(flatten)]
    pub history: HistoryArgs,
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
          value_parser = crate::args::ranged::<usize>(codebreak_session::reasoned::FIT_SAMPLE))]
    pub fit_sample: Option<usize>,
    /// On games too large to list: seconds allowed to find a first secret that fits (or to
    /// rule them all out) before giving up with exit 1, 1 to 86400, default 60. Project Euler
    /// 185 takes 0.1 s; a history that neither search settles in this time is reported as
    /// undecided.
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<u64>(codebreak_session::reasoned::FIND_SECONDS))]
    pub find_time: Option<u64>,
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

/// The moves of a game: `--history TEXT` or `--history-file FILE` (`hint`, `review`).
#[derive(Args, Debug)]
pub struct HistoryArgs {
    /// The moves: GUESS:REPLY pairs separated by commas, e.g. "1122:1B0W,3456:0B2W".
    #[arg(long, value_name = "MOVES")]
    pub history: Option<String>,
    /// Read the moves from FILE, one "GUESS REPLY" per line (# starts a comment); - reads
    /// standard input.
    #[arg(long, value_name = "FILE", conflicts_with = "history")]
    pub history_file: Option<PathBuf>,
}

impl HistoryArgs {
    /// The moves given (none when neither option is), read for `game`; a file's errors name
    /// it and the line.
    pub fn read(&self, game: &Game) -> Result<History, Failure> {
        Ok(match (&self.history, &self.history_file) {
            (Some(h), _) => game.parse_history(h).bad_input()?,
            (None, Some(path)) => {
                let (name, text) = read_text(path)?;
                game.parse_history(&text).map_err(|e| match e {
                    SessionError::History(h) => {
                        Failure::BadInput(anyhow::anyhow!("{name}:{}: {h}", h.line))
                    }
                    e => Failure::BadInput(anyhow::anyhow!("{name}: {e}")),
                })?
            }
            (None, None) => game.parse_history("").bad_input()?,
        })
    }
}

fn run_hint(a: HintArgs) -> Result<(), Failure> {
    let game = a.game.any_game()?;
    let history = a.history.read(&game)?;
    let query = HintQuery {
        strategies: (!a.all).then(|| vec![a.strategy.unwrap_or(game.default_strategy())]),
        options: a.strategy_options.spec(),
        show: a.show,
        fit_sample: a.fit_sample,
        find_time: a.find_time.map(Duration::from_secs),
    };
    let rt = Runtime::new(a.json);
    let h = rt
        .busy("looking for the secrets that fit", |b| {
            game.hint(&history, &query, b)
        })
        .map_err(|e| session_failure(e, a.json))?;
    if a.json {
        interact::emit(&h)?;
        return Ok(());
    }
    print!("{}", text(&game, &h));
    Ok(())
}

/// The hint for a person.
fn text(game: &Game, h: &HintReport) -> String {
    let mut out = format!("game       {}\n", game.describe());
    if let Some(s) = &h.solved {
        out.push_str(&format!("solved     {s}\n"));
        return out;
    }
    let list = if h.candidates.is_empty() {
        // --show 0: the count alone.
        String::new()
    } else {
        let more = if h.remaining.more_than(h.candidates.len()) {
            " …"
        } else {
            ""
        };
        format!(": {}{more}", h.candidates.join(" "))
    };
    out.push_str(&format!("remaining  {}{list}\n", h.remaining));
    if let Remaining::Estimate(e) = &h.remaining {
        out.push_str(&format!("note       estimated: {}\n", e.method));
    }
    let w = h
        .suggestions
        .iter()
        .map(|s| s.strategy.name().len())
        .max()
        .unwrap_or(8)
        .max(8);
    for s in &h.suggestions {
        let figures = match (
            &s.fit_sample,
            s.largest_class,
            s.expected_size,
            s.entropy,
            s.parts,
        ) {
            (Some(f), ..) => format!(
                "{} ({}), {}",
                s.why,
                f.method,
                interact::count(f.candidates, "candidate", "candidates"),
            ),
            (None, Some(largest), Some(expected), Some(entropy), Some(parts)) => format!(
                "largest class {largest}, expected size {expected:.2}, entropy {entropy:.3} bits, {}",
                interact::count(parts, "reply", "replies"),
            ),
            _ => s.why.clone(),
        };
        out.push_str(&format!(
            "{:<w$}   {}   {figures}{}\n",
            s.strategy.name(),
            s.guess,
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
