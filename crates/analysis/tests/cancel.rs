//! The cancel flag of `analyze_cancellable` (the Python package's Ctrl-C) stops an analysis.

use std::sync::atomic::AtomicBool;

use codebreak_analysis::{AnalysisError, analyze_cancellable};
use codebreak_core::{AnyEngine, Game, GameSpec};
use codebreak_strategy::{AnyStrategy, StrategyOptions};

#[test]
fn a_set_cancel_flag_interrupts_and_a_clear_one_does_not() {
    let game = Game::new(&GameSpec::mastermind(3, 4)).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let s = AnyStrategy::new(
        "minimax",
        &StrategyOptions::default(),
        &game,
        engine.space(),
    )
    .unwrap();
    let stopped = analyze_cancellable(&engine, &s, None, &AtomicBool::new(true));
    assert!(matches!(stopped, Err(AnalysisError::Interrupted)));
    let done = analyze_cancellable(&engine, &s, None, &AtomicBool::new(false)).unwrap();
    assert_eq!(done.figures.secrets, 64);
}
