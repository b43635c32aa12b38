//! # codebreak-web
//!
//! The local web UI of codebreak: an [axum] server whose page plays, solves, hints and analyses
//! any game the library crates know, with every asset embedded in the binary.
//!
//! **Main design decision: the server holds the state that must stay hidden, and nothing
//! else.** A game against the computer keeps its codemaker (and so its secret) in a server-side
//! session behind an unguessable 128-bit id; no response, page or log line contains the secret
//! before the game ends. Everything the client already knows (a hint's history, the game spec)
//! travels in the request instead, so hints are stateless. The crate has no game logic of its
//! own: every rule, strategy, diagnosis, analysis and optimal search is a call into
//! `codebreak-core`, `codebreak-strategy`, `codebreak-analysis`, `codebreak-search` and
//! `codebreak-tree`; this crate validates requests, budgets the work and turns results into
//! JSON.
//!
//! **Other sites.** Only requests addressed to the server itself are answered (the `Host`
//! check, against DNS rebinding: [`Hosts`]); state-changing requests from another page's
//! `Origin` and bodies not declared `application/json` are refused, so that a web page the
//! user visits cannot start sessions or jobs.
//!
//! **Limits.** Requests are validated like command-line input and refused with a 4xx
//! `{"error": "..."}`. Work is budgeted ([`Limits`]): an interactive request whose game is too
//! large for a quick answer is refused with a message, an analysis runs as a background job
//! (one at a time, on the blocking thread pool) whose progress the page polls, and CPU-heavy
//! work never runs on the async runtime. An analysis may include the exact optimal strategy
//! (`codebreak-search`) for games small enough to search interactively; deleting the job stops
//! the search.
//!
//! ```no_run
//! # async fn run() -> Result<(), codebreak_web::ServeError> {
//! let config = codebreak_web::Config::default();
//! let listener = codebreak_web::bind("127.0.0.1", 8080).await?;
//! println!("codebreak UI at http://{}/", listener.local_addr().unwrap());
//! codebreak_web::serve(listener, config).await
//! # }
//! ```
#![deny(missing_docs)]

mod api;
mod assets;
mod body;
mod engines;
pub mod error;
mod guard;
mod ids;
mod memory;
mod store;

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

pub use api::router;
pub use error::{ApiError, ServeError};
pub use guard::Hosts;

