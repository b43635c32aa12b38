//! Greedy strategies bound their work on large positions with a sample of the pool, say so,
//! and leave small games exactly as they were.

use std::sync::Arc;

use codebreak_core::{AnyEngine, Game, GameSpec, Sampling};
use codebreak_strategy::{AnyStrategy, Breaker, StrategyError, StrategyOptions, hint};

fn strategy(game: &Game, engine: &AnyEngine, name: &str, sample: Option<Sampling>) -> AnyStrategy {
    let opts = StrategyOptions {
        sample,
        ..StrategyOptions::default()
    };
    AnyStrategy::new(name, &opts, game, engine.space()).unwrap()
}

#[test]
fn a_sample_size_is_an_option_of_greedy_strategies_only() {
    let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let s = strategy(&game, &engine, "entropy", Some(Sampling::Size(50)));
    assert_eq!(s.sampling(), Some(Sampling::Size(50)));
    assert!(
        s.describe(&game).contains("sample 50"),
        "{}",
        s.describe(&game)
    );
    assert!(
        !strategy(&game, &engine, "entropy", None)
            .describe(&game)
            .contains("sample")
    );
    for name in ["first", "random", "two-phase"] {
        let opts = StrategyOptions {
            sample: Some(Sampling::Off),
            ..StrategyOptions::default()
        };
        let e = AnyStrategy::new(name, &opts, &game, engine.space()).unwrap_err();
        assert_eq!(e, StrategyError::SampleNotApplicable(name));
        assert!(e.to_string().contains("sample does not apply"), "{e}");
    }
}

#[test]
fn hints_and_breakers_say_when_a_sample_was_used() {
    let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
    let engine = Arc::new(AnyEngine::new(&game).unwrap());
    let moves = codebreak_strategy::parse_history(&game, "0011:0B1W").unwrap();
    let sampled = strategy(&game, &engine, "minimax", Some(Sampling::Size(10)));
    let whole = strategy(&game, &engine, "minimax", None);
    let h = hint(&engine, &[sampled.clone(), whole.clone()], &moves, 0).unwrap();
    let sample = h.suggestions[0].sample.expect("10 guesses scored");
    assert_eq!(sample.scored, 10);
    assert!(
        sample.describe().contains("sample of 10 of the"),
        "{}",
        sample.describe()
    );
    assert_eq!(h.suggestions[1].sample, None);
    let json = serde_json::to_value(&h).unwrap();
    assert_eq!(json["suggestions"][0]["sample"]["scored"], 10);
    assert!(json["suggestions"][1].get("sample").is_none());

    let mut b = Breaker::new(engine.clone(), sampled);
    assert_eq!(b.sample(), None);
    // The first move: the five multiplicity patterns, fewer than ten, are all scored.
    b.next_guess();
    assert_eq!(b.sample(), None);
    b.tell(game.parse_feedback("0B1W").unwrap()).unwrap();
    b.next_guess();
    assert_eq!(b.sample().map(|s| s.scored), Some(10));
    let mut w = Breaker::new(engine, whole);
    w.next_guess();
    assert_eq!(w.sample(), None);
}

#[test]
fn a_large_position_is_sampled_within_the_budget() {
    // 8 pegs of 6 colours: 1 679 616 guesses against 123 756 candidates, 2 × 10¹¹ scores.
    let game = Game::new(&GameSpec::mastermind(8, 6)).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let moves = codebreak_strategy::parse_history(&game, "00112233:2B2W").unwrap();
    let s = strategy(&game, &engine, "minimax", None);
    let h = hint(&engine, &[s], &moves, 0).unwrap();
    assert_eq!(h.remaining, 123_756);
    let sample = h.suggestions[0].sample.expect("the pool is sampled");
    assert_eq!(sample.scored as u64, codebreak_core::WORK_BUDGET / 123_756);
    assert!(
        h.suggestions[0].stats.consistent,
        "consistent codes come first"
    );
}
