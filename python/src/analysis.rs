//! `analyze`, `optimal` and their report.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use codebreak_core::{Pool, Sampling, Ties};
use codebreak_search::{Objective, OptimalSpec, Search, SearchError};
use codebreak_strategy::{StrategyKind, StrategyOptionsSpec};
use codebreak_tree::{DecisionTree, Figures};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::bad;
use crate::game::PyGame;
use crate::tree::PyTree;

/// The figures of a strategy over every secret: `total` guesses in all, the `worst` case,
/// the `histogram` {guesses: secrets}, the `average`, and the decision `tree`.
#[pyclass(module = "codebreak", name = "Report", frozen)]
pub struct PyReport {
    figures: Figures,
    /// The strategy's name (`optimal` for an exact search, `verify` for a replayed tree).
    #[pyo3(get)]
    strategy: String,
    /// The strategy with its options, in words.
    #[pyo3(get)]
    description: String,
    /// Wall-clock seconds.
    #[pyo3(get)]
    seconds: f64,
    /// Nodes searched (exact searches only).
    #[pyo3(get)]
    pub(crate) nodes: Option<u64>,
    /// Guess choices made from a sample of a too-large pool (analyses only).
    #[pyo3(get)]
    sampled: u64,
    /// The decision tree (None for a verification report, and for an analysis on a sample
    /// of secrets).
    #[pyo3(get)]
    tree: Option<Py<PyTree>>,
    /// `"exhaustive"` (every secret played) or `"sampled"` (random secrets of a game too large
    /// to list).
    #[pyo3(get)]
    method: &'static str,
    /// On a sample: the average as an estimate with its 95% interval, as a dict
    /// `{"estimate", "low", "high", "method"}`; None when every secret was played.
    interval: Option<codebreak_session::Estimate>,
    /// On a sample: games that did not find the secret within the guess limit.
    #[pyo3(get)]
    unfinished: Option<u64>,
    /// On a sample: the seed the secrets were drawn from.
    #[pyo3(get)]
    seed: Option<u64>,
}

impl PyReport {
    /// A report.
    pub fn new(
        py: Python<'_>,
        game: &Bound<'_, PyGame>,
        figures: Figures,
        strategy: String,
        description: String,
        seconds: f64,
        tree: Option<DecisionTree>,
    ) -> PyResult<PyReport> {
        let tree = match tree {
            Some(t) => Some(Py::new(
                py,
                PyTree::new(game.clone().unbind(), Arc::new(t)),
            )?),
            None => None,
        };
        Ok(PyReport {
            figures,
            strategy,
            description,
            seconds,
            nodes: None,
            sampled: 0,
            tree,
            method: "exhaustive",
            interval: None,
            unfinished: None,
            seed: None,
        })
    }

    /// The report of a session analysis (every secret, or a sample).
    pub fn of(
        py: Python<'_>,
        game: &Bound<'_, PyGame>,
        a: codebreak_session::Analysis,
    ) -> PyResult<PyReport> {
        let mut report = PyReport::new(
            py,
            game,
            a.figures,
            a.strategy,
            a.description,
            a.seconds,
            a.tree.map(|t| t.tree),
        )?;
        report.sampled = a.sampled;
        report.method = match a.method {
            codebreak_session::Method::Exhaustive => "exhaustive",
            codebreak_session::Method::Sampled => "sampled",
        };
        report.interval = a.interval;
        report.unfinished = a.unfinished;
        report.seed = a.seed;
        Ok(report)
    }
}

#[pymethods]
impl PyReport {
    /// Secrets played.
    #[getter]
    fn secrets(&self) -> u64 {
        self.figures.secrets
    }

    /// Guesses over all secrets.
    #[getter]
    fn total(&self) -> u64 {
        self.figures.total
    }

    /// Most guesses any secret needs.
    #[getter]
    fn worst(&self) -> usize {
        self.figures.worst
    }

    /// Guesses per secret on average.
    #[getter]
    fn average(&self) -> f64 {
        self.figures.average()
    }

    /// The exact average as a fraction `total/secrets`.
    #[getter]
    fn fraction(&self) -> String {
        self.figures.fraction()
    }

