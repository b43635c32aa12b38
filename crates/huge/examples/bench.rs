//! Measures the figures of the huge-game engine. Run with
//! `cargo run --release -p codebreak-huge --example bench -- [euler|blackpeg N COUNT|...]`.

use std::time::Instant;

use codebreak_core::Alphabet;
use codebreak_huge::puzzle::unique_puzzle;
use codebreak_huge::{
    Budget, Clue, Family, Game, Objective, PlayOptions, Player, SampleMethod, SampleOptions, Solver,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn read_puzzle(path: &str, pegs: u32) -> Option<(Game, Vec<Clue>)> {
    let text = std::fs::read_to_string(path).ok()?;
    let game = Game::new(Family::BlackPeg, pegs, 10, false).unwrap();
    let digits = Alphabet::default_for(10).unwrap();
    let clues = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| game.parse_clue(l, &digits).unwrap())
        .collect();
    Some((game, clues))
}

fn euler() {
    for (path, pegs) in [
        ("/work/shared/puzzles/euler185-example.txt", 5),
        ("/work/shared/puzzles/euler185.txt", 16),
    ] {
        let Some((game, clues)) = read_puzzle(path, pegs) else {
            println!("{path}: not found, skipped");
            continue;
        };
        let budget = Budget::default();
        let t = Instant::now();
        let solver = Solver::new(game, &clues).unwrap();
        let found = solver.find(&budget).unwrap().expect("a secret fits");
        let t_find = t.elapsed();
        let t = Instant::now();
        let count = solver.count_by_search(&budget).unwrap();
        let t_count = t.elapsed();
        assert!(solver.fits(&found));
        let t = Instant::now();
        let dp = solver.count_blacks(&Budget::default().with_limit(5_000_000));
        let t_dp = t.elapsed();
        println!(
            "{path}: {} clues, find {:.1} ms, count by search {:?} in {:.1} ms, by dp {:?} in {:.1} ms",
            clues.len(),
            t_find.as_secs_f64() * 1e3,
            count,
            t_count.as_secs_f64() * 1e3,
            dp,
            t_dp.as_secs_f64() * 1e3
        );
    }
}

/// Random black-peg puzzles of `pegs` digits with a unique answer: generation, then solving
/// (find the secret, then count to prove it is the only one).
fn blackpeg(pegs: u32, puzzles: u64) {
    let game = Game::new(Family::BlackPeg, pegs, 10, false).unwrap();
    let budget = Budget::default();
    let (mut t_gen, mut t_find, mut t_count, mut n_clues) = (0.0, 0.0, 0.0, 0);
    let mut worst: f64 = 0.0;
    for seed in 0..puzzles {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let t = Instant::now();
        let puzzle = unique_puzzle(game, &mut rng, &budget).unwrap();
        t_gen += t.elapsed().as_secs_f64();
        n_clues += puzzle.clues.len();
        let t = Instant::now();
        let solver = Solver::new(game, &puzzle.clues).unwrap();
        let found = solver.find(&budget).unwrap();
        let tf = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let count = solver.count_by_search(&budget).unwrap();
        let tc = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let dp = solver.count_blacks(&Budget::default().with_limit(200_000));
        let td = t.elapsed().as_secs_f64();
        println!("  dp: {dp:?} in {td:.3} s");
        assert_eq!(found, Some(puzzle.secret));
        assert_eq!(count, Some(1));
        println!(
            "  seed {seed}: {} clues, find {:.3} s, count {:.3} s",
            puzzle.clues.len(),
            tf,
            tc
        );
        t_find += tf;
        t_count += tc;
        worst = worst.max(tf + tc);
    }
    let p = puzzles as f64;
    println!(
        "blackpeg {pegs} of 10, {puzzles} unique puzzles: {:.1} clues on average; generation {:.3} s, find {:.3} s, count (uniqueness) {:.3} s on average; worst find+count {:.3} s",
        n_clues as f64 / p,
        t_gen / p,
        t_find / p,
        t_count / p,
        worst
    );
}

