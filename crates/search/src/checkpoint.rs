//! The checkpoint file: the exact entries of a memo, written when a search is interrupted and
//! read back, after checking all of it, when the same search resumes.
//!
//! Layout (see [`Checkpoint`]): a header line naming the search and the record count, fixed
//! 28-byte records, and a trailer holding a [`Checksum`] of everything before it. A file that
//! is truncated, edited or corrupted is refused rather than trusted: a wrong memo entry would
//! silently give a wrong optimum.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use codebreak_core::error::quote;

use crate::bounds::{NO_LIMIT, Val, total, worst};
use crate::memo::Entry;
use crate::{Search, SearchError};

/// `FILE.tmp`, where a checkpoint is written before it is renamed to `FILE`.
pub fn tmp_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// Writes a checkpoint: the header line `HEADER entries=COUNT`, one record per item of
/// `records` (which must yield exactly `count`), then the checksum trailer.
pub(crate) fn write(
    header: &str,
    count: usize,
    records: impl Iterator<Item = (u128, Val, u32)>,
    out: impl Write,
) -> std::io::Result<()> {
    let mut w = BufWriter::new(out);
    let mut sum = Checksum::new();
    let line = format!("{header} entries={count}\n");
    sum.update(line.as_bytes());
    w.write_all(line.as_bytes())?;
    for (k, v, g) in records {
        let rec = record(k, v, g);
        sum.update(&rec);
        w.write_all(&rec)?;
    }
    w.write_all(TRAILER_TAG)?;
    w.write_all(&sum.finish().to_le_bytes())?;
    w.flush()
}

/// The 28 bytes of one record: 16-byte key, 8-byte value, 4-byte guess, little-endian.
fn record(k: u128, v: Val, g: u32) -> [u8; RECORD] {
    let mut rec = [0u8; RECORD];
    rec[..16].copy_from_slice(&k.to_le_bytes());
    rec[16..24].copy_from_slice(&v.to_le_bytes());
    rec[24..].copy_from_slice(&g.to_le_bytes());
    rec
}

/// Bytes per record.
const RECORD: usize = 28;
/// What precedes the checksum at the end of the file.
const TRAILER_TAG: &[u8; 8] = b"checksum";
/// Bytes of the trailer: the tag and the 64-bit checksum.
const TRAILER: usize = 16;
/// Longest header line read.
const MAX_HEADER: u64 = 4096;

/// What a checkpoint must be to belong to a search, and how to read one.
///
/// Layout: one header line, `IDENTITY entries=N\n` (the identity names the format version,
/// the game and the search options), then `N` records of 28 bytes (16-byte key, 8-byte packed
/// value, 4-byte guess index, little-endian), then the trailer: the 8 bytes `checksum` and a
/// 64-bit [`Checksum`] of everything before it. A file whose length, count or checksum
/// disagree, or with a record no search of this game could have written, is refused.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    /// The identity the header must carry (`Search::header`).
    pub identity: String,
    /// Code indices of the game: every guess is below this.
    pub codes: u32,
    /// Secrets of the game: no set has more, so no total exceeds `secrets × worst`.
    pub secrets: u64,
    /// Largest worst case a value may have (the depth limit, or the search's limit).
    pub max_worst: u64,
}

/// Why a checkpoint was refused.
#[derive(Debug)]
pub enum CheckpointError {
    /// It could not be read.
    Io(std::io::Error),
    /// It was written by another search (or another version); holds its identity.
    Other(String),
    /// It is not what [`Memo::save`](crate::memo::Memo::save) wrote: what is wrong with it.
    Damaged(String),
}

impl From<std::io::Error> for CheckpointError {
    fn from(e: std::io::Error) -> Self {
        CheckpointError::Io(e)
    }
}

/// Reads exactly `buf.len()` bytes, or as many as there are; returns how many.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

