//! The independent checker: replays every secret through a tree using only the game's rules.
//!
//! Replies are computed by the slow reference scorer ([`codebreak_core::reference::score`],
//! which marks pegs one by one as a person does at the table), not by the bit-mask kernel that
//! the strategies and the exact search use, so a bug in that kernel cannot make a tree look
//! right. It stays fast: Bulls and Cows 4 of 10 (5040 secrets, 26 274 replies) replays in a few
//! milliseconds in a release build.

use std::collections::HashSet;

use codebreak_core::{Code, Feedback, Game, reference};
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
    /// Branches no secret reaches (only with [`DeadBranches::Report`]; otherwise the first one
    /// is an error), in the tree's order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dead_branches: Vec<DeadBranch>,
}

/// A branch for a reply that never occurs after its path: no secret reaches it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeadBranch {
    /// The guesses and replies before the guess, e.g. `1122 1B0W, 3456 0B1W` (empty at the
    /// root).
    pub before: String,
    /// The guess whose branch it is.
    pub guess: String,
    /// The reply that never occurs there.
    pub reply: String,
}

impl DeadBranch {
    /// The whole path to the branch, in the form of [`VerifyError::path`]:
    /// `1122 1B0W, 3456 0B4W`.
    pub fn path(&self) -> String {
        if self.before.is_empty() {
            format!("{} {}", self.guess, self.reply)
        } else {
            format!("{}, {} {}", self.before, self.guess, self.reply)
        }
    }
}

impl std::fmt::Display for DeadBranch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "reply {} to guess {}", self.reply, self.guess)?;
        if self.before.is_empty() {
            write!(f, " at the start")?;
        } else {
            write!(f, " after {}", self.before)?;
        }
        write!(f, " can never occur: no secret reaches this branch")
    }
}

/// What to do with a branch no secret reaches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DeadBranches {
    /// Refuse the tree: a tree written by a program has none.
    #[default]
    Refuse,
    /// List them in [`VerifyReport::dead_branches`] (for published trees, which may carry
    /// harmless extra branches).
    Report,
}

/// Replays every secret of `game` through the tree rooted at `root`. Fails at the first secret
/// (in the game's order) the tree does not find, or else at the first branch (in the tree's
/// order) that no secret reaches.
pub fn verify(game: &Game, root: &Node) -> Result<VerifyReport, VerifyError> {
    verify_with(game, root, DeadBranches::Refuse)
}

