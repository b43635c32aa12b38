//! Game files: what loads, what is refused, and that the table is the rule applied to every
//! pair.

use std::path::Path;

use codebreak_core::list::{End, ListRule};
use codebreak_core::{Feedback, wordle};
use codebreak_gamefile::{GameDef, load, load_str};

fn list(text: &str) -> codebreak_core::list::ListGame {
    match load_str(text, Path::new("."), "game.toml") {
        Ok(GameDef::List(l)) => l,
        Ok(other) => panic!("not a list game: {other:?}"),
        Err(e) => panic!("{e}"),
    }
}

fn refused(text: &str, dir: &Path) -> String {
    match load_str(text, dir, "game.toml") {
        Ok(g) => panic!("loaded: {g:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn wordle_replies_are_the_rule() {
    let g = list(
        r#"
        rules = "wordle"
        guesses = ["salet", "courd", "whiff", "crane"]
        secrets = ["whiff", "crane"]
        hard = true
        "#,
    );
    assert_eq!(g.rule(), &ListRule::Wordle);
    assert!(g.hard());
    assert_eq!(g.guess_count(), 4);
    assert_eq!(g.replies().len(), wordle::REPLIES);
    let s = g.secrets().len();
    for (gi, guess) in ["salet", "courd", "whiff", "crane"].iter().enumerate() {
        for (si, secret) in ["whiff", "crane"].iter().enumerate() {
            let want = wordle::score(
                &wordle::word(guess).unwrap(),
                &wordle::word(secret).unwrap(),
            );
            assert_eq!(Feedback(g.table()[gi * s + si]), want, "{guess} / {secret}");
        }
    }
    let e = refused(
        r#"
        rules = "wordle"
        guesses = ["salet", "toolong"]
        "#,
        Path::new("."),
    );
    assert!(
        e.contains("\"toolong\" is not a word of five letters"),
        "{e}"
    );
}

#[test]
fn a_table_game_from_files_with_every_mistake_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("weighings.txt"), "# left-right\na-b\na-c\n").unwrap();
    std::fs::write(d.join("coins.txt"), "a+\na-\nb+\nb-\nc+\nc-\n").unwrap();
    let weigh = |g: &str, s: &str| {
        let (l, r) = g.split_once('-').unwrap();
        let (coin, heavy) = (&s[..1], s.ends_with('+'));
        match (coin == l, coin == r, heavy) {
            (true, _, true) | (_, true, false) => ">",
            (true, _, false) | (_, true, true) => "<",
            _ => "=",
        }
    };
    let mut lines = Vec::new();
    for g in ["a-b", "a-c"] {
        for s in ["a+", "a-", "b+", "b-", "c+", "c-"] {
            lines.push(format!("{g}\t{s}\t{}", weigh(g, s)));
        }
    }
    std::fs::write(d.join("outcomes.tsv"), lines.join("\n")).unwrap();
    let toml = r#"
        name = "three coins"
        rules = "table"
        guesses = "weighings.txt"
        secrets = "coins.txt"
        table = "outcomes.tsv"
        end = "known"
    "#;
    let g = match load_str(toml, d, "coins.toml").unwrap() {
        GameDef::List(l) => l,
        other => panic!("{other:?}"),
    };
    assert_eq!(g.end(), End::Known);
    assert_eq!(g.name(), "three coins");
    assert_eq!(g.replies().len(), 3);
    // A missing pair, a pair given twice, an unknown guess: each names the file and line.
    std::fs::write(d.join("outcomes.tsv"), lines[..11].join("\n")).unwrap();
    let e = refused(toml, d);
    assert!(
        e.contains("outcomes.tsv") && e.contains("\"a-c\"") && e.contains("\"c-\""),
        "{e}"
    );
    let mut twice = lines.clone();
    twice.push(lines[3].clone());
    std::fs::write(d.join("outcomes.tsv"), twice.join("\n")).unwrap();
    let e = refused(toml, d);
    assert!(
        e.contains("outcomes.tsv:13") && e.contains("given twice (first on line 4)"),
        "{e}"
    );
    let mut bad = lines.clone();
    bad[0] = "a-d\ta+\t>".into();
    std::fs::write(d.join("outcomes.tsv"), bad.join("\n")).unwrap();
    let e = refused(toml, d);
    assert!(
        e.contains("outcomes.tsv:1") && e.contains("\"a-d\" is not one of the guesses"),
        "{e}"
    );
    // Weighing a-b alone cannot tell a- from b+.
    std::fs::write(d.join("outcomes.tsv"), lines.join("\n")).unwrap();
    std::fs::write(d.join("weighings.txt"), "a-b\n").unwrap();
    std::fs::write(d.join("outcomes.tsv"), lines[..6].join("\n")).unwrap();
    let e = refused(toml, d);
    assert!(
        e.contains("\"a-\" and \"b+\"") && e.contains("tells them apart"),
        "{e}"
    );
    // A code listed twice names both lines.
    std::fs::write(d.join("weighings.txt"), "a-b\n# again\na-b\n").unwrap();
    let e = refused(toml, d);
    assert!(
        e.contains("weighings.txt:3") && e.contains("weighings.txt:1"),
        "{e}"
    );
}

