//! What a new user runs into on large games and mistyped replies: answers within seconds
//! (saying when a sample of guesses was scored), refusals up front with an estimate, and
//! contradictions ranked by how likely each answer is a typo.

mod common;

use std::process::Output;
use std::time::{Duration, Instant};

use common::{assert_fails, spawn, stderr, stdout};
use serde_json::Value;

/// Runs `codebreak` with `stdin`, failing the test if it has not finished in `limit`.
fn run_within(args: &[&str], stdin: &str, limit: Duration) -> Output {
    use std::io::Write;
    let mut child = spawn(args);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("{args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// Generous for the test profile on a shared 2-core machine; a release build answers each of
/// these in under five seconds.
const LIMIT: Duration = Duration::from_secs(90);

#[test]
fn large_hints_answer_from_a_sample_and_say_so() {
    let out = run_within(
        &[
            "hint",
            "--pegs",
            "8",
            "--colors",
            "6",
            "--history",
            "00112233:2B2W",
        ],
        "",
        LIMIT,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("remaining  123756 secrets"), "{text}");
    assert!(
        text.contains(
            "minimax's guess was chosen from an evenly spread sample of 2169 of the 1679616 guesses"
        ),
        "{text}"
    );
    let out = run_within(
        &[
            "hint",
            "--pegs",
            "12",
            "--colors",
            "4",
            "--history",
            "000011112222:3B2W",
            "--json",
        ],
        "",
        LIMIT,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["remaining"], 63048);
    let sample = &v["suggestions"][0]["sample"];
    assert_eq!(sample["pool"], 16777216);
    assert!(sample["scored"].as_u64().unwrap() > 1000, "{v}");
    // A small game is never sampled.
    let out = run_within(&["hint", "--history", "0011:1B0W", "--json"], "", LIMIT);
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(v["suggestions"][0]["sample"].is_null(), "{v}");
}

#[test]
fn a_large_solve_answers_and_says_it_sampled() {
    let out = run_within(&["solve", "--pegs", "12", "--colors", "4"], "3B2W\n", LIMIT);
    assert_fails(&out, 2, &["input ended before the secret was found"]);
    let text = stdout(&out);
    assert_eq!(
        text.matches("chosen from an evenly spread sample").count(),
        2,
        "{text}"
    );
    assert!(text.contains("guess  2:"), "{text}");
}

#[test]
fn long_analyses_are_refused_up_front_with_faster_ways() {
    for args in [
        &["analyze", "--pegs", "16", "--colors", "2"][..],
        &["analyze", "--game", "bulls", "--pegs", "10"][..],
    ] {
        let out = run_within(args, "", LIMIT);
        assert_fails(
            &out,
            2,
            &[
                "would take about",
                "allowed without --force",
                "--strategy first (about",
                "a smaller game",
            ],
        );
    }
    let out = run_within(&["analyze", "--pegs", "16", "--colors", "2"], "", LIMIT);
    assert!(
        stderr(&out).contains("--pool consistent (about"),
        "{}",
        stderr(&out)
    );
    // The suggested alternative runs.
    let out = run_within(
        &[
            "analyze",
            "--pegs",
            "16",
            "--colors",
            "2",
            "--strategy",
            "first",
            "--json",
        ],
        "",
        LIMIT,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        (v["secrets"].as_u64(), v["sampled"].as_u64()),
        (Some(65536), Some(0))
    );
}

#[test]
fn contradictions_name_the_likeliest_typo_first() {
    // Secret 1234: 2310 gets 0B3W, typed 0B4W.
    let out = run_within(
        &["hint", "--history", "0011:0B1W,1205:2B0W,2310:0B4W"],
        "",
        LIMIT,
    );
    assert_fails(
        &out,
        1,
        &[
            "changing one answer would make the rest consistent: answer 3 (2310 0B4W) could have been 0B3W",
        ],
    );
    // A reply impossible for its guess on its own is named first.
    let out = run_within(&["hint", "--history", "0011:1B1W,1112:0B4W"], "", LIMIT);
    assert_fails(
        &out,
        1,
        &["replies; answer 2 (1112 0B4W) is impossible for that guess"],
    );
    // The diagnosis is the library's, as JSON: replies in the game's notation, answers from 1.
    let out = run_within(
        &["hint", "--json", "--history", "0011:1B1W,1112:0B4W"],
        "",
        LIMIT,
    );
    let v: Value = serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    let d = &v["diagnosis"];
    assert_eq!(d["impossible"][0]["answer"], 2);
    assert_eq!(d["impossible"][0]["reply"], "0B4W");
    assert_eq!(d["suspects"][0]["typed"][0], "0B4W");
    let first = &d["suspects"][0]["corrections"][0];
    assert!(
        first["distance"].as_u64().is_some() && first["replies"][0].is_string(),
        "{d}"
    );
}
