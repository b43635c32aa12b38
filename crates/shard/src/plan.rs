//! Splitting a search into jobs: [`make_plan`].

use std::path::Path;

use codebreak_core::error::quote;
use codebreak_core::{AnyEngine, Feedback, Game, Pool, dispatch_engine};
use codebreak_search::{Objective, Search, SearchOptions};

use crate::format::{FORMAT, GameFile, Header, Job, Plan, PlanKind, fingerprint, fnv, job_id};
use crate::{ShardError, write_atomically};

/// What a plan splits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Split {
    /// One job per opener worth trying (one per symmetry class, as `optimal --openers`).
    Openers,
    /// One job per reply to this opener: the positions below it.
    Below {
        /// The opener, as the game writes codes.
        first_guess: String,
        /// Moves below the opener each job starts from: 1, one job per reply; 2, one job per
        /// reply and next guess worth trying (one per symmetry class), for the replies that
        /// leave at least [`SPLIT_MIN`] secrets (the others stay one job each).
        depth: u32,
    },
}

/// A plan to make: the split and the search's options.
#[derive(Clone, Debug)]
pub struct PlanRequest {
    /// What the plan splits.
    pub split: Split,
    /// What to minimise: [`Objective::Expected`] only (the fewest guesses in all).
    pub objective: Objective,
    /// The depth limit, counting the whole game.
    pub max_depth: Option<u32>,
    /// Which codes may be guessed.
    pub pool: Pool,
    /// Only totals below it matter (openers plans).
    pub bound: Option<u64>,
}

impl PlanRequest {
    /// The request for `split` with the default options: every code guessed, no limits.
    pub fn new(split: Split) -> PlanRequest {
        PlanRequest {
            split,
            objective: Objective::Expected,
            max_depth: None,
            pool: Pool::All,
            bound: None,
        }
    }
}

/// A job before it has its place and id: (history, first guess, secrets, counting bound).
type Planned = (String, Option<String>, u64, u64);

/// Fewest secrets a position below the opener must have to be split by its next guess in a
/// plan of depth 2: default 16 (a smaller position is solved faster than its jobs are
/// planned, run and merged); any value from 1.
pub const SPLIT_MIN: u64 = 16;

/// Splits the search `request` asks for on `game` into jobs and writes the plan to `out`
/// (atomically). `game_file` is how the runner loads the game again, when it was read from
/// one; otherwise the game is built again from its spec.
pub fn make_plan(
    game: &Game,
    game_file: Option<GameFile>,
    request: &PlanRequest,
    out: &Path,
) -> Result<Plan, ShardError> {
    if request.objective != Objective::Expected {
        return Err(ShardError::BadInput(format!(
            "objective {}: a plan searches the fewest guesses in all (the worst case of a fixed \
             opener is not the largest of its positions' optima); expected objective expected, \
             with a depth limit to bound the worst case",
            request.objective
        )));
    }
    if let Split::Below { depth, .. } = &request.split
        && !(1..=2).contains(depth)
    {
        return Err(ShardError::BadInput(format!(
            "depth {depth}: expected 1 (one job per reply to the opener) or 2 (one job per reply and next guess)"
        )));
    }
    if request.bound.is_some() && request.split != Split::Openers {
        return Err(ShardError::BadInput(
            "bound: only a plan of every opener takes a bound".into(),
        ));
    }
    let engine = AnyEngine::new(game).map_err(|e| ShardError::BadInput(e.to_string()))?;
    let options = SearchOptions {
        objective: request.objective,
        max_depth: request.max_depth,
        pool: request.pool,
        bound: request.bound,
        ..SearchOptions::default()
    };
    let search =
        Search::new(&engine, options, true).map_err(|e| ShardError::BadInput(e.to_string()))?;
    let (jobs, opener) = split(request, game, &engine, &search)?;
    let header = Header {
        codebreak_plan: FORMAT,
        version: env!("CARGO_PKG_VERSION").to_string(),
        game: game.to_string(),
        spec: game.spec(),
        game_file,
        fingerprint: fingerprint(game),
        kind: if opener.is_some() {
            PlanKind::Below
        } else {
            PlanKind::Openers
        },
        opener,
        objective: request.objective,
        pool: request.pool,
        max_depth: request.max_depth,
        bound: request.bound,
        secrets: engine.space().secrets().len() as u64,
        jobs: jobs.len(),
    };
    let head = serde_json::to_string(&header).map_err(|e| ShardError::BadInput(e.to_string()))?;
    let hash = fnv(&head);
    let mut text = format!("{head}\n");
    let mut all = Vec::with_capacity(jobs.len());
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
        text += &serde_json::to_string(&job).map_err(|e| ShardError::BadInput(e.to_string()))?;
        text.push('\n');
        all.push(job);
    }
    write_atomically(out, &text)?;
    Ok(Plan {
        path: out.to_path_buf(),
        header,
        hash,
        jobs: all,
    })
}

/// The jobs of the plan `request` asks for, and the fixed opener of a plan below one.
fn split(
    request: &PlanRequest,
    game: &Game,
    engine: &AnyEngine,
    search: &Search<'_>,
) -> Result<(Vec<Planned>, Option<String>), ShardError> {
    let secrets = engine.space().secrets().len() as u64;
    let mut jobs: Vec<Planned> = Vec::new();
    let opener = match &request.split {
        Split::Openers => {
            let choices = search
                .opener_choices()
                .map_err(|e| ShardError::BadInput(e.to_string()))?;
            for (g, lb) in choices {
                let code = game.format_code(&engine.space().code(g));
                jobs.push((String::new(), Some(code), secrets, lb));
            }
            None
        }
        Split::Below { first_guess, .. } => {
            let bad = |why: String| {
                ShardError::BadInput(format!("first guess {}: {why}", quote(first_guess)))
            };
            let code = game
                .parse_guess(first_guess)
                .map_err(|e| bad(e.to_string()))?;
            let g = engine
                .space()
                .index_of(&code)
                .ok_or_else(|| bad(format!("not a guess of {game}")))?;
            let win = game.win();
            let classes: Vec<(Feedback, u64)> = dispatch_engine!(engine, e => {
                e.split(g, &e.all_secrets())
                    .into_iter()
                    .filter(|(fb, _)| *fb != win)
                    .map(|(fb, c)| (fb, c.len() as u64))
                    .collect()
            });
            let opener = game.format_code(&code);
            let depth = match request.split {
                Split::Below { depth, .. } => depth,
                Split::Openers => 1,
            };
            for (fb, n) in classes {
                let history = format!("{opener}:{}", game.format_feedback(fb));
                if depth < 2 || n < SPLIT_MIN {
                    jobs.push((history, None, n, 0));
                    continue;
                }
                let choices = search
                    .position_choices(&[(g, fb)])
                    .map_err(|e| ShardError::BadInput(e.to_string()))?;
                for (h, lb) in choices {
                    let next = game.format_code(&engine.space().code(h));
                    jobs.push((history.clone(), Some(next), n, lb));
                }
            }
            // Largest first: the longest jobs start first; the next guesses of a position by
            // their counting bound, best first, so that the first to finish bounds the others.
            jobs.sort_by_key(|j| (std::cmp::Reverse(j.2), j.0.clone(), j.3));
            Some(opener)
        }
    };
    Ok((jobs, opener))
}
