//! API tests: every endpoint, good and bad input, through the router (no network).

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use codebreak_core::{AnyEngine, Game, GameSpec};
use codebreak_strategy::{Codemaker, Honest};
use codebreak_web::Limits;
use common::{App, assert_hidden};
use serde_json::{Value, json};

const MM: fn() -> Value = || json!({"game": "mastermind", "pegs": 4, "colors": 6});

// ------------------------------------------------------------------ page, strategies, games

#[tokio::test]
async fn the_page_and_its_assets_are_embedded_and_fetch_nothing_from_elsewhere() {
    let app = App::new();
    for (path, ty) in [
        ("/", "text/html"),
        ("/index.html", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let (status, headers, body) = app.raw("GET", path, None, Vec::new()).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let ct = headers["content-type"].to_str().unwrap();
        assert!(ct.starts_with(ty), "{path}: {ct}");
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'none'") && csp.contains("connect-src 'self'"));
        // No reference to any other origin (the SVG namespace is a name, not a fetch).
        let without_ns = body.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !without_ns.contains("http://") && !without_ns.contains("https://"),
            "{path} refers to another origin"
        );
        assert!(!without_ns.contains("//cdn"), "{path}");
    }
    let (_, _, html) = app.raw("GET", "/", None, Vec::new()).await;
    assert!(html.contains(r#"<script src="/app.js""#));
    assert!(html.contains("id=\"play-new\"") && html.contains("id=\"analyze-run\""));
}

#[tokio::test]
async fn strategies_and_limits_are_listed() {
    let app = App::new();
    let v = app.ok("GET", "/api/strategies", None).await;
    let names: Vec<&str> = v["strategies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"minimax") && names.contains(&"entropy") && names.contains(&"two-phase")
    );
    assert!(
        v["strategies"][1]["source"]
            .as_str()
            .unwrap()
            .contains("Knuth")
    );
    let l = app.ok("GET", "/api/limits", None).await;
    assert_eq!(l["body_bytes"], 65536);
    assert!(l["analysis_codes"].as_u64().unwrap() >= 32768);
}

#[tokio::test]
async fn a_game_is_validated_and_described() {
    let app = App::new();
    let v = app
        .ok(
            "POST",
            "/api/game",
            Some(json!({"game": {"game": "bulls"}})),
        )
        .await;
    assert_eq!(v["name"], "bulls 4 of 10");
    assert_eq!(v["codes"], "5040");
    assert_eq!(v["win"], "4A0B");
    assert_eq!(v["alphabet"].as_array().unwrap().len(), 10);
    assert!(v["replies"].as_array().unwrap().contains(&json!("1A2B")));
    assert!(!v["replies"].as_array().unwrap().contains(&json!("3A1B")));
    let v = app
        .ok(
            "POST",
            "/api/game",
            Some(json!({"game": {"game": "blackpeg", "pegs": 5, "colors": 8}})),
        )
        .await;
    assert_eq!(v["replies"].as_array().unwrap().len(), 6);
    let v = app
        .ok(
            "POST",
            "/api/game",
            Some(json!({"game": {"game": "mastermind", "pegs": 8, "colors": 9}})),
        )
        .await;
    assert_eq!(v["allows"]["play"], false, "{v}");
    let v = app
        .ok("POST", "/api/game", Some(json!({"game": {"game": "twod"}})))
        .await;
    assert_eq!(v["replies"], json!(["mixed", "low", "high", "hit"]));
}

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

// ------------------------------------------------------------------ other sites

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

// ------------------------------------------------------------------ play

/// The secret a seeded game hides, computed with the library (the test's own knowledge).
fn seeded_secret(spec: &GameSpec, seed: u64) -> String {
    let game = Game::new(spec).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    game.format_code(&Honest::random(&engine, seed).reveal())
}

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
        Some(json!({"game": {"game": "mastermind", "pegs": 10, "colors": 10}})),
        e,
        &["10000000000 codes", "play"],
    )
    .await;
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

#[tokio::test]
async fn memory_is_made_by_evicting_finished_then_idle_sessions() {
    // MM(4,6): tables of 1296 codes (79 264 bytes charged), 14 464 bytes per honest play
    // session, 24 832 per cunning one: eight honest sessions fit in 200 000 bytes.
    let limits = Limits {
        memory: 200_000,
        fresh_evict: Duration::from_secs(3600),
        evict_idle: Duration::from_secs(3600),
        ..Limits::default()
    };
    let app = App::with_limits(limits.clone());
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

    // Sessions without a move go sooner than sessions in play.
    let app = App::with_limits(Limits {
        fresh_evict: Duration::from_millis(100),
        evict_idle: Duration::from_millis(600),
        ..limits
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
    // A single session larger than the whole budget is refused outright.
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

// ------------------------------------------------------------------ solve

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

// ------------------------------------------------------------------ hint

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

// ------------------------------------------------------------------ analysis

async fn wait_for_job(app: &App, job: &str) -> Value {
    for _ in 0..600 {
        let v = app.ok("GET", &format!("/api/analyze/{job}"), None).await;
        match v["state"].as_str().unwrap() {
            "done" | "failed" => return v,
            _ => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
    panic!("job {job} did not finish");
}

#[tokio::test]
async fn an_analysis_runs_as_a_job_and_its_tree_can_be_explored() {
    let app = App::new();
    let (status, v) = app
        .call(
            "POST",
            "/api/analyze",
            Some(json!({"game": MM(), "strategies": ["minimax", "first"], "first_guess": "0011"})),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{v}");
    let job = v["job"].as_str().unwrap().to_string();
    assert!(["queued", "running", "done"].contains(&v["state"].as_str().unwrap()));
    let v = wait_for_job(&app, &job).await;
    assert_eq!(v["state"], "done", "{v}");
    assert_eq!(v["progress"]["fraction"], 1.0);
    let minimax = &v["results"][0];
    // Knuth 1977: 5801 guesses, histogram 1/6/62/533/694.
    assert_eq!(minimax["total"], 5801);
    assert_eq!(
        minimax["histogram"],
        json!({"1": 1, "2": 6, "3": 62, "4": 533, "5": 694})
    );
    assert_eq!(minimax["worst"], 5);
    assert_eq!(v["results"][1]["strategy"], "first");
    let root = &minimax["tree"]["root"];
    assert_eq!(root["guess"], "0011");
    assert_eq!(root["secrets"], 1296);
    let sum: u64 = root["replies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["secrets"].as_u64().unwrap())
        .sum();
    assert_eq!(
        sum + 1,
        1296,
        "the root finds one secret and passes on the rest"
    );
    let branch = root["replies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["reply"]["text"] == "1B0W")
        .unwrap();
    assert_eq!(branch["secrets"], 256);
    // One level down, by path.
    let node = app
        .ok(
            "GET",
            &format!("/api/analyze/{job}/tree?strategy=minimax&path=0011:1B0W"),
            None,
        )
        .await;
    assert_eq!(node["secrets"], 256);
    assert_eq!(node["guess"], branch["guess"]);
    assert_eq!(node["path"][0]["feedback"], "1B0W");
    let e = StatusCode::UNPROCESSABLE_ENTITY;
    app.fails(
        "GET",
        &format!("/api/analyze/{job}/tree?path=1111:1B0W"),
        None,
        e,
        &["the tree plays 0011"],
    )
    .await;
    app.fails(
        "GET",
        &format!("/api/analyze/{job}/tree?path=0011:4B0W"),
        None,
        e,
        &["does not occur"],
    )
    .await;
    app.fails(
        "GET",
        &format!("/api/analyze/{job}/tree?path=0011"),
        None,
        e,
        &["path"],
    )
    .await;
    app.fails(
        "GET",
        &format!("/api/analyze/{job}/tree?strategy=7"),
        None,
        e,
        &["out of range"],
    )
    .await;
    app.fails(
        "GET",
        &format!("/api/analyze/{job}/tree?strategy=entropy"),
        None,
        e,
        &["minimax, first"],
    )
    .await;
    app.fails(
        "GET",
        &format!("/api/analyze/{job}/tree?color=red"),
        None,
        StatusCode::BAD_REQUEST,
        &["query"],
    )
    .await;
    // The whole tree, then loaded back as a file: the verifier agrees.
    let tree = app
        .ok(
            "GET",
            &format!("/api/analyze/{job}/tree.json?strategy=0"),
            None,
        )
        .await;
    assert_eq!(tree["format"], "codebreak-tree/1");
    let up = app.ok("POST", "/api/tree", Some(tree.clone())).await;
    assert_eq!(up["state"], "done");
    assert_eq!(up["results"][0]["total"], 5801);
    assert!(
        up["results"][0]["description"]
            .as_str()
            .unwrap()
            .starts_with("minimax")
    );
    // A tree that misses secrets is refused.
    let mut broken = tree.clone();
    broken["root"]["replies"]
        .as_object_mut()
        .unwrap()
        .remove("1B0W");
    app.fails(
        "POST",
        "/api/tree",
        Some(broken),
        e,
        &["does not solve every secret"],
    )
    .await;
    app.fails(
        "POST",
        "/api/tree",
        Some(json!({"format": "other", "game": MM(), "root": {"guess": "0011"}})),
        e,
        &["unknown format"],
    )
    .await;
    // Dropped jobs are gone.
    app.ok("DELETE", &format!("/api/analyze/{job}"), None).await;
    app.fails(
        "GET",
        &format!("/api/analyze/{job}"),
        None,
        StatusCode::NOT_FOUND,
        &["analysis job"],
    )
    .await;
}

#[tokio::test]
async fn analyses_are_budgeted() {
    let app = App::with_limits(Limits {
        pending_jobs: 1,
        ..Limits::default()
    });
    let e = StatusCode::UNPROCESSABLE_ENTITY;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"strategies": []})),
        e,
        &["expected 1 to 16"],
    )
    .await;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"strategies": ["minimax", "nope"]})),
        e,
        &["nope"],
    )
    .await;
    app.fails("POST", "/api/analyze", Some(json!({"game": {"game": "mastermind", "pegs": 6, "colors": 8}, "strategies": ["first"]})), e, &["262144 codes", "more than the 65536", "analysis"]).await;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"strategies": ["minimax"], "first_guess": "00"})),
        e,
        &["first_guess"],
    )
    .await;
    // With one pending job allowed, a second one waits its turn or is refused.
    let a = app
        .ok(
            "POST",
            "/api/analyze",
            Some(json!({"game": {"game": "bulls"}, "strategies": ["entropy"]})),
        )
        .await;
    let (status, v) = app
        .call(
            "POST",
            "/api/analyze",
            Some(json!({"strategies": ["minimax"]})),
        )
        .await;
    if status == StatusCode::TOO_MANY_REQUESTS {
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains("already queued or running")
        );
    } else {
        assert_eq!(status, StatusCode::ACCEPTED, "{v}");
    }
    let done = wait_for_job(&app, a["job"].as_str().unwrap()).await;
    // Bulls and Cows, entropy: the published figure of the French article's method.
    assert_eq!(done["results"][0]["secrets"], 5040);
    let unfinished = app
        .ok(
            "POST",
            "/api/analyze",
            Some(json!({"strategies": ["first"]})),
        )
        .await;
    let (status, _) = app
        .call(
            "GET",
            &format!(
                "/api/analyze/{}/tree.json",
                unfinished["job"].as_str().unwrap()
            ),
            None,
        )
        .await;
    assert!(status == StatusCode::OK || status == StatusCode::CONFLICT);
}

