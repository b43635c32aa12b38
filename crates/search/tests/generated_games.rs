//! Property tests over generated list games whose secrets are a subset of the guesses, disjoint
//! from them, or overlap them, ending by a guess or when the secret is known. For each game,
//! every greedy strategy's analysis tree verifies (so it plays only legal guesses), every hint
//! suggests legal guesses, and on the smaller games the exact search agrees with a brute-force
//! optimum.

use std::collections::HashMap;
use std::sync::Arc;

use codebreak_core::{
    AnyEngine, Code, End, Feedback, Game, ListGame, ListParts, ListRule, Pool, Role, Ties,
};
use codebreak_search::{Objective, Search, SearchOptions};
use codebreak_strategy::{AnyStrategy, StrategyOptions};
use proptest::prelude::*;

/// How the secrets relate to the guesses.
#[derive(Clone, Copy, Debug)]
enum Layout {
    /// Every secret is a guess.
    Subset,
    /// No secret is a guess.
    Disjoint,
    /// Some secrets are guesses, some are not.
    Overlapping,
}

/// A small xorshift generator: the game's contents follow from the drawn seed.
struct Draw(u64);

impl Draw {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A list game of `guesses` guesses and `secrets` secrets laid out as `layout`, with `replies`
/// random replies (and a winning one when it ends by a guess); `None` when it is not well
/// formed (two secrets no guess tells apart).
fn generate(
    layout: Layout,
    end: End,
    guesses: usize,
    secrets: usize,
    replies: usize,
    seed: u64,
) -> Option<Game> {
    let mut draw = Draw(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let guess_names: Vec<String> = (0..guesses).map(|g| format!("g{g}")).collect();
    let mut secret_names: Vec<String> = match layout {
        Layout::Subset => {
            let mut pool = guess_names.clone();
            (0..secrets.min(guesses))
                .map(|_| pool.swap_remove(draw.below(pool.len())))
                .collect()
        }
        Layout::Disjoint => (0..secrets).map(|s| format!("s{s}")).collect(),
        Layout::Overlapping => (0..secrets)
            .map(|s| {
                if s % 2 == 0 && s / 2 < guesses {
                    guess_names[s / 2].clone()
                } else {
                    format!("s{s}")
                }
            })
            .collect(),
    };
    for i in (1..secret_names.len()).rev() {
        secret_names.swap(i, draw.below(i + 1));
    }
    let mut names: Vec<String> = (0..replies).map(|r| format!("r{r}")).collect();
    if end == End::Guess {
        names.push("win".into());
    }
    let mut table = Vec::with_capacity(guesses * secret_names.len());
    for g in &guess_names {
        for s in &secret_names {
            table.push(if end == End::Guess && g == s {
                replies as u8
            } else {
                draw.below(replies) as u8
            });
        }
    }
    let list = ListGame::new(ListParts {
        name: format!("{layout:?} {end:?} {seed}"),
        rule: Some(ListRule::Table),
        end,
        guesses: guess_names.into(),
        secrets: secret_names.into(),
        replies: names,
        table,
        ..ListParts::default()
    })
    .ok()?;
    Some(Game::from_list(Arc::new(list)).unwrap())
}

/// Layout and end rule that make a game: ending by a guess needs every secret to be a guess.
fn shape() -> impl Strategy<Value = (Layout, End)> {
    prop_oneof![
        Just((Layout::Subset, End::Guess)),
        Just((Layout::Subset, End::Known)),
        Just((Layout::Disjoint, End::Known)),
        Just((Layout::Overlapping, End::Known)),
    ]
}

const GREEDY: [&str; 4] = ["minimax", "expected-size", "entropy", "most-parts"];

/// Every greedy strategy, with both tie-breaks, plays only legal guesses: its analysis
/// succeeds, its tree verifies with the same figures, and every node's guess is a guess.
fn strategies_play_legal_guesses(game: &Game) {
    let engine = AnyEngine::new(game).unwrap();
    for name in GREEDY {
        for ties in [Ties::Consistent, Ties::Index] {
            let opts = StrategyOptions {
                pool: Some(Pool::All),
                ties: Some(ties),
                ..Default::default()
            };
            let s = AnyStrategy::new(name, &opts, game, engine.space()).unwrap();
            let a = codebreak_analysis::analyze(&engine, &s, None)
                .unwrap_or_else(|e| panic!("{game} {name} {ties:?}: {e}"));
            let check = codebreak_tree::verify(game, &a.tree.root)
                .unwrap_or_else(|e| panic!("{game} {name} {ties:?}: {e}"));
            assert_eq!(
                (check.total, check.worst),
                (a.figures.total, a.figures.worst),
                "{game} {name} {ties:?}"
            );
        }
    }
}

/// After a few random moves against a random secret, every strategy's hint is a legal guess.
fn hints_are_legal(game: &Game, seed: u64) {
    let engine = AnyEngine::new(game).unwrap();
    let space = engine.space();
    let mut draw = Draw(seed | 1);
    let secret = space.code(space.secrets()[draw.below(space.secrets().len())]);
    let strategies: Vec<AnyStrategy> = GREEDY
        .iter()
        .map(|name| AnyStrategy::new(name, &StrategyOptions::default(), game, space).unwrap())
        .collect();
    let mut history: Vec<(Code, Feedback)> = Vec::new();
    for _ in 0..3 {
        let hint = codebreak_strategy::hint(&engine, &strategies, &history, 5).unwrap();
        for s in &hint.suggestions {
            assert!(
                game.is_valid(&s.guess, Role::Guess),
                "{game}: {} suggests {} after {} moves",
                s.strategy,
                game.format_code(&s.guess),
                history.len()
            );
        }
        let guess = space.code(draw.below(space.len()) as u32);
        let fb = game.score(&secret, &guess);
        history.push((guess, fb));
        if fb == game.win() || hint.remaining == 1 {
            break;
        }
    }
}

/// Known results: (secrets, moves left) -> least (total, worst), if any.
type Memo = HashMap<(Vec<u32>, u32), Option<(u64, u64)>>;

/// Least (total, worst) of a set of secrets (code indices) within `depth` more moves, over
/// every guess and every class, without bounds or symmetry.
struct Brute<'a> {
    engine: &'a AnyEngine,
    objective: Objective,
    memo: Memo,
}

impl Brute<'_> {
    fn solve(&mut self, set: &[u32], depth: u32) -> Option<(u64, u64)> {
        let game = self.engine.game();
        let known = game.end() == End::Known;
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
        let space = self.engine.space();
        let mut best: Option<(u64, u64)> = None;
        for g in 0..space.len() as u32 {
            let mut classes: HashMap<Feedback, Vec<u32>> = HashMap::new();
            for &s in set {
                let fb = game.score(&space.code(s), &space.code(g));
                classes.entry(fb).or_default().push(s);
            }
            if classes.len() == 1 && !(set.len() == 1 && set[0] == g && !known) {
                continue; // learns nothing
            }
            let (mut total, mut worst, mut ok) = (set.len() as u64, 1u64, true);
            for (fb, class) in &classes {
                if *fb == game.win() {
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
            let better = |a: (u64, u64), b: (u64, u64)| match self.objective {
                Objective::Expected => a < b,
                Objective::Worst => (a.1, a.0) < (b.1, b.0),
            };
            if ok && best.is_none_or(|b| better((total, worst), b)) {
                best = Some((total, worst));
            }
        }
        self.memo.insert(key, best);
        best
    }
}

/// The exact search agrees with the brute force, both objectives, with and without a depth
/// limit, and its tree verifies.
fn search_matches_brute_force(game: &Game) {
    let engine = AnyEngine::new(game).unwrap();
    let secrets = engine.space().secrets().to_vec();
    for objective in [Objective::Expected, Objective::Worst] {
        for max_depth in [None, Some(3)] {
            let mut brute = Brute {
                engine: &engine,
                objective,
                memo: HashMap::new(),
            };
            let want = brute.solve(&secrets, max_depth.unwrap_or(64));
            // As the search runs by default, and with symmetry at every set: a generated game
            // may have automorphisms (found from its table).
            for symmetry_min in [None, Some(0)] {
                let options = SearchOptions {
                    objective,
                    max_depth,
                    symmetry_min,
                    ..Default::default()
                };
                let got = Search::new(&engine, options, false).unwrap().run();
                let what =
                    format!("{game} {objective:?} {max_depth:?} symmetry from {symmetry_min:?}");
                match (want, got) {
                    (Some((t, w)), Ok(sol)) => {
                        assert_eq!((sol.total, sol.worst as u64), (t, w), "{what}");
                        let check = codebreak_tree::verify(game, &sol.tree.root)
                            .unwrap_or_else(|e| panic!("{what}: {e}"));
                        assert_eq!((check.total, check.worst), (sol.total, sol.worst), "{what}");
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

/// The depth-only search finds a strategy within each depth exactly when the brute force
/// does (with symmetry as by default and at every set), and its tree verifies within it.
fn depth_only_matches_brute_force(game: &Game) {
    let engine = AnyEngine::new(game).unwrap();
    let secrets = engine.space().secrets().to_vec();
    let mut brute = Brute {
        engine: &engine,
        objective: Objective::Worst,
        memo: HashMap::new(),
    };
    let least = brute.solve(&secrets, 64).map(|(_, w)| w);
    for depth in 1..=least.unwrap_or(3) as u32 + 1 {
        let want = brute.solve(&secrets, depth).is_some();
        assert_eq!(
            want,
            least.is_some_and(|w| w <= depth.into()),
            "{game} {depth}"
        );
        for symmetry_min in [None, Some(0)] {
            let options = SearchOptions {
                max_depth: Some(depth),
                depth_only: true,
                symmetry_min,
                ..Default::default()
            };
            let what = format!("{game} within {depth}, symmetry from {symmetry_min:?}");
            match Search::new(&engine, options, false).unwrap().run() {
                Ok(sol) => {
                    assert!(want, "{what}: the brute force finds no strategy");
                    let check = codebreak_tree::verify(game, &sol.tree.root)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!((check.total, check.worst), (sol.total, sol.worst), "{what}");
                    assert!(sol.worst <= depth as usize, "{what}: worst {}", sol.worst);
                    assert_eq!(sol.secrets, secrets.len() as u64, "{what}");
                }
                Err(codebreak_search::SearchError::Infeasible { max_depth }) => {
                    assert!(!want, "{what}: the brute force finds a strategy");
                    assert_eq!(max_depth, depth, "{what}");
                }
                Err(e) => panic!("{what}: {e}"),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn generated_games_are_found_within_a_depth_as_the_brute_force_says(
        (layout, end) in shape(),
        guesses in 2usize..=9,
        secrets in 2usize..=12,
        replies in 2usize..=3,
        seed in any::<u64>(),
    ) {
        let game = generate(layout, end, guesses, secrets, replies, seed);
        prop_assume!(game.is_some());
        depth_only_matches_brute_force(&game.unwrap());
    }

    #[test]
    fn generated_games_play_only_legal_guesses(
        (layout, end) in shape(),
        guesses in 2usize..=60,
        secrets in 2usize..=40,
        replies in 2usize..=4,
        seed in any::<u64>(),
    ) {
        let game = generate(layout, end, guesses, secrets, replies, seed);
        prop_assume!(game.is_some());
        let game = game.unwrap();
        strategies_play_legal_guesses(&game);
        hints_are_legal(&game, seed);
    }

    #[test]
    fn generated_games_have_the_brute_force_optimum(
        (layout, end) in shape(),
        guesses in 2usize..=9,
        secrets in 2usize..=9,
        replies in 2usize..=3,
        seed in any::<u64>(),
    ) {
        let game = generate(layout, end, guesses, secrets, replies, seed);
        prop_assume!(game.is_some());
        search_matches_brute_force(&game.unwrap());
    }
}
