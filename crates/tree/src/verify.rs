//! The independent checker: replays every secret through a tree using only the game's rules.
//!
//! Replies are computed by the slow reference scorer ([`codebreak_core::reference::score`],
//! which marks pegs one by one as a person does at the table), not by the bit-mask kernel that
//! the strategies and the exact search use, so a bug in that kernel cannot make a tree look
//! right. It stays fast: Bulls and Cows 4 of 10 (5040 secrets, 26 274 replies) replays in a few
//! milliseconds in a release build.
//!
//! List games are replayed the same way: Wordle by its rule applied to the words
//! ([`codebreak_core::wordle::score`], not the game's reply table), other list games by their
//! table, which is their definition. In a game that ends when the secret is known
//! ([`codebreak_core::End::Known`]) a leaf names the secret known there: a secret must reach the
//! leaf naming it, and only the experiments on its path are counted.
//!
//! Before replaying, every guess of the tree is checked to be a legal guess of the game
//! ([`check_guesses`]): a tree built in memory may hold codes its game does not allow (a
//! repeated symbol where guesses may not repeat one, a colour out of range, a wrong length),
//! which no reader would accept. In Wordle's hard mode each guess must also keep the rule
//! after the moves above it ([`codebreak_core::Game::check_hard`]), and the first that does not
//! is named with its path.

use std::collections::HashSet;

use codebreak_core::error::plural;
use codebreak_core::{Code, End, Feedback, Game, Role, reference};
use serde::Serialize;

use crate::Node;
use crate::error::VerifyError;

/// Longest path the checker follows before calling a tree broken.
const MAX_PATH: usize = 10_000;

/// Figures recomputed from a tree. In JSON it is the [`Figures`](crate::Figures) (secrets,
/// total, average, fraction, worst, histogram) and, when there are any, `dead_branches`.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    pub dead_branches: Vec<DeadBranch>,
}

impl VerifyReport {
    /// The figures, as every other report gives them.
    pub fn figures(&self) -> crate::Figures {
        crate::Figures::from_histogram(self.histogram.clone())
    }
}

impl Serialize for VerifyReport {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Repr<'a> {
            #[serde(flatten)]
            figures: crate::Figures,
            #[serde(skip_serializing_if = "<[DeadBranch]>::is_empty")]
            dead_branches: &'a [DeadBranch],
        }
        Repr {
            figures: self.figures(),
            dead_branches: &self.dead_branches,
        }
        .serialize(s)
    }
}

/// What a `--self-check` confirmed: the tree a run produced (read back from `tree` when it was
/// written to a file) replays, with the rules alone, to these figures, the ones the run
/// reported. `analyze` and `optimal` print it the same way, in text and in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SelfCheck {
    /// The file the tree was read back from, if any.
    pub tree: Option<String>,
    /// Secrets replayed.
    pub secrets: u64,
    /// Guesses in all.
    pub total: u64,
    /// Most guesses any secret needs.
    pub worst: usize,
}

impl SelfCheck {
    /// The confirmation of a replay whose figures agreed.
    pub fn of(report: &VerifyReport, tree: Option<String>) -> SelfCheck {
        SelfCheck {
            tree,
            secrets: report.secrets,
            total: report.total,
            worst: report.worst,
        }
    }
}

impl std::fmt::Display for SelfCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the tree ")?;
        if let Some(t) = &self.tree {
            write!(f, "read back from {t} ")?;
        }
        write!(
            f,
            "replays to {} / {}, worst {}: the figures agree",
            self.total, self.secrets, self.worst
        )
    }
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

/// A guess of a tree that is not a legal guess of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IllegalGuess {
    /// The guesses and replies that lead to the node, e.g. `1122 1B0W, 3456 0B1W` (empty at
    /// the root).
    pub before: String,
    /// The guess, in the game's symbols (`?` for a colour the game does not have).
    pub guess: String,
    /// Why it is not a legal guess.
    pub why: String,
}

impl std::fmt::Display for IllegalGuess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "guess {}", self.guess)?;
        if self.before.is_empty() {
            write!(f, " at the start")?;
        } else {
            write!(f, " after {}", self.before)?;
        }
        write!(f, " is not a legal guess: {}", self.why)
    }
}

