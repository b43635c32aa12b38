//! `codebreak shard status` and `codebreak shard merge`.

use std::path::PathBuf;

use clap::Args;
use codebreak_core::Game;
use codebreak_core::error::plural;
use codebreak_search::openers::OpenerEntry;
use codebreak_shard::{Merged, Plan};
use codebreak_tree::Format;

use super::failure;
use crate::failure::Failure;
use crate::output;

/// Arguments of `shard status`.
#[derive(Args, Debug)]
pub struct StatusArgs {
    /// The plan.
    pub plan: PathBuf,
    /// The results folder (default PLAN.results).
    #[arg(long, value_name = "DIR")]
    pub results: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `shard merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The plan.
    pub plan: PathBuf,
    /// The results folder (default PLAN.results).
    #[arg(long, value_name = "DIR")]
    pub results: Option<PathBuf>,
    /// Write the merged decision tree (JSON) to FILE: the whole game below the opener, or
    /// for a plan of every opener the best opener's tree (when its value is exact).
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// Write one certificate of optimality to FILE, assembled from the jobs' (a plan run
    /// with `shard run --certificate`): for the opener's position, or for the whole game over
    /// every opener, for `codebreak verify --certificate FILE --tree TREE` to check.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn status(a: StatusArgs) -> Result<(), Failure> {
    let plan = Plan::read(&a.plan).map_err(failure)?;
    let dir = plan.results_dir(a.results.as_deref());
    let s = codebreak_shard::status(&plan, &dir);
    if a.json {
        let v = serde_json::to_value(&s).map_err(|e| Failure::BadInput(e.into()))?;
        println!("{v}");
        return Ok(());
    }
    println!(
        "plan      {} ({}), {} job{}\ndone      {}\nfailed    {}\nremaining {}{}",
        plan.path.display(),
        plan.hash,
        s.jobs,
        plural(s.jobs),
        s.done,
        s.failed.len(),
        s.remaining.len(),
        if s.checkpoints.is_empty() {
            String::new()
        } else {
            format!(" ({} stopped with a checkpoint)", s.checkpoints.len())
        },
    );
    if s.imported > 0 {
        println!(
            "imported  {} of the done jobs from a summary (shard import)",
            s.imported
        );
    }
    for f in &s.failed {
        println!("  {}", f.why);
    }
    for r in &s.running {
        println!(
            "running   job {}: {} (or killed, if that process is gone)",
            r.index, r.who
        );
    }
    match s.estimate_seconds {
        Some(left) if s.done < s.jobs => println!(
            "estimate  {} more ({} s so far for {} job{}, by secrets left)",
            codebreak_search::estimate::human_duration(left),
            s.seconds_done as u64,
            s.done,
            plural(s.done)
        ),
        _ => {}
    }
    Ok(())
}

pub fn merge(a: MergeArgs) -> Result<(), Failure> {
    let plan = Plan::read(&a.plan).map_err(failure)?;
    if let Some(path) = &a.tree {
        output::check_writable(path)?;
    }
    if let Some(path) = &a.certificate {
        output::check_writable(path)?;
    }
    let game = plan.game().map_err(failure)?;
    let dir = plan.results_dir(a.results.as_deref());
    let merged = codebreak_shard::merge(&plan, &game, &dir).map_err(failure)?;
    if let Some(path) = &a.certificate {
        let cert = codebreak_shard::merge_certificates(&plan, &game, &dir).map_err(failure)?;
        let cannot = |e: &dyn std::fmt::Display| {
            Failure::BadInput(anyhow::anyhow!("cannot write {}: {e}", path.display()))
        };
        let file = std::fs::File::create(path).map_err(|e| cannot(&e))?;
        cert.write(std::io::BufWriter::new(file))
            .map_err(|e| cannot(&e))?;
        eprintln!(
            "certificate {}: {} claims from {} job{}",
            path.display(),
            cert.claims.len(),
            plan.jobs.len(),
            plural(plan.jobs.len())
        );
    }
    let text = match merged {
        Merged::Openers {
            entries,
            best,
            nodes,
            millis,
            imported,
        } => {
            if let Some(path) = &a.tree {
                let Some(tree) = best else {
                    return Err(Failure::NoAnswer(anyhow::anyhow!(
                        "no tree for {}: the best opener of the plan has no exact value",
                        path.display()
                    )));
                };
                output::write_tree(path, Format::Json, &game, &tree)?;
            }
            if a.json {
                let v = serde_json::json!({
                    "plan": plan.hash,
                    "game": game.spec(),
                    "secrets": plan.header.secrets,
                    "bound": plan.header.bound,
                    "openers": entries,
                    "verified": true,
                    "imported": imported,
                    "effort": { "nodes": nodes, "seconds": millis as f64 / 1000.0 },
                });
                format!("{v}\n")
            } else {
                openers_text(&plan, &game, &entries, nodes, millis, imported)
            }
        }
        Merged::Below {
            tree,
            figures,
            strategy,
            nodes,
            millis,
            imported,
        } => {
            if let Some(path) = &a.tree {
                output::write_tree(path, Format::Json, &game, &tree)?;
            }
            if a.json {
                let head = serde_json::json!({
                    "plan": plan.hash,
                    "game": game.spec(),
                    "strategy": strategy,
                });
                let figures = match serde_json::to_value(&figures) {
                    Ok(serde_json::Value::Object(m)) => m,
                    _ => Default::default(),
                };
                let tail = serde_json::json!({
                    "jobs": plan.jobs.len(),
                    "verified": true,
                    "imported": imported,
                    "effort": { "nodes": nodes, "seconds": millis as f64 / 1000.0 },
                });
                format!("{}\n", output::with_fields(head, figures, tail))
            } else {
                format!(
                    "game      {game}\nstrategy  {strategy}\n\n{}verified  the merged tree replays every secret to these figures\n{}time      {:.3} s in {} job{}, {nodes} nodes\n",
                    output::table(&figures, game.move_words().1),
                    imported_line(imported),
                    millis as f64 / 1000.0,
                    plan.jobs.len(),
                    plural(plan.jobs.len())
                )
            }
        }
    };
    output::report(&text, false)
}

/// The ranking as a table.
fn openers_text(
    plan: &Plan,
    game: &Game,
    entries: &[OpenerEntry],
    nodes: u64,
    ms: u64,
    imported: usize,
) -> String {
    let mut out = format!(
        "game      {game}\nplan      {} ({}), every opener{}\n\n rank  opener    total  average  worst\n",
        plan.path.display(),
        plan.hash,
        plan.header
            .bound
            .map_or(String::new(), |b| format!(", below {b}"))
    );
    for (i, e) in entries.iter().enumerate() {
        let value = match (e.total, e.at_least) {
            (Some(t), _) => format!(
                "{t:>7}  {:.4}  {}",
                e.average.unwrap_or_default(),
                e.worst.unwrap_or_default()
            ),
            (None, Some(t)) => format!("at least {t}"),
            (None, None) => "infeasible".into(),
        };
        out += &format!("{:>5}  {:<8} {value}\n", i + 1, e.opener);
    }
    out += &format!(
        "\nverified  every exact value replays through its tree\n{}time      {:.3} s in the jobs, {nodes} nodes\n",
        imported_line(imported),
        ms as f64 / 1000.0
    );
    out
}

/// Says how many results came from a summary: their bounds were proved by another run.
fn imported_line(imported: usize) -> String {
    match imported {
        0 => String::new(),
        n => format!(
            "imported  {n} result{} from a summary (shard import): bounds proved by the run that exported them\n",
            plural(n)
        ),
    }
}
