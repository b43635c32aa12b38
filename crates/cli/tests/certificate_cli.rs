//! `optimal --certificate` and `verify --certificate [--tree]`: a certificate written with the
//! tree proves it optimal; a changed, cut or mismatched certificate is refused with one line.

mod common;

use codebreak_certify::Certificate;
use common::{assert_fails, run_args, stderr, stdout};

#[test]
fn a_certificate_proves_the_tree_optimal_and_a_bad_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    let (tree, cert) = (path("t.json"), path("c.cert"));
    let game = ["--pegs", "3", "--colors", "4"];
    let mut args = vec!["optimal"];
    args.extend(game);
    args.extend(["--tree", &tree, "--certificate", &cert]);
    let out = run_args(&args, None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("claims"), "{}", stderr(&out));

    let out = run_args(&["verify", "--certificate", &cert, "--tree", &tree], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("optimal: proved"), "{text}");
    let out = run_args(&["verify", "--certificate", &cert, "--json"], None);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["certificate"]["checked"], v["certificate"]["claims"]);
    // The game's flags, when given, must name the certificate's game.
    let mut args = vec!["verify", "--certificate", &cert];
    args.extend(game);
    let out = run_args(&args, None);
    assert!(out.status.success(), "{}", stderr(&out));
    for other in [
        &["--pegs", "3", "--colors", "5"][..],
        &["--colors", "4"],
        &["--game", "bulls"],
        &["--pegs", "3", "--colors", "4", "--distinct-secret"],
    ] {
        let mut args = vec!["verify", "--certificate", &cert];
        args.extend(other);
        let out = run_args(&args, None);
        assert_fails(&out, 2, &["c.cert", "the certificate is for", "not for"]);
    }

    // A worse tree is not proved optimal.
    let worse = path("w.json");
    let mut args = vec!["analyze", "--strategy", "first"];
    args.extend(game);
    args.extend(["--tree", &worse]);
    assert!(run_args(&args, None).status.success());
    let out = run_args(&["verify", "--certificate", &cert, "--tree", &worse], None);
    assert_fails(&out, 1, &["not proved optimal", "proves only at least"]);

    // The root's bound raised by one.
    let read = || Certificate::read(std::fs::File::open(&cert).unwrap()).unwrap();
    let mut bad = read();
    let root = bad.header.roots[0] as usize;
    bad.claims[root].bound = bad.claims[root].bound.map(|b| b + 1);
    let raised = path("raised.cert");
    bad.write(std::fs::File::create(&raised).unwrap()).unwrap();
    let out = run_args(&["verify", "--certificate", &raised], None);
    assert_fails(&out, 1, &["claim", "(root;", "below the bound"]);

    // Cut short.
    let bytes = std::fs::read(&cert).unwrap();
    let cut = path("cut.cert");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let out = run_args(&["verify", "--certificate", &cut], None);
    assert_fails(&out, 2, &["cut.cert"]);
    // Not a certificate; not there.
    let out = run_args(&["verify", "--certificate", &tree], None);
    assert_fails(&out, 2, &["t.json"]);
    let out = run_args(&["verify", "--certificate", &path("none.cert")], None);
    assert_fails(&out, 2, &["cannot read certificate"]);
}

#[test]
fn least_worst_cases_and_twelve_coins_are_certified() {
    let dir = tempfile::tempdir().unwrap();
    let coins = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/coins.toml"
    );
    // The French article's least worst case with distinct secrets (5), and Dyson's 12 coins
    // in 3 weighings (72 weighings over the 24 secrets), a game file.
    let cases: [(&[&str], &str); 2] = [
        (&["--distinct-secret"], "none has a worst case below 5"),
        (
            &["--game-file", coins, "--set", "COINS=12"],
            "none has a worst case below 3",
        ),
    ];
    for (k, (game, proved)) in cases.iter().enumerate() {
        let tree = dir.path().join(format!("{k}.json")).display().to_string();
        let cert = dir.path().join(format!("{k}.cert")).display().to_string();
        let mut args = vec!["optimal", "--objective", "worst"];
        args.extend(game.iter());
        args.extend(["--tree", &tree, "--certificate", &cert]);
        let out = run_args(&args, None);
        assert!(out.status.success(), "{}", stderr(&out));
        let mut args = vec!["verify"];
        args.extend(game.iter());
        args.extend(["--certificate", &cert, "--tree", &tree]);
        let out = run_args(&args, None);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains(proved), "{}", stdout(&out));
    }
}

