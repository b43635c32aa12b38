//! A strategy over random secrets of a game too large to list: every secret cannot be played,
//! so `N` uniformly random ones are, and the average comes with its 95% confidence interval.

use std::time::Instant;

use codebreak_core::Range;
use codebreak_huge::{Budget, Clue, Code, PlayOptions, Player};
use codebreak_tree::Figures;
use rand::SeedableRng;

use super::{Analysis, Method};
use crate::game::reasoned::{ReasonedError, ReasonedGame};
use crate::hint::reasoned::play_error;
use crate::remaining::Estimate;

/// Random secrets `analyze --sample N` plays against on a game too large to list.
pub const SECRETS: Range = Range {
    what: "sample",
    min: 1,
    max: 100_000,
    doc: "random secrets played on games too large to list",
};

/// Tunables of [`analyze`].
#[derive(Clone, Debug)]
pub(crate) struct AnalyzeOptions {
    /// Random secrets to play against (see [`SECRETS`]).
    pub secrets: usize,
    /// How guesses are chosen; game `i` (from 0) uses seed `play.seed + i`.
    pub play: PlayOptions,
    /// Seed of the secrets.
    pub seed: u64,
    /// Guesses after which a game counts as unfinished. Default 100.
    pub max_guesses: usize,
}

impl Default for AnalyzeOptions {
    fn default() -> AnalyzeOptions {
        AnalyzeOptions {
            secrets: 20,
            play: PlayOptions::default(),
            seed: 0,
            max_guesses: 100,
        }
    }
}

/// Plays `options.secrets` uniformly random secrets, drawn from `options.seed`, each to the end.
/// `on_game(done, total)` is called after each game.
pub(crate) fn analyze(
    game: &ReasonedGame,
    options: &AnalyzeOptions,
    budget: &Budget,
    on_game: &(dyn Fn(usize, usize) + Sync),
) -> Result<Analysis, ReasonedError> {
    let start = Instant::now();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(options.seed);
    let mut guesses = Vec::with_capacity(options.secrets);
    for i in 0..options.secrets {
        let secret = game.game().random_secret(&mut rng);
        let play = PlayOptions {
            seed: options.play.seed.wrapping_add(i as u64),
            ..options.play.clone()
        };
        let n = play_one(game, &secret, &play, options.max_guesses, budget)?;
        guesses.push(n.unwrap_or(0));
        on_game(i + 1, options.secrets);
    }
    let done: Vec<f64> = guesses
        .iter()
        .filter(|&&g| g > 0)
        .map(|&g| g as f64)
        .collect();
    let n = done.len() as f64;
    let average = if done.is_empty() {
        0.0
    } else {
        done.iter().sum::<f64>() / n
    };
    let half = if done.len() > 1 {
        let var = done.iter().map(|g| (g - average).powi(2)).sum::<f64>() / (n - 1.0);
        1.96 * (var / n).sqrt()
    } else {
        0.0
    };
    let worst = guesses.iter().copied().max().unwrap_or(0);
    let mut histogram = vec![0u64; worst + 1];
    for &g in guesses.iter().filter(|&&g| g > 0) {
        histogram[g] += 1;
    }
    let figures = Figures::from_histogram(histogram);
    let name = crate::game::reasoned::objective_name(options.play.objective);
    Ok(Analysis {
        game: game.spec().clone(),
        strategy: name.to_string(),
        description: format!("{name} on a sample of {} secrets", options.play.sample),
        method: Method::Sampled,
        sampled: figures.total,
        interval: Some(Estimate {
            estimate: average,
            low: average - half,
            high: average + half,
            method: format!(
                "mean of {} random secrets, 95% interval average ± 1.96 s/√n",
                done.len()
            ),
        }),
        figures,
        seed: Some(options.seed),
        unfinished: Some(guesses.iter().filter(|&&g| g == 0).count() as u64),
        seconds: start.elapsed().as_secs_f64(),
        tree: None,
    })
}

/// Plays one game against `secret`: the guesses it took, or `None` past `max` guesses.
fn play_one(
    game: &ReasonedGame,
    secret: &Code,
    options: &PlayOptions,
    max: usize,
    budget: &Budget,
) -> Result<Option<usize>, ReasonedError> {
    let mut clues = Vec::new();
    let mut player = Player::new(options.clone());
    while clues.len() < max {
        let guess = player
            .next_guess(game.game(), &clues, budget)
            .map_err(play_error)?
            .choice
            .guess;
        clues.push(Clue::new(guess, game.score(secret, &guess)));
        if guess == *secret {
            return Ok(Some(clues.len()));
        }
    }
    Ok(None)
}
