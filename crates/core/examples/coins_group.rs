//! Times the automorphism search on the counterfeit-coin game with `n` coins, built in memory
//! (every weighing once, the lowest coin on the left pan; replies `<`, `=`, `>`): the part of
//! `optimal --game-file examples/games/coins.toml --set COINS=n` that finds the symmetry.
//!
//! `cargo run --release -p codebreak-core --example coins_group -- 16` prints the group, the
//! time it took and the work (table entries read).

use codebreak_core::list_symmetry::Group;

#[path = "../tests/support/coins.rs"]
mod coins_game;
use coins_game::coins;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("a number of coins, 2 to 20"))
        .unwrap_or(16);
    assert!((2..=20).contains(&n), "a number of coins, 2 to 20");
    let start = std::time::Instant::now();
    let list = coins(n);
    println!(
        "{n} coins: {} weighings, {} secrets, built in {:.2} s",
        list.guess_count(),
        list.secrets().len(),
        start.elapsed().as_secs_f64()
    );
    let group = Group::of(&list);
    println!(
        "{} ({} generators, {} table entries read)",
        group.describe(),
        group.generators().len(),
        group.work()
    );
}
