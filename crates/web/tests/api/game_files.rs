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

/// A game file that only sets a built-in game (the French article's medium game: Mastermind on
/// the alphabet YBGROP) keeps its identity: a fingerprint that names it in later requests and
/// in the page's address, its name and its paragraph.
#[tokio::test]
async fn a_file_of_a_built_in_game_has_a_fingerprint_and_a_description() {
    let app = App::new();
    let loaded = app
        .ok(
            "POST",
            "/api/game-file",
            Some(json!({"text": shipped("medium.toml"), "name": "medium.toml"})),
        )
        .await;
    let spec = loaded["game"].clone();
    assert_eq!(spec["game"], "custom", "{loaded}");
    assert_eq!(spec["fingerprint"].as_str().unwrap().len(), 16, "{loaded}");
    assert_eq!(loaded["name"], "Medium game (the French article)");
    assert!(
        loaded["description"]
            .as_str()
            .unwrap()
            .contains("Yellow, Blue"),
        "{loaded}"
    );
    // Listed by the same spec (what a reload of the page reads back).
    let list = app.ok("GET", "/api/game-files", None).await;
    assert_eq!(list["games"][0]["game"], spec, "{list}");
    // Described by that spec: the medium game's alphabet, its name and paragraph.
    let d = app
        .ok("POST", "/api/game", Some(json!({"game": spec})))
        .await;
    assert_eq!(d["alphabet"], json!(["Y", "B", "G", "R", "O", "P"]), "{d}");
    assert_eq!(d["secrets"], "360", "{d}");
    assert_eq!(d["name"], "Medium game (the French article)");
    assert_eq!(d["file"]["description"], loaded["description"]);
    // Played by that spec.
    let p = app
        .ok(
            "POST",
            "/api/play",
            Some(json!({"game": spec, "secret_seed": 3})),
        )
        .await;
    let p = app
        .ok(
            "POST",
            &format!("/api/play/{}/guess", p["id"].as_str().unwrap()),
            Some(json!({"guess": "YBGR"})),
        )
        .await;
    assert_eq!(p["moves"].as_array().unwrap().len(), 1, "{p}");
}

/// An empty file (or one of comments only) is refused, not read as Mastermind 4 × 6.
#[tokio::test]
async fn an_empty_game_file_is_refused() {
    let app = App::new();
    for text in ["", "\n  \n", "# only a comment\n"] {
        app.fails(
            "POST",
            "/api/game-file",
            Some(json!({"text": text, "name": "empty.toml"})),
            StatusCode::UNPROCESSABLE_ENTITY,
            &["empty.toml is empty", "rules"],
        )
        .await;
    }
    let list = app.ok("GET", "/api/game-files", None).await;
    assert_eq!(list["games"], json!([]));
}

/// The shipped coin game is self-contained and loads as the page sends it: its moves are
/// weighings.
#[tokio::test]
async fn the_shipped_coin_game_loads() {
    let app = App::new();
    let loaded = app
        .ok(
            "POST",
            "/api/game-file",
            Some(json!({"text": shipped("coins.toml"), "name": "coins.toml"})),
        )
        .await;
    assert_eq!(loaded["game"]["fingerprint"].as_str().unwrap().len(), 16);
    assert!(
        loaded["name"].as_str().unwrap().starts_with("12 coins"),
        "{loaded}"
    );
    // A game's summary speaks of weighings, and never of a weighing that "could not have
    // been the secret" (no weighing is a secret).
    let p = app
        .ok(
            "POST",
            "/api/play",
            Some(json!({"game": loaded["game"], "secret_seed": 1})),
        )
        .await;
    let id = p["id"].as_str().unwrap().to_string();
    for weighing in ["a-b", "c-d"] {
        app.ok(
            "POST",
            &format!("/api/play/{id}/guess"),
            Some(json!({"guess": weighing})),
        )
        .await;
    }
    let over = app.ok("DELETE", &format!("/api/play/{id}"), None).await;
    let summary = over["summary"].as_str().unwrap();
    assert!(summary.contains("after 2 weighings"), "{summary}");
    assert!(!summary.contains("secret given the earlier"), "{summary}");
    assert!(!summary.contains("guess"), "{summary}");
}