    /// {guesses: secrets that need that many}, every count from 1 to the worst case.
    #[getter]
    fn histogram<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, &n) in self.figures.histogram.iter().enumerate().skip(1) {
            d.set_item(k, n)?;
        }
        Ok(d)
    }

    /// The average's 95% interval on a sample of secrets (`{"estimate", "low", "high",
    /// "method"}`), None when every secret was played.
    #[getter]
    fn interval<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.interval
            .as_ref()
            .map(|i| crate::convert::json(py, &serde_json::to_value(i).map_err(bad)?))
            .transpose()
    }

    /// The figures as `codebreak analyze --json` writes them.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut v = serde_json::to_value(&self.figures).map_err(bad)?;
        if let Some(o) = v.as_object_mut() {
            o.insert("strategy".into(), self.strategy.clone().into());
            o.insert("description".into(), self.description.clone().into());
            o.insert("method".into(), self.method.into());
            o.insert("sampled".into(), self.sampled.into());
            if let Some(i) = &self.interval {
                o.insert("interval".into(), serde_json::to_value(i).map_err(bad)?);
            }
            if let Some(n) = self.unfinished {
                o.insert("unfinished".into(), n.into());
            }
            if let Some(s) = self.seed {
                o.insert("seed".into(), s.into());
            }
            o.insert("seconds".into(), self.seconds.into());
            if let Some(n) = self.nodes {
                o.insert("nodes".into(), n.into());
            }
        }
        crate::convert::json(py, &v)
    }

    fn __repr__(&self) -> String {
        format!(
            "<codebreak.Report {}: total {}, average {:.4}, worst {}, histogram {:?}>",
            self.description,
            self.figures.total,
            self.figures.average(),
            self.figures.worst,
            &self.figures.histogram[1..]
        )
    }
}

/// Strategy options as the library receives them from every front end.
pub fn options_spec(
    game: &PyGame,
    pool: Option<&str>,
    ties: Option<&str>,
    seed: Option<u64>,
    first_guess: Option<&Bound<'_, PyAny>>,
) -> PyResult<StrategyOptionsSpec> {
    Ok(StrategyOptionsSpec {
        pool: pool.map(str::parse::<Pool>).transpose().map_err(bad)?,
        ties: ties.map(str::parse::<Ties>).transpose().map_err(bad)?,
        seed,
        first_guess: first_guess
            .filter(|g| !g.is_none())
            .map(|g| game.code_text(g))
            .transpose()?,
        sample: None,
    })
}

