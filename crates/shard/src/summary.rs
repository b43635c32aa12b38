//! A plan's results as a small text file that outlives its results folder: [`export`] writes
//! the values found so far, one job a line, and [`import`] turns those lines back into
//! results of the same game's plan, so that a long run (a ranking of every opener) resumes
//! on another machine from a file kept in a repository.
//!
//! The file is tab-separated text with `#` comments. Its header names the format, the plan and
//! the game's fingerprint; each job is a line `LABEL<TAB>TOTAL<TAB>WORST` (an exact value),
//! `LABEL<TAB>>=N` (at least `N`) or `LABEL<TAB>infeasible`, with the job's milliseconds and
//! nodes as two more columns. `LABEL` is the job's [`name`](Job::name): the opener of an
//! openers plan, the position (`GUESS:REPLY,...`, then `then GUESS` for a fixed next guess)
//! of a plan below an opener.
//!
//! An import writes a result only for what a line proves without a tree: an exact value needs
//! its tree, which the merge replays, so its job is left to be solved again; a lower bound is
//! taken when it reaches what the plan asks of the job (its bound), as at least the plan's
//! bound. Imported results carry the file's name ([`JobResult::imported`]), and the merge and
//! status say how many there are: their bounds were proved by the run that exported them, not
//! by this one.

use std::collections::HashMap;
use std::path::Path;

use crate::ShardError;
use crate::format::{Job, JobResult, Plan, Value, result_path, write_atomically};

/// The first line of a summary this version writes and reads.
pub const SUMMARY_HEADER: &str = "# codebreak shard summary 1";

/// The summary of every job of `plan` with a valid result in `dir`, in plan order (a job
/// without one, or whose result is refused, is left out and counted in the header).
pub fn export(plan: &Plan, dir: &Path) -> String {
    let mut lines = Vec::new();
    for job in &plan.jobs {
        let Ok(Some(r)) = plan.result(dir, job) else {
            continue;
        };
        let value = match r.value {
            Value::Exact { total, worst } => format!("{total}\t{worst}"),
            Value::AtLeast { at_least } => format!(">={at_least}\t"),
            Value::Infeasible => "infeasible\t".to_string(),
        };
        lines.push(format!(
            "{}\t{value}\t{}\t{}\n",
            job.name(),
            r.millis,
            r.nodes
        ));
    }
    let h = &plan.header;
    let mut out = format!(
        "{SUMMARY_HEADER}\n# plan {} ({}): {} jobs, {} with a result here; codebreak {}\n\
         # game {} fingerprint {}{}\n\
         # job<TAB>total<TAB>worst<TAB>millis<TAB>nodes (exact), or job<TAB>>=N (at least N), or job<TAB>infeasible\n",
        plan.hash,
        plan.path.display(),
        plan.jobs.len(),
        lines.len(),
        env!("CARGO_PKG_VERSION"),
        h.game,
        h.fingerprint,
        h.bound.map_or(String::new(), |b| format!(", bound {b}")),
    );
    out.extend(lines);
    out
}

/// What [`import`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Imported {
    /// Jobs given a result from the summary.
    pub imported: usize,
    /// Jobs that had a valid result already (left as they were).
    pub already: usize,
    /// Exact values not imported: their jobs are solved again (a result needs its tree).
    pub exact: usize,
    /// Lower bounds below what the plan asks of their job (left to solve).
    pub weaker: usize,
}

/// One line of a summary: its job's label and value (`None` for an exact value, which is
/// not imported), with its milliseconds and nodes when given.
struct Line<'t> {
    label: &'t str,
    at_least: Option<Option<u64>>,
    millis: u64,
    nodes: u64,
}

