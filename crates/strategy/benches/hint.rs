//! Speed targets of `hint` and `solve`: a hint on any position of MM(5,8) or Bulls and Cows 5
//! of 10 in under 1 s; the first move of `solve` on MM(6,9) in under 5 s. Each bench checks
//! the figure it times. Wordle (original lists): a hint with every strategy over all 12972
//! guesses in under 0.3 s, and the game (its 30 million replies) built in under 0.5 s.
#![allow(missing_docs)]

use std::sync::Arc;

use codebreak_core::{AnyEngine, Game, GameSpec, Named};
use codebreak_strategy::{
    AnyStrategy, Breaker, StrategyKind, StrategyOptions, hint, parse_history,
};
use criterion::{Criterion, criterion_group, criterion_main};

fn all_strategies(game: &Game, engine: &AnyEngine) -> Vec<AnyStrategy> {
    StrategyKind::ALL
        .iter()
        .filter(|k| k.unsupported(game).is_none())
        .map(|&k| AnyStrategy::build(k, &StrategyOptions::default(), game, engine.space()).unwrap())
        .collect()
}

fn hints(c: &mut Criterion) {
    let mut group = c.benchmark_group("hint");
    group.sample_size(10);
    let cases = [
        (GameSpec::mastermind(5, 8), "", 32768),
        (GameSpec::mastermind(5, 8), "01234:0B2W", 7070),
        (GameSpec::mastermind(5, 8), "00112:1B1W", 5504),
        (GameSpec::mastermind(5, 8), "01234:0B2W,15567:1B1W", 0),
        (GameSpec::bulls(5, 10), "01234:0A2B", 0),
        (GameSpec::bulls(5, 10), "01234:0A2B,56789:1A2B", 0),
    ];
    for (spec, history, want) in cases {
        let game = Game::new(&spec).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let strategies = all_strategies(&game, &engine);
        let moves = parse_history(&game, history).unwrap();
        group.bench_function(format!("{game} [{history}] all strategies"), |b| {
            b.iter(|| {
                let h = hint(&engine, &strategies, &moves, 10).unwrap();
                assert!(want == 0 || h.remaining == want);
                assert_eq!(h.suggestions.len(), strategies.len());
            })
        });
    }
    group.finish();
}

fn solve_first_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    let game = Game::new(&GameSpec::mastermind(6, 9)).unwrap();
    group.bench_function("MM(6,9) first move, engine included", |b| {
        b.iter(|| {
            let engine = Arc::new(AnyEngine::new(&game).unwrap());
            let s = AnyStrategy::new(
                "minimax",
                &StrategyOptions::default(),
                &game,
                engine.space(),
            )
            .unwrap();
            let mut breaker = Breaker::new(engine, s);
            assert_eq!(game.format_code(&breaker.next_guess()), "001122");
        })
    });
    group.finish();
}

fn wordle(c: &mut Criterion) {
    use codebreak_core::{GameKind, ListGame, wordle};
    let mut group = c.benchmark_group("wordle");
    group.sample_size(10);
    let game = Game::new(&GameSpec {
        kind: GameKind::Wordle,
        ..GameSpec::default()
    })
    .unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let strategies = all_strategies(&game, &engine);
    for (history, want) in [
        ("", 2315),
        ("salet:BBBBB", 0),
        ("salet:BBBBB,courd:BBBBB", 14),
    ] {
        let moves = parse_history(&game, history).unwrap();
        group.bench_function(format!("wordle [{history}] all strategies"), |b| {
            b.iter(|| {
                let h = hint(&engine, &strategies, &moves, 10).unwrap();
                assert!(want == 0 || h.remaining == want);
                assert_eq!(h.suggestions.len(), strategies.len());
            })
        });
    }
    let (g, s) = wordle::original_lists();
    let words =
        |l: &[String]| -> Vec<[u8; 5]> { l.iter().map(|w| wordle::word(w).unwrap()).collect() };
    let (g, s) = (words(&g), words(&s));
    group.bench_function("wordle game built (table of every reply)", |b| {
        b.iter(|| {
            let list: ListGame = wordle::list_game(
                "Wordle".into(),
                String::new(),
                &g,
                &s,
                codebreak_core::End::Guess,
                false,
            )
            .unwrap();
            assert_eq!(list.table().len(), 12972 * 2315);
        })
    });
    group.finish();
}

criterion_group!(benches, hints, solve_first_move, wordle);
criterion_main!(benches);
