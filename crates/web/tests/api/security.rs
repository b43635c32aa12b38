//! Bad and hostile requests: clear 4xx answers and never a 500 (malformed JSON, wrong content
//! types, bodies over the limit), requests from other sites (`Host`, `Origin`, content types),
//! and sessions that are isolated and unguessable.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{App, MM};

#[tokio::test]
async fn bad_requests_get_4xx_with_a_clear_message() {
    let app = App::new();
    let bad = StatusCode::BAD_REQUEST;
    let invalid = StatusCode::UNPROCESSABLE_ENTITY;
    app.fails(
        "POST",
        "/api/game",
        Some(json!({"game": {"game": "chess"}})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["chess", "mastermind", "game.game"],
    )
    .await;
    app.fails(
        "POST",
        "/api/game",
        Some(json!({"game": {"game": "mastermind", "pegs": 0}})),
        invalid,
        &["pegs 0", "expected 1 to 16"],
    )
    .await;
    app.fails(
        "POST",
        "/api/game",
        Some(json!({"game": {"game": "mastermind", "pegs": "four"}})),
        bad,
        &["game.pegs must be a whole number from 1 to 16", "\"four\""],
    )
    .await;
    // A form's number field: what it takes, not serde's wording or a text position.
    let v = app
        .fails(
            "POST",
            "/api/game",
            Some(json!({"game": {"game": "mastermind", "pegs": 4, "colors": 4.5}})),
            bad,
            &["game.colors must be a whole number from 1 to 64, got 4.5"],
        )
        .await;
    assert!(!v["error"].as_str().unwrap().contains("line 1"), "{v}");
    app.fails(
        "POST",
        "/api/play",
        Some(json!({"attempts": -2})),
        bad,
        &["attempts must be a whole number from 1 to 100, got -2"],
    )
    .await;
    app.fails(
        "POST",
        "/api/game",
        Some(json!({"game": {"game": "bulls", "pegs": 5, "colors": 4}})),
        invalid,
        &["5 pegs", "colors 4"],
    )
    .await;
    app.fails(
        "POST",
        "/api/game",
        Some(json!({"game": {"game": "twod", "pegs": 3}})),
        invalid,
        &["pegs does not apply"],
    )
    .await;
    app.fails(
        "POST",
        "/api/game",
        Some(json!({"game": {}, "colour": 3})),
        bad,
        &["unknown field `colour`"],
    )
    .await;
    app.fails(
        "POST",
        "/api/game",
        Some(json!([1, 2])),
        bad,
        &["expected struct"],
    )
    .await;
    app.fails(
        "POST",
        "/api/play",
        Some(json!({"maker": "sneaky"})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["sneaky", "adversarial"],
    )
    .await;
    app.fails(
        "POST",
        "/api/nothing",
        Some(json!({})),
        StatusCode::NOT_FOUND,
        &["no such endpoint", "/api/nothing"],
    )
    .await;
    app.fails(
        "PUT",
        "/api/play",
        None,
        StatusCode::METHOD_NOT_ALLOWED,
        &["PUT /api/play"],
    )
    .await;
    // Not JSON at all, empty, trailing text, wrong content type, too large.
    for (body, needle) in [
        (&b"{\"game\": "[..], "not valid JSON"),
        (&b""[..], "empty"),
        (&b"   "[..], "empty"),
        (&b"{\"game\": {}} {}"[..], "after the JSON value"),
        (&b"\xff\xfe"[..], "not valid JSON"),
    ] {
        let (status, _, text) = app
            .raw("POST", "/api/game", Some("application/json"), body.to_vec())
            .await;
        assert_eq!(status, bad, "{text}");
        assert!(text.contains(needle), "{needle}: {text}");
    }
    let (status, _, text) = app
        .raw("POST", "/api/play", Some("text/plain"), b"{}".to_vec())
        .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{text}");
    assert!(text.contains("text/plain") && text.contains("application/json"));
    let huge = format!("{{\"guess\": \"{}\"}}", "1".repeat(70 * 1024));
    let (status, _, text) = app
        .raw(
            "POST",
            "/api/play",
            Some("application/json"),
            huge.into_bytes(),
        )
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{text}");
    assert!(text.contains("65536 bytes"), "{text}");
}

#[tokio::test]
async fn no_input_makes_a_500() {
    // A battery of hostile bodies against every POST endpoint: always a 4xx.
    let app = App::new();
    let started = app
        .ok("POST", "/api/play", Some(json!({"game": MM()})))
        .await;
    let play = started["id"].as_str().unwrap().to_string();
    let solve = app
        .ok("POST", "/api/solve", Some(json!({"game": MM()})))
        .await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let endpoints = [
        "/api/game".to_string(),
        "/api/play".into(),
        format!("/api/play/{play}/guess"),
        "/api/solve".into(),
        format!("/api/solve/{solve}/reply"),
        format!("/api/solve/{solve}/correct"),
        "/api/hint".into(),
        "/api/analyze".into(),
        "/api/tree".into(),
        "/api/check".into(),
        "/api/game-extend".into(),
        "/api/game-file".into(),
    ];
    let bodies = [
        json!(null),
        json!(17),
        json!("text"),
        json!({"game": null}),
        json!({"game": {"game": "mastermind", "pegs": 4294967295u64, "colors": 4294967295u64}}),
        json!({"game": {"game": "mastermind", "pegs": -1}}),
        json!({"game": {"game": "mastermind", "alphabet": ""}}),
        json!({"game": {"game": "mastermind", "alphabet": "a b"}}),
        json!({"game": {"game": "mastermind", "alphabet": "😀🎲🃏♠♥♦"}, "guess": "😀😀😀😀"}),
        json!({"guess": ""}),
        json!({"guess": "\u{0000}\u{0000}\u{0000}\u{0000}"}),
        json!({"guess": 1122}),
        json!({"feedback": "5B5W"}),
        json!({"feedback": ""}),
        json!({"answer": -1, "feedback": "1B"}),
        json!({"answer": 18446744073709551615u64, "feedback": "0B0W"}),
        json!({"history": [{"guess": "1122"}]}),
        json!({"history": "1122:1B0W"}),
        json!({"strategies": ["minimax"], "game": {"game": "mastermind", "pegs": 16, "colors": 64, "alphabet": "x"}}),
        json!({"strategies": ["minimax"], "first_guess": "9999"}),
        json!({"format": "codebreak-tree/1", "game": {"game": "mastermind"}, "root": {"guess": 5}}),
        json!({"format": "codebreak-tree/1", "game": {"game": "mastermind"}, "root": {"guess": "0000", "replies": {"4B0W": {"guess": "0000"}}}}),
    ];
    for e in &endpoints {
        for b in &bodies {
            let (status, v) = app.call("POST", e, Some(b.clone())).await;
            assert!(
                status.is_client_error() || status.is_success(),
                "POST {e} {b}: {status} {v}"
            );
            if status.is_client_error() {
                assert!(v["error"].is_string(), "{v}");
            }
        }
    }
}

#[tokio::test]
async fn bodies_must_be_declared_json_so_other_sites_cannot_post() {
    let app = App::new();
    // What `fetch(url, {mode: "no-cors", body: new Blob([...])})` from another page sends:
    // no Content-Type at all.
    for uri in [
        "/api/play",
        "/api/solve",
        "/api/analyze",
        "/api/hint",
        "/api/tree",
    ] {
        let (status, _, text) = app.raw("POST", uri, None, b"{}".to_vec()).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{uri}: {text}");
        assert!(
            text.contains("no Content-Type") && text.contains("expected application/json"),
            "{text}"
        );
    }
    // The content types a cross-site form or no-cors fetch may use without a preflight.
    for ct in [
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let (status, _, text) = app.raw("POST", "/api/play", Some(ct), b"{}".to_vec()).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{ct}: {text}");
        let mime = ct.split(';').next().unwrap();
        assert!(text.contains(mime), "{text}");
    }
    // Undo takes a JSON object too, and refuses unknown fields.
    let s = app.ok("POST", "/api/solve", Some(json!({}))).await;
    let undo = format!("/api/solve/{}/undo", s["id"].as_str().unwrap());
    let (status, _, _) = app.raw("POST", &undo, None, Vec::new()).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    app.fails(
        "POST",
        &undo,
        Some(json!({"steps": 2})),
        StatusCode::BAD_REQUEST,
        &["unknown field `steps`"],
    )
    .await;
    app.fails(
        "POST",
        &undo,
        Some(json!({})),
        StatusCode::CONFLICT,
        &["nothing to undo", "no answer given yet"],
    )
    .await;
}

#[tokio::test]
async fn requests_for_other_host_names_are_refused() {
    let app = App::new();
    let body = br#"{"game": {"game": "mastermind"}}"#.to_vec();
    // DNS rebinding: a hostile name pointed at 127.0.0.1 arrives with its own Host.
    for host in [
        "evil.example:8080",
        "evil.example",
        "192.168.1.9:8080",
        "127.0.0.1.nip.io",
    ] {
        for (method, uri) in [("GET", "/"), ("GET", "/api/limits"), ("POST", "/api/play")] {
            let headers = [("host", host), ("content-type", "application/json")];
            let (status, _, text) = app.with_headers(method, uri, &headers, body.clone()).await;
            assert_eq!(
                status,
                StatusCode::FORBIDDEN,
                "{method} {uri} for {host}: {text}"
            );
            let v: Value = serde_json::from_str(&text).unwrap();
            let msg = v["error"].as_str().unwrap();
            assert!(
                msg.contains(&format!("host {host:?} is not this server"))
                    && msg.contains("127.0.0.1"),
                "{msg}"
            );
        }
    }
    // The loopback names, with any port.
    for host in [
        "127.0.0.1:8080",
        "localhost:3000",
        "[::1]:8080",
        "LOCALHOST",
    ] {
        let headers = [("host", host), ("content-type", "application/json")];
        let (status, _, text) = app
            .with_headers("POST", "/api/play", &headers, body.clone())
            .await;
        assert_eq!(status, StatusCode::OK, "{host}: {text}");
    }
    // No Host at all.
    let (status, _, text) = app
        .with_headers("GET", "/api/limits", &[], Vec::new())
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(text.contains("no Host header"), "{text}");
    // A server bound to another address answers to that address (and to a name it was given).
    let mut hosts = codebreak_web::Hosts::loopback();
    hosts.bound_to("192.168.1.9:8080".parse().unwrap());
    hosts.allow("mybox.lan");
    let lan = App::with_config(codebreak_web::Config {
        hosts,
        ..Default::default()
    });
    for (host, status) in [
        ("192.168.1.9:8080", StatusCode::OK),
        ("mybox.lan:8080", StatusCode::OK),
        ("127.0.0.1:8080", StatusCode::OK),
        ("192.168.1.10:8080", StatusCode::FORBIDDEN),
    ] {
        let (got, _, text) = lan
            .with_headers("GET", "/api/limits", &[("host", host)], Vec::new())
            .await;
        assert_eq!(got, status, "{host}: {text}");
    }
}

#[tokio::test]
async fn changes_from_other_origins_are_refused() {
    let app = App::new();
    let play = app.ok("POST", "/api/play", Some(json!({}))).await;
    let id = play["id"].as_str().unwrap();
    let json_ct = ("content-type", "application/json");
    let host = ("host", "127.0.0.1:8080");
    for origin in [
        "https://evil.example",
        "null",
        "http://127.0.0.1:9999",
        "http://localhost:8080",
    ] {
        for (method, uri, body) in [
            ("POST", "/api/play".to_string(), "{}"),
            (
                "POST",
                format!("/api/play/{id}/guess"),
                r#"{"guess": "1122"}"#,
            ),
            ("DELETE", format!("/api/play/{id}"), ""),
        ] {
            let headers = [host, json_ct, ("origin", origin)];
            let (status, _, text) = app
                .with_headers(method, &uri, &headers, body.as_bytes().to_vec())
                .await;
            assert_eq!(
                status,
                StatusCode::FORBIDDEN,
                "{method} {uri} from {origin}: {text}"
            );
            let v: Value = serde_json::from_str(&text).unwrap();
            let msg = v["error"].as_str().unwrap();
            assert!(
                msg.contains(&format!("origin {origin:?} are refused"))
                    && msg.contains("http://127.0.0.1:8080"),
                "{msg}"
            );
        }
    }
    // The refused requests changed nothing.
    let v = app.ok("GET", &format!("/api/play/{id}"), None).await;
    assert_eq!(v["used"], 0);
    assert_eq!(v["over"], false);
    // The server's own page, and reads from anywhere (a browser keeps their answers from the
    // other page anyway).
    let headers = [host, json_ct, ("origin", "http://127.0.0.1:8080")];
    let (status, _, text) = app
        .with_headers(
            "POST",
            &format!("/api/play/{id}/guess"),
            &headers,
            br#"{"guess": "1122"}"#.to_vec(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let headers = [host, ("origin", "https://evil.example")];
    let (status, _, text) = app
        .with_headers("GET", "/api/limits", &headers, Vec::new())
        .await;
    assert_eq!(status, StatusCode::OK, "{text}");
}

#[tokio::test]
async fn sessions_are_isolated_and_unguessable() {
    let app = App::new();
    let a = app.ok("POST", "/api/play", Some(json!({}))).await;
    let b = app.ok("POST", "/api/play", Some(json!({}))).await;
    let (ia, ib) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap());
    assert_ne!(ia, ib);
    app.ok(
        "POST",
        &format!("/api/play/{ia}/guess"),
        Some(json!({"guess": "0011"})),
    )
    .await;
    let b2 = app.ok("GET", &format!("/api/play/{ib}"), None).await;
    assert_eq!(b2["used"], 0, "a guess in one session changed another");
    let nf = StatusCode::NOT_FOUND;
    // A solve session id is not a play session, and near-miss ids find nothing.
    let s = app.ok("POST", "/api/solve", Some(json!({}))).await;
    let is = s["id"].as_str().unwrap();
    app.fails(
        "GET",
        &format!("/api/play/{is}"),
        None,
        nf,
        &["play session"],
    )
    .await;
    app.fails(
        "GET",
        &format!("/api/solve/{ia}"),
        None,
        nf,
        &["solve session"],
    )
    .await;
    let flipped: String = ia
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if i == 0 {
                if c == '0' { '1' } else { '0' }
            } else {
                c
            }
        })
        .collect();
    app.fails(
        "GET",
        &format!("/api/play/{flipped}"),
        None,
        nf,
        &["does not exist"],
    )
    .await;
    app.fails(
        "GET",
        "/api/play/..%2F..%2Fetc",
        None,
        nf,
        &["does not exist"],
    )
    .await;
    app.fails("DELETE", "/api/play/0", None, nf, &["does not exist"])
        .await;
    // Giving up reveals the secret and ends the session.
    let end = app.ok("DELETE", &format!("/api/play/{ia}"), None).await;
    assert!(end["secret"].is_string() && end["summary"].as_str().unwrap().contains("gave up"));
    app.fails("GET", &format!("/api/play/{ia}"), None, nf, &[])
        .await;
}
