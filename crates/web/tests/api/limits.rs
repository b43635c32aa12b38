//! Budgets: sessions capped and expiring, the memory budget, and what is evicted to make room.

use std::time::Duration;

use axum::http::StatusCode;
use codebreak_core::GameSpec;
use codebreak_web::Limits;
use serde_json::{Value, json};

use crate::common::{App, seeded_secret};

#[tokio::test]
async fn sessions_are_capped_and_expire() {
    let app = App::with_limits(Limits {
        sessions: 2,
        idle: Duration::from_millis(300),
        ..Limits::default()
    });
    let a = app.ok("POST", "/api/play", Some(json!({}))).await;
    app.ok("POST", "/api/play", Some(json!({}))).await;
    app.fails(
        "POST",
        "/api/play",
        Some(json!({})),
        StatusCode::TOO_MANY_REQUESTS,
        &["too many live play sessions (2)"],
    )
    .await;
    tokio::time::sleep(Duration::from_millis(350)).await;
    app.fails(
        "GET",
        &format!("/api/play/{}", a["id"].as_str().unwrap()),
        None,
        StatusCode::NOT_FOUND,
        &["expired"],
    )
    .await;
    // When the store is full, a finished game makes room; a live one never does.
    let live = app.ok("POST", "/api/play", Some(json!({}))).await;
    let spec = GameSpec::mastermind(4, 6);
    let wrong = if seeded_secret(&spec, 5) == "0000" {
        "1111"
    } else {
        "0000"
    };
    let done = app
        .ok("POST", "/api/play", Some(json!({"seed": 5, "attempts": 1})))
        .await;
    let end = app
        .ok(
            "POST",
            &format!("/api/play/{}/guess", done["id"].as_str().unwrap()),
            Some(json!({"guess": wrong})),
        )
        .await;
    assert_eq!(end["over"], true);
    app.ok("POST", "/api/play", Some(json!({}))).await;
    app.ok(
        "GET",
        &format!("/api/play/{}", live["id"].as_str().unwrap()),
        None,
    )
    .await;
    app.fails(
        "POST",
        "/api/play",
        Some(json!({})),
        StatusCode::TOO_MANY_REQUESTS,
        &["too many"],
    )
    .await;
}

