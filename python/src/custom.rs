//! `Game.custom`: a list game whose reply table a Python function (or a given table) fills.
//!
//! Codes and replies may be any hashable Python values. The engine knows them by labels (their
//! text, made safe for histories and tree files, and made unique), which is what trees and
//! histories are written with; the [`Values`] maps give the Python values back.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::sync::Arc;

use codebreak_core::list::{End, ListError, ListGame, ListParts, ListRule, MAX_REPLIES};
use codebreak_core::{Game, Named};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::errors::bad;
use crate::game::{PyGame, Values};

/// Pairs scored between two looks for Ctrl-C and two updates of the progress bar.
const CHUNK: usize = 1 << 16;

/// Games with at least this many pairs show a progress bar unless told otherwise.
const PROGRESS_MIN_PAIRS: usize = 2_000_000;

/// The text a value is labelled with: a string itself; a tuple or list its items' texts, run
/// together when each is one character (`(1, 1, 2, 2)` is `1122`), else joined by `-`;
/// anything else `str(value)`. Characters that histories and tree files use are replaced.
fn text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    let raw = if let Ok(s) = value.cast::<PyString>() {
        s.to_cow()?.to_string()
    } else if value.is_instance_of::<PyTuple>() || value.is_instance_of::<pyo3::types::PyList>() {
        let items: Vec<String> = value
            .try_iter()?
            .map(|i| i.and_then(|i| text(&i)))
            .collect::<PyResult<_>>()?;
        let sep = if items.iter().all(|i| i.chars().count() == 1) {
            ""
        } else {
            "-"
        };
        items.join(sep)
    } else {
        value.str()?.to_cow()?.to_string()
    };
    let safe: String = raw
        .chars()
        .map(|c| {
            if c.is_whitespace() || c.is_control() || ",;:=#".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    Ok(if safe.is_empty() { "_".into() } else { safe })
}

/// Unique labels: a label already taken gets `~N` appended.
struct Labels(HashSet<String>);

impl Labels {
    fn take(&mut self, value: &Bound<'_, PyAny>, n: usize) -> PyResult<String> {
        let mut label = text(value)?;
        if self.0.contains(&label) {
            label = format!("{label}~{n}");
        }
        self.0.insert(label.clone());
        Ok(label)
    }
}

/// The codes of one list, labelled; a value listed twice is refused as the library refuses a
/// code listed twice.
fn label_codes<'py>(
    what: &'static str,
    list: &Bound<'py, PyAny>,
    labels: &mut Labels,
    by_value: &Bound<'py, PyDict>,
) -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<String>)> {
    let values: Vec<Bound<'py, PyAny>> = list.try_iter()?.collect::<PyResult<_>>()?;
    let mut names = Vec::with_capacity(values.len());
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (i, v) in values.iter().enumerate() {
        let label = match by_value.get_item(v).map_err(|e| {
            bad(format!(
                "{what} {} is not hashable: codes must be hashable ({e})",
                v.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })? {
            Some(l) => l.extract::<String>()?,
            None => {
                let l = labels.take(v, by_value.len())?;
                by_value.set_item(v, &l)?;
                l
            }
        };
        if let Some(&first) = seen.get(&label) {
            return Err(bad(ListError::Duplicate {
                what,
                code: v.repr()?.to_string(),
                first: first + 1,
                second: i + 1,
            }));
        }
        seen.insert(label.clone(), i);
        names.push(label);
    }
    Ok((values, names))
}

/// The distinct replies met so far, in order of appearance.
struct Replies<'py> {
    index: Bound<'py, PyDict>,
    values: Vec<Bound<'py, PyAny>>,
}

impl<'py> Replies<'py> {
    /// The index of a reply, adding it when new. The same object as a recent reply is found
    /// without hashing (small integers and interned strings usually are).
    fn index(&mut self, r: &Bound<'py, PyAny>) -> Result<u8, String> {
        if let Some(i) = self.values.iter().take(16).position(|v| v.is(r)) {
            return Ok(i as u8);
        }
        match self.index.get_item(r) {
            Ok(Some(i)) => i.extract::<u8>().map_err(|e| e.to_string()),
            Ok(None) => {
                if self.values.len() == MAX_REPLIES {
                    return Err(ListError::TooManyReplies(MAX_REPLIES + 1).to_string());
                }
                let i = self.values.len() as u8;
                self.index.set_item(r, i).map_err(|e| e.to_string())?;
                self.values.push(r.clone());
                Ok(i)
            }
            Err(e) => Err(format!(
                "returned an unhashable reply ({e}): replies must be hashable, such as a tuple instead of a list"
            )),
        }
    }
}

fn repr(v: &Bound<'_, PyAny>) -> String {
    v.repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "<unprintable>".into())
}

