//! The JSON format.
//!
//! ```json
//! {"format": "codebreak-tree/1",
//!  "game": {"game": "mastermind", "pegs": 4, "colors": 6, ...},
//!  "strategy": "minimax (pool all, ties consistent, first guess 1122)",
//!  "root": {"guess": "1122", "replies": {"0B0W": {"guess": "3344", "replies": {...}}, ...}}}
//! ```
//! A node is `{"guess": CODE, "replies": {REPLY: NODE, ...}}`; a leaf may omit `replies`.
//! Replies are written in the game's notation (`1B2W`, `1A2B`, `2B`, `low`).

use codebreak_core::{Game, GameSpec};
use serde_json::{Map, Value, json};

use crate::error::TreeError;
use crate::{DecisionTree, Node};

/// The format tag written in every file.
pub const FORMAT: &str = "codebreak-tree/1";

fn node_to_value(game: &Game, node: &Node) -> Value {
    let mut obj = Map::new();
    obj.insert("guess".into(), Value::String(game.format_code(&node.guess)));
    if !node.branches.is_empty() {
        let mut replies = Map::new();
        for (fb, child) in &node.branches {
            replies.insert(game.format_feedback(*fb), node_to_value(game, child));
        }
        obj.insert("replies".into(), Value::Object(replies));
    }
    Value::Object(obj)
}

/// The tree as a JSON value. `game` must be the tree's game.
pub fn to_value(tree: &DecisionTree, game: &Game) -> Value {
    json!({
        "format": FORMAT,
        "game": serde_json::to_value(&tree.game).expect("a spec always serialises"),
        "strategy": tree.strategy,
        "root": node_to_value(game, &tree.root),
    })
}

/// Writes the tree as JSON text.
pub fn to_string(tree: &DecisionTree, game: &Game) -> String {
    serde_json::to_string(&to_value(tree, game)).expect("a value always serialises")
}

fn value_to_node(game: &Game, v: &Value) -> Result<Node, TreeError> {
    let obj = v
        .as_object()
        .ok_or_else(|| TreeError::Json(format!("expected a node object, found {v}")))?;
    let guess_text = obj
        .get("guess")
        .and_then(Value::as_str)
        .ok_or_else(|| TreeError::Json("a node has no \"guess\" string".into()))?;
    let guess = game.parse_guess(guess_text)?;
    let mut node = Node::leaf(guess);
    if let Some(replies) = obj.get("replies") {
        let replies = replies.as_object().ok_or_else(|| {
            TreeError::Json(format!("\"replies\" of {guess_text} is not an object"))
        })?;
        for (reply_text, child) in replies {
            let fb = game.parse_feedback(reply_text)?;
            crate::compact::check_branch(game, &node, fb)?;
            node.branches.push((fb, value_to_node(game, child)?));
        }
        node.branches.sort_by_key(|(f, _)| *f);
    }
    Ok(node)
}

/// Reads a JSON tree. Returns the tree and its validated game.
pub fn from_str(text: &str) -> Result<(DecisionTree, Game), TreeError> {
    let v: Value = serde_json::from_str(text).map_err(|e| TreeError::Json(e.to_string()))?;
    let obj = v
        .as_object()
        .ok_or_else(|| TreeError::Json("expected an object at the top".into()))?;
    match obj.get("format").and_then(Value::as_str) {
        Some(FORMAT) => {}
        Some(other) => {
            return Err(TreeError::Json(format!(
                "unknown format {other:?}: expected {FORMAT:?}"
            )));
        }
        None => {
            return Err(TreeError::Json(format!(
                "no \"format\" field: expected {FORMAT:?}"
            )));
        }
    }
    let spec: GameSpec = serde_json::from_value(obj.get("game").cloned().unwrap_or(Value::Null))
        .map_err(|e| TreeError::Json(format!("bad \"game\": {e}")))?;
    let game = Game::new(&spec)?;
    let root = value_to_node(
        &game,
        obj.get("root")
            .ok_or_else(|| TreeError::Json("no \"root\" node".into()))?,
    )?;
    let strategy = obj
        .get("strategy")
        .and_then(Value::as_str)
        .map(str::to_string);
    Ok((
        DecisionTree {
            game: game.spec(),
            strategy,
            root,
        },
        game,
    ))
}
