//! Certificates of list games (game files) with symmetry: a guess skipped as symmetric to an
//! earlier one names a word in automorphisms of the game listed once in the file, which the
//! checker checks against the whole table; an automorphism that is none, a word that maps the
//! position or the guess elsewhere, or a missing automorphism is refused, naming the position.

use std::sync::{Arc, OnceLock};

use codebreak_certify::{Automorphism, CertError, Certificate, Why, check};
use codebreak_core::list_symmetry::Group;
use codebreak_core::{AnyEngine, Game, GameSpec, KernelOptions, ListGame};
use codebreak_search::{Objective, Search, SearchOptions, Solution};

#[path = "../../core/tests/support/coins.rs"]
mod coins_game;

/// The optimal search's result and certificate of `game`, with or without symmetry.
fn certified(game: &Game, objective: Objective, symmetry: bool) -> (Solution, Certificate) {
    let mut engine = AnyEngine::new(game).unwrap();
    engine.set_options(KernelOptions {
        symmetry,
        ..KernelOptions::default()
    });
    let options = SearchOptions {
        objective,
        ..SearchOptions::default()
    };
    let search = Search::new(&engine, options, false).unwrap();
    let solution = search.run().unwrap();
    let cert = search.certificate(&solution).unwrap();
    (solution, cert)
}

/// Mastermind with 4 pegs and 4 colours as a table (a list game: its group of 4!·4!
/// renamings is found from the table), its search and certificate, made once.
fn table() -> &'static (Game, Solution, Certificate) {
    static CELL: OnceLock<(Game, Solution, Certificate)> = OnceLock::new();
    CELL.get_or_init(|| {
        let peg = Game::new(&GameSpec::mastermind(4, 4)).unwrap();
        let game = Game::from_list(Arc::new(ListGame::from_game(&peg).unwrap())).unwrap();
        let (solution, cert) = certified(&game, Objective::Expected, true);
        (game, solution, cert)
    })
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

/// The automorphisms' list and the proofs by automorphisms: (claim, place in its guesses).
fn permuted(cert: &Certificate) -> (Vec<Automorphism>, Vec<(usize, usize)>) {
    let mut list = Vec::new();
    let mut at = Vec::new();
    for (k, c) in cert.claims.iter().enumerate() {
        for (i, p) in c.guesses.iter().enumerate() {
            if let Why::Permuted(_, _, l) = &p.why {
                list = l.to_vec();
                at.push((k, i));
            }
        }
    }
    (list, at)
}

/// The certificate with the proof at `(claim, place)` given another word, and the list of
/// automorphisms replaced by `list` for every proof.
fn with(
    cert: &Certificate,
    (k, i): (usize, usize),
    word: Vec<u32>,
    list: Vec<Automorphism>,
) -> Certificate {
    let mut bad = cert.clone();
    let list = Arc::new(list);
    for p in bad.claims.iter_mut().flat_map(|c| &mut c.guesses) {
        if let Why::Permuted(_, _, l) = &mut p.why {
            *l = list.clone();
        }
    }
    if let Why::Permuted(_, w, _) = &mut bad.claims[k].guesses[i].why {
        *w = word;
    }
    bad
}

#[test]
fn a_table_game_is_certified_with_its_automorphisms_and_fewer_claims() {
    let (game, solution, cert) = table();
    let (list, at) = permuted(cert);
    assert!(
        !at.is_empty() && !list.is_empty(),
        "no proof by automorphisms"
    );
    // Written once each: the file's list has no automorphism twice.
    for (i, a) in list.iter().enumerate() {
        assert!(!list[..i].contains(a), "automorphism {i} listed twice");
    }
    let mut bytes = Vec::new();
    cert.write(&mut bytes).unwrap();
    let back = Certificate::read(&bytes[..]).unwrap();
    assert_eq!(&back, cert);
    let report = check(game, &back).unwrap();
    assert_eq!(report.checked, report.claims);
    assert_eq!(
        report.total_at_least(solution.worst as u32),
        Some(solution.total)
    );
    // The peg game's optimum, and without symmetry the same bound with more claims and no
    // automorphisms.
    let peg = Game::new(&GameSpec::mastermind(4, 4)).unwrap();
    let (peg_solution, _) = certified(&peg, Objective::Expected, true);
    assert_eq!(solution.total, peg_solution.total);
    let (_, plain) = certified(game, Objective::Expected, false);
    assert!(permuted(&plain).1.is_empty());
    assert!(
        plain.claims.len() > cert.claims.len(),
        "{} claims without symmetry, {} with",
        plain.claims.len(),
        cert.claims.len()
    );
    check(game, &plain).unwrap();
}

#[test]
fn the_counterfeit_coins_are_certified_for_both_objectives() {
    for (n, worst) in [(12, 3), (13, 4)] {
        let game = Game::from_list(Arc::new(coins_game::coins(n))).unwrap();
        for objective in [Objective::Expected, Objective::Worst] {
            let (solution, cert) = certified(&game, objective, true);
            let mut bytes = Vec::new();
            cert.write(&mut bytes).unwrap();
            let back = Certificate::read(&bytes[..]).unwrap();
            let report = check(&game, &back).unwrap();
            assert_eq!(solution.worst, worst, "{n} coins {objective:?}");
            assert_eq!(
                report.total_at_least(solution.worst as u32),
                Some(solution.total),
                "{n} coins {objective:?}"
            );
            if objective == Objective::Worst {
                assert_eq!(report.worst_at_least(), worst as u32, "{n} coins");
            }
        }
    }
}

