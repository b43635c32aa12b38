//! `codebreak optimal`: exact optimal strategies by branch and bound.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use clap::Args;
use codebreak_analysis::Analysis;
use codebreak_core::error::{plural, quote};
use codebreak_core::{AnyEngine, Game, Pool};
use codebreak_search::{FirstGuess, Objective, Search, SearchError, SearchOptions};
use codebreak_tree::Format;

use crate::args::GameArgs;
use crate::failure::{BadInput, Failure};
use crate::output;

pub const EXAMPLES: &str = "\
Examples:
  codebreak optimal                                  # MM(4,6): 5625 guesses in all
  codebreak optimal --max-depth 5                    # 5626, no secret needs a sixth guess
  codebreak optimal --objective worst                # worst case 5
  codebreak optimal --game bulls --tree bulls.json --self-check
  codebreak optimal --tree - --format compact > mm46.txt   # the figures go to standard error
  codebreak optimal --pegs 4 --colors 7 --checkpoint mm47.ckpt   # Ctrl-C saves; --resume mm47.ckpt continues
  codebreak optimal --game wordle --first-guess salet --objective worst   # worst 5 after SALET
  codebreak optimal --game wordle --first-guess salet --max-depth 5 --depth-only   # within 5, total not minimised
  codebreak optimal --game-file examples/games/coins.toml --objective worst   # 3 weighings
  codebreak optimal --history 1122:1B0W --tree sub.json   # the optimum below a position, and the whole game's figures
  codebreak optimal --game wordle --openers --bound 7930 --checkpoint w.ckpt   # every opener below 7930; --resume w.ckpt continues";

/// `--node-limit`: any positive number of nodes.
const NODE_LIMIT: codebreak_core::Range = codebreak_core::Range {
    what: "node limit",
    min: 1,
    max: u64::MAX,
    doc: "nodes searched before the search stops as if interrupted",
};

/// Arguments of `optimal`.
#[derive(Args, Debug)]
pub struct OptimalArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// What to minimise.
    #[arg(long, default_value = "expected", value_parser = crate::args::named::<Objective>())]
    pub objective: Objective,
    /// No secret may need more guesses than D (1 to 63).
    #[arg(long, value_name = "D", allow_hyphen_values = true,
          value_parser = crate::args::ranged::<u32>(codebreak_search::MAX_DEPTH))]
    pub max_depth: Option<u32>,
    /// Which codes may be guessed.
    #[arg(long, default_value = "all", value_parser = crate::args::named::<Pool>())]
    pub pool: Pool,
    /// Play CODE first and search only what follows it: the optimum after that opener
    /// (`--game wordle --first-guess salet`).
    #[arg(long, value_name = "CODE")]
    pub first_guess: Option<String>,
    /// Search the position after these moves ("GUESS:REPLY,GUESS:REPLY"): the secrets that
    /// fit them, from the next guess on (--first-guess is then the next guess). The figures,
    /// --max-depth and --bound count the whole game, the moves played included; the figures
    /// from the position on are reported beside them (`position` in --json), and --tree
    /// writes the tree from the next guess on. A history no secret fits fails with exit 1.
    #[arg(long, value_name = "MOVES")]
    pub history: Option<String>,
    /// Only totals below N matter (objective expected): prove "at least N" as soon as the
    /// search can (exit 1), or find the optimum when it is below N. With --openers, each
    /// opener is valued below N: its total, or "at least N".
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = crate::args::ranged::<u64>(codebreak_search::BOUND))]
    pub bound: Option<u64>,
    /// With --max-depth D: prove only that every secret is found within D guesses (or that
    /// none can be), keeping the first strategy found. Its tree verifies; its total is not
    /// minimised (`total_minimised: false` in --json).
    #[arg(long, conflicts_with_all = ["openers", "bound", "certificate"])]
    pub depth_only: bool,
    /// Value every opener (objective expected): its least total, or a lower bound (at least
    /// --bound N, else at least one more than the best). Each result is appended to
    /// CHECKPOINT.openers as it is known, so --resume continues opener by opener.
    #[arg(long, conflicts_with_all = ["first_guess", "tree", "self_check", "history"])]
    pub openers: bool,
    /// Print JSON (the fields of `analyze --json`, plus nodes).
    #[arg(long)]
    pub json: bool,
    /// Write the optimal decision tree to FILE; `-` writes it to standard output, and the
    /// figures (table or --json) then go to standard error.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// Format of --tree.
    #[arg(long, value_parser = crate::args::written_format(), default_value = "json", requires = "tree")]
    pub format: Format,
    /// Replay every secret through the tree with the independent checker (reading back the
    /// file --tree wrote, when its format can be read).
    #[arg(long)]
    pub self_check: bool,
    /// Write a certificate of optimality to FILE (gzip-compressed): the claims that no
    /// strategy does better, for `codebreak verify --certificate FILE --tree TREE` to check.
    /// With --history, about the position from the next guess on; with --first-guess, about
    /// the strategies that play it; with --bound N, when the optimum is at least N, the proof
    /// of that.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["openers"])]
    pub certificate: Option<PathBuf>,
    /// Where Ctrl-C saves the solved sets (default: the --resume file, else
    /// codebreak-optimal-XXXXXXXX.checkpoint, XXXXXXXX a fingerprint of the game and the search,
    /// so that runs of other games or searches in the same folder do not overwrite it).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Continue from a checkpoint written by an interrupted run of the same search.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Stop after N search nodes (at least 1), writing the checkpoint as Ctrl-C does.
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = crate::args::ranged::<u64>(NODE_LIMIT))]
    pub node_limit: Option<u64>,
    /// Search even a game judged too large to finish.
    #[arg(long)]
    pub force: bool,
}

