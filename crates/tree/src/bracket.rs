//! The bracket notation of the published decision trees, in the style of Irving (1978), as
//! transcribed in widmaN/mastermind-strategy: Knuth 1977, Neuwirth 1982, Koyama and Lai 1993
//! for Mastermind, and an optimal Bulls and Cows tree.
//!
//! Knuth's tree for MM(4,6), colours written 1 to 6, begins
//!
//! ```text
//! 1296(1122: 1,16(1213: 0,0,0,0,0;1,4(1415),3(1145),0;1,3(4115),3(1145);0,1;0),96A,256B,256C;
//!     0,36D,208E,256F; 4(1213),32G,114H;0,20I;1)
//!
//! A = (2344: 0,2,16(3215: ...), ...)
//! ```
//!
//! The rules, as read from the published files and confirmed by their published totals:
//!
//! - **Entries.** Every entry starts with the number of secrets that reach it. Then either
//!   - nothing (a *bare count*): `0` means no secret gives this reply; `1` means one secret is
//!     left and is guessed next; `2` means two are left: guess one of them (codebreak takes the
//!     first in the game's order), and the other if it was not the secret;
//!   - `(CODE: GROUPS)`: guess `CODE`, then continue by reply as `GROUPS` says;
//!   - `(CODE)`: guess `CODE`; it leaves at most one secret per reply, which is guessed next;
//!   - `(CODEx)` (Knuth's mark): as `(CODE)`, but a reply may leave two secrets, settled as a
//!     bare `2` is;
//!   - `(CODE*)` (Koyama and Lai's mark): as `(CODE)`; the mark says `CODE` cannot be the secret
//!     and changes nothing;
//!   - `NAME` written right after the count, as in `96A`: the subtree is the block `NAME`, defined
//!     anywhere in the file by `NAME = (CODE: GROUPS)`.
//! - **Reply order.** `GROUPS` lists every reply of the game: groups separated by `;` for 0, 1,
//!   …, P black pegs (bulls), and within a group, separated by `,`, the white pegs (cows) from
//!   the most possible (P − black) down to 0. The impossible reply P−1 black 1 white is either
//!   written (as `0`) or left out, so the group for P−1 blacks has two entries or one. The last
//!   group, P blacks, is the winning reply: `1` if `CODE` may be the secret, else `0`.
//! - The first entry of the file is the root; its count is the number of secrets of the game.
//!
//! Every count is checked against the secrets the rules send there, so a file read for the
//! wrong game, or with a slip in its counts, is refused with the line and column. A guess
//! without a breakdown that leaves two or more secrets behind one reply (two or more without an
//! `x`) is imported as the notation claims, a leaf guessing the first of them; the verifier
//! then reports the others as not found (this is how the faulty leaves of Neuwirth's
//! transcription show up).
//!
//! Reading the notation uses the game's scoring rule (to know which secrets reach a bare count
//! or a leaf), but none of the verifier's code: the verifier then replays the tree on its own.

use std::collections::HashMap;

use codebreak_core::{Code, Feedback, FeedbackKind, Game, Reply};

use crate::Node;
use crate::error::TreeError;

/// The deepest the reader goes: brackets nested in brackets, and guesses along one path
/// (a block that refers to itself stops here instead of overflowing the stack).
pub const MAX_DEPTH: usize = crate::MAX_DEPTH;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Sym(char),
    Word(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Plain,
    /// `*`: the guess cannot be the secret (informative only).
    NotSecret,
    /// `x`: a reply may leave two secrets.
    Pair,
}

#[derive(Debug)]
struct Body {
    guess: Code,
    mark: Mark,
    /// Replies by black count, then entries in the file's order.
    groups: Option<Vec<Vec<Entry>>>,
}

#[derive(Debug)]
struct Entry {
    at: usize,
    count: usize,
    what: What,
}

#[derive(Debug)]
enum What {
    Bare,
    Named(String),
    Inline(Box<Body>),
}

/// The text as characters, so that errors give character offsets with a line and a column.
struct Text {
    chars: Vec<char>,
}

