//! The searches against brute force on games small enough to list.

use std::collections::BTreeSet;

use codebreak_huge::{
    Budget, Clue, Code, Count, CountOptions, Family, Game, SampleOptions, Solver,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every secret of a small game, by counting in base `colors`.
fn all_secrets(game: &Game) -> Vec<Code> {
    let (n, k) = (usize::from(game.pegs()), game.colors());
    let mut out = Vec::new();
    let mut digits = vec![0u8; n];
    loop {
        let code = game.code(&digits).unwrap();
        if game.is_secret(&code) {
            out.push(code);
        }
        let mut i = 0;
        loop {
            if i == n {
                return out;
            }
            digits[i] += 1;
            if digits[i] < k {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

fn brute(game: &Game, clues: &[Clue]) -> BTreeSet<Code> {
    all_secrets(game)
        .into_iter()
        .filter(|s| clues.iter().all(|c| game.score(s, &c.guess) == c.reply))
        .collect()
}

/// A history: `m` random guesses, scored against a random secret, or (when `honest` is false)
/// with some replies taken from another random secret, so that it may be inconsistent.
fn history(game: &Game, m: usize, honest: bool, rng: &mut ChaCha8Rng) -> Vec<Clue> {
    let secret = game.random_secret(rng);
    let other = game.random_secret(rng);
    (0..m)
        .map(|_| {
            let guess = {
                let colours: Vec<u8> = (0..game.pegs())
                    .map(|_| rng.gen_range(0..game.colors()))
                    .collect();
                game.code(&colours).unwrap()
            };
            let from = if honest || rng.gen_bool(0.5) {
                &secret
            } else {
                &other
            };
            Clue::new(guess, game.score(from, &guess))
        })
        .collect()
}

fn game_strategy() -> impl Strategy<Value = Game> {
    (0..4usize, 1u32..=5, 1u32..=6).prop_filter_map("valid game", |(f, n, k)| {
        let (family, distinct) = match f {
            0 => (Family::Mastermind, false),
            1 => (Family::Mastermind, true),
            2 => (Family::BlackPeg, false),
            _ => (Family::Bulls, true),
        };
        Game::new(family, n, k, distinct).ok()
    })
}

fn check(game: Game, clues: &[Clue]) {
    let expected = brute(&game, clues);
    let solver = Solver::new(game, clues).unwrap();
    let budget = Budget::default();
    let found: Vec<Code> = solver.secrets(&budget).map(Result::unwrap).collect();
    let set: BTreeSet<Code> = found.iter().copied().collect();
    assert_eq!(set.len(), found.len(), "{game}: a secret came twice");
    assert_eq!(set, expected, "{game} {clues:?}");
    assert_eq!(
        solver.count_by_search(&budget).unwrap(),
        Some(expected.len() as u128),
        "{game} {clues:?}"
    );
    assert_eq!(solver.exists(&budget).unwrap(), !expected.is_empty());
    // The parallel searches agree with the plain one.
    assert_eq!(solver.find(&budget).unwrap(), found.first().copied());
    assert_eq!(
        solver.count_by_search_parallel(&budget).unwrap(),
        Some(expected.len() as u128),
        "{game} {clues:?}"
    );
    assert!(
        solver.upper_bound() >= expected.len() as f64,
        "{game} {clues:?}"
    );
    // The long path of a count: a quick search of one node, random descents, then the
    // search to its end (black-peg) or an estimate within the known bounds (others).
    let slow = CountOptions {
        search_nodes: 1,
        dp_states: 1,
        probes: 50,
        ..CountOptions::default()
    };
    match solver.count(&slow, &budget).unwrap() {
        Count::Exact(n) => assert_eq!(n, expected.len() as u128, "{game} {clues:?}"),
        Count::Estimate(e) => {
            assert!(game.family() != Family::BlackPeg || game.distinct());
            assert!(e.low <= e.value && e.value <= e.high, "{e:?}");
            assert!(e.high <= solver.upper_bound() + 1e-9, "{e:?}");
            if expected.is_empty() {
                assert_eq!(e.value, 0.0, "{game} {clues:?}: {e:?}");
            }
        }
    }
    let count = solver.count(&CountOptions::default(), &budget).unwrap();
    assert_eq!(
        count,
        Count::Exact(expected.len() as u128),
        "{game} {clues:?}"
    );
    if game.family() == Family::BlackPeg && !game.distinct() {
        assert_eq!(
            solver.count_blacks(&budget).unwrap(),
            Some(expected.len() as u128)
        );
    }
    let options = SampleOptions {
        list_up_to: 0,
        ..SampleOptions::default()
    };
    let sample = solver.sample(20, &options, &budget).unwrap();
    assert!(
        sample.codes.iter().all(|c| expected.contains(c)),
        "{game} {clues:?}"
    );
    assert_eq!(
        sample.codes.is_empty(),
        expected.is_empty(),
        "{game} {clues:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn secrets_match_brute_force(game in game_strategy(), m in 0usize..7, honest: bool, seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let clues = history(&game, m, honest, &mut rng);
        check(game, &clues);
    }
}

/// Knuth's estimator is unbiased: on fixed histories, the mean of many descents lands within a
/// few standard errors of the exact count.
#[test]
fn random_descents_estimate_the_count() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for (family, n, k, m) in [
        (Family::BlackPeg, 8, 5, 3),
        (Family::BlackPeg, 10, 4, 4),
        (Family::Mastermind, 6, 5, 2),
        (Family::Bulls, 5, 8, 2),
    ] {
        let game = Game::new(family, n, k, false).unwrap();
        let clues = history(&game, m, true, &mut rng);
        let solver = Solver::new(game, &clues).unwrap();
        let budget = Budget::default();
        let exact = solver.count_by_search(&budget).unwrap().unwrap() as f64;
        let p = solver.probe(20_000, 5, &budget).unwrap();
        assert!(p.half > 0.0 || p.count == exact, "{game}: {p:?}");
        assert!(
            (p.count - exact).abs() <= 2.5 * p.half + 1e-9,
            "{game}: exact {exact}, descents {p:?}"
        );
        assert!(p.nodes >= 1.0);
    }
}
