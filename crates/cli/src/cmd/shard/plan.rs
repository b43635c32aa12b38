//! `codebreak shard plan`: split a search into jobs.

use std::path::PathBuf;

use clap::Args;
use codebreak_core::error::quote;
use codebreak_core::{AnyEngine, Game, Pool, dispatch_engine};
use codebreak_search::{Objective, Search, SearchError, SearchOptions};

use super::{FORMAT, GameFile, Header, Job, PlanKind, fingerprint, fnv, job_id};
use crate::args::GameArgs;
use crate::failure::{BadInput, Failure};

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
    /// Moves below the opener each job starts from (1: one job per reply).
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
    if a.depth != 1 {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "--depth {}: only 1 (one job per reply to the opener) is supported yet",
            a.depth
        )));
    }
    crate::output::check_writable(&a.out)?;
    let game = a.game.game()?;
    let engine = AnyEngine::new(&game).bad_input()?;
    let options = SearchOptions {
        objective: a.objective,
        max_depth: a.max_depth,
        pool: a.pool,
        bound: a.bound,
        ..SearchOptions::default()
    };
    let search = Search::new(&engine, options, true).map_err(|e| Failure::BadInput(e.into()))?;
    let secrets = engine.space().secrets().len() as u64;
    let (jobs, opener) = split(&a, &game, &engine, &search)?;
    let header = Header {
        codebreak_plan: FORMAT,
        version: env!("CARGO_PKG_VERSION").to_string(),
        game: game.to_string(),
        spec: game.spec(),
        game_file: match &a.game.game_file {
            Some(path) => Some(GameFile {
                path: std::fs::canonicalize(path).unwrap_or_else(|_| path.clone()),
                set: a.game.set.clone(),
                hard: a.game.hard,
            }),
            None => None,
        },
        fingerprint: fingerprint(&game),
        kind: if opener.is_some() {
            PlanKind::Below
        } else {
            PlanKind::Openers
        },
        opener,
        objective: a.objective,
        pool: a.pool,
        max_depth: a.max_depth,
        bound: a.bound,
        secrets,
        jobs: jobs.len(),
    };
    let head = serde_json::to_string(&header).map_err(|e| Failure::BadInput(e.into()))?;
    let hash = fnv(&head);
    let mut text = format!("{head}\n");
    for (index, (history, first_guess, secrets, at_least)) in jobs.into_iter().enumerate() {
        let mut job = Job {
            index,
            id: String::new(),
            history,
            first_guess,
            secrets,
            at_least,
        };
        job.id = job_id(&hash, &job);
        text += &serde_json::to_string(&job).map_err(|e| Failure::BadInput(e.into()))?;
        text.push('\n');
    }
    super::run::write_atomically(&a.out, &text)?;
    println!(
        "plan {} ({}): {} job{} for {}, results in {}",
        a.out.display(),
        hash,
        header.jobs,
        codebreak_core::error::plural(header.jobs),
        match &header.opener {
            Some(o) => format!("the positions below {o}"),
            None => "the openers".into(),
        },
        super::Plan {
            path: a.out.clone(),
            header: header.clone(),
            hash: hash.clone(),
            jobs: Vec::new()
        }
        .results_dir(None)
        .display()
    );
    Ok(())
}

/// A job before it has its place and id: (history, first guess, secrets, counting bound).
type Planned = (String, Option<String>, u64, u64);

/// The jobs of the plan `a` asks for, and the fixed opener of a plan below one.
fn split(
    a: &PlanArgs,
    game: &Game,
    engine: &AnyEngine,
    search: &Search<'_>,
) -> Result<(Vec<Planned>, Option<String>), Failure> {
    let secrets = engine.space().secrets().len() as u64;
    let mut jobs: Vec<Planned> = Vec::new();
    let opener = match &a.first_guess {
        None => {
            let choices = search
                .opener_choices()
                .map_err(|e: SearchError| Failure::BadInput(e.into()))?;
            for (g, lb) in choices {
                let code = game.format_code(&engine.space().code(g));
                jobs.push((String::new(), Some(code), secrets, lb));
            }
            None
        }
        Some(text) => {
            let bad = |why: String| {
                Failure::BadInput(anyhow::anyhow!("--first-guess {}: {why}", quote(text)))
            };
            let code = game.parse_guess(text).map_err(|e| bad(e.to_string()))?;
            let g = engine
                .space()
                .index_of(&code)
                .ok_or_else(|| bad(format!("not a guess of {game}")))?;
            let win = game.win();
            let classes: Vec<(codebreak_core::Feedback, u64)> = dispatch_engine!(&engine, e => {
                e.split(g, &e.all_secrets())
                    .into_iter()
                    .filter(|(fb, _)| *fb != win)
                    .map(|(fb, c)| (fb, c.len() as u64))
                    .collect()
            });
            let opener = game.format_code(&code);
            for (fb, n) in classes {
                let history = format!("{opener}:{}", game.format_feedback(fb));
                jobs.push((history, None, n, 0));
            }
            // Largest first: the longest jobs start first.
            jobs.sort_by_key(|j| std::cmp::Reverse(j.2));
            Some(opener)
        }
    };
    Ok((jobs, opener))
}
