//! Games of one's own: a self-contained game file sent by the page, then played by its spec;
//! Wordle built in; files naming other files refused.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::App;

fn shipped(file: &str) -> String {
    let path = format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[tokio::test]
async fn a_game_file_loads_and_plays_by_its_spec() {
    let app = App::new();
    let loaded = app
        .ok(
            "POST",
            "/api/game-file",
            Some(json!({"text": shipped("twod.toml"), "name": "twod.toml"})),
        )
        .await;
    assert_eq!(loaded["name"], "twoD");
    let spec = loaded["game"].clone();
    assert_eq!(spec["game"], "custom");
    assert_eq!(spec["fingerprint"].as_str().unwrap().len(), 16);
    // It is listed, and a hint on it reads its own replies.
    let list = app.ok("GET", "/api/game-files", None).await;
    assert_eq!(list["games"][0]["game"], spec);
    let hint = app
        .ok(
            "POST",
            "/api/hint",
            Some(json!({"game": spec, "history": [{"guess": "22", "feedback": "low"}]})),
        )
        .await;
    // Secrets (x, y) with x >= 2 and y >= 2, other than 22: 9 - 1.
    assert_eq!(hint["remaining"], 8, "{hint}");
    // The game description says what the replies are.
    let d = app
        .ok("POST", "/api/game", Some(json!({"game": spec})))
        .await;
    let replies: Vec<&str> = d["replies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert!(
        replies.contains(&"mixed") && replies.contains(&"hit"),
        "{d}"
    );
}

#[tokio::test]
async fn wordle_is_built_in() {
    let app = App::new();
    let hint = app
        .ok(
            "POST",
            "/api/hint",
            Some(json!({"game": {"game": "wordle"}, "history": [
                {"guess": "salet", "feedback": "BBBBB"},
                {"guess": "courd", "feedback": "BBBBB"},
            ], "strategies": ["minimax"]})),
        )
        .await;
    assert_eq!(hint["remaining"], 14, "{hint}");
}

#[tokio::test]
async fn game_files_that_name_other_files_or_are_unknown_are_refused() {
    let app = App::new();
    app.fails(
        "POST",
        "/api/game-file",
        Some(json!({"text": shipped("wordle/wordle.toml"), "name": "wordle.toml"})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["wordlist_orig_all", "self-contained"],
    )
    .await;
    app.fails(
        "POST",
        "/api/game-file",
        Some(json!({"text": "rules = \"nonsense\"\n", "name": "bad.toml"})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["bad.toml", "nonsense"],
    )
    .await;
    app.fails(
        "POST",
        "/api/hint",
        Some(json!({"game": {"game": "custom", "fingerprint": "0123456789abcdef"}})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["0123456789abcdef", "load it again"],
    )
    .await;
}

#[tokio::test]
async fn list_games_are_described_with_their_words_rules_and_replies() {
    let app = App::new();
    // Wordle: its 12,972 words only on request; the end rule, hard mode, example replies.
    let d = app
        .ok(
            "POST",
            "/api/game",
            Some(json!({"game": {"game": "wordle"}})),
        )
        .await;
    assert_eq!(d["reply_style"], "wordle", "{d}");
    assert_eq!(d["default_attempts"], 6);
    assert_eq!(d["list"]["hard"], false);
    assert_eq!(d["list"]["end"], "guess");
    assert_eq!(d["list"]["guesses"], 12972);
    assert_eq!(d["list"]["secrets"], 2315);
    assert!(
        d["list"]["words"].is_null(),
        "too many words to list unasked"
    );
    let examples = d["examples"].as_array().unwrap();
    assert_eq!(examples.last().unwrap(), "GGGGG");
    assert!(examples.len() >= 2);
    let d = app
        .ok(
            "POST",
            "/api/game",
            Some(json!({"game": {"game": "wordle", "hard": true}, "words": true})),
        )
        .await;
    assert_eq!(d["list"]["hard"], true);
    assert_eq!(d["name"], "wordle, hard mode");
    let words = d["list"]["words"].as_array().unwrap();
    assert_eq!(words.len(), 12972);
    assert!(words.contains(&json!("salet")));
    // A game file: its words (few enough to list), its description and its own replies.
    let loaded = app
        .ok(
            "POST",
            "/api/game-file",
            Some(json!({"text": shipped("twod.toml"), "name": "twod.toml"})),
        )
        .await;
    let d = app
        .ok("POST", "/api/game", Some(json!({"game": loaded["game"]})))
        .await;
    assert_eq!(d["reply_style"], "names", "{d}");
    assert!(!d["list"]["description"].as_str().unwrap().is_empty());
    assert_eq!(d["list"]["words"].as_array().unwrap().len(), 25);
    assert_eq!(d["examples"].as_array().unwrap().last().unwrap(), "hit");
    // A built-in game is not a list game.
    let d = app
        .ok(
            "POST",
            "/api/game",
            Some(json!({"game": {"game": "mastermind"}})),
        )
        .await;
    assert!(d["list"].is_null());
    assert_eq!(d["reply_style"], "pegs");
}

/// The shipped counterfeit-coin family loads as the page sends it (one file), and every
/// strategy of the hint table suggests a weighing, never a coin: three coins left after two
/// weighings, none of them a guess of the game.
#[tokio::test]
async fn the_coin_game_loads_and_its_hints_are_weighings() {
    let app = App::new();
    let loaded = app
        .ok(
            "POST",
            "/api/game-file",
            Some(json!({"text": shipped("coins.toml"), "name": "coins.toml"})),
        )
        .await;
    let spec = loaded["game"].clone();
    let hint = app
        .ok(
            "POST",
            "/api/hint",
            Some(json!({"game": spec, "history": [
                {"guess": "abcd-efgh", "feedback": ">"},
                {"guess": "abe-cdf", "feedback": ">"},
            ], "strategies": ["minimax", "expected-size", "entropy", "most-parts"]})),
        )
        .await;
    assert_eq!(hint["remaining"], 3, "{hint}");
    let suggestions = hint["suggestions"].as_array().unwrap();
    assert_eq!(suggestions.len(), 4, "{hint}");
    for s in suggestions {
        let guess = s["guess"].as_str().unwrap();
        assert!(guess.contains('-') && !guess.ends_with('-'), "{s}");
    }
}
