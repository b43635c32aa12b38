//! How long a plan will take, from a sample of its jobs: [`estimate()`].
//!
//! **Method.** A job's cost grows with its secrets much faster than linearly, so the time per
//! secret of a few jobs says little about the rest. The sample is spread over the sizes of the
//! plan's jobs (evenly in the logarithm of their secrets, smallest first), each job is solved
//! for real (its result is kept; one stopped at the time cap keeps its checkpoint, which the
//! plan's next run resumes), and `ln seconds = c + a ln secrets` is fitted by least squares
//! to the jobs that finished. Each job of the plan is then predicted from the fit (a job the
//! sample finished counts its measured time), and the sum is the estimate. With fewer than two
//! sizes finished, the slope `a` is that of the whole-game model of `codebreak-search`'s
//! estimate at the job's size. Jobs far larger than any that finished are extrapolations, and
//! a job stopped at the cap only shows that it needs more than the cap: both are reported.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::format::Value;
use crate::run::{RunOptions, Runner, Stop};

/// How to sample a plan.
#[derive(Clone, Copy, Debug)]
pub struct SampleOptions {
    /// Jobs to solve (at most the plan's).
    pub jobs: usize,
    /// Seconds each may take before it is stopped (with a checkpoint).
    pub seconds: f64,
}

/// One sampled job.
#[derive(Clone, Debug, Serialize)]
pub struct SampledJob {
    /// Its index in the plan.
    pub index: usize,
    /// Its secrets.
    pub secrets: u64,
    /// Wall seconds it took (on every core), or ran before it was stopped.
    pub seconds: f64,
    /// Whether it finished (else it was stopped at the cap, its checkpoint saved).
    pub finished: bool,
    /// Its value, when it finished.
    pub value: Option<String>,
}

/// What a plan is expected to cost.
#[derive(Clone, Debug, Serialize)]
pub struct PlanEstimate {
    /// Jobs of the plan.
    pub jobs: usize,
    /// The sampled jobs, smallest first.
    pub sample: Vec<SampledJob>,
    /// The fitted constant `c` of `ln seconds = c + a ln secrets`.
    pub constant: f64,
    /// The fitted slope `a` (or the model's, see [`PlanEstimate::fitted`]).
    pub exponent: f64,
    /// Whether the slope was fitted (two or more sizes finished), else taken from the model.
    pub fitted: bool,
    /// Estimated wall seconds of the whole plan on this machine's cores (one job at a time,
    /// each on every core), measured times counted for the sampled jobs.
    pub seconds: f64,
    /// The same as core-seconds: `seconds` times this machine's cores.
    pub core_seconds: f64,
    /// Cores of this machine.
    pub cores: usize,
    /// Secrets of the largest job, and of the largest job the sample finished.
    pub largest: (u64, u64),
    /// Whether a sampled job was stopped at the cap: it counts at least its cap (or the fit,
    /// if larger), so the estimate is then only a lower bound.
    pub lower_bound: bool,
}

/// Chooses `n` of the plan's jobs evenly in the logarithm of their secrets, smallest first.
fn choose(secrets: &[(usize, u64)], n: usize) -> Vec<usize> {
    let mut by_size: Vec<(usize, u64)> = secrets.to_vec();
    by_size.sort_by_key(|&(i, s)| (s, i));
    if by_size.is_empty() || n == 0 {
        return Vec::new();
    }
    let ln = |s: u64| (s.max(1) as f64).ln();
    let (lo, hi) = (ln(by_size[0].1), ln(by_size[by_size.len() - 1].1));
    let mut chosen: Vec<usize> = Vec::new();
    for k in 0..n {
        let target = if n == 1 {
            hi
        } else {
            lo + (hi - lo) * k as f64 / (n - 1) as f64
        };
        // The first job at or above the target not chosen yet.
        if let Some(&(i, _)) = by_size
            .iter()
            .find(|&&(i, s)| ln(s) >= target - 1e-9 && !chosen.contains(&i))
            .or_else(|| by_size.iter().rev().find(|(i, _)| !chosen.contains(i)))
        {
            chosen.push(i);
        }
    }
    // Smallest first: the order of `by_size`.
    by_size
        .iter()
        .map(|&(i, _)| i)
        .filter(|i| chosen.contains(i))
        .collect()
}

/// The least-squares line through `(ln secrets, ln seconds)`, `None` with fewer than two
/// distinct sizes.
fn fit(points: &[(f64, f64)]) -> Option<(f64, f64)> {
    let n = points.len() as f64;
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if points.len() < 2 || sxx < 1e-9 {
        return None;
    }
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let a = sxy / sxx;
    Some((my - a * mx, a))
}

