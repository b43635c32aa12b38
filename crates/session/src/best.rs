//! The exact best next guess of a position, where the position is small enough to search:
//! what an assistant shows beside the strategies' suggestions.
//!
//! **Method.** The exact optimum (fewest guesses in all, found by `codebreak-search`) from the
//! position on, when at most [`ReviewOptions::exact_secrets`] secrets are still possible and
//! the search finishes within [`ReviewOptions::node_budget`] nodes; otherwise no exact move,
//! with the reason. The work is bounded the same way as a review's.

use codebreak_core::{AnyEngine, Code, Feedback, dispatch_engine};
use codebreak_search::{Search, SearchError, SearchOptions};
use serde::{Deserialize, Serialize};

use crate::Remaining;
use crate::error::SessionError;
use crate::review::{EXACT_SECRETS, ReviewOptions};

/// The exact best move of a position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExactMove {
    /// A guess that needs the fewest guesses in all.
    pub guess: String,
    /// Those guesses, summed over the secrets still possible (each counted from this guess on).
    pub total: u64,
    /// The expected number of guesses still needed, this one included (`total / remaining`).
    pub expected: f64,
    /// Whether the guess could be the secret.
    pub could_be_secret: bool,
}

/// The exact best move of a position, or why there is none.
///
/// ```
/// use codebreak_core::{AnyEngine, Game, GameSpec};
/// use codebreak_session::{ReviewOptions, best};
/// let game = Game::new(&GameSpec::mastermind(3, 3)).unwrap();
/// let engine = AnyEngine::new(&game).unwrap();
/// let history = codebreak_strategy::parse_history(&game, "001:1B0W").unwrap();
/// let b = best(&engine, &history, &ReviewOptions::default()).unwrap();
/// assert_eq!(b.remaining, codebreak_session::Remaining::Exact(6));
/// let exact = b.exact.unwrap();
/// assert!(exact.expected >= 1.0 && exact.expected < 3.0);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BestReport {
    /// Secrets still possible: a number when exact, an estimate object on a game too large
    /// to list that cannot count them (see [`Remaining`]).
    pub remaining: Remaining,
    /// The exact best move, when the position was small enough to search.
    pub exact: Option<ExactMove>,
    /// Why there is no exact move (too many secrets, or the search ran out of budget).
    pub why_not: Option<String>,
}

/// The exact best next guess after `history`, within the bounds of `opts`. Fails when a move's
/// guess is not a guess of the game; a position no secret fits has no exact move.
pub fn best(
    engine: &AnyEngine,
    history: &[(Code, Feedback)],
    opts: &ReviewOptions,
) -> Result<BestReport, SessionError> {
    crate::MOVES.check(history.len() as u64)?;
    EXACT_SECRETS.check(opts.exact_secrets as u64)?;
    let moves = codebreak_strategy::history::indices(engine, history)?;
    let remaining = dispatch_engine!(engine, e => e.consistent(&moves).len());
    let refused = |why: String| BestReport {
        remaining: remaining.into(),
        exact: None,
        why_not: Some(why),
    };
    if remaining == 0 {
        return Ok(refused("no secret fits every reply".into()));
    }
    if remaining > opts.exact_secrets {
        return Ok(refused(format!(
            "it is searched once at most {} secrets are left",
            opts.exact_secrets
        )));
    }
    // The same call as `codebreak optimal --history`: the exact optimum below the position.
    let search = Search::new(
        engine,
        SearchOptions {
            node_limit: Some(opts.node_budget),
            history: moves.clone(),
            ..SearchOptions::default()
        },
        true,
    )
    .map_err(|e| SessionError::Setup(e.to_string()))?;
    let solution = match search.run() {
        Ok(s) => s,
        Err(SearchError::Interrupted) => {
            return Ok(refused(
                "the search did not finish within its budget: the position is still too open"
                    .into(),
            ));
        }
        Err(e) => return Ok(refused(e.to_string())),
    };
    let (best_guess, total) = (&solution.tree.root.guess, solution.subtree_total());
    let guess = engine.space().index_of(best_guess);
    let could_be_secret =
        guess.is_some_and(|g| dispatch_engine!(engine, e => e.consistent(&moves).contains(g)));
    Ok(BestReport {
        remaining: remaining.into(),
        exact: Some(ExactMove {
            guess: engine.game().format_code(best_guess),
            total,
            expected: total as f64 / remaining as f64,
            could_be_secret,
        }),
        why_not: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::{Game, GameSpec};

    #[test]
    fn small_positions_are_exact_and_large_ones_say_why_not() {
        let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let opening = best(&engine, &[], &ReviewOptions::default()).unwrap();
        assert_eq!(opening.remaining, Remaining::Exact(1296));
        assert!(opening.exact.is_none());
        assert!(opening.why_not.unwrap().contains("300"));
        let h = codebreak_strategy::parse_history(&game, "0011:1B1W,1223:0B2W").unwrap();
        let b = best(&engine, &h, &ReviewOptions::default()).unwrap();
        let exact = b.exact.expect("a small position is searched");
        assert!(exact.expected >= 1.0, "{exact:?}");
        assert_eq!(exact.total as f64 / b.remaining.value(), exact.expected);
        // The value is the position's optimum, as the search's batch of positions (the
        // review's call) finds it too.
        let moves = codebreak_strategy::history::indices(&engine, &h).unwrap();
        let search = Search::new(&engine, SearchOptions::default(), true).unwrap();
        let p = search.positions(&[moves]).unwrap().remove(0).unwrap();
        assert_eq!(
            (Remaining::from(p.secrets as usize), p.total),
            (b.remaining, exact.total)
        );
        // A contradiction has no best move.
        let h = codebreak_strategy::parse_history(&game, "0123:4B0W,0123:0B0W").unwrap();
        assert_eq!(
            best(&engine, &h, &ReviewOptions::default())
                .unwrap()
                .remaining,
            Remaining::Exact(0)
        );
    }
}
