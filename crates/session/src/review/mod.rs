//! The review of a finished game, in the spirit of the New York Times' WordleBot: each guess
//! against the best one at that point, a one-line verdict per move, and the game's skill and
//! luck.
//!
//! **Method.** Before each move some secrets are still possible. The best guess there is the
//! exact optimum (fewest guesses in all, found by `codebreak-search`) when the position has at
//! most [`ReviewOptions::exact_secrets`] secrets and the search finishes within its node budget;
//! otherwise it is the entropy strategy's guess (most information, Neuwirth 1982).
//!
//! - *Secrets left*: after the reply the guess got (the secret is known once the game is over),
//!   and after the reply the best guess would have got.
//! - *Guesses still needed* (exact positions only): the expected number of guesses from this
//!   move on, this one included, if you play your guess and then perfectly, versus the best
//!   guess and then perfectly.
//! - *Skill* of a move, from 0 to 100: `100 × best / yours` of the guesses still needed where
//!   they are exact, else `100 × yours / best` of the information (bits) the guesses are
//!   expected to gain. The game's skill is the mean over its moves.
//! - *Luck* of a move, in bits: the information the reply actually gave (log₂ of secrets
//!   before over secrets after) minus what the guess was expected to give. Positive when the
//!   reply narrowed things more than expected. The game's luck is the sum.

use codebreak_core::{AnyEngine, Code, Engine, Feedback, Range, Rules, dispatch_engine};
use codebreak_search::{Search, SearchOptions};
use codebreak_strategy::{AnyStrategy, PartitionStats, Position, StrategyKind, StrategyOptions};
use serde::{Deserialize, Serialize};

use crate::error::SessionError;
use crate::game::reasoned::number;
use crate::remaining::Remaining;
use crate::report::MoveReport;

pub(crate) mod reasoned;

/// Positions with at most this many secrets are valued exactly (see [`ReviewOptions`]).
pub const EXACT_SECRETS: Range = Range {
    what: "exact secrets",
    min: 0,
    max: 2000,
    doc: "positions with at most this many secrets are valued exactly in a review",
};

/// How hard a review works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewOptions {
    /// Positions with at most this many secrets are valued exactly (default 300; see
    /// [`EXACT_SECRETS`]).
    pub exact_secrets: usize,
    /// Nodes the exact search may visit per move before the move is valued by entropy
    /// instead (default 200,000).
    pub node_budget: u64,
    /// On a game too large to list: secrets sampled to find the best guess of each move and
    /// to measure both guesses (default 400; see [`crate::reasoned::FIT_SAMPLE`]).
    pub fit_sample: usize,
}

impl Default for ReviewOptions {
    fn default() -> Self {
        ReviewOptions {
            exact_secrets: 300,
            node_budget: 200_000,
            fit_sample: 400,
        }
    }
}

/// How the best guess of a move was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BestBy {
    /// The exact optimum (fewest guesses in all).
    Optimal,
    /// The entropy strategy (most information), over every secret left.
    Entropy,
    /// The most information on a sample of the secrets left (a game too large to list).
    Sampled,
}

/// One move of a review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// The move (from 1).
    pub number: usize,
    /// The guess and its reply.
    #[serde(rename = "move")]
    pub played: MoveReport,
    /// Secrets still possible before the move: a count, or on a game too large to list an
    /// estimate that says so.
    pub before: Remaining,
    /// Secrets left after the reply the guess got.
    pub left: Remaining,
    /// Secrets the guess was expected to leave (Irving: Σ size² / n).
    pub expected_left: f64,
    /// Information the guess was expected to gain, in bits.
    pub bits: f64,
    /// Whether the guess could have been the secret.
    pub could_be_secret: bool,
    /// Whether the same guess was played before (it can tell nothing new).
    pub repeated: bool,
    /// The best guess at that point.
    pub best: String,
    /// How the best guess was found.
    pub best_by: BestBy,
    /// Secrets the best guess would have left, given the secret.
    pub best_left: Remaining,
    /// Secrets the best guess was expected to leave.
    pub best_expected_left: f64,
    /// Information the best guess was expected to gain, in bits.
    pub best_bits: f64,
    /// Expected guesses from this move on (this one included) after your guess, played
    /// perfectly from there; only where the position was valued exactly.
    pub guesses_needed: Option<f64>,
    /// The same after the best guess (the position's exact value).
    pub best_guesses_needed: Option<f64>,
    /// The move's skill, 0 to 100.
    pub skill: u32,
    /// The move's luck, in bits (positive: the reply told more than expected).
    pub luck: f64,
    /// One line on the move.
    pub verdict: String,
}