/// The slope of the whole-game model at `secrets` secrets of a game with `replies` replies
/// other than the win (`d ln CPU / d ln S`).
fn model_slope(secrets: u64, replies: f64) -> f64 {
    codebreak_search::estimate::slope(secrets as f64, replies)
}

/// Solves a sample of `runner`'s jobs (see the module) and estimates the whole plan. `log`
/// gets a line per sampled job.
pub fn estimate(
    runner: &Runner,
    options: &SampleOptions,
    log: Option<&(dyn Fn(&str) + Sync)>,
) -> PlanEstimate {
    let jobs = &runner.plan.jobs;
    let replies = codebreak_search::estimate::Features::of(
        &runner.game,
        &codebreak_search::SearchOptions::default(),
    )
    .replies;
    let sizes: Vec<(usize, u64)> = jobs.iter().map(|j| (j.index, j.secrets)).collect();
    let chosen = choose(&sizes, options.jobs.min(jobs.len()));
    let cap = Duration::from_secs_f64(options.seconds.max(0.001));
    let mut sample = Vec::new();
    for &i in &chosen {
        let job = &jobs[i];
        let stop = Stop::new();
        let done = AtomicBool::new(false);
        let start = Instant::now();
        let outcome = std::thread::scope(|scope| {
            scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    if start.elapsed() >= cap {
                        stop.stop();
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            });
            let run = RunOptions {
                stop: Some(&stop),
                log,
                ..RunOptions::default()
            };
            let outcome = runner.run_job(job, &run);
            done.store(true, Ordering::Relaxed);
            outcome
        });
        let seconds = start.elapsed().as_secs_f64();
        // A stopped or failed job counts the time it ran.
        let (seconds, finished, value) = match outcome {
            Ok(o) => (
                o.result().millis as f64 / 1000.0,
                true,
                Some(o.result().value.clone()),
            ),
            Err(_) => (seconds, false, None),
        };
        sample.push(SampledJob {
            index: job.index,
            secrets: job.secrets,
            seconds,
            finished,
            value: value.as_ref().map(Value::to_string),
        });
    }
    let done: Vec<&SampledJob> = sample.iter().filter(|s| s.finished).collect();
    let points: Vec<(f64, f64)> = done
        .iter()
        .map(|s| ((s.secrets.max(1) as f64).ln(), s.seconds.max(1e-3).ln()))
        .collect();
    let largest = sizes.iter().map(|p| p.1).max().unwrap_or(0);
    let largest_done = done.iter().map(|s| s.secrets).max().unwrap_or(0);
    let (constant, exponent, fitted) = match fit(&points) {
        Some((c, a)) => (c, a, true),
        None => {
            // One size finished (or none): the model's slope through it (or through the cap).
            let (x, y) = match points.first() {
                Some(&p) => p,
                None => sample.first().map_or((0.0, 0.0), |s| {
                    ((s.secrets.max(1) as f64).ln(), s.seconds.max(1e-3).ln())
                }),
            };
            let a = model_slope(x.exp() as u64, replies);
            (y - a * x, a, false)
        }
    };
    let predict = |secrets: u64| (constant + exponent * (secrets.max(1) as f64).ln()).exp();
    let seconds: f64 = jobs
        .iter()
        .map(|j| {
            match sample.iter().find(|s| s.index == j.index) {
                Some(s) if s.finished => s.seconds,
                // A job stopped at the cap needs more than the cap.
                Some(s) => predict(j.secrets).max(s.seconds),
                None => predict(j.secrets),
            }
        })
        .sum();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let lower_bound = sample.iter().any(|s| !s.finished);
    PlanEstimate {
        jobs: jobs.len(),
        sample,
        constant,
        exponent,
        fitted,
        seconds,
        core_seconds: seconds * cores as f64,
        cores,
        largest: (largest, largest_done),
        lower_bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_spreads_over_the_sizes_and_a_line_fits_exactly() {
        let sizes: Vec<(usize, u64)> = [1000, 500, 200, 100, 50, 10, 5, 1]
            .iter()
            .enumerate()
            .map(|(i, &s)| (i, s))
            .collect();
        let c = choose(&sizes, 3);
        assert_eq!(c.len(), 3);
        // Smallest, about the geometric middle, largest.
        assert_eq!(c[0], 7);
        assert_eq!(c[2], 0);
        assert!([3, 4].contains(&c[1]), "{c:?}");
        assert_eq!(choose(&sizes, 20).len(), 8);
        let points: Vec<(f64, f64)> = [10f64, 100.0, 1000.0]
            .iter()
            .map(|&s| (s.ln(), (0.5 * s.powf(2.5)).ln()))
            .collect();
        let (c, a) = fit(&points).unwrap();
        assert!((a - 2.5).abs() < 1e-9 && (c - 0.5f64.ln()).abs() < 1e-9);
        assert!(fit(&points[..1]).is_none());
    }
}
