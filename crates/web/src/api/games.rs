//! `GET /api/strategies`, `GET /api/limits`, `POST /api/game`.

use axum::extract::State;
use axum::response::Response;
use codebreak_core::{FeedbackKind, Game, GameKind, GameSpec, ListGame, Named, Pool, Role, Ties};
use codebreak_search::Objective;
use codebreak_strategy::strategies as registry;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{AppState, ok};
use crate::body::ApiJson;
use crate::error::ApiError;

/// The strategies, in the order they are listed to users, and the exact search (`optimal`,
/// listed apart: it is not a strategy of the registry and has its own options and budget).
pub async fn strategies(State(state): State<AppState>) -> Response {
    let names = |all: &[&str]| all.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    ok(json!({
        "strategies": registry(),
        "pools": names(&Pool::ALL.iter().map(|p| p.name()).collect::<Vec<_>>()),
        "ties": names(&Ties::ALL.iter().map(|t| t.name()).collect::<Vec<_>>()),
        "optimal": {
            "name": super::analyze::OPTIMAL,
            "summary": "exact optimum by branch and bound: the fewest guesses in all (or the smallest worst case)",
            "source": "Koyama and Lai 1993 (MM(4,6): 5625 guesses)",
            "objectives": Objective::ALL.iter().map(|o| o.name()).collect::<Vec<_>>(),
            "max_codes": state.limits().optimal_codes as u64,
            "max_seconds": state.limits().optimal_time.as_secs(),
        },
    }))
}

