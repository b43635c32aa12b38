//! Playing against the computer's secret: it never shows before the game ends (honest or cunning
//! codemaker), bad moves are refused, attempts run out.

use axum::http::StatusCode;
use codebreak_core::GameSpec;
use serde_json::{Value, json};

use crate::common::{App, assert_hidden, seeded_secret};

/// Plays a game to its end by following minimax hints; returns every response body.
async fn play_with_hints(app: &App, start: Value) -> Vec<Value> {
    let first = app.ok("POST", "/api/play", Some(start)).await;
    let id = first["id"].as_str().unwrap().to_string();
    let spec = first["game"].clone();
    let mut bodies = vec![first];
    let mut moves: Vec<Value> = Vec::new();
    for _ in 0..20 {
        let h = app
            .ok(
                "POST",
                "/api/hint",
                Some(json!({"game": spec, "history": moves, "strategies": ["minimax"]})),
            )
            .await;
        let guess = h["suggestions"][0]["guess"].as_str().unwrap().to_string();
        let v = app
            .ok(
                "POST",
                &format!("/api/play/{id}/guess"),
                Some(json!({"guess": guess})),
            )
            .await;
        moves.push(json!({"guess": guess, "feedback": v["move"]["feedback"]}));
        let over = v["over"].as_bool().unwrap();
        bodies.push(v);
        if over {
            return bodies;
        }
        bodies.push(app.ok("GET", &format!("/api/play/{id}"), None).await);
    }
    panic!("the game did not end");
}

#[tokio::test]
async fn a_whole_game_never_shows_the_secret_before_the_end() {
    let app = App::new();
    let spec = GameSpec {
        alphabet: Some("RGBYOP".into()),
        ..GameSpec::mastermind(4, 6)
    };
    // Seeds give a known secret; pick one whose secret is not a run of the alphabet.
    let seed = (0..100u64)
        .find(|&s| !"RGBYOP".contains(&seeded_secret(&spec, s)))
        .unwrap();
    let secret = seeded_secret(&spec, seed);
    let bodies = play_with_hints(&app, json!({"game": spec, "seed": seed, "attempts": 10})).await;
    let (last, before) = bodies.split_last().unwrap();
    for (i, b) in before.iter().enumerate() {
        assert_hidden(b, &secret, &format!("response {i}"));
        assert_eq!(b["over"], false);
        assert!(b["secret"].is_null() && b["summary"].is_null());
    }
    assert_eq!(last["over"], true);
    assert_eq!(last["won"], true);
    assert_eq!(last["secret"], secret);
    assert!(
        last["summary"].as_str().unwrap().contains(&secret),
        "{last}"
    );
    assert!(
        last["used"].as_u64().unwrap() <= 5,
        "minimax needs at most 5: {last}"
    );
    assert_eq!(
        last["attempts_left"].as_u64().unwrap() + last["used"].as_u64().unwrap(),
        10
    );
    // The request log names routes, never ids or secrets.
    let log = app.log_lines();
    assert!(
        log.iter()
            .any(|l| l.starts_with("POST /api/play/{id}/guess 200")),
        "{log:?}"
    );
    for line in &log {
        assert!(!line.contains(&secret), "log leaks the secret: {line}");
        assert!(
            !line.contains(before[0]["id"].as_str().unwrap()),
            "log shows an id: {line}"
        );
    }
}

#[tokio::test]
async fn an_unseeded_secret_appears_only_in_the_final_response() {
    let app = App::new();
    for kind in ["mastermind", "bulls", "blackpeg"] {
        let spec = match kind {
            // Letters that are not hex digits, so no id can contain the secret.
            "bulls" => json!({"game": "bulls", "pegs": 3, "colors": 6, "alphabet": "QRSTUV"}),
            k => json!({"game": k, "pegs": 3, "colors": 5, "alphabet": "KLMNP"}),
        };
        let bodies = play_with_hints(&app, json!({"game": spec})).await;
        let (last, before) = bodies.split_last().unwrap();
        let secret = last["secret"].as_str().unwrap().to_string();
        assert_eq!(last["won"], true, "{last}");
        for b in before {
            assert_hidden(b, &secret, kind);
        }
    }
}

