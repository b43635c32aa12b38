//! `play`, `solve` and `hint` driven through their JSON-lines protocols and piped input.

mod common;

use common::{assert_fails, run, run_args, stdout};
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
    let lines = json_lines(&played);
    assert_eq!(lines.len(), guesses.len() + 1);
    for (i, (line, g)) in lines.iter().zip(&guesses).enumerate() {
        assert_eq!(line["guess"], g.as_str());
        assert_eq!(line["attempts_left"], 10 - (i as u64 + 1));
        assert!(line["feedback"].as_str().unwrap().ends_with('W'));
    }
    let end = lines.last().unwrap();
    assert_eq!(end["won"], true);
    assert_eq!(end["secret"], secret);
    assert_eq!(end["guesses"], guesses.len() as u64);
}

#[test]
fn play_json_lost_game_reveals_the_secret_only_at_the_end() {
    let input = "0000\n1111\n";
    let out = run_args(
        &["play", "--seed", "9", "--attempts", "2", "--json"],
        Some(input),
    );
    assert!(out.status.success());
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert!(lines[0].get("secret").is_none() && lines[1].get("secret").is_none());
    assert_eq!(lines[2]["won"], false);
    let secret = lines[2]["secret"].as_str().unwrap().to_string();
    assert_eq!(secret.len(), 4);
    // Same seed, same secret.
    let again = json_lines(&run_args(
        &["play", "--seed", "9", "--attempts", "1", "--json"],
        Some("0000\n"),
    ));
    assert_eq!(again.last().unwrap()["secret"], secret.as_str());
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
    assert_eq!(lines[0]["feedback"], "0A1B");
    assert_eq!(lines.last().unwrap()["won"], false);
}

#[test]
fn play_bad_guess_in_json_mode_is_exit_2_with_an_error_object() {
    let out = run_args(&["play", "--seed", "1", "--json"], Some("0011\n12x4\n"));
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert!(lines[1]["error"].as_str().unwrap().contains("12x4"));
    // Piped text mode: the bad line is reported and the game goes on.
    let out = run_args(&["play", "--seed", "1"], Some("12x4\n0011\n"));
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
        if last.get("solved").is_some() {
            assert_eq!(last["solved"], "3141");
            assert_eq!(last["guesses"], answers.len() as u64);
            assert!(lines[0]["remaining"] == 1296);
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
    assert_eq!(json_lines(&out).last().unwrap()["solved"], "3141");
    let out = run(
        "solve --json",
        Some("1B1W\nundo\n1B1W\n0B1W\n2B1W\n0B2W\n4B0W\n"),
    );
    assert_eq!(json_lines(&out).last().unwrap()["solved"], "3141");
}

#[test]
fn solve_unattended() {
    let out = run("solve --game bulls --secret 9876 --strategy entropy", None);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Solved: 9876"));
    let out = run("solve --maker adversarial --json", None);
    let last = json_lines(&out).last().cloned().unwrap();
    assert!(last["guesses"].as_u64().unwrap() <= 5);
    let out = run("solve --maker random --maker-seed 4 --json", None);
    assert!(out.status.success());
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
    assert_eq!(v["suggestions"].as_array().unwrap().len(), 7);
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
