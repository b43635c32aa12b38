//! `codebreak strategies`: the registry, for people and programs.

use clap::Args;
use codebreak_strategy::STRATEGIES;
use serde_json::json;

use crate::failure::Failure;

/// Arguments of `strategies`.
#[derive(Args, Debug)]
pub struct StrategiesArgs {
    /// Print a JSON array.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: StrategiesArgs) -> Result<(), Failure> {
    if a.json {
        let v: Vec<_> = STRATEGIES
            .iter()
            .map(|s| json!({"name": s.name, "summary": s.summary, "source": s.source, "greedy": s.greedy}))
            .collect();
        println!("{}", serde_json::Value::Array(v));
    } else {
        let w = STRATEGIES.iter().map(|s| s.name.len()).max().unwrap_or(0);
        for s in STRATEGIES {
            println!("{:<w$}  {} ({})", s.name, s.summary, s.source);
        }
    }
    Ok(())
}
