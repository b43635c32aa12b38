//! The counterfeit-coin game with `n` coins, built in memory: every weighing once (pans of
//! equal size, disjoint, the lowest coin on the left), replies `<`, `=`, `>`, ending when the
//! odd coin and its weight are known. Shared by the core symmetry tests, the `coins_group`
//! example and the search crate's brute-force tests (included with `#[path]`).

use codebreak_core::list::{End, ListGame, ListParts, ListRule};

/// Every weighing (left pan, right pan) of `n` coins once: pans of equal size, disjoint, the
/// lowest coin on the left.
fn weighings(n: usize) -> Vec<(u32, u32)> {
    fn place(i: usize, n: usize, l: u32, r: u32, out: &mut Vec<(u32, u32)>) {
        if i == n {
            if l != 0 && l.count_ones() == r.count_ones() {
                out.push((l, r));
            }
            return;
        }
        let (nl, nr) = (l.count_ones() as usize, r.count_ones() as usize);
        if nl.abs_diff(nr) > n - i {
            return;
        }
        place(i + 1, n, l, r, out);
        place(i + 1, n, l | 1 << i, r, out);
        if l != 0 {
            place(i + 1, n, l, r | 1 << i, out);
        }
    }
    let mut out = Vec::new();
    place(0, n, 0, 0, &mut out);
    out.sort_unstable();
    out
}

/// The game with `n` coins (2 to 20).
pub fn coins(n: usize) -> ListGame {
    let guesses = weighings(n);
    let name = |i: usize| char::from(b'a' + i as u8);
    let text = |m: u32| -> String { (0..n).filter(|i| m >> i & 1 == 1).map(name).collect() };
    let mut table = Vec::with_capacity(guesses.len() * 2 * n);
    for &(l, r) in &guesses {
        for coin in 0..n {
            let side = i32::from(l >> coin & 1 == 1) - i32::from(r >> coin & 1 == 1);
            for heavy in [true, false] {
                table.push(match (side, heavy) {
                    (0, _) => 1,
                    (1, true) | (-1, false) => 2,
                    _ => 0,
                });
            }
        }
    }
    ListGame::new(ListParts {
        name: format!("{n} coins"),
        rule: Some(ListRule::Table),
        end: End::Known,
        guesses: guesses
            .iter()
            .map(|&(l, r)| format!("{}-{}", text(l), text(r)))
            .collect(),
        secrets: (0..n)
            .flat_map(|c| [format!("{}+", name(c)), format!("{}-", name(c))])
            .collect(),
        replies: vec!["<".into(), "=".into(), ">".into()],
        table,
        ..ListParts::default()
    })
    .expect("a valid game")
}
