//! Every wrong input gets one line naming the bad value and what was expected, and exit 2.

mod common;

use common::{assert_fails, run, run_args, stderr};

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
        &["--pegs", "pegs 0 is out of range: expected 1 to 32"],
    );
    assert_fails(
        &run("analyze --pegs -1", None),
        2,
        &["--pegs", "pegs -1 is out of range: expected 1 to 32"],
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
    assert_fails(&run("analyze --pegs 33", None), 2, &["--pegs", "33"]);
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
        &run("optimal --pegs 16 --colors 30", None),
        2,
        &["codes", "memory"],
    );
    // Too large to list: analyze plays a sample of secrets, and says how to ask for one.
    assert_fails(
        &run("analyze --pegs 16 --colors 30", None),
        2,
        &["10^23.6", "expected sample N"],
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
        &["--seed: seed -5 is out of range: expected 0 to"],
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
    assert_fails(
        &run("analyze --pegs abc", None),
        2,
        &["--pegs: \"abc\" is not a whole number from 1 to 32"],
    );
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

#[test]
fn every_numeric_flag_names_itself_and_its_range() {
    for (args, needle) in [
        (
            "hint --pegs abc",
            "--pegs: \"abc\" is not a whole number from 1 to 32",
        ),
        (
            "score --colors 1.5 0 0",
            "--colors: \"1.5\" is not a whole number from 1 to 64",
        ),
        (
            "analyze --game twod --size x",
            "--size: \"x\" is not a whole number from 1 to 64",
        ),
        (
            "analyze --strategy random --seed 1e3",
            "--seed: \"1e3\" is not a whole number from 0 to",
        ),
        (
            "solve --maker random --secret-seed -",
            "--secret-seed: \"-\" is not a whole number",
        ),
        (
            "play --secret-seed abc",
            "--secret-seed: \"abc\" is not a whole number from 0 to",
        ),
        (
            "play --attempts many",
            "--attempts: \"many\" is not a whole number from 1 to",
        ),
        (
            "hint --show ten",
            "--show: \"ten\" is not a whole number from 0 to",
        ),
        (
            "optimal --max-depth 0",
            "--max-depth: max depth 0 is out of range: expected 1 to 63",
        ),
        (
            "optimal --node-limit x",
            "--node-limit: \"x\" is not a whole number from 1 to",
        ),
        (
            "serve --port 70000",
            "--port: port 70000 is out of range: expected 0 to 65535",
        ),
        (
            "hint --sample 0",
            "--sample: sample \"0\" is not understood: expected auto, off",
        ),
    ] {
        assert_fails(&run(args, None), 2, &[needle]);
    }
}

#[test]
fn usage_errors_point_to_the_subcommands_help() {
    for sub in [
        "analyze", "hint", "solve", "play", "score", "optimal", "verify", "serve",
    ] {
        let out = run(&format!("{sub} --no-such-flag"), None);
        assert_fails(
            &out,
            2,
            &["--no-such-flag", &format!("(see codebreak {sub} --help)")],
        );
    }
    assert_fails(
        &run("analyze --pool banana", None),
        2,
        &["banana", "(see codebreak analyze --help)"],
    );
    assert_fails(&run("frobnicate", None), 2, &["(see codebreak --help)"]);
}

#[test]
fn replies_in_another_games_notation_are_refused() {
    // Once read as 2B1W and 2A1B: a letter's meaning silently flipped.
    assert_fails(
        &run("hint --history 0011:1B2A", None),
        2,
        &[
            "\"1B2A\"",
            "'A'",
            "mastermind replies count black (B) and white (W)",
            "1B2W",
        ],
    );
    assert_fails(
        &run("hint --game bulls --history 0123:1W2B", None),
        2,
        &["\"1W2B\"", "'W'", "bulls and cows replies count A", "1A2B"],
    );
    assert_fails(
        &run("hint --history 0011:1A2B", None),
        2,
        &["'A'", "such as 1B2W"],
    );
    let out = run_args(&["solve", "--game", "bulls"], Some("1W2B\nquit\n"));
    assert!(
        stderr(&out).contains("'W', a mastermind letter"),
        "{}",
        stderr(&out)
    );
    // The game's own letters still work.
    assert!(
        run("hint --game bulls --history 0123:2B", None)
            .status
            .success()
    );
    assert!(run("hint --history 0011:2W", None).status.success());
}

#[test]
fn alphabets_may_not_use_history_syntax() {
    for (alphabet, role) in [
        ("a=bc", "separates a guess from its reply"),
        ("a:bc", "separates a guess from its reply"),
        ("a,bc", "separates moves"),
        ("a;bc", "separates moves"),
        ("a#bc", "starts a comment"),
    ] {
        let out = run_args(&["hint", "--alphabet", alphabet, "--pegs", "2"], None);
        assert_fails(&out, 2, &[&format!("{alphabet:?}"), role]);
    }
    let out = run_args(&["hint", "--alphabet", "a bc", "--pegs", "2"], None);
    assert_fails(&out, 2, &["white space"]);
}

#[test]
fn suggested_reply_forms_are_ones_the_game_reads() {
    // The refused reply's message lists example forms; each must then be accepted.
    let cases = [
        ("--pegs 4", "0011"),
        ("--pegs 10 --colors 3", "0000011111"),
        ("--pegs 12 --colors 4", "000011112222"),
        ("--pegs 16 --colors 2", "0000000011111111"),
        ("--game bulls", "0123"),
        ("--game blackpeg", "0011"),
        ("--game twod", "01"),
    ];
    for (game, guess) in cases {
        let out = run(&format!("hint {game} --show 0 --history {guess}:zz"), None);
        assert_fails(&out, 2, &["not understood"]);
        let err = stderr(&out);
        let forms = err
            .split("such as ")
            .nth(1)
            .unwrap_or_else(|| err.split("expected ").last().unwrap())
            .split(" (at most")
            .next()
            .unwrap()
            .trim()
            .to_string();
        let listed: Vec<String> = forms
            .replace(" or ", ", ")
            .split(", ")
            .map(|f| f.trim().trim_matches('"').to_string())
            .collect();
        assert!(listed.len() >= 2, "{game}: {err}");
        for form in listed {
            let history = format!("{guess}:{form}");
            let ok = run_args(&["hint", "--show", "0", "--history", &history], None);
            let ok = if game == "--pegs 4" {
                ok
            } else {
                let mut args: Vec<&str> = vec!["hint", "--show", "0", "--history", &history];
                args.extend(game.split_whitespace());
                run_args(&args, None)
            };
            assert!(
                ok.status.code() != Some(2),
                "{game}: suggested {form:?} refused: {}",
                stderr(&ok)
            );
        }
        // From 10 pegs on, two run-together digits are not offered (nor read).
        let pegs: usize = guess.len();
        if game.starts_with("--pegs") && pegs >= 10 {
            assert!(!err.contains(" or 12"), "{err}");
        }
    }
    // A move without its reply suggests a whole move of the game.
    let out = run("hint --pegs 12 --colors 4 --history 000011112222", None);
    assert_fails(&out, 2, &["such as 012301230123:1B2W"]);
}
