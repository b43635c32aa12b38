//! The calibrated estimate against the timings it was fitted to (tests/data/optimal_timings.tsv):
//! the features it computes are those of the table, and every game that took long enough to
//! time (0.2 CPU seconds) took within the stated factor of its prediction.

use codebreak_core::{Game, GameSpec};
use codebreak_search::estimate::{Estimate, Features, UNCERTAINTY};
use codebreak_search::{Objective, SearchOptions};

#[test]
fn every_timed_game_is_within_the_stated_range() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/optimal_timings.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let c: Vec<&str> = line.split('\t').collect();
        let (id, spec) = (c[0], c[1]);
        let spec: GameSpec = serde_json::from_str(spec).unwrap();
        let game = Game::new(&spec).unwrap();
        let options = SearchOptions {
            objective: if c[2] == "worst" {
                Objective::Worst
            } else {
                Objective::Expected
            },
            ..Default::default()
        };
        let f = Features::of(&game, &options);
        let column = |i: usize| c[i].parse::<f64>().unwrap();
        assert_eq!(f.secrets, column(3), "{id}: secrets");
        assert_eq!(f.replies, column(5), "{id}: replies");
        assert_eq!(f.orbits, column(6), "{id}: first guesses up to symmetry");
        let predicted = Estimate::new(&f, 1).cpu_seconds;
        let (cpu, floor) = match c[7].strip_prefix('>') {
            Some(floor) => (floor.parse::<f64>().unwrap(), true),
            None => (column(7), false),
        };
        if cpu < 0.2 {
            continue; // mostly start-up: not fitted
        }
        assert!(
            cpu <= predicted * UNCERTAINTY && (floor || cpu >= predicted / UNCERTAINTY),
            "{id}: {}{cpu} CPU s, predicted {predicted:.3} (within x{UNCERTAINTY})",
            if floor { "more than " } else { "" }
        );
        checked += 1;
    }
    assert!(checked >= 15, "{checked} games checked");
}
