//! Trees of list games: alex1770/wordle's Wordle trees (`../shared/wordle/` next to the
//! repository, see its README) replayed by the verifier, in normal and hard mode, and trees of
//! list games written and read back in JSON and paths, a game that ends when the secret is
//! known included.

use std::path::PathBuf;
use std::sync::Arc;

use codebreak_core::{End, Game, GameKind, GameSpec, ListGame, ListParts, ListRule};
use codebreak_tree::{DecisionTree, Format, Node, TreeError, read, verify, write_string};

/// The folder of the Wordle data: `$CODEBREAK_WORDLE`, else `../shared/wordle` next to the
/// repository, else `/work/shared/wordle` (where CI machines keep it).
fn wordle_folder() -> PathBuf {
    let candidates = [
        std::env::var_os("CODEBREAK_WORDLE").map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/wordle")),
        Some(PathBuf::from("/work/shared/wordle")),
    ];
    let found = candidates
        .iter()
        .flatten()
        .find(|d| d.join("README.md").is_file());
    match found {
        Some(d) => d.clone(),
        None => panic!(
            "the Wordle data is missing: looked in {:?} (set CODEBREAK_WORDLE)",
            candidates.iter().flatten().collect::<Vec<_>>()
        ),
    }
}

fn text(name: &str) -> String {
    let path = wordle_folder().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn wordle(hard: bool) -> Game {
    Game::new(&GameSpec {
        kind: GameKind::Wordle,
        hard,
        ..GameSpec::default()
    })
    .unwrap()
}

const EASY: &str = "salet.easy.origwords.tree";
const HARD: &str = "salet.hard.origwordlist.tree";

fn figures(game: &Game, root: &Node) -> (u64, u64, usize) {
    let r = verify(game, root).unwrap_or_else(|e| panic!("{e}"));
    (r.secrets, r.total, r.worst)
}

#[test]
fn selbys_salet_trees_replay_to_their_published_figures() {
    let normal = wordle(false);
    let easy = text(EASY);
    assert_eq!(Format::detect(&easy), Format::Paths);
    let file = read(&easy, None, Some(&normal)).unwrap();
    assert_eq!(figures(&normal, &file.tree.root), (2315, 7920, 5));
    // Written back as paths, it is the file, byte for byte; and JSON comes back as it was.
    let written = write_string(&file.tree, &normal, Format::Paths).unwrap();
    assert_eq!(written, easy);
    let json = write_string(&file.tree, &normal, Format::Json).unwrap();
    assert_eq!(read(&json, None, None).unwrap().tree, file.tree);
    // After salet BBBBB, courd BBBBB, the tree plays on for the 14 secrets left.
    let salet = normal.parse_guess("salet").unwrap();
    let grey = normal.parse_feedback("BBBBB").unwrap();
    assert_eq!(file.tree.root.guess, salet);
    let courd = file.tree.root.branch(grey).unwrap();
    assert_eq!(normal.format_code(&courd.guess), "courd");
    let left = easy
        .lines()
        .scan(String::new(), |above, l| {
            let full = format!(
                "{}{}",
                &above[..l.len() - l.trim_start().len()],
                l.trim_start()
            );
            *above = full.clone();
            Some(full)
        })
        .filter(|l| l.starts_with("salet BBBBB1 courd BBBBB2"))
        .count();
    assert_eq!(left, 14);

    // In hard mode the normal tree is refused at its first illegal guess, by name.
    let hard = wordle(true);
    let tree = read(&easy, None, Some(&hard)).unwrap().tree;
    let err = verify(&hard, &tree.root).unwrap_err().to_string();
    assert_eq!(
        err,
        "guess wimpy after salet BBBBB, courd YBBBB is not a legal guess: hard mode says it must contain C (marked earlier)"
    );
    let hard_text = text(HARD);
    let tree = read(&hard_text, None, Some(&hard)).unwrap().tree;
    assert_eq!(figures(&hard, &tree.root), (2315, 8122, 6));
    assert_eq!(
        write_string(&tree, &hard, Format::Paths).unwrap(),
        hard_text
    );
}

#[test]
fn the_layout_is_checked_line_by_line() {
    let game = wordle(false);
    let easy = text(EASY);
    let lines: Vec<&str> = easy.lines().collect();
    let with = |i: usize, line: &str| {
        let mut l = lines.clone();
        l[i] = line;
        l.join("\n")
    };
    let why = |t: String| match read(&t, Some(Format::Paths), Some(&game)) {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    };
    // A wrong reply, a wrong guess number, a line under no move, a line that does not win.
    assert!(
        why(with(
            0,
            "salet BBBBB1 courd BBBBY2 nymph BBBBY3 whiff GGGGG4"
        ))
        .contains("secret whiff gets the reply BBBBB to guess courd, not \"BBBBY2\""),
    );
    assert!(
        why(with(
            0,
            "salet BBBBB1 courd BBBBB2 nymph BBBBY4 whiff GGGGG4"
        ))
        .contains("reply \"BBBBY4\" is numbered 4, but it answers guess 3")
    );
    assert!(
        why(with(1, "  BGYYB3 pygmy GGGGG4"))
            .contains("paths, line 2: the line starts at column 3")
    );
    assert!(
        why(with(0, "salet BBBBB1 courd BBBBB2 nymph BBBBY3"))
            .contains("expected the secret and the winning reply GGGGG")
    );
    // Without guess numbers, and in full, it reads the same.
    let bare: String = easy
        .lines()
        .map(|l| l.replace(|c: char| c.is_ascii_digit(), " "))
        .collect::<Vec<_>>()
        .join("\n");
    let a = read(&easy, None, Some(&game)).unwrap().tree;
    assert_eq!(read(&bare, None, Some(&game)).unwrap().tree, a);
}

/// Three coins, one of them heavier; a weighing puts one coin on each pan. The game ends when
/// the heavy coin is known.
fn coins() -> Game {
    let guesses: Vec<String> = ["a-b", "a-c", "b-c"].map(String::from).to_vec();
    let secrets: Vec<String> = ["a+", "b+", "c+"].map(String::from).to_vec();
    let replies: Vec<String> = ["<", "=", ">"].map(String::from).to_vec();
    // The left pan goes down (>) when its coin is the heavy one.
    let mut table = Vec::new();
    for g in &guesses {
        let (left, right) = (&g[0..1], &g[2..3]);
        for s in &secrets {
            let heavy = &s[0..1];
            table.push(if heavy == left {
                2
            } else if heavy == right {
                0
            } else {
                1
            });
        }
    }
    let list = ListGame::new(ListParts {
        name: "three coins".into(),
        rule: Some(ListRule::Table),
        end: End::Known,
        guesses: guesses.into(),
        secrets: secrets.into(),
        replies,
        table,
        ..ListParts::default()
    })
    .unwrap();
    Game::from_list(Arc::new(list)).unwrap()
}

#[test]
fn trees_of_a_game_that_ends_when_known_count_only_experiments() {
    let game = coins();
    let code = |t: &str| {
        game.list()
            .unwrap()
            .index_of(t)
            .map(codebreak_core::Code::from_index)
            .unwrap()
    };
    let fb = |t: &str| game.parse_feedback(t).unwrap();
    let root = Node {
        guess: code("a-b"),
        branches: vec![
            (fb("<"), Node::leaf(code("b+"))),
            (fb("="), Node::leaf(code("c+"))),
            (fb(">"), Node::leaf(code("a+"))),
        ],
    };
    let r = verify(&game, &root).unwrap();
    assert_eq!((r.secrets, r.total, r.worst), (3, 3, 1));
    let tree = DecisionTree {
        game: game.spec(),
        strategy: None,
        root: root.clone(),
    };
    // Paths: the leaf is implied by the secret.
    let paths = write_string(&tree, &game, Format::Paths).unwrap();
    assert_eq!(paths, "a+: a-b >\nb+: a-b <\nc+: a-b =\n");
    assert_eq!(read(&paths, None, Some(&game)).unwrap().tree.root, root);
    let compact = write_string(&tree, &game, Format::Compact).unwrap();
    assert_eq!(compact, "{a-b:{>:a+,=:c+,<:b+}}\n");
    assert_eq!(read(&compact, None, Some(&game)).unwrap().tree.root, root);
    // JSON names the game by name and fingerprint: it must be given, and be that game.
    let json = write_string(&tree, &game, Format::Json).unwrap();
    assert!(matches!(
        read(&json, None, None),
        Err(TreeError::CustomGame { .. })
    ));
    assert_eq!(read(&json, None, Some(&game)).unwrap().tree, tree);
    let other = wordle(false);
    let err = read(&json, None, Some(&other)).unwrap_err().to_string();
    assert!(
        err.starts_with("the tree is for the game \"three coins\" with fingerprint "),
        "{err}"
    );
    // A leaf naming the wrong secret, a leaf that is not a secret, a secret guessed.
    let mut bad = root.clone();
    bad.branches[0].1 = Node::leaf(code("c+"));
    let err = verify(&game, &bad).unwrap_err().to_string();
    assert_eq!(
        err,
        "secret b+ is not found: the tree ends naming c+ as the secret (path: a-b <)"
    );
    bad.branches[0].1 = Node::leaf(code("a-c"));
    let err = verify(&game, &bad).unwrap_err().to_string();
    assert!(err.contains("guess a-c after a-b < is not a legal guess: it ends the game, so it names the secret known there, and it is not a secret"), "{err}");
    bad.branches[0].1 = Node {
        guess: code("b+"),
        branches: vec![(fb("="), Node::leaf(code("b+")))],
    };
    let err = verify(&game, &bad).unwrap_err().to_string();
    assert!(err.contains("guess b+ after a-b < is not a legal guess: it is a secret of three coins, which may not be guessed"), "{err}");
}
