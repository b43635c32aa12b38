//! Commands on games too large to list (more than 2^25 codes or more than 16 pegs): hint,
//! solve, play, analyze --sample and score reason on the clues with `codebreak-huge`.
//!
//! Project Euler 185 is read from the shared puzzle folder next to the workspace
//! (`../shared/puzzles/`, see its README); the test is skipped, saying so, when it is absent.
//! Its answer is written nowhere: the test checks that the one secret the CLI prints gives
//! every clue its reply, scoring it with the library.

mod common;

use std::path::PathBuf;

use codebreak_core::Alphabet;
use codebreak_huge::{Family, Game};
use common::{assert_fails, run, run_args, stderr, stdout};
use serde_json::Value;

/// The shared puzzle file `name`: in `shared/puzzles/` next to the workspace
/// (`CARGO_MANIFEST_DIR/../../../shared/puzzles/`) or next to any folder above it (a git
/// worktree sits deeper than the main checkout); `None`, with a message, when it is nowhere.
fn puzzle(name: &str) -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let found = manifest
        .ancestors()
        .skip(2)
        .map(|dir| dir.join("shared/puzzles").join(name))
        .find(|path| path.is_file());
    if found.is_none() {
        println!(
            "skipped: {name} is not in shared/puzzles next to {} or any folder above it",
            manifest.join("../..").display()
        );
    }
    found
}

fn json(out: &std::process::Output) -> Value {
    let text = stdout(out);
    let last = text
        .lines()
        .last()
        .unwrap_or_else(|| panic!("no output; stderr: {}", stderr(out)));
    serde_json::from_str(last).unwrap_or_else(|e| panic!("{last}: {e}"))
}

/// Project Euler 185's game: 16 digits, black pegs only.
const EULER_GAME: [&str; 8] = [
    "--game",
    "blackpeg",
    "--pegs",
    "16",
    "--colors",
    "10",
    "--alphabet",
    "0123456789",
];

#[test]
fn euler_185_hint_prints_the_one_secret_that_fits_every_clue() {
    let Some(path) = puzzle("euler185.txt") else {
        return;
    };
    let path = path.to_str().unwrap();
    let args = [&["hint"][..], &EULER_GAME, &["--history-file", path]].concat();
    let out = run_args(&args, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("remaining"))
        .unwrap_or_else(|| panic!("{text}"));
    let secret = line
        .strip_prefix("remaining  1 secret: ")
        .unwrap_or_else(|| panic!("exactly one secret expected: {line}"))
        .trim();
    // The secret fits every clue of the file, scored by the library.
    let game = Game::new(Family::BlackPeg, 16, 10, false).unwrap();
    let digits = Alphabet::default_for(10).unwrap();
    let code = game.parse_code(secret, &digits).unwrap();
    let clues = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    for l in clues.lines().filter(|l| !l.trim().is_empty()) {
        let clue = game.parse_clue(l, &digits).unwrap();
        assert_eq!(game.score(&code, &clue.guess), clue.reply, "clue {l}");
        n += 1;
    }
    assert_eq!(n, 22);
    // The same in JSON, in a listed game's shape: an exact count of 1 (a plain number), that
    // secret, and it as the next guess.
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&run_args(&with_json, None));
    assert_eq!(v["remaining"], 1);
    assert_eq!(v["candidates"], serde_json::json!([secret]));
    assert_eq!(v["guess"], secret);
    assert_eq!(v["suggestions"][0]["strategy"], "entropy");
    assert_eq!(v["suggestions"][0]["could_be_secret"], true);
}

