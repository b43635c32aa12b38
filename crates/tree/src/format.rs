//! The tree formats: their stable names, which can be read and which written, and how to tell
//! them apart.
//!
//! [`FORMATS`] is the one table of what each format can do; front ends list their choices
//! from it ([`Format::readable`], [`Format::writable`]). Adding a format is a variant, a row
//! here, and an arm in [`crate::io`]'s reader and writer.

use std::fmt;
use std::str::FromStr;

use codebreak_core::error::quote;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// A tree format.
///
/// ```
/// use codebreak_tree::Format;
/// assert_eq!(Format::detect(r#"{"format": "codebreak-tree/1"}"#), Format::Json);
/// assert_eq!(Format::detect("{1122:{30:1123}}"), Format::Compact);
/// assert_eq!(Format::detect("1296 (1122: ...)"), Format::Bracket);
/// assert_eq!(Format::detect("1122: 1122 4B0W\n1123: 1122 3B0W, 1123 4B0W\n"), Format::Paths);
/// assert_eq!(Format::detect("salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4\n"), Format::Paths);
/// assert_eq!(Format::detect("1122"), Format::Compact);
/// assert_eq!("paths".parse::<Format>().unwrap(), Format::Paths);
/// assert!(Format::Paths.can_read() && Format::Paths.can_write());
/// assert!(!Format::Bracket.can_write() && !Format::Dot.can_read());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// codebreak's JSON tree, which names its game ([`crate::json`]).
    Json,
    /// The one-line `{GUESS:{REPLY:SUBTREE,...}}` notation ([`crate::compact`]).
    Compact,
    /// The bracket notation of the published trees, `1296 (1122: ...)` ([`crate::bracket`]).
    Bracket,
    /// Graphviz DOT, to draw the tree ([`crate::dot`]).
    Dot,
    /// One line per secret, `SECRET: GUESS REPLY, GUESS REPLY, ...` ([`crate::paths`]).
    Paths,
}

/// What a format is and can do: one row of [`FORMATS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatInfo {
    /// The format.
    pub format: Format,
    /// Its stable name, as `--format` and serde spell it.
    pub name: &'static str,
    /// What it is, as a noun phrase that fits "the file is not ..." and "it looks like ...".
    pub what: &'static str,
    /// Whether codebreak reads it.
    pub read: bool,
    /// Whether codebreak writes it.
    pub write: bool,
    /// Whether the text names its game (the others need the game to be read).
    pub names_game: bool,
}

/// Every format, in the order front ends list them.
pub const FORMATS: [FormatInfo; 5] = [
    FormatInfo {
        format: Format::Json,
        name: "json",
        what: "a codebreak JSON tree",
        read: true,
        write: true,
        names_game: true,
    },
    FormatInfo {
        format: Format::Compact,
        name: "compact",
        what: "compact notation",
        read: true,
        write: true,
        names_game: false,
    },
    FormatInfo {
        format: Format::Bracket,
        name: "bracket",
        what: "bracket notation",
        read: true,
        write: false,
        names_game: false,
    },
    FormatInfo {
        format: Format::Dot,
        name: "dot",
        what: "a Graphviz DOT drawing",
        read: false,
        write: true,
        names_game: false,
    },
    FormatInfo {
        format: Format::Paths,
        name: "paths",
        what: "paths, one line per secret",
        read: true,
        write: true,
        names_game: false,
    },
];

/// A first line of alex1770/wordle's layout: an even number (two or more) of words, guesses
/// and replies in turn, and none of the characters of the other formats.
fn is_outline(line: &str) -> bool {
    let words = line.split_whitespace().count();
    words >= 2
        && words.is_multiple_of(2)
        && !line.contains([':', '{', '}', '(', ')', '[', ']', '"', ';', ','])
}

/// A format name that is not one of [`FORMATS`].
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("unknown tree format {}: expected {}", quote(.0), names(FORMATS.iter().map(|f| f.format)))]
pub struct ParseFormatError(pub String);

