//! `codebreak shard run`: solve jobs of a plan, each into its own result file.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Args;
use codebreak_core::error::plural;
use codebreak_shard::{Plan, RunOptions, Runner, Stop, Stopped};

use super::failure;
use crate::failure::Failure;

/// Arguments of `shard run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The plan.
    pub plan: PathBuf,
    /// Run this job only (its index in the plan, from 0).
    #[arg(long, value_name = "I", conflicts_with_all = ["from", "to"])]
    pub index: Option<usize>,
    /// Run the jobs from index A (default 0) ...
    #[arg(long, value_name = "A")]
    pub from: Option<usize>,
    /// ... to index B, included (default the last).
    #[arg(long, value_name = "B")]
    pub to: Option<usize>,
    /// Jobs solved at once, on this machine. A plan below an opener: default 1, each search
    /// uses every core as well and has its own memo of up to about 1 GB. A plan of openers:
    /// default one per core, each opener valued on one thread, all sharing one memo (as
    /// `optimal --openers`). Ctrl-C or SIGTERM stops them, each saving a checkpoint
    /// (RESULTS/ID.checkpoint) that its next run resumes.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
    /// The results folder (default PLAN.results).
    #[arg(long, value_name = "DIR")]
    pub results: Option<PathBuf>,
    /// Also write each job's certificate of optimality (RESULTS/ID.cert) before its result,
    /// for `shard merge --certificate` (a job done without it is solved again).
    #[arg(long)]
    pub certificate: bool,
    /// Stop each job after N search nodes, as Ctrl-C does (for tests of resumption).
    #[arg(long, value_name = "N", hide = true)]
    pub node_limit: Option<u64>,
}

/// Thrown by Ctrl-C or SIGTERM (a scheduler's time limit): the running searches stop and save
/// their checkpoints, and no job starts after it.
static STOP: Stop = Stop::new();

pub fn run(a: RunArgs) -> Result<(), Failure> {
    let plan = Plan::read(&a.plan).map_err(failure)?;
    let last = plan.jobs.len().saturating_sub(1);
    let (from, to) = match a.index {
        Some(i) => (i, i),
        None => (a.from.unwrap_or(0), a.to.unwrap_or(last)),
    };
    if plan.jobs.is_empty() || to > last || from > to {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "jobs {from} to {to}: the plan has jobs 0 to {last}"
        )));
    }
    let runner = Runner::new(plan, a.results.as_deref()).map_err(failure)?;
    let todo = &runner.plan.jobs[from..=to];
    let next = AtomicUsize::new(0);
    let failed: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let stopped: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let _ = ctrlc::set_handler(|| STOP.stop());
    let log = |line: &str| eprintln!("{line}");
    let shared = runner.opener_search(a.node_limit).map_err(failure)?;
    let options = RunOptions {
        node_limit: a.node_limit,
        stop: Some(&STOP),
        log: Some(&log),
        shared: shared.as_ref(),
        certificate: a.certificate,
    };
    let jobs = a.jobs.map_or_else(
        || match shared {
            Some(_) => std::thread::available_parallelism().map_or(1, |n| n.get()),
            None => 1,
        },
        |n| n as usize,
    );
    let threads = jobs.min(todo.len()).max(1);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = todo.get(i) else { return };
                    match runner.run_job(job, &options) {
                        Ok(_) => {}
                        Err(Stopped::NotStarted) => return,
                        Err(e @ Stopped::Failed(_)) => {
                            eprintln!("job {} {}: {e}", job.index, job.label());
                            failed
                                .lock()
                                .expect("no panics")
                                .push(job.index.to_string());
                        }
                        Err(e @ Stopped::Checkpointed { .. }) => {
                            eprintln!("job {} {}: {e}", job.index, job.label());
                            stopped
                                .lock()
                                .expect("no panics")
                                .push(job.index.to_string());
                        }
                    }
                }
            });
        }
    });
    let failed = failed.into_inner().expect("no panics");
    let stopped = stopped.into_inner().expect("no panics");
    let dir = runner.dir.display();
    if !stopped.is_empty() || STOP.is_stopped() {
        return Err(Failure::Interrupted(anyhow::anyhow!(
            "stopped; job{} {} saved {} checkpoint{} in {dir} (ID.checkpoint), which running the plan again resumes",
            plural(stopped.len()),
            stopped.join(", "),
            if stopped.len() == 1 { "its" } else { "their" },
            plural(stopped.len()),
        )));
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure::NoAnswer(anyhow::anyhow!(
            "job{} {} failed (noted in {dir}/ID.error)",
            plural(failed.len()),
            failed.join(", "),
        )))
    }
}