/// A progress bar on `sys.stderr`.
struct Bar {
    total: usize,
    shown: bool,
}

impl Bar {
    fn show(&mut self, py: Python<'_>, done: usize) {
        self.shown = true;
        let line = format!(
            "\rcodebreak: scoring pairs {done}/{} ({}%)",
            self.total,
            done * 100 / self.total.max(1)
        );
        // Python's stderr (so notebooks show it); Rust's when that fails.
        let written = py
            .import("sys")
            .and_then(|sys| sys.getattr("stderr"))
            .and_then(|e| {
                e.call_method1("write", (line.as_str(),))?;
                e.call_method0("flush")
            });
        if written.is_err() {
            let _ = write!(std::io::stderr(), "{line}");
        }
    }

    fn finish(&self, py: Python<'_>) {
        if self.shown {
            let _ = py
                .import("sys")
                .and_then(|sys| sys.getattr("stderr"))
                .and_then(|e| e.call_method1("write", ("\n",)));
        }
    }
}

/// Builds a custom game (see `Game.custom`).
pub fn build(
    py: Python<'_>,
    guesses: &Bound<'_, PyAny>,
    secrets: &Bound<'_, PyAny>,
    score: &Bound<'_, PyAny>,
    end: &str,
    name: Option<String>,
    progress: Option<bool>,
) -> PyResult<PyGame> {
    let end: End = end.parse().map_err(bad)?;
    let mut labels = Labels(HashSet::new());
    let by_value = PyDict::new(py);
    let (gv, gnames) = label_codes("guess", guesses, &mut labels, &by_value)?;
    let (sv, snames) = label_codes("secret", secrets, &mut labels, &by_value)?;
    let mut replies = Replies {
        index: PyDict::new(py),
        values: Vec::new(),
    };
    let table = if score.is_callable() {
        let show = progress.unwrap_or(gv.len() * sv.len() >= PROGRESS_MIN_PAIRS);
        score_pairs(score, &gv, &sv, &mut replies, show)?
    } else {
        read_table(score, &gv, &sv, &mut replies)?
    };
    let mut reply_labels = Labels(HashSet::new());
    let reply_by_value = PyDict::new(py);
    let mut reply_names = Vec::with_capacity(replies.values.len());
    let mut reply_values = HashMap::new();
    for (i, r) in replies.values.iter().enumerate() {
        let label = reply_labels.take(r, i)?;
        reply_by_value.set_item(r, &label)?;
        reply_values.insert(label.clone(), r.clone().unbind());
        reply_names.push(label);
    }
    let mut code_values = HashMap::new();
    for (v, l) in gv.iter().zip(&gnames).chain(sv.iter().zip(&snames)) {
        code_values.insert(l.clone(), v.clone().unbind());
    }
    let parts = ListParts {
        name: name.unwrap_or_else(|| "custom game".into()),
        description: format!(
            "A game made in Python: {} guesses, {} secrets, {} replies, ends {}.",
            gv.len(),
            sv.len(),
            reply_names.len(),
            end.help()
        ),
        rule: Some(ListRule::Script),
        end,
        hard: false,
        guesses: gnames.into(),
        secrets: snames.into(),
        replies: reply_names,
        table,
        moves: None,
    };
    // The library's messages name codes and replies by label: the values' text.
    let list = crate::run::detached(py, move || ListGame::new(parts))?.map_err(bad)?;
    let game = Game::from_list(Arc::new(list)).map_err(bad)?;
    PyGame::of(
        py,
        game,
        Some(Values {
            codes: code_values,
            code_labels: by_value.unbind(),
            replies: reply_values,
            reply_labels: reply_by_value.unbind(),
        }),
    )
}

