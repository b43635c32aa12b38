//! Ctrl-C, budgets and spinners for the long session calls (on games too large to list, the
//! engine watches the budget; a listed game's calls are bounded by its size).
//!
//! Ctrl-C (or SIGTERM) during a computation raises the budget's cancel flag: the engine stops
//! at its next check (every 1024 steps) and the command exits with code 130. At a prompt, where
//! nothing is being computed, it exits at once with code 130.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use codebreak_session::reasoned::{Budget, Progress};
use indicatif::{ProgressBar, ProgressStyle};

/// The cancel flag, the progress counters and whether a spinner may be drawn.
pub struct Runtime {
    cancel: Arc<AtomicBool>,
    busy: Arc<AtomicBool>,
    progress: Arc<Progress>,
    spinner: bool,
}

impl Runtime {
    /// Installs the Ctrl-C handler. Spinners go to standard error when it is a terminal and
    /// `quiet` is false (JSON modes are quiet).
    pub fn new(quiet: bool) -> Runtime {
        let cancel = Arc::new(AtomicBool::new(false));
        let busy = Arc::new(AtomicBool::new(false));
        {
            let (cancel, busy) = (Arc::clone(&cancel), Arc::clone(&busy));
            let _ = ctrlc::set_handler(move || {
                // A second Ctrl-C quits at once, for a call that does not watch the budget.
                let again = cancel.swap(true, Ordering::Relaxed);
                if again || !busy.load(Ordering::Relaxed) {
                    eprintln!("\ncodebreak: interrupted by Ctrl-C or SIGTERM");
                    std::process::exit(130);
                }
            });
        }
        Runtime {
            cancel,
            busy,
            progress: Arc::new(Progress::default()),
            spinner: !quiet && std::io::stderr().is_terminal(),
        }
    }

    /// A budget with the cancel flag and the progress counters.
    pub fn budget(&self) -> Budget {
        Budget::default()
            .with_cancel(Arc::clone(&self.cancel))
            .with_progress(Arc::clone(&self.progress))
    }

    /// Runs `f` with the budget, under a spinner saying `what` (with the search nodes visited
    /// and the time elapsed) when standard error is a terminal.
    pub fn busy<T>(&self, what: &str, f: impl FnOnce(&Budget) -> T) -> T {
        let budget = self.budget();
        self.busy.store(true, Ordering::Relaxed);
        let result = if self.spinner {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {msg} ({elapsed}; Ctrl-C stops)")
                    .expect("a valid template"),
            );
            bar.enable_steady_tick(Duration::from_millis(120));
            let done = AtomicBool::new(false);
            let start = self.progress.steps();
            self.progress.expected.store(0, Ordering::Relaxed);
            let r = std::thread::scope(|scope| {
                scope.spawn(|| {
                    while !done.load(Ordering::Relaxed) {
                        let now = self.progress.steps();
                        let steps = now.saturating_sub(start);
                        let msg = match self.progress.expected() {
                            Some(total) if total > now => {
                                format!("{what}: {steps} search steps, about {} to go", total - now)
                            }
                            _ => format!("{what}: {steps} search steps"),
                        };
                        bar.set_message(msg);
                        std::thread::sleep(Duration::from_millis(200));
                    }
                });
                let r = f(&budget);
                done.store(true, Ordering::Relaxed);
                r
            });
            bar.finish_and_clear();
            r
        } else {
            f(&budget)
        };
        self.busy.store(false, Ordering::Relaxed);
        result
    }

    /// Marks the start and end of a computation run outside [`Runtime::busy`].
    pub fn set_busy(&self, busy: bool) {
        self.busy.store(busy, Ordering::Relaxed);
    }
}
