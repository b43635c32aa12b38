//! `codebreak.Game`: a validated game and its engine, with the Python values of a custom game.

use std::collections::HashMap;
use std::sync::Arc;

use codebreak_core::{AnyEngine, Code, Feedback, Game, GameKind, GameSpec, Order, Role, wordle};
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::errors::bad;

/// The Python values of a custom game's codes and replies, and the labels the engine knows
/// them by (the labels are what trees and histories are written with).
pub struct Values {
    /// Label to code value.
    pub codes: HashMap<String, Py<PyAny>>,
    /// Code value to label.
    pub code_labels: Py<PyDict>,
    /// Label to reply value.
    pub replies: HashMap<String, Py<PyAny>>,
    /// Reply value to label.
    pub reply_labels: Py<PyDict>,
}

/// A game: Mastermind, Bulls and Cows, Wordle, a game file, or a custom game whose replies a
/// Python function gives. Codes and replies are strings in the game's notation (`"1122"`,
/// `"1B0W"`), except in a custom game, where they are the Python values it was made from.
///
/// Mastermind, black-peg and Bulls and Cows games too large to list (more than 2^25 codes, or
/// more than 16 pegs) are games too: the session library chooses to reason on their clues, so
/// `hint()`, `score()` and the other calls that do not need every code listed work on them
/// alike, and say where a figure is an estimate.
#[pyclass(module = "codebreak", name = "Game", frozen)]
pub struct PyGame {
    /// The session game: listed (with its engine) or too large to list.
    pub session: codebreak_session::Game,
    /// The engine of a listed game (and, through it, the game).
    engine: Option<Arc<AnyEngine>>,
    /// The Python values of a custom game.
    pub values: Option<Values>,
    /// The game file it was read from (with its constants and hard mode), so that a plan's
    /// workers can read it again.
    pub file: Option<codebreak_shard::GameFile>,
}

impl PyGame {
    /// A game from a validated library game.
    pub fn of(py: Python<'_>, game: Game, values: Option<Values>) -> PyResult<PyGame> {
        // Wordle's table is built on every core: without the GIL.
        let engine = crate::run::detached(py, move || AnyEngine::new(&game))?.map_err(bad)?;
        let engine = Arc::new(engine);
        Ok(PyGame {
            session: codebreak_session::Game::with_engine(Arc::clone(&engine)),
            engine: Some(engine),
            values,
            file: None,
        })
    }

    /// The engine of a listed game; a game too large to list has none, and `what` (a call
    /// that needs every code listed) is refused with a one-line `ValueError`.
    pub fn engine(&self, what: &str) -> PyResult<&Arc<AnyEngine>> {
        self.engine.as_ref().ok_or_else(|| {
            bad(format!(
                "{what} needs every code listed, and {} is too large to list: hint() and score() reason on its clues",
                self.session
            ))
        })
    }

    /// The listed game (see [`PyGame::engine`]).
    pub fn game(&self) -> PyResult<&Game> {
        Ok(self.engine("this")?.game())
    }

