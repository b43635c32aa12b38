//! `codebreak play`: you break the computer's secret.

use clap::Args;
use codebreak_core::Role;
use codebreak_session::{Game, MakerKind, Play, PlayMove, PlaySetup, Remaining};

use crate::args::GameArgs;
use crate::failure::{Failure, session_failure};
use crate::interact::{self, ColorChoice, Input, Line, Painter, Word};
use crate::runtime::Runtime;

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
    let json = a.json;
    let wrap = |f: Failure| if json { interact::json_failure(f) } else { f };
    let game = a.game.any_game().map_err(wrap)?;
    let setup = PlaySetup {
        maker: a.maker,
        attempts: a.attempts,
        secret_seed: a.secret_seed,
    };
    let session = game
        .play(&setup, a.secret.as_deref())
        .map_err(|e| wrap(Failure::BadInput(e.into())))?;
    let mut p = Player {
        painter: Painter::for_game(a.color, &game),
        game,
        json,
        verbose: a.verbose,
        session,
        rt: Runtime::new(json),
    };
    p.play()
}

struct Player {
    game: Game,
    painter: Painter,
    json: bool,
    verbose: bool,
    session: Play,
    rt: Runtime,
}

impl Player {
    fn play(&mut self) -> Result<(), Failure> {
        let mut input = Input::stdin();
        if !self.json {
            println!(
                "codebreak play: {}. Find the secret: {}; {}.",
                self.game.describe(),
                self.game.code_shape(Role::Secret),
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
                Word::Other(text) => match self.session.guess(&text) {
                    Err(e) => self.bad(e.to_string())?,
                    Ok(m) => self.show_move(&m)?,
                },
            }
        }
    }

    /// What a line at the prompt should be.
    fn expected(&self) -> String {
        format!(
            "a guess ({}), or help, undo, remaining, quit",
            self.game.code_shape(Role::Guess)
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
        if self.json {
            // The last state is written by finish.
            if !self.session.is_over() {
                interact::emit(&self.session.state())?;
            }
            return Ok(());
        }
        let won = self.session.is_over() && self.session.state().won;
        let remaining = match (&m.remaining, self.verbose && !won) {
            (Some(Remaining::Exact(n)), true) => format!("   {n} possible"),
            (Some(r), true) => format!("   {r} possible"),
            _ => String::new(),
        };
        println!(
            "      {}  {}{remaining}",
            self.painter.text(&m.played.guess),
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

    /// How many secrets are still possible: the state with its count in JSON mode.
    fn say_remaining(&self) -> Result<(), Failure> {
        let n = self
            .rt
            .busy("counting", |b| self.session.remaining(b))
            .map_err(|e| session_failure(e, self.json))?;
        if self.json {
            let mut state = self.session.state();
            state.remaining = Some(n);
            interact::emit(&state)?;
        } else {
            println!("      {n} still possible");
        }
        Ok(())
    }

    fn help(&self) -> Result<(), Failure> {
        let text = format!(
            "Type a guess ({}); the reply counts {}.\n\
             Commands: help, undo (take your last guess off the board; it still counts against \
             your {}), remaining (how many secrets are still possible), quit.",
            self.game.code_shape(Role::Guess),
            self.game.reply_meaning(),
            interact::count(self.session.attempts(), "attempt", "attempts")
        );
        interact::help(self.json, &text)?;
        Ok(())
    }

    fn finish(&self) -> Result<(), Failure> {
        let state = self.session.state();
        if self.json {
            interact::emit(&state)?;
            return Ok(());
        }
        let Some(secret) = &state.secret else {
            return Ok(());
        };
        if state.won {
            println!(
                "You found {} in {}.",
                self.painter.text(secret),
                interact::count(state.used, "guess", "guesses")
            );
        } else {
            println!("The secret was {}.", self.painter.text(secret));
        }
        Ok(())
    }
}
