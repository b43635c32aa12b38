//! What the page asks first: the strategies, the server's limits, and a game's description.

use serde_json::json;

use crate::common::App;

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
            Some(json!({"game": {"game": "mastermind", "pegs": 7, "colors": 8}})),
        )
        .await;
    // Listed, but more codes than the server plays or hints on.
    assert_eq!(v["reasoned"], false, "{v}");
    assert_eq!(v["allows"]["play"], false, "{v}");
    assert_eq!(v["allows"]["hint"], false, "{v}");
    // Too large to list: reasoned on the clues, so played, hinted and solved,
    let v = app
        .ok(
            "POST",
            "/api/game",
            Some(json!({"game": {"game": "mastermind", "pegs": 8, "colors": 9}})),
        )
        .await;
    assert_eq!(v["reasoned"], true, "{v}");
    assert_eq!(v["allows"]["play"], true, "{v}");
    assert_eq!(v["allows"]["hint"], true, "{v}");
    assert_eq!(v["allows"]["solve"], true, "{v}");
    // and analysed on random secrets.
    assert_eq!(v["allows"]["analyze"], true, "{v}");
    assert_eq!(v["allows"]["optimal"], false, "{v}");
    let v = app
        .ok("POST", "/api/game", Some(json!({"game": {"game": "twod"}})))
        .await;
    assert_eq!(v["replies"], json!(["mixed", "low", "high", "hit"]));
}
