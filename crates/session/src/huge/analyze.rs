//! A strategy over random secrets of a game too large to list: every secret cannot be played,
//! so `N` uniformly random ones are, and the average comes with its 95% confidence interval.

use std::time::Instant;

use codebreak_core::Range;
use codebreak_huge::{Budget, Clue, Code, PlayOptions, Player};
use rand::SeedableRng;
use serde::Serialize;

use super::hint::play_error;
use super::{HugeError, HugeGame};

/// Random secrets `analyze --sample N` plays against on a game too large to list.
pub const SECRETS: Range = Range {
    what: "sample",
    min: 1,
    max: 100_000,
    doc: "random secrets played on games too large to list",
};

/// Tunables of [`analyze`].
#[derive(Clone, Debug)]
pub struct AnalyzeOptions {
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

/// A strategy's figures over random secrets of a game too large to list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HugeAnalysis {
    /// The game in words.
    pub game: String,
    /// The strategy, with its sample size.
    pub strategy: String,
    /// Secrets played.
    pub secrets: usize,
    /// Seed of the secrets.
    pub seed: u64,
    /// Guesses of every game, in order (0 for an unfinished game).
    pub guesses: Vec<usize>,
    /// Games that did not find the secret within the guess limit (left out of the figures).
    pub unfinished: usize,
    /// Guesses of the finished games in all.
    pub total: usize,
    /// Average guesses per finished game.
    pub average: f64,
    /// 95% confidence interval of the average over all secrets: `average ± 1.96 s / √n`
    /// (normal approximation; `s` the sample standard deviation), `[low, high]`.
    pub ci95: [f64; 2],
    /// Most guesses any finished game took.
    pub worst: usize,
    /// Games by guesses: `histogram[k]` games took `k` guesses (`histogram[0]` is 0).
    pub histogram: Vec<usize>,
    /// Seconds in all.
    pub seconds: f64,
    /// Seconds per game on average.
    pub seconds_per_game: f64,
}

/// Plays `options.secrets` uniformly random secrets, drawn from `options.seed`, each to the end.
/// `on_game(done, total)` is called after each game.
///
/// ```
/// use codebreak_core::{GameKind, GameSpec};
/// use codebreak_session::huge::{AnalyzeOptions, Budget, HugeGame, analyze};
/// let game = HugeGame::new(&GameSpec::mastermind(6, 6)).unwrap();
/// let options = AnalyzeOptions { secrets: 3, ..AnalyzeOptions::default() };
/// let a = analyze(&game, &options, &Budget::default(), &|_, _| {}).unwrap();
/// assert_eq!(a.histogram.iter().sum::<usize>(), 3);
/// assert!(a.ci95[0] <= a.average && a.average <= a.ci95[1]);
/// ```
pub fn analyze(
    game: &HugeGame,
    options: &AnalyzeOptions,
    budget: &Budget,
    on_game: &(dyn Fn(usize, usize) + Sync),
) -> Result<HugeAnalysis, HugeError> {
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
    let mut histogram = vec![0; worst + 1];
    for &g in guesses.iter().filter(|&&g| g > 0) {
        histogram[g] += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    Ok(HugeAnalysis {
        game: game.to_string(),
        strategy: format!(
            "{} on a sample of {} secrets",
            super::objective_name(options.play.objective),
            options.play.sample
        ),
        secrets: options.secrets,
        seed: options.seed,
        unfinished: guesses.iter().filter(|&&g| g == 0).count(),
        total: guesses.iter().sum(),
        average,
        ci95: [average - half, average + half],
        worst,
        histogram,
        seconds,
        seconds_per_game: seconds / options.secrets.max(1) as f64,
        guesses,
    })
}

/// Plays one game against `secret`: the guesses it took, or `None` past `max` guesses.
pub fn play_one(
    game: &HugeGame,
    secret: &Code,
    options: &PlayOptions,
    max: usize,
    budget: &Budget,
) -> Result<Option<usize>, HugeError> {
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