/// The reply table from `score(guess, secret)`, called once per pair, rows by guess; Ctrl-C
/// is looked for and the progress bar updated every [`CHUNK`] pairs.
fn score_pairs<'py>(
    score: &Bound<'py, PyAny>,
    gv: &[Bound<'py, PyAny>],
    sv: &[Bound<'py, PyAny>],
    replies: &mut Replies<'py>,
    show: bool,
) -> PyResult<Vec<u8>> {
    let py = score.py();
    let mut table = vec![0u8; gv.len() * sv.len()];
    let mut bar = Bar {
        total: table.len(),
        shown: false,
    };
    let mut k = 0;
    for guess in gv {
        for secret in sv {
            let r = score.call1((guess, secret)).map_err(|e| {
                // KeyboardInterrupt and SystemExit go through as they are.
                if !e.is_instance_of::<pyo3::exceptions::PyException>(py) {
                    return e;
                }
                let value = e.value(py);
                let kind = value
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default();
                let err = PyValueError::new_err(format!(
                    "score({}, {}) raised {kind}: {value}",
                    repr(guess),
                    repr(secret),
                ));
                err.set_cause(py, Some(e));
                err
            })?;
            table[k] = replies
                .index(&r)
                .map_err(|why| bad(format!("score({}, {}) {why}", repr(guess), repr(secret))))?;
            k += 1;
            if k % CHUNK == 0 {
                py.check_signals()?;
                if show {
                    bar.show(py, k);
                }
            }
        }
    }
    if show {
        bar.show(py, k);
    }
    bar.finish(py);
    Ok(table)
}

/// The reply table given as rows by guess, columns by secret (NumPy arrays through `tolist`).
fn read_table<'py>(
    table: &Bound<'py, PyAny>,
    gv: &[Bound<'py, PyAny>],
    sv: &[Bound<'py, PyAny>],
    replies: &mut Replies<'py>,
) -> PyResult<Vec<u8>> {
    let (g, s) = (gv.len(), sv.len());
    let rows = if table.hasattr("tolist")? {
        table.call_method0("tolist")?
    } else {
        table.clone()
    };
    let rows: Vec<Bound<'_, PyAny>> = rows
        .try_iter()
        .map_err(|_| {
            bad("score must be a function score(guess, secret) or a table of replies (rows by guess, columns by secret)")
        })?
        .collect::<PyResult<_>>()?;
    let size = |got| {
        bad(ListError::TableSize {
            got,
            guesses: g,
            secrets: s,
        })
    };
    if rows.len() != g {
        return Err(size(rows.len() * s));
    }
    let mut out = Vec::with_capacity(g * s);
    for (gi, row) in rows.iter().enumerate() {
        let cells: Vec<Bound<'_, PyAny>> = row.try_iter()?.collect::<PyResult<_>>()?;
        if cells.len() != s {
            return Err(size(gi * s + cells.len()));
        }
        for (si, r) in cells.iter().enumerate() {
            out.push(replies.index(r).map_err(|why| {
                bad(format!(
                    "the table's reply to guess {} for secret {} {why}",
                    repr(&gv[gi]),
                    repr(&sv[si])
                ))
            })?);
        }
    }
    Ok(out)
}
