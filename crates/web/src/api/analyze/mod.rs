//! Analyses as background jobs: `POST /api/analyze` answers at once with a job id; the job runs
//! its strategies one after another on the blocking pool (one job at a time), and
//! `GET /api/analyze/{job}` reports progress, then the figures. Trees are explored one node
//! at a time, so that no response carries a whole tree unless asked (`tree.json`).
//!
//! One entry of a job may be `optimal`: the exact search of `codebreak-search`, for games of
//! at most [`Limits::optimal_codes`](crate::Limits::optimal_codes) codes. A watcher thread
//! beside it copies its live figures (nodes searched, depth tried) into the job's progress and
//! sets its stop switch when the job is deleted or runs past
//! [`Limits::optimal_time`](crate::Limits::optimal_time). Its result is an analysis like the
//! others (its tree replayed by the independent verifier first), plus the search effort.
//!
//! | module | holds | routes |
//! |---|---|---|
//! | [`jobs`] | a job, its progress and its worker; starting, polling and dropping jobs | `POST /api/analyze`, `GET, DELETE /api/analyze/{job}` |
//! | [`optimal`] | the exact search entry: its options, and the search with its watcher | (an entry of a job) |
//! | [`explore`] | a finished job's trees, node by node or whole | `GET /api/analyze/{job}/tree`, `/tree.json` |
//! | [`upload`] | a decision tree file, checked and made a finished job | `POST /api/tree` |

mod explore;
mod jobs;
mod optimal;
mod upload;

pub use explore::{tree_json, tree_node};
pub use jobs::{Job, drop_job, start, status};
pub use optimal::OPTIMAL;
pub use upload::upload;
