//! `codebreak verify FILE`: reads a decision tree with the tree crate's reader (any format it
//! reads, given or detected) and replays every secret through it with the rules alone
//! (`codebreak_tree::verify`, which shares no code with the strategies or the search).

use std::path::{Path, PathBuf};

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, FromArgMatches};
use codebreak_core::error::plural;
use codebreak_core::{Game, GameKind};
use codebreak_tree::{DeadBranches, Format, Node, TreeError, VerifyError, VerifyReport};
use serde_json::{Value, json};

use crate::args::GameArgs;
use crate::failure::{BadInput, Failure};
use crate::output::{self, is_std, with_fields};

pub const EXAMPLES: &str = "\
Examples:
  codebreak analyze --strategy entropy --tree tree.json; codebreak verify tree.json
  codebreak verify --alphabet 123456 examples/trees/knuth-mm46.txt   # Knuth's strategy: 5801
  codebreak verify --game bulls examples/trees/bulls-optimal.txt --json   # 26274
  codebreak analyze --pegs 5 --colors 8 -s entropy --tree mm58.txt --format compact
  codebreak verify --pegs 5 --colors 8 mm58.txt           # compact notation needs the game
  (examples/ is in the source repository; examples/README.md names the published trees)
  codebreak analyze --tree - --format paths | codebreak verify -   # - reads standard input
  codebreak verify --game wordle salet.easy.origwords.tree         # Selby's layout: 7920
  codebreak verify --game wordle --hard salet.hard.origwordlist.tree   # hard mode: 8122
  codebreak analyze --game-file examples/games/twod.toml --tree twod.json
  codebreak verify --game-file examples/games/twod.toml twod.json   # names the game: give it

Exit codes: 0 every secret is found; 1 some secret is not (the first one is named, with its
path), a guess is not a legal guess of the game (in hard mode, one its rule does not allow),
or a branch of a tree (other than bracket notation) can never be reached; 2 the file cannot be read, or the options are wrong. With --json a failure is also an object on standard output:
{\"error\": MESSAGE} and, when a secret is lost or a branch unreachable, \"secret\" and
\"path\".";

/// `--format`: detected, or one the tree crate reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputFormat {
    /// Detected from the text ([`Format::detect`]).
    #[default]
    Auto,
    /// Given.
    Given(Format),
}

impl InputFormat {
    fn given(self) -> Option<Format> {
        match self {
            InputFormat::Auto => None,
            InputFormat::Given(f) => Some(f),
        }
    }
}

/// `auto`, then the formats the tree crate reads, named and described by its table.
fn input_format() -> impl TypedValueParser<Value = InputFormat> {
    let auto = PossibleValue::new("auto").help("detected from the text");
    let values = std::iter::once(auto).chain(Format::readable().map(crate::args::format_value));
    PossibleValuesParser::new(values).try_map(|s| match s.as_str() {
        "auto" => Ok(InputFormat::Auto),
        name => name.parse().map(InputFormat::Given),
    })
}

/// The options as clap reads them.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub(crate) struct Options {
    /// The tree file, `-` for standard input: any format `analyze --tree` writes but DOT
    /// (JSON, compact, paths), or the bracket notation of the published trees (Knuth,
    /// Koyama-Lai, ...).
    #[arg(required_unless_present = "certificate")]
    file: Option<PathBuf>,
    /// A certificate of optimality (`optimal --certificate FILE`): checks every claim with
    /// the rules alone, and with a tree (--tree or FILE) that the tree is optimal.
    #[arg(long, value_name = "FILE")]
    pub(crate) certificate: Option<PathBuf>,
    /// The tree, with --certificate (the same as FILE).
    #[arg(
        long,
        value_name = "TREE",
        conflicts_with = "file",
        requires = "certificate"
    )]
    tree: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// The file's format (auto: JSON if it starts with {", compact if with {, paths if its
    /// first line starts with a code and ':', bracket if it starts with a count and has a '(',
    /// compact otherwise).
    #[arg(long, value_parser = input_format(), default_value = "auto")]
    format: InputFormat,
    /// Print JSON (the fields of `analyze --json`).
    #[arg(long)]
    pub(crate) json: bool,
}

/// Arguments of `verify`: the options, and whether `--game` and `--order` were typed (a JSON
/// tree names its game, and options given with it must agree; those two have defaults, so only
/// clap knows whether they were given).
#[derive(Debug)]
pub struct VerifyArgs {
    pub(crate) options: Options,
    typed_game: bool,
    typed_order: bool,
}

