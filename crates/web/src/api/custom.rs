//! Games of one's own in the web UI: game files loaded when the server starts
//! (`codebreak serve --game-file`) or sent by the page (`POST /api/game-file`), kept by
//! fingerprint so that every later request names them as `{"game": "custom", "fingerprint": …}`.

use std::collections::HashMap;
use std::sync::RwLock;

use axum::extract::State;
use axum::response::Response;
use codebreak_core::{Game, GameKind, GameSpec};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{ApiError, AppState, ok};
use crate::body::ApiJson;

/// Most custom games the server keeps; the oldest loaded is forgotten first.
pub const MAX_GAMES: usize = 32;

/// Longest game file the page may send, in bytes.
pub const MAX_TEXT: usize = 1 << 20;

/// The custom games, by fingerprint, with the order they came in.
#[derive(Default)]
pub struct CustomGames {
    games: RwLock<(HashMap<String, Game>, Vec<String>)>,
}

impl CustomGames {
    /// Keeps a game; returns its spec.
    pub fn add(&self, game: Game) -> GameSpec {
        let spec = game.spec();
        if let Some(fp) = &spec.fingerprint {
            let mut g = self.games.write().unwrap_or_else(|p| p.into_inner());
            let (map, order) = &mut *g;
            if map.insert(fp.clone(), game).is_none() {
                order.push(fp.clone());
                if order.len() > MAX_GAMES {
                    let old = order.remove(0);
                    map.remove(&old);
                }
            }
        }
        spec
    }

    /// The game a spec names: a kept custom game, or a built-in one.
    pub fn game(&self, spec: &GameSpec) -> Result<Game, ApiError> {
        if spec.kind != GameKind::Custom {
            return Game::new(spec).map_err(|e| ApiError::Invalid(format!("game: {e}")));
        }
        let Some(fp) = &spec.fingerprint else {
            return Err(ApiError::Invalid(
                "game: a custom game is named by its fingerprint: load its game file first".into(),
            ));
        };
        let g = self.games.read().unwrap_or_else(|p| p.into_inner());
        g.0.get(fp).cloned().ok_or_else(|| {
            ApiError::Invalid(format!(
                "game: no game file with fingerprint {fp} is loaded: load it again"
            ))
        })
    }

    /// The kept games' specs and names, oldest first.
    pub fn list(&self) -> Vec<serde_json::Value> {
        let g = self.games.read().unwrap_or_else(|p| p.into_inner());
        g.1.iter()
            .filter_map(|fp| g.0.get(fp))
            .map(|game| json!({"game": game.spec(), "name": game.to_string()}))
            .collect()
    }
}

/// `POST /api/game-file` body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadRequest {
    /// The game file's text (TOML), self-contained.
    pub text: String,
    /// The file's name, for messages.
    #[serde(default)]
    pub name: Option<String>,
}

/// What the page gets back: the spec to send with later requests.
#[derive(Serialize)]
struct Loaded {
    game: GameSpec,
    name: String,
    description: Option<String>,
}

/// `POST /api/game-file`: loads a self-contained game file (lists inline or made by its
/// script; a file naming other files is refused, since the server does not read the sender's
/// disk).
pub async fn load(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<LoadRequest>,
) -> Result<Response, ApiError> {
    if req.text.len() > MAX_TEXT {
        return Err(ApiError::Invalid(format!(
            "the game file has {} bytes: expected at most {MAX_TEXT}",
            req.text.len()
        )));
    }
    let name = req.name.unwrap_or_else(|| "game file".into());
    let custom = state.clone();
    let loaded = state
        .compute(move || -> Result<Loaded, ApiError> {
            let def = codebreak_gamefile::load_self_contained(&req.text, &name)
                .map_err(|e| ApiError::Invalid(e.to_string()))?;
            let game = def.game().map_err(|e| ApiError::Invalid(e.to_string()))?;
            Ok(Loaded {
                game: custom.custom().add(game),
                name: def.name(),
                description: def.description().map(str::to_string),
            })
        })
        .await??;
    Ok(ok(json!(loaded)))
}

/// `GET /api/game-files`: the games loaded so far.
pub async fn list(State(state): State<AppState>) -> Response {
    ok(json!({ "games": state.custom().list() }))
}
