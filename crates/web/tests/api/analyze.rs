//! Analysis jobs: figures, the tree explorer, tree downloads and uploads, and the job budget.

use std::time::Duration;

use axum::http::StatusCode;
use codebreak_web::Limits;
use serde_json::{Value, json};

use crate::common::{App, MM};

/// Polls a job until it is done or failed.
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

/// Starts an analysis of minimax and first on MM(4,6), both opening with 0011, and waits for it
/// to finish; returns the job's id and its final state.
async fn knuth_job(app: &App) -> (String, Value) {
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
    let v = wait_for_job(app, &job).await;
    assert_eq!(v["state"], "done", "{v}");
    (job, v)
}

/// The summary of the root's branch for `reply`.
fn branch<'v>(root: &'v Value, reply: &str) -> &'v Value {
    root["replies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["reply"]["text"] == reply)
        .unwrap()
}

#[tokio::test]
async fn an_analysis_runs_as_a_job_with_its_figures_and_its_tree_root() {
    let app = App::new();
    let (job, v) = knuth_job(&app).await;
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
    assert_eq!(branch(root, "1B0W")["secrets"], 256);
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
async fn a_finished_jobs_trees_are_explored_node_by_node() {
    let app = App::new();
    let (job, v) = knuth_job(&app).await;
    let branch = branch(&v["results"][0]["tree"]["root"], "1B0W");
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
}

#[tokio::test]
async fn a_tree_downloads_whole_and_loads_back_checked_by_the_verifier() {
    let app = App::new();
    let (job, _) = knuth_job(&app).await;
    let e = StatusCode::UNPROCESSABLE_ENTITY;
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

#[tokio::test]
async fn a_game_too_large_to_list_is_analysed_on_a_sample_of_its_secrets() {
    let app = App::new();
    // 17 pegs: more than the enumerated engine takes, so the session samples secrets.
    let game = json!({"game": "mastermind", "pegs": 17, "colors": 2});
    let (status, v) = app
        .call(
            "POST",
            "/api/analyze",
            Some(json!({"game": game, "strategies": ["entropy"], "sample": 3, "seed": 1})),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{v}");
    assert_eq!(v["secrets"], 3, "{v}");
    let job = v["job"].as_str().unwrap().to_string();
    let v = wait_for_job(&app, &job).await;
    assert_eq!(v["state"], "done", "{v}");
    assert_eq!(v["progress"]["fraction"], 1.0);
    let r = &v["results"][0];
    // The same report as `analyze --sample 3 --seed 1 --json` writes for this game.
    assert_eq!(r["method"], "sampled", "{r}");
    assert_eq!(r["secrets"], 3);
    assert_eq!(r["seed"], 1);
    let (low, avg, high) = (
        r["interval"]["low"].as_f64().unwrap(),
        r["average"].as_f64().unwrap(),
        r["interval"]["high"].as_f64().unwrap(),
    );
    assert!(low <= avg && avg <= high, "{r}");
    let hist: u64 = r["histogram"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(hist + r["unfinished"].as_u64().unwrap(), 3, "{r}");
    // A sample has no tree to explore.
    app.fails(
        "GET",
        &format!("/api/analyze/{job}/tree"),
        None,
        StatusCode::CONFLICT,
        &["sampled", "no decision tree"],
    )
    .await;
    // What a big game cannot do is refused at once, naming it.
    let e = StatusCode::UNPROCESSABLE_ENTITY;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"game": game, "strategies": ["optimal"]})),
        e,
        &["optimal", "too large to list"],
    )
    .await;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"game": game, "strategies": ["entropy"]})),
        e,
        &["sample"],
    )
    .await;
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"game": game, "strategies": ["nope"]})),
        e,
        &["nope"],
    )
    .await;
}