/// The review of a game: `POST /api/review`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewReport {
    /// The secret.
    pub secret: String,
    /// Whether the last move found it.
    pub solved: bool,
    /// One review per move.
    pub moves: Vec<MoveReview>,
    /// The game's skill: the mean of the moves', 0 to 100.
    pub skill: u32,
    /// The game's luck: the sum of the moves', in bits.
    pub luck: f64,
    /// How the figures are computed, in a few sentences.
    pub method: String,
}

/// How the figures are computed, for the page.
pub const METHOD: &str = "Before each move, the best guess is the exact optimum (fewest guesses in all) when few enough secrets are left for an exact search, otherwise the guess that gains the most information (entropy). \
Skill compares your guess with the best one: the expected guesses still needed (best ÷ yours) where exact, otherwise the information expected (yours ÷ best), as a score from 0 to 100; the game's skill is the mean. \
Luck is the information the reply actually gave minus what your guess was expected to give, in bits: positive when the reply narrowed the secrets more than expected; the game's luck is the sum.";

/// Reviews `history`, a game whose secret is `secret`. Fails when a move's guess is not a guess
/// of the game, or a reply is not the one `secret` gives.
pub fn review(
    engine: &AnyEngine,
    history: &[(Code, Feedback)],
    secret: &Code,
    opts: &ReviewOptions,
) -> Result<ReviewReport, SessionError> {
    let game = engine.game();
    crate::MOVES.check(history.len() as u64)?;
    EXACT_SECRETS.check(opts.exact_secrets as u64)?;
    let moves = codebreak_strategy::history::indices(engine, history)?;
    if !game.is_valid(secret, codebreak_core::Role::Secret) {
        return Err(SessionError::Setup(format!(
            "{} is not a secret of {game}",
            game.format_code(secret)
        )));
    }
    for (k, (g, f)) in history.iter().enumerate() {
        let truth = game.score(secret, g);
        if truth != *f {
            return Err(SessionError::Setup(format!(
                "move {}: the secret {} answers {} to {}, not {}",
                k + 1,
                game.format_code(secret),
                game.format_feedback(truth),
                game.format_code(g),
                game.format_feedback(*f)
            )));
        }
    }
    let entropy = AnyStrategy::build(
        StrategyKind::Entropy,
        &StrategyOptions::default(),
        game,
        engine.space(),
    )?;
    let secret_index = engine
        .space()
        .index_of(secret)
        .ok_or_else(|| SessionError::Setup("the secret is not a code of the game".into()))?;
    let out: Vec<MoveReview> = (0..moves.len())
        .map(|k| {
            let exact = exact_values(engine, &moves[..k], moves[k].0, opts);
            dispatch_engine!(engine, e => review_move(e, &entropy, &moves, k, secret_index, exact))
        })
        .collect();
    Ok(finish(
        ReviewReport {
            secret: game.format_code(secret),
            solved: history.last().is_some_and(|(_, f)| *f == game.win()),
            moves: out,
            skill: 0,
            luck: 0.0,
            method: METHOD.into(),
        },
        game.end() == codebreak_core::End::Known,
    ))
}

/// The report with each move's verdict and the game's skill and luck, from its moves. In a
/// game that ends once the secret is known (`known`), no move is blamed for not being it.
pub(crate) fn finish(mut report: ReviewReport, known: bool) -> ReviewReport {
    for m in &mut report.moves {
        // Only the reply that finds the secret leaves none.
        let won = m.left == Remaining::Exact(0);
        m.verdict = verdict(m, won, known);
    }
    let moves = &report.moves;
    report.skill = if moves.is_empty() {
        100
    } else {
        (moves.iter().map(|m| m.skill as f64).sum::<f64>() / moves.len() as f64).round() as u32
    };
    // Folded from +0.0: an empty `sum` of floats is -0.0, which prints as "-0".
    report.luck = moves.iter().fold(0.0, |sum, m| sum + m.luck);
    report
}

