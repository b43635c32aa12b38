//! The kernels' optimisations (symmetry classes of guesses, early exit on perfect splits) must
//! never change a strategy's choices: the trees built with and without them are identical.

use codebreak_analysis::analyze;
use codebreak_core::{AnyEngine, Game, GameKind, GameSpec, KernelOptions, Order, Pool, Ties};
use codebreak_strategy::{AnyStrategy, StrategyOptions};

fn games() -> Vec<GameSpec> {
    vec![
        GameSpec::mastermind(3, 4),
        GameSpec::mastermind(4, 4),
        GameSpec::mastermind(3, 6),
        GameSpec::mastermind(2, 8),
        GameSpec::mastermind(4, 6),
        GameSpec::bulls(4, 7),
        GameSpec::bulls(3, 6),
        GameSpec {
            order: Order::Swap,
            ..GameSpec::bulls(3, 7)
        },
        GameSpec {
            distinct_secret: true,
            ..GameSpec::mastermind(3, 5)
        },
        GameSpec {
            kind: GameKind::BlackPeg,
            ..GameSpec::mastermind(3, 5)
        },
        GameSpec {
            kind: GameKind::TwoD,
            size: Some(6),
            ..GameSpec::default()
        },
    ]
}

#[test]
fn trees_are_identical_with_and_without_optimisations() {
    for spec in games() {
        agree(&Game::new(&spec).unwrap());
    }
}

/// List games find their symmetry from the table: the built-in games written as tables.
#[test]
fn list_games_trees_are_identical_with_and_without_symmetry() {
    for spec in [
        GameSpec::mastermind(3, 4),
        GameSpec::bulls(3, 6),
        GameSpec {
            distinct_secret: true,
            ..GameSpec::mastermind(3, 5)
        },
        GameSpec {
            kind: GameKind::BlackPeg,
            ..GameSpec::mastermind(3, 4)
        },
    ] {
        let game = Game::new(&spec).unwrap();
        let list = std::sync::Arc::new(codebreak_core::ListGame::from_game(&game).unwrap());
        agree(&Game::from_list(list).unwrap());
    }
}

fn agree(game: &Game) {
    let off = KernelOptions {
        symmetry: false,
        early_exit: false,
    };
    {
        let game = game.clone();
        let fast = AnyEngine::new(&game).unwrap();
        let mut slow = fast.clone();
        slow.set_options(off);
        for name in ["minimax", "expected-size", "entropy", "most-parts"] {
            for (pool, ties) in [
                (Pool::All, Ties::Consistent),
                (Pool::All, Ties::Index),
                (Pool::Consistent, Ties::Consistent),
            ] {
                let opts = StrategyOptions {
                    pool: Some(pool),
                    ties: Some(ties),
                    ..Default::default()
                };
                let s = AnyStrategy::new(name, &opts, &game, fast.space()).unwrap();
                let a = analyze(&fast, &s, None).unwrap();
                let b = analyze(&slow, &s, None).unwrap();
                assert_eq!(a.tree, b.tree, "{game} {}", s.describe(&game));
                let check = codebreak_tree::verify(&game, &a.tree.root).unwrap();
                assert_eq!(
                    (check.total, &check.histogram),
                    (a.figures.total, &a.figures.histogram)
                );
            }
        }
    }
}