/// Fails before the search when a file it will write cannot be: its directory is missing or
/// it names a directory.
fn check_output(flag: &str, path: &Path) -> Result<(), Failure> {
    crate::output::check_writable(path).map_err(|f| match f {
        Failure::BadInput(e) => Failure::BadInput(e.context(flag.to_string())),
        other => other,
    })
}

/// Fails before the search when `--resume` does not name a file that can be read: a
/// directory, or nothing at all. (A file that is not a checkpoint is refused when loaded.)
fn check_resume(path: &Path, openers: bool) -> Result<(), Failure> {
    let log = codebreak_search::openers::opener_log_path(path);
    let why = if path.is_dir() {
        "it is a directory"
    } else if openers && log.is_file() {
        return Ok(());
    } else if !path.exists() {
        "there is no such file"
    } else {
        return Ok(());
    };
    Err(Failure::BadInput(anyhow::anyhow!(
        "--resume {}: {why}; expected a checkpoint file written by an interrupted run \
         (the --checkpoint FILE it was given, else codebreak-optimal-XXXXXXXX.checkpoint)",
        quote(&path.display().to_string())
    )))
}

/// The checkpoint's name when none is given: `codebreak-optimal-XXXXXXXX.checkpoint`, where
/// XXXXXXXX is a fingerprint (FNV-1a, 32 bits) of the game (its name, rules and, for a list
/// game, its lists and table) and of what the search minimises, so that runs of different
/// games or searches in one folder each keep their own.
fn default_checkpoint(game: &Game, a: &OptimalArgs) -> PathBuf {
    let spec = format!(
        "{game}|{}|{:?}|{}|{}|{:?}|{:?}|{}|{:?}",
        serde_json::to_string(&game.spec()).unwrap_or_default(),
        game.list().map(|l| l.fingerprint()),
        a.objective,
        a.pool,
        a.max_depth,
        a.first_guess,
        a.openers,
        a.bound,
    ) + if a.depth_only { "|depth-only" } else { "" }
        + a.history
            .as_deref()
            .map(|h| format!("|{h}"))
            .unwrap_or_default()
            .as_str();
    let mut h: u32 = 0x811c_9dc5;
    for b in spec.bytes() {
        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
    }
    PathBuf::from(format!("codebreak-optimal-{h:08x}.checkpoint"))
}

