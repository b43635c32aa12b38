//! Certificates of optimality: the search writes them, `codebreak_certify` checks them, and a
//! certificate changed in any of the ways that matter is refused, naming the claim's position.

use std::sync::OnceLock;

use codebreak_certify::{CertError, Certificate, Why, check};
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
            Why::Classes(refs) => refs.first().map(|r| (i, r.claim)),
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

#[test]
fn a_class_claim_that_is_missing_or_about_other_secrets_is_refused() {
    let (game, _, cert) = mm46();
    let root = cert.header.roots[0] as usize;
    let (i, _) = first_class_claim(cert);
    let mut bad = cert.clone();
    let missing = bad.claims.len() as u32 + 7;
    if let Why::Classes(refs) = &mut bad.claims[root].guesses[i].why {
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
    if let Why::Classes(refs) = &mut bad.claims[root].guesses[i].why {
        refs[0].claim = root as u32;
        refs[0].renaming = None;
    }
    let (_, _, why) = refused(game, &bad);
    assert!(why.contains("other secrets"), "{why}");
    // A reply no guess of the game gets.
    let mut bad = cert.clone();
    if let Why::Classes(refs) = &mut bad.claims[root].guesses[i].why {
        refs[0].reply = 200;
    }
    let (_, _, why) = refused(game, &bad);
    assert!(why.contains("reply number 200"), "{why}");
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
    // Not gzip at all.
    assert!(matches!(
        Certificate::read(&b"{\"format\": 1}"[..]),
        Err(CertError::Io(_))
    ));
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