impl Checkpoint {
    /// Reads and checks a checkpoint, handing each record to `sink` as it goes; returns the
    /// number of records. The caller must not trust what `sink` saw unless this returns
    /// `Ok`: the checksum is only known at the end.
    pub fn read(
        &self,
        input: impl Read,
        mut sink: impl FnMut(u128, Entry),
    ) -> Result<usize, CheckpointError> {
        let damaged = |why: String| CheckpointError::Damaged(why);
        let mut r = BufReader::new(input);
        let mut line = Vec::new();
        (&mut r).take(MAX_HEADER).read_until(b'\n', &mut line)?;
        if line.last() != Some(&b'\n') {
            return Err(damaged(if line.is_empty() {
                "the file is empty: expected a header line".into()
            } else {
                format!("no header line in its first {MAX_HEADER} bytes")
            }));
        }
        let text = std::str::from_utf8(&line[..line.len() - 1])
            .map_err(|_| damaged("the header line is not text".into()))?;
        let Some((identity, count)) = text.rsplit_once(" entries=") else {
            // Not this format at all: name what it is, as for another search.
            return Err(CheckpointError::Other(text.chars().take(200).collect()));
        };
        let count: u64 = count.parse().map_err(|_| {
            damaged(format!(
                "entry count {} in the header is not a number",
                quote(count)
            ))
        })?;
        let mut sum = Checksum::new();
        sum.update(&line);
        // Records, checked for plausibility; the first bad one is reported after the length
        // and checksum (damage in general) and the identity (another search) are known.
        let mut bad_record: Option<String> = None;
        let mut rec = [0u8; RECORD];
        let mut n = 0u64;
        while n < count {
            let got = read_full(&mut r, &mut rec)?;
            if got < RECORD {
                return Err(damaged(format!(
                    "it ends after {n} of the {count} records its header announces (truncated?)"
                )));
            }
            sum.update(&rec);
            let k = u128::from_le_bytes(rec[..16].try_into().expect("16 bytes"));
            let v = u64::from_le_bytes(rec[16..24].try_into().expect("8 bytes"));
            let g = u32::from_le_bytes(rec[24..].try_into().expect("4 bytes"));
            if bad_record.is_none() {
                bad_record = self
                    .implausible(v, g)
                    .map(|why| format!("record {n} {why}"));
            }
            if bad_record.is_none() {
                sink(k, Entry::Exact(v, g));
            }
            n += 1;
        }
        let mut trailer = [0u8; TRAILER];
        let got = read_full(&mut r, &mut trailer)?;
        if got < TRAILER || &trailer[..8] != TRAILER_TAG {
            return Err(damaged(format!(
                "no checksum after the {count} records its header announces (truncated, or the count was changed)"
            )));
        }
        let mut extra = [0u8; 1];
        if read_full(&mut r, &mut extra)? > 0 {
            return Err(damaged(format!(
                "bytes follow the checksum after the {count} records its header announces (the count was changed?)"
            )));
        }
        let stored = u64::from_le_bytes(trailer[8..].try_into().expect("8 bytes"));
        let computed = sum.finish();
        if stored != computed {
            return Err(damaged(format!(
                "checksum {stored:016x} does not match its contents ({computed:016x})"
            )));
        }
        if identity != self.identity {
            return Err(CheckpointError::Other(identity.to_string()));
        }
        if let Some(why) = bad_record {
            return Err(damaged(why));
        }
        Ok(n as usize)
    }

    /// Why a record's value or guess could not come from a search of this game, if so.
    fn implausible(&self, v: Val, g: u32) -> Option<String> {
        let (t, w) = (total(v), worst(v));
        if g >= self.codes {
            return Some(format!(
                "has guess {g}: expected a code index below {}",
                self.codes
            ));
        }
        if w == 0 || w > self.max_worst {
            return Some(format!(
                "has worst case {w}: expected 1 to {}",
                self.max_worst
            ));
        }
        // A set of n secrets (at most all of them) costs at least w and at most n × w.
        if t < w || t > self.secrets * w {
            return Some(format!(
                "has total {t} with worst case {w}: expected {w} to {}",
                self.secrets * w
            ));
        }
        None
    }
}

/// A 64-bit checksum of a byte stream: each 8-byte word is mixed into the state by a
/// bijective step (xor, multiply by an odd constant, rotate), so a change to any one word
/// always changes the result, and the length and a final avalanche are folded in at the end.
/// Not cryptographic: it catches damage, not forgery.
///
/// ```
/// use codebreak_search::checkpoint::Checksum;
/// let mut a = Checksum::new();
/// a.update(b"solved sets");
/// let mut b = Checksum::new();
/// b.update(b"solved");
/// b.update(b" sets");
/// assert_eq!(a.finish(), b.finish());
/// let mut c = Checksum::new();
/// c.update(b"solved setz");
/// assert_ne!(a.finish(), c.finish());
/// ```
#[derive(Clone, Debug)]
pub struct Checksum {
    state: u64,
    buf: [u8; 8],
    pending: usize,
    len: u64,
}

