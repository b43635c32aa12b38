//! `codebreak verify`: the published trees replay to their published figures, faulty trees
//! exit 1 naming a secret and its path, unreadable ones exit 2 with one line, and trees written
//! by `analyze --tree` replay to the figures `analyze` printed.

mod common;

use std::path::{Path, PathBuf};

use common::{assert_fails, run_args, stderr, stdout};
use serde_json::Value;

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

/// A published tree file.
fn published(name: &str) -> String {
    let dir = published_folder();
    let path = dir.join(name);
    assert!(path.is_file(), "{} is missing", path.display());
    path.to_string_lossy().into_owned()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Runs `verify --json` and returns the figures, failing on any error.
fn figures(args: &[&str]) -> Value {
    let mut all = vec!["verify", "--json"];
    all.extend_from_slice(args);
    let out = run_args(&all, None);
    assert!(
        out.status.success(),
        "verify {args:?} failed: {}",
        stderr(&out)
    );
    serde_json::from_str(&stdout(&out)).unwrap()
}

fn check(v: &Value, secrets: u64, total: u64, histogram: &[u64]) {
    assert_eq!(v["secrets"], secrets, "{v}");
    assert_eq!(v["total"], total, "{v}");
    assert_eq!(v["fraction"], format!("{total}/{secrets}"), "{v}");
    assert_eq!(v["worst"], histogram.len(), "{v}");
    let hist = v["histogram"].as_object().unwrap();
    assert_eq!(hist.len(), histogram.len(), "{v}");
    for (k, n) in histogram.iter().enumerate() {
        assert_eq!(hist[&(k + 1).to_string()], *n, "{v}");
    }
    let average = v["average"].as_f64().unwrap();
    assert!((average - total as f64 / secrets as f64).abs() < 1e-12);
}

const ISSUE_EXAMPLE: &str = "{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}";

#[test]
fn issue_example() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "mm23.txt", ISSUE_EXAMPLE);
    let v = figures(&[&file, "--pegs", "2", "--alphabet", "ABC"]);
    check(&v, 9, 21, &[1, 4, 4]);
    assert_eq!(v["format"], "compact");
    assert_eq!(v["game"]["alphabet"], "ABC");
    let out = run_args(&["verify", &file, "--pegs", "2", "--alphabet", "ABC"], None);
    assert!(out.status.success());
    let text = stdout(&out);
    for line in [
        "game      mastermind 2 pegs 3 colours",
        "guesses  secrets",
        "      2        4",
        "total     21",
        "average   21/9 = 2.3333",
        "worst     3",
    ] {
        assert!(text.contains(line), "{line:?} missing from:\n{text}");
    }
    // The same tree in bracket notation.
    let file = write(
        dir.path(),
        "mm23-bracket.txt",
        "9 (AB: 1, 2, 1; 4 (AC); 1)\n",
    );
    let v = figures(&[&file, "--pegs", "2", "--alphabet", "ABC"]);
    check(&v, 9, 21, &[1, 4, 4]);
    assert_eq!(v["format"], "bracket");
}

#[test]
fn published_bracket_trees() {
    let knuth = figures(&[&published("widmaN_p4c6r-knuth.txt"), "--alphabet", "123456"]);
    check(&knuth, 1296, 5801, &[1, 6, 62, 533, 694]);
    let k1 = figures(&[
        &published("widmaN_p4c6r-koyama-1.txt"),
        "--alphabet",
        "123456",
    ]);
    check(&k1, 1296, 5625, &[1, 8, 86, 656, 544, 1]);
    let k2 = figures(&[
        &published("widmaN_p4c6r-koyama-2.txt"),
        "--alphabet",
        "123456",
        "--format",
        "bracket",
    ]);
    check(&k2, 1296, 5626, &[1, 8, 86, 654, 547]);
    let bulls = figures(&[
        &published("widmaN_p4c10n-optimal_from_book_appendix.txt"),
        "--game",
        "bulls",
    ]);
    check(&bulls, 5040, 26274, &[1, 7, 63, 716, 2404, 1757, 92]);
    assert_eq!(bulls["format"], "bracket");
    assert_eq!(bulls["game"]["game"], "bulls");
}