/// Checks that every guess of the tree is a legal guess of `game` (as
/// [`Game::is_valid`] says for [`Role::Guess`]), allowed by hard mode after the moves above it
/// when the game has it on, and (in a game that ends when the secret is known) that every leaf
/// is a secret; returns the first that is not, in the tree's order (depth first, replies in
/// order).
///
/// ```
/// use codebreak_core::{Code, Game, GameSpec};
/// use codebreak_tree::{Node, verify::check_guesses};
/// let bulls = Game::new(&GameSpec::bulls(2, 3)).unwrap();
/// let root = Node::leaf(Code::from_pegs(&[1, 1]).unwrap());
/// assert_eq!(
///     check_guesses(&bulls, &root).unwrap_err().to_string(),
///     "guess 11 at the start is not a legal guess: it repeats '1', and a guess in bulls 2 of 3 \
///      uses each symbol at most once"
/// );
/// ```
pub fn check_guesses(game: &Game, root: &Node) -> Result<(), IllegalGuess> {
    check_guesses_after(game, &[], root)
}

/// [`check_guesses`] for the tree of a position: hard mode's rule applies after `history`
/// too (the paths named start after it).
pub fn check_guesses_after(
    game: &Game,
    history: &[(Code, Feedback)],
    root: &Node,
) -> Result<(), IllegalGuess> {
    let known = game.end() == End::Known;
    let mut stack: Vec<(&Node, Vec<(Code, Feedback)>)> = vec![(root, history.to_vec())];
    while let Some((node, path)) = stack.pop() {
        let illegal = |why: String| IllegalGuess {
            before: format_path(game, &path[history.len()..]),
            guess: lenient_code(game, &node.guess),
            why,
        };
        if known && node.branches.is_empty() {
            // A leaf names the secret known there; it is not played.
            if !game.is_valid(&node.guess, Role::Secret) {
                return Err(illegal(format!(
                    "it ends the game, so it names the secret known there, and it is not a secret of {game}"
                )));
            }
            continue;
        }
        if !game.is_valid(&node.guess, Role::Guess) {
            return Err(illegal(why_illegal(game, &node.guess)));
        }
        if let Err(rule) = game.check_hard(&path, &node.guess) {
            return Err(illegal(format!("hard mode says {rule}")));
        }
        for (fb, child) in node.branches.iter().rev() {
            let mut here = path.clone();
            here.push((node.guess, *fb));
            stack.push((child, here));
        }
    }
    Ok(())
}

/// A code in the game's symbols, `?` standing for a colour the game does not have.
fn lenient_code(game: &Game, code: &Code) -> String {
    if game.list().is_some() {
        return game.format_code(code);
    }
    let symbols = game.alphabet().symbols();
    code.pegs()
        .iter()
        .map(|&p| symbols.get(p as usize).copied().unwrap_or('?'))
        .collect()
}

