//! Certificates of optimality: the search writes them, `codebreak_certify` checks them, and a
//! certificate changed in any of the ways that matter is refused, naming the claim's position.

use std::sync::OnceLock;

use codebreak_certify::{CertError, Certificate, Counted, Why, check};
use codebreak_core::{AnyEngine, Game, GameSpec};
use codebreak_search::{Objective, Search, SearchOptions, Solution};

/// A game, its optimal search's result and certificate.
fn certified(spec: &GameSpec, objective: Objective) -> (Game, Solution, Certificate) {
    let game = Game::new(spec).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let options = SearchOptions {
        objective,
        ..SearchOptions::default()
    };
    let search = Search::new(&engine, options, false).unwrap();
    let solution = search.run().unwrap();
    let cert = search.certificate(&solution).unwrap();
    (game, solution, cert)
}

/// MM(4,6), objective expected: made once for every test of this file.
fn mm46() -> &'static (Game, Solution, Certificate) {
    static CELL: OnceLock<(Game, Solution, Certificate)> = OnceLock::new();
    CELL.get_or_init(|| certified(&GameSpec::mastermind(4, 6), Objective::Expected))
}

/// The certificate written and read back.
fn round_trip(cert: &Certificate) -> (Certificate, Vec<u8>) {
    let mut bytes = Vec::new();
    cert.write(&mut bytes).unwrap();
    (Certificate::read(&bytes[..]).unwrap(), bytes)
}

/// The claim's error, which must be a failing claim.
fn refused(game: &Game, cert: &Certificate) -> (u32, String, String) {
    match check(game, cert) {
        Err(CertError::Claim {
            claim,
            position,
            why,
            ..
        }) => (claim, position, why),
        other => panic!("expected a failing claim, got {other:?}"),
    }
}

#[test]
fn mastermind_4_6_is_certified_optimal() {
    let (game, solution, cert) = mm46();
    assert_eq!((solution.total, solution.worst), (5625, 6));
    let (back, bytes) = round_trip(cert);
    assert_eq!(&back, cert);
    // A few hundred kilobytes, far below the few megabytes allowed.
    assert!(bytes.len() < 2_000_000, "{} bytes", bytes.len());
    let report = check(game, &back).unwrap();
    assert_eq!(report.checked, report.claims);
    assert_eq!(report.total_at_least(6), Some(5625));
    assert!(report.meets(5625, 6).unwrap().contains("fewer than 5625"));
    // A tree one guess worse is not proved optimal by it.
    assert!(matches!(
        report.meets(5626, 6),
        Err(CertError::NotOptimal(_))
    ));
}

#[test]
fn a_root_bound_raised_by_one_is_refused() {
    let (game, _, cert) = mm46();
    let mut bad = cert.clone();
    let root = bad.header.roots[0] as usize;
    bad.claims[root].bound = bad.claims[root].bound.map(|b| b + 1);
    let (claim, position, why) = refused(game, &bad);
    assert_eq!(claim as usize, root);
    assert_eq!(position, "root");
    assert!(why.contains("below the bound"), "{why}");
}

/// The first claim referenced from the root by a guess's classes: (guess index in the root's
/// list, claim).
fn first_class_claim(cert: &Certificate) -> (usize, u32) {
    let root = &cert.claims[cert.header.roots[0] as usize];
    root.guesses
        .iter()
        .enumerate()
        .find_map(|(i, g)| match &g.why {
            Why::Classes(refs, _) => refs.first().map(|r| (i, r.claim)),
            _ => None,
        })
        .expect("the root proves some guess by its classes")
}

#[test]
fn a_claim_below_the_root_raised_by_one_is_refused_with_its_position() {
    let (game, _, cert) = mm46();
    // Raising a claim the root uses by one leaves the root's sums above its bound, but the
    // claim itself no longer holds: its best guess reaches the old bound only.
    let (_, k) = first_class_claim(cert);
    let mut bad = cert.clone();
    let c = &mut bad.claims[k as usize];
    c.bound = c.bound.map(|b| b + 1);
    let (claim, position, _) = refused(game, &bad);
    assert_eq!(claim, k);
    assert!(position.starts_with("after 0"), "{position}");
}