#[test]
fn published_compact_trees() {
    let knuth = figures(&[&published("knuth_mm46_golf.txt"), "--alphabet", "ABCDEF"]);
    check(&knuth, 1296, 5801, &[1, 6, 62, 533, 694]);
    assert_eq!(knuth["format"], "compact");
    let k1 = figures(&[
        &published("koyama-lai1_mm46_golf.txt"),
        "--alphabet",
        "ABCDEF",
    ]);
    check(&k1, 1296, 5625, &[1, 8, 86, 656, 544, 1]);
}

#[test]
fn neuwirth_transcription_is_rejected() {
    let file = published("widmaN_p4c6r-neuwirth.txt");
    let path = "1123 1B1W, 1415 1B2W, 6114 1B1W, 4135 1B3W, 1534 1B3W";
    for extra in [None, Some("--json")] {
        let mut args = vec!["verify", &file, "--alphabet", "123456"];
        args.extend(extra);
        let out = run_args(&args, None);
        assert_fails(
            &out,
            1,
            &[
                "secret 4513 is not found",
                "the tree ends at guess 1534",
                &format!("path: {path}"),
            ],
        );
        if extra.is_none() {
            assert!(stdout(&out).is_empty());
            continue;
        }
        // --json: the same message as an object on standard output, with the secret and
        // its path as fields.
        let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(v["secret"], "4513");
        assert_eq!(v["path"], path);
        let message = stderr(&out);
        assert_eq!(
            v["error"].as_str().unwrap(),
            message.trim_end().strip_prefix("codebreak: ").unwrap()
        );
    }
}

#[test]
fn a_missing_branch_names_the_secret_and_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let no_cc = ISSUE_EXAMPLE.replace(",00:CC", "");
    let file = write(dir.path(), "no-cc.txt", &no_cc);
    assert_fails(
        &run_args(&["verify", &file, "--pegs", "2", "--alphabet", "ABC"], None),
        1,
        &[
            "no-cc.txt",
            "secret CC is not found",
            "no branch for reply 0B0W",
            "path: AB 0B0W",
        ],
    );
    // A leaf that is not the secret: BB is replaced by AA under AC.
    let wrong_leaf = ISSUE_EXAMPLE.replace("00:BB", "00:CC");
    let file = write(dir.path(), "wrong-leaf.txt", &wrong_leaf);
    assert_fails(
        &run_args(&["verify", &file, "--pegs", "2", "--alphabet", "ABC"], None),
        1,
        &[
            "secret BB is not found",
            "the tree ends at guess CC",
            "path: AB 1B0W, AC 0B0W, CC 0B0W",
        ],
    );
}

