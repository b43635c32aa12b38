//! The branch and bound agrees with a brute-force search (every guess, every class, no bounds,
//! no symmetry) on small games, for both objectives, both pools and depth limits; on list
//! games too, those that end when the secret is known (counterfeit coins, random tables)
//! among them.

use std::collections::HashMap;
use std::sync::Arc;

use codebreak_core::{
    AnyEngine, Code, End, Game, GameKind, GameSpec, KernelOptions, ListGame, ListParts, ListRule,
    Pool,
};
use codebreak_search::{Objective, Search, SearchOptions};

#[path = "../../core/tests/support/coins.rs"]
mod coins_game;

/// Known results: (secrets, guesses left) -> least (total, worst), if any.
type Table = HashMap<(Vec<usize>, u32), Option<(u64, u64)>>;

/// Least (total, worst) for a set within some guesses, in the objective's order.
struct Brute<'a> {
    game: &'a Game,
    /// Every code (the guesses first).
    guesses: Vec<Code>,
    /// How many of them are guesses.
    guess_count: usize,
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
        let known = self.game.end() == End::Known;
        if known && set.len() == 1 {
            return Some((0, 0));
        }
        if depth == 0 {
            return None;
        }
        let key = (set.to_vec(), depth);
        if let Some(v) = self.memo.get(&key) {
            return *v;
        }
        let n = set.len() as u64;
        let pool: Vec<usize> = match self.pool {
            Pool::All => (0..self.guess_count).collect(),
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
            if known && classes.len() == 1 {
                continue; // learns nothing
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
        agree(&Game::new(&spec).unwrap(), &[Pool::All, Pool::Consistent]);
    }
}

