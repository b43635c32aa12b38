//! Hints: from the moves so far, how many secrets remain, which, and what each strategy would
//! play next and why.
//!
//! Hints are stateless: the caller sends the moves it knows, and no secret is involved, so a
//! hint can never leak one.

pub(crate) mod reasoned;

use codebreak_core::{AnyEngine, Code, Feedback, Named};
use codebreak_strategy::two_phase::TwoPhase;
use codebreak_strategy::{
    AnyStrategy, HintError, PartitionStats, StrategyKind, StrategyOptions, Suggestion,
};
use serde::{Deserialize, Serialize};

use crate::Remaining;
use crate::error::SessionError;
use crate::report::Contradiction;

/// What to ask a hint for.
#[derive(Clone, Debug, Default)]
pub struct HintOptions {
    /// The strategies whose next guess to show, in this order; `None` asks every strategy that
    /// applies to the game (options that do not apply to one are dropped for it).
    pub strategies: Option<Vec<StrategyKind>>,
    /// Their options.
    pub options: StrategyOptions,
    /// How many of the remaining secrets to list (see [`crate::SHOW`]).
    pub show: usize,
}

/// A strategy's next guess, and why it plays it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuggestionReport {
    /// The strategy.
    pub strategy: StrategyKind,
    /// The strategy with its options, e.g. `minimax (pool all, ties consistent)`.
    pub description: String,
    /// The guess it would play.
    pub guess: String,
    /// Why, in the strategy's own terms.
    pub why: String,
    /// The largest class of secrets the guess can leave (Knuth's worst case). Listed games
    /// only: a game too large to list scores its guess on a sample ([`Self::fit_sample`]).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub largest_class: Option<u32>,
    /// The expected number of secrets it leaves (Irving): Σ size² / n. Listed games only.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub expected_size: Option<f64>,
    /// Information it gains, in bits (Neuwirth). Listed games only.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub entropy: Option<f64>,
    /// Distinct replies it can get (Kooi). Listed games only.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub parts: Option<usize>,
    /// Whether it could be the secret.
    pub could_be_secret: bool,
    /// The sample of the pool the guess was chosen from, when the pool was too large to score
    /// whole (see [`codebreak_core::Sampling`]); null otherwise.
    pub sample: Option<codebreak_core::Sample>,
    /// On a game too large to list: the sample of secrets the guess was scored on, so its
    /// figures are estimates (absent on listed games).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub fit_sample: Option<FitSample>,
}

/// The sample of fitting secrets a guess of a game too large to list was chosen on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FitSample {
    /// Secrets in the sample.
    pub secrets: usize,
    /// Candidate guesses scored on it.
    pub candidates: usize,
    /// How the sample was drawn, in words.
    pub method: String,
    /// The guess's score on the sample, by the strategy's objective (bits of entropy, minus
    /// the expected part size, or the number of parts).
    pub score: f64,
}

/// A strategy left out of a hint, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Omitted {
    /// The strategy.
    pub strategy: StrategyKind,
    /// Why it is left out.
    pub why: String,
}

/// The answer to a hint: `hint --json`, `POST /api/hint` and the Python `hint()`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HintReport {
    /// Secrets still consistent with every reply: a number when exact, an estimate object on
    /// a game too large to list that cannot count them (see [`Remaining`]).
    pub remaining: Remaining,
    /// The first of them in the game's order (at most the number asked for).
    pub candidates: Vec<String>,
    /// The winning guess, when the last reply says the secret was found.
    pub solved: Option<String>,
    /// The first suggestion's guess (none when every strategy asked for is left out).
    pub guess: Option<String>,
    /// One suggestion per strategy, in the order asked.
    pub suggestions: Vec<SuggestionReport>,
    /// Strategies asked for but left out, with the reason.
    pub omitted: Vec<Omitted>,
}

/// Why a strategy picks its guess, in its own terms.
fn why(kind: StrategyKind, st: &PartitionStats) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match kind {
        StrategyKind::Minimax => format!(
            "smallest worst case: at most {} left",
            plural(st.largest as usize, "secret", "secrets")
        ),
        StrategyKind::ExpectedSize => format!(
            "smallest expected number of secrets left: {:.2}",
            st.expected_size
        ),
        StrategyKind::Entropy => format!("most information: {:.3} bits", st.entropy),
        StrategyKind::MostParts => format!(
            "most distinct replies: {}",
            plural(st.parts, "reply", "replies")
        ),
        StrategyKind::First => "the first code that could still be the secret".into(),
        StrategyKind::Random => "a random code that could still be the secret".into(),
        StrategyKind::TwoPhase => "the next probe or arrangement of the two-phase AI".into(),
    }
}

