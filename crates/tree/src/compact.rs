//! The compact one-line notation of the public MM(5,8) strategy challenge.
//!
//! A node is `{GUESS:{REPLY:SUBTREE,REPLY:SUBTREE,...}}`; a leaf is a bare `GUESS`, meaning
//! "this guess is the secret". `REPLY` is the black count followed by the white count as two
//! digits (A then B for Bulls and Cows; one digit for black-peg games; the words `low`, `high`,
//! `mixed` for twoD). The winning reply is implied and never written. Example, 2 pegs of 3
//! colours `ABC` (21 guesses in all):
//! `{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}`.
//!
//! The notation carries no game, so reading it needs one. Its braces cannot be symbols of the
//! game (`:` and `,` never are: see `codebreak_core::alphabet::SEPARATORS`), so a game whose
//! alphabet holds one is refused both ways ([`TreeError::CompactAlphabet`]).

use codebreak_core::{Feedback, Game, Reply};

use crate::Node;
use crate::error::TreeError;

/// Symbols of the notation's structure besides `:` and `,`, which no alphabet holds.
const SYNTAX: [char; 2] = ['{', '}'];

/// Refuses a game whose codes could hold the notation's braces: they could not be read back.
pub fn check_game(game: &Game) -> Result<(), TreeError> {
    match game
        .alphabet()
        .symbols()
        .iter()
        .find(|c| SYNTAX.contains(c))
    {
        Some(&symbol) => Err(TreeError::CompactAlphabet {
            game: game.to_string(),
            symbol,
        }),
        None => Ok(()),
    }
}

/// Writes a subtree in compact notation. The game must pass [`check_game`], or the text does
/// not read back.
pub fn to_string(game: &Game, node: &Node) -> String {
    let mut out = String::new();
    write_node(game, node, &mut out);
    out
}

fn reply_text(game: &Game, fb: Feedback) -> String {
    match game.reply(fb) {
        Reply::Pegs { black, white } if game.pegs() < 10 => format!("{black}{white}"),
        Reply::Pegs { black, white } => format!("{black}-{white}"),
        Reply::Black(b) => format!("{b}"),
        Reply::TwoD(_) | Reply::Listed(_) => game.format_feedback(fb),
    }
}

fn write_node(game: &Game, node: &Node, out: &mut String) {
    let code = game.format_code(&node.guess);
    if node.branches.is_empty() {
        out.push_str(&code);
        return;
    }
    out.push('{');
    out.push_str(&code);
    out.push_str(":{");
    // Highest replies first, as the published trees list them.
    for (i, (fb, child)) in node.branches.iter().rev().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&reply_text(game, *fb));
        out.push(':');
        write_node(game, child, out);
    }
    out.push_str("}}");
}

/// Checks that a new branch under `node` is neither the winning reply nor a repeat.
pub(crate) fn check_branch(game: &Game, node: &Node, fb: Feedback) -> Result<(), TreeError> {
    let guess = || game.format_code(&node.guess);
    if fb == game.win() {
        return Err(TreeError::WinBranch {
            guess: guess(),
            reply: game.format_feedback(fb),
        });
    }
    if node.branch(fb).is_some() {
        return Err(TreeError::DuplicateReply {
            guess: guess(),
            reply: game.format_feedback(fb),
        });
    }
    Ok(())
}

struct Parser<'a> {
    game: &'a Game,
    chars: Vec<char>,
    at: usize,
}

