//! One line per secret ("paths", as Wordle leaderboards list strategies): the secret, then each
//! guess the tree plays against it with the reply it gets, up to the winning one.
//!
//! ```text
//! AA: AB 1B0W, AC 1B0W, AA 2B0W
//! AB: AB 2B0W
//! CA: AB 0B1W, BC 0B1W, CA 2B0W
//! ```
//!
//! Secrets come in the game's order. A secret the tree does not find ends with `(not found)`
//! after the last reply it gets. The format carries no game, so reading it needs one. In a game
//! that ends when the secret is known, a line ends with the last experiment: the leaf after it
//! names the secret.
//!
//! Wordle trees are written, and any tree of a game that ends by guessing may be read, in
//! alex1770/wordle's layout, as Selby's published trees are: no secret before the moves (it is
//! the last guess), the number of each guess after its reply, lines sorted by their replies and
//! each leaving out (as blanks) the moves it shares with the line above:
//!
//! ```text
//! salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4
//!                                 BGYYB3 pygmy GGGGG4
//! ```
//!
//! A Wordle tree that loses a secret is written one line per secret as above, since that
//! layout has no way to say which secret a line is for when it is not found. A tree of a game
//! that ends when known whose leaf names another secret than one reaching it is written with
//! `(not found)` and is not read back.
//!
//! Reading merges the lines into a tree and checks them against the rules: every reply must be
//! the one the secret gives, every line must agree with the others about the guess played after
//! the same moves, a line ends with the winning reply (or `(not found)`), and every secret of
//! the game has exactly one line. Branches no secret reaches are not written, so they do not
//! come back; any other tree comes back as it was written.

use std::collections::HashMap;
use std::fmt::Write;

use codebreak_core::error::quote;
use codebreak_core::{Code, End, Feedback, Game, ListRule, SizeError};

use crate::Node;
use crate::error::TreeError;

/// Written after the last reply of a secret the tree does not find.
const NOT_FOUND: &str = "(not found)";

/// Writes one line per secret, in the game's order: `SECRET: GUESS REPLY, GUESS REPLY, ...`.
/// Secrets the tree does not find end with `(not found)`. A Wordle tree that finds every
/// secret is written in alex1770/wordle's layout instead (see `to_outline`). Fails when the game
/// is too large to enumerate its secrets.
pub fn to_string(game: &Game, root: &Node) -> Result<String, SizeError> {
    let space = game.space()?;
    let walks: Vec<(Code, Walk)> = space
        .secrets()
        .iter()
        .map(|&s| {
            let secret = space.code(s);
            (secret, walk(game, root, &secret))
        })
        .collect();
    if is_wordle(game) && walks.iter().all(|(_, w)| w.found) {
        return Ok(to_outline(game, &walks));
    }
    let mut out = String::new();
    for (secret, walk) in &walks {
        let _ = write!(out, "{}:", game.format_code(secret));
        for (i, (g, f)) in walk.moves.iter().enumerate() {
            let _ = write!(
                out,
                "{}{} {}",
                if i == 0 { " " } else { ", " },
                game.format_code(g),
                game.format_feedback(*f)
            );
        }
        if !walk.found {
            out.push(' ');
            out.push_str(NOT_FOUND);
        }
        out.push('\n');
    }
    Ok(out)
}

/// Whether `game` is a Wordle game that ends when the secret is guessed, written in
/// alex1770/wordle's layout.
fn is_wordle(game: &Game) -> bool {
    game.end() == End::Guess && game.list().is_some_and(|l| *l.rule() == ListRule::Wordle)
}

/// The moves a secret goes through in the tree, and whether it is found (guessed, or in a
/// game that ends when the secret is known, named by the leaf it reaches).
struct Walk {
    moves: Vec<(Code, Feedback)>,
    found: bool,
}