/// Wordle on today's NYT lists is built into the server, named by a key: 14855 guesses, 3158
/// secrets, hints on it, and a word of the NYT list that the original list lacks.
#[tokio::test]
async fn wordle_on_the_nyt_lists_is_built_in() {
    let app = App::new();
    let spec = json!({"game": "custom", "fingerprint": "wordle-nyt"});
    let d = app
        .ok("POST", "/api/game", Some(json!({"game": spec})))
        .await;
    assert_eq!(d["name"], "Wordle (NYT lists)");
    assert_eq!(d["reply_style"], "wordle");
    assert_eq!(d["list"]["guesses"], 14855);
    assert_eq!(d["list"]["secrets"], 3158);
    // The game's own spec (with its fingerprint) names it too.
    let own = d["game"].clone();
    assert_eq!(own["fingerprint"].as_str().unwrap().len(), 16, "{own}");
    let nyt = std::fs::read_to_string(format!(
        "{}/../../examples/games/wordle/wordlist_nyt20220830_all",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let orig = std::fs::read_to_string(format!(
        "{}/../../examples/games/wordle/wordlist_orig_all",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let old: std::collections::HashSet<&str> = orig.lines().collect();
    let new_word = nyt.lines().find(|w| !old.contains(w)).unwrap();
    let hint = app
        .ok(
            "POST",
            "/api/hint",
            Some(json!({"game": own, "history": [
                {"guess": "salet", "feedback": "BBBBB"},
                {"guess": new_word, "feedback": "BBBBB"},
            ], "strategies": ["minimax"]})),
        )
        .await;
    assert!(hint["remaining"].as_u64().unwrap() > 0, "{hint}");
    // The original Wordle refuses that word.
    app.fails(
        "POST",
        "/api/hint",
        Some(json!({"game": {"game": "wordle"}, "history": [
            {"guess": new_word, "feedback": "BBBBB"},
        ]})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &[new_word],
    )
    .await;
}

/// A word the player's own Wordle accepted but the list lacks: the game extended by it takes
/// it as a guess that cannot be the secret, and is not offered as a game file.
#[tokio::test]
async fn a_wordle_game_takes_words_outside_its_list() {
    let app = App::new();
    app.fails(
        "POST",
        "/api/hint",
        Some(json!({"game": {"game": "wordle"}, "history": [{"guess": "abcde", "feedback": "YYBBB"}]})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["abcde"],
    )
    .await;
    let extended = app
        .ok(
            "POST",
            "/api/game-extend",
            Some(json!({"game": {"game": "wordle"}, "guesses": ["ABCDE"]})),
        )
        .await;
    let spec = extended["game"].clone();
    let hint = app
        .ok(
            "POST",
            "/api/hint",
            Some(json!({"game": spec, "history": [{"guess": "abcde", "feedback": "YYBBB"}], "strategies": ["minimax"], "show": 200})),
        )
        .await;
    // The secrets that give YYBBB to abcde, counted with Wordle's rule.
    let (_, secrets) = codebreak_core::wordle::original_lists();
    let want = secrets
        .iter()
        .filter(|s| {
            let s = codebreak_core::wordle::word(s).unwrap();
            codebreak_core::wordle::format_reply(codebreak_core::wordle::score(b"abcde", &s))
                == "YYBBB"
        })
        .count();
    assert_eq!(hint["remaining"], want, "{hint}");
    assert!(want > 0);
    let list = app.ok("GET", "/api/game-files", None).await;
    assert_eq!(list["games"], json!([]), "not offered in the chooser");
    // Only Wordle games take words of one's own.
    app.fails(
        "POST",
        "/api/game-extend",
        Some(json!({"game": {"game": "mastermind"}, "guesses": ["abcde"]})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["only a Wordle game"],
    )
    .await;
}