impl Parser<'_> {
    fn err(&self, why: impl Into<String>) -> TreeError {
        TreeError::Compact {
            at: self.at,
            why: why.into(),
        }
    }

    fn skip_ws(&mut self) {
        while self.at < self.chars.len() && self.chars[self.at].is_whitespace() {
            self.at += 1;
        }
    }

    fn expect(&mut self, c: char) -> Result<(), TreeError> {
        self.skip_ws();
        if self.chars.get(self.at) == Some(&c) {
            self.at += 1;
            Ok(())
        } else {
            let found = self
                .chars
                .get(self.at)
                .map_or("the end".to_string(), |f| format!("{f:?}"));
            Err(self.err(format!("expected {c:?}, found {found}")))
        }
    }

    fn token(&mut self) -> String {
        self.skip_ws();
        let start = self.at;
        while self.at < self.chars.len()
            && !matches!(self.chars[self.at], '{' | '}' | ':' | ',')
            && !self.chars[self.at].is_whitespace()
        {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    fn node(&mut self, depth: usize) -> Result<Node, TreeError> {
        if depth > crate::MAX_DEPTH {
            return Err(self.err(format!(
                "tree nested deeper than {} levels",
                crate::MAX_DEPTH
            )));
        }
        self.skip_ws();
        if self.chars.get(self.at) != Some(&'{') {
            let t = self.token();
            if t.is_empty() {
                return Err(self.err("expected a guess"));
            }
            // In a game that ends when the secret is known, a leaf names that secret.
            return Ok(Node::leaf(
                if self.game.end() == codebreak_core::End::Known {
                    self.game.parse_secret(&t)?
                } else {
                    self.game.parse_guess(&t)?
                },
            ));
        }
        self.at += 1;
        let t = self.token();
        let mut node = Node::leaf(self.game.parse_guess(&t)?);
        self.expect(':')?;
        self.expect('{')?;
        loop {
            let r = self.token();
            let fb = self.parse_reply(&r)?;
            check_branch(self.game, &node, fb)?;
            self.expect(':')?;
            let child = self.node(depth + 1)?;
            node.branches.push((fb, child));
            self.skip_ws();
            match self.chars.get(self.at) {
                Some(',') => self.at += 1,
                Some('}') => {
                    self.at += 1;
                    break;
                }
                _ => return Err(self.err("expected ',' or '}' after a branch")),
            }
        }
        self.expect('}')?;
        node.branches.sort_by_key(|(f, _)| *f);
        Ok(node)
    }

    fn parse_reply(&self, r: &str) -> Result<Feedback, TreeError> {
        let game = self.game;
        let text = match game.reply(game.win()) {
            Reply::Pegs { .. } if r.len() == 2 && r.bytes().all(|b| b.is_ascii_digit()) => {
                let b: Vec<char> = r.chars().collect();
                format!("{} {}", b[0], b[1])
            }
            Reply::Pegs { .. } => r.replace('-', " "),
            _ => r.to_string(),
        };
        game.parse_feedback(&text).map_err(TreeError::from)
    }
}

/// Reads a tree in compact notation for `game`.
pub fn from_str(game: &Game, text: &str) -> Result<Node, TreeError> {
    check_game(game)?;
    let mut p = Parser {
        game,
        chars: text.chars().collect(),
        at: 0,
    };
    let node = p.node(0)?;
    p.skip_ws();
    if p.at != p.chars.len() {
        return Err(p.err("unexpected text after the tree"));
    }
    Ok(node)
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::GameSpec;

    #[test]
    fn round_trips_the_issue_example() {
        let game = crate::abc();
        let text = "{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}";
        let node = from_str(&game, text).unwrap();
        assert_eq!(to_string(&game, &node), text);
        let report = crate::verify(&game, &node).unwrap();
        assert_eq!(report.total, 21);
    }

    #[test]
    fn braces_in_the_alphabet_are_refused_both_ways() {
        // Found by fuzzing (tree_compact): with symbols `{` and `}`, `{{{:{low:}},...` was
        // written and could not be read back.
        let game = Game::new(&GameSpec {
            alphabet: Some("{}".into()),
            ..GameSpec::mastermind(2, 2)
        })
        .unwrap();
        let tree = crate::DecisionTree {
            game: game.spec(),
            strategy: None,
            root: Node::leaf(game.parse_guess("{}").unwrap()),
        };
        let e = crate::write_string(&tree, &game, crate::Format::Compact).unwrap_err();
        assert!(
            matches!(e, TreeError::CompactAlphabet { symbol: '{', .. }),
            "{e}"
        );
        assert!(e.to_string().contains("json or paths"), "{e}");
        let e = from_str(&game, "{}").unwrap_err();
        assert!(matches!(e, TreeError::CompactAlphabet { .. }), "{e}");
        // The other formats write it.
        let json = crate::write_string(&tree, &game, crate::Format::Json).unwrap();
        assert_eq!(crate::read(&json, None, Some(&game)).unwrap().tree, tree);
    }

    #[test]
    fn rejects_garbage() {
        let game = Game::new(&GameSpec::mastermind(2, 3)).unwrap();
        for bad in [
            "",
            "{",
            "{01:{10:02}",
            "{01:{20:02}}",
            "{01:{10:02,10:02}}",
            "012",
            "{01:{10:02}} x",
        ] {
            assert!(from_str(&game, bad).is_err(), "{bad}");
        }
    }
}
