//! How the binary fails: one line on standard error, `codebreak: <message>`, and a documented
//! exit code (1 no answer, 2 bad input or usage, 130 interrupted).
//!
//! A closed standard output (`codebreak analyze ... | head -1`) is not a failure: the reader
//! has what it wanted, so the run ends quietly with exit code 0, as ripgrep does.

use std::io::Write;
use std::process::ExitCode;

/// A failed command, with the exit code it maps to.
#[derive(Debug)]
pub enum Failure {
    /// Exit code 1: the replies contradict each other, nothing to find.
    NoAnswer(anyhow::Error),
    /// Exit code 2: bad flags, codes, replies or files.
    BadInput(anyhow::Error),
    /// Exit code 130: stopped by Ctrl-C or SIGTERM.
    Interrupted(anyhow::Error),
}

impl Failure {
    /// The message on one line: the causes are joined, not stacked. The same text goes to
    /// standard error and, in JSON modes, into the `{"error": ...}` object.
    pub fn message(&self) -> String {
        match self {
            Failure::NoAnswer(e) | Failure::BadInput(e) | Failure::Interrupted(e) => {
                format!("{e:#}").replace('\n', " ")
            }
        }
    }

    /// Prints the message and returns the exit code.
    pub fn report(self) -> ExitCode {
        let (code, err) = match &self {
            Failure::NoAnswer(e) => (1, e),
            Failure::BadInput(e) => (2, e),
            Failure::Interrupted(e) => (130, e),
        };
        if is_broken_pipe(err) {
            return ExitCode::SUCCESS;
        }
        let _ = writeln!(std::io::stderr(), "codebreak: {}", self.message());
        ExitCode::from(code)
    }
}

/// Whether an error comes from writing to a pipe whose reader has gone.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// `println!` panics when standard output is a closed pipe: such a panic ends the process
/// quietly with exit code 0; any other panic is reported as usual.
pub fn quiet_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        // std's message: "failed printing to stdout: Broken pipe (os error 32)".
        if msg.starts_with("failed printing to stdout")
            && msg.to_ascii_lowercase().contains("broken pipe")
        {
            std::process::exit(0);
        }
        default(info);
    }));
}

/// Marks any error as bad input.
pub trait BadInput<T> {
    /// Turns the error into [`Failure::BadInput`].
    fn bad_input(self) -> Result<T, Failure>;
}

impl<T, E: Into<anyhow::Error>> BadInput<T> for Result<T, E> {
    fn bad_input(self) -> Result<T, Failure> {
        self.map_err(|e| Failure::BadInput(e.into()))
    }
}

/// Output errors (a closed pipe, a full disk) count as bad input: the command could not do
/// what was asked with the files given.
impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::BadInput(e.into())
    }
}

/// Reports a clap parse error: help and version go to stdout with exit 0; usage errors become
/// one line and exit 2, pointing at the help of `subcommand` (the one the command line names),
/// or at the main help.
///
/// A bad flag value reads `--pegs: "abc" is not a whole number from 1 to 32`: the flag, then
/// the value parser's own message, which quotes the value and gives the range.
pub fn clap_exit(e: clap::Error, subcommand: Option<&str>) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        kind => {
            let flag = match e.get(ContextKind::InvalidArg) {
                Some(ContextValue::String(arg)) => arg.split_whitespace().next(),
                _ => None,
            };
            let source = std::error::Error::source(&e).map(|s| s.to_string());
            let line = match (kind, flag, source) {
                (ErrorKind::ValueValidation, Some(flag), Some(why)) => format!("{flag}: {why}"),
                _ => {
                    // The first paragraph of clap's message, folded onto one line.
                    let text = e.render().to_string();
                    let first: Vec<&str> = text
                        .trim_start()
                        .split("\n\n")
                        .next()
                        .unwrap_or("invalid usage")
                        .lines()
                        .map(str::trim)
                        .collect();
                    first.join(" ").trim_start_matches("error: ").to_string()
                }
            };
            let help = match subcommand {
                Some(name) => format!("codebreak {name} --help"),
                None => "codebreak --help".to_string(),
            };
            let line = format!("{line} (see {help})");
            // In JSON mode a program reads standard output: it gets the error there too.
            if std::env::args_os().any(|a| a == "--json") {
                let _ = crate::interact::emit(&serde_json::json!({ "error": line }));
            }
            let _ = writeln!(std::io::stderr(), "codebreak: {line}");
            ExitCode::from(2)
        }
    }
}

/// A session error as a failure: Ctrl-C exits 130; a contradiction, a search stopped by its
/// deadline or one for a first fitting secret that ran out of time exit 1 (in JSON mode after
/// writing the contradiction, with its diagnosis or its smallest set, or the error object);
/// anything else is bad input (exit 2), whose error object the command writes in JSON mode.
pub fn session_failure(e: codebreak_session::SessionError, json: bool) -> Failure {
    use codebreak_session::SessionError;
    use codebreak_session::reasoned::{ReasonedError, engine::Stopped};
    match e {
        SessionError::Contradiction(c) => {
            if json {
                let _ = crate::interact::emit(&*c);
            }
            Failure::NoAnswer(anyhow::anyhow!("{}", c.error))
        }
        SessionError::Analysis(codebreak_analysis::AnalysisError::Interrupted) => {
            Failure::Interrupted(anyhow::anyhow!(
                "interrupted by Ctrl-C or SIGTERM: nothing more was computed"
            ))
        }
        SessionError::Analysis(e) => Failure::NoAnswer(e.into()),
        SessionError::TooLong(t) => Failure::BadInput(anyhow::anyhow!("{}", t.message("--"))),
        SessionError::Reasoned(ReasonedError::Stopped(Stopped::Cancelled)) => Failure::Interrupted(
            anyhow::anyhow!("interrupted by Ctrl-C or SIGTERM: nothing more was computed"),
        ),
        SessionError::Reasoned(ReasonedError::Stopped(s)) => {
            Failure::NoAnswer(anyhow::anyhow!("{s}"))
        }
        SessionError::Reasoned(e @ ReasonedError::Undecided { .. }) => {
            let f = Failure::NoAnswer(anyhow::anyhow!("{e}; --find-time SECONDS allows more time"));
            if json {
                crate::interact::json_failure(f)
            } else {
                f
            }
        }
        e => Failure::BadInput(e.into()),
    }
}
