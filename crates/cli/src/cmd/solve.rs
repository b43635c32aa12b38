//! `codebreak solve`: the computer breaks your secret.

use std::sync::Arc;

use clap::Args;
use codebreak_core::error::quote;
use codebreak_core::{AnyEngine, Code, Feedback, Game};
use codebreak_session::{Contradiction, Maker, MakerKind, SessionError, SolveSession};
use codebreak_strategy::{AnyStrategy, Codemaker, Progress, StrategyKind};

use crate::args::{GameArgs, StrategyArgs};
use crate::failure::{BadInput, Failure};
use crate::interact::{self, ColorChoice, Input, Line, Painter, Word};

pub const EXAMPLES: &str = "\
Examples:
  codebreak solve                                 # think of a secret, answer like 1B2W
  codebreak solve --game bulls                    # answers like 1A2B
  codebreak solve --secret 3141 --strategy entropy
  codebreak solve --maker adversarial --json
  codebreak solve --maker random --secret-seed 7       # the same secret every run
  codebreak solve --pegs 16 --colors 6 --maker random  # 6^16 codes: guesses chosen on a sample";

/// Arguments of `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The strategy (see `codebreak strategies`).
    ///
    /// Default minimax; on games too large to list, entropy (expected-size and most-parts
    /// also work there).
    #[arg(long, short, value_name = "NAME", value_parser = crate::args::strategy_parser())]
    pub strategy: Option<StrategyKind>,
    #[command(flatten)]
    pub strategy_options: StrategyArgs,
    /// Play unattended against this secret.
    #[arg(long, value_name = "CODE", conflicts_with = "maker")]
    pub secret: Option<String>,
    /// Play unattended against an automatic codemaker.
    #[arg(long, value_parser = crate::args::named::<MakerKind>())]
    pub maker: Option<MakerKind>,
    /// Fixes the random secret of --maker random, for a run that can be repeated (default: a
    /// new secret each run).
    #[arg(long, value_name = "SEED", alias = "maker-seed", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<u64>(codebreak_core::choice::SEED))]
    pub secret_seed: Option<u64>,
    /// Show how many secrets are still possible after each answer.
    #[arg(long, short)]
    pub verbose: bool,
    /// JSON lines: write the session's state before each reply, read one line with the reply.
    #[arg(long)]
    pub json: bool,
    /// On games too large to list: how many secrets that fit the replies are sampled to
    /// choose each guess (every candidate is scored by how it splits them), 1 to 100000,
    /// default 400. Larger samples choose a little better and take proportionally longer.
    #[arg(long, value_name = "N", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<usize>(codebreak_session::huge::FIT_SAMPLE))]
    pub fit_sample: Option<usize>,
    /// On games too large to list: seconds allowed, after each reply, to find a secret that
    /// fits them all (or to rule them all out) before the reply is refused as undecided, 1 to
    /// 86400, default 60.
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<u64>(codebreak_session::huge::FIND_SECONDS))]
    pub find_time: Option<u64>,
    /// Colour the pegs.
    #[arg(long, value_enum, default_value_t)]
    pub color: ColorChoice,
}

enum Source {
    Person(Input),
    Maker(Box<Maker>),
}

