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

/// A session error: `Contradiction` with its diagnosis, or `ValueError`.
pub fn session(py: Python<'_>, e: SessionError) -> PyErr {
    match e {
        SessionError::Contradiction(c) => {
            let err = Contradiction::new_err(c.error.clone());
            let diagnosis = serde_json::to_value(&c.diagnosis)
                .map_err(bad)
                .and_then(|v| crate::convert::json(py, &v));
            match diagnosis {
                Ok(d) => match err.value(py).setattr("diagnosis", d) {
                    Ok(()) => err,
                    Err(e) => e,
                },
                Err(e) => e,
            }
        }
        SessionError::Reasoned(e) => crate::huge::error(py, e),
        e @ SessionError::Analysis(_) => no_answer(e),
        other => bad(other),
    }
}
