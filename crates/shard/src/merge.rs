//! Assembling the results: [`merge()`] and [`status()`].

use std::collections::HashSet;
use std::path::Path;

use codebreak_certify::{Certificate, Claim, ClassRef, GuessProof, Renaming, Why};
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
    /// Jobs whose result was imported from a summary (`shard import`), among those done.
    pub imported: usize,
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
        imported: 0,
        seconds_done: 0.0,
        estimate_seconds: None,
    };
    let (mut done_secrets, mut done_ms, mut left_secrets) = (0u64, 0u64, 0u64);
    for job in &plan.jobs {
        match plan.result(dir, job) {
            Ok(Some(r)) => {
                s.done += 1;
                s.imported += usize::from(r.imported.is_some());
                // An imported result without its time tells nothing of the time per secret.
                if r.imported.is_none() || r.millis > 0 {
                    done_secrets += r.secrets;
                    done_ms += r.millis;
                }
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
        /// The tree of the first opener ranked, when its value is exact (verified).
        best: Option<Box<DecisionTree>>,
        /// Nodes the jobs searched.
        nodes: u64,
        /// Milliseconds the jobs took, added up.
        millis: u64,
        /// Results imported from a summary (`shard import`): bounds proved by the run that
        /// exported them.
        imported: usize,
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
        /// Results imported from a summary (`shard import`).
        imported: usize,
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
    let entries: Vec<OpenerEntry> = ranked.into_iter().map(|(_, e)| e).collect();
    let best = match entries.first() {
        Some(e) if e.total.is_some() => plan
            .jobs
            .iter()
            .zip(results)
            .find(|(job, _)| job.first_guess.as_deref() == Some(e.opener.as_str()))
            .map(|(_, r)| tree_of(game, dir, r))
            .transpose()?
            .map(|root| {
                Box::new(DecisionTree {
                    game: game.spec(),
                    strategy: Some(format!(
                        "optimal (fewest guesses in all{}), best opener of plan {}",
                        plan.header
                            .max_depth
                            .map_or(String::new(), |d| format!(", at most {d} guesses")),
                        plan.hash
                    )),
                    root,
                })
            }),
        _ => None,
    };
    Ok(Merged::Openers {
        entries,
        best,
        nodes,
        millis,
        imported: results.iter().filter(|r| r.imported.is_some()).count(),
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
    let jobs: Vec<(&Job, &JobResult)> = plan.jobs.iter().zip(results).collect();
    for group in positions(&jobs) {
        for (_, r) in &group {
            nodes += r.nodes;
            millis += r.millis;
        }
        // A position split by its next guess (a plan of depth 2): the best of them, each
        // other one proved no better.
        let best = group
            .iter()
            .filter_map(|&(job, r)| match r.value {
                Value::Exact { total, worst } => Some(((total, worst), job, r)),
                _ => None,
            })
            .min_by_key(|(key, _, _)| *key);
        let Some(((total, _), job, r)) = best else {
            let job = group[0].0;
            return Err(ShardError::NoAnswer(format!(
                "job {} ({}) has no strategy within the depth limit: neither has the opener {opener}",
                job.index, job.history
            )));
        };
        for &(other, o) in &group {
            if let Value::AtLeast { at_least } = o.value
                && at_least != other.at_least
                && !group.iter().any(
                    |(_, x)| matches!(x.value, Value::Exact { total, .. } if total + 1 == at_least),
                )
            {
                return Err(ShardError::refused(
                    result_path(dir, other),
                    format!(
                        "at least {at_least} follows from no bound of the job or its position's results"
                    ),
                ));
            }
        }
        sum += total;
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
        imported: results.iter().filter(|r| r.imported.is_some()).count(),
    })
}

/// One certificate for a plan's position, assembled from its jobs' (`ID.cert`, written by a
/// run with [`RunOptions::certificate`](crate::RunOptions::certificate)), whose claims follow
/// a new root claim, renumbered. Call [`merge()`] first: it verifies the results. Refused,
/// naming the job, when a job's certificate is missing, does not read, or is not about its
/// position and value; the claims themselves are for `codebreak_certify::check`.
///
/// * **Below an opener**: the root claim is about every secret of the game and the
///   strategies that open with the plan's opener; its classes are the jobs' positions, each
///   proved by its job's root claim. The bound is the jobs' totals added up, with one guess
///   for each secret the opener finds, as [`merge()`] adds them.
/// * **Every opener**: the root claim is about every secret and every strategy; each opener
///   valued is justified as its job's certificate justifies it (a job without a certificate
///   is one whose counting bound reached the bound it was valued below, which the checker
///   recomputes), and each opener of the same symmetry class as a valued one by the symmetry
///   that maps it onto that one: a renaming in a peg game, a word in the automorphisms in a
///   game file. The bound is the least value the jobs
///   proved: the optimum when the best opener is exact.
pub fn merge_certificates(plan: &Plan, game: &Game, dir: &Path) -> Result<Certificate, ShardError> {
    let results = results(plan, dir)?;
    let space = game
        .space()
        .map_err(|e| ShardError::BadInput(e.to_string()))?;
    let index = |text: &str| {
        game.parse_guess(text)
            .ok()
            .and_then(|c| space.index_of(&c))
            .ok_or_else(|| {
                ShardError::refused(&plan.path, format!("{text} is not a guess of {game}"))
            })
    };
    let depth = plan.header.max_depth.unwrap_or(63);
    let mut asm = Assembly {
        game,
        space: &space,
        dir,
        plan,
        index: &index,
        listed: ListSym::of(game, &space),
        claims: Vec::new(),
    };
    let jobs: Vec<(&Job, &JobResult)> = plan.jobs.iter().zip(&results).collect();
    let first_guess = match plan.header.kind {
        PlanKind::Below => {
            let opener = plan.header.opener.clone().unwrap_or_default();
            let first = index(&opener)?;
            asm.claims.push(Claim {
                depth,
                bound: None,
                secrets: space.secrets().to_vec(),
                guesses: Vec::new(),
                moves: game.hard().then(Vec::new),
            });
            let (mut refs, mut total, mut covered) = (Vec::new(), 0u64, 0u64);
            for group in positions(&jobs) {
                let (job, r) = group[0];
                let reply = job.history.rsplit(':').next().unwrap_or_default();
                let fb = game
                    .parse_feedback(reply)
                    .map_err(|e| refused_cert(dir, job, e.to_string()))?;
                let history = [(first, fb.0)];
                let Some(best) = group
                    .iter()
                    .filter_map(|(_, r)| match r.value {
                        Value::Exact { total, .. } => Some(total),
                        _ => None,
                    })
                    .min()
                else {
                    return Err(refused_cert(
                        dir,
                        job,
                        "its result is no exact total".into(),
                    ));
                };
                let subtree = best.saturating_sub(r.secrets);
                let claim = if job.first_guess.is_none() {
                    let cert = job_certificate(dir, job)?;
                    let h = &cert.header;
                    let root = sole_root(&cert);
                    if h.game != game.spec()
                        || h.pool != plan.header.pool
                        || h.history != history
                        || h.first_guess.is_some()
                        || root.is_none_or(|c| c.bound != Some(subtree) || c.depth + 1 != depth)
                    {
                        return Err(refused_cert(
                            dir,
                            job,
                            format!(
                                "its certificate is not about the position after {opener}:{reply} within {} guesses and its {subtree} guesses from there",
                                depth - 1
                            ),
                        ));
                    }
                    let root = h.roots[0];
                    root + append(&mut asm.claims, cert.claims)
                } else {
                    let secrets = space
                        .secrets()
                        .iter()
                        .copied()
                        .filter(|&x| game.score(&space.code(x), &space.code(first)) == fb)
                        .collect();
                    let at = Position {
                        history: &history,
                        secrets,
                        depth: depth - 1,
                        spent: r.secrets,
                    };
                    asm.assemble(&group, &at)?
                };
                refs.push(ClassRef {
                    reply: fb.0,
                    claim,
                    renaming: None,
                });
                total += best;
                covered += r.secrets;
            }
            refs.sort_by_key(|r| r.reply);
            asm.claims[0].bound = Some(total + (plan.header.secrets - covered));
            asm.claims[0].guesses = vec![GuessProof {
                guess: first,
                why: Why::Classes(refs, Vec::new()),
            }];
            Some(first)
        }
        PlanKind::Openers => {
            let at = Position {
                history: &[],
                secrets: space.secrets().to_vec(),
                depth,
                spent: 0,
            };
            // The assembled claim is the root, number 0.
            asm.assemble(&jobs, &at)?;
            None
        }
    };
    let mut claims = asm.claims;
    if let Some(listed) = asm.listed {
        listed.finish(&mut claims);
    }
    Ok(Certificate {
        header: codebreak_certify::Header {
            format: codebreak_certify::FORMAT.into(),
            version: codebreak_certify::VERSION,
            game: game.spec(),
            pool: plan.header.pool,
            objective: "expected".into(),
            roots: vec![0],
            history: Vec::new(),
            first_guess,
        },
        claims,
    })
}

/// The jobs of each position, in the plan's order of first appearance: one job without a next
/// guess, or one per next guess.
fn positions<'a>(jobs: &[(&'a Job, &'a JobResult)]) -> Vec<Vec<(&'a Job, &'a JobResult)>> {
    let mut groups: Vec<Vec<(&Job, &JobResult)>> = Vec::new();
    for &(job, r) in jobs {
        match groups.iter_mut().find(|g| g[0].0.history == job.history) {
            Some(g) => g.push((job, r)),
            None => groups.push(vec![(job, r)]),
        }
    }
    groups
}

/// A game file's automorphisms, for the guesses a plan left out as images of others under
/// them: the groups that fix each position's moves (as the engine computes them when it
/// plans) and the words that map a guess onto the least of its orbit. Their proofs point to
/// `marker` until the list is complete ([`ListSym::finish`]).
struct ListSym {
    groups: codebreak_core::list_symmetry::Stabilisers,
    words: codebreak_search::automorphisms::AutomorphismWords,
    marker: codebreak_certify::Automorphisms,
}

impl ListSym {
    /// For a game file (not in hard mode, where no automorphism is used).
    fn of(game: &Game, space: &codebreak_core::CodeSpace) -> Option<ListSym> {
        let list = game.list().filter(|_| !game.hard())?;
        Some(ListSym {
            groups: codebreak_core::list_symmetry::Stabilisers::new(list.clone()),
            words: codebreak_search::automorphisms::AutomorphismWords::new(list, space.secrets()),
            marker: std::sync::Arc::new(Vec::new()),
        })
    }

    /// Gives the proofs made here the list of the automorphisms their words use.
    fn finish(self, claims: &mut [Claim]) {
        let list: codebreak_certify::Automorphisms = std::sync::Arc::new(self.words.into_list());
        for p in claims.iter_mut().flat_map(|c| &mut c.guesses) {
            if let Why::Permuted(_, _, l) = &mut p.why
                && std::sync::Arc::ptr_eq(l, &self.marker)
            {
                *l = list.clone();
            }
        }
    }
}

/// A position whose next guesses are jobs, as [`Assembly::assemble`] proves it.
struct Position<'h> {
    /// The moves that lead to it, as (guess, reply) indices.
    history: &'h [(u32, u8)],
    /// Its secrets.
    secrets: Vec<u32>,
    /// Guesses left.
    depth: u32,
    /// Guesses the moves cost its secrets, which the jobs' values count and their
    /// certificates do not.
    spent: u64,
}

/// What [`merge_certificates`] builds as it goes: the claims so far, and what proving a
/// position needs.
struct Assembly<'a> {
    game: &'a Game,
    space: &'a codebreak_core::CodeSpace,
    dir: &'a Path,
    plan: &'a Plan,
    /// A guess's index from its text, refused when it is no guess of the game.
    index: &'a dyn Fn(&str) -> Result<u32, ShardError>,
    listed: Option<ListSym>,
    claims: Vec<Claim>,
}

