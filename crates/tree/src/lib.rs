//! # codebreak-tree
//!
//! Decision trees: the complete record of a strategy, one guess per node and one branch per
//! possible reply. Whatever plays against every secret (analysis, optimal search) produces one,
//! and this crate writes and reads them and checks them.
//!
//! **Main design decision: the checker trusts nothing but the rules.** [`verify()`] enumerates
//! the game's secrets and replays each through the tree using only the game's scoring rule,
//! computed by the slow reference scorer ([`codebreak_core::reference::score`], pegs marked one
//! by one) rather than the bit-mask kernel the strategies and the search use; it shares no
//! code with them, so a figure it confirms does not depend on their correctness. It is still
//! fast: the Bulls and Cows 4 of 10 tree replays in about 10 ms and an MM(5,8) tree (32 768
//! secrets) in about 50 ms, release build. It also refuses branches no secret reaches
//! ([`DeadBranches`]). Trees carry real codes and replies (not indices), so a tree written by
//! another program can be checked the same way.
//!
//! **Formats belong here.** Front ends do not choose a reader: they call [`read()`] (format
//! given, or detected by [`Format::detect`]) and [`write()`], and list the formats from one
//! table, [`format::FORMATS`], which says which are read and which written: JSON ([`json`],
//! read and written, names its game), the one-line compact notation of the public MM(5,8)
//! strategy challenge ([`compact`], read and written), one line per secret ([`paths`], read
//! and written), Graphviz DOT ([`dot`], written) and the bracket notation of the published
//! trees by Knuth, Irving, Neuwirth, Koyama and Lai ([`bracket`], read).
#![deny(missing_docs)]

use codebreak_core::{Code, Feedback};

pub mod bracket;
pub mod compact;
pub mod dot;
pub mod error;
pub mod figures;
pub mod format;
pub mod io;
pub mod json;
pub mod paths;
pub mod verify;

pub use error::{TreeError, VerifyError};
pub use figures::Figures;
pub use format::{Format, ParseFormatError};
pub use io::{MAX_BYTES, TreeFile, read, read_from, read_text, write, write_string};
pub use verify::{
    DeadBranch, DeadBranches, IllegalGuess, SelfCheck, VerifyReport, check_guesses, verify,
    verify_below, verify_with,
};

/// The deepest tree a reader builds: guesses along one path, brackets nested in brackets (a
/// block of bracket notation that refers to itself stops here instead of overflowing the
/// stack).
pub const MAX_DEPTH: usize = 200;

/// A node: the guess to play, and what to do after each reply other than "solved".
///
/// The winning reply is implied: a secret equal to the guess is found here. A node without
/// branches is a leaf, meaning "this guess is the secret".
///
/// In a game that ends when the secret is known ([`codebreak_core::End::Known`], counterfeit
/// coins), there is no winning reply and the secret need not be a guess: a leaf holds the one
/// secret left, which is known without being played, so it is not counted. A secret's number
/// of guesses is then the number of inner nodes on its path (the experiments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The guess.
    pub guess: Code,
    /// Sub-trees by reply, in reply order.
    pub branches: Vec<(Feedback, Node)>,
}

impl Node {
    /// A leaf.
    pub fn leaf(guess: Code) -> Node {
        Node {
            guess,
            branches: Vec::new(),
        }
    }

    /// Number of nodes in the subtree.
    pub fn size(&self) -> usize {
        1 + self.branches.iter().map(|(_, n)| n.size()).sum::<usize>()
    }

    /// Longest path, in guesses.
    pub fn depth(&self) -> usize {
        1 + self
            .branches
            .iter()
            .map(|(_, n)| n.depth())
            .max()
            .unwrap_or(0)
    }

    /// The branch for a reply.
    pub fn branch(&self, fb: Feedback) -> Option<&Node> {
        self.branches.iter().find(|(f, _)| *f == fb).map(|(_, n)| n)
    }
}

/// A decision tree for a whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecisionTree {
    /// The game it plays.
    pub game: codebreak_core::GameSpec,
    /// What made it (a strategy description), if known.
    pub strategy: Option<String>,
    /// The first guess.
    pub root: Node,
}

/// The example game for tests: Mastermind with 2 pegs of 3 colours, written `ABC`.
#[cfg(test)]
pub(crate) fn abc() -> codebreak_core::Game {
    codebreak_core::Game::new(&codebreak_core::GameSpec {
        alphabet: Some("ABC".into()),
        ..codebreak_core::GameSpec::mastermind(2, 3)
    })
    .unwrap()
}
