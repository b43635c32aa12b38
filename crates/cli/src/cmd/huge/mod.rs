//! Commands on games too large to list (more than 2^25 codes, or more than 16 pegs): the
//! adapter between the flags and `codebreak_session::huge`. Each subcommand module calls
//! [`route`] first; a game that fits in memory never reaches this module.

mod analyze;

pub use crate::runtime::Runtime;
pub use analyze::analyze;

use anyhow::anyhow;
use codebreak_session::huge::{self, HugeError, HugeGame};

use crate::args::{GameArgs, StrategyArgs};
use crate::failure::{BadInput, Failure};
use crate::interact;

/// The game, when the flags describe one too large to list; `None` sends the command down its
/// usual path (game files never come here).
pub fn route(args: &GameArgs) -> Result<Option<HugeGame>, Failure> {
    if args.game_file.is_some() {
        return Ok(None);
    }
    let spec = args.spec();
    if !HugeGame::wanted(&spec) {
        return Ok(None);
    }
    HugeGame::new(&spec).map(Some).bad_input()
}

/// Refuses `--fit-sample` on a game that fits in memory, where every secret is scored.
pub fn no_fit_sample(fit_sample: Option<usize>) -> Result<(), Failure> {
    match fit_sample {
        Some(n) => Err(Failure::BadInput(anyhow!(
            "--fit-sample {n} chooses guesses on games too large to list, but this game fits in memory: leave it out (--sample N samples guesses here)"
        ))),
        None => Ok(()),
    }
}

/// The guess-choice options of a huge game from the flags: objective from `--strategy`,
/// sample from `--fit-sample`, seed from `--seed`; the options of the enumerated strategies
/// are refused by name.
pub fn play_options(
    strategy: Option<codebreak_strategy::StrategyKind>,
    options: &StrategyArgs,
    fit_sample: Option<usize>,
    allow_sample: bool,
) -> Result<huge::PlayOptions, Failure> {
    let refused = [
        ("--pool", options.pool.is_some()),
        ("--ties", options.ties.is_some()),
        ("--first-guess", options.first_guess.is_some()),
        ("--sample", options.sample.is_some() && !allow_sample),
    ];
    if let Some((flag, _)) = refused.iter().find(|(_, set)| *set) {
        return Err(Failure::BadInput(anyhow!(
            "{flag} is not available for games too large to list: expected --fit-sample N (secrets sampled to choose a guess), --strategy and --seed"
        )));
    }
    let objective = huge::objective(strategy).bad_input()?;
    Ok(huge::PlayOptions {
        sample: fit_sample.unwrap_or(huge::PlayOptions::default().sample),
        objective,
        seed: options.seed.unwrap_or(0),
        ..huge::PlayOptions::default()
    })
}

/// A session error as a failure: Ctrl-C exits 130, a contradiction or a search for a first
/// fitting secret that ran out of time exits 1 (in JSON mode after writing the contradiction
/// or error object), anything else is bad input (exit 2, with an
/// error object in JSON mode).
pub fn fail(e: HugeError, json: bool) -> Failure {
    match e {
        HugeError::Stopped(codebreak_huge::Stopped::Cancelled) => Failure::Interrupted(anyhow!(
            "interrupted by Ctrl-C or SIGTERM: nothing more was computed"
        )),
        HugeError::Contradiction(c) => {
            if json {
                let _ = interact::emit(&*c);
            }
            Failure::NoAnswer(anyhow!("{}", c.error))
        }
        HugeError::Stopped(s) => Failure::NoAnswer(anyhow!("{s}")),
        e @ HugeError::Undecided { .. } => {
            let f = Failure::NoAnswer(anyhow!("{e}; --find-time SECONDS allows more time"));
            if json { interact::json_failure(f) } else { f }
        }
        other => {
            let f = Failure::BadInput(anyhow!("{other}"));
            if json { interact::json_failure(f) } else { f }
        }
    }
}

/// The game's first line: its name and size.
pub fn describe(game: &HugeGame) -> String {
    format!(
        "{game}: about 10^{:.1} codes, too many to list (reasoning on the clues)",
        game.log10_secrets()
    )
}
