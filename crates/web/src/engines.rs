//! A small cache of enumerated games, so that consecutive requests on the same game share one
//! [`AnyEngine`]. Each engine carries the memory [`Charge`] of its tables, shared by everything
//! that holds it (the cache, sessions, jobs), so its bytes are counted once and given back
//! when the last holder lets go. Engines are built on the blocking thread pool, by
//! `AppState::engine`, which charges them first.

use std::ops::Deref;
use std::sync::{Arc, Mutex};

use codebreak_core::{AnyEngine, Game};

use crate::memory::Charge;
use crate::store::lock;

/// Engines kept at once (least recently used dropped first).
const CACHED: usize = 8;

/// An engine with the charge of its tables.
#[derive(Clone, Debug)]
pub struct EngineRef {
    engine: Arc<AnyEngine>,
    charge: Arc<Charge>,
}

impl EngineRef {
    /// Wraps a freshly built engine with its charge.
    pub fn new(engine: AnyEngine, charge: Charge) -> EngineRef {
        EngineRef {
            engine: Arc::new(engine),
            charge: Arc::new(charge),
        }
    }

    /// The engine, to hand to the library (sessions keep this `EngineRef` beside it).
    pub fn arc(&self) -> Arc<AnyEngine> {
        self.engine.clone()
    }

    /// Whether the cache is its only holder.
    fn unused(&self) -> bool {
        Arc::strong_count(&self.charge) == 1
    }
}

impl Deref for EngineRef {
    type Target = AnyEngine;
    fn deref(&self) -> &AnyEngine {
        &self.engine
    }
}

/// The cache key of a game.
pub fn key(game: &Game) -> String {
    serde_json::to_string(&game.spec()).unwrap_or_else(|_| game.to_string())
}

/// The cache.
#[derive(Default)]
pub struct Engines {
    recent: Mutex<Vec<(String, EngineRef)>>,
}

impl Engines {
    /// The cached engine of a game, marked as used now.
    pub fn cached(&self, key: &str) -> Option<EngineRef> {
        let mut recent = lock(&self.recent);
        let i = recent.iter().position(|(k, _)| k == key)?;
        let hit = recent.remove(i);
        let engine = hit.1.clone();
        recent.push(hit);
        Some(engine)
    }

    /// Caches an engine, dropping the least recently used one beyond the cache's size; if
    /// another request cached the same game meanwhile, that engine is returned instead (and
    /// this one dropped with its charge).
    pub fn insert(&self, key: String, engine: EngineRef) -> EngineRef {
        let mut recent = lock(&self.recent);
        if let Some((_, e)) = recent.iter().find(|(k, _)| *k == key) {
            return e.clone();
        }
        if recent.len() >= CACHED {
            recent.remove(0);
        }
        recent.push((key, engine.clone()));
        engine
    }

    /// Drops the least recently used engine that nothing but the cache holds; false if there
    /// is none.
    pub fn evict_unused(&self) -> bool {
        let mut recent = lock(&self.recent);
        match recent.iter().position(|(_, e)| e.unused()) {
            Some(i) => {
                recent.remove(i);
                true
            }
            None => false,
        }
    }
}