/// Computes a hint after `history`.
///
/// Strategies chosen explicitly get the options as given (an option a strategy does not take is
/// refused); with every strategy, each gets the options that apply to it. Two-phase reads its
/// state from its own moves, so after a move it would not have played it is left out, with the
/// reason, as is a strategy that does not apply to the game when every strategy is asked.
///
/// Fails with a [`Contradiction`] when no secret gives every reply.
pub fn hint(
    engine: &AnyEngine,
    history: &[(Code, Feedback)],
    opts: &HintOptions,
) -> Result<HintReport, SessionError> {
    let game = engine.game();
    crate::MOVES.check(history.len() as u64)?;
    crate::SHOW.check(opts.show as u64)?;
    codebreak_strategy::history::indices(engine, history)?;
    let mut omitted = Vec::new();
    let foreign = TwoPhase::foreign_note(game, history);
    let mut strategies = Vec::new();
    match &opts.strategies {
        Some(kinds) => {
            crate::STRATEGIES.check(kinds.len() as u64)?;
            for &k in kinds {
                let s = AnyStrategy::build(k, &opts.options, game, engine.space())?;
                strategies.push(s);
            }
        }
        None => {
            for &k in StrategyKind::ALL {
                if k.unsupported(game).is_some() {
                    continue;
                }
                strategies.push(AnyStrategy::lenient(
                    k,
                    &opts.options,
                    game,
                    engine.space(),
                )?);
            }
        }
    }
    if let Some(why) = foreign {
        strategies.retain(|s| {
            let keep = s.kind() != StrategyKind::TwoPhase;
            if !keep {
                omitted.push(Omitted {
                    strategy: StrategyKind::TwoPhase,
                    why: why.clone(),
                });
            }
            keep
        });
    }
    let h = match codebreak_strategy::hint(engine, &strategies, history, opts.show) {
        Ok(h) => h,
        Err(HintError::NotAGuess(e)) => return Err(e.into()),
        Err(HintError::Contradiction(d)) => {
            return Err(SessionError::Contradiction(Box::new(
                Contradiction::listed(engine, history, &d, ""),
            )));
        }
    };
    // In a game that ends when the secret is known, one secret left is the end: nothing
    // more to play.
    let known = game.end() == codebreak_core::End::Known && h.remaining == 1;
    let solved = match known {
        true => h.candidates.first().map(|c| game.format_code(c)),
        false => history
            .last()
            .filter(|(_, f)| *f == game.win())
            .map(|(g, _)| game.format_code(g)),
    };
    let suggestions: Vec<SuggestionReport> = h
        .suggestions
        .iter()
        .zip(&strategies)
        .filter(|_| !known)
        .map(|(s, strat): (&Suggestion, &AnyStrategy)| SuggestionReport {
            strategy: strat.kind(),
            description: strat.describe(game),
            guess: game.format_code(&s.guess),
            why: why(strat.kind(), &s.stats),
            largest_class: Some(s.stats.largest),
            expected_size: Some(s.stats.expected_size),
            entropy: Some(s.stats.entropy),
            parts: Some(s.stats.parts),
            could_be_secret: s.stats.consistent,
            sample: s.sample,
            fit_sample: None,
        })
        .collect();
    Ok(HintReport {
        remaining: h.remaining.into(),
        candidates: h.candidates.iter().map(|c| game.format_code(c)).collect(),
        solved,
        guess: suggestions.first().map(|s| s.guess.clone()),
        suggestions,
        omitted,
    })
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

    #[test]
    fn every_strategy_by_default_and_two_phase_left_out_after_foreign_moves() {
        let (game, engine) = setup();
        let history = codebreak_strategy::parse_history(&game, "0123:1B1W").unwrap();
        let h = hint(
            &engine,
            &history,
            &HintOptions {
                show: 3,
                ..HintOptions::default()
            },
        )
        .unwrap();
        assert_eq!(h.suggestions.len(), StrategyKind::ALL.len() - 1);
        assert_eq!(h.omitted.len(), 1);
        assert_eq!(h.omitted[0].strategy, StrategyKind::TwoPhase);
        assert_eq!(h.candidates.len(), 3);
        assert!(h.remaining.more_than(3));
        assert_eq!(h.guess.as_ref(), Some(&h.suggestions[0].guess));
        assert!(h.solved.is_none());
        let json = serde_json::to_value(&h).unwrap();
        assert_eq!(json["suggestions"][1]["strategy"], "minimax");
    }

    #[test]
    fn options_refused_for_one_strategy_dropped_for_all() {
        let (game, engine) = setup();
        let opts = StrategyOptions {
            seed: Some(3),
            ..StrategyOptions::default()
        };
        let one = HintOptions {
            strategies: Some(vec![StrategyKind::Minimax]),
            options: opts.clone(),
            show: 0,
        };
        assert!(matches!(
            hint(&engine, &[], &one),
            Err(SessionError::Strategy(_))
        ));
        let all = HintOptions {
            options: opts,
            ..HintOptions::default()
        };
        let h = hint(&engine, &[], &all).unwrap();
        let random = h
            .suggestions
            .iter()
            .find(|s| s.strategy == StrategyKind::Random)
            .unwrap();
        assert!(
            random.description.contains("seed 3"),
            "{}",
            random.description
        );
        let _ = game;
    }

    #[test]
    fn contradictions_come_with_a_diagnosis() {
        let (game, engine) = setup();
        let history = codebreak_strategy::parse_history(&game, "0011:0B0W,0123:4B0W").unwrap();
        let Err(SessionError::Contradiction(c)) = hint(&engine, &history, &HintOptions::default())
        else {
            panic!("a contradiction");
        };
        assert_eq!(c.diagnosis.as_ref().unwrap().changes, 1);
        assert!(c.error.contains("answer"), "{}", c.error);
    }

    #[test]
    fn a_guess_of_another_game_is_refused() {
        let (_, engine) = setup();
        let other = Game::new(&GameSpec::mastermind(5, 8)).unwrap();
        let g = other.parse_guess("77777").unwrap();
        let r = hint(&engine, &[(g, Feedback(0))], &HintOptions::default());
        assert!(matches!(r, Err(SessionError::NotAGuess(_))), "{r:?}");
    }
}
