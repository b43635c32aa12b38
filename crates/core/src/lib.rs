//! # codebreak-core
//!
//! The vocabulary and rules of deductive code-breaking games — Mastermind of any size, Bulls and
//! Cows, black-peg Mastermind and the twoD comparison game — and the hot kernels every strategy
//! and search stands on.
//!
//! **Main design decision: validate once, then work on dense indices.** A [`GameSpec`] (from
//! flags, a file or the web) becomes a [`Game`] through [`Game::new`], which checks everything;
//! after that nothing is re-checked. A [`CodeSpace`] enumerates the codes once in the game's
//! order, so that codes travel as `u32` indices and replies as [`Feedback`], a dense small index
//! whose partitions are plain arrays. The [`Engine`] packs each code into bit masks chosen by
//! the game's [`Rules`] (two ANDs and two popcounts per score for the peg games), and its
//! kernels are generic over the rules, so the compiler specialises each inner loop.
//!
//! A slow, obviously correct scorer lives in [`mod@reference`]; tests prove both agree.
#![deny(missing_docs)]

pub mod alphabet;
pub mod choice;
pub mod code;
pub mod engine;
pub mod error;
pub mod feedback;
pub mod game;
pub mod list;
pub mod list_symmetry;
pub mod reference;
pub mod rules;
pub mod space;
pub mod spec;
pub mod symmetry;
pub mod wordle;

pub use alphabet::{Alphabet, DEFAULT_ALPHABET};
pub use choice::{Named, Range, RangeError, UnknownName};
pub use code::{Code, MAX_PEGS};
pub use engine::{
    AnyEngine, Candidates, Choice, Engine, HIST_LEN, KernelOptions, PartitionCost, Pool, Sample,
    Sampling, Ties, WORK_BUDGET,
};
pub use error::{ParseCodeError, ParseFeedbackError, ParseSamplingError, SizeError, SpecError};
pub use feedback::ReplyNames;
pub use feedback::{Feedback, FeedbackKind, Reply, TwoDReply};
pub use game::{Game, Role};
pub use list::{End, ListError, ListGame, ListParts, ListRule, ReplyNumbers};
pub use rules::{AnyRules, Rules};
pub use space::{CodeSpace, MAX_CODES};
pub use spec::{GameKind, GameSpec, MAX_COLORS, Order};
