//! `codebreak.HugeGame`, **deprecated**: Mastermind, black-peg and Bulls and Cows games too
//! large to list are `codebreak.Game`s (`hint`, `Solver`, `Game.analyze(secrets=N)`,
//! `Game.random_secret`); this class stays for old scripts, and its constructors emit a
//! `DeprecationWarning`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use codebreak_core::{GameKind, GameSpec};
use codebreak_session::reasoned::{
    self, Budget, Clue, HintOptions, PlayOptions, ReasonedError, ReasonedGame,
};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::errors::{bad, no_answer};

/// Deprecated: use `Game` (`Game.mastermind(pegs=16, colors=6)` is a game too large to list,
/// reasoned on its clues). A game reasoned on its clues (constraint propagation, search,
/// sampling), never enumerated; reports are plain dicts. Its constructors emit a
/// `DeprecationWarning`.
#[pyclass(module = "codebreak", name = "HugeGame", frozen)]
pub struct PyHugeGame {
    game: ReasonedGame,
}

fn make(
    py: Python<'_>,
    kind: GameKind,
    pegs: u32,
    colors: u32,
    distinct: bool,
    alphabet: Option<String>,
) -> PyResult<PyHugeGame> {
    PyErr::warn(
        py,
        &py.get_type::<pyo3::exceptions::PyDeprecationWarning>(),
        c"codebreak.HugeGame is deprecated: use codebreak.Game (Game.mastermind(pegs=16, colors=6) reasons on its clues; hint, Solver, Game.analyze(secrets=N) and Game.random_secret work on it)",
        1,
    )?;
    let spec = GameSpec {
        kind,
        pegs: Some(pegs),
        colors: Some(colors),
        distinct_secret: distinct,
        alphabet,
        ..GameSpec::default()
    };
    Ok(PyHugeGame {
        game: ReasonedGame::new(&spec).map_err(bad)?,
    })
}

/// A library error as a Python exception: `Contradiction` (with `.diagnosis`, the
/// contradiction object), `KeyboardInterrupt` is raised by the caller, `RuntimeError` for a
/// search that ran out of time, `ValueError` for the rest.
pub(crate) fn error(py: Python<'_>, e: ReasonedError) -> PyErr {
    match e {
        ReasonedError::Contradiction(c) => crate::errors::contradiction(py, &c),
        e @ (ReasonedError::Undecided { .. } | ReasonedError::Stopped(_)) => no_answer(e),
        other => bad(other),
    }
}

impl PyHugeGame {
    /// Moves given as text (`"GUESS REPLY"` or `GUESS:REPLY`, separated by commas or lines)
    /// or as a list of (guess, reply) pairs of strings (replies may be numbers in the
    /// black-peg game).
    fn clues(&self, history: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Clue>> {
        let Some(h) = history.filter(|h| !h.is_none()) else {
            return Ok(Vec::new());
        };
        let text = match h.cast::<PyString>() {
            Ok(s) => s.to_cow()?.to_string(),
            Err(_) => {
                let mut lines = Vec::new();
                for (i, item) in h.try_iter()?.enumerate() {
                    let (guess, reply): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
                        item?.extract().map_err(|_| {
                            bad(format!("move {}: expected a (guess, reply) pair", i + 1))
                        })?;
                    lines.push(format!("{} {}", guess.str()?, reply.str()?));
                }
                lines.join("\n")
            }
        };
        self.game.parse_history(&text).map_err(bad)
    }

    fn play(strategy: Option<&str>, fit_sample: usize, seed: u64) -> PyResult<PlayOptions> {
        let kind = strategy
            .map(|s| s.parse::<codebreak_strategy::StrategyKind>().map_err(bad))
            .transpose()?;
        reasoned::FIT_SAMPLE.check(fit_sample as u64).map_err(bad)?;
        Ok(PlayOptions {
            sample: fit_sample,
            objective: reasoned::objective(kind).map_err(bad)?,
            seed,
            ..PlayOptions::default()
        })
    }
}

#[pymethods]
impl PyHugeGame {
    /// Mastermind with black and white pegs: up to 32 pegs and 64 colours (more than 36 need
    /// an `alphabet`); `distinct=True` forbids repeated colours in the secret.
    #[staticmethod]
    #[pyo3(signature = (pegs, colors, distinct=false, alphabet=None))]
    fn mastermind(
        py: Python<'_>,
        pegs: u32,
        colors: u32,
        distinct: bool,
        alphabet: Option<String>,
    ) -> PyResult<PyHugeGame> {
        make(py, GameKind::Mastermind, pegs, colors, distinct, alphabet)
    }

    /// Mastermind answered with black pegs only (Project Euler 185's "Number Mind").
    #[staticmethod]
    #[pyo3(signature = (pegs, colors, distinct=false, alphabet=None))]
    fn blackpeg(
        py: Python<'_>,
        pegs: u32,
        colors: u32,
        distinct: bool,
        alphabet: Option<String>,
    ) -> PyResult<PyHugeGame> {
        make(py, GameKind::BlackPeg, pegs, colors, distinct, alphabet)
    }

