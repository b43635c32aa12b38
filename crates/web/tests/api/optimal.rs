//! The exact optimum as an analysis entry: the published optimum and its verified tree, its
//! options, refused requests, and stopping a search (deleted job, time budget).

use std::time::Duration;

use axum::http::StatusCode;
use codebreak_web::Limits;
use serde_json::{Value, json};

use crate::common::{App, MM};

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

    // After a given opener, the tree starts with it and cannot beat the optimum; a bound
    // at the optimum is proved out of reach, one above it finds the optimum.
    let run = |optimal: Value| {
        let app = &app;
        let mm34 = mm34.clone();
        async move {
            let v = app
                .ok(
                    "POST",
                    "/api/analyze",
                    Some(json!({"game": mm34, "strategies": ["optimal"], "optimal": optimal})),
                )
                .await;
            wait_long(app, v["job"].as_str().unwrap()).await
        }
    };
    let v = run(json!({"first_guess": "000"})).await;
    assert_eq!(v["state"], "done", "{v}");
    let opt = &v["results"][0];
    assert_eq!(opt["tree"]["root"]["guess"], "000", "{opt}");
    assert!(opt["total"].as_u64().unwrap() > totals[0], "{opt}");
    let v = run(json!({"bound": totals[0] + 1})).await;
    assert_eq!(v["results"][0]["total"].as_u64(), Some(totals[0]), "{v}");
    let v = run(json!({"bound": totals[0]})).await;
    assert_eq!(v["state"], "failed", "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains(&format!("at least {}", totals[0])),
        "{v}"
    );
    app.fails(
        "POST",
        "/api/analyze",
        Some(json!({"game": mm34, "strategies": ["optimal"], "optimal": {"first_guess": "0x"}})),
        StatusCode::UNPROCESSABLE_ENTITY,
        &["optimal.first_guess", "0x"],
    )
    .await;
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
