//! Reading a game file: the TOML document, its lists, its table or script, and the checks.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use codebreak_core::list::{CodeNames, End, ListGame, ListParts, ListRule, ReplyNumbers};
use codebreak_core::{Code, Game, GameKind, GameSpec, Order, wordle};
use rayon::prelude::*;

use crate::error::LoadError;
use crate::file::{Constant, GameFile, ListSource, MoveWord};
use crate::script::{GivenRows, LocalNumbers, Numbering, Script, deadline_in};

/// Longest file read whole (lists, scripts, the game file itself). A reply table is read as a
/// stream and has no such limit.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// A loaded game: a built-in game (generated codes, with its fast kernels and symmetry), or a
/// list game (explicit lists and a reply table).
#[derive(Clone, Debug)]
pub enum GameDef {
    /// A built-in game, with the file's name and description.
    Builtin {
        /// The validated game.
        game: Game,
        /// The file's name for it, if any.
        name: Option<String>,
        /// The file's description, if any.
        description: Option<String>,
    },
    /// A game of lists.
    List(ListGame),
}

impl GameDef {
    /// The game the engine plays.
    pub fn game(&self) -> Result<Game, LoadError> {
        match self {
            GameDef::Builtin { game, .. } => Ok(game.clone()),
            GameDef::List(list) => Game::from_list(std::sync::Arc::new(list.clone()))
                .map_err(|e| LoadError::at(list.name(), e.to_string())),
        }
    }

    /// The game's name: the file's, or the built-in game's.
    pub fn name(&self) -> String {
        match self {
            GameDef::Builtin { game, name, .. } => name.clone().unwrap_or_else(|| game.to_string()),
            GameDef::List(list) => list.name().to_string(),
        }
    }

    /// The game's description, if the file gives one.
    pub fn description(&self) -> Option<&str> {
        match self {
            GameDef::Builtin { description, .. } => description.as_deref(),
            GameDef::List(list) => Some(list.description()).filter(|d| !d.is_empty()),
        }
    }
}

/// A loaded game and the file it came from.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game.
    pub def: GameDef,
    /// The game file's path, as given.
    pub path: PathBuf,
}

/// A list of codes, and where each came from (for messages).
struct Listed {
    codes: CodeNames,
    /// The replies a list function gave with the codes, if it did.
    rows: Option<GivenRows>,
    /// The codes' positions sorted by name ([`CodeNames::sorted`]), once the list is checked.
    sorted: Vec<u32>,
    /// Where the codes came from; a code's place is written only for a message, since a list
    /// may hold millions of codes.
    origin: Origin,
}

/// Where a list's codes came from.
#[derive(Clone)]
enum Origin {
    /// Inline in the game file `file`, as `what` (guess or secret).
    Inline { file: String, what: &'static str },
    /// Lines of a file: the line of each code.
    Lines { path: String, lines: Vec<u32> },
    /// Made by a function of the script.
    Function {
        file: String,
        what: &'static str,
        function: String,
    },
}

impl Listed {
    /// Where code `i` came from: `FILE:LINE`, or the game file and the code's place.
    fn at(&self, i: usize) -> String {
        match &self.origin {
            Origin::Inline { file, what } => format!("{file} ({what} {})", i + 1),
            Origin::Lines { path, lines } => format!("{path}:{}", lines[i]),
            Origin::Function {
                file,
                what,
                function,
            } => format!("{file} ({what} {} of {function}())", i + 1),
        }
    }
}

/// Reads a text file (at most [`MAX_FILE_BYTES`]).
fn read_text(path: &Path, what: &str, from: &str) -> Result<String, LoadError> {
    use std::io::Read;
    let f = std::fs::File::open(path)
        .map_err(|e| LoadError::at(from, format!("cannot read {what} {}: {e}", path.display())))?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| LoadError::at(from, format!("cannot read {what} {}: {e}", path.display())))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::at(
            from,
            format!(
                "{what} {} is larger than {} MiB",
                path.display(),
                MAX_FILE_BYTES >> 20
            ),
        ));
    }
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        LoadError::at(
            &format!("{}:{line}", path.display()),
            "not valid UTF-8 text".to_string(),
        )
    })?;
    if text.starts_with('\u{feff}') {
        text.remove(0);
    }
    Ok(text)
}