    /// A code as Python sees it: its value in a custom game, else its text.
    pub fn code_py<'py>(&self, py: Python<'py>, code: &Code) -> PyResult<Bound<'py, PyAny>> {
        self.label_py(py, &self.game()?.format_code(code))
    }

    /// A code label as Python sees it.
    pub fn label_py<'py>(&self, py: Python<'py>, label: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.values.as_ref().and_then(|v| v.codes.get(label)) {
            Some(v) => Ok(v.bind(py).clone()),
            None => label.into_bound_py_any(py),
        }
    }

    /// A reply as Python sees it: its value in a custom game, else its text.
    pub fn reply_py<'py>(&self, py: Python<'py>, fb: Feedback) -> PyResult<Bound<'py, PyAny>> {
        let label = self.game()?.format_feedback(fb);
        match self.values.as_ref().and_then(|v| v.replies.get(&label)) {
            Some(v) => Ok(v.bind(py).clone()),
            None => label.into_bound_py_any(py),
        }
    }

    /// The label of a code given as Python: a custom game's value, or text.
    fn code_label(&self, value: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Some(v) = &self.values
            && let Ok(Some(label)) = v.code_labels.bind(value.py()).get_item(value)
        {
            return label.extract();
        }
        match value.cast::<PyString>() {
            Ok(s) => Ok(s.to_cow()?.to_string()),
            Err(_) => Err(bad(format!(
                "{} is not a code of {}",
                value.repr()?,
                self.session
            ))),
        }
    }

    /// A code given as Python, read as a guess (or a secret) of the game.
    pub fn code(&self, value: &Bound<'_, PyAny>, role: Role) -> PyResult<Code> {
        let label = self.code_label(value)?;
        self.game()?.parse_code(&label, role).map_err(bad)
    }

    /// The text of a code given as Python (for options that take text, such as a first guess).
    pub fn code_text(&self, value: &Bound<'_, PyAny>) -> PyResult<String> {
        self.code_label(value)
    }

    /// A reply given as Python: a custom game's value, or text in the game's notation.
    pub fn reply(&self, value: &Bound<'_, PyAny>) -> PyResult<Feedback> {
        if let Some(v) = &self.values
            && let Ok(Some(label)) = v.reply_labels.bind(value.py()).get_item(value)
        {
            return self
                .game()?
                .parse_feedback(&label.extract::<String>()?)
                .map_err(bad);
        }
        match value.cast::<PyString>() {
            Ok(s) => self.game()?.parse_feedback(&s.to_cow()?).map_err(bad),
            Err(_) => Err(bad(format!(
                "{} is not a reply of {}",
                value.repr()?,
                self.session
            ))),
        }
    }

    /// Moves given as Python: pairs (guess, reply), or a history string `"1122:1B0W,..."`.
    pub fn history(&self, history: &Bound<'_, PyAny>) -> PyResult<Vec<(Code, Feedback)>> {
        if let Ok(text) = history.cast::<PyString>() {
            return codebreak_strategy::parse_history(self.game()?, &text.to_cow()?).map_err(bad);
        }
        let mut moves = Vec::new();
        for item in history.try_iter()? {
            let item = item?;
            let (g, r): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract().map_err(|_| {
                bad(format!(
                    "history move {} is not a pair (guess, reply)",
                    item.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })?;
            moves.push((self.code(&g, Role::Guess)?, self.reply(&r)?));
        }
        Ok(moves)
    }

    /// A reply given as Python, as the session calls read it: the text of a listed game's
    /// reply (a custom game's value included), or a game too large to list's text (a number
    /// in the black-peg game).
    pub fn reply_text(&self, value: &Bound<'_, PyAny>) -> PyResult<String> {
        match &self.engine {
            Some(engine) => Ok(engine.game().format_feedback(self.reply(value)?)),
            None => match value.extract::<u32>() {
                Ok(n) => Ok(n.to_string()),
                Err(_) => value.extract::<String>(),
            },
        }
    }

    /// A reply written in the game's notation, as Python sees it (a custom game's value).
    pub fn reply_label_py<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
        match &self.engine {
            Some(engine) => self.reply_py(py, engine.game().parse_feedback(text).map_err(bad)?),
            None => text.into_bound_py_any(py),
        }
    }

    /// Moves given as Python, read for the session calls of any game: pairs (guess, reply)
    /// (a black-peg reply may be a number), or a history string.
    pub fn session_history(
        &self,
        history: &Bound<'_, PyAny>,
    ) -> PyResult<codebreak_session::History> {
        if let Ok(text) = history.cast::<PyString>() {
            return self.session.parse_history(&text.to_cow()?).map_err(bad);
        }
        let mut moves: Vec<(String, String)> = Vec::new();
        match &self.engine {
            Some(engine) => {
                for (g, f) in self.history(history)? {
                    moves.push((
                        engine.game().format_code(&g),
                        engine.game().format_feedback(f),
                    ));
                }
            }
            None => {
                for item in history.try_iter()? {
                    let item = item?;
                    let (g, r): (String, Bound<'_, PyAny>) = item.extract().map_err(|_| {
                        bad(format!(
                            "history move {} is not a pair (guess, reply)",
                            item.repr().map(|r| r.to_string()).unwrap_or_default()
                        ))
                    })?;
                    let r = match r.extract::<u32>() {
                        Ok(n) => n.to_string(),
                        Err(_) => r.extract::<String>()?,
                    };
                    moves.push((g, r));
                }
            }
        }
        self.session
            .history_of(moves.iter().map(|(g, r)| (g.as_str(), r.as_str())))
            .map_err(bad)
    }

    fn codes_py<'py>(&self, py: Python<'py>, indices: &[u32]) -> PyResult<Bound<'py, PyList>> {
        let space = self.engine("listing codes")?.space();
        let list = PyList::empty(py);
        for &i in indices {
            list.append(self.code_py(py, &space.code(i))?)?;
        }
        Ok(list)
    }
}

