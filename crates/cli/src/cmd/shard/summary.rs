//! `codebreak shard export` and `codebreak shard import`: a plan's values as a small text
//! file that outlives its results folder (see `codebreak_shard::summary`).

use std::path::PathBuf;

use clap::Args;
use codebreak_core::error::plural;
use codebreak_shard::Plan;

use super::failure;
use crate::failure::Failure;
use crate::output;

/// Arguments of `shard export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The plan.
    pub plan: PathBuf,
    /// The results folder (default PLAN.results).
    #[arg(long, value_name = "DIR")]
    pub results: Option<PathBuf>,
    /// Write the summary to FILE (default: standard output).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Arguments of `shard import`.
#[derive(Args, Debug)]
pub struct ImportArgs {
    /// The plan.
    pub plan: PathBuf,
    /// A summary written by `shard export` for a plan of the same game.
    pub summary: PathBuf,
    /// The results folder (default PLAN.results).
    #[arg(long, value_name = "DIR")]
    pub results: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn export(a: ExportArgs) -> Result<(), Failure> {
    let plan = Plan::read(&a.plan).map_err(failure)?;
    let dir = plan.results_dir(a.results.as_deref());
    let text = codebreak_shard::export(&plan, &dir);
    match &a.out {
        Some(path) => {
            output::check_writable(path)?;
            codebreak_shard::write_atomically(path, &text).map_err(failure)?;
            let done = text.lines().filter(|l| !l.starts_with('#')).count();
            eprintln!(
                "summary   {}: {done} of {} jobs",
                path.display(),
                plan.jobs.len()
            );
            Ok(())
        }
        None => output::report(&text, false),
    }
}

pub fn import(a: ImportArgs) -> Result<(), Failure> {
    let plan = Plan::read(&a.plan).map_err(failure)?;
    // The game is loaded to refuse a plan whose game file changed, as `run` would.
    plan.game().map_err(failure)?;
    let text = std::fs::read_to_string(&a.summary).map_err(|e| {
        Failure::BadInput(anyhow::anyhow!("cannot read {}: {e}", a.summary.display()))
    })?;
    let dir = plan.results_dir(a.results.as_deref());
    std::fs::create_dir_all(&dir)
        .map_err(|e| Failure::BadInput(anyhow::anyhow!("cannot make {}: {e}", dir.display())))?;
    let got = codebreak_shard::import(&plan, &dir, &a.summary, &text).map_err(failure)?;
    if a.json {
        let v = serde_json::to_value(&got).map_err(|e| Failure::BadInput(e.into()))?;
        return output::report(&format!("{v}\n"), false);
    }
    output::report(
        &format!(
            "imported  {} result{} into {}\nalready   {} job{} had a result\nexact     {} value{} left to solve again (a result needs its tree)\nweaker    {} bound{} below what the plan asks (left to solve)\n",
            got.imported,
            plural(got.imported),
            dir.display(),
            got.already,
            plural(got.already),
            got.exact,
            plural(got.exact),
            got.weaker,
            plural(got.weaker),
        ),
        false,
    )
}