#[test]
fn a_dropped_guess_is_refused_naming_it() {
    let (game, _, cert) = mm46();
    let mut bad = cert.clone();
    let root = bad.header.roots[0] as usize;
    let (i, _) = first_class_claim(cert);
    let dropped = bad.claims[root].guesses.remove(i).guess;
    let (claim, position, why) = refused(game, &bad);
    assert_eq!((claim as usize, position.as_str()), (root, "root"));
    let name = game.format_code(&game.space().unwrap().code(dropped));
    assert!(
        why.contains(&format!("guess {name}")) && why.contains("no justification"),
        "{why}"
    );
}

#[test]
fn a_wrong_renaming_is_refused() {
    let (game, _, cert) = mm46();
    let mut bad = cert.clone();
    let root = bad.header.roots[0] as usize;
    let entry = bad.claims[root]
        .guesses
        .iter_mut()
        .find(|g| matches!(g.why, Why::Sym(..)))
        .expect("the root skips symmetric guesses");
    if let Why::Sym(_, r) = &mut entry.why {
        r.colors.swap(0, 5);
    }
    let (_, position, why) = refused(game, &bad);
    assert_eq!(position, "root");
    assert!(why.contains("renaming"), "{why}");
    // Not a permutation at all.
    let mut bad = cert.clone();
    if let Some(Why::Sym(_, r)) = bad.claims[root]
        .guesses
        .iter_mut()
        .map(|g| &mut g.why)
        .find(|w| matches!(w, Why::Sym(..)))
    {
        r.positions = vec![0, 0, 1, 2];
    }
    let (_, _, why) = refused(game, &bad);
    assert!(why.contains("no permutation"), "{why}");
}

/// Below the root, each claim gives its moves, which are checked to define its secrets: a
/// renaming that maps the moves onto themselves is checked on them alone. A renaming that
/// maps the guess onto the other but not the position onto itself is refused, and moves
/// that do not define the secrets are of no use (each secret is renamed instead).
#[test]
fn renamings_below_the_root_are_checked_on_the_moves_or_on_every_secret() {
    let (game, _, cert) = mm46();
    let space = game.space().unwrap();
    assert!(cert.claims.iter().all(|c| c.moves.is_some()));
    let colors = game.colors();
    let code = |i: u32| space.code(i);
    // A claim after one move with a renaming proof, and a renaming of its guess onto the
    // other that moves the first move.
    let mut wrong = None;
    'claims: for (k, c) in cert.claims.iter().enumerate() {
        let Some([(h, _)]) = c.moves.as_deref() else {
            continue;
        };
        for (i, p) in c.guesses.iter().enumerate() {
            if let Why::Sym(o, _) = p.why {
                let fixed = [code(*h)];
                for sigma in codebreak_core::symmetry::permutations(4) {
                    let Some((positions, to)) = codebreak_core::symmetry::renaming_onto_with(
                        4,
                        colors,
                        &[sigma],
                        &[],
                        &code(p.guess),
                        &code(o),
                    ) else {
                        continue;
                    };
                    let image: Vec<u8> = positions
                        .iter()
                        .map(|&at| to[fixed[0].pegs()[at as usize] as usize])
                        .collect();
                    if image != fixed[0].pegs() {
                        wrong = Some((
                            k,
                            i,
                            codebreak_certify::Renaming {
                                positions,
                                colors: to,
                            },
                        ));
                        break 'claims;
                    }
                }
            }
        }
    }
    let (k, i, renaming) = wrong.expect("a renaming proof after one move");
    let mut bad = cert.clone();
    if let Why::Sym(_, r) = &mut bad.claims[k].guesses[i].why {
        *r = renaming;
    }
    let (claim, position, why) = refused(game, &bad);
    assert_eq!(claim as usize, k);
    assert!(position.starts_with("after "), "{position}");
    assert!(why.contains("renaming") && why.contains("secret"), "{why}");
    // Moves with another reply define other secrets: the claim still checks, secret by secret.
    let mut other = cert.clone();
    let moves = other.claims[k].moves.as_mut().unwrap();
    moves[0].1 = (moves[0].1 + 1) % game.feedback().count() as u8;
    check(game, &other).unwrap();
}

