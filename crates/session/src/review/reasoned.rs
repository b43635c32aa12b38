//! Reviews of games too large to list. The figures are the listed review's, found by reasoning
//! on the clues instead of listing the secrets:
//!
//! - *secrets left* are counted by the engine, exactly where a quick count settles them and
//!   as an estimate (marked as one, with its interval) where it does not;
//! - the *best guess* is the hint's: the one that gains the most information on a sample of
//!   the secrets that fit ([`FIT_SAMPLE`](crate::reasoned::FIT_SAMPLE)'s default 400), every
//!   secret once few enough fit to list them;
//! - *information* (bits) and *expected secrets left* are measured on that same sample, for
//!   your guess and the best one alike, so that skill compares like with like;
//! - no position is valued exactly, so *guesses still needed* stays empty.

use codebreak_huge::choose::{Objective, best_guess, score};
use codebreak_huge::{Budget, Clue, Code, CountOptions, SampleMethod, SampleOptions, Solver};
use rayon::prelude::*;

use super::{BestBy, MoveReview, ReviewReport};
use crate::error::SessionError;
use crate::game::reasoned::{ReasonedError, ReasonedGame};
use crate::remaining::Remaining;

/// How the figures are computed, for the page, on a game too large to list.
pub const METHOD: &str = "The game is too large to list its secrets, so the engine reasons on the clues: the secrets left are counted exactly where it can count them and estimated (with a 95% interval) where it cannot. \
Before each move, the best guess is the one that gains the most information (entropy) on a sample of the secrets that fit, every one of them once few enough are left; your guess is measured on the same sample. \
Skill is the information your guess was expected to gain over the best guess's (yours ÷ best), as a score from 0 to 100; the game's skill is the mean. \
Luck is the information the reply actually gave minus what your guess was expected to give, in bits; the game's luck is the sum.";

/// The review of `clues`, a game of `game` whose secret is `secret` (both already read and
/// checked against each other by the caller).
pub(crate) fn review(
    game: &ReasonedGame,
    clues: &[Clue],
    secret: &Code,
    sample: usize,
    budget: &Budget,
) -> Result<ReviewReport, SessionError> {
    let engine = *game.game();
    let win = game.win();
    let count = |clues: &[Clue]| -> Result<Remaining, SessionError> {
        let solver = Solver::new(engine, clues).map_err(ReasonedError::from)?;
        let count = solver
            .count(&count_options(), budget)
            .map_err(ReasonedError::from)?;
        Ok(Remaining::of_count(&game.count_report(&count)))
    };
    // The secrets left after each prefix of the game (independent counts, on both cores);
    // the last reply that finds the secret leaves none.
    let counts: Vec<Remaining> = (0..=clues.len())
        .into_par_iter()
        .map(|k| match k.checked_sub(1).map(|j| &clues[j]) {
            Some(c) if c.reply == win => Ok(Remaining::Exact(0)),
            _ => count(&clues[..k]),
        })
        .collect::<Result<_, _>>()?;
    let moves = (0..clues.len())
        .into_par_iter()
        .map(|k| {
            let clue = &clues[k];
            let (before, left) = (&counts[k], &counts[k + 1]);
            let solver = Solver::new(engine, &clues[..k]).map_err(ReasonedError::from)?;
            let options = SampleOptions {
                seed: k as u64,
                ..SampleOptions::default()
            };
            let drawn = solver
                .sample(sample, &options, budget)
                .map_err(ReasonedError::from)?;
            let codes = &drawn.codes;
            let stats = |guess: &Code| Stats::of(game, codes, guess, before);
            let yours = stats(&clue.guess);
            let found = best_guess(&engine, codes, codes, Objective::Entropy)
                .map(|s| s.guess)
                .unwrap_or(clue.guess);
            // The best on the sample is a secret of the sample: a guess from elsewhere that
            // splits it at least as well is the best itself.
            let (best, best_stats) = match stats(&found) {
                b if b.bits > yours.bits => (found, b),
                _ => (clue.guess, yours),
            };
            let best_left = if best == *secret {
                Remaining::Exact(0)
            } else if best == clue.guess {
                left.clone()
            } else {
                let mut h = clues[..k].to_vec();
                h.push(Clue::new(best, game.score(secret, &best)));
                count(&h)?
            };
            // What the reply told: secrets before over secrets in the guess's class (one when
            // it found the secret).
            let class = if clue.reply == win { 1.0 } else { left.value() };
            let skill = if best_stats.bits > 0.0 {
                100.0 * yours.bits / best_stats.bits
            } else {
                100.0
            };
            Ok(MoveReview {
                number: k + 1,
                played: (&game.move_report(clue)).into(),
                before: before.clone(),
                left: left.clone(),
                expected_left: yours.expected_left,
                bits: yours.bits,
                could_be_secret: solver.fits(&clue.guess),
                repeated: clues[..k].iter().any(|c| c.guess == clue.guess),
                best: game.format_code(&best),
                best_by: match drawn.method {
                    SampleMethod::All => BestBy::Entropy,
                    _ => BestBy::Sampled,
                },
                best_left,
                best_expected_left: best_stats.expected_left,
                best_bits: best_stats.bits,
                guesses_needed: None,
                best_guesses_needed: None,
                skill: skill.round().clamp(0.0, 100.0) as u32,
                luck: (before.value() / class).log2() - yours.bits,
                verdict: String::new(),
            })
        })
        .collect::<Result<Vec<MoveReview>, SessionError>>()?;
    Ok(ReviewReport {
        secret: game.format_code(secret),
        solved: clues.last().is_some_and(|c| c.reply == win),
        moves,
        skill: 0,
        luck: 0.0,
        method: METHOD.into(),
    })
}

