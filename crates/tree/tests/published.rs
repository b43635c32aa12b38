//! Trees published by others (`../shared/published-trees/` next to the repository, see its
//! README), imported and replayed by the independent verifier: their published figures must
//! come out, and Neuwirth's faulty transcription must be rejected.

use std::path::PathBuf;

use codebreak_core::{Game, GameSpec};
use codebreak_tree::{Format, Node, VerifyReport, bracket, paths, verify};

/// The folder of published trees: `$CODEBREAK_PUBLISHED_TREES`, else `../shared/published-trees`
/// next to the repository, else `/work/shared/published-trees` (where CI machines keep it when
/// the repository is cloned elsewhere).
fn published_folder() -> PathBuf {
    let candidates = [
        std::env::var_os("CODEBREAK_PUBLISHED_TREES").map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/published-trees")),
        Some(PathBuf::from("/work/shared/published-trees")),
    ];
    let found = candidates
        .iter()
        .flatten()
        .find(|d| d.join("README.md").is_file());
    match found {
        Some(d) => d.clone(),
        None => panic!(
            "the published trees are missing: looked in {:?} (set CODEBREAK_PUBLISHED_TREES)",
            candidates.iter().flatten().collect::<Vec<_>>()
        ),
    }
}

fn folder() -> PathBuf {
    published_folder()
}