/// `sample`: "auto", "off" or a number.
fn sampling(sample: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Sampling>> {
    match sample {
        Some(s) if !s.is_none() => Ok(Some(
            s.str()?
                .to_cow()?
                .to_lowercase()
                .parse::<Sampling>()
                .map_err(bad)?,
        )),
        _ => Ok(None),
    }
}

/// Plays a strategy against the secrets of the game (as `codebreak analyze`): every secret of
/// a listed game, with the decision tree; on a game too large to list, `secrets` random ones
/// (drawn from `seed`, each guess chosen on a sample of `fit_sample` secrets that fit), the
/// report's `method` then `"sampled"` and its `interval` the average's 95% confidence
/// interval. Strategies: first, minimax, expected-size, entropy, most-parts, random,
/// two-phase (see `strategies()`; entropy, expected-size and most-parts on games too large to
/// list); by default minimax, or entropy on a game too large to list. An exhaustive analysis
/// estimated above a minute is refused unless `force`. Ctrl-C stops it with
/// KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (game, strategy=None, pool=None, first_guess=None, ties=None, seed=None, sample=None, secrets=None, fit_sample=None, force=false))]
#[allow(clippy::too_many_arguments)]
pub fn analyze(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    strategy: Option<&str>,
    pool: Option<&str>,
    first_guess: Option<&Bound<'_, PyAny>>,
    ties: Option<&str>,
    seed: Option<u64>,
    sample: Option<&Bound<'_, PyAny>>,
    secrets: Option<usize>,
    fit_sample: Option<usize>,
    force: bool,
) -> PyResult<PyReport> {
    let g = game.get();
    let mut options = options_spec(g, pool, ties, seed, first_guess)?;
    options.sample = sampling(sample)?;
    let query = codebreak_session::AnalyzeQuery {
        strategies: match strategy {
            Some(s) => vec![s.parse::<StrategyKind>().map_err(bad)?],
            None => Vec::new(),
        },
        options,
        secrets,
        fit_sample,
        force,
        ..Default::default()
    };
    let session = g.session.clone();
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = codebreak_session::Budget::default().with_cancel(Arc::clone(&cancel));
    let mut result = crate::run::interruptible(py, &cancel, || session.analyze(&query, &budget))?
        .map_err(|e| crate::errors::session(py, e))?;
    PyReport::of(py, game, result.remove(0))
}

/// The exact optimal strategy by branch and bound (as `codebreak optimal`): `objective`
/// "expected" (fewest guesses in all) or "worst" (the least worst case, then the fewest
/// guesses); `max_depth` forbids secrets needing more guesses; `pool` "all" or "consistent".
/// `first_guess` searches only what follows that opener; `bound` (objective expected) proves
/// "at least bound" (`AtLeast`, a ValueError) unless a strategy takes fewer guesses in all.
/// `depth_only` (with `max_depth`) proves only that every secret is found within `max_depth`
/// guesses: the first such tree, its total not minimised (as `codebreak optimal --depth-only`).
/// `history` ("GUESS:REPLY,GUESS:REPLY", or a list of `(guess, reply)` pairs) searches the
/// position after those moves, as `codebreak optimal --history` does: the report counts the
/// moves played for every secret still possible, and its tree starts at the next guess.
/// Games of more than 6000 secrets are refused unless `force`. Ctrl-C stops it with
/// KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (game, objective="expected", max_depth=None, pool=None, force=false, first_guess=None, bound=None, depth_only=false, history=None))]
#[allow(clippy::too_many_arguments)]
pub fn optimal(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    objective: &str,
    max_depth: Option<u32>,
    pool: Option<&str>,
    force: bool,
    first_guess: Option<String>,
    bound: Option<u64>,
    depth_only: bool,
    history: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyReport> {
    let g = game.get();
    let moves = match history {
        None => Vec::new(),
        Some(h) => {
            let moves = g.history(h)?;
            codebreak_strategy::history::indices(g.engine("an exact search")?, &moves)
                .map_err(bad)?
        }
    };
    let spec = OptimalSpec {
        objective: objective.parse::<Objective>().map_err(bad)?,
        pool: pool.map(str::parse::<Pool>).transpose().map_err(bad)?,
        max_depth,
        first_guess,
        bound,
        depth_only,
    };
    let engine = Arc::clone(g.engine("an exact search")?);
    let mut options = spec.options(&engine).map_err(bad)?;
    options.history = moves;
    let search = Search::new(&engine, options, force).map_err(|e| match e {
        SearchError::TooLarge(_) => bad(format!("{e}; use force=True to try anyway")),
        e => bad(e),
    })?;
    let cancel = Arc::clone(&search.status().cancel);
    let solution =
        crate::run::interruptible(py, &cancel, || search.run())?.map_err(|e| match e {
            e @ SearchError::Infeasible { .. } => crate::errors::Infeasible::new_err(e.to_string()),
            e => bad(e),
        })?;
    let mut report = PyReport::new(
        py,
        game,
        solution.figures(),
        "optimal".into(),
        search.describe(),
        solution.seconds,
        Some(solution.tree.clone()),
    )?;
    report.nodes = Some(solution.nodes);
    Ok(report)
}

/// Every opener's value (as `codebreak optimal --openers`): a list, best first, of dicts
/// `{"opener", "total", "average", "worst"}` for openers valued exactly and `{"opener",
/// "at_least"}` for the others. With `bound`, each opener is valued below it on its own (so
/// every opener below `bound` is exact); without, below one more than the best so far. In
/// peg games, one opener per symmetry class. Ctrl-C stops it with KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (game, bound=None, max_depth=None, pool=None, force=false))]
pub fn openers<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    bound: Option<u64>,
    max_depth: Option<u32>,
    pool: Option<&str>,
    force: bool,
) -> PyResult<Bound<'py, PyAny>> {
    use codebreak_search::openers::OpenerProgress;
    let g = game.get();
    let spec = OptimalSpec {
        pool: pool.map(str::parse::<Pool>).transpose().map_err(bad)?,
        max_depth,
        bound,
        ..OptimalSpec::default()
    };
    let engine = Arc::clone(g.engine("an exact search")?);
    let options = spec.options(&engine).map_err(bad)?;
    let search = Search::new(&engine, options, force).map_err(|e| match e {
        SearchError::TooLarge(_) => bad(format!("{e}; use force=True to try anyway")),
        e => bad(e),
    })?;
    let cancel = Arc::clone(&search.status().cancel);
    let report = crate::run::interruptible(py, &cancel, || {
        search.openers(&[], &OpenerProgress::default(), &|_| {})
    })?
    .map_err(bad)?;
    let v = serde_json::to_value(report.entries(&engine)).map_err(bad)?;
    crate::convert::json(py, &v)
}

/// The built-in strategies: name, summary, source, whether greedy, and the options each takes.
#[pyfunction]
pub fn strategies(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let v = serde_json::to_value(codebreak_strategy::strategies()).map_err(bad)?;
    crate::convert::json(py, &v)
}
