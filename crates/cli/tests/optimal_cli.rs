//! `codebreak optimal`: checkpoints and resumption, interruption by a signal, trees that the
//! independent checker accepts, and bad input.

mod common;

use std::process::{Command, Stdio};
use std::time::Duration;

use common::{assert_fails, run_args, stderr, stdout};
use serde_json::Value;

fn json(out: &std::process::Output) -> Value {
    serde_json::from_str(&stdout(out)).unwrap_or_else(|e| panic!("{e}: {}", stdout(out)))
}

#[test]
fn node_limit_writes_a_checkpoint_that_resumes_to_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("mm46.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let fresh = json(&run_args(&["optimal", "--json"], None));
    let stopped = run_args(
        &["optimal", "--node-limit", "15000", "--checkpoint", ckpt],
        None,
    );
    assert_eq!(stopped.status.code(), Some(130), "{}", stderr(&stopped));
    assert!(stderr(&stopped).contains("--resume"));
    let resumed = json(&run_args(&["optimal", "--resume", ckpt, "--json"], None));
    assert_eq!(resumed["total"], 5625);
    assert_eq!(resumed["histogram"], fresh["histogram"]);
    // The solved sets are not searched again: the resumed run searches fewer nodes than a
    // fresh one (how many fewer depends on how the threads shared the work before the stop).
    assert!(
        resumed["effort"]["nodes"].as_u64().unwrap() < fresh["effort"]["nodes"].as_u64().unwrap()
    );
    // A checkpoint of another search is refused.
    let other = run_args(&["optimal", "--pegs", "3", "--resume", ckpt], None);
    assert_fails(&other, 2, &["different search"]);
    // The save was atomic: no temporary file is left beside it.
    assert!(!dir.path().join("mm46.ckpt.tmp").exists());
}

/// A damaged checkpoint is refused with exit 2, never trusted: resuming from one used to
/// print a wrong optimum with exit 0.
#[test]
fn damaged_checkpoints_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("mm46.ckpt");
    let stopped = run_args(
        &[
            "optimal",
            "--node-limit",
            "15000",
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(stopped.status.code(), Some(130), "{}", stderr(&stopped));
    let good = std::fs::read(&ckpt).unwrap();
    assert!(good.starts_with(b"codebreak-checkpoint/2 "));
    let header = good.iter().position(|&b| b == b'\n').unwrap() + 1;
    let records = (good.len() - header - 16) / 28;
    assert!(records > 100, "{records} records");
    let head = String::from_utf8(good[..header].to_vec()).unwrap();
    assert!(head.ends_with(&format!(" entries={records}\n")), "{head}");
    let with_count = |n: usize| {
        let mut b = head
            .replace(&format!("entries={records}"), &format!("entries={n}"))
            .into_bytes();
        b.extend_from_slice(&good[header..]);
        b
    };
    let mut flipped = good.clone();
    flipped[header + 28 * 7 + 18] ^= 0x04;
    let mut halved = good.clone();
    for r in 0..records {
        let at = header + 28 * r + 16;
        let v = u64::from_le_bytes(halved[at..at + 8].try_into().unwrap()) / 2;
        halved[at..at + 8].copy_from_slice(&v.to_le_bytes());
    }
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("a flipped bit in a value", flipped, "checksum"),
        ("every value halved", halved, "checksum"),
        ("truncated", good[..good.len() / 2].to_vec(), "truncated"),
        (
            "the checksum cut off",
            good[..good.len() - 8].to_vec(),
            "no checksum",
        ),
        (
            "a smaller count",
            with_count(records - 1),
            "count was changed",
        ),
        ("a larger count", with_count(records + 1), "truncated"),
        ("empty", Vec::new(), "empty"),
    ];
    for (what, bytes, why) in cases {
        let bad = dir.path().join("bad.ckpt");
        std::fs::write(&bad, &bytes).unwrap();
        let out = run_args(
            &["optimal", "--resume", bad.to_str().unwrap(), "--json"],
            None,
        );
        assert_fails(
            &out,
            2,
            &[&format!("checkpoint {} is damaged: ", bad.display()), why],
        );
        assert!(stdout(&out).is_empty(), "{what}: {}", stdout(&out));
    }
    // The good one still resumes to the optimum.
    let resumed = json(&run_args(
        &["optimal", "--resume", ckpt.to_str().unwrap(), "--json"],
        None,
    ));
    assert_eq!(resumed["total"], 5625);
}

