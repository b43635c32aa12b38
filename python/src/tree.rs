//! Decision trees as Python objects walked lazily, their formats, and the independent checker.

use std::sync::Arc;

use codebreak_core::{Code, End, Feedback};
use codebreak_tree::{DecisionTree, Format, Node};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::analysis::PyReport;
use crate::errors::bad;
use crate::game::PyGame;

/// A decision tree: one guess per node and one branch per reply other than the winning one.
/// Walk it from `root`; `write(format)` gives the text `codebreak` writes (json, compact,
/// paths, dot); `codebreak.verify(game, tree)` replays every secret through it.
#[pyclass(module = "codebreak", name = "Tree", frozen)]
pub struct PyTree {
    game: Py<PyGame>,
    tree: Arc<DecisionTree>,
}

impl PyTree {
    /// A tree of `game`.
    pub fn new(game: Py<PyGame>, tree: Arc<DecisionTree>) -> PyTree {
        PyTree { game, tree }
    }
}

fn format(name: &str) -> PyResult<Format> {
    name.parse::<Format>().map_err(bad)
}

#[pymethods]
impl PyTree {
    /// The first guess's node.
    #[getter]
    fn root(&self, py: Python<'_>) -> PyNode {
        PyNode {
            game: self.game.clone_ref(py),
            tree: Arc::clone(&self.tree),
            path: Vec::new(),
        }
    }

    /// What made the tree (a strategy with its options), if known.
    #[getter]
    fn strategy(&self) -> Option<String> {
        self.tree.strategy.clone()
    }

    /// The game the tree plays.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// Nodes in the tree.
    #[getter]
    fn size(&self) -> usize {
        self.tree.root.size()
    }

    /// The tree as text in a format `codebreak` writes: "json" (default), "compact", "paths"
    /// or "dot".
    #[pyo3(signature = (format="json"))]
    fn write(&self, format: &str) -> PyResult<String> {
        let f = self::format(format)?;
        codebreak_tree::write_string(&self.tree, self.game.get().game()?, f).map_err(bad)
    }

    /// Writes the tree to a file, in `format` (default json).
    #[pyo3(signature = (path, format="json"))]
    fn save(&self, path: std::path::PathBuf, format: &str) -> PyResult<()> {
        let text = self.write(format)?;
        std::fs::write(&path, text)
            .map_err(|e| bad(format!("cannot write tree file {}: {e}", path.display())))
    }

    fn __repr__(&self) -> String {
        format!(
            "<codebreak.Tree of {} nodes, {}>",
            self.tree.root.size(),
            self.tree.strategy.as_deref().unwrap_or("strategy unknown")
        )
    }
}

/// A node of a tree: the `guess` to play, then after each reply in `replies` the child
/// `node[reply]` (`children` maps every reply to its child). The winning reply has no child: a
/// secret equal to the guess is found here. `secrets` are the secrets that reach the node. In a
/// game that ends when the secret is known, a leaf holds the one secret left, not played.
#[pyclass(module = "codebreak", name = "Node", frozen)]
pub struct PyNode {
    game: Py<PyGame>,
    tree: Arc<DecisionTree>,
    /// Branch indices from the root.
    path: Vec<usize>,
}

impl PyNode {
    fn node(&self) -> &Node {
        let mut n = &self.tree.root;
        for &i in &self.path {
            n = &n.branches[i].1;
        }
        n
    }

    /// The moves from the root to this node.
    fn moves(&self) -> Vec<(Code, Feedback)> {
        let mut n = &self.tree.root;
        let mut moves = Vec::with_capacity(self.path.len());
        for &i in &self.path {
            moves.push((n.guess, n.branches[i].0));
            n = &n.branches[i].1;
        }
        moves
    }

    fn child(&self, py: Python<'_>, i: usize) -> PyNode {
        let mut path = self.path.clone();
        path.push(i);
        PyNode {
            game: self.game.clone_ref(py),
            tree: Arc::clone(&self.tree),
            path,
        }
    }
}