pub fn run(a: SolveArgs) -> Result<(), Failure> {
    let routed = crate::cmd::huge::route(&a.game)
        .map_err(|f| if a.json { interact::json_failure(f) } else { f })?;
    if let Some(game) = routed {
        let rt = crate::cmd::huge::Runtime::new(a.json);
        return crate::cmd::huge::solve(&a, game, &rt);
    }
    crate::cmd::huge::no_fit_sample(a.fit_sample)?;
    crate::cmd::huge::no_find_time(a.find_time)?;
    let game = a.game.game()?;
    let options = a.strategy_options.options(&game)?;
    let engine = Arc::new(AnyEngine::new(&game).bad_input()?);
    let strategy = AnyStrategy::build(
        a.strategy.unwrap_or_default(),
        &options,
        &game,
        engine.space(),
    )
    .bad_input()?;
    if a.secret_seed.is_some() && a.maker != Some(MakerKind::Random) {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "--secret-seed fixes the secret of --maker random: add --maker random, or leave it out"
        )));
    }
    let source = match (&a.secret, a.maker) {
        (Some(s), _) => {
            let secret = game.parse_secret(s).bad_input()?;
            Source::Maker(Box::new(
                Maker::new(&engine, MakerKind::Random, Some(secret), None).bad_input()?,
            ))
        }
        (None, Some(kind)) => Source::Maker(Box::new(
            Maker::new(&engine, kind, None, a.secret_seed).bad_input()?,
        )),
        (None, None) => Source::Person(Input::stdin()),
    };
    let mut s = Solver {
        game: &game,
        painter: Painter::new(a.color, &game),
        json: a.json,
        verbose: a.verbose,
        session: SolveSession::new(engine.clone(), strategy),
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
    session: SolveSession,
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
                    println!(
                        "codebreak solve: {game}. Think of a secret ({}); I will guess it with {}.",
                        interact::code_shape(game, codebreak_core::Role::Secret),
                        self.session.description()
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
                    self.session.description()
                ),
            }
        }
        let mut announced = false;
        loop {
            let Some(guess) = self.session.next_guess() else {
                return self.solved();
            };
            let number = self.session.history().len() + 1;
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
            let result = match typed {
                Typed::Nothing => continue,
                Typed::Quit => {
                    let n = self.session.history().len();
                    if self.json {
                        interact::emit(&self.session.state(0))?;
                    } else {
                        println!("Stopped after {}.", interact::count(n, "guess", "guesses"));
                    }
                    return Ok(());
                }
                Typed::Undo => self.session.undo().map(|_| None),
                Typed::Fix(i, fb) => self.session.correct(i + 1, fb).map(|p| {
                    if !self.json {
                        println!(
                            "           answer {} is now {}",
                            i + 1,
                            game.format_feedback(fb)
                        );
                    }
                    Some(p)
                }),
                Typed::Reply(fb) => self.session.reply(fb).map(Some),
            };
            match result {
                Ok(Some(Progress::Continue { remaining })) => {
                    if self.verbose && !self.json {
                        println!("           {remaining} possible");
                    }
                    announced = false;
                }
                Ok(_) => announced = false,
                Err(SessionError::Contradiction(c)) => self.contradiction(&c, person)?,
                Err(e) => self.complain(&e.to_string())?,
            }
        }
    }

    fn announce(&mut self, number: usize, guess: &Code) -> Result<(), Failure> {
        let remaining = self.session.remaining();
        let sample = self.session.sample();
        if self.json {
            interact::emit(&self.session.state(0))?;
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
                let n = self.session.history().len();
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
                let n = self.session.remaining();
                if self.json {
                    interact::emit(&self.session.state(10))?;
                } else {
                    let few: Vec<String> = self
                        .session
                        .candidates(10)
                        .iter()
                        .map(|c| game.format_code(c))
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
                    match parse_fix(game, rest, self.session.history().len()) {
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

    /// Contradictory answers: a person is shown the likeliest mistakes and asked again; without
    /// a person the run ends with exit code 1 and the explanation (in JSON mode, the
    /// contradiction object first).
    fn contradiction(&self, c: &Contradiction, person: bool) -> Result<(), Failure> {
        if person {
            println!("{}", c.error);
            println!(
                "Type \"fix N REPLY\" to correct answer N, \"undo\" to take back your last answer, or answer guess {} again.",
                self.session.history().len() + 1
            );
            return Ok(());
        }
        if self.json {
            interact::emit(c)?;
        }
        Err(Failure::NoAnswer(anyhow::anyhow!("{}", c.error)))
    }

    fn solved(&mut self) -> Result<(), Failure> {
        let game = self.game;
        let state = self.session.state(0);
        if self.json {
            interact::emit(&state)?;
            return Ok(());
        }
        let history = self.session.history();
        let Some(secret) = self.session.candidates(1).first().copied() else {
            return Ok(());
        };
        let known = game.end() == codebreak_core::End::Known;
        println!(
            "{}: {} in {}.",
            if known { "Known" } else { "Solved" },
            self.painter.code(game, &secret),
            interact::count(history.len(), "guess", "guesses")
        );
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
