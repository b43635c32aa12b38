//! `Game::parse_code` on arbitrary text, for games from arbitrary specs.
//!
//! Properties: a code that parses is a valid code of its role; it formats to text that parses
//! to the same code, and that text formats to itself. A refusal is a one-line message. And
//! the other way: any valid code built from the input's bytes formats to text that parses
//! back to it.
#![no_main]

use arbitrary::Unstructured;
use codebreak_core::Role;
use codebreak_fuzz::{code_from, game_and_text, one_line};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Parsing does not enumerate the game, so any size will do.
    let Some((game, text)) = game_and_text(data, u128::MAX) else {
        return;
    };
    for role in [Role::Guess, Role::Secret] {
        for line in std::iter::once(text).chain(text.lines()) {
            match game.parse_code(line, role) {
                Ok(code) => {
                    assert!(game.is_valid(&code, role), "{line:?} read as {code:?}");
                    let written = game.format_code(&code);
                    let again = game.parse_code(&written, role);
                    assert_eq!(again, Ok(code), "{line:?} wrote {written:?}");
                    assert_eq!(game.format_code(&code), written);
                }
                Err(e) => one_line(&e.to_string()),
            }
        }
        let mut u = Unstructured::new(text.as_bytes());
        while let Some(code) = code_from(&game, role, &mut u) {
            let written = game.format_code(&code);
            assert_eq!(game.parse_code(&written, role), Ok(code), "{written:?}");
        }
    }
    // Guesses are never more constrained than secrets (`Game::new` refuses distinct guesses
    // with repeating secrets), so a secret reads as the same guess.
    if let Ok(code) = game.parse_secret(text) {
        assert_eq!(game.parse_guess(text), Ok(code));
    }
});