/// The search and the brute force agree on `game` with each pool, both objectives, and
/// depth limits.
fn agree(game: &Game, pools: &[Pool]) {
    let engine = AnyEngine::new(game).unwrap();
    let space = engine.space();
    let guesses: Vec<Code> = space.codes().to_vec();
    let secrets: Vec<usize> = space.secrets().iter().map(|&i| i as usize).collect();
    for &pool in pools {
        for objective in [Objective::Expected, Objective::Worst] {
            for max_depth in [None, Some(2), Some(3), Some(4)] {
                let mut brute = Brute {
                    game,
                    guesses: guesses.clone(),
                    guess_count: space.len(),
                    pool,
                    objective,
                    memo: HashMap::new(),
                };
                let want = brute.solve(&secrets, max_depth.unwrap_or(30));
                // As the search runs by default, with symmetry at every set (list games
                // find theirs from the table), and without symmetry.
                for (symmetry_min, symmetry) in [(None, true), (Some(0), true), (None, false)] {
                    let options = SearchOptions {
                        objective,
                        max_depth,
                        pool,
                        symmetry_min,
                        ..Default::default()
                    };
                    let mut engine = engine.clone();
                    engine.set_options(KernelOptions {
                        symmetry,
                        ..KernelOptions::default()
                    });
                    let got = Search::new(&engine, options, false).unwrap().run();
                    let what = format!(
                        "{game} {pool:?} {objective:?} {max_depth:?} symmetry {symmetry} from {symmetry_min:?}"
                    );
                    match (want, got) {
                        (Some((t, w)), Ok(sol)) => {
                            assert_eq!((sol.total, sol.worst as u64), (t, w), "{what}");
                            let check = codebreak_tree::verify(game, &sol.tree.root).unwrap();
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

/// `n` coins, one heavier or lighter (secrets `a+`, `a-`, ...), weighed `ab-cd` (equal numbers
/// of coins on each pan, each pair of pans once): replies `<`, `=`, `>`, end when known. The
/// core crate's symmetry tests build the same game.
fn coins(n: usize) -> Game {
    Game::from_list(Arc::new(coins_game::coins(n))).unwrap()
}

/// A game of `guesses` guesses and `secrets` secrets whose replies (of `replies`) are drawn
/// by a small generator from `seed`; `None` when two secrets cannot be told apart.
fn random_known(guesses: usize, secrets: usize, replies: u8, seed: u64) -> Option<Game> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut table = Vec::new();
    for _ in 0..guesses * secrets {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        table.push((x % replies as u64) as u8);
    }
    ListGame::new(ListParts {
        name: format!("random {seed}"),
        rule: Some(ListRule::Table),
        end: End::Known,
        guesses: (0..guesses).map(|g| format!("g{g}")).collect(),
        secrets: (0..secrets).map(|s| format!("s{s}")).collect(),
        replies: (0..replies).map(|r| format!("r{r}")).collect(),
        table,
        ..ListParts::default()
    })
    .ok()
    .map(|l| Game::from_list(Arc::new(l)).unwrap())
}

#[test]
fn known_end_games_match_brute_force() {
    for n in 3..=5 {
        agree(&coins(n), &[Pool::All]);
    }
    let mut checked = 0;
    for seed in 0..40 {
        if let Some(game) = random_known(5, 9, 3, seed) {
            agree(&game, &[Pool::All]);
            checked += 1;
        }
    }
    assert!(
        checked >= 10,
        "only {checked} random games could be told apart"
    );
    for seed in 0..10 {
        if let Some(game) = random_known(4, 7, 2, seed) {
            agree(&game, &[Pool::All]);
        }
    }
}

#[test]
fn known_end_games_refuse_the_consistent_pool() {
    let game = coins(3);
    let engine = AnyEngine::new(&game).unwrap();
    let options = SearchOptions {
        pool: Pool::Consistent,
        ..Default::default()
    };
    let err = Search::new(&engine, options, false).err().expect("refused");
    assert!(err.to_string().contains("expected pool all"), "{err}");
}

/// The built-in game as a list game: its codes, and a table of every reply.
fn as_table(game: &Game) -> Game {
    Game::from_list(Arc::new(ListGame::from_game(game).unwrap())).unwrap()
}

#[test]
fn builtin_games_written_as_tables_have_the_same_optimum() {
    let specs = [
        GameSpec::mastermind(3, 3),
        GameSpec::mastermind(2, 5),
        // Twenty replies: no reply table in the search.
        GameSpec::mastermind(5, 2),
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
            size: Some(5),
            ..GameSpec::default()
        },
    ];
    for spec in specs {
        let game = Game::new(&spec).unwrap();
        let table = as_table(&game);
        let (e1, e2) = (
            AnyEngine::new(&game).unwrap(),
            AnyEngine::new(&table).unwrap(),
        );
        for pool in [Pool::All, Pool::Consistent] {
            for objective in [Objective::Expected, Objective::Worst] {
                for max_depth in [None, Some(4)] {
                    let options = SearchOptions {
                        objective,
                        max_depth,
                        pool,
                        ..Default::default()
                    };
                    let what = format!("{game} {pool:?} {objective:?} {max_depth:?}");
                    let figures = |e: &AnyEngine| {
                        Search::new(e, options.clone(), false)
                            .unwrap()
                            .run()
                            .map(|s| (s.total, s.worst, s.histogram))
                            .map_err(|e| e.to_string())
                    };
                    let (a, b) = (figures(&e1), figures(&e2));
                    assert_eq!(a, b, "{what}");
                }
            }
        }
    }
}

#[test]
fn a_small_wordle_matches_brute_force() {
    // 243 replies: the search scores guesses with one histogram and filters outside guesses
    // by reply collisions without the reply table.
    let secrets = "baste batch bound caste catch eight fight found haste hatch hound latch light \
                   match might mound night paste patch pound right round sight sound taste tight \
                   waste watch wight wound";
    let word = |w: &str| -> [u8; 5] { w.as_bytes().try_into().unwrap() };
    let secrets: Vec<[u8; 5]> = secrets.split_whitespace().map(word).collect();
    let mut guesses = secrets.clone();
    guesses.extend(
        "crane slate blimp fresh howdy month spilt chunk gawky"
            .split_whitespace()
            .map(word),
    );
    let list = codebreak_core::wordle::list_game(
        "small wordle".into(),
        String::new(),
        &guesses,
        &secrets,
        End::Guess,
        false,
    )
    .unwrap();
    agree(
        &Game::from_list(Arc::new(list)).unwrap(),
        &[Pool::All, Pool::Consistent],
    );
}

/// The symmetry a list game finds from its table is used by the search (fewer nodes when every
/// set tries one guess per orbit) and changes no figure: tables of built-in games and coins,
/// both objectives, against the same search without symmetry.
#[test]
fn automatic_symmetry_prunes_and_keeps_the_optimum() {
    // Whether fewer nodes are searched: the coins' optimal trees are found at once either
    // way, with one orbit of first weighings per number of coins on the pans.
    let games = [
        (
            as_table(&Game::new(&GameSpec::mastermind(3, 3)).unwrap()),
            true,
        ),
        (as_table(&Game::new(&GameSpec::bulls(3, 4)).unwrap()), true),
        (coins(6), false),
    ];
    for (game, fewer) in games {
        if let AnyEngine::Table(e) = AnyEngine::new(&game).unwrap() {
            let all: Vec<u32> = (0..e.space().len() as u32).collect();
            let reps = e.representatives(&[], &all).expect("symmetry");
            assert!(reps.len() < all.len(), "{game}");
        }
        let engine = AnyEngine::new(&game).unwrap();
        let group = engine.list_group().expect("a list game");
        assert!(group.is_complete() && group.order().unwrap() > 1, "{game}");
        for objective in [Objective::Expected, Objective::Worst] {
            let run = |symmetry: bool| {
                let mut engine = engine.clone();
                engine.set_options(KernelOptions {
                    symmetry,
                    ..KernelOptions::default()
                });
                let options = SearchOptions {
                    objective,
                    symmetry_min: Some(0),
                    ..Default::default()
                };
                let sol = Search::new(&engine, options, false).unwrap().run().unwrap();
                let check = codebreak_tree::verify(&game, &sol.tree.root).unwrap();
                assert_eq!((check.total, check.worst), (sol.total, sol.worst));
                sol
            };
            let (with, without) = (run(true), run(false));
            let what = format!("{game} {objective:?}");
            assert_eq!(
                (with.total, with.worst, &with.histogram),
                (without.total, without.worst, &without.histogram),
                "{what}"
            );
            assert!(
                !fewer || with.nodes < without.nodes,
                "{what}: {} nodes vs {}",
                with.nodes,
                without.nodes
            );
        }
    }
}

/// 16 coins (2.6 million weighings, 32 secrets), least total, as a table: timed by
/// `cargo test --release -p codebreak-search --test brute_force sixteen -- --ignored --nocapture`.
/// Four weighings are needed ((3^3 - 3) / 2 = 12 < 16 coins), and suffice.
#[test]
#[ignore]
fn sixteen_coins_least_total() {
    for n in [12, 13, 16] {
        let game = coins(n);
        let engine = AnyEngine::new(&game).unwrap();
        let start = std::time::Instant::now();
        let options = SearchOptions {
            symmetry_min: std::env::var("SYMMETRY_MIN")
                .ok()
                .map(|v| v.parse().unwrap()),
            ..Default::default()
        };
        let sol = Search::new(&engine, options, true).unwrap().run().unwrap();
        let check = codebreak_tree::verify(&game, &sol.tree.root).unwrap();
        assert_eq!((check.total, check.worst), (sol.total, sol.worst));
        println!(
            "{n} coins: total {} worst {} in {:.2} s ({} nodes; {})",
            sol.total,
            sol.worst,
            start.elapsed().as_secs_f64(),
            sol.nodes,
            sol.symmetry.map_or("no symmetry".into(), |g| g.to_string())
        );
        assert_eq!(sol.worst, if n <= 12 { 3 } else { 4 });
    }
}

/// A position's search (`SearchOptions::history`) agrees with the brute force on the secrets
/// that fit its moves, from the next guess on, for both objectives and depth limits counting
/// the whole game; its tree replays through `verify_below`.
#[test]
fn positions_match_brute_force() {
    for spec in [GameSpec::mastermind(3, 3), GameSpec::bulls(3, 4)] {
        let game = Game::new(&spec).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let space = engine.space();
        let guesses: Vec<Code> = space.codes().to_vec();
        // Two openers, each reply, and a second move after the first reply class.
        let mut histories: Vec<Vec<(u32, codebreak_core::Feedback)>> = Vec::new();
        for g in [0u32, (space.len() / 2) as u32] {
            let classes: Vec<_> = codebreak_core::dispatch_engine!(&engine, e => e
                .split(g, &e.all_secrets())
                .into_iter()
                .map(|(fb, _)| fb)
                .filter(|&fb| fb != game.win())
                .collect());
            for fb in classes {
                histories.push(vec![(g, fb)]);
            }
        }
        let (g, fb) = histories[0][0];
        let h2 = (space.len() - 1) as u32;
        for fb2 in game.feedback().all().filter(|&f| f != game.win()) {
            let h = vec![(g, fb), (h2, fb2)];
            if codebreak_core::dispatch_engine!(&engine, e => !e.consistent(&h).is_empty()) {
                histories.push(h);
            }
        }
        for history in &histories {
            let set: Vec<usize> = codebreak_core::dispatch_engine!(&engine, e => e
                .consistent(history)
                .indices()
                .iter()
                .map(|&i| i as usize)
                .collect());
            let played = history.len() as u64;
            let moves: Vec<(Code, codebreak_core::Feedback)> =
                history.iter().map(|&(g, f)| (space.code(g), f)).collect();
            for objective in [Objective::Expected, Objective::Worst] {
                for max_depth in [None, Some(3), Some(4)] {
                    let mut brute = Brute {
                        game: &game,
                        guesses: guesses.clone(),
                        guess_count: space.len(),
                        pool: Pool::All,
                        objective,
                        memo: HashMap::new(),
                    };
                    let left = max_depth.map_or(30, |d: u32| d.saturating_sub(played as u32));
                    let want = brute.solve(&set, left);
                    let options = SearchOptions {
                        objective,
                        max_depth,
                        history: history.clone(),
                        ..Default::default()
                    };
                    let got = Search::new(&engine, options, false).unwrap().run();
                    let what = format!("{game} {moves:?} {objective:?} {max_depth:?}");
                    match (want, got) {
                        (Some((t, w)), Ok(sol)) => {
                            assert_eq!(sol.secrets, set.len() as u64, "{what}");
                            assert_eq!(
                                (sol.subtree_total(), sol.subtree_worst() as u64),
                                (t, w),
                                "{what}"
                            );
                            assert_eq!(sol.total, t + played * set.len() as u64, "{what}");
                            let check = codebreak_tree::verify_below(
                                &game,
                                &moves,
                                &sol.tree.root,
                                codebreak_tree::DeadBranches::Refuse,
                            )
                            .unwrap();
                            assert_eq!((check.total, check.worst as u64), (t, w), "{what}");
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
