//! `codebreak shard`: a search split into independent jobs that any executor can run (local
//! threads here, GNU parallel over `--index`, later Slurm and Ray), each writing its own
//! result file, merged and verified at the end.
//!
//! **Files.** A plan is JSON lines: a [`Header`] (the game, how to load it again, its
//! fingerprint, the search options, the number of jobs), then one [`Job`] per line, largest
//! first. A job's id is a hash of the job and of the header's text, so a result names the one
//! job of the one plan it answers. Results live in `PLAN.results/`, one `ID.json` per job
//! ([`JobResult`]), written to a temporary file and renamed into place, and carrying a
//! checksum of their own fields: a result that is truncated, edited, or from another plan is
//! refused by name.
//!
//! Kinds of plan: every opener of the game (one per symmetry class, as `optimal --openers`),
//! or the positions below a fixed opener (one job per reply). Plans search the fewest guesses
//! in all (with an optional depth limit): under the objective worst a position below the
//! largest one may trade depth for guesses, so its optimum is not the sum of the positions'.

mod merge;
mod plan;
mod run;

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use codebreak_core::{Game, GameSpec, Pool};
use codebreak_search::Objective;
use serde::{Deserialize, Serialize};

use crate::failure::Failure;

pub const EXAMPLES: &str = "\
Examples:
  codebreak shard plan --first-guess 0012 --out mm46.plan     # one job per reply to 0012
  codebreak shard run mm46.plan --jobs 2                      # every job, two at a time
  parallel codebreak shard run mm46.plan --index ::: $(seq 0 13)   # or any executor, by index
  codebreak shard status mm46.plan
  codebreak shard merge mm46.plan --tree mm46.json            # 5625, verified
  codebreak shard plan --openers --bound 7000 --out openers.plan   # one job per opener";

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
}

pub fn run(a: ShardArgs) -> Result<(), Failure> {
    match a.command {
        ShardCommand::Plan(a) => plan::run(a),
        ShardCommand::Run(a) => run::run(a),
        ShardCommand::Status(a) => merge::status(a),
        ShardCommand::Merge(a) => merge::merge(a),
    }
}

/// The format of plans and results this version writes and reads.
const FORMAT: u32 = 1;

/// What a plan splits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlanKind {
    /// One job per opener: each valued with it as the first guess.
    Openers,
    /// One job per reply to a fixed opener: the position after it.
    Below,
}

/// A game file as the plan loads it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// The file (absolute).
    pub path: PathBuf,
    /// `--set NAME=VALUE` constants.
    pub set: Vec<String>,
    /// Wordle's hard mode.
    pub hard: bool,
}

/// The first line of a plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Format of the plan ([`FORMAT`]).
    pub codebreak_plan: u32,
    /// The program that wrote it.
    pub version: String,
    /// The game, as it names itself.
    pub game: String,
    /// Its spec (enough to build it again, except for a game file).
    pub spec: GameSpec,
    /// The game file it was read from, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_file: Option<GameFile>,
    /// A fingerprint of the game: a game file's lists and table, or the spec.
    pub fingerprint: String,
    /// What the plan splits.
    pub kind: PlanKind,
    /// The fixed opener of a plan below it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opener: Option<String>,
    /// What the search minimises (expected).
    pub objective: Objective,
    /// Which codes may be guessed.
    pub pool: Pool,
    /// The depth limit, counting the whole game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_depth: Option<u32>,
    /// Only totals below it matter (openers plans).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound: Option<u64>,
    /// Secrets of the game.
    pub secrets: u64,
    /// Jobs that follow.
    pub jobs: usize,
}

/// One job of a plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// Its place in the plan, from 0 (what `run --index` takes).
    pub index: usize,
    /// A hash of the job and of the plan's header.
    pub id: String,
    /// The position, as `optimal --history` reads it (empty for the whole game).
    pub history: String,
    /// The guess played first from the position, when fixed (an opener).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_guess: Option<String>,
    /// Secrets of the position (its estimated cost).
    pub secrets: u64,
    /// The least total its counting bound allows (openers plans), the whole game counted.
    pub at_least: u64,
}

/// What a job found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case", deny_unknown_fields)]
pub enum Value {
    /// The optimum: guesses in all and the worst case, counting the whole game.
    Exact {
        /// Guesses in all.
        total: u64,
        /// Most guesses any secret needs.
        worst: u64,
    },
    /// The optimum is at least this total.
    AtLeast {
        /// The total.
        at_least: u64,
    },
    /// No strategy finds every secret within the depth limit.
    Infeasible,
}

/// A job's result file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobResult {
    /// The hash of the plan's header.
    pub plan: String,
    /// The job's id.
    pub id: String,
    /// The job's index.
    pub index: usize,
    /// Its position.
    pub history: String,
    /// Its value.
    pub value: Value,
    /// Secrets of the position.
    pub secrets: u64,
    /// The tree from the position on (the JSON `optimal --tree` writes), when exact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds taken.
    pub millis: u64,
    /// The program that wrote it.
    pub version: String,
    /// A hash of the other fields, as written.
    pub checksum: String,
}

