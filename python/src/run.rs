//! Long computations without the GIL, stopped by Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the waiting thread looks for a pending signal.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a worker thread (which may use rayon's pool) while the calling thread,
/// without the GIL, waits for it and every [`POLL`] checks for signals with the GIL. On Ctrl-C
/// it sets `cancel`, which `work` must read (the libraries' cancel flags), waits for the worker
/// to stop and raises `KeyboardInterrupt`. A panic of the worker becomes a `RuntimeError`, never
/// a crash of the interpreter.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    cancel: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    interruptible_with(py, &|| cancel.store(true, Ordering::Relaxed), work)
}

/// [`interruptible`] with what Ctrl-C does given as `on_interrupt` (called once).
pub fn interruptible_with<T: Send>(
    py: Python<'_>,
    on_interrupt: &dyn Fn(),
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let waiter = std::thread::current();
        let finished = &finished;
        let handle = scope.spawn(move || {
            // Wake the waiter even if `work` panics.
            struct Wake<'a>(&'a AtomicBool, std::thread::Thread);
            impl Drop for Wake<'_> {
                fn drop(&mut self) {
                    self.0.store(true, Ordering::Release);
                    self.1.unpark();
                }
            }
            let _wake = Wake(finished, waiter);
            work()
        });
        let mut interrupted = None;
        while !finished.load(Ordering::Acquire) {
            py.detach(|| {
                if !finished.load(Ordering::Acquire) {
                    std::thread::park_timeout(POLL);
                }
            });
            if interrupted.is_none()
                && let Err(e) = py.check_signals()
            {
                on_interrupt();
                interrupted = Some(e);
            }
        }
        let result = py.detach(|| handle.join());
        match (interrupted, result) {
            (Some(e), _) => Err(e),
            (None, Ok(value)) => Ok(value),
            (None, Err(panic)) => {
                let why = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "unknown panic".into());
                Err(PyRuntimeError::new_err(format!(
                    "internal error in codebreak: {why}"
                )))
            }
        }
    })
}

/// [`interruptible`] for work with no cancel flag: Ctrl-C is noticed, the work is left to
/// finish, then `KeyboardInterrupt` is raised.
pub fn detached<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    interruptible(py, &AtomicBool::new(false), work)
}
