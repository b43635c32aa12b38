//! The web server's request bodies: `POST /api/hint`, `/api/game`, `/api/play`, `/api/solve`
//! and `/api/analyze` with arbitrary bodies, through `codebreak_web::router` (a fresh server
//! per input, with small limits so that no input starts a long search).
//!
//! Input: a first line naming the route (`hint`, `game`, `play`, `solve`, `analyze`), then the
//! body; without such a line the first byte picks the route and the whole input is the body.
//!
//! Properties: every answer is a 2xx or 4xx JSON object, never a 5xx; a 4xx carries a one-line
//! `error`; a session started has a state (`GET` answers 200); an analysis job started
//! finishes (done or failed, never a worker's failure) within its time budget.
#![no_main]

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use codebreak_fuzz::one_line;
use codebreak_web::{Config, Limits};
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tower::ServiceExt;

const ROUTES: [&str; 5] = ["hint", "game", "play", "solve", "analyze"];

/// Longest an analysis job may take before the input counts as a hang.
const JOB_DEADLINE: Duration = Duration::from_secs(20);

fn config() -> Config {
    Config {
        limits: Limits {
            body_bytes: 16 * 1024,
            play_codes: 5000,
            interactive_codes: 700,
            analysis_codes: 300,
            optimal_codes: 100,
            optimal_time: Duration::from_secs(2),
            optimal_memo: 100_000,
            memory: 64 << 20,
            ..Limits::default()
        },
        ..Config::default()
    }
}

/// Sends one request; returns the status and the JSON object answered, after checking its
/// shape.
async fn send(app: &axum::Router, method: &str, uri: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .body(Body::from(body))
        .expect("a request");
    let resp = app.clone().oneshot(req).await.expect("the router answers");
    let status = resp.status();
    let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        status.is_success() || status.is_client_error(),
        "{method} {uri}: {status} {text}"
    );
    let v: Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{method} {uri}: {status}, not JSON ({e}): {text}"));
    assert!(v.is_object(), "{method} {uri}: {status} {text}");
    if status.is_client_error() {
        let error = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error: {text}"));
        one_line(error);
    }
    (status, v)
}

fuzz_target!(|data: &[u8]| {
    let (route, body) = match data.iter().position(|&b| b == b'\n') {
        Some(i) if ROUTES.iter().any(|r| r.as_bytes() == &data[..i]) => {
            (std::str::from_utf8(&data[..i]).unwrap(), &data[i + 1..])
        }
        _ => (
            ROUTES[data.first().copied().unwrap_or(0) as usize % 5],
            data,
        ),
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    rt.block_on(async {
        let app = codebreak_web::router(config());
        let (status, v) = send(&app, "POST", &format!("/api/{route}"), body.to_vec()).await;
        if !status.is_success() {
            return;
        }
        match route {
            "play" | "solve" => {
                let id = v["id"].as_str().expect("a session id");
                let (status, _) = send(&app, "GET", &format!("/api/{route}/{id}"), vec![]).await;
                assert_eq!(status, StatusCode::OK);
            }
            "analyze" => {
                let job = v["job"].as_str().expect("a job id").to_string();
                let start = Instant::now();
                loop {
                    let (status, v) =
                        send(&app, "GET", &format!("/api/analyze/{job}"), vec![]).await;
                    assert_eq!(status, StatusCode::OK);
                    match v["state"].as_str() {
                        Some("done") => break,
                        Some("failed") => {
                            let e = v["error"].as_str().unwrap_or_default();
                            assert!(!e.contains("worker"), "job failed: {e}");
                            break;
                        }
                        _ => {}
                    }
                    assert!(start.elapsed() < JOB_DEADLINE, "job still {}", v["state"]);
                    tokio::time::sleep(Duration::from_millis(2)).await;
                }
            }
            _ => {}
        }
    });
});
