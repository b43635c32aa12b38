//! `codebreak solve`: the computer breaks your secret.

use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use codebreak_core::error::quote;
use codebreak_core::{AnyEngine, Role};
use codebreak_session::reasoned::ReasonedError;
use codebreak_session::{Answerer, Game, MakerKind, Remaining, SessionError, Solve};
use codebreak_strategy::StrategyKind;

use crate::args::{GameArgs, StrategyArgs};
use crate::failure::{BadInput, Failure, session_failure};
use crate::interact::{self, ColorChoice, Input, Line, Painter, Word};
use crate::runtime::Runtime;

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
          value_parser = crate::args::ranged::<usize>(codebreak_session::reasoned::FIT_SAMPLE))]
    pub fit_sample: Option<usize>,
    /// On games too large to list: seconds allowed, after each reply, to find a secret that
    /// fits them all (or to rule them all out) before the reply is refused as undecided, 1 to
    /// 86400, default 60.
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<u64>(codebreak_session::reasoned::FIND_SECONDS))]
    pub find_time: Option<u64>,
    /// Colour the pegs.
    #[arg(long, value_enum, default_value_t)]
    pub color: ColorChoice,
}

enum Source {
    Person(Input),
    Maker(Box<Answerer>),
}

pub fn run(a: SolveArgs) -> Result<(), Failure> {
    let json = a.json;
    let wrap = |f: Failure| if json { interact::json_failure(f) } else { f };
    let bad = |e: SessionError| wrap(Failure::BadInput(e.into()));
    let game = a.game.any_game().map_err(wrap)?;
    // A listed game's engine is built once, for the strategy and the codemaker.
    let game = match game.as_listed() {
        Some(g) => Game::with_engine(Arc::new(AnyEngine::new(g).bad_input().map_err(wrap)?)),
        None => game,
    };
    if a.secret_seed.is_some() && a.maker != Some(MakerKind::Random) {
        return Err(wrap(Failure::BadInput(anyhow::anyhow!(
            "--secret-seed fixes the secret of --maker random: add --maker random, or leave it out"
        ))));
    }
    let session = game
        .solve(a.strategy, &a.strategy_options.spec(), a.fit_sample)
        .and_then(|s| s.with_find_time(a.find_time.map(Duration::from_secs)))
        .map_err(flags)
        .map_err(bad)?;
    let source = match (&a.secret, a.maker) {
        (None, None) => Source::Person(Input::stdin()),
        (secret, maker) => Source::Maker(Box::new(
            game.answerer(
                maker.unwrap_or(MakerKind::Random),
                secret.as_deref(),
                a.secret_seed,
            )
            .map_err(flags)
            .map_err(bad)?,
        )),
    };
    let mut s = Solver {
        painter: Painter::for_game(a.color, &game),
        game,
        json,
        verbose: a.verbose,
        session,
        rt: Runtime::new(json),
    };
    s.run(source)
}

/// The library's setup errors name options as every front end does (`fit-sample 5`); here
/// they are flags (`--fit-sample 5`).
fn flags(e: SessionError) -> SessionError {
    match e {
        SessionError::Setup(msg) => {
            let mut msg = msg;
            for option in [
                "fit-sample",
                "find-time",
                "pool",
                "ties",
                "first-guess",
                "sample",
                "maker",
            ] {
                if msg.starts_with(&format!("{option} ")) {
                    msg = format!("--{msg}");
                    break;
                }
            }
            SessionError::Setup(msg)
        }
        e => e,
    }
}

struct Solver {
    game: Game,
    painter: Painter,
    json: bool,
    verbose: bool,
    session: Solve,
    rt: Runtime,
}

/// What a person typed at the reply prompt.
enum Typed {
    Reply(String),
    Fix(usize, String),
    Undo,
    Quit,
    Nothing,
}

