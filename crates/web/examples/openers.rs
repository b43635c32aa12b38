//! Writes the table of openers the page shows before the first row
//! (`crates/web/data/openers.json`): for each Wordle game, the opener of Alex Selby's optimal
//! tree (alex1770/wordle) and its exact figures — secrets, guesses in all, worst case — as
//! codebreak's independent tree verifier (`codebreak_tree::verify`, the checker behind
//! `codebreak verify`) computes them by replaying every secret through the tree. Nothing in the
//! table is typed in: it is this program's output.
//!
//! ```sh
//! cargo run --release -p codebreak-web --example openers -- ../shared/wordle > crates/web/data/openers.json
//! ```
//!
//! The argument is the folder of Selby's trees (`../shared/wordle`, see its README). Each
//! Wordle entry is keyed by the fingerprint of its game's lists, so that an entry never applies
//! to other lists. Mastermind with 4 pegs and 6 colours (the page's first game) gets its entry
//! from codebreak's exact search (`codebreak optimal`: fewest guesses in all), its tree replayed
//! by the same verifier, keyed by the game's spec. The API tests of `openers` recompute an
//! entry of each kind.

use std::path::{Path, PathBuf};

use codebreak_core::{Game, GameKind, GameSpec};
use serde_json::json;

/// The trees, each with the game it is for: the built-in Wordle (original lists), or a game
/// file of `examples/games/wordle/`.
const TREES: [(&str, &str, bool); 4] = [
    ("salet.easy.origwords.tree", "", false),
    ("salet.hard.origwordlist.tree", "", true),
    ("tarse.easy.nyt20230701.tree", "wordle-nyt.toml", false),
    ("tarse.hard.nyt20230701.tree", "wordle-nyt-hard.toml", true),
];

fn game(file: &str, hard: bool) -> Game {
    if file.is_empty() {
        return Game::new(&GameSpec {
            kind: GameKind::Wordle,
            hard,
            ..GameSpec::default()
        })
        .unwrap();
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games/wordle")
        .join(file);
    codebreak_gamefile::load(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .def
        .game()
        .unwrap()
}

fn main() {
    let folder = PathBuf::from(
        std::env::args()
            .nth(1)
            .expect("usage: openers FOLDER-OF-SELBY'S-TREES"),
    );
    let mut openers = Vec::new();
    for (tree, file, hard) in TREES {
        let game = game(file, hard);
        let path = folder.join(tree);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let read = codebreak_tree::read(&text, None, Some(&game))
            .unwrap_or_else(|e| panic!("{tree}: {e}"));
        let report = codebreak_tree::verify(&game, &read.tree.root)
            .unwrap_or_else(|e| panic!("{tree}: {e}"));
        let list = game.list().expect("a list game");
        openers.push(json!({
            "fingerprint": format!("{:016x}", list.fingerprint()),
            "game": list.name(),
            "hard": hard,
            "opener": game.format_code(&read.tree.root.guess),
            "secrets": report.secrets,
            "total": report.total,
            "worst": report.worst,
            "tree": tree,
            "source": "Alex Selby's optimal tree (alex1770/wordle), replayed by codebreak's tree verifier",
        }));
    }
    // Mastermind 4 × 6: the exact optimum, searched, then replayed by the verifier.
    let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
    let engine = codebreak_core::AnyEngine::new(&game).unwrap();
    let solution = codebreak_search::Search::new(&engine, Default::default(), false)
        .unwrap()
        .run()
        .unwrap();
    let report = codebreak_tree::verify(&game, &solution.tree.root).unwrap();
    openers.push(json!({
        "spec": game.spec(),
        "game": game.to_string(),
        "hard": false,
        "opener": game.format_code(&solution.tree.root.guess),
        "secrets": report.secrets,
        "total": report.total,
        "worst": report.worst,
        "source": "codebreak's exact search (codebreak optimal: fewest guesses in all), its tree replayed by the tree verifier",
    }));
    let table = json!({
        "command": "cargo run --release -p codebreak-web --example openers -- ../shared/wordle > crates/web/data/openers.json",
        "openers": openers,
    });
    println!("{}", serde_json::to_string_pretty(&table).unwrap());
}
