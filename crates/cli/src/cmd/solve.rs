//! `codebreak solve`: the computer breaks your secret.

use std::sync::Arc;

use clap::{Args, ValueEnum};
use codebreak_core::error::quote;
use codebreak_core::{AnyEngine, Code, Feedback, Game};
use codebreak_strategy::{Adversarial, AnyStrategy, Breaker, Codemaker, Honest, Progress};
use serde_json::json;

use crate::args::{GameArgs, StrategyArgs};
use crate::failure::{BadInput, Failure};
use crate::interact::{self, ColorChoice, Input, Line, Painter, Word};

pub const EXAMPLES: &str = "\
Examples:
  codebreak solve                                 # think of a secret, answer like 1B2W
  codebreak solve --game bulls                    # answers like 1A2B
  codebreak solve --secret 3141 --strategy entropy
  codebreak solve --maker adversarial --json";

/// An automatic codemaker for unattended runs.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum SolveMaker {
    /// A random secret (reproducible with --maker-seed).
    Random,
    /// The cunning codemaker.
    Adversarial,
}

/// Arguments of `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The strategy (see `codebreak strategies`).
    #[arg(long, short, default_value = "minimax", value_name = "NAME")]
    pub strategy: String,
    #[command(flatten)]
    pub strategy_options: StrategyArgs,
    /// Play unattended against this secret.
    #[arg(long, value_name = "CODE", conflicts_with = "maker")]
    pub secret: Option<String>,
    /// Play unattended against an automatic codemaker.
    #[arg(long, value_enum)]
    pub maker: Option<SolveMaker>,
    /// Seed of --maker random (default 0).
    #[arg(long = "maker-seed", value_name = "SEED", allow_hyphen_values = true,
          value_parser = crate::args::whole::<u64>(codebreak_core::number::SEED))]
    pub maker_seed: Option<u64>,
    /// Show how many secrets are still possible after each answer.
    #[arg(long, short)]
    pub verbose: bool,
    /// JSON lines: write {"guess":..,"remaining":..}, read one line with the reply.
    #[arg(long)]
    pub json: bool,
    /// Colour the pegs.
    #[arg(long, value_enum, default_value_t)]
    pub color: ColorChoice,
}

enum Source {
    Person(Input),
    Maker(Box<dyn Codemaker>),
}

pub fn run(a: SolveArgs) -> Result<(), Failure> {
    let game = a.game.game()?;
    let options = a.strategy_options.options(&game)?;
    let engine = Arc::new(AnyEngine::new(&game).bad_input()?);
    let strategy = AnyStrategy::new(&a.strategy, &options, &game, engine.space()).bad_input()?;
    let source = match (&a.secret, a.maker) {
        (Some(s), _) => Source::Maker(Box::new(Honest::new(
            &game,
            game.parse_secret(s).bad_input()?,
        ))),
        (None, Some(SolveMaker::Random)) => {
            Source::Maker(Box::new(Honest::random(&engine, a.maker_seed.unwrap_or(0))))
        }
        (None, Some(SolveMaker::Adversarial)) => {
            Source::Maker(Box::new(Adversarial::new(engine.clone())))
        }
        (None, None) => Source::Person(Input::stdin()),
    };
    let mut s = Solver {
        game: &game,
        painter: Painter::new(a.color, &game),
        json: a.json,
        verbose: a.verbose,
        breaker: Breaker::new(engine.clone(), strategy),
    };
    let result = s.run(source);
    match result {
        // Contradictions write their own error object, with the diagnosis.
        Err(f @ Failure::BadInput(_)) if a.json => Err(interact::json_failure(f)),
        other => other,
    }
}

struct Solver<'a> {
    game: &'a Game,
    painter: Painter,
    json: bool,
    verbose: bool,
    breaker: Breaker,
}

/// What a person typed at the reply prompt.
enum Typed {
    Reply(Feedback),
    Fix(usize, Feedback),
    Undo,
    Quit,
    Nothing,
}

