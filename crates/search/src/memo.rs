//! Memoisation of solved candidate sets, shared by every thread, and its checkpoint file.
//!
//! A set is keyed by a 128-bit hash of its sorted code indices (and of the depth left, when a
//! depth limit is in force). An entry is either exact (the optimal value and the guess that
//! achieves it) or a lower bound learnt from a search that was cut off.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rustc_hash::FxHashMap;

use crate::bounds::Val;

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
    let mut a: u64 = 0x243f_6a88_85a3_08d3 ^ (tag as u64) << 32 ^ indices.len() as u64;
    let mut b: u64 = 0x1319_8a2e_0370_7344 ^ (indices.len() as u64) << 20 ^ tag as u64;
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

    /// Writes every exact entry after a header line: 16-byte key, 8-byte value, 4-byte guess,
    /// little-endian.
    pub fn save(&self, header: &str, out: impl Write) -> std::io::Result<usize> {
        let mut w = BufWriter::new(out);
        writeln!(w, "{header}")?;
        let mut n = 0;
        for shard in &self.shards {
            for (k, e) in shard.lock().expect("memo lock").iter() {
                if let Entry::Exact(v, g) = e {
                    w.write_all(&k.to_le_bytes())?;
                    w.write_all(&v.to_le_bytes())?;
                    w.write_all(&g.to_le_bytes())?;
                    n += 1;
                }
            }
        }
        w.flush()?;
        Ok(n)
    }

    /// Reads a file written by [`Memo::save`]; returns its header line and the entry count.
    pub fn load(&self, input: impl Read) -> std::io::Result<(String, usize)> {
        let mut r = BufReader::new(input);
        let mut header = String::new();
        r.read_line(&mut header)?;
        let mut rec = [0u8; 28];
        let mut n = 0;
        loop {
            match r.read_exact(&mut rec) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => break,
                Err(e) => return Err(e),
            }
            let k = u128::from_le_bytes(rec[..16].try_into().expect("16 bytes"));
            let v = u64::from_le_bytes(rec[16..24].try_into().expect("8 bytes"));
            let g = u32::from_le_bytes(rec[24..].try_into().expect("4 bytes"));
            self.put(k, Entry::Exact(v, g));
            n += 1;
        }
        Ok((header.trim_end().to_string(), n))
    }
}
