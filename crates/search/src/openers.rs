//! Valuing every opener: the least total of guesses after each first guess, or a proof that it
//! is at least a bound (`optimal --openers`, with or without `--bound`).
//!
//! Openers are taken best counting bound first and valued on every thread with one memo, so
//! what one opener's search solves serves the next. Each opener is valued below a cap: the
//! bound when one is given (so each result is its exact value or "at least the bound", whatever
//! the others found), otherwise one more than the best total so far (so openers tied with the
//! best are valued exactly, and the others are at least it). An opener whose counting bound
//! already reaches the cap is at least that bound without a search.
//!
//! A long run is resumable at the grain of one opener: each result is appended to a log as it
//! comes ([`OpenerLog`]), and a resumed run skips the openers the log holds.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use codebreak_core::error::quote;
use codebreak_core::{AnyEngine, Engine, Feedback, Rules, dispatch_engine};

use crate::bounds::{INFINITE, pack, total, worst};
use crate::ordering::{Side, Want};
use crate::solver::{Interrupted, Trial};
use crate::{Objective, Search, SearchError, Solution, check_history};

/// What is known of one opener.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenerValue {
    /// The least total over all secrets after this opener (the opener counted for each secret)
    /// and the worst case of a strategy that reaches it.
    Exact {
        /// Guesses in all.
        total: u64,
        /// Most guesses any secret needs.
        worst: u64,
    },
    /// The least total is at least this.
    AtLeast(u64),
}

impl OpenerValue {
    /// The order of the report: exact values by (total, worst), then lower bounds, largest
    /// last.
    fn key(&self) -> (u64, u64, u64) {
        match *self {
            OpenerValue::Exact { total, worst } => (total, 0, worst),
            OpenerValue::AtLeast(t) => (t, 1, 0),
        }
    }
}

/// One opener's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opener {
    /// The opener, as a code index of the engine's space.
    pub guess: u32,
    /// Its value.
    pub value: OpenerValue,
    /// Whether a search was needed (`false`: its counting bound settled it, or the log did).
    pub searched: bool,
}

/// Every opener's value, best first.
#[derive(Clone, Debug)]
pub struct Openers {
    /// Openers worth trying (one per symmetry class in peg games), best value first: exact
    /// values by total then worst case, then lower bounds.
    pub openers: Vec<Opener>,
    /// Guesses that learn nothing at the start, or leave a class no strategy can finish
    /// within the depth limit: never an opener of an optimal strategy (one per symmetry class
    /// when `symmetric`).
    pub useless: usize,
    /// Whether openers are one per symmetry class of the game (peg games: renaming colours
    /// and permuting pegs), each standing for every guess of its class.
    pub symmetric: bool,
    /// The cap each opener was valued below (the bound), when one was given.
    pub bound: Option<u64>,
    /// Openers taken from the log of an earlier run.
    pub resumed: usize,
    /// Nodes searched by this run.
    pub nodes: u64,
    /// Seconds taken by this run.
    pub seconds: f64,
}

impl Openers {
    /// The best opener valued exactly, if any.
    pub fn best(&self) -> Option<&Opener> {
        self.openers
            .first()
            .filter(|o| matches!(o.value, OpenerValue::Exact { .. }))
    }
}

/// One opener as the reports give it (`optimal --openers --json`, Python's `openers`): its
/// code, and either its exact total, average and worst case, or the total it needs at least.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct OpenerEntry {
    /// The opener, as the game writes codes.
    pub opener: String,
    /// Guesses in all, when valued exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u64>,
    /// Guesses per secret, when valued exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub average: Option<f64>,
    /// Most guesses any secret needs, when valued exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst: Option<u64>,
    /// The least total it can have, when not valued exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_least: Option<u64>,
}

impl Openers {
    /// Every opener as the reports give it, best first, on `engine`'s game.
    pub fn entries(&self, engine: &AnyEngine) -> Vec<OpenerEntry> {
        let secrets = engine.space().secrets().len().max(1) as f64;
        self.openers
            .iter()
            .map(|o| {
                let opener = engine.game().format_code(&engine.space().code(o.guess));
                match o.value {
                    OpenerValue::Exact { total, worst } => OpenerEntry {
                        opener,
                        total: Some(total),
                        average: Some(total as f64 / secrets),
                        worst: Some(worst),
                        at_least: None,
                    },
                    OpenerValue::AtLeast(t) => OpenerEntry {
                        opener,
                        total: None,
                        average: None,
                        worst: None,
                        at_least: Some(t),
                    },
                }
            })
            .collect()
    }
}