#[test]
fn positions_first_guesses_bounds_and_thirteen_coins_are_certified() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    let game = ["--pegs", "3", "--colors", "4"];
    let optimal = |extra: &[&str], cert: &str| {
        let mut args = vec!["optimal"];
        args.extend(game);
        args.extend(extra);
        args.extend(["--certificate", cert]);
        run_args(&args, None)
    };
    // After a first guess: the tree that plays it is proved optimal among those that do,
    // and a tree that opens with another guess is not.
    let (tree, cert) = (path("f.json"), path("f.cert"));
    let out = optimal(&["--first-guess", "001", "--tree", &tree], &cert);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run_args(&["verify", "--certificate", &cert, "--tree", &tree], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("those that play 001 next"),
        "{}",
        stdout(&out)
    );
    let other = path("o.json");
    let mut args = vec!["optimal", "--first-guess", "012", "--tree", &other];
    args.extend(game);
    assert!(run_args(&args, None).status.success());
    let out = run_args(&["verify", "--certificate", &cert, "--tree", &other], None);
    assert_fails(&out, 1, &["o.json", "opens with 012", "open with 001"]);

    // A position after some moves, checked on its own (a tree starts at the game's start).
    let cert = path("h.cert");
    let out = optimal(&["--history", "001:1B0W"], &cert);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run_args(&["verify", "--certificate", &cert], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("after 001:1B0W"), "{}", stdout(&out));
    let out = run_args(&["verify", "--certificate", &cert, "--tree", &tree], None);
    assert_fails(&out, 2, &["expected no --tree"]);

    // A bound the optimum reaches: exit 1, and the certificate proves "at least".
    let cert = path("b.cert");
    let out = optimal(&["--bound", "150"], &cert);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("b.cert: 1 claims"), "{err}");
    assert!(err.ends_with("the optimum is at least 150\n"), "{err}");
    let out = run_args(&["verify", "--certificate", &cert], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("fewer than 150"), "{}", stdout(&out));

    // Not gzip: one line saying what was expected.
    let out = run_args(&["verify", "--certificate", &tree], None);
    assert_fails(&out, 2, &["f.json", "not a certificate", "expected a gzip"]);

    // Dyson's 13 coins: 4 weighings, not 3, and 80 weighings over the 26 secrets.
    let coins = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/coins.toml"
    );
    let game = ["--game-file", coins, "--set", "COINS=13"];
    for (objective, proved) in [
        ("expected", "fewer than 80 guesses"),
        ("worst", "none has a worst case below 4"),
    ] {
        let (tree, cert) = (path("c.json"), path("c.cert"));
        let mut args = vec!["optimal", "--objective", objective];
        args.extend(game);
        args.extend(["--tree", &tree, "--certificate", &cert]);
        let out = run_args(&args, None);
        assert!(out.status.success(), "{}", stderr(&out));
        let mut args = vec!["verify", "--certificate", &cert, "--tree", &tree];
        args.extend(game);
        let out = run_args(&args, None);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains(proved), "{}", stdout(&out));
    }
}

