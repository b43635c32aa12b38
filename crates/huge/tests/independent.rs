//! Exact counts on games far too large to list (more than 2^32 codes), checked by a plainly
//! written dynamic programme that shares no code with the engine.

use std::collections::HashMap;

use codebreak_huge::{Budget, Clue, Count, CountOptions, Family, Game, Solver};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Codes of `colors` colours meeting every clue's black count, by memoised recursion over
/// positions on the vector of black pegs still needed. No pruning beyond "never below zero".
fn plain_count(colors: u8, clues: &[(Vec<u8>, u8)]) -> u128 {
    fn go(
        p: usize,
        need: Vec<u8>,
        colors: u8,
        clues: &[(Vec<u8>, u8)],
        memo: &mut HashMap<(usize, Vec<u8>), u128>,
    ) -> u128 {
        let n = clues[0].0.len();
        if p == n {
            return u128::from(need.iter().all(|&x| x == 0));
        }
        if let Some(&v) = memo.get(&(p, need.clone())) {
            return v;
        }
        let mut total = 0;
        'colour: for c in 0..colors {
            let mut next = need.clone();
            for (i, (guess, _)) in clues.iter().enumerate() {
                if guess[p] == c {
                    if next[i] == 0 {
                        continue 'colour;
                    }
                    next[i] -= 1;
                }
            }
            total += go(p + 1, next, colors, clues, memo);
        }
        memo.insert((p, need), total);
        total
    }
    let need = clues.iter().map(|(_, b)| *b).collect();
    go(0, need, colors, clues, &mut HashMap::new())
}

#[test]
fn black_peg_counts_agree_with_a_plain_dp_beyond_two_to_the_32() {
    for (pegs, clues_n, seed) in [(12u32, 4usize, 1u64), (14, 6, 2), (16, 8, 3), (18, 9, 4)] {
        let game = Game::new(Family::BlackPeg, pegs, 10, false).unwrap();
        assert!(game.log2_codes() > 32.0);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let secret = game.random_secret(&mut rng);
        let clues: Vec<Clue> = (0..clues_n)
            .map(|_| {
                let g = game.random_secret(&mut rng);
                Clue::new(g, game.score(&secret, &g))
            })
            .collect();
        let plain: Vec<(Vec<u8>, u8)> = clues
            .iter()
            .map(|c| (c.guess.colours().to_vec(), c.reply.black))
            .collect();
        let t = std::time::Instant::now();
        let expected = plain_count(10, &plain);
        eprintln!("plain {pegs}: {expected} in {:?}", t.elapsed());
        assert!(expected >= 1, "the secret itself fits");
        let solver = Solver::new(game, &clues).unwrap();
        let budget = Budget::default();
        let t = std::time::Instant::now();
        assert_eq!(
            solver.count_by_search(&budget).unwrap(),
            Some(expected),
            "{pegs} pegs"
        );
        eprintln!("search {pegs}: {:?}", t.elapsed());
        assert_eq!(
            solver.count_blacks(&budget).unwrap(),
            Some(expected),
            "{pegs} pegs"
        );
        assert_eq!(
            solver.count(&CountOptions::default(), &budget).unwrap(),
            Count::Exact(expected)
        );
        let _ = rng.r#gen::<u8>();
    }
}
