//! Letting a strategy break the user's secret: honest replies, contradictions with their suspects
//! and fixes, bad strategies and huge games.

use axum::http::StatusCode;
use codebreak_core::{Game, GameSpec};
use serde_json::json;

use crate::common::App;

/// The reply `secret` gives to `guess`, in the game's notation.
fn score(spec: &GameSpec, secret: &str, guess: &str) -> String {
    let game = Game::new(spec).unwrap();
    let s = game.parse_secret(secret).unwrap();
    let g = game.parse_guess(guess).unwrap();
    game.format_feedback(game.score(&s, &g))
}

#[tokio::test]
async fn the_computer_cracks_a_secret_from_honest_replies() {
    let app = App::new();
    for (spec, secret, strategy) in [
        (GameSpec::mastermind(4, 6), "3140", "minimax"),
        (GameSpec::bulls(4, 10), "4271", "entropy"),
        (
            GameSpec {
                kind: codebreak_core::GameKind::BlackPeg,
                ..GameSpec::mastermind(4, 5)
            },
            "2213",
            "two-phase",
        ),
    ] {
        let mut v = app
            .ok(
                "POST",
                "/api/solve",
                Some(json!({"game": spec, "strategy": strategy})),
            )
            .await;
        let id = v["id"].as_str().unwrap().to_string();
        assert!(v["strategy"].as_str().unwrap().starts_with(strategy));
        for _ in 0..15 {
            if v["solved"] == true {
                break;
            }
            let guess = v["guess"].as_str().unwrap().to_string();
            v = app
                .ok(
                    "POST",
                    &format!("/api/solve/{id}/reply"),
                    Some(json!({"feedback": score(&spec, secret, &guess)})),
                )
                .await;
        }
        assert_eq!(v["solved"], true, "{v}");
        assert_eq!(v["secret"], secret);
        assert!(v["summary"].as_str().unwrap().contains(secret));
        app.fails(
            "POST",
            &format!("/api/solve/{id}/reply"),
            Some(json!({"feedback": "0B0W"})),
            StatusCode::CONFLICT,
            &["already found"],
        )
        .await;
        let got = app.ok("GET", &format!("/api/solve/{id}"), None).await;
        assert_eq!(got["moves"], v["moves"]);
        app.ok("DELETE", &format!("/api/solve/{id}"), None).await;
        app.fails(
            "GET",
            &format!("/api/solve/{id}"),
            None,
            StatusCode::NOT_FOUND,
            &[],
        )
        .await;
    }
}

#[tokio::test]
async fn contradictory_replies_are_refused_with_the_suspect_answers() {
    let app = App::new();
    let spec = GameSpec::mastermind(4, 6);
    let secret = "1234";
    let v = app
        .ok(
            "POST",
            "/api/solve",
            Some(json!({"game": spec, "strategy": "minimax", "first_guess": "0011"})),
        )
        .await;
    let id = v["id"].as_str().unwrap().to_string();
    let reply = format!("/api/solve/{id}/reply");
    assert_eq!(v["guess"], "0011");
    assert_eq!(v["remaining"], 1296);
    // A mistyped first answer, then honest ones until no secret fits.
    let mut v = app
        .ok("POST", &reply, Some(json!({"feedback": "0B0W"})))
        .await;
    let conflict = loop {
        let guess = v["guess"].as_str().unwrap().to_string();
        let (status, body) = app
            .call(
                "POST",
                &reply,
                Some(json!({"feedback": score(&spec, secret, &guess)})),
            )
            .await;
        if status == StatusCode::CONFLICT {
            break body;
        }
        assert_eq!(status, StatusCode::OK, "{body}");
        v = body;
        assert!(v["solved"] == false, "solved a wrong history: {v}");
    };
    let msg = conflict["error"].as_str().unwrap();
    assert!(msg.contains("answer 1 (0011 0B0W)"), "{msg}");
    let suspects = conflict["diagnosis"]["suspects"].as_array().unwrap();
    assert!(
        suspects.iter().any(|s| s["answers"] == json!([1])),
        "answer 1 should be a suspect: {conflict}"
    );
    assert!(conflict["diagnosis"]["changes"].as_u64().unwrap() >= 1);
    // The refused reply changed nothing.
    let after = app.ok("GET", &format!("/api/solve/{id}"), None).await;
    assert_eq!(after["moves"], v["moves"]);
    // Correct answer 1 to its true value: the game goes on and finds the secret.
    let truth = score(&spec, secret, "0011");
    let e = StatusCode::UNPROCESSABLE_ENTITY;
    app.fails(
        "POST",
        &format!("/api/solve/{id}/correct"),
        Some(json!({"answer": 0, "feedback": truth})),
        e,
        &["answer 0 does not exist"],
    )
    .await;
    app.fails(
        "POST",
        &format!("/api/solve/{id}/correct"),
        Some(json!({"answer": 99, "feedback": truth})),
        e,
        &["expected 1 to"],
    )
    .await;
    app.fails(
        "POST",
        &format!("/api/solve/{id}/correct"),
        Some(json!({"answer": 1, "feedback": "3B1W"})),
        e,
        &["3B1W", "cannot happen"],
    )
    .await;
    let mut v = app
        .ok(
            "POST",
            &format!("/api/solve/{id}/correct"),
            Some(json!({"answer": 1, "feedback": truth})),
        )
        .await;
    for _ in 0..10 {
        if v["solved"] == true {
            break;
        }
        let guess = v["guess"].as_str().unwrap().to_string();
        v = app
            .ok(
                "POST",
                &reply,
                Some(json!({"feedback": score(&spec, secret, &guess)})),
            )
            .await;
    }
    assert_eq!(v["secret"], secret, "{v}");
    // Undo until nothing is left.
    let n = v["moves"].as_array().unwrap().len();
    for k in (0..n).rev() {
        let u = app
            .ok("POST", &format!("/api/solve/{id}/undo"), Some(json!({})))
            .await;
        assert_eq!(u["moves"].as_array().unwrap().len(), k);
        assert_eq!(u["solved"], false);
    }
    app.fails(
        "POST",
        &format!("/api/solve/{id}/undo"),
        Some(json!({})),
        StatusCode::CONFLICT,
        &["nothing to undo", "no answer given yet"],
    )
    .await;
    app.fails(
        "POST",
        &format!("/api/solve/{id}/correct"),
        Some(json!({"answer": 1, "feedback": "0B0W"})),
        e,
        &["no answer has been given"],
    )
    .await;
    app.fails(
        "POST",
        &reply,
        Some(json!({"feedback": "1B2"})),
        e,
        &["1B2", "not understood"],
    )
    .await;
    app.fails(
        "POST",
        &reply,
        Some(json!({"feedback": "5B0W"})),
        e,
        &["cannot happen"],
    )
    .await;
}