#[test]
fn a_script_scores_every_pair_within_its_limits() {
    let twod = r#"
        name = "twoD"
        rules = "script"
        guesses = { function = "points" }
        script = '''
            fn points() {
                let out = [];
                for x in 0..N { for y in 0..N { out.push(`${x}${y}`); } }
                out
            }
            fn score(g, s) {
                let le = g[0] <= s[0] && g[1] <= s[1];
                let ge = g[0] >= s[0] && g[1] >= s[1];
                if le && ge { "hit" } else if le { "low" } else if ge { "high" } else { "mixed" }
            }
        '''
        [constants]
        N = 5
    "#;
    let g = list(twod);
    assert_eq!(g.codes().len(), 25);
    assert_eq!(g.replies().len(), 4);
    assert_eq!(g.replies()[g.win().unwrap() as usize], "hit");
    // A script that never ends is stopped by its operation budget, naming the pair.
    let e = refused(
        r#"
        rules = "script"
        guesses = ["1", "2"]
        script = "fn score(g, s) { loop {} }"
        "#,
        Path::new("."),
    );
    assert!(
        e.contains("score(\"1\", \"1\") failed") && e.contains("operations"),
        "{e}"
    );
    let e = refused(
        r#"
        rules = "script"
        guesses = ["1", "2"]
        script = "fn score(g, s) { if g == \"2\" { throw \"no\" } \"x\" }"
        "#,
        Path::new("."),
    );
    assert!(e.contains("score(\"2\", \"1\") failed"), "{e}");
    // Two secrets given the winning reply by one guess.
    let e = refused(
        r#"
        rules = "script"
        guesses = ["1", "2"]
        script = "fn score(g, s) { \"same\" }"
        "#,
        Path::new("."),
    );
    assert!(
        e.contains("gets the winning reply \"same\" from secret"),
        "{e}"
    );
}

#[test]
fn built_in_rules_generate_or_list_their_codes() {
    let dir = Path::new(".");
    match load_str(
        "name = \"medium\"\nrules = \"mastermind\"\npegs = 4\ncolors = 6\ndistinct_secret = true",
        dir,
        "m.toml",
    )
    .unwrap()
    {
        GameDef::Builtin { game, name, .. } => {
            assert_eq!(name.as_deref(), Some("medium"));
            assert!(game.distinct_secret());
        }
        other => panic!("{other:?}"),
    }
    let g = list(
        r#"
        rules = "bulls"
        pegs = 2
        colors = 4
        guesses = ["01", "23", "12", "30"]
        secrets = ["01", "23", "12", "30"]
        "#,
    );
    assert_eq!(
        g.rule(),
        &ListRule::Builtin(codebreak_core::GameKind::Bulls)
    );
    assert_eq!(g.replies()[g.win().unwrap() as usize], "2A0B");
    let e = refused(
        "rules = \"bulls\"\npegs = 2\ncolors = 4\nguesses = [\"00\"]",
        dir,
    );
    assert!(e.contains("repeats") && e.contains("guess 1"), "{e}");
}

