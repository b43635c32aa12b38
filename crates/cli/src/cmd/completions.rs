//! `codebreak completions SHELL`: completion scripts generated from the same definitions as
//! the help text.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::failure::Failure;

/// Arguments of `completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn run(a: CompletionsArgs) -> Result<(), Failure> {
    let mut cmd = crate::Cli::command();
    clap_complete::generate(a.shell, &mut cmd, "codebreak", &mut std::io::stdout());
    Ok(())
}
