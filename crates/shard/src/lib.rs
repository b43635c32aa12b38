//! # codebreak-shard
//!
//! A search split into independent jobs that any executor runs (threads of one process, GNU
//! parallel, a Slurm job array, Ray tasks), each writing its own result file, merged and
//! verified at the end. The command line's `codebreak shard` and the Python package's
//! `codebreak.distributed` are front ends of this crate.
//!
//! **Main design decision: the files are the protocol.** Executors share nothing but a
//! folder: a plan ([`Plan`], JSON lines: a [`Header`], then one [`Job`] per line, largest
//! first) and its results folder (`PLAN.results/`, one [`JobResult`] per job, `ID.json`). A
//! job's id is a hash of the job and of the header's text, so a result names the one job of
//! the one plan it answers; a result is written to a temporary file and renamed into place
//! ([`write_atomically`]) and carries a checksum of its own fields, so a reader sees a whole
//! result or none, and one that is truncated, edited or from another plan is refused by name.
//! Hence an executor needs no coordination: running a job twice leaves one result, a job
//! whose result is there is skipped ([`Runner::run_job`]), a stopped job leaves a checkpoint
//! its next run resumes, and [`merge()`] trusts no result: every tree is replayed by the
//! independent verifier before a total is reported.
//!
//! With [`RunOptions::certificate`], each job also writes its certificate of optimality
//! (`ID.cert`, see `codebreak-certify`) before its result; [`merge_certificates`] assembles
//! those of a plan below an opener into one certificate for the opener's position.
//!
//! Kinds of plan ([`PlanKind`]): every opener of the game (one per symmetry class, as
//! `optimal --openers`), or the positions below a fixed opener (one job per reply). Plans
//! search the fewest guesses in all (with an optional depth limit): under the objective worst
//! a position below the largest one may trade depth for guesses, so its optimum is not the sum
//! of the positions'.
//!
//! Errors are [`ShardError`]s with one-line messages naming the file, job or value at fault.
#![deny(missing_docs)]

pub mod error;
pub mod estimate;
pub mod format;
pub mod merge;
pub mod plan;
pub mod run;
pub mod slurm;
pub mod summary;

pub use error::ShardError;
pub use estimate::{PlanEstimate, SampleOptions, SampledJob, estimate};
pub use format::{
    FORMAT, GameFile, Header, Job, JobResult, Plan, PlanKind, Value, certificate_path,
    checkpoint_path, error_path, fingerprint, fnv, job_id, load_game_file, result_path,
    running_path, write_atomically, write_bytes_atomically,
};
pub use merge::{Merged, Status, merge, merge_certificates, status};
pub use plan::{PlanRequest, Split, make_plan};
pub use run::{Outcome, RunOptions, Runner, Stop, Stopped};
pub use slurm::{SlurmOptions, SlurmScript, slurm_script};
pub use summary::{Imported, export, import};
