//! `codebreak_strategy::parse_history` on arbitrary text, then `codebreak_session::hint` on
//! what it reads, for small games.
//!
//! Properties: a history that parses, written back as `GUESS:REPLY,...`, parses to the same
//! moves, and so do moves made from the input's bytes; a refusal is a one-line message. A hint never panics: when some secret gives every
//! reply (counted by brute force with the reference scorer) it reports exactly that many
//! remaining, lists the first of them, each consistent; when none does it is a contradiction
//! whose diagnosis names at least one answer to change.
#![no_main]

use arbitrary::Unstructured;
use codebreak_core::{AnyEngine, Code, Feedback, Game, Role, reference};
use codebreak_fuzz::{code_from, game_and_text, one_line};
use codebreak_session::{HintOptions, SessionError, hint};
use codebreak_strategy::parse_history;
use libfuzzer_sys::fuzz_target;

/// Largest game hinted (every strategy runs over every guess).
const MAX_CODES: u128 = 400;
/// Candidates a hint lists.
const SHOW: usize = 5;

fuzz_target!(|data: &[u8]| {
    let Some((game, text)) = game_and_text(data, MAX_CODES) else {
        return;
    };
    written_moves_read_back(&game, text.as_bytes());
    let history = match parse_history(&game, text) {
        Ok(h) => h,
        Err(e) => return one_line(&e.to_string()),
    };
    let written = write(&game, &history);
    assert_eq!(
        parse_history(&game, &written).as_ref(),
        Ok(&history),
        "{text:?} wrote {written:?}"
    );
    if history.len() as u64 > codebreak_session::MOVES.max {
        return;
    }
    let engine = AnyEngine::new(&game).expect("a small game has an engine");
    let space = engine.space();
    let feedback = game.feedback();
    let consistent = |s: u32| {
        let secret = space.code(s);
        history
            .iter()
            .all(|(g, f)| feedback.encode(reference::score(game.kind(), &secret, g)) == *f)
    };
    let remaining: Vec<u32> = space
        .secrets()
        .iter()
        .copied()
        .filter(|&s| consistent(s))
        .collect();
    let opts = HintOptions {
        show: SHOW,
        ..HintOptions::default()
    };
    match hint(&engine, &history, &opts) {
        Ok(report) => {
            assert_eq!(
                report.remaining,
                codebreak_session::Remaining::from(remaining.len()),
                "{written:?}"
            );
            let listed: Vec<String> = remaining
                .iter()
                .take(SHOW)
                .map(|&s| game.format_code(&space.code(s)))
                .collect();
            assert_eq!(report.candidates, listed, "{written:?}");
            let won = history.last().is_some_and(|(_, f)| *f == game.win());
            assert_eq!(report.solved.is_some(), won);
            assert!(!report.suggestions.is_empty() || !report.omitted.is_empty());
            for s in &report.suggestions {
                assert!(game.parse_guess(&s.guess).is_ok(), "{:?}", s.guess);
            }
        }
        Err(SessionError::Contradiction(c)) => {
            assert!(remaining.is_empty(), "{written:?}: {}", c.error);
            // A listed game's contradiction always comes with its diagnosis.
            let Some(d) = &c.diagnosis else {
                panic!("{written:?}: no diagnosis in {c:?}");
            };
            assert!(d.changes >= 1, "{written:?}: {c:?}");
            assert!(!d.suspects.is_empty(), "{written:?}: {c:?}");
            one_line(&c.error);
        }
        Err(e) => panic!("{written:?}: unexpected refusal: {e}"),
    }
});

/// Moves as a person writes them: `GUESS:REPLY,GUESS:REPLY`.
fn write(game: &Game, history: &[(Code, Feedback)]) -> String {
    let moves: Vec<String> = history
        .iter()
        .map(|(g, f)| format!("{}:{}", game.format_code(g), game.format_feedback(*f)))
        .collect();
    moves.join(",")
}

/// Any legal guesses with any possible replies, written, read back as they were.
fn written_moves_read_back(game: &Game, bytes: &[u8]) {
    let kind = game.feedback();
    let mut u = Unstructured::new(bytes);
    let mut moves = Vec::new();
    while let Some(guess) = code_from(game, Role::Guess, &mut u) {
        let Ok(i) = u.int_in_range(0..=kind.count() - 1) else {
            break;
        };
        let fb = Feedback(i as u8);
        if kind.is_possible(fb) {
            moves.push((guess, fb));
        }
    }
    let text = write(game, &moves);
    match parse_history(game, &text) {
        Ok(read) => assert_eq!(read, moves, "{text:?}"),
        Err(e) => panic!("{game}: {text:?} does not read back: {e}"),
    }
}
