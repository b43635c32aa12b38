//! The sandbox for scoring functions written in a game file, in Rhai.
//!
//! Rhai is an embedded language with no access to files, the network or the process; on top of
//! that every call has an operation budget, texts, lists and maps have a size limit, recursion
//! has a depth limit, and the whole table build has a deadline, all from the file's `[limits]`.
//! `print` and `debug` go nowhere.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rhai::{AST, Dynamic, Engine, Scope};

use crate::file::{Constant, Limits};

/// A compiled script and its sandbox.
pub struct Script {
    engine: Engine,
    ast: AST,
    constants: Vec<(String, Dynamic)>,
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
        let mut engine = Engine::new();
        engine.set_max_operations(limits.operations.max(1));
        engine.set_max_string_size(limits.size.max(1));
        engine.set_max_array_size(limits.size.max(1));
        engine.set_max_map_size(limits.size.max(1));
        engine.set_max_call_levels(64);
        engine.set_max_expr_depths(64, 64);
        engine.set_max_modules(0);
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        engine.on_progress(move |_| {
            let d = deadline.lock().ok().and_then(|d| *d);
            match d {
                Some(d) if Instant::now() > d => Some(Dynamic::from("time limit")),
                _ => None,
            }
        });
        let ast = engine
            .compile(source)
            .map_err(|e| format!("the script does not compile: {e}"))?;
        let constants = constants
            .iter()
            .map(|(k, v)| {
                let d = match v {
                    Constant::Int(i) => Dynamic::from(*i),
                    Constant::Bool(b) => Dynamic::from(*b),
                    Constant::Text(t) => Dynamic::from(t.clone()),
                };
                (k.clone(), d)
            })
            .collect();
        Ok(Script {
            engine,
            ast,
            constants,
        })
    }

    fn scope(&self) -> Scope<'static> {
        let mut scope = Scope::new();
        for (k, v) in &self.constants {
            scope.push_constant_dynamic(k.clone(), v.clone());
        }
        scope
    }

    /// Whether the script defines a function `name` taking `arity` arguments.
    pub fn has(&self, name: &str, arity: usize) -> bool {
        self.ast
            .iter_functions()
            .any(|f| f.name == name && f.params.len() == arity)
    }

    /// Calls `name()` and reads the list of codes it returns.
    pub fn list(&self, name: &str) -> Result<Vec<String>, String> {
        if !self.has(name, 0) {
            return Err(format!(
                "the script has no function {name}() to list the codes"
            ));
        }
        let v: Dynamic = self
            .engine
            .call_fn(&mut self.scope(), &self.ast, name, ())
            .map_err(|e| format!("{name}() failed: {}", one_line(&e.to_string())))?;
        let arr = v
            .into_array()
            .map_err(|t| format!("{name}() must return a list of codes, got {t}"))?;
        arr.iter().map(|x| text_of(x, "a code")).collect()
    }

    /// The reply to `guess` when the secret is `secret`, as text.
    pub fn score(&self, guess: &str, secret: &str) -> Result<String, String> {
        let v: Dynamic = self
            .engine
            .call_fn(
                &mut self.scope(),
                &self.ast,
                "score",
                (guess.to_string(), secret.to_string()),
            )
            .map_err(|e| one_line(&e.to_string()))?;
        text_of(&v, "the reply")
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
