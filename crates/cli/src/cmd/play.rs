//! `codebreak play`: you break the computer's secret.

use std::sync::Arc;

use clap::{Args, ValueEnum};
use codebreak_core::{AnyEngine, Code, Game};
use codebreak_strategy::{Adversarial, AnyStrategy, Breaker, Codemaker, Honest, StrategyOptions};
use serde_json::json;

use crate::args::GameArgs;
use crate::failure::{BadInput, Failure};
use crate::interact::{self, ColorChoice, Input, Line, Painter, Word};

pub const EXAMPLES: &str = "\
Examples:
  codebreak play                                  # Mastermind, 4 pegs of 6 colours
  codebreak play --game bulls --maker adversarial # Bulls and Cows against the cunning codemaker
  codebreak play --seed 42 --attempts 8 --verbose
  printf '0011\\n1234\\n' | codebreak play --seed 1 --json";

/// Who hides the secret.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum PlayMaker {
    /// A random secret (reproducible with --seed).
    #[default]
    Random,
    /// The cunning codemaker: no fixed secret, every answer keeps the most secrets open.
    Adversarial,
}

/// Arguments of `play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Who hides the secret.
    #[arg(long, value_enum, default_value_t)]
    pub maker: PlayMaker,
    /// Seed of the random secret (default: from the clock).
    #[arg(long, allow_hyphen_values = true, value_parser = crate::args::whole::<u64>(codebreak_core::number::SEED))]
    pub seed: Option<u64>,
    /// A fixed secret, for teaching and testing.
    #[arg(long, value_name = "CODE", conflicts_with_all = ["maker", "seed"])]
    pub secret: Option<String>,
    /// Guesses allowed, at least 1 (default 10, two more per peg beyond 4).
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = crate::args::whole::<u32>(codebreak_core::number::WholeRange::new(1, u32::MAX as u64)))]
    pub attempts: Option<u32>,
    /// Show how many secrets are still possible after each answer.
    #[arg(long, short)]
    pub verbose: bool,
    /// JSON lines: read one guess per line, write one object per line.
    #[arg(long)]
    pub json: bool,
    /// Colour the pegs.
    #[arg(long, value_enum, default_value_t)]
    pub color: ColorChoice,
}

#[derive(Clone)]
enum Maker {
    Honest(Honest),
    Adversarial(Adversarial),
}

impl Maker {
    fn as_dyn(&mut self) -> &mut dyn Codemaker {
        match self {
            Maker::Honest(m) => m,
            Maker::Adversarial(m) => m,
        }
    }
    fn reveal(&self) -> Code {
        match self {
            Maker::Honest(m) => m.reveal(),
            Maker::Adversarial(m) => m.reveal(),
        }
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

pub fn run(a: PlayArgs) -> Result<(), Failure> {
    let game = a.game.game()?;
    let engine = Arc::new(AnyEngine::new(&game).bad_input()?);
    let attempts = match a.attempts {
        Some(n) => n as usize,
        None => 10 + 2 * game.pegs().saturating_sub(4),
    };
    let maker = match (&a.secret, a.maker) {
        (Some(s), _) => Maker::Honest(Honest::new(&game, game.parse_secret(s).bad_input()?)),
        (None, PlayMaker::Random) => {
            Maker::Honest(Honest::random(&engine, a.seed.unwrap_or_else(clock_seed)))
        }
        (None, PlayMaker::Adversarial) => Maker::Adversarial(Adversarial::new(engine.clone())),
    };
    // A breaker that only tracks which secrets are still possible.
    let tracker = Breaker::new(
        engine.clone(),
        AnyStrategy::new("first", &StrategyOptions::default(), &game, engine.space())
            .bad_input()?,
    );
    let mut session = Session {
        game: &game,
        painter: Painter::new(a.color, &game),
        json: a.json,
        verbose: a.verbose,
        attempts,
        used: 0,
        moves: Vec::new(),
        maker,
        tracker,
    };
    session.play()
}

struct Session<'a> {
    game: &'a Game,
    painter: Painter,
    json: bool,
    verbose: bool,
    attempts: usize,
    /// Guesses played, undone ones included: undo takes a guess off the board but never gives
    /// the attempt back.
    used: usize,
    /// The guesses on the board, each with the codemaker as it was before it, for undo.
    moves: Vec<(Code, Maker)>,
    maker: Maker,
    tracker: Breaker,
}

impl Session<'_> {
    fn play(&mut self) -> Result<(), Failure> {
        let game = self.game;
        let mut input = Input::stdin();
        if !self.json {
            let repeats = if game.distinct_secret() {
                "no symbol twice"
            } else {
                "symbols may repeat"
            };
            println!(
                "codebreak play: {game}. Find the secret: {} from {}, {repeats}; {}.",
                interact::count(game.pegs(), "symbol", "symbols"),
                interact::symbols(game),
                interact::count(self.attempts, "attempt", "attempts")
            );
            if input.interactive {
                println!("Type a guess, or help, undo, remaining, quit.");
            }
        }
        loop {
            if self.used >= self.attempts {
                return self.finish(false);
            }
            let prompt = format!("[{}/{}] guess> ", self.used + 1, self.attempts);
            let text = match input.ask(&prompt)? {
                None => {
                    if input.interactive && !self.json {
                        // Ctrl-D leaves the cursor after the prompt.
                        println!();
                    }
                    return self.finish(false);
                }
                Some(Line::Text(text)) => text,
                Some(Line::NotUtf8(lossy)) => {
                    self.bad(interact::not_utf8("guess", &lossy, &self.expected()))?;
                    continue;
                }
            };
            match interact::word(&text) {
                Word::Help => self.help()?,
                Word::Quit => return self.finish(false),
                Word::Remaining => self.say_remaining()?,
                Word::Undo => self.undo()?,
                Word::Other(text) => match game.parse_guess(&text) {
                    Err(e) => self.bad(e.to_string())?,
                    Ok(guess) => {
                        if self.guess(guess)? {
                            return self.finish(true);
                        }
                    }
                },
            }
        }
    }

