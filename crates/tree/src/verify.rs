//! The independent checker: replays every secret through a tree using only the game's rules.

use codebreak_core::Game;
use serde::Serialize;

use crate::Node;
use crate::error::VerifyError;

/// Longest path the checker follows before calling a tree broken.
const MAX_PATH: usize = 10_000;

/// Figures recomputed from a tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// Secrets replayed.
    pub secrets: u64,
    /// Guesses needed in all.
    pub total: u64,
    /// Most guesses any secret needs.
    pub worst: usize,
    /// `histogram[k]` secrets need exactly `k` guesses (index 0 unused).
    pub histogram: Vec<u64>,
}

/// Replays every secret of `game` through the tree rooted at `root`. Fails at the first secret
/// (in the game's order) the tree does not find.
pub fn verify(game: &Game, root: &Node) -> Result<VerifyReport, VerifyError> {
    let space = game.space().map_err(|e| VerifyError {
        secret: "-".into(),
        path: String::new(),
        why: e.to_string(),
    })?;
    let win = game.win();
    let mut report = VerifyReport {
        secrets: 0,
        total: 0,
        worst: 0,
        histogram: vec![0],
    };
    for &s in space.secrets() {
        let secret = space.code(s);
        let mut node = root;
        let mut path: Vec<String> = Vec::new();
        let mut guesses = 0usize;
        loop {
            guesses += 1;
            let fb = game.score(&secret, &node.guess);
            path.push(format!(
                "{} {}",
                game.format_code(&node.guess),
                game.format_feedback(fb)
            ));
            if fb == win {
                break;
            }
            let next = node.branch(fb);
            let fail = |why: String| VerifyError {
                secret: game.format_code(&secret),
                path: path.join(", "),
                why,
            };
            match next {
                Some(n) if guesses < MAX_PATH => node = n,
                Some(_) => return Err(fail(format!("more than {MAX_PATH} guesses"))),
                None if node.branches.is_empty() => {
                    return Err(fail(format!(
                        "the tree ends at guess {}, which is not the secret",
                        game.format_code(&node.guess)
                    )));
                }
                None => {
                    return Err(fail(format!(
                        "guess {} has no branch for reply {}",
                        game.format_code(&node.guess),
                        game.format_feedback(fb)
                    )));
                }
            }
        }
        report.secrets += 1;
        report.total += guesses as u64;
        report.worst = report.worst.max(guesses);
        if report.histogram.len() <= guesses {
            report.histogram.resize(guesses + 1, 0);
        }
        report.histogram[guesses] += 1;
    }
    Ok(report)
}
