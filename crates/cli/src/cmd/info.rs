//! `codebreak info`: what a game is: its codes, replies, end, size in memory and symmetry.

use clap::Args;
use codebreak_core::list::{End, ListRule};
use codebreak_core::list_symmetry::{Group, GroupReport};
use codebreak_core::{Game, Role};
use serde::Serialize;

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
    let game = a.game.any_game()?;
    let info = match game.as_listed() {
        Some(listed) => Info::of(listed, !a.no_symmetry),
        None => {
            let codes = game
                .as_reasoned()
                .and_then(|huge| huge.game().codes())
                .map(|n| n.to_string());
            Info {
                game: game.to_string(),
                listed: false,
                guesses: codes.clone(),
                secrets: codes,
                note: Some(
                    "too large to list: hints, solving and sampled analyses reason on the rule",
                ),
                ..Info::default()
            }
        }
    };
    if a.json {
        println!("{}", serde_json::to_string(&info).unwrap_or_default());
    } else {
        print!("{info}");
    }
    Ok(())
}

/// What `info` says of a game (`--json` writes it as it is).
#[derive(Debug, Default, Serialize)]
struct Info {
    game: String,
    listed: bool,
    /// How many guesses and secrets, as text (a game too large to list may have more than a
    /// float holds exactly); `None` past 2^128.
    guesses: Option<String>,
    secrets: Option<String>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    move_words: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    replies: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<Table>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fingerprint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    symmetry: Option<Symmetry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'static str>,
}

/// A list game's reply table.
#[derive(Debug, Serialize)]
struct Table {
    pairs: usize,
    /// The table and the engine's transposed copy, a byte a pair each.
    bytes: usize,
}

/// A game's symmetry: found from a game file's table, or written by hand for the peg games.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum Symmetry {
    Found {
        #[serde(flatten)]
        report: GroupReport,
        text: String,
    },
    Written {
        order: String,
        how: String,
    },
}

impl Info {
    /// The facts of a listed game; `symmetry`: look for a game file's group.
    fn of(game: &Game, symmetry: bool) -> Info {
        let (one, many) = game.move_words();
        let mut info = Info {
            game: game.to_string(),
            listed: true,
            guesses: Some(game.count(Role::Guess).to_string()),
            secrets: Some(game.count(Role::Secret).to_string()),
            move_words: Some([one.to_string(), many.to_string()]),
            end: Some("guess"),
            ..Info::default()
        };
        let Some(list) = game.list() else {
            // The peg games' symmetry is written by hand: colours renamed, pegs reordered.
            if game.has_peg_symmetry() {
                let fact = |n: usize| (1..=n as u128).product::<u128>();
                let (c, p) = (game.colors(), game.pegs());
                info.symmetry = Some(Symmetry::Written {
                    order: (fact(c) * fact(p)).to_string(),
                    how: format!(
                        "written by hand: the {c} colours renamed ({c}!) and the {p} pegs reordered ({p}!)"
                    ),
                });
            }
            return info;
        };
        info.description = Some(list.description().to_string()).filter(|d| !d.is_empty());
        info.rule = Some(match list.rule() {
            ListRule::Builtin(kind) => format!("{} on listed codes", kind.name()),
            ListRule::Wordle => "wordle".into(),
            ListRule::Table => "table".into(),
            ListRule::Script => "script".into(),
        });
        info.end = Some(match list.end() {
            End::Guess => "guess",
            End::Known => "known",
        });
        info.replies = Some(list.replies().to_vec());
        let pairs = list.table().len();
        info.table = Some(Table {
            pairs,
            bytes: 2 * pairs,
        });
        info.fingerprint = Some(format!("{:016x}", list.fingerprint()));
        if symmetry {
            let group = Group::of(list);
            info.symmetry = Some(Symmetry::Found {
                report: group.report(),
                text: group.describe(),
            });
        }
        info
    }
}

/// The facts as aligned lines.
impl std::fmt::Display for Info {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line = |f: &mut std::fmt::Formatter<'_>, key: &str, value: &str| {
            writeln!(f, "{key:<12}{value}")
        };
        line(f, "game", &self.game)?;
        if let Some(d) = &self.description {
            line(f, "description", d)?;
        }
        if let Some(r) = &self.rule {
            line(f, "rule", r)?;
        }
        let many = self.move_words.as_ref().map_or("guesses", |w| &w[1]);
        match self.end {
            Some("known") => line(
                f,
                "end",
                &format!("when one secret is left; only the {many} count"),
            )?,
            Some(_) => line(f, "end", "when the secret is guessed; that guess counts")?,
            None => {}
        }
        let count = |n: &Option<String>| match n {
            Some(n) if self.listed => n.clone(),
            Some(n) => format!("{n} (too large to list)"),
            None => "more than 2^128".into(),
        };
        line(f, "guesses", &count(&self.guesses))?;
        line(f, "secrets", &count(&self.secrets))?;
        if let Some(names) = &self.replies {
            let shown = if names.len() > 16 {
                format!(
                    "{} ... {}",
                    names[..8].join(" "),
                    names[names.len() - 2..].join(" ")
                )
            } else {
                names.join(" ")
            };
            line(f, "replies", &format!("{}: {shown}", names.len()))?;
        }
        if let Some(t) = &self.table {
            let mb = t.bytes as f64 / 1e6;
            line(
                f,
                "table",
                &format!(
                    "{} guess-secret pairs, {mb:.1} MB (a byte a pair, and its transpose)",
                    t.pairs
                ),
            )?;
        }
        if let Some(fp) = &self.fingerprint {
            line(f, "fingerprint", fp)?;
        }
        match &self.symmetry {
            Some(Symmetry::Found { text, .. }) => line(f, "symmetry", text)?,
            Some(Symmetry::Written { order, how }) => {
                line(f, "symmetry", &format!("group of {order} elements, {how}"))?
            }
            None => {}
        }
        if let Some(note) = self.note {
            line(f, "note", note)?;
        }
        Ok(())
    }
}
