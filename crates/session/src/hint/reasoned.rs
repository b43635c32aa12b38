//! Hints on games too large to list: how many secrets remain (exact or estimated), a few of
//! them, and a next guess chosen on a sample.

use std::time::{Duration, Instant};

use codebreak_huge::{Budget, Clue, CountOptions, PlayOptions, Solver};
use serde::Serialize;

use crate::game::reasoned::{CountReport, GuessReport, ReasonedError, ReasonedGame, ReasonedMove};
use crate::report::Contradiction;

/// Tunables of [`hint`].
#[derive(Clone, Debug)]
pub struct HintOptions {
    /// How many of the remaining secrets to list (the first ones the search finds).
    pub show: usize,
    /// How the next guess is chosen (sample size, objective, seed).
    pub play: PlayOptions,
    /// How the count is made (search effort before estimating, draws of an estimate).
    pub count: CountOptions,
    /// Time allowed to look for the smallest set of contradicting clues. Default 10 s.
    pub conflict_time: Duration,
    /// Time allowed to find a first secret that fits (or to rule them all out) before giving
    /// up with [`ReasonedError::Undecided`]. Default [`FIND_TIME`].
    pub find_time: Duration,
}

/// Time the search for a first secret that fits is given by default: 60 s (Project Euler 185
/// takes 0.1 s, random 20-digit puzzles 0.5 s on average).
pub const FIND_TIME: Duration = Duration::from_secs(60);

/// The first secret that fits `solver`'s history, `None` when none does, or
/// [`ReasonedError::Undecided`] when the search ran past `time` (a deadline of `budget`'s own, or
/// Ctrl-C, stops it as usual).
pub(crate) fn find_within(
    solver: &Solver,
    time: Duration,
    budget: &Budget,
) -> Result<Option<codebreak_huge::Code>, ReasonedError> {
    let own = Instant::now() + time;
    let limited = Budget {
        deadline: Some(budget.deadline.map_or(own, |d| d.min(own))),
        ..budget.clone()
    };
    match solver.find(&limited) {
        Err(codebreak_huge::Stopped::Deadline) if budget.deadline.is_none_or(|d| own < d) => {
            Err(ReasonedError::Undecided {
                clues: solver.clues().len(),
                seconds: time.as_secs(),
            })
        }
        other => Ok(other?),
    }
}

impl Default for HintOptions {
    fn default() -> HintOptions {
        HintOptions {
            show: 10,
            play: PlayOptions::default(),
            count: CountOptions::default(),
            conflict_time: Duration::from_secs(10),
            find_time: FIND_TIME,
        }
    }
}

/// What remains possible after some moves of a game too large to list, and what to play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReasonedHint {
    /// The game in words.
    pub game: String,
    /// Base-10 logarithm of the number of possible secrets before any clue.
    pub log10_secrets: f64,
    /// The moves, oldest first.
    pub moves: Vec<ReasonedMove>,
    /// The secret, when the last reply says it was found.
    pub solved: Option<String>,
    /// How many secrets fit every reply: exact, or an estimate marked as such.
    pub remaining: CountReport,
    /// Some of them: the first ones the search finds (no order is promised).
    pub secrets: Vec<String>,
    /// The next guess (none once solved).
    pub guess: Option<GuessReport>,
    /// The strategy that chose it.
    pub strategy: String,
    /// Seconds the hint took.
    pub seconds: f64,
}