#[test]
fn a_class_claim_that_is_missing_or_about_other_secrets_is_refused() {
    let (game, _, cert) = mm46();
    let root = cert.header.roots[0] as usize;
    let (i, _) = first_class_claim(cert);
    let mut bad = cert.clone();
    let missing = bad.claims.len() as u32 + 7;
    if let Why::Classes(refs, _) = &mut bad.claims[root].guesses[i].why {
        refs[0].claim = missing;
    }
    let (_, position, why) = refused(game, &bad);
    assert_eq!(position, "root");
    assert!(
        why.contains(&format!("claim {missing}, which is not in the file")),
        "{why}"
    );
    // Pointing at a claim about another set.
    let mut bad = cert.clone();
    if let Why::Classes(refs, _) = &mut bad.claims[root].guesses[i].why {
        refs[0].claim = root as u32;
        refs[0].renaming = None;
    }
    let (_, _, why) = refused(game, &bad);
    assert!(why.contains("other secrets"), "{why}");
    // A reply no guess of the game gets.
    let mut bad = cert.clone();
    if let Why::Classes(refs, _) = &mut bad.claims[root].guesses[i].why {
        refs[0].reply = 200;
    }
    let (_, _, why) = refused(game, &bad);
    assert!(why.contains("reply number 200"), "{why}");
}

#[test]
fn a_counted_class_raised_or_on_a_wrong_reply_is_refused() {
    let (game, _, cert) = mm46();
    // The first claim with a guess whose classes are counted (format version 2).
    let (k, i) = (cert.claims.iter().enumerate())
        .find_map(|(k, c)| {
            let i = c
                .guesses
                .iter()
                .position(|g| matches!(&g.why, Why::Classes(_, counted) if !counted.is_empty()))?;
            Some((k as u32, i))
        })
        .expect("some class is counted");
    let counted = |bad: &mut Certificate| match &mut bad.claims[k as usize].guesses[i].why {
        Why::Classes(_, counted) => counted.clone(),
        _ => unreachable!(),
    };
    let edit = |f: &dyn Fn(&mut Vec<codebreak_certify::ClassRef>, &mut Vec<Counted>)| {
        let mut bad = cert.clone();
        if let Why::Classes(refs, counted) = &mut bad.claims[k as usize].guesses[i].why {
            f(refs, counted);
        }
        bad
    };
    // Far above what its secrets' counting bounds give.
    let bad = edit(&|_, counted| counted[0].bound += 100);
    let (claim, _, why) = refused(game, &bad);
    assert_eq!(claim, k);
    assert!(why.contains("counted to need"), "{why}");
    // The winning reply, which leaves no class.
    let bad = edit(&|_, counted| counted[0].reply = game.win().0);
    let (claim, _, why) = refused(game, &bad);
    assert_eq!(claim, k);
    assert!(why.contains("no class of secrets gets this reply"), "{why}");
    // Listed twice.
    let bad = edit(&|_, counted| counted.push(counted[0].clone()));
    let (claim, _, why) = refused(game, &bad);
    assert_eq!(claim, k);
    assert!(why.contains("listed twice"), "{why}");
    // Dropped: the guess's classes fall short.
    let mut bad = cert.clone();
    assert!(!counted(&mut bad).is_empty());
    let bad = edit(&|_, counted| counted.clear());
    let (claim, _, why) = refused(game, &bad);
    assert_eq!(claim, k);
    assert!(why.contains("below the bound"), "{why}");
    // Read back as written.
    assert_eq!(&round_trip(cert).0, cert);
}

