//! A history whose secrets are too rare for random descents of the search to meet, yet too
//! many to count: the hint must end (not search for hours) and say only what it knows.

use std::time::Duration;

use codebreak_core::{GameKind, GameSpec};
use codebreak_session::reasoned::{Budget, HintOptions, ReasonedGame, engine, hint};

#[test]
fn a_count_too_rare_to_estimate_gives_bounds_and_ends() {
    let spec = GameSpec {
        kind: GameKind::BlackPeg,
        pegs: Some(32),
        colors: Some(10),
        ..GameSpec::default()
    };
    let game = ReasonedGame::new(&spec).unwrap();
    let clues = game.parse_history(include_str!("data/rare32.txt")).unwrap();
    // Smaller effort than the defaults, so that the test runs in seconds unoptimised.
    let mut options = HintOptions {
        show: 3,
        ..HintOptions::default()
    };
    options.count = engine::CountOptions {
        search_nodes: 20_000,
        dp_states: 20_000,
        probes: 500,
        ..engine::CountOptions::default()
    };
    options.play.sample = 20;
    options.play.sampling.list_nodes = 20_000;
    options.play.sampling.local_steps = 2_000;
    options.play.sampling.dp_states = 20_000;
    let budget = Budget::default().with_timeout(Duration::from_secs(300));
    let h = hint(&game, &clues, &options, &budget).unwrap();
    let r = &h.remaining;
    assert!(!r.exact && r.count.is_none(), "{r:?}");
    // Three secrets were listed, so at least three fit; the bound is the propagated domains'.
    assert_eq!(h.secrets.len(), 3);
    assert_eq!(r.low, Some(3.0));
    assert!(r.high.unwrap() > 1e20, "{r:?}");
    assert!(
        r.method.as_deref().unwrap().contains("random descents"),
        "{r:?}"
    );
    assert!(
        r.to_string().starts_with("at least 3 secrets, at most"),
        "{r}"
    );
    let solver = engine::Solver::new(*game.game(), &clues).unwrap();
    for s in &h.secrets {
        let code = game.game().parse_code(s, game.alphabet()).unwrap();
        assert!(solver.fits(&code), "{s}");
    }
    assert!(h.guess.is_some());
}
