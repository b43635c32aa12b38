//! The files: plans, results, and the markers beside them.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use codebreak_core::{Game, GameSpec, Pool};
use codebreak_search::Objective;
use serde::{Deserialize, Serialize};

use crate::ShardError;

/// The format of plans and results this version writes and reads.
pub const FORMAT: u32 = 1;

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

impl Job {
    /// The job as messages name it: `(opener 0123)`, `(0012:1B1W)`.
    pub fn label(&self) -> String {
        match (&self.first_guess, self.history.is_empty()) {
            (Some(_), true) => format!("(opener {})", self.name()),
            _ => format!("({})", self.name()),
        }
    }

    /// The job as a summary names it (`shard export`): the opener, the position, or the
    /// position then its fixed next guess (`0123`, `0012:1B1W`, `0012:1B1W then 1134`).
    pub fn name(&self) -> String {
        match (&self.first_guess, self.history.is_empty()) {
            (Some(g), true) => g.clone(),
            (Some(g), false) => format!("{} then {g}", self.history),
            (None, _) => self.history.clone(),
        }
    }
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

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Exact { total, worst } => write!(f, "{total} guesses in all, worst {worst}"),
            Value::AtLeast { at_least } => write!(f, "at least {at_least}"),
            Value::Infeasible => f.write_str("infeasible within the depth limit"),
        }
    }
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
    /// The summary it was imported from ([`import`](crate::summary::import)): a bound proved
    /// by the run that exported it, not by this plan's runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imported: Option<String>,
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
#[derive(Clone, Debug)]
pub struct Plan {
    /// The plan file.
    pub path: PathBuf,
    /// Its first line.
    pub header: Header,
    /// The hash of the first line's text.
    pub hash: String,
    /// Its jobs, in order.
    pub jobs: Vec<Job>,
}

impl Plan {
    /// Reads a plan, checking that its jobs are those its header announces, each with its id.
    pub fn read(path: &Path) -> Result<Plan, ShardError> {
        let text = std::fs::read_to_string(path).map_err(|error| ShardError::Io {
            action: "read plan",
            path: path.to_path_buf(),
            error,
        })?;
        let refused = |why: String| ShardError::refused(path, why);
        let mut lines = text.lines();
        let first = lines.next().ok_or_else(|| {
            refused("empty; expected a plan written by codebreak shard plan".into())
        })?;
        let header: Header = serde_json::from_str(first)
            .map_err(|e| refused(format!("its header is not a plan's: {e}")))?;
        if header.codebreak_plan != FORMAT {
            return Err(refused(format!(
                "plan format {} is not the {FORMAT} this version reads",
                header.codebreak_plan
            )));
        }
        let hash = fnv(first);
        let mut jobs = Vec::new();
        for (i, line) in lines.enumerate() {
            let job: Job = serde_json::from_str(line)
                .map_err(|e| refused(format!("line {} is not a job: {e}", i + 2)))?;
            if job.index != i || job.id != job_id(&hash, &job) {
                return Err(refused(format!(
                    "job on line {} was edited (its index or id does not match)",
                    i + 2
                )));
            }
            jobs.push(job);
        }
        if jobs.len() != header.jobs {
            return Err(refused(format!(
                "it has {} jobs but its header announces {}: truncated?",
                jobs.len(),
                header.jobs
            )));
        }
        Ok(Plan {
            path: path.to_path_buf(),
            header,
            hash,
            jobs,
        })
    }

    /// The plan's game, loaded again and checked against the fingerprint it was planned with.
    pub fn game(&self) -> Result<Game, ShardError> {
        let h = &self.header;
        let game = match &h.game_file {
            Some(f) => load_game_file(&f.path, &f.set, f.hard)?,
            None => Game::new(&h.spec).map_err(|e| ShardError::refused(&self.path, e))?,
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
            return Err(ShardError::refused(
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

    /// The job of index `index`, or a refusal naming it and the plan's range.
    pub fn job(&self, index: usize) -> Result<&Job, ShardError> {
        self.jobs.get(index).ok_or_else(|| {
            ShardError::BadInput(match self.jobs.len() {
                0 => format!("job {index}: the plan has no jobs"),
                n => format!("job {index}: the plan has jobs 0 to {}", n - 1),
            })
        })
    }

    /// Reads and checks the result of `job` in `dir`: `Ok(None)` when there is none.
    pub fn result(&self, dir: &Path, job: &Job) -> Result<Option<JobResult>, ShardError> {
        let path = result_path(dir, job);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(ShardError::refused(&path, e)),
        };
        let r: JobResult = serde_json::from_str(&text).map_err(|e| {
            ShardError::refused(
                &path,
                format!(
                    "not a whole result of job {} (truncated or damaged): {e}",
                    job.index
                ),
            )
        })?;
        if r.checksum != r.compute_checksum() {
            return Err(ShardError::refused(
                &path,
                "its checksum does not match its contents: edited or damaged",
            ));
        }
        if r.plan != self.hash {
            return Err(ShardError::refused(
                &path,
                format!(
                    "a result of another plan ({}), not of {}",
                    r.plan, self.hash
                ),
            ));
        }
        if r.id != job.id || r.index != job.index || r.history != job.history {
            return Err(ShardError::refused(
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

/// A job's certificate of optimality (`ID.cert`, written when the run is asked for it).
pub fn certificate_path(dir: &Path, job: &Job) -> PathBuf {
    dir.join(format!("{}.cert", job.id))
}

/// The marker of a running job: `pid P on HOST since UNIX-SECONDS`.
pub fn running_path(dir: &Path, job: &Job) -> PathBuf {
    dir.join(format!("{}.running", job.id))
}

/// Where a stopped job's solved sets are saved, for its next run to resume from.
pub fn checkpoint_path(dir: &Path, job: &Job) -> PathBuf {
    dir.join(format!("{}.checkpoint", job.id))
}

/// Where a job's failure is noted (removed once it succeeds).
pub fn error_path(dir: &Path, job: &Job) -> PathBuf {
    dir.join(format!("{}.error", job.id))
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

/// Loads a game file with `--set` constants, in Wordle's hard mode if `hard`.
pub fn load_game_file(path: &Path, set: &[String], hard: bool) -> Result<Game, ShardError> {
    codebreak_gamefile::load_game(path, set, hard).map_err(|e| ShardError::BadInput(e.to_string()))
}

/// Writes `text` to a temporary file beside `path` and renames it into place, so that a
/// reader sees the whole file or none (a killed writer leaves a stray `.tmp` file only).
pub fn write_atomically(path: &Path, text: &str) -> Result<(), ShardError> {
    write_bytes_atomically(path, text.as_bytes())
}

/// [`write_atomically`] of bytes (a job's certificate).
pub fn write_bytes_atomically(path: &Path, bytes: &[u8]) -> Result<(), ShardError> {
    static SEQ: AtomicUsize = AtomicUsize::new(0);
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(
        ".tmp.{}.{}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    ));
    let tmp = PathBuf::from(tmp);
    let written = (|| {
        use std::io::Write;
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    written.map_err(|error| {
        let _ = std::fs::remove_file(&tmp);
        ShardError::Io {
            action: "write",
            path: path.to_path_buf(),
            error,
        }
    })
}
