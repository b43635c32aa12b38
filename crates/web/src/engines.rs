//! A small cache of enumerated games, so that consecutive requests on the same game share one
//! [`AnyEngine`]. Engines are built on the blocking thread pool.

use std::sync::{Arc, Mutex};

use codebreak_core::{AnyEngine, Game, Role};

use crate::error::ApiError;
use crate::store::lock;

/// Engines kept at once (least recently used dropped first).
const CACHED: usize = 8;

/// The cache.
#[derive(Default)]
pub struct Engines {
    recent: Mutex<Vec<(String, Arc<AnyEngine>)>>,
}

fn key(game: &Game) -> String {
    serde_json::to_string(&game.spec()).unwrap_or_else(|_| game.to_string())
}

impl Engines {
    /// The engine of `game`, which must have at most `max_codes` codes (`what` names the use in
    /// the refusal).
    pub async fn get(
        &self,
        game: &Game,
        max_codes: u128,
        what: &str,
    ) -> Result<Arc<AnyEngine>, ApiError> {
        let codes = game.count(Role::Guess);
        if codes > max_codes {
            return Err(ApiError::TooBig(format!(
                "the {game} game has {codes} codes, more than the {max_codes} this server allows for {what}: choose fewer pegs or colours, or use the command line"
            )));
        }
        let k = key(game);
        {
            let mut recent = lock(&self.recent);
            if let Some(i) = recent.iter().position(|(kk, _)| *kk == k) {
                let hit = recent.remove(i);
                let engine = hit.1.clone();
                recent.push(hit);
                return Ok(engine);
            }
        }
        let g = game.clone();
        let engine =
            crate::api::blocking(move || AnyEngine::new(&g).map_err(ApiError::invalid)).await??;
        let engine = Arc::new(engine);
        let mut recent = lock(&self.recent);
        if !recent.iter().any(|(kk, _)| *kk == k) {
            if recent.len() >= CACHED {
                recent.remove(0);
            }
            recent.push((k, engine.clone()));
        }
        Ok(engine)
    }
}