/// Live figures of an opener search (see [`Search::openers`]).
#[derive(Debug, Default)]
pub struct OpenerProgress {
    /// Openers worth trying (0 until ranked).
    pub total: AtomicUsize,
    /// Openers valued so far, those from the log included.
    pub done: AtomicUsize,
    /// Openers valued exactly so far.
    pub exact: AtomicUsize,
}

impl Search<'_> {
    /// Values every opener (objective expected, no first guess): its least total, or that it
    /// is at least the bound (the option `bound`, else one more than the best so far). Each
    /// result goes to `sink` as soon as it is known, openers of `done` (an earlier run's log)
    /// are not searched again, and [`Status::cancel`](crate::Status) stops the run with
    /// [`SearchError::Interrupted`] after the results already given.
    pub fn openers(
        &self,
        done: &[Opener],
        progress: &OpenerProgress,
        sink: &(dyn Fn(&Opener) + Sync),
    ) -> Result<Openers, SearchError> {
        self.openers_apply()?;
        let start = Instant::now();
        let nodes0 = self.status.nodes.load(Ordering::Relaxed);
        let mut report =
            dispatch_engine!(self.engine, e => self.openers_with(e, done, progress, sink))?;
        report.nodes = self.status.nodes.load(Ordering::Relaxed) - nodes0;
        report.seconds = start.elapsed().as_secs_f64();
        Ok(report)
    }

    fn openers_with<R: Rules>(
        &self,
        e: &Engine<R>,
        done: &[Opener],
        progress: &OpenerProgress,
        sink: &(dyn Fn(&Opener) + Sync),
    ) -> Result<Openers, SearchError> {
        let parts = self.parts(e);
        let s = self.solver(&parts, self.options.max_depth.is_some());
        let all = e.all_secrets();
        let d = parts.limit;
        let choices = s.choices(&all, &[], d, INFINITE, Side::All, Want::Every);
        // Guesses interchangeable by the game's symmetry are valued once.
        let classes = e.representatives(&[], &parts.all_codes);
        let symmetric = classes.is_some();
        let useless = classes
            .map_or(e.space().len(), |r| r.len())
            .saturating_sub(choices.len());
        progress.total.store(choices.len(), Ordering::Relaxed);
        self.status.first_guesses_to_try(choices.len());
        let cap = self.options.bound.map(|b| pack(b, 0));
        // The best exact total so far (for the cap without a bound), from the log too.
        let best = AtomicU64::new(u64::MAX);
        let results: Mutex<Vec<Opener>> = Mutex::new(Vec::with_capacity(choices.len()));
        let mut known = std::collections::HashMap::new();
        for o in done {
            known.insert(o.guess, *o);
        }
        let mut resumed = 0;
        for c in &choices {
            if let Some(o) = known.get(&c.guess) {
                if let OpenerValue::Exact { total, .. } = o.value {
                    best.fetch_min(total, Ordering::Relaxed);
                }
                results.lock().expect("no panics").push(*o);
                resumed += 1;
            }
        }
        progress.done.store(resumed, Ordering::Relaxed);
        let give = |o: Opener| {
            sink(&o);
            if matches!(o.value, OpenerValue::Exact { .. }) {
                progress.exact.fetch_add(1, Ordering::Relaxed);
            }
            progress.done.fetch_add(1, Ordering::Relaxed);
            results.lock().expect("no panics").push(o);
        };
        let next = AtomicUsize::new(0);
        let interrupted = AtomicBool::new(false);
        let threads = rayon::current_num_threads().min(choices.len()).max(1);
        rayon::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|_| {
                    let mut history = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= choices.len() || interrupted.load(Ordering::Relaxed) {
                            return;
                        }
                        let c = choices[i];
                        if known.contains_key(&c.guess) {
                            continue;
                        }
                        let beta = match cap {
                            Some(b) => b,
                            None => match best.load(Ordering::Relaxed) {
                                u64::MAX => INFINITE,
                                b => pack(b + 1, 0),
                            },
                        };
                        if c.lb >= beta {
                            give(Opener {
                                guess: c.guess,
                                value: OpenerValue::AtLeast(total(c.lb)),
                                searched: false,
                            });
                            continue;
                        }
                        let trial = Trial {
                            guess: c.guess,
                            rank: i,
                            live: None,
                        };
                        let value = match s.evaluate(&all, &mut history, d, trial, beta) {
                            Err(Interrupted) => {
                                interrupted.store(true, Ordering::Relaxed);
                                return;
                            }
                            Ok(Some(v)) => {
                                best.fetch_min(total(v), Ordering::Relaxed);
                                OpenerValue::Exact {
                                    total: total(v),
                                    worst: worst(v),
                                }
                            }
                            // Without a cap, only a depth limit no strategy meets fails it.
                            Ok(None) if beta == INFINITE => OpenerValue::AtLeast(total(c.lb)),
                            Ok(None) => OpenerValue::AtLeast(total(beta).max(total(c.lb))),
                        };
                        give(Opener {
                            guess: c.guess,
                            value,
                            searched: true,
                        });
                    }
                });
            }
        });
        if interrupted.load(Ordering::Relaxed) {
            return Err(SearchError::Interrupted);
        }
        let rank: std::collections::HashMap<u32, usize> = choices
            .iter()
            .enumerate()
            .map(|(i, c)| (c.guess, i))
            .collect();
        let mut openers = results.into_inner().expect("no panics");
        openers.sort_by_key(|o| (o.value.key(), rank[&o.guess]));
        Ok(Openers {
            openers,
            useless,
            symmetric,
            bound: self.options.bound,
            resumed,
            nodes: 0,
            seconds: 0.0,
        })
    }

    /// The openers worth valuing (objective expected, from the whole game), in the order
    /// [`Search::openers`] tries them and breaks ties in: one per symmetry class, best
    /// counting bound first, each with that bound (the least total it can have). Sharded
    /// runs value each on its own, with the option `first_guess`.
    pub fn opener_choices(&self) -> Result<Vec<(u32, u64)>, SearchError> {
        self.openers_apply()?;
        Ok(dispatch_engine!(self.engine, e => {
            let parts = self.parts(e);
            let s = self.solver(&parts, self.options.max_depth.is_some());
            s.choices(&e.all_secrets(), &[], parts.limit, INFINITE, Side::All, Want::Every)
                .iter()
                .map(|c| (c.guess, total(c.lb)))
                .collect()
        }))
    }

    /// The guesses worth playing next at the position after `history` (moves as (guess,
    /// reply) indices; objective expected), as [`opener_choices`](Self::opener_choices)
    /// gives them at the start: one per class of the symmetry that fixes the moves, best
    /// counting bound first, each with that bound counting the whole game (the moves played
    /// count one guess each for every secret of the position). Plans below an opener split
    /// its positions so, one job per next guess.
    pub fn position_choices(
        &self,
        history: &[(u32, Feedback)],
    ) -> Result<Vec<(u32, u64)>, SearchError> {
        self.openers_apply()?;
        check_history(self.engine, history)?;
        Ok(dispatch_engine!(self.engine, e => {
            let parts = self.parts(e);
            let s = self.solver(&parts, self.options.max_depth.is_some());
            let secrets = e.consistent(history);
            let spent = (secrets.len() * history.len()) as u64;
            match parts.limit.checked_sub(history.len() as u32) {
                None | Some(0) => Vec::new(),
                Some(d) => s
                    .choices(&secrets, history, d, INFINITE, Side::All, Want::Every)
                    .iter()
                    .map(|c| (c.guess, total(c.lb) + spent))
                    .collect(),
            }
        }))
    }

    /// Values one opener (objective expected, from the start of the game) below `bound`, on
    /// the calling thread, with this search's memo: the openers valued one after another by a
    /// long-lived search (a shard run's chunk of an openers plan) share what each solved, as
    /// [`Search::openers`] does. Gives the opener's optimal solution (the tree starts with
    /// `guess`), or [`SearchError::AtLeast`] when its least total is at least `bound`.
    ///
    /// # Panics
    ///
    /// When `guess` is not an index of the engine's space.
    pub fn opener(&self, guess: u32, bound: Option<u64>) -> Result<Solution, SearchError> {
        self.openers_apply()?;
        let start = Instant::now();
        let nodes0 = self.status.nodes.load(Ordering::Relaxed);
        let (root, v, histogram) =
            dispatch_engine!(self.engine, e => self.opener_with(e, guess, bound))?;
        let secrets: u64 = histogram.iter().sum();
        debug_assert_eq!(
            total(v),
            histogram
                .iter()
                .zip(0u64..)
                .map(|(h, k)| h * k)
                .sum::<u64>()
        );
        Ok(Solution {
            secrets,
            total: total(v),
            played: 0,
            worst: histogram.len() - 1,
            histogram,
            tree: codebreak_tree::DecisionTree {
                game: self.engine.game().spec(),
                strategy: Some(format!("{}, first guess {}", self.describe(), {
                    let game = self.engine.game();
                    game.format_code(&self.engine.space().code(guess))
                })),
                root,
            },
            nodes: self.status.nodes.load(Ordering::Relaxed) - nodes0,
            seconds: start.elapsed().as_secs_f64(),
            memo_entries: self.memo.len(),
            symmetry: self.symmetry(),
        })
    }

    fn opener_with<R: Rules>(
        &self,
        e: &Engine<R>,
        guess: u32,
        bound: Option<u64>,
    ) -> Result<(codebreak_tree::Node, crate::bounds::Val, Vec<u64>), SearchError> {
        let parts = self.parts(e);
        let s = self.solver(&parts, self.options.max_depth.is_some());
        let all = e.all_secrets();
        let d = parts.limit;
        // Totals count the opener for every secret, as [`Search::openers`] values them.
        let beta = bound.map_or(INFINITE, |b| pack(b, 0));
        let mut history = Vec::new();
        let trial = Trial {
            guess,
            rank: 0,
            live: None,
        };
        let v = match s.evaluate(&all, &mut history, d, trial, beta) {
            Err(Interrupted) => return Err(SearchError::Interrupted),
            Ok(Some(v)) => v,
            Ok(None) => {
                return Err(match bound {
                    Some(bound) => SearchError::AtLeast { bound },
                    None => SearchError::Infeasible { max_depth: d },
                });
            }
        };
        let mut hist = vec![0, 0];
        let mut root = codebreak_tree::Node::leaf(e.code(guess));
        let win = e.game().win();
        for (fb, class) in e.split(guess, &all) {
            if fb == win {
                hist[1] += 1;
                continue;
            }
            history.push((guess, fb));
            let child = self.rebuild(&s, &class, &mut history, d - 1, &mut hist);
            history.pop();
            root.branches
                .push((fb, child.map_err(|_| SearchError::Interrupted)?));
        }
        Ok((root, v, hist))
    }

    /// The identity an opener log of this search carries on its first line.
    fn opener_log_header(&self) -> String {
        format!("{} openers", self.header())
    }

    /// Opens the opener log of this search at `path`, reading what an earlier run wrote there
    /// when `resume` is set (a missing file is then an empty log).
    pub fn opener_log(&self, path: &Path, resume: bool) -> Result<OpenerLog, SearchError> {
        // A search that cannot value openers leaves no log behind.
        self.openers_apply()?;
        OpenerLog::open(path, &self.opener_log_header(), self.engine, resume)
    }

    /// Whether openers can be valued with these options: objective expected, from the
    /// start of the game.
    fn openers_apply(&self) -> Result<(), SearchError> {
        if self.options.objective != Objective::Expected {
            return Err(SearchError::OpenersWithWorst);
        }
        if self.options.first_guess.is_some() {
            return Err(SearchError::OpenersWithFirstGuess);
        }
        if !self.options.history.is_empty() {
            return Err(SearchError::OpenersWithHistory);
        }
        Ok(())
    }
}