/// The budgets, so the page can say what it will refuse.
pub async fn limits(State(state): State<AppState>) -> Response {
    let l = state.limits();
    ok(json!({
        "body_bytes": l.body_bytes,
        "tree_upload_bytes": l.tree_upload_bytes,
        "sessions": l.sessions,
        "idle_seconds": l.idle.as_secs(),
        "fresh_idle_seconds": l.fresh_idle.as_secs(),
        "memory_bytes": l.memory,
        "memory_used_bytes": state.memory_used(),
        "fresh_evict_seconds": l.fresh_evict.as_secs(),
        "evict_idle_seconds": l.evict_idle.as_secs(),
        "reasoned_seconds": l.reasoned_time.as_secs(),
        "play_codes": l.play_codes as u64,
        "interactive_codes": l.interactive_codes as u64,
        "analysis_codes": l.analysis_codes as u64,
        "pending_jobs": l.pending_jobs,
        "show_candidates": l.show_candidates,
        "optimal_codes": l.optimal_codes as u64,
        "optimal_seconds": l.optimal_time.as_secs(),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DescribeRequest {
    game: GameSpec,
    /// Lists every guess of a list game even past [`WORDS_SHOWN`] (Wordle's 12,972 words,
    /// for the page's list of legal guesses).
    #[serde(default)]
    words: bool,
}

/// A list game's guesses are listed in its description up to this many (more on request).
pub const WORDS_SHOWN: usize = 5000;

/// How a game's replies are drawn and entered on the page.
fn reply_style(game: &Game) -> &'static str {
    match game.feedback() {
        FeedbackKind::List { wordle: true, .. } => "wordle",
        FeedbackKind::List { .. } => "names",
        _ => match game.kind() {
            GameKind::Bulls => "bulls",
            GameKind::BlackPeg => "blackpeg",
            GameKind::TwoD => "twod",
            _ => "pegs",
        },
    }
}

/// What a list game (Wordle, a game file) adds to its description.
#[derive(Serialize)]
struct ListView {
    /// The game file's paragraph on the game.
    description: String,
    /// Wordle's hard mode.
    hard: bool,
    /// When the game ends: `guess` or `known`.
    end: &'static str,
    /// The end rule in words.
    end_words: &'static str,
    /// Number of guesses and of secrets.
    guesses: usize,
    secrets: usize,
    /// Every guess, in the list's order, when there are at most [`WORDS_SHOWN`] or they were
    /// asked for.
    words: Option<Vec<String>>,
}

impl ListView {
    fn of(list: &ListGame, all: bool) -> ListView {
        let n = list.guess_count();
        ListView {
            description: list.description().to_string(),
            hard: list.hard(),
            end: list.end().name(),
            end_words: list.end().help(),
            guesses: n,
            secrets: list.secrets().len(),
            words: (all || n <= WORDS_SHOWN).then(|| list.codes().first(n)),
        }
    }
}

/// The openers the page shows before the first row, with their exact figures: written by
/// `cargo run --release -p codebreak-web --example openers` (Selby's Wordle trees replayed by
/// codebreak's tree verifier, keyed by the fingerprint of each game's lists; Mastermind 4 × 6
/// from the exact search, keyed by its spec).
const OPENERS: &str = include_str!("../../data/openers.json");

/// The table's entry for a game, if it has one: a list game's by the fingerprint of its lists,
/// another game's by its spec.
fn opener(game: &Game) -> Option<serde_json::Value> {
    static TABLE: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| serde_json::from_str(OPENERS).unwrap_or_default());
    let mut entries = table["openers"].as_array()?.iter();
    match game.list() {
        Some(list) => {
            let fp = format!("{:016x}", list.fingerprint());
            entries.find(|o| o["fingerprint"] == fp.as_str())
        }
        None => {
            let spec = serde_json::to_value(game.spec()).ok()?;
            entries.find(|o| o["spec"] == spec)
        }
    }
    .cloned()
}

/// A few replies to show as examples: spread over the list, the win last.
fn examples(replies: &[String], win: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let n = replies.len();
    for k in 1..=3 {
        if let Some(r) = replies.get(k * n / 4)
            && r != win
            && !out.contains(r)
        {
            out.push(r.clone());
        }
    }
    out.push(win.to_string());
    out
}

/// Validates a game and describes it for the page: symbols, reply notation, sizes, and which
/// features the server allows for it.
pub async fn describe(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<DescribeRequest>,
) -> Result<Response, ApiError> {
    let game = state.game_of(&req.game).await?;
    // A game file: its name and paragraph, and the spec that names it.
    let file = (req.game.kind == GameKind::Custom)
        .then(|| state.custom().kept(&req.game))
        .flatten();
    let kind = game.feedback();
    let replies: Vec<String> = kind
        .all()
        .filter(|f| kind.is_possible(*f))
        .map(|f| game.format_feedback(f))
        .collect();
    let letters = match game.kind() {
        GameKind::Bulls => json!(["A", "B"]),
        GameKind::TwoD | GameKind::Wordle | GameKind::Custom => json!(null),
        GameKind::BlackPeg => json!(["B"]),
        GameKind::Mastermind => json!(["B", "W"]),
    };
    let codes = game.count(Role::Guess);
    let secrets = game.count(Role::Secret);
    let l = state.limits();
    // Too large to list: the session library reasons on the clues, so hints work whatever
    // the size (within the server's time limit), and their figures may be estimates.
    let reasoned = codebreak_session::reasoned::ReasonedGame::wanted(&req.game);
    let alphabet: Vec<String> = game
        .alphabet()
        .symbols()
        .iter()
        .map(|c| c.to_string())
        .collect();
    Ok(ok(json!({
        "game": game.spec(),
        "name": file.as_ref().map_or_else(|| game.to_string(), |f| f.name.clone()),
        "file": file.as_ref().map(|f| f.view()),
        "kind": game.kind().name(),
        "pegs": game.pegs(),
        "colors": game.colors(),
        "alphabet": alphabet,
        "distinct_secret": game.distinct_secret(),
        "distinct_guess": game.distinct_guess(),
        "codes": codes.to_string(),
        "secrets": secrets.to_string(),
        "replies": &replies,
        "win": game.format_feedback(game.win()),
        "letters": letters,
        "reply_style": reply_style(&game),
        "examples": examples(&replies, &game.format_feedback(game.win())),
        "list": game.list().map(|l| ListView::of(l, req.words)),
        "opener": opener(&game),
        "default_attempts": codebreak_session::default_attempts_for(&game),
        "reasoned": reasoned,
        "allows": {
            "play": reasoned || codes <= l.play_codes,
            "solve": reasoned || codes <= l.interactive_codes,
            "hint": reasoned || codes <= l.interactive_codes,
            // A game too large to list is analysed on random secrets (`sample` N).
            "analyze": reasoned || codes <= l.analysis_codes,
            "optimal": codes <= l.optimal_codes,
        },
    })))
}
