//! # codebreak-python
//!
//! The Python package `codebreak` (distribution `codebreak-engine`): the French article's game
//! language — a game is guesses, secrets, a scoring function and end replies; analyses, exact
//! searches, hints and a solver over it — on codebreak's engine.
//!
//! **Main design decision: a thin front end.** Like the command line and the web server, this
//! crate only maps Python values onto library calls and library answers back onto Python
//! values. Games are [`codebreak_core::Game`]s (a custom game is a
//! [`codebreak_core::ListGame`] whose reply table was filled by calling the Python scoring
//! function once per pair); analyses, searches, hints, sessions, trees and their formats are
//! the library crates' own. Long computations run on a worker thread without the GIL while the
//! calling thread polls for Ctrl-C (`run::interruptible`) and sets the libraries' cancel
//! flags, so `KeyboardInterrupt` stops them.
//!
//! Errors are Python exceptions carrying the libraries' one-line messages, the ones the
//! command line prints after `codebreak: `: `ValueError` for bad input,
//! `codebreak.Contradiction` (a `ValueError`) with its `.diagnosis` for replies that no secret
//! gives, `codebreak.Infeasible` (a `RuntimeError`) for a depth limit no strategy meets,
//! `RuntimeError` for a strategy that would never finish.
//!
//! Built by maturin (`pip install ./python`); the crate is also a workspace member so that
//! `cargo clippy --workspace` checks it. Its tests are the pytest suite in `python/tests`.
#![deny(missing_docs)]

use pyo3::prelude::*;

mod analysis;
mod convert;
mod custom;
mod errors;
mod game;
mod huge;
mod run;
mod session;
mod shard;
mod tree;

/// The native module `codebreak._codebreak`; `codebreak/__init__.py` re-exports it.
#[pymodule]
fn _codebreak(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<game::PyGame>()?;
    m.add_class::<huge::PyHugeGame>()?;
    m.add_class::<analysis::PyReport>()?;
    m.add_class::<tree::PyTree>()?;
    m.add_class::<tree::PyNode>()?;
    m.add_class::<session::PyHint>()?;
    m.add_class::<session::PySolver>()?;
    m.add_function(wrap_pyfunction!(analysis::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::optimal, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::openers, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::strategies, m)?)?;
    m.add_function(wrap_pyfunction!(tree::verify, m)?)?;
    m.add_function(wrap_pyfunction!(tree::read_tree, m)?)?;
    m.add_function(wrap_pyfunction!(tree::verify_certificate, m)?)?;
    m.add_function(wrap_pyfunction!(session::hint, m)?)?;
    m.add_function(wrap_pyfunction!(session::review, m)?)?;
    m.add_function(wrap_pyfunction!(shard::shard_plan, m)?)?;
    m.add_function(wrap_pyfunction!(shard::shard_read_plan, m)?)?;
    m.add_function(wrap_pyfunction!(shard::shard_run_job, m)?)?;
    m.add_function(wrap_pyfunction!(shard::shard_status, m)?)?;
    m.add_function(wrap_pyfunction!(shard::shard_merge, m)?)?;
    m.add("Contradiction", py.get_type::<errors::Contradiction>())?;
    m.add("Infeasible", py.get_type::<errors::Infeasible>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