/// The log of an opener search: a header line naming the search, then one line per opener,
/// `CODE<TAB>= TOTAL WORST` or `CODE<TAB>>= TOTAL`, appended and flushed as each is known, so
/// that a run stopped in any way loses at most the openers being searched.
pub struct OpenerLog {
    path: PathBuf,
    file: Mutex<std::fs::File>,
    /// What the file held when it was opened.
    pub done: Vec<Opener>,
}

/// `FILE.openers`: the opener log that goes with checkpoint `FILE`.
pub fn opener_log_path(checkpoint: &Path) -> PathBuf {
    let mut name = checkpoint.as_os_str().to_owned();
    name.push(".openers");
    PathBuf::from(name)
}

impl OpenerLog {
    fn open(
        path: &Path,
        header: &str,
        engine: &AnyEngine,
        resume: bool,
    ) -> Result<OpenerLog, SearchError> {
        let name = path.display().to_string();
        let io = |source| SearchError::Io {
            path: name.clone(),
            source,
        };
        let damaged = |why: String| SearchError::Damaged {
            path: name.clone(),
            why,
        };
        let mut done = Vec::new();
        let file = if resume && path.exists() {
            let bytes = std::fs::read(path).map_err(io)?;
            // Only whole lines count: a run killed while writing leaves half a last line, which
            // is cut off (that opener is searched again).
            let keep = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let mut seen = std::collections::HashSet::new();
            let whole = bytes[..keep].strip_suffix(b"\n");
            let lines = whole.into_iter().flat_map(|w| w.split(|&b| b == b'\n'));
            for (i, line) in lines.enumerate() {
                let Ok(text) = std::str::from_utf8(line) else {
                    return Err(damaged(format!("line {} is not UTF-8 text", i + 1)));
                };
                if i == 0 {
                    if text != header {
                        return Err(SearchError::Checkpoint {
                            path: name.clone(),
                            found: text.to_string(),
                            expected: header.to_string(),
                        });
                    }
                    continue;
                }
                let o = parse_line(text, engine)
                    .map_err(|why| damaged(format!("line {}: {why}", i + 1)))?;
                if !seen.insert(o.guess) {
                    return Err(damaged(format!(
                        "line {}: opener {} is given twice",
                        i + 1,
                        quote(text.split('\t').next().unwrap_or(""))
                    )));
                }
                done.push(o);
            }
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(io)?;
            f.set_len(keep as u64).map_err(io)?;
            if keep == 0 {
                writeln!(f, "{header}").map_err(io)?;
            }
            f
        } else {
            let mut f = std::fs::File::create(path).map_err(io)?;
            writeln!(f, "{header}").map_err(io)?;
            f
        };
        Ok(OpenerLog {
            path: path.to_path_buf(),
            file: Mutex::new(file),
            done,
        })
    }

