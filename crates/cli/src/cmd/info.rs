//! `codebreak info`: what a game is: its codes, replies, end, size in memory and symmetry.

use clap::Args;
use codebreak_core::list::{End, ListRule};
use codebreak_core::list_symmetry::Group;
use codebreak_core::{Game, Role};
use serde_json::{Value, json};

use crate::args::GameArgs;
use crate::failure::Failure;

pub const EXAMPLES: &str = "\
Examples:
  codebreak info                                         # Mastermind 4 x 6: 1296 codes, 14 replies
  codebreak info --game-file examples/games/coins.toml   # 36894 weighings, group of 2*12! elements
  codebreak info --game-file examples/games/coins.toml --set COINS=16 --json
  codebreak info --game wordle --no-symmetry";

/// Arguments of `info`.
#[derive(Args, Debug)]
pub struct InfoArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Do not look for a game file's symmetry (which reads the whole table: seconds on the
    /// largest games).
    #[arg(long)]
    pub no_symmetry: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: InfoArgs) -> Result<(), Failure> {
    let facts = match crate::cmd::huge::route(&a.game)? {
        Some(huge) => {
            let codes = huge.game().codes();
            json!({
                "game": huge.to_string(),
                "listed": false,
                "guesses": codes.map(|n| n.to_string()),
                "secrets": codes.map(|n| n.to_string()),
                "note": "too large to list: hints, solving and sampled analyses reason on the rule",
            })
        }
        None => {
            let game = a.game.game()?;
            facts(&game, !a.no_symmetry)
        }
    };
    if a.json {
        println!("{facts}");
    } else {
        print!("{}", text(&facts));
    }
    Ok(())
}

/// What `info` says of a listed game, as JSON.
fn facts(game: &Game, symmetry: bool) -> Value {
    let (one, many) = game.move_words();
    let mut v = json!({
        "game": game.to_string(),
        "listed": true,
        "guesses": game.count(Role::Guess).to_string(),
        "secrets": game.count(Role::Secret).to_string(),
        "move": [one, many],
    });
    let Some(list) = game.list() else {
        // The peg games' symmetry is written by hand: colours renamed, pegs reordered.
        if game.has_peg_symmetry() {
            let fact = |n: usize| (1..=n as u128).product::<u128>();
            let (c, p) = (game.colors(), game.pegs());
            v["symmetry"] = json!({
                "order": (fact(c) * fact(p)).to_string(),
                "how": format!("written by hand: the {c} colours renamed ({c}!) and the {p} pegs reordered ({p}!)"),
            });
        }
        v["end"] = json!("guess");
        return v;
    };
    if !list.description().is_empty() {
        v["description"] = json!(list.description());
    }
    v["rule"] = json!(match list.rule() {
        ListRule::Builtin(kind) => format!("{} on listed codes", kind.name()),
        ListRule::Wordle => "wordle".into(),
        ListRule::Table => "table".into(),
        ListRule::Script => "script".into(),
    });
    v["end"] = json!(match list.end() {
        End::Guess => "guess",
        End::Known => "known",
    });
    v["replies"] = json!(list.replies());
    let pairs = list.table().len();
    v["table"] = json!({
        "pairs": pairs,
        // The table and the engine's transposed copy, a byte a pair each.
        "bytes": 2 * pairs,
    });
    v["fingerprint"] = json!(format!("{:016x}", list.fingerprint()));
    if symmetry {
        let group = Group::of(list);
        v["symmetry"] = serde_json::to_value(group.report()).unwrap_or(Value::Null);
        v["symmetry"]["text"] = json!(group.describe());
    }
    v
}

/// The facts as aligned lines.
fn text(v: &Value) -> String {
    let mut out = String::new();
    let mut line = |key: &str, value: String| out += &format!("{key:<12}{value}\n");
    let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
    line("game", s("game"));
    if let Some(d) = v["description"].as_str() {
        line("description", d.to_string());
    }
    if let Some(r) = v["rule"].as_str() {
        line("rule", r.to_string());
    }
    let words = v["move"].as_array();
    let many = words
        .and_then(|w| w.get(1))
        .and_then(Value::as_str)
        .unwrap_or("guesses");
    match v["end"].as_str() {
        Some("known") => line(
            "end",
            format!("when one secret is left; only the {many} count"),
        ),
        Some(_) => line(
            "end",
            "when the secret is guessed; that guess counts".into(),
        ),
        None => {}
    }
    let listed = v["listed"].as_bool().unwrap_or(true);
    let count = |k: &str| match v[k].as_str() {
        Some(n) if listed => n.to_string(),
        Some(n) => format!("{n} (too large to list)"),
        None => "more than 2^128".into(),
    };
    line("guesses", count("guesses"));
    line("secrets", count("secrets"));
    if let Some(r) = v["replies"].as_array() {
        let names: Vec<&str> = r.iter().filter_map(Value::as_str).collect();
        let shown = if names.len() > 16 {
            format!(
                "{} ... {}",
                names[..8].join(" "),
                names[names.len() - 2..].join(" ")
            )
        } else {
            names.join(" ")
        };
        line("replies", format!("{}: {shown}", names.len()));
    }
    if let Some(pairs) = v["table"]["pairs"].as_u64() {
        let mb = v["table"]["bytes"].as_u64().unwrap_or(0) as f64 / 1e6;
        line(
            "table",
            format!("{pairs} guess-secret pairs, {mb:.1} MB (a byte a pair, and its transpose)"),
        );
    }
    if let Some(fp) = v["fingerprint"].as_str() {
        line("fingerprint", fp.to_string());
    }
    if let Some(t) = v["symmetry"]["text"].as_str() {
        line("symmetry", t.to_string());
    } else if let Some(how) = v["symmetry"]["how"].as_str() {
        let order = v["symmetry"]["order"].as_str().unwrap_or("?");
        line("symmetry", format!("group of {order} elements, {how}"));
    }
    if let Some(note) = v["note"].as_str() {
        line("note", note.to_string());
    }
    out
}
