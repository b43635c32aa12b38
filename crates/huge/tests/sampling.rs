//! Sampling frequencies against uniform (chi-square), conflicts, budgets.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use codebreak_huge::{
    Budget, Clue, ConflictOptions, ConflictQuality, Family, Game, Reply, SampleMethod,
    SampleOptions, Solver, Stopped,
};

/// Pearson's statistic of `draws` codes against a uniform spread over `cells` codes.
fn chi_square(draws: &[codebreak_huge::Code], cells: usize) -> f64 {
    let mut freq = HashMap::new();
    for c in draws {
        *freq.entry(*c).or_insert(0usize) += 1;
    }
    assert!(freq.len() <= cells);
    let expected = draws.len() as f64 / cells as f64;
    let seen: f64 = freq
        .values()
        .map(|&f| (f as f64 - expected).powi(2) / expected)
        .sum();
    seen + (cells - freq.len()) as f64 * expected
}

/// The 99.9% point of chi-square with `df` degrees of freedom (Wilson–Hilferty).
fn critical(df: f64) -> f64 {
    let z = 3.09;
    df * (1.0 - 2.0 / (9.0 * df) + z * (2.0 / (9.0 * df)).sqrt()).powi(3)
}

fn check_uniform(game: Game, clues: &[Clue], method: fn(&SampleMethod) -> bool) {
    let solver = Solver::new(game, clues).unwrap();
    let budget = Budget::default();
    let cells = solver.secrets(&budget).count();
    assert!(cells > 20, "a spread worth testing: {cells}");
    let options = SampleOptions {
        list_up_to: 0,
        draws_per_code: 1000,
        ..SampleOptions::default()
    };
    let sample = solver.sample(40 * cells, &options, &budget).unwrap();
    assert!(method(&sample.method), "{:?}", sample.method);
    assert!(sample.codes.iter().all(|c| solver.fits(c)));
    let stat = chi_square(&sample.codes, cells);
    let limit = critical((cells - 1) as f64);
    assert!(
        stat < limit,
        "chi-square {stat:.1} over {limit:.1} with {cells} cells"
    );
}

fn code(game: &Game, c: &[u8]) -> codebreak_huge::Code {
    game.code(c).unwrap()
}

#[test]
fn black_peg_draws_are_uniform() {
    let game = Game::new(Family::BlackPeg, 5, 4, false).unwrap();
    let clues = [
        Clue::new(code(&game, &[0, 1, 2, 3, 0]), Reply::new(2, 0)),
        Clue::new(code(&game, &[1, 1, 0, 0, 2]), Reply::new(1, 0)),
    ];
    check_uniform(game, &clues, |m| *m == SampleMethod::Uniform);
}

#[test]
fn mastermind_rejection_draws_are_uniform() {
    let game = Game::new(Family::Mastermind, 5, 4, false).unwrap();
    let clues = [Clue::new(code(&game, &[0, 1, 2, 3, 0]), Reply::new(1, 2))];
    check_uniform(game, &clues, |m| {
        matches!(m, SampleMethod::Rejection { .. })
    });
}

#[test]
fn a_chi_square_that_is_not_uniform_fails() {
    // The statistic must be able to fail: half the draws on one code.
    let game = Game::new(Family::BlackPeg, 3, 3, false).unwrap();
    let mut draws: Vec<_> = (0..27u8)
        .map(|i| code(&game, &[i % 3, i / 3 % 3, i / 9]))
        .collect();
    draws.extend(std::iter::repeat_n(code(&game, &[0, 0, 0]), 27));
    assert!(chi_square(&draws, 27) > critical(26.0));
}

