//! `codebreak shard status` and `codebreak shard merge`.

use std::path::{Path, PathBuf};

use clap::Args;
use codebreak_core::Game;
use codebreak_core::error::plural;
use codebreak_search::openers::OpenerEntry;
use codebreak_tree::{DecisionTree, Format, Node};

use super::{Job, JobResult, Plan, PlanKind, Value, result_path};
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
    /// Write the merged decision tree (JSON) to FILE (plans below an opener).
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// What `status` finds of each job.
enum State {
    Done(JobResult),
    Failed(String),
    Remaining,
}

fn state(plan: &Plan, dir: &Path, job: &Job) -> State {
    match plan.result(dir, job) {
        Ok(Some(r)) => State::Done(r),
        Err(f) => State::Failed(f.message()),
        Ok(None) => match std::fs::read_to_string(super::run::error_path(dir, job)) {
            Ok(why) => State::Failed(format!("job {}: {}", job.index, why.trim())),
            Err(_) => State::Remaining,
        },
    }
}

pub fn status(a: StatusArgs) -> Result<(), Failure> {
    let plan = Plan::read(&a.plan)?;
    let dir = plan.results_dir(a.results.as_deref());
    let (mut done, mut failed, mut remaining) = (0usize, Vec::new(), Vec::new());
    // Remaining jobs stopped with a checkpoint, which their next run resumes.
    let mut resumable = Vec::new();
    // Remaining jobs with a running marker (or killed without removing it).
    let mut running = Vec::new();
    let (mut done_secrets, mut done_ms, mut left_secrets) = (0u64, 0u64, 0u64);
    for job in &plan.jobs {
        match state(&plan, &dir, job) {
            State::Done(r) => {
                done += 1;
                done_secrets += r.secrets;
                done_ms += r.millis;
            }
            State::Failed(why) => {
                left_secrets += job.secrets;
                failed.push((job.index, why));
            }
            State::Remaining => {
                left_secrets += job.secrets;
                remaining.push(job.index);
                if let Ok(who) = std::fs::read_to_string(super::run::running_path(&dir, job)) {
                    running.push((job.index, who.trim().to_string()));
                }
                if super::run::checkpoint_path(&dir, job).exists() {
                    resumable.push(job.index);
                }
            }
        }
    }
    // Time per secret of the finished jobs, times the secrets left: CPU time on one machine
    // of the kind that ran them.
    let estimate = (done_secrets > 0)
        .then(|| done_ms as f64 / 1000.0 * left_secrets as f64 / done_secrets as f64);
    if a.json {
        let v = serde_json::json!({
            "plan": plan.hash,
            "jobs": plan.jobs.len(),
            "done": done,
            "failed": failed.iter().map(|(i, why)| serde_json::json!({"index": i, "why": why})).collect::<Vec<_>>(),
            "remaining": remaining,
            "checkpoints": resumable,
            "running": running.iter().map(|(i, who)| serde_json::json!({"index": i, "who": who})).collect::<Vec<_>>(),
            "seconds_done": done_ms as f64 / 1000.0,
            "estimate_seconds": estimate,
        });
        println!("{v}");
    } else {
        println!(
            "plan      {} ({}), {} job{}\ndone      {done}\nfailed    {}\nremaining {}{}",
            plan.path.display(),
            plan.hash,
            plan.jobs.len(),
            plural(plan.jobs.len()),
            failed.len(),
            remaining.len(),
            if resumable.is_empty() {
                String::new()
            } else {
                format!(" ({} stopped with a checkpoint)", resumable.len())
            },
        );
        for (_, why) in &failed {
            println!("  {why}");
        }
        for (i, who) in &running {
            println!("running   job {i}: {who} (or killed, if that process is gone)");
        }
        match estimate {
            Some(s) if done < plan.jobs.len() => println!(
                "estimate  {} more ({} s so far for {done} job{}, by secrets left)",
                codebreak_search::estimate::human_duration(s),
                done_ms / 1000,
                plural(done)
            ),
            _ => {}
        }
    }
    Ok(())
}

/// Every job's result, or a refusal naming the first missing or damaged file.
fn results(plan: &Plan, dir: &Path) -> Result<Vec<JobResult>, Failure> {
    let mut out = Vec::new();
    let mut missing = Vec::new();
    for job in &plan.jobs {
        match plan.result(dir, job)? {
            Some(r) => out.push(r),
            None => missing.push(job),
        }
    }
    if let Some(first) = missing.first() {
        return Err(Failure::NoAnswer(anyhow::anyhow!(
            "{} of {} job{} have no result, first job {} ({} is missing); nothing merged",
            missing.len(),
            plan.jobs.len(),
            plural(plan.jobs.len()),
            first.index,
            result_path(dir, first).display()
        )));
    }
    Ok(out)
}

