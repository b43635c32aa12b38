//! Scoring examples from third parties (tests/data/scoring_vectors.tsv) must come out as
//! published, through the fast scorer and the reference scorer alike.

use codebreak_core::{Game, GameSpec, reference};

fn spec_of(options: &str) -> GameSpec {
    let mut spec = GameSpec::default();
    for kv in options.split(',') {
        let (k, v) = kv.split_once('=').expect("key=value");
        match k {
            "game" => spec.kind = v.parse().unwrap(),
            "pegs" => spec.pegs = Some(v.parse().unwrap()),
            "colors" => spec.colors = Some(v.parse().unwrap()),
            "alphabet" => spec.alphabet = Some(v.to_string()),
            other => panic!("unknown key {other}"),
        }
    }
    spec
}

#[test]
fn published_scoring_examples() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/scoring_vectors.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let [options, secret, guess, want, source] = cols[..] else {
            panic!("bad row: {line}")
        };
        let game = Game::new(&spec_of(options)).unwrap();
        let s = game.parse_secret(secret).unwrap();
        let g = game.parse_guess(guess).unwrap();
        let fast = game.score(&s, &g);
        assert_eq!(game.format_feedback(fast), want, "{source}");
        assert_eq!(
            game.reply(fast),
            reference::score(game.kind(), &s, &g),
            "{source}"
        );
        rows += 1;
    }
    assert!(rows >= 10);
}
