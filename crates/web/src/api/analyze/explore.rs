//! The tree explorer: a finished job's decision trees, one node at a time
//! (`GET /api/analyze/{job}/tree`, so that no response carries a whole tree unless asked) or
//! whole in codebreak's JSON tree format (`GET /api/analyze/{job}/tree.json`).

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use codebreak_analysis::Analysis;
use codebreak_core::{AnyEngine, Code, Feedback, Game};
use codebreak_session::ReplyReport;
use codebreak_tree::Node;
use serde::Deserialize;
use serde_json::{Value, json};

use super::jobs::{Outcome, job};
use crate::api::{AppState, blocking, ok};
use crate::error::ApiError;
use crate::store::lock;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeQuery {
    /// Which result: its 0-based index or its strategy name (default the first).
    strategy: Option<String>,
    /// The moves leading to the node: `1122:1B0W,3344:0B2W` (default the root).
    path: Option<String>,
}

/// A node of a tree with its children summarised: how many secrets reach it, whether it finds
/// one, and for each reply the next guess and the secrets behind it.
pub(super) fn node_json(engine: &AnyEngine, path: &[(Code, Feedback)], node: &Node) -> Value {
    let game = engine.game();
    let space = engine.space();
    let here: Vec<Code> = space
        .secrets()
        .iter()
        .map(|&i| space.code(i))
        .filter(|s| path.iter().all(|(g, f)| game.score(s, g) == *f))
        .collect();
    let mut counts = vec![0usize; game.feedback().count()];
    for s in &here {
        counts[game.score(s, &node.guess).index()] += 1;
    }
    let replies: Vec<Value> = node
        .branches
        .iter()
        .map(|(fb, child)| {
            json!({
                "reply": ReplyReport::of(game, *fb),
                "secrets": counts[fb.index()],
                "guess": game.format_code(&child.guess),
                "leaf": child.branches.is_empty(),
                "depth": child.depth(),
            })
        })
        .collect();
    json!({
        "path": path.iter().map(|(g, f)| json!({
            "guess": game.format_code(g),
            "feedback": game.format_feedback(*f),
        })).collect::<Vec<_>>(),
        "guess": game.format_code(&node.guess),
        "secrets": here.len(),
        "found_here": counts[game.win().index()] > 0,
        "depth": node.depth(),
        "replies": replies,
    })
}

/// The finished analysis a query names.
fn pick<'a>(results: &'a [Outcome], which: Option<&str>) -> Result<&'a Analysis, ApiError> {
    let Some(which) = which else {
        return Ok(&results[0].analysis);
    };
    if let Ok(i) = which.parse::<usize>() {
        return results.get(i).map(|o| &o.analysis).ok_or_else(|| {
            ApiError::Invalid(format!(
                "strategy {i} is out of range: expected 0 to {}",
                results.len() - 1
            ))
        });
    }
    results
        .iter()
        .map(|o| &o.analysis)
        .find(|a| a.strategy.eq_ignore_ascii_case(which))
        .ok_or_else(|| {
            ApiError::Invalid(format!(
                "strategy {which:?} is not in this job: expected one of {}",
                results
                    .iter()
                    .map(|o| o.analysis.strategy.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
}

/// The node that `moves` lead to from the root, or why they do not.
fn walk<'t>(game: &Game, root: &'t Node, moves: &[(Code, Feedback)]) -> Result<&'t Node, ApiError> {
    let mut node = root;
    for (i, (g, f)) in moves.iter().enumerate() {
        if node.guess != *g {
            return Err(ApiError::Invalid(format!(
                "path: move {} plays {}, but the tree plays {} there",
                i + 1,
                game.format_code(g),
                game.format_code(&node.guess)
            )));
        }
        node = node.branch(*f).ok_or_else(|| {
            ApiError::Invalid(format!(
                "path: move {}: reply {} to {} does not occur in this tree",
                i + 1,
                game.format_feedback(*f),
                game.format_code(g)
            ))
        })?;
    }
    Ok(node)
}

fn query<T: serde::de::DeserializeOwned>(
    q: Result<Query<T>, QueryRejection>,
) -> Result<T, ApiError> {
    q.map(|Query(t)| t)
        .map_err(|e| ApiError::BadRequest(format!("bad query string: {}", e.body_text())))
}

/// `GET /api/analyze/{job}/tree?strategy=K&path=GUESS:REPLY,...`: one node of a tree.
pub async fn tree_node(
    State(state): State<AppState>,
    Path(id): Path<String>,
    q: Result<Query<TreeQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    let cell = job(&state, &id)?;
    let v = blocking(move || -> Result<Value, ApiError> {
        let job = lock(&cell);
        let a = pick(job.results()?, q.strategy.as_deref())?;
        let engine = job.engine()?;
        let game = engine.game();
        let moves = match &q.path {
            Some(p) => codebreak_strategy::parse_history(game, p)
                .map_err(|e| ApiError::Invalid(format!("path: {e}")))?,
            None => Vec::new(),
        };
        let node = walk(game, &a.tree.root, &moves)?;
        let mut v = node_json(engine, &moves, node);
        v["strategy"] = json!(a.description);
        Ok(v)
    })
    .await??;
    Ok(ok(v))
}

/// `GET /api/analyze/{job}/tree.json?strategy=K`: the whole tree in codebreak's JSON tree
/// format (as `analyze --tree` writes it), when it is not too large.
pub async fn tree_json(
    State(state): State<AppState>,
    Path(id): Path<String>,
    q: Result<Query<TreeQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    if q.path.is_some() {
        return Err(ApiError::Invalid(
            "path does not apply to tree.json: it serves the whole tree".into(),
        ));
    }
    let cell = job(&state, &id)?;
    let max = state.limits().tree_download_nodes;
    let v = blocking(move || -> Result<Value, ApiError> {
        let job = lock(&cell);
        let a = pick(job.results()?, q.strategy.as_deref())?;
        let nodes = a.tree.root.size();
        if nodes > max {
            return Err(ApiError::TooBig(format!(
                "the tree has {nodes} nodes, more than the {max} served whole: use codebreak analyze --tree FILE"
            )));
        }
        Ok(codebreak_tree::json::to_value(&a.tree, job.engine()?.game()))
    })
    .await??;
    Ok(ok(v))
}