/// A line of a reply table: the guess's and the secret's numbers and the reply, or `None`
/// for a blank line or a comment.
fn table_line<'t>(
    shown: &str,
    n: usize,
    t: &'t str,
    gi: &mut impl FnMut(&str) -> Option<usize>,
    si: &HashMap<&str, usize>,
) -> Result<Option<(usize, usize, &'t str)>, LoadError> {
    let at = || format!("{shown}:{n}");
    let t = t.trim_end_matches('\r');
    if t.trim().is_empty() || t.trim_start().starts_with('#') {
        return Ok(None);
    }
    let fields: Vec<&str> = t.split('\t').map(str::trim).collect();
    if fields.len() != 3 {
        return Err(LoadError::at(
            &at(),
            format!(
                "{} field{}: expected GUESS<TAB>SECRET<TAB>REPLY",
                fields.len(),
                if fields.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    let g = gi(fields[0]).ok_or_else(|| {
        LoadError::at(&at(), format!("{:?} is not one of the guesses", fields[0]))
    })?;
    let s = *si.get(fields[1]).ok_or_else(|| {
        LoadError::at(&at(), format!("{:?} is not one of the secrets", fields[1]))
    })?;
    if fields[2].is_empty() {
        return Err(LoadError::at(&at(), "the reply is empty".to_string()));
    }
    Ok(Some((g, s, fields[2])))
}

/// Calls `each(line number, line)` on every line of a text file, read as a stream (no size
/// limit: a reply table may be larger than memory allows as text), until it returns `false`.
/// A byte-order mark opening the file is skipped.
fn for_each_line(
    path: &Path,
    from: &str,
    what: &str,
    mut each: impl FnMut(usize, &str) -> Result<bool, LoadError>,
) -> Result<(), LoadError> {
    use std::io::BufRead;
    let cannot = |e: std::io::Error| {
        LoadError::at(from, format!("cannot read {what} {}: {e}", path.display()))
    };
    let f = std::fs::File::open(path).map_err(cannot)?;
    let mut reader = std::io::BufReader::with_capacity(1 << 20, f);
    let mut buf = Vec::new();
    let mut n = 0;
    loop {
        buf.clear();
        if reader.read_until(b'\n', &mut buf).map_err(cannot)? == 0 {
            return Ok(());
        }
        n += 1;
        let bytes = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let mut line = std::str::from_utf8(bytes).map_err(|_| {
            LoadError::at(
                &format!("{}:{n}", path.display()),
                "not valid UTF-8 text".to_string(),
            )
        })?;
        if n == 1 {
            line = line.strip_prefix('\u{feff}').unwrap_or(line);
        }
        if !each(n, line)? {
            return Ok(());
        }
    }
}

/// Loads a game file.
pub fn load(path: &Path) -> Result<Loaded, LoadError> {
    load_with(path, &[])
}

/// Loads a game file with some of its `[constants]` given other values (`NAME=VALUE`, as the
/// command line's `--set` writes them): one file for a family of games (`COINS=17`).
pub fn load_with(path: &Path, set: &[String]) -> Result<Loaded, LoadError> {
    let name = path.display().to_string();
    let text = read_text(path, "game file", &name)?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut file = parse(&text, &name)?;
    set_constants(&mut file, set, &name)?;
    let def = Loader {
        file,
        base: &base,
        name: &name,
    }
    .load()?;
    Ok(Loaded {
        def,
        path: path.to_path_buf(),
    })
}

/// Loads a game file as a game, with some of its constants given other values (as
/// [`load_with`]) and, when `hard` is set, in Wordle's hard mode (refused for a game that is
/// not Wordle). What the command line's `--game-file`, `--set` and `--hard` do.
pub fn load_game(path: &Path, set: &[String], hard: bool) -> Result<Game, LoadError> {
    let mut def = load_with(path, set)?.def;
    if hard {
        let turned_on = match &mut def {
            GameDef::List(list) => list.set_hard(true),
            GameDef::Builtin { .. } => false,
        };
        if !turned_on {
            return Err(LoadError::at(
                &path.display().to_string(),
                "--hard is Wordle's hard mode, but this is not a Wordle game: expected rules = \"wordle\"".into(),
            ));
        }
    }
    def.game()
}

/// Gives constants of the file the values of `NAME=VALUE` settings, each of the type the file
/// gives it: a whole number, `true`/`false`, or text.
pub fn set_constants(file: &mut GameFile, set: &[String], name: &str) -> Result<(), LoadError> {
    for setting in set {
        let Some((key, value)) = setting.split_once('=') else {
            return Err(LoadError::at(
                name,
                format!("--set {setting:?}: expected NAME=VALUE, e.g. COINS=13"),
            ));
        };
        let (key, value) = (key.trim(), value.trim());
        let Some(old) = file.constants.get(key) else {
            let known: Vec<&str> = file.constants.keys().map(String::as_str).collect();
            return Err(LoadError::at(
                name,
                format!(
                    "--set {key}: the game file has no constant {key:?}: expected one of its [constants] ({})",
                    if known.is_empty() {
                        "it has none".to_string()
                    } else {
                        known.join(", ")
                    }
                ),
            ));
        };
        let new = match old {
            Constant::Int(_) => value.replace('_', "").parse().map(Constant::Int).map_err(
                |_| {
                    LoadError::at(
                        name,
                        format!(
                            "--set {key}={value}: expected a whole number, as the file gives {key}"
                        ),
                    )
                },
            )?,
            Constant::Bool(_) => value.parse().map(Constant::Bool).map_err(|_| {
                LoadError::at(
                    name,
                    format!("--set {key}={value}: expected true or false, as the file gives {key}"),
                )
            })?,
            Constant::Text(_) => Constant::Text(value.to_string()),
        };
        file.constants.insert(key.to_string(), new);
    }
    Ok(())
}

/// Loads a game from the text of a game file; relative paths are read from `base`, and
/// `name` names the file in messages.
pub fn load_str(text: &str, base: &Path, name: &str) -> Result<GameDef, LoadError> {
    let file = parse(text, name)?;
    Loader { file, base, name }.load()
}

/// Loads a game file that reads no other file: lists inline or made by the script, no
/// `table` or `script_file`. For files sent by someone who may not read the loader's disk
/// (the web server's upload).
pub fn load_self_contained(text: &str, name: &str) -> Result<GameDef, LoadError> {
    let file = parse(text, name)?;
    let mut refs: Vec<String> = Vec::new();
    for (key, source) in [("guesses", &file.guesses), ("secrets", &file.secrets)] {
        if let Some(ListSource::File(f)) = source {
            refs.push(format!("{key} = {f:?}"));
        }
    }
    if let Some(t) = &file.table {
        refs.push(format!("table = {t:?}"));
    }
    if let Some(f) = &file.script_file {
        refs.push(format!("script_file = {f:?}"));
    }
    if !refs.is_empty() {
        return Err(LoadError::at(
            name,
            format!(
                "{} names another file, which cannot be sent with it: expected a self-contained game file (lists inline or made by its script, the script inline)",
                refs.join(", ")
            ),
        ));
    }
    Loader {
        file,
        base: Path::new(""),
        name,
    }
    .load()
}

fn parse(text: &str, name: &str) -> Result<GameFile, LoadError> {
    toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|s| 1 + text[..s.start.min(text.len())].matches('\n').count());
        let at = match line {
            Some(l) => format!("{name}:{l}"),
            None => name.to_string(),
        };
        LoadError::at(&at, e.message().trim().to_string())
    })
}

struct Loader<'a> {
    file: GameFile,
    base: &'a Path,
    name: &'a str,
}

