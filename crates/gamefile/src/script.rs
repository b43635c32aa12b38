//! The sandbox for scoring functions written in a game file, in Rhai.
//!
//! Rhai is an embedded language with no access to files, the network or the process; on top of
//! that every call has an operation budget, texts, lists and maps have a size limit, recursion
//! has a depth limit, and the whole table build has a deadline, all from the file's `[limits]`.
//! `print` and `debug` go nowhere.

use std::sync::Arc;
use std::time::{Duration, Instant};

use codebreak_core::list::CodeNames;
use rayon::prelude::*;
use rhai::{AST, Dynamic, Engine, Scope};

use crate::file::{Constant, Limits};

/// Most parts a list function may be split into (`parts` of `{function = ..., parts = N}`).
pub const MAX_PARTS: usize = 4096;

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

    /// Calls `name()` and reads the list of codes it returns.
    pub fn list(&self, name: &str) -> Result<CodeNames, String> {
        if !self.has(name, 0) {
            return Err(format!(
                "the script has no function {name}() to list the codes"
            ));
        }
        self.call_list(name, (), &format!("{name}()"))
    }

    /// Calls list function `name` with `args` (written `call` in messages) and reads the
    /// codes it returns.
    fn call_list(
        &self,
        name: &str,
        args: impl rhai::FuncArgs,
        call: &str,
    ) -> Result<CodeNames, String> {
        let v: Dynamic = self
            .list_engine
            .call_fn(&mut self.scope(), &self.ast, name, args)
            .map_err(|e| format!("{call} failed: {}", one_line(&e.to_string())))?;
        let arr = v
            .into_array()
            .map_err(|t| format!("{call} must return a list of codes, got {t}"))?;
        let mut out = CodeNames::default();
        for x in &arr {
            with_text(x, "a code", |text| out.push(text))?;
        }
        Ok(out)
    }

    /// Calls `name(part, parts)` for every part from 0 to `parts - 1`, on every core, and
    /// joins the lists in the order of the parts, so that the list does not depend on the
    /// number of cores.
    pub fn list_parts(&self, name: &str, parts: usize) -> Result<CodeNames, String> {
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
        let lists: Result<Vec<CodeNames>, String> = (0..parts)
            .into_par_iter()
            .map(|part| {
                let args = (part as rhai::INT, parts as rhai::INT);
                self.call_list(name, args, &format!("{name}({part}, {parts})"))
            })
            .collect();
        let mut all = CodeNames::default();
        for part in lists? {
            all.append(&part);
        }
        Ok(all)
    }

    /// Whether the script scores a whole row at once with `replies(guess)`.
    pub fn has_replies(&self) -> bool {
        self.has("replies", 1)
    }

    /// Calls `replies(guess)`, which gives the reply of every secret to `guess` in the order of
    /// the secrets, and hands each reply's text to `each` (without copying it when it is a
    /// string). Returns how many replies the function gave.
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
        let arr = v
            .into_array()
            .map_err(|t| format!("replies must return a list of replies, got {t}"))?;
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
