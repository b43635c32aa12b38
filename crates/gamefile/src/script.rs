//! The sandbox for scoring functions written in a game file, in Rhai.
//!
//! Rhai is an embedded language with no access to files, the network or the process; on top of
//! that every call has an operation budget, texts, lists and maps have a size limit, recursion
//! has a depth limit, and the whole table build has a deadline, all from the file's `[limits]`.
//! `print` and `debug` go nowhere.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use codebreak_core::list::CodeNames;
use rayon::prelude::*;
use rhai::{AST, Dynamic, Engine, Scope};

use crate::file::{Constant, Limits};

/// Most parts a list function may be split into (`parts` of `{function = ..., parts = N}`).
pub const MAX_PARTS: usize = 4096;

/// Numbers a reply's text for the table ([`ReplyNumbers`](codebreak_core::list::ReplyNumbers),
/// shared by the cores); `None` when the game has too many replies already.
pub type Numbering<'a> = &'a (dyn Fn(&str) -> Option<u8> + Sync);

/// What a list function returned: its codes, and the replies it gave with them, if it did.
#[derive(Default)]
pub struct Listing {
    /// The codes, in the function's order.
    pub codes: CodeNames,
    /// The replies given with the codes (`#{codes: [...], replies: [...]}`), when the
    /// function gave them.
    pub rows: Option<GivenRows>,
}

/// The replies a list function gave with its codes: for each code, in order, `width` reply
/// numbers (one for each secret, in the secrets' order, once the loader has checked `width`).
/// A function that knows how it built each guess can give its row for far less than a call of
/// `replies(guess)` costs (`coins.toml`: by looking up halves of the pans).
#[derive(Default)]
pub struct GivenRows {
    /// Replies a row.
    pub width: usize,
    /// The rows one after the other.
    pub cells: Vec<u8>,
}

/// A part's (or a chunk's) numbering of reply texts, in front of the shared one:
/// one-character replies by a table, others by a map, so that the shared numbering (behind a
/// lock) sees each text once per part.
pub(crate) struct LocalNumbers<'a> {
    shared: Numbering<'a>,
    ascii: [Option<u8>; 128],
    other: std::collections::HashMap<String, u8>,
}

impl<'a> LocalNumbers<'a> {
    pub(crate) fn new(shared: Numbering<'a>) -> Self {
        LocalNumbers {
            shared,
            ascii: [None; 128],
            other: Default::default(),
        }
    }

    /// The number of `text`; an error when the game has too many replies.
    pub(crate) fn number(&mut self, text: &str) -> Result<u8, String> {
        let too_many = || {
            format!(
                "{text:?} is one more than the {} distinct replies a game may have",
                codebreak_core::list::MAX_REPLIES
            )
        };
        if let [b] = text.as_bytes()
            && b.is_ascii()
        {
            if let Some(id) = self.ascii[*b as usize] {
                return Ok(id);
            }
            let id = (self.shared)(text).ok_or_else(too_many)?;
            self.ascii[*b as usize] = Some(id);
            return Ok(id);
        }
        if let Some(&id) = self.other.get(text) {
            return Ok(id);
        }
        let id = (self.shared)(text).ok_or_else(too_many)?;
        self.other.insert(text.to_string(), id);
        Ok(id)
    }

    /// Numbers the characters of `text`, each a reply, onto `cells`.
    fn row_text(&mut self, text: &str, cells: &mut Vec<u8>) -> Result<(), String> {
        let mut buf = [0u8; 4];
        for c in text.chars() {
            cells.push(self.number(c.encode_utf8(&mut buf))?);
        }
        Ok(())
    }

    /// Numbers a row of replies onto `cells`: a list of replies, or a text whose characters
    /// are the replies.
    fn row(&mut self, row: &Dynamic, cells: &mut Vec<u8>) -> Result<(), String> {
        if let Some(text) = row.read_lock::<rhai::ImmutableString>() {
            return self.row_text(&text, cells);
        }
        let Some(list) = row.read_lock::<rhai::Array>() else {
            return Err(format!(
                "expected a list of replies or a text of one-character replies, got {}",
                row.type_name()
            ));
        };
        for x in list.iter() {
            let id = with_text(x, "a reply", |text| self.number(text))??;
            cells.push(id);
        }
        Ok(())
    }
}

/// The parts of a list joined so far, in order (see [`Script::list_parts`]).
#[derive(Default)]
struct Joined {
    /// The next part to join.
    next: usize,
    /// Parts finished before some part ahead of them.
    waiting: std::collections::BTreeMap<usize, Result<Listing, String>>,
    /// The parts joined.
    all: Listing,
    /// The first part that gave codes: its number, whether it gave replies, and how many.
    first: Option<(usize, bool, usize)>,
    /// The first failure, by part.
    error: Option<(usize, String)>,
}

