//! The game families shipped in `examples/games/`, each one file played at several sizes with
//! `--set`, against figures a formula or a proof by hand gives: counterfeit coins (Dyson
//! 1946), twenty questions (binary search), bags of gold (binary counts) and black-peg
//! Mastermind counted until the code is known.

mod common;

use common::{assert_fails, run_args, stdout};
use serde_json::Value;

/// Where the shipped game files are, from this crate.
fn game(file: &str) -> String {
    format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// `optimal --json --self-check` with `args`: the least worst case, then the least total.
fn optimal(args: &[&str]) -> Value {
    let mut all = vec!["optimal", "--objective", "worst", "--json", "--self-check"];
    all.extend_from_slice(args);
    let out = run_args(&all, None);
    assert!(out.status.success(), "{all:?}: {}", common::stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap_or_else(|e| panic!("{all:?}: {e}"))
}

/// The least number of weighings that finds the odd coin among `coins` and tells whether it is
/// heavier or lighter (Dyson 1946): the least `w` with `coins <= (3^w - 3) / 2`, or with
/// `coins <= (3^w - 1) / 2` when one more coin is known to be genuine.
fn dyson(coins: u64, genuine: bool) -> u64 {
    let room = |w: u32| (3u64.pow(w) - if genuine { 1 } else { 3 }) / 2;
    (1..).find(|&w| coins <= room(w)).expect("some w") as u64
}

fn coins(n: u64, genuine: bool) -> Value {
    let f = game("coins.toml");
    optimal(&[
        "--game-file",
        &f,
        "--set",
        &format!("COINS={n}"),
        "--set",
        &format!("GENUINE={genuine}"),
    ])
}

#[test]
fn counterfeit_coins_need_dysons_number_of_weighings() {
    for n in 3..=12 {
        let v = coins(n, false);
        assert_eq!(v["secrets"], 2 * n, "{n} coins");
        assert_eq!(v["worst"], dyson(n, false), "{n} coins");
    }
    for n in 1..=10 {
        let v = coins(n, true);
        assert_eq!(v["worst"], dyson(n, true), "{n} coins and a genuine one");
    }
    // Twelve coins: every secret needs all three weighings.
    assert_eq!(coins(12, false)["total"], 72);
    // Two coins and no genuine one: a- and b+ weigh alike whatever is done.
    let f = game("coins.toml");
    let out = run_args(&["analyze", "--game-file", &f, "--set", "COINS=2"], None);
    assert_fails(&out, 2, &["\"a-\" and \"b+\"", "tells them apart"]);
}

/// The sizes that take tens of seconds: 13 coins (4 weighings, 3 with a genuine coin).
#[test]
#[ignore = "slow: run with scripts/slow-tests.sh"]
fn thirteen_counterfeit_coins_need_dysons_number_of_weighings() {
    for (n, genuine) in [(13, false), (11, true), (12, true), (13, true)] {
        assert_eq!(
            coins(n, genuine)["worst"],
            dyson(n, genuine),
            "{n} {genuine}"
        );
    }
}

#[test]
fn set_names_the_bad_constant_or_value() {
    let f = game("coins.toml");
    let run = |set: &str| run_args(&["analyze", "--game-file", &f, "--set", set], None);
    assert_fails(&run("COIN=4"), 2, &["COIN", "COINS, GENUINE"]);
    assert_fails(&run("COINS=four"), 2, &["COINS=four", "whole number"]);
    assert_fails(&run("GENUINE=yes"), 2, &["GENUINE=yes", "true or false"]);
    assert_fails(&run("COINS"), 2, &["\"COINS\"", "NAME=VALUE"]);
    assert_fails(&run("COINS=27"), 2, &["COINS = 27", "1 to 26"]);
    let out = run_args(&["analyze", "--set", "COINS=4"], None);
    assert_eq!(out.status.code(), Some(2), "--set needs --game-file");
}

/// Yes/no questions about sets of `n` things: a question halves the things left at best, so
/// the least worst case is ceil(log2 n) and the least total the external path length of a
/// balanced binary tree with `n` leaves, `n·k + 2(n − 2^k)` with `k = floor(log2 n)`.
#[test]
fn twenty_questions_is_binary_search() {
    let f = game("questions.toml");
    for n in 2u64..=9 {
        let v = optimal(&["--game-file", &f, "--set", &format!("ITEMS={n}")]);
        let k = 63 - n.leading_zeros() as u64;
        let ceil = if n.is_power_of_two() { k } else { k + 1 };
        assert_eq!(v["worst"], ceil, "{n} things");
        assert_eq!(v["total"], n * k + 2 * (n - (1 << k)), "{n} things");
    }
}

/// Bags of gold. With 2^(b−1) coins to take from a bag, one weighing of 1, 2, 4, ... coins
/// names every counterfeit bag. With one coin a bag and 3 bags it takes 3: a weighing of t
/// coins has t + 1 replies; after a first weighing of 1 coin, 4 secrets differ in the other
/// two bags and 0/1 counts tell at most 3 of them apart; after 2 coins, the 4 secrets with one
/// of them counterfeit ({1}, {2}, {1,3}, {2,3}) need 4 replies, so all 3 bags, which gives {1}
/// and {2} the same; after 3 coins, the 3 secrets of one counterfeit bag need 3 replies from
/// 0/1 counts of one bag each. So no first weighing leaves classes a second can split.
#[test]
fn bags_of_gold_take_one_weighing_of_binary_counts() {
    let f = game("bags.toml");
    for bags in 1u32..=4 {
        let most = 1u32 << (bags - 1);
        let v = optimal(&[
            "--game-file",
            &f,
            "--set",
            &format!("BAGS={bags}"),
            "--set",
            &format!("MOST={most}"),
        ]);
        assert_eq!(v["secrets"], 1u64 << bags, "{bags} bags");
        assert_eq!(v["worst"], 1, "{bags} bags, {most} coins a bag");
        assert_eq!(v["total"], 1u64 << bags, "{bags} bags");
    }
    let v = optimal(&["--game-file", &f, "--set", "MOST=1"]);
    assert_eq!(v["worst"], 3, "3 bags, 1 coin a bag");
}

/// Black-peg Mastermind on generated codes, to the end `known`. With one peg a guess asks "is
/// it this colour?", which tells one secret at a time: c colours need c − 1 guesses, and the
/// total is 1 + 2 + ... + (c − 1) + (c − 1). The shipped file (3 × 4) stands between the
/// built-in game's figures and one guess fewer a secret: a strategy that ends on a guess knows
/// the code by then, and one that ends when the code is known guesses it next.
#[test]
fn black_peg_mastermind_until_the_code_is_known() {
    let dir = tempfile::tempdir().unwrap();
    for c in 2u64..=6 {
        let path = dir.path().join(format!("one-peg-{c}.toml"));
        std::fs::write(
            &path,
            format!("rules = \"blackpeg\"\nend = \"known\"\npegs = 1\ncolors = {c}\n"),
        )
        .unwrap();
        let v = optimal(&["--game-file", path.to_str().unwrap()]);
        assert_eq!(v["worst"], c - 1, "1 peg, {c} colours");
        assert_eq!(v["total"], c * (c - 1) / 2 + c - 1, "1 peg, {c} colours");
    }
    let known = optimal(&["--game-file", &game("blackpeg-known.toml")]);
    let guess = optimal(&["--game", "blackpeg", "--pegs", "3", "--colors", "4"]);
    let (wk, wg) = (known["worst"].as_u64(), guess["worst"].as_u64());
    let (wk, wg) = (wk.unwrap(), wg.unwrap());
    assert!(wg - 1 <= wk && wk <= wg, "worst {wk} known, {wg} guessed");
    assert_eq!(known["secrets"], guess["secrets"]);
    let out = run_args(
        &["analyze", "--game-file", &game("blackpeg-known.toml")],
        None,
    );
    assert!(
        stdout(&out).contains("experiments  secrets"),
        "{}",
        stdout(&out)
    );
}

/// Reports name a game's moves by its own word.
#[test]
fn reports_use_the_games_word_for_a_move() {
    let f = game("questions.toml");
    for cmd in ["analyze", "optimal"] {
        let out = run_args(&[cmd, "--game-file", &f], None);
        let text = stdout(&out);
        assert!(text.contains("questions  secrets"), "{cmd}: {text}");
    }
    let out = run_args(&["analyze", "--game", "bulls"], None);
    assert!(stdout(&out).contains("guesses  secrets"));
}
