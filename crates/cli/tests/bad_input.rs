//! Every wrong input gets one line naming the bad value and what was expected, and exit 2.

mod common;

use common::{assert_fails, run};

#[test]
fn bad_codes() {
    assert_fails(&run("score 12345 1234", None), 2, &["12345", "expected 4"]);
    assert_fails(&run("score 1239 1234", None), 2, &["'9'", "012345"]);
    assert_fails(
        &run("score --game bulls 1123 1234", None),
        2,
        &["1123", "repeats"],
    );
    assert_fails(
        &run("analyze --first-guess 12", None),
        2,
        &["\"12\"", "expected 4"],
    );
    assert_fails(
        &run("score --alphabet RGBYOP RRGX RGBY", None),
        2,
        &["'X'", "RGBYOP"],
    );
}

#[test]
fn bad_game_specs() {
    assert_fails(
        &run("analyze --pegs 0", None),
        2,
        &["--pegs", "pegs 0 is out of range: expected 1 to 16"],
    );
    assert_fails(
        &run("analyze --pegs -1", None),
        2,
        &["--pegs", "pegs -1 is out of range: expected 1 to 16"],
    );
    assert_fails(&run("analyze --colors 65", None), 2, &["--colors", "65"]);
    assert_fails(
        &run("analyze --alphabet 12:456", None),
        2,
        &["\"12:456\"", "':'", "separates"],
    );
    assert_fails(
        &run("analyze --alphabet ab\u{1}", None),
        2,
        &["control character"],
    );
    assert_fails(&run("analyze --pegs 17", None), 2, &["--pegs", "17"]);
    assert_fails(
        &run("analyze --game bulls --pegs 11", None),
        2,
        &["11 pegs", "colors 10"],
    );
    assert_fails(
        &run("analyze --alphabet 11234", None),
        2,
        &["\"11234\"", "'1'"],
    );
    assert_fails(
        &run("analyze --alphabet 1234 --colors 6", None),
        2,
        &["\"1234\"", "4 symbols", "6 colours"],
    );
    assert_fails(&run("analyze --order swap", None), 2, &["swap"]);
    assert_fails(&run("analyze --distinct-guess", None), 2, &["distinct"]);
    assert_fails(
        &run("analyze --colors 40", None),
        2,
        &["needs 40 symbols", "36"],
    );
    assert_fails(
        &run("analyze --game twod --pegs 3", None),
        2,
        &["pegs", "twod"],
    );
    assert_fails(
        &run("analyze --game twod --size 0", None),
        2,
        &["--size", "0"],
    );
    assert_fails(
        &run("analyze --game twod --size 40", None),
        2,
        &["needs 40 symbols", "alphabet"],
    );
    assert_fails(
        &run("analyze --pegs 16 --colors 30", None),
        2,
        &["codes", "memory"],
    );
}

#[test]
fn bad_strategies() {
    assert_fails(
        &run("analyze --strategy foo", None),
        2,
        &["'foo'", "minimax", "two-phase"],
    );
    assert_fails(
        &run("analyze --compare first,bar", None),
        2,
        &["unknown strategy \"bar\"", "minimax"],
    );
    assert_fails(
        &run("analyze --strategy first --pool all", None),
        2,
        &["pool", "first"],
    );
    assert_fails(
        &run("analyze --strategy minimax --seed 3", None),
        2,
        &["seed", "minimax"],
    );
    assert_fails(
        &run(
            "analyze --strategy minimax --pool consistent --ties index",
            None,
        ),
        2,
        &["ties index", "pool all"],
    );
    assert_fails(
        &run("analyze --strategy random --seed -5", None),
        2,
        &["\"-5\"", "whole number"],
    );
    assert_fails(
        &run("analyze --compare first,,minimax", None),
        2,
        &["\"first,,minimax\"", "empty"],
    );
    assert_fails(
        &run("analyze --game bulls --strategy two-phase", None),
        2,
        &["two-phase", "bulls"],
    );
}

#[test]
fn bad_flags_and_files() {
    assert_fails(&run("analyze --pool banana", None), 2, &["banana"]);
    assert_fails(&run("analyze --pegs abc", None), 2, &["abc"]);
    assert_fails(
        &run("analyze --pegs 99999999999", None),
        2,
        &["99999999999"],
    );
    assert_fails(&run("frobnicate", None), 2, &["frobnicate"]);
    assert_fails(&run("score 1234", None), 2, &["GUESS"]);
    assert_fails(
        &run("analyze --tree /nonexistent/dir/t.json", None),
        2,
        &["/nonexistent/dir/t.json"],
    );
    assert_fails(&run("analyze --format compact", None), 2, &["--tree"]);
    // Negative numbers name their flag.
    assert_fails(
        &run("play --attempts -2", None),
        2,
        &[
            "--attempts",
            "attempts -2 is out of range: expected 1 to 100",
        ],
    );
    assert_fails(&run("play --attempts 0", None), 2, &["--attempts", "0"]);
    assert_fails(&run("hint --show -1", None), 2, &["--show", "-1"]);
    assert_fails(&run("serve --port -5", None), 2, &["--port", "-5"]);
    assert_fails(
        &run("analyze --plot /tmp", None),
        2,
        &["\"/tmp\"", "directory"],
    );
    // A pasted megabyte does not come back whole.
    let long = "1".repeat(100_000);
    let out = run(&format!("score 1234 {long}"), None);
    assert_fails(&out, 2, &["100000 characters", "expected 4"]);
    assert!(common::stderr(&out).len() < 300);
}

#[test]
fn help_and_version_succeed() {
    let h = run("--help", None);
    assert!(h.status.success());
    assert!(common::stdout(&h).contains("Exit codes"));
    assert!(run("analyze --help", None).status.success());
    assert!(run("--version", None).status.success());
}
