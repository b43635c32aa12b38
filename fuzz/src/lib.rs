//! Helpers shared by the fuzz targets of `fuzz_targets/`.
//!
//! Most targets read an input made of a game and a text: the first line names the game, either
//! as a [`GameSpec`] in JSON (`{"game":"bulls","pegs":3,"colors":6}`), so that seeds can be
//! written by hand, or, when it is not such JSON, as raw bytes that [`SpecInput`] turns into a
//! small spec (so the fuzzer explores games too). The rest of the input is the text under test.

use arbitrary::{Arbitrary, Unstructured};
use codebreak_core::{Code, Game, GameKind, GameSpec, Order, Role};

/// Alphabets worth trying: case folding, non-ASCII, and symbols the text formats use as syntax.
pub const ALPHABETS: &[&str] = &[
    "ABC",
    "RGBYOP",
    "aA",
    "{}",
    "(){}[]",
    "-+/",
    "#=<>",
    "ΑΒΓΔ",
    "ßẞs",
    "İiI",
    "0123456789",
    "1B2W",
    "\u{feff}x",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz!?",
];

/// A game spec drawn from fuzz bytes, biased towards small games that validate.
#[derive(Arbitrary, Debug)]
pub struct SpecInput {
    kind: u8,
    pegs: Option<u8>,
    colors: Option<u8>,
    distinct_secret: bool,
    distinct_guess: bool,
    alphabet: Alpha,
    swap: bool,
    /// Up to 16 pegs and 64 colours instead of 4 and 8 (the scorers' 128-bit and wide masks).
    wide: bool,
}

/// Which alphabet a [`SpecInput`] asks for.
#[derive(Arbitrary, Debug)]
enum Alpha {
    Default,
    Preset(u8),
    Custom(String),
}

impl SpecInput {
    /// The spec: pegs 1 to 4 and colours 1 to 8 (or the alphabet's length; 16 and 64 when
    /// `wide`), but any kind, alphabet and distinctness, so some specs are refused.
    pub fn spec(&self) -> GameSpec {
        let (max_pegs, max_colors) = if self.wide { (16, 64) } else { (4, 8) };
        let kind = [
            GameKind::Mastermind,
            GameKind::Bulls,
            GameKind::BlackPeg,
            GameKind::TwoD,
        ][self.kind as usize % 4];
        let alphabet = match &self.alphabet {
            Alpha::Default => None,
            Alpha::Preset(i) => Some(ALPHABETS[*i as usize % ALPHABETS.len()].to_string()),
            Alpha::Custom(s) => Some(s.clone()),
        };
        let colors = match alphabet {
            Some(_) => None,
            None => self.colors.map(|c| 1 + c as u32 % max_colors),
        };
        let twod = kind == GameKind::TwoD;
        GameSpec {
            kind,
            pegs: (!twod)
                .then(|| self.pegs.map(|p| 1 + p as u32 % max_pegs))
                .flatten(),
            colors: (!twod).then_some(colors).flatten(),
            size: twod.then_some(colors).flatten(),
            distinct_secret: !twod && self.distinct_secret,
            distinct_guess: !twod && self.distinct_guess && self.distinct_secret,
            alphabet,
            order: if self.swap { Order::Swap } else { Order::Lex },
            // Wordle and game files are not drawn: building their reply tables would take
            // most of each run.
            ..GameSpec::default()
        }
    }
}