impl Assembly<'_> {
    /// Appends a claim about the position `at` whose next guesses are the jobs of `group`
    /// (each justified as its job's certificate justifies it, the claims of which follow,
    /// renumbered; a job without a certificate is one whose counting bound reached the bound it
    /// was valued below, which the checker recomputes; in a peg game, each guess not in the plan
    /// is mapped onto a valued one by a renaming that fixes the moves, in a game file by a word in
    /// the automorphisms that fix them), with the least value the
    /// jobs proved as its bound. Gives its number.
    fn assemble(
        &mut self,
        group: &[(&Job, &JobResult)],
        at: &Position<'_>,
    ) -> Result<u32, ShardError> {
        let (game, dir, plan) = (self.game, self.dir, self.plan);
        let id = self.claims.len() as u32;
        self.claims.push(Claim {
            depth: at.depth,
            bound: None,
            secrets: at.secrets.clone(),
            guesses: Vec::new(),
            moves: game.hard().then(|| at.history.to_vec()),
        });
        let mut proofs: Vec<GuessProof> = Vec::new();
        let mut valued: Vec<u32> = Vec::new();
        let mut least = u64::MAX;
        for &(job, r) in group {
            let next = job.first_guess.clone().unwrap_or_default();
            let g = (self.index)(&next)?;
            valued.push(g);
            let value = match r.value {
                Value::Exact { total, .. } => Some(total.saturating_sub(at.spent)),
                Value::AtLeast { at_least } => Some(at_least.saturating_sub(at.spent)),
                Value::Infeasible => None,
            };
            if !certificate_path(dir, job).exists()
                && let Value::AtLeast { at_least } = r.value
                && at_least == job.at_least
            {
                // Valued by its counting bound alone: the checker recomputes it.
                least = least.min(at_least.saturating_sub(at.spent));
                continue;
            }
            let cert = job_certificate(dir, job)?;
            let h = &cert.header;
            let root = sole_root(&cert);
            if h.game != game.spec()
                || h.pool != plan.header.pool
                || h.history != at.history
                || h.first_guess != Some(g)
                || root.is_none_or(|c| c.bound != value || c.depth != at.depth)
            {
                return Err(refused_cert(
                    dir,
                    job,
                    format!(
                        "its certificate is not about the guess {next} within {} guesses and its value ({})",
                        at.depth, r.value
                    ),
                ));
            }
            least = least.min(value.unwrap_or(u64::MAX));
            let mut own = root.map(|c| c.guesses.clone()).unwrap_or_default();
            let offset = append(&mut self.claims, cert.claims);
            for p in &mut own {
                renumber(p, offset);
            }
            proofs.extend(own.into_iter().filter(|p| p.guess == g));
        }
        // The guesses not valued (not in hard mode, where every guess allowed is valued): each
        // mapped onto the least of its symmetry class by a renaming that fixes the moves (a peg
        // game) or a word in the automorphisms that fix them (a game file), else onto the least
        // guess that splits the secrets alike (a guess whose colours the secrets lack, say); the
        // checker verifies each, and recomputes the counting bound of any other.
        if !game.hard() && valued.len() < self.space.len() {
            unvalued(
                game,
                self.space,
                plan.header.pool,
                at,
                &valued,
                &mut self.listed,
                &mut proofs,
            );
        }
        proofs.sort_by_key(|p| p.guess);
        let claim = &mut self.claims[id as usize];
        claim.bound = (least != u64::MAX).then_some(least);
        claim.guesses = proofs;
        Ok(id)
    }
}