impl Joined {
    /// Joins the parts that are next in order.
    fn join_ready(&mut self, name: &str, parts: usize) {
        while let Some(list) = self.waiting.remove(&self.next) {
            let part = self.next;
            self.next += 1;
            if self.error.is_some() {
                continue;
            }
            let mut list = match list {
                Ok(list) => list,
                Err(e) => {
                    self.error = Some((part, e));
                    continue;
                }
            };
            if list.codes.is_empty() {
                continue;
            }
            let shape = (
                list.rows.is_some(),
                list.rows.as_ref().map_or(0, |r| r.width),
            );
            match self.first {
                None => self.first = Some((part, shape.0, shape.1)),
                Some((p, rows, width)) if (rows, width) != shape => {
                    let what = |rows: bool, width: usize| {
                        if rows {
                            format!("{width} replies with each code")
                        } else {
                            "no replies".to_string()
                        }
                    };
                    let e = format!(
                        "{name}({part}, {parts}) gives {}, but {name}({p}, {parts}) gives {}: every part must give the same",
                        what(shape.0, shape.1),
                        what(rows, width)
                    );
                    self.error = Some((part, e));
                    continue;
                }
                Some(_) => {}
            }
            self.all.codes.append(&list.codes);
            if let Some(rows) = list.rows.take() {
                let into = self.all.rows.get_or_insert_with(|| GivenRows {
                    width: rows.width,
                    cells: Vec::new(),
                });
                into.cells.extend_from_slice(&rows.cells);
            }
        }
    }
}

/// A compiled script and its sandbox.
pub struct Script {
    /// Runs `score`: every limit, sizes included.
    engine: Engine,
    /// Runs the list functions, once each: the operation budget and the deadline, but no size
    /// checks (Rhai re-measures a whole list at each push once sizes are checked, which makes
    /// building a list of 100 000 codes take minutes).
    list_engine: Engine,
    ast: AST,
}

/// A Rhai engine with the game file's limits: an operation budget per call, the deadline (read
/// every 4096 operations), call and expression depths, no modules, no output; `size` bounds
/// texts, lists and maps when given.
fn sandbox(
    limits: Limits,
    size: Option<usize>,
    deadline: Arc<std::sync::Mutex<Option<Instant>>>,
    constants: rhai::Shared<rhai::Module>,
) -> Engine {
    let mut engine = Engine::new();
    // Rhai interns strings behind one lock for the whole engine, which the cores scoring the
    // table would take in turn for every string they make: none is interned, so they run
    // side by side.
    engine.set_max_strings_interned(0);
    engine.set_max_operations(limits.operations.max(1));
    if let Some(size) = size {
        engine.set_max_string_size(size.max(1));
        engine.set_max_array_size(size.max(1));
        engine.set_max_map_size(size.max(1));
    }
    engine.set_max_call_levels(64);
    engine.set_max_expr_depths(64, 64);
    engine.set_max_modules(0);
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine.on_progress(move |count| {
        if count % 4096 != 0 {
            return None;
        }
        let d = deadline.lock().ok().and_then(|d| *d);
        match d {
            Some(d) if Instant::now() > d => Some(Dynamic::from("time limit")),
            _ => None,
        }
    });
    engine.register_global_module(constants);
    engine
}

impl std::fmt::Debug for Script {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Script")
    }
}

/// The text of a script value: a reply or a code.
fn text_of(v: &Dynamic, what: &str) -> Result<String, String> {
    if v.is_string() || v.is_char() || v.is_int() || v.is_bool() || v.is_float() {
        Ok(v.to_string())
    } else if v.is_array() {
        // A list of parts, joined: `[1, 2]` is the reply "1,2".
        let arr = v.clone().into_array().map_err(|t| t.to_string())?;
        let parts: Result<Vec<String>, String> = arr.iter().map(|x| text_of(x, what)).collect();
        Ok(parts?.join(","))
    } else {
        Err(format!(
            "{what} must be text or a number, got {}",
            v.type_name()
        ))
    }
}

