//! Writes a built-in game as a table game file (for timing list games against built-ins):
//! `cargo run --release -p codebreak-core --example table_file -- mastermind 3 8 [distinct] DIR`
//! writes `DIR/game.toml`, `DIR/guesses.txt`, `DIR/secrets.txt` and `DIR/table.tsv`.

use std::fmt::Write as _;
use std::path::PathBuf;

use codebreak_core::{Game, GameKind, GameSpec, ListGame};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: table_file KIND PEGS COLORS [distinct] DIR";
    let kind: GameKind = args.first().expect(usage).parse().expect("a game kind");
    let pegs: u32 = args.get(1).expect(usage).parse().expect("pegs");
    let colors: u32 = args.get(2).expect(usage).parse().expect("colours");
    let distinct = args.get(3).is_some_and(|a| a == "distinct");
    let dir = PathBuf::from(args.last().expect(usage));
    let spec = GameSpec {
        kind,
        pegs: Some(pegs),
        colors: Some(colors),
        distinct_secret: distinct,
        ..GameSpec::default()
    };
    let list = ListGame::from_game(&Game::new(&spec).expect("a valid game")).expect("listed");
    std::fs::create_dir_all(&dir).expect("the directory");
    let codes = list.codes();
    let guesses: String = codes
        .iter()
        .take(list.guess_count())
        .map(|c| format!("{c}\n"))
        .collect();
    let secrets: String = list
        .secrets()
        .iter()
        .map(|&k| format!("{}\n", &codes[k as usize]))
        .collect();
    let s = list.secrets().len();
    let mut table = String::new();
    for g in 0..list.guess_count() {
        for (k, &sk) in list.secrets().iter().enumerate() {
            let r = list.table()[g * s + k];
            let _ = writeln!(
                table,
                "{}\t{}\t{}",
                &codes[g],
                &codes[sk as usize],
                list.replies()[r as usize]
            );
        }
    }
    let toml = format!(
        "name = \"{kind:?} {pegs}x{colors}{} (table)\"\nrules = \"table\"\nguesses = \"guesses.txt\"\nsecrets = \"secrets.txt\"\ntable = \"table.tsv\"\n",
        if distinct { " distinct" } else { "" }
    );
    for (name, text) in [
        ("game.toml", toml),
        ("guesses.txt", guesses),
        ("secrets.txt", secrets),
        ("table.tsv", table),
    ] {
        std::fs::write(dir.join(name), text).expect("written");
    }
}
