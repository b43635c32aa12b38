//! Codemakers: who answers the guesses.
//!
//! - [`Honest`]: a fixed secret, chosen by a person or at random from a seed;
//! - [`Adversarial`]: the 文曲星 article's "cunning judge", which never commits to a secret and
//!   answers every guess with the reply that leaves the most secrets open, so that a
//!   strategy's pessimistic assumption comes true. Ties go to a reply other than "solved", then
//!   to the lowest reply index, so the adversary is deterministic.

use std::sync::Arc;

use codebreak_core::{AnyEngine, Code, Feedback, Game, HIST_LEN, dispatch_engine};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Answers guesses.
pub trait Codemaker {
    /// The reply to a guess (a valid guess of the game).
    fn answer(&mut self, guess: &Code) -> Feedback;
    /// How many secrets are still consistent with the replies given.
    fn open_secrets(&self) -> usize;
    /// The secret to reveal at the end of a game (for the adversary: the lowest secret still
    /// consistent with its replies).
    fn reveal(&self) -> Code;
}

/// A codemaker with a fixed secret.
#[derive(Clone, Debug)]
pub struct Honest {
    game: Game,
    secret: Code,
}

impl Honest {
    /// A codemaker hiding `secret` (a valid secret of `game`).
    pub fn new(game: &Game, secret: Code) -> Honest {
        Honest {
            game: game.clone(),
            secret,
        }
    }

    /// A secret drawn uniformly from the game's secrets with a seeded generator.
    pub fn random(engine: &AnyEngine, seed: u64) -> Honest {
        let space = engine.space();
        let secrets = space.secrets();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let secret = space.code(secrets[rng.gen_range(0..secrets.len())]);
        Honest::new(engine.game(), secret)
    }

    /// The secret.
    pub fn secret(&self) -> Code {
        self.secret
    }
}

impl Codemaker for Honest {
    fn answer(&mut self, guess: &Code) -> Feedback {
        self.game.score(&self.secret, guess)
    }
    fn open_secrets(&self) -> usize {
        1
    }
    fn reveal(&self) -> Code {
        self.secret
    }
}

/// The cunning codemaker: keeps every secret open and answers to keep the most.
#[derive(Clone, Debug)]
pub struct Adversarial {
    engine: Arc<AnyEngine>,
    open: Vec<u32>,
}

impl Adversarial {
    /// An adversary over every secret of the engine's game.
    pub fn new(engine: Arc<AnyEngine>) -> Adversarial {
        let open = engine.space().secrets().to_vec();
        Adversarial { engine, open }
    }
}

impl Codemaker for Adversarial {
    /// # Panics
    ///
    /// When `guess` is not a guess of the game (front ends parse guesses with the game).
    fn answer(&mut self, guess: &Code) -> Feedback {
        let g = self
            .engine
            .space()
            .index_of(guess)
            .expect("a valid guess of the game");
        // Count the open secrets per reply with the engine's scorer, then keep the largest
        // class: two passes, no per-secret allocation, on games of millions of codes too.
        let open = std::mem::take(&mut self.open);
        let (best, kept) = dispatch_engine!(&*self.engine, e => {
            let mut counts = [0usize; HIST_LEN];
            for &s in &open {
                counts[e.score(s, g).index()] += 1;
            }
            let win = e.game().win();
            let best = (0..e.feedback_count())
                .map(|f| Feedback(f as u8))
                .filter(|f| counts[f.index()] > 0)
                .max_by(|&fa, &fb| {
                    counts[fa.index()]
                        .cmp(&counts[fb.index()])
                        .then((fb == win).cmp(&(fa == win)))
                        .then(fb.cmp(&fa))
                })
                .expect("an adversary always has a secret open");
            let kept: Vec<u32> = open.into_iter().filter(|&s| e.score(s, g) == best).collect();
            (best, kept)
        });
        self.open = kept;
        best
    }
    fn open_secrets(&self) -> usize {
        self.open.len()
    }
    fn reveal(&self) -> Code {
        self.engine.space().code(self.open[0])
    }
}

/// Plays `guess` against every open secret of an engine, for callers that hold indices.
pub fn reply_of(engine: &AnyEngine, secret: u32, guess: u32) -> Feedback {
    dispatch_engine!(engine, e => e.score(secret, guess))
}
