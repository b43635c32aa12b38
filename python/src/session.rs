//! `hint` and `Solver`: the session library's hints and solve sessions.

use std::sync::{Arc, Mutex, MutexGuard};

use std::sync::atomic::AtomicBool;

use codebreak_session::reasoned::Budget;
use codebreak_session::{HintQuery, SessionError, Solve};
use codebreak_strategy::StrategyKind;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors::bad;
use crate::game::PyGame;

/// A hint: how many secrets `remaining`, the first of them (`candidates`), the first
/// strategy's next `guess`, and one suggestion per strategy (`suggestions`: dicts with
/// strategy, description, guess, why, largest_class, expected_size, entropy, parts,
/// could_be_secret). `solved` is the secret when the replies say it was found.
#[pyclass(module = "codebreak", name = "Hint", frozen)]
pub struct PyHint {
    /// Secrets still consistent with every reply: an int when exact, on a game too large to
    /// list that cannot count them a dict {"estimate", "low", "high", "method"}.
    #[pyo3(get)]
    remaining: Py<PyAny>,
    /// The first of them, in the game's order.
    #[pyo3(get)]
    candidates: Py<PyList>,
    /// The first suggestion's guess (None when the game is over).
    #[pyo3(get)]
    guess: Py<PyAny>,
    /// One dict per strategy asked for.
    #[pyo3(get)]
    suggestions: Py<PyList>,
    /// The secret, when the replies say it was found (else None).
    #[pyo3(get)]
    solved: Py<PyAny>,
    /// Strategies left out, with the reason: [{"strategy", "why"}].
    #[pyo3(get)]
    omitted: Py<PyAny>,
}

#[pymethods]
impl PyHint {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<codebreak.Hint {} remaining, guess {}>",
            self.remaining
                .bind(py)
                .repr()
                .map(|r| r.to_string())
                .unwrap_or_default(),
            self.guess
                .bind(py)
                .repr()
                .map(|r| r.to_string())
                .unwrap_or_default()
        )
    }
}

fn kinds(strategy: &Bound<'_, PyAny>) -> PyResult<Option<Vec<StrategyKind>>> {
    if strategy.is_none() {
        return Ok(None);
    }
    let names: Vec<String> = match strategy.extract::<String>() {
        Ok(s) if s == "all" => return Ok(None),
        Ok(s) => vec![s],
        Err(_) => strategy.extract()?,
    };
    names
        .iter()
        .map(|n| n.parse::<StrategyKind>().map_err(bad))
        .collect::<PyResult<Vec<_>>>()
        .map(Some)
}

/// The review of a finished game (as `codebreak review --json` and the web page's): each move
/// against the best guess at that point, its verdict, and the game's skill and luck, as a
/// dict. `history` is a list of (guess, reply) pairs or text; `secret` the game's secret
/// (every reply is checked against it). On a game too large to list, the counts of secrets
/// left are estimates where they must be (dicts with `estimate`, `low`, `high`, `method`) and
/// the best guess is chosen on a sample of `fit_sample` fitting secrets (default 400).
#[pyfunction]
#[pyo3(signature = (game, history, secret, exact_secrets=None, fit_sample=None))]
pub fn review<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    history: &Bound<'py, PyAny>,
    secret: &Bound<'py, PyAny>,
    exact_secrets: Option<usize>,
    fit_sample: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let g = game.get();
    let history = g.session_history(history)?;
    let secret = g.code_text(secret)?;
    let options = g
        .session
        .review_options(exact_secrets, fit_sample)
        .map_err(|e| crate::errors::session(py, e))?;
    let session = g.session.clone();
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget::default().with_cancel(Arc::clone(&cancel));
    let report = crate::run::interruptible(py, &cancel, || {
        session.review(&history, &secret, &options, &budget)
    })?
    .map_err(|e| crate::errors::session(py, e))?;
    crate::convert::json(py, &serde_json::to_value(&report).map_err(bad)?)
}

