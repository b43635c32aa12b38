//! `GameSpec` from arbitrary JSON and from arbitrary field values, validated by `Game::new`.
//!
//! Properties: a spec survives a JSON round trip; `Game::new` either refuses it with a
//! one-line message or gives a game that keeps every field the spec set, whose own spec
//! (`Game::spec`) validates to an equal game (same spec, counts, name and reply space), and
//! whose code counts match a brute-force enumeration (and the code space) when small.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use codebreak_core::{Game, GameKind, GameSpec, Order, Role};
use codebreak_fuzz::one_line;
use libfuzzer_sys::fuzz_target;

/// Largest game whose codes are enumerated to check the counts.
const ENUMERATE: u128 = 5000;

#[derive(Arbitrary, Debug)]
enum Num {
    Small(u8),
    Any(u32),
}

#[derive(Arbitrary, Debug)]
struct Fields {
    kind: u8,
    pegs: Option<Num>,
    colors: Option<Num>,
    size: Option<Num>,
    distinct_secret: bool,
    distinct_guess: bool,
    alphabet: Option<String>,
    swap: bool,
    hard: bool,
}

impl Fields {
    fn spec(self) -> GameSpec {
        let num = |n: Option<Num>| {
            n.map(|n| match n {
                Num::Small(v) => v as u32,
                Num::Any(v) => v,
            })
        };
        GameSpec {
            kind: [
                GameKind::Mastermind,
                GameKind::Bulls,
                GameKind::BlackPeg,
                GameKind::TwoD,
                GameKind::Custom,
            ][self.kind as usize % 5],
            pegs: num(self.pegs),
            colors: num(self.colors),
            size: num(self.size),
            distinct_secret: self.distinct_secret,
            distinct_guess: self.distinct_guess,
            alphabet: self.alphabet,
            order: if self.swap { Order::Swap } else { Order::Lex },
            hard: self.hard,
            // Wordle is reached through the JSON path; a custom game needs its file.
            ..GameSpec::default()
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(spec) = serde_json::from_slice::<GameSpec>(data) {
        check(&spec);
    }
    if let Ok(fields) = Fields::arbitrary(&mut Unstructured::new(data)) {
        check(&fields.spec());
    }
});

fn check(spec: &GameSpec) {
    let json = serde_json::to_string(spec).expect("a spec serialises");
    let back: GameSpec = serde_json::from_str(&json).expect("a written spec reads back");
    assert_eq!(&back, spec, "{json}");
    let game = match Game::new(spec) {
        Ok(game) => game,
        Err(e) => return one_line(&e.to_string()),
    };
    let twod = game.kind() == GameKind::TwoD;
    assert_eq!(game.kind(), spec.kind);
    if let Some(p) = spec.pegs {
        assert_eq!(game.pegs() as u32, p);
    }
    if let Some(c) = spec.colors.or(spec.size) {
        assert_eq!(game.colors() as u32, c);
    }
    if let Some(a) = &spec.alphabet {
        assert_eq!(&game.alphabet().to_string(), a);
    }
    assert_eq!(game.alphabet().len(), game.colors());
    assert_eq!(game.order(), spec.order);
    assert!(game.distinct_secret() || !game.distinct_guess());
    if !twod && spec.kind != GameKind::Bulls {
        assert_eq!(game.distinct_secret(), spec.distinct_secret);
        assert_eq!(game.distinct_guess(), spec.distinct_guess);
    }
    let full = game.spec();
    let again = Game::new(&full).unwrap_or_else(|e| panic!("{full:?} of {game} refused: {e}"));
    assert_eq!(again.spec(), full);
    assert_eq!(again.to_string(), game.to_string());
    assert_eq!(again.feedback(), game.feedback());
    assert_eq!(again.has_peg_symmetry(), game.has_peg_symmetry());
    for role in [Role::Guess, Role::Secret] {
        assert_eq!(again.count(role), game.count(role));
    }
    let json = serde_json::to_string(&full).expect("a spec serialises");
    assert_eq!(
        serde_json::from_str::<GameSpec>(&json).ok(),
        Some(full.clone())
    );
    let (guesses, secrets) = (game.count(Role::Guess), game.count(Role::Secret));
    assert!(
        secrets <= guesses && secrets >= 1,
        "{game}: {secrets} secrets"
    );
    let all = (game.colors() as u128).checked_pow(game.pegs() as u32);
    if all.is_some_and(|n| n <= ENUMERATE) {
        let (mut g, mut s) = (0u128, 0u128);
        let (pegs, colors) = (game.pegs(), game.colors());
        let mut code = vec![0usize; pegs];
        loop {
            let distinct = (1..pegs).all(|i| !code[..i].contains(&code[i]));
            g += u128::from(distinct || !game.distinct_guess());
            s += u128::from(distinct || !game.distinct_secret());
            // Next code, as an odometer.
            let mut i = 0;
            while i < pegs && code[i] + 1 == colors {
                code[i] = 0;
                i += 1;
            }
            if i == pegs {
                break;
            }
            code[i] += 1;
        }
        assert_eq!((g, s), (guesses, secrets), "{game}");
        let space = game.space().expect("a small game enumerates");
        assert_eq!(space.len() as u128, guesses, "{game}");
        assert_eq!(space.secrets().len() as u128, secrets, "{game}");
    }
}