#[test]
fn conflicts_are_minimal_and_smallest() {
    let game = Game::new(Family::Mastermind, 4, 6, false).unwrap();
    let g = |c: [u8; 4]| code(&game, &c);
    let clues = [
        Clue::new(g([0, 1, 2, 3]), Reply::new(0, 1)),
        Clue::new(g([4, 4, 5, 5]), Reply::new(1, 0)),
        Clue::new(g([0, 0, 1, 1]), Reply::new(0, 0)),
        Clue::new(g([2, 3, 4, 5]), Reply::new(0, 4)),
        Clue::new(g([4, 5, 4, 5]), Reply::new(0, 0)),
    ];
    let solver = Solver::new(game, &clues).unwrap();
    let budget = Budget::default();
    assert!(!solver.exists(&budget).unwrap());
    let conflict = solver
        .conflict(&ConflictOptions::default(), &budget)
        .unwrap()
        .unwrap();
    assert_eq!(conflict.quality, ConflictQuality::Smallest);
    let subset: Vec<Clue> = conflict.clues.iter().map(|&i| clues[i]).collect();
    assert!(!Solver::new(game, &subset).unwrap().exists(&budget).unwrap());
    for skip in 0..subset.len() {
        let mut fewer = subset.clone();
        fewer.remove(skip);
        assert!(Solver::new(game, &fewer).unwrap().exists(&budget).unwrap());
    }
    assert_eq!(conflict.clues, vec![3, 4]);
    let consistent = Solver::new(game, &clues[..2]).unwrap();
    assert_eq!(
        consistent
            .conflict(&ConflictOptions::default(), &budget)
            .unwrap(),
        None
    );
}

#[test]
fn a_raised_cancel_flag_stops_a_long_count() {
    let game = Game::new(Family::Mastermind, 20, 8, false).unwrap();
    let guess = code(
        &game,
        &[0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3],
    );
    let solver = Solver::new(game, &[Clue::new(guess, Reply::new(3, 9))]).unwrap();
    let cancel = Arc::new(AtomicBool::new(true));
    let budget = Budget::default().with_cancel(cancel);
    assert_eq!(solver.count_by_search(&budget), Err(Stopped::Cancelled));
    assert_eq!(solver.find(&budget), Err(Stopped::Cancelled));
    let limited = Budget::default().with_limit(10);
    assert_eq!(solver.count_by_search(&limited), Err(Stopped::Limit(10)));
}

#[test]
fn a_sample_never_holds_more_codes_than_asked_for() {
    // Rejection skipped: the seeds come from one local search per thread, which may find more
    // codes than the one asked for.
    let game = Game::new(Family::Mastermind, 12, 6, false).unwrap();
    let secret = code(&game, &[0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5]);
    let guess = code(&game, &[0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    let clues = [Clue::new(guess, game.score(&secret, &guess))];
    let solver = Solver::new(game, &clues).unwrap();
    let options = SampleOptions {
        list_up_to: 0,
        draws_per_code: 0,
        ..SampleOptions::default()
    };
    for n in [1, 2, 3] {
        let sample = solver.sample(n, &options, &Budget::default()).unwrap();
        assert_eq!(sample.codes.len(), n);
        assert!(sample.codes.iter().all(|c| solver.fits(c)));
    }
}

#[test]
fn a_player_keeps_the_list_of_fitting_secrets_up_to_date() {
    // Once listed, the secrets that fit are carried from guess to guess; the carried list must
    // be exactly the secrets that fit, also when an earlier reply is corrected.
    let game = Game::new(Family::Mastermind, 8, 5, false).unwrap();
    let secret = code(&game, &[4, 0, 0, 3, 1, 2, 2, 4]);
    let options = codebreak_huge::PlayOptions {
        sample: 5000,
        ..Default::default()
    };
    let mut player = codebreak_huge::Player::new(options);
    let budget = Budget::default();
    let mut clues = Vec::new();
    let mut listed = 0;
    while clues.last().is_none_or(|c: &Clue| c.guess != secret) {
        assert!(clues.len() < 20, "no secret found in 20 guesses");
        let next = player.next_guess(&game, &clues, &budget).unwrap();
        let solver = Solver::new(game, &clues).unwrap();
        if next.method == SampleMethod::All {
            assert_eq!(next.sample, solver.secrets(&budget).count());
            listed += 1;
        }
        let guess = next.choice.guess;
        clues.push(Clue::new(guess, game.score(&secret, &guess)));
    }
    assert!(listed >= 2, "the list was carried at most once: {listed}");
    // A corrected first reply: the history no longer extends the remembered one.
    let mut corrected = clues[..clues.len() - 1].to_vec();
    let first = corrected[0].reply;
    corrected[0].reply = Reply::new(first.black, first.white + u8::from(first.black > 0));
    corrected[0].reply.black = first.black.saturating_sub(1);
    let solver = Solver::new(game, &corrected).unwrap();
    let fit = solver.secrets(&budget).count();
    match player.next_guess(&game, &corrected, &budget) {
        Ok(next) if next.method == SampleMethod::All => assert_eq!(next.sample, fit),
        Ok(next) => panic!("expected the whole list, got {:?}", next.method),
        Err(_) => assert_eq!(fit, 0),
    }
}