/// The review of move `k` of `moves` (without its verdict), the secret being `secret` (an
/// index of `e`'s space) and the move's exact values `exact`, when known.
fn review_move<R: Rules>(
    e: &Engine<R>,
    entropy: &AnyStrategy,
    moves: &[(u32, Feedback)],
    k: usize,
    secret: u32,
    exact: Option<(u32, f64, f64)>,
) -> MoveReview {
    let game = e.game();
    let before = &moves[..k];
    let cands = e.consistent(before);
    let (g, f) = moves[k];
    let yours = PartitionStats::of(e, g, &cands);
    let class = |guess: u32| e.filter(&cands, guess, e.score(secret, guess)).len();
    let best = match exact {
        Some((best, _, _)) => best,
        None => {
            entropy
                .decide(&Position {
                    engine: e,
                    history: before,
                    candidates: &cands,
                })
                .guess
        }
    };
    let best_stats = PartitionStats::of(e, best, &cands);
    let n = cands.len();
    let left = class(g);
    let skill = match exact {
        Some((_, best_needed, yours_needed)) => 100.0 * best_needed / yours_needed,
        None if best_stats.entropy > 0.0 => 100.0 * yours.entropy / best_stats.entropy,
        None => 100.0,
    };
    MoveReview {
        number: k + 1,
        played: MoveReport::of(game, &e.code(g), f),
        before: n.into(),
        left: if f == game.win() { 0 } else { left }.into(),
        expected_left: yours.expected_size,
        bits: yours.entropy,
        could_be_secret: yours.consistent,
        repeated: before.iter().any(|&(h, _)| h == g),
        best: game.format_code(&e.code(best)),
        best_by: if exact.is_some() {
            BestBy::Optimal
        } else {
            BestBy::Entropy
        },
        best_left: if best == secret { 0 } else { class(best) }.into(),
        best_expected_left: best_stats.expected_size,
        best_bits: best_stats.entropy,
        guesses_needed: exact.map(|(_, _, y)| y),
        best_guesses_needed: exact.map(|(_, b, _)| b),
        skill: skill.round().clamp(0.0, 100.0) as u32,
        luck: (n as f64 / left as f64).log2() - yours.entropy,
        verdict: String::new(),
    }
}

/// The exact values of a move: the best guess, and the expected guesses still needed after
/// it and after `guess`; `None` when the position is too large or the search runs out of
/// budget.
fn exact_values(
    engine: &AnyEngine,
    before: &[(u32, Feedback)],
    guess: u32,
    opts: &ReviewOptions,
) -> Option<(u32, f64, f64)> {
    let n = dispatch_engine!(engine, e => e.consistent(before).len());
    if n == 0 || n > opts.exact_secrets {
        return None;
    }
    let search = Search::new(
        engine,
        SearchOptions {
            node_limit: Some(opts.node_budget),
            ..SearchOptions::default()
        },
        true,
    )
    .ok()?;
    let win = engine.game().win();
    let replies: Vec<Feedback> = dispatch_engine!(engine, e => {
        let cands = e.consistent(before);
        e.split(guess, &cands).into_iter().map(|(f, _)| f).filter(|&f| f != win).collect()
    });
    let mut positions = vec![before.to_vec()];
    for f in replies {
        let mut h = before.to_vec();
        h.push((guess, f));
        positions.push(h);
    }
    let values = search.positions(&positions).ok()?;
    let root = values[0].as_ref()?;
    let best = engine.space().index_of(&root.guess)?;
    let after: u64 = values[1..].iter().flatten().map(|p| p.total).sum();
    let n = n as f64;
    Some((best, root.total as f64 / n, (n + after as f64) / n))
}

/// One line on a move. In a game that ends once the secret is known (`known`: the coins), a
/// move is never the secret, so whether it could have been says nothing.
fn verdict(m: &MoveReview, won: bool, known: bool) -> String {
    if won {
        return if m.before == Remaining::Exact(1) {
            "Found it: the only secret left.".into()
        } else {
            format!("Found it, a lucky guess among {}.", secrets(&m.before))
        };
    }
    if m.repeated {
        return "Played before: it could tell nothing new.".into();
    }
    let word = match m.skill {
        100 => "Best move",
        90..=99 => "Excellent",
        75..=89 => "Good",
        50..=74 => "Inaccurate",
        _ => "Weak",
    };
    let of = match &m.before {
        Remaining::Exact(n) => n.to_string(),
        estimate => format!("about {}", number(estimate.value())),
    };
    let mut line = format!("{word}: left {} of {of}", secrets(&m.left));
    if m.skill < 100 {
        let would = match &m.best_left {
            Remaining::Exact(n) => n.to_string(),
            estimate => format!("about {}", number(estimate.value())),
        };
        line.push_str(&format!("; {} would have left {would}", m.best));
    }
    if !m.could_be_secret && m.before.exact().is_some_and(|n| n <= 2) && !known {
        line.push_str("; it could not be the secret");
    }
    line.push('.');
    line
}

