//! # codebreak-gamefile
//!
//! Any guessing game, written once in a TOML file that every command reads (`--game-file`):
//! the French article's idea of a game as guesses, secrets, a scoring rule and the replies that
//! end it.
//!
//! **Main design decision: load and check everything once, into a reply table.** A file names
//! its codes (generated as the built-in games do, or listed: inline, in a file, or made by a
//! function of its script) and its rule: a built-in one (`mastermind`, `bulls`, `blackpeg`,
//! `twod`, `wordle`), a `table` of `GUESS<TAB>SECRET<TAB>REPLY` lines, or a `script` in Rhai, a
//! small sandboxed language. The rule is applied to every (guess, secret) pair once, in
//! parallel, and the game checked ([`codebreak_core::list::ListGame::new`]); after that the
//! engine reads replies from the table and never runs the script again. A file that asks for a
//! built-in rule on generated codes becomes the built-in game itself, with its fast kernels
//! and symmetry.
//!
//! Every mistake is one line naming the file, the line where there is one, and the values:
//! a code listed twice, a pair the table gives twice or not at all, a script that fails or
//! passes its limits on a pair, secrets that end the game wrongly. Nothing is half-loaded.
//!
//! ```toml
//! name = "Wordle (original lists)"
//! rules = "wordle"
//! guesses = "wordlist_orig_all"      # a file, one code per line
//! secrets = "wordlist_orig_hidden"
//! ```
#![deny(missing_docs)]

pub mod error;
pub mod file;
pub mod load;
pub mod script;

pub use error::LoadError;
pub use file::{Constant, GameFile, Limits, ListSource, MoveWord};
pub use load::{
    GameDef, Loaded, MAX_FILE_BYTES, load, load_game, load_self_contained, load_str, load_with,
    set_constants,
};