    /// What a line at the prompt should be.
    fn expected(&self) -> String {
        format!(
            "a guess of {} from {}, or help, undo, remaining, quit",
            interact::count(self.game.pegs(), "symbol", "symbols"),
            interact::symbols(self.game)
        )
    }

    /// Bad input: a person is told and asked again; in JSON mode the run ends with an error
    /// object and exit code 2.
    fn bad(&self, msg: String) -> Result<(), Failure> {
        if self.json {
            return Err(interact::json_failure(Failure::BadInput(anyhow::anyhow!(
                "{msg}"
            ))));
        }
        eprintln!("codebreak: {msg}");
        Ok(())
    }

    /// Plays a guess; true when it wins.
    fn guess(&mut self, guess: Code) -> Result<bool, Failure> {
        let game = self.game;
        let before = self.maker.clone();
        let fb = self.maker.as_dyn().answer(&guess);
        self.moves.push((guess, before));
        self.used += 1;
        self.tracker.record(&guess, fb).map_err(|e| {
            Failure::NoAnswer(anyhow::anyhow!(
                "internal: the codemaker contradicted itself: {e}"
            ))
        })?;
        let left = self.attempts - self.used;
        if self.json {
            interact::emit(&json!({
                "guess": game.format_code(&guess),
                "feedback": game.format_feedback(fb),
                "attempts_left": left,
            }))?;
        } else {
            let remaining = if self.verbose && fb != game.win() {
                format!("   {} possible", self.tracker.remaining())
            } else {
                String::new()
            };
            println!(
                "      {}  {}{remaining}",
                self.painter.code(game, &guess),
                game.format_feedback(fb)
            );
        }
        Ok(fb == game.win())
    }

    /// Takes the last guess off the board (the codemaker forgets it too); the attempt stays
    /// used.
    fn undo(&mut self) -> Result<(), Failure> {
        let Some((guess, maker)) = self.moves.pop() else {
            return self.bad("nothing to undo: no guess on the board".to_string());
        };
        self.maker = maker;
        self.tracker.undo();
        let text = self.game.format_code(&guess);
        let left = self.attempts - self.used;
        if self.json {
            interact::emit(&json!({"undone": text, "attempts_left": left}))?;
        } else {
            println!(
                "      took back {text} (it still counts: {} left)",
                interact::count(left, "attempt", "attempts")
            );
        }
        Ok(())
    }

    fn say_remaining(&self) -> Result<(), Failure> {
        let n = self.tracker.remaining();
        if self.json {
            interact::emit(&json!({"remaining": n}))?;
        } else {
            println!(
                "      {} still possible",
                interact::count(n, "secret", "secrets")
            );
        }
        Ok(())
    }

    fn help(&self) -> Result<(), Failure> {
        let g = self.game;
        let text = format!(
            "Type a guess of {} from {}; the reply counts {}.\n\
             Commands: help, undo (take your last guess off the board; it still counts against \
             your {}), remaining (how many secrets are still possible), quit.",
            interact::count(g.pegs(), "symbol", "symbols"),
            interact::symbols(g),
            match g.kind() {
                codebreak_core::GameKind::Bulls =>
                    "A = right symbol in the right place, B = right symbol elsewhere",
                codebreak_core::GameKind::BlackPeg => "B = right colour in the right place",
                codebreak_core::GameKind::TwoD => "low / high / mixed compared with the secret",
                codebreak_core::GameKind::Mastermind =>
                    "B = right colour in the right place, W = right colour elsewhere",
            },
            interact::count(self.attempts, "attempt", "attempts")
        );
        interact::help(self.json, &text)?;
        Ok(())
    }

    fn finish(&self, won: bool) -> Result<(), Failure> {
        let game = self.game;
        let secret = if won {
            self.moves.last().expect("won after a guess").0
        } else {
            self.maker.reveal()
        };
        let text = game.format_code(&secret);
        if self.json {
            let v = if won {
                json!({"won": true, "secret": text, "guesses": self.used})
            } else {
                json!({"won": false, "secret": text})
            };
            interact::emit(&v)?;
        } else if won {
            println!(
                "You found {} in {}.",
                self.painter.code(game, &secret),
                interact::count(self.used, "guess", "guesses")
            );
        } else {
            println!("The secret was {}.", self.painter.code(game, &secret));
        }
        Ok(())
    }
}