    /// Bulls and Cows: `pegs` distinct symbols out of `digits`, replies like `1A2B`.
    #[staticmethod]
    #[pyo3(signature = (pegs, digits, alphabet=None))]
    fn bulls(
        py: Python<'_>,
        pegs: u32,
        digits: u32,
        alphabet: Option<String>,
    ) -> PyResult<PyHugeGame> {
        make(py, GameKind::Bulls, pegs, digits, true, alphabet)
    }

    /// Base-10 logarithm of the number of possible secrets.
    #[getter]
    fn log10_secrets(&self) -> f64 {
        self.game.log10_secrets()
    }

    /// The reply `guess` gets when the secret is `secret`, in the family's notation (`3`,
    /// `2B1W`, `1A2B`); the argument order of `Game.score`.
    fn score(&self, guess: &str, secret: &str) -> PyResult<String> {
        let s = self.game.parse_secret(secret).map_err(bad)?;
        let g = self.game.parse_guess(guess).map_err(bad)?;
        Ok(self.game.format_reply(self.game.score(&s, &g)))
    }

    /// What is still possible after `history` and what to play next, as a dict: `remaining`
    /// (exact `count`, or an estimate with `low`, `high` and `method`), some `secrets`, and
    /// `guess` (chosen by `strategy`, "entropy" by default, on a sample of `fit_sample`
    /// secrets that fit). Raises `Contradiction` when no secret fits (`.diagnosis` names the
    /// fewest clues found that contradict each other) and `RuntimeError` when no fitting
    /// secret was found, nor ruled out, within `find_time` seconds.
    #[pyo3(signature = (history=None, show=10, strategy=None, fit_sample=400, seed=0, find_time=60.0))]
    #[allow(clippy::too_many_arguments)]
    fn hint<'py>(
        &self,
        py: Python<'py>,
        history: Option<&Bound<'py, PyAny>>,
        show: usize,
        strategy: Option<&str>,
        fit_sample: usize,
        seed: u64,
        find_time: f64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let clues = self.clues(history)?;
        codebreak_session::SHOW.check(show as u64).map_err(bad)?;
        if !(find_time.is_finite() && find_time > 0.0) {
            return Err(bad(format!(
                "find_time {find_time} is not a number of seconds above 0"
            )));
        }
        let options = HintOptions {
            show,
            play: Self::play(strategy, fit_sample, seed)?,
            find_time: Duration::from_secs_f64(find_time),
            ..HintOptions::default()
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = Budget::default().with_cancel(Arc::clone(&cancel));
        let game = &self.game;
        let report = crate::run::interruptible(py, &cancel, || {
            reasoned::hint(game, &clues, &options, &budget)
        })?
        .map_err(|e| error(py, e))?;
        crate::convert::json(py, &serde_json::to_value(&report).map_err(bad)?)
    }

    /// Plays `secrets` uniformly random secrets (drawn from `seed`) with the strategy the
    /// hints use, as a dict: the report of `Game.analyze(secrets=N).to_dict()`.
    #[pyo3(signature = (secrets=20, seed=0, strategy=None, fit_sample=400))]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        secrets: usize,
        seed: u64,
        strategy: Option<&str>,
        fit_sample: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = codebreak_session::Game::reasoned(self.game.spec()).map_err(bad)?;
        let query = codebreak_session::AnalyzeQuery {
            strategies: strategy
                .map(|s| s.parse().map_err(bad))
                .transpose()?
                .into_iter()
                .collect(),
            options: codebreak_strategy::StrategyOptionsSpec {
                seed: Some(seed),
                ..Default::default()
            },
            secrets: Some(secrets),
            fit_sample: Some(fit_sample),
            ..Default::default()
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = Budget::default().with_cancel(Arc::clone(&cancel));
        let mut report = crate::run::interruptible(py, &cancel, || game.analyze(&query, &budget))?
            .map_err(|e| crate::errors::session(py, e))?;
        crate::convert::json(py, &serde_json::to_value(report.remove(0)).map_err(bad)?)
    }

    /// A uniformly random secret (drawn from `seed`).
    #[pyo3(signature = (seed=0))]
    fn random_secret(&self, seed: u64) -> String {
        self.game
            .format_code(&reasoned::random_secret(&self.game, Some(seed)))
    }

    /// The moves of `history`, read and checked, as (guess, reply) pairs of strings.
    fn moves<'py>(
        &self,
        py: Python<'py>,
        history: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for c in self.clues(Some(history))? {
            list.append((
                self.game.format_code(&c.guess),
                self.game.format_reply(c.reply),
            ))?;
        }
        Ok(list)
    }

    fn __repr__(&self) -> String {
        format!(
            "HugeGame({}: about 10^{:.1} secrets)",
            self.game,
            self.game.log10_secrets()
        )
    }
}
