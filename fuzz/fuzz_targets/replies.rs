//! `Game::parse_feedback` on arbitrary text, and the fast scorer against the reference one.
//!
//! Properties: a reply that parses is a possible reply of the game and formats to text that
//! parses back to it; a refusal is a one-line message. For codes built from the input's
//! bytes, `Game::score` (the bit-mask kernel chosen by the game's size) agrees with
//! `codebreak_core::reference::score`, gives the winning reply exactly when the codes are
//! equal, and, for small games, the engine's scores by index and its partition histogram
//! agree with the reference too.
#![no_main]

use arbitrary::Unstructured;
use codebreak_core::{AnyEngine, HIST_LEN, Role, dispatch_engine, reference};
use codebreak_fuzz::{code_from, game_and_text, one_line};
use libfuzzer_sys::fuzz_target;

/// Largest game whose engine is built to compare its kernels.
const ENGINE_CODES: u128 = 1300;
/// Guesses whose histogram over every secret is compared, per input.
const HISTOGRAMS: usize = 4;

fuzz_target!(|data: &[u8]| {
    let Some((game, text)) = game_and_text(data, u128::MAX) else {
        return;
    };
    let kind = game.feedback();
    for line in std::iter::once(text).chain(text.split([',', '\n'])) {
        match game.parse_feedback(line) {
            Ok(fb) => {
                assert!(kind.is_possible(fb), "{line:?} read as impossible {fb:?}");
                let written = game.format_feedback(fb);
                assert_eq!(
                    game.parse_feedback(&written),
                    Ok(fb),
                    "{line:?} wrote {written:?}"
                );
                assert_eq!(kind.decode(fb), game.reply(fb));
                assert_eq!(kind.encode(game.reply(fb)), fb);
            }
            Err(e) => one_line(&e.to_string()),
        }
    }
    // Every possible reply formats and reads back.
    for fb in kind.all().filter(|&f| kind.is_possible(f)) {
        let written = game.format_feedback(fb);
        assert_eq!(game.parse_feedback(&written), Ok(fb), "{written:?}");
    }
    let mut u = Unstructured::new(text.as_bytes());
    let mut pairs = Vec::new();
    while let (Some(s), Some(g)) = (
        code_from(&game, Role::Secret, &mut u),
        code_from(&game, Role::Guess, &mut u),
    ) {
        let fast = game.score(&s, &g);
        let slow = reference::score(game.kind(), &s, &g);
        assert_eq!(game.reply(fast), slow, "secret {s:?} guess {g:?}");
        assert_eq!(kind.encode(slow), fast);
        assert_eq!(fast == game.win(), s == g, "secret {s:?} guess {g:?}");
        assert!(kind.is_possible(fast));
        pairs.push((s, g));
    }
    if game.count(Role::Guess) > ENGINE_CODES {
        return;
    }
    let engine = AnyEngine::new(&game).expect("a small game has an engine");
    let space = engine.space();
    dispatch_engine!(&engine, e => {
        for (i, (s, g)) in pairs.iter().enumerate() {
            let (si, gi) = (space.index_of(s).unwrap(), space.index_of(g).unwrap());
            assert_eq!(e.score(si, gi), game.score(s, g));
            if i >= HISTOGRAMS {
                continue;
            }
            let all = e.all_secrets();
            let mut hist = [0u32; HIST_LEN];
            e.histogram(gi, all.packed(), &mut hist);
            let mut want = [0u32; HIST_LEN];
            for &secret in space.secrets() {
                let r = reference::score(game.kind(), &space.code(secret), g);
                want[kind.encode(r).index()] += 1;
            }
            assert_eq!(hist[..kind.count()], want[..kind.count()], "guess {g:?}");
        }
    });
});
