//! `codebreak verify FILE`: replays every secret through a tree with the rules alone.

use std::path::PathBuf;

use clap::Args;

use crate::args::GameArgs;
use crate::failure::Failure;

/// Arguments of `verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The tree file (JSON or compact notation).
    pub file: PathBuf,
    #[command(flatten)]
    pub game: GameArgs,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: VerifyArgs) -> Result<(), Failure> {
    Err(Failure::BadInput(anyhow::anyhow!(
        "verify is not built yet (asked for {})",
        a.file.display()
    )))
}