#[test]
fn bad_files_say_where() {
    let dir = Path::new(".");
    let e = refused("name = \"x\"\nrules = \"tabel\"\n", dir);
    assert!(
        e.contains("unknown rules \"tabel\"") && e.contains("wordle"),
        "{e}"
    );
    let e = refused("name = \"x\"\n\ncolour = 3\n", dir);
    assert!(e.starts_with("game.toml:3:") && e.contains("colour"), "{e}");
    let e = refused("rules = \"wordle\"\nguesses = \"no-such-file\"\n", dir);
    assert!(e.contains("no-such-file"), "{e}");
    let e = refused("rules = \"mastermind\"\nhard = true\n", dir);
    assert!(e.contains("hard"), "{e}");
    let e = refused("rules = \"table\"\nguesses = [\"a\"]\n", dir);
    assert!(e.contains("needs table"), "{e}");
    assert!(load(Path::new("/no/such/game.toml")).is_err());
}

/// The game files shipped under `examples/games/` load, with the sizes their rules give.
#[test]
fn the_shipped_games_load() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    let list_of = |name: &str| match load(&dir.join(name)).unwrap_or_else(|e| panic!("{e}")).def {
        GameDef::List(l) => l,
        other => panic!("{name}: {other:?}"),
    };
    let w = list_of("wordle/wordle.toml");
    assert_eq!((w.guess_count(), w.secrets().len()), (12972, 2315));
    assert!(!w.hard());
    assert!(list_of("wordle/wordle-hard.toml").hard());
    let t = list_of("twod.toml");
    assert_eq!((t.guess_count(), t.replies().len()), (25, 4));
    let c = list_of("coins.toml");
    // Weighings of k coins against k others, each pair of pans once: Σ C(12,k)·C(12-k,k)/2.
    assert_eq!((c.guess_count(), c.secrets().len()), (36894, 24));
    assert_eq!(c.end(), End::Known);
    let k = list_of("colour-count.toml");
    assert_eq!((k.guess_count(), k.replies().len()), (256, 6));
    match load(&dir.join("medium.toml")).unwrap().def {
        GameDef::Builtin { game, .. } => assert_eq!(game.count(codebreak_core::Role::Secret), 360),
        other => panic!("{other:?}"),
    }
}

/// The script's table is built in chunks on every core; its reply numbers must not depend on
/// which core met a reply first: they follow the table's order, and every entry is the rule.
#[test]
fn a_script_table_over_many_chunks_is_numbered_in_table_order() {
    let text = r#"
        rules = "script"
        end = "known"
        guesses = { function = "numbers" }
        secrets = ["0", "1", "2", "3", "4", "5", "6"]
        script = '''
            fn numbers() { let out = []; for i in 0..30000 { out.push(i.to_string()) } out }
            fn score(g, s) { let r = (parse_int(g) + 3 * parse_int(s)) % 7; "r" + r }
        '''
        [limits]
        operations = 10_000_000
    "#;
    let g = list(text);
    // Reply texts first met row by row: guess 0 gives r0, r3, r6, r2, r5, r1, r4.
    let order: Vec<String> = [0, 3, 6, 2, 5, 1, 4]
        .iter()
        .map(|r| format!("r{r}"))
        .collect();
    assert_eq!(g.replies(), &order[..]);
    let s = g.secrets().len();
    assert!(g.table().len() > 1 << 17, "the table spans several chunks");
    for (k, &r) in g.table().iter().enumerate() {
        let (gi, si) = (k / s, k % s);
        let want = format!("r{}", (gi + 3 * si) % 7);
        assert_eq!(g.replies()[r as usize], want, "guess {gi}, secret {si}");
    }
    assert_eq!(g.fingerprint(), list(text).fingerprint());
}