/// The server's budgets. Each has a default that suits a laptop and the 2-core CI machine.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Largest request body, in bytes (default 64 KiB).
    pub body_bytes: usize,
    /// Largest uploaded decision tree (`POST /api/tree`), in bytes (default 8 MiB).
    pub tree_upload_bytes: usize,
    /// Most live sessions of each kind, play and solve (default 1000); more are refused with
    /// 429 until idle ones expire.
    pub sessions: usize,
    /// Idle time after which a session or a finished job is dropped (default 30 minutes).
    pub idle: Duration,
    /// Idle time after which a session without a move yet is dropped (default 5 minutes).
    pub fresh_idle: Duration,
    /// Memory budget, in bytes, for live sessions and the game tables they use (default
    /// 512 MiB). Each session is charged an estimate: 8 bytes per secret it tracks (twice that
    /// for the cunning codemaker, which tracks its open secrets too) plus 4 KiB, less as the
    /// secrets narrow; each game's tables about 58 bytes per code, once however many sessions
    /// share them. A 2^20-code game costs about 61 MB of tables and 8 MB per play session.
    /// When a new session does not fit, room is made by evicting, oldest first: finished
    /// sessions, tables no session uses, sessions without a move idle for
    /// [`fresh_evict`](Limits::fresh_evict), then sessions idle for
    /// [`evict_idle`](Limits::evict_idle); if that is not enough the request is refused with
    /// 503.
    pub memory: usize,
    /// When memory is short, sessions without a move idle this long may be evicted (default
    /// 30 s).
    pub fresh_evict: Duration,
    /// When memory is short, sessions with moves idle this long may be evicted (default 5
    /// minutes).
    pub evict_idle: Duration,
    /// Largest game (codes) to play against the computer (default 2^20). Playing costs little:
    /// the server scores guesses and tracks the secrets still open.
    pub play_codes: u128,
    /// Largest game (codes) for solve and hints, where strategies choose guesses (default
    /// 2^18: MM(6,8) takes at most about a second per guess on one core).
    pub interactive_codes: u128,
    /// Strategy computations (solve and hint) running at once (default 2); more wait their
    /// turn on the blocking pool, so light requests stay fast.
    pub compute_slots: usize,
    /// Largest game (codes) an analysis job may cover (default 2^16: MM(5,8), MM(6,6) and
    /// Bulls and Cows with 5 of 10 fit; MM(6,6) minimax takes about 4 s).
    pub analysis_codes: u128,
    /// Analysis jobs queued or running at once (default 4; they run one at a time); more are
    /// refused with 429.
    pub pending_jobs: usize,
    /// Live analysis jobs, finished ones included (default 64).
    pub jobs: usize,
    /// Most candidates a hint or a solve state lists (default 20; a request may ask for up to
    /// 200).
    pub show_candidates: usize,
    /// Largest decision tree served whole by `GET /api/analyze/{job}/tree.json` (nodes,
    /// default 200 000).
    pub tree_download_nodes: usize,
    /// Largest game (codes that may be guessed, so secrets too) whose exact optimal strategy an
    /// analysis may search for (default 1300: MM(4,6) takes well under a second in a release
    /// build; the French medium game, Bulls and Cows with 3 of 10 and twoD fit too). Larger
    /// games are for `codebreak optimal`, with its checkpoints.
    pub optimal_codes: u128,
    /// Longest an exact search may run before it is stopped and its job fails (default 120 s;
    /// it keeps the one analysis slot busy meanwhile).
    pub optimal_time: Duration,
    /// Most solved sets one exact search memoises (default 2 million, about 100 MB; MM(4,6)
    /// needs a few tens of thousands). A full memo slows the search but never changes its
    /// answer.
    pub optimal_memo: usize,
    /// Longest one call on a game too large to list (a hint, a computer's guess) may reason
    /// before it is stopped and answered 503 (default 60 s, the command line's `--find-time`
    /// default; Project Euler 185 takes well under a second).
    pub reasoned_time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body_bytes: 64 * 1024,
            tree_upload_bytes: 8 * 1024 * 1024,
            sessions: 1000,
            idle: Duration::from_secs(30 * 60),
            fresh_idle: Duration::from_secs(5 * 60),
            memory: 512 * 1024 * 1024,
            fresh_evict: Duration::from_secs(30),
            evict_idle: Duration::from_secs(5 * 60),
            play_codes: 1 << 20,
            interactive_codes: 1 << 18,
            compute_slots: 2,
            analysis_codes: 1 << 16,
            pending_jobs: 4,
            jobs: 64,
            show_candidates: 20,
            tree_download_nodes: 200_000,
            optimal_codes: 1300,
            optimal_time: Duration::from_secs(120),
            optimal_memo: 2_000_000,
            reasoned_time: Duration::from_secs(60),
        }
    }
}

/// Where the server writes one line per request (`METHOD /route STATUS TIME`). Routes are the
/// templates (`/api/play/{id}/guess`), so neither session ids nor bodies are ever logged.
#[derive(Clone)]
pub struct Log(pub Arc<dyn Fn(&str) + Send + Sync>);

impl Log {
    /// Logs to standard error.
    pub fn stderr() -> Log {
        Log(Arc::new(|line| eprintln!("{line}")))
    }
}

impl fmt::Debug for Log {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Log(..)")
    }
}

/// Server configuration.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Budgets.
    pub limits: Limits,
    /// The request log (none by default).
    pub log: Option<Log>,
    /// The `Host` names the server answers to (default: `localhost`, `127.0.0.1`, `[::1]`);
    /// [`serve`] adds the address it listens on. Requests naming any other host are refused
    /// (403), against DNS rebinding.
    pub hosts: Hosts,
    /// Games loaded from game files (`codebreak serve --game-file`), offered to the page and
    /// named in requests by their spec.
    pub games: Vec<codebreak_core::Game>,
}

/// Binds a TCP listener, with a message that names the address on failure.
pub async fn bind(host: &str, port: u16) -> Result<tokio::net::TcpListener, ServeError> {
    let addr = format!("{host}:{port}");
    let addr = if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        addr
    };
    tokio::net::TcpListener::bind(&addr)
        .await
        .map_err(|reason| ServeError::Bind { addr, reason })
}

/// Serves the UI on `listener` until the process ends. Expired sessions are swept every minute.
/// The listener's own address is added to the accepted `Host` names when it is not a loopback
/// address (any IP address, for `0.0.0.0` and `::`).
pub async fn serve(
    listener: tokio::net::TcpListener,
    mut config: Config,
) -> Result<(), ServeError> {
    if let Ok(addr) = listener.local_addr() {
        config.hosts.bound_to(addr);
    }
    let state = api::AppState::new(config);
    let sweeper = state.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        loop {
            tick.tick().await;
            sweeper.sweep();
        }
    });
    axum::serve(listener, api::routes(state))
        .await
        .map_err(ServeError::Io)
}
