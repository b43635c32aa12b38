//! `codebreak`: the command-line front end. Argument parsing and output only; every game rule
//! and strategy lives in the library crates.

mod args;
mod cmd;
mod failure;
mod output;
mod plot;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::failure::Failure;

const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  no answer: the replies contradict each other, or nothing is left to find
  2  bad input or usage: an invalid flag, code, reply or file";

/// Engine and tools for deductive code-breaking games: Mastermind of any size, Bulls and Cows
/// (1A2B), black-peg Mastermind and the twoD comparison game.
#[derive(Parser, Debug)]
#[command(name = "codebreak", version, after_help = EXIT_CODES, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the reply to GUESS when the secret is SECRET.
    #[command(after_help = cmd::score::EXAMPLES)]
    Score(cmd::score::ScoreArgs),
    /// Play a strategy against every secret and report the guesses it needs.
    #[command(after_help = cmd::analyze::EXAMPLES)]
    Analyze(cmd::analyze::AnalyzeArgs),
    /// Serve the web UI on a local port.
    Serve(cmd::serve::ServeArgs),
    /// List the strategies with their sources.
    Strategies(cmd::strategies::StrategiesArgs),
    /// Print a shell completion script.
    Completions(cmd::completions::CompletionsArgs),
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Score(a) => cmd::score::run(a),
        Command::Analyze(a) => cmd::analyze::run(a),
        Command::Serve(a) => cmd::serve::run(a),
        Command::Strategies(a) => cmd::strategies::run(a),
        Command::Completions(a) => cmd::completions::run(a),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return failure::clap_exit(e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.report(),
    }
}