#[test]
fn an_automorphism_that_is_none_of_the_game_is_refused() {
    let (game, _, cert) = table();
    let (list, at) = permuted(cert);
    let &(k, i) = at.first().unwrap();
    let Why::Permuted(_, word, _) = &cert.claims[k].guesses[i].why else {
        unreachable!()
    };
    let used = word[0] as usize;
    // Codes 000 and 001 (guesses and secrets alike) exchanged in the images of an
    // automorphism the first proof uses: still permutations, mapped alike on both sides, but
    // 000 and 001 split the secrets differently.
    let mut broken = list.clone();
    let a = &mut broken[used];
    let (x, y) = (a.guesses[0], a.guesses[1]);
    a.guesses.swap(0, 1);
    for s in &mut a.secrets {
        if *s == x {
            *s = y;
        } else if *s == y {
            *s = x;
        }
    }
    let bad = with(cert, (k, i), word.clone(), broken);
    let (claim, position, why) = refused(game, &bad);
    assert_eq!(claim, k as u32);
    assert!(!position.is_empty());
    assert!(
        why.contains(&format!("automorphism {used} is not one of the game"))
            && why.contains("do not split the secrets alike"),
        "{why}"
    );
    // A code that is a guess and a secret given two images.
    let mut broken = list.clone();
    broken[used].guesses.swap(0, 1);
    let bad = with(cert, (k, i), word.clone(), broken);
    let (_, _, why) = refused(game, &bad);
    assert!(why.contains("has two images"), "{why}");
}

#[test]
fn a_word_that_maps_the_guess_elsewhere_or_names_a_missing_automorphism_is_refused() {
    let (game, _, cert) = table();
    let (list, at) = permuted(cert);
    let &(k, i) = at.first().unwrap();
    let g = cert.claims[k].guesses[i].guess;
    // The empty word maps the guess onto itself.
    let bad = with(cert, (k, i), Vec::new(), list.clone());
    let (claim, _, why) = refused(game, &bad);
    assert_eq!(claim, k as u32);
    let name = game.format_code(&game.space().unwrap().code(g));
    assert!(
        why.contains(&format!("guess {name}")) && why.contains(&format!("map it onto {name}")),
        "{why}"
    );
    // An automorphism past the end of the list.
    let missing = list.len() as u32;
    let bad = with(cert, (k, i), vec![missing], list.clone());
    let (_, _, why) = refused(game, &bad);
    assert!(
        why.contains(&format!("automorphism {missing} is not in the file")),
        "{why}"
    );
}

#[test]
fn an_automorphism_that_moves_the_position_is_refused() {
    let (game, _, cert) = table();
    let (list, at) = permuted(cert);
    let spec = game.list().unwrap();
    let all = Group::of(spec);
    // Every element of the game's group (576), as the file writes them.
    let space = game.space().unwrap();
    let listed = spec.secrets();
    let as_file = |a: &codebreak_core::list_symmetry::Automorphism| {
        let place = |c: u32| listed.iter().position(|&x| x == c).unwrap();
        Automorphism {
            secrets: space
                .secrets()
                .iter()
                .map(|&c| listed[a.secrets[place(c)] as usize])
                .collect(),
            guesses: a.guesses.clone(),
        }
    };
    let generators: Vec<Automorphism> = all.generators().iter().map(as_file).collect();
    let mut elements = vec![Automorphism {
        secrets: space.secrets().to_vec(),
        guesses: (0..space.len() as u32).collect(),
    }];
    let mut i = 0;
    while i < elements.len() {
        for h in &generators {
            let e = &elements[i];
            let next = Automorphism {
                secrets: e
                    .secrets
                    .iter()
                    .map(|&c| h.secrets[space.secrets().binary_search(&c).unwrap()])
                    .collect(),
                guesses: e.guesses.iter().map(|&x| h.guesses[x as usize]).collect(),
            };
            if !elements.contains(&next) {
                elements.push(next);
            }
        }
        i += 1;
    }
    assert_eq!(elements.len(), 576);
    // A proof below the root, and an automorphism of the game that maps its guess onto an
    // earlier guess of the position but moves the position.
    let found = at.iter().find_map(|&(k, i)| {
        let c = &cert.claims[k];
        let g = c.guesses[i].guess;
        if c.secrets.len() == space.secrets().len() {
            return None;
        }
        elements
            .iter()
            .find(|a| {
                let o = a.guesses[g as usize];
                o < g
                    && c.secrets.binary_search(&o).is_ok()
                    && c.secrets.iter().any(|&x| {
                        let y = a.secrets[space.secrets().binary_search(&x).unwrap()];
                        c.secrets.binary_search(&y).is_err()
                    })
            })
            .map(|a| (k, i, a.clone()))
    });
    let (k, i, moving) = found.expect("some automorphism moves a position below the root");
    let mut extended = list.clone();
    extended.push(moving.clone());
    let mut bad = with(cert, (k, i), vec![list.len() as u32], extended);
    let g = bad.claims[k].guesses[i].guess;
    if let Why::Permuted(o, _, _) = &mut bad.claims[k].guesses[i].why {
        *o = moving.guesses[g as usize];
    }
    let (claim, position, why) = refused(game, &bad);
    assert_eq!(claim, k as u32);
    assert!(position.starts_with("after "), "{position}");
    assert!(why.contains("out of the position"), "{why}");
}

#[test]
fn peg_games_prove_no_guess_by_automorphisms() {
    let game = Game::new(&GameSpec::mastermind(3, 4)).unwrap();
    let (_, cert) = certified(&game, Objective::Expected, true);
    assert!(permuted(&cert).1.is_empty());
    assert!(
        cert.claims
            .iter()
            .flat_map(|c| &c.guesses)
            .any(|p| matches!(p.why, Why::Sym(..)))
    );
}