#[test]
fn unreadable_files_exit_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = ["--pegs", "2", "--alphabet", "ABC"];
    let cases: Vec<(String, Vec<&str>, Vec<&str>)> = vec![
        (
            write(d, "unclosed.txt", &ISSUE_EXAMPLE[..ISSUE_EXAMPLE.len() - 1]),
            game.to_vec(),
            vec!["compact tree is malformed at character 61", "expected '}'"],
        ),
        (
            write(d, "bad-reply.txt", "{AB:{30:AA}}"),
            game.to_vec(),
            vec!["invalid reply", "\"3 0\""],
        ),
        (
            write(d, "bad-code.txt", ISSUE_EXAMPLE),
            vec!["--pegs", "2"],
            vec!["invalid guess", "'A'", "012345"],
        ),
        (
            write(d, "bracket-syntax.txt", "9 (AB: 1, 2, 1;\n 4 (AC) 1)"),
            game.to_vec(),
            vec!["line 2 column 9", "expected ',', ';' or ')'"],
        ),
        (
            write(d, "bracket-count.txt", "9 (AB: 1, 2, 1; 3 (AC); 1)"),
            game.to_vec(),
            vec!["counts 3 secrets after AB 1B0W", "the rules leave 4 there"],
        ),
        (
            write(d, "not-json.json", "{\"format\": \"codebreak-tree/1\", "),
            vec![],
            vec!["not a valid JSON tree"],
        ),
        (
            write(d, "empty.txt", ""),
            game.to_vec(),
            vec![
                "compact tree is malformed at character 0",
                "expected a guess",
            ],
        ),
        (
            write(d, "deep.txt", &"{A:{00:".repeat(10_000)),
            vec!["--pegs", "1", "--alphabet", "AB"],
            vec!["nested deeper than 200 levels"],
        ),
        (
            write(d, "deep-bracket.txt", &"2 (A: 1 (A: ".repeat(10_000)),
            vec!["--pegs", "1", "--alphabet", "AB"],
            vec!["nested more than 200 deep"],
        ),
        (
            write(
                d,
                "deep.json",
                &format!(
                    "{{\"format\":\"codebreak-tree/1\",\"game\":{{\"pegs\":1,\"colors\":2}},\"root\":{}",
                    "{\"guess\":\"0\",\"replies\":{\"0B0W\":".repeat(10_000)
                ),
            ),
            vec![],
            vec!["not a valid JSON tree", "recursion limit"],
        ),
        (
            d.join("absent.txt").to_string_lossy().into_owned(),
            vec![],
            vec!["cannot read tree file", "absent.txt"],
        ),
    ];
    for (file, extra, needles) in &cases {
        let mut args = vec!["verify", file.as_str()];
        args.extend(extra);
        assert_fails(&run_args(&args, None), 2, needles);
    }
    let binary = d.join("binary.txt");
    std::fs::write(&binary, [0x7b, 0xff, 0xfe]).unwrap();
    assert_fails(
        &run_args(&["verify", binary.to_str().unwrap()], None),
        2,
        &["not UTF-8", "offset 1"],
    );
}

#[test]
fn bad_options_exit_2() {
    let knuth = published("widmaN_p4c6r-knuth.txt");
    // Forgot --alphabet 123456: the codes use the colour 6.
    assert_fails(&run_args(&["verify", &knuth], None), 2, &["'6'", "012345"]);
    // The Bulls and Cows tree read as Mastermind with ten colours.
    assert_fails(
        &run_args(
            &[
                "verify",
                &published("widmaN_p4c10n-optimal_from_book_appendix.txt"),
                "--colors",
                "10",
            ],
            None,
        ),
        2,
        &["counts 5040 secrets in all", "has 10000", "game options"],
    );
    assert_fails(
        &run_args(&["verify", &knuth, "--format", "golf"], None),
        2,
        &["golf"],
    );
    assert_fails(
        &run_args(&["verify", &knuth, "--pegs", "0"], None),
        2,
        &["--pegs", "pegs 0 is out of range: expected 1 to 32"],
    );
    // A format given that the file is not in: what it looks like, and what would work.
    assert_fails(
        &run_args(
            &["verify", &knuth, "--alphabet", "123456", "--format", "json"],
            None,
        ),
        2,
        &[&format!(
            "{knuth} is not a codebreak JSON tree: it looks like bracket notation; drop --format or use --format bracket"
        )],
    );
    assert_fails(
        &run_args(
            &[
                "verify",
                &knuth,
                "--alphabet",
                "123456",
                "--format",
                "paths",
            ],
            None,
        ),
        2,
        &["is not paths, one line per secret: it looks like bracket notation"],
    );
    assert_fails(
        &run_args(
            &["verify", &knuth, "--game", "twod", "--format", "bracket"],
            None,
        ),
        2,
        &[
            "bracket notation needs replies with black and white counts",
            "twod",
        ],
    );
}

