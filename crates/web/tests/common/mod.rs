//! Helpers for the API tests: requests through the router with `tower::ServiceExt::oneshot`,
//! and what several themes need (a default game, the secret a seed hides, leak checks).

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use codebreak_core::{AnyEngine, Game, GameSpec};
use codebreak_strategy::{Codemaker, Honest};
use codebreak_web::{Config, Limits, Log};
use serde_json::{Value, json};
use tower::ServiceExt;

/// The classic game, Mastermind with 4 pegs and 6 colours, as a request's `game`.
pub const MM: fn() -> Value = || json!({"game": "mastermind", "pegs": 4, "colors": 6});

/// The secret a seeded game hides, computed with the library (the test's own knowledge).
pub fn seeded_secret(spec: &GameSpec, seed: u64) -> String {
    let game = Game::new(spec).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    game.format_code(&Honest::random(&engine, seed).reveal())
}

/// A router and the request log it writes.
pub struct App {
    pub router: Router,
    pub log: Arc<Mutex<Vec<String>>>,
}

impl App {
    pub fn new() -> App {
        App::with_limits(Limits::default())
    }

    pub fn with_limits(limits: Limits) -> App {
        App::with_config(Config {
            limits,
            ..Config::default()
        })
    }

    /// An app with this configuration, logging into [`App::log`].
    pub fn with_config(config: Config) -> App {
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = log.clone();
        let config = Config {
            log: Some(Log(Arc::new(move |line| {
                sink.lock().unwrap().push(line.to_string())
            }))),
            ..config
        };
        App {
            router: codebreak_web::router(config),
            log,
        }
    }

    /// Sends a request with a raw body and content type, from the server's own page (`Host:
    /// 127.0.0.1:8080`, no `Origin`); returns status, headers and body text.
    pub async fn raw(
        &self,
        method: &str,
        uri: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> (StatusCode, axum::http::HeaderMap, String) {
        let mut headers = vec![("host", "127.0.0.1:8080")];
        if let Some(ct) = content_type {
            headers.push(("content-type", ct));
        }
        self.with_headers(method, uri, &headers, body).await
    }

    /// Sends a request with exactly these headers (no `Host` unless given).
    pub async fn with_headers(
        &self,
        method: &str,
        uri: &str,
        headers: &[(&str, &str)],
        body: Vec<u8>,
    ) -> (StatusCode, axum::http::HeaderMap, String) {
        let mut req = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        let resp = self
            .router
            .clone()
            .oneshot(req.body(Body::from(body)).unwrap())
            .await
            .unwrap();
        let status = resp.status();
        let headers = resp.headers().clone();
        let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX)
            .await
            .unwrap();
        (status, headers, String::from_utf8(bytes.to_vec()).unwrap())
    }

    /// Sends JSON (or nothing) and reads JSON back.
    pub async fn call(&self, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
        let (status, _, text) = match body {
            Some(v) => {
                self.raw(
                    method,
                    uri,
                    Some("application/json"),
                    v.to_string().into_bytes(),
                )
                .await
            }
            None => self.raw(method, uri, None, Vec::new()).await,
        };
        let v: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{method} {uri}: not JSON ({e}): {text}"));
        (status, v)
    }

    /// A call that must succeed with 200 (or 202).
    pub async fn ok(&self, method: &str, uri: &str, body: Option<Value>) -> Value {
        let (status, v) = self.call(method, uri, body).await;
        assert!(
            status == StatusCode::OK || status == StatusCode::ACCEPTED,
            "{method} {uri}: {status} {v}"
        );
        v
    }

    /// A call that must fail with `status` and a one-line message containing every needle.
    pub async fn fails(
        &self,
        method: &str,
        uri: &str,
        body: Option<Value>,
        status: StatusCode,
        needles: &[&str],
    ) -> Value {
        let (got, v) = self.call(method, uri, body).await;
        assert_eq!(got, status, "{method} {uri}: {v}");
        let msg = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error: {v}"));
        assert!(!msg.contains('\n'), "one line: {msg}");
        for n in needles {
            assert!(msg.contains(n), "{n:?} missing from {msg:?}");
        }
        v
    }

    pub fn log_lines(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }
}

/// Every string value in a JSON document except the game's alphabet, where a secret made of
/// consecutive symbols would appear innocently.
pub fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => {
            for (k, x) in o {
                if k != "alphabet" {
                    strings(x, out);
                }
            }
        }
        _ => {}
    }
}

/// Asserts that `secret` appears in no string of `v`.
pub fn assert_hidden(v: &Value, secret: &str, what: &str) {
    let mut all = Vec::new();
    strings(v, &mut all);
    for s in all {
        assert!(
            !s.contains(secret),
            "{what} leaks the secret {secret} in {s:?}: {v}"
        );
    }
}
