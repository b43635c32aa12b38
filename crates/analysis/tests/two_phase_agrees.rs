//! The two-phase strategy, analysed as a tree, against a second implementation written
//! straight from the Chinese article's text (seed 000) and played one secret at a time, with
//! plain strings and its own scoring: both must need the same number of guesses for every one
//! of the 10 000 secrets of 4 pegs and 10 colours.

use codebreak_analysis::analyze;
use codebreak_core::{AnyEngine, Game, GameSpec};
use codebreak_strategy::{AnyStrategy, StrategyOptions};

/// Black pegs of `guess` against `secret`.
fn black(secret: &[u8], guess: &[u8]) -> usize {
    secret.iter().zip(guess).filter(|(a, b)| a == b).count()
}

/// Positions where `a` and `b` agree.
fn agree(a: &[u8], b: &[u8]) -> Vec<usize> {
    (0..a.len()).filter(|&i| a[i] == b[i]).collect()
}

/// Distinct arrangements of `bag`, ascending.
fn arrangements(bag: &[u8]) -> Vec<Vec<u8>> {
    fn rec(left: &mut Vec<u8>, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if left.is_empty() {
            out.push(cur.clone());
            return;
        }
        let mut tried = Vec::new();
        for i in 0..left.len() {
            let c = left[i];
            if tried.contains(&c) {
                continue;
            }
            tried.push(c);
            left.remove(i);
            cur.push(c);
            rec(left, cur, out);
            cur.pop();
            left.insert(i, c);
        }
    }
    let mut bag = bag.to_vec();
    bag.sort_unstable();
    let mut out = Vec::new();
    rec(&mut bag, &mut Vec::new(), &mut out);
    out
}

/// Guesses the article's AI needs for `secret` (4 pegs, colours 0..10).
fn play(secret: &[u8]) -> usize {
    let mut n = 0;
    // Phase 1: probe kkkk; black = how many k the secret holds; the last colour is implied.
    let mut bag: Vec<u8> = Vec::new();
    for k in 0..9u8 {
        n += 1;
        let b = black(secret, &[k; 4]);
        if b == 4 {
            return n;
        }
        bag.extend(std::iter::repeat_n(k, b));
        if bag.len() == 4 {
            break;
        }
    }
    while bag.len() < 4 {
        bag.push(9);
    }
    // Phase 2: walk the arrangements, striking out by the article's rules.
    let mut base = arrangements(&bag);
    let mut history: Vec<(Vec<u8>, usize)> = Vec::new();
    loop {
        let g = base.remove(0);
        n += 1;
        let r = black(secret, &g);
        if r == 4 {
            return n;
        }
        if r > 0 {
            base.retain(|x| !agree(x, &g).is_empty());
        } else {
            base.retain(|x| agree(x, &g).is_empty());
        }
        for (h, hb) in &history {
            let m = agree(&g, h);
            if matches!(
                (r, *hb, m.len()),
                (1, 2, 2) | (2, 2, 1) | (2, 2, 2) | (2, 1, 2)
            ) {
                base.retain(|x| m.iter().any(|&i| x[i] == g[i]));
            }
        }
        history.push((g, r));
        assert!(!base.is_empty(), "no arrangement left for {secret:?}");
    }
}

#[test]
fn two_phase_matches_the_article_played_game_by_game() {
    let game = Game::new(&GameSpec {
        alphabet: Some("0123456789".into()),
        ..GameSpec::mastermind(4, 10)
    })
    .unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let s = AnyStrategy::new(
        "two-phase",
        &StrategyOptions::default(),
        &game,
        engine.space(),
    )
    .unwrap();
    let analysis = analyze(&engine, &s, None).unwrap();
    let mut histogram = vec![0u64; 64];
    for i in 0..10_000u32 {
        let secret = [
            (i / 1000) as u8,
            (i / 100 % 10) as u8,
            (i / 10 % 10) as u8,
            (i % 10) as u8,
        ];
        histogram[play(&secret)] += 1;
    }
    let trim = |h: &[u64]| {
        let end = h.iter().rposition(|&n| n > 0).map_or(0, |i| i + 1);
        h[1..end].to_vec()
    };
    assert_eq!(trim(&analysis.figures.histogram), trim(&histogram));
    // The article: never more than 15 guesses.
    assert!(analysis.figures.worst <= 15);
}
