//! `codebreak play`: you break the computer's secret.

use std::sync::Arc;

use clap::Args;
use codebreak_core::{AnyEngine, Game};
use codebreak_session::{Maker, MakerKind, PlayMove, PlaySession};

use crate::args::GameArgs;
use crate::failure::{BadInput, Failure};
use crate::interact::{self, ColorChoice, Input, Line, Painter, Word};

pub const EXAMPLES: &str = "\
Examples:
  codebreak play                                  # Mastermind, 4 pegs of 6 colours
  codebreak play --game bulls --maker adversarial # Bulls and Cows against the cunning codemaker
  codebreak play --secret-seed 42 --attempts 8 --verbose
  printf '0011\\n1234\\n' | codebreak play --secret-seed 1 --json
  codebreak play --game blackpeg --pegs 20 --colors 10  # 10^20 codes";

/// Arguments of `play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Who hides the secret.
    #[arg(long, default_value = "random", value_parser = crate::args::named::<MakerKind>())]
    pub maker: MakerKind,
    /// Fixes the random secret, for a game that can be played again (default: a new secret
    /// each run).
    #[arg(long, value_name = "SEED", alias = "seed", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<u64>(codebreak_core::choice::SEED))]
    pub secret_seed: Option<u64>,
    /// A fixed secret, for teaching and testing.
    #[arg(long, value_name = "CODE", conflicts_with_all = ["maker", "secret_seed"])]
    pub secret: Option<String>,
    /// Guesses allowed, 1 to 100 (default 10, two more per peg beyond 4).
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<u32>(codebreak_session::ATTEMPTS))]
    pub attempts: Option<u32>,
    /// Show how many secrets are still possible after each answer.
    #[arg(long, short)]
    pub verbose: bool,
    /// JSON lines: read one guess per line, write the game's state after each.
    #[arg(long)]
    pub json: bool,
    /// Colour the pegs.
    #[arg(long, value_enum, default_value_t)]
    pub color: ColorChoice,
}

pub fn run(a: PlayArgs) -> Result<(), Failure> {
    let routed = crate::cmd::huge::route(&a.game)
        .map_err(|f| if a.json { interact::json_failure(f) } else { f })?;
    if let Some(game) = routed {
        let rt = crate::cmd::huge::Runtime::new(a.json);
        return crate::cmd::huge::play(&a, game, &rt);
    }
    let game = a.game.game()?;
    let engine = Arc::new(AnyEngine::new(&game).bad_input()?);
    let secret = match &a.secret {
        Some(s) => Some(game.parse_secret(s).bad_input()?),
        None => None,
    };
    let maker = Maker::new(&engine, a.maker, secret, a.secret_seed).bad_input()?;
    let session = PlaySession::new(engine, maker, a.attempts).bad_input()?;
    let mut p = Player {
        game: &game,
        painter: Painter::new(a.color, &game),
        json: a.json,
        verbose: a.verbose,
        session,
    };
    p.play()
}

struct Player<'a> {
    game: &'a Game,
    painter: Painter,
    json: bool,
    verbose: bool,
    session: PlaySession,
}

