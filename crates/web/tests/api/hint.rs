//! Hints: counts, candidates and each strategy's reasons; two-phase continuing only its own
//! games; contradictions and bad input.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{App, MM};

#[tokio::test]
async fn hints_count_list_and_explain() {
    let app = App::new();
    let v = app
        .ok("POST", "/api/hint", Some(json!({"game": MM()})))
        .await;
    assert_eq!(v["remaining"], 1296);
    // The first of them, as many as the server shows.
    assert_eq!(v["candidates"].as_array().unwrap().len(), 20);
    assert_eq!(v["candidates"][0], "0000");
    let sug = v["suggestions"].as_array().unwrap();
    assert_eq!(sug.len(), 7, "every strategy applies to mastermind: {v}");
    let minimax = sug.iter().find(|s| s["strategy"] == "minimax").unwrap();
    assert_eq!(minimax["guess"], "0011");
    assert_eq!(minimax["largest_class"], 256);
    assert!(minimax["why"].as_str().unwrap().contains("at most 256"));
    let entropy = sug.iter().find(|s| s["strategy"] == "entropy").unwrap();
    assert!(entropy["why"].as_str().unwrap().contains("bits"));
    // After some moves: few secrets, listed.
    let v = app
        .ok(
            "POST",
            "/api/hint",
            Some(json!({"game": MM(), "history": [
            {"guess": "0011", "feedback": "1B0W"},
            {"guess": "0234", "feedback": "1B1W"},
        ], "strategies": ["minimax", "expected-size"], "show": 50})),
        )
        .await;
    let n = v["remaining"].as_u64().unwrap();
    assert!(n > 20 && n <= 50, "{v}");
    assert_eq!(v["candidates"].as_array().unwrap().len() as u64, n);
    assert_eq!(v["suggestions"].as_array().unwrap().len(), 2);
    // Bulls and Cows: two-phase does not apply, so the default list leaves it out.
    let v = app
        .ok(
            "POST",
            "/api/hint",
            Some(json!({"game": {"game": "bulls"}})),
        )
        .await;
    assert!(
        !v["suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["strategy"] == "two-phase")
    );
}

#[tokio::test]
async fn two_phase_hints_only_continue_its_own_games() {
    let app = App::new();
    let game = json!({"game": "mastermind", "pegs": 4, "colors": 10});
    let hint = |history: Value| {
        let body = json!({"game": game, "history": history});
        let app = &app;
        async move { app.ok("POST", "/api/hint", Some(body)).await }
    };
    let two_phase = |v: &Value| -> Option<Value> {
        v["suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["strategy"] == "two-phase")
            .cloned()
    };
    // Its own game (probes 0000, 1111 against the secret 1544): it continues with 2222.
    let own = hint(json!([
        {"guess": "0000", "feedback": "0B0W"},
        {"guess": "1111", "feedback": "1B0W"},
    ]))
    .await;
    assert_eq!(
        two_phase(&own).expect("two-phase suggests")["guess"],
        "2222"
    );
    assert_eq!(own["omitted"], json!([]));
    // Someone else's game: it would have said 0000 with one reply and no information; it is
    // left out with the reason, and the others still suggest.
    let other = hint(json!([
        {"guess": "0011", "feedback": "0B1W"},
        {"guess": "2345", "feedback": "1B0W"},
    ]))
    .await;
    assert!(two_phase(&other).is_none(), "{other}");
    assert_eq!(other["omitted"][0]["strategy"], "two-phase");
    let why = other["omitted"][0]["why"].as_str().unwrap();
    assert!(
        why.contains("only continues its own games") && why.contains("guess 1 (0011)"),
        "{why}"
    );
    assert_eq!(other["suggestions"].as_array().unwrap().len(), 6);
    // A game that starts as its own and then departs from it.
    let departed = hint(json!([
        {"guess": "0000", "feedback": "0B0W"},
        {"guess": "1234", "feedback": "1B0W"},
    ]))
    .await;
    assert!(
        departed["omitted"][0]["why"]
            .as_str()
            .unwrap()
            .contains("guess 2 (1234)")
    );
}

#[tokio::test]
async fn hints_diagnose_contradictions_and_refuse_bad_input() {
    let app = App::new();
    let c = app
        .fails(
            "POST",
            "/api/hint",
            Some(json!({"game": MM(), "history": [
                {"guess": "0011", "feedback": "4B0W"},
                {"guess": "2345", "feedback": "0B1W"},
            ]})),
            StatusCode::CONFLICT,
            &["answer 1 (0011 4B0W)"],
        )
        .await;
    assert!(!c["diagnosis"]["suspects"].as_array().unwrap().is_empty());
    let e = StatusCode::UNPROCESSABLE_ENTITY;
    app.fails("POST", "/api/hint", Some(json!({"game": MM(), "history": [{"guess": "0011", "feedback": "1B0W"}, {"guess": "0017", "feedback": "1B0W"}]})), e, &["history[1].guess", "'7'"]).await;
    app.fails(
        "POST",
        "/api/hint",
        Some(json!({"game": MM(), "history": [{"guess": "0011", "feedback": "ok"}]})),
        e,
        &["history[0].feedback", "\"ok\""],
    )
    .await;
    app.fails(
        "POST",
        "/api/hint",
        Some(json!({"strategies": []})),
        e,
        &["expected 1 to 16"],
    )
    .await;
    app.fails(
        "POST",
        "/api/hint",
        Some(json!({"strategies": ["oracle"]})),
        e,
        &["oracle"],
    )
    .await;
    app.fails(
        "POST",
        "/api/hint",
        Some(json!({"show": 1001})),
        e,
        &["show 1001", "expected 0 to 1000"],
    )
    .await;
    app.fails(
        "POST",
        "/api/hint",
        Some(json!({"game": {"game": "bulls", "pegs": 7}})),
        e,
        &["604800 codes", "hints"],
    )
    .await;
    let long: Vec<Value> = (0..1001)
        .map(|_| json!({"guess": "0011", "feedback": "1B0W"}))
        .collect();
    app.fails(
        "POST",
        "/api/hint",
        Some(json!({"history": long})),
        e,
        &["history: moves 1001 is out of range: expected 0 to 1000"],
    )
    .await;
}

#[tokio::test]
async fn the_exact_best_move_where_the_position_is_small() {
    let app = App::new();
    // The opening of MM(4,6) is too large to search: said why.
    let b = app
        .ok(
            "POST",
            "/api/best",
            Some(json!({"game": {"game": "mastermind", "pegs": 4, "colors": 6}})),
        )
        .await;
    assert_eq!(b["remaining"], 1296);
    assert!(b["exact"].is_null());
    assert!(b["why_not"].as_str().unwrap().contains("at most"), "{b}");
    // Two moves in, it is exact.
    let b = app
        .ok(
            "POST",
            "/api/best",
            Some(
                json!({"game": {"game": "mastermind", "pegs": 4, "colors": 6}, "history": [
                    {"guess": "0011", "feedback": "1B1W"},
                    {"guess": "1223", "feedback": "0B2W"},
                ]}),
            ),
        )
        .await;
    let exact = &b["exact"];
    assert!(exact["guess"].as_str().unwrap().len() == 4, "{b}");
    assert!(exact["expected"].as_f64().unwrap() >= 1.0);
    // Wordle, 14 words left: exact too (a list game's codes are indices, not colours).
    let b = app
        .ok(
            "POST",
            "/api/best",
            Some(json!({"game": {"game": "wordle"}, "history": [
                {"guess": "salet", "feedback": "BBBBB"},
                {"guess": "courd", "feedback": "BBBBB"},
            ]})),
        )
        .await;
    assert_eq!(b["remaining"], 14, "{b}");
    assert_eq!(b["exact"]["guess"].as_str().unwrap().len(), 5, "{b}");
    // A reply that cannot be read names its move.
    app.fails(
        "POST",
        "/api/best",
        Some(
            json!({"game": {"game": "wordle"}, "history": [{"guess": "salet", "feedback": "GGX"}]}),
        ),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["history[0].feedback"],
    )
    .await;
}

/// A guess and a reply checked as they are typed: each fault in the library's words, hard
/// mode's rule named, a Wordle word outside the list flagged as such.
#[tokio::test]
async fn typed_guesses_and_replies_are_checked() {
    let app = App::new();
    let check = |game: serde_json::Value, history: serde_json::Value, guess: &str| json!({"game": game, "history": history, "guess": guess});
    let wordle = json!({"game": "wordle"});
    let mut whys = Vec::new();
    for guess in ["abc", "salets", "12345", "abcde"] {
        let r = app
            .ok(
                "POST",
                "/api/check",
                Some(check(wordle.clone(), json!([]), guess)),
            )
            .await;
        assert_eq!(r["guess"]["ok"], false, "{guess}: {r}");
        let why = r["guess"]["why"].as_str().unwrap().to_string();
        assert!(why.contains(guess), "{guess}: {why}");
        whys.push(why);
    }
    // Only abcde is a five-letter word outside the list.
    let r = app
        .ok(
            "POST",
            "/api/check",
            Some(check(wordle.clone(), json!([]), "abcde")),
        )
        .await;
    assert_eq!(r["guess"]["outside_list"], true, "{r}");
    let r = app
        .ok(
            "POST",
            "/api/check",
            Some(check(wordle.clone(), json!([]), "salet")),
        )
        .await;
    assert_eq!(r["guess"], json!({"ok": true, "why": null}));
    // Hard mode: the rule broken, after the rows so far.
    let hard = json!({"game": "wordle", "hard": true});
    let rows = json!([{"guess": "salet", "feedback": "GBBBB"}]);
    let r = app
        .ok("POST", "/api/check", Some(check(hard, rows, "crane")))
        .await;
    assert_eq!(
        r["guess"]["why"], "hard mode: letter 1 must be S (green earlier)",
        "{r}"
    );
    // Mastermind: letters in a digit game, a wrong length; a reply that is not one.
    let mm = json!({"game": "mastermind", "pegs": 4, "colors": 6});
    for guess in ["abcd", "01234"] {
        let r = app
            .ok(
                "POST",
                "/api/check",
                Some(check(mm.clone(), json!([]), guess)),
            )
            .await;
        assert_eq!(r["guess"]["ok"], false, "{guess}: {r}");
        eprintln!("{r}");
    }
    let r = app
        .ok(
            "POST",
            "/api/check",
            Some(json!({"game": mm, "guess": "0123", "feedback": "5B"})),
        )
        .await;
    assert_eq!(r["guess"]["ok"], true, "{r}");
    assert_eq!(r["feedback"]["ok"], false, "{r}");
    assert!(whys[0].contains("has 3 letters"), "{whys:?}");
    assert!(whys[1].contains("has 6 letters"), "{whys:?}");
    assert!(whys[2].contains("not a letter"), "{whys:?}");
    assert!(whys[3].contains("not a word of the list"), "{whys:?}");
}
