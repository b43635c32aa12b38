//! Session stores: a map from unguessable id to state, capped in size, dropping entries idle
//! for longer than the limit (sooner for entries without a move yet). When the store is full,
//! the least recently used finished entry (a game that is over, a job that is done) makes
//! room; live ones are not evicted for the count. When the memory budget is short,
//! `AppState::reserve` picks victims with [`Store::oldest`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::error::ApiError;
use crate::ids;

/// Locks a mutex, recovering the data if a holder panicked (the data of a session is only
/// ever replaced whole, so a poisoned lock holds a consistent value).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Where a session stands, for expiry and eviction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Started, no move yet: expires sooner, and is evicted sooner when memory is short.
    Fresh,
    /// At least one move.
    Playing,
    /// Over (a game won or lost, a job done): makes room first.
    Finished,
}

struct Slot<T> {
    value: Arc<Mutex<T>>,
    last_used: Instant,
    phase: Phase,
}

/// A store of sessions of one kind.
pub struct Store<T> {
    what: &'static str,
    cap: usize,
    idle: Duration,
    fresh_idle: Duration,
    map: Mutex<HashMap<String, Slot<T>>>,
}

impl<T> Slot<T> {
    fn expired(&self, idle: Duration, fresh_idle: Duration) -> bool {
        let limit = match self.phase {
            Phase::Fresh => fresh_idle.min(idle),
            _ => idle,
        };
        self.last_used.elapsed() >= limit
    }
}

impl<T> Store<T> {
    /// An empty store: at most `cap` entries, dropped after `idle` without use (`fresh_idle`
    /// for entries without a move).
    pub fn new(what: &'static str, cap: usize, idle: Duration, fresh_idle: Duration) -> Self {
        Store {
            what,
            cap,
            idle,
            fresh_idle,
            map: Mutex::new(HashMap::new()),
        }
    }

    /// Adds a session under a fresh id, or refuses when the store is full.
    pub fn insert(&self, value: T) -> Result<(String, Arc<Mutex<T>>), ApiError> {
        let mut map = lock(&self.map);
        if map.len() >= self.cap {
            let (idle, fresh) = (self.idle, self.fresh_idle);
            map.retain(|_, s| !s.expired(idle, fresh));
        }
        if map.len() >= self.cap {
            let oldest = map
                .iter()
                .filter(|(_, s)| s.phase == Phase::Finished)
                .min_by_key(|(_, s)| s.last_used)
                .map(|(id, _)| id.clone());
            if let Some(id) = oldest {
                map.remove(&id);
            }
        }
        if map.len() >= self.cap {
            return Err(ApiError::Busy(format!(
                "too many live {}s ({}): finish some, or wait for idle ones to expire after {} minutes",
                self.what,
                self.cap,
                self.idle.as_secs().div_ceil(60)
            )));
        }
        let id = loop {
            let id = ids::new_id();
            if !map.contains_key(&id) {
                break id;
            }
        };
        let value = Arc::new(Mutex::new(value));
        map.insert(
            id.clone(),
            Slot {
                value: value.clone(),
                last_used: Instant::now(),
                phase: Phase::Fresh,
            },
        );
        Ok((id, value))
    }

    /// The session with this id, marked as used now.
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<T>>, ApiError> {
        let not_found = || ApiError::NotFound {
            what: self.what,
            id: id.chars().take(40).collect(),
        };
        if !ids::is_id(id) {
            return Err(not_found());
        }
        let mut map = lock(&self.map);
        match map.get_mut(id) {
            Some(slot) if !slot.expired(self.idle, self.fresh_idle) => {
                slot.last_used = Instant::now();
                Ok(slot.value.clone())
            }
            Some(_) => {
                map.remove(id);
                Err(not_found())
            }
            None => Err(not_found()),
        }
    }

    /// Records where a session stands: when the store is full, finished sessions make room
    /// for new ones; sessions without a move expire sooner.
    pub fn set_phase(&self, id: &str, phase: Phase) {
        if let Some(slot) = lock(&self.map).get_mut(id) {
            slot.phase = phase;
        }
    }

    /// The least recently used session in `phase` idle for at least `idle`: its last use and
    /// id.
    pub fn oldest(&self, phase: Phase, idle: Duration) -> Option<(Instant, String)> {
        lock(&self.map)
            .iter()
            .filter(|(_, s)| s.phase == phase && s.last_used.elapsed() >= idle)
            .min_by_key(|(_, s)| s.last_used)
            .map(|(id, s)| (s.last_used, id.clone()))
    }

    /// Drops a session; false if there was none.
    pub fn remove(&self, id: &str) -> bool {
        lock(&self.map).remove(id).is_some()
    }

    /// Drops every session idle for too long.
    pub fn sweep(&self) {
        let (idle, fresh) = (self.idle, self.fresh_idle);
        lock(&self.map).retain(|_, s| !s.expired(idle, fresh));
    }

    /// Live sessions.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        lock(&self.map).len()
    }

    /// The values, for counting pending jobs.
    pub fn values(&self) -> Vec<Arc<Mutex<T>>> {
        lock(&self.map).values().map(|s| s.value.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_and_expires() {
        let s: Store<u32> = Store::new(
            "test session",
            2,
            Duration::from_millis(50),
            Duration::from_secs(60),
        );
        let (a, _) = s.insert(1).unwrap();
        s.insert(2).unwrap();
        let e = s.insert(3).unwrap_err();
        assert!(e.to_string().contains("too many live test sessions"), "{e}");
        assert_eq!(*lock(&s.get(&a).unwrap()), 1);
        std::thread::sleep(Duration::from_millis(60));
        assert!(s.get(&a).is_err());
        let (b, _) = s.insert(4).unwrap();
        s.sweep();
        assert_eq!(s.len(), 1);
        // Full: a finished entry makes room, a live one does not.
        s.insert(5).unwrap();
        assert!(s.insert(6).is_err());
        s.set_phase(&b, Phase::Finished);
        s.insert(6).unwrap();
        assert!(s.get(&b).is_err());
        assert!(s.get("not-an-id").is_err());
    }

    #[test]
    fn fresh_entries_expire_sooner_and_the_oldest_is_found() {
        let s: Store<u32> = Store::new(
            "test session",
            10,
            Duration::from_secs(60),
            Duration::from_millis(40),
        );
        let (a, _) = s.insert(1).unwrap();
        let (b, _) = s.insert(2).unwrap();
        let (c, _) = s.insert(3).unwrap();
        s.set_phase(&b, Phase::Playing);
        s.set_phase(&c, Phase::Playing);
        assert_eq!(s.oldest(Phase::Playing, Duration::ZERO).unwrap().1, b);
        assert!(s.oldest(Phase::Playing, Duration::from_secs(1)).is_none());
        assert!(s.oldest(Phase::Finished, Duration::ZERO).is_none());
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(s.oldest(Phase::Fresh, Duration::ZERO).unwrap().1, a);
        s.get(&b).unwrap();
        assert_eq!(s.oldest(Phase::Playing, Duration::ZERO).unwrap().1, c);
        s.sweep();
        assert!(s.get(&a).is_err(), "no move yet: expired");
        assert!(s.get(&b).is_ok() && s.get(&c).is_ok());
    }
}
