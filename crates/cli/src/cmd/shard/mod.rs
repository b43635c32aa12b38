//! `codebreak shard`: a search split into independent jobs that any executor can run (local
//! threads, GNU parallel over `--index`, a Slurm job array written by `shard slurm`), each
//! writing its own result file, merged and verified at the end.
//!
//! The plan and result files, the job runner, merge and status are the `codebreak-shard`
//! library's (see its crate docs); these commands map flags onto it and print its answers.

mod estimate;
mod merge;
mod plan;
mod run;
mod slurm;
mod summary;

use clap::{Args, Subcommand};
use codebreak_shard::ShardError;

use crate::failure::Failure;

pub const EXAMPLES: &str = "\
Examples:
  codebreak shard plan --first-guess 0012 --out mm46.plan     # one job per reply to 0012
  codebreak shard run mm46.plan --jobs 2                      # every job, two at a time
  parallel codebreak shard run mm46.plan --index ::: $(seq 0 13)   # or any executor, by index
  codebreak shard status mm46.plan
  codebreak shard merge mm46.plan --tree mm46.json            # 5625, verified
  codebreak shard plan --openers --bound 7000 --out openers.plan   # one job per opener
  codebreak shard estimate mm49.plan --sample 6 --seconds 60 --nodes 10   # before a long run
  codebreak shard slurm mm46.plan --chunk 4 --time 01:00:00 --out mm46.sh && sbatch mm46.sh
  codebreak shard export openers.plan --out openers.tsv       # the values so far, to keep
  codebreak shard import openers.plan openers.tsv             # elsewhere: resume from them";

/// Arguments of `shard`.
#[derive(Args, Debug)]
pub struct ShardArgs {
    #[command(subcommand)]
    pub command: ShardCommand,
}

/// The steps of a sharded search.
#[derive(Subcommand, Debug)]
pub enum ShardCommand {
    /// Split a search into independent jobs, written to a plan (JSON lines).
    Plan(plan::PlanArgs),
    /// Solve jobs of a plan, each into its own result file.
    Run(run::RunArgs),
    /// Jobs done, failed and remaining, with an estimate of the time left.
    Status(merge::StatusArgs),
    /// Assemble the results into the plan's answer, verified.
    Merge(merge::MergeArgs),
    /// Write a Slurm job array script that runs the plan, a chunk of jobs per task.
    Slurm(slurm::SlurmArgs),
    /// Estimate the plan's time from a sample of its jobs, solved for real (results kept).
    Estimate(estimate::EstimateArgs),
    /// Write the values found so far as a summary (tab-separated text) to keep with a project.
    Export(summary::ExportArgs),
    /// Take a summary's bounds as results, so that a run resumes where another machine's was.
    Import(summary::ImportArgs),
}

pub fn run(a: ShardArgs) -> Result<(), Failure> {
    match a.command {
        ShardCommand::Plan(a) => plan::run(a),
        ShardCommand::Run(a) => run::run(a),
        ShardCommand::Status(a) => merge::status(a),
        ShardCommand::Merge(a) => merge::merge(a),
        ShardCommand::Slurm(a) => slurm::run(a),
        ShardCommand::Estimate(a) => estimate::run(a),
        ShardCommand::Export(a) => summary::export(a),
        ShardCommand::Import(a) => summary::import(a),
    }
}

/// A library refusal as the command line fails: exit 2 for bad input, 1 for failed checks.
pub fn failure(e: ShardError) -> Failure {
    if e.is_bad_input() {
        Failure::BadInput(e.into())
    } else {
        Failure::NoAnswer(e.into())
    }
}
