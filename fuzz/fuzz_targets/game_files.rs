//! Game files from arbitrary text, loaded as the web server loads an upload
//! (`load_self_contained`: inline lists and scripts, no other file read).
//!
//! Properties: loading either fails with a one-line message or gives a game that builds; a
//! small game's engine is built, every secret that is also a guess gets the winning reply when
//! guessed in a game that ends with a guess, and no other secret gets it from that guess.
#![no_main]

use codebreak_core::{AnyEngine, End, Role};
use codebreak_fuzz::one_line;
use libfuzzer_sys::fuzz_target;

/// Largest game whose pairs are checked.
const CHECK: u128 = 400;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let def = match codebreak_gamefile::load_self_contained(text, "fuzz.toml") {
        Ok(def) => def,
        Err(e) => return one_line(&e.to_string()),
    };
    let game = match def.game() {
        Ok(game) => game,
        Err(e) => return one_line(&e.to_string()),
    };
    let (guesses, secrets) = (game.count(Role::Guess), game.count(Role::Secret));
    assert!(guesses >= 1 && secrets >= 1, "{guesses} guesses, {secrets} secrets");
    if guesses * secrets > CHECK * CHECK || game.end() != End::Guess {
        return;
    }
    let engine = match AnyEngine::new(&game) {
        Ok(e) => e,
        Err(e) => return one_line(&e.to_string()),
    };
    let space = engine.space();
    let codes = space.codes();
    let win = game.win();
    for &s in space.secrets() {
        let secret = &codes[s as usize];
        for guess in codes {
            let wins = game.score(secret, guess) == win;
            assert_eq!(
                wins,
                guess == secret,
                "{} against secret {}",
                game.format_code(guess),
                game.format_code(secret)
            );
        }
    }
});