#[tokio::test]
async fn solve_refuses_bad_strategies_and_huge_games() {
    let app = App::new();
    let e = StatusCode::UNPROCESSABLE_ENTITY;
    app.fails(
        "POST",
        "/api/solve",
        Some(json!({"strategy": "psychic"})),
        e,
        &["psychic", "minimax"],
    )
    .await;
    app.fails(
        "POST",
        "/api/solve",
        Some(json!({"strategy": "first", "pool": "all"})),
        e,
        &["pool does not apply"],
    )
    .await;
    app.fails(
        "POST",
        "/api/solve",
        Some(json!({"first_guess": "9999"})),
        e,
        &["first_guess", "'9'"],
    )
    .await;
    app.fails(
        "POST",
        "/api/solve",
        Some(json!({"game": {"game": "bulls"}, "strategy": "two-phase"})),
        e,
        &["two-phase", "bulls"],
    )
    .await;
    app.fails(
        "POST",
        "/api/solve",
        Some(json!({"game": {"game": "mastermind", "pegs": 7, "colors": 7}})),
        e,
        &["823543 codes", "more than the 262144"],
    )
    .await;
}

/// Crack my secret on a game too large to list, through the same endpoints: the same state
/// (no count made at each answer, the sample the guess was chosen on), replies checked,
/// undone and corrected alike; a strategy that needs every secret listed is refused.
#[tokio::test]
async fn a_game_too_large_to_list_is_cracked_through_the_same_endpoints() {
    let app = App::new();
    let spec = GameSpec::mastermind(16, 6);
    let secret = "0123450123450123";
    let first = app
        .ok(
            "POST",
            "/api/solve",
            Some(json!({"game": spec, "strategy": "entropy", "fit_sample": 20})),
        )
        .await;
    assert_eq!(first["remaining"], serde_json::Value::Null, "{first}");
    assert_eq!(first["number"], 1);
    assert_eq!(first["fit_sample"]["secrets"], 20, "{first}");
    let id = first["id"].as_str().unwrap().to_string();
    let guess = first["guess"].as_str().unwrap().to_string();
    let v = app
        .ok(
            "POST",
            &format!("/api/solve/{id}/reply"),
            Some(json!({"feedback": score(&spec, secret, &guess)})),
        )
        .await;
    assert_eq!(v["moves"].as_array().unwrap().len(), 1);
    assert_eq!(v["number"], 2);
    // A reply the game cannot give names the field.
    app.fails(
        "POST",
        &format!("/api/solve/{id}/reply"),
        Some(json!({"feedback": "17B0W"})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["feedback: "],
    )
    .await;
    let v = app
        .ok("POST", &format!("/api/solve/{id}/undo"), Some(json!({})))
        .await;
    assert_eq!(v["moves"].as_array().unwrap().len(), 0);
    app.fails(
        "POST",
        "/api/solve",
        Some(json!({"game": spec, "strategy": "minimax"})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["minimax", "expected entropy"],
    )
    .await;
}