#[pymethods]
impl PyNode {
    /// The guess played at this node.
    #[getter]
    fn guess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.game.get().code_py(py, &self.node().guess)
    }

    /// The replies that lead on to another node, in reply order.
    #[getter]
    fn replies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let g = self.game.get();
        let list = PyList::empty(py);
        for (fb, _) in &self.node().branches {
            list.append(g.reply_py(py, *fb)?)?;
        }
        Ok(list)
    }

    /// {reply: child node} for every reply that leads on.
    #[getter]
    fn children<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let g = self.game.get();
        let d = PyDict::new(py);
        for (i, (fb, _)) in self.node().branches.iter().enumerate() {
            d.set_item(g.reply_py(py, *fb)?, self.child(py, i))?;
        }
        Ok(d)
    }

    /// The child after `reply` (KeyError when the reply does not lead on from here).
    fn __getitem__(&self, py: Python<'_>, reply: &Bound<'_, PyAny>) -> PyResult<PyNode> {
        let fb = self.game.get().reply(reply)?;
        match self.node().branches.iter().position(|(f, _)| *f == fb) {
            Some(i) => Ok(self.child(py, i)),
            None => Err(pyo3::exceptions::PyKeyError::new_err(format!(
                "reply {} does not lead on from guess {}",
                self.game.get().game()?.format_feedback(fb),
                self.game.get().game()?.format_code(&self.node().guess)
            ))),
        }
    }

    /// The secrets that reach this node (consistent with every move from the root).
    #[getter]
    fn secrets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let g = self.game.get();
        let game = g.game()?;
        let space = g.engine("a node's secrets")?.space();
        let moves = self.moves();
        let list = PyList::empty(py);
        for &i in space.secrets() {
            let secret = space.code(i);
            if moves
                .iter()
                .all(|(guess, fb)| game.score(&secret, guess) == *fb)
            {
                list.append(g.code_py(py, &secret)?)?;
            }
        }
        Ok(list)
    }

    /// The moves from the root to this node: [(guess, reply), ...].
    #[getter]
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let g = self.game.get();
        let list = PyList::empty(py);
        for (guess, fb) in self.moves() {
            list.append((g.code_py(py, &guess)?, g.reply_py(py, fb)?))?;
        }
        Ok(list)
    }

    /// Whether no reply leads on (the guess is the last secret left).
    #[getter]
    fn is_leaf(&self) -> bool {
        self.node().branches.is_empty()
    }

    /// Guesses played up to and including this node's (1 at the root).
    #[getter]
    fn depth(&self) -> usize {
        self.path.len() + 1
    }

    /// Nodes in the subtree.
    #[getter]
    fn size(&self) -> usize {
        self.node().size()
    }

    /// Whether this leaf holds a secret known without being played (games that end when the
    /// secret is known).
    #[getter]
    fn known(&self) -> bool {
        self.node().branches.is_empty()
            && self.game.get().game().is_ok_and(|g| g.end() == End::Known)
    }

    fn __len__(&self) -> usize {
        self.node().branches.len()
    }

    fn __repr__(&self) -> String {
        let guess = match self.game.get().game() {
            Ok(g) => g.format_code(&self.node().guess),
            Err(_) => "?".to_string(),
        };
        format!(
            "<codebreak.Node guess {guess} with {} replies leading on>",
            self.node().branches.len()
        )
    }
}