#[test]
fn json_trees_carry_their_game() {
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("bulls.json");
    let tree = tree.to_str().unwrap();
    let out = run_args(
        &[
            "analyze",
            "--game",
            "bulls",
            "--strategy",
            "first",
            "--tree",
            tree,
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    // No options, or options that agree: fine.
    let v = figures(&[tree]);
    assert_eq!(v["game"]["game"], "bulls");
    assert_eq!(v["format"], "json");
    figures(&[
        tree,
        "--game",
        "bulls",
        "--pegs",
        "4",
        "--colors",
        "10",
        "--distinct-secret",
    ]);
    figures(&[tree, "--alphabet", "0123456789", "--order", "lex"]);
    // Options that disagree are named.
    assert_fails(
        &run_args(&["verify", tree, "--game", "mastermind"], None),
        2,
        &[
            "--game mastermind disagrees",
            "bulls 4 of 10",
            "expected no game options",
        ],
    );
    assert_fails(
        &run_args(&["verify", tree, "--pegs", "3", "--order", "swap"], None),
        2,
        &["--pegs 3, --order swap disagree"],
    );
}

/// `analyze --tree` then `verify`: the same figures, in every tree format both write and read.
#[test]
fn round_trips_through_analyze() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&[], "minimax"),
        (&["--alphabet", "RGBYOP"], "entropy"),
        (
            &["--game", "bulls", "--pegs", "3", "--colors", "6"],
            "expected-size",
        ),
        (
            &["--game", "blackpeg", "--pegs", "3", "--colors", "4"],
            "most-parts",
        ),
        (&["--game", "twod"], "entropy"),
        (
            &["--pegs", "3", "--colors", "5", "--distinct-secret"],
            "first",
        ),
    ];
    for (i, (game, strategy)) in cases.iter().enumerate() {
        for format in ["json", "compact", "paths"] {
            let file = dir.path().join(format!("tree{i}.{format}"));
            let file = file.to_str().unwrap();
            let mut args = vec!["analyze", "--json", "--strategy", strategy];
            args.extend_from_slice(&["--tree", file, "--format", format]);
            args.extend_from_slice(game);
            let out = run_args(&args, None);
            assert!(out.status.success(), "{args:?}: {}", stderr(&out));
            let analyzed: Value = serde_json::from_str(&stdout(&out)).unwrap();
            // A JSON tree names its game; the other formats need the options again.
            let mut verify_args = vec![file];
            if format != "json" {
                verify_args.extend_from_slice(game);
            }
            let verified = figures(&verify_args);
            for key in [
                "game",
                "secrets",
                "total",
                "average",
                "fraction",
                "worst",
                "histogram",
            ] {
                assert_eq!(verified[key], analyzed[key], "{key} of {args:?}");
            }
            assert_eq!(verified["format"], format);
        }
    }
}

