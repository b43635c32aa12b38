//! Assembling the results: [`merge()`] and [`status()`].

use std::collections::HashSet;
use std::path::Path;

use codebreak_core::Game;
use codebreak_core::error::plural;
use codebreak_search::openers::OpenerEntry;
use codebreak_tree::{DecisionTree, Figures, Node};
use serde::Serialize;

use crate::ShardError;
use crate::format::{
    Job, JobResult, Plan, PlanKind, Value, certificate_path, checkpoint_path, error_path,
    result_path, running_path,
};

/// A failed job as [`Status`] lists it.
#[derive(Clone, Debug, Serialize)]
pub struct FailedJob {
    /// Its index.
    pub index: usize,
    /// Why: its `ID.error`, or why its result was refused.
    pub why: String,
}

/// A job with a running marker (running now, or killed without removing it).
#[derive(Clone, Debug, Serialize)]
pub struct RunningJob {
    /// Its index.
    pub index: usize,
    /// The marker: `pid P on HOST since UNIX-SECONDS`.
    pub who: String,
}

/// Jobs done, failed and remaining (`codebreak shard status --json`).
#[derive(Clone, Debug, Serialize)]
pub struct Status {
    /// The plan's hash.
    pub plan: String,
    /// Jobs of the plan.
    pub jobs: usize,
    /// Jobs with a valid result.
    pub done: usize,
    /// Jobs that failed, or whose result is refused.
    pub failed: Vec<FailedJob>,
    /// Jobs without a result, by index.
    pub remaining: Vec<usize>,
    /// Remaining jobs stopped with a checkpoint, which their next run resumes.
    pub checkpoints: Vec<usize>,
    /// Remaining jobs with a running marker.
    pub running: Vec<RunningJob>,
    /// Seconds the finished jobs took.
    pub seconds_done: f64,
    /// Seconds left, estimated from the time per secret of the finished jobs (CPU time on one
    /// machine of the kind that ran them); none before one is done.
    pub estimate_seconds: Option<f64>,
}

/// Where each job of `plan` stands in `dir`.
pub fn status(plan: &Plan, dir: &Path) -> Status {
    let mut s = Status {
        plan: plan.hash.clone(),
        jobs: plan.jobs.len(),
        done: 0,
        failed: Vec::new(),
        remaining: Vec::new(),
        checkpoints: Vec::new(),
        running: Vec::new(),
        seconds_done: 0.0,
        estimate_seconds: None,
    };
    let (mut done_secrets, mut done_ms, mut left_secrets) = (0u64, 0u64, 0u64);
    for job in &plan.jobs {
        match plan.result(dir, job) {
            Ok(Some(r)) => {
                s.done += 1;
                done_secrets += r.secrets;
                done_ms += r.millis;
                continue;
            }
            Err(e) => s.failed.push(FailedJob {
                index: job.index,
                why: e.to_string(),
            }),
            Ok(None) => match std::fs::read_to_string(error_path(dir, job)) {
                Ok(why) => s.failed.push(FailedJob {
                    index: job.index,
                    why: format!("job {}: {}", job.index, why.trim()),
                }),
                Err(_) => {
                    s.remaining.push(job.index);
                    if let Ok(who) = std::fs::read_to_string(running_path(dir, job)) {
                        s.running.push(RunningJob {
                            index: job.index,
                            who: who.trim().to_string(),
                        });
                    }
                    if checkpoint_path(dir, job).exists() {
                        s.checkpoints.push(job.index);
                    }
                }
            },
        }
        left_secrets += job.secrets;
    }
    s.seconds_done = done_ms as f64 / 1000.0;
    s.estimate_seconds = (done_secrets > 0)
        .then(|| done_ms as f64 / 1000.0 * left_secrets as f64 / done_secrets as f64);
    s
}

/// A plan's answer, every exact value verified.
#[derive(Clone, Debug)]
pub enum Merged {
    /// An openers plan: the openers ranked as `optimal --openers` ranks them.
    Openers {
        /// Exact values by total then worst case, then lower bounds, ties in the plan's order.
        entries: Vec<OpenerEntry>,
        /// Nodes the jobs searched.
        nodes: u64,
        /// Milliseconds the jobs took, added up.
        millis: u64,
    },
    /// A plan below an opener: the whole game's tree.
    Below {
        /// The opener then each job's tree under its reply, verified.
        tree: Box<DecisionTree>,
        /// Its figures, as the verifier replays them.
        figures: Figures,
        /// How the tree was found, as `optimal` names its strategies.
        strategy: String,
        /// Nodes the jobs searched.
        nodes: u64,
        /// Milliseconds the jobs took, added up.
        millis: u64,
    },
}

