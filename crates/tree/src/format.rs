//! The tree file formats codebreak reads, and how to tell them apart.

use std::fmt;

/// A readable tree format.
///
/// ```
/// use codebreak_tree::Format;
/// assert_eq!(Format::detect(r#"{"format": "codebreak-tree/1"}"#), Format::Json);
/// assert_eq!(Format::detect("{1122:{30:1123}}"), Format::Compact);
/// assert_eq!(Format::detect("1296 (1122: ...)"), Format::Bracket);
/// assert_eq!(Format::detect("1122"), Format::Compact);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// codebreak's JSON tree, which names its game ([`crate::json`]).
    Json,
    /// The one-line `{GUESS:{REPLY:SUBTREE,...}}` notation ([`crate::compact`]).
    Compact,
    /// The bracket notation of the published trees, `1296 (1122: ...)` ([`crate::bracket`]).
    Bracket,
}

impl Format {
    /// Guesses the format from the text: JSON starts with `{"` (or is `{}`), bracket notation
    /// with a count of secrets and has a `(`; anything else is read as compact notation (a
    /// bare guess is a compact tree of one leaf).
    pub fn detect(text: &str) -> Format {
        let mut chars = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '\u{feff}');
        match chars.next() {
            Some('{') => match chars.next() {
                Some('"' | '}') => Format::Json,
                _ => Format::Compact,
            },
            Some(c) if c.is_ascii_digit() && text.contains('(') => Format::Bracket,
            _ => Format::Compact,
        }
    }

    /// The stable name: `json`, `compact` or `bracket`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Compact => "compact",
            Format::Bracket => "bracket",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