/// FNV-1a, 64 bits, in hex: the hashes of plans, jobs and results.
pub fn fnv(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// A job's id: a hash of the header's hash and of the job with an empty id.
pub fn job_id(header_hash: &str, job: &Job) -> String {
    let blank = Job {
        id: String::new(),
        ..job.clone()
    };
    fnv(&format!(
        "{header_hash}|{}",
        serde_json::to_string(&blank).unwrap_or_default()
    ))
}

impl JobResult {
    /// The checksum of the other fields.
    pub fn compute_checksum(&self) -> String {
        let blank = JobResult {
            checksum: String::new(),
            ..self.clone()
        };
        fnv(&serde_json::to_string(&blank).unwrap_or_default())
    }
}

/// A plan read back: its header (and the hash of its text) and its jobs.
pub struct Plan {
    pub path: PathBuf,
    pub header: Header,
    pub hash: String,
    pub jobs: Vec<Job>,
}

/// A failure to read or check a plan or result: exit 1 (a check failed), naming the file.
fn refused(path: &Path, why: impl std::fmt::Display) -> Failure {
    Failure::NoAnswer(anyhow::anyhow!("{}: {why}", path.display()))
}

impl Plan {
    /// Reads a plan, checking that its jobs are those its header announces, each with its id.
    pub fn read(path: &Path) -> Result<Plan, Failure> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Failure::BadInput(anyhow::anyhow!("cannot read plan {}: {e}", path.display()))
        })?;
        let mut lines = text.lines();
        let first = lines.next().ok_or_else(|| {
            refused(
                path,
                "empty; expected a plan written by codebreak shard plan",
            )
        })?;
        let header: Header = serde_json::from_str(first)
            .map_err(|e| refused(path, format!("its header is not a plan's: {e}")))?;
        if header.codebreak_plan != FORMAT {
            return Err(refused(
                path,
                format!(
                    "plan format {} is not the {FORMAT} this version reads",
                    header.codebreak_plan
                ),
            ));
        }
        let hash = fnv(first);
        let mut jobs = Vec::new();
        for (i, line) in lines.enumerate() {
            let job: Job = serde_json::from_str(line)
                .map_err(|e| refused(path, format!("line {} is not a job: {e}", i + 2)))?;
            if job.index != i || job.id != job_id(&hash, &job) {
                return Err(refused(
                    path,
                    format!(
                        "job on line {} was edited (its index or id does not match)",
                        i + 2
                    ),
                ));
            }
            jobs.push(job);
        }
        if jobs.len() != header.jobs {
            return Err(refused(
                path,
                format!(
                    "it has {} jobs but its header announces {}: truncated?",
                    jobs.len(),
                    header.jobs
                ),
            ));
        }
        Ok(Plan {
            path: path.to_path_buf(),
            header,
            hash,
            jobs,
        })
    }

    /// The plan's game, loaded again and checked against the fingerprint it was planned with.
    pub fn game(&self) -> Result<Game, Failure> {
        let h = &self.header;
        let game = match &h.game_file {
            Some(f) => crate::args::load_game_file(&f.path, &f.set, f.hard)?,
            None => Game::new(&h.spec).map_err(|e| refused(&self.path, e))?,
        };
        let found = fingerprint(&game);
        if found != h.fingerprint {
            let what = match &h.game_file {
                Some(f) => format!(
                    "game file {} changed since the plan was made",
                    f.path.display()
                ),
                None => format!("game {} is not the one planned", h.game),
            };
            return Err(refused(
                &self.path,
                format!("{what} (fingerprint {found}, expected {})", h.fingerprint),
            ));
        }
        Ok(game)
    }

    /// The results folder: the one given, else `PLAN.results`.
    pub fn results_dir(&self, given: Option<&Path>) -> PathBuf {
        given.map(Path::to_path_buf).unwrap_or_else(|| {
            let mut name = self.path.as_os_str().to_owned();
            name.push(".results");
            PathBuf::from(name)
        })
    }

    /// Reads and checks the result of `job` in `dir`: `Ok(None)` when there is none.
    pub fn result(&self, dir: &Path, job: &Job) -> Result<Option<JobResult>, Failure> {
        let path = result_path(dir, job);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(refused(&path, e)),
        };
        let r: JobResult = serde_json::from_str(&text).map_err(|e| {
            refused(
                &path,
                format!(
                    "not a whole result of job {} (truncated or damaged): {e}",
                    job.index
                ),
            )
        })?;
        if r.checksum != r.compute_checksum() {
            return Err(refused(
                &path,
                "its checksum does not match its contents: edited or damaged",
            ));
        }
        if r.plan != self.hash {
            return Err(refused(
                &path,
                format!(
                    "a result of another plan ({}), not of {}",
                    r.plan, self.hash
                ),
            ));
        }
        if r.id != job.id || r.index != job.index || r.history != job.history {
            return Err(refused(
                &path,
                format!("a result of another job, not of job {}", job.index),
            ));
        }
        Ok(Some(r))
    }
}

/// Where a job's result goes.
pub fn result_path(dir: &Path, job: &Job) -> PathBuf {
    dir.join(format!("{}.json", job.id))
}

/// A game's fingerprint: a list game's (its lists and table), else a hash of its spec.
pub fn fingerprint(game: &Game) -> String {
    match game.list() {
        Some(l) => format!("{:016x}", l.fingerprint()),
        None => fnv(&format!(
            "{game}|{}",
            serde_json::to_string(&game.spec()).unwrap_or_default()
        )),
    }
}
