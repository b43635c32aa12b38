//! Random puzzles with a unique answer, made with the engine itself.

use rand::Rng;

use crate::budget::Budget;
use crate::error::Stopped;
use crate::game::{Clue, Code, Game};
use crate::solver::Solver;

/// A secret and clues that only it fits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The answer.
    pub secret: Code,
    /// The clues, each a random guess with the reply the secret gives it.
    pub clues: Vec<Clue>,
}

/// A random puzzle of `game`: a uniformly random secret, then uniformly random guesses with
/// their true replies until exactly one secret fits (checked by [`Solver::count_up_to`] with a
/// cap of 1, so each check stops at the second secret it finds).
///
/// ```
/// use rand::SeedableRng;
/// use codebreak_huge::{Budget, Family, Game, Solver, puzzle::unique_puzzle};
/// let game = Game::new(Family::BlackPeg, 6, 10, false).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let puzzle = unique_puzzle(game, &mut rng, &Budget::default()).unwrap();
/// let solver = Solver::new(game, &puzzle.clues).unwrap();
/// assert_eq!(solver.count_by_search(&Budget::default()).unwrap(), Some(1));
/// ```
pub fn unique_puzzle<R: Rng + ?Sized>(
    game: Game,
    rng: &mut R,
    budget: &Budget,
) -> Result<Puzzle, Stopped> {
    let secret = game.random_secret(rng);
    let mut clues = Vec::new();
    loop {
        let colours: Vec<u8> = (0..game.pegs())
            .map(|_| rng.gen_range(0..game.colors()))
            .collect();
        let guess = Code::from_slice_unchecked(&colours);
        clues.push(Clue::new(guess, game.score(&secret, &guess)));
        let solver = Solver::new(game, &clues).expect("clues made from the game fit it");
        budget.interrupted()?;
        if solver.count_up_to(1, budget)? == Some(1) {
            return Ok(Puzzle { secret, clues });
        }
    }
}