pub fn run(a: OptimalArgs) -> Result<(), Failure> {
    let game = a.game.game()?;
    if let Some(path) = &a.resume {
        check_resume(path, a.openers)?;
    }
    // Files the run will write are checked first, so a long search is not lost at the end.
    if let Some(path) = &a.tree {
        check_output("--tree", path)?;
    }
    if let Some(path) = &a.certificate {
        check_output("--certificate", path)?;
    }
    // An interrupted resumed run saves where it resumed from, unless told otherwise. The
    // default name, in the current directory, fingerprints the game's whole table (30 ms
    // for Wordle): it is made only when a checkpoint is written.
    let given = a.checkpoint.clone().or_else(|| a.resume.clone());
    if let Some(path) = &given {
        check_output("--checkpoint", path)?;
    }
    let checkpoint = || {
        given
            .clone()
            .unwrap_or_else(|| default_checkpoint(&game, &a))
    };
    let engine = AnyEngine::new(&game).bad_input()?;
    let first_guess = match &a.first_guess {
        None => None,
        Some(text) => {
            let code = game.parse_guess(text).map_err(|e| {
                Failure::BadInput(anyhow::anyhow!("--first-guess {}: {e}", quote(text)))
            })?;
            Some(engine.space().index_of(&code).ok_or_else(|| {
                Failure::BadInput(anyhow::anyhow!(
                    "--first-guess {}: not a guess of {game}",
                    quote(text)
                ))
            })?)
        }
    };
    let played = match &a.history {
        Some(text) => parse_history(&game, &engine, text)?,
        None => Vec::new(),
    };
    let options = SearchOptions {
        objective: a.objective,
        max_depth: a.max_depth,
        pool: a.pool,
        memo_cap: None,
        node_limit: a.node_limit,
        first_guess,
        bound: a.bound,
        history: played.iter().map(|&(_, i)| i).collect(),
        symmetry_min: None,
        depth_only: a.depth_only,
    };
    let search = Search::new(&engine, options, a.force).map_err(|e| match e {
        SearchError::TooLarge(_) => {
            Failure::BadInput(anyhow::anyhow!("{e}; use --force to try anyway"))
        }
        e => history_failure(e, &game, &played),
    })?;
    if a.force && !a.json {
        eprintln!(
            "codebreak: searching {} ({} secrets); {}",
            game,
            engine.space().secrets().len(),
            search.estimate()
        );
    }
    // Ctrl-C (or SIGTERM) asks the search to stop; it then unwinds and we save.
    {
        let cancel = Arc::clone(&search.status().cancel);
        let _ = ctrlc::set_handler(move || cancel.store(true, Ordering::Relaxed));
    }
    if a.openers {
        return crate::cmd::openers::run(
            &search,
            &engine,
            &checkpoint(),
            a.resume.is_some(),
            a.json,
        );
    }
    if let Some(path) = &a.resume {
        let n = search
            .load_checkpoint(path)
            .map_err(|e| Failure::BadInput(e.into()))?;
        if !a.json {
            eprintln!(
                "resuming with {n} solved set{} from {}",
                plural(n),
                path.display()
            );
        }
    }
    let secrets = if played.is_empty() {
        engine.space().secrets().len() as u64
    } else {
        let moves: Vec<_> = played.iter().map(|&(_, i)| i).collect();
        codebreak_core::dispatch_engine!(&engine, e => e.consistent(&moves).len()) as u64
    };
    let done = std::sync::atomic::AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        let progress = scope.spawn(|| show_progress(&search, &engine, secrets, &done, a.json));
        let r = search.run();
        done.store(true, Ordering::Relaxed);
        let _ = progress.join();
        r
    });
    let solution = match result {
        Ok(s) => s,
        Err(SearchError::Interrupted) => {
            let checkpoint = checkpoint();
            let n = search
                .save_checkpoint(&checkpoint)
                .map_err(|e| Failure::BadInput(e.into()))?;
            eprintln!(
                "codebreak: search stopped; {n} solved set{} saved to {}; continue with --resume {}",
                plural(n),
                checkpoint.display(),
                checkpoint.display()
            );
            std::process::exit(130);
        }
        Err(SearchError::AtLeast { bound }) if a.certificate.is_some() => {
            if let Some(path) = &a.certificate {
                let start = std::time::Instant::now();
                let cert = search.certificate_at_least(bound);
                write_certificate(cert, start, None, path)?;
            }
            return Err(Failure::NoAnswer(SearchError::AtLeast { bound }.into()));
        }
        Err(e @ (SearchError::Infeasible { .. } | SearchError::AtLeast { .. })) => {
            return Err(Failure::NoAnswer(e.into()));
        }
        Err(e) => return Err(Failure::BadInput(e.into())),
    };
    if let Some(path) = &a.tree {
        output::write_tree(path, a.format, &game, &solution.tree)?;
    }
    if let Some(path) = &a.certificate {
        let start = std::time::Instant::now();
        let cert = search.certificate(&solution);
        write_certificate(cert, start, Some(solution.seconds), path)?;
    }
    let analysis = Analysis {
        game: game.spec(),
        strategy: "optimal".into(),
        description: search.describe(),
        figures: solution.figures(),
        sampled: 0,
        seconds: solution.seconds,
        tree: solution.tree.clone(),
    };
    let self_check = if a.self_check {
        Some(output::self_check_file(
            &analysis.figures,
            &game,
            &played.iter().map(|(m, _)| *m).collect::<Vec<_>>(),
            &solution.tree.root,
            a.tree.as_deref(),
            a.format,
            "the search",
        )?)
    } else {
        None
    };
    let report = output::Report {
        analysis: &analysis,
        effort: Some(solution.effort()),
        self_check,
        total_minimised: a.depth_only.then_some(false),
        position: a
            .history
            .as_ref()
            .map(|_| solution.subtree(history_text(&game, &played))),
    };
    let text = solution_text(&report, &game, a.json)?;
    output::report(&text, a.tree.as_deref().is_some_and(output::is_std))
}

