//! Playing one game at a time (the stateful Breaker against an honest codemaker) takes exactly
//! as many guesses as the secret's path in the analysis tree.

use std::sync::Arc;

use codebreak_analysis::analyze;
use codebreak_core::{AnyEngine, Code, Game, GameSpec, Order};
use codebreak_strategy::{AnyStrategy, Breaker, Codemaker, Honest, Progress, StrategyOptions};
use codebreak_tree::Node;

fn depth(game: &Game, root: &Node, secret: &Code) -> usize {
    let mut node = root;
    let mut d = 1;
    loop {
        let fb = game.score(secret, &node.guess);
        if fb == game.win() {
            return d;
        }
        node = node.branch(fb).expect("the tree covers every secret");
        d += 1;
    }
}

#[test]
fn single_games_follow_the_tree() {
    let cases = [
        (
            GameSpec {
                order: Order::Swap,
                ..GameSpec::bulls(3, 6)
            },
            "minimax",
            1,
        ),
        (GameSpec::mastermind(4, 6), "entropy", 37),
        (GameSpec::mastermind(4, 6), "two-phase", 11),
        (GameSpec::mastermind(4, 6), "random", 13),
        (GameSpec::mastermind(3, 5), "first", 1),
    ];
    for (spec, name, step) in cases {
        let game = Game::new(&spec).unwrap();
        let engine = Arc::new(AnyEngine::new(&game).unwrap());
        let s = AnyStrategy::new(name, &StrategyOptions::default(), &game, engine.space()).unwrap();
        let tree = analyze(&engine, &s, None).unwrap().tree;
        for &i in engine.space().secrets().iter().step_by(step) {
            let secret = engine.space().code(i);
            let mut maker = Honest::new(&game, secret);
            let mut b = Breaker::new(engine.clone(), s.clone());
            let played = loop {
                let g = b.next_guess();
                if let Progress::Solved { guesses } = b.tell(maker.answer(&g)).unwrap() {
                    break guesses;
                }
            };
            assert_eq!(
                played,
                depth(&game, &tree.root, &secret),
                "{name} {secret:?}"
            );
        }
    }
}