/// How a review counts: with less effort than a hint, since it counts twice a move. A count
/// the quick search and a small dynamic programme do not settle is estimated rather than
/// carried through a long exact search (a hint counts Project Euler 185's 80,019,353 secrets
/// after 12 of its clues exactly, in 87 s).
fn count_options() -> CountOptions {
    CountOptions {
        search_nodes: 200_000,
        dp_states: 100_000,
        exact_nodes: 2_000_000,
        ..CountOptions::default()
    }
}

/// What a guess is expected to do, measured on a sample of the secrets that fit.
#[derive(Clone, Copy)]
struct Stats {
    /// Information expected, in bits.
    bits: f64,
    /// Secrets expected to be left: the count times the sample's Σ size² / n².
    expected_left: f64,
}

impl Stats {
    fn of(game: &ReasonedGame, sample: &[Code], guess: &Code, before: &Remaining) -> Stats {
        let engine = game.game();
        let n = sample.len() as f64;
        if n == 0.0 {
            return Stats {
                bits: 0.0,
                expected_left: 0.0,
            };
        }
        let part = -score(engine, sample, guess, Objective::ExpectedSize) / n;
        Stats {
            bits: score(engine, sample, guess, Objective::Entropy),
            expected_left: before.value() * part,
        }
    }
}

#[cfg(test)]
mod tests {
    use codebreak_core::{GameKind, GameSpec};

    use crate::reasoned::{Budget, Clue, PlayOptions, ReasonedGame};
    use crate::{BestBy, Game, Remaining, ReviewOptions};

    /// A game the engine plays to the end on `spec`, as a history text, with its secret.
    fn played(spec: &GameSpec, secret: &[u8]) -> (String, String) {
        let game = ReasonedGame::new(spec).unwrap();
        let engine = *game.game();
        let secret = engine.code(secret).unwrap();
        let mut player = codebreak_huge::Player::new(PlayOptions::default());
        let mut clues: Vec<Clue> = Vec::new();
        while clues.last().is_none_or(|c| c.reply != game.win()) {
            let guess = player
                .next_guess(&engine, &clues, &Budget::default())
                .unwrap()
                .choice
                .guess;
            clues.push(Clue::new(guess, engine.score(&secret, &guess)));
        }
        let text = clues
            .iter()
            .map(|c| {
                format!(
                    "{}:{}",
                    game.format_code(&c.guess),
                    game.format_reply(c.reply)
                )
            })
            .collect::<Vec<_>>()
            .join(",");
        (text, game.format_code(&secret))
    }

    #[test]
    fn a_game_too_large_to_list_is_reviewed_with_estimates_said_so() {
        let spec = GameSpec::mastermind(16, 6);
        let (history, secret) = played(&spec, &[0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 5, 4, 3, 2]);
        let game = Game::new(&spec).unwrap();
        assert!(!game.exact());
        let h = game.parse_history(&history).unwrap();
        let r = game
            .review(&h, &secret, &ReviewOptions::default(), &Budget::default())
            .unwrap();
        assert!(r.solved);
        assert_eq!(r.moves.len(), h.len());
        let first = &r.moves[0];
        assert_eq!(first.before, Remaining::Exact(6u128.pow(16)));
        assert_eq!(first.best_by, BestBy::Sampled);
        assert!(first.guesses_needed.is_none());
        // Early counts are estimates, and say so; the last move leaves nothing.
        assert!(r.moves[1].before.exact().is_none(), "{:?}", r.moves[1]);
        assert_eq!(r.moves.last().unwrap().left, Remaining::Exact(0));
        for pair in r.moves.windows(2) {
            assert_eq!(pair[0].left, pair[1].before);
        }
        for m in &r.moves {
            assert!(m.skill <= 100 && !m.verdict.is_empty(), "{m:?}");
            assert!(m.best_bits >= m.bits - 1e-9, "{m:?}");
        }
        assert!(r.moves.last().unwrap().verdict.starts_with("Found it"));
        assert!(r.method.contains("sample"));
    }

    #[test]
    fn reasoned_and_listed_reviews_count_alike() {
        // Black-peg 5 of 10 fits in memory; reasoned on its clues, it counts exactly too.
        let spec = GameSpec {
            kind: GameKind::BlackPeg,
            pegs: Some(5),
            colors: Some(10),
            ..GameSpec::default()
        };
        let history = "90342:2,70794:0,39458:2,34109:1,51545:2,12531:1,39542:5";
        let listed = Game::new(&spec).unwrap();
        let reasoned = Game::reasoned(&spec).unwrap();
        let review = |g: &Game| {
            g.review(
                &g.parse_history(history).unwrap(),
                "39542",
                &ReviewOptions::default(),
                &Budget::default(),
            )
            .unwrap()
        };
        let (a, b) = (review(&listed), review(&reasoned));
        for (x, y) in a.moves.iter().zip(&b.moves) {
            assert_eq!((&x.before, &x.left), (&y.before, &y.left));
            assert_eq!(x.could_be_secret, y.could_be_secret);
        }
        let keys = |r: &crate::ReviewReport| {
            let v = serde_json::to_value(&r.moves[0]).unwrap();
            v.as_object().unwrap().keys().cloned().collect::<Vec<_>>()
        };
        assert_eq!(keys(&a), keys(&b));
        // A reply the secret would not give is refused, naming the move.
        let e = reasoned
            .review(
                &reasoned.parse_history("90342:3").unwrap(),
                "39542",
                &ReviewOptions::default(),
                &Budget::default(),
            )
            .unwrap_err();
        assert!(e.to_string().contains("move 1"), "{e}");
    }
}
