//! Budgets, cancellation and progress for long calls.
//!
//! Every search of this crate takes a [`Budget`]: an optional cancel flag (set it from a Ctrl-C
//! handler), an optional deadline and an optional step limit. Searches poll it every
//! [`CHECK_EVERY`] steps and stop with [`Stopped`]. Progress is published through the atomics
//! of a shared [`Progress`], which a front end reads from another thread to draw a bar.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::error::Stopped;

/// Steps between two looks at the clock and the cancel flag (1024).
pub const CHECK_EVERY: u64 = 1024;

/// Counters a search publishes while it runs. All counts are cumulative over the calls that
/// share this `Progress`.
#[derive(Debug, Default)]
pub struct Progress {
    /// Search nodes (or DP states) visited.
    pub steps: AtomicU64,
    /// Secrets found so far (solutions enumerated, samples drawn).
    pub found: AtomicU64,
    /// Predicted total of `steps` when the current long search ends (0: not known); set once
    /// an up-front estimate of a long search is made.
    pub expected: AtomicU64,
}

impl Progress {
    /// Search nodes (or DP states) visited so far.
    pub fn steps(&self) -> u64 {
        self.steps.load(Ordering::Relaxed)
    }

    /// Secrets found so far.
    pub fn found(&self) -> u64 {
        self.found.load(Ordering::Relaxed)
    }

    /// The predicted total of [`Progress::steps`] once the current long search ends, when an
    /// up-front estimate was made.
    pub fn expected(&self) -> Option<u64> {
        match self.expected.load(Ordering::Relaxed) {
            0 => None,
            n => Some(n),
        }
    }

    /// Publishes the up-front estimate of a search about to start: `steps` more than now.
    pub fn expect(&self, steps: u64) {
        let total = self.steps().saturating_add(steps.max(1));
        self.expected.store(total, Ordering::Relaxed);
    }
}

/// Limits of a long call. The default has none: the call runs to its end.
///
/// ```
/// use std::time::Duration;
/// use codebreak_huge::Budget;
/// let budget = Budget::default().with_timeout(Duration::from_secs(2)).with_limit(1_000_000);
/// assert!(budget.check(5).is_ok());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Raised by the caller (from any thread) to stop the call.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The call stops once this instant has passed.
    pub deadline: Option<Instant>,
    /// Most steps (search nodes, DP states) one call may take.
    pub limit: Option<u64>,
    /// Where the call publishes its counters.
    pub progress: Option<Arc<Progress>>,
}

impl Budget {
    /// This budget with a cancel flag.
    pub fn with_cancel(mut self, cancel: Arc<AtomicBool>) -> Budget {
        self.cancel = Some(cancel);
        self
    }

    /// This budget ending `timeout` from now.
    pub fn with_timeout(mut self, timeout: Duration) -> Budget {
        self.deadline = Some(Instant::now() + timeout);
        self
    }

    /// This budget with a step limit.
    pub fn with_limit(mut self, limit: u64) -> Budget {
        self.limit = Some(limit);
        self
    }

    /// This budget publishing to `progress`.
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Budget {
        self.progress = Some(progress);
        self
    }

    /// The same flag, deadline and progress with another step limit (`None`: no limit).
    pub fn limited(&self, limit: Option<u64>) -> Budget {
        Budget {
            limit,
            ..self.clone()
        }
    }

    /// Whether a call that has taken `steps` steps must stop, and why.
    pub fn check(&self, steps: u64) -> Result<(), Stopped> {
        if let Some(limit) = self.limit
            && steps > limit
        {
            return Err(Stopped::Limit(limit));
        }
        if let Some(cancel) = &self.cancel
            && cancel.load(Ordering::Relaxed)
        {
            return Err(Stopped::Cancelled);
        }
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            return Err(Stopped::Deadline);
        }
        Ok(())
    }

    /// Whether the flag or the deadline (not the limit) says stop.
    pub fn interrupted(&self) -> Result<(), Stopped> {
        self.limited(None).check(0)
    }
}

/// A step counter tied to a budget: counts locally, publishes and checks every
/// [`CHECK_EVERY`] steps.
pub(crate) struct Meter<'a> {
    budget: &'a Budget,
    steps: u64,
    unpublished: u64,
}

impl<'a> Meter<'a> {
    pub(crate) fn new(budget: &'a Budget) -> Meter<'a> {
        Meter {
            budget,
            steps: 0,
            unpublished: 0,
        }
    }

    /// Counts one step; at the first and then every [`CHECK_EVERY`] steps, publishes and
    /// checks the budget.
    #[inline]
    pub(crate) fn step(&mut self) -> Result<(), Stopped> {
        self.steps += 1;
        self.unpublished += 1;
        if self.unpublished >= CHECK_EVERY || self.steps == 1 {
            self.flush();
            self.budget.check(self.steps)?;
        }
        Ok(())
    }

    pub(crate) fn found(&self, n: u64) {
        if let Some(p) = &self.budget.progress {
            p.found.fetch_add(n, Ordering::Relaxed);
        }
    }

    pub(crate) fn steps(&self) -> u64 {
        self.steps
    }

    pub(crate) fn flush(&mut self) {
        if let Some(p) = &self.budget.progress {
            p.steps.fetch_add(self.unpublished, Ordering::Relaxed);
        }
        self.unpublished = 0;
    }
}

impl Drop for Meter<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}