impl Text {
    fn error(&self, at: usize, why: impl Into<String>) -> TreeError {
        let before = &self.chars[..at.min(self.chars.len())];
        let line = 1 + before.iter().filter(|&&c| c == '\n').count();
        let column = 1 + before.iter().rev().take_while(|&&c| c != '\n').count();
        TreeError::Bracket {
            at,
            line,
            column,
            why: why.into(),
        }
    }
}

const SYMBOLS: &[char] = &['(', ')', ',', ';', ':', '='];

fn tokenize(text: &Text) -> Vec<(Tok, usize)> {
    let chars = &text.chars;
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == '\u{feff}' {
            i += 1;
        } else if SYMBOLS.contains(&c) {
            toks.push((Tok::Sym(c), i));
            i += 1;
        } else {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && !SYMBOLS.contains(&chars[i]) {
                i += 1;
            }
            toks.push((Tok::Word(chars[start..i].iter().collect()), start));
        }
    }
    toks
}

fn describe(tok: Option<&Tok>) -> String {
    match tok {
        Some(Tok::Sym(c)) => format!("{c:?}"),
        Some(Tok::Word(w)) => format!("{w:?}"),
        None => "the end".to_string(),
    }
}

fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The replies of the group with `black` black pegs, in the notation's order, for a group of
/// `len` entries; `None` when `len` is not a length the group may have.
fn group_replies(kind: &FeedbackKind, pegs: u8, black: u8, len: usize) -> Option<Vec<Feedback>> {
    let full: Vec<u8> = (0..=pegs - black).rev().collect();
    let whites: Vec<u8> = if len == full.len() {
        full
    } else if black + 1 == pegs && len + 1 == full.len() {
        full.into_iter().filter(|&w| w != 1).collect()
    } else {
        return None;
    };
    Some(
        whites
            .into_iter()
            .map(|white| kind.encode(Reply::Pegs { black, white }))
            .collect(),
    )
}

struct Parser<'a> {
    game: &'a Game,
    pegs: u8,
    text: &'a Text,
    toks: Vec<(Tok, usize)>,
    at: usize,
    refs: Vec<(String, usize)>,
}