/// A number of secrets in a verdict: `3 secrets`, `1 secret`, `about 1.23e9 secrets`.
fn secrets(r: &Remaining) -> String {
    match r {
        Remaining::Exact(1) => "1 secret".into(),
        Remaining::Exact(n) => format!("{n} secrets"),
        estimate => format!("about {} secrets", number(estimate.value())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::{Game, GameSpec};

    fn setup() -> (Game, AnyEngine) {
        let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        (game, engine)
    }

    /// Three coins, one heavier or lighter: no weighing is ever the secret, so no verdict
    /// says it "could not be the secret".
    #[test]
    fn a_weighing_is_never_blamed_for_not_being_the_secret() {
        use codebreak_core::list::{End, ListGame, ListParts};
        let guesses = ["a-b", "a-c"];
        let secrets = ["a+", "a-", "b+", "b-", "c+", "c-"];
        let mut table = Vec::new();
        for g in guesses {
            for s in secrets {
                let (coin, heavy) = (&s[..1], s.ends_with('+'));
                table.push(match g.find(coin) {
                    None => 1,
                    Some(0) => {
                        if heavy {
                            2
                        } else {
                            0
                        }
                    }
                    Some(_) => {
                        if heavy {
                            0
                        } else {
                            2
                        }
                    }
                });
            }
        }
        let list = ListGame::new(ListParts {
            end: End::Known,
            guesses: guesses.into_iter().collect(),
            secrets: secrets.into_iter().collect(),
            replies: vec!["<".into(), "=".into(), ">".into()],
            table,
            ..ListParts::default()
        })
        .unwrap();
        let game = Game::from_list(std::sync::Arc::new(list)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let secret = game.parse_secret("c-").unwrap();
        let history = codebreak_strategy::parse_history(&game, "a-b:=,a-c:>").unwrap();
        let r = review(&engine, &history, &secret, &ReviewOptions::default()).unwrap();
        for m in &r.moves {
            assert!(
                !m.verdict.contains("could not be the secret"),
                "{}",
                m.verdict
            );
        }
    }

    #[test]
    fn a_game_reviewed_move_by_move() {
        let (game, engine) = setup();
        let secret = game.parse_secret("1234").unwrap();
        let history =
            codebreak_strategy::parse_history(&game, "0011:0B1W,0011:0B1W,1234:4B0W").unwrap();
        let r = review(&engine, &history, &secret, &ReviewOptions::default()).unwrap();
        assert_eq!(r.moves.len(), 3);
        assert!(r.solved);
        let first = &r.moves[0];
        assert_eq!(first.before, Remaining::Exact(1296));
        assert_eq!(first.best_by, BestBy::Entropy);
        assert!(first.guesses_needed.is_none());
        assert!(first.skill < 100 && first.skill > 50, "{first:?}");
        assert_eq!(first.left, r.moves[1].before);
        // The repeat tells nothing: no information expected or gained, and said so.
        let again = &r.moves[1];
        assert!(again.repeated);
        assert_eq!(again.left, again.before);
        assert!(
            again.bits.abs() < 1e-9 && again.luck.abs() < 1e-9,
            "{again:?}"
        );
        assert!(
            again.verdict.starts_with("Played before"),
            "{}",
            again.verdict
        );
        // A position small enough is valued exactly; the winning move is a lucky find.
        let last = &r.moves[2];
        assert_eq!(last.left, Remaining::Exact(0));
        assert!(last.verdict.starts_with("Found it"), "{}", last.verdict);
        assert!(last.luck > 0.0);
        if !last.before.more_than(300) {
            assert_eq!(last.best_by, BestBy::Optimal);
            let (b, y) = (
                last.best_guesses_needed.unwrap(),
                last.guesses_needed.unwrap(),
            );
            assert!(b <= y && b >= 1.0, "{b} {y}");
        }
        let mean = r.moves.iter().map(|m| m.skill as f64).sum::<f64>() / 3.0;
        assert_eq!(r.skill, mean.round() as u32);
        assert!(r.method.contains("Luck"));
    }

    #[test]
    fn the_best_move_scores_full_skill_and_small_positions_are_exact() {
        let (game, engine) = setup();
        let secret = game.parse_secret("5555").unwrap();
        // After 0123:0B0W only 4s and 5s are left: 16 secrets, valued exactly.
        let score =
            |g: &str| game.format_feedback(game.score(&secret, &game.parse_guess(g).unwrap()));
        let h0 =
            codebreak_strategy::parse_history(&game, &format!("0123:0B0W,4444:{}", score("4444")))
                .unwrap();
        let r = review(&engine, &h0, &secret, &ReviewOptions::default()).unwrap();
        let best = r.moves[1].best.clone();
        let h =
            codebreak_strategy::parse_history(&game, &format!("0123:0B0W,{best}:{}", score(&best)))
                .unwrap();
        let r = review(&engine, &h, &secret, &ReviewOptions::default()).unwrap();
        let m = &r.moves[1];
        assert_eq!(m.before, Remaining::Exact(16));
        assert_eq!(m.best_by, BestBy::Optimal);
        assert_eq!(m.skill, 100, "{m:?}");
        assert_eq!(m.guesses_needed, m.best_guesses_needed);
        assert!(m.verdict.starts_with("Best move"), "{}", m.verdict);
    }

    #[test]
    fn replies_the_secret_would_not_give_are_refused() {
        let (game, engine) = setup();
        let secret = game.parse_secret("1234").unwrap();
        let h = codebreak_strategy::parse_history(&game, "0011:2B0W").unwrap();
        let e = review(&engine, &h, &secret, &ReviewOptions::default()).unwrap_err();
        assert!(e.to_string().contains("answers 0B1W"), "{e}");
    }
}
