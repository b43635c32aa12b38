//! Every format codebreak both writes and reads gives back the tree it wrote, for random trees
//! of small games of every kind; and [`Format::detect`] recognises what [`write`] wrote.

use codebreak_core::{Code, Game, GameKind, GameSpec};
use codebreak_tree::{DecisionTree, Format, Node, TreeError, read, verify, write_string};
use proptest::prelude::*;

/// Small games of every kind (and with distinct secrets, and the swap order).
fn games() -> Vec<Game> {
    let specs = [
        GameSpec {
            alphabet: Some("ABC".into()),
            ..GameSpec::mastermind(2, 3)
        },
        GameSpec::mastermind(3, 3),
        GameSpec {
            distinct_secret: true,
            ..GameSpec::mastermind(3, 4)
        },
        GameSpec::bulls(2, 4),
        GameSpec {
            order: codebreak_core::Order::Swap,
            ..GameSpec::bulls(3, 4)
        },
        GameSpec {
            kind: GameKind::BlackPeg,
            ..GameSpec::mastermind(3, 3)
        },
        GameSpec {
            kind: GameKind::TwoD,
            size: Some(4),
            ..GameSpec::default()
        },
    ];
    specs.iter().map(|s| Game::new(s).unwrap()).collect()
}

/// Random choices read from a tape; zeros once it runs out (so shrinking shortens the tape).
struct Tape<'a>(std::slice::Iter<'a, u32>);

impl Tape<'_> {
    fn pick(&mut self, n: usize) -> usize {
        self.0.next().map_or(0, |&c| c as usize % n)
    }
}

/// A random tree that finds every secret of `class` and has no branch that no secret reaches:
/// at each node a random guess (any legal guess, or one of the secrets left), one branch per
/// reply the secrets left give.
fn grow(game: &Game, guesses: &[Code], class: Vec<Code>, tape: &mut Tape<'_>) -> Node {
    let mut guess = if tape.pick(3) == 0 {
        class[tape.pick(class.len())]
    } else {
        guesses[tape.pick(guesses.len())]
    };
    let reply = |g: &Code, s: &Code| game.score(s, g);
    // A guess outside the class that does not split it makes no progress: take a secret left.
    if !class.contains(&guess)
        && class
            .iter()
            .all(|s| reply(&guess, s) == reply(&guess, &class[0]))
    {
        guess = class[tape.pick(class.len())];
    }
    let mut parts: Vec<(codebreak_core::Feedback, Vec<Code>)> = Vec::new();
    for s in class {
        let fb = reply(&guess, &s);
        if fb == game.win() {
            continue;
        }
        match parts.iter_mut().find(|(f, _)| *f == fb) {
            Some((_, p)) => p.push(s),
            None => parts.push((fb, vec![s])),
        }
    }
    parts.sort_by_key(|(f, _)| *f);
    Node {
        guess,
        branches: parts
            .into_iter()
            .map(|(fb, part)| (fb, grow(game, guesses, part, tape)))
            .collect(),
    }
}

fn random_tree(game: &Game, choices: &[u32], named: bool) -> DecisionTree {
    let space = game.space().unwrap();
    let secrets: Vec<Code> = space.secrets().iter().map(|&i| space.code(i)).collect();
    let root = grow(game, space.codes(), secrets, &mut Tape(choices.iter()));
    DecisionTree {
        game: game.spec(),
        strategy: named.then(|| format!("random, {} choices", choices.len())),
        root,
    }
}

/// The formats both written and read.
fn round_trip_formats() -> Vec<Format> {
    Format::writable().filter(|f| f.can_read()).collect()
}

#[test]
fn json_compact_and_paths_are_both_written_and_read() {
    assert_eq!(
        round_trip_formats(),
        [Format::Json, Format::Compact, Format::Paths]
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn written_trees_read_back_the_same(
        which in 0usize..7,
        choices in prop::collection::vec(any::<u32>(), 0..80),
        named in any::<bool>(),
    ) {
        let game = &games()[which];
        let tree = random_tree(game, &choices, named);
        // The generator makes trees the checker accepts.
        let report = verify(game, &tree.root).unwrap();
        prop_assert_eq!(report.secrets as usize, game.space().unwrap().secrets().len());
        for format in round_trip_formats() {
            let text = write_string(&tree, game, format).unwrap();
            prop_assert_eq!(Format::detect(&text), format, "{}", text);
            prop_assert_eq!(Format::recognise(&text), Some(format), "{}", text);
            for given in [None, Some(format)] {
                let back = read(&text, given, Some(game)).unwrap();
                prop_assert_eq!(back.format, format);
                prop_assert_eq!(back.game.spec(), game.spec());
                prop_assert_eq!(&back.tree.root, &tree.root, "{}", text);
                if format.names_game() {
                    // The whole tree, strategy included; and no game needed.
                    prop_assert_eq!(&back.tree, &tree);
                    prop_assert_eq!(&read(&text, given, None).unwrap().tree, &tree);
                }
            }
        }
        // DOT is recognised, and refused as input.
        let dot = write_string(&tree, game, Format::Dot).unwrap();
        prop_assert_eq!(Format::recognise(&dot), Some(Format::Dot));
        let refused = matches!(
            read(&dot, None, Some(game)),
            Err(TreeError::NotReadable(Format::Dot))
        );
        prop_assert!(refused);
    }
}

#[test]
fn formats_without_a_game_need_one() {
    let game = &games()[0];
    let tree = random_tree(game, &[1, 2, 3], false);
    for format in round_trip_formats().into_iter().filter(|f| !f.names_game()) {
        let text = write_string(&tree, game, format).unwrap();
        let err = read(&text, None, None).unwrap_err();
        assert!(
            matches!(err, TreeError::NeedsGame(f) if f == format),
            "{err}"
        );
    }
    // A JSON tree read for another game.
    let text = write_string(&tree, game, Format::Json).unwrap();
    let other = &games()[1];
    assert_eq!(
        read(&text, None, Some(other)).unwrap_err().to_string(),
        format!("the tree is for {game}: expected {other}")
    );
}

#[test]
fn the_table_says_what_read_and_write_do() {
    let game = &games()[0];
    let tree = random_tree(game, &[5, 7], true);
    for info in codebreak_tree::format::FORMATS {
        let written = write_string(&tree, game, info.format);
        assert_eq!(written.is_ok(), info.write, "{}", info.name);
        let text = match written {
            Ok(text) => text,
            Err(e) => {
                assert_eq!(
                    e.to_string(),
                    format!(
                        "trees cannot be written as {}: expected json, compact, dot or paths",
                        info.format.what()
                    )
                );
                continue;
            }
        };
        let back = read(&text, Some(info.format), Some(game));
        assert_eq!(back.is_ok(), info.read, "{}", info.name);
    }
}

/// A tree built in memory with a guess its game does not allow is not written.
#[test]
fn illegal_guesses_are_not_written() {
    let game = Game::new(&GameSpec::bulls(2, 4)).unwrap();
    let tree = DecisionTree {
        game: game.spec(),
        strategy: None,
        root: Node::leaf(Code::from_pegs(&[3, 9]).unwrap()),
    };
    for format in Format::writable() {
        let err = write_string(&tree, &game, format).unwrap_err().to_string();
        assert!(
            err.starts_with("guess 3? at the start is not a legal guess: its colour number 9"),
            "{format}: {err}"
        );
    }
}