/// Why a code that [`Game::is_valid`] refuses as a guess is not one.
fn why_illegal(game: &Game, code: &Code) -> String {
    if game.list().is_some() {
        return if game.is_valid(code, Role::Secret) {
            format!("it is a secret of {game}, which may not be guessed")
        } else {
            format!(
                "it is not one of the {} guesses of {game}",
                game.count(Role::Guess)
            )
        };
    }
    let pegs = game.pegs();
    if code.len() != pegs {
        return format!(
            "it has {} symbol{}, and a guess in {game} has {pegs}",
            code.len(),
            plural(code.len())
        );
    }
    if let Some(&p) = code.pegs().iter().find(|&&p| p as usize >= game.colors()) {
        return format!(
            "its colour number {p} (counting from 0) is not one of the {} colours of {game}",
            game.colors()
        );
    }
    let pegs = code.pegs();
    match (1..pegs.len()).find(|&i| pegs[..i].contains(&pegs[i])) {
        Some(i) => format!(
            "it repeats {:?}, and a guess in {game} uses each symbol at most once",
            game.alphabet().symbol(pegs[i])
        ),
        None => format!("it is not a guess of {game}"),
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

/// Replays every secret of `game` through the tree rooted at `root`. Fails at the first guess
/// (in the tree's order) that is not a legal guess of the game ([`check_guesses`]), else at
/// the first secret (in the game's order) the tree does not find, or else at the first branch
/// (in the tree's order) that no secret reaches.
pub fn verify(game: &Game, root: &Node) -> Result<VerifyReport, VerifyError> {
    verify_with(game, root, DeadBranches::Refuse)
}

/// [`verify`], choosing what a branch no secret reaches means.
pub fn verify_with(
    game: &Game,
    root: &Node,
    dead: DeadBranches,
) -> Result<VerifyReport, VerifyError> {
    verify_below(game, &[], root, dead)
}

/// [`verify_with`] for the tree of a position: replays the secrets that fit every move of
/// `history` (each reply recomputed by the same independent scorer) through the tree rooted
/// at `root`, the guess played next, counting guesses from there (the figures of the subtree;
/// add `history.len()` guesses per secret for the whole game's).
pub fn verify_below(
    game: &Game,
    history: &[(Code, Feedback)],
    root: &Node,
    dead: DeadBranches,
) -> Result<VerifyReport, VerifyError> {
    check_guesses_after(game, history, root).map_err(VerifyError::IllegalGuess)?;
    let space = game.space()?;
    let score = reference::game_scorer(game);
    let win = game.win();
    let known = game.end() == End::Known;
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
        if history.iter().any(|(g, f)| score(&secret, g) != *f) {
            continue;
        }
        let mut node = root;
        let mut path: Vec<(Code, Feedback)> = Vec::new();
        loop {
            if known && node.branches.is_empty() {
                // The secret is known here: the leaf names it, and it is not counted.
                if node.guess == secret {
                    break;
                }
                return Err(VerifyError::NotFound {
                    secret: game.format_code(&secret),
                    path: format_path(game, &path),
                    why: format!(
                        "the tree ends naming {} as the secret",
                        game.format_code(&node.guess)
                    ),
                });
            }
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
    fn illegal_guesses_are_named_with_their_path() {
        use codebreak_core::GameSpec;
        let code = |pegs: &[u8]| Code::from_pegs(pegs).unwrap();
        // A correct tree of bulls 2 of 3 (guesses 01, 10, 02, 20, 12, 21), then one guess
        // replaced by a code the game does not allow.
        let bulls = Game::new(&GameSpec::bulls(2, 3)).unwrap();
        let good = crate::compact::from_str(&bulls, "{01:{02:10,10:{02:{01:21}},01:{12:{01:20}}}}")
            .unwrap();
        assert_eq!(verify(&bulls, &good).unwrap().secrets, 6);
        let mut bad = good.clone();
        bad.branches[1].1.guess = code(&[2, 2]);
        let err = verify(&bulls, &bad).unwrap_err();
        let at = bad.branches[1].0;
        let before = format!("01 {}", bulls.format_feedback(at));
        assert_eq!(
            err.to_string(),
            format!(
                "guess 22 after {before} is not a legal guess: it repeats '2', and a guess in bulls 2 of 3 uses each symbol at most once"
            )
        );
        assert_eq!(err.path(), Some(before));
        assert_eq!(err.secret(), None);
        // A colour the game does not have, at the root; a wrong length.
        let mut bad = good.clone();
        bad.guess = code(&[0, 7]);
        let err = verify(&bulls, &bad).unwrap_err().to_string();
        assert!(
            err.starts_with("guess 0? at the start is not a legal guess: its colour number 7"),
            "{err}"
        );
        bad.guess = code(&[0, 1, 2]);
        let err = verify(&bulls, &bad).unwrap_err().to_string();
        assert!(
            err.contains("it has 3 symbols, and a guess in bulls 2 of 3 has 2"),
            "{err}"
        );
        // Repeats are legal guesses of Mastermind.
        let game = abc();
        assert!(check_guesses(&game, &Node::leaf(code(&[1, 1]))).is_ok());
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
