//! The examples that `codebreak SUBCOMMAND --help` prints are commands a user will paste: each
//! quick, self-contained one is run here (from the workspace root, so that `examples/` files
//! resolve) and must succeed. Examples that read files the source tree does not hold, write
//! files, pipe, wait for a person or run for long are left out by the rules in `runnable`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{stderr, stdout};

/// The subcommands whose examples are tried.
const SUBCOMMANDS: [&str; 8] = [
    "score", "analyze", "hint", "review", "info", "optimal", "verify", "solve",
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The example lines of `sub --help`: each `codebreak …` line, without its comment.
fn examples(sub: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_codebreak"))
        .args([sub, "--help"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{sub} --help: {}", stderr(&out));
    stdout(&out)
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("codebreak "))
        .map(|l| l.split("  #").next().unwrap().trim().to_string())
        .collect()
}

/// Splits a command line on spaces, keeping double-quoted words whole (quotes removed).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// Whether an example can run here, quickly and on its own.
fn runnable(words: &[String]) -> bool {
    let root = workspace();
    let shell = ["|", ">", ";", "&&"];
    // Options that write files, read a person's answers, or make a debug build run for long.
    let skipped = [
        "--tree",
        "--checkpoint",
        "--history-file",
        "--sample",
        "--maker",
        "wordle",
        "--pegs",
        "--set",
    ];
    // Exact searches of anything but the default game take long in a debug build.
    let long = |w: &str| ["bulls", "--game-file"].contains(&w);
    let file_like = |w: &str| {
        [".txt", ".json", ".tree", ".toml", ".ckpt", ".plan"]
            .iter()
            .any(|e| w.ends_with(e))
    };
    let sub = words[0].as_str();
    let has = |name: &str| words.iter().any(|w| w == name);
    // A solve without a secret waits for a person's answers.
    let waits = sub == "solve" && !has("--secret");
    let slow = ["optimal", "analyze"].contains(&sub) && words.iter().any(|w| long(w));
    SUBCOMMANDS.contains(&sub)
        && !waits
        && !slow
        && !words
            .iter()
            .any(|w| shell.contains(&w.as_str()) || skipped.contains(&w.as_str()))
        && words
            .iter()
            .filter(|w| file_like(w))
            .all(|w| root.join(w).is_file())
}

#[test]
fn the_quick_examples_of_every_help_page_run() {
    let mut ran = Vec::new();
    for sub in SUBCOMMANDS {
        for line in examples(sub) {
            let args = words(&line);
            if !runnable(&args) {
                continue;
            }
            let out = Command::new(env!("CARGO_BIN_EXE_codebreak"))
                .args(&args)
                .current_dir(workspace())
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "the help example `codebreak {line}` failed: {}{}",
                stderr(&out),
                stdout(&out)
            );
            ran.push(line);
        }
    }
    // The rules must leave a real share of the examples in: every subcommand listed has one.
    for sub in SUBCOMMANDS {
        assert!(
            ran.iter().any(|l| l.starts_with(sub)),
            "no example of {sub} ran: {ran:?}"
        );
    }
}