impl Parser<'_> {
    fn offset(&self) -> usize {
        self.toks
            .get(self.at)
            .map_or(self.text.chars.len(), |(_, o)| *o)
    }

    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(t, _)| t)
    }

    fn err(&self, why: impl Into<String>) -> TreeError {
        self.text.error(self.offset(), why)
    }

    fn expect(&mut self, c: char) -> Result<(), TreeError> {
        if self.peek() == Some(&Tok::Sym(c)) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.err(format!("expected {c:?}, found {}", describe(self.peek()))))
        }
    }

    /// `COUNT`, `COUNT NAME` (written together) or `COUNT (BODY)`.
    fn entry(&mut self, depth: usize) -> Result<Entry, TreeError> {
        let at = self.offset();
        let word = match self.peek() {
            Some(Tok::Word(w)) => w.clone(),
            other => {
                return Err(self.err(format!(
                    "expected a count of secrets, found {}",
                    describe(other)
                )));
            }
        };
        let digits_end = word
            .char_indices()
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(word.len(), |(i, _)| i);
        let (digits, name) = word.split_at(digits_end);
        if digits.is_empty() {
            return Err(self.err(format!("expected a count of secrets, found {word:?}")));
        }
        let count: usize = digits.parse().map_err(|_| {
            self.err(format!(
                "count {digits} is too large: expected a number of secrets of the game"
            ))
        })?;
        self.at += 1;
        if !name.is_empty() {
            if !is_name(name) {
                return Err(self.text.error(
                    at + digits.chars().count(),
                    format!(
                        "{word:?} is not a count followed by a block name: expected a name such as A or B2"
                    ),
                ));
            }
            self.refs.push((name.to_string(), at));
            return Ok(Entry {
                at,
                count,
                what: What::Named(name.to_string()),
            });
        }
        if self.peek() == Some(&Tok::Sym('(')) {
            self.at += 1;
            let body = self.body(depth + 1)?;
            self.expect(')')?;
            return Ok(Entry {
                at,
                count,
                what: What::Inline(Box::new(body)),
            });
        }
        if count > 2 {
            return Err(self.text.error(
                at,
                format!(
                    "a bare count stands for 0, 1 or 2 secrets, not {count}: expected a guess in brackets after it, such as {count} (CODE)"
                ),
            ));
        }
        Ok(Entry {
            at,
            count,
            what: What::Bare,
        })
    }

    /// `CODE`, `CODE*`, `CODEx`, each optionally followed by `: GROUPS`.
    fn body(&mut self, depth: usize) -> Result<Body, TreeError> {
        if depth > MAX_DEPTH {
            return Err(self.err(format!("brackets nested more than {MAX_DEPTH} deep")));
        }
        let code_at = self.offset();
        let word = match self.peek() {
            Some(Tok::Word(w)) => w.clone(),
            other => {
                return Err(self.err(format!("expected a guess, found {}", describe(other))));
            }
        };
        self.at += 1;
        let (text, mark) = if let Some(t) = word.strip_suffix('*') {
            (t, Mark::NotSecret)
        } else if word.chars().count() == self.pegs as usize + 1 && word.ends_with('x') {
            (&word[..word.len() - 1], Mark::Pair)
        } else {
            (word.as_str(), Mark::Plain)
        };
        let guess = self
            .game
            .parse_guess(text)
            .map_err(|e| self.text.error(code_at, e.to_string()))?;
        let mut body = Body {
            guess,
            mark,
            groups: None,
        };
        if self.peek() != Some(&Tok::Sym(':')) {
            return Ok(body);
        }
        self.at += 1;
        let groups_at = self.offset();
        let mut groups: Vec<Vec<Entry>> = vec![Vec::new()];
        loop {
            let entry = self.entry(depth)?;
            groups.last_mut().expect("one group at least").push(entry);
            match self.peek() {
                Some(Tok::Sym(',')) => self.at += 1,
                Some(Tok::Sym(';')) => {
                    self.at += 1;
                    groups.push(Vec::new());
                }
                Some(Tok::Sym(')')) => break,
                other => {
                    return Err(self.err(format!(
                        "expected ',', ';' or ')' after an entry, found {}",
                        describe(other)
                    )));
                }
            }
        }
        self.check_shape(&word, &groups, groups_at)?;
        body.groups = Some(groups);
        Ok(body)
    }

    /// One group per black count, each with one entry per white count.
    fn check_shape(&self, code: &str, groups: &[Vec<Entry>], at: usize) -> Result<(), TreeError> {
        let p = self.pegs as usize;
        if groups.len() != p + 1 {
            return Err(self.text.error(
                at,
                format!(
                    "guess {code} has {} groups of replies: expected {}, one per black count from 0 to {p}, separated by ';'",
                    groups.len(),
                    p + 1
                ),
            ));
        }
        let kind = self.game.feedback();
        for (black, group) in groups.iter().enumerate() {
            let black = black as u8;
            if group_replies(&kind, self.pegs, black, group.len()).is_none() {
                let full = p + 1 - black as usize;
                let expected = if black + 1 == self.pegs {
                    let impossible = kind.encode(Reply::Pegs { black, white: 1 });
                    format!(
                        "{full} (white {} down to 0), or {} leaving out the impossible {}",
                        full - 1,
                        full - 1,
                        kind.format(impossible)
                    )
                } else {
                    format!("{full} (white {} down to 0)", full - 1)
                };
                return Err(self.text.error(
                    group.first().map_or(at, |e| e.at),
                    format!(
                        "guess {code} lists {} replies with {black} black: expected {expected}",
                        group.len()
                    ),
                ));
            }
        }
        Ok(())
    }

    /// `NAME = (BODY)`.
    fn block(&mut self) -> Result<(String, Body), TreeError> {
        let name = match self.peek() {
            Some(Tok::Word(w)) if is_name(w) => w.clone(),
            other => {
                return Err(self.err(format!(
                    "expected a block such as A = (CODE: ...) after the tree, found {}",
                    describe(other)
                )));
            }
        };
        self.at += 1;
        self.expect('=')?;
        self.expect('(')?;
        let body = self.body(1)?;
        self.expect(')')?;
        Ok((name, body))
    }
}

struct Builder<'a> {
    game: &'a Game,
    text: &'a Text,
    blocks: &'a HashMap<String, Body>,
    path: Vec<(Code, Feedback)>,
}

