//! The certificate reader and checker (`codebreak_certify`) on arbitrary certificate text, for
//! Mastermind with 3 pegs and 3 colours (the text is gzip-compressed here, as every
//! certificate is; the seeds are real certificates of that game, uncompressed).
//!
//! Properties: reading and checking never panic or hang, and every refusal is one line; and
//! the checker is sound: whatever the text, a certificate it accepts about the whole game
//! (every guess allowed, no moves before, no first guess fixed) proves nothing false. Each
//! root claim "at least B guesses within D" must be at most the true optimum within D (found
//! by the exact search), and "no strategy within D" must be true.
#![no_main]

use std::io::Write;
use std::sync::OnceLock;

use codebreak_certify::{Certificate, check};
use codebreak_core::{AnyEngine, Game, GameSpec, Pool};
use codebreak_fuzz::one_line;
use codebreak_search::{Search, SearchError, SearchOptions};
use flate2::Compression;
use flate2::write::GzEncoder;
use libfuzzer_sys::fuzz_target;

/// Deepest limit worth telling apart: beyond it the optimum no longer changes.
const DEPTHS: u32 = 8;

fn game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| Game::new(&GameSpec::mastermind(3, 3)).expect("MM(3,3)"))
}

/// The least total within each depth limit `0..=DEPTHS` (`None`: no strategy), every guess
/// allowed, by the exact search.
fn optima() -> &'static Vec<Option<u64>> {
    static OPTIMA: OnceLock<Vec<Option<u64>>> = OnceLock::new();
    OPTIMA.get_or_init(|| {
        let engine = AnyEngine::new(game()).expect("MM(3,3) enumerates");
        (0..=DEPTHS)
            .map(|d| {
                let options = SearchOptions {
                    max_depth: Some(d.max(1)),
                    ..SearchOptions::default()
                };
                if d == 0 {
                    return None;
                }
                match Search::new(&engine, options, false).expect("small").run() {
                    Ok(s) => Some(s.total),
                    Err(SearchError::Infeasible { .. }) => None,
                    Err(e) => panic!("MM(3,3) within {d}: {e}"),
                }
            })
            .collect()
    })
}

fuzz_target!(|text: &[u8]| {
    let mut z = GzEncoder::new(Vec::new(), Compression::fast());
    z.write_all(text).expect("in memory");
    let bytes = z.finish().expect("in memory");
    let cert = match Certificate::read(&bytes[..]) {
        Ok(c) => c,
        Err(e) => return one_line(&e.to_string()),
    };
    let report = match check(game(), &cert) {
        Ok(r) => r,
        Err(e) => return one_line(&e.to_string()),
    };
    let h = &cert.header;
    if h.pool != Pool::All || !h.history.is_empty() || h.first_guess.is_some() {
        return;
    }
    for &(depth, bound) in &report.roots {
        let optimum = optima()[depth.min(DEPTHS) as usize];
        match (bound, optimum) {
            (None, Some(o)) => {
                panic!("accepted: no strategy within {depth}, yet one takes {o} guesses")
            }
            (Some(b), Some(o)) => assert!(
                b <= o,
                "accepted: at least {b} guesses within {depth}, yet a strategy takes {o}"
            ),
            _ => {}
        }
    }
});