/// Writes the certificate proved since `start` to `path`, with a line on standard error:
/// claims, bytes and seconds (and the search's, when it found a solution).
fn write_certificate(
    cert: Result<codebreak_certify::Certificate, SearchError>,
    start: std::time::Instant,
    search_seconds: Option<f64>,
    path: &Path,
) -> Result<(), Failure> {
    let cert = cert.map_err(|e| match e {
        SearchError::Interrupted => Failure::NoAnswer(anyhow::anyhow!(
            "--certificate: stopped before the certificate was proved"
        )),
        e => Failure::BadInput(anyhow::anyhow!("--certificate: {e}")),
    })?;
    let proved = start.elapsed().as_secs_f64();
    let cannot = |e: &dyn std::fmt::Display| {
        Failure::BadInput(anyhow::anyhow!(
            "--certificate: cannot write {}: {e}",
            path.display()
        ))
    };
    let file = std::fs::File::create(path).map_err(|e| cannot(&e))?;
    cert.write(std::io::BufWriter::new(file))
        .map_err(|e| cannot(&e))?;
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let search = search_seconds
        .map(|s| format!(" (search {s:.2} s)"))
        .unwrap_or_default();
    eprintln!(
        "certificate {}: {} claims, {bytes} bytes, proved in {proved:.2} s{search}",
        path.display(),
        cert.claims.len(),
    );
    Ok(())
}

/// A move of `--history`: as the game reads it, and as a code index of the engine's space.
pub type Played = (
    (codebreak_core::Code, codebreak_core::Feedback),
    (u32, codebreak_core::Feedback),
);

/// Reads `--history`: a move that does not parse, or whose guess is not a guess of the game,
/// is bad input (exit 2), named with its number.
pub fn parse_history(game: &Game, engine: &AnyEngine, text: &str) -> Result<Vec<Played>, Failure> {
    let moves = codebreak_strategy::parse_history(game, text)
        .map_err(|e| Failure::BadInput(anyhow::anyhow!("--history: {e}")))?;
    let indices = codebreak_strategy::history::indices(engine, &moves)
        .map_err(|e| Failure::BadInput(anyhow::anyhow!("--history: {e}")))?;
    Ok(moves.into_iter().zip(indices).collect())
}

/// The moves as `--history` writes them.
pub fn history_text(game: &Game, played: &[Played]) -> String {
    played
        .iter()
        .map(|((c, f), _)| format!("{}:{}", game.format_code(c), game.format_feedback(*f)))
        .collect::<Vec<_>>()
        .join(",")
}

/// A search refused for its position: a move no secret fits (exit 1) or that ends the game
/// (exit 2), named by its number and text; other refusals are bad input.
pub fn history_failure(e: SearchError, game: &Game, played: &[Played]) -> Failure {
    let named = |number: usize| match played.get(number.wrapping_sub(1)) {
        Some(m) => format!(
            "{number} {}",
            quote(&history_text(game, std::slice::from_ref(m)))
        ),
        None => number.to_string(),
    };
    match e {
        SearchError::Contradiction { number } => Failure::NoAnswer(anyhow::anyhow!(
            "--history: no secret fits move {} after the moves before it",
            named(number)
        )),
        SearchError::Won { number } => Failure::BadInput(anyhow::anyhow!(
            "--history: move {} finds the secret, so nothing is left to search",
            named(number)
        )),
        e => Failure::BadInput(e.into()),
    }
}

