//! Speed targets of `codebreak analyze`, each checking the figure it times.
//!
//! Run with `cargo bench -p codebreak-analysis`; one group with `cargo bench -p
//! codebreak-analysis -- bulls` and so on.
#![allow(missing_docs)]

use codebreak_analysis::analyze;
use codebreak_core::{AnyEngine, Game, GameSpec, Pool};
use codebreak_strategy::{AnyStrategy, StrategyOptions};
use criterion::{Criterion, criterion_group, criterion_main};

fn setup(spec: &GameSpec, name: &str, opts: StrategyOptions) -> (AnyEngine, AnyStrategy) {
    let game = Game::new(spec).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let s = AnyStrategy::new(name, &opts, &game, engine.space()).unwrap();
    (engine, s)
}

fn bulls_minimax(c: &mut Criterion) {
    // Target: under 0.2 s. Pinned figure (our own result, a regression check): 27139.
    let (engine, s) = setup(
        &GameSpec::bulls(4, 10),
        "minimax",
        StrategyOptions {
            pool: Some(Pool::All),
            ..Default::default()
        },
    );
    c.bench_function("bulls 4/10 minimax pool all", |b| {
        b.iter(|| {
            let a = analyze(&engine, &s, None).unwrap();
            assert_eq!(
                (a.figures.secrets, a.figures.total, a.figures.worst),
                (5040, 27139, 7)
            );
        })
    });
}

fn mm46_heuristics(c: &mut Criterion) {
    // Target: any heuristic on MM(4,6) under 0.1 s. Knuth's 5801 is the published oracle.
    let spec = GameSpec {
        alphabet: Some("123456".into()),
        ..GameSpec::mastermind(4, 6)
    };
    let game = Game::new(&spec).unwrap();
    let mut group = c.benchmark_group("mm46");
    let knuth = StrategyOptions {
        first_guess: Some(game.parse_guess("1122").unwrap()),
        ..Default::default()
    };
    let (engine, s) = setup(&spec, "minimax", knuth);
    group.bench_function("knuth minimax 1122", |b| {
        b.iter(|| assert_eq!(analyze(&engine, &s, None).unwrap().figures.total, 5801))
    });
    for name in [
        "minimax",
        "expected-size",
        "entropy",
        "most-parts",
        "first",
        "two-phase",
    ] {
        let (engine, s) = setup(&spec, name, StrategyOptions::default());
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(analyze(&engine, &s, None).unwrap().figures.secrets, 1296))
        });
    }
    group.finish();
}

fn mm58_entropy(c: &mut Criterion) {
    // Target: under 5 s. Pinned figure (our own result): 179863.
    let (engine, s) = setup(
        &GameSpec::mastermind(5, 8),
        "entropy",
        StrategyOptions::default(),
    );
    let mut group = c.benchmark_group("mm58");
    group.sample_size(10);
    group.bench_function("entropy pool all", |b| {
        b.iter(|| {
            let a = analyze(&engine, &s, None).unwrap();
            assert_eq!((a.figures.secrets, a.figures.total), (32768, 179863));
        })
    });
    group.finish();
}

criterion_group!(benches, bulls_minimax, mm46_heuristics, mm58_entropy);
criterion_main!(benches);