fn walk(game: &Game, root: &Node, secret: &Code) -> Walk {
    let known = game.end() == End::Known;
    let mut moves = Vec::new();
    let mut node = root;
    loop {
        if known && node.branches.is_empty() {
            return Walk {
                moves,
                found: node.guess == *secret,
            };
        }
        let fb = game.score(secret, &node.guess);
        moves.push((node.guess, fb));
        if fb == game.win() {
            return Walk { moves, found: true };
        }
        match node.branch(fb) {
            Some(n) if moves.len() < crate::MAX_DEPTH => node = n,
            _ => {
                return Walk {
                    moves,
                    found: false,
                };
            }
        }
    }
}

/// alex1770/wordle's layout: one line per secret, `GUESS REPLYd GUESS REPLYd ...` (`d` the
/// number of the guess), ending with the secret and the winning reply; lines sorted by their
/// replies, each leaving out (as blanks) the moves it shares with the line above.
fn to_outline(game: &Game, walks: &[(Code, Walk)]) -> String {
    let mut lines: Vec<Vec<(String, String)>> = walks
        .iter()
        .map(|(_, w)| {
            w.moves
                .iter()
                .enumerate()
                .map(|(i, (g, f))| {
                    (
                        game.format_code(g),
                        format!("{}{}", game.format_feedback(*f), i + 1),
                    )
                })
                .collect()
        })
        .collect();
    // Lines in one tree agree on each guess until their replies differ: sorting by the
    // replies sorts the tree.
    lines.sort_by(|a, b| {
        let ra = a.iter().map(|(_, r)| r);
        let rb = b.iter().map(|(_, r)| r);
        ra.cmp(rb)
    });
    let mut out = String::new();
    let mut above: &[(String, String)] = &[];
    for line in &lines {
        let shared = line.iter().zip(above).take_while(|(a, b)| a == b).count();
        let mut text = String::new();
        for (i, (g, r)) in line.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            if i < shared {
                text.push_str(&" ".repeat(g.chars().count() + 1 + r.chars().count()));
            } else if i == shared && !above.is_empty() {
                text.push_str(&" ".repeat(g.chars().count() + 1));
                text.push_str(r);
            } else {
                text.push_str(g);
                text.push(' ');
                text.push_str(r);
            }
        }
        out.push_str(&text);
        out.push('\n');
        above = line;
    }
    out
}

/// One line as read: the secret, its moves, and whether the last one wins.
///
/// The line syntax is the only part that depends on the variant of the format; the merging of
/// lines into a tree ([`Builder`]) does not.
struct Line {
    secret: Code,
    moves: Vec<(Code, Feedback)>,
    found: bool,
}

/// Reads `SECRET: GUESS REPLY, GUESS REPLY, ... [(not found)]`, checking each reply against the
/// rules.
fn parse_line(game: &Game, text: &str) -> Result<Line, String> {
    let (secret_text, rest) = text.split_once(':').ok_or_else(|| {
        format!(
            "{} has no ':': expected SECRET: GUESS REPLY, GUESS REPLY, ...",
            quote(text)
        )
    })?;
    let secret = game
        .parse_secret(secret_text.trim())
        .map_err(|e| e.to_string())?;
    let rest = rest.trim();
    let (rest, found) = match rest.strip_suffix(NOT_FOUND) {
        Some(r) => (r.trim_end(), false),
        None => (rest, true),
    };
    let mut steps = Vec::new();
    for (i, step) in rest.split(',').enumerate() {
        if i >= crate::MAX_DEPTH {
            return Err(too_deep());
        }
        match step.split_whitespace().collect::<Vec<_>>()[..] {
            [g, r] => steps.push((g, r)),
            _ => {
                return Err(format!(
                    "move {} is {}: expected a guess and its reply, such as {} {}",
                    i + 1,
                    quote(step.trim()),
                    game.format_code(&secret),
                    game.format_feedback(game.win())
                ));
            }
        }
    }
    let mut moves = Vec::new();
    for &(guess_text, reply_text) in &steps {
        let guess = game.parse_guess(guess_text).map_err(|e| e.to_string())?;
        let reply = game.parse_feedback(reply_text).map_err(|e| e.to_string())?;
        moves.push((guess, reply, guess_text, reply_text));
    }
    checked_line(game, secret, &moves, found)
}

