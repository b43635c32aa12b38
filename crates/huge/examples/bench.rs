//! Measures the figures of the huge-game engine. Run with
//! `cargo run --release -p codebreak-huge --example bench -- [euler|blackpeg N COUNT|...]`.

use std::time::Instant;

use codebreak_core::Alphabet;
use codebreak_huge::{Budget, Clue, Family, Game, Solver};

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
        println!(
            "{path}: {} clues, find {:.1} ms, count by search {:?} in {:.1} ms",
            clues.len(),
            t_find.as_secs_f64() * 1e3,
            count,
            t_count.as_secs_f64() * 1e3
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str).unwrap_or("euler") {
        "euler" => euler(),
        other => eprintln!("bench: unknown figure {other:?}"),
    }
}