/// The game of `spec`: listed, or too large to list, as the session library chooses.
pub fn spec_game(py: Python<'_>, spec: GameSpec) -> PyResult<PyGame> {
    let session = codebreak_session::Game::new(&spec).map_err(bad)?;
    match session.as_listed() {
        Some(game) => PyGame::of(py, game.clone(), None),
        None => Ok(PyGame {
            session,
            engine: None,
            values: None,
            file: None,
        }),
    }
}

fn order(text: &str) -> PyResult<Order> {
    text.parse().map_err(bad)
}

fn words(list: Vec<String>) -> PyResult<Vec<[u8; wordle::LETTERS]>> {
    list.iter()
        .map(|w| {
            wordle::word(w)
                .ok_or_else(|| bad(format!("{w:?} is not a word of five letters a to z")))
        })
        .collect()
}

#[pymethods]
impl PyGame {
    /// Mastermind: `pegs` pegs of `colors` colours (default 4 and 6; colours taken from
    /// `alphabet` when only it is given); `distinct_secret`/`distinct_guess` forbid repeated
    /// colours; `alphabet` gives the symbols codes are written with (default 0-9 then A-Z).
    #[staticmethod]
    #[pyo3(signature = (pegs=None, colors=None, distinct_secret=false, distinct_guess=false, alphabet=None, order="lex"))]
    fn mastermind(
        py: Python<'_>,
        pegs: Option<u32>,
        colors: Option<u32>,
        distinct_secret: bool,
        distinct_guess: bool,
        alphabet: Option<String>,
        order: &str,
    ) -> PyResult<PyGame> {
        spec_game(
            py,
            GameSpec {
                kind: GameKind::Mastermind,
                pegs,
                colors,
                distinct_secret,
                distinct_guess,
                alphabet,
                order: self::order(order)?,
                ..GameSpec::default()
            },
        )
    }

    /// Mastermind answered with black pegs only.
    #[staticmethod]
    #[pyo3(signature = (pegs=None, colors=None, distinct_secret=false, distinct_guess=false, alphabet=None, order="lex"))]
    fn blackpeg(
        py: Python<'_>,
        pegs: Option<u32>,
        colors: Option<u32>,
        distinct_secret: bool,
        distinct_guess: bool,
        alphabet: Option<String>,
        order: &str,
    ) -> PyResult<PyGame> {
        spec_game(
            py,
            GameSpec {
                kind: GameKind::BlackPeg,
                pegs,
                colors,
                distinct_secret,
                distinct_guess,
                alphabet,
                order: self::order(order)?,
                ..GameSpec::default()
            },
        )
    }

    /// Bulls and Cows: `pegs` distinct symbols out of `digits` (default 4 of 10), replies
    /// like `1A2B`.
    #[staticmethod]
    #[pyo3(signature = (pegs=None, digits=None, alphabet=None, order="lex"))]
    fn bulls(
        py: Python<'_>,
        pegs: Option<u32>,
        digits: Option<u32>,
        alphabet: Option<String>,
        order: &str,
    ) -> PyResult<PyGame> {
        spec_game(
            py,
            GameSpec {
                kind: GameKind::Bulls,
                pegs,
                colors: digits,
                alphabet,
                order: self::order(order)?,
                ..GameSpec::default()
            },
        )
    }

    /// The twoD comparison game on a `size`×`size` grid (default 5).
    #[staticmethod]
    #[pyo3(signature = (size=None))]
    fn twod(py: Python<'_>, size: Option<u32>) -> PyResult<PyGame> {
        spec_game(
            py,
            GameSpec {
                kind: GameKind::TwoD,
                size,
                ..GameSpec::default()
            },
        )
    }