/// Reads `summary` (the text of the file `path`) into results in `dir` for the jobs of `plan`
/// it values and that have none yet. Refused, naming the file and line, when it is not a
/// summary, is of another game (fingerprint), names a job the plan does not have or the
/// same one twice, or has a value that does not read.
pub fn import(plan: &Plan, dir: &Path, path: &Path, summary: &str) -> Result<Imported, ShardError> {
    let refused = |why: String| ShardError::refused(path, why);
    let mut rows = summary.lines();
    if rows.next().map(str::trim_end) != Some(SUMMARY_HEADER) {
        return Err(refused(format!(
            "not a summary: its first line is not `{SUMMARY_HEADER}` (written by codebreak shard export)"
        )));
    }
    let mut fingerprint = None;
    let mut lines = Vec::new();
    for (i, row) in rows.enumerate() {
        let at = i + 2;
        if let Some(comment) = row.strip_prefix('#') {
            if let Some(rest) = comment.trim().strip_prefix("game ")
                && let Some((_, fp)) = rest.split_once(" fingerprint ")
            {
                fingerprint = fp.split(',').next().map(|s| s.trim().to_string());
            }
            continue;
        }
        if row.trim().is_empty() {
            continue;
        }
        lines.push((
            at,
            parse_line(row).map_err(|why| refused(format!("line {at}: {why}")))?,
        ));
    }
    match fingerprint {
        None => {
            return Err(refused(
                "no `# game NAME fingerprint F` line: the game it values is unknown".into(),
            ));
        }
        Some(fp) if fp != plan.header.fingerprint => {
            return Err(refused(format!(
                "it values another game (fingerprint {fp}), not the plan's ({})",
                plan.header.fingerprint
            )));
        }
        Some(_) => {}
    }
    let jobs: HashMap<String, &Job> = plan.jobs.iter().map(|j| (j.name(), j)).collect();
    let mut seen = HashMap::new();
    let mut out = Imported::default();
    // Every line is checked before any result is written: a refused summary writes none.
    let mut taken = Vec::new();
    for (at, line) in lines {
        let Some(&job) = jobs.get(line.label) else {
            return Err(refused(format!(
                "line {at}: job `{}` is not in plan {}",
                line.label,
                plan.path.display()
            )));
        };
        if let Some(first) = seen.insert(line.label, at) {
            return Err(refused(format!(
                "line {at}: job `{}` again (first on line {first})",
                line.label
            )));
        }
        let value = match line.at_least {
            None => {
                out.exact += 1;
                continue;
            }
            Some(None) => Value::Infeasible,
            Some(Some(n)) => match plan.header.bound {
                _ if n == job.at_least => Value::AtLeast { at_least: n },
                Some(b) if n >= b => Value::AtLeast { at_least: b },
                _ => {
                    out.weaker += 1;
                    continue;
                }
            },
        };
        taken.push((job, value, line));
    }
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    for (job, value, line) in taken {
        if matches!(plan.result(dir, job), Ok(Some(_))) {
            out.already += 1;
            continue;
        }
        let mut r = JobResult {
            plan: plan.hash.clone(),
            id: job.id.clone(),
            index: job.index,
            history: job.history.clone(),
            value,
            secrets: job.secrets,
            tree: None,
            nodes: line.nodes,
            millis: line.millis,
            version: env!("CARGO_PKG_VERSION").to_string(),
            imported: Some(name.clone()),
            checksum: String::new(),
        };
        r.checksum = r.compute_checksum();
        let text = serde_json::to_string(&r).map_err(|e| ShardError::BadInput(e.to_string()))?;
        write_atomically(&result_path(dir, job), &(text + "\n"))?;
        out.imported += 1;
    }
    Ok(out)
}

/// A summary's line: `LABEL<TAB>VALUE[<TAB>WORST[<TAB>MILLIS<TAB>NODES]]`.
fn parse_line(row: &str) -> Result<Line<'_>, String> {
    let cols: Vec<&str> = row.split('\t').collect();
    let (label, value) = match cols.as_slice() {
        [label, value, ..] if !label.is_empty() => (*label, value.trim()),
        _ => return Err(format!("`{row}` is not LABEL<TAB>VALUE")),
    };
    let number = |what: &str, s: &str| -> Result<u64, String> {
        s.trim()
            .parse()
            .map_err(|_| format!("{what} `{s}` of job `{label}` is not a whole number"))
    };
    let at_least = if value == "infeasible" {
        Some(None)
    } else if let Some(n) = value.strip_prefix(">=") {
        Some(Some(number("bound", n)?))
    } else {
        number("total", value)?;
        match cols.get(2) {
            Some(w) if !w.trim().is_empty() => number("worst case", w)?,
            _ => {
                return Err(format!(
                    "exact total `{value}` of job `{label}` without its worst case"
                ));
            }
        };
        None
    };
    let optional = |k: usize, what: &str| match cols.get(k) {
        Some(s) if !s.trim().is_empty() => number(what, s),
        _ => Ok(0),
    };
    Ok(Line {
        label,
        at_least,
        millis: optional(3, "milliseconds")?,
        nodes: optional(4, "nodes")?,
    })
}