/// The JSON reader refuses what it would otherwise drop silently: a reply written twice
/// (a plain map keeps the last) and fields it does not know.
#[test]
fn json_trees_are_read_strictly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let head = r#"{"format":"codebreak-tree/1","game":{"game":"mastermind","pegs":2,"colors":3,"alphabet":"ABC"}"#;
    let good = format!(
        r#"{head},"root":{{"guess":"AB","replies":{{"1B0W":{{"guess":"AC","replies":{{"1B0W":{{"guess":"AA"}},"0B1W":{{"guess":"CB"}},"0B0W":{{"guess":"BB"}}}}}},"0B2W":{{"guess":"BA"}},"0B1W":{{"guess":"BC","replies":{{"0B1W":{{"guess":"CA"}}}}}},"0B0W":{{"guess":"CC"}}}}}}}}"#
    );
    let file = write(d, "good.json", &good);
    check(&figures(&[&file]), 9, 21, &[1, 4, 4]);
    let cases = [
        (
            "duplicate.json",
            good.replace(
                r#""0B2W":{"guess":"BA"}"#,
                r#""0B2W":{"guess":"BA"},"0B2W":{"guess":"BA"}"#,
            ),
            vec![
                "not a valid JSON tree",
                "reply \"0B2W\" appears twice under one guess",
            ],
        ),
        (
            "unknown-top.json",
            good.replacen(r#""format""#, r#""comment":"x","format""#, 1),
            vec!["not a valid JSON tree", "unknown field `comment`"],
        ),
        (
            "unknown-node.json",
            good.replace(r#"{"guess":"CC"}"#, r#"{"guess":"CC","secrets":1}"#),
            vec!["not a valid JSON tree", "unknown field `secrets`"],
        ),
        (
            "unknown-game.json",
            good.replace(r#""pegs":2"#, r#""pegs":2,"holes":2"#),
            vec!["not a valid JSON tree", "unknown field `holes`"],
        ),
        (
            "other-format.json",
            good.replace("codebreak-tree/1", "codebreak-tree/9"),
            vec!["unknown format \"codebreak-tree/9\""],
        ),
    ];
    for (name, text, needles) in cases {
        let file = write(d, name, &text);
        assert_fails(&run_args(&["verify", &file], None), 2, &needles);
        // --json: an error object on standard output too.
        let out = run_args(&["verify", &file, "--json"], None);
        assert_fails(&out, 2, &needles);
        let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert!(v["error"].as_str().unwrap().contains(needles[0]), "{v}");
        assert!(v.get("secret").is_none(), "{v}");
    }
}

/// A branch that no secret can reach: an error in the trees programs write (JSON, compact),
/// exit 1 with its path.
#[test]
fn branches_no_secret_reaches_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    // After AB 0B1W only BC and CA remain; BC never answers CA with 0B0W.
    let dead = ISSUE_EXAMPLE.replace("{BC:{01:CA}}", "{BC:{01:CA,00:AA}}");
    let file = write(dir.path(), "dead.txt", &dead);
    let game = ["--pegs", "2", "--alphabet", "ABC"];
    let mut args = vec!["verify", file.as_str()];
    args.extend(game);
    let why = "reply 0B0W to guess BC after AB 0B1W can never occur";
    assert_fails(&run_args(&args, None), 1, &["dead.txt", why]);
    args.push("--json");
    let out = run_args(&args, None);
    assert_fails(&out, 1, &[why]);
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["path"], "AB 0B1W, BC 0B0W");
    assert_eq!(v["secret"], Value::Null);
    // The same tree as JSON.
    let json_tree = r#"{"format":"codebreak-tree/1","game":{"pegs":2,"colors":3,"alphabet":"ABC"},"root":{"guess":"AB","replies":{"1B0W":{"guess":"AC","replies":{"1B0W":{"guess":"AA"},"0B1W":{"guess":"CB"},"0B0W":{"guess":"BB"}}},"0B2W":{"guess":"BA"},"0B1W":{"guess":"BC","replies":{"0B1W":{"guess":"CA"},"0B0W":{"guess":"AA"}}},"0B0W":{"guess":"CC"}}}}"#;
    let file = write(dir.path(), "dead.json", json_tree);
    assert_fails(&run_args(&["verify", &file], None), 1, &[why]);
}

/// Every published tree still replays (none has an unreachable branch), with no warning.
#[test]
fn published_trees_have_no_unreachable_branches() {
    for (name, args) in [
        ("widmaN_p4c6r-knuth.txt", vec!["--alphabet", "123456"]),
        ("widmaN_p4c6r-koyama-1.txt", vec!["--alphabet", "123456"]),
        ("widmaN_p4c6r-koyama-2.txt", vec!["--alphabet", "123456"]),
        (
            "widmaN_p4c10n-optimal_from_book_appendix.txt",
            vec!["--game", "bulls"],
        ),
        ("knuth_mm46_golf.txt", vec!["--alphabet", "ABCDEF"]),
        ("koyama-lai1_mm46_golf.txt", vec!["--alphabet", "ABCDEF"]),
    ] {
        let file = published(name);
        let mut all = vec!["verify", file.as_str()];
        all.extend(args);
        let out = run_args(&all, None);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert!(stderr(&out).is_empty(), "{name}: {}", stderr(&out));
    }
}

