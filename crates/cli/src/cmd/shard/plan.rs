//! `codebreak shard plan`: split a search into jobs.

use std::path::PathBuf;

use clap::Args;
use codebreak_core::Pool;
use codebreak_search::Objective;
use codebreak_shard::{GameFile, PlanRequest, Split};

use crate::args::GameArgs;
use crate::failure::Failure;

/// Arguments of `shard plan`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("split").required(true).args(["openers", "first_guess"])))]
pub struct PlanArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// One job per opener (one per symmetry class, as `optimal --openers`).
    #[arg(
        long,
        conflicts_with = "first_guess",
        required_unless_present = "first_guess"
    )]
    pub openers: bool,
    /// One job per position below this opener.
    #[arg(long, value_name = "CODE")]
    pub first_guess: Option<String>,
    /// Moves below the opener each job starts from: 1, one job per reply; 2, one job per
    /// reply and next guess worth trying, for the replies that leave at least 16 secrets.
    #[arg(long, value_name = "D", default_value_t = 1, requires = "first_guess")]
    pub depth: u32,
    /// What to minimise: expected only (see `shard --help`).
    #[arg(long, default_value = "expected", value_parser = crate::args::named::<Objective>())]
    pub objective: Objective,
    /// No secret may need more guesses than D, the whole game counted (1 to 63).
    #[arg(long, value_name = "D", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<u32>(codebreak_search::MAX_DEPTH))]
    pub max_depth: Option<u32>,
    /// Which codes may be guessed.
    #[arg(long, default_value = "all", value_parser = crate::args::named::<Pool>())]
    pub pool: Pool,
    /// Only totals below N matter (--openers): each opener is valued below N.
    #[arg(long, value_name = "N", allow_hyphen_values = true, requires = "openers",
          value_parser = crate::args::ranged::<u64>(codebreak_search::BOUND))]
    pub bound: Option<u64>,
    /// The plan file to write (JSON lines).
    #[arg(long, value_name = "PLAN")]
    pub out: PathBuf,
}

pub fn run(a: PlanArgs) -> Result<(), Failure> {
    if a.objective != Objective::Expected {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "--objective {}: a plan searches the fewest guesses in all (the worst case of a fixed \
             opener is not the largest of its positions' optima); expected --objective expected, \
             with --max-depth D to bound the worst case",
            a.objective
        )));
    }
    if !(1..=2).contains(&a.depth) {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "--depth {}: expected 1 (one job per reply to the opener) or 2 (one job per reply and next guess)",
            a.depth
        )));
    }
    crate::output::check_writable(&a.out)?;
    let game = a.game.game()?;
    let game_file = a.game.game_file.as_ref().map(|path| GameFile {
        path: std::fs::canonicalize(path).unwrap_or_else(|_| path.clone()),
        set: a.game.set.clone(),
        hard: a.game.hard,
    });
    let request = PlanRequest {
        split: match &a.first_guess {
            Some(first_guess) => Split::Below {
                first_guess: first_guess.clone(),
                depth: a.depth,
            },
            None => Split::Openers,
        },
        objective: a.objective,
        max_depth: a.max_depth,
        pool: a.pool,
        bound: a.bound,
    };
    let plan = codebreak_shard::make_plan(&game, game_file, &request, &a.out).map_err(|e| {
        // The library names the opener "first guess"; here it is the flag.
        match e {
            codebreak_shard::ShardError::BadInput(why) if why.starts_with("first guess ") => {
                Failure::BadInput(anyhow::anyhow!("--{}", why.replacen(' ', "-", 1)))
            }
            e => super::failure(e),
        }
    })?;
    println!(
        "plan {} ({}): {} job{} for {}, results in {}",
        a.out.display(),
        plan.hash,
        plan.jobs.len(),
        codebreak_core::error::plural(plan.jobs.len()),
        match &plan.header.opener {
            Some(o) => format!("the positions below {o}"),
            None => "the openers".into(),
        },
        plan.results_dir(None).display()
    );
    Ok(())
}