#[test]
fn game_files_with_symmetry_are_certified_with_their_automorphisms() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    let file = |name: &str| {
        format!(
            "{}/../../examples/games/{name}.toml",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let (blackpeg, coins) = (file("blackpeg-known"), file("coins"));
    // Black-peg Mastermind until the code is known (its group of 82944 automorphisms found
    // from the table) proves guesses by automorphisms; 12 coins in the least total of
    // weighings needs none (counting settles every guess).
    let cases: [(&[&str], &str, &str, bool); 3] = [
        (
            &["--game-file", &blackpeg],
            "expected",
            "fewer than 245",
            true,
        ),
        (
            &["--game-file", &blackpeg],
            "worst",
            "none has a worst case below",
            true,
        ),
        (
            &["--game-file", &coins, "--set", "COINS=12"],
            "expected",
            "guesses in all",
            false,
        ),
    ];
    for (k, (game, objective, proved, uses)) in cases.iter().enumerate() {
        let (tree, cert) = (path(&format!("{k}.json")), path(&format!("{k}.cert")));
        let mut args = vec!["optimal", "--objective", objective];
        args.extend(game.iter());
        args.extend(["--tree", &tree, "--certificate", &cert]);
        let out = run_args(&args, None);
        assert!(out.status.success(), "{}", stderr(&out));
        let mut args = vec!["verify"];
        args.extend(game.iter());
        args.extend(["--certificate", &cert, "--tree", &tree]);
        let out = run_args(&args, None);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains("optimal: proved"), "{}", stdout(&out));
        assert!(stdout(&out).contains(proved), "{}", stdout(&out));
        let read = Certificate::read(std::fs::File::open(&cert).unwrap()).unwrap();
        let by = read
            .claims
            .iter()
            .flat_map(|c| &c.guesses)
            .any(|p| matches!(p.why, codebreak_certify::Why::Permuted(..)));
        assert_eq!(by, *uses, "{game:?} {objective}");
        if !by {
            continue;
        }
        // An automorphism of the file changed into none of the game: refused, naming the
        // claim and its position.
        let mut bad = read;
        let list = bad
            .claims
            .iter()
            .flat_map(|c| &c.guesses)
            .find_map(|p| match &p.why {
                codebreak_certify::Why::Permuted(_, _, l) => Some(l.clone()),
                _ => None,
            })
            .unwrap();
        let mut broken = (*list).clone();
        for a in &mut broken {
            a.guesses.reverse();
        }
        let broken = std::sync::Arc::new(broken);
        for p in bad.claims.iter_mut().flat_map(|c| &mut c.guesses) {
            if let codebreak_certify::Why::Permuted(_, _, l) = &mut p.why {
                *l = broken.clone();
            }
        }
        let changed = path(&format!("{k}-bad.cert"));
        bad.write(std::fs::File::create(&changed).unwrap()).unwrap();
        let mut args = vec!["verify"];
        args.extend(game.iter());
        args.extend(["--certificate", &changed]);
        let out = run_args(&args, None);
        assert_fails(&out, 1, &["claim", "is not one of the game"]);
    }
}

#[test]
fn job_certificates_of_a_game_file_merge_with_their_automorphisms() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    let blackpeg = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/blackpeg-known.toml"
    );
    let (plan, tree, cert) = (path("bk.plan"), path("bk.json"), path("bk.cert"));
    let game = ["--game-file", blackpeg];
    let mut args = vec!["shard", "plan", "--first-guess", "001", "--out", &plan];
    args.extend(game);
    let out = run_args(&args, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run_args(&["shard", "run", &plan, "--certificate"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run_args(
        &[
            "shard",
            "merge",
            &plan,
            "--tree",
            &tree,
            "--certificate",
            &cert,
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    // The jobs' lists of automorphisms are written one after the other, each proof's word
    // renumbered into the whole list.
    let read = Certificate::read(std::fs::File::open(&cert).unwrap()).unwrap();
    let words: Vec<&Vec<u32>> = read
        .claims
        .iter()
        .flat_map(|c| &c.guesses)
        .filter_map(|p| match &p.why {
            codebreak_certify::Why::Permuted(_, w, _) => Some(w),
            _ => None,
        })
        .collect();
    assert!(!words.is_empty());
    let mut args = vec!["verify", "--certificate", &cert, "--tree", &tree];
    args.extend(game);
    let out = run_args(&args, None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("optimal: proved"), "{}", stdout(&out));
}