// ------------------------------------------------------------------ optimal strategies

/// Polls a job for up to a minute (exact searches share two cores with the other tests).
async fn wait_long(app: &App, job: &str) -> Value {
    for _ in 0..1200 {
        let v = app.ok("GET", &format!("/api/analyze/{job}"), None).await;
        match v["state"].as_str().unwrap() {
            "done" | "failed" => return v,
            _ => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    panic!("job {job} did not finish");
}

/// Fetches a result's whole tree, replays it with the independent verifier and checks that
/// the figures agree with the result's.
async fn replays_to_the_same_figures(app: &App, job: &str, result: &Value) {
    let strategy = result["strategy"].as_str().unwrap();
    let tree = app
        .ok(
            "GET",
            &format!("/api/analyze/{job}/tree.json?strategy={strategy}"),
            None,
        )
        .await;
    let (tree, game) = codebreak_tree::json::from_str(&tree.to_string()).unwrap();
    let report = codebreak_tree::verify(&game, &tree.root).unwrap();
    assert_eq!(json!(report.total), result["total"]);
    assert_eq!(json!(report.secrets), result["secrets"]);
    assert_eq!(json!(report.worst), result["worst"]);
    let figures = codebreak_tree::Figures::from_histogram(report.histogram.clone());
    assert_eq!(json!(figures)["histogram"], result["histogram"]);
}

#[tokio::test]
async fn an_optimal_analysis_finds_the_published_optimum_and_its_tree_can_be_explored() {
    let app = App::new();
    let v = app
        .ok(
            "POST",
            "/api/analyze",
            Some(
                json!({"game": MM(), "strategies": ["minimax", "optimal"], "first_guess": "0011"}),
            ),
        )
        .await;
    let job = v["job"].as_str().unwrap().to_string();
    assert_eq!(
        v["strategies"][1],
        "optimal (fewest guesses in all, then smallest worst case, pool all)"
    );
    let v = wait_long(&app, &job).await;
    assert_eq!(v["state"], "done", "{v}");
    assert_eq!(v["progress"]["search"], Value::Null);
    assert_eq!(v["results"][0]["total"], 5801);
    assert_eq!(v["results"][0]["effort"], Value::Null);
    let opt = &v["results"][1];
    // Koyama and Lai 1993: 5625 guesses in all, at most 6 per secret.
    assert_eq!(opt["strategy"], "optimal");
    assert_eq!(opt["total"], 5625);
    assert_eq!(opt["secrets"], 1296);
    assert_eq!(opt["fraction"], "5625/1296");
    assert_eq!(opt["worst"], 6);
    assert!(opt["effort"]["nodes"].as_u64().unwrap() > 0, "{opt}");
    assert!(opt["seconds"].as_f64().is_some());
    assert_eq!(opt["histogram"].as_object().unwrap().len(), 6);
    replays_to_the_same_figures(&app, &job, opt).await;
    // The tree explorer works on it as on any other: one node, then one level down.
    let root = &opt["tree"]["root"];
    assert_eq!(root["secrets"], 1296);
    let first = root["guess"].as_str().unwrap();
    let branch = &root["replies"][0];
    let reply = branch["reply"]["text"].as_str().unwrap();
    let node = app
        .ok(
            "GET",
            &format!("/api/analyze/{job}/tree?strategy=optimal&path={first}:{reply}"),
            None,
        )
        .await;
    assert_eq!(node["secrets"], branch["secrets"]);
    assert_eq!(node["guess"], branch["guess"]);
    assert!(node["strategy"].as_str().unwrap().starts_with("optimal"));
    let by_index = app
        .ok("GET", &format!("/api/analyze/{job}/tree?strategy=1"), None)
        .await;
    assert_eq!(by_index["guess"], first);
}

#[tokio::test]
async fn optimal_options_objective_worst_depth_and_pool() {
    let app = App::new();
    // twoD (5×5): the least worst case, then the fewest guesses; with the consistent pool;
    // and MM(3,4) under a depth limit. Each tree replays to its figures.
    let twod = json!({"game": "twod"});
    let v = app
        .ok(
            "POST",
            "/api/analyze",
            Some(json!({"game": twod, "strategies": ["entropy", "optimal"], "optimal": {"objective": "worst"}})),
        )
        .await;
    let v = wait_long(&app, v["job"].as_str().unwrap()).await;
    assert_eq!(v["state"], "done", "{v}");
    let (entropy, opt) = (&v["results"][0], &v["results"][1]);
    assert!(
        opt["description"]
            .as_str()
            .unwrap()
            .contains("smallest worst case, then fewest guesses")
    );
    assert!(opt["worst"].as_u64() <= entropy["worst"].as_u64());
    replays_to_the_same_figures(&app, v["job"].as_str().unwrap(), opt).await;

    let mm34 = json!({"game": "mastermind", "pegs": 3, "colors": 4});
    let mut totals = Vec::new();
    for optimal in [
        json!({}),
        json!({"pool": "consistent"}),
        json!({"max_depth": 3}),
    ] {
        let v = app
            .ok(
                "POST",
                "/api/analyze",
                Some(json!({"game": mm34, "strategies": ["optimal"], "optimal": optimal})),
            )
            .await;
        let job = v["job"].as_str().unwrap().to_string();
        let v = wait_long(&app, &job).await;
        if optimal["max_depth"] == 3 {
            // No strategy finds all 64 secrets within 3 guesses: the job fails and says why.
            assert_eq!(v["state"], "failed", "{v}");
            assert!(
                v["error"].as_str().unwrap().contains("within 3 guesses"),
                "{v}"
            );
            continue;
        }
        assert_eq!(v["state"], "done", "{v}");
        let opt = &v["results"][0];
        replays_to_the_same_figures(&app, &job, opt).await;
        totals.push(opt["total"].as_u64().unwrap());
    }
    // Guessing only consistent codes can never beat guessing any code.
    assert!(totals[0] <= totals[1], "{totals:?}");
}

#[tokio::test]
async fn optimal_requests_are_checked_and_large_games_refused() {
    let app = App::new();
    let e = StatusCode::UNPROCESSABLE_ENTITY;
    // MM(4,7) has 2401 codes: the command line is the tool for it.
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"game": {"game": "mastermind", "pegs": 4, "colors": 7}, "strategies": ["minimax", "optimal"]})),
        e,
        &["2401 codes", "more than the 1300", "optimal", "codebreak optimal"],
    )
    .await;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"game": {"game": "bulls"}, "strategies": ["optimal"]})),
        e,
        &["5040 codes", "1300"],
    )
    .await;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"strategies": ["minimax"], "optimal": {"objective": "worst"}})),
        e,
        &["optimal options", "does not include \"optimal\""],
    )
    .await;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"strategies": ["optimal", "Optimal"]})),
        e,
        &["2 times", "at most once"],
    )
    .await;
    for d in [0, 64] {
        app.fails(
            "POST",
            "/api/analyze",
            Some(json!({"strategies": ["optimal"], "optimal": {"max_depth": d}})),
            e,
            &[
                &format!("max depth {d} is out of range"),
                "optimal.max_depth",
                "expected 1 to 63",
            ],
        )
        .await;
    }
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"strategies": ["optimal"], "first_guess": "9999"})),
        e,
        &["first_guess"],
    )
    .await;
    let b = StatusCode::BAD_REQUEST;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"strategies": ["optimal"], "optimal": {"objective": "best"}})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["optimal.objective", "best", "expected"],
    )
    .await;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"strategies": ["optimal"], "optimal": {"depth": 5}})),
        b,
        &["depth"],
    )
    .await;
    // The page learns the budget and which games fit.
    let s = app.ok("GET", "/api/strategies", None).await;
    assert_eq!(s["optimal"]["name"], "optimal");
    assert_eq!(s["optimal"]["max_codes"], 1300);
    assert_eq!(s["optimal"]["objectives"], json!(["expected", "worst"]));
    let l = app.ok("GET", "/api/limits", None).await;
    assert_eq!(l["optimal_codes"], 1300);
    for (game, fits) in [
        (MM(), true),
        (json!({"game": "bulls", "pegs": 3}), true),
        (json!({"game": "twod"}), true),
        (json!({"game": "mastermind", "pegs": 4, "colors": 7}), false),
    ] {
        let g = app
            .ok("POST", "/api/game", Some(json!({"game": game})))
            .await;
        assert_eq!(g["allows"]["optimal"], fits, "{game}");
    }
}

