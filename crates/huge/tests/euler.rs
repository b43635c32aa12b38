//! Project Euler 185 ("Number Mind"), read from the shared puzzle folder when it is there.
//! The puzzle files are not copied into the repository (their README does not say they may
//! be) and the answer is written nowhere: the test checks that the secret found fits every
//! clue and that it is the only one.

use codebreak_core::Alphabet;
use codebreak_huge::{Budget, Clue, Count, CountOptions, Family, Game, Solver};

const DIR: &str = "/work/shared/puzzles";

fn read(name: &str, pegs: u32) -> Option<(Game, Vec<Clue>)> {
    let Ok(text) = std::fs::read_to_string(format!("{DIR}/{name}")) else {
        eprintln!("skipped: {DIR}/{name} is not there");
        return None;
    };
    let game = Game::new(Family::BlackPeg, pegs, 10, false).unwrap();
    let digits = Alphabet::default_for(10).unwrap();
    let clues = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| game.parse_clue(l, &digits).unwrap())
        .collect();
    Some((game, clues))
}

fn unique(name: &str, pegs: u32) {
    let Some((game, clues)) = read(name, pegs) else {
        return;
    };
    let solver = Solver::new(game, &clues).unwrap();
    let budget = Budget::default();
    let secret = solver.find(&budget).unwrap().expect("a secret fits");
    for clue in &clues {
        assert_eq!(game.score(&secret, &clue.guess), clue.reply);
    }
    assert_eq!(
        solver.count(&CountOptions::default(), &budget).unwrap(),
        Count::Exact(1)
    );
    let all: Vec<_> = solver.secrets(&budget).map(Result::unwrap).collect();
    assert_eq!(all, vec![secret]);
}

#[test]
fn euler_185_example_has_one_answer() {
    unique("euler185-example.txt", 5);
}

#[test]
fn euler_185_has_one_answer() {
    unique("euler185.txt", 16);
}