#[test]
fn a_signal_stops_the_search_and_saves() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("mm47.ckpt");
    let child = Command::new(env!("CARGO_BIN_EXE_codebreak"))
        .args([
            "optimal",
            "--pegs",
            "4",
            "--colors",
            "7",
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let head = std::fs::read(&ckpt).unwrap();
    assert!(head.starts_with(b"codebreak-checkpoint/2 "));
    assert!(!dir.path().join("mm47.ckpt.tmp").exists());
}

#[test]
fn trees_are_checked_and_written() {
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("t.txt");
    let out = run_args(
        &[
            "optimal",
            "--game",
            "twod",
            "--objective",
            "worst",
            "--tree",
            tree.to_str().unwrap(),
            "--format",
            "compact",
            "--self-check",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let verified = run_args(
        &["verify", "--game", "twod", tree.to_str().unwrap(), "--json"],
        None,
    );
    assert!(verified.status.success(), "{}", stderr(&verified));
    assert_eq!(json(&verified)["worst"], 4);
}

#[test]
fn bad_input() {
    for bad in ["0", "-1", "64", "99999999999"] {
        assert_fails(
            &run_args(&["optimal", "--max-depth", bad], None),
            2,
            &[
                "--max-depth",
                &format!("max depth {bad} is out of range: expected 1 to 63"),
            ],
        );
    }
    for (bad, why) in [
        ("0", "node limit 0 is out of range: expected 1 to"),
        ("-5", "node limit -5 is out of range: expected 1 to"),
        ("many", "\"many\" is not a whole number from 1 to"),
    ] {
        assert_fails(
            &run_args(&["optimal", "--node-limit", bad], None),
            2,
            &[&format!("--node-limit: {why}")],
        );
    }
    assert_fails(
        &run_args(&["optimal", "--max-depth", "3"], None),
        1,
        &["within 3 guesses"],
    );
    assert_fails(
        &run_args(&["optimal", "--max-depth", "1"], None),
        1,
        &["within 1 guess"],
    );
    // Too large: a calibrated estimate in units of time, with its range, and how to force it.
    let out = run_args(&["optimal", "--pegs", "5", "--colors", "8"], None);
    assert_fails(
        &out,
        2,
        &[
            "32768 secrets",
            "calibrated estimate",
            "(likely ",
            "days",
            "use --force",
        ],
    );
    assert!(!stderr(&out).contains("512x"));
    assert_fails(
        &run_args(&["optimal", "--format", "dot"], None),
        2,
        &["--tree"],
    );
    assert_fails(
        &run_args(&["optimal", "--objective", "best"], None),
        2,
        &["best"],
    );
    // --resume names what the user typed and what would work, not --checkpoint.
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap();
    for (path, why) in [
        ("/no/such.ckpt", "there is no such file"),
        (folder, "it is a directory"),
    ] {
        let out = run_args(&["optimal", "--resume", path], None);
        assert_fails(
            &out,
            2,
            &[
                &format!("--resume \"{path}\": {why}"),
                "expected a checkpoint file written by an interrupted run",
            ],
        );
        assert!(!stderr(&out).contains("--checkpoint:"), "{}", stderr(&out));
    }
}

/// A forced run starts by saying how long it should take; the JSON output carries the effort.
#[test]
fn a_forced_run_prints_its_estimate_and_json_its_effort() {
    let out = run_args(
        &["optimal", "--pegs", "3", "--colors", "4", "--force"],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .starts_with("codebreak: searching mastermind 3 pegs 4 colours (64 secrets); about "),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("(likely "), "{}", stderr(&out));
    let v = json(&run_args(
        &["optimal", "--pegs", "3", "--colors", "4", "--json"],
        None,
    ));
    assert!(v["effort"]["nodes"].as_u64().unwrap() > 0);
    assert!(v["effort"]["memo_entries"].as_u64().is_some());
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
}

/// Files the search will write are checked before it starts: a missing directory or a
/// directory given as a file fails at once, not after the search.
#[test]
fn output_paths_are_checked_before_searching() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-dir").join("t.json");
    let missing = missing.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    // MM(4,7) takes seconds to search: each refusal must come well before that.
    let mm47 = ["optimal", "--pegs", "4", "--colors", "7"];
    for (flag, path, why) in [
        ("--tree", missing, "its directory does not exist"),
        ("--tree", folder, "it is a directory"),
        ("--checkpoint", missing, "its directory does not exist"),
        ("--checkpoint", folder, "it is a directory"),
    ] {
        let start = std::time::Instant::now();
        let mut args = mm47.to_vec();
        args.extend([flag, path]);
        assert_fails(&run_args(&args, None), 2, &[flag, "cannot write", why]);
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{flag} {path}: refused only after {:?}",
            start.elapsed()
        );
    }
}

/// `--self-check` reads the written tree back with the verifier's own reader and says so.
#[test]
fn self_check_reads_the_tree_file_back() {
    let dir = tempfile::tempdir().unwrap();
    for (format, name) in [
        ("json", "t.json"),
        ("compact", "t.txt"),
        ("paths", "t.paths"),
    ] {
        let tree = dir.path().join(name);
        let tree = tree.to_str().unwrap();
        let out = run_args(
            &[
                "optimal",
                "--tree",
                tree,
                "--format",
                format,
                "--self-check",
            ],
            None,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stdout(&out).contains(&format!(
                "self-check  the tree read back from {tree} replays to 5625 / 1296, worst 6"
            )),
            "{}",
            stdout(&out)
        );
        let v = json(&run_args(
            &[
                "optimal",
                "--tree",
                tree,
                "--format",
                format,
                "--self-check",
                "--json",
            ],
            None,
        ));
        assert_eq!(v["self_check"]["tree"], tree);
        assert_eq!(v["self_check"]["total"], 5625);
    }
    // Without a file (or with one the checker does not read), the tree in memory.
    let out = run_args(&["optimal", "--objective", "worst", "--self-check"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("self-check  the tree replays to 5626 / 1296, worst 5"),
        "{}",
        stdout(&out)
    );
    let dot = dir.path().join("t.dot");
    let out = run_args(
        &[
            "optimal",
            "--tree",
            dot.to_str().unwrap(),
            "--format",
            "dot",
            "--self-check",
        ],
        None,
    );
    assert!(stdout(&out).contains("self-check  the tree replays to 5625 / 1296"));
}

/// `--tree -`: the tree alone on standard output, the figures (and the self-check, of the tree
/// in memory) on standard error.
#[test]
fn trees_can_go_to_standard_output() {
    let game = ["--pegs", "3", "--colors", "3"];
    let mut args = vec![
        "optimal",
        "--tree",
        "-",
        "--format",
        "compact",
        "--self-check",
    ];
    args.extend(game);
    let out = run_args(&args, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let figures = stderr(&out);
    let line = figures.lines().find(|l| l.starts_with("total ")).unwrap();
    let total = line["total".len()..].trim();
    assert!(
        figures.contains(&format!("self-check  the tree replays to {total} / 27")),
        "{figures}"
    );
    let tree = stdout(&out);
    assert!(tree.starts_with('{') && tree.lines().count() == 1, "{tree}");
    let mut verify = vec!["verify", "-", "--json"];
    verify.extend(game);
    let v = json(&run_args(&verify, Some(&tree)));
    assert_eq!(v["total"].to_string(), total);
}

#[test]
fn a_resumed_run_saves_where_it_resumed_from() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("a.ck");
    let ck = ck.to_str().unwrap();
    let out = common::run(
        &format!("optimal --node-limit 3000 --checkpoint {ck}"),
        None,
    );
    assert_eq!(out.status.code(), Some(130), "{}", common::stderr(&out));
    let first = std::fs::metadata(ck).unwrap().len();
    let out = common::run(&format!("optimal --node-limit 6000 --resume {ck}"), None);
    assert_eq!(out.status.code(), Some(130), "{}", common::stderr(&out));
    assert!(common::stderr(&out).contains(&format!("saved to {ck}")));
    assert!(std::fs::metadata(ck).unwrap().len() > first);
    let out = common::run(&format!("optimal --resume {ck} --json"), None);
    assert!(out.status.success());
    assert!(common::stdout(&out).contains("\"total\":5625"));
}

#[test]
fn a_first_guess_is_searched_after_and_bad_ones_are_refused() {
    let out = run_args(
        &[
            "optimal",
            "--pegs",
            "3",
            "--colors",
            "3",
            "--first-guess",
            "011",
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert!(
        v["description"]
            .as_str()
            .unwrap()
            .contains("first guess 011"),
        "{v}"
    );
    let out = run_args(&["optimal", "--first-guess", "12345"], None);
    assert_fails(&out, 2, &["--first-guess \"12345\""]);
    let coins = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/coins3/coins3.toml"
    );
    let out = run_args(
        &["optimal", "--game-file", coins, "--first-guess", "a+"],
        None,
    );
    assert_fails(&out, 2, &["--first-guess \"a+\""]);
    let out = run_args(
        &["optimal", "--game-file", coins, "--pool", "consistent"],
        None,
    );
    assert_fails(&out, 2, &["expected pool all"]);
}

#[test]
fn a_bound_refutes_or_finds_the_optimum() {
    // MM(3,3): the optimum is 73 guesses in all (the search below finds it).
    let out = run_args(&["optimal", "--pegs", "3", "--colors", "3", "--json"], None);
    let best = json(&out)["total"].as_u64().unwrap();
    let below = (best + 1).to_string();
    let out = run_args(
        &[
            "optimal", "--pegs", "3", "--colors", "3", "--bound", &below, "--json",
        ],
        None,
    );
    assert_eq!(json(&out)["total"].as_u64(), Some(best));
    let at = best.to_string();
    let out = run_args(
        &["optimal", "--pegs", "3", "--colors", "3", "--bound", &at],
        None,
    );
    assert_fails(&out, 1, &[&format!("the optimum is at least {best}")]);
    let out = run_args(&["optimal", "--bound", "9", "--objective", "worst"], None);
    assert_fails(&out, 2, &["objective expected"]);
}

/// `--openers` values each opener as a search after it alone would, writes every result to
/// its log as it comes, and a stopped run resumes from the log to the same report.
#[test]
fn every_opener_is_valued_and_a_stopped_run_resumes_from_its_log() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("openers.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let log = format!("{ckpt}.openers");
    let fresh = json(&run_args(
        &[
            "optimal",
            "--openers",
            "--bound",
            "5800",
            "--json",
            "--checkpoint",
            ckpt,
        ],
        None,
    ));
    let openers = fresh["openers"].as_array().unwrap().clone();
    // MM(4,6) has five openers up to symmetry; 0012 is Koyama and Lai's 5625.
    assert_eq!(openers.len(), 5, "{fresh}");
    assert_eq!(fresh["symmetric"], true);
    assert_eq!(openers[0]["opener"], "0012");
    assert_eq!(openers[0]["total"], 5625);
    for o in &openers {
        let code = o["opener"].as_str().unwrap();
        let after = json(&run_args(
            &["optimal", "--first-guess", code, "--json"],
            None,
        ));
        let total = after["total"].as_u64().unwrap();
        match o["total"].as_u64() {
            Some(t) => assert_eq!(t, total, "{code}"),
            None => {
                let at_least = o["at_least"].as_u64().unwrap();
                assert!(
                    at_least >= 5800 && total >= at_least,
                    "{code}: {o} vs {total}"
                );
            }
        }
    }
    // The log has one line per opener after its header.
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(text.lines().count(), 6, "{text}");
    // Stopped after some openers (one thread, so which ones is fixed), then resumed.
    std::fs::remove_file(&log).unwrap();
    let stopped = Command::new(env!("CARGO_BIN_EXE_codebreak"))
        .args([
            "optimal",
            "--openers",
            "--bound",
            "5800",
            "--node-limit",
            "30000",
        ])
        .args(["--checkpoint", ckpt])
        .env("RAYON_NUM_THREADS", "1")
        .output()
        .unwrap();
    assert_eq!(stopped.status.code(), Some(130), "{}", stderr(&stopped));
    assert!(
        stderr(&stopped).contains("--resume"),
        "{}",
        stderr(&stopped)
    );
    let logged = std::fs::read_to_string(&log).unwrap().lines().count() - 1;
    assert!((1..5).contains(&logged), "{logged} openers logged");
    let resumed = json(&run_args(
        &[
            "optimal",
            "--openers",
            "--bound",
            "5800",
            "--json",
            "--resume",
            ckpt,
        ],
        None,
    ));
    assert_eq!(resumed["openers"], fresh["openers"]);
    assert_eq!(resumed["resumed"], logged as u64);
    // Another search's log, and a damaged one, are refused.
    let other = run_args(&["optimal", "--openers", "--resume", ckpt], None);
    assert_fails(&other, 2, &["different search"]);
    let mut damaged = std::fs::read_to_string(&log).unwrap();
    damaged.push_str("0012\t= 12 x\n0000\t>= 9\n");
    std::fs::write(&log, damaged).unwrap();
    let refused = run_args(
        &["optimal", "--openers", "--bound", "5800", "--resume", ckpt],
        None,
    );
    assert_fails(&refused, 2, &["damaged", "\"x\" is not a number"]);
    // Openers need objective expected and no first guess.
    let worst = run_args(&["optimal", "--openers", "--objective", "worst"], None);
    assert_fails(&worst, 2, &["objective expected"]);
    // ... and leave no opener log behind (under its default name, in the current folder).
    let left: Vec<_> = std::fs::read_dir(".")
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".checkpoint.openers"))
        .collect();
    assert!(left.is_empty(), "a refused --openers run left {left:?}");
    let both = run_args(&["optimal", "--openers", "--first-guess", "0012"], None);
    assert_eq!(both.status.code(), Some(2));
}

/// With a bound no opener beats, every opener is "at least" it, and the exit code says so.
#[test]
fn openers_all_at_least_the_bound_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("c");
    let out = run_args(
        &[
            "optimal",
            "--openers",
            "--bound",
            "5625",
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("0012     at least 5625"),
        "{}",
        stdout(&out)
    );
    assert!(stderr(&out).contains("at least 5625"), "{}", stderr(&out));
}

/// Selby's table of Wordle openers (alex1770/wordle, original lists, normal mode): SALET 7920,
/// REAST 7923, CRATE and TRACE 7926, SLATE 7928, and no other opener below 7930. About four
/// minutes on two cores: a slow test (`bash scripts/slow-tests.sh`).
#[test]
#[ignore]
fn wordle_openers_below_7930_are_selbys_five() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("w.ckpt");
    let out = run_args(
        &[
            "optimal",
            "--game",
            "wordle",
            "--openers",
            "--bound",
            "7930",
            "--json",
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    let openers = v["openers"].as_array().unwrap();
    assert_eq!(openers.len(), 12972);
    let exact: Vec<(String, u64)> = openers
        .iter()
        .filter_map(|o| Some((o["opener"].as_str()?.to_string(), o["total"].as_u64()?)))
        .collect();
    let mut want = vec![
        ("salet", 7920),
        ("reast", 7923),
        ("crate", 7926),
        ("trace", 7926),
        ("slate", 7928),
    ];
    let mut got: Vec<(&str, u64)> = exact.iter().map(|(c, t)| (c.as_str(), *t)).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want);
    assert_eq!(openers[0]["worst"], 5);
    assert!(
        openers[5..]
            .iter()
            .all(|o| o["at_least"].as_u64().is_some_and(|t| t >= 7930))
    );
}

/// A game file's symmetry is found from its table and reported: 3 coins can be renamed (3!
/// ways) and mirrored (heavy and light exchanged, pans read the other way), so the group's
/// order is a multiple of 2·3!; a built-in game has no such line.
#[test]
fn optimal_reports_the_symmetry_of_a_game_file() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/coins3/coins3.toml"
    );
    let text = stdout(&run_args(&["optimal", "--game-file", file], None));
    let line = text
        .lines()
        .find(|l| l.starts_with("symmetry  group of "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains(" elements (found in "), "{line}");
    let v = json(&run_args(&["optimal", "--game-file", file, "--json"], None));
    let group = &v["effort"]["symmetry"];
    let order = group["order"].as_u64().unwrap_or_else(|| panic!("{v}"));
    assert_eq!(order % 12, 0, "{group}");
    assert_eq!(group["complete"], true);
    let builtin = stdout(&run_args(
        &["optimal", "--pegs", "2", "--colors", "3"],
        None,
    ));
    assert!(!builtin.contains("symmetry"), "{builtin}");
}