/// `move` names a game's moves for reports; a bad one is named.
#[test]
fn a_game_names_its_moves() {
    let base = r#"
        rules = "script"
        end = "known"
        guesses = ["a", "b"]
        secrets = ["a", "b"]
        script = 'fn score(g, s) { g == s }'
    "#;
    assert_eq!(list(base).move_words(), ("experiment", "experiments"));
    let one = list(&format!("move = \"weighing\"\n{base}"));
    assert_eq!(one.move_words(), ("weighing", "weighings"));
    let es = list(&format!("move = \"guess\"\n{base}"));
    assert_eq!(es.move_words(), ("guess", "guesses"));
    let both = list(&format!("move = [\"query\", \"queries\"]\n{base}"));
    assert_eq!(both.move_words(), ("query", "queries"));
    let e = refused(
        &format!("move = [\"a\", \"b\", \"c\"]\n{base}"),
        Path::new("."),
    );
    assert!(e.contains("move has 3 words"), "{e}");
    let e = refused(
        "move = \"turn\"\nrules = \"mastermind\"\npegs = 2\ncolors = 2\n",
        Path::new("."),
    );
    assert!(e.contains("move does not apply"), "{e}");
    // Black-peg Mastermind on generated codes, played until the code is known.
    let k = list("rules = \"blackpeg\"\nend = \"known\"\npegs = 2\ncolors = 3\n");
    assert_eq!(
        (k.guess_count(), k.secrets().len(), k.end()),
        (9, 9, End::Known)
    );
}

/// The shipped games that need no second file load as the web page receives them (the text
/// alone); only Wordle's lists and the table of three coins live in other files.
#[test]
fn the_shipped_families_are_self_contained() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    for name in [
        "coins.toml",
        "bags.toml",
        "questions.toml",
        "blackpeg-known.toml",
        "twod.toml",
        "colour-count.toml",
        "medium.toml",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        if let Err(e) = codebreak_gamefile::load_self_contained(&text, name) {
            panic!("{name}: {e}");
        }
    }
}

/// A script game with the secrets "0" to "6", end = "known", guesses from `list` and the
/// script `script`.
fn seven_secrets(list: &str, script: &str) -> String {
    format!(
        r#"
        rules = "script"
        end = "known"
        guesses = {list}
        secrets = ["0", "1", "2", "3", "4", "5", "6"]
        script = '''{script}
        '''
        [limits]
        operations = 10_000_000
        "#
    )
}

