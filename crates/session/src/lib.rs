//! # codebreak-session
//!
//! What a person does with codebreak, once, for every front end: play against a codemaker
//! ([`PlaySession`]), let a strategy break a secret ([`SolveSession`]), ask for a hint
//! ([`hint()`]) and the exact best move where the position is small ([`best()`]), be told why
//! replies contradict each other ([`Contradiction`]), and have a finished game reviewed
//! ([`review()`]).
//!
//! **Main design decision: front ends are adapters over these types.** The command line, the
//! web server and the Python package map their input onto a session call and serialise the
//! session's answer, a report type of this crate ([`PlayState`], [`SolveState`],
//! [`HintReport`], [`Contradiction`]), as it is. So `--json`, the web API and Python objects
//! have the same fields with the same names, and a rule (how many attempts by default, when
//! the secret may be revealed, which strategies a hint lists) is written once. The documented
//! ranges of the session options ([`ATTEMPTS`], [`SHOW`], [`MOVES`], [`STRATEGIES`]) are the
//! ones every front end validates with.
//!
//! **One game for every size.** A [`Game`] is listed (its codes fit in memory and the
//! enumerated engines of `codebreak-core`, `codebreak-strategy`, `codebreak-search` and
//! `codebreak-analysis` play it exactly) or too large to list (more than
//! [`codebreak_core::MAX_CODES`] codes, or more pegs than the enumerated engine allows: the
//! `codebreak-huge` engine reasons on the clues). [`Game::new`] chooses from the spec's size,
//! in this one place; its calls ([`Game::hint`], [`Game::best`], [`Game::play`],
//! [`Game::solve`], [`Game::analyze`]) answer both with the same report types, and where a
//! figure can only be estimated the same field says so ([`Remaining`]: an exact count or an
//! estimate with its interval; [`FitSample`]: the sample a guess was scored on; an
//! [`Analysis`] of `method` sampled, with its interval). A contradiction is one
//! [`Contradiction`] for both. A front end never tests which kind it holds.
//!
//! **Modules name what a person does**: [`hint`](mod@hint), [`play`], [`solve`], [`analyze`],
//! [`review`](mod@review) and [`best`](mod@best), each holding its listed and its reasoned half (`reasoned`
//! submodules); [`game`] holds the game value and the choice between the engines, with the
//! reasoned game's vocabulary in [`game::reasoned`] (re-exported as [`reasoned`]).
#![deny(missing_docs)]

pub mod analyze;
pub mod best;
pub mod error;
pub mod game;
pub mod hint;
pub mod play;
pub mod remaining;
pub mod report;
pub mod review;
pub mod solve;

use codebreak_core::Range;

pub use analyze::{Analyses, Analysis, AnalyzeQuery, Method, Run, TooLong, Tree};
pub use best::{BestReport, ExactMove, best};
pub use codebreak_huge::Budget;
pub use error::SessionError;
pub use game::reasoned;
pub use game::{Answerer, Game, HintQuery, History, Play, Solve};
pub use hint::{FitSample, HintOptions, HintReport, Omitted, SuggestionReport, hint};
pub use play::{Maker, MakerKind, Outcome, PlayMove, PlaySession, PlaySetup, PlayState};
pub use remaining::{Estimate, Remaining};
pub use report::{Contradiction, MoveReport, ReplyReport};
pub use review::{BestBy, MoveReview, ReviewOptions, ReviewReport, review};
pub use solve::{SolveSession, SolveState};

/// Guesses allowed in a game against a codemaker. The default is [`default_attempts`].
pub const ATTEMPTS: Range = Range {
    what: "attempts",
    min: 1,
    max: 100,
    doc: "guesses allowed (default 10, two more per peg beyond 4)",
};

/// How many of the remaining secrets a hint or a session lists.
pub const SHOW: Range = Range {
    what: "show",
    min: 0,
    max: 1000,
    doc: "how many of the remaining secrets to list",
};

/// Moves in a history given at once (a hint's, or one read from a file).
pub const MOVES: Range = Range {
    what: "moves",
    min: 0,
    max: 1000,
    doc: "moves in one history",
};

/// Strategies asked about at once (a hint, a comparison).
pub const STRATEGIES: Range = Range {
    what: "strategies",
    min: 1,
    max: 16,
    doc: "strategies compared at once",
};

/// Guesses allowed by default: 10, and two more per peg beyond 4.
pub fn default_attempts(pegs: usize) -> usize {
    10 + 2 * pegs.saturating_sub(4)
}

/// Attempts allowed by default in `game`: Wordle's six, ten in other games of lists, and
/// [`default_attempts`] for its pegs in a generated game.
pub fn default_attempts_for(game: &codebreak_core::Game) -> usize {
    match game.list() {
        Some(l) if *l.rule() == codebreak_core::ListRule::Wordle => 6,
        Some(_) => 10,
        None => default_attempts(game.pegs()),
    }
}
