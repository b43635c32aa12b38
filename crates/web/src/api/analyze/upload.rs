//! Tree uploads: `POST /api/tree` loads a decision tree in codebreak's JSON format (for
//! example an optimal tree written by the command line), checks it with the independent
//! verifier, and makes it a finished job to chart and explore like any other.

use std::time::Instant;

use axum::extract::State;
use axum::response::Response;
use codebreak_analysis::Analysis;
use codebreak_core::Game;
use codebreak_tree::{DecisionTree, Figures};
use serde_json::Value;

use super::jobs::Job;
use crate::api::{AppState, blocking, ok};
use crate::body::ApiJson;
use crate::error::ApiError;
use crate::store::{Phase, lock};

/// `POST /api/tree`: loads a decision tree in codebreak's JSON format (for example an optimal
/// tree written by the command line), checks it with the independent verifier, and makes it a
/// finished job to chart and explore.
pub async fn upload(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<Value>,
) -> Result<Response, ApiError> {
    let text = body.to_string();
    let (tree, game) = blocking(move || {
        codebreak_tree::read(&text, Some(codebreak_tree::Format::Json), None)
            .map(|read| (read.tree, read.game))
    })
    .await?
    .map_err(ApiError::invalid)?;
    let (engine, _) = state
        .engine(&game, state.limits().analysis_codes, "a tree", 0)
        .await?;
    let analysis = blocking(move || analysis_of(&game, tree)).await??;
    let (id, cell) = state.0.jobs.insert(Job::finished(engine, analysis))?;
    state.0.jobs.set_phase(&id, Phase::Finished);
    let v = blocking(move || lock(&cell).to_json(&id)).await?;
    Ok(ok(v))
}

/// The figures of a tree, when the independent verifier finds that it solves every secret.
fn analysis_of(game: &Game, tree: DecisionTree) -> Result<Analysis, ApiError> {
    let start = Instant::now();
    let report = codebreak_tree::verify(game, &tree.root)
        .map_err(|e| ApiError::Invalid(format!("the tree does not solve every secret: {e}")))?;
    let description = tree
        .strategy
        .clone()
        .unwrap_or_else(|| "uploaded tree".into());
    Ok(Analysis {
        game: game.spec(),
        strategy: "tree".into(),
        description: description.clone(),
        figures: Figures::from_histogram(report.histogram),
        sampled: 0,
        seconds: start.elapsed().as_secs_f64(),
        tree: DecisionTree {
            game: game.spec(),
            strategy: Some(description),
            root: tree.root,
        },
    })
}
