//! The automatic symmetry of list games: built-in games written as tables have at least the
//! hand-written group (its order divides theirs), every automorphism found preserves the
//! table, Wordle's group is trivial, and a search past its budget says so.

use std::sync::Arc;

use codebreak_core::list_symmetry::{Group, Stabilisers};
use codebreak_core::{End, Game, GameKind, GameSpec, ListGame, ListParts, ListRule};
use proptest::prelude::*;

#[path = "support/coins.rs"]
mod coins_game;
use coins_game::coins;

fn table_of(spec: &GameSpec) -> ListGame {
    ListGame::from_game(&Game::new(spec).unwrap()).unwrap()
}

fn factorial(n: u32) -> u128 {
    (1..=u128::from(n)).product()
}

fn spec(kind: GameKind, pegs: u32, colors: u32) -> GameSpec {
    GameSpec {
        kind,
        pegs: Some(pegs),
        colors: Some(colors),
        ..GameSpec::default()
    }
}

/// The hand-written group of a peg game at the root renames colours and permutes pegs:
/// p!·c! elements, a subgroup of the table's group, so its order divides the table's.
#[test]
fn tables_of_peg_games_have_the_hand_written_group() {
    for (kind, p, c) in [
        (GameKind::Mastermind, 3, 3),
        (GameKind::Mastermind, 2, 4),
        (GameKind::Bulls, 3, 5),
        (GameKind::BlackPeg, 3, 3),
    ] {
        let list = table_of(&spec(kind, p, c));
        let group = Group::of(&list);
        assert!(group.is_complete(), "{kind:?} {p}x{c}");
        let hand = factorial(p) * factorial(c);
        let order = group.order().unwrap();
        assert_eq!(order % hand, 0, "{kind:?} {p}x{c}: {order} vs {hand}");
        for a in group.generators() {
            assert!(a.preserves(&list, &[]), "{kind:?} {p}x{c}");
        }
    }
}

/// Coins: any renaming of the coins, and the mirror (heavy and light exchanged, the pans
/// read the other way), 2·n! elements at least.
#[test]
fn coins_have_renamings_and_the_mirror() {
    for n in 3..=6 {
        let list = coins(n);
        let group = Group::of(&list);
        assert!(group.is_complete());
        let hand = 2 * factorial(n as u32);
        let order = group.order().unwrap();
        assert_eq!(order % hand, 0, "{n} coins: {order}");
        for a in group.generators() {
            assert!(a.preserves(&list, &[]));
        }
    }
}

/// A stabiliser keeps the classes of the guesses played: its generators preserve their
/// replies, and it is a subgroup (its order divides the game's).
#[test]
fn stabilisers_keep_the_guesses_played() {
    let list = Arc::new(table_of(&GameSpec::mastermind(3, 4)));
    let all = Group::of(&list).order().unwrap();
    let stab = Stabilisers::new(list.clone());
    for history in [vec![0u32], vec![1], vec![5, 22], vec![22, 5]] {
        let group = stab.of(&history);
        assert!(group.is_complete());
        assert_eq!(all % group.order().unwrap(), 0);
        for a in group.generators() {
            assert!(a.preserves(&list, &history));
        }
    }
    // 000 is fixed by every colour renaming that fixes colour 0 and every peg order.
    assert_eq!(stab.of(&[0]).order(), Some(factorial(3) * factorial(3)));
}

/// The groups fixing more guesses, found by filtering a listed group's elements, are those a
/// new search finds: same order, same orbits (MM 3x4 and distinct MM 3x4 as tables, whose
/// guesses with repeats split the secrets alike in pairs).
#[test]
fn filtered_stabilisers_equal_searched_ones() {
    for spec in [
        GameSpec::mastermind(3, 4),
        GameSpec {
            distinct_secret: true,
            ..GameSpec::mastermind(3, 4)
        },
    ] {
        let list = Arc::new(table_of(&spec));
        let stab = Stabilisers::new(list.clone());
        for history in [
            vec![0u32, 1],
            vec![1, 6],
            vec![6, 27],
            vec![27, 6, 40],
            vec![5, 22],
        ] {
            let fast = stab.of(&history);
            let slow = Group::fixing(&list, &history, u64::MAX);
            assert!(fast.is_complete() && slow.is_complete());
            assert_eq!(fast.order(), slow.order(), "{history:?}");
            for g in 0..list.guess_count() as u32 {
                assert_eq!(fast.orbit_of(g), slow.orbit_of(g), "{history:?} guess {g}");
            }
            for a in fast.generators() {
                assert!(a.preserves(&list, &history));
            }
        }
    }
}

