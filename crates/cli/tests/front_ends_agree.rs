//! The command line and the web server are two front ends over one set of report types: the
//! same question asked of both must give the same JSON object, field for field (apart from
//! what depends on the moment: times and session ids).

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{run_args, stdout};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// `POST path` with a JSON body to a fresh server; the status and the answer.
async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let app = codebreak_web::router(codebreak_web::Config::default());
    let req = Request::builder()
        .method("POST")
        .uri(path)
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let resp = app.oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

/// `GET path` on the same server as `app`.
async fn get(app: &axum::Router, path: &str) -> Value {
    let req = Request::builder()
        .uri(path)
        .header("host", "127.0.0.1:8080")
        .body(Body::empty())
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&bytes).unwrap()
}

/// The one JSON object a command printed.
fn cli_json(args: &[&str]) -> (Option<i32>, Value) {
    let out = run_args(args, None);
    let text = stdout(&out);
    let v = serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{text}: {e}"));
    (out.status.code(), v)
}

/// Drops the fields that depend on the moment.
fn timeless(mut v: Value) -> Value {
    if let Some(m) = v.as_object_mut() {
        m.remove("seconds");
    }
    v
}

#[tokio::test]
async fn a_hint_is_the_same_object_in_both() {
    let (code, cli) = cli_json(&[
        "hint",
        "--history",
        "0011:1B0W,2345:0B2W",
        "--all",
        "--show",
        "5",
        "--json",
    ]);
    assert_eq!(code, Some(0));
    let (status, web) = post(
        "/api/hint",
        json!({
            "game": {"game": "mastermind", "pegs": 4, "colors": 6},
            "history": [
                {"guess": "0011", "feedback": "1B0W"},
                {"guess": "2345", "feedback": "0B2W"},
            ],
            "show": 5,
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{web}");
    assert_eq!(cli, web);
    // And the fields the documentation promises are there.
    for field in [
        "remaining",
        "candidates",
        "solved",
        "guess",
        "suggestions",
        "omitted",
    ] {
        assert!(cli.get(field).is_some(), "{field} in {cli}");
    }
    let s = &cli["suggestions"][0];
    for field in [
        "strategy",
        "description",
        "guess",
        "why",
        "largest_class",
        "expected_size",
        "entropy",
        "parts",
        "could_be_secret",
    ] {
        assert!(s.get(field).is_some(), "{field} in {s}");
    }
}

#[tokio::test]
async fn a_contradiction_is_the_same_object_in_both() {
    let (code, cli) = cli_json(&["hint", "--history", "0011:0B0W,0123:4B0W", "--json"]);
    assert_eq!(code, Some(1));
    let (status, web) = post(
        "/api/hint",
        json!({
            "game": {"game": "mastermind"},
            "history": [
                {"guess": "0011", "feedback": "0B0W"},
                {"guess": "0123", "feedback": "4B0W"},
            ],
            "strategies": ["minimax"],
        }),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{web}");
    assert_eq!(cli, web);
    assert!(cli["error"].as_str().unwrap().contains("answer"));
    assert_eq!(cli["diagnosis"]["changes"], 1);
    let suspect = &cli["diagnosis"]["suspects"][0];
    assert!(suspect["answers"].is_array() && suspect["corrections"][0]["replies"].is_array());
}

#[tokio::test]
async fn an_analysis_is_the_same_object_in_both() {
    let (code, cli) = cli_json(&[
        "analyze",
        "--game",
        "bulls",
        "--pegs",
        "3",
        "--colors",
        "6",
        "--strategy",
        "entropy",
        "--json",
    ]);
    assert_eq!(code, Some(0));
    let app = codebreak_web::router(codebreak_web::Config::default());
    let req = Request::builder()
        .method("POST")
        .uri("/api/analyze")
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({"game": {"game": "bulls", "pegs": 3, "colors": 6}, "strategies": ["entropy"]})
                .to_string(),
        ))
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::ACCEPTED);
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let job: Value = serde_json::from_slice(&bytes).unwrap();
    let id = job["job"].as_str().unwrap().to_string();
    let mut status = Value::Null;
    for _ in 0..500 {
        status = get(&app, &format!("/api/analyze/{id}")).await;
        if status["state"] == "done" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(status["state"], "done", "{status}");
    let mut web = status["results"][0].clone();
    // The web adds the root of the tree, to explore it; the rest is the same object.
    web.as_object_mut().unwrap().remove("tree");
    assert_eq!(timeless(cli), timeless(web));
}

/// A game too large to list gives the same hint object through both, in the listed games'
/// shape: an exact count (black-peg counts by dynamic programming) is a plain number.
#[tokio::test]
async fn a_big_game_hint_is_the_same_object_in_both() {
    let history = "0123456789012345:3,1111111111111111:2";
    let (code, cli) = cli_json(&[
        "hint",
        "--game",
        "blackpeg",
        "--pegs",
        "16",
        "--colors",
        "10",
        "--history",
        history,
        "--fit-sample",
        "50",
        "--show",
        "3",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{cli}");
    let (status, web) = post(
        "/api/hint",
        json!({
            "game": {"game": "blackpeg", "pegs": 16, "colors": 10},
            "history": [
                {"guess": "0123456789012345", "feedback": "3"},
                {"guess": "1111111111111111", "feedback": "2"},
            ],
            "show": 3,
            "strategies": ["entropy"],
            "fit_sample": 50,
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{web}");
    assert_eq!(cli, web);
    assert!(cli["remaining"].as_u64().is_some_and(|n| n > 3), "{cli}");
    assert_eq!(cli["candidates"].as_array().unwrap().len(), 3);
    assert_eq!(cli["suggestions"][0]["fit_sample"]["secrets"], 50);
}

/// An estimate is the same object through both, and says it is one.
#[tokio::test]
async fn a_big_game_estimate_is_the_same_object_in_both() {
    let (code, cli) = cli_json(&[
        "hint",
        "--pegs",
        "16",
        "--colors",
        "6",
        "--history",
        "0011223344550123:3B7W",
        "--fit-sample",
        "20",
        "--show",
        "2",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{cli}");
    let (status, web) = post(
        "/api/hint",
        json!({
            "game": {"game": "mastermind", "pegs": 16, "colors": 6},
            "history": [{"guess": "0011223344550123", "feedback": "3B7W"}],
            "show": 2,
            "strategies": ["entropy"],
            "fit_sample": 20,
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{web}");
    assert_eq!(cli, web);
    let r = &cli["remaining"];
    assert!(r["estimate"].as_f64().unwrap() > 0.0, "{r}");
    assert!(r["low"].as_f64() <= r["high"].as_f64(), "{r}");
}

/// Contradicting clues of a game too large to list: the same object (the smallest set of
/// clues that contradict each other) through both, exit 1 and 409.
#[tokio::test]
async fn a_big_game_contradiction_is_the_same_object_in_both() {
    let (code, cli) = cli_json(&[
        "hint",
        "--game",
        "blackpeg",
        "--pegs",
        "16",
        "--colors",
        "10",
        "--history",
        "1111111111111111:2,0123456789012345:16,0123456789012346:16",
        "--json",
    ]);
    assert_eq!(code, Some(1), "{cli}");
    let (status, web) = post(
        "/api/hint",
        json!({
            "game": {"game": "blackpeg", "pegs": 16, "colors": 10},
            "history": [
                {"guess": "1111111111111111", "feedback": "2"},
                {"guess": "0123456789012345", "feedback": "16"},
                {"guess": "0123456789012346", "feedback": "16"},
            ],
        }),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{web}");
    assert_eq!(cli, web);
    assert_eq!(cli["conflict"], json!([2, 3]));
    assert_eq!(cli["quality"], "smallest");
    assert_eq!(cli["diagnosis"], Value::Null);
    // One contradiction object for both kinds of game: a listed game's has the same fields,
    // its conflict found by trying the clues, its diagnosis filled in.
    let (_, listed) = cli_json(&["hint", "--history", "0011:0B0W,0123:4B0W", "--json"]);
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&listed), keys(&cli));
    assert_eq!(listed["conflict"], json!([1, 2]));
    assert_eq!(listed["moves"][1]["guess"], "0123");
    assert!(listed["diagnosis"]["changes"].as_u64().is_some());
}

/// A review is the same object through both, for a listed game and for one too large to list.
#[tokio::test]
async fn a_review_is_the_same_object_in_both() {
    let (code, cli) = cli_json(&[
        "review",
        "--history",
        "0011:0B1W,1223:2B0W,3345:0B3W,1453:4B0W",
        "--secret",
        "1453",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{cli}");
    let (status, web) = post(
        "/api/review",
        json!({
            "game": {"game": "mastermind", "pegs": 4, "colors": 6},
            "secret": "1453",
            "history": [
                {"guess": "0011", "feedback": "0B1W"},
                {"guess": "1223", "feedback": "2B0W"},
                {"guess": "3345", "feedback": "0B3W"},
                {"guess": "1453", "feedback": "4B0W"},
            ],
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{web}");
    assert_eq!(cli, web);
    assert_eq!(cli["moves"][0]["before"], 1296);

    // Black-peg 16 of 10: the secrets are counted on the clues, the best guess sampled.
    let secret = "0123456789012345";
    let (code, cli) = cli_json(&[
        "review",
        "--game",
        "blackpeg",
        "--pegs",
        "16",
        "--colors",
        "10",
        "--history",
        "1111111111111111:2,0123456789012345:16",
        "--secret",
        secret,
        "--fit-sample",
        "50",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{cli}");
    let (status, web) = post(
        "/api/review",
        json!({
            "game": {"game": "blackpeg", "pegs": 16, "colors": 10},
            "secret": secret,
            "history": [
                {"guess": "1111111111111111", "feedback": "2"},
                {"guess": secret, "feedback": "16"},
            ],
            "fit_sample": 50,
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{web}");
    assert_eq!(cli, web);
    assert_eq!(cli["moves"][0]["best_by"], "sampled");
    assert_eq!(cli["moves"][1]["left"], 0);
    // The options of one kind of game are refused on the other, in the same words.
    let (code, cli) = cli_json(&[
        "review",
        "--history",
        "0011:0B1W",
        "--secret",
        "1453",
        "--fit-sample",
        "50",
        "--json",
    ]);
    assert_eq!(code, Some(2));
    let (status, web) = post(
        "/api/review",
        json!({"secret": "1453", "history": [{"guess": "0011", "feedback": "0B1W"}], "fit_sample": 50}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(cli["error"], web["error"], "{cli} {web}");
}