impl Builder<'_> {
    fn path_text(&self) -> String {
        self.path
            .iter()
            .map(|(g, f)| {
                format!(
                    "{} {}",
                    self.game.format_code(g),
                    self.game.format_feedback(*f)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn check_count(&self, e: &Entry, found: usize) -> Result<(), TreeError> {
        if e.count == found {
            return Ok(());
        }
        let why = if self.path.is_empty() {
            format!(
                "the tree counts {} secrets in all, but {} has {found}: check the game options",
                e.count, self.game
            )
        } else {
            format!(
                "the tree counts {} secrets after {}, but the rules leave {found} there",
                e.count,
                self.path_text()
            )
        };
        Err(self.text.error(e.at, why))
    }

    /// The subtree of an entry reached by `class` (in the game's order); `None` when no secret
    /// reaches it.
    fn entry(&mut self, e: &Entry, class: Vec<Code>) -> Result<Option<Node>, TreeError> {
        self.check_count(e, class.len())?;
        if class.is_empty() {
            return Ok(None);
        }
        let node = match &e.what {
            What::Bare => settle(self.game, &class, true),
            What::Named(name) => {
                let body = self.blocks.get(name).ok_or_else(|| {
                    self.text
                        .error(e.at, format!("block {name} is used but never defined"))
                })?;
                self.body(body, class, e.at)?
            }
            What::Inline(body) => self.body(body, class, e.at)?,
        };
        Ok(Some(node))
    }

    fn body(&mut self, b: &Body, class: Vec<Code>, at: usize) -> Result<Node, TreeError> {
        if self.path.len() >= MAX_DEPTH {
            return Err(self.text.error(
                at,
                format!(
                    "the tree is more than {MAX_DEPTH} guesses deep after {}: does a block refer to itself?",
                    self.path_text()
                ),
            ));
        }
        let game = self.game;
        let win = game.win();
        let mut parts: Vec<Vec<Code>> = vec![Vec::new(); game.feedback().count()];
        for s in class {
            parts[game.score(&s, &b.guess).index()].push(s);
        }
        let mut node = Node::leaf(b.guess);
        let Some(groups) = &b.groups else {
            // A leaf guess: what each reply leaves is guessed next.
            for (i, part) in parts.iter().enumerate() {
                let fb = Feedback(i as u8);
                if fb != win && !part.is_empty() {
                    node.branches
                        .push((fb, settle(game, part, b.mark == Mark::Pair)));
                }
            }
            return Ok(node);
        };
        let kind = game.feedback();
        for (black, group) in groups.iter().enumerate() {
            let replies = group_replies(&kind, game.pegs() as u8, black as u8, group.len())
                .expect("group shapes are checked while parsing");
            for (fb, entry) in replies.into_iter().zip(group) {
                let part = std::mem::take(&mut parts[fb.index()]);
                self.path.push((b.guess, fb));
                let result = if fb == win {
                    // The guess itself: 1 if it may be the secret, else 0.
                    match entry.what {
                        What::Bare => self.check_count(entry, part.len()).map(|()| None),
                        _ => Err(self.text.error(
                            entry.at,
                            format!(
                                "the winning reply {} ends the game: expected a bare 0 or 1 there",
                                game.format_feedback(win)
                            ),
                        )),
                    }
                } else {
                    self.entry(entry, part)
                };
                self.path.pop();
                if let Some(child) = result? {
                    node.branches.push((fb, child));
                }
            }
        }
        node.branches.sort_by_key(|(f, _)| *f);
        Ok(node)
    }
}

/// What the notation does with the secrets it leaves implicit: one is guessed; two are guessed
/// in turn (first in the game's order, then the other) when `pair` allows it. More than that is
/// not what the notation means, so only the first is guessed and the verifier will report the
/// rest as not found.
fn settle(game: &Game, class: &[Code], pair: bool) -> Node {
    let mut node = Node::leaf(class[0]);
    if pair && class.len() == 2 {
        let fb = game.score(&class[1], &class[0]);
        node.branches.push((fb, Node::leaf(class[1])));
    }
    node
}

/// Reads a tree in bracket notation for `game` (a game with black and white replies:
/// Mastermind or Bulls and Cows, of any size).
///
/// ```
/// use codebreak_core::{Game, GameSpec};
/// let game = Game::new(&GameSpec {
///     alphabet: Some("ABC".into()),
///     ..GameSpec::mastermind(2, 3)
/// })
/// .unwrap();
/// // Guess AB; 0B2W leaves BA, 0B1W two codes, 0B0W CC, 1B0W four codes that AC separates.
/// let root = codebreak_tree::bracket::from_str(&game, "9 (AB: 1, 2, 1; 4 (AC); 1)").unwrap();
/// assert_eq!(codebreak_tree::verify(&game, &root).unwrap().total, 21);
/// ```
pub fn from_str(game: &Game, text: &str) -> Result<Node, TreeError> {
    let FeedbackKind::BlackWhite { pegs, .. } = game.feedback() else {
        return Err(TreeError::BracketGame {
            game: game.to_string(),
        });
    };
    let text = Text {
        chars: text.chars().collect(),
    };
    let mut p = Parser {
        game,
        pegs,
        text: &text,
        toks: tokenize(&text),
        at: 0,
        refs: Vec::new(),
    };
    let root = p.entry(0)?;
    let mut blocks: HashMap<String, Body> = HashMap::new();
    while p.peek().is_some() {
        let at = p.offset();
        let (name, body) = p.block()?;
        if blocks.insert(name.clone(), body).is_some() {
            return Err(text.error(at, format!("block {name} is defined twice")));
        }
    }
    if let Some((name, at)) = p.refs.iter().find(|(n, _)| !blocks.contains_key(n)) {
        return Err(text.error(*at, format!("block {name} is used but never defined")));
    }
    let space = game.space()?;
    let secrets: Vec<Code> = space.secrets().iter().map(|&i| space.code(i)).collect();
    let mut builder = Builder {
        game,
        text: &text,
        blocks: &blocks,
        path: Vec::new(),
    };
    match builder.entry(&root, secrets)? {
        Some(node) => Ok(node),
        None => Err(text.error(0, "the tree counts 0 secrets: expected a game with some")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abc;
    use codebreak_core::GameSpec;

    fn why(game: &Game, text: &str) -> String {
        match from_str(game, text) {
            Ok(n) => panic!("{text} was accepted: {n:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn reads_the_issue_example_in_every_spelling() {
        let game = abc();
        let compact = crate::compact::from_str(
            &game,
            "{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}",
        )
        .unwrap();
        for text in [
            "9 (AB: 1, 2, 1; 4 (AC); 1)",
            "9(AB:1,2,1;0,4(AC);1)",
            "9 (AB: 1, 2, 1; 0, 4X; 1)\n\nX = (AC: 0, 1, 1; 1; 1)",
            "9 (AB: 1, 2 (BC), 1; 4 (AC: 0, 1, 1; 1; 1); 1)",
        ] {
            let node = from_str(&game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(node, compact, "{text}");
            assert_eq!(crate::verify(&game, &node).unwrap().total, 21);
        }
        // `*` marks a guess that cannot be the secret; it changes nothing.
        let star = from_str(&game, "9 (AB: 1, 2 (AA*), 1; 4 (AC); 1)").unwrap();
        assert_eq!(
            star,
            from_str(&game, "9 (AB: 1, 2 (AA), 1; 4 (AC); 1)").unwrap()
        );
        assert_eq!(crate::verify(&game, &star).unwrap().total, 22);
    }

    #[test]
    fn x_allows_a_pair_after_a_leaf_guess() {
        let game = abc();
        // AB's 0B1W leaves {BC, CA}; CC answers 1B0W to both, so they stay together: with x
        // they are guessed in turn, without it the notation claims one guess settles them.
        let with_x = from_str(&game, "9 (AB: 1, 2 (CCx), 1; 4 (AC); 1)").unwrap();
        assert_eq!(crate::verify(&game, &with_x).unwrap().total, 23);
        let without = from_str(&game, "9 (AB: 1, 2 (CC), 1; 4 (AC); 1)").unwrap();
        let err = crate::verify(&game, &without).unwrap_err();
        assert_eq!(err.secret(), Some("CA"));
        assert_eq!(err.path().as_deref(), Some("AB 0B1W, CC 1B0W, BC 0B1W"));
    }

    #[test]
    fn counts_must_match_the_rules() {
        let game = abc();
        let w = why(&game, "9 (AB: 1, 2, 1; 3 (AC); 1)");
        assert!(w.contains("counts 3 secrets after AB 1B0W"), "{w}");
        assert!(w.contains("leave 4"), "{w}");
        assert!(w.contains("column 17"), "{w}");
        let w = why(&game, "8 (AB: 1, 2, 1; 4 (AC); 1)");
        assert!(w.contains("counts 8 secrets in all"), "{w}");
        assert!(w.contains("has 9"), "{w}");
        let w = why(&game, "9 (AB: 1, 2, 1; 4 (AC); 0)");
        assert!(w.contains("after AB 2B0W"), "{w}");
        let w = why(&game, "9 (AB: 1, 2, 1; 4 (AC); 1 (AB))");
        assert!(w.contains("winning reply 2B0W"), "{w}");
    }

    #[test]
    fn rejects_malformed_text() {
        let game = abc();
        for (text, needle) in [
            ("", "expected a count of secrets, found the end"),
            ("9", "a bare count stands for 0, 1 or 2"),
            (
                "9 (AB: 1, 2, 1; 4 (AC); 1",
                "or ')' after an entry, found the end",
            ),
            (
                "9 (AB: 1, 2, 1; 4 (AC); 1) Q = (AC",
                "expected ')', found the end",
            ),
            ("9 (AB: 1, 2, 1; 4 (AC))", "2 groups of replies: expected 3"),
            ("9 (AB: 1, 2; 0, 4 (AC); 1)", "lists 2 replies with 0 black"),
            (
                "9 (AB: 1, 2, 1; 0, 0, 4 (AC); 1)",
                "or 1 leaving out the impossible 1B1W",
            ),
            ("9 (AD: 1, 2, 1; 4 (AC); 1)", "'D'"),
            ("9 (ABC: 1, 2, 1; 4 (AC); 1)", "expected 2"),
            (
                "9 (AB: 1, 2, 1; 4Q; 1)",
                "block Q is used but never defined",
            ),
            (
                "9 (AB: 1, 2, 1; 4 (AC); 1) Q = (AC) Q = (AC)",
                "block Q is defined twice",
            ),
            ("9 (AB: 1, 2, 1; 4 (AC); 1) 7", "expected a block"),
            ("9 (AB: 1, 2, 1; 4 (AC); 1) Q (AC)", "expected '='"),
            (
                "9 (AB: 1, x, 1; 4 (AC); 1)",
                "expected a count of secrets, found \"x\"",
            ),
            (
                "9 (AB: 1, 2, 1; 4-Q; 1)",
                "not a count followed by a block name",
            ),
            ("99999999999999999999999 (AB)", "too large"),
            ("9 (AB: 1, 2, 1 4 (AC); 1)", "expected ',', ';' or ')'"),
        ] {
            let w = why(&game, text);
            assert!(w.contains(needle), "{text}: {w}");
            assert!(w.starts_with("bracket tree, line 1 column"), "{w}");
        }
    }

    #[test]
    fn positions_count_lines_and_columns() {
        let w = why(&abc(), "9 (AB: 1, 2, 1;\n  4 (AD); 1)");
        assert!(
            w.starts_with("bracket tree, line 2 column 6 (character 21)"),
            "{w}"
        );
    }

    #[test]
    fn deep_or_cyclic_trees_are_refused_without_overflow() {
        let game = Game::new(&GameSpec::mastermind(1, 2)).unwrap();
        // Group shape for 1 peg: (0B1W, 0B0W; 1B) or (0B0W; 1B).
        let mut text = String::from("2 (0: 1; 1)");
        assert!(from_str(&game, &text).is_ok());
        // A block that sends the class back to itself.
        text = "2 (0: 0, 1Q; 1) Q = (0: 0, 1Q; 0)".into();
        assert!(why(&game, &text).contains("more than 200 guesses deep"));
        // Brackets nested 100 000 deep.
        text = "2 (0: 1 (0: ".repeat(100_000);
        assert!(why(&game, &text).contains("nested more than 200 deep"));
    }

    #[test]
    fn refuses_games_without_black_and_white_replies() {
        let game = Game::new(&GameSpec {
            kind: codebreak_core::GameKind::BlackPeg,
            ..GameSpec::default()
        })
        .unwrap();
        assert!(why(&game, "1296 (0011)").contains("black and white counts"));
    }
}
