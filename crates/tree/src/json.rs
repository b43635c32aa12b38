//! The JSON format.
//!
//! ```json
//! {"format": "codebreak-tree/1",
//!  "game": {"game": "mastermind", "pegs": 4, "colors": 6, ...},
//!  "strategy": "minimax (pool all, ties consistent, first guess 1122)",
//!  "root": {"guess": "1122", "replies": {"0B0W": {"guess": "3344", "replies": {...}}, ...}}}
//! ```
//! A node is `{"guess": CODE, "replies": {REPLY: NODE, ...}}`; a leaf may omit `replies`.
//! Replies are written in the game's notation (`1B2W`, `1A2B`, `2B`, `low`). The reader
//! refuses fields it does not know and a reply written twice under one guess.

use std::collections::HashSet;

use codebreak_core::error::quote;
use codebreak_core::{Game, GameKind, GameSpec};
use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
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

/// The file as written, field by field: anything else is refused.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a codebreak JSON tree, {\"format\": \"codebreak-tree/1\", \"game\": ..., \"root\": ...}"
)]
struct FileRepr {
    format: Option<String>,
    game: GameSpec,
    #[serde(default)]
    strategy: Option<String>,
    root: NodeRepr,
}

/// A node as written.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a node, {\"guess\": CODE, \"replies\": {REPLY: NODE, ...}}"
)]
struct NodeRepr {
    guess: String,
    #[serde(default)]
    replies: Option<Replies>,
}

/// The replies of a node, in file order; a reply written twice is refused (a plain map would
/// keep the last one silently).
struct Replies(Vec<(String, NodeRepr)>);

impl<'de> Deserialize<'de> for Replies {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Replies, D::Error> {
        struct Visit;
        impl<'de> Visitor<'de> for Visit {
            type Value = Replies;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object of replies, {\"REPLY\": NODE, ...}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Replies, A::Error> {
                let mut seen = HashSet::new();
                let mut out = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    if !seen.insert(key.clone()) {
                        return Err(serde::de::Error::custom(format!(
                            "reply {} appears twice under one guess: expected each reply once",
                            quote(&key)
                        )));
                    }
                    out.push((key, map.next_value()?));
                }
                Ok(Replies(out))
            }
        }
        d.deserialize_map(Visit)
    }
}

fn to_node(game: &Game, repr: NodeRepr) -> Result<Node, TreeError> {
    let replies = repr.replies.map(|r| r.0).unwrap_or_default();
    // In a game that ends when the secret is known, a leaf names that secret.
    let guess = if replies.is_empty() && game.end() == codebreak_core::End::Known {
        game.parse_secret(&repr.guess)?
    } else {
        game.parse_guess(&repr.guess)?
    };
    let mut node = Node::leaf(guess);
    for (reply_text, child) in replies {
        let fb = game.parse_feedback(&reply_text)?;
        crate::compact::check_branch(game, &node, fb)?;
        node.branches.push((fb, to_node(game, child)?));
    }
    node.branches.sort_by_key(|(f, _)| *f);
    Ok(node)
}

/// Reads a JSON tree. Returns the tree and its validated game. Fields other than those
/// [`to_value`] writes are refused, and so is a reply written twice under one guess. A tree of
/// a game read from a game file ([`GameKind::Custom`]) cannot be read this way: see
/// [`from_str_for`].
pub fn from_str(text: &str) -> Result<(DecisionTree, Game), TreeError> {
    from_str_for(text, None)
}

/// [`from_str`], with the game the tree is expected to be for, if known. A tree of a game read
/// from a game file names it by name and fingerprint only ([`GameKind::Custom`]): the game
/// must then be given, and its fingerprint must be the one the tree names
/// ([`TreeError::CustomGame`], [`TreeError::Fingerprint`]). The given game is otherwise not
/// used: [`crate::read`] checks that it is the one the tree names.
pub fn from_str_for(text: &str, given: Option<&Game>) -> Result<(DecisionTree, Game), TreeError> {
    let repr: FileRepr = serde_json::from_str(text).map_err(|e| TreeError::Json(e.to_string()))?;
    match repr.format.as_deref() {
        Some(FORMAT) => {}
        Some(other) => {
            return Err(TreeError::Json(format!(
                "unknown format {}: expected {FORMAT:?}",
                quote(other)
            )));
        }
        None => {
            return Err(TreeError::Json(format!(
                "no \"format\" field: expected {FORMAT:?}"
            )));
        }
    }
    let game = game_of(&repr.game, given)?;
    let root = to_node(&game, repr.root)?;
    Ok((
        DecisionTree {
            game: game.spec(),
            strategy: repr.strategy,
            root,
        },
        game,
    ))
}

/// The game a tree names: built from its spec, or for a game from a game file, the one given
/// when its fingerprint matches.
fn game_of(spec: &GameSpec, given: Option<&Game>) -> Result<Game, TreeError> {
    if spec.kind != GameKind::Custom {
        return Ok(Game::new(spec)?);
    }
    let name = spec.name.clone().unwrap_or_default();
    let Some(game) = given else {
        return Err(TreeError::CustomGame { name });
    };
    let theirs = game.spec();
    if theirs.kind != GameKind::Custom
        || theirs.fingerprint != spec.fingerprint
        || theirs.hard != spec.hard
    {
        return Err(TreeError::Fingerprint {
            name,
            found: spec.fingerprint.clone().unwrap_or_else(|| "none".into()),
            hard: spec.hard,
            expected: game.to_string(),
            expected_fingerprint: theirs.fingerprint.unwrap_or_else(|| "none".into()),
        });
    }
    Ok(game.clone())
}
