//! The openers table the page shows before the first row (`crates/web/data/openers.json`,
//! written by `cargo run --release -p codebreak-web --example openers`): a Wordle entry
//! recomputed here by replaying Selby's tree with codebreak's verifier, the Mastermind entry by
//! the exact search, and every entry served with its game.

use std::path::PathBuf;

use serde_json::{Value, json};

use crate::common::App;

/// The folder of Selby's Wordle data: `$CODEBREAK_WORDLE`, else `../shared/wordle` next to the
/// repository, else `/work/shared/wordle` (as the tree crate's tests look for it).
fn wordle_folder() -> PathBuf {
    let candidates = [
        std::env::var_os("CODEBREAK_WORDLE").map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/wordle")),
        Some(PathBuf::from("/work/shared/wordle")),
    ];
    candidates
        .iter()
        .flatten()
        .find(|d| d.join("README.md").is_file())
        .cloned()
        .unwrap_or_else(|| {
            panic!("the Wordle data is missing: looked in {candidates:?} (set CODEBREAK_WORDLE)")
        })
}

fn table() -> Value {
    let path = format!("{}/data/openers.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_openers_table_is_what_the_verifier_computes() {
    // The NYT lists in normal mode: the game file of examples/games/wordle, Selby's TARSE tree.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games/wordle/wordle-nyt.toml");
    let game = codebreak_gamefile::load(&path).unwrap().def.game().unwrap();
    let entry = table()["openers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["tree"] == "tarse.easy.nyt20230701.tree")
        .unwrap()
        .clone();
    let text =
        std::fs::read_to_string(wordle_folder().join("tarse.easy.nyt20230701.tree")).unwrap();
    let tree = codebreak_tree::read(&text, None, Some(&game)).unwrap().tree;
    let report = codebreak_tree::verify(&game, &tree.root).unwrap();
    assert_eq!(
        json!({
            "fingerprint": format!("{:016x}", game.list().unwrap().fingerprint()),
            "opener": game.format_code(&tree.root.guess),
            "secrets": report.secrets,
            "total": report.total,
            "worst": report.worst,
        }),
        json!({
            "fingerprint": entry["fingerprint"],
            "opener": entry["opener"],
            "secrets": entry["secrets"],
            "total": entry["total"],
            "worst": entry["worst"],
        })
    );
}

/// Each Wordle game of the page is described with its opener: the built-in lists and the NYT
/// lists the server ships (whose lists are those of the game file the table was computed on).
#[tokio::test]
async fn every_wordle_game_has_its_opener() {
    let app = App::new();
    let table = table();
    for (spec, tree) in [
        (json!({"game": "wordle"}), "salet.easy.origwords.tree"),
        (
            json!({"game": "wordle", "hard": true}),
            "salet.hard.origwordlist.tree",
        ),
        (
            json!({"game": "custom", "fingerprint": "wordle-nyt"}),
            "tarse.easy.nyt20230701.tree",
        ),
        (
            json!({"game": "custom", "fingerprint": "wordle-nyt-hard"}),
            "tarse.hard.nyt20230701.tree",
        ),
    ] {
        let d = app
            .ok("POST", "/api/game", Some(json!({"game": spec})))
            .await;
        let want = table["openers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["tree"] == tree)
            .unwrap();
        assert_eq!(&d["opener"], want, "{spec}");
    }
    let d = app
        .ok(
            "POST",
            "/api/game",
            Some(json!({"game": {"game": "mastermind", "pegs": 3, "colors": 5}})),
        )
        .await;
    assert_eq!(d["opener"], Value::Null, "no entry for MM(3,5)");
}

/// The Mastermind 4 × 6 entry is the exact search's optimum, its tree replayed by the verifier
/// (Koyama and Lai's 5625), served with the game.
#[tokio::test]
async fn the_mastermind_opener_is_the_exact_optimum() {
    let game = codebreak_core::Game::new(&codebreak_core::GameSpec::mastermind(4, 6)).unwrap();
    let engine = codebreak_core::AnyEngine::new(&game).unwrap();
    let solution = codebreak_search::Search::new(&engine, Default::default(), false)
        .unwrap()
        .run()
        .unwrap();
    let report = codebreak_tree::verify(&game, &solution.tree.root).unwrap();
    let app = App::new();
    let d = app
        .ok(
            "POST",
            "/api/game",
            Some(json!({"game": {"game": "mastermind"}})),
        )
        .await;
    assert_eq!(
        d["opener"]["opener"],
        game.format_code(&solution.tree.root.guess)
    );
    assert_eq!(d["opener"]["total"], report.total);
    assert_eq!(d["opener"]["secrets"], report.secrets);
    assert_eq!(d["opener"]["worst"], report.worst);
}
