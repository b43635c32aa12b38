//! The exact search's checkpoint loader (`Search::load_checkpoint`) on arbitrary bytes, for a
//! tiny game (Mastermind 2 pegs 3 colours).
//!
//! Properties: loading never panics or hangs; a refusal is a one-line message and loads
//! nothing; a file it accepts is refused once truncated or once any one byte changes, saves
//! again to a file that loads, and leaves a memo the search can run on without panicking.
//! (The checksum catches damage, not forgery: a record the fuzzer forges with a matching
//! checksum may be accepted, so the search's answer after it is not checked.)
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use codebreak_core::{AnyEngine, Game, GameSpec};
use codebreak_fuzz::one_line;
use codebreak_search::{Search, SearchOptions};
use libfuzzer_sys::fuzz_target;

fn engine() -> &'static AnyEngine {
    static ENGINE: OnceLock<AnyEngine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        let game = Game::new(&GameSpec::mastermind(2, 3)).expect("MM(2,3)");
        AnyEngine::new(&game).expect("MM(2,3) enumerates")
    })
}

/// A file of this process's own in the temporary directory.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "codebreak-fuzz-{}-{name}.checkpoint",
        std::process::id()
    ))
}

fn search() -> Search<'static> {
    Search::new(engine(), SearchOptions::default(), false).expect("MM(2,3) is small")
}

/// Loads `bytes` into a fresh search: how many records, or the refusal's message.
fn load(bytes: &[u8]) -> (Search<'static>, Result<usize, String>) {
    let path = scratch("in");
    std::fs::write(&path, bytes).expect("the temporary directory is writable");
    let s = search();
    let r = s.load_checkpoint(&path).map_err(|e| e.to_string());
    (s, r)
}

fuzz_target!(|data: &[u8]| {
    let (s, loaded) = load(data);
    let n = match loaded {
        Ok(n) => n,
        Err(e) => return one_line(&e),
    };
    assert!(n * 28 <= data.len(), "{n} records in {} bytes", data.len());
    // Damage is refused: a truncation, and one changed byte (the checksum mixes every word
    // bijectively, so no single change can go unnoticed).
    let cut = data.len() - 1 - (data[0] as usize % data.len());
    assert!(
        load(&data[..cut]).1.is_err(),
        "cut to {cut} bytes, still accepted"
    );
    let at = data[data.len() - 1] as usize * 7 % data.len();
    for flip in [1u8, 0x80, 0xff] {
        let mut changed = data.to_vec();
        changed[at] ^= flip;
        assert!(
            load(&changed).1.is_err(),
            "byte {at} ^ {flip:#x}, still accepted"
        );
    }
    // What was loaded saves and loads again.
    let saved = scratch("saved");
    let m = s.save_checkpoint(&saved).expect("a loaded memo saves");
    assert!(m <= n);
    let again = search().load_checkpoint(&saved).map_err(|e| e.to_string());
    assert_eq!(again, Ok(m));
    // The search runs on what was loaded.
    let _ = s.run();
});
