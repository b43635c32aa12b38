//! `solve` on games too large to list, in the style of the enumerated one: the same prompts,
//! words (help, undo, fix, remaining, quit) and JSON lines.

use anyhow::anyhow;
use codebreak_session::MakerKind;
use codebreak_session::huge::{self, HugeError, HugeGame, SolveSession};

use super::{Runtime, describe, fail, play_options};
use crate::cmd::solve::SolveArgs;
use crate::failure::Failure;
use crate::interact::{self, Input, Line, Word};

/// Who answers the computer's guesses.
enum Source {
    Person(Input),
    Secret(huge::Code),
}

/// What was typed at the reply prompt.
enum Typed {
    Reply(huge::Reply),
    Fix(usize, huge::Reply),
    Undo,
    Quit,
    Remaining,
    Nothing,
}

/// `solve` on a game too large to list.
pub fn solve(a: &SolveArgs, game: HugeGame, rt: &Runtime) -> Result<(), Failure> {
    let json = a.json;
    let wrap = |f: Failure| if json { interact::json_failure(f) } else { f };
    if a.secret_seed.is_some() && a.maker != Some(MakerKind::Random) {
        return Err(wrap(Failure::BadInput(anyhow!(
            "--secret-seed fixes the secret of --maker random: add --maker random, or leave it out"
        ))));
    }
    if let Some(kind) = a.maker.filter(|&k| k != MakerKind::Random) {
        return Err(wrap(Failure::BadInput(anyhow!(
            "--maker {} is not available for games too large to list: expected random",
            kind.name()
        ))));
    }
    let options =
        play_options(a.strategy, &a.strategy_options, a.fit_sample, false).map_err(wrap)?;
    let source = match (&a.secret, a.maker) {
        (Some(s), _) => Source::Secret(game.parse_secret(s).map_err(|e| fail(e, json))?),
        (None, Some(_)) => Source::Secret(huge::random_secret(&game, a.secret_seed)),
        (None, None) => Source::Person(Input::stdin()),
    };
    let mut s = Solver {
        game: &game,
        session: SolveSession::new(game.clone(), options)
            .with_find_time(super::find_time(a.find_time)),
        json,
        verbose: a.verbose,
        rt,
    };
    s.run(source)
}

struct Solver<'a> {
    game: &'a HugeGame,
    session: SolveSession,
    json: bool,
    verbose: bool,
    rt: &'a Runtime,
}