impl Solver<'_> {
    fn run(&mut self, mut source: Source) -> Result<(), Failure> {
        let game = self.game;
        // Someone to show a contradiction to and ask again; otherwise it ends the run.
        let person = matches!(&source, Source::Person(i) if i.interactive) && !self.json;
        if !self.json {
            match &source {
                Source::Person(_) => {
                    let repeats = if game.distinct_secret() {
                        "no symbol twice"
                    } else {
                        "symbols may repeat"
                    };
                    println!(
                        "codebreak solve: {game}. Think of a secret of {} from {} ({repeats}); I will guess it with {}.",
                        interact::count(game.pegs(), "symbol", "symbols"),
                        interact::symbols(game),
                        self.breaker.strategy().describe(game)
                    );
                    if matches!(&source, Source::Person(i) if i.interactive) {
                        println!(
                            "Answer each guess with its reply ({}), or: help, undo, fix N REPLY, remaining, quit.",
                            reply_forms(game)
                        );
                    }
                }
                Source::Maker(_) => println!(
                    "codebreak solve: {game}, {} against an automatic codemaker.",
                    self.breaker.strategy().describe(game)
                ),
            }
        }
        let mut announced = false;
        loop {
            let guess = self.breaker.next_guess();
            let number = self.breaker.history().len() + 1;
            if !announced {
                self.announce(number, &guess)?;
                announced = true;
            }
            let typed = match &mut source {
                Source::Maker(m) => {
                    let fb = m.answer(&guess);
                    if !self.json {
                        println!("           reply {}", game.format_feedback(fb));
                    }
                    Typed::Reply(fb)
                }
                Source::Person(input) => self.read(input, number)?,
            };
            match typed {
                Typed::Nothing => {}
                Typed::Quit => {
                    let n = self.breaker.history().len();
                    if self.json {
                        interact::emit(&json!({"quit": true, "guesses": n}))?;
                    } else {
                        println!("Stopped after {}.", interact::count(n, "guess", "guesses"));
                    }
                    return Ok(());
                }
                Typed::Undo => {
                    if self.breaker.undo() {
                        announced = false;
                    } else {
                        self.complain("nothing to undo: no answer given yet")?;
                    }
                }
                Typed::Fix(i, fb) => match self.breaker.correct(i, fb) {
                    Ok(p) => {
                        if !self.json {
                            println!(
                                "           answer {} is now {}",
                                i + 1,
                                game.format_feedback(fb)
                            );
                        }
                        if let Progress::Solved { guesses } = p {
                            return self.solved(guesses);
                        }
                        announced = false;
                    }
                    Err(e) => {
                        let mut moves = self.breaker.history();
                        moves[i].1 = fb;
                        self.contradiction(&e.to_string(), &moves, person)?;
                    }
                },
                Typed::Reply(fb) => match self.breaker.tell(fb) {
                    Ok(Progress::Solved { guesses }) => return self.solved(guesses),
                    Ok(Progress::Continue { remaining }) => {
                        if self.verbose && !self.json {
                            println!("           {remaining} possible");
                        }
                        announced = false;
                    }
                    Err(e) => {
                        let mut moves = self.breaker.history();
                        moves.push((guess, fb));
                        self.contradiction(&e.to_string(), &moves, person)?;
                    }
                },
            }
        }
    }

    fn announce(&self, number: usize, guess: &Code) -> Result<(), Failure> {
        let remaining = self.breaker.remaining();
        let sample = self.breaker.sample();
        if self.json {
            let mut v = json!({"guess": self.game.format_code(guess), "remaining": remaining});
            if let Some(s) = sample {
                v["sample"] = json!(s);
            }
            interact::emit(&v)?;
        } else {
            println!(
                "guess {number:>2}:  {}   ({remaining} possible)",
                self.painter.code(self.game, guess)
            );
            if let Some(s) = sample {
                println!("           {}", s.describe());
            }
        }
        Ok(())
    }

    fn read(&mut self, input: &mut Input, number: usize) -> Result<Typed, Failure> {
        let game = self.game;
        let line = match input.ask(&format!("reply {number:>2}> "))? {
            Some(Line::Text(line)) => line,
            Some(Line::NotUtf8(lossy)) => {
                self.complain(&interact::not_utf8("reply", &lossy, &expected(game)))?;
                return Ok(Typed::Nothing);
            }
            // Ctrl-D at a terminal: the person stops, as with quit.
            None if input.interactive => {
                if !self.json {
                    println!();
                }
                return Ok(Typed::Quit);
            }
            None => {
                let n = self.breaker.history().len();
                return Err(Failure::BadInput(anyhow::anyhow!(
                    "input ended before the secret was found (after {})",
                    interact::count(n, "answer", "answers")
                )));
            }
        };
        Ok(match interact::word(&line) {
            Word::Help => {
                let text = format!(
                    "Type the reply to the guess: {}. Commands: undo (take back your last answer), \
                     fix N REPLY (correct answer N), remaining, quit.",
                    reply_forms(game)
                );
                interact::help(self.json, &text)?;
                Typed::Nothing
            }
            Word::Quit => Typed::Quit,
            Word::Undo => Typed::Undo,
            Word::Remaining => {
                let n = self.breaker.remaining();
                if self.json {
                    interact::emit(&json!({"remaining": n}))?;
                } else {
                    let few: Vec<String> = self
                        .breaker
                        .candidates()
                        .take(10)
                        .map(|c| game.format_code(&c))
                        .collect();
                    println!(
                        "           {n} possible: {}{}",
                        few.join(" "),
                        if n > 10 { " …" } else { "" }
                    );
                }
                Typed::Nothing
            }
            Word::Other(text) => {
                if let Some(rest) = text
                    .strip_prefix("fix ")
                    .or_else(|| text.strip_prefix("FIX "))
                {
                    match parse_fix(game, rest, self.breaker.history().len()) {
                        Ok((i, fb)) => Typed::Fix(i, fb),
                        Err(msg) => {
                            self.complain(&msg)?;
                            Typed::Nothing
                        }
                    }
                } else {
                    match game.parse_feedback(&text) {
                        Ok(fb) => Typed::Reply(fb),
                        Err(e) => {
                            self.complain(&e.to_string())?;
                            Typed::Nothing
                        }
                    }
                }
            }
        })
    }

    /// Bad input: the message, and the prompt asks again (piped text too); in JSON mode the
    /// run ends with exit code 2 (and an error object, written by [`run`]).
    fn complain(&self, msg: &str) -> Result<(), Failure> {
        if self.json {
            Err(Failure::BadInput(anyhow::anyhow!("{msg}")))
        } else {
            eprintln!("codebreak: {msg}");
            Ok(())
        }
    }

    /// Contradictory answers (`moves`, the last one or a corrected one being new): a person is
    /// shown the likeliest mistakes and asked again; without a person the run ends with exit
    /// code 1 and the explanation.
    fn contradiction(
        &self,
        what: &str,
        moves: &[(Code, Feedback)],
        person: bool,
    ) -> Result<(), Failure> {
        let game = self.game;
        let d = codebreak_strategy::diagnose(self.breaker.engine(), moves);
        let explanation = format!("{what}; {}", d.explain(game, moves));
        if person {
            println!("{explanation}");
            println!(
                "Type \"fix N REPLY\" to correct answer N, \"undo\" to take back your last answer, or answer guess {} again.",
                self.breaker.history().len() + 1
            );
            return Ok(());
        }
        if self.json {
            interact::emit(
                &json!({"error": explanation, "diagnosis": interact::diagnosis_json(&d, game)}),
            )?;
        }
        Err(Failure::NoAnswer(anyhow::anyhow!("{explanation}")))
    }

    fn solved(&self, guesses: usize) -> Result<(), Failure> {
        let game = self.game;
        let secret = self
            .breaker
            .history()
            .last()
            .expect("solved after a guess")
            .0;
        if self.json {
            interact::emit(&json!({"solved": game.format_code(&secret), "guesses": guesses}))?;
        } else {
            println!(
                "Solved: {} in {}.",
                self.painter.code(game, &secret),
                interact::count(guesses, "guess", "guesses")
            );
        }
        Ok(())
    }
}