/// Plays `games` games of `game` against random secrets with a [`Player`]; reports the
/// average number of guesses and seconds per game.
fn play(game: Game, games: u64, options: &PlayOptions) {
    let budget = Budget::default();
    let (mut guesses, mut seconds, mut worst) = (0usize, 0.0, 0usize);
    // Guesses after which exactly one secret fitted: the game's length less the last guess
    // when that guess was played knowing the secret (as a solver that stops on a unique
    // model counts).
    let mut known = 0usize;
    let mut methods = std::collections::BTreeMap::new();
    for g in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(1000 + g);
        let secret = game.random_secret(&mut rng);
        let t = Instant::now();
        let mut clues = Vec::new();
        let mut player = Player::new(PlayOptions {
            seed: g,
            ..options.clone()
        });
        loop {
            let tt = Instant::now();
            let next = player.next_guess(&game, &clues, &budget).unwrap();
            if std::env::var_os("VERBOSE").is_some() {
                println!(
                    "    guess {}: {:?} sample {} score {:.2} in {:.3} s",
                    clues.len() + 1,
                    next.method,
                    next.sample,
                    next.choice.score,
                    tt.elapsed().as_secs_f64()
                );
            }
            *methods
                .entry(
                    format!("{:?}", next.method)
                        .split(' ')
                        .next()
                        .unwrap()
                        .to_string(),
                )
                .or_insert(0) += 1;
            let guess = next.choice.guess;
            let reply = game.score(&secret, &guess);
            let determined = next.method == SampleMethod::All && next.sample == 1;
            clues.push(Clue::new(guess, reply));
            if guess == secret || clues.len() >= 60 {
                known += clues.len() - usize::from(determined);
                break;
            }
        }
        assert_eq!(
            clues.last().unwrap().guess,
            secret,
            "game {g} did not finish"
        );
        let s = t.elapsed().as_secs_f64();
        guesses += clues.len();
        worst = worst.max(clues.len());
        seconds += s;
        if std::env::var_os("VERBOSE").is_some() {
            println!("  game {g}: {} guesses, {s:.2} s", clues.len());
        }
    }
    let n = games as f64;
    println!(
        "{game}: {games} games, {:.2} guesses on average (worst {worst}; the secret known after {:.2}), {:.3} s per game; sample {} perturbed {} random {}; sampling methods {methods:?}",
        guesses as f64 / n,
        known as f64 / n,
        seconds / n,
        options.sample,
        options.perturbed,
        options.random
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str).unwrap_or("euler") {
        "euler" => euler(),
        "blackpeg" => {
            let pegs = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
            let puzzles = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10);
            blackpeg(pegs, puzzles)
        }
        "play" => {
            let family = match args.get(1).map(String::as_str).unwrap_or("mastermind") {
                "bulls" => Family::Bulls,
                "blackpeg" => Family::BlackPeg,
                _ => Family::Mastermind,
            };
            let num = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
            let game = Game::new(family, num(2, 16) as u32, num(3, 6) as u32, false).unwrap();
            let defaults = PlayOptions::default();
            let objective = match args.get(9).map(String::as_str) {
                Some("size") => Objective::ExpectedSize,
                Some("parts") => Objective::MostParts,
                _ => Objective::Entropy,
            };
            let options = PlayOptions {
                sample: num(5, defaults.sample as u64) as usize,
                perturbed: num(6, defaults.perturbed as u64) as usize,
                random: num(7, defaults.random as u64) as usize,
                climb: num(12, defaults.climb as u64) as usize,
                fit_bonus: args
                    .get(13)
                    .and_then(|a| a.parse().ok())
                    .unwrap_or(defaults.fit_bonus),
                sampling: SampleOptions {
                    chain_steps: num(8, defaults.sampling.chain_steps),
                    list_up_to: num(10, defaults.sampling.list_up_to as u64) as usize,
                    list_nodes: num(11, defaults.sampling.list_nodes),
                    ..defaults.sampling.clone()
                },
                objective,
                ..defaults
            };
            play(game, num(4, 100), &options)
        }
        "puzzle" => {
            // A random black-peg puzzle with a unique answer, as a history file (GUESS COUNT
            // per line) on standard output; its answer on standard error.
            let num = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
            let game = Game::new(Family::BlackPeg, num(1, 20) as u32, 10, false).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(num(2, 0));
            let puzzle = unique_puzzle(game, &mut rng, &Budget::default()).unwrap();
            for clue in &puzzle.clues {
                println!("{} {}", clue.guess, clue.reply.black);
            }
            eprintln!("{}", puzzle.secret);
        }
        other => eprintln!("bench: unknown figure {other:?}"),
    }
}
