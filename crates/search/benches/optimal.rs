//! Speed target of the exact search that fits a criterion run: MM(4,6) optimal expected in
//! under 0.3 s, asserting Koyama and Lai's 5625. The larger targets (Bulls and Cows, MM(4,7))
//! are timed by scripts/bench-optimal.sh.
#![allow(missing_docs)]

use codebreak_core::{AnyEngine, Game, GameSpec, Pool};
use codebreak_search::{Objective, Search, SearchOptions};
use criterion::{Criterion, criterion_group, criterion_main};

fn mm46(c: &mut Criterion) {
    let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let mut group = c.benchmark_group("optimal mm46");
    group.sample_size(10);
    let cases = [
        ("expected", Objective::Expected, None, Pool::All, 5625),
        (
            "expected max-depth 5",
            Objective::Expected,
            Some(5),
            Pool::All,
            5626,
        ),
        ("worst", Objective::Worst, None, Pool::All, 5626),
        (
            "expected pool consistent",
            Objective::Expected,
            None,
            Pool::Consistent,
            5660,
        ),
    ];
    for (name, objective, max_depth, pool, total) in cases {
        group.bench_function(name, |b| {
            b.iter(|| {
                let options = SearchOptions {
                    objective,
                    max_depth,
                    pool,
                    ..Default::default()
                };
                let s = Search::new(&engine, options, false).unwrap();
                assert_eq!(s.run().unwrap().total, total);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, mm46);
criterion_main!(benches);
