//! How the binary fails: one line on standard error, `codebreak: <message>`, and a documented
//! exit code (1 no answer, 2 bad input or usage).

use std::io::Write;
use std::process::ExitCode;

/// A failed command, with the exit code it maps to.
#[derive(Debug)]
pub enum Failure {
    /// Exit code 1: the replies contradict each other, nothing to find.
    NoAnswer(anyhow::Error),
    /// Exit code 2: bad flags, codes, replies or files.
    BadInput(anyhow::Error),
}

impl Failure {
    /// Prints the message and returns the exit code.
    pub fn report(self) -> ExitCode {
        let (code, err) = match self {
            Failure::NoAnswer(e) => (1, e),
            Failure::BadInput(e) => (2, e),
        };
        // One line: the causes are joined, not stacked.
        let msg = format!("{err:#}").replace('\n', " ");
        let _ = writeln!(std::io::stderr(), "codebreak: {msg}");
        ExitCode::from(code)
    }
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
/// one line and exit 2.
pub fn clap_exit(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
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
            let line = first.join(" ");
            let line = line.trim_start_matches("error: ");
            let _ = writeln!(
                std::io::stderr(),
                "codebreak: {line} (see codebreak --help)"
            );
            ExitCode::from(2)
        }
    }
}