impl Default for Checksum {
    fn default() -> Self {
        Checksum::new()
    }
}

impl Checksum {
    /// The checksum of nothing yet.
    pub fn new() -> Checksum {
        Checksum {
            state: 0x6a09_e667_f3bc_c908,
            buf: [0; 8],
            pending: 0,
            len: 0,
        }
    }

    #[inline]
    fn word(&mut self, w: u64) {
        self.state = (self.state ^ w)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }

    /// Adds bytes.
    pub fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.pending > 0 {
            let take = (8 - self.pending).min(bytes.len());
            self.buf[self.pending..self.pending + take].copy_from_slice(&bytes[..take]);
            self.pending += take;
            bytes = &bytes[take..];
            if self.pending < 8 {
                return;
            }
            self.word(u64::from_le_bytes(self.buf));
            self.pending = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.word(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        let rest = words.remainder();
        self.buf[..rest.len()].copy_from_slice(rest);
        self.pending = rest.len();
    }

    /// The checksum of everything added.
    pub fn finish(&self) -> u64 {
        let mut s = self.clone();
        if s.pending > 0 {
            let mut last = [0u8; 8];
            last[..s.pending].copy_from_slice(&s.buf[..s.pending]);
            s.word(u64::from_le_bytes(last));
        }
        s.word(s.len);
        let mut z = s.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

impl Search<'_> {
    /// The header that identifies this search in checkpoints.
    pub fn header(&self) -> String {
        let spec = serde_json::to_string(&self.engine.game().spec()).unwrap_or_default();
        let mut h = format!(
            "codebreak-checkpoint/2 game={spec} pool={:?} objective={:?} max_depth={:?}",
            self.options.pool, self.options.objective, self.options.max_depth
        );
        if !self.options.history.is_empty() {
            let moves: Vec<String> = self
                .options
                .history
                .iter()
                .map(|(g, f)| format!("{g}:{}", f.0))
                .collect();
            h.push_str(&format!(" history={}", moves.join(",")));
        }
        if let Some(g) = self.options.first_guess {
            h.push_str(&format!(" first_guess={g}"));
        }
        if let Some(b) = self.options.bound {
            h.push_str(&format!(" bound={b}"));
        }
        if self.options.depth_only {
            h.push_str(" depth_only");
        }
        h
    }

    /// What a checkpoint of this search must be.
    fn checkpoint_spec(&self) -> Checkpoint {
        Checkpoint {
            identity: self.header(),
            codes: self.engine.space().len() as u32,
            secrets: self.engine.space().secrets().len() as u64,
            max_worst: u64::from(self.options.max_depth.unwrap_or(NO_LIMIT).min(NO_LIMIT)),
        }
    }

    /// Saves the solved sets, atomically: the file is written as `FILE.tmp`, flushed to disk,
    /// then renamed, so an interrupted save never leaves half a checkpoint under `FILE`.
    pub fn save_checkpoint(&self, path: &Path) -> Result<usize, SearchError> {
        let io = |source| SearchError::Io {
            path: path.display().to_string(),
            source,
        };
        let tmp = tmp_path(path);
        let write = || -> std::io::Result<usize> {
            let mut file = std::fs::File::create(&tmp)?;
            let n = self.memo.save(&self.header(), &mut file)?;
            file.sync_all()?;
            std::fs::rename(&tmp, path)?;
            Ok(n)
        };
        write().map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            io(e)
        })
    }

