//! Helpers for running the real binary.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Runs `codebreak` with arguments (split on white space) and optional standard input.
pub fn run(args: &str, stdin: Option<&str>) -> Output {
    run_args(&args.split_whitespace().collect::<Vec<_>>(), stdin)
}

/// Starts `codebreak` with exact arguments and its three standard streams piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_codebreak"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs `codebreak` with exact arguments and raw bytes on standard input.
pub fn run_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = spawn(args);
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write stdin");
    child.wait_with_output().expect("the binary finishes")
}

/// Runs `codebreak` with exact arguments.
pub fn run_args(args: &[&str], stdin: Option<&str>) -> Output {
    run_bytes(args, stdin.unwrap_or("").as_bytes())
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts a failure with the given exit code and a single `codebreak: ` line mentioning
/// every one of `needles`.
pub fn assert_fails(o: &Output, code: i32, needles: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "exit code; stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line expected, got: {err}");
    assert!(err.starts_with("codebreak: "), "prefix: {err}");
    for n in needles {
        assert!(err.contains(n), "{n:?} missing from: {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}