impl Script {
    /// Compiles `source` with `constants` in scope, under `limits`; `deadline` ends every call
    /// once passed.
    pub fn new(
        source: &str,
        constants: &[(String, Constant)],
        limits: Limits,
        deadline: Arc<std::sync::Mutex<Option<Instant>>>,
    ) -> Result<Script, String> {
        // Constants in a global module: seen by name everywhere, inside functions too.
        let mut module = rhai::Module::new();
        for (k, v) in constants {
            let d = match v {
                Constant::Int(i) => Dynamic::from(*i),
                Constant::Bool(b) => Dynamic::from(*b),
                Constant::Text(t) => Dynamic::from(t.clone()),
            };
            module.set_var(k.clone(), d);
        }
        let module: rhai::Shared<rhai::Module> = module.into();
        let engine = sandbox(limits, Some(limits.size), deadline.clone(), module.clone());
        let list_engine = sandbox(limits, None, deadline, module);
        let ast = engine
            .compile(source)
            .map_err(|e| format!("the script does not compile: {}", one_line(&e.to_string())))?;
        Ok(Script {
            engine,
            list_engine,
            ast,
        })
    }

    fn scope(&self) -> Scope<'static> {
        Scope::new()
    }

    /// Whether the script defines a function `name` taking `arity` arguments.
    pub fn has(&self, name: &str, arity: usize) -> bool {
        self.ast
            .iter_functions()
            .any(|f| f.name == name && f.params.len() == arity)
    }

    /// Calls `name()` and reads the list of codes it returns, with the replies given with
    /// them, numbered by `number` (see [`GivenRows`]).
    pub fn list(&self, name: &str, number: Numbering<'_>) -> Result<Listing, String> {
        if !self.has(name, 0) {
            return Err(format!(
                "the script has no function {name}() to list the codes"
            ));
        }
        self.call_list(name, (), &format!("{name}()"), number)
    }

    /// Calls list function `name` with `args` (written `call` in messages) and reads the
    /// codes it returns, and the replies given with them.
    fn call_list(
        &self,
        name: &str,
        args: impl rhai::FuncArgs,
        call: &str,
        number: Numbering<'_>,
    ) -> Result<Listing, String> {
        let v: Dynamic = self
            .list_engine
            .call_fn(&mut self.scope(), &self.ast, name, args)
            .map_err(|e| format!("{call} failed: {}", one_line(&e.to_string())))?;
        let mut out = Listing::default();
        if !v.is_map() {
            let arr = v.into_array().map_err(|t| {
                format!(
                    "{call} must return a list of codes, or a map of codes and replies, got {t}"
                )
            })?;
            for x in &arr {
                with_text(x, "a code", |text| out.codes.push(text))?;
            }
            return Ok(out);
        }
        // `#{codes: [...], replies: [...]}`: each code's replies with it.
        let map = v.cast::<rhai::Map>();
        if let Some(key) = map
            .keys()
            .find(|k| !["codes", "replies"].contains(&k.as_str()))
        {
            return Err(format!(
                "{call} returns a map with the key {key:?}: expected codes and replies"
            ));
        }
        let list = |key: &str| -> Result<rhai::Array, String> {
            let Some(v) = map.get(key) else {
                return Err(format!(
                    "{call} returns a map without {key}: expected #{{codes: [...], replies: [...]}}"
                ));
            };
            v.clone()
                .into_array()
                .map_err(|t| format!("{call} returns {key} that is not a list: got {t}"))
        };
        let codes = list("codes")?;
        let mut numbers = LocalNumbers::new(number);
        let mut given = GivenRows::default();
        for code in &codes {
            with_text(code, "a code", |text| out.codes.push(text))?;
        }
        if let Some(text) = map
            .get("replies")
            .and_then(|r| r.read_lock::<rhai::ImmutableString>())
        {
            // One text: every code's row of one-character replies, one after the other.
            numbers.row_text(&text, &mut given.cells)?;
            let (chars, n) = (given.cells.len(), codes.len());
            if n > 0 && chars % n != 0 {
                return Err(format!(
                    "{call} returns its replies as one text of {chars} characters for {n} codes: expected as many replies for each code"
                ));
            }
            given.width = chars.checked_div(n).unwrap_or(0);
            out.rows = Some(given);
            return Ok(out);
        }
        let rows = list("replies")?;
        if codes.len() != rows.len() {
            return Err(format!(
                "{call} returns {} codes and {} rows of replies: expected one row for each code",
                codes.len(),
                rows.len()
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let before = given.cells.len();
            numbers
                .row(row, &mut given.cells)
                .map_err(|e| format!("{call}: the replies of {:?}: {e}", &out.codes[i]))?;
            let width = given.cells.len() - before;
            if i == 0 {
                given.width = width;
            } else if width != given.width {
                return Err(format!(
                    "{call}: {:?} gives {width} replies, but {:?} gives {}: expected one for each secret, in their order",
                    &out.codes[i], &out.codes[0], given.width
                ));
            }
        }
        out.rows = Some(given);
        Ok(out)
    }

    /// Calls `name(part, parts)` for every part from 0 to `parts - 1`, on every core, and
    /// joins the lists (and the replies given with them) in the order of the parts, so that
    /// the list does not depend on the number of cores.
    pub fn list_parts(
        &self,
        name: &str,
        parts: usize,
        number: Numbering<'_>,
    ) -> Result<Listing, String> {
        if !(1..=MAX_PARTS).contains(&parts) {
            return Err(format!(
                "parts = {parts}: expected 1 to {MAX_PARTS} parts of the list"
            ));
        }
        if !self.has(name, 2) {
            return Err(format!(
                "the script has no function {name}(part, parts) to list the codes in {parts} parts"
            ));
        }
        // Parts are started in order (`par_bridge` takes them from the range one at a time)
        // and joined as soon as every part before them is: only the parts finished out of
        // order wait, so the codes and the rows are held about once, not twice.
        let joined = Mutex::new(Joined::default());
        (0..parts).par_bridge().for_each(|part| {
            if joined.lock().map_or(true, |j| j.error.is_some()) {
                return;
            }
            let args = (part as rhai::INT, parts as rhai::INT);
            let call = format!("{name}({part}, {parts})");
            let list = self.call_list(name, args, &call, number);
            if let Ok(mut j) = joined.lock() {
                j.waiting.insert(part, list);
                j.join_ready(name, parts);
            }
        });
        let joined = joined
            .into_inner()
            .map_err(|_| format!("a thread running {name} panicked"))?;
        match joined.error {
            Some((_, e)) => Err(e),
            None => Ok(joined.all),
        }
    }

    /// Whether the script scores a whole row at once with `replies(guess)`.
    pub fn has_replies(&self) -> bool {
        self.has("replies", 1)
    }

    /// Calls `replies(guess)`, which gives the reply of every secret to `guess` in the order of
    /// the secrets (a list of replies, or a text whose characters are the replies), and hands
    /// each reply's text to `each` (without copying it when it is a string). Returns how many
    /// replies the function gave.
    pub fn replies(
        &self,
        guess: &str,
        mut each: impl FnMut(usize, &str) -> Result<(), String>,
    ) -> Result<usize, String> {
        let options = rhai::CallFnOptions::new().eval_ast(false);
        let v: Dynamic = self
            .engine
            .call_fn_with_options(
                options,
                &mut self.scope(),
                &self.ast,
                "replies",
                (guess.to_string(),),
            )
            .map_err(|e| one_line(&e.to_string()))?;
        if let Some(text) = v.read_lock::<rhai::ImmutableString>() {
            // A text whose characters are the replies.
            let mut buf = [0u8; 4];
            let mut n = 0;
            for (i, c) in text.chars().enumerate() {
                each(i, c.encode_utf8(&mut buf))?;
                n += 1;
            }
            return Ok(n);
        }
        let arr = v.into_array().map_err(|t| {
            format!(
                "replies must return a list of replies or a text of one-character replies, got {t}"
            )
        })?;
        for (i, x) in arr.iter().enumerate() {
            with_text(x, "a reply", |text| each(i, text))??;
        }
        Ok(arr.len())
    }

    /// The reply to `guess` when the secret is `secret`, as text.
    pub fn score(&self, guess: &str, secret: &str) -> Result<String, String> {
        // The script's top level ran once, when it was compiled; calls only run the function.
        let options = rhai::CallFnOptions::new().eval_ast(false);
        let v: Dynamic = self
            .engine
            .call_fn_with_options(
                options,
                &mut self.scope(),
                &self.ast,
                "score",
                (guess.to_string(), secret.to_string()),
            )
            .map_err(|e| one_line(&e.to_string()))?;
        text_of(&v, "the reply")
    }
}

/// Hands the text of a script value to `f`: a string as it is, without a copy; a number or
/// a list of parts as [`text_of`] writes it.
fn with_text<T>(x: &Dynamic, what: &str, f: impl FnOnce(&str) -> T) -> Result<T, String> {
    match x.read_lock::<rhai::ImmutableString>() {
        Some(text) => Ok(f(text.as_str())),
        None => Ok(f(&text_of(x, what)?)),
    }
}

/// A message on one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The deadline of a table build that starts now.
pub fn deadline_in(limits: Limits) -> Instant {
    Instant::now() + Duration::from_secs(limits.seconds.max(1))
}