/// The justifications of the guesses of position `at` that are not `valued`: see
/// [`Assembly::assemble`].
fn unvalued(
    game: &Game,
    space: &codebreak_core::CodeSpace,
    pool: codebreak_core::Pool,
    at: &Position<'_>,
    valued: &[u32],
    listed: &mut Option<ListSym>,
    proofs: &mut Vec<GuessProof>,
) {
    let mut sorted = valued.to_vec();
    sorted.sort_unstable();
    let inside = |g: u32| at.secrets.binary_search(&g).is_ok();
    let peg = game.has_peg_symmetry() && game.list().is_none();
    let fixed: Vec<_> = at.history.iter().map(|&(h, _)| space.code(h)).collect();
    let sym =
        peg.then(|| codebreak_core::symmetry::Symmetry::of(game.pegs(), game.colors(), &fixed));
    let secrets: Vec<_> = at.secrets.iter().map(|&x| space.code(x)).collect();
    let win = game.win();
    // In a game file, the group that fixes the moves (found on first need) and the words
    // that map its guesses onto the least of their orbits.
    let mut group = None;
    let mut tree = Default::default();
    // The least guess of each split (inside the secrets and outside apart).
    let mut first: std::collections::HashMap<(bool, Vec<u8>), u32> = Default::default();
    for g in 0..space.len() as u32 {
        if pool == codebreak_core::Pool::Consistent && !inside(g) {
            continue;
        }
        let code = space.code(g);
        let mut names = [u8::MAX; 256];
        let mut next = 0u8;
        let split: Vec<u8> = secrets
            .iter()
            .map(|x| {
                let r = game.score(x, &code);
                if r == win {
                    return u8::MAX;
                }
                let slot = &mut names[r.index() & 255];
                if *slot == u8::MAX {
                    *slot = next;
                    next = next.wrapping_add(1);
                }
                *slot
            })
            .collect();
        let same = *first.entry((inside(g), split)).or_insert(g);
        if sorted.binary_search(&g).is_ok() {
            continue;
        }
        let renamed = sym.as_ref().and_then(|sym| {
            let o = space.index_of(&sym.canonical(&code))?;
            if o >= g {
                return None;
            }
            codebreak_core::symmetry::renaming_onto(
                game.pegs(),
                game.colors(),
                &fixed,
                &code,
                &space.code(o),
            )
            .map(|(positions, colors)| Why::Sym(o, Renaming { positions, colors }))
        });
        let permuted = || {
            let ls = listed.as_mut()?;
            let group = group.get_or_insert_with(|| {
                let played: Vec<u32> = at.history.iter().map(|&(h, _)| h).collect();
                ls.groups.of(&played)
            });
            if group.is_trivial() {
                return None;
            }
            let (o, word) = ls.words.word(group, g, &mut tree)?;
            let word = ls.words.number(group, &word);
            Some(Why::Permuted(o, word, ls.marker.clone()))
        };
        if let Some(why) = renamed
            .or_else(permuted)
            .or_else(|| (same < g).then_some(Why::Same(same)))
        {
            proofs.push(GuessProof { guess: g, why });
        }
    }
}

