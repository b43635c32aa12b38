//! The memory budget. Live sessions and the game tables (engines) they use are charged an
//! estimate of their bytes against one total ([`Limits::memory`](crate::Limits::memory)); a
//! request whose charge does not fit first makes room by evicting (finished sessions, tables
//! nothing uses, sessions without a move idle for a while, then long-idle ones, oldest first:
//! see `AppState::reserve`) and is refused with 503 when nothing can go.
//!
//! A [`Charge`] gives its bytes back when it is dropped, so a session returns its share however
//! it ends (given up, expired, evicted, or its server state dropped).
//!
//! The estimates are measured ones: a 2^20-code Mastermind game (5 pegs, 16 colours) takes
//! about 55 MB of tables and 4 MB per play session (one 4-byte index per secret still
//! possible); see [`engine_bytes`] and [`session_bytes`].

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use codebreak_core::{Code, Game, Role};

/// Fixed bytes charged per session (its state, moves and bookkeeping).
pub const SESSION_OVERHEAD: usize = 4096;

/// Bytes charged per secret a session tracks: a 4-byte index, twice, because a reply builds
/// the new list beside the old one.
pub const PER_SECRET: usize = 8;

/// Bytes charged for a game's tables: per code its [`Code`], its packed form for the fast
/// scorers (at most 32 bytes), its secret flag, and two 4-byte indices (secrets, sort order).
pub fn engine_bytes(game: &Game) -> usize {
    let per_code = std::mem::size_of::<Code>() + 32 + 1 + 4 + 4;
    codes(game, Role::Guess).saturating_mul(per_code) + 4096
}

/// Bytes charged for a session that tracks `tracked` lists of the game's secrets (a play
/// session tracks the secrets still possible; the cunning codemaker tracks its open secrets
/// too; a solve session tracks its candidates).
pub fn session_bytes(game: &Game, tracked: usize) -> usize {
    codes(game, Role::Secret)
        .saturating_mul(PER_SECRET * tracked)
        .saturating_add(SESSION_OVERHEAD)
}

/// Bytes charged once a session tracks only `remaining` secrets in each list.
pub fn tracking_bytes(remaining: usize, tracked: usize) -> usize {
    remaining
        .saturating_mul(PER_SECRET * tracked)
        .saturating_add(SESSION_OVERHEAD)
}

/// A size for messages: `512 MiB`, `8.4 MiB`, `14 KiB`.
pub fn size(bytes: usize) -> String {
    const MIB: f64 = (1 << 20) as f64;
    let b = bytes as f64;
    if b >= 10.0 * MIB {
        format!("{:.0} MiB", b / MIB)
    } else if b >= MIB {
        format!("{:.1} MiB", b / MIB)
    } else {
        format!("{} KiB", bytes.div_ceil(1024))
    }
}

fn codes(game: &Game, role: Role) -> usize {
    usize::try_from(game.count(role)).unwrap_or(usize::MAX)
}

/// The budget: a limit and the bytes charged so far.
#[derive(Debug)]
pub struct Memory {
    limit: usize,
    used: AtomicUsize,
}

impl Memory {
    /// A budget of `limit` bytes, none used.
    pub fn new(limit: usize) -> Arc<Memory> {
        Arc::new(Memory {
            limit,
            used: AtomicUsize::new(0),
        })
    }

    /// The limit, in bytes.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Bytes charged now.
    pub fn used(&self) -> usize {
        self.used.load(Ordering::SeqCst)
    }

    /// Charges `bytes` if they fit under the limit.
    pub fn try_charge(self: &Arc<Self>, bytes: usize) -> Option<Charge> {
        let mut current = self.used.load(Ordering::SeqCst);
        loop {
            let next = current.checked_add(bytes).filter(|&n| n <= self.limit)?;
            match self
                .used
                .compare_exchange_weak(current, next, Ordering::SeqCst, Ordering::SeqCst)
            {
                Ok(_) => {
                    return Some(Charge {
                        memory: self.clone(),
                        bytes: AtomicUsize::new(bytes),
                    });
                }
                Err(now) => current = now,
            }
        }
    }
}

/// Bytes charged against a [`Memory`], given back when dropped.
#[derive(Debug)]
pub struct Charge {
    memory: Arc<Memory>,
    bytes: AtomicUsize,
}

impl Charge {
    /// The bytes charged.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.bytes.load(Ordering::SeqCst)
    }

    /// Gives back everything above `bytes` (nothing if the charge is already that small).
    pub fn shrink_to(&self, bytes: usize) {
        let old = self.bytes.fetch_min(bytes, Ordering::SeqCst);
        if old > bytes {
            self.memory.used.fetch_sub(old - bytes, Ordering::SeqCst);
        }
    }

    /// Moves `bytes` of this charge (at most all of it) into a charge of its own.
    pub fn split(&self, bytes: usize) -> Charge {
        let mut current = self.bytes.load(Ordering::SeqCst);
        loop {
            let take = bytes.min(current);
            match self.bytes.compare_exchange_weak(
                current,
                current - take,
                Ordering::SeqCst,
                Ordering::SeqCst,
            ) {
                Ok(_) => {
                    return Charge {
                        memory: self.memory.clone(),
                        bytes: AtomicUsize::new(take),
                    };
                }
                Err(now) => current = now,
            }
        }
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        self.memory
            .used
            .fetch_sub(*self.bytes.get_mut(), Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::GameSpec;

    #[test]
    fn charges_fit_the_limit_and_are_given_back() {
        let m = Memory::new(100);
        let a = m.try_charge(60).unwrap();
        assert!(m.try_charge(41).is_none());
        let b = m.try_charge(40).unwrap();
        assert_eq!(m.used(), 100);
        let c = b.split(15);
        assert_eq!((b.bytes(), c.bytes(), m.used()), (25, 15, 100));
        a.shrink_to(10);
        a.shrink_to(50);
        assert_eq!((a.bytes(), m.used()), (10, 50));
        drop(a);
        drop(b);
        assert_eq!(m.used(), 15);
        drop(c);
        assert_eq!(m.used(), 0);
        assert!(m.try_charge(usize::MAX).is_none());
    }

    #[test]
    fn estimates_match_what_was_measured() {
        // Measured on the server: about 55 MB of tables and 4 MB per play session for the
        // 2^20 codes of MM(5,16); the estimates may be above, never far below.
        let game = Game::new(&GameSpec::mastermind(5, 16)).unwrap();
        let mb = |b: usize| b as f64 / 1e6;
        assert!((50.0..70.0).contains(&mb(engine_bytes(&game))));
        assert!((4.0..9.0).contains(&mb(session_bytes(&game, 1))));
        assert_eq!(tracking_bytes(0, 1), SESSION_OVERHEAD);
        assert_eq!(size(512 << 20), "512 MiB");
        assert_eq!(size(8_400_000), "8.0 MiB");
        assert_eq!(size(14_464), "15 KiB");
    }
}