/// `-` is standard output for `analyze --tree` (the figures then go to standard error) and
/// standard input for `verify`.
#[test]
fn trees_go_through_standard_streams() {
    let game = ["--pegs", "3", "--colors", "4"];
    for format in ["json", "compact", "paths"] {
        for json in [false, true] {
            let mut args = vec!["analyze", "--tree", "-", "--format", format];
            args.extend(game);
            if json {
                args.push("--json");
            }
            let out = run_args(&args, None);
            assert!(out.status.success(), "{args:?}: {}", stderr(&out));
            let tree = stdout(&out);
            // The figures are on standard error, the tree alone on standard output.
            let figures = stderr(&out);
            let total = if json {
                let v: Value = serde_json::from_str(&figures).unwrap();
                v["total"].as_u64().unwrap()
            } else {
                let line = figures.lines().find(|l| l.starts_with("total ")).unwrap();
                line["total".len()..].trim().parse().unwrap()
            };
            assert!(!tree.contains("secrets"), "{tree}");
            let mut verify = vec!["verify", "-", "--json"];
            if format != "json" {
                verify.extend(game);
            }
            let out = run_args(&verify, Some(&tree));
            assert!(out.status.success(), "{format}: {}", stderr(&out));
            let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
            assert_eq!(v["total"], total, "{format}");
            assert_eq!(v["format"], format);
        }
    }
    // Errors name standard input.
    assert_fails(
        &run_args(&["verify", "-", "--pegs", "2"], Some("{01:{10:")),
        2,
        &["standard input: compact tree is malformed"],
    );
    let out = run_args(
        &["verify", "-", "--pegs", "1", "--colors", "1"],
        Some("0\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("tree      standard input (compact, 1 node)\n"),
        "{}",
        stdout(&out)
    );
}

/// A reader that stops early (`| head -3`) ends the run quietly with exit 0, whether the tree
/// goes to `-` or to a path that is standard output.
#[test]
fn a_closed_standard_output_is_not_an_error() {
    use std::io::{BufRead, BufReader};
    // Bulls and Cows 4 of 10: 5040 lines, more than a pipe holds.
    for tree in ["-", "/dev/stdout"] {
        let args = [
            "analyze",
            "--game",
            "bulls",
            "--strategy",
            "first",
            "--tree",
            tree,
            "--format",
            "paths",
        ];
        let mut child = common::spawn(&args);
        drop(child.stdin.take());
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        for _ in 0..3 {
            assert!(lines.next().unwrap().unwrap().contains(": 0123 "));
        }
        drop(lines);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{tree}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{tree}");
    }
}

/// DOT is written, not read: said so whether detected or given.
#[test]
fn dot_files_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.dot");
    let file = file.to_str().unwrap();
    let out = run_args(
        &[
            "analyze", "--pegs", "2", "--colors", "3", "--tree", file, "--format", "dot",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_fails(
        &run_args(&["verify", file, "--pegs", "2", "--colors", "3"], None),
        2,
        &[
            "a Graphviz DOT drawing cannot be read as a tree: expected json, compact, bracket or paths",
        ],
    );
    assert_fails(
        &run_args(&["verify", file, "--format", "paths"], None),
        2,
        &[
            "is not paths, one line per secret: it looks like a Graphviz DOT drawing, which cannot be read as a tree",
        ],
    );
    assert_fails(
        &run_args(&["verify", file, "--format", "dot"], None),
        2,
        &["dot"],
    );
}

/// The files the README and `--help` examples name are shipped and replay to their figures.
#[test]
fn the_shipped_examples_replay() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let knuth = root.join("trees/knuth-mm46.txt");
    let v = figures(&["--alphabet", "123456", knuth.to_str().unwrap()]);
    check(&v, 1296, 5801, &[1, 6, 62, 533, 694]);
    let bulls = root.join("trees/bulls-optimal.txt");
    let v = figures(&["--game", "bulls", bulls.to_str().unwrap()]);
    assert_eq!(
        (v["secrets"].as_u64(), v["total"].as_u64()),
        (Some(5040), Some(26274))
    );
    let moves = root.join("moves.txt");
    let out = common::run_args(
        &["hint", "--history-file", moves.to_str().unwrap(), "--json"],
        None,
    );
    let h: Value = serde_json::from_str(&common::stdout(&out)).unwrap();
    assert_eq!(h["remaining"], 60);
}
