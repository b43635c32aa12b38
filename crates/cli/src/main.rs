//! `codebreak`: the command-line front end. Argument parsing and output only; every game rule
//! and strategy lives in the library crates.

mod args;
mod cmd;
mod failure;
mod interact;
mod output;
mod plot;
mod runtime;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::failure::Failure;

/// The search allocates many small, short-lived buffers (candidate sets, split classes) from
/// several threads; mimalloc serves them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's option `purge_delay` (its number in `mi_option_e`).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Memory freed stays with mimalloc for a second before it goes back to the system, instead of
/// its default ten milliseconds: a certificate's proof frees and takes again many buffers, and
/// each return made the system clear the pages anew (Wordle's hard-mode proof spent 0.3 s of
/// system time on it).
fn keep_freed_memory() {
    // SAFETY: sets an option of the allocator, which takes any value for it, before any
    // other thread runs.
    #[allow(unsafe_code)]
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 1000)
    };
}

const EXIT_CODES: &str = "\
Exit codes:
  0    success (also when standard output is closed early, as by `| head`)
  1    no answer: the replies contradict each other, nothing is left to find, or a check failed
  2    bad input or usage: an invalid flag, code, reply or file; a game too large for memory
  130  interrupted by Ctrl-C or SIGTERM (`optimal` and `shard run` after writing their
       checkpoints; any command on a game too large to list)";

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
    /// Play: you break the computer's secret.
    #[command(after_help = cmd::play::EXAMPLES)]
    Play(cmd::play::PlayArgs),
    /// Solve: the computer breaks your secret from the replies you give.
    #[command(after_help = cmd::solve::EXAMPLES)]
    Solve(cmd::solve::SolveArgs),
    /// Hint: what remains possible after some moves, and the best next guess.
    #[command(after_help = cmd::hint::EXAMPLES)]
    Hint(cmd::hint::HintArgs),
    /// Review a finished game: each move against the best guess, its skill and luck.
    #[command(after_help = cmd::review::EXAMPLES)]
    Review(cmd::review::ReviewArgs),
    /// Describe a game: its codes, replies, end, table size and symmetry.
    #[command(after_help = cmd::info::EXAMPLES)]
    Info(cmd::info::InfoArgs),
    /// Find an exact optimal strategy (fewest guesses in all, or smallest worst case).
    #[command(after_help = cmd::optimal::EXAMPLES)]
    Optimal(cmd::optimal::OptimalArgs),
    /// Split a search into jobs for any executor, run them, and merge their results.
    #[command(after_help = cmd::shard::EXAMPLES)]
    Shard(cmd::shard::ShardArgs),
    /// Replay every secret through a decision tree and report its figures.
    Verify(cmd::verify::VerifyArgs),
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
        Command::Play(a) => cmd::play::run(a),
        Command::Solve(a) => cmd::solve::run(a),
        Command::Hint(a) => cmd::hint::run(a),
        Command::Review(a) => cmd::review::run(a),
        Command::Info(a) => cmd::info::run(a),
        Command::Optimal(a) => cmd::optimal::run(a),
        Command::Shard(a) => cmd::shard::run(a),
        Command::Verify(a) => cmd::verify::run(a),
        Command::Serve(a) => cmd::serve::run(a),
        Command::Strategies(a) => cmd::strategies::run(a),
        Command::Completions(a) => cmd::completions::run(a),
    }
}

/// The subcommand the command line names (its first argument), for pointing at its help.
fn subcommand_named() -> Option<String> {
    use clap::CommandFactory;
    let first = std::env::args_os().nth(1)?.into_string().ok()?;
    Cli::command()
        .find_subcommand(&first)
        .map(|c| c.get_name().to_string())
}

fn main() -> ExitCode {
    keep_freed_memory();
    failure::quiet_broken_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return failure::clap_exit(e, subcommand_named().as_deref()),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.report(),
    }
}