/// What is still possible after `history` and what to play next (as `codebreak hint`), on
/// any game, listed or too large to list. `history` is a list of (guess, reply) pairs, or
/// text such as "1122:1B0W,3456:0B2W"; `strategy` a name, a list of names, or "all" (default
/// minimax, or entropy on a game too large to list, whose guesses are chosen on a sample of
/// `fit_sample` fitting secrets, default 400). Contradictory replies raise
/// `codebreak.Contradiction`, whose `.diagnosis` names the answers likely mistyped (or, on a
/// game too large to list, the fewest clues that contradict each other).
#[pyfunction]
#[pyo3(signature = (game, history=None, strategy=None, show=10, pool=None, ties=None, seed=None, first_guess=None, fit_sample=None))]
#[allow(clippy::too_many_arguments)]
pub fn hint(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    history: Option<&Bound<'_, PyAny>>,
    strategy: Option<&Bound<'_, PyAny>>,
    show: usize,
    pool: Option<&str>,
    ties: Option<&str>,
    seed: Option<u64>,
    first_guess: Option<&Bound<'_, PyAny>>,
    fit_sample: Option<usize>,
) -> PyResult<PyHint> {
    let g = game.get();
    let history = match history {
        Some(h) if !h.is_none() => g.session_history(h)?,
        _ => g.session.parse_history("").map_err(bad)?,
    };
    let strategies = match strategy {
        Some(s) => kinds(s)?,
        None => Some(vec![g.session.default_strategy()]),
    };
    let query = HintQuery {
        strategies,
        options: crate::analysis::options_spec(g, pool, ties, seed, first_guess)?,
        show,
        fit_sample,
        find_time: None,
    };
    let session = g.session.clone();
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget::default().with_cancel(Arc::clone(&cancel));
    let report =
        crate::run::interruptible(py, &cancel, || session.hint(&history, &query, &budget))?
            .map_err(|e| crate::errors::session(py, e))?;
    let candidates = PyList::empty(py);
    for c in &report.candidates {
        candidates.append(g.label_py(py, c)?)?;
    }
    let label = |l: &Option<String>| -> PyResult<Py<PyAny>> {
        match l {
            Some(l) => Ok(g.label_py(py, l)?.unbind()),
            None => Ok(py.None()),
        }
    };
    let suggestions = PyList::empty(py);
    for s in &report.suggestions {
        let v = serde_json::to_value(s).map_err(bad)?;
        let d = crate::convert::json(py, &v)?;
        d.cast::<PyDict>()?
            .set_item("guess", g.label_py(py, &s.guess)?)?;
        suggestions.append(d)?;
    }
    let omitted = crate::convert::json(py, &serde_json::to_value(&report.omitted).map_err(bad)?)?;
    Ok(PyHint {
        remaining: crate::convert::json(
            py,
            &serde_json::to_value(&report.remaining).map_err(bad)?,
        )?
        .unbind(),
        candidates: candidates.unbind(),
        guess: label(&report.guess)?,
        suggestions: suggestions.unbind(),
        solved: label(&report.solved)?,
        omitted: omitted.unbind(),
    })
}

/// A strategy breaking a secret from the replies it is told, on any game (listed or too large
/// to list): `guess()` gives the guess to answer (None once solved), `tell(reply)` answers
/// it. A reply that no secret gives along with the earlier ones raises
/// `codebreak.Contradiction` (with `.diagnosis`) and changes nothing; `undo()` takes back the
/// last answer and `correct(n, reply)` corrects answer n. On a game too large to list the
/// strategy (entropy by default) chooses each guess on a sample of `fit_sample` fitting
/// secrets, and `remaining` is counted when read (an int, or an estimate dict).
#[pyclass(module = "codebreak", name = "Solver", frozen)]
pub struct PySolver {
    game: Py<PyGame>,
    session: Mutex<Solve>,
}