fn too_deep() -> String {
    format!(
        "more than {} guesses: expected at most that many",
        crate::MAX_DEPTH
    )
}

/// Checks moves read for `secret` against the rules: each reply must be the one the secret
/// gives, and the line must end with the winning reply exactly when the secret is `found` (in
/// a game that ends when the secret is known, the line ends before the leaf naming it).
fn checked_line(
    game: &Game,
    secret: Code,
    read: &[(Code, Feedback, &str, &str)],
    found: bool,
) -> Result<Line, String> {
    let win = game.win();
    let known = game.end() == End::Known;
    let mut moves = Vec::new();
    for &(guess, reply, guess_text, reply_text) in read {
        let rule = game.score(&secret, &guess);
        if reply != rule {
            return Err(format!(
                "secret {} gets the reply {} to guess {}, not {}",
                game.format_code(&secret),
                game.format_feedback(rule),
                guess_text,
                quote(reply_text)
            ));
        }
        if let Some((previous, _)) = moves.last().filter(|(_, f)| *f == win) {
            return Err(format!(
                "guess {} comes after the winning guess {}: expected the line to end there",
                guess_text,
                game.format_code(previous)
            ));
        }
        moves.push((guess, reply));
    }
    let last = moves.last().map(|&(_, f)| f);
    match (found, last) {
        (true, Some(f)) if f != win && !known => Err(format!(
            "the line ends with the reply {}: expected the winning guess {} {}, or {NOT_FOUND}",
            game.format_feedback(f),
            game.format_code(&secret),
            game.format_feedback(win)
        )),
        (false, Some(f)) if f == win => Err(format!(
            "the secret is found, yet the line ends with {NOT_FOUND}"
        )),
        _ => {
            if known && found {
                // The leaf that names the secret, not a move.
                moves.push((secret, Feedback::NONE));
            }
            Ok(Line {
                secret,
                moves,
                found,
            })
        }
    }
}

/// Reads one line of alex1770/wordle's layout (see [`from_str`]) whose text starts at column
/// `indent` (in characters) below the line `above` (its words and their columns, the blanks
/// filled in), checking it against the rules. Returns the line and its words with their
/// columns.
fn parse_outline_line(
    game: &Game,
    raw: &str,
    above: &[(usize, String)],
) -> Result<(Line, Vec<(usize, String)>), String> {
    let indent = raw.chars().take_while(|c| *c == ' ').count();
    let mut words: Vec<(usize, String)> = if indent == 0 {
        Vec::new()
    } else {
        let k = above
            .iter()
            .position(|(c, _)| *c == indent)
            .ok_or_else(|| {
                format!(
                    "the line starts at column {}, where the line above has no guess or reply: expected the first move it does not share with the line above to start under that move",
                    indent + 1
                )
            })?;
        above[..k].to_vec()
    };
    let mut start = None;
    for (col, ch) in raw.chars().chain([' ']).enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some(col),
            (true, Some(s)) => {
                words.push((s, raw.chars().skip(s).take(col - s).collect()));
                start = None;
            }
            _ => {}
        }
    }
    if !words.len().is_multiple_of(2) {
        return Err(format!(
            "{} guesses and replies: expected pairs, GUESS REPLY GUESS REPLY ...",
            words.len()
        ));
    }
    if words.len() / 2 > crate::MAX_DEPTH {
        return Err(too_deep());
    }
    let mut read = Vec::new();
    for (i, pair) in words.chunks(2).enumerate() {
        let (guess_text, reply_text) = (pair[0].1.as_str(), pair[1].1.as_str());
        let guess = game.parse_guess(guess_text).map_err(|e| e.to_string())?;
        let reply = reply_with_depth(game, reply_text, i + 1)?;
        read.push((guess, reply, guess_text, reply_text));
    }
    let Some(&(secret, last, _, reply_text)) = read.last() else {
        return Err("no moves: expected GUESS REPLY GUESS REPLY ...".into());
    };
    if last != game.win() {
        return Err(format!(
            "the line ends with the reply {}: expected the secret and the winning reply {} (this layout lists each secret as it is found)",
            quote(reply_text),
            game.format_feedback(game.win())
        ));
    }
    if !game.is_valid(&secret, codebreak_core::Role::Secret) {
        return Err(format!(
            "the line ends with {}, which is not a secret of {game}",
            game.format_code(&secret)
        ));
    }
    Ok((checked_line(game, secret, &read, true)?, words))
}