/// The report of a solution: a table, or one JSON object (with a new line).
fn solution_text(r: &output::Report<'_>, game: &Game, json: bool) -> Result<String, Failure> {
    if json {
        let v = serde_json::to_string(r).map_err(|e| Failure::BadInput(e.into()))?;
        return Ok(format!("{v}\n"));
    }
    let a = r.analysis;
    let mut out = format!(
        "game      {game}\nstrategy  {}\n\n{}time      {:.3} s\n",
        a.description,
        output::table(&a.figures, game.move_words().1),
        a.seconds,
    );
    if let Some(e) = &r.effort {
        out += &format!(
            "nodes     {} (memo {} set{})\n",
            e.nodes,
            e.memo_entries,
            plural(e.memo_entries)
        );
        if let Some(g) = &e.symmetry {
            out += &format!("symmetry  {g}\n");
        }
    }
    if let Some(p) = &r.position {
        out += &format!(
            "position  after {} move{} ({}): {} secret{}; from there {} {} in all ({:.3} each), worst {} (the table counts the whole game)\n",
            p.played,
            plural(p.played),
            p.history,
            p.secrets,
            plural(p.secrets as usize),
            p.total,
            game.move_words().1,
            p.average,
            p.worst
        );
    }
    if let Some(c) = &r.self_check {
        out += &format!("self-check  {c}\n");
    }
    Ok(out)
}

/// The spinner's line: nodes, the best strategy found so far for the whole game (the upper
/// bound on the optimum), how far the most promising first guess being worked on has got
/// (`first`: its code and progress), time, and the depth being tried.
fn progress_message(
    nodes: u64,
    best: Option<(u64, u64)>,
    secrets: u64,
    first: Option<(&str, &FirstGuess)>,
    seconds: f64,
    depth: u64,
) -> String {
    let best = match best {
        Some((total, worst)) => format!(
            ", best so far {total} ({:.3}, worst {worst})",
            total as f64 / secrets.max(1) as f64
        ),
        None => String::new(),
    };
    let first = match first {
        Some((code, f)) => {
            let of = if f.of > 0 {
                format!(" of {}", f.of)
            } else {
                String::new()
            };
            let solved = if f.solved > 0 {
                format!(
                    " ({} guesses, worst {})",
                    f.solved_total,
                    f.solved_worst + 1
                )
            } else {
                String::new()
            };
            format!(
                ", first guess {code} (#{}{of}): {}/{} classes solved{solved}, at least {} in all",
                f.rank + 1,
                f.solved,
                f.classes,
                f.at_least
            )
        }
        None => String::new(),
    };
    let depth = if depth > 0 {
        format!(", trying depth {depth}")
    } else {
        String::new()
    };
    format!(
        "searching: {nodes} nodes{best}{first}, {seconds:.0} s{depth} (Ctrl-C saves a checkpoint)"
    )
}

/// A spinner with the search's figures, on a terminal, once the search has run two seconds.
fn show_progress(
    search: &Search<'_>,
    engine: &AnyEngine,
    secrets: u64,
    done: &std::sync::atomic::AtomicBool,
    quiet: bool,
) {
    output::spinner_until(done, quiet, |seconds| {
        let st = search.status();
        let first = st.first_guess();
        let code = first.map(|f| engine.game().format_code(&engine.space().code(f.guess)));
        progress_message(
            st.nodes.load(Ordering::Relaxed),
            st.best(),
            secrets,
            code.as_deref().zip(first.as_ref()),
            seconds,
            st.trying_depth.load(Ordering::Relaxed),
        )
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spinner_shows_the_best_bound_and_the_first_guess() {
        assert_eq!(
            progress_message(123456, Some((5625, 6)), 1296, None, 12.4, 0),
            "searching: 123456 nodes, best so far 5625 (4.340, worst 6), 12 s (Ctrl-C saves a checkpoint)"
        );
        assert_eq!(
            progress_message(7, None, 1296, None, 2.0, 5),
            "searching: 7 nodes, 2 s, trying depth 5 (Ctrl-C saves a checkpoint)"
        );
        let first = FirstGuess {
            guess: 8,
            rank: 1,
            of: 57,
            classes: 14,
            solved: 9,
            solved_total: 4087,
            solved_worst: 4,
            at_least: 5650,
        };
        assert_eq!(
            progress_message(99, Some((5700, 7)), 1296, Some(("1122", &first)), 30.0, 0),
            "searching: 99 nodes, best so far 5700 (4.398, worst 7), first guess 1122 (#2 of 57): \
             9/14 classes solved (4087 guesses, worst 5), at least 5650 in all, 30 s (Ctrl-C saves a checkpoint)"
        );
        let starting = FirstGuess {
            solved: 0,
            of: 0,
            ..first
        };
        assert_eq!(
            progress_message(99, None, 1296, Some(("1122", &starting)), 30.0, 0),
            "searching: 99 nodes, first guess 1122 (#2): 0/14 classes solved, at least 5650 in all, 30 s (Ctrl-C saves a checkpoint)"
        );
    }
}