    /// Wordle. `guesses` and `secrets` default to the original lists (12972 guesses, 2315
    /// secrets); `hard` turns on hard mode.
    #[staticmethod]
    #[pyo3(signature = (guesses=None, secrets=None, hard=false))]
    fn wordle(
        py: Python<'_>,
        guesses: Option<Vec<String>>,
        secrets: Option<Vec<String>>,
        hard: bool,
    ) -> PyResult<PyGame> {
        if guesses.is_none() && secrets.is_none() {
            return spec_game(
                py,
                GameSpec {
                    kind: GameKind::Wordle,
                    hard,
                    ..GameSpec::default()
                },
            );
        }
        let (og, os) = wordle::original_lists();
        let g = words(guesses.unwrap_or(og))?;
        let s = words(secrets.unwrap_or(os))?;
        let list = crate::run::detached(py, move || {
            wordle::list_game(
                "Wordle".into(),
                "Wordle on lists of words given from Python.".into(),
                &g,
                &s,
                codebreak_core::End::Guess,
                hard,
            )
        })?
        .map_err(bad)?;
        let game = Game::from_list(Arc::new(list)).map_err(bad)?;
        PyGame::of(py, game, None)
    }

    /// A game file (TOML, see examples/games/README.md); `hard` turns on Wordle's hard mode for
    /// a file with `rules = "wordle"`; `set` gives constants of the file other values, as the
    /// command line's `--set NAME=VALUE` does (`set={"COINS": 13}`).
    #[staticmethod]
    #[pyo3(signature = (path, hard=false, set=None))]
    fn from_file(
        py: Python<'_>,
        path: std::path::PathBuf,
        hard: bool,
        set: Option<std::collections::BTreeMap<String, Bound<'_, PyAny>>>,
    ) -> PyResult<PyGame> {
        let mut pairs = Vec::new();
        for (name, value) in set.unwrap_or_default() {
            // Python's True/False are written as the file writes booleans.
            let text = if value.is_instance_of::<pyo3::types::PyBool>() {
                value.extract::<bool>()?.to_string()
            } else {
                value.str()?.to_string()
            };
            pairs.push(format!("{name}={text}"));
        }
        let p = path.clone();
        let set = pairs.clone();
        let mut def = crate::run::detached(py, move || codebreak_gamefile::load_with(&p, &pairs))?
            .map_err(bad)?
            .def;
        if hard {
            let turned_on = match &mut def {
                codebreak_gamefile::GameDef::List(list) => list.set_hard(true),
                codebreak_gamefile::GameDef::Builtin { .. } => false,
            };
            if !turned_on {
                return Err(bad(format!(
                    "hard=True is Wordle's hard mode, but {} is not a Wordle game: expected rules = \"wordle\"",
                    path.display()
                )));
            }
        }
        let game = def.game().map_err(bad)?;
        let mut g = PyGame::of(py, game, None)?;
        g.file = Some(codebreak_shard::GameFile {
            path: std::path::absolute(&path).map_err(bad)?,
            set,
            hard,
        });
        Ok(g)
    }

    /// A game given by lists and a scoring function: `score(guess, secret)` returns any
    /// hashable reply, and is called once per pair to build the reply table (with a progress
    /// bar on standard error for large games when `progress` is None, always with True, never
    /// with False). `score` may instead be the table itself: rows by guess, columns by secret
    /// (a list of lists, or a NumPy array). With `end="guess"` the game ends when the secret is
    /// guessed (every secret must be a guess and answer itself with one winning reply); with
    /// `end="known"` it ends when one secret remains. Codes and replies come back as the same
    /// Python values.
    #[staticmethod]
    #[pyo3(signature = (guesses, secrets, score, end="guess", name=None, progress=None))]
    fn custom(
        py: Python<'_>,
        guesses: &Bound<'_, PyAny>,
        secrets: &Bound<'_, PyAny>,
        score: &Bound<'_, PyAny>,
        end: &str,
        name: Option<String>,
        progress: Option<bool>,
    ) -> PyResult<PyGame> {
        crate::custom::build(py, guesses, secrets, score, end, name, progress)
    }