/// Splits an input into its game and its text (see the crate doc). `None` when the game is
/// refused (its error checked to be one line), has more than `max_codes` guesses, or the
/// text is not UTF-8.
pub fn game_and_text(data: &[u8], max_codes: u128) -> Option<(Game, &str)> {
    let (head, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let spec = match serde_json::from_slice::<GameSpec>(head) {
        Ok(spec) => spec,
        Err(_) => SpecInput::arbitrary(&mut Unstructured::new(head))
            .ok()?
            .spec(),
    };
    let game = match Game::new(&spec) {
        Ok(game) => game,
        Err(e) => {
            one_line(&e.to_string());
            return None;
        }
    };
    if game.count(Role::Guess) > max_codes {
        return None;
    }
    Some((game, std::str::from_utf8(rest).ok()?))
}

/// Asserts that an error message is one non-empty line.
pub fn one_line(message: &str) {
    assert!(
        !message.is_empty() && !message.contains('\n'),
        "error message is not one line: {message:?}"
    );
}

/// A code of `game` for `role` made from fuzz bytes (colours taken modulo the game's, repeats
/// skipped where the role needs distinct colours); `None` when no bytes are left.
pub fn code_from(game: &Game, role: Role, u: &mut Unstructured<'_>) -> Option<Code> {
    let distinct = match role {
        Role::Guess => game.distinct_guess(),
        Role::Secret => game.distinct_secret(),
    };
    if u.is_empty() {
        return None;
    }
    let colors = game.colors();
    let mut pegs = Vec::with_capacity(game.pegs());
    while pegs.len() < game.pegs() {
        let mut c = (u.arbitrary::<u8>().ok()? as usize % colors) as u8;
        if distinct {
            while pegs.contains(&c) {
                c = (c + 1) % colors as u8;
            }
        }
        pegs.push(c);
    }
    let code = Code::from_pegs(&pegs)?;
    assert!(
        game.is_valid(&code, role),
        "{code:?} built for {role:?} of {game}"
    );
    Some(code)
}

/// Largest game a tree target reads trees for (the verifier and the paths format enumerate
/// every secret).
pub const TREE_CODES: u128 = 1300;

/// The property of the tree targets: `codebreak_tree::read` of the input's text in `format`,
/// for the input's game, either refuses it with a one-line message or gives a tree of legal
/// guesses that the verifier checks without panicking (its figures consistent when it passes)
/// and that writes back (in `format` where writable, else compact) to text that reads again
/// to the same tree (for paths: when no branch is dead, since dead branches are not written)
/// and writes to the same text again. And a tree of legal guesses made from the input's bytes
/// writes in `format` (JSON or compact) and reads back as it was.
pub fn check_tree(data: &[u8], format: codebreak_tree::Format) {
    use codebreak_tree::verify::{DeadBranches, check_guesses};
    use codebreak_tree::{Format, read, verify_with, write_string};

    let Some((game, text)) = game_and_text(data, TREE_CODES) else {
        return;
    };
    if format.can_write() && format != Format::Paths {
        // Any tree of legal guesses writes and reads back as it was (paths only keeps the
        // branches secrets reach, so it is left out).
        let mut u = Unstructured::new(text.as_bytes());
        if let Some(root) = tree_from(&game, &mut u, 0) {
            let tree = codebreak_tree::DecisionTree {
                game: game.spec(),
                strategy: None,
                root,
            };
            let Some(written) = writes(&tree, &game, format) else {
                return;
            };
            let back = read(&written, Some(format), Some(&game)).unwrap_or_else(|e| {
                panic!("{format:?} written does not read back: {e}\n{written}")
            });
            assert_eq!(back.tree.root, tree.root, "{written}");
        }
    }
    let file = match read(text, Some(format), Some(&game)) {
        Ok(file) => file,
        Err(e) => return one_line(&e.to_string()),
    };
    assert_eq!(file.format, format);
    assert_eq!(file.game.spec(), game.spec());
    let tree = &file.tree;
    assert_eq!(tree.game, game.spec());
    if let Err(e) = check_guesses(&game, &tree.root) {
        panic!("a tree read as {format:?} has an illegal guess: {e}");
    }
    let strict = verify_with(&game, &tree.root, DeadBranches::Refuse);
    let lenient = verify_with(&game, &tree.root, DeadBranches::Report);
    match (&strict, &lenient) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Ok(_), Err(e)) => panic!("a tree passes strictly but not leniently: {e}"),
        (Err(e), _) => one_line(&e.to_string()),
    }
    if let Ok(report) = &lenient {
        assert_eq!(report.secrets as u128, game.count(Role::Secret));
        assert_eq!(report.histogram.iter().sum::<u64>(), report.secrets);
        let total: u64 = (0..).zip(&report.histogram).map(|(k, n)| k * n).sum();
        assert_eq!(report.total, total);
        assert_eq!(report.worst + 1, report.histogram.len());
        assert_eq!(strict.is_ok(), report.dead_branches.is_empty());
    }
    let out = if format.can_write() {
        format
    } else {
        Format::Compact
    };
    let Some(written) = writes(tree, &game, out) else {
        return;
    };
    let again = read(&written, Some(out), Some(&game))
        .unwrap_or_else(|e| panic!("{out:?} written does not read back: {e}\n{written}"));
    let complete =
        out != Format::Paths || lenient.as_ref().is_ok_and(|r| r.dead_branches.is_empty());
    if complete {
        assert_eq!(
            again.tree.root, tree.root,
            "{format:?} read, {out:?} written: {written}"
        );
        if out == Format::Json {
            assert_eq!(&again.tree, tree);
        }
    }
    let rewritten = write_string(&again.tree, &game, out).expect("a tree read back writes");
    assert_eq!(rewritten, written);
    write_string(tree, &game, Format::Dot).expect("every tree writes as DOT");
}

/// The tree written in `format`, or `None` when the format cannot hold the game's codes
/// (compact notation, whose braces some alphabets hold); any other failure is a bug.
fn writes(
    tree: &codebreak_tree::DecisionTree,
    game: &Game,
    format: codebreak_tree::Format,
) -> Option<String> {
    match codebreak_tree::write_string(tree, game, format) {
        Ok(text) => Some(text),
        Err(e @ codebreak_tree::TreeError::CompactAlphabet { .. }) => {
            one_line(&e.to_string());
            None
        }
        Err(e) => panic!("a tree of legal guesses does not write as {format:?}: {e}"),
    }
}

/// A tree of legal guesses made from fuzz bytes: any replies but the winning one, at most
/// four levels deep.
pub fn tree_from(
    game: &Game,
    u: &mut Unstructured<'_>,
    depth: usize,
) -> Option<codebreak_tree::Node> {
    let guess = code_from(game, Role::Guess, u)?;
    let mut node = codebreak_tree::Node::leaf(guess);
    if depth >= 4 {
        return Some(node);
    }
    let kind = game.feedback();
    for fb in kind.all() {
        if fb != game.win()
            && kind.is_possible(fb)
            && u.ratio(1, 3).unwrap_or(false)
            && let Some(child) = tree_from(game, u, depth + 1)
        {
            node.branches.push((fb, child));
        }
    }
    Some(node)
}
