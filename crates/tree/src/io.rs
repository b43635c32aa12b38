//! The two entry points every front end uses: [`read`] a tree in any readable format (given,
//! or detected with [`Format::detect`]) and [`write()`] one in any writable format. Which
//! formats those are is the table [`crate::format::FORMATS`].

use std::io::Read;

use codebreak_core::{Game, GameKind};

use crate::error::TreeError;
use crate::{DecisionTree, Format, bracket, compact, dot, json, paths};

/// Largest tree text [`read_from`] reads: 256 MiB.
pub const MAX_BYTES: u64 = 256 << 20;

/// A tree read from text: the tree, its game (named by the text, or the one given), and the
/// format the text was in.
#[derive(Clone, Debug)]
pub struct TreeFile {
    /// The tree; its `game` is the spec of [`TreeFile::game`].
    pub tree: DecisionTree,
    /// The game the tree plays.
    pub game: Game,
    /// The format read.
    pub format: Format,
}

/// Reads a tree.
///
/// - `format`: the format of the text, or `None` to detect it ([`Format::detect`]). When a
///   format is given, the text fails to read as it, and it looks like another format
///   ([`Format::recognise`]), the error says so ([`TreeError::LooksLike`]).
/// - `game`: the game, needed by the formats that do not name theirs
///   ([`Format::names_game`]; without it, [`TreeError::NeedsGame`]). A tree that names its
///   game must name this one when it is given ([`TreeError::OtherGame`]).
///
/// A byte-order mark at the start is skipped.
///
/// ```
/// use codebreak_core::{Game, GameSpec};
/// use codebreak_tree::{Format, read};
/// let game = Game::new(&GameSpec { alphabet: Some("ABC".into()), ..GameSpec::mastermind(2, 3) })
///     .unwrap();
/// let file = read("9 (AB: 1, 2, 1; 4 (AC); 1)", None, Some(&game)).unwrap();
/// assert_eq!((file.format, file.tree.root.size()), (Format::Bracket, 9));
/// let err = read("9 (AB: 1, 2, 1; 4 (AC); 1)", Some(Format::Json), None).unwrap_err();
/// assert_eq!(err.to_string(), "the text is not a codebreak JSON tree: it looks like bracket notation");
/// ```
pub fn read(
    text: &str,
    format: Option<Format>,
    game: Option<&Game>,
) -> Result<TreeFile, TreeError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some(given) = format else {
        return read_as(text, Format::detect(text), game);
    };
    read_as(text, given, game).map_err(|e| match Format::recognise(text) {
        Some(looks_like) if looks_like != given => TreeError::LooksLike { given, looks_like },
        _ => e,
    })
}

fn read_as(text: &str, format: Format, game: Option<&Game>) -> Result<TreeFile, TreeError> {
    if !format.can_read() {
        return Err(TreeError::NotReadable(format));
    }
    let needs_game = || game.ok_or(TreeError::NeedsGame(format));
    let root = match format {
        Format::Json => return read_json(text, game),
        Format::Compact => compact::from_str(needs_game()?, text)?,
        Format::Bracket => bracket::from_str(needs_game()?, text)?,
        Format::Paths => paths::from_str(needs_game()?, text)?,
        Format::Dot => return Err(TreeError::NotReadable(format)),
    };
    let game = needs_game()?;
    Ok(TreeFile {
        tree: DecisionTree {
            game: game.spec(),
            strategy: None,
            root,
        },
        game: game.clone(),
        format,
    })
}

/// A JSON tree names its game: it must be `game`, when one is given.
fn read_json(text: &str, game: Option<&Game>) -> Result<TreeFile, TreeError> {
    let (tree, named) = json::from_str_for(text, game)?;
    if let Some(game) = game.filter(|g| g.spec() != named.spec()) {
        return Err(TreeError::OtherGame {
            found: named.to_string(),
            expected: game.to_string(),
        });
    }
    Ok(TreeFile {
        tree,
        game: named,
        format: Format::Json,
    })
}

/// Reads a tree from bytes, as [`read`] does a text ([`read_text`]).
pub fn read_from(
    input: impl Read,
    format: Option<Format>,
    game: Option<&Game>,
) -> Result<TreeFile, TreeError> {
    read(&read_text(input)?, format, game)
}

/// The text of a tree: at most [`MAX_BYTES`], UTF-8, without a byte-order mark. For a front
/// end that looks at the text before reading it (to see whether it needs a game:
/// [`Format::detect`], [`Format::names_game`]).
pub fn read_text(input: impl Read) -> Result<String, TreeError> {
    let mut bytes = Vec::new();
    input.take(MAX_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(TreeError::TooLarge { max: MAX_BYTES });
    }
    let text = String::from_utf8(bytes).map_err(|e| TreeError::NotText {
        offset: e.utf8_error().valid_up_to(),
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Writes a tree of `game` in a writable format ([`Format::can_write`]), ending with a new
/// line, and flushes `out`.
///
/// Fails, before writing anything, when the format is not writable, when the tree is not for
/// `game`, when a guess is not a legal guess of the game ([`crate::verify::check_guesses`]),
/// (compact) when the game's alphabet holds a brace ([`compact::check_game`]), or (paths)
/// when the game is too large to enumerate; and when `out` fails
/// ([`TreeError::Io`], a closed pipe included).
///
/// ```
/// use codebreak_core::{Game, GameSpec};
/// use codebreak_tree::{Format, read, write};
/// let game = Game::new(&GameSpec { alphabet: Some("ABC".into()), ..GameSpec::mastermind(2, 3) })
///     .unwrap();
/// let tree = read("{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}", None, Some(&game))
///     .unwrap()
///     .tree;
/// let mut out = Vec::new();
/// write(&mut out, &tree, &game, Format::Paths).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert_eq!(text.lines().count(), 9);
/// assert_eq!(read(&text, None, Some(&game)).unwrap().tree, tree);
/// ```
pub fn write(
    out: &mut impl std::io::Write,
    tree: &DecisionTree,
    game: &Game,
    format: Format,
) -> Result<(), TreeError> {
    let text = write_string(tree, game, format)?;
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The text [`write()`] writes.
pub fn write_string(tree: &DecisionTree, game: &Game, format: Format) -> Result<String, TreeError> {
    if !format.can_write() {
        return Err(TreeError::NotWritable(format));
    }
    // A game from a game file cannot be rebuilt from its spec: its name and fingerprint
    // must be the game's.
    let named = match tree.game.kind {
        GameKind::Custom => tree.game.clone(),
        _ => Game::new(&tree.game)?.spec(),
    };
    if named != game.spec() {
        return Err(TreeError::OtherGame {
            found: match tree.game.kind {
                GameKind::Custom => tree.game.name.clone().unwrap_or_default(),
                _ => Game::new(&tree.game)?.to_string(),
            },
            expected: game.to_string(),
        });
    }
    crate::verify::check_guesses(game, &tree.root).map_err(TreeError::IllegalGuess)?;
    let root = &tree.root;
    Ok(match format {
        Format::Json => json::to_string(tree, game) + "\n",
        Format::Compact => {
            compact::check_game(game)?;
            compact::to_string(game, root) + "\n"
        }
        Format::Dot => dot::to_string(game, root),
        Format::Paths => paths::to_string(game, root)?,
        Format::Bracket => return Err(TreeError::NotWritable(format)),
    })
}