    /// The game in words, e.g. `mastermind 4 of 6`.
    #[getter]
    fn name(&self) -> String {
        self.session.to_string()
    }

    /// Whether every figure of the game is exact: True for a listed game, False for one too
    /// large to list (its counts may be estimates and its guesses are chosen on a sample).
    #[getter]
    fn exact(&self) -> bool {
        self.session.exact()
    }

    /// `"guess"` (the game ends when the secret is guessed) or `"known"` (when one secret
    /// remains).
    #[getter]
    fn end(&self) -> &'static str {
        match self.session.as_listed() {
            Some(g) => g.end().name(),
            None => codebreak_core::End::Guess.name(),
        }
    }

    /// Every code that may be guessed, in the game's order.
    #[getter]
    fn guesses<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let engine = self.engine("guesses")?;
        let n = engine.space().len() as u32;
        let guesses: Vec<u32> = (0..n)
            .filter(|&i| engine.game().is_valid(&engine.space().code(i), Role::Guess))
            .collect();
        self.codes_py(py, &guesses)
    }

    /// Every possible secret, in the game's order.
    #[getter]
    fn secrets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.codes_py(py, self.engine("secrets")?.space().secrets())
    }

    /// Every reply the game can give (the winning one last, when the game has one).
    #[getter]
    fn replies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let kind = self.game()?.feedback();
        let list = PyList::empty(py);
        for fb in kind.all().filter(|&f| kind.is_possible(f)) {
            list.append(self.reply_py(py, fb)?)?;
        }
        Ok(list)
    }

    /// The winning reply, or None in a game that ends when the secret is known.
    #[getter]
    fn win<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let game = self.game()?;
        if game.end() == codebreak_core::End::Known {
            return Ok(None);
        }
        self.reply_py(py, game.win()).map(Some)
    }

    /// The reply to `guess` when the secret is `secret`.
    fn score<'py>(
        &self,
        py: Python<'py>,
        guess: &Bound<'py, PyAny>,
        secret: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if self.engine.is_none() {
            let (g, s): (String, String) = (guess.extract()?, secret.extract()?);
            return self
                .session
                .score(&s, &g)
                .map_err(bad)?
                .into_bound_py_any(py);
        }
        let g = self.code(guess, Role::Guess)?;
        let s = self.code(secret, Role::Secret)?;
        self.reply_py(py, self.game()?.score(&s, &g))
    }

    /// Plays a strategy against the secrets of this game: `codebreak.analyze(self, ...)`
    /// (every secret of a listed game; `secrets` random ones of a game too large to list).
    #[pyo3(signature = (strategy=None, pool=None, first_guess=None, ties=None, seed=None, sample=None, secrets=None, fit_sample=None, force=false))]
    #[allow(clippy::too_many_arguments)]
    fn analyze(
        slf: &Bound<'_, Self>,
        strategy: Option<&str>,
        pool: Option<&str>,
        first_guess: Option<&Bound<'_, PyAny>>,
        ties: Option<&str>,
        seed: Option<u64>,
        sample: Option<&Bound<'_, PyAny>>,
        secrets: Option<usize>,
        fit_sample: Option<usize>,
        force: bool,
    ) -> PyResult<crate::analysis::PyReport> {
        crate::analysis::analyze(
            slf.py(),
            slf,
            strategy,
            pool,
            first_guess,
            ties,
            seed,
            sample,
            secrets,
            fit_sample,
            force,
        )
    }

    /// A secret drawn uniformly at random: the same one for the same `seed`, a new one each
    /// call without.
    #[pyo3(signature = (seed=None))]
    fn random_secret<'py>(
        &self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let secret = self.session.random_secret(seed).map_err(bad)?;
        self.label_py(py, &secret)
    }

    /// The game as `codebreak --json` names it (the spec: kind, pegs, colours, ...).
    #[getter]
    fn spec<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = serde_json::to_value(self.session.spec()).map_err(bad)?;
        crate::convert::json(py, &v)
    }

    fn __repr__(&self) -> String {
        format!("<codebreak.Game {}>", self.session)
    }

    fn __str__(&self) -> String {
        self.session.to_string()
    }
}