/// The review of Euler 185's 22 clues, the secret being the one `hint` finds: it finishes
/// (about two minutes of two cores: the middle positions hold 10^6 to 10^9 secrets, each
/// counted exactly by search with dynamic-programme leaves), and counts agree move to move.
#[test]
#[ignore = "slow: about two minutes in a release build (scripts/slow-tests.sh)"]
fn euler_185_is_reviewed_to_its_last_clue() {
    let Some(path) = puzzle("euler185.txt") else {
        return;
    };
    let path = path.to_str().unwrap();
    let game = [&EULER_GAME[..], &["--history-file", path, "--json"]].concat();
    let hint = json(&run_args(&[&["hint"][..], &game[..]].concat(), None));
    let secret = hint["candidates"][0].as_str().unwrap().to_string();
    let out = run_args(
        &[&["review"][..], &game[..], &["--secret", &secret]].concat(),
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 22);
    assert_eq!(moves[0]["before"], serde_json::json!(10u64.pow(16)));
    // The clues leave exactly the secret: the count at the end is an exact 1.
    assert_eq!(moves[21]["left"], 1, "{}", moves[21]);
    assert_eq!(v["solved"], false);
    for pair in moves.windows(2) {
        assert_eq!(pair[0]["left"], pair[1]["before"]);
    }
}

#[test]
fn a_huge_hint_estimates_and_says_so() {
    // One Mastermind clue on 6^16 codes: too many to count by search, so an estimate with
    // its interval, marked as such.
    let out = run(
        "hint --pegs 16 --colors 6 --history 0011223344550123:3B7W --fit-sample 50 --show 3",
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("remaining  about "), "{text}");
    assert!(text.contains("(estimate, 95% interval"), "{text}");
    assert!(text.contains("note       estimated: "), "{text}");
    let v = json(&run(
        "hint --pegs 16 --colors 6 --history 0011223344550123:3B7W --fit-sample 50 --show 3 --json",
        None,
    ));
    // An estimate is an object where an exact count is a number.
    let r = &v["remaining"];
    assert!(r.is_object(), "{r}");
    assert!(r["method"].as_str().is_some_and(|m| !m.is_empty()), "{r}");
    let (low, value, high) = (
        r["low"].as_f64().unwrap(),
        r["estimate"].as_f64().unwrap(),
        r["high"].as_f64().unwrap(),
    );
    assert!(low <= value && value <= high && low > 0.0, "{r}");
    // The count of codes giving 3 black and 7 white to a 16-peg guess is below 6^16.
    assert!(high < 6f64.powi(16), "{r}");
    // The secrets listed fit the clue.
    let game = Game::new(Family::Mastermind, 16, 6, false).unwrap();
    let digits = Alphabet::default_for(6).unwrap();
    let guess = game.parse_code("0011223344550123", &digits).unwrap();
    let secrets = v["candidates"].as_array().unwrap();
    let fit = &v["suggestions"][0]["fit_sample"];
    assert_eq!(fit["secrets"], 50, "{fit}");
    assert_eq!(secrets.len(), 3);
    for s in secrets {
        let code = game.parse_code(s.as_str().unwrap(), &digits).unwrap();
        assert_eq!(game.score(&code, &guess), codebreak_huge::Reply::new(3, 7));
    }
}

#[test]
fn contradictions_name_the_smallest_set_of_clues() {
    // The second and third clues fix the secret to two different codes.
    let history = "1111111111111111:2,0123456789012345:16,0123456789012346:16";
    let out = run(
        &format!("hint --game blackpeg --pegs 16 --colors 10 --history {history}"),
        None,
    );
    assert_fails(
        &out,
        1,
        &[
            "no secret fits these 3 clues",
            "clues 2 and 3 already contradict each other",
            "no single clue does",
        ],
    );
    let out = run(
        &format!("hint --game blackpeg --pegs 16 --colors 10 --history {history} --json"),
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["conflict"], serde_json::json!([2, 3]));
    assert_eq!(v["quality"], "smallest");
    assert_eq!(v["clues"], 3);
}

