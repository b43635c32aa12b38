//! `codebreak shard slurm`: a Slurm job array script for a plan.

use std::path::PathBuf;

use clap::Args;
use codebreak_shard::{Plan, SlurmOptions};

use super::failure;
use crate::failure::Failure;

/// Arguments of `shard slurm`.
#[derive(Args, Debug)]
pub struct SlurmArgs {
    /// The plan.
    pub plan: PathBuf,
    /// Jobs of the plan per array task.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub chunk: u64,
    /// Each task's time limit, HH:MM:SS or D-HH:MM:SS (default: the partition's). Two minutes
    /// before it a task saves its checkpoints and requeues itself.
    #[arg(long, value_name = "HH:MM:SS")]
    pub time: Option<String>,
    /// Memory per task (Slurm's --mem: 4G, 500M).
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    pub mem: String,
    /// CPUs per task: the threads each search uses.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub cpus_per_task: u32,
    /// The partition (default: the cluster's).
    #[arg(long, value_name = "P")]
    pub partition: Option<String>,
    /// The job's name (default codebreak-HASH).
    #[arg(long, value_name = "NAME")]
    pub job_name: Option<String>,
    /// The codebreak binary the tasks run (default: this one, by its absolute path).
    #[arg(long, value_name = "PATH")]
    pub binary: Option<PathBuf>,
    /// The results folder (default PLAN.results).
    #[arg(long, value_name = "DIR")]
    pub results: Option<PathBuf>,
    /// Each job also writes its certificate of optimality (`shard run --certificate`), for
    /// `shard merge --certificate` to assemble.
    #[arg(long)]
    pub certificate: bool,
    /// Write the script to FILE (default: standard output).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(a: SlurmArgs) -> Result<(), Failure> {
    let plan = Plan::read(&a.plan).map_err(failure)?;
    let binary = match a.binary {
        Some(b) => std::path::absolute(&b).unwrap_or(b),
        None => std::env::current_exe().map_err(|e| {
            Failure::BadInput(anyhow::anyhow!(
                "cannot find this program's path ({e}): give it with --binary"
            ))
        })?,
    };
    let options = SlurmOptions {
        chunk: a.chunk as usize,
        time: a.time,
        mem: a.mem,
        cpus_per_task: a.cpus_per_task,
        partition: a.partition,
        job_name: a.job_name,
        binary,
        results: a.results,
        certificate: a.certificate,
        ..SlurmOptions::new(PathBuf::new())
    };
    let script = codebreak_shard::slurm_script(&plan, &options).map_err(|e| match e {
        // The library names the options in words; here they are flags.
        codebreak_shard::ShardError::BadInput(why) => {
            let flag = [
                "cpus per task",
                "job name",
                "chunk",
                "time",
                "mem",
                "partition",
            ]
            .into_iter()
            .find(|w| why.starts_with(&format!("{w} ")));
            match flag {
                Some(w) => Failure::BadInput(anyhow::anyhow!(
                    "--{}{}",
                    w.replace(' ', "-"),
                    &why[w.len()..]
                )),
                None => Failure::BadInput(anyhow::anyhow!("{why}")),
            }
        }
        e => failure(e),
    })?;
    match &a.out {
        Some(path) => {
            codebreak_shard::write_atomically(path, &script.text).map_err(failure)?;
            eprintln!(
                "{}: {} array task{} for {} job{}, output in {}; submit with sbatch {}",
                path.display(),
                script.tasks,
                codebreak_core::error::plural(script.tasks),
                plan.jobs.len(),
                codebreak_core::error::plural(plan.jobs.len()),
                script.logs.display(),
                path.display()
            );
        }
        None => print!("{}", script.text),
    }
    Ok(())
}