/// Every job's result and verifies the answer they make: refused, naming the file, if a result
/// is missing, damaged or foreign, or if a tree does not replay to the value its job reports.
pub fn merge(plan: &Plan, game: &Game, dir: &Path) -> Result<Merged, ShardError> {
    let results = results(plan, dir)?;
    match plan.header.kind {
        PlanKind::Openers => merge_openers(plan, game, dir, &results),
        PlanKind::Below => merge_below(plan, game, dir, &results),
    }
}

/// Every job's result, or a refusal naming the first missing or damaged file.
fn results(plan: &Plan, dir: &Path) -> Result<Vec<JobResult>, ShardError> {
    let mut out = Vec::new();
    let mut missing = Vec::new();
    for job in &plan.jobs {
        match plan.result(dir, job)? {
            Some(r) => out.push(r),
            None => missing.push(job),
        }
    }
    if let Some(first) = missing.first() {
        return Err(ShardError::NoAnswer(format!(
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
fn tree_of(game: &Game, dir: &Path, r: &JobResult) -> Result<Node, ShardError> {
    let path = dir.join(format!("{}.json", r.id));
    let text = r
        .tree
        .as_deref()
        .ok_or_else(|| ShardError::refused(&path, "an exact result without its tree"))?;
    let (tree, _) = codebreak_tree::json::from_str_for(text, Some(game))
        .map_err(|e| ShardError::refused(&path, format!("its tree does not read: {e}")))?;
    Ok(tree.root)
}

/// The ranking of the openers, as `optimal --openers` orders it. Each exact value is checked
/// by replaying every secret through its tree.
fn merge_openers(
    plan: &Plan,
    game: &Game,
    dir: &Path,
    results: &[JobResult],
) -> Result<Merged, ShardError> {
    let secrets = plan.header.secrets;
    let mut ranked = Vec::new();
    let (mut nodes, mut millis) = (0, 0);
    for (job, r) in plan.jobs.iter().zip(results) {
        nodes += r.nodes;
        millis += r.millis;
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
    let exact: HashSet<u64> = results
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
            return Err(ShardError::refused(
                result_path(dir, job),
                format!("at least {at_least} follows from no bound of the plan or its results"),
            ));
        }
    }
    // A stable sort keeps the plan's order (the library's) among ties.
    ranked.sort_by_key(|(k, _)| *k);
    Ok(Merged::Openers {
        entries: ranked.into_iter().map(|(_, e)| e).collect(),
        nodes,
        millis,
    })
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
) -> Result<(), ShardError> {
    let root = tree_of(game, dir, r)?;
    let path = result_path(dir, job);
    let report = codebreak_tree::verify(game, &root)
        .map_err(|e| ShardError::refused(&path, format!("its tree does not verify: {e}")))?;
    if report.total != total || game.format_code(&root.guess) != opener {
        return Err(ShardError::refused(
            &path,
            format!(
                "its tree replays to {} guesses after {}, not the {total} it reports after {opener}",
                report.total,
                game.format_code(&root.guess)
            ),
        ));
    }
    Ok(())
}

/// The whole game below a fixed opener: the opener, then each job's tree under its reply;
/// the total is the jobs' totals plus one guess for each secret the opener finds. The merged
/// tree is replayed by the independent verifier.
fn merge_below(
    plan: &Plan,
    game: &Game,
    dir: &Path,
    results: &[JobResult],
) -> Result<Merged, ShardError> {
    let opener = plan.header.opener.clone().unwrap_or_default();
    let code = game
        .parse_guess(&opener)
        .map_err(|e| ShardError::refused(&plan.path, format!("its opener {opener}: {e}")))?;
    let mut root = Node::leaf(code);
    let (mut sum, mut covered, mut nodes, mut millis) = (0u64, 0u64, 0u64, 0u64);
    for (job, r) in plan.jobs.iter().zip(results) {
        nodes += r.nodes;
        millis += r.millis;
        match r.value {
            Value::Exact { total, .. } => sum += total,
            _ => {
                return Err(ShardError::NoAnswer(format!(
                    "job {} ({}) has no strategy within the depth limit: neither has the opener {opener}",
                    job.index, job.history
                )));
            }
        }
        covered += r.secrets;
        let reply = job.history.rsplit(':').next().unwrap_or_default();
        let fb = game.parse_feedback(reply).map_err(|e| {
            ShardError::refused(
                &plan.path,
                format!("job {} ({}): {e}", job.index, job.history),
            )
        })?;
        root.branches.push((fb, tree_of(game, dir, r)?));
    }
    root.branches.sort_by_key(|(fb, _)| *fb);
    // Each secret the opener finds costs that one guess.
    let expected = sum + (plan.header.secrets - covered);
    let report = codebreak_tree::verify(game, &root)
        .map_err(|e| ShardError::refused(dir, format!("the merged tree does not verify: {e}")))?;
    if report.total != expected {
        return Err(ShardError::refused(
            dir,
            format!(
                "the merged tree replays to {} guesses in all, but the jobs add up to {expected}",
                report.total
            ),
        ));
    }
    let strategy = format!(
        "optimal (fewest guesses in all, first guess {opener}{}), merged from plan {}",
        plan.header
            .max_depth
            .map_or(String::new(), |d| format!(", at most {d} guesses")),
        plan.hash
    );
    Ok(Merged::Below {
        tree: Box::new(DecisionTree {
            game: game.spec(),
            strategy: Some(strategy.clone()),
            root,
        }),
        figures: report.figures(),
        strategy,
        nodes,
        millis,
    })
}

/// The certificate of a plan below an opener: one root claim, about every secret of the game
/// and the strategies that open with the plan's opener, whose classes are the jobs'
/// positions, each proved by its job's certificate (`ID.cert`, written by a run with
/// [`RunOptions::certificate`](crate::RunOptions::certificate)), whose claims follow,
/// renumbered. The bound is the jobs' totals added up, with one guess for each secret the
/// opener finds, as [`merge()`] adds them (call it first: it verifies the results). Refused,
/// naming the job, when a job's certificate is missing, does not read, or is not about its
/// position and total; the claims themselves are for `codebreak_certify::check`.
pub fn merge_certificates(
    plan: &Plan,
    game: &Game,
    dir: &Path,
) -> Result<codebreak_certify::Certificate, ShardError> {
    use codebreak_certify::{Certificate, Claim, ClassRef, GuessProof, Why};
    if plan.header.kind != PlanKind::Below {
        return Err(ShardError::BadInput(
            "certificates are merged for plans below an opener only: an openers plan's jobs are each opener's own".into(),
        ));
    }
    let results = results(plan, dir)?;
    let space = game
        .space()
        .map_err(|e| ShardError::BadInput(e.to_string()))?;
    let opener = plan.header.opener.clone().unwrap_or_default();
    let index = |text: &str| {
        game.parse_guess(text)
            .ok()
            .and_then(|c| space.index_of(&c))
            .ok_or_else(|| {
                ShardError::refused(&plan.path, format!("{text} is not a guess of {game}"))
            })
    };
    let first = index(&opener)?;
    let depth = plan.header.max_depth.unwrap_or(63);
    let mut claims = vec![Claim {
        depth,
        bound: None,
        secrets: space.secrets().to_vec(),
        guesses: Vec::new(),
        moves: game.hard().then(Vec::new),
    }];
    let (mut refs, mut total, mut covered) = (Vec::new(), 0u64, 0u64);
    for (job, r) in plan.jobs.iter().zip(&results) {
        let path = certificate_path(dir, job);
        let refuse = |why: String| {
            ShardError::refused(&path, format!("job {} ({}): {why}", job.index, job.history))
        };
        let Value::Exact { total: t, .. } = r.value else {
            return Err(refuse("its result is no exact total".into()));
        };
        let file = std::fs::File::open(&path).map_err(|e| {
            refuse(format!(
                "its certificate cannot be read ({e}); run the plan with --certificate"
            ))
        })?;
        let cert = Certificate::read(std::io::BufReader::new(file))
            .map_err(|e| refuse(format!("its certificate: {e}")))?;
        let reply = job.history.rsplit(':').next().unwrap_or_default();
        let fb = game
            .parse_feedback(reply)
            .map_err(|e| refuse(e.to_string()))?;
        let h = &cert.header;
        let subtree = t.saturating_sub(r.secrets);
        let root = match h.roots.as_slice() {
            [k] => cert.claims.get(*k as usize),
            _ => None,
        };
        if h.game != game.spec()
            || h.pool != plan.header.pool
            || h.history != [(first, fb.0)]
            || h.first_guess.is_some()
            || root.is_none_or(|c| c.bound != Some(subtree) || c.depth + 1 != depth)
        {
            return Err(refuse(format!(
                "its certificate is not about the position after {opener}:{reply} within {} guesses and its {subtree} guesses from there",
                depth - 1
            )));
        }
        let offset = claims.len() as u32;
        refs.push(ClassRef {
            reply: fb.0,
            claim: h.roots[0] + offset,
            renaming: None,
        });
        for mut c in cert.claims {
            for g in &mut c.guesses {
                if let Why::Classes(list) = &mut g.why {
                    for cref in list {
                        cref.claim += offset;
                    }
                }
            }
            claims.push(c);
        }
        total += t;
        covered += r.secrets;
    }
    refs.sort_by_key(|r| r.reply);
    claims[0].bound = Some(total + (plan.header.secrets - covered));
    claims[0].guesses = vec![GuessProof {
        guess: first,
        why: Why::Classes(refs),
    }];
    Ok(Certificate {
        header: codebreak_certify::Header {
            format: codebreak_certify::FORMAT.into(),
            version: codebreak_certify::VERSION,
            game: game.spec(),
            pool: plan.header.pool,
            objective: "expected".into(),
            roots: vec![0],
            history: Vec::new(),
            first_guess: Some(first),
        },
        claims,
    })
}
