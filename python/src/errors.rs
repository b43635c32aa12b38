//! Library errors as Python exceptions, with the libraries' one-line messages.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use codebreak_session::SessionError;

pyo3::create_exception!(
    codebreak,
    Contradiction,
    PyValueError,
    "Replies that no secret gives all at once. `.diagnosis` names the answers most likely mistyped (answers numbered from 1), as `codebreak hint --json` does."
);

pyo3::create_exception!(
    codebreak,
    Infeasible,
    pyo3::exceptions::PyRuntimeError,
    "No strategy finds every secret within the depth limit given to `optimal` (max_depth): a proof that the least worst case is larger."
);

/// Bad input: a `ValueError` with the error's message.
pub fn bad(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A computation that has no answer (a strategy that would loop, an infeasible depth limit).
pub fn no_answer(e: impl std::fmt::Display) -> PyErr {
    PyRuntimeError::new_err(e.to_string())
}

/// A contradiction as the Python exception `Contradiction`: `.contradiction` is the whole
/// object (`clues`, `conflict`, `quality`, `moves`, `diagnosis`), the same for every game;
/// `.diagnosis` is, on a listed game, its diagnosis (the answers most likely mistyped), and on
/// a game too large to list the whole object, as before.
pub fn contradiction(py: Python<'_>, c: &codebreak_session::Contradiction) -> PyErr {
    let err = Contradiction::new_err(c.error.clone());
    let set = || -> PyResult<()> {
        let whole = crate::convert::json(py, &serde_json::to_value(c).map_err(bad)?)?;
        let diagnosis = match &c.diagnosis {
            Some(d) => crate::convert::json(py, &serde_json::to_value(d).map_err(bad)?)?,
            None => whole.clone(),
        };
        err.value(py).setattr("contradiction", whole)?;
        err.value(py).setattr("diagnosis", diagnosis)
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A session error: `Contradiction` with its diagnosis, or `ValueError`.
pub fn session(py: Python<'_>, e: SessionError) -> PyErr {
    match e {
        SessionError::Contradiction(c) => contradiction(py, &c),
        SessionError::Reasoned(e) => crate::huge::error(py, e),
        e @ SessionError::Analysis(_) => no_answer(e),
        other => bad(other),
    }
}