/// Replays every secret of the game through the tree with the rules alone (the independent
/// checker of `codebreak verify`) and returns the recomputed figures. `tree` is a Tree, or a
/// tree's text in any format `codebreak` reads (detected). Raises ValueError when a secret is
/// not found, a guess is illegal, or a branch is dead.
#[pyfunction]
pub fn verify(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    tree: &Bound<'_, PyAny>,
) -> PyResult<PyReport> {
    let g = game.get();
    let tree: Arc<DecisionTree> = if let Ok(t) = tree.cast::<PyTree>() {
        Arc::clone(&t.get().tree)
    } else if let Ok(text) = tree.cast::<PyString>() {
        let text = text.to_cow()?;
        Arc::new(
            codebreak_tree::read(&text, None, Some(g.game()?))
                .map_err(bad)?
                .tree,
        )
    } else {
        return Err(bad("expected a codebreak.Tree or a tree's text"));
    };
    let game_ = g.game()?.clone();
    let root = tree.root.clone();
    let start = std::time::Instant::now();
    let report =
        crate::run::detached(py, move || codebreak_tree::verify(&game_, &root))?.map_err(bad)?;
    PyReport::new(
        py,
        game,
        report.figures(),
        "verify".into(),
        tree.strategy
            .clone()
            .unwrap_or_else(|| "a decision tree".into()),
        start.elapsed().as_secs_f64(),
        None,
    )
}

/// Reads a decision tree for `game` from `text` (or from the file `path`) in any format
/// `codebreak` reads: json, compact, paths, bracket (detected unless `format` is given).
#[pyfunction]
#[pyo3(signature = (game, text=None, path=None, format=None))]
pub fn read_tree(
    game: &Bound<'_, PyGame>,
    text: Option<String>,
    path: Option<std::path::PathBuf>,
    format: Option<&str>,
) -> PyResult<PyTree> {
    let g = game.get();
    let text = match (text, path) {
        (Some(t), None) => t,
        (None, Some(p)) => std::fs::File::open(&p)
            .map_err(|e| e.to_string())
            .and_then(|f| codebreak_tree::read_text(f).map_err(|e| e.to_string()))
            .map_err(|e| bad(format!("cannot read tree file {}: {e}", p.display())))?,
        _ => return Err(bad("give the tree's text or its path, not both")),
    };
    let f = format.map(self::format).transpose()?;
    let file = codebreak_tree::read(&text, f, Some(g.game()?)).map_err(bad)?;
    Ok(PyTree::new(game.clone().unbind(), Arc::new(file.tree)))
}

/// Checks a certificate of optimality (written by `codebreak optimal --certificate FILE`)
/// with the independent checker of `codebreak verify --certificate`, which shares no code with
/// the search. `game` is needed for a game file's game only (a certificate names a built-in
/// game). Returns a dict: `claims`, `checked`, `objective`, `roots` (a list of
/// `(depth, bound)`, bound None when no strategy exists within depth), `total_at_least`
/// (the root claims' bound for the least worst case they allow) and `worst_at_least`.
/// Raises ValueError naming the first failing claim and its position, or what is wrong with
/// the file.
#[pyfunction]
#[pyo3(signature = (path, game=None))]
pub fn verify_certificate(
    py: Python<'_>,
    path: std::path::PathBuf,
    game: Option<&Bound<'_, PyGame>>,
) -> PyResult<Py<PyDict>> {
    let file = std::fs::File::open(&path)
        .map_err(|e| bad(format!("cannot read certificate {}: {e}", path.display())))?;
    let cert = codebreak_certify::Certificate::read(std::io::BufReader::new(file))
        .map_err(|e| bad(format!("{}: {e}", path.display())))?;
    let game = match game {
        Some(g) => g.get().game()?.clone(),
        None => codebreak_core::Game::new(&cert.header.game).map_err(bad)?,
    };
    let report = crate::run::detached(py, move || codebreak_certify::check(&game, &cert))?
        .map_err(|e| bad(format!("{}: {e}", path.display())))?;
    let d = PyDict::new(py);
    d.set_item("claims", report.claims)?;
    d.set_item("checked", report.checked)?;
    d.set_item("objective", &report.objective)?;
    d.set_item("roots", report.roots.clone())?;
    d.set_item("worst_at_least", report.worst_at_least())?;
    d.set_item("history", &report.history)?;
    d.set_item("first_guess", &report.first_guess)?;
    let least = report
        .roots
        .iter()
        .filter_map(|&(depth, bound)| bound.map(|b| (depth, b)))
        .map(|(_, b)| b)
        .max();
    d.set_item("total_at_least", least)?;
    Ok(d.unbind())
}