/// [`verify`], choosing what a branch no secret reaches means.
pub fn verify_with(
    game: &Game,
    root: &Node,
    dead: DeadBranches,
) -> Result<VerifyReport, VerifyError> {
    let space = game.space()?;
    let kind = game.kind();
    let replies = game.feedback();
    let score = |secret: &Code, guess: &Code| -> Feedback {
        replies.encode(reference::score(kind, secret, guess))
    };
    let win = game.win();
    let mut report = VerifyReport {
        secrets: 0,
        total: 0,
        worst: 0,
        histogram: vec![0],
        dead_branches: Vec::new(),
    };
    // Nodes some secret reaches, by address (the tree is not changed meanwhile).
    let mut reached: HashSet<*const Node> = HashSet::new();
    reached.insert(root);
    for &s in space.secrets() {
        let secret = space.code(s);
        let mut node = root;
        let mut path: Vec<(Code, Feedback)> = Vec::new();
        loop {
            let fb = score(&secret, &node.guess);
            path.push((node.guess, fb));
            if fb == win {
                break;
            }
            let fail = |why: String| VerifyError::NotFound {
                secret: game.format_code(&secret),
                path: format_path(game, &path),
                why,
            };
            match node.branch(fb) {
                Some(n) if path.len() < MAX_PATH => {
                    reached.insert(n);
                    node = n;
                }
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
        let guesses = path.len();
        report.secrets += 1;
        report.total += guesses as u64;
        report.worst = report.worst.max(guesses);
        if report.histogram.len() <= guesses {
            report.histogram.resize(guesses + 1, 0);
        }
        report.histogram[guesses] += 1;
    }
    // Branches no secret reached, in the tree's order (depth first, replies in order; an
    // explicit stack, as trees may be deep).
    enum Item<'a> {
        Visit(&'a Node, Vec<(Code, Feedback)>),
        Dead(DeadBranch),
    }
    let mut stack = vec![Item::Visit(root, Vec::new())];
    while let Some(item) = stack.pop() {
        let (node, path) = match item {
            Item::Visit(node, path) => (node, path),
            Item::Dead(branch) => {
                if dead == DeadBranches::Refuse {
                    return Err(VerifyError::DeadBranch(branch));
                }
                report.dead_branches.push(branch);
                continue;
            }
        };
        for (fb, child) in node.branches.iter().rev() {
            if reached.contains(&(child as *const Node)) {
                let mut here = path.clone();
                here.push((node.guess, *fb));
                stack.push(Item::Visit(child, here));
            } else {
                stack.push(Item::Dead(DeadBranch {
                    before: format_path(game, &path),
                    guess: game.format_code(&node.guess),
                    reply: game.format_feedback(*fb),
                }));
            }
        }
    }
    Ok(report)
}

/// `1122 1B0W, 3456 0B1W`.
fn format_path(game: &Game, path: &[(Code, Feedback)]) -> String {
    path.iter()
        .map(|(g, f)| format!("{} {}", game.format_code(g), game.format_feedback(*f)))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abc;

    const EXAMPLE: &str = "{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}";

    #[test]
    fn replays_the_issue_example() {
        let game = abc();
        let root = crate::compact::from_str(&game, EXAMPLE).unwrap();
        let r = verify(&game, &root).unwrap();
        assert_eq!((r.secrets, r.total, r.worst), (9, 21, 3));
        assert_eq!(r.histogram, [0, 1, 4, 4]);
        assert!(r.dead_branches.is_empty());
    }

    #[test]
    fn branches_no_secret_reaches_are_refused_or_listed() {
        let game = abc();
        // After AB 0B1W only BC and CA remain, and BC answers CA with 0B1W, never 0B0W;
        // after AB 0B0W only CC remains, and CC wins at once.
        let text = "{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA,00:AA}},00:{CC:{10:AC}}}}";
        let root = crate::compact::from_str(&game, text).unwrap();
        let err = verify(&game, &root).unwrap_err();
        assert_eq!(
            err.to_string(),
            "reply 1B0W to guess CC after AB 0B0W can never occur: no secret reaches this branch"
        );
        assert_eq!(err.path().as_deref(), Some("AB 0B0W, CC 1B0W"));
        assert_eq!(err.secret(), None);
        let r = verify_with(&game, &root, DeadBranches::Report).unwrap();
        assert_eq!(r.total, 21);
        let dead: Vec<String> = r.dead_branches.iter().map(|b| b.path()).collect();
        // In the tree's order (replies in index order, 0B0W first).
        assert_eq!(dead, ["AB 0B0W, CC 1B0W", "AB 0B1W, BC 0B0W"]);
        // At the root: AA never gets a white peg.
        let text = "{AA:{10:{AB:{02:BA,10:AC,01:CA}},01:BB,00:{BC:{10:{BB:{00:CC}},02:CB}}}}";
        let root = crate::compact::from_str(&game, text).unwrap();
        let err = verify(&game, &root).unwrap_err();
        assert_eq!(
            err.to_string(),
            "reply 0B1W to guess AA at the start can never occur: no secret reaches this branch"
        );
        assert_eq!(err.path().as_deref(), Some("AA 0B1W"));
        // A lost secret is reported before a dead branch.
        let text = "{AA:{10:{AB:{02:BA,10:AC,01:CA}},01:BB,00:{BC:{10:BB,02:CB}}}}";
        let root = crate::compact::from_str(&game, text).unwrap();
        assert_eq!(verify(&game, &root).unwrap_err().secret(), Some("CC"));
    }

    #[test]
    fn the_first_lost_secret_in_game_order_is_named() {
        let game = abc();
        let root = crate::compact::from_str(&game, "{AB:{10:AC,02:BA,01:BC,00:CC}}").unwrap();
        let err = verify(&game, &root).unwrap_err();
        assert_eq!(err.secret(), Some("AA"));
        assert_eq!(err.path().as_deref(), Some("AB 1B0W, AC 1B0W"));
    }
}