fn parse_fix(game: &Game, rest: &str, answers: usize) -> Result<(usize, Feedback), String> {
    let rest = rest.trim();
    if answers == 0 {
        return Err(format!(
            "fix {}: there is no answer to fix yet: expected the reply to the guess",
            quote(rest)
        ));
    }
    let (n, reply) = rest.split_once(char::is_whitespace).ok_or_else(|| {
        format!(
            "fix {}: expected an answer number and a reply, such as fix 1 {}",
            quote(rest),
            game.format_feedback(Feedback(0))
        )
    })?;
    let i: usize = n.trim_end_matches(':').parse().map_err(|_| {
        format!(
            "fix {}: expected an answer number from 1 to {answers}",
            quote(n)
        )
    })?;
    if i == 0 || i > answers {
        return Err(format!(
            "fix {i}: expected an answer number from 1 to {answers}"
        ));
    }
    let fb = game.parse_feedback(reply).map_err(|e| e.to_string())?;
    Ok((i - 1, fb))
}

/// What a line at the reply prompt should be.
fn expected(game: &Game) -> String {
    format!(
        "a reply such as {}, or help, undo, fix N REPLY, remaining, quit",
        reply_forms(game)
    )
}

fn reply_forms(game: &Game) -> String {
    game.feedback().forms()
}