impl FromArgMatches for VerifyArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let typed = |id: &str| m.value_source(id) == Some(ValueSource::CommandLine);
        Ok(VerifyArgs {
            options: Options::from_arg_matches(m)?,
            typed_game: typed("game"),
            typed_order: typed("order"),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = VerifyArgs::from_arg_matches(m)?;
        Ok(())
    }
}

impl Args for VerifyArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        Options::augment_args(cmd)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Options::augment_args_for_update(cmd)
    }
}

/// The file's name in messages: `standard input` for `-`.
pub(crate) fn name(file: &Path) -> String {
    if is_std(file) {
        "standard input".into()
    } else {
        file.display().to_string()
    }
}

pub(crate) fn bad(file: &Path, e: impl std::fmt::Display) -> Failure {
    Failure::BadInput(anyhow::anyhow!("{}: {e}", name(file)))
}

/// The text of the tree file, or of standard input for `-`.
fn read_file(path: &Path) -> Result<String, Failure> {
    let cannot = |e: TreeError| match e {
        TreeError::Io(e) if is_std(path) => {
            Failure::BadInput(anyhow::anyhow!("cannot read standard input: {e}"))
        }
        TreeError::Io(e) => Failure::BadInput(anyhow::anyhow!(
            "cannot read tree file {}: {e}",
            path.display()
        )),
        e => bad(path, e),
    };
    if is_std(path) {
        return codebreak_tree::read_text(std::io::stdin().lock()).map_err(cannot);
    }
    let file = std::fs::File::open(path).map_err(|e| cannot(TreeError::Io(e)))?;
    codebreak_tree::read_text(file).map_err(cannot)
}

/// Game options given with a JSON tree must agree with the game it names.
fn check_agrees(a: &VerifyArgs, game: &Game, file: &Path) -> Result<(), Failure> {
    let spec = a.options.game.spec();
    let twod = game.kind() == GameKind::TwoD;
    let mut clashes: Vec<String> = Vec::new();
    if a.typed_game && spec.kind != game.kind() {
        clashes.push(format!("--game {}", spec.kind));
    }
    if let Some(p) = spec.pegs.filter(|&p| twod || p as usize != game.pegs()) {
        clashes.push(format!("--pegs {p}"));
    }
    if let Some(c) = spec.colors.filter(|&c| twod || c as usize != game.colors()) {
        clashes.push(format!("--colors {c}"));
    }
    if let Some(s) = spec.size.filter(|&s| !twod || s as usize != game.colors()) {
        clashes.push(format!("--size {s}"));
    }
    if spec.distinct_secret && !game.distinct_secret() {
        clashes.push("--distinct-secret".into());
    }
    if spec.distinct_guess && !game.distinct_guess() {
        clashes.push("--distinct-guess".into());
    }
    if let Some(al) = spec
        .alphabet
        .as_ref()
        .filter(|al| **al != game.alphabet().to_string())
    {
        clashes.push(format!("--alphabet {al}"));
    }
    if spec.hard && !game.hard() {
        clashes.push("--hard".into());
    }
    if a.typed_order && spec.order != game.order() {
        clashes.push(format!("--order {}", spec.order.name()));
    }
    if clashes.is_empty() {
        return Ok(());
    }
    Err(bad(
        file,
        format!(
            "{} {} with the game the JSON tree names ({game}, symbols {}): expected no game options, or matching ones",
            clashes.join(", "),
            if clashes.len() == 1 {
                "disagrees"
            } else {
                "disagree"
            },
            game.alphabet()
        ),
    ))
}

