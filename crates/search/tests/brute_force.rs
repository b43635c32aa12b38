//! The branch and bound agrees with a brute-force search (every guess, every class, no bounds,
//! no symmetry) on small games, for both objectives, both pools and depth limits.

use std::collections::HashMap;

use codebreak_core::{AnyEngine, Code, Game, GameKind, GameSpec, Pool};
use codebreak_search::{Objective, Search, SearchOptions};

/// Known results: (secrets, guesses left) -> least (total, worst), if any.
type Table = HashMap<(Vec<usize>, u32), Option<(u64, u64)>>;

/// Least (total, worst) for a set within some guesses, in the objective's order.
struct Brute<'a> {
    game: &'a Game,
    guesses: Vec<Code>,
    pool: Pool,
    objective: Objective,
    memo: Table,
}

impl Brute<'_> {
    fn better(&self, a: (u64, u64), b: (u64, u64)) -> bool {
        match self.objective {
            Objective::Expected => a < b,
            Objective::Worst => (a.1, a.0) < (b.1, b.0),
        }
    }

    fn solve(&mut self, set: &[usize], depth: u32) -> Option<(u64, u64)> {
        if depth == 0 {
            return None;
        }
        let key = (set.to_vec(), depth);
        if let Some(v) = self.memo.get(&key) {
            return *v;
        }
        let n = set.len() as u64;
        let pool: Vec<usize> = match self.pool {
            Pool::All => (0..self.guesses.len()).collect(),
            Pool::Consistent => set.to_vec(),
        };
        let mut best: Option<(u64, u64)> = None;
        for g in pool {
            let guess = self.guesses[g];
            let mut classes: HashMap<_, Vec<usize>> = HashMap::new();
            for &s in set {
                classes
                    .entry(self.game.score(&self.guesses[s], &guess))
                    .or_default()
                    .push(s);
            }
            if classes.len() == 1 && !set.contains(&g) {
                continue;
            }
            let mut total = n;
            let mut worst = 1;
            let mut ok = true;
            for (fb, class) in &classes {
                if *fb == self.game.win() {
                    continue;
                }
                match self.solve(class, depth - 1) {
                    Some((t, w)) => {
                        total += t;
                        worst = worst.max(w + 1);
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok && best.is_none_or(|b| self.better((total, worst), b)) {
                best = Some((total, worst));
            }
        }
        self.memo.insert(key, best);
        best
    }
}

#[test]
fn branch_and_bound_matches_brute_force() {
    let games = [
        GameSpec::mastermind(2, 3),
        GameSpec::mastermind(2, 4),
        GameSpec::mastermind(3, 3),
        // More than 16 replies: the search scores outside guesses without the reply table.
        GameSpec::mastermind(5, 2),
        GameSpec::bulls(2, 4),
        GameSpec::bulls(3, 4),
        GameSpec {
            kind: GameKind::BlackPeg,
            ..GameSpec::mastermind(2, 4)
        },
        GameSpec {
            kind: GameKind::TwoD,
            size: Some(3),
            ..GameSpec::default()
        },
    ];
    for spec in games {
        let game = Game::new(&spec).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let space = engine.space();
        let guesses: Vec<Code> = space.codes().to_vec();
        let secrets: Vec<usize> = space.secrets().iter().map(|&i| i as usize).collect();
        for pool in [Pool::All, Pool::Consistent] {
            for objective in [Objective::Expected, Objective::Worst] {
                for max_depth in [None, Some(3), Some(4)] {
                    let mut brute = Brute {
                        game: &game,
                        guesses: guesses.clone(),
                        pool,
                        objective,
                        memo: HashMap::new(),
                    };
                    let want = brute.solve(&secrets, max_depth.unwrap_or(30));
                    let options = SearchOptions {
                        objective,
                        max_depth,
                        pool,
                        ..Default::default()
                    };
                    let got = Search::new(&engine, options, false).unwrap().run();
                    let what = format!("{game} {pool:?} {objective:?} {max_depth:?}");
                    match (want, got) {
                        (Some((t, w)), Ok(sol)) => {
                            assert_eq!((sol.total, sol.worst as u64), (t, w), "{what}");
                            let check = codebreak_tree::verify(&game, &sol.tree.root).unwrap();
                            assert_eq!(
                                (check.total, check.worst),
                                (sol.total, sol.worst),
                                "{what}"
                            );
                        }
                        (None, Err(codebreak_search::SearchError::Infeasible { .. })) => {}
                        (w, g) => panic!(
                            "{what}: brute force {w:?}, search {:?}",
                            g.map(|s| (s.total, s.worst))
                        ),
                    }
                }
            }
        }
    }
}