/// `json, compact or paths`.
pub(crate) fn names(formats: impl Iterator<Item = Format>) -> String {
    let names: Vec<&str> = formats.map(Format::name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}

impl Format {
    /// Its row of [`FORMATS`].
    pub fn info(self) -> &'static FormatInfo {
        FORMATS
            .iter()
            .find(|f| f.format == self)
            .expect("every format has a row in FORMATS")
    }

    /// The stable name: `json`, `compact`, `bracket`, `dot` or `paths`.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// What it is, as a noun phrase: "bracket notation".
    pub fn what(self) -> &'static str {
        self.info().what
    }

    /// Whether [`crate::read`] reads it.
    pub fn can_read(self) -> bool {
        self.info().read
    }

    /// Whether [`crate::write()`] writes it.
    pub fn can_write(self) -> bool {
        self.info().write
    }

    /// Whether the text names its game; the other formats are read for a game given.
    pub fn names_game(self) -> bool {
        self.info().names_game
    }

    /// The formats [`crate::read`] reads, in [`FORMATS`] order.
    pub fn readable() -> impl Iterator<Item = Format> {
        FORMATS.iter().filter(|f| f.read).map(|f| f.format)
    }

    /// The formats [`crate::write()`] writes, in [`FORMATS`] order.
    pub fn writable() -> impl Iterator<Item = Format> {
        FORMATS.iter().filter(|f| f.write).map(|f| f.format)
    }

    /// The format the text is recognisably in, or `None` when it looks like none of them:
    /// JSON starts with `{"` (or is `{}`), compact notation with `{` otherwise, DOT with
    /// `digraph`, paths with a code and a colon (`1122: ...`) on its first line or with guesses
    /// and replies in turn and no colon (alex1770/wordle's layout, `salet BBBBB1 ...`), bracket
    /// notation with a count of secrets and has a `(`.
    pub fn recognise(text: &str) -> Option<Format> {
        let text = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        let mut chars = text.chars().filter(|c| !c.is_whitespace());
        let first_word = text.split_whitespace().next()?;
        match chars.next()? {
            '{' => match chars.next() {
                Some('"' | '}') => Some(Format::Json),
                _ => Some(Format::Compact),
            },
            _ if first_word == "digraph" || first_word == "strict" => Some(Format::Dot),
            _ if first_word.len() > 1
                && first_word.ends_with(':')
                && !first_word.contains(['(', '{', ')', '}']) =>
            {
                Some(Format::Paths)
            }
            c if c.is_ascii_digit() && text.contains('(') => Some(Format::Bracket),
            _ if is_outline(text.lines().next().unwrap_or("")) => Some(Format::Paths),
            _ => None,
        }
    }

    /// Guesses the format from the text, as [`Format::recognise`] does; text it does not
    /// recognise is read as compact notation (a bare guess is a compact tree of one leaf).
    pub fn detect(text: &str) -> Format {
        Format::recognise(text).unwrap_or(Format::Compact)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = ParseFormatError;

    /// A name of [`FORMATS`], in any case.
    fn from_str(s: &str) -> Result<Format, ParseFormatError> {
        FORMATS
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(s.trim()))
            .map(|f| f.format)
            .ok_or_else(|| ParseFormatError(s.to_string()))
    }
}

impl Serialize for Format {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Format {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Format, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_serialise_alike() {
        for info in FORMATS {
            let f = info.format;
            assert_eq!(f.info(), &info);
            assert_eq!(info.name.parse::<Format>(), Ok(f));
            assert_eq!(info.name.to_uppercase().parse::<Format>(), Ok(f));
            let json = serde_json::to_string(&f).unwrap();
            assert_eq!(json, format!("\"{}\"", info.name));
            assert_eq!(serde_json::from_str::<Format>(&json).unwrap(), f);
        }
        let err = "golf".parse::<Format>().unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown tree format \"golf\": expected json, compact, bracket, dot or paths"
        );
        assert!(serde_json::from_str::<Format>("\"golf\"").is_err());
    }

    #[test]
    fn every_format_is_read_or_written() {
        for info in FORMATS {
            assert!(info.read || info.write, "{}", info.name);
        }
        let names: std::collections::HashSet<&str> = FORMATS.iter().map(|f| f.name).collect();
        assert_eq!(names.len(), FORMATS.len());
    }

    #[test]
    fn recognition() {
        for (text, want) in [
            ("", None),
            ("  \n", None),
            ("\u{feff}{\"format\":1}", Some(Format::Json)),
            ("{}", Some(Format::Json)),
            ("{ AB : {10:AA}}", Some(Format::Compact)),
            ("AB", None),
            ("digraph codebreak {\n}", Some(Format::Dot)),
            ("AA: AB 1B0W, AA 2B0W\n", Some(Format::Paths)),
            (
                "4513: 1123 1B1W, 1534 1B3W (not found)\n",
                Some(Format::Paths),
            ),
            ("9 (AB: 1, 2, 1; 4 (AC); 1)", Some(Format::Bracket)),
            ("9(AB: 1, 2, 1; 4 (AC); 1)", Some(Format::Bracket)),
            (": x", None),
            ("[1, 2]", None),
            ("salet BBBBB1 courd BBBBB2\n", Some(Format::Paths)),
            ("salet BBBBB1 courd", None),
        ] {
            assert_eq!(Format::recognise(text), want, "{text:?}");
        }
        assert_eq!(Format::detect("[1, 2]"), Format::Compact);
    }
}
