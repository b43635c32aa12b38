//! The work budget never samples the games whose figures are published, and the run-time
//! estimate tells seconds from hours.

use codebreak_analysis::{alternatives, analyze, estimate};
use codebreak_core::Named;
use codebreak_core::{AnyEngine, Game, GameKind, GameSpec, Order, Pool, Ties};
use codebreak_strategy::{AnyStrategy, StrategyKind, StrategyOptions};

fn greedy() -> impl Iterator<Item = &'static str> {
    StrategyKind::ALL
        .iter()
        .filter(|k| k.is_greedy())
        .map(|k| k.name())
}

fn sampled(spec: &GameSpec, name: &str, opts: &StrategyOptions) -> u64 {
    let game = Game::new(spec).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let s = AnyStrategy::new(name, opts, &game, engine.space()).unwrap();
    assert!(!estimate(&engine, &s).too_long(), "{game} {name}");
    analyze(&engine, &s, None).unwrap().sampled
}

#[test]
fn oracle_games_are_never_sampled() {
    let bulls = GameSpec {
        order: Order::Swap,
        ..GameSpec::bulls(4, 10)
    };
    let twod = GameSpec {
        kind: GameKind::TwoD,
        ..GameSpec::default()
    };
    let mm = GameSpec::mastermind(4, 6);
    for name in greedy() {
        for pool in [Pool::All, Pool::Consistent] {
            let opts = StrategyOptions {
                pool: Some(pool),
                ..StrategyOptions::default()
            };
            for spec in [&bulls, &twod, &mm] {
                assert_eq!(sampled(spec, name, &opts), 0, "{spec:?} {name} {pool:?}");
            }
        }
    }
    let knuth = StrategyOptions {
        first_guess: Game::new(&mm).unwrap().parse_guess("0011").ok(),
        ..StrategyOptions::default()
    };
    assert_eq!(sampled(&mm, "minimax", &knuth), 0);
    let clever2 = StrategyOptions {
        pool: Some(Pool::All),
        ties: Some(Ties::Index),
        first_guess: Game::new(&bulls).unwrap().parse_guess("0123").ok(),
        ..StrategyOptions::default()
    };
    assert_eq!(sampled(&bulls, "minimax", &clever2), 0);
}

/// Slow (every greedy strategy on MM(5,8)): run by `scripts/slow-tests.sh`.
#[test]
#[ignore]
fn mm58_is_never_sampled() {
    for name in greedy() {
        let opts = StrategyOptions::default();
        assert_eq!(
            sampled(&GameSpec::mastermind(5, 8), name, &opts),
            0,
            "{name}"
        );
    }
}

#[test]
fn estimates_tell_seconds_from_hours() {
    let check = |spec: GameSpec, name: &str, low: f64, high: f64| {
        let game = Game::new(&spec).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let s = AnyStrategy::new(name, &StrategyOptions::default(), &game, engine.space()).unwrap();
        let e = estimate(&engine, &s);
        assert!(
            (low..=high).contains(&e.seconds),
            "{game} {name}: {} s, expected {low} to {high}",
            e.seconds
        );
        (engine, s, e)
    };
    // Measured in release builds: MM(4,6) 0.02 s, MM(5,8) 7.6 to 9.4 s, MM(16,2) 146 s,
    // Bulls and Cows 10 of 10 far longer; first on MM(8,6) 5 s.
    check(GameSpec::mastermind(4, 6), "minimax", 0.0, 0.1);
    check(GameSpec::mastermind(5, 8), "entropy", 4.0, 20.0);
    check(GameSpec::mastermind(8, 6), "first", 2.0, 15.0);
    let (engine, s, e) = check(GameSpec::mastermind(16, 2), "minimax", 60.0, 400.0);
    assert!(e.too_long());
    // Faster ways exist, each within the minute: first at least.
    let alts = alternatives(&engine, &s);
    assert!(alts.iter().any(|a| a.strategy == "first"), "{alts:?}");
    assert!(alts.iter().all(|a| !a.estimate.too_long()));
    let (_, _, e) = check(GameSpec::bulls(10, 10), "minimax", 3600.0, f64::INFINITY);
    assert!(e.too_long());
}
