//! `codebreak_session::reasoned::ReasonedGame::parse_history` on arbitrary text, then the engine of
//! games too large to list on what it reads, checked against brute force on small games.
//!
//! The first three bytes choose the game (family, pegs, colours); the rest is the history.
//! Properties: a refusal is a one-line message; on a game of at most 4096 codes, `find` finds
//! a secret exactly when brute force does, and it fits every clue; every count path (the
//! quick search, random descents, the dynamic programme, the estimates, each forced by tiny
//! limits) gives the brute-force count when it says it is exact, and otherwise an estimate
//! within its own interval, under the domains' upper bound, and zero where no secret fits.
//! Larger games (up to 32 pegs) are parsed and searched under a node budget, without panic.
#![no_main]

use codebreak_core::{GameKind, GameSpec};
use codebreak_fuzz::one_line;
use codebreak_session::reasoned::{Budget, Count, ReasonedGame, engine};
use libfuzzer_sys::fuzz_target;

/// Largest game checked against brute force.
const MAX_CODES: u128 = 4096;

fuzz_target!(|data: &[u8]| {
    let [family, pegs, colors, rest @ ..] = data else {
        return;
    };
    let kind = [GameKind::Mastermind, GameKind::BlackPeg, GameKind::Bulls][usize::from(family % 3)];
    let spec = GameSpec {
        kind,
        pegs: Some(u32::from(pegs % 32) + 1),
        colors: Some(u32::from(colors % 12) + 1),
        distinct_secret: family & 0x80 != 0,
        ..GameSpec::default()
    };
    let game = match ReasonedGame::new(&spec) {
        Ok(g) => g,
        Err(e) => return one_line(&e.to_string()),
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let clues = match game.parse_history(text) {
        Ok(c) => c,
        Err(e) => return one_line(&e.to_string()),
    };
    let solver = match engine::Solver::new(*game.game(), &clues) {
        Ok(s) => s,
        Err(e) => return one_line(&e.to_string()),
    };
    let small = game.game().codes().is_some_and(|n| n <= MAX_CODES);
    if !small {
        let budget = Budget::default().with_limit(20_000);
        if let Ok(Some(code)) = solver.find(&budget) {
            assert!(solver.fits(&code));
        }
        return;
    }
    let fitting = brute(game.game(), &solver);
    let budget = Budget::default();
    let found = solver.find(&budget).expect("no limit");
    assert_eq!(found.is_some(), fitting > 0, "{text:?}");
    if let Some(code) = found {
        assert!(solver.fits(&code));
    }
    let bound = solver.upper_bound();
    assert!(bound >= fitting as f64, "{bound} < {fitting}");
    for (search_nodes, dp_states, exact_nodes) in [(1, 1, u64::MAX), (1, 1, 0), (64, 1 << 20, 0)] {
        let options = engine::CountOptions {
            search_nodes,
            dp_states,
            exact_nodes,
            probes: 64,
            draws: 64,
            ..engine::CountOptions::default()
        };
        match solver.count(&options, &budget).expect("no limit") {
            Count::Exact(n) => assert_eq!(n, fitting as u128, "{text:?}"),
            Count::Estimate(e) => {
                assert!(e.low <= e.value && e.value <= e.high, "{e:?}");
                assert!(e.high <= bound + 1e-6 * bound.max(1.0), "{e:?} over {bound}");
                if fitting == 0 {
                    assert_eq!(e.value, 0.0, "{text:?}: {e:?}");
                }
            }
        }
    }
});

/// How many codes of a small game fit every clue, by trying each.
fn brute(game: &engine::Game, solver: &engine::Solver) -> u64 {
    let (n, k) = (usize::from(game.pegs()), game.colors());
    let mut digits = vec![0u8; n];
    let mut count = 0;
    loop {
        let code = game.code(&digits).expect("a code of the game");
        count += u64::from(game.is_secret(&code) && solver.fits(&code));
        let mut i = 0;
        loop {
            if i == n {
                return count;
            }
            digits[i] += 1;
            if digits[i] < k {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}
