//! API tests: every endpoint, good and bad input, through the router (no network). One test
//! binary with a module per theme, so `cargo test -p codebreak-web --test api` runs them all
//! and `--test api play::` one theme:
//!
//! | module | what it tests |
//! |---|---|
//! | [`page`] | the page and its script modules: embedded, served, nothing from elsewhere |
//! | [`games`] | strategies, limits, a game's description |
//! | [`game_files`] | game files sent by the page, Wordle built in |
//! | [`security`] | bad and hostile input, other sites (hosts, origins, content types), session isolation |
//! | [`limits`] | session caps and expiry, the memory budget and eviction |
//! | [`play`] | playing against the computer's secret, which never leaks before the end |
//! | [`solve`] | a strategy breaking the user's secret, contradictions |
//! | [`hint`] | hints and their diagnoses |
//! | [`review`] | reviews of finished games: verdicts, skill and luck |
//! | [`analyze`] | analysis jobs, the tree explorer, tree downloads and uploads |
//! | [`optimal`] | the exact optimum in a job: figures, options, stopping it |
//!
//! The helpers they share are in `tests/common/mod.rs`.

#[path = "../common/mod.rs"]
mod common;

mod analyze;
mod game_files;
mod games;
mod hint;
mod limits;
mod openers;
mod optimal;
mod page;
mod play;
mod review;
mod security;
mod solve;
