//! Games of one's own: `--game-file` and `--game wordle` on every command, with the figures of
//! the French article's games, counterfeit coins and Wordle.

mod common;

use common::{assert_fails, run_args, stdout};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let out = run_args(args, None);
    assert!(out.status.success(), "{args:?}: {}", common::stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// Where the shipped game files are, from this crate.
fn game(file: &str) -> String {
    format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn histogram(v: &Value) -> Vec<u64> {
    let h = v["histogram"].as_object().expect("histogram object");
    let mut pairs: Vec<(u64, u64)> = h
        .iter()
        .map(|(k, n)| (k.parse().unwrap(), n.as_u64().unwrap()))
        .collect();
    pairs.sort();
    pairs.into_iter().map(|(_, n)| n).collect()
}

#[test]
fn the_medium_game_file_gives_the_articles_figures() {
    let f = game("medium.toml");
    let a = json(&[
        "analyze",
        "--game-file",
        &f,
        "--strategy",
        "entropy",
        "--json",
    ]);
    // The French article: 7 / 55 / 229 / 69 secrets in 2 / 3 / 4 / 5 guesses with entropy.
    assert_eq!(a["secrets"], 360);
    assert_eq!(&histogram(&a)[1..], [7, 55, 229, 69]);
}

#[test]
fn twod_written_as_a_script_plays_like_the_builtin_game() {
    let f = game("twod.toml");
    for strategy in ["minimax", "entropy", "expected-size", "most-parts", "first"] {
        let file = json(&[
            "analyze",
            "--game-file",
            &f,
            "--strategy",
            strategy,
            "--json",
        ]);
        let builtin = json(&[
            "analyze",
            "--game",
            "twod",
            "--strategy",
            strategy,
            "--json",
        ]);
        for key in ["secrets", "total", "worst", "histogram"] {
            assert_eq!(file[key], builtin[key], "{strategy} {key}");
        }
    }
    let file = json(&[
        "optimal",
        "--game-file",
        &f,
        "--objective",
        "worst",
        "--json",
    ]);
    let builtin = json(&[
        "optimal",
        "--game",
        "twod",
        "--objective",
        "worst",
        "--json",
    ]);
    assert_eq!(file["worst"], builtin["worst"]);
    assert_eq!(file["worst"], 4);
}

#[test]
fn counterfeit_coins_end_when_the_coin_is_known() {
    let f = game("coins.toml");
    let a = json(&[
        "analyze",
        "--game-file",
        &f,
        "--strategy",
        "minimax",
        "--json",
    ]);
    // Twelve coins, one heavier or lighter: 24 secrets, found in three weighings.
    assert_eq!(a["secrets"], 24);
    assert_eq!(a["worst"], 3);
    // The hint after one weighing names the 8 coins left, and once one is left it is known.
    let h = json(&[
        "hint",
        "--game-file",
        &f,
        "--history",
        "abcd-efgh:<",
        "--json",
    ]);
    assert_eq!(h["remaining"], 8);
    // Three coins left, none of them a weighing: every strategy weighs (it once suggested the
    // coin a+, a secret played as if it were the first weighing).
    let h = json(&[
        "hint",
        "--game-file",
        &f,
        "--history",
        "abcd-efgh:>,abe-cdf:>",
        "--all",
        "--json",
    ]);
    assert_eq!(h["remaining"], 3);
    let suggestions = h["suggestions"].as_array().unwrap();
    assert!(suggestions.len() >= 4, "{h}");
    for s in suggestions {
        let guess = s["guess"].as_str().unwrap();
        assert!(guess.contains('-') && !guess.ends_with('-'), "{s}");
        assert_eq!(s["largest_class"], 1, "{s}");
        assert_eq!(s["could_be_secret"], false, "{s}");
    }
    let h = json(&[
        "hint",
        "--game-file",
        &f,
        "--history",
        "abcd-efgh:<,abe-cdf:>,c-d:>",
        "--json",
    ]);
    assert_eq!(h["remaining"], 1);
    assert_eq!(h["solved"], "d-");
    assert!(h["suggestions"].as_array().unwrap().is_empty(), "{h}");
    // The computer weighs against a random codemaker and names the coin.
    let out = run_args(
        &[
            "solve",
            "--game-file",
            &f,
            "--maker",
            "random",
            "--secret-seed",
            "3",
        ],
        None,
    );
    assert!(out.status.success(), "{}", common::stderr(&out));
    let text = stdout(&out);
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("Known: ") && last.ends_with(" in 3 guesses."),
        "{text}"
    );
}

#[test]
fn wordle_after_salet_and_courd() {
    // alex1770/wordle: after salet BBBBB, courd BBBBB, 14 secrets remain.
    let h = json(&[
        "hint",
        "--game",
        "wordle",
        "--history",
        "salet:BBBBB,courd:.....",
        "--show",
        "20",
        "--json",
    ]);
    assert_eq!(h["remaining"], 14);
    let cands: Vec<&str> = h["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(
        cands.contains(&"nymph") && cands.contains(&"whiff"),
        "{cands:?}"
    );
    // The same game from its file.
    let f = game("wordle/wordle.toml");
    let from_file = json(&[
        "hint",
        "--game-file",
        &f,
        "--history",
        "SALET:⬛⬛⬛⬛⬛,courd:bbbbb",
        "--show",
        "20",
        "--json",
    ]);
    assert_eq!(from_file["remaining"], 14);
    assert_eq!(from_file["candidates"], h["candidates"]);
    // Scores in Wordle's colours.
    let out = run_args(&["score", "--game", "wordle", "abide", "speed"], None);
    assert_eq!(stdout(&out).trim(), "BBYBY", "{}", common::stderr(&out));
}

#[test]
fn list_games_refuse_what_is_not_theirs() {
    let out = run_args(
        &["hint", "--game", "wordle", "--history", "sal3t:BBBBB"],
        None,
    );
    assert_fails(&out, 2, &["sal3t", "not a guess of wordle"]);
    let out = run_args(
        &["hint", "--game", "wordle", "--history", "salet:BBQBB"],
        None,
    );
    assert_fails(&out, 2, &["BBQBB", "G (green)"]);
    let out = run_args(&["hint", "--game", "mastermind", "--hard"], None);
    assert_fails(&out, 2, &["hard mode is Wordle's"]);
    let out = run_args(&["hint", "--game-file", &game("twod.toml"), "--hard"], None);
    assert_fails(&out, 2, &["twod.toml", "--hard", "not a Wordle game"]);
    let out = run_args(
        &["analyze", "--game-file", &game("twod.toml"), "--pegs", "4"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let out = run_args(&["analyze", "--game-file", "no/such/game.toml"], None);
    assert_fails(&out, 2, &["no/such/game.toml"]);
}

#[test]
fn optimal_on_game_files_equals_the_builtin_games() {
    // twoD as a script (a list game, no symmetry) and the medium game (the built-in rule on
    // generated codes): the optimum of the built-in game, for both objectives.
    for (file, builtin) in [
        ("twod.toml", &["--game", "twod"][..]),
        ("medium.toml", &["--distinct-secret"][..]),
    ] {
        for objective in ["expected", "worst"] {
            let f = game(file);
            let mine = json(&[
                "optimal",
                "--game-file",
                &f,
                "--objective",
                objective,
                "--json",
                "--self-check",
            ]);
            let mut args = vec!["optimal", "--objective", objective, "--json"];
            args.extend_from_slice(builtin);
            let theirs = json(&args);
            assert_eq!(mine["total"], theirs["total"], "{file} {objective}");
            assert_eq!(mine["worst"], theirs["worst"], "{file} {objective}");
            assert_eq!(mine["self_check"]["total"], mine["total"], "{file}");
        }
    }
}

#[test]
fn optimal_trees_of_game_files_are_read_back_by_verify() {
    let dir = std::env::temp_dir().join(format!("codebreak-optimal-trees-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (file, objective) in [("coins3/coins3.toml", "worst"), ("twod.toml", "expected")] {
        let f = game(file);
        for format in ["json", "paths", "compact"] {
            let tree = dir.join(format!("{}.{format}", file.replace('/', "-")));
            let tree = tree.to_str().unwrap();
            let made = json(&[
                "optimal",
                "--game-file",
                &f,
                "--objective",
                objective,
                "--tree",
                tree,
                "--format",
                format,
                "--self-check",
                "--json",
            ]);
            let checked = json(&["verify", "--game-file", &f, tree, "--json"]);
            assert_eq!(checked["total"], made["total"], "{file} {format}");
            assert_eq!(checked["worst"], made["worst"], "{file} {format}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `info` says what a game is: for a game file its counts, replies, table and the symmetry
/// found from the table; for a built-in game the hand-written symmetry; for a game too large
/// to list, that it is.
#[test]
fn info_describes_a_game_and_its_symmetry() {
    let coins = json(&["info", "--game-file", &game("coins.toml"), "--json"]);
    assert_eq!(coins["guesses"], "36894");
    assert_eq!(coins["secrets"], "24");
    assert_eq!(coins["end"], "known");
    assert_eq!(coins["move"][1], "weighings");
    assert_eq!(coins["table"]["pairs"], 36894 * 24);
    // Any renaming of the 12 coins, and heavy and light exchanged: 2 * 12!.
    assert_eq!(coins["symmetry"]["order"], 2 * 479_001_600u64);
    assert_eq!(coins["symmetry"]["complete"], true);
    let thirteen = json(&[
        "info",
        "--game-file",
        &game("coins.toml"),
        "--set",
        "COINS=13",
        "--json",
    ]);
    assert_eq!(thirteen["symmetry"]["order"], 2 * 6_227_020_800u64);
    assert_ne!(thirteen["fingerprint"], coins["fingerprint"]);
    let none = json(&[
        "info",
        "--game-file",
        &game("coins.toml"),
        "--no-symmetry",
        "--json",
    ]);
    assert!(none["symmetry"].is_null());
    let text = stdout(&run_args(
        &["info", "--game-file", &game("coins.toml")],
        None,
    ));
    assert!(
        text.contains("symmetry    group of 958003200 elements (found in"),
        "{text}"
    );
    assert!(
        text.contains("end         when one secret is left; only the weighings count"),
        "{text}"
    );
    let mm = json(&["info", "--json"]);
    assert_eq!(mm["guesses"], "1296");
    assert_eq!(mm["symmetry"]["order"], "17280");
    let huge = json(&["info", "--pegs", "16", "--colors", "6", "--json"]);
    assert_eq!(huge["listed"], false);
    assert_eq!(huge["secrets"], 6u128.pow(16).to_string());
    assert_fails(
        &run_args(&["info", "--game-file", "no-such-file.toml"], None),
        2,
        &["no-such-file.toml"],
    );
}
