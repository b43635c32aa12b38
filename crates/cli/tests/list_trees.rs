//! Trees and hard mode for list games from the command line: Selby's Wordle trees
//! (`../shared/wordle/`) replay to their published figures, hard mode is checked by `verify
//! --hard` and kept by every strategy, and JSON trees of games from game files name their game.

mod common;

use std::path::PathBuf;

use common::{assert_fails, run_args, stderr, stdout};
use serde_json::Value;

/// The folder of the Wordle data: `$CODEBREAK_WORDLE`, else `../shared/wordle` next to the
/// repository, else `/work/shared/wordle` (where CI machines keep it).
fn wordle_folder() -> PathBuf {
    let candidates = [
        std::env::var_os("CODEBREAK_WORDLE").map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/wordle")),
        Some(PathBuf::from("/work/shared/wordle")),
    ];
    let found = candidates
        .iter()
        .flatten()
        .find(|d| d.join("README.md").is_file());
    match found {
        Some(d) => d.clone(),
        None => panic!(
            "the Wordle data is missing: looked in {:?} (set CODEBREAK_WORDLE)",
            candidates.iter().flatten().collect::<Vec<_>>()
        ),
    }
}

fn wordle_file(name: &str) -> String {
    wordle_folder().join(name).to_string_lossy().into_owned()
}

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// `verify --json` with these arguments: (secrets, total, worst).
fn verified(args: &[&str]) -> (u64, u64, u64) {
    let mut all = vec!["verify", "--json"];
    all.extend_from_slice(args);
    let out = run_args(&all, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    (
        v["secrets"].as_u64().unwrap(),
        v["total"].as_u64().unwrap(),
        v["worst"].as_u64().unwrap(),
    )
}

fn tmp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("codebreak-list-trees-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn selbys_salet_trees_replay_and_hard_mode_is_checked() {
    let easy = wordle_file("salet.easy.origwords.tree");
    let hard = wordle_file("salet.hard.origwordlist.tree");
    assert_eq!(verified(&["--game", "wordle", &easy]), (2315, 7920, 5));
    assert_eq!(
        verified(&["--game", "wordle", "--hard", &hard]),
        (2315, 8122, 6)
    );
    // The normal-mode tree breaks hard mode: exit 1, the first illegal guess named.
    let out = run_args(&["verify", "--game", "wordle", "--hard", &easy], None);
    assert_fails(
        &out,
        1,
        &[
            "guess wimpy after salet BBBBB, courd YBBBB is not a legal guess",
            "hard mode says it must contain C (marked earlier)",
        ],
    );
}

#[test]
fn hard_mode_is_kept_by_hints_and_analyses() {
    // After salet BBBBB, courd YBBBB every guess must hold a C: normal mode's minimax plays
    // wimpy, hard mode's may not.
    let hint = |hard: bool| -> Vec<String> {
        let mut args = vec![
            "hint",
            "--game",
            "wordle",
            "--history",
            "salet:BBBBB,courd:YBBBB",
        ];
        args.extend(["--all", "--json"]);
        if hard {
            args.push("--hard");
        }
        let out = run_args(&args, None);
        assert!(out.status.success(), "{}", stderr(&out));
        let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
        v["suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["guess"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(hint(false).contains(&"wimpy".to_string()));
    let hard = hint(true);
    assert_eq!(hard.len(), 6);
    for g in &hard {
        assert!(g.contains('c'), "{g} breaks hard mode");
    }
    // A history with a guess hard mode does not allow is refused, naming it and the rule.
    for history in [
        "salet:BBBBB,courd:YBBBB,wimpy:BBBBB",
        "salet:GBBBB,crane:BBBBB",
    ] {
        let out = run_args(
            &["hint", "--game", "wordle", "--hard", "--history", history],
            None,
        );
        assert_fails(&out, 2, &["is not allowed in hard mode:"]);
    }
    let out = run_args(
        &[
            "hint",
            "--game",
            "wordle",
            "--hard",
            "--history",
            "salet:GBBBB,crane:BBBBB",
        ],
        None,
    );
    assert_fails(
        &out,
        2,
        &["guess crane is not allowed in hard mode: letter 1 must be S (green earlier)"],
    );
    // A whole analysis in hard mode keeps the rule: verify --hard passes on its tree.
    let tree = tmp("hard-minimax.json");
    let out = run_args(
        &[
            "analyze",
            "--game",
            "wordle",
            "--hard",
            "--first-guess",
            "salet",
            "--strategy",
            "minimax",
            "--tree",
            &tree,
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let figures = verified(&["--game", "wordle", "--hard", &tree]);
    assert_eq!(figures.0, 2315);
    assert_eq!(Some(figures.1), v["total"].as_u64(), "{v}");
    // And the tree names hard mode, so verify checks it without --hard too.
    assert_eq!(verified(&[&tree]), figures);
}

#[test]
fn json_trees_of_game_files_name_their_game() {
    let twod = example("twod.toml");
    let tree = tmp("twod.json");
    let out = run_args(
        &[
            "analyze",
            "--game-file",
            &twod,
            "-s",
            "minimax",
            "--tree",
            &tree,
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let (secrets, _, worst) = verified(&["--game-file", &twod, &tree]);
    assert_eq!((secrets, worst), (25, 4));
    assert_fails(
        &run_args(&["verify", &tree], None),
        2,
        &[
            "the tree is for the game \"twoD\", defined in a game file",
            "--game-file",
        ],
    );
    assert_fails(
        &run_args(
            &[
                "verify",
                "--game-file",
                &example("colour-count.toml"),
                &tree,
            ],
            None,
        ),
        2,
        &[
            "the tree is for the game \"twoD\" with fingerprint",
            "but the game given is",
        ],
    );
    // Paths of the same game read back to the same figures.
    let paths = tmp("twod.txt");
    let out = run_args(
        &[
            "analyze",
            "--game-file",
            &twod,
            "-s",
            "minimax",
            "--tree",
            &paths,
            "--format",
            "paths",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        verified(&["--game-file", &twod, &paths]),
        verified(&["--game-file", &twod, &tree])
    );
}

#[test]
fn strategies_that_guess_secrets_are_refused_where_secrets_may_not_be_guessed() {
    let coins = example("coins.toml");
    for s in ["first", "random", "two-phase"] {
        let out = run_args(&["hint", "--game-file", &coins, "--strategy", s], None);
        assert_fails(
            &out,
            2,
            &[
                &format!("strategy {s} does not apply"),
                "a secret may not be guessed",
            ],
        );
    }
    let out = run_args(
        &[
            "hint",
            "--game-file",
            &coins,
            "--strategy",
            "entropy",
            "--pool",
            "consistent",
        ],
        None,
    );
    assert_fails(&out, 2, &["pool consistent", "expected pool all"]);
}