/// A reply, perhaps followed by the number of its guess (`BBBBB1`), which must then be `number`.
fn reply_with_depth(game: &Game, text: &str, number: usize) -> Result<Feedback, String> {
    let bare = text.trim_end_matches(|c: char| c.is_ascii_digit());
    match game.parse_feedback(text) {
        Ok(f) => Ok(f),
        Err(e) if bare.len() == text.len() || bare.is_empty() => Err(e.to_string()),
        Err(e) => {
            let f = game.parse_feedback(bare).map_err(|_| e.to_string())?;
            let depth = &text[bare.len()..];
            if depth.parse::<usize>().ok() != Some(number) {
                return Err(format!(
                    "reply {} is numbered {depth}, but it answers guess {number}: expected {bare}{number} or {bare}",
                    quote(text)
                ));
            }
            Ok(f)
        }
    }
}

/// A node while the lines are merged.
struct Building {
    guess: Code,
    /// The line that first played this guess here.
    line: usize,
    branches: Vec<(Feedback, usize)>,
    /// Replies after which some secret is not found, with the line that says so.
    ends: Vec<(Feedback, usize)>,
}

/// Merges lines into a tree.
struct Builder<'a> {
    game: &'a Game,
    nodes: Vec<Building>,
    /// The line of each secret.
    secrets: HashMap<Code, usize>,
}