/// A job's tree, read back by the tree crate.
fn tree_of(game: &Game, dir: &Path, r: &JobResult) -> Result<Node, Failure> {
    let path = dir.join(format!("{}.json", r.id));
    let text = r.tree.as_deref().ok_or_else(|| {
        Failure::NoAnswer(anyhow::anyhow!(
            "{}: an exact result without its tree",
            path.display()
        ))
    })?;
    let (tree, _) = codebreak_tree::json::from_str_for(text, Some(game)).map_err(|e| {
        Failure::NoAnswer(anyhow::anyhow!(
            "{}: its tree does not read: {e}",
            path.display()
        ))
    })?;
    Ok(tree.root)
}

pub fn merge(a: MergeArgs) -> Result<(), Failure> {
    let plan = Plan::read(&a.plan)?;
    if let Some(path) = &a.tree {
        output::check_writable(path)?;
    }
    let game = plan.game()?;
    let dir = plan.results_dir(a.results.as_deref());
    let results = results(&plan, &dir)?;
    match plan.header.kind {
        PlanKind::Openers => merge_openers(&plan, &game, &dir, &results, a.json),
        PlanKind::Below => merge_below(&plan, &game, &dir, &results, &a),
    }
}

/// The ranking of the openers, as `optimal --openers` orders it: exact values by total then
/// worst case, then lower bounds, ties in the plan's order. Each exact value is checked by
/// replaying every secret through its tree.
fn merge_openers(
    plan: &Plan,
    game: &Game,
    dir: &Path,
    results: &[JobResult],
    json: bool,
) -> Result<(), Failure> {
    let secrets = plan.header.secrets;
    let mut ranked = Vec::new();
    let (mut nodes, mut ms) = (0, 0);
    for (job, r) in plan.jobs.iter().zip(results) {
        nodes += r.nodes;
        ms += r.millis;
        let opener = job.first_guess.clone().unwrap_or_default();
        let key = match r.value {
            Value::Exact { total, worst } => {
                check_opener(game, dir, job, r, &opener, total)?;
                ranked.push((
                    (total, 0, worst),
                    OpenerEntry {
                        opener,
                        total: Some(total),
                        average: Some(total as f64 / secrets.max(1) as f64),
                        worst: Some(worst),
                        at_least: None,
                    },
                ));
                continue;
            }
            Value::AtLeast { at_least } => (at_least, 1, 0),
            Value::Infeasible => (u64::MAX, 2, 0),
        };
        ranked.push((
            key,
            OpenerEntry {
                opener,
                total: None,
                average: None,
                worst: None,
                at_least: (key.1 == 1).then_some(key.0),
            },
        ));
    }
    // An opener is at least a total by its counting bound, the plan's bound, or one more than
    // an exact total of another opener (the best when its job started): anything else was
    // not proved.
    let exact: std::collections::HashSet<u64> = results
        .iter()
        .filter_map(|r| match r.value {
            Value::Exact { total, .. } => Some(total + 1),
            _ => None,
        })
        .collect();
    for (job, r) in plan.jobs.iter().zip(results) {
        if let Value::AtLeast { at_least } = r.value
            && at_least != job.at_least
            && Some(at_least) != plan.header.bound
            && !exact.contains(&at_least)
        {
            return Err(Failure::NoAnswer(anyhow::anyhow!(
                "{}: at least {at_least} follows from no bound of the plan or its results",
                result_path(dir, job).display()
            )));
        }
    }
    // A stable sort keeps the plan's order (the library's) among ties.
    ranked.sort_by_key(|(k, _)| *k);
    let entries: Vec<OpenerEntry> = ranked.into_iter().map(|(_, e)| e).collect();
    let text = if json {
        let v = serde_json::json!({
            "plan": plan.hash,
            "game": game.spec(),
            "secrets": secrets,
            "bound": plan.header.bound,
            "openers": entries,
            "verified": true,
            "effort": { "nodes": nodes, "seconds": ms as f64 / 1000.0 },
        });
        format!("{v}\n")
    } else {
        openers_text(plan, game, &entries, nodes, ms)
    };
    output::report(&text, false)
}

