//! Memoisation of solved candidate sets, shared by every thread.
//!
//! A set is keyed by a 128-bit hash of its sorted code indices (and of the depth left, when a
//! depth limit is in force). An entry is either exact (the optimal value and the guess that
//! achieves it) or a lower bound learnt from a search that was cut off. The exact entries are
//! what a checkpoint saves ([`crate::checkpoint`] has the file format).

use std::io::{Read, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rustc_hash::FxHashMap;

use crate::bounds::Val;
use crate::checkpoint::{self, Checkpoint, CheckpointError};

const SHARDS: usize = 64;

/// What is known of a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The optimal value and a guess achieving it.
    Exact(Val, u32),
    /// The optimal value is at least this.
    AtLeast(Val),
}

/// A concurrent map from set keys to entries, with a cap on its size.
pub struct Memo {
    shards: Vec<Mutex<FxHashMap<u128, Entry>>>,
    len: AtomicUsize,
    cap: usize,
}

/// The hash of a set of code indices (sorted) with a tag (the depth left, or 0).
pub fn key(indices: &[u32], tag: u32) -> u128 {
    key_with(indices, tag, 0)
}

/// [`key`] with more of what the value depends on: `extra` (a hash of Wordle's hard-mode
/// constraints, which decide the guesses allowed); `key_with(i, t, 0) == key(i, t)`.
pub fn key_with(indices: &[u32], tag: u32, extra: u64) -> u128 {
    let mut a: u64 = 0x243f_6a88_85a3_08d3 ^ (tag as u64) << 32 ^ indices.len() as u64;
    let mut b: u64 = 0x1319_8a2e_0370_7344 ^ (indices.len() as u64) << 20 ^ tag as u64;
    a ^= extra.rotate_left(29);
    b ^= extra;
    for &i in indices {
        a = (a ^ i as u64)
            .wrapping_mul(0x0000_0100_0000_01b3)
            .rotate_left(17);
        b = b
            .wrapping_add(i as u64 + 1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (b >> 29);
    }
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    ((mix(a) as u128) << 64) | mix(b) as u128
}

impl Memo {
    /// An empty memo holding at most `cap` entries.
    pub fn new(cap: usize) -> Memo {
        Memo {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
            len: AtomicUsize::new(0),
            cap,
        }
    }

    fn shard(&self, k: u128) -> &Mutex<FxHashMap<u128, Entry>> {
        &self.shards[(k as usize) % SHARDS]
    }

    /// The entry of a set, if any.
    pub fn get(&self, k: u128) -> Option<Entry> {
        self.shard(k).lock().expect("memo lock").get(&k).copied()
    }

    /// Records what was learnt of a set. An exact value is never replaced by a bound.
    pub fn put(&self, k: u128, e: Entry) {
        let mut shard = self.shard(k).lock().expect("memo lock");
        match (shard.get(&k), e) {
            (Some(Entry::Exact(..)), _) => {}
            (Some(Entry::AtLeast(old)), Entry::AtLeast(new)) if *old >= new => {}
            (Some(_), _) => {
                shard.insert(k, e);
            }
            (None, _) => {
                if self.len.load(Ordering::Relaxed) < self.cap {
                    shard.insert(k, e);
                    self.len.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes every exact entry as a checkpoint (see [`Checkpoint`] for the layout) and
    /// returns how many. Every shard is locked for the whole write, so the count in the
    /// header is the number of records even if another thread is still running.
    pub fn save(&self, header: &str, out: impl Write) -> std::io::Result<usize> {
        let shards: Vec<_> = self
            .shards
            .iter()
            .map(|s| s.lock().expect("memo lock"))
            .collect();
        let exact = || {
            shards
                .iter()
                .flat_map(|s| s.iter())
                .filter_map(|(&k, e)| match *e {
                    Entry::Exact(v, g) => Some((k, v, g)),
                    Entry::AtLeast(_) => None,
                })
        };
        let n = exact().count();
        checkpoint::write(header, n, exact(), out)?;
        Ok(n)
    }

    /// Reads a checkpoint written by [`Memo::save`] into the memo, after checking all of it
    /// (see [`Checkpoint::read`]): nothing is added unless the whole file is sound. The file
    /// is read twice, so that a large checkpoint is never held in memory besides the memo.
    pub fn load(
        &self,
        mut open: impl FnMut() -> std::io::Result<Box<dyn Read>>,
        expect: &Checkpoint,
    ) -> Result<usize, CheckpointError> {
        let n = expect.read(open()?, |_, _| {})?;
        let again = expect.read(open()?, |k, e| self.put(k, e))?;
        debug_assert_eq!(n, again);
        Ok(again)
    }
}