/// A job's certificate, read; refused naming the job when it is missing or does not read.
fn job_certificate(dir: &Path, job: &Job) -> Result<Certificate, ShardError> {
    let path = certificate_path(dir, job);
    let file = std::fs::File::open(&path).map_err(|e| {
        refused_cert(
            dir,
            job,
            format!("its certificate cannot be read ({e}); run the plan with --certificate"),
        )
    })?;
    Certificate::read(std::io::BufReader::new(file))
        .map_err(|e| refused_cert(dir, job, format!("its certificate: {e}")))
}

/// A job certificate's root claim, when it has exactly one.
fn sole_root(cert: &Certificate) -> Option<&Claim> {
    match cert.header.roots.as_slice() {
        [k] => cert.claims.get(*k as usize),
        _ => None,
    }
}

/// A refusal naming a job's certificate.
fn refused_cert(dir: &Path, job: &Job, why: String) -> ShardError {
    let what = if job.history.is_empty() {
        job.label()
    } else {
        format!("({})", job.history)
    };
    ShardError::refused(
        certificate_path(dir, job),
        format!("job {} {what}: {why}", job.index),
    )
}

/// Appends a job's claims to `claims`, renumbering their references; gives the offset.
fn append(claims: &mut Vec<Claim>, more: Vec<Claim>) -> u32 {
    let offset = claims.len() as u32;
    for mut c in more {
        for g in &mut c.guesses {
            renumber(g, offset);
        }
        claims.push(c);
    }
    offset
}

/// Moves a guess's references to claims `offset` further on.
fn renumber(g: &mut GuessProof, offset: u32) {
    if let Why::Classes(list, _) = &mut g.why {
        for cref in list {
            cref.claim += offset;
        }
    }
}