impl Player<'_> {
    fn play(&mut self) -> Result<(), Failure> {
        let game = self.game;
        let mut input = Input::stdin();
        if !self.json {
            println!(
                "codebreak play: {game}. Find the secret: {}; {}.",
                interact::code_shape(game, codebreak_core::Role::Secret),
                interact::count(self.session.attempts(), "attempt", "attempts")
            );
            if input.interactive {
                println!("Type a guess, or help, undo, remaining, quit.");
            }
        }
        loop {
            if self.session.is_over() {
                return self.finish();
            }
            let prompt = format!(
                "[{}/{}] guess> ",
                self.session.used() + 1,
                self.session.attempts()
            );
            let text = match input.ask(&prompt)? {
                None => {
                    if input.interactive && !self.json {
                        // Ctrl-D leaves the cursor after the prompt.
                        println!();
                    }
                    self.session.resign();
                    return self.finish();
                }
                Some(Line::Text(text)) => text,
                Some(Line::NotUtf8(lossy)) => {
                    self.bad(interact::not_utf8("guess", &lossy, &self.expected()))?;
                    continue;
                }
            };
            match interact::word(&text) {
                Word::Help => self.help()?,
                Word::Quit => {
                    self.session.resign();
                    return self.finish();
                }
                Word::Remaining => self.say_remaining()?,
                Word::Undo => self.undo()?,
                Word::Other(text) => match self.session.guess_text(&text) {
                    Err(e) => self.bad(e.to_string())?,
                    Ok(m) => {
                        let m = m.clone();
                        self.show_move(&m)?;
                    }
                },
            }
        }
    }

    /// What a line at the prompt should be.
    fn expected(&self) -> String {
        format!(
            "a guess ({}), or help, undo, remaining, quit",
            interact::code_shape(self.game, codebreak_core::Role::Guess)
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

    fn show_move(&self, m: &PlayMove) -> Result<(), Failure> {
        let game = self.game;
        if self.json {
            // The last state is written by finish.
            if !self.session.is_over() {
                interact::emit(&self.session.state())?;
            }
            return Ok(());
        }
        let guess = game.parse_guess(&m.played.guess).bad_input()?;
        let remaining = if self.verbose && m.played.feedback != game.format_feedback(game.win()) {
            format!("   {} possible", m.remaining)
        } else {
            String::new()
        };
        println!(
            "      {}  {}{remaining}",
            self.painter.code(game, &guess),
            m.played.feedback
        );
        Ok(())
    }

    /// Takes the last guess off the board (the codemaker forgets it too); the attempt stays
    /// used.
    fn undo(&mut self) -> Result<(), Failure> {
        match self.session.undo() {
            Err(e) => self.bad(e.to_string()),
            Ok(text) => {
                let left = self.session.attempts() - self.session.used();
                if self.json {
                    interact::emit(&self.session.state())?;
                } else {
                    println!(
                        "      took back {text} (it still counts: {} left)",
                        interact::count(left, "attempt", "attempts")
                    );
                }
                Ok(())
            }
        }
    }

    fn say_remaining(&self) -> Result<(), Failure> {
        let n = self.session.remaining();
        if self.json {
            interact::emit(&self.session.state())?;
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
            "Type a guess ({}); the reply counts {}.\n\
             Commands: help, undo (take your last guess off the board; it still counts against \
             your {}), remaining (how many secrets are still possible), quit.",
            interact::code_shape(g, codebreak_core::Role::Guess),
            match g.kind() {
                codebreak_core::GameKind::Bulls =>
                    "A = right symbol in the right place, B = right symbol elsewhere",
                codebreak_core::GameKind::BlackPeg => "B = right colour in the right place",
                codebreak_core::GameKind::TwoD => "low / high / mixed compared with the secret",
                codebreak_core::GameKind::Mastermind =>
                    "B = right colour in the right place, W = right colour elsewhere",
                codebreak_core::GameKind::Wordle =>
                    "G = right letter in the right place, Y = in the word elsewhere, B = grey",
                codebreak_core::GameKind::Custom => "in the game's own words",
            },
            interact::count(self.session.attempts(), "attempt", "attempts")
        );
        interact::help(self.json, &text)?;
        Ok(())
    }

    fn finish(&self) -> Result<(), Failure> {
        let game = self.game;
        let state = self.session.state();
        if self.json {
            interact::emit(&state)?;
            return Ok(());
        }
        let Some(secret) = self.session.secret() else {
            return Ok(());
        };
        if state.won {
            println!(
                "You found {} in {}.",
                self.painter.code(game, &secret),
                interact::count(state.used, "guess", "guesses")
            );
        } else {
            println!("The secret was {}.", self.painter.code(game, &secret));
        }
        Ok(())
    }
}
