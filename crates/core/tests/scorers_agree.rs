//! The fast scorer (bit masks) and the reference scorer (marking pegs) must agree everywhere.

use codebreak_core::{AnyEngine, Code, Game, GameKind, GameSpec, Reply, Role, reference};
use proptest::prelude::*;

fn game_strategy() -> impl Strategy<Value = GameSpec> {
    prop_oneof![
        (1u32..=16, 1u32..=36).prop_map(|(p, c)| GameSpec::mastermind(p, c)),
        (1u32..=10, 1u32..=36).prop_map(|(p, c)| GameSpec {
            kind: GameKind::BlackPeg,
            ..GameSpec::mastermind(p, c)
        }),
        (1u32..=10, 0u32..=26).prop_map(|(p, extra)| GameSpec::bulls(p, p + extra)),
        (1u32..=8, 0u32..=10).prop_map(|(p, extra)| GameSpec {
            distinct_secret: true,
            ..GameSpec::mastermind(p, p + extra)
        }),
        (1u32..=36).prop_map(|n| GameSpec {
            kind: GameKind::TwoD,
            size: Some(n),
            ..GameSpec::default()
        }),
    ]
}

fn random_code(game: &Game, role: Role, seed: &[u8]) -> Code {
    let c = game.colors() as u8;
    let p = game.pegs();
    let distinct = match role {
        Role::Guess => game.distinct_guess(),
        Role::Secret => game.distinct_secret(),
    };
    if distinct {
        let mut pool: Vec<u8> = (0..c).collect();
        let mut out = Vec::with_capacity(p);
        for &s in &seed[..p] {
            let k = s as usize % pool.len();
            out.push(pool.remove(k));
        }
        Code::from_pegs(&out).unwrap()
    } else {
        let out: Vec<u8> = seed[..p].iter().map(|&s| s % c).collect();
        Code::from_pegs(&out).unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn fast_equals_reference(spec in game_strategy(), a in prop::collection::vec(any::<u8>(), 16), b in prop::collection::vec(any::<u8>(), 16)) {
        let game = Game::new(&spec).unwrap();
        let secret = random_code(&game, Role::Secret, &a);
        let guess = random_code(&game, Role::Guess, &b);
        prop_assert!(game.is_valid(&secret, Role::Secret));
        prop_assert!(game.is_valid(&guess, Role::Guess));
        let fast = game.reply(game.score(&secret, &guess));
        let slow = reference::score(game.kind(), &secret, &guess);
        prop_assert_eq!(fast, slow, "secret {:?} guess {:?} in {}", secret, guess, game);
        // Text round trip of the reply.
        let fb = game.score(&secret, &guess);
        prop_assert_eq!(game.parse_feedback(&game.format_feedback(fb)).unwrap(), fb);
    }

    #[test]
    fn codes_round_trip_through_text(spec in game_strategy(), a in prop::collection::vec(any::<u8>(), 16)) {
        let game = Game::new(&spec).unwrap();
        let code = random_code(&game, Role::Secret, &a);
        prop_assert_eq!(game.parse_secret(&game.format_code(&code)).unwrap(), code);
    }
}

/// Every pair of MM(4,6) codes: the engine's indexed scorer agrees with the reference.
#[test]
fn exhaustive_mm46() {
    let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let AnyEngine::BlackWhite64(e) = &engine else {
        panic!("expected 64-bit masks")
    };
    let n = e.space().len() as u32;
    for s in 0..n {
        for g in 0..n {
            let want = reference::score(game.kind(), &e.code(s), &e.code(g));
            assert_eq!(game.reply(e.score(s, g)), want);
        }
    }
    // A few hand-checked replies.
    let r = |s: &str, g: &str| {
        game.reply(game.score(
            &game.parse_secret(s).unwrap(),
            &game.parse_guess(g).unwrap(),
        ))
    };
    assert_eq!(r("1122", "1212"), Reply::Pegs { black: 2, white: 2 });
    assert_eq!(r("1111", "1222"), Reply::Pegs { black: 1, white: 0 });
    assert_eq!(r("1234", "4321"), Reply::Pegs { black: 0, white: 4 });
    assert_eq!(r("5555", "0123"), Reply::Pegs { black: 0, white: 0 });
}

/// Wordle, two peg games and twoD: the games the reference scorers' forms are compared on.
fn reference_games() -> [GameSpec; 4] {
    [
        GameSpec {
            kind: GameKind::Wordle,
            ..GameSpec::default()
        },
        GameSpec::mastermind(3, 4),
        GameSpec::bulls(3, 5),
        GameSpec {
            kind: GameKind::TwoD,
            size: Some(6),
            ..GameSpec::default()
        },
    ]
}

/// The reference scorer by code index gives the reply of the scorer by code, on Wordle (every
/// 97th guess against every 13th secret), the peg games and twoD.
#[test]
fn the_indexed_reference_scorer_agrees_with_the_scorer_by_code() {
    for spec in reference_games() {
        let game = Game::new(&spec).unwrap();
        let space = game.space().unwrap();
        let by_code = reference::game_scorer(&game);
        let by_index = reference::indexed_scorer(&game, space.codes());
        let step = if game.list().is_some() { 97 } else { 1 };
        for g in (0..space.len() as u32).step_by(step) {
            for &s in space.secrets().iter().step_by(step.min(13)) {
                assert_eq!(
                    by_index(s, g),
                    by_code(&space.code(s), &space.code(g)),
                    "{spec:?}: guess {g}, secret {s}"
                );
            }
        }
    }
}

/// The reference scorer a row at a time gives the reply of the scorer by code index: on Wordle
/// (every guess against every 7th secret, the rule applied to many secrets at once), on the
/// peg games and twoD (pair by pair), and for a shorter row (the first secrets only).
#[test]
fn the_reference_rows_agree_with_the_indexed_scorer() {
    for spec in reference_games() {
        let game = Game::new(&spec).unwrap();
        let space = game.space().unwrap();
        let secrets: Vec<u32> = space.secrets().iter().copied().step_by(7).collect();
        let rows = reference::row_scorer(&game, space.codes(), &secrets);
        let by_index = reference::indexed_scorer(&game, space.codes());
        let mut row = vec![0u8; secrets.len()];
        for g in 0..space.len() as u32 {
            rows(g, &mut row);
            for (&s, &r) in secrets.iter().zip(&row) {
                assert_eq!(r, by_index(s, g).0, "{spec:?}: guess {g}, secret {s}");
            }
            let short = &mut row[..secrets.len() / 2];
            rows(g, short);
            for (&s, &r) in secrets.iter().zip(short.iter()) {
                assert_eq!(r, by_index(s, g).0, "{spec:?}: guess {g}, secret {s}");
            }
        }
    }
}

proptest! {
    /// Wordle's rule a row at a time agrees with the rule pair by pair on words of few
    /// letters (so that repeated letters, greens and yellows of the same letter are common).
    #[test]
    fn wordle_rows_agree_with_wordle_score(
        words in proptest::collection::vec(proptest::array::uniform5(b'a'..=b'e'), 1..80),
        guess in proptest::array::uniform5(b'a'..=b'e'),
    ) {
        let rows = reference::WordleRows::new(&words);
        let mut out = vec![0u8; words.len()];
        rows.score_row(&guess, &mut out);
        for (w, &r) in words.iter().zip(&out) {
            prop_assert_eq!(r, codebreak_core::wordle::score(&guess, w).0, "guess {:?}, secret {:?}", guess, w);
        }
    }
}