    /// Loads solved sets saved by an interrupted run of the same search. The whole file is
    /// checked (length, entry count, checksum, every record) before anything is loaded.
    pub fn load_checkpoint(&self, path: &Path) -> Result<usize, SearchError> {
        let name = path.display().to_string();
        let open = || -> std::io::Result<Box<dyn std::io::Read>> {
            Ok(Box::new(std::fs::File::open(path)?))
        };
        let expect = self.checkpoint_spec();
        self.memo.load(open, &expect).map_err(|e| match e {
            CheckpointError::Io(source) => SearchError::Io { path: name, source },
            CheckpointError::Other(found) => SearchError::Checkpoint {
                path: name,
                found,
                expected: expect.identity.clone(),
            },
            CheckpointError::Damaged(why) => SearchError::Damaged { path: name, why },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounds::pack;
    use crate::memo::Memo;

    fn spec() -> Checkpoint {
        Checkpoint {
            identity: "codebreak-checkpoint/2 test".into(),
            codes: 1296,
            secrets: 1296,
            max_worst: 63,
        }
    }

    fn saved() -> Vec<u8> {
        let memo = Memo::new(100);
        for i in 0..10u32 {
            memo.put(i as u128 * 7919, Entry::Exact(pack(100 + i as u64, 4), i));
        }
        memo.put(5, Entry::AtLeast(pack(9, 2)));
        let mut out = Vec::new();
        assert_eq!(memo.save(&spec().identity, &mut out).unwrap(), 10);
        out
    }

    fn read(bytes: &[u8]) -> Result<usize, CheckpointError> {
        let memo = Memo::new(100);
        let b = bytes.to_vec();
        let r = memo.load(|| Ok(Box::new(std::io::Cursor::new(b.clone()))), &spec());
        if r.is_err() {
            assert!(memo.is_empty(), "nothing is loaded from a refused file");
        }
        r
    }

    fn damaged(bytes: &[u8], needle: &str) {
        match read(bytes) {
            Err(CheckpointError::Damaged(why)) => assert!(why.contains(needle), "{why}"),
            other => panic!("expected damage ({needle}), got {other:?}"),
        }
    }

    #[test]
    fn round_trip() {
        let bytes = saved();
        assert_eq!(read(&bytes).unwrap(), 10);
        let memo = Memo::new(100);
        memo.load(
            || Ok(Box::new(std::io::Cursor::new(bytes.clone()))),
            &spec(),
        )
        .unwrap();
        assert_eq!(memo.get(3 * 7919), Some(Entry::Exact(pack(103, 4), 3)));
        assert_eq!(memo.get(5), None, "bounds are not saved");
    }

    #[test]
    fn every_flipped_bit_is_caught() {
        let bytes = saved();
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut b = bytes.clone();
                b[i] ^= 1 << bit;
                assert!(read(&b).is_err(), "bit {bit} of byte {i} flipped");
            }
        }
    }

    #[test]
    fn damage_is_named() {
        let bytes = saved();
        let header = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
        damaged(&bytes[..bytes.len() - 1], "no checksum");
        damaged(&bytes[..header + 40], "ends after 1 of the 10");
        damaged(&[], "empty");
        let mut longer = bytes.clone();
        longer.push(0);
        damaged(&longer, "bytes follow");
        // Halving every value: the checksum no longer matches.
        let mut halved = bytes.clone();
        for r in 0..10 {
            let at = header + r * RECORD + 16;
            let v = u64::from_le_bytes(halved[at..at + 8].try_into().unwrap()) / 2;
            halved[at..at + 8].copy_from_slice(&v.to_le_bytes());
        }
        damaged(&halved, "checksum");
        // A changed count.
        let text = String::from_utf8(bytes[..header].to_vec()).unwrap();
        for (to, why) in [
            ("entries=9", "count was changed"),
            ("entries=11", "ends after 10"),
        ] {
            let mut b = text.replace("entries=10", to).into_bytes();
            b.extend_from_slice(&bytes[header..]);
            damaged(&b, why);
        }
        let mut b = text.replace("entries=10", "entries=ten").into_bytes();
        b.extend_from_slice(&bytes[header..]);
        damaged(&b, "\"ten\"");
    }

    #[test]
    fn implausible_records_are_refused_even_with_a_good_checksum() {
        for (v, g, why) in [
            (pack(100, 4), 1296, "guess 1296"),
            (pack(100, 0), 1, "worst case 0"),
            (pack(100, 64), 1, "worst case 64"),
            (pack(2, 4), 1, "total 2"),
            (pack(1296 * 4 + 1, 4), 1, "total 5185"),
        ] {
            let memo = Memo::new(10);
            memo.put(1, Entry::Exact(pack(50, 3), 0));
            memo.put(2, Entry::Exact(v, g));
            let mut out = Vec::new();
            memo.save(&spec().identity, &mut out).unwrap();
            damaged(&out, why);
        }
    }

    #[test]
    fn another_search_is_named() {
        let memo = Memo::new(10);
        memo.put(1, Entry::Exact(pack(50, 3), 0));
        let mut out = Vec::new();
        memo.save("codebreak-checkpoint/2 other", &mut out).unwrap();
        assert!(matches!(read(&out), Err(CheckpointError::Other(id)) if id.ends_with("other")));
        let old = b"codebreak-checkpoint/1 game={}\n0123456789012345678901234567".to_vec();
        assert!(matches!(read(&old), Err(CheckpointError::Other(_))));
    }
}