/// Without --checkpoint, a stopped search saves under a name of its game and search, so that
/// runs of other games in the same folder do not overwrite each other's checkpoints, and a
/// run of the same search finds its own again.
#[test]
fn default_checkpoints_are_named_after_the_game_and_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let stop = |args: &[&str]| {
        let mut all = vec!["optimal", "--node-limit", "50"];
        all.extend_from_slice(args);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_codebreak"))
            .args(&all)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(130), "{all:?}: {}", stderr(&out));
    };
    let files = || {
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    stop(&[]);
    stop(&["--pegs", "3"]);
    stop(&["--objective", "worst"]);
    let names = files();
    assert_eq!(names.len(), 3, "{names:?}");
    assert!(
        names
            .iter()
            .all(|n| n.starts_with("codebreak-optimal-") && n.ends_with(".checkpoint"))
    );
    stop(&["--pegs", "3"]);
    assert_eq!(files(), names, "the same search saves under the same name");
}

/// `--depth-only` proves a depth and keeps the first tree found: it verifies, says its total
/// is not minimised, and reaches the least worst case (5 for MM(4,6), not 4). Without
/// `--max-depth` it is refused on one line.
#[test]
fn depth_only_proves_a_depth_with_a_tree_that_verifies() {
    let out = run_args(
        &[
            "optimal",
            "--max-depth",
            "5",
            "--depth-only",
            "--self-check",
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["total_minimised"], false);
    assert_eq!(v["worst"], 5);
    assert!(v["total"].as_u64().unwrap() >= 5625);
    assert!(
        v["description"]
            .as_str()
            .unwrap()
            .contains("total not minimised")
    );
    assert!(v["self_check"].is_object(), "{v}");
    let below = run_args(&["optimal", "--max-depth", "4", "--depth-only"], None);
    assert_fails(
        &below,
        1,
        &["no strategy finds every secret within 4 guesses"],
    );
    let refused = run_args(&["optimal", "--depth-only"], None);
    assert_fails(&refused, 2, &["depth only", "expected a max depth"]);
    // Two light coins among 10: 4 weighings, the counting bound (45 pairs > 3^3).
    let coins = run_args(
        &[
            "optimal",
            "--game-file",
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../examples/games/two-coins.toml"
            ),
            "--max-depth",
            "4",
            "--depth-only",
            "--self-check",
            "--json",
        ],
        None,
    );
    assert!(coins.status.success(), "{}", stderr(&coins));
    assert_eq!(json(&coins)["worst"], 4);
    let three = run_args(
        &[
            "optimal",
            "--game-file",
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../examples/games/two-coins.toml"
            ),
            "--max-depth",
            "3",
            "--depth-only",
        ],
        None,
    );
    assert_fails(&three, 1, &["within 3"]);
}