impl PySolver {
    fn lock(&self) -> MutexGuard<'_, Solve> {
        self.session.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Runs `f` on the session without the GIL, stopped by Ctrl-C.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Solve, &Budget) -> Result<T, SessionError> + Send,
    ) -> PyResult<T> {
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = Budget::default().with_cancel(Arc::clone(&cancel));
        crate::run::interruptible(py, &cancel, || f(&mut self.lock(), &budget))?
            .map_err(|e| crate::errors::session(py, e))
    }
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(signature = (game, strategy=None, pool=None, ties=None, seed=None, first_guess=None, fit_sample=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyGame>,
        strategy: Option<&str>,
        pool: Option<&str>,
        ties: Option<&str>,
        seed: Option<u64>,
        first_guess: Option<&Bound<'_, PyAny>>,
        fit_sample: Option<usize>,
    ) -> PyResult<PySolver> {
        let g = game.get();
        let spec = crate::analysis::options_spec(g, pool, ties, seed, first_guess)?;
        let kind = strategy
            .map(|s| s.parse::<StrategyKind>().map_err(bad))
            .transpose()?;
        let session = g
            .session
            .solve(kind, &spec, fit_sample)
            .map_err(|e| crate::errors::session(py, e))?;
        Ok(PySolver {
            game: game.clone().unbind(),
            session: Mutex::new(session),
        })
    }

    /// The guess to answer next (the same until a reply is told), or None once solved.
    fn guess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.run(py, |s, b| s.next_guess(b))? {
            Some(c) => self.game.get().label_py(py, &c),
            None => Ok(py.None().into_bound(py)),
        }
    }

    /// Tells the reply to the pending guess (a reply value of a custom game, or text such as
    /// "1B2W"; a number in the black-peg game). Returns True when the secret is found.
    fn tell(&self, py: Python<'_>, reply: &Bound<'_, PyAny>) -> PyResult<bool> {
        let text = self.game.get().reply_text(reply)?;
        self.run(py, |s, b| s.reply(&text, b).map(|_| s.is_solved()))
    }

    /// Takes back the last answer.
    fn undo(&self, py: Python<'_>) -> PyResult<()> {
        self.lock()
            .undo()
            .map_err(|e| crate::errors::session(py, e))
    }

    /// Corrects answer `answer` (numbered from 1); the later guesses stay as played.
    fn correct(&self, py: Python<'_>, answer: usize, reply: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = self.game.get().reply_text(reply)?;
        self.run(py, |s, b| s.correct(answer, &text, b))
    }

    /// Whether the last reply says the secret was found.
    #[getter]
    fn solved(&self) -> bool {
        self.lock().is_solved()
    }

    /// Secrets still consistent with every reply: an int, or on a game too large to list
    /// that cannot count them an estimate dict {estimate, low, high, method}.
    #[getter]
    fn remaining<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let r = self.run(py, |s, b| s.remaining(b))?;
        crate::convert::json(py, &serde_json::to_value(&r).map_err(bad)?)
    }

    /// The first `n` secrets still consistent with every reply.
    #[pyo3(signature = (n=10))]
    fn candidates<'py>(&self, py: Python<'py>, n: usize) -> PyResult<Bound<'py, PyList>> {
        let codes = self.run(py, |s, b| s.candidates(n, b))?;
        let list = PyList::empty(py);
        for c in &codes {
            list.append(self.game.get().label_py(py, c)?)?;
        }
        Ok(list)
    }

    /// The moves so far: [(guess, reply), ...].
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.lock().history();
        let g = self.game.get();
        let list = PyList::empty(py);
        for (c, r) in &moves {
            list.append((g.label_py(py, c)?, g.reply_label_py(py, r)?))?;
        }
        Ok(list)
    }

    /// The secret, once found (else None).
    #[getter]
    fn secret<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let solved = self.lock().is_solved();
        let found = match solved {
            true => self.run(py, |s, b| s.candidates(1, b))?.into_iter().next(),
            false => None,
        };
        match found {
            Some(c) => self.game.get().label_py(py, &c),
            None => Ok(py.None().into_bound(py)),
        }
    }

    /// The strategy with its options, in words.
    #[getter]
    fn strategy(&self) -> String {
        self.lock().description()
    }

    fn __repr__(&self) -> PyResult<String> {
        let s = self.lock();
        Ok(format!(
            "<codebreak.Solver {}: {} moves>",
            s.description(),
            s.history().len(),
        ))
    }
}