impl Solver<'_> {
    fn run(&mut self, mut source: Source) -> Result<(), Failure> {
        let game = self.game;
        let json = self.json;
        let person = matches!(&source, Source::Person(i) if i.interactive) && !json;
        if !json {
            match &source {
                Source::Person(_) => {
                    println!(
                        "codebreak solve: {}. Think of a secret ({}); I will guess it with {}.",
                        describe(game),
                        game.code_shape(true),
                        self.session.description()
                    );
                    if person {
                        println!(
                            "Answer each guess with its reply ({}), or: help, undo, fix N REPLY, remaining, quit.",
                            game.reply_forms()
                        );
                    }
                }
                Source::Secret(_) => println!(
                    "codebreak solve: {}, {} against a fixed secret.",
                    describe(game),
                    self.session.description()
                ),
            }
        }
        let mut announced = false;
        loop {
            let number = self.session.history().len() + 1;
            let guess = self
                .rt
                .busy(&format!("choosing guess {number}"), |b| {
                    self.session.next_guess(b)
                })
                .map_err(|e| fail(e, json))?;
            let Some(guess) = guess else {
                return self.solved();
            };
            if !announced {
                self.announce(number, &guess)?;
                announced = true;
            }
            let typed = match &mut source {
                Source::Secret(secret) => {
                    let reply = game.score(secret, &guess);
                    if !json {
                        println!("           reply {}", game.format_reply(reply));
                    }
                    Typed::Reply(reply)
                }
                Source::Person(input) => self.read(input, number)?,
            };
            let result = match typed {
                Typed::Nothing => continue,
                Typed::Quit => {
                    if json {
                        interact::emit(&self.session.state())?;
                    } else {
                        let n = self.session.history().len();
                        println!("Stopped after {}.", interact::count(n, "guess", "guesses"));
                    }
                    return Ok(());
                }
                Typed::Remaining => {
                    self.remaining()?;
                    continue;
                }
                Typed::Undo => self.session.undo(),
                Typed::Fix(i, reply) => {
                    let r = self.rt.busy("checking the replies", |b| {
                        self.session.correct(i, reply, b)
                    });
                    if r.is_ok() && !json {
                        println!("           answer {i} is now {}", game.format_reply(reply));
                    }
                    r
                }
                Typed::Reply(reply) => self
                    .rt
                    .busy("checking the replies", |b| self.session.reply(reply, b)),
            };
            match result {
                Ok(()) => {
                    announced = false;
                    if self.verbose && !json && !self.session.solved() {
                        let count = self
                            .rt
                            .busy("counting", |b| self.session.remaining(b))
                            .map_err(|e| fail(e, json))?;
                        println!("           {count} possible");
                    }
                }
                Err(HugeError::Contradiction(c)) if person => {
                    println!("{}", c.error);
                    println!(
                        "Type \"fix N REPLY\" to correct answer N, \"undo\" to take back your last answer, or answer guess {number} again."
                    );
                }
                Err(e @ HugeError::Contradiction(_)) => return Err(fail(e, json)),
                Err(e @ HugeError::Stopped(_)) => return Err(fail(e, json)),
                Err(e) => self.complain(&e.to_string())?,
            }
        }
    }

    fn announce(&self, number: usize, guess: &huge::Code) -> Result<(), Failure> {
        if self.json {
            interact::emit(&self.session.state())?;
        } else {
            let note = match self.session.pending() {
                Some(p) if p.could_be_secret => "   (could be the secret)",
                _ => "",
            };
            println!("guess {number:>2}:  {}{note}", self.game.format_code(guess));
        }
        Ok(())
    }

    fn remaining(&self) -> Result<(), Failure> {
        let json = self.json;
        let (count, few) = self
            .rt
            .busy("counting", |b| {
                Ok::<_, HugeError>((self.session.remaining(b)?, self.session.candidates(10, b)?))
            })
            .map_err(|e| fail(e, json))?;
        if json {
            interact::emit(&serde_json::json!({ "remaining": count, "secrets": few }))?;
        } else {
            println!("           {count}: {}", few.join(" "));
        }
        Ok(())
    }

    fn read(&self, input: &mut Input, number: usize) -> Result<Typed, Failure> {
        let game = self.game;
        let expected = format!(
            "{}, or help, undo, fix N REPLY, remaining, quit",
            game.reply_forms()
        );
        let line = match input.ask(&format!("reply {number:>2}> "))? {
            Some(Line::Text(line)) => line,
            Some(Line::NotUtf8(lossy)) => {
                self.complain(&interact::not_utf8("reply", &lossy, &expected))?;
                return Ok(Typed::Nothing);
            }
            None if input.interactive => {
                if !self.json {
                    println!();
                }
                return Ok(Typed::Quit);
            }
            None => {
                let n = self.session.history().len();
                return Err(fail(
                    HugeError::Setup(format!(
                        "input ended before the secret was found (after {})",
                        interact::count(n, "answer", "answers")
                    )),
                    self.json,
                ));
            }
        };
        Ok(match interact::word(&line) {
            Word::Help => {
                let text = format!(
                    "Type the reply to the guess: {}. Commands: undo (take back your last answer), \
                     fix N REPLY (correct answer N), remaining, quit.",
                    game.reply_forms()
                );
                interact::help(self.json, &text)?;
                Typed::Nothing
            }
            Word::Quit => Typed::Quit,
            Word::Undo => Typed::Undo,
            Word::Remaining => Typed::Remaining,
            Word::Other(text) => {
                let fix = text
                    .strip_prefix("fix ")
                    .or_else(|| text.strip_prefix("FIX "));
                let parsed = match fix {
                    Some(rest) => parse_fix(game, rest).map(|(i, r)| Typed::Fix(i, r)),
                    None => game
                        .parse_reply(&text)
                        .map(Typed::Reply)
                        .map_err(|e| e.to_string()),
                };
                match parsed {
                    Ok(t) => t,
                    Err(msg) => {
                        self.complain(&msg)?;
                        Typed::Nothing
                    }
                }
            }
        })
    }

    /// Bad input: the message, and the prompt asks again; in JSON mode the run ends with an
    /// error object and exit code 2.
    fn complain(&self, msg: &str) -> Result<(), Failure> {
        if self.json {
            Err(interact::json_failure(Failure::BadInput(anyhow!("{msg}"))))
        } else {
            eprintln!("codebreak: {msg}");
            Ok(())
        }
    }

    fn solved(&self) -> Result<(), Failure> {
        let state = self.session.state();
        if self.json {
            interact::emit(&state)?;
            return Ok(());
        }
        println!(
            "Solved: {} in {}.",
            state.secret.unwrap_or_default(),
            interact::count(state.moves.len(), "guess", "guesses")
        );
        Ok(())
    }
}

/// Reads `N REPLY` after `fix`.
fn parse_fix(game: &HugeGame, rest: &str) -> Result<(usize, huge::Reply), String> {
    let rest = rest.trim();
    let (n, reply) = rest.split_once(char::is_whitespace).ok_or_else(|| {
        format!(
            "fix {}: expected an answer number and a reply, such as fix 1 {}",
            codebreak_core::error::quote(rest),
            game.format_reply(huge::Reply::new(0, 0))
        )
    })?;
    let i: usize = n.trim_end_matches(':').parse().map_err(|_| {
        format!(
            "fix {}: expected an answer number from 1",
            codebreak_core::error::quote(n)
        )
    })?;
    let reply = game.parse_reply(reply).map_err(|e| e.to_string())?;
    Ok((i, reply))
}