#[test]
fn a_cut_or_damaged_file_is_refused() {
    let (_, _, cert) = mm46();
    let (_, bytes) = round_trip(cert);
    for cut in [bytes.len() / 2, bytes.len() - 10, 30] {
        match Certificate::read(&bytes[..cut]) {
            Err(CertError::Io(_) | CertError::Truncated { .. }) => {}
            other => panic!("cut at {cut}: {:?}", other.map(|c| c.claims.len())),
        }
    }
    // Whole lines missing (a gzip stream that ends cleanly): the trailer is missing.
    let mut short = cert.clone();
    short.claims.truncate(10);
    let mut text = Vec::new();
    short.write(&mut text).unwrap();
    let mut plain = String::new();
    std::io::Read::read_to_string(&mut flate2_reader(&text), &mut plain).unwrap();
    let without_trailer: String = plain.lines().take(5).map(|l| format!("{l}\n")).collect();
    let again = gzip(without_trailer.as_bytes());
    assert!(matches!(
        Certificate::read(&again[..]),
        Err(CertError::Truncated { claims: 4 })
    ));
    // Not gzip at all, or empty: refused saying what was expected.
    for text in [&b"{\"format\": 1}"[..], b""] {
        let e = Certificate::read(text).unwrap_err();
        assert!(matches!(e, CertError::NotGzip(_)), "{e:?}");
        assert!(
            e.to_string().contains("expected a gzip-compressed file"),
            "{e}"
        );
    }
}

/// A gzip reader over bytes (through the certificate crate's own round trip: a certificate
/// whose claims are lines of text).
fn flate2_reader(bytes: &[u8]) -> impl std::io::Read + '_ {
    flate2::read::GzDecoder::new(bytes)
}

fn gzip(text: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(text).unwrap();
    z.finish().unwrap()
}

#[test]
fn a_certificate_for_another_game_is_refused() {
    let (_, _, cert) = mm46();
    let other = Game::new(&GameSpec::mastermind(4, 5)).unwrap();
    assert!(matches!(check(&other, cert), Err(CertError::Game(_))));
}

#[test]
fn least_worst_cases_are_certified() {
    // Knuth's least worst case of MM(4,6) is 5: no strategy within 4 guesses, and the least
    // total within 5 is 5626.
    let (game, solution, cert) = certified(&GameSpec::mastermind(4, 6), Objective::Worst);
    assert_eq!((solution.total, solution.worst), (5626, 5));
    let report = check(&game, &round_trip(&cert).0).unwrap();
    assert_eq!(report.worst_at_least(), 5);
    assert_eq!(report.total_at_least(5), Some(5626));
    report.meets(5626, 5).unwrap();
    // Claimed one guess less, the worst case is refused.
    let mut bad = cert.clone();
    let root = bad.header.roots[0] as usize;
    bad.claims[root].depth += 1;
    let (claim, position, _) = refused(&game, &bad);
    assert_eq!((claim as usize, position.as_str()), (root, "root"));
}

#[test]
fn consistent_pool_and_bulls_and_cows_3_of_6_are_certified() {
    let game = Game::new(&GameSpec::mastermind(3, 5)).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let options = SearchOptions {
        pool: codebreak_core::Pool::Consistent,
        ..SearchOptions::default()
    };
    let search = Search::new(&engine, options, false).unwrap();
    let solution = search.run().unwrap();
    let cert = search.certificate(&solution).unwrap();
    check(&game, &cert)
        .unwrap()
        .meets(solution.total, solution.worst as u32)
        .unwrap();
    let (game, solution, cert) = certified(&GameSpec::bulls(3, 6), Objective::Expected);
    check(&game, &cert)
        .unwrap()
        .meets(solution.total, solution.worst as u32)
        .unwrap();
}

/// Bulls and Cows 4 of 10: 26274 certified (about 95 s to prove after the 14 s search, and
/// 209 s to check, in a release build: `scripts/slow-tests.sh`).
#[test]
#[ignore = "slow: about five minutes in a release build"]
fn bulls_and_cows_is_certified_optimal() {
    let (game, solution, cert) = certified(&GameSpec::bulls(4, 10), Objective::Expected);
    assert_eq!(solution.total, 26274);
    let report = check(&game, &round_trip(&cert).0).unwrap();
    report.meets(solution.total, solution.worst as u32).unwrap();
}