impl Builder<'_> {
    fn add(&mut self, line_no: usize, line: &Line) -> Result<(), String> {
        let game = self.game;
        if let Some(other) = self.secrets.insert(line.secret, line_no) {
            return Err(format!(
                "secret {} has a line already (line {other}): expected one line per secret",
                game.format_code(&line.secret)
            ));
        }
        if self.nodes.is_empty() {
            self.push(line.moves[0].0, line_no);
        }
        let mut at = 0;
        for (i, &(guess, fb)) in line.moves.iter().enumerate() {
            let before = || {
                line.moves[..i]
                    .iter()
                    .map(|(g, f)| format!("{} {}", game.format_code(g), game.format_feedback(*f)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let node = &self.nodes[at];
            if node.guess != guess {
                let when = if i == 0 {
                    "first".to_string()
                } else {
                    format!("after {}", before())
                };
                return Err(format!(
                    "this line guesses {} {when}, but line {} guesses {} there: expected one guess per position in the tree",
                    game.format_code(&guess),
                    node.line,
                    game.format_code(&node.guess)
                ));
            }
            let last = i + 1 == line.moves.len();
            if last && line.found {
                break;
            }
            let next = node
                .branches
                .iter()
                .find(|(f, _)| *f == fb)
                .map(|&(_, n)| n);
            let ended = node.ends.iter().find(|(f, _)| *f == fb).map(|&(_, l)| l);
            if last {
                if let Some(n) = next {
                    return Err(format!(
                        "this line ends {NOT_FOUND} after reply {} to {}, but line {} goes on from there",
                        game.format_feedback(fb),
                        game.format_code(&guess),
                        self.nodes[n].line
                    ));
                }
                if ended.is_none() {
                    self.nodes[at].ends.push((fb, line_no));
                }
                break;
            }
            if let Some(other) = ended {
                return Err(format!(
                    "line {other} ends {NOT_FOUND} after reply {} to {}, but this line goes on from there",
                    game.format_feedback(fb),
                    game.format_code(&guess)
                ));
            }
            at = match next {
                Some(n) => n,
                None => {
                    let n = self.push(line.moves[i + 1].0, line_no);
                    self.nodes[at].branches.push((fb, n));
                    n
                }
            };
        }
        Ok(())
    }

    /// A new node, first played by `line`; returns its index.
    fn push(&mut self, guess: Code, line: usize) -> usize {
        self.nodes.push(Building {
            guess,
            line,
            branches: Vec::new(),
            ends: Vec::new(),
        });
        self.nodes.len() - 1
    }

    /// The tree under `at`, branches in reply order.
    fn node(&self, at: usize) -> Node {
        let b = &self.nodes[at];
        let mut node = Node::leaf(b.guess);
        node.branches = b.branches.iter().map(|&(f, n)| (f, self.node(n))).collect();
        node.branches.sort_by_key(|(f, _)| *f);
        node
    }
}

/// Reads one line per secret (as [`to_string`] writes) for `game`: blank lines are skipped;
/// every secret of the game must have exactly one line.
///
/// Lines may also be in alex1770/wordle's layout (detected when the first line has no `:`):
/// `salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4`, guesses and replies in turn, the
/// number of each guess after its reply optional, the last guess the secret; a line may leave
/// out (as blanks) the moves it shares with the line above, starting under the first reply
/// that differs.
///
/// ```
/// use codebreak_core::{Game, GameSpec};
/// let game = Game::new(&GameSpec { alphabet: Some("ABC".into()), ..GameSpec::mastermind(2, 3) })
///     .unwrap();
/// let root = codebreak_tree::compact::from_str(&game, "{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}").unwrap();
/// let text = codebreak_tree::paths::to_string(&game, &root).unwrap();
/// assert!(text.starts_with("AA: AB 1B0W, AC 1B0W, AA 2B0W\n"));
/// assert_eq!(codebreak_tree::paths::from_str(&game, &text).unwrap(), root);
/// ```
pub fn from_str(game: &Game, text: &str) -> Result<Node, TreeError> {
    let mut builder = Builder {
        game,
        nodes: Vec::new(),
        secrets: HashMap::new(),
    };
    let outline = text
        .lines()
        .map(|l| l.trim_start_matches('\u{feff}'))
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| !l.contains(':'));
    let mut above: Vec<(usize, String)> = Vec::new();
    let mut lines = 0;
    for (i, raw) in text.lines().enumerate() {
        let raw = raw.trim_start_matches('\u{feff}').trim_end();
        lines = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let line = if outline {
            parse_outline_line(game, raw, &above).map(|(line, words)| {
                above = words;
                line
            })
        } else {
            parse_line(game, raw.trim())
        };
        line.and_then(|line| builder.add(i + 1, &line))
            .map_err(|why| TreeError::Paths { line: i + 1, why })?;
    }
    if builder.nodes.is_empty() {
        return Err(TreeError::Paths {
            line: lines,
            why: "no lines: expected one line per secret, SECRET: GUESS REPLY, ...".into(),
        });
    }
    let space = game.space()?;
    if let Some(&s) = space
        .secrets()
        .iter()
        .find(|&&s| !builder.secrets.contains_key(&space.code(s)))
    {
        return Err(TreeError::Paths {
            line: lines,
            why: format!(
                "secret {} has no line, and the text ends here: expected one line for each of the {} secrets of {game}",
                game.format_code(&space.code(s)),
                space.secrets().len()
            ),
        });
    }
    Ok(builder.node(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abc;

    const EXAMPLE: &str = "{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}";

    fn why(text: &str) -> String {
        match from_str(&abc(), text) {
            Ok(n) => panic!("{text} was accepted: {n:?}"),
            Err(e) => e.to_string(),
        }
    }

    fn example_paths() -> String {
        let game = abc();
        to_string(&game, &crate::compact::from_str(&game, EXAMPLE).unwrap()).unwrap()
    }

    #[test]
    fn lost_secrets_read_back_as_written() {
        let game = abc();
        // Without the branch for 0B0W, CC is not found.
        let root = crate::compact::from_str(&game, &EXAMPLE.replace(",00:CC", "")).unwrap();
        let text = to_string(&game, &root).unwrap();
        assert!(text.contains("CC: AB 0B0W (not found)\n"), "{text}");
        let back = from_str(&game, &text).unwrap();
        assert_eq!(back, root);
        assert_eq!(
            crate::verify(&game, &back).unwrap_err().secret(),
            Some("CC")
        );
        // Blank lines, a byte-order mark and lines in any order are fine.
        let mut lines: Vec<&str> = text.lines().collect();
        lines.reverse();
        let shuffled = format!("\u{feff}\n{}\n\n", lines.join("\n\n"));
        assert_eq!(from_str(&game, &shuffled).unwrap(), root);
    }

    #[test]
    fn lines_must_agree_with_the_rules_and_each_other() {
        let good = example_paths();
        for (text, needles) in [
            (String::new(), vec!["paths, line 0: no lines"]),
            (
                good.replace(
                    "AA: AB 1B0W, AC 1B0W, AA 2B0W",
                    "AA: AB 0B1W, AC 1B0W, AA 2B0W",
                ),
                vec![
                    "line 1:",
                    "secret AA gets the reply 1B0W to guess AB, not \"0B1W\"",
                ],
            ),
            (
                good.replace("AA: AB 1B0W, AC 1B0W, AA 2B0W", "AA: AB 1B0W, AA 2B0W"),
                vec![
                    "line 3:",
                    "this line guesses AC after AB 1B0W, but line 1 guesses AA",
                ],
            ),
            (
                good.replace("AB: AB 2B0W", "AB: AC 1B0W, AB 2B0W"),
                vec!["line 2:", "guesses AC first, but line 1 guesses AB"],
            ),
            (
                good.replace("AA: AB 1B0W, AC 1B0W, AA 2B0W", "AA: AB 1B0W, AC 1B0W"),
                vec![
                    "line 1:",
                    "ends with the reply 1B0W: expected the winning guess AA 2B0W",
                ],
            ),
            (
                good.replace("AA: AB 1B0W, AC 1B0W, AA 2B0W", "AA: AB 1B0W (not found)"),
                vec![
                    "line 3:",
                    "line 1 ends (not found) after reply 1B0W to AB, but this line goes on",
                ],
            ),
            (
                good.replace("CB: AB 1B0W, AC 0B1W, CB 2B0W", "CB: AB 1B0W (not found)"),
                vec![
                    "line 8:",
                    "this line ends (not found) after reply 1B0W to AB, but line 1 goes on",
                ],
            ),
            (
                good.replace("AB: AB 2B0W", "AB: AB 2B0W, AC 1B0W"),
                vec!["guess AC comes after the winning guess AB"],
            ),
            (
                good.replace("AB: AB 2B0W", "AB: AB 2B0W (not found)"),
                vec!["the secret is found, yet the line ends with (not found)"],
            ),
            (
                good.replace("AB: AB 2B0W", "AB AB 2B0W"),
                vec!["\"AB AB 2B0W\" has no ':'"],
            ),
            (
                good.replace("AB: AB 2B0W", "AB: AB2B0W"),
                vec!["move 1 is \"AB2B0W\": expected a guess and its reply, such as AB 2B0W"],
            ),
            (
                good.replace("AB: AB 2B0W", "AD: AB 2B0W"),
                vec!["line 2:", "'D'"],
            ),
            (
                good.replace("AB: AB 2B0W", "AA: AB 1B0W, AC 1B0W, AA 2B0W"),
                vec!["line 2:", "secret AA has a line already (line 1)"],
            ),
            (
                good.replace("AB: AB 2B0W\n", ""),
                vec!["line 8:", "secret AB has no line", "each of the 9 secrets"],
            ),
            (
                format!("AA: {}AA 2B0W", "AB 1B0W, ".repeat(300)),
                vec!["more than 200 guesses"],
            ),
        ] {
            let w = why(&text);
            assert!(w.starts_with("paths, line "), "{w}");
            for n in needles {
                assert!(w.contains(n), "{n:?} missing from {w:?}");
            }
        }
    }
}