#[test]
fn solve_breaks_a_16_peg_secret() {
    let out = run(
        "solve --pegs 16 --colors 6 --maker random --secret-seed 5 --fit-sample 60",
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let last_reply = text.lines().rfind(|l| l.contains("reply")).unwrap();
    assert_eq!(last_reply.trim(), "reply 16B0W", "{text}");
    let solved = text.lines().last().unwrap();
    assert!(solved.starts_with("Solved: "), "{text}");
    let guesses = text.lines().filter(|l| l.starts_with("guess ")).count();
    assert!(
        solved.ends_with(&format!("in {guesses} guesses.")),
        "{text}"
    );
    // Against a secret given on the command line, in JSON lines: the last state names it.
    let secret = "5432101234543210";
    let out = run(
        &format!("solve --pegs 16 --colors 6 --secret {secret} --fit-sample 60 --json"),
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["solved"], true);
    assert_eq!(v["secret"], secret);
}

#[test]
fn solve_reads_replies_and_refuses_contradictions() {
    // Replies typed by a person (piped): the first guess answered 16B0W ends the game.
    let out = run("solve --pegs 17 --colors 4", Some("17B0W\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("in 1 guess."), "{}", stdout(&out));
    // No white or black peg for a first guess that uses all four colours: no secret fits.
    let out = run("solve --pegs 17 --colors 4 --fit-sample 20", Some("0B0W\n"));
    assert_fails(
        &out,
        1,
        &["no secret fits this clue", "clue 1 alone fits no secret"],
    );
}

/// `remaining` at the reply prompt of a game too large to list writes the solve state of
/// every game with the count and the first secrets filled in, as on a listed game; `--verbose`
/// counts after each reply.
#[test]
fn solve_remaining_on_a_big_game_is_the_solve_state_filled_in() {
    let out = run(
        "solve --pegs 16 --colors 6 --fit-sample 20 --json",
        Some("remaining\n"),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let text = stdout(&out);
    let states: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(states.len(), 3, "{text}");
    assert_eq!(states[0]["remaining"], Value::Null, "{text}");
    assert_eq!(states[0]["number"], 1, "{text}");
    assert_eq!(states[1]["remaining"], 2821109907456u64, "{text}");
    assert_eq!(states[1]["candidates"].as_array().unwrap().len(), 10);
    assert_eq!(states[1]["guess"], states[0]["guess"]);
    assert!(states[2]["error"].as_str().unwrap().contains("input ended"));
    // Counted after each reply when asked, with the same words as a listed game (17 black
    // pegs of 2 colours: 131072 codes, reasoned for its pegs, counted at once).
    let out = run(
        "solve --game blackpeg --pegs 17 --colors 2 --fit-sample 20 --verbose",
        Some("5\n"),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("           6188 possible\n"),
        "{}",
        stdout(&out)
    );
}

/// `info` names a game too large to list through the session library, with its exact size.
#[test]
fn info_on_a_big_game_gives_its_size_unlisted() {
    let out = run("info --pegs 16 --colors 6 --json", None);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["listed"], false, "{v}");
    assert_eq!(v["secrets"], "2821109907456", "{v}");
    assert_eq!(v["guesses"], "2821109907456", "{v}");
    assert!(v["game"].as_str().unwrap().contains("16"), "{v}");
    let out = run("info --pegs 4 --colors 6 --json", None);
    assert_eq!(json(&out)["listed"], true);
}

#[test]
fn play_against_a_16_peg_secret() {
    let secret = "0123450123450123";
    let input = format!("0000000000000000\n{secret}\n");
    let out = run(
        &format!("play --pegs 16 --colors 6 --secret {secret}"),
        Some(&input),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("0000000000000000  3B0W"), "{text}");
    assert!(
        text.contains(&format!("You found {secret} in 2 guesses.")),
        "{text}"
    );
    // The same seed hides the same secret.
    let a = run(
        "play --pegs 16 --colors 6 --secret-seed 9 --json",
        Some("quit\n"),
    );
    let b = run(
        "play --pegs 16 --colors 6 --secret-seed 9 --json",
        Some("quit\n"),
    );
    assert_eq!(json(&a)["secret"], json(&b)["secret"]);
    assert_eq!(json(&a)["over"], true);
}

#[test]
fn analyze_plays_a_sample_of_secrets() {
    let out = run(
        "analyze --pegs 16 --colors 6 --sample 2 --fit-sample 40 --json",
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    // The report of a listed game's analysis, marked as a sample with its interval.
    assert_eq!(v["method"], "sampled", "{v}");
    assert_eq!(v["strategy"], "entropy", "{v}");
    assert_eq!(v["game"]["pegs"], 16, "{v}");
    assert_eq!(
        (v["secrets"].as_u64(), v["unfinished"].as_u64()),
        (Some(2), Some(0))
    );
    let hist: Vec<(u64, u64)> = v["histogram"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, n)| (k.parse().unwrap(), n.as_u64().unwrap()))
        .collect();
    assert_eq!(hist.iter().map(|&(_, n)| n).sum::<u64>(), 2);
    let total: u64 = hist.iter().map(|&(k, n)| k * n).sum();
    assert_eq!(v["total"].as_u64(), Some(total));
    assert!(total > 2, "{v}");
    let average = v["average"].as_f64().unwrap();
    assert_eq!(average, total as f64 / 2.0);
    let i = &v["interval"];
    assert_eq!(i["estimate"].as_f64(), Some(average));
    assert!(i["low"].as_f64().unwrap() <= average && average <= i["high"].as_f64().unwrap());
    let worst = hist.iter().filter(|&&(_, n)| n > 0).map(|&(k, _)| k).max();
    assert_eq!(v["worst"].as_u64(), worst);
    // A listed game's report says it played every secret, and has no interval.
    let v = json(&run("analyze --pegs 3 --colors 3 --json", None));
    assert_eq!(
        (v["method"].as_str(), v.get("interval")),
        (Some("exhaustive"), None)
    );
}

#[test]
fn score_on_huge_games() {
    let out = run(
        "score --game blackpeg --pegs 20 --colors 10 01234567890123456789 01234567899876543210",
        None,
    );
    assert_eq!(stdout(&out).trim(), "10");
    let out = run(
        "score --game bulls --pegs 10 --colors 36 0123456789 9876543210 --json",
        None,
    );
    assert_eq!(json(&out), serde_json::json!({"black": 0, "white": 10}));
}

#[test]
fn bad_input_on_huge_games() {
    let big = "--game blackpeg --pegs 20 --colors 10";
    assert_fails(
        &run(&format!("hint {big} --history 123:1"), None),
        2,
        &["line 1", "\"123\"", "3 pegs", "expected 20"],
    );
    assert_fails(
        &run(
            &format!("hint {big} --history 01234567890123456789:21"),
            None,
        ),
        2,
        &["21", "at most 20"],
    );
    assert_fails(
        &run(&format!("hint {big} --strategy minimax"), None),
        2,
        &["\"minimax\"", "expected entropy"],
    );
    assert_fails(
        &run(&format!("hint {big} --fit-sample 0"), None),
        2,
        &["--fit-sample", "0"],
    );
    assert_fails(
        &run("hint --fit-sample 10", None),
        2,
        &["fit-sample 10", "fits in memory"],
    );
    assert_fails(
        &run(&format!("hint {big} --find-time 0"), None),
        2,
        &["--find-time", "0"],
    );
    assert_fails(
        &run(&format!("hint {big} --find-time soon"), None),
        2,
        &["--find-time", "soon"],
    );
    assert_fails(
        &run("hint --find-time 5", None),
        2,
        &["find-time 5", "fits in memory"],
    );
    assert_fails(
        &run(&format!("solve {big} --find-time 90000"), None),
        2,
        &["--find-time", "90000"],
    );
    assert_fails(
        &run("solve --secret 1234 --find-time 5", None),
        2,
        &["find-time 5", "fits in memory"],
    );
    assert_fails(
        &run(&format!("solve {big} --secret 0123"), None),
        2,
        &["\"0123\"", "expected 20"],
    );
    assert_fails(
        &run(&format!("play {big} --maker adversarial"), None),
        2,
        &["adversarial", "expected random"],
    );
    assert_fails(
        &run(&format!("analyze {big} --sample off"), None),
        2,
        &["sample off", "10^20.0"],
    );
    assert_fails(
        &run(&format!("analyze {big} --sample 3 --tree t.json"), None),
        2,
        &["--tree"],
    );
    assert_fails(
        &run(
            "score --game bulls --pegs 10 --colors 36 0123456780 0123456789",
            None,
        ),
        2,
        &["\"0123456780\"", "repeats a symbol"],
    );
    assert_fails(
        &run("hint --pegs 20 --colors 40", None),
        2,
        &["40 symbols", "36"],
    );
}

#[test]
fn one_guess_with_two_replies_is_a_contradiction_found_at_once() {
    let out = run(
        "hint --game blackpeg --pegs 16 --colors 10 --history 0000000000000000:3,0000000000000000:5",
        None,
    );
    assert_fails(
        &out,
        1,
        &[
            "no secret fits these 2 clues",
            "and no fewer of them contradict each other",
        ],
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_run_with_exit_130() {
    // 1000 games of 16-peg Mastermind take many minutes: SIGINT after a second stops them.
    let child = common::spawn(&[
        "analyze", "--pegs", "16", "--colors", "6", "--sample", "1000",
    ]);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("the binary finishes");
    assert_fails(&out, 130, &["interrupted by Ctrl-C"]);
}

/// A history whose first fitting secret takes longer to find than `--find-time` allows is
/// reported as undecided (exit 1, one line naming the flag that gives more time).
#[test]
fn a_search_past_its_find_time_is_undecided() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzle24.txt");
    let start = std::time::Instant::now();
    let out = run(
        &format!("hint --game blackpeg --pegs 24 --colors 10 --find-time 1 --history-file {file}"),
        None,
    );
    assert_fails(
        &out,
        1,
        &["no secret found in 1 s", "34 clues", "--find-time SECONDS"],
    );
    assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
}

/// A contradiction that is a count across clues (3 zeros, 2 ones, yet 6 of `0000000011111111`
/// right) is refuted at once by the dynamic programme over positions, and its smallest set is
/// found; the search alone took 27 s and found no smaller set.
#[test]
fn a_contradiction_by_counting_is_refuted_at_once() {
    let start = std::time::Instant::now();
    let out = run(
        "hint --game blackpeg --pegs 16 --colors 10 --history 0000000000000000:3,2222222222222222:1,1111111111111111:2,0000000011111111:6",
        None,
    );
    assert_fails(
        &out,
        1,
        &[
            "no secret fits these 4 clues",
            "clues 1, 3 and 4 already contradict each other",
        ],
    );
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}

/// `play --json` on a game too large to list writes the listed games' play state: moves with
/// `feedback` and `reply`, `remaining` null until asked, then counted on `remaining`.
#[test]
fn a_big_play_state_has_the_listed_shape() {
    let secret = "01234567890123456789";
    let out = run(
        &format!("play --game blackpeg --pegs 20 --colors 10 --secret {secret} --json"),
        Some("00000000000000000000\nremaining\nquit\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    let after = &lines[0];
    assert_eq!(after["moves"][0]["feedback"], "2");
    assert_eq!(after["moves"][0]["reply"]["black"], 2);
    assert_eq!(after["moves"][0]["remaining"], Value::Null);
    assert_eq!(after["remaining"], Value::Null);
    assert_eq!(after["name"], "blackpeg 20 of 10");
    assert_eq!(after["maker"], "random");
    // Codes with exactly two zeros: C(20, 2) 9^18, past 2^64 (so written as a float).
    let counted = lines[1]["remaining"].as_f64().unwrap();
    assert_eq!(counted, (190 * 9u128.pow(18)) as f64);
    assert_eq!(lines[2]["outcome"], "gave-up");
    assert_eq!(lines[2]["secret"], secret);
}
