//! `play`, `solve` and `hint` driven through their JSON-lines protocols and piped input.

mod common;

use common::{assert_fails, run, run_args, run_bytes, stdout};
use serde_json::Value;

fn json_lines(out: &std::process::Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn play_json_game_is_won_by_a_solver_driving_it() {
    // Drive `play --json` with the guesses `solve` makes for the same secret: the same
    // replies must come back and the game must end won.
    let secret = "2431";
    let solved = run_args(&["solve", "--secret", secret, "--json"], None);
    assert!(solved.status.success());
    let guesses: Vec<String> = json_lines(&solved)
        .iter()
        .filter_map(|v| v["guess"].as_str().map(str::to_string))
        .collect();
    let input = guesses.join("\n") + "\n";
    let played = run_args(&["play", "--secret", secret, "--json"], Some(&input));
    assert!(played.status.success());
    // One state per guess, the last one the end of the game.
    let lines = json_lines(&played);
    assert_eq!(lines.len(), guesses.len());
    for (i, (line, g)) in lines.iter().zip(&guesses).enumerate() {
        let last = line["moves"].as_array().unwrap().last().unwrap();
        assert_eq!(last["guess"], g.as_str());
        assert_eq!(line["attempts_left"], 10 - (i as u64 + 1));
        assert!(last["feedback"].as_str().unwrap().ends_with('W'));
    }
    let end = lines.last().unwrap();
    assert_eq!(end["won"], true);
    assert_eq!(end["over"], true);
    assert_eq!(end["secret"], secret);
    assert_eq!(end["used"], guesses.len() as u64);
}

#[test]
fn play_json_lost_game_reveals_the_secret_only_at_the_end() {
    let input = "0000\n1111\n";
    let out = run_args(
        &["play", "--secret-seed", "9", "--attempts", "2", "--json"],
        Some(input),
    );
    assert!(out.status.success());
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert!(lines[0]["secret"].is_null());
    assert_eq!(lines[1]["won"], false);
    assert_eq!(lines[1]["outcome"], "out-of-attempts");
    let secret = lines[1]["secret"].as_str().unwrap().to_string();
    assert_eq!(secret.len(), 4);
    // Same seed, same secret.
    let again = json_lines(&run_args(
        &["play", "--secret-seed", "9", "--attempts", "1", "--json"],
        Some("0000\n"),
    ));
    assert_eq!(again.last().unwrap()["secret"], secret.as_str());
    // Without a seed, a new secret each run: twenty runs do not all draw the same one.
    let secrets: std::collections::HashSet<String> = (0..20)
        .map(|_| {
            let v = json_lines(&run_args(
                &["play", "--attempts", "1", "--json"],
                Some("0000\n"),
            ));
            v.last().unwrap()["secret"].as_str().unwrap().to_string()
        })
        .collect();
    assert!(secrets.len() > 1, "{secrets:?}");
}

#[test]
fn play_adversarial_bulls() {
    let out = run_args(
        &[
            "play",
            "--game",
            "bulls",
            "--maker",
            "adversarial",
            "--json",
        ],
        Some("0123\n4567\n"),
    );
    let lines = json_lines(&out);
    // The cunning codemaker answers 0123 with the reply keeping most secrets: 0A1B (1440).
    assert_eq!(lines[0]["moves"][0]["feedback"], "0A1B");
    assert_eq!(lines[0]["remaining"], 1440);
    assert_eq!(lines.last().unwrap()["won"], false);
}

#[test]
fn play_bad_guess_in_json_mode_is_exit_2_with_an_error_object() {
    let out = run_args(
        &["play", "--secret-seed", "1", "--json"],
        Some("0011\n12x4\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert!(lines[1]["error"].as_str().unwrap().contains("12x4"));
    // Piped text mode: the bad line is reported and the game goes on.
    let out = run_args(&["play", "--secret-seed", "1"], Some("12x4\n0011\n"));
    assert!(out.status.success());
    assert!(common::stderr(&out).contains("12x4"));
    assert!(stdout(&out).contains("0011"));
}

#[test]
fn solve_json_protocol() {
    // Answer as the secret 3141 would, through the protocol.
    let mut input = String::new();
    let mut answers: Vec<String> = Vec::new();
    for _ in 0..8 {
        let out = run_args(&["solve", "--json"], Some(&input));
        let lines = json_lines(&out);
        let last = lines.last().unwrap();
        if last["solved"] == true {
            assert_eq!(last["secret"], "3141");
            assert_eq!(last["moves"].as_array().unwrap().len(), answers.len());
            assert!(lines[0]["remaining"] == 1296);
            assert_eq!(lines[0]["number"], 1);
            return;
        }
        // The input ran out: the run ends with an error object after the guess it asked about.
        assert_eq!(out.status.code(), Some(2));
        assert!(last["error"].as_str().unwrap().contains("input ended"));
        let guess = lines
            .iter()
            .rev()
            .find_map(|v| v["guess"].as_str())
            .unwrap();
        let reply = stdout(&run_args(&["score", "3141", guess], None))
            .trim()
            .to_string();
        answers.push(reply.clone());
        input.push_str(&reply);
        input.push('\n');
    }
    panic!("not solved: {answers:?}");
}

#[test]
fn solve_contradiction_is_exit_1_with_the_likeliest_typo() {
    // Replies for secret 3141 with answer 2 mistyped (0B1W -> 0B0W).
    let out = run("solve --json", Some("1B1W\n0B0W\n0B0W\n0B0W\n0B0W\n"));
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    let err = lines.last().unwrap();
    assert!(err["error"].as_str().unwrap().contains("answer"));
    assert!(err["diagnosis"]["changes"].as_u64().unwrap() >= 1);
    // Piped text: same exit code, one line on stderr.
    let out = run("solve", Some("1B1W\n0B1W\n3B0W\n0B2W\n"));
    assert_fails(&out, 1, &["no secret", "answer"]);
}

#[test]
fn solve_fix_and_undo_from_a_script() {
    // Mistype answer 2, then fix it and carry on to the end.
    let script = "1B1W\n0B0W\nfix 2 0B1W\n2B1W\n0B2W\n4B0W\n";
    let out = run("solve --json", Some(script));
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert_eq!(json_lines(&out).last().unwrap()["secret"], "3141");
    let out = run(
        "solve --json",
        Some("1B1W\nundo\n1B1W\n0B1W\n2B1W\n0B2W\n4B0W\n"),
    );
    assert_eq!(json_lines(&out).last().unwrap()["secret"], "3141");
}

#[test]
fn solve_unattended() {
    let out = run("solve --game bulls --secret 9876 --strategy entropy", None);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Solved: 9876"));
    let out = run("solve --maker adversarial --json", None);
    let last = json_lines(&out).last().cloned().unwrap();
    assert_eq!(last["solved"], true);
    assert!(last["moves"].as_array().unwrap().len() <= 5);
    // A seed fixes the random secret; without one each run draws a new one.
    let secret = |args: &str| {
        let out = run(args, None);
        assert!(out.status.success(), "{}", common::stderr(&out));
        json_lines(&out).last().unwrap()["secret"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let seeded = secret("solve --maker random --secret-seed 4 --json");
    assert_eq!(
        secret("solve --maker random --secret-seed 4 --json"),
        seeded
    );
    let drawn: std::collections::HashSet<String> = (0..20)
        .map(|_| secret("solve --maker random --json"))
        .collect();
    assert!(drawn.len() > 1, "{drawn:?}");
    assert_fails(
        &run("solve --secret-seed 4", None),
        2,
        &["--secret-seed", "--maker random"],
    );
}

#[test]
fn solve_bad_reply() {
    let out = run("solve --json", Some("1B1W\n9B9W\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        json_lines(&out).last().unwrap()["error"]
            .as_str()
            .unwrap()
            .contains("9B9W")
    );
    let out = run("solve", None);
    assert_fails(&out, 2, &["input ended"]);
    assert_fails(&run("solve --secret 12", None), 2, &["\"12\""]);
}

#[test]
fn hint_reports_remaining_and_guesses() {
    let out = run_args(
        &[
            "hint",
            "--history",
            "0011:1B1W,0023:0B1W",
            "--all",
            "--json",
        ],
        None,
    );
    assert!(out.status.success());
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let remaining = v["remaining"].as_u64().unwrap();
    assert!(remaining > 1 && remaining < 208);
    // Every strategy but two-phase, which only continues its own games.
    assert_eq!(v["suggestions"].as_array().unwrap().len(), 6);
    assert_eq!(v["omitted"][0]["strategy"], "two-phase");
    assert!(
        v["omitted"][0]["why"]
            .as_str()
            .unwrap()
            .contains("two-phase")
    );
    // Same answer from a file, one move per line, with other reply forms.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("moves.txt");
    std::fs::write(&file, "# a game\n0011 1 1\n0023 0B1W\n").unwrap();
    let out = run_args(
        &["hint", "--history-file", file.to_str().unwrap(), "--json"],
        None,
    );
    let w: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(w["remaining"], remaining);
    assert_eq!(w["guess"], v["suggestions"][1]["guess"]);
}

#[test]
fn hint_bad_inputs() {
    assert_fails(
        &run_args(&["hint", "--history", "0011:1B1W,0023"], None),
        2,
        &["move 2", "0023"],
    );
    assert_fails(
        &run_args(&["hint", "--history", "0011:5B"], None),
        2,
        &["5B"],
    );
    assert_fails(
        &run_args(&["hint", "--history-file", "/no/such/file"], None),
        2,
        &["/no/such/file"],
    );
    assert_fails(
        &run_args(&["hint", "--history", "0011:0B0W,0123:4B0W"], None),
        1,
        &["answer"],
    );
}

/// Every line of standard output is a JSON object; returns them.
fn only_json_objects(out: &std::process::Output) -> Vec<Value> {
    let text = stdout(out);
    assert!(
        !text.is_empty(),
        "no output; stderr: {}",
        common::stderr(out)
    );
    text.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("not JSON: {l:?} ({e}) in:\n{text}"));
            assert!(v.is_object(), "not an object: {l}");
            v
        })
        .collect()
}

#[test]
fn json_mode_writes_nothing_but_json_objects() {
    // play: help, remaining, a guess, undo, help again, then a bad guess (exit 2).
    let out = run_args(
        &["play", "--secret-seed", "1", "--json", "--verbose"],
        Some("help\nremaining\n0011\nundo\nh\n?\nremaining\n1234\n12x4\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    let lines = only_json_objects(&out);
    assert!(lines[0]["help"].as_str().unwrap().contains("undo"));
    assert_eq!(lines[1]["remaining"], 1296);
    assert_eq!(lines[2]["moves"].as_array().unwrap().len(), 1);
    assert_eq!(lines[3]["moves"].as_array().unwrap().len(), 0);
    assert_eq!(lines[3]["used"], 1);
    assert!(lines.iter().filter(|v| v.get("help").is_some()).count() == 3);
    assert!(
        lines.last().unwrap()["error"]
            .as_str()
            .unwrap()
            .contains("12x4")
    );
    // play: undo with nothing on the board is bad input too.
    let out = run_args(&["play", "--secret-seed", "1", "--json"], Some("undo\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        only_json_objects(&out)[0]["error"]
            .as_str()
            .unwrap()
            .contains("nothing to undo")
    );
    // solve: help, remaining, a reply, undo, help, the reply again, fix, then a bad reply.
    let out = run(
        "solve --json --verbose",
        Some("help\nremaining\n1B1W\nundo\nhelp\n1B1W\nremaining\nfix 1 1B1W\n0B1W\n9B9W\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    let lines = only_json_objects(&out);
    assert!(lines.iter().any(|v| v.get("help").is_some()));
    assert!(lines.iter().any(|v| v["remaining"] == 1296));
    assert!(
        lines.last().unwrap()["error"]
            .as_str()
            .unwrap()
            .contains("9B9W")
    );
    // solve: a contradiction ends with the error object and its diagnosis.
    let out = run("solve --json", Some("help\n1B1W\n0B0W\n0B0W\n0B0W\n0B0W\n"));
    assert_eq!(out.status.code(), Some(1));
    assert!(only_json_objects(&out).last().unwrap()["diagnosis"].is_object());
    // solve: the input ends.
    let out = run("solve --json", Some("help\n1B1W\n"));
    assert_eq!(out.status.code(), Some(2));
    only_json_objects(&out);
}

#[test]
fn play_undo_takes_the_guess_back_but_not_the_attempt() {
    let out = run_args(
        &["play", "--secret-seed", "1", "--json", "--attempts", "2"],
        Some("1234\nundo\n1234\n1234\n"),
    );
    assert!(out.status.success());
    let lines = json_lines(&out);
    let left: Vec<u64> = lines
        .iter()
        .filter_map(|v| v["attempts_left"].as_u64())
        .collect();
    assert_eq!(left, [1, 1, 0], "{lines:?}");
    assert_eq!(lines[1]["moves"].as_array().unwrap().len(), 0);
    assert_eq!(lines[2]["won"], false);
    assert_eq!(lines.len(), 3, "the fourth line is never read");
    // A win after an undo counts every guess played.
    let out = run_args(
        &["play", "--secret", "1234", "--json"],
        Some("0000\nundo\n1234\n"),
    );
    let end = json_lines(&out).last().cloned().unwrap();
    assert_eq!(end["won"], true);
    assert_eq!(end["used"], 2);
    // Text mode says so, and help explains it.
    let out = run_args(
        &["play", "--secret", "1234", "--attempts", "3"],
        Some("0000\nundo\nhelp\n1234\n"),
    );
    let text = stdout(&out);
    assert!(
        text.contains("took back 0000 (it still counts: 2 attempts left)"),
        "{text}"
    );
    assert!(
        text.contains("still counts against your 3 attempts"),
        "{text}"
    );
    assert!(text.contains("You found 1234 in 2 guesses."), "{text}");
}

#[test]
fn solve_piped_text_bad_lines_are_reported_and_asked_again() {
    // Secret 3141: 1B1W, 0B1W, 2B1W, 0B2W, 4B0W, with bad lines between.
    let script = "1B1W\nxx\n0B1W\nfix\nfix 9 1B1W\nfix x 1B1W\n2B1W\nundo\n2B1W\n0B2W\n4B0W\n";
    let out = run("solve", Some(script));
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert!(stdout(&out).contains("Solved: 3141 in 5 guesses."));
    let err = common::stderr(&out);
    assert_eq!(err.lines().count(), 4, "{err}");
    assert!(err.contains("\"xx\""), "{err}");
    assert!(
        err.contains("fix 9: expected an answer number from 1 to 2"),
        "{err}"
    );
    assert!(err.contains("fix \"x\""), "{err}");
    // A contradiction with no one at a terminal still ends the run: exit 1.
    let out = run("solve", Some("1B1W\nxx\n0B1W\n0B0W\n2B1W\n"));
    assert_eq!(out.status.code(), Some(1));
    assert!(common::stderr(&out).contains("could have been"));
    // Nothing to fix or undo yet.
    let out = run("solve", Some("fix 1 1B1W\nundo\n"));
    assert_eq!(out.status.code(), Some(2));
    let err = common::stderr(&out);
    assert!(err.contains("no answer to fix yet"), "{err}");
    assert!(err.contains("nothing to undo"), "{err}");
    assert!(err.contains("after 0 answers"), "{err}");
}

#[test]
fn lines_that_are_not_utf8_are_bad_lines_too() {
    let lossy = "12\u{fffd}4";
    // play, piped text: the message, then the game goes on.
    let out = run_bytes(&["play", "--seed", "1"], b"12\xff4\n0011\n");
    assert!(out.status.success());
    let err = common::stderr(&out);
    assert!(
        err.contains(lossy) && err.contains("not valid UTF-8"),
        "{err}"
    );
    assert!(
        err.contains("expected a guess (4 symbols from 0-5, symbols may repeat)"),
        "{err}"
    );
    assert!(stdout(&out).contains("0011"));
    // play --json: error object, exit 2.
    let out = run_bytes(&["play", "--seed", "1", "--json"], b"0011\n12\xff4\n");
    assert_eq!(out.status.code(), Some(2));
    let lines = only_json_objects(&out);
    assert!(lines[1]["error"].as_str().unwrap().contains(lossy));
    // solve, piped text: asked again, then solved.
    let out = run_bytes(&["solve"], b"1B1W\n\xfe\xff\n0B1W\n2B1W\n0B2W\n4B0W\n");
    assert!(out.status.success(), "{}", common::stderr(&out));
    let err = common::stderr(&out);
    assert!(
        err.contains("reply \"\u{fffd}\u{fffd}\" is not valid UTF-8"),
        "{err}"
    );
    assert!(err.contains("expected a reply such as 1B2W"), "{err}");
    // solve --json: exit 2 with an error object.
    let out = run_bytes(&["solve", "--json"], b"1B1W\n0B1W\xc3\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        only_json_objects(&out).last().unwrap()["error"]
            .as_str()
            .unwrap()
            .contains("0B1W\u{fffd}")
    );
}

#[test]
fn hint_json_errors_are_json_objects_with_the_diagnosis_of_solve() {
    // Bad input: an error object on stdout, one line on stderr, exit 2.
    for args in [
        &["hint", "--history", "0011:1B1W,0023", "--json"][..],
        &[
            "hint",
            "--history",
            "0011:1B1W",
            "--strategy",
            "nope",
            "--json",
        ][..],
        &["hint", "--history-file", "/no/such/file", "--json"][..],
    ] {
        let out = run_args(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let lines = only_json_objects(&out);
        assert_eq!(lines.len(), 1);
        let msg = lines[0]["error"].as_str().unwrap();
        assert_eq!(
            common::stderr(&out).trim_end(),
            format!("codebreak: {msg}"),
            "{args:?}"
        );
    }
    // A contradiction: the same diagnosis as solve --json gives for the same moves.
    let replies = ["1B1W", "0B0W", "0B0W", "0B0W", "0B0W"];
    let out = run("solve --json", Some(&(replies.join("\n") + "\n")));
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    let guesses: Vec<&str> = lines.iter().filter_map(|v| v["guess"].as_str()).collect();
    let history: Vec<String> = guesses
        .iter()
        .zip(replies)
        .map(|(g, r)| format!("{g}:{r}"))
        .collect();
    let solve_diagnosis = &lines.last().unwrap()["diagnosis"];
    let out = run_args(&["hint", "--history", &history.join(","), "--json"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = only_json_objects(&out);
    assert_eq!(lines.len(), 1);
    assert!(lines[0]["error"].as_str().unwrap().contains("answer"));
    assert_eq!(&lines[0]["diagnosis"], solve_diagnosis);
    assert!(lines[0]["diagnosis"]["suspects"][0]["corrections"][0]["replies"].is_array());
}

#[test]
fn bulls_replies_are_explained_in_bulls_words_and_counts_agree_in_number() {
    let out = run_args(&["hint", "--game", "bulls", "--history", "0123:3A1B"], None);
    assert_fails(
        &out,
        2,
        &["\"3A1B\"", "all but one digit is an A", "cannot be a B"],
    );
    assert!(!common::stderr(&out).contains("black"));
    let out = run_args(&["hint", "--game", "bulls", "--history", "0123:3A2B"], None);
    assert_fails(&out, 2, &["A and B together exceed the digits"]);
    let out = run_args(&["hint", "--history", "0011:3B2W"], None);
    assert_fails(&out, 2, &["black and white together exceed the pegs"]);
    // One answer, one guess.
    assert_fails(&run("solve", Some("1B1W\n")), 2, &["(after 1 answer)"]);
    let out = run("solve", Some("1B1W\nquit\n"));
    assert!(
        stdout(&out).contains("Stopped after 1 guess."),
        "{}",
        stdout(&out)
    );
    let out = run_args(
        &["hint", "--pegs", "1", "--colors", "2", "--history", "0:0B"],
        None,
    );
    let text = stdout(&out);
    assert!(text.contains("remaining  1 secret: 1\n"), "{text}");
    assert!(text.contains(" 1 reply, "), "{text}");
    let out = run_args(
        &[
            "play",
            "--pegs",
            "1",
            "--colors",
            "2",
            "--attempts",
            "1",
            "--secret",
            "1",
        ],
        Some("1\n"),
    );
    let text = stdout(&out);
    assert!(text.contains("1 symbol from 01"), "{text}");
    assert!(text.contains("; 1 attempt."), "{text}");
    assert!(text.contains("You found 1 in 1 guess."), "{text}");
}

#[test]
fn history_files_skip_a_bom_name_file_and_line_and_read_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("moves.txt");
    let path = file.to_str().unwrap();
    std::fs::write(
        &file,
        "\u{feff}# a game, with commas\n0011 1 1\n\n0023 0B1W\n",
    )
    .unwrap();
    let from_file = run_args(&["hint", "--history-file", path, "--json"], None);
    assert!(from_file.status.success(), "{}", common::stderr(&from_file));
    let direct = run_args(
        &["hint", "--history", "0011:1B1W,0023:0B1W", "--json"],
        None,
    );
    assert_eq!(stdout(&from_file), stdout(&direct));
    // Standard input with -.
    let from_stdin = run_args(
        &["hint", "--history-file", "-", "--json"],
        Some("\u{feff}0011 1 1\n0023 0B1W\n"),
    );
    assert_eq!(stdout(&from_stdin), stdout(&direct));
    // Errors name the file and line.
    std::fs::write(&file, "# a game\n0011 1 1\n\n0023 0B9W\n").unwrap();
    let out = run_args(&["hint", "--history-file", path], None);
    assert_fails(&out, 2, &[&format!("{path}:4: move 2 \"0023 0B9W\"")]);
    let out = run_args(&["hint", "--history-file", "-"], Some("0011 1 1\n0023\n"));
    assert_fails(&out, 2, &["<stdin>:2: move 2 \"0023\""]);
    std::fs::write(&file, b"0011 1 1\n0023 0B1W\xff\n").unwrap();
    let out = run_args(&["hint", "--history-file", path], None);
    assert_fails(&out, 2, &[&format!("{path}:2: not valid UTF-8")]);
}

#[test]
fn hint_and_contradiction_lists_read_well() {
    // --show 0: the count alone, without an empty list.
    let out = run_args(&["hint", "--history", "0011:1B0W", "--show", "0"], None);
    let text = stdout(&out);
    assert!(text.contains("remaining  256 secrets\n"), "{text}");
    // Six values of the suspect answer: all named, none cut off as "or 3 more", the
    // nearest to what was typed first.
    let out = run_args(&["hint", "--history", "0011:0B0W,0123:4B0W"], None);
    assert_fails(
        &out,
        1,
        &[
            "0B1W (76 secrets)",
            "could have been 2B0W (16 secrets), or 1B0W",
            "answer 2 (0123 4B0W)",
        ],
    );
    assert!(!common::stderr(&out).contains("more"));
}

#[test]
fn a_closed_standard_output_ends_the_run_quietly() {
    for args in [
        &["hint", "--history", "0011:1B0W", "--show", "300"][..],
        &["hint", "--history", "0011:1B0W", "--show", "300", "--json"][..],
        &["analyze", "--strategy", "first"][..],
        &["solve", "--secret", "3141"][..],
        &["play", "--seed", "1", "--json"][..],
    ] {
        let mut child = common::spawn(args);
        // The reader goes away before anything is written.
        drop(child.stdout.take());
        {
            use std::io::Write;
            let mut input = child.stdin.take().unwrap();
            let _ = input.write_all(b"0011\n1234\n");
        }
        let out = child.wait_with_output().unwrap();
        let err = common::stderr(&out);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[test]
fn solve_end_of_input_at_a_terminal_is_quit() {
    // `script` (util-linux) runs the command on a pseudo-terminal and passes the end of its
    // own input on as Ctrl-D.
    let has_script = std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_script {
        eprintln!("skipped: `script` (util-linux) is not installed");
        return;
    }
    let cmd = format!("{} solve --color never", env!("CARGO_BIN_EXE_codebreak"));
    let out = run_script(&cmd, "1B1W\n");
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("Stopped after 1 guess."), "{text}");
    // At a terminal a contradiction is explained and the prompt asks again.
    let out = run_script(&cmd, "1B1W\n0B1W\n0B0W\n2B1W\nfix 1 1B1W\n");
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("could have been"), "{text}");
    assert!(text.contains("or answer guess 3 again"), "{text}");
    assert!(text.contains("answer 1 is now 1B1W"), "{text}");
    assert!(text.contains("Stopped after 3 guesses."), "{text}");
    // Piped, the end of input is still an error.
    assert_fails(&run("solve", Some("1B1W\n")), 2, &["input ended"]);
}

fn run_script(cmd: &str, input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("script")
        .args(["-qec", cmd, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn hint_leaves_two_phase_out_after_a_move_it_would_not_play() {
    let out = run("hint --history 0011:1B0W --all", None);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(!text.contains("two-phase   "), "{text}");
    assert!(
        text.contains("note") && text.contains("guess 1 (0011)"),
        "{text}"
    );
    // Its own moves: two-phase is listed, with no note.
    let out = run("hint --history 0000:1B0W,1111:0B0W --all", None);
    let text = stdout(&out);
    assert!(text.contains("two-phase       2222"), "{text}");
    assert!(!text.contains("note"), "{text}");
    // Asked for by name, it is left out too, with the reason, as in the web API.
    let out = run("hint --history 0011:1B0W --strategy two-phase --json", None);
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["suggestions"].as_array().unwrap().len(), 0);
    assert!(v["guess"].is_null());
    assert!(
        v["omitted"][0]["why"]
            .as_str()
            .unwrap()
            .contains("own games")
    );
}

#[test]
fn review_prints_its_table_and_a_game_without_moves_has_no_luck() {
    let out = run(
        "review --history 0011:0B1W,1233:2B1W,1314:1B2W,1423:2B2W,1432:4B0W --secret 1432",
        None,
    );
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("secret  1432 (found in 5 moves)"), "{text}");
    assert!(text.contains("luck "), "{text}");
    // No moves: no luck either way, printed as +0.0 (an empty float sum is -0.0).
    let out = run("review --history= --secret 1432", None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(text.contains("luck +0.0 bits"), "{text}");
    let out = run("review --history= --secret 1432 --json", None);
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["luck"].as_f64().unwrap().to_string(), "0", "{v}");
}