fn read(name: &str) -> String {
    let path = folder().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn mastermind(alphabet: &str) -> Game {
    Game::new(&GameSpec {
        alphabet: Some(alphabet.into()),
        ..GameSpec::mastermind(4, 6)
    })
    .unwrap()
}

fn bulls() -> Game {
    Game::new(&GameSpec::bulls(4, 10)).unwrap()
}

fn import(game: &Game, name: &str) -> Node {
    codebreak_tree::read(&read(name), None, Some(game))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .tree
        .root
}

fn figures(game: &Game, name: &str) -> VerifyReport {
    verify(game, &import(game, name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn check(report: &VerifyReport, secrets: u64, total: u64, histogram: &[u64]) {
    assert_eq!(report.secrets, secrets);
    assert_eq!(report.total, total);
    assert_eq!(&report.histogram[1..], histogram);
    assert_eq!(report.worst, histogram.len());
}

#[test]
fn formats_are_told_apart() {
    for name in [
        "widmaN_p4c6r-knuth.txt",
        "widmaN_p4c6r-koyama-1.txt",
        "widmaN_p4c10n-optimal_from_book_appendix.txt",
    ] {
        assert_eq!(Format::detect(&read(name)), Format::Bracket, "{name}");
    }
    assert_eq!(
        Format::detect(&read("knuth_mm46_golf.txt")),
        Format::Compact
    );
}

#[test]
fn knuth_1977() {
    let r = figures(&mastermind("123456"), "widmaN_p4c6r-knuth.txt");
    check(&r, 1296, 5801, &[1, 6, 62, 533, 694]);
}

#[test]
fn koyama_lai_optimal() {
    let r = figures(&mastermind("123456"), "widmaN_p4c6r-koyama-1.txt");
    check(&r, 1296, 5625, &[1, 8, 86, 656, 544, 1]);
}

#[test]
fn koyama_lai_at_most_five() {
    let r = figures(&mastermind("123456"), "widmaN_p4c6r-koyama-2.txt");
    check(&r, 1296, 5626, &[1, 8, 86, 654, 547]);
}

#[test]
fn bulls_and_cows_optimal() {
    let r = figures(&bulls(), "widmaN_p4c10n-optimal_from_book_appendix.txt");
    check(&r, 5040, 26274, &[1, 7, 63, 716, 2404, 1757, 92]);
}

#[test]
fn golf_files() {
    let game = mastermind("ABCDEF");
    check(
        &figures(&game, "knuth_mm46_golf.txt"),
        1296,
        5801,
        &[1, 6, 62, 533, 694],
    );
    check(
        &figures(&game, "koyama-lai1_mm46_golf.txt"),
        1296,
        5625,
        &[1, 8, 86, 656, 544, 1],
    );
}

#[test]
fn golf_files_replay_like_the_bracket_trees() {
    // Same strategies in two notations: every secret takes the same path, colour for colour.
    for (golf, bracket) in [
        ("knuth_mm46_golf.txt", "widmaN_p4c6r-knuth.txt"),
        ("koyama-lai1_mm46_golf.txt", "widmaN_p4c6r-koyama-1.txt"),
    ] {
        let letters = mastermind("ABCDEF");
        let digits = mastermind("123456");
        let a = paths::to_string(&letters, &import(&letters, golf)).unwrap();
        let b = paths::to_string(&digits, &import(&digits, bracket)).unwrap();
        // Codes are the four-letter words; replies (2B0W) keep their letters.
        let relabel = |word: &str| -> String {
            let code = word.trim_end_matches([':', ',']);
            if code.len() == 4 && code.bytes().all(|c| (b'A'..=b'F').contains(&c)) {
                let digits: String = code.bytes().map(|c| char::from(c - b'A' + b'1')).collect();
                format!("{digits}{}", &word[4..])
            } else {
                word.to_string()
            }
        };
        let relabelled: String = a
            .lines()
            .map(|l| l.split(' ').map(relabel).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        assert_eq!(relabelled.lines().count(), 1296);
        assert_eq!(b.lines().count(), 1296);
        let differ = relabelled.lines().zip(b.lines()).find(|(x, y)| x != y);
        assert!(differ.is_none(), "{golf} and {bracket} differ: {differ:?}");
    }
}

/// The published trees written one line per secret read back as the same trees.
#[test]
fn published_trees_survive_the_paths_format() {
    for (game, name) in [
        (mastermind("123456"), "widmaN_p4c6r-knuth.txt"),
        (bulls(), "widmaN_p4c10n-optimal_from_book_appendix.txt"),
    ] {
        let root = import(&game, name);
        let text = paths::to_string(&game, &root).unwrap();
        assert_eq!(Format::detect(&text), Format::Paths);
        assert_eq!(paths::from_str(&game, &text).unwrap(), root, "{name}");
    }
}

#[test]
fn neuwirth_transcription_is_rejected() {
    let game = mastermind("123456");
    let root = import(&game, "widmaN_p4c6r-neuwirth.txt");
    let err = verify(&game, &root).unwrap_err();
    // Guess 4135 leaves {1534, 4513} together; 1534 is guessed, 4513 is lost. It is the first
    // lost secret in the game's order.
    assert_eq!(err.secret(), Some("4513"));
    let path = err.path().unwrap();
    assert!(path.contains("4135 "), "{path}");
    assert!(err.to_string().contains("ends at guess 1534"), "{err}");
    // The three faulty leaves named in the README, and nothing else, lose a secret.
    let paths = paths::to_string(&game, &root).unwrap();
    let mut lost: Vec<&str> = paths
        .lines()
        .filter(|l| l.ends_with("(not found)"))
        .map(|l| &l[..4])
        .collect();
    lost.sort_unstable();
    assert_eq!(lost, ["4513", "4634", "6265"]);
}

#[test]
fn the_wrong_game_is_refused_with_the_root_count() {
    let text = read("widmaN_p4c10n-optimal_from_book_appendix.txt");
    let game = Game::new(&GameSpec::mastermind(4, 10)).unwrap();
    let err = bracket::from_str(&game, &text).unwrap_err().to_string();
    assert!(err.contains("counts 5040 secrets in all"), "{err}");
    assert!(err.contains("check the game options"), "{err}");
    // Knuth's codes use colours 1-6, not the default 0-5.
    let err = bracket::from_str(&mastermind("012345"), &read("widmaN_p4c6r-knuth.txt"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("'6'"), "{err}");
}

#[test]
fn damaged_files_give_errors_not_panics() {
    // Cut Knuth's file anywhere, or change one character: an error or a tree, never a panic;
    // and whatever tree comes out, the verifier judges it without panicking either.
    let game = mastermind("123456");
    let text = read("widmaN_p4c6r-knuth.txt");
    let chars: Vec<char> = text.chars().collect();
    let mut outcomes = (0, 0);
    for cut in (0..chars.len()).step_by(7) {
        let damaged: String = chars[..cut].iter().collect();
        assert!(bracket::from_str(&game, &damaged).is_err(), "cut at {cut}");
    }
    for at in (0..chars.len()).step_by(11) {
        for c in [
            '(', ')', ',', ';', ':', '=', 'x', '*', '0', '2', '7', 'A', ' ',
        ] {
            let mut damaged = chars.clone();
            damaged[at] = c;
            let damaged: String = damaged.into_iter().collect();
            match bracket::from_str(&game, &damaged) {
                Ok(root) => {
                    let _ = verify(&game, &root);
                    outcomes.0 += 1;
                }
                Err(e) => {
                    assert!(e.to_string().starts_with("bracket tree, line "), "{e}");
                    outcomes.1 += 1;
                }
            }
        }
    }
    assert!(outcomes.0 > 0 && outcomes.1 > 0, "{outcomes:?}");
}
