//! `codebreak strategies`: the registry, for people and programs.

use clap::Args;
use codebreak_strategy::strategies;

use crate::failure::Failure;

/// Arguments of `strategies`.
#[derive(Args, Debug)]
pub struct StrategiesArgs {
    /// Print a JSON array.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: StrategiesArgs) -> Result<(), Failure> {
    let list = strategies();
    if a.json {
        crate::interact::emit(&list)?;
    } else {
        let w = list.iter().map(|s| s.name.len()).max().unwrap_or(0);
        for s in &list {
            println!("{:<w$}  {} ({})", s.name, s.summary, s.source);
        }
    }
    Ok(())
}