/// The hint after `clues`. Fails with [`ReasonedError::Contradiction`] when no secret fits them,
/// naming the fewest clues found (within [`HintOptions::conflict_time`]) that already
/// contradict each other.
///
/// ```
/// use codebreak_core::{GameKind, GameSpec};
/// use codebreak_session::reasoned::{Budget, HintOptions, ReasonedGame, hint};
/// let spec = GameSpec { kind: GameKind::BlackPeg, pegs: Some(5), colors: Some(10), ..GameSpec::default() };
/// let game = ReasonedGame::new(&spec).unwrap();
/// let clues = game.parse_history("90342 2, 70794 0, 39458 2, 34109 1, 51545 2, 12531 1").unwrap();
/// let h = hint(&game, &clues, &HintOptions::default(), &Budget::default()).unwrap();
/// assert_eq!(h.remaining.count, Some(1));
/// assert_eq!(h.secrets, vec!["39542"]);
/// assert_eq!(h.guess.unwrap().guess, "39542");
/// ```
pub fn hint(
    game: &ReasonedGame,
    clues: &[Clue],
    options: &HintOptions,
    budget: &Budget,
) -> Result<ReasonedHint, ReasonedError> {
    let start = Instant::now();
    let solver = Solver::new(*game.game(), clues)?;
    let moves = clues.iter().map(|c| game.move_report(c)).collect();
    let strategy = crate::game::reasoned::objective_name(options.play.objective).to_string();
    let solved = clues
        .last()
        .filter(|c| c.reply == game.win())
        .map(|c| c.guess);
    if let Some(c) = repeated_guess(game, &solver, budget)? {
        return Err(c);
    }
    let first = find_within(&solver, options.find_time, budget)?;
    if first.is_none() {
        return Err(contradiction(game, &solver, options.conflict_time, budget)?);
    }
    let remaining = CountReport::of(&solver.count(&options.count, budget)?);
    if let Some(secret) = solved {
        return Ok(ReasonedHint {
            game: game.to_string(),
            log10_secrets: game.log10_secrets(),
            moves,
            solved: Some(game.format_code(&secret)),
            remaining,
            secrets: vec![game.format_code(&secret)],
            guess: None,
            strategy,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    // The first secret in search order is already known: a unique answer (the puzzles'
    // case, where each search can take many seconds) needs no second search.
    let secrets = match (remaining.count, first) {
        (Some(1), Some(code)) if options.show >= 1 => vec![game.format_code(&code)],
        _ => solver
            .secrets(budget)
            .take(options.show)
            .map(|r| r.map(|c| game.format_code(&c)))
            .collect::<Result<Vec<_>, _>>()?,
    };
    let mut remaining = remaining;
    remaining.at_least(secrets.len());
    // One or two secrets left: the first is the guess, as the engine would
    // choose, without the sampling machinery (whose black-peg tables can take minutes on
    // 20-digit puzzles the search has already settled).
    let settled = match remaining.count {
        Some(n) if n <= 2 => first,
        _ => None,
    };
    let next = match settled {
        Some(code) => codebreak_huge::NextGuess {
            choice: codebreak_huge::Scored {
                guess: code,
                score: 0.0,
                in_sample: true,
            },
            method: codebreak_huge::SampleMethod::All,
            sample: remaining.count.unwrap_or(1) as usize,
            candidates: 1,
        },
        None => codebreak_huge::next_guess(game.game(), clues, &options.play, budget)
            .map_err(play_error)?,
    };
    let fits = solver.fits(&next.choice.guess);
    Ok(ReasonedHint {
        game: game.to_string(),
        log10_secrets: game.log10_secrets(),
        moves,
        solved: None,
        remaining,
        secrets,
        guess: Some(GuessReport::of(game, &next, fits)),
        strategy,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// An engine play error as a session error (contradictions are found before the engine is
/// asked for a guess, so one here is reported without its smallest set).
pub(crate) fn play_error(e: codebreak_huge::PlayError) -> ReasonedError {
    match e {
        codebreak_huge::PlayError::Stopped(s) => ReasonedError::Stopped(s),
        other => ReasonedError::Setup(other.to_string()),
    }
}

/// The contradiction of a history that gives one guess two different replies, found without a
/// search (the engine's propagation does not compare clues of the same guess, and its search
/// can take very long to refute them): the first such pair, smallest when no clue alone fits
/// no secret (each is checked on its own).
pub(crate) fn repeated_guess(
    game: &ReasonedGame,
    solver: &Solver,
    budget: &Budget,
) -> Result<Option<ReasonedError>, ReasonedError> {
    let clues = solver.clues();
    let pair = (0..clues.len()).find_map(|j| {
        (0..j)
            .find(|&i| clues[i].guess == clues[j].guess && clues[i].reply != clues[j].reply)
            .map(|i| (i, j))
    });
    let Some((i, j)) = pair else {
        return Ok(None);
    };
    let mut single = None;
    let mut smallest = true;
    let check = budget.limited(Some(100_000));
    for (k, clue) in clues.iter().enumerate() {
        let alone = Solver::new(*game.game(), std::slice::from_ref(clue))?;
        match alone.exists(&check) {
            Ok(true) => {}
            Ok(false) => {
                single = Some(k);
                break;
            }
            Err(codebreak_huge::Stopped::Limit(_)) => smallest = false,
            Err(e) => return Err(e.into()),
        }
    }
    let (conflict, quality) = match single {
        Some(k) => (vec![k], "smallest"),
        None => (vec![i, j], if smallest { "smallest" } else { "minimal" }),
    };
    let c = Contradiction::reasoned(
        clues.len(),
        conflict.iter().map(|k| k + 1).collect(),
        quality,
        conflict
            .iter()
            .map(|&k| (&game.move_report(&clues[k])).into())
            .collect(),
    );
    Ok(Some(ReasonedError::Contradiction(Box::new(c))))
}

/// The contradiction of a history no secret fits, with the fewest clues found within `time`
/// that already contradict each other. Only a cancel stops it early with an error; a deadline
/// (the caller's or `time`) leaves the set found so far, or none.
pub(crate) fn contradiction(
    game: &ReasonedGame,
    solver: &Solver,
    time: Duration,
    budget: &Budget,
) -> Result<ReasonedError, ReasonedError> {
    let deadline = Instant::now() + time;
    let limited = Budget {
        deadline: Some(budget.deadline.map_or(deadline, |d| d.min(deadline))),
        ..budget.clone()
    };
    let found = match solver.conflict(&Default::default(), &limited) {
        Ok(c) => c,
        Err(codebreak_huge::Stopped::Deadline) if budget.interrupted().is_ok() => None,
        Err(e) => return Err(e.into()),
    };
    let (conflict, quality) = match found {
        Some(c) => (
            c.clues,
            match c.quality {
                codebreak_huge::ConflictQuality::Smallest => "smallest",
                codebreak_huge::ConflictQuality::Minimal => "minimal",
                codebreak_huge::ConflictQuality::Reduced => "reduced",
            },
        ),
        None => (Vec::new(), "reduced"),
    };
    let moves = conflict
        .iter()
        .map(|&i| (&game.move_report(&solver.clues()[i])).into())
        .collect();
    let c = Contradiction::reasoned(
        solver.clues().len(),
        conflict.iter().map(|i| i + 1).collect(),
        quality,
        moves,
    );
    Ok(ReasonedError::Contradiction(Box::new(c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::GameSpec;

    #[test]
    fn a_first_search_past_its_time_is_undecided_unless_the_caller_set_the_deadline() {
        let game = ReasonedGame::new(&GameSpec::mastermind(16, 6)).unwrap();
        let clues = game.parse_history("0011223344550123 3B7W").unwrap();
        let solver = Solver::new(*game.game(), &clues).unwrap();
        let found = find_within(&solver, FIND_TIME, &Budget::default()).unwrap();
        assert!(found.is_some_and(|c| solver.fits(&c)));
        match find_within(&solver, Duration::ZERO, &Budget::default()) {
            Err(ReasonedError::Undecided {
                clues: 1,
                seconds: 0,
            }) => {}
            other => panic!("expected undecided, got {other:?}"),
        }
        let caller = Budget::default().with_timeout(Duration::ZERO);
        match find_within(&solver, FIND_TIME, &caller) {
            Err(ReasonedError::Stopped(codebreak_huge::Stopped::Deadline)) => {}
            other => panic!("expected the caller's deadline, got {other:?}"),
        }
        let h = hint(
            &game,
            &clues,
            &HintOptions {
                find_time: Duration::ZERO,
                ..HintOptions::default()
            },
            &Budget::default(),
        );
        assert!(matches!(h, Err(ReasonedError::Undecided { .. })), "{h:?}");
    }
}