/// The search of `spec` with `options`, its result and certificate.
fn certified_with(spec: &GameSpec, options: SearchOptions) -> (Game, Solution, Certificate) {
    let game = Game::new(spec).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let search = Search::new(&engine, options, false).unwrap();
    let solution = search.run().unwrap();
    let cert = search.certificate(&solution).unwrap();
    (game, solution, cert)
}

/// A code's index in the game's space.
fn index(game: &Game, text: &str) -> u32 {
    let code = game.parse_guess(text).unwrap();
    game.space().unwrap().index_of(&code).unwrap()
}

#[test]
fn a_first_guess_certificate_proves_the_optimum_after_it() {
    let spec = GameSpec::mastermind(4, 5);
    let game = Game::new(&spec).unwrap();
    let opener = index(&game, "0001");
    let (game, solution, cert) = certified_with(
        &spec,
        SearchOptions {
            first_guess: Some(opener),
            ..SearchOptions::default()
        },
    );
    assert_eq!(cert.header.first_guess, Some(opener));
    let report = check(&game, &round_trip(&cert).0).unwrap();
    assert_eq!(report.first_guess.as_deref(), Some("0001"));
    report.meets(solution.total, solution.worst as u32).unwrap();
    // The whole game's optimum is lower: claimed about every opener, the bound fails at the
    // root, where another opener has no justification.
    let best = certified(&spec, Objective::Expected).1.total;
    assert!(best < solution.total, "{best} {}", solution.total);
    let mut bad = cert.clone();
    bad.header.first_guess = None;
    let (claim, position, why) = refused(&game, &bad);
    assert_eq!((claim, position.as_str()), (bad.header.roots[0], "root"));
    assert!(why.contains("no justification"), "{why}");
    // Another opener named in the header: its own guesses are not justified.
    let mut bad = cert.clone();
    bad.header.first_guess = Some(index(&game, "0123"));
    let (_, position, _) = refused(&game, &bad);
    assert_eq!(position, "root");
    // A class claim may not be the root claim restricted to the opener.
    let mut bad = cert.clone();
    let root = bad.header.roots[0];
    let (i, _) = first_class_claim(&bad);
    if let Why::Classes(refs, _) = &mut bad.claims[root as usize].guesses[i].why {
        refs[0].claim = root;
    }
    let (_, _, why) = refused(&game, &bad);
    assert!(why.contains("first guess only"), "{why}");
}

#[test]
fn a_position_after_some_moves_is_certified_and_a_wrong_history_refused() {
    let spec = GameSpec::mastermind(4, 6);
    let game = Game::new(&spec).unwrap();
    let moves = vec![(index(&game, "0011"), game.parse_feedback("1B1W").unwrap())];
    let (game, solution, cert) = certified_with(
        &spec,
        SearchOptions {
            history: moves.clone(),
            ..SearchOptions::default()
        },
    );
    let report = check(&game, &round_trip(&cert).0).unwrap();
    assert_eq!(report.history.as_deref(), Some("0011:1B1W"));
    assert_eq!(report.secrets as u64, solution.secrets);
    // The root claim is about the position from the next guess on.
    assert_eq!(
        report.total_at_least(solution.subtree_worst() as u32),
        Some(solution.subtree_total())
    );
    // Another reply in the header: the root claim is about other secrets.
    let mut bad = cert.clone();
    bad.header.history[0].1 = game.parse_feedback("2B0W").unwrap().0;
    let e = check(&game, &bad).unwrap_err();
    assert!(
        matches!(&e, CertError::Game(w) if w.contains("not every secret of the position")),
        "{e:?}"
    );
    // A claim below it names its position from the start of the game. A class is asked only
    // for what the others leave, which may be less than its counting bounds give: the first
    // claim the root uses that is tight is raised.
    let root = &cert.claims[cert.header.roots[0] as usize];
    let (k, position) = root
        .guesses
        .iter()
        .filter_map(|g| match &g.why {
            Why::Classes(refs, _) => Some(refs),
            _ => None,
        })
        .flatten()
        .find_map(|r| {
            let mut bad = cert.clone();
            bad.claims[r.claim as usize].bound = bad.claims[r.claim as usize].bound.map(|b| b + 1);
            match check(&game, &bad) {
                Err(CertError::Claim {
                    claim, position, ..
                }) => Some((claim, position)),
                _ => None,
            }
        })
        .expect("some claim the root uses is tight");
    assert!(k < cert.header.roots[0], "claim {k}");
    assert!(position.starts_with("after 0011 1B1W, "), "{position}");
}

