//! What a running search reports: the best strategy found so far for the whole game (the
//! upper bound a progress display shows), and its checkpoints.

use codebreak_core::{AnyEngine, Game, GameSpec};
use codebreak_search::{Objective, Search, SearchError, SearchOptions};

fn engine() -> AnyEngine {
    AnyEngine::new(&Game::new(&GameSpec::mastermind(4, 6)).unwrap()).unwrap()
}

#[test]
fn the_best_so_far_is_an_upper_bound_that_ends_at_the_optimum() {
    let engine = engine();
    // Stopped early, the search already holds a complete strategy (the greedy one, or
    // better): at least the optimum.
    let stopped = Search::new(
        &engine,
        SearchOptions {
            node_limit: Some(2000),
            ..Default::default()
        },
        false,
    )
    .unwrap();
    assert!(stopped.status().best().is_none());
    assert!(matches!(stopped.run(), Err(SearchError::Interrupted)));
    let (total, worst) = stopped.status().best().expect("a bound after 2000 nodes");
    assert!(
        (5625..6000).contains(&total) && worst >= 5,
        "{total} {worst}"
    );
    // Run to the end, it is the optimum.
    for (objective, want) in [(Objective::Expected, 5625), (Objective::Worst, 5626)] {
        let s = Search::new(
            &engine,
            SearchOptions {
                objective,
                ..Default::default()
            },
            false,
        )
        .unwrap();
        let solution = s.run().unwrap();
        assert_eq!(solution.total, want);
        assert_eq!(
            s.status().best(),
            Some((solution.total, solution.worst as u64)),
            "{objective:?}"
        );
    }
}

#[test]
fn checkpoints_are_written_atomically_and_resume() {
    let engine = engine();
    let dir = std::env::temp_dir().join(format!("codebreak-status-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mm46.ckpt");
    let options = SearchOptions {
        node_limit: Some(20_000),
        ..Default::default()
    };
    let s = Search::new(&engine, options, false).unwrap();
    assert!(matches!(s.run(), Err(SearchError::Interrupted)));
    let saved = s.save_checkpoint(&path).unwrap();
    assert!(saved > 0);
    assert!(!codebreak_search::tmp_path(&path).exists());
    let resumed = Search::new(&engine, SearchOptions::default(), false).unwrap();
    assert_eq!(resumed.load_checkpoint(&path).unwrap(), saved);
    assert_eq!(resumed.run().unwrap().total, 5625);
    // A damaged copy is refused and loads nothing.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 20;
    bytes[last] ^= 0x80;
    std::fs::write(&path, &bytes).unwrap();
    let fresh = Search::new(&engine, SearchOptions::default(), false).unwrap();
    let err = fresh.load_checkpoint(&path).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("checkpoint {} is damaged: ", path.display())),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// While the search runs, the status shows the most promising first guess being worked on:
/// how many of its classes are solved and the least it can still cost. Nothing once done.
#[test]
fn the_first_guess_being_worked_on_is_shown() {
    let engine = engine();
    let s = Search::new(&engine, SearchOptions::default(), false).unwrap();
    let done = std::sync::atomic::AtomicBool::new(false);
    let seen = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut seen = Vec::new();
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                seen.extend(s.status().first_guess());
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            seen
        });
        assert_eq!(s.run().unwrap().total, 5625);
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        watcher.join().unwrap()
    });
    assert!(!seen.is_empty(), "no first guess seen while searching");
    for f in &seen {
        // MM(4,6): 13 replies besides the win; every secret needs the first guess, and all
        // but the one it finds at least one more.
        assert!(f.solved <= f.classes && f.classes <= 13, "{f:?}");
        assert!(f.at_least >= 1296 + 1295, "{f:?}");
        assert!(f.of > 0 && f.rank < f.of, "{f:?}");
        assert!(f.solved > 0 || f.solved_total == 0, "{f:?}");
    }
    assert!(seen.iter().any(|f| f.solved > 0), "no class seen solved");
    assert_eq!(s.status().first_guess(), None);
}