/// `replies(guess)` scores a whole row at once and gives the table `score` gives; a list
/// function split in `parts` gives the same list as in one piece. Each misuse is named.
#[test]
fn a_script_may_score_by_rows_and_list_in_parts() {
    let game = |list: &str, functions: &str| {
        seven_secrets(
            list,
            &format!(
                r#"
                fn numbers() {{ let out = []; for i in 0..3000 {{ out.push(i.to_string()) }} out }}
                fn numbers_in(part, parts) {{
                    let out = [];
                    for i in (part * 3000 / parts)..((part + 1) * 3000 / parts) {{ out.push(i.to_string()) }}
                    out
                }}
                {functions}"#
            ),
        )
    };
    let score = r#"fn score(g, s) { let r = (parse_int(g) + 3 * parse_int(s)) % 7; "r" + r }"#;
    let row = r#"fn replies(g) {
        let out = [];
        for s in 0..7 { out.push("r" + ((parse_int(g) + 3 * s) % 7)); }
        out
    }"#;
    let by_pairs = list(&game(r#"{ function = "numbers" }"#, score));
    for (guesses, functions) in [
        (r#"{ function = "numbers" }"#, row.to_string()),
        (r#"{ function = "numbers" }"#, format!("{score}\n{row}")),
        (
            r#"{ function = "numbers_in", parts = 7 }"#,
            score.to_string(),
        ),
        (r#"{ function = "numbers_in", parts = 1 }"#, row.to_string()),
    ] {
        let g = list(&game(guesses, &functions));
        assert_eq!(g.codes(), by_pairs.codes(), "{guesses}");
        assert_eq!(g.table(), by_pairs.table(), "{guesses}: {functions}");
        assert_eq!(g.replies(), by_pairs.replies());
        assert_eq!(g.fingerprint(), by_pairs.fingerprint());
    }
    let dir = Path::new(".");
    let numbers = r#"{ function = "numbers" }"#;
    // A row of the wrong length, naming the guess.
    let e = refused(
        &game(
            numbers,
            r#"fn replies(g) { if g == "5" { ["r0"] } else { ["a","b","c","d","e","f","g"] } }"#,
        ),
        dir,
    );
    assert!(
        e.contains("replies(\"5\") gives 1 replies: expected one for each of the 7 secrets"),
        "{e}"
    );
    // A row that is not a list, and one that fails.
    let e = refused(&game(numbers, r#"fn replies(g) { 5 }"#), dir);
    assert!(
        e.contains("replies must return a list of replies or a text of one-character replies"),
        "{e}"
    );
    let e = refused(
        &game(
            numbers,
            r#"fn replies(g) { if g == "9" { throw "no" } ["a","b","c","d","e","f","g"] }"#,
        ),
        dir,
    );
    assert!(e.contains("replies(\"9\") failed"), "{e}");
    // `score` and `replies` that disagree.
    let off = row.replace("(parse_int(g) + 3 * s)", "(parse_int(g) + 3 * s + 1)");
    let e = refused(&game(numbers, &format!("{score}\n{off}")), dir);
    assert!(
        e.contains("replies(\"0\") gives \"r1\" for \"0\", but score(\"0\", \"0\") gives \"r0\""),
        "{e}"
    );
    // Neither.
    let e = refused(&game(numbers, "fn other(g) { 1 }"), dir);
    assert!(
        e.contains("no function score(guess, secret) nor replies(guess)"),
        "{e}"
    );
    // Parts: a count out of range, a function without the two parameters, a failing part.
    let e = refused(
        &game(r#"{ function = "numbers_in", parts = 0 }"#, score),
        dir,
    );
    assert!(e.contains("parts = 0: expected 1 to 4096 parts"), "{e}");
    let e = refused(&game(r#"{ function = "numbers", parts = 4 }"#, score), dir);
    assert!(
        e.contains("the script has no function numbers(part, parts)"),
        "{e}"
    );
    let failing = format!("{score}\nfn bad(part, parts) {{ if part == 2 {{ throw \"no\" }} [] }}");
    let e = refused(&game(r#"{ function = "bad", parts = 3 }"#, &failing), dir);
    assert!(e.contains("bad(2, 3) failed"), "{e}");
}

/// A list function may give each guess's replies with it (`#{codes: [...], replies: [...]}`,
/// each row a list of replies or a text of one-character replies, or all the rows in one
/// text): the table is the one `score` makes, whole or in parts, and every misuse is refused
/// with what was wrong.
#[test]
fn a_list_function_may_give_the_replies_with_the_guesses() {
    let game = |list: &str, functions: &str| {
        seven_secrets(
            list,
            &format!(
                r#"
                fn row(g) {{ let out = ""; for s in 0..7 {{ out += (g + 3 * s) % 7; }} out }}
                fn listed(part, parts) {{
                    let codes = [];
                    let rows = [];
                    for g in (part * 300 / parts)..((part + 1) * 300 / parts) {{
                        codes.push(g.to_string());
                        rows.push(row(g));
                    }}
                    #{{ codes: codes, replies: rows }}
                }}
                fn whole() {{ listed(0, 1) }}
                fn as_text() {{
                    let m = listed(0, 1);
                    let all = "";
                    for r in m.replies {{ all += r; }}
                    m.replies = all;
                    m
                }}
                fn as_lists() {{
                    let m = listed(0, 1);
                    m.replies = m.replies.map(|r| r.to_chars());
                    m
                }}
                {functions}"#
            ),
        )
    };
    let score = r#"fn score(g, s) { let r = (parse_int(g) + 3 * parse_int(s)) % 7; "" + r }"#;
    let numbers =
        r#"fn numbers() { let out = []; for i in 0..300 { out.push(i.to_string()) } out }"#;
    let by_pairs = list(&game(
        r#"{ function = "numbers" }"#,
        &format!("{score}\n{numbers}"),
    ));
    for (guesses, functions) in [
        (r#"{ function = "whole" }"#, ""),
        (r#"{ function = "whole" }"#, score),
        (r#"{ function = "listed", parts = 7 }"#, score),
        (r#"{ function = "listed", parts = 300 }"#, ""),
        (r#"{ function = "as_lists" }"#, score),
        (r#"{ function = "as_text" }"#, score),
    ] {
        let g = list(&game(guesses, functions));
        assert_eq!(g.codes(), by_pairs.codes(), "{guesses}");
        assert_eq!(g.table(), by_pairs.table(), "{guesses}: {functions}");
        assert_eq!(g.replies(), by_pairs.replies());
        assert_eq!(g.fingerprint(), by_pairs.fingerprint());
    }
    let dir = Path::new(".");
    let cases: &[(&str, &str)] = &[
        // Rows that disagree with score, naming the pair.
        (
            r#"fn off() { let m = whole(); m.replies[0] = "1234560"; m }"#,
            r#"off gives "1" as the reply of "0" to "0", but score("0", "0") gives "0""#,
        ),
        // A row of the wrong length, rows too short for the secrets, a row that is neither.
        (
            r#"fn off() { let m = whole(); m.replies[5] = "12"; m }"#,
            r#"off(): "5" gives 2 replies, but "0" gives 7"#,
        ),
        (
            r#"fn off() { let m = whole(); m.replies = m.replies.map(|r| r.sub_string(0, 6)); m }"#,
            "off gives 6 replies with each code: expected one for each of the 7 secrets",
        ),
        (
            r#"fn off() { let m = whole(); m.replies[3] = 5; m }"#,
            r#"off(): the replies of "3": expected a list of replies or a text"#,
        ),
        // Rows in one text that does not divide among the codes.
        (
            r#"fn off() { let m = as_text(); m.replies += "1"; m }"#,
            "off() returns its replies as one text of 2101 characters for 300 codes",
        ),
        // Codes and rows of different lengths, a key missing, a key unknown.
        (
            r#"fn off() { let m = whole(); m.replies.pop(); m }"#,
            "off() returns 300 codes and 299 rows of replies",
        ),
        (
            r#"fn off() { #{ codes: ["1"] } }"#,
            "off() returns a map without replies",
        ),
        (
            r#"fn off() { let m = whole(); m.more = 1; m }"#,
            r#"off() returns a map with the key "more": expected codes and replies"#,
        ),
    ];
    for (function, message) in cases {
        let e = refused(
            &game(r#"{ function = "off" }"#, &format!("{score}\n{function}")),
            dir,
        );
        assert!(e.contains(message), "{function}: {e}");
    }
    // Parts that give rows and parts that do not.
    let mixed = format!(
        "{score}\nfn mixed(part, parts) {{ if part == 1 {{ [\"x\"] }} else {{ listed(part, parts) }} }}"
    );
    let e = refused(&game(r#"{ function = "mixed", parts = 3 }"#, &mixed), dir);
    assert!(
        e.contains("mixed(1, 3) gives no replies, but mixed(0, 3) gives 7 replies with each code"),
        "{e}"
    );
    // Only the guesses' function may give replies.
    let seven = r#"fn seven() { #{ codes: ["0","1","2","3","4","5","6"], replies: ["","","","","","",""] } }"#;
    let text = game(
        r#"{ function = "numbers" }"#,
        &format!("{score}\n{numbers}\n{seven}"),
    )
    .replace(
        r#"secrets = ["0", "1", "2", "3", "4", "5", "6"]"#,
        r#"secrets = { function = "seven" }"#,
    );
    let e = refused(&text, dir);
    assert!(
        e.contains("seven gives replies with its codes; only the guesses"),
        "{e}"
    );
    // No rows and no way to score is refused.
    let e = refused(&game(r#"{ function = "numbers" }"#, numbers), dir);
    assert!(e.contains("its guesses come without replies"), "{e}");
}