#[test]
fn a_bound_the_optimum_reaches_is_certified() {
    let spec = GameSpec::mastermind(4, 5);
    let game = Game::new(&spec).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let best = certified(&spec, Objective::Expected).1.total;
    let search = Search::new(
        &engine,
        SearchOptions {
            bound: Some(best - 20),
            ..SearchOptions::default()
        },
        false,
    )
    .unwrap();
    assert!(matches!(
        search.run(),
        Err(codebreak_search::SearchError::AtLeast { .. })
    ));
    let cert = search.certificate_at_least(best - 20).unwrap();
    let report = check(&game, &round_trip(&cert).0).unwrap();
    assert_eq!(report.total_at_least(63), Some(best - 20));
    // Above the optimum, the claim cannot hold.
    let mut bad = cert.clone();
    let root = bad.header.roots[0] as usize;
    bad.claims[root].bound = Some(best + 1);
    let (_, position, _) = refused(&game, &bad);
    assert_eq!(position, "root");
}

/// Wordle's hard mode after SALET BBGBB (27 secrets), objective worst.
fn hard_wordle() -> &'static (Game, Solution, Certificate) {
    static CELL: OnceLock<(Game, Solution, Certificate)> = OnceLock::new();
    CELL.get_or_init(|| {
        let spec = GameSpec {
            kind: codebreak_core::GameKind::Wordle,
            hard: true,
            ..GameSpec::default()
        };
        let game = Game::new(&spec).unwrap();
        let moves = vec![(index(&game, "salet"), game.parse_feedback("BBGBB").unwrap())];
        certified_with(
            &spec,
            SearchOptions {
                history: moves,
                objective: Objective::Worst,
                ..SearchOptions::default()
            },
        )
    })
}

#[test]
fn hard_mode_is_certified_with_the_rule_recomputed() {
    let (game, solution, cert) = hard_wordle();
    let report = check(game, &round_trip(cert).0).unwrap();
    assert_eq!(report.worst_at_least() as usize, solution.subtree_worst());
    assert_eq!(
        report.total_at_least(solution.subtree_worst() as u32),
        Some(solution.subtree_total())
    );
    // Every claim gives its moves.
    assert!(cert.claims.iter().all(|c| c.moves.is_some()));
    // A claim without its moves, or with those of another position, is refused.
    let (_, k) = first_class_claim(cert);
    let mut bad = cert.clone();
    bad.claims[k as usize].moves = None;
    let (_, _, why) = refused(game, &bad);
    assert!(why.contains("no moves are given"), "{why}");
    let mut bad = cert.clone();
    bad.claims[k as usize].moves = Some(Vec::new());
    let (_, _, why) = refused(game, &bad);
    assert!(why.contains("hard mode's rule"), "{why}");
    // A guess the rule forbids (no A in third place) is no legal guess of the root.
    let mut bad = cert.clone();
    let root = bad.header.roots.last().copied().unwrap() as usize;
    let forbidden = index(game, "crony");
    bad.claims[root]
        .guesses
        .push(codebreak_certify::GuessProof {
            guess: forbidden,
            why: Why::Same(0),
        });
    bad.claims[root].guesses.sort_by_key(|g| g.guess);
    let (_, _, why) = refused(game, &bad);
    assert!(why.contains("not a legal guess"), "{why}");
}