#[tokio::test]
async fn the_cunning_codemaker_commits_only_at_the_end() {
    let app = App::new();
    let bodies = play_with_hints(
        &app,
        json!({"game": {"game": "mastermind", "pegs": 3, "colors": 4, "alphabet": "KLMN"}, "maker": "adversarial"}),
    )
    .await;
    let (last, before) = bodies.split_last().unwrap();
    let secret = last["secret"].as_str().unwrap();
    assert_eq!(last["maker"], "adversarial");
    assert!(last["summary"].as_str().unwrap().contains("cunning"));
    for b in before {
        assert_hidden(b, secret, "adversarial");
    }
    app.fails(
        "POST",
        "/api/play",
        Some(json!({"maker": "adversarial", "seed": 3})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["seed does not apply"],
    )
    .await;
}

#[tokio::test]
async fn play_refuses_bad_moves_and_ends_when_attempts_run_out() {
    let app = App::new();
    let spec = GameSpec::mastermind(4, 6);
    let seed = 11;
    let secret = seeded_secret(&spec, seed);
    let wrong = if secret == "0000" { "1111" } else { "0000" };
    let v = app
        .ok(
            "POST",
            "/api/play",
            Some(json!({"game": spec, "seed": seed, "attempts": 2})),
        )
        .await;
    let id = v["id"].as_str().unwrap();
    assert_eq!(id.len(), 32);
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit()));
    let guess = format!("/api/play/{id}/guess");
    let e = StatusCode::UNPROCESSABLE_ENTITY;
    app.fails(
        "POST",
        &guess,
        Some(json!({"guess": "12345"})),
        e,
        &["12345", "expected 4"],
    )
    .await;
    app.fails(
        "POST",
        &guess,
        Some(json!({"guess": "1296"})),
        e,
        &["'9'", "012345"],
    )
    .await;
    app.fails(
        "POST",
        &guess,
        Some(json!({"guess": 1122})),
        StatusCode::BAD_REQUEST,
        &["guess", "expected a string"],
    )
    .await;
    app.fails(
        "POST",
        &guess,
        Some(json!({"guess": "1122", "secret": "1"})),
        StatusCode::BAD_REQUEST,
        &["unknown field `secret`"],
    )
    .await;
    let v = app.ok("POST", &guess, Some(json!({"guess": wrong}))).await;
    assert_eq!(
        (v["over"].clone(), v["attempts_left"].clone()),
        (json!(false), json!(1))
    );
    let v = app.ok("POST", &guess, Some(json!({"guess": wrong}))).await;
    assert_eq!(v["over"], true);
    assert_eq!(v["won"], false);
    assert_eq!(v["secret"], secret);
    assert!(
        v["summary"]
            .as_str()
            .unwrap()
            .starts_with("Out of attempts"),
        "{v}"
    );
    app.fails(
        "POST",
        &guess,
        Some(json!({"guess": wrong})),
        StatusCode::CONFLICT,
        &["game is over"],
    )
    .await;
    for n in [0, 101] {
        app.fails(
            "POST",
            "/api/play",
            Some(json!({"attempts": n})),
            e,
            &[&format!("attempts {n}"), "1 to 100"],
        )
        .await;
    }
    app.fails(
        "POST",
        "/api/play",
        Some(json!({"game": {"game": "mastermind", "pegs": 7, "colors": 8}})),
        e,
        &["2097152 codes", "play"],
    )
    .await;
}

/// A game too large to list plays through the same endpoints: the same state, its count left
/// out (null) rather than made at every guess, the secret hidden until the game ends; the
/// cunning codemaker, which needs every secret listed, is refused in one line.
#[tokio::test]
async fn a_game_too_large_to_list_plays_through_the_same_endpoints() {
    let app = App::new();
    let game = json!({"game": "mastermind", "pegs": 16, "colors": 6});
    let first = app
        .ok(
            "POST",
            "/api/play",
            Some(json!({"game": game, "seed": 3, "attempts": 5})),
        )
        .await;
    assert_eq!(first["attempts"], 5);
    assert_eq!(first["remaining"], Value::Null);
    assert_eq!(first["secret"], Value::Null);
    let id = first["id"].as_str().unwrap().to_string();
    let v = app
        .ok(
            "POST",
            &format!("/api/play/{id}/guess"),
            Some(json!({"guess": "0000000000000000"})),
        )
        .await;
    let feedback = v["move"]["feedback"].as_str().unwrap();
    assert!(feedback.ends_with("B0W"), "{v}");
    assert_eq!(v["moves"][0]["remaining"], Value::Null);
    assert_eq!(v["moves"][0]["could_be_secret"], true);
    assert_eq!(v["secret"], Value::Null);
    let (status, e) = app
        .call(
            "POST",
            &format!("/api/play/{id}/guess"),
            Some(json!({"guess": "0123"})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert!(e["error"].as_str().unwrap().starts_with("guess: "), "{e}");
    let over = app.ok("DELETE", &format!("/api/play/{id}"), None).await;
    let secret = over["secret"].as_str().unwrap();
    assert_eq!(secret.len(), 16);
    assert_eq!(over["outcome"], "gave-up");
    let (status, e) = app
        .call(
            "POST",
            "/api/play",
            Some(json!({"game": game, "maker": "adversarial"})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("expected random"),
        "{e}"
    );
}
