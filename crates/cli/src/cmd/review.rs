//! `codebreak review`: a finished game, move by move, against the best guess at each point,
//! with its skill and luck (the web page's review, on the command line).

use clap::Args;
use codebreak_session::{Game, Remaining, ReviewOptions, ReviewReport};

use crate::args::GameArgs;
use crate::cmd::hint::HistoryArgs;
use crate::failure::{Failure, session_failure};
use crate::interact;
use crate::runtime::Runtime;

pub const EXAMPLES: &str = "\
Examples:
  codebreak review --history \"0011:0B1W,1233:2B1W,1314:1B2W,1423:2B2W,1432:4B0W\" --secret 1432
  codebreak review --game bulls --history \"0123:0A2B,4567:0A1B\" --secret 7081 --json
  codebreak review --pegs 16 --colors 6 --history-file game.txt --secret 0123450123455432  # counts estimated";

/// Arguments of `review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub history: HistoryArgs,
    /// The secret of the game (every reply is checked against it).
    #[arg(long, value_name = "CODE")]
    pub secret: String,
    /// Positions with at most N secrets left are valued exactly (the best guess is the exact
    /// optimum there), 0 to 2000, default 300.
    #[arg(long, value_name = "N", default_value_t = ReviewOptions::default().exact_secrets,
          allow_hyphen_values = true,
          value_parser = crate::args::ranged::<usize>(codebreak_session::review::EXACT_SECRETS))]
    pub exact_secrets: usize,
    /// On games too large to list: secrets sampled, at each move, to find the best guess and
    /// to measure both guesses, 1 to 100000, default 400.
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<usize>(codebreak_session::reasoned::FIT_SAMPLE))]
    pub fit_sample: Option<usize>,
    /// Print JSON (the same report as the web page's `POST /api/review`).
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: ReviewArgs) -> Result<(), Failure> {
    let json = a.json;
    match run_review(a) {
        Err(f @ Failure::BadInput(_)) if json => Err(interact::json_failure(f)),
        other => other,
    }
}

fn run_review(a: ReviewArgs) -> Result<(), Failure> {
    let game = a.game.any_game()?;
    let history = a.history.read(&game)?;
    let options = game
        .review_options(Some(a.exact_secrets), a.fit_sample)
        .map_err(|e| session_failure(e, a.json))?;
    let rt = Runtime::new(a.json);
    let r = rt
        .busy("reviewing the game", |b| {
            game.review(&history, &a.secret, &options, b)
        })
        .map_err(|e| session_failure(e, a.json))?;
    if a.json {
        interact::emit(&r)?;
        return Ok(());
    }
    print!("{}", text(&game, &r));
    Ok(())
}

/// A count in a table: the number, or `~` and the estimate's central value.
fn count(r: &Remaining) -> String {
    match r {
        Remaining::Exact(n) => n.to_string(),
        estimate => format!("~{}", codebreak_session::reasoned::number(estimate.value())),
    }
}

/// The review for a person: the game's figures, then one line per move and its verdict.
fn text(game: &Game, r: &ReviewReport) -> String {
    let mut out = format!("game    {}\n", game.describe());
    let outcome = if r.solved {
        format!(
            "found in {}",
            interact::count(r.moves.len(), "move", "moves")
        )
    } else {
        "not found".to_string()
    };
    out.push_str(&format!("secret  {} ({outcome})\n", r.secret));
    out.push_str(&format!(
        "skill   {}/100   luck {} bits\n\n",
        r.skill,
        signed_tenths(r.luck)
    ));
    let rows: Vec<[String; 7]> = r
        .moves
        .iter()
        .map(|m| {
            [
                m.number.to_string(),
                format!("{} {}", m.played.guess, m.played.feedback),
                format!("{} of {}", count(&m.left), count(&m.before)),
                m.best.clone(),
                count(&m.best_left),
                match (m.guesses_needed, m.best_guesses_needed) {
                    (Some(y), Some(b)) => format!("{y:.2} / {b:.2}"),
                    _ => "-".into(),
                },
                m.skill.to_string(),
            ]
        })
        .collect();
    let head = [
        "#",
        "move",
        "secrets left",
        "best guess",
        "best leaves",
        "needed (yours / best)",
        "skill",
    ];
    let width: Vec<usize> = (0..head.len())
        .map(|k| {
            rows.iter()
                .map(|row| row[k].chars().count())
                .chain([head[k].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[&str]| {
        let mut s = cells
            .iter()
            .zip(&width)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect::<Vec<_>>()
            .join("  ");
        s.truncate(s.trim_end().len());
        s.push('\n');
        s
    };
    out.push_str(&line(&head));
    for (row, m) in rows.iter().zip(&r.moves) {
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        out.push_str(&line(&cells));
        out.push_str(&format!("{:w$}  {}\n", "", m.verdict, w = width[0]));
    }
    if r.moves.iter().any(|m| {
        [&m.before, &m.left, &m.best_left]
            .iter()
            .any(|c| c.exact().is_none())
    }) {
        out.push_str("\nnote    ~ marks an estimated count of secrets\n");
    }
    out.push_str(&format!("\n{}\n", r.method));
    out
}

/// `x` with its sign and one decimal, `+0.0` for anything that rounds to zero (never `-0.0`).
fn signed_tenths(x: f64) -> String {
    let tenths = (x * 10.0).round();
    format!("{:+.1}", if tenths == 0.0 { 0.0 } else { tenths / 10.0 })
}
