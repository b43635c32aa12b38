//! Talking to a person or a program over standard input and output: prompts, JSON lines,
//! coloured pegs.

use std::io::{BufRead, IsTerminal, Write};

use clap::ValueEnum;
use codebreak_core::GameKind;
use codebreak_core::error::quote;

/// When to colour pegs.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum ColorChoice {
    /// When standard output is a terminal and NO_COLOR is unset.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// 256-colour palette for the first 16 colours: red, green, blue, yellow, orange, purple,
/// cyan, pink, brown, white, grey, lime, navy, teal, maroon, olive.
const PALETTE: [u8; 16] = [
    196, 46, 33, 226, 208, 129, 51, 213, 130, 255, 244, 118, 19, 30, 88, 100,
];

/// Writes codes, in colour when wanted.
pub struct Painter {
    color: bool,
    /// The game's symbols, in colour order (for codes given as text).
    symbols: Vec<char>,
}

/// Whether colours are wanted on standard output.
fn colours_wanted(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
        }
    }
}

impl Painter {
    /// A painter for a game of any size: the peg games' symbols are coloured by their place
    /// in the game's alphabet.
    pub fn for_game(choice: ColorChoice, game: &codebreak_session::Game) -> Painter {
        let symbols = game.alphabet().symbols().to_vec();
        let pegs = matches!(game.spec().kind, GameKind::Mastermind | GameKind::BlackPeg)
            && symbols.len() <= PALETTE.len();
        Painter {
            color: colours_wanted(choice) && pegs,
            symbols,
        }
    }

    /// A code written as text, each symbol on its colour's background when colouring.
    pub fn text(&self, code: &str) -> String {
        if !self.color {
            return code.to_string();
        }
        code.chars()
            .map(|c| match self.symbols.iter().position(|&s| s == c) {
                Some(i) => console::Style::new()
                    .on_color256(PALETTE[i])
                    .black()
                    .bold()
                    .force_styling(true)
                    .apply_to(c.to_string())
                    .to_string(),
                None => c.to_string(),
            })
            .collect()
    }
}

/// A line read at a prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Text, trimmed, never empty.
    Text(String),
    /// A line that is not valid UTF-8, decoded lossily (bad bytes shown as U+FFFD) and
    /// trimmed, so that a message can name it.
    NotUtf8(String),
}

/// Lines from standard input, read as bytes so that a line that is not UTF-8 is one bad line
/// rather than the end of the session.
pub struct Input {
    stdin: std::io::StdinLock<'static>,
    buf: Vec<u8>,
    /// Whether a person is typing (standard input is a terminal).
    pub interactive: bool,
}

impl Input {
    /// Standard input.
    pub fn stdin() -> Input {
        let stdin = std::io::stdin();
        let interactive = stdin.is_terminal();
        Input {
            stdin: stdin.lock(),
            buf: Vec::new(),
            interactive,
        }
    }

    /// Prints `prompt` (when a person is typing) and reads the next non-empty line; `None` at
    /// the end of input.
    pub fn ask(&mut self, prompt: &str) -> std::io::Result<Option<Line>> {
        loop {
            if self.interactive {
                print!("{prompt}");
                std::io::stdout().flush()?;
            }
            self.buf.clear();
            if self.stdin.read_until(b'\n', &mut self.buf)? == 0 {
                return Ok(None);
            }
            match std::str::from_utf8(&self.buf) {
                Ok(text) => {
                    let t = text.trim();
                    if !t.is_empty() {
                        return Ok(Some(Line::Text(t.to_string())));
                    }
                }
                Err(_) => {
                    let lossy = String::from_utf8_lossy(&self.buf);
                    return Ok(Some(Line::NotUtf8(lossy.trim().to_string())));
                }
            }
        }
    }
}

/// The message for a line that is not UTF-8: `what` names the value (`guess`, `reply`),
/// `expected` says what was expected.
pub fn not_utf8(what: &str, lossy: &str, expected: &str) -> String {
    format!(
        "{what} {} is not valid UTF-8 text: expected {expected}",
        quote(lossy)
    )
}

/// Help at a prompt: plain text for a person, `{"help": "..."}` in JSON mode so that every
/// line of standard output stays a JSON object.
pub fn help(json: bool, text: &str) -> std::io::Result<()> {
    if json {
        emit(&serde_json::json!({ "help": text }))
    } else {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{text}")
    }
}

/// Writes one JSON object (any of the libraries' report types) on its own line and flushes,
/// so a driving program sees it at once.
pub fn emit<T: serde::Serialize + ?Sized>(v: &T) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer(&mut out, v)?;
    writeln!(out)?;
    out.flush()
}

/// In JSON mode, a failure is also written as `{"error": "..."}` on standard output, so the
/// driving program sees it in the stream it reads.
pub fn json_failure(failure: crate::failure::Failure) -> crate::failure::Failure {
    let _ = emit(&serde_json::json!({ "error": failure.message() }));
    failure
}

/// Words people type at any prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// Show help.
    Help,
    /// Take back the last move.
    Undo,
    /// Stop.
    Quit,
    /// How many secrets are still possible.
    Remaining,
    /// Anything else, to be read as a move.
    Other(String),
}

/// Classifies a line typed at a prompt.
pub fn word(line: &str) -> Word {
    match line.trim().to_ascii_lowercase().as_str() {
        "help" | "h" | "?" => Word::Help,
        "undo" | "u" | "back" => Word::Undo,
        "quit" | "q" | "exit" => Word::Quit,
        "remaining" | "left" | "count" | "r" => Word::Remaining,
        _ => Word::Other(line.trim().to_string()),
    }
}

/// A count and its noun, singular or plural: `count(1, "guess", "guesses")` is `1 guess`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