/// The ranking as a table.
fn openers_text(plan: &Plan, game: &Game, entries: &[OpenerEntry], nodes: u64, ms: u64) -> String {
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
        "\nverified  every exact value replays through its tree\ntime      {:.3} s in the jobs, {nodes} nodes\n",
        ms as f64 / 1000.0
    );
    out
}

/// Replays every secret through an opener's tree: it must open with the opener and take the
/// total its result reports.
fn check_opener(
    game: &Game,
    dir: &Path,
    job: &Job,
    r: &JobResult,
    opener: &str,
    total: u64,
) -> Result<(), Failure> {
    let root = tree_of(game, dir, r)?;
    let report = codebreak_tree::verify(game, &root).map_err(|e| {
        Failure::NoAnswer(anyhow::anyhow!(
            "{}: its tree does not verify: {e}",
            result_path(dir, job).display()
        ))
    })?;
    if report.total != total || game.format_code(&root.guess) != opener {
        return Err(Failure::NoAnswer(anyhow::anyhow!(
            "{}: its tree replays to {} guesses after {}, not the {total} it reports after {opener}",
            result_path(dir, job).display(),
            report.total,
            game.format_code(&root.guess)
        )));
    }
    Ok(())
}

/// The whole game below a fixed opener: the opener, then each job's tree under its reply;
/// the total is the jobs' totals plus one guess for each secret the opener finds. The
/// merged tree is replayed by the independent verifier before anything is written.
fn merge_below(
    plan: &Plan,
    game: &Game,
    dir: &Path,
    results: &[JobResult],
    a: &MergeArgs,
) -> Result<(), Failure> {
    let opener = plan.header.opener.clone().unwrap_or_default();
    let code = game
        .parse_guess(&opener)
        .map_err(|e| Failure::NoAnswer(anyhow::anyhow!("the plan's opener {opener}: {e}")))?;
    let mut root = Node::leaf(code);
    let (mut sum, mut covered, mut nodes, mut ms) = (0u64, 0u64, 0u64, 0u64);
    for (job, r) in plan.jobs.iter().zip(results) {
        nodes += r.nodes;
        ms += r.millis;
        match r.value {
            Value::Exact { total, .. } => sum += total,
            _ => {
                return Err(Failure::NoAnswer(anyhow::anyhow!(
                    "job {} ({}) has no strategy within the depth limit: neither has the opener {opener}",
                    job.index,
                    job.history
                )));
            }
        }
        covered += r.secrets;
        let reply = job.history.rsplit(':').next().unwrap_or_default();
        let fb = game.parse_feedback(reply).map_err(|e| {
            Failure::NoAnswer(anyhow::anyhow!("job {} ({}): {e}", job.index, job.history))
        })?;
        root.branches.push((fb, tree_of(game, dir, r)?));
    }
    root.branches.sort_by_key(|(fb, _)| *fb);
    // Each secret the opener finds costs that one guess.
    let expected = sum + (plan.header.secrets - covered);
    let report = codebreak_tree::verify(game, &root)
        .map_err(|e| Failure::NoAnswer(anyhow::anyhow!("the merged tree does not verify: {e}")))?;
    if report.total != expected {
        return Err(Failure::NoAnswer(anyhow::anyhow!(
            "the merged tree replays to {} guesses in all, but the jobs add up to {expected}",
            report.total
        )));
    }
    let figures = report.figures();
    let strategy = format!(
        "optimal (fewest guesses in all, first guess {opener}{}), merged from plan {}",
        plan.header
            .max_depth
            .map_or(String::new(), |d| format!(", at most {d} guesses")),
        plan.hash
    );
    if let Some(path) = &a.tree {
        let tree = DecisionTree {
            game: game.spec(),
            strategy: Some(strategy.clone()),
            root,
        };
        output::write_tree(path, Format::Json, game, &tree)?;
    }
    let text = if a.json {
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
            "effort": { "nodes": nodes, "seconds": ms as f64 / 1000.0 },
        });
        format!("{}\n", output::with_fields(head, figures, tail))
    } else {
        format!(
            "game      {game}\nstrategy  {strategy}\n\n{}verified  the merged tree replays every secret to these figures\ntime      {:.3} s in {} job{}, {nodes} nodes\n",
            output::table(&figures, game.move_words().1),
            ms as f64 / 1000.0,
            plan.jobs.len(),
            plural(plan.jobs.len())
        )
    };
    output::report(&text, false)
}
