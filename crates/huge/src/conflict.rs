//! Contradictions: when no secret fits, which clues already contradict each other.

use crate::budget::Budget;
use crate::error::Stopped;
use crate::game::Clue;
use crate::solver::Solver;

/// Clues that no secret can satisfy together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// Zero-based indices into the history, increasing.
    pub clues: Vec<usize>,
    /// How far the set was reduced.
    pub quality: ConflictQuality,
}

/// How small a [`Conflict`] is known to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConflictQuality {
    /// No smaller set of clues contradicts itself (every smaller subset was tried).
    Smallest,
    /// Dropping any one clue leaves a set some secret fits (irreducible), but a smaller
    /// conflicting set elsewhere in the history was not ruled out.
    Minimal,
    /// Some clue could not be shown necessary within the budget: a conflict, perhaps not a
    /// minimal one.
    Reduced,
}

/// Tunables of [`Solver::conflict`].
#[derive(Clone, Debug)]
pub struct ConflictOptions {
    /// Most search nodes for one consistency check; a check that runs out keeps its clue.
    /// Default 1,000,000; any value.
    pub check_nodes: u64,
    /// Most subsets tried in the search for a smallest conflict after the minimal one is
    /// found. Default 20,000; 0 skips it.
    pub subsets: u64,
}

impl Default for ConflictOptions {
    fn default() -> ConflictOptions {
        ConflictOptions {
            check_nodes: 1_000_000,
            subsets: 20_000,
        }
    }
}

/// Whether a set of clues is consistent: `Some(true)` yes, `Some(false)` no, `None` unknown
/// within the budget.
type Check<'a> = dyn Fn(&[usize]) -> Result<Option<bool>, Stopped> + 'a;

impl Solver {
    /// When no secret fits, a set of clues that already contradict each other; `None` when
    /// some secret fits.
    ///
    /// Deletion-based: starting from the whole history, each clue in turn is dropped if the
    /// rest still contradict each other, which leaves an irreducible set. Then, within
    /// [`ConflictOptions::subsets`], every smaller subset is tried, smallest first, so that
    /// the answer is a smallest conflict when that search ends.
    ///
    /// ```
    /// use codebreak_huge::{Budget, Clue, Family, Game, Reply, Solver, conflict::*};
    /// let game = Game::new(Family::BlackPeg, 4, 6, false).unwrap();
    /// let g = |c: [u8; 4]| game.code(&c).unwrap();
    /// let clues = [
    ///     Clue::new(g([0, 1, 2, 3]), Reply::new(1, 0)),
    ///     Clue::new(g([0, 0, 0, 0]), Reply::new(2, 0)),
    ///     Clue::new(g([5, 5, 5, 5]), Reply::new(3, 0)),
    /// ];
    /// let solver = Solver::new(game, &clues).unwrap();
    /// let conflict = solver.conflict(&ConflictOptions::default(), &Budget::default()).unwrap().unwrap();
    /// assert_eq!(conflict.clues, vec![1, 2]);
    /// assert_eq!(conflict.quality, ConflictQuality::Smallest);
    /// ```
    pub fn conflict(
        &self,
        options: &ConflictOptions,
        budget: &Budget,
    ) -> Result<Option<Conflict>, Stopped> {
        let check = budget.limited(Some(options.check_nodes));
        // Some(true): consistent; Some(false): contradictory; None: unknown within the budget.
        let consistent = |set: &[usize]| -> Result<Option<bool>, Stopped> {
            let clues: Vec<Clue> = set.iter().map(|&i| self.clues()[i]).collect();
            let solver = Solver::new(self.game(), &clues).expect("clues of a checked history");
            match solver.exists(&check) {
                Ok(b) => Ok(Some(b)),
                Err(Stopped::Limit(_)) => Ok(None),
                Err(e) => Err(e),
            }
        };
        let all: Vec<usize> = (0..self.clues().len()).collect();
        if self.exists(budget)? {
            return Ok(None);
        }
        let mut set = all.clone();
        let mut quality = ConflictQuality::Minimal;
        let mut i = 0;
        while i < set.len() {
            let mut without = set.clone();
            without.remove(i);
            match consistent(&without)? {
                Some(false) => set = without,
                Some(true) => i += 1,
                None => {
                    quality = ConflictQuality::Reduced;
                    i += 1;
                }
            }
        }
        if quality == ConflictQuality::Minimal {
            let mut tried = 0u64;
            if let Some(smaller) =
                self.smallest(&all, set.len(), options.subsets, &mut tried, &consistent)?
            {
                return Ok(Some(Conflict {
                    clues: smaller,
                    quality: ConflictQuality::Smallest,
                }));
            }
            if tried <= options.subsets {
                quality = ConflictQuality::Smallest;
            }
        }
        Ok(Some(Conflict {
            clues: set,
            quality,
        }))
    }

    /// The first contradictory subset of fewer than `size` clues, smallest first, trying at
    /// most `max` subsets (`tried` counts them; past `max` the search gave up).
    fn smallest(
        &self,
        all: &[usize],
        size: usize,
        max: u64,
        tried: &mut u64,
        consistent: &Check<'_>,
    ) -> Result<Option<Vec<usize>>, Stopped> {
        for k in 1..size {
            let mut idx: Vec<usize> = (0..k).collect();
            loop {
                *tried += 1;
                if *tried > max {
                    return Ok(None);
                }
                let subset: Vec<usize> = idx.iter().map(|&j| all[j]).collect();
                if consistent(&subset)? == Some(false) {
                    return Ok(Some(subset));
                }
                // Next combination of k indices below all.len().
                let mut j = k;
                while j > 0 && idx[j - 1] == all.len() - k + j - 1 {
                    j -= 1;
                }
                if j == 0 {
                    break;
                }
                idx[j - 1] += 1;
                for t in j..k {
                    idx[t] = idx[t - 1] + 1;
                }
            }
        }
        Ok(None)
    }
}