/// The rules a file may name.
const RULES: &str = "mastermind, bulls, blackpeg, twod, wordle, table or script";

impl Loader<'_> {
    fn err(&self, message: impl Into<String>) -> LoadError {
        LoadError::at(self.name, message.into())
    }

    /// Refuses keys that do not go with the rules.
    fn refuse(&self, key: &str, present: bool, why: &str) -> Result<(), LoadError> {
        if present {
            return Err(self.err(format!("{key} does not apply: {why}")));
        }
        Ok(())
    }

    fn load(mut self) -> Result<GameDef, LoadError> {
        // `{NAME}` in the name and the description: the constant's value (`{COINS} coins`).
        for text in [&mut self.file.name, &mut self.file.description]
            .into_iter()
            .flatten()
        {
            for (k, v) in &self.file.constants {
                let value = match v {
                    Constant::Int(i) => i.to_string(),
                    Constant::Bool(b) => b.to_string(),
                    Constant::Text(t) => t.clone(),
                };
                *text = text.replace(&format!("{{{k}}}"), &value);
            }
        }
        let f = &self.file;
        let rules = f
            .rules
            .as_deref()
            .unwrap_or("mastermind")
            .trim()
            .to_ascii_lowercase();
        let end: End = match &f.end {
            Some(e) => e
                .parse()
                .map_err(|e: codebreak_core::UnknownName| self.err(e.to_string()))?,
            None => End::Guess,
        };
        let hard = f.hard.unwrap_or(false);
        if hard && rules != "wordle" {
            return Err(self.err(format!(
                "hard = true is Wordle's hard mode, but the rules are {rules:?}"
            )));
        }
        let listed = f.guesses.is_some() || f.secrets.is_some();
        match rules.as_str() {
            "mastermind" | "bulls" | "blackpeg" | "twod" => {
                let kind: GameKind = rules
                    .parse()
                    .map_err(|e: codebreak_core::UnknownName| self.err(e.to_string()))?;
                self.refuse(
                    "table",
                    f.table.is_some(),
                    "only rules = \"table\" reads a table",
                )?;
                self.refuse(
                    "script",
                    f.script.is_some() || f.script_file.is_some(),
                    "only rules = \"script\" runs a script",
                )?;
                self.refuse(
                    "win",
                    f.win.is_some(),
                    "the built-in rules know their winning reply",
                )?;
                let spec = self.spec(kind)?;
                if !listed && end == End::Guess {
                    // Generated codes: the built-in game itself, with its fast kernels and symmetry.
                    self.refuse(
                        "move",
                        f.move_word.is_some(),
                        "a built-in rule on generated codes is the built-in game, whose moves are guesses (list the codes, or end the game with end = \"known\")",
                    )?;
                    let game = Game::new(&spec).map_err(|e| self.err(e.to_string()))?;
                    return Ok(GameDef::Builtin {
                        game,
                        name: f.name.clone(),
                        description: f.description.clone(),
                    });
                }
                self.builtin_on_lists(kind, &spec, end)
            }
            "wordle" => {
                self.no_generation("wordle")?;
                self.refuse(
                    "table",
                    f.table.is_some(),
                    "only rules = \"table\" reads a table",
                )?;
                self.refuse(
                    "script",
                    f.script.is_some() || f.script_file.is_some(),
                    "only rules = \"script\" runs a script",
                )?;
                self.refuse("win", f.win.is_some(), "Wordle's winning reply is GGGGG")?;
                self.wordle(end, hard)
            }
            "table" => {
                self.no_generation("table")?;
                self.refuse(
                    "script",
                    f.script.is_some() || f.script_file.is_some(),
                    "only rules = \"script\" runs a script",
                )?;
                self.table_game(end)
            }
            "script" => {
                self.no_generation("script")?;
                self.refuse(
                    "table",
                    f.table.is_some(),
                    "only rules = \"table\" reads a table",
                )?;
                self.script_game(end)
            }
            other => Err(self.err(format!("unknown rules {other:?}: expected {RULES}"))),
        }
    }

    /// Generated-code keys belong to the built-in rules.
    fn no_generation(&self, rules: &str) -> Result<(), LoadError> {
        let f = &self.file;
        for (key, present) in [
            ("pegs", f.pegs.is_some()),
            ("colors", f.colors.is_some()),
            ("size", f.size.is_some()),
            ("alphabet", f.alphabet.is_some()),
            ("distinct_secret", f.distinct_secret.is_some()),
            ("distinct_guess", f.distinct_guess.is_some()),
            ("order", f.order.is_some()),
        ] {
            self.refuse(
                key,
                present,
                &format!("rules = \"{rules}\" takes its codes from the guesses and secrets lists"),
            )?;
        }
        if f.guesses.is_none() {
            return Err(self.err(format!(
                "rules = \"{rules}\" needs guesses: a file, a list, or {{function = \"...\"}} of the script"
            )));
        }
        Ok(())
    }

    /// The spec of a built-in rule from the file's keys.
    fn spec(&self, kind: GameKind) -> Result<GameSpec, LoadError> {
        let f = &self.file;
        let order: Order = match &f.order {
            Some(o) => o
                .parse()
                .map_err(|e: codebreak_core::UnknownName| self.err(e.to_string()))?,
            None => Order::Lex,
        };
        Ok(GameSpec {
            kind,
            pegs: f.pegs,
            colors: f.colors,
            size: f.size,
            distinct_secret: f.distinct_secret.unwrap_or(false),
            distinct_guess: f.distinct_guess.unwrap_or(false),
            alphabet: f.alphabet.clone(),
            order,
            ..GameSpec::default()
        })
    }

    /// Reads a list from where the file says.
    fn list(
        &self,
        source: &ListSource,
        what: &'static str,
        script: Option<&Script>,
        number: Numbering<'_>,
    ) -> Result<Listed, LoadError> {
        match source {
            ListSource::Inline(v) => Ok(Listed {
                codes: v.iter().map(|c| c.trim()).collect(),
                rows: None,
                sorted: Vec::new(),
                origin: Origin::Inline {
                    file: self.name.to_string(),
                    what,
                },
            }),
            ListSource::File(rel) => {
                let path = self.base.join(rel);
                let text = read_text(&path, &format!("{what} file"), self.name)?;
                let mut codes = CodeNames::default();
                let mut lines = Vec::new();
                for (i, line) in text.lines().enumerate() {
                    let t = line.split('#').next().unwrap_or("").trim();
                    if t.is_empty() {
                        continue;
                    }
                    codes.push(t);
                    lines.push((i + 1) as u32);
                }
                Ok(Listed {
                    codes,
                    rows: None,
                    sorted: Vec::new(),
                    origin: Origin::Lines {
                        path: path.display().to_string(),
                        lines,
                    },
                })
            }
            ListSource::Function { function, parts } => {
                let Some(script) = script else {
                    return Err(self.err(format!(
                        "{what} = {{function = {function:?}}} needs rules = \"script\""
                    )));
                };
                let listing = match parts {
                    None => script.list(function, number),
                    Some(parts) => script.list_parts(function, *parts, number),
                }
                .map_err(|e| self.err(format!("{what}: {e}")))?;
                if listing.rows.is_some() && what != "guess" {
                    return Err(self.err(format!(
                        "{what}: {function} gives replies with its codes; only the guesses' function may"
                    )));
                }
                Ok(Listed {
                    codes: listing.codes,
                    rows: listing.rows,
                    sorted: Vec::new(),
                    origin: Origin::Function {
                        file: self.name.to_string(),
                        what,
                        function: function.clone(),
                    },
                })
            }
        }
    }

    /// The guesses and the secrets (the secrets default to the guesses), and the names of the
    /// replies numbered in the guesses' rows, when their function gave rows.
    fn lists(&self, script: Option<&Script>) -> Result<(Listed, Listed, Vec<String>), LoadError> {
        let f = &self.file;
        let numbers = Mutex::new(ReplyNumbers::default());
        let number = |text: &str| numbers.lock().ok().and_then(|mut n| n.number(text));
        let mut guesses = match &f.guesses {
            Some(s) => self.list(s, "guess", script, &number)?,
            None => {
                return Err(
                    self.err("guesses are missing: give a file, a list, or {function = \"...\"}")
                );
            }
        };
        let mut secrets = match &f.secrets {
            Some(s) => self.list(s, "secret", script, &number)?,
            None => Listed {
                codes: guesses.codes.clone(),
                rows: None,
                sorted: Vec::new(),
                origin: guesses.origin.clone(),
            },
        };
        for (l, what) in [(&mut guesses, "guess"), (&mut secrets, "secret")] {
            if l.codes.is_empty() {
                return Err(self.err(format!("the {what} list is empty")));
            }
            l.sorted = l.codes.sorted();
            if let Some((j, i)) = l.codes.first_duplicate(&l.sorted) {
                let c = &l.codes[i];
                return Err(LoadError::at(
                    &l.at(i),
                    format!("{what} {c:?} is listed twice (first at {})", l.at(j)),
                ));
            }
        }
        let names = numbers
            .into_inner()
            .map_err(|_| self.err("a thread listing the codes panicked"))?
            .into_names();
        Ok((guesses, secrets, names))
    }

    /// The parts common to every list game.
    fn parts(
        &self,
        rule: ListRule,
        end: End,
        hard: bool,
        guesses: CodeNames,
        secrets: CodeNames,
    ) -> ListParts {
        ListParts {
            name: self
                .file
                .name
                .clone()
                .unwrap_or_else(|| self.default_name()),
            description: self.file.description.clone().unwrap_or_default(),
            rule: Some(rule),
            end,
            hard,
            guesses,
            secrets,
            ..ListParts::default()
        }
    }

    fn default_name(&self) -> String {
        Path::new(self.name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.name.to_string())
    }

    fn finish(&self, mut parts: ListParts) -> Result<GameDef, LoadError> {
        parts.moves = self.moves()?;
        let list = ListGame::new(parts).map_err(|e| self.err(e.to_string()))?;
        Ok(GameDef::List(list))
    }

    /// The file's word for a move, singular and plural, checked.
    fn moves(&self) -> Result<Option<(String, String)>, LoadError> {
        let words = match &self.file.move_word {
            None => return Ok(None),
            Some(MoveWord::One(one)) => {
                let one = one.trim();
                let es = ["s", "x", "ch", "sh"].iter().any(|e| one.ends_with(e));
                (
                    one.to_string(),
                    format!("{one}{}", if es { "es" } else { "s" }),
                )
            }
            Some(MoveWord::Both(both)) => match &both[..] {
                [one, many] => (one.trim().to_string(), many.trim().to_string()),
                _ => {
                    return Err(self.err(format!(
                        "move has {} words: expected one word (\"weighing\") or two, singular and plural ([\"query\", \"queries\"])",
                        both.len()
                    )));
                }
            },
        };
        for w in [&words.0, &words.1] {
            if w.is_empty() || w.chars().count() > 24 || w.chars().any(|c| c.is_control()) {
                return Err(self.err(format!(
                    "move = {w:?}: expected a word of 1 to 24 characters"
                )));
            }
        }
        Ok(Some(words))
    }

    /// A built-in rule on listed codes: each code read as a code of the generated game.
    fn builtin_on_lists(
        &self,
        kind: GameKind,
        spec: &GameSpec,
        end: End,
    ) -> Result<GameDef, LoadError> {
        let base = Game::new(spec).map_err(|e| self.err(e.to_string()))?;
        let f = &self.file;
        let (g, s) = if f.guesses.is_none() && f.secrets.is_none() {
            // Generated codes, played to another end than the built-in game's: every code of
            // the generated game, written out.
            let space = base.space().map_err(|e| self.err(e.to_string()))?;
            let g: Vec<Code> = space.codes().to_vec();
            let s: Vec<Code> = space.secrets().iter().map(|&i| space.code(i)).collect();
            (g, s)
        } else {
            self.listed_codes(&base)?
        };
        let mut parts = self.parts(
            ListRule::Builtin(kind),
            end,
            false,
            CodeNames::default(),
            CodeNames::default(),
        );
        // Codes as the generated game writes them, so that names are canonical.
        parts.guesses = g.iter().map(|c| base.format_code(c)).collect();
        parts.secrets = s.iter().map(|c| base.format_code(c)).collect();
        let n = base.feedback().count();
        parts.replies = base
            .feedback()
            .all()
            .map(|f| base.format_feedback(f))
            .collect();
        let mut table = vec![0u8; g.len() * s.len()];
        table
            .par_chunks_mut(s.len())
            .zip(&g)
            .for_each(|(row, guess)| {
                for (r, secret) in row.iter_mut().zip(&s) {
                    *r = base.score(secret, guess).0;
                }
            });
        debug_assert!(table.iter().all(|&r| (r as usize) < n));
        parts.table = table;
        compact_replies(&mut parts);
        self.finish(parts)
    }

    /// The listed codes of a built-in rule, each read as a code of `base`.
    fn listed_codes(&self, base: &Game) -> Result<(Vec<Code>, Vec<Code>), LoadError> {
        let (guesses, secrets, _) = self.lists(None)?;
        let read = |l: &Listed, role| -> Result<Vec<Code>, LoadError> {
            l.codes
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    base.parse_code(c, role)
                        .map_err(|e| LoadError::at(&l.at(i), e.to_string()))
                })
                .collect()
        };
        let g = read(&guesses, codebreak_core::Role::Guess)?;
        let s = read(&secrets, codebreak_core::Role::Secret)?;
        Ok((g, s))
    }

    /// Wordle: five-letter words, replies in G/Y/B.
    fn wordle(&self, end: End, hard: bool) -> Result<GameDef, LoadError> {
        let (guesses, secrets, _) = self.lists(None)?;
        let words = |l: &Listed| -> Result<Vec<[u8; 5]>, LoadError> {
            l.codes
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    wordle::word(c).ok_or_else(|| {
                        LoadError::at(
                            &l.at(i),
                            format!("{c:?} is not a word of five letters a to z"),
                        )
                    })
                })
                .collect()
        };
        let g = words(&guesses)?;
        let s = words(&secrets)?;
        let parts = self.parts(
            ListRule::Wordle,
            end,
            hard,
            CodeNames::default(),
            CodeNames::default(),
        );
        let list = wordle::list_game(parts.name, parts.description, &g, &s, end, hard)
            .map_err(|e| self.err(e.to_string()))?
            .with_moves(self.moves()?);
        Ok(GameDef::List(list))
    }

    /// A table of `GUESS<TAB>SECRET<TAB>REPLY` lines, one for every pair.
    fn table_game(&self, end: End) -> Result<GameDef, LoadError> {
        let (guesses, secrets, _) = self.lists(None)?;
        let Some(rel) = &self.file.table else {
            return Err(self
                .err("rules = \"table\" needs table: a file of GUESS<TAB>SECRET<TAB>REPLY lines"));
        };
        let path = self.base.join(rel);
        // Guesses found by name through their positions sorted by name (4 bytes a guess,
        // where a map took some 40: a table may have millions of guesses), the last one
        // found tried first (a table lists a guess's pairs together, as a rule).
        let by_name = &guesses.sorted;
        let mut last = usize::MAX;
        let mut gi = |name: &str| -> Option<usize> {
            if last != usize::MAX && &guesses.codes[last] == name {
                return Some(last);
            }
            last = guesses.codes.find(by_name, name)? as usize;
            Some(last)
        };
        let si: HashMap<&str, usize> = secrets
            .codes
            .iter()
            .enumerate()
            .map(|(i, c)| (c, i))
            .collect();
        let (ng, ns) = (guesses.codes.len(), secrets.codes.len());
        let mut replies = ReplyNumbers::default();
        // One bit a pair: given yet. The line that gave a pair first is looked for again only
        // when a pair is given twice, so that the check costs an eighth of a byte a pair.
        let mut seen = vec![0u64; (ng * ns).div_ceil(64)];
        let mut table = vec![0u8; ng * ns];
        let shown = path.display().to_string();
        let mut first_line: Option<(usize, usize)> = None;
        for_each_line(&path, self.name, "table", |n, line| {
            let Some((g, s, reply)) = table_line(&shown, n, line, &mut gi, &si)? else {
                return Ok(true);
            };
            let k = g * ns + s;
            if seen[k / 64] >> (k % 64) & 1 == 1 {
                first_line = Some((k, n));
                return Ok(false);
            }
            seen[k / 64] |= 1 << (k % 64);
            table[k] = replies.number(reply).ok_or_else(|| {
                LoadError::at(
                    &format!("{shown}:{n}"),
                    format!(
                        "reply {reply:?} is one more than the {} distinct replies a game may have",
                        codebreak_core::list::MAX_REPLIES
                    ),
                )
            })?;
            Ok(true)
        })?;
        if let Some((k, twice)) = first_line {
            // A second pass to the first line that gave the pair.
            let mut first = 0;
            for_each_line(&path, self.name, "table", |n, line| {
                if let Ok(Some((g, s, _))) = table_line(&shown, n, line, &mut gi, &si)
                    && g * ns + s == k
                {
                    first = n;
                    return Ok(false);
                }
                Ok(true)
            })?;
            return Err(LoadError::at(
                &format!("{shown}:{twice}"),
                format!(
                    "the pair {} / {} is given twice (first on line {first})",
                    &guesses.codes[k / ns],
                    &secrets.codes[k % ns]
                ),
            ));
        }
        let given = |k: usize| seen[k / 64] >> (k % 64) & 1 == 1;
        if let Some(k) = (0..ng * ns).find(|&k| !given(k)) {
            let missing = (0..ng * ns).filter(|&k| !given(k)).count();
            return Err(LoadError::at(
                &shown,
                format!(
                    "no line gives the reply to guess {:?} when the secret is {:?} ({missing} pair{} missing): every guess and secret pair needs one line",
                    &guesses.codes[k / ns],
                    &secrets.codes[k % ns],
                    if missing == 1 { "" } else { "s" }
                ),
            ));
        }
        drop(seen);
        drop((gi, si));
        let mut parts = self.parts(ListRule::Table, end, false, guesses.codes, secrets.codes);
        parts.replies = replies.into_names();
        parts.table = table;
        self.with_win(&mut parts)?;
        self.finish(parts)
    }

    /// A scoring function in the file.
    fn script_game(&self, end: End) -> Result<GameDef, LoadError> {
        let f = &self.file;
        let source = match (&f.script, &f.script_file) {
            (Some(s), None) => s.clone(),
            (None, Some(rel)) => read_text(&self.base.join(rel), "script file", self.name)?,
            (Some(_), Some(_)) => return Err(self.err("give script or script_file, not both")),
            (None, None) => {
                return Err(self.err("rules = \"script\" needs script (inline) or script_file"));
            }
        };
        let constants: Vec<_> = f
            .constants
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let deadline = Arc::new(Mutex::new(None));
        let script = Script::new(&source, &constants, f.limits, deadline.clone())
            .map_err(|e| self.err(e))?;
        if let Ok(mut d) = deadline.lock() {
            *d = Some(deadline_in(f.limits));
        }
        let (mut guesses, secrets, given_names) = self.lists(Some(&script))?;
        let (ng, ns) = (guesses.codes.len(), secrets.codes.len());
        let (table, replies, made_by) = match guesses.rows.take() {
            Some(rows) => {
                let function = match &guesses.origin {
                    Origin::Function { function, .. } => function.clone(),
                    _ => "the guesses' function".to_string(),
                };
                if rows.width != ns {
                    return Err(self.err(format!(
                        "guess: {function} gives {} replies with each code: expected one for each of the {ns} secrets, in their order",
                        rows.width
                    )));
                }
                let (table, replies) = renumber_by_first_appearance(rows.cells, given_names);
                (table, replies, MadeBy::List(function))
            }
            None => {
                if !script.has("score", 2) && !script.has_replies() {
                    return Err(self.err(
                        "the script has no function score(guess, secret) nor replies(guess) to score the game, and its guesses come without replies",
                    ));
                }
                let (table, replies) =
                    self.script_table(&script, &guesses.codes, &secrets.codes)?;
                let by = if script.has_replies() {
                    MadeBy::Replies
                } else {
                    MadeBy::Score
                };
                (table, replies, by)
            }
        };
        if let Ok(mut d) = deadline.lock() {
            *d = None;
        }
        debug_assert_eq!(table.len(), ng * ns);
        self.rows_agree(
            &script,
            &made_by,
            &guesses.codes,
            &secrets.codes,
            &table,
            &replies,
        )?;
        let mut parts = self.parts(ListRule::Script, end, false, guesses.codes, secrets.codes);
        parts.replies = replies;
        parts.table = table;
        self.with_win(&mut parts)?;
        self.finish(parts)
    }

    /// The script's reply to every (guess, secret) pair, as reply numbers: rows of guesses
    /// scored in chunks on every core, each reply text numbered as soon as it is made (a
    /// chunk keeps the numbers it has met, and asks the shared numbering only for a text new
    /// to it), so that the table takes one byte a pair while it is built. Replies are then
    /// renumbered in the order they first appear in the table, so that the game does not
    /// depend on which core met a reply first. A failure names the first failing pair in
    /// the table's order among those met.
    fn script_table(
        &self,
        script: &Script,
        guesses: &CodeNames,
        secrets: &CodeNames,
    ) -> Result<(Vec<u8>, Vec<String>), LoadError> {
        let f = &self.file;
        let ns = secrets.len();
        // About 64 Ki replies a chunk: small enough to spread over the cores, large enough
        // that a chunk's cache of reply numbers pays.
        let rows_per_chunk = (CHUNK_PAIRS / ns.max(1)).max(1);
        let numbers = Mutex::new(ReplyNumbers::default());
        let shared = |text: &str| numbers.lock().ok().and_then(|mut n| n.number(text));
        let mut table = vec![0u8; guesses.len() * ns];
        let limit_message = |e: String| {
            if e.contains("time limit") {
                format!(
                    "the table took longer than limits.seconds = {}",
                    f.limits.seconds
                )
            } else {
                e
            }
        };
        let rows = script.has_replies();
        let failures: Vec<LoadError> = table
            .par_chunks_mut(rows_per_chunk * ns.max(1))
            .enumerate()
            .filter_map(|(c, chunk)| {
                // The number of a reply's text, asking the shared numbering for a new text.
                let mut local = LocalNumbers::new(&shared);
                let mut number = |text: &str| local.number(text).ok();
                let too_many = |g: &str, s: &str, text: &str| {
                    format!(
                        "score({g:?}, {s:?}) gives {text:?}, one more than the {} distinct replies a game may have",
                        codebreak_core::list::MAX_REPLIES
                    )
                };
                for (i, row) in chunk.chunks_mut(ns).enumerate() {
                    let g = &guesses[c * rows_per_chunk + i];
                    if rows {
                        let given = script.replies(g, |j, text| {
                            let Some(slot) = row.get_mut(j) else {
                                return Err(format!(
                                    "replies({g:?}) gives more than one reply for each of the {ns} secrets"
                                ));
                            };
                            *slot = number(text).ok_or_else(|| too_many(g, &secrets[j], text))?;
                            Ok(())
                        });
                        match given {
                            Ok(n) if n == ns => {}
                            Ok(n) => {
                                return Some(self.err(format!(
                                    "replies({g:?}) gives {n} replies: expected one for each of the {ns} secrets, in their order"
                                )));
                            }
                            Err(e) => {
                                let e = limit_message(e);
                                let e = if e.starts_with("replies(") || e.starts_with("score(") {
                                    e
                                } else {
                                    format!("replies({g:?}) failed: {e}")
                                };
                                return Some(self.err(e));
                            }
                        }
                        continue;
                    }
                    for (r, s) in row.iter_mut().zip(secrets.iter()) {
                        let text = match script.score(g, s) {
                            Ok(t) => t,
                            Err(e) => {
                                let why = limit_message(e);
                                return Some(self.err(format!("score({g:?}, {s:?}) failed: {why}")));
                            }
                        };
                        *r = match number(&text) {
                            Some(id) => id,
                            None => return Some(self.err(too_many(g, s, &text))),
                        };
                    }
                }
                None
            })
            .collect();
        if let Some(e) = failures.into_iter().next() {
            return Err(e);
        }
        let names = numbers
            .into_inner()
            .map_err(|_| self.err("a thread scoring the table panicked"))?
            .into_names();
        Ok(renumber_by_first_appearance(table, names))
    }

    /// When a script scores a game more than one way, the table was built by the first of:
    /// the rows its guesses' function gave, `replies(guess)`, `score(guess, secret)`; this
    /// checks that the others agree on the first and the last guess's rows, so that a script
    /// whose ways differ is refused rather than half-used.
    fn rows_agree(
        &self,
        script: &Script,
        made_by: &MadeBy,
        guesses: &CodeNames,
        secrets: &CodeNames,
        table: &[u8],
        names: &[String],
    ) -> Result<(), LoadError> {
        let ns = secrets.len();
        let mut rows = vec![0, guesses.len() - 1];
        rows.dedup();
        // The ways after the one that made the table.
        let by_replies = matches!(made_by, MadeBy::List(_)) && script.has_replies();
        let by_score = !matches!(made_by, MadeBy::Score) && script.has("score", 2);
        for g in rows {
            let guess = &guesses[g];
            let given = |s: usize| names[table[g * ns + s] as usize].as_str();
            let disagree = |secret: &str, ours: &str, theirs: &str, other: String| {
                let made = match made_by {
                    MadeBy::List(function) => {
                        format!("{function} gives {ours:?} as the reply of {secret:?} to {guess:?}")
                    }
                    _ => format!("replies({guess:?}) gives {ours:?} for {secret:?}"),
                };
                self.err(format!(
                    "{made}, but {other} gives {theirs:?}: the ways the script scores must agree"
                ))
            };
            if by_replies {
                let mut got = vec![String::new(); ns];
                let n = script
                    .replies(guess, |j, text| {
                        if let Some(slot) = got.get_mut(j) {
                            *slot = text.to_string();
                        }
                        Ok(())
                    })
                    .map_err(|e| self.err(format!("replies({guess:?}) failed: {e}")))?;
                if n != ns {
                    return Err(self.err(format!(
                        "replies({guess:?}) gives {n} replies: expected one for each of the {ns} secrets, in their order"
                    )));
                }
                for (s, secret) in secrets.iter().enumerate() {
                    if got[s] != given(s) {
                        let other = format!("replies({guess:?})");
                        return Err(disagree(secret, given(s), &got[s], other));
                    }
                }
            }
            if by_score {
                for (s, secret) in secrets.iter().enumerate() {
                    let theirs = script.score(guess, secret).map_err(|e| {
                        self.err(format!("score({guess:?}, {secret:?}) failed: {e}"))
                    })?;
                    if theirs != given(s) {
                        let other = format!("score({guess:?}, {secret:?})");
                        return Err(disagree(secret, given(s), &theirs, other));
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks `win = "..."` against the replies.
    fn with_win(&self, parts: &mut ListParts) -> Result<(), LoadError> {
        if let Some(w) = &self.file.win {
            if parts.end == End::Known {
                return Err(self.err("win does not apply with end = \"known\": the game ends when one secret remains"));
            }
            if !parts.replies.iter().any(|r| r == w) {
                return Err(self.err(format!(
                    "win = {w:?} is not a reply of the game: its replies are {}",
                    parts.replies.join(", ")
                )));
            }
        }
        Ok(())
    }
}

/// How a script game's table was made: the first way the script gives (see
/// `Loader::rows_agree`).
enum MadeBy {
    /// Rows given with the guesses by this list function.
    List(String),
    /// `replies(guess)`.
    Replies,
    /// `score(guess, secret)`.
    Score,
}

/// Replies a chunk of the script's table holds (see `Loader::script_table`).
const CHUNK_PAIRS: usize = 1 << 16;

/// The table with its replies renumbered in the order they first appear in it (row by row),
/// and the reply names in that order.
fn renumber_by_first_appearance(mut table: Vec<u8>, names: Vec<String>) -> (Vec<u8>, Vec<String>) {
    let mut map = [0u8; 256];
    let mut met = [false; 256];
    let mut order: Vec<usize> = Vec::with_capacity(names.len());
    for &r in &table {
        if !met[r as usize] {
            met[r as usize] = true;
            map[r as usize] = order.len() as u8;
            order.push(r as usize);
            if order.len() == names.len() {
                break;
            }
        }
    }
    let renamed: Vec<String> = order.iter().map(|&i| names[i].clone()).collect();
    if order.iter().enumerate().any(|(new, &old)| new != old) {
        table.par_iter_mut().for_each(|r| *r = map[*r as usize]);
    }
    (table, renamed)
}

/// Drops replies that never occur and renumbers the table.
fn compact_replies(parts: &mut ListParts) {
    let mut used = vec![false; parts.replies.len()];
    for &r in &parts.table {
        used[r as usize] = true;
    }
    let mut map = vec![0u8; parts.replies.len()];
    let mut kept = Vec::new();
    for (i, r) in parts.replies.iter().enumerate() {
        if used[i] {
            map[i] = kept.len() as u8;
            kept.push(r.clone());
        }
    }
    for r in &mut parts.table {
        *r = map[*r as usize];
    }
    parts.replies = kept;
}
