//! A built-in game written out as a list game (its codes, and a table of every reply) plays
//! exactly like the built-in game: the same figures and the same trees, for every strategy.
//! The table game has no symmetry and reads every score from memory, so this checks the list
//! machinery against the fast kernels.

use std::sync::Arc;

use codebreak_analysis::analyze;
use codebreak_core::{AnyEngine, Game, GameKind, GameSpec, ListGame, Role};
use codebreak_strategy::{AnyStrategy, StrategyKind, StrategyOptions};

/// The built-in game as a table game.
fn as_table(game: &Game) -> Game {
    Game::from_list(Arc::new(ListGame::from_game(game).unwrap())).unwrap()
}

#[test]
fn builtin_games_written_as_tables_analyse_the_same() {
    let specs = [
        GameSpec::mastermind(3, 3),
        GameSpec::mastermind(2, 5),
        GameSpec {
            distinct_secret: true,
            ..GameSpec::mastermind(3, 4)
        },
        GameSpec::bulls(3, 5),
        GameSpec {
            kind: GameKind::BlackPeg,
            ..GameSpec::mastermind(3, 3)
        },
        GameSpec {
            kind: GameKind::TwoD,
            size: Some(4),
            ..GameSpec::default()
        },
    ];
    for spec in specs {
        let game = Game::new(&spec).unwrap();
        let table = as_table(&game);
        assert_eq!(table.kind(), GameKind::Custom);
        assert_eq!(table.count(Role::Secret), game.count(Role::Secret));
        let (e1, e2) = (
            AnyEngine::new(&game).unwrap(),
            AnyEngine::new(&table).unwrap(),
        );
        for kind in [
            StrategyKind::First,
            StrategyKind::Minimax,
            StrategyKind::ExpectedSize,
            StrategyKind::Entropy,
            StrategyKind::MostParts,
        ] {
            let opts = StrategyOptions::default();
            let s1 = AnyStrategy::build(kind, &opts, &game, e1.space()).unwrap();
            let s2 = AnyStrategy::build(kind, &opts, &table, e2.space()).unwrap();
            let a1 = analyze(&e1, &s1, None).unwrap();
            let a2 = analyze(&e2, &s2, None).unwrap();
            assert_eq!(a1.figures, a2.figures, "{game}, {kind:?}");
            // The same first guess, by name.
            assert_eq!(
                game.format_code(&a1.tree.root.guess),
                table.format_code(&a2.tree.root.guess),
                "{game}, {kind:?}"
            );
        }
    }
}
