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
        &["optimal", "--node-limit", "30000", "--checkpoint", ckpt],
        None,
    );
    assert_eq!(stopped.status.code(), Some(130), "{}", stderr(&stopped));
    assert!(stderr(&stopped).contains("--resume"));
    let resumed = json(&run_args(&["optimal", "--resume", ckpt, "--json"], None));
    assert_eq!(resumed["total"], 5625);
    assert_eq!(resumed["histogram"], fresh["histogram"]);
    // The solved sets are not searched again: a fresh run takes about 40 000 nodes, a run
    // resumed after 30 000 only a few hundred.
    assert!(resumed["nodes"].as_u64().unwrap() * 2 < fresh["nodes"].as_u64().unwrap());
    // A checkpoint of another search is refused.
    let other = run_args(&["optimal", "--pegs", "3", "--resume", ckpt], None);
    assert_fails(&other, 2, &["different search"]);
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
    assert!(head.starts_with(b"codebreak-checkpoint/1"));
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
    assert_fails(
        &run_args(&["optimal", "--max-depth", "0"], None),
        2,
        &["max-depth 0"],
    );
    assert_fails(
        &run_args(&["optimal", "--max-depth", "3"], None),
        1,
        &["within 3 guesses"],
    );
    assert_fails(
        &run_args(&["optimal", "--pegs", "5", "--colors", "8"], None),
        2,
        &["32768 secrets", "--force"],
    );
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
    assert_fails(
        &run_args(&["optimal", "--resume", "/no/such.ckpt"], None),
        2,
        &["/no/such.ckpt"],
    );
}