/// Wordle's table has no symmetry, and refinement proves it at once.
#[test]
fn wordle_is_trivial() {
    let game = Game::new(&GameSpec {
        kind: GameKind::Wordle,
        ..GameSpec::default()
    })
    .unwrap();
    let group = Group::of(game.list().unwrap());
    assert!(group.is_complete());
    assert_eq!(group.order(), Some(1));
    assert!(group.is_trivial());
}

/// A Wordle game with few secrets and guesses that split them alike: the secrets are told
/// apart by their own rows, and the group is that of the duplicates, each class's
/// factorial, as counted here by comparing every two guesses' splits.
#[test]
fn wordle_duplicates_make_the_group() {
    let word = |t: &str| -> [u8; 5] { t.as_bytes().try_into().unwrap() };
    let secrets: Vec<[u8; 5]> = ["salet", "crane", "pious", "dumpy"]
        .iter()
        .map(|t| word(t))
        .collect();
    let mut guesses = secrets.clone();
    for t in [
        "whiff", "jiffy", "fizzy", "vivid", "kiosk", "bowls", "lasts", "trace", "nymph", "gawky",
        "mummy", "oxbow", "quick", "hyped", "zebra", "cache", "brown",
    ] {
        guesses.push(word(t));
    }
    let list = codebreak_core::wordle::list_game(
        "few".into(),
        String::new(),
        &guesses,
        &secrets,
        End::Guess,
        false,
    )
    .unwrap();
    // Each guess's split: the secrets' replies, renamed by first appearance.
    let s = secrets.len();
    let splits: Vec<Vec<u8>> = (0..guesses.len())
        .map(|g| {
            let row = &list.table()[g * s..(g + 1) * s];
            let mut names = Vec::new();
            row.iter()
                .map(|r| match names.iter().position(|n| n == r) {
                    Some(i) => i as u8,
                    None => {
                        names.push(*r);
                        (names.len() - 1) as u8
                    }
                })
                .collect()
        })
        .collect();
    let mut expected = 1u128;
    let mut seen = vec![false; guesses.len()];
    for g in s..guesses.len() {
        if seen[g] {
            continue;
        }
        let alike: Vec<usize> = (g..guesses.len())
            .filter(|&h| splits[h] == splits[g])
            .collect();
        for &h in &alike {
            seen[h] = true;
        }
        expected *= factorial(alike.len() as u32);
    }
    assert!(expected > 1, "the test needs duplicates");
    let group = Group::of(&list);
    assert!(group.is_complete());
    assert_eq!(group.order(), Some(expected));
}

/// A search past its budget stops, keeps what it found, and says so.
#[test]
fn budget_stops_the_search() {
    let list = table_of(&GameSpec::mastermind(3, 5));
    let full = Group::of(&list);
    assert!(full.is_complete());
    let cut = Group::fixing(&list, &[], full.work() / 2);
    assert!(!cut.is_complete());
    assert!(cut.describe().contains("at least"));
    for a in cut.generators() {
        assert!(a.preserves(&list, &[]));
    }
    assert!(cut.log2_order() < full.log2_order());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    /// Random tables with planted symmetry (columns repeated under a permutation) or none:
    /// every automorphism found preserves the table.
    #[test]
    fn automorphisms_preserve_random_tables(
        g in 2usize..12, s in 2usize..10, replies in 2u8..4, seed in any::<u64>(), planted in any::<bool>()
    ) {
        let mut x = seed | 1;
        let mut next = || { x ^= x << 13; x ^= x >> 7; x ^= x << 17; x };
        let half = s.div_ceil(2);
        let mut table = vec![0u8; g * s];
        for gi in 0..g {
            for k in 0..s {
                let src = if planted { k % half } else { k };
                table[gi * s + k] = if planted && k >= half {
                    table[gi * s + src]
                } else {
                    (next() % u64::from(replies)) as u8
                };
            }
        }
        let list = ListGame::new(ListParts {
            name: "random".into(),
            rule: Some(ListRule::Table),
            end: End::Known,
            guesses: (0..g).map(|i| format!("g{i}")).collect(),
            secrets: (0..s).map(|i| format!("s{i}")).collect(),
            replies: (0..replies).map(|r| format!("r{r}")).collect(),
            table,
            ..ListParts::default()
        });
        // Secrets that no guess tells apart make the game invalid: nothing to check then.
        if let Ok(list) = list {
            let group = Group::of(&list);
            prop_assert!(group.is_complete());
            for a in group.generators() {
                prop_assert!(a.preserves(&list, &[]));
            }
            let fixed = [0u32];
            let stab = Group::fixing(&list, &fixed, u64::MAX);
            for a in stab.generators() {
                prop_assert!(a.preserves(&list, &fixed));
            }
        }
    }
}
