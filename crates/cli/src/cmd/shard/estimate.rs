//! `codebreak shard estimate`: how long a plan will take, from a sample of its jobs.

use std::path::PathBuf;

use clap::Args;
use codebreak_shard::{Plan, Runner, SampleOptions};

use super::failure;
use crate::failure::Failure;

/// Arguments of `shard estimate`.
#[derive(Args, Debug)]
pub struct EstimateArgs {
    /// The plan.
    pub plan: PathBuf,
    /// Jobs to solve, spread over the sizes of the plan's jobs (their results are kept).
    #[arg(long, value_name = "N", default_value_t = 6,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub sample: u32,
    /// Seconds each sampled job may take; one stopped keeps its checkpoint for the next run.
    #[arg(long, value_name = "S", default_value_t = 60.0)]
    pub seconds: f64,
    /// Nodes the plan would run on (for the wall time printed).
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub nodes: u32,
    /// The results folder (default PLAN.results).
    #[arg(long, value_name = "DIR")]
    pub results: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: EstimateArgs) -> Result<(), Failure> {
    if !(a.seconds.is_finite() && a.seconds > 0.0) {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "--seconds {}: expected a positive number of seconds",
            a.seconds
        )));
    }
    let plan = Plan::read(&a.plan).map_err(failure)?;
    let runner = Runner::new(plan, a.results.as_deref()).map_err(failure)?;
    let log = |line: &str| {
        if !a.json {
            eprintln!("{line}");
        }
    };
    let options = SampleOptions {
        jobs: a.sample as usize,
        seconds: a.seconds,
    };
    let e = codebreak_shard::estimate(&runner, &options, Some(&log));
    let wall = e.seconds / f64::from(a.nodes);
    if a.json {
        let mut v = serde_json::to_value(&e).map_err(|e| Failure::BadInput(e.into()))?;
        v["nodes"] = a.nodes.into();
        v["wall_seconds"] = wall.into();
        println!("{v}");
        return Ok(());
    }
    println!(
        "plan      {} ({}), {} jobs",
        a.plan.display(),
        runner.plan.hash,
        e.jobs
    );
    for s in &e.sample {
        println!(
            "sampled   job {} ({} secrets): {:.2} s{}",
            s.index,
            s.secrets,
            s.seconds,
            match &s.value {
                Some(v) => format!(", {v}"),
                None => ", stopped at the cap (checkpoint kept)".into(),
            }
        );
    }
    println!(
        "fit       seconds = {:.3e} * secrets^{:.2} ({})",
        e.constant.exp(),
        e.exponent,
        if e.fitted {
            "fitted to the jobs that finished"
        } else {
            "slope of the whole-game model: fewer than two sizes finished"
        }
    );
    println!(
        "estimate  {}{:.4} core-hours ({} on this machine's {} cores); on {} node{} of {} cores: {}",
        if e.lower_bound { "at least " } else { "" },
        e.core_seconds / 3600.0,
        duration(e.seconds),
        e.cores,
        a.nodes,
        if a.nodes == 1 { "" } else { "s" },
        e.cores,
        duration(wall)
    );
    if e.lower_bound {
        println!(
            "caveat    a sampled job was stopped at --seconds {}: run again with more (it resumes its checkpoint)",
            a.seconds
        );
    }
    if e.largest.0 > e.largest.1 {
        println!(
            "caveat    the largest job has {} secrets, the largest finished {}: its time is extrapolated",
            e.largest.0, e.largest.1
        );
    }
    Ok(())
}

/// Seconds as a person reads them: seconds, minutes, hours or days.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.1} s"),
        s if s < 7200.0 => format!("{:.1} min", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} h", s / 3600.0),
        s => format!("{:.1} days", s / 86400.0),
    }
}
