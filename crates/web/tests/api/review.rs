//! Reviews of finished games: each move against the best one, verdicts, skill and luck; bad
//! input named by its field.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{App, MM};

#[tokio::test]
async fn a_game_is_reviewed_move_by_move() {
    let app = App::new();
    let v = app
        .ok(
            "POST",
            "/api/review",
            Some(json!({"game": MM(), "secret": "1234", "history": [
                {"guess": "0011", "feedback": "0B1W"},
                {"guess": "0011", "feedback": "0B1W"},
                {"guess": "1234", "feedback": "4B0W"},
            ]})),
        )
        .await;
    assert_eq!(v["secret"], "1234");
    assert_eq!(v["solved"], true);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[0]["before"], 1296);
    assert_eq!(moves[0]["best_by"], "entropy");
    assert_eq!(moves[0]["move"]["guess"], "0011");
    assert!(moves[0]["best"].as_str().unwrap().len() == 4);
    assert_eq!(moves[1]["repeated"], true);
    assert!(
        moves[1]["verdict"]
            .as_str()
            .unwrap()
            .starts_with("Played before"),
        "{v}"
    );
    assert!(
        moves[2]["verdict"]
            .as_str()
            .unwrap()
            .starts_with("Found it")
    );
    assert!(moves.iter().all(|m| m["skill"].as_u64().unwrap() <= 100));
    assert!(
        v["skill"].as_u64().unwrap() < 100,
        "a repeated guess costs skill: {v}"
    );
    assert!(v["luck"].is_number());
    assert!(v["method"].as_str().unwrap().contains("Skill"));
}

#[tokio::test]
async fn small_positions_are_valued_exactly() {
    let app = App::new();
    // MM(3,3): 27 secrets, every position exact.
    let game = json!({"game": "mastermind", "pegs": 3, "colors": 3});
    let v = app
        .ok(
            "POST",
            "/api/review",
            Some(json!({"game": game, "secret": "012", "history": [
                {"guess": "000", "feedback": "1B0W"},
                {"guess": "012", "feedback": "3B0W"},
            ]})),
        )
        .await;
    let first = &v["moves"][0];
    assert_eq!(first["best_by"], "optimal");
    let best = first["best_guesses_needed"].as_f64().unwrap();
    let yours = first["guesses_needed"].as_f64().unwrap();
    assert!(best >= 1.0 && best <= yours, "{v}");
    assert_eq!(
        first["skill"].as_u64().unwrap(),
        (100.0 * best / yours).round() as u64
    );
}

#[tokio::test]
async fn bad_reviews_name_the_field() {
    let app = App::new();
    let (status, v) = app
        .call(
            "POST",
            "/api/review",
            Some(json!({"game": MM(), "secret": "12345", "history": []})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().starts_with("secret: "), "{v}");
    let (status, v) = app
        .call(
            "POST",
            "/api/review",
            Some(json!({"game": MM(), "secret": "1234", "history": [{"guess": "0011", "feedback": "2B0W"}]})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("answers 0B1W"), "{v}");
    let (status, v) = app
        .call(
            "POST",
            "/api/review",
            Some(json!({"game": MM(), "secret": "1234", "history": [{"guess": "0019", "feedback": "0B1W"}]})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("history[0].guess: "),
        "{v}"
    );
}

#[tokio::test]
async fn a_game_too_large_to_list_is_reviewed_with_its_estimates() {
    let app = App::new();
    // Mastermind 16 of 6: 6^16 secrets, reasoned on the clues.
    let game = json!({"game": "mastermind", "pegs": 16, "colors": 6});
    let secret = "0123450123455432";
    let rules = codebreak_session::Game::new(&codebreak_core::GameSpec::mastermind(16, 6)).unwrap();
    let mut history = Vec::new();
    for _ in 0..30 {
        let h: serde_json::Value = app
            .ok(
                "POST",
                "/api/hint",
                Some(json!({"game": game, "history": history, "show": 1})),
            )
            .await;
        let guess = h["guess"].as_str().unwrap().to_string();
        let feedback = rules.score(secret, &guess).unwrap();
        history.push(json!({"guess": guess, "feedback": feedback}));
        if guess == secret {
            break;
        }
    }
    let v = app
        .ok(
            "POST",
            "/api/review",
            Some(json!({"game": game, "secret": secret, "history": history})),
        )
        .await;
    assert_eq!(v["solved"], true, "{v}");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), history.len());
    assert_eq!(moves[0]["before"].as_f64().unwrap(), 6f64.powi(16));
    assert_eq!(moves[0]["best_by"], "sampled");
    // The second move's count is an estimate, said so by its shape.
    assert!(
        moves[1]["before"]["estimate"].as_f64().unwrap() > 1.0,
        "{v}"
    );
    assert!(moves[1]["before"]["high"].is_number(), "{v}");
    assert_eq!(moves.last().unwrap()["left"], 0);
    assert!(moves.iter().all(|m| m["guesses_needed"].is_null()));
    assert!(v["method"].as_str().unwrap().contains("sample"));
    // The secret must be one of the game's.
    let (status, e) = app
        .call(
            "POST",
            "/api/review",
            Some(json!({"game": game, "secret": "0123", "history": []})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(e["error"].as_str().unwrap().starts_with("secret: "), "{e}");
}