/// A server whose budget lets an exact search run far longer than a test: Bulls and Cows
/// (5040 secrets) takes minutes.
fn long_search_app(time: Duration) -> App {
    App::with_limits(Limits {
        optimal_codes: 5040,
        optimal_time: time,
        ..Limits::default()
    })
}

#[tokio::test]
async fn deleting_a_job_stops_its_exact_search() {
    let app = long_search_app(Duration::from_secs(600));
    let v = app
        .ok(
            "POST",
            "/api/analyze",
            Some(json!({"game": {"game": "bulls"}, "strategies": ["optimal"]})),
        )
        .await;
    let job = v["job"].as_str().unwrap().to_string();
    // Progress shows the search's nodes and time while it runs.
    let mut seen = None;
    for _ in 0..400 {
        let v = app.ok("GET", &format!("/api/analyze/{job}"), None).await;
        assert_ne!(v["state"], "done", "{v}");
        let search = &v["progress"]["search"];
        if search["nodes"].as_u64().unwrap_or(0) > 0 {
            assert!(search["seconds"].as_f64().unwrap() >= 0.0);
            seen = Some(v);
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let seen = seen.expect("the search reports its nodes while it runs");
    assert_eq!(seen["state"], "running");
    assert_eq!(seen["progress"]["of"], 1);
    app.ok("DELETE", &format!("/api/analyze/{job}"), None).await;
    // The search stops, so the one analysis slot is free again: a small job finishes at once
    // (without the stop it would wait for minutes).
    let started = std::time::Instant::now();
    let next = app
        .ok(
            "POST",
            "/api/analyze",
            Some(json!({"game": {"game": "mastermind", "pegs": 2, "colors": 3}, "strategies": ["optimal"]})),
        )
        .await;
    let next = wait_long(&app, next["job"].as_str().unwrap()).await;
    assert_eq!(next["state"], "done", "{next}");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn an_exact_search_past_the_time_budget_fails_with_a_message() {
    let app = long_search_app(Duration::from_millis(300));
    let v = app
        .ok(
            "POST",
            "/api/analyze",
            Some(json!({"game": {"game": "bulls"}, "strategies": ["first", "optimal"]})),
        )
        .await;
    let v = wait_long(&app, v["job"].as_str().unwrap()).await;
    assert_eq!(v["state"], "failed", "{v}");
    let msg = v["error"].as_str().unwrap();
    assert!(
        msg.contains("stopped after 0.3 s") && msg.contains("codebreak optimal"),
        "{msg}"
    );
    // The tree of a failed job is not there to explore: 409, not 500.
    app.fails(
        "GET",
        &format!("/api/analyze/{}/tree", v["job"].as_str().unwrap()),
        None,
        StatusCode::CONFLICT,
        &["the analysis failed", "stopped after"],
    )
    .await;
}