/// Reads the tree and its game: the game the tree names, or else the one the options give.
fn load(a: &VerifyArgs, file: &Path) -> Result<(Game, Node, Format), Failure> {
    let o = &a.options;
    let text = read_file(file)?;
    let given = o.format.given();
    let format = given.unwrap_or_else(|| Format::detect(&text));
    // A JSON tree names its game, but one from a game file only by name and fingerprint: the
    // file must then be given.
    let game = if format.names_game() && o.game.game_file.is_none() {
        None
    } else {
        let game = o.game.game()?;
        game.space().bad_input()?;
        Some(game)
    };
    let read = codebreak_tree::read(&text, given, game.as_ref()).map_err(|e| match e {
        TreeError::LooksLike { given, looks_like } => {
            let hint = if looks_like.can_read() {
                format!("; drop --format or use --format {looks_like}")
            } else {
                ", which cannot be read as a tree".to_string()
            };
            Failure::BadInput(anyhow::anyhow!(
                "{} is not {}: it looks like {}{hint}",
                name(file),
                given.what(),
                looks_like.what()
            ))
        }
        e @ TreeError::CustomGame { .. } => bad(file, format!("{e}; give it with --game-file")),
        e => bad(file, e),
    })?;
    if read.format.names_game() {
        check_agrees(a, &read.game, file)?;
        read.game.space().map_err(|e| bad(file, e))?;
    }
    Ok((read.game, read.tree.root, read.format))
}

/// A failed check, with what `--json` reports besides the message.
pub(crate) struct Failed {
    failure: Failure,
    /// The secret not found.
    secret: Option<String>,
    /// Its path of guesses and replies, or the path to a branch no secret reaches.
    path: Option<String>,
}

impl From<Failure> for Failed {
    fn from(failure: Failure) -> Self {
        Failed {
            failure,
            secret: None,
            path: None,
        }
    }
}

pub fn run(a: VerifyArgs) -> Result<(), Failure> {
    let json = a.options.json;
    check(&a).map_err(|f| {
        if json {
            // The same message as on standard error, as an object on standard output.
            let mut v = json!({ "error": f.failure.message() });
            if f.secret.is_some() || f.path.is_some() {
                v["secret"] = json!(f.secret);
                v["path"] = json!(f.path);
            }
            println!("{v}");
        }
        f.failure
    })
}

/// The tree file given, as FILE or --tree.
pub(crate) fn tree_file(a: &VerifyArgs) -> Option<&Path> {
    a.options.file.as_deref().or(a.options.tree.as_deref())
}

fn check(a: &VerifyArgs) -> Result<(), Failed> {
    if let Some(cert) = &a.options.certificate {
        return crate::cmd::certificate::check(a, cert);
    }
    let Some(file) = tree_file(a) else {
        return Err(
            Failure::BadInput(anyhow::anyhow!("expected a tree file or --certificate")).into(),
        );
    };
    let (report, game, root, format) = replay(a, file)?;
    if a.options.json {
        println!("{}", report_json(&game, format, &report));
    } else {
        print!("{}", report_text(&game, file, format, &root, &report));
    }
    Ok(())
}

/// Reads the tree in `file` and replays every secret through it.
pub(crate) fn replay(
    a: &VerifyArgs,
    file: &Path,
) -> Result<(VerifyReport, Game, Node, Format), Failed> {
    let (game, root, format) = load(a, file)?;
    // Published trees may carry branches no secret reaches: a warning each. A tree written by
    // a program has none, so there it is an error.
    let dead = if format == Format::Bracket {
        DeadBranches::Report
    } else {
        DeadBranches::Refuse
    };
    let report = codebreak_tree::verify_with(&game, &root, dead).map_err(|e| Failed {
        secret: e.secret().map(str::to_string),
        path: e.path(),
        failure: match e {
            VerifyError::Size(_) => bad(file, e),
            _ => Failure::NoAnswer(anyhow::anyhow!("{}: {e}", name(file))),
        },
    })?;
    for branch in &report.dead_branches {
        eprintln!("codebreak: warning: {}: {branch}", name(file));
    }
    Ok((report, game, root, format))
}

/// The game, the format read, and the library's verification report (the figures of
/// `analyze --json`, and any dead branches).
fn report_json(game: &Game, format: Format, r: &VerifyReport) -> Value {
    with_fields(
        json!({"game": game.spec(), "format": format.name()}),
        match serde_json::to_value(r) {
            Ok(Value::Object(m)) => m,
            _ => serde_json::Map::new(),
        },
        Value::Null,
    )
}

/// The same table as `analyze` prints.
fn report_text(game: &Game, file: &Path, format: Format, root: &Node, r: &VerifyReport) -> String {
    let nodes = root.size();
    let mut out = format!(
        "game      {game}\ntree      {} ({format}, {nodes} node{})\n\n",
        name(file),
        plural(nodes)
    );
    out.push_str(&output::table(&r.figures(), game.move_words().1));
    out.push_str("verified  every secret is found\n");
    out
}