/// Starts a play session; returns its id.
async fn start_play(app: &App, body: Value) -> String {
    app.ok("POST", "/api/play", Some(body)).await["id"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_flood_of_huge_games_stays_within_the_memory_budget() {
    // The audit's attack: many play sessions on a 2^20-code game (about 4 MB of secret lists
    // each, plus 55 MB of tables shared by all).
    let app = App::new();
    let huge = json!({"game": {"game": "mastermind", "pegs": 5, "colors": 16}});
    let budget = app.ok("GET", "/api/limits", None).await["memory_bytes"]
        .as_u64()
        .unwrap();
    assert_eq!(budget, 512 << 20);
    let (mut started, mut refused) = (0, 0);
    for _ in 0..120 {
        let (status, v) = app.call("POST", "/api/play", Some(huge.clone())).await;
        match status {
            StatusCode::OK => started += 1,
            StatusCode::SERVICE_UNAVAILABLE => {
                refused += 1;
                let msg = v["error"].as_str().unwrap();
                assert!(
                    msg.contains("memory budget") && msg.contains("512 MiB"),
                    "{msg}"
                );
            }
            s => panic!("{s} {v}"),
        }
        let used = app.ok("GET", "/api/limits", None).await["memory_used_bytes"]
            .as_u64()
            .unwrap();
        assert!(used <= budget, "{used} bytes charged");
    }
    // 61 MB of tables, then 8.4 MB per session.
    assert!((40..=60).contains(&started), "{started} started");
    assert_eq!(started + refused, 120);
}

/// A memory budget for eight play sessions of the default game, where nothing is idle long
/// enough to be evicted. MM(4,6): tables of 1296 codes (79 264 bytes charged), 14 464 bytes per
/// honest play session, 24 832 per cunning one: eight honest sessions fit in 200 000 bytes.
fn small_budget() -> Limits {
    Limits {
        memory: 200_000,
        fresh_evict: Duration::from_secs(3600),
        evict_idle: Duration::from_secs(3600),
        ..Limits::default()
    }
}

#[tokio::test]
async fn memory_is_made_by_evicting_finished_sessions_first() {
    let app = App::with_limits(small_budget());
    let short = start_play(&app, json!({"seed": 3, "attempts": 1})).await;
    let mut ids = Vec::new();
    for _ in 0..7 {
        ids.push(start_play(&app, json!({})).await);
    }
    let full = app
        .fails(
            "POST",
            "/api/play",
            Some(json!({})),
            StatusCode::SERVICE_UNAVAILABLE,
            &["memory budget", "held by live games", "try again"],
        )
        .await;
    assert!(full["error"].as_str().unwrap().contains("KiB"), "{full}");
    // Played games narrow their lists, and their charges shrink: room for one more.
    for id in &ids[..2] {
        app.ok(
            "POST",
            &format!("/api/play/{id}/guess"),
            Some(json!({"guess": "0123"})),
        )
        .await;
    }
    start_play(&app, json!({})).await;
    let fill = || async {
        let mut made = 0;
        while app.call("POST", "/api/play", Some(json!({}))).await.0 == StatusCode::OK {
            made += 1;
            assert!(made < 10);
        }
    };
    fill().await;
    // A finished game makes room first: once the budget is full again, it is gone and the
    // live ones are not.
    let wrong = if seeded_secret(&GameSpec::mastermind(4, 6), 3) == "0000" {
        "1111"
    } else {
        "0000"
    };
    let end = app
        .ok(
            "POST",
            &format!("/api/play/{short}/guess"),
            Some(json!({"guess": wrong})),
        )
        .await;
    assert_eq!(end["over"], true);
    start_play(&app, json!({})).await;
    fill().await;
    app.fails(
        "GET",
        &format!("/api/play/{short}"),
        None,
        StatusCode::NOT_FOUND,
        &[],
    )
    .await;
    for id in &ids {
        app.ok("GET", &format!("/api/play/{id}"), None).await;
    }
    // Giving up ends a session and gives its memory back.
    app.ok("DELETE", &format!("/api/play/{}", ids[6]), None)
        .await;
    start_play(&app, json!({})).await;
}

#[tokio::test]
async fn memory_is_made_by_evicting_sessions_without_a_move_then_idle_ones() {
    // Sessions without a move go sooner than sessions in play.
    let app = App::with_limits(Limits {
        fresh_evict: Duration::from_millis(100),
        evict_idle: Duration::from_millis(600),
        ..small_budget()
    });
    let played = start_play(&app, json!({})).await;
    app.ok(
        "POST",
        &format!("/api/play/{played}/guess"),
        Some(json!({"guess": "0011"})),
    )
    .await;
    let mut fresh = Vec::new();
    while let (StatusCode::OK, v) = app.call("POST", "/api/play", Some(json!({}))).await {
        fresh.push(v["id"].as_str().unwrap().to_string());
        assert!(fresh.len() < 20);
    }
    tokio::time::sleep(Duration::from_millis(150)).await;
    start_play(&app, json!({})).await;
    app.fails(
        "GET",
        &format!("/api/play/{}", fresh[0]),
        None,
        StatusCode::NOT_FOUND,
        &[],
    )
    .await;
    app.ok("GET", &format!("/api/play/{played}"), None).await;
    app.ok("GET", &format!("/api/play/{}", fresh[1]), None)
        .await;
    // A cunning codemaker costs more, a solve session like an honest game: both make room
    // from the sessions without a move.
    start_play(&app, json!({"maker": "adversarial"})).await;
    app.ok("POST", "/api/solve", Some(json!({}))).await;
    app.ok("GET", &format!("/api/play/{played}"), None).await;
    // Once idle long enough, a game in play may go too.
    tokio::time::sleep(Duration::from_millis(650)).await;
    let mut made = 0;
    while app.call("POST", "/api/play", Some(json!({}))).await.0 == StatusCode::OK {
        made += 1;
        assert!(
            made < 20,
            "new sessions without a move are not evicted at once"
        );
    }
    assert_eq!(made, 8, "the whole budget went to new sessions");
    app.fails(
        "GET",
        &format!("/api/play/{played}"),
        None,
        StatusCode::NOT_FOUND,
        &[],
    )
    .await;
}

#[tokio::test]
async fn a_session_larger_than_the_whole_budget_is_refused() {
    let tiny = App::with_limits(Limits {
        memory: 50_000,
        ..Limits::default()
    });
    tiny.fails(
        "POST",
        "/api/play",
        Some(json!({})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["more than the server's memory budget"],
    )
    .await;
}

#[tokio::test]
async fn sessions_without_a_move_expire_sooner() {
    let app = App::with_limits(Limits {
        fresh_idle: Duration::from_millis(150),
        ..Limits::default()
    });
    let fresh = start_play(&app, json!({})).await;
    let played = start_play(&app, json!({})).await;
    app.ok(
        "POST",
        &format!("/api/play/{played}/guess"),
        Some(json!({"guess": "0011"})),
    )
    .await;
    let limits = app.ok("GET", "/api/limits", None).await;
    assert_eq!(limits["fresh_idle_seconds"], 0);
    assert!(limits["memory_used_bytes"].as_u64().unwrap() > 0);
    tokio::time::sleep(Duration::from_millis(200)).await;
    app.fails(
        "GET",
        &format!("/api/play/{fresh}"),
        None,
        StatusCode::NOT_FOUND,
        &[],
    )
    .await;
    app.ok("GET", &format!("/api/play/{played}"), None).await;
}