impl Solver {
    fn run(&mut self, mut source: Source) -> Result<(), Failure> {
        let json = self.json;
        // Someone to show a contradiction to and ask again; otherwise it ends the run.
        let person = matches!(&source, Source::Person(i) if i.interactive) && !json;
        if !json {
            let game = self.game.describe();
            match &source {
                Source::Person(input) => {
                    println!(
                        "codebreak solve: {game}. Think of a secret ({}); I will guess it with {}.",
                        self.game.code_shape(Role::Secret),
                        self.session.description()
                    );
                    if input.interactive {
                        println!(
                            "Answer each guess with its reply ({}), or: help, undo, fix N REPLY, remaining, quit.",
                            self.game.reply_forms()
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
            let number = self.session.history().len() + 1;
            let session = &mut self.session;
            let guess = self
                .rt
                .busy(&format!("choosing guess {number}"), |b| {
                    session.next_guess(b)
                })
                .map_err(|e| session_failure(e, json))?;
            let Some(guess) = guess else {
                return self.solved();
            };
            if !announced {
                self.announce(number, &guess)?;
                announced = true;
            }
            let typed = match &mut source {
                Source::Maker(m) => {
                    let reply = m.answer(&guess).map_err(|e| session_failure(e, json))?;
                    if !json {
                        println!("           reply {reply}");
                    }
                    Typed::Reply(reply)
                }
                Source::Person(input) => self.read(input, number)?,
            };
            let session = &mut self.session;
            let result = match typed {
                Typed::Nothing => continue,
                Typed::Quit => {
                    if json {
                        let st = self.state(0)?;
                        interact::emit(&st)?;
                    } else {
                        let n = self.session.history().len();
                        println!("Stopped after {}.", interact::count(n, "guess", "guesses"));
                    }
                    return Ok(());
                }
                Typed::Undo => session.undo(),
                Typed::Fix(i, reply) => {
                    let r = self
                        .rt
                        .busy("checking the replies", |b| session.correct(i, &reply, b));
                    if r.is_ok() && !json {
                        let now = &self.session.history()[i - 1].1;
                        println!("           answer {i} is now {now}");
                    }
                    r
                }
                Typed::Reply(reply) => self
                    .rt
                    .busy("checking the replies", |b| session.reply(&reply, b)),
            };
            match result {
                Ok(()) => {
                    announced = false;
                    if self.verbose && !json && !self.session.is_solved() {
                        let session = &self.session;
                        let n = self
                            .rt
                            .busy("counting", |b| session.remaining(b))
                            .map_err(|e| session_failure(e, json))?;
                        println!("           {} possible", count(&n));
                    }
                }
                Err(e) if contradiction(&e) && person => self.contradiction(&e),
                Err(e) if ends_run(&e) => return Err(session_failure(e, json)),
                Err(e) => self.complain(&e.to_string())?,
            }
        }
    }

    /// The state, listing at most `show` secrets left on a listed game.
    fn state(&mut self, show: usize) -> Result<codebreak_session::SolveState, Failure> {
        let json = self.json;
        let session = &mut self.session;
        self.rt
            .busy("choosing the guess", |b| session.state(show, b))
            .map_err(|e| session_failure(e, json))
    }

    fn announce(&mut self, number: usize, guess: &str) -> Result<(), Failure> {
        let st = self.state(0)?;
        if self.json {
            interact::emit(&st)?;
            return Ok(());
        }
        let left = match &st.remaining {
            Some(r) => format!("   ({} possible)", count(r)),
            None => String::new(),
        };
        println!("guess {number:>2}:  {}{left}", self.painter.text(guess));
        if let Some(s) = &st.sample {
            println!("           {}", s.describe());
        }
        Ok(())
    }

    /// How many secrets fit the replies, and the first few.
    fn remaining(&mut self) -> Result<(), Failure> {
        let json = self.json;
        let session = &self.session;
        let (n, few) = self
            .rt
            .busy("counting", |b| {
                Ok::<_, SessionError>((session.remaining(b)?, session.candidates(10, b)?))
            })
            .map_err(|e| session_failure(e, json))?;
        if json {
            let mut st = self.state(0)?;
            st.remaining = Some(n);
            st.candidates = few;
            interact::emit(&st)?;
        } else {
            let more = if n.more_than(few.len()) { " …" } else { "" };
            println!("           {} possible: {}{more}", count(&n), few.join(" "));
        }
        Ok(())
    }

    fn read(&mut self, input: &mut Input, number: usize) -> Result<Typed, Failure> {
        let line = match input.ask(&format!("reply {number:>2}> "))? {
            Some(Line::Text(line)) => line,
            Some(Line::NotUtf8(lossy)) => {
                self.complain(&interact::not_utf8("reply", &lossy, &self.expected()))?;
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
                let f = Failure::BadInput(anyhow::anyhow!(
                    "input ended before the secret was found (after {})",
                    interact::count(n, "answer", "answers")
                ));
                return Err(if self.json {
                    interact::json_failure(f)
                } else {
                    f
                });
            }
        };
        Ok(match interact::word(&line) {
            Word::Help => {
                let text = format!(
                    "Type the reply to the guess: {}. Commands: undo (take back your last answer), \
                     fix N REPLY (correct answer N), remaining, quit.",
                    self.game.reply_forms()
                );
                interact::help(self.json, &text)?;
                Typed::Nothing
            }
            Word::Quit => Typed::Quit,
            Word::Undo => Typed::Undo,
            Word::Remaining => {
                self.remaining()?;
                Typed::Nothing
            }
            Word::Other(text) => match text
                .strip_prefix("fix ")
                .or_else(|| text.strip_prefix("FIX "))
            {
                Some(rest) => match parse_fix(&self.game, rest, self.session.history().len()) {
                    Ok((i, reply)) => Typed::Fix(i, reply),
                    Err(msg) => {
                        self.complain(&msg)?;
                        Typed::Nothing
                    }
                },
                None => Typed::Reply(text),
            },
        })
    }

    /// What a line at the reply prompt should be.
    fn expected(&self) -> String {
        format!(
            "a reply such as {}, or help, undo, fix N REPLY, remaining, quit",
            self.game.reply_forms()
        )
    }

    /// Bad input: the message, and the prompt asks again (piped text too); in JSON mode the
    /// run ends with an error object and exit code 2.
    fn complain(&self, msg: &str) -> Result<(), Failure> {
        if self.json {
            Err(interact::json_failure(Failure::BadInput(anyhow::anyhow!(
                "{msg}"
            ))))
        } else {
            eprintln!("codebreak: {msg}");
            Ok(())
        }
    }

    /// Contradictory answers told by a person: the likeliest mistakes, and the prompt asks
    /// again. (Without a person the run ends with exit code 1 and the explanation, in JSON
    /// mode after the contradiction object.)
    fn contradiction(&self, e: &SessionError) {
        let error = match e {
            SessionError::Contradiction(c) => &c.error,
            e => &e.to_string(),
        };
        println!("{error}");
        println!(
            "Type \"fix N REPLY\" to correct answer N, \"undo\" to take back your last answer, or answer guess {} again.",
            self.session.history().len() + 1
        );
    }

    fn solved(&mut self) -> Result<(), Failure> {
        let state = self.state(0)?;
        if self.json {
            interact::emit(&state)?;
            return Ok(());
        }
        let Some(secret) = &state.secret else {
            return Ok(());
        };
        let known = self
            .game
            .as_listed()
            .is_some_and(|g| g.end() == codebreak_core::End::Known);
        println!(
            "{}: {} in {}.",
            if known { "Known" } else { "Solved" },
            self.painter.text(secret),
            interact::count(state.moves.len(), "guess", "guesses")
        );
        Ok(())
    }
}

/// Errors that end the run whoever answers: contradictions (when no person can correct them),
/// Ctrl-C, and a search for a fitting secret that gave up.
fn ends_run(e: &SessionError) -> bool {
    contradiction(e) || matches!(e, SessionError::Reasoned(ReasonedError::Stopped(_)))
}

/// Whether the replies contradict each other (no secret gives them all).
fn contradiction(e: &SessionError) -> bool {
    matches!(e, SessionError::Contradiction(_))
}

/// A count for a person: the number when exact.
fn count(r: &Remaining) -> String {
    match r {
        Remaining::Exact(n) => n.to_string(),
        r => r.to_string(),
    }
}

/// Reads `N REPLY` after `fix`: the answer's number (from 1) and the reply, read by the
/// session.
fn parse_fix(game: &Game, rest: &str, answers: usize) -> Result<(usize, String), String> {
    let rest = rest.trim();
    if answers == 0 {
        return Err(format!(
            "fix {}: there is no answer to fix yet: expected the reply to the guess",
            quote(rest)
        ));
    }
    let (n, reply) = rest.split_once(char::is_whitespace).ok_or_else(|| {
        format!(
            "fix {}: expected an answer number and a reply ({})",
            quote(rest),
            game.reply_forms()
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
    Ok((i, reply.trim().to_string()))
}
