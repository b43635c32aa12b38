//! The codemakers and the stateful breaker behave as documented.

use std::sync::Arc;

use codebreak_core::{AnyEngine, Game, GameSpec};
use codebreak_strategy::{
    Adversarial, AnyStrategy, Breaker, Codemaker, Honest, Progress, StrategyOptions,
};

fn setup(
    spec: &GameSpec,
    name: &str,
    opts: StrategyOptions,
) -> (Game, Arc<AnyEngine>, AnyStrategy) {
    let game = Game::new(spec).unwrap();
    let engine = Arc::new(AnyEngine::new(&game).unwrap());
    let s = AnyStrategy::new(name, &opts, &game, engine.space()).unwrap();
    (game, engine, s)
}

fn play(engine: &Arc<AnyEngine>, s: &AnyStrategy, maker: &mut dyn Codemaker) -> usize {
    let mut b = Breaker::new(engine.clone(), s.clone());
    for _ in 0..100 {
        let g = b.next_guess();
        match b.tell(maker.answer(&g)).unwrap() {
            Progress::Solved { guesses } => return guesses,
            Progress::Continue { remaining } => assert!(remaining >= 1),
        }
    }
    panic!("no end")
}

#[test]
fn adversary_is_deterministic_and_bounded_by_the_worst_case() {
    let spec = GameSpec {
        alphabet: Some("123456".into()),
        ..GameSpec::mastermind(4, 6)
    };
    let game = Game::new(&spec).unwrap();
    let opts = StrategyOptions {
        first_guess: Some(game.parse_guess("1122").unwrap()),
        ..Default::default()
    };
    let (_, engine, s) = setup(&spec, "minimax", opts);
    let mut a1 = Adversarial::new(engine.clone());
    let mut a2 = Adversarial::new(engine.clone());
    let n1 = play(&engine, &s, &mut a1);
    let n2 = play(&engine, &s, &mut a2);
    assert_eq!(n1, n2);
    assert!(n1 <= 5, "Knuth's strategy never needs more than 5");
    assert!(n1 >= 4, "the adversary keeps the game going");
    assert_eq!(a1.open_secrets(), 1);
    // Against the naive strategy it forces more guesses.
    let (_, _, naive) = setup(&spec, "first", StrategyOptions::default());
    assert!(play(&engine, &naive, &mut Adversarial::new(engine.clone())) > n1);
}

#[test]
fn random_secrets_are_reproducible() {
    let (_, engine, _) = setup(
        &GameSpec::mastermind(4, 6),
        "first",
        StrategyOptions::default(),
    );
    let a = Honest::random(&engine, 7).secret();
    assert_eq!(a, Honest::random(&engine, 7).secret());
    let distinct: std::collections::BTreeSet<_> = (0..20)
        .map(|s| Honest::random(&engine, s).secret())
        .collect();
    assert!(distinct.len() > 10);
}

#[test]
fn breaker_refuses_contradictions_and_undoes() {
    let (game, engine, s) = setup(
        &GameSpec::mastermind(4, 6),
        "minimax",
        StrategyOptions::default(),
    );
    let mut b = Breaker::new(engine, s);
    let g = b.next_guess();
    assert_eq!(game.format_code(&g), "0011");
    b.tell(game.parse_feedback("0B0W").unwrap()).unwrap();
    let left = b.remaining();
    assert_eq!(left, 256);
    // 0B0W to 0011 then 2B0W to a code of colours 0 and 1 only cannot both hold.
    let impossible = game.parse_guess("0101").unwrap();
    let err = b
        .record(&impossible, game.parse_feedback("2B0W").unwrap())
        .unwrap_err();
    assert!(err.to_string().contains("0101"));
    assert_eq!(b.remaining(), left);
    assert!(b.undo());
    assert_eq!(b.remaining(), 1296);
    assert!(!b.undo());
    // The AI(rr, rw) form.
    let mut b = Breaker::new(b.engine().clone(), b.strategy().clone());
    let _first = b.next_guess();
    let next = b.ai(1, 1).unwrap().expect("not solved");
    assert_ne!(game.format_code(&next), "0011");
}