    /// Appends one result and flushes it to the disk.
    pub fn append(&self, o: &Opener, engine: &AnyEngine) -> Result<(), SearchError> {
        let code = engine.game().format_code(&engine.space().code(o.guess));
        let line = match o.value {
            OpenerValue::Exact { total, worst } => format!("{code}\t= {total} {worst}\n"),
            OpenerValue::AtLeast(t) => format!("{code}\t>= {t}\n"),
        };
        let mut f = self.file.lock().expect("no panics");
        f.write_all(line.as_bytes())
            .and_then(|()| f.sync_data())
            .map_err(|source| SearchError::Io {
                path: self.path.display().to_string(),
                source,
            })
    }
}

/// One line of an opener log.
fn parse_line(text: &str, engine: &AnyEngine) -> Result<Opener, String> {
    let (code, value) = text.split_once('\t').ok_or_else(|| {
        format!(
            "{} has no tab: expected CODE<TAB>= TOTAL WORST or CODE<TAB>>= TOTAL",
            quote(text)
        )
    })?;
    let game = engine.game();
    let guess = game
        .parse_guess(code)
        .ok()
        .and_then(|c| engine.space().index_of(&c))
        .ok_or_else(|| format!("{} is not a guess of {game}", quote(code)))?;
    let number = |s: &str| {
        s.parse::<u64>()
            .map_err(|_| format!("{} is not a number of guesses", quote(s)))
    };
    let words: Vec<&str> = value.split_whitespace().collect();
    let value = match words.as_slice() {
        ["=", t, w] => OpenerValue::Exact {
            total: number(t)?,
            worst: number(w)?,
        },
        [">=", t] => OpenerValue::AtLeast(number(t)?),
        _ => {
            return Err(format!(
                "{} is not \"= TOTAL WORST\" or \">= TOTAL\"",
                quote(value)
            ));
        }
    };
    Ok(Opener {
        guess,
        value,
        searched: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SearchOptions;

    fn game() -> (codebreak_core::Game, AnyEngine) {
        let game = codebreak_core::Game::new(&codebreak_core::GameSpec::mastermind(3, 3)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        (game, engine)
    }

    fn run(engine: &AnyEngine, bound: Option<u64>) -> Openers {
        let options = SearchOptions {
            bound,
            ..SearchOptions::default()
        };
        let search = Search::new(engine, options, false).unwrap();
        search
            .openers(&[], &OpenerProgress::default(), &|_| {})
            .unwrap()
    }

    /// Each opener's exact value, from a search after it alone.
    fn after(engine: &AnyEngine, guess: u32) -> u64 {
        let options = SearchOptions {
            first_guess: Some(guess),
            ..SearchOptions::default()
        };
        Search::new(engine, options, false)
            .unwrap()
            .run()
            .unwrap()
            .total
    }

    #[test]
    fn every_opener_is_valued_exactly_or_bounded_and_the_best_is_the_optimum() {
        let (_, engine) = game();
        let optimum = Search::new(&engine, SearchOptions::default(), false)
            .unwrap()
            .run()
            .unwrap();
        let all = run(&engine, None);
        let best = all.best().expect("an exact opener");
        assert_eq!(
            best.value,
            OpenerValue::Exact {
                total: optimum.total,
                worst: optimum.worst as u64
            }
        );
        // One opener per symmetry class of MM(3,3): 000, 001, 012.
        assert_eq!(all.openers.len(), 3);
        for o in &all.openers {
            let exact = after(&engine, o.guess);
            match o.value {
                OpenerValue::Exact { total, .. } => assert_eq!(total, exact),
                OpenerValue::AtLeast(t) => {
                    assert!(t > optimum.total && exact >= t, "{t} vs {exact}")
                }
            }
        }
        // With a bound above every opener's value, each is valued exactly.
        let loose = run(&engine, Some(1000));
        for o in &loose.openers {
            let exact = after(&engine, o.guess);
            assert!(
                matches!(o.value, OpenerValue::Exact { total, .. } if total == exact),
                "{o:?} vs {exact}"
            );
        }
        // With the optimum as the bound, none is below it.
        let tight = run(&engine, Some(optimum.total));
        assert!(tight.best().is_none());
        assert!(
            tight
                .openers
                .iter()
                .all(|o| matches!(o.value, OpenerValue::AtLeast(t) if t >= optimum.total))
        );
    }

    #[test]
    fn the_log_resumes_a_run_and_refuses_what_it_does_not_know() {
        let (game, engine) = game();
        let dir = std::env::temp_dir().join(format!("cb-openers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("log");
        let search = Search::new(&engine, SearchOptions::default(), false).unwrap();
        let log = search.opener_log(&path, false).unwrap();
        let first = search
            .openers(&[], &OpenerProgress::default(), &|o| {
                log.append(o, &engine).unwrap()
            })
            .unwrap();
        drop(log);
        // A killed run leaves half a line: it is dropped.
        let mut text = std::fs::read_to_string(&path).unwrap();
        // Even half a line that reads as a result (`000\t>= 5` of `000\t>= 54`) is not trusted.
        let whole = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("{whole}000\t>= 5")).unwrap();
        let log = search.opener_log(&path, true).unwrap();
        assert_eq!(log.done.len(), 3);
        drop(log);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);
        text.push_str("01");
        std::fs::write(&path, &text).unwrap();
        let log = search.opener_log(&path, true).unwrap();
        assert_eq!(log.done.len(), 3);
        let again = search
            .openers(&log.done, &OpenerProgress::default(), &|_| {
                panic!("nothing left")
            })
            .unwrap();
        assert_eq!(again.resumed, 3);
        assert_eq!(again.openers, {
            let mut o = first.openers.clone();
            o.iter_mut().for_each(|o| o.searched = false);
            o
        });
        // Another search's log, a bad code and a repeated opener are refused.
        let other = Search::new(
            &engine,
            SearchOptions {
                bound: Some(50),
                ..SearchOptions::default()
            },
            false,
        )
        .unwrap();
        assert!(matches!(
            other.opener_log(&path, true),
            Err(SearchError::Checkpoint { .. })
        ));
        let header = text.lines().next().unwrap().to_string();
        for (body, needle) in [
            ("0x1\t= 5 2\n012\t>= 3\n", "\"0x1\" is not a guess"),
            ("012\t= 5 2\n012\t>= 3\n", "opener \"012\" is given twice"),
            ("012\t== 5\n000\t>= 3\n", "is not \"= TOTAL WORST\""),
        ] {
            std::fs::write(&path, format!("{header}\n{body}")).unwrap();
            let err = search.opener_log(&path, true).err().expect("refused");
            assert!(err.to_string().contains(needle), "{err}");
        }
        let _ = game;
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
