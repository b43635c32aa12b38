//! Reading a game's moves from text: `1122:1B0W,3456:0B2W`, or one `GUESS REPLY` per line.

use codebreak_core::error::quote;
use codebreak_core::{AnyEngine, Code, Feedback, Game};
use thiserror::Error;

/// A move that could not be read.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("move {number} {}: {why}", quote(.text))]
pub struct ParseHistoryError {
    /// 1-based position of the move.
    pub number: usize,
    /// 1-based line of the text it is on (for files: `FILE:LINE: ...`).
    pub line: usize,
    /// The move as written.
    pub text: String,
    /// What was wrong.
    pub why: String,
}

/// Reads one move: a guess, then its reply, separated by `:`, `=`, or white space
/// (the reply may itself contain a space, as in `1122 2 1`).
pub fn parse_move(game: &Game, text: &str) -> Result<(Code, Feedback), String> {
    let t = text.trim();
    let (guess, reply) = match t.find([':', '=']) {
        Some(i) => (&t[..i], &t[i + 1..]),
        None => match t.find(char::is_whitespace) {
            Some(i) => (&t[..i], &t[i + 1..]),
            None => {
                return Err(format!(
                    "expected a guess and its reply, such as {}:{}",
                    game.format_code(&game.example_guess()),
                    game.feedback().examples()[0]
                ));
            }
        },
    };
    let g = game.parse_guess(guess.trim()).map_err(|e| e.to_string())?;
    let f = game
        .parse_feedback(reply.trim())
        .map_err(|e| e.to_string())?;
    Ok((g, f))
}

/// Reads moves separated by commas, semicolons or new lines. Blank entries and lines starting
/// with `#` (lines, or entries between commas) are skipped; a leading byte-order mark (as some editors write) is ignored.
pub fn parse_history(game: &Game, text: &str) -> Result<Vec<(Code, Feedback)>, ParseHistoryError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n')
        .enumerate()
        // A comment line is skipped whole, commas and all.
        .filter(|(_, line)| !line.trim_start().starts_with('#'))
        .flat_map(|(l, line)| line.split([',', ';']).map(move |m| (l + 1, m.trim())))
        .filter(|(_, m)| !m.is_empty() && !m.starts_with('#'))
        .enumerate()
        .map(|(i, (line, m))| {
            parse_move(game, m).map_err(|why| ParseHistoryError {
                number: i + 1,
                line,
                text: m.to_string(),
                why,
            })
        })
        .collect()
}

/// The moves as code indices of the engine's space; fails on a guess that is not a guess of
/// the game (a code of another game, say), or in Wordle's hard mode on the first guess its
/// rule does not allow after the moves before it.
pub fn indices(
    engine: &AnyEngine,
    history: &[(Code, Feedback)],
) -> Result<Vec<(u32, Feedback)>, crate::error::NotAGuess> {
    indices_after(engine, &[], history)
}

/// [`indices`] of moves played after `before` (already checked), hard mode's rule taking
/// those into account.
pub fn indices_after(
    engine: &AnyEngine,
    before: &[(Code, Feedback)],
    history: &[(Code, Feedback)],
) -> Result<Vec<(u32, Feedback)>, crate::error::NotAGuess> {
    let game = engine.game();
    let space = engine.space();
    let mut seen = before.to_vec();
    history
        .iter()
        .map(|&(g, f)| {
            crate::error::NotAGuess::check(game, &seen, &g)?;
            seen.push((g, f));
            space
                .index_of(&g)
                .map(|i| (i, f))
                .ok_or_else(|| crate::error::NotAGuess::new(game, &g))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::GameSpec;

    #[test]
    fn reads_both_forms() {
        let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let a = parse_history(&game, "1122:1B0W,3455:0B2W").unwrap();
        let b = parse_history(&game, "# my game\n1122 1B0W\n3455 0 2\n").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 2);
        let e = parse_history(&game, "1122:1B0W,3456:0B2W").unwrap_err();
        assert_eq!(e.number, 2);
        assert!(e.to_string().contains("'6'"), "{e}");
        assert_eq!(e.line, 1);
        assert!(parse_history(&game, "1122").is_err());
        // A byte-order mark is skipped; errors give the line.
        let c = parse_history(&game, "\u{feff}1122 1B0W\n\n# c, d\n3455 0 2\n").unwrap();
        assert_eq!(c, a);
        let e = parse_history(&game, "\u{feff}1122 1B0W\n\n# c\n3455 9B\n").unwrap_err();
        assert_eq!((e.number, e.line), (2, 4));
        assert!(parse_history(&game, "1122:9B").is_err());
    }

    #[test]
    fn the_suggested_move_is_one_the_game_reads() {
        let specs = [
            GameSpec::mastermind(4, 6),
            GameSpec::mastermind(12, 4),
            GameSpec::bulls(4, 10),
            GameSpec {
                alphabet: Some("RGBYOP".into()),
                ..GameSpec::mastermind(16, 6)
            },
            GameSpec {
                kind: codebreak_core::GameKind::BlackPeg,
                ..GameSpec::mastermind(10, 3)
            },
            GameSpec {
                kind: codebreak_core::GameKind::TwoD,
                ..GameSpec::default()
            },
        ];
        for spec in specs {
            let game = Game::new(&spec).unwrap();
            let why = parse_move(&game, "x").unwrap_err();
            let example = why.rsplit("such as ").next().unwrap();
            assert!(parse_move(&game, example).is_ok(), "{game}: {why}");
        }
    }
}
