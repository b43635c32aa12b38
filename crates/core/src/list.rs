//! Games given by lists: any set of guesses, any set of secrets, and the reply to every pair,
//! written once in a table.
//!
//! This is the French article's definition of a game — guesses G, secrets V, a scoring
//! function and the replies that end it — in the form the engine wants: codes are indices into
//! the lists, replies are indices into the list of distinct replies, and the scoring function
//! has been applied once to every (guess, secret) pair, so that a score is one byte read from a
//! [`ListGame::table`] row. Game files (Wordle, counterfeit coins, twoD written as a script)
//! become a `ListGame`; so can any built-in game, for tests that the two agree.
//!
//! **Validated once.** [`ListGame::new`] checks what makes a game well formed: no code listed
//! twice, at most 256 distinct replies, and the end rule: with [`End::Guess`] every secret is a
//! guess, the reply of a secret to itself is the one winning reply, and no other secret gives
//! the winning reply to that guess; with [`End::Known`] any two secrets are told apart by some
//! guess. After that nothing is re-checked.

use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::error::quote;

crate::named_enum! {
    /// When a game ends.
    #[derive(Default)]
    pub enum End: "end" {
        /// When the secret is guessed; that guess counts.
        #[default]
        Guess = "guess", "when the secret is guessed (that guess counts)";
        /// As soon as one secret remains; only experiments count (counterfeit coins).
        Known = "known", "as soon as one secret remains (only experiments count)";
    }
}

/// Most distinct replies a list game may have (replies are bytes).
pub const MAX_REPLIES: usize = 256;

/// Reply texts numbered in the order they first appear, as a list game's table holds them.
#[derive(Clone, Debug, Default)]
pub struct ReplyNumbers {
    names: Vec<String>,
    ids: HashMap<String, u8>,
}

impl ReplyNumbers {
    /// The number of `text`, the next free one when it is new; `None` when it is new and
    /// [`MAX_REPLIES`] replies are numbered already.
    pub fn number(&mut self, text: &str) -> Option<u8> {
        if let Some(&id) = self.ids.get(text) {
            return Some(id);
        }
        if self.names.len() == MAX_REPLIES {
            return None;
        }
        let id = self.names.len() as u8;
        self.names.push(text.to_owned());
        self.ids.insert(text.to_owned(), id);
        Some(id)
    }

    /// The replies, reply `i` at index `i` (a list game's `replies`).
    pub fn into_names(self) -> Vec<String> {
        self.names
    }
}

/// How the replies of a list game were made, which decides their notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ListRule {
    /// A built-in peg rule applied to the lists (replies in its notation, `1B2W`).
    Builtin(crate::spec::GameKind),
    /// Wordle (replies `GYBBG`; hard mode possible).
    Wordle,
    /// A table of `GUESS<TAB>SECRET<TAB>REPLY` lines.
    Table,
    /// A scoring function written in the game file.
    Script,
}

/// A list game that is not well formed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ListError {
    /// No guesses or no secrets.
    #[error("the game has no {0}: expected at least one")]
    Empty(&'static str),
    /// A code listed twice in one list.
    #[error("{what} {} is listed twice (as {what} {first} and {second})", quote(.code))]
    Duplicate {
        /// `guess` or `secret`.
        what: &'static str,
        /// The code.
        code: String,
        /// Its first position, from 1.
        first: usize,
        /// Its second position, from 1.
        second: usize,
    },
    /// A code that is empty or contains characters the notation uses.
    #[error("{what} {}: {why}", quote(.code))]
    BadCode {
        /// `guess` or `secret`.
        what: &'static str,
        /// The code.
        code: String,
        /// Why.
        why: &'static str,
    },
    /// More distinct replies than fit a byte.
    #[error("the game has {0} distinct replies: expected at most {MAX_REPLIES}")]
    TooManyReplies(usize),
    /// A table of the wrong size.
    #[error("the reply table has {got} entries: expected {guesses} guesses × {secrets} secrets")]
    TableSize {
        /// Entries given.
        got: usize,
        /// Guesses.
        guesses: usize,
        /// Secrets.
        secrets: usize,
    },
    /// A table entry naming no reply.
    #[error("reply number {0} in the table is not one of the replies")]
    BadReply(usize),
    /// End by guessing, but a secret cannot be guessed.
    #[error("secret {} is not a guess, so it could never be guessed: list it among the guesses, or end the game with end = \"known\"", quote(.0))]
    SecretNotGuess(String),
    /// End by guessing, but secrets answer themselves differently.
    #[error(
        "secret {} gives {} to itself but secret {} gives {}: with end = \"guess\" every secret must give the same winning reply to itself",
        quote(.first), quote(.first_reply), quote(.other), quote(.other_reply)
    )]
    WinDiffers {
        /// The first secret.
        first: String,
        /// Its reply to itself.
        first_reply: String,
        /// Another secret.
        other: String,
        /// Its reply to itself.
        other_reply: String,
    },
    /// End by guessing, but a guess wins against a secret it is not.
    #[error(
        "guess {} gets the winning reply {} from secret {}: the game could end without the secret being guessed",
        quote(.guess), quote(.reply), quote(.secret)
    )]
    FalseWin {
        /// The guess.
        guess: String,
        /// The winning reply.
        reply: String,
        /// The other secret.
        secret: String,
    },
    /// End when known, but two secrets can never be told apart.
    #[error(
        "secrets {} and {} give the same reply to every guess: no experiment tells them apart, so the game could never end",
        quote(.0), quote(.1)
    )]
    Indistinguishable(String, String),
    /// End when known, with a single secret.
    #[error("the game has a single secret: with end = \"known\" there is nothing to find")]
    NothingToFind,
    /// A game written out as a table is too large to list.
    #[error(transparent)]
    Size(#[from] crate::error::SizeError),
}

/// A validated list game. See the module documentation.
#[derive(Clone, PartialEq, Eq)]
pub struct ListGame {
    name: String,
    description: String,
    rule: ListRule,
    end: End,
    hard: bool,
    /// Shared, so that a clone (the engine's [`crate::Game`] holds one) copies no text.
    codes: std::sync::Arc<CodeNames>,
    guesses: usize,
    secrets: std::sync::Arc<Vec<u32>>,
    replies: Vec<String>,
    win: Option<u8>,
    /// A `Vec` inside, so that building the game does not copy it once more.
    table: std::sync::Arc<Vec<u8>>,
    /// The codes' indices sorted by name: 4 bytes a code where a map by name took about 80
    /// (a game file may list millions of guesses).
    by_name: std::sync::Arc<Vec<u32>>,
    reply_by_name: HashMap<String, u8>,
    /// The word for a move, singular and plural, when the game names it.
    moves: Option<(String, String)>,
}

impl fmt::Debug for ListGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ListGame")
            .field("name", &self.name)
            .field("rule", &self.rule)
            .field("end", &self.end)
            .field("guesses", &self.guesses)
            .field("secrets", &self.secrets.len())
            .field("replies", &self.replies.len())
            .finish()
    }
}

/// What a list game is made of, before validation.
#[derive(Clone, Debug, Default)]
pub struct ListParts {
    /// The game's name.
    pub name: String,
    /// One paragraph on the game.
    pub description: String,
    /// How the replies were made.
    pub rule: Option<ListRule>,
    /// When the game ends.
    pub end: End,
    /// Wordle's hard mode.
    pub hard: bool,
    /// The guesses, in order.
    pub guesses: CodeNames,
    /// The secrets, in order.
    pub secrets: CodeNames,
    /// The distinct replies; `table` entries are indices into it.
    pub replies: Vec<String>,
    /// `table[g * secrets.len() + s]`: the reply (an index into `replies`) to guess `g` when
    /// the secret is `s`.
    pub table: Vec<u8>,
    /// The word for a move, singular and plural (`weighing`, `weighings`), when the game
    /// names it; reports say `guesses` or `experiments` otherwise ([`ListGame::move_words`]).
    pub moves: Option<(String, String)>,
}

impl ListGame {
    /// `game` written out as a table game: its guesses and secrets in their notation, and the
    /// reply to every pair (named as the game writes replies, numbered by first appearance).
    /// It plays exactly like `game`, but with no symmetry and every score read from memory,
    /// which makes it a check of the list machinery against the fast kernels, and a way to
    /// write a built-in game into a game file. Fails when `game` is too large to list.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use codebreak_core::{Game, GameSpec, ListGame, Role};
    ///
    /// let game = Game::new(&GameSpec::mastermind(3, 3)).unwrap();
    /// let table = Game::from_list(Arc::new(ListGame::from_game(&game).unwrap())).unwrap();
    /// assert_eq!(table.count(Role::Secret), game.count(Role::Secret));
    /// ```
    pub fn from_game(game: &crate::Game) -> Result<ListGame, ListError> {
        let space = game.space()?;
        let guesses = space.codes();
        let secrets: Vec<_> = space.secrets().iter().map(|&i| space.code(i)).collect();
        let mut replies = ReplyNumbers::default();
        let mut table = Vec::with_capacity(guesses.len() * secrets.len());
        for g in guesses {
            for s in &secrets {
                let text = game.format_feedback(game.score(s, g));
                let id = replies
                    .number(&text)
                    .ok_or(ListError::TooManyReplies(MAX_REPLIES + 1))?;
                table.push(id);
            }
        }
        let replies = replies.into_names();
        ListGame::new(ListParts {
            name: format!("{game} as a table"),
            rule: Some(ListRule::Table),
            guesses: guesses.iter().map(|c| game.format_code(c)).collect(),
            secrets: secrets.iter().map(|c| game.format_code(c)).collect(),
            replies,
            table,
            ..ListParts::default()
        })
    }

    /// Validates the parts of a list game. Replies are renumbered so that the winning reply (of
    /// a game that ends by guessing) is the highest index, as the engine expects.
    pub fn new(parts: ListParts) -> Result<ListGame, ListError> {
        let ListParts {
            name,
            description,
            rule,
            end,
            hard,
            guesses,
            secrets,
            replies,
            table,
            moves,
        } = parts;
        if guesses.is_empty() {
            return Err(ListError::Empty("guesses"));
        }
        if secrets.is_empty() {
            return Err(ListError::Empty("secrets"));
        }
        if replies.len() > MAX_REPLIES {
            return Err(ListError::TooManyReplies(replies.len()));
        }
        let (g, s) = (guesses.len(), secrets.len());
        if table.len() != g * s {
            return Err(ListError::TableSize {
                got: table.len(),
                guesses: g,
                secrets: s,
            });
        }
        let replies_len = replies.len();
        if let Some(&bad) = table
            .par_chunks(1 << 16)
            .find_map_first(|c| c.iter().find(|&&r| r as usize >= replies_len))
        {
            return Err(ListError::BadReply(bad as usize));
        }
        let mut sorted = guesses.sorted();
        check_codes("guess", &guesses, &sorted)?;
        check_codes("secret", &secrets, &secrets.sorted())?;
        // One list of codes: the guesses, then the secrets that are not guesses. Guess names
        // are distinct (checked above), so a secret is a guess exactly when a binary search of
        // the guesses sorted by name finds it.
        let mut codes = guesses;
        let mut secret_idx = Vec::with_capacity(s);
        for c in secrets.iter() {
            match codes.find(&sorted, c) {
                Some(i) => secret_idx.push(i),
                None => {
                    codes.push(c);
                    secret_idx.push((codes.len() - 1) as u32);
                }
            }
        }
        // The secrets that are not guesses join the index.
        sorted.extend(g as u32..codes.len() as u32);
        sorted.par_sort_unstable_by(|&a, &b| codes[a as usize].cmp(&codes[b as usize]));
        let mut game = ListGame {
            name,
            description,
            rule: rule.unwrap_or(ListRule::Table),
            end,
            hard,
            codes: std::sync::Arc::new(codes),
            guesses: g,
            secrets: secret_idx.into(),
            replies,
            win: None,
            table: table.into(),
            by_name: sorted.into(),
            reply_by_name: HashMap::new(),
            moves,
        };
        match end {
            End::Guess => game.check_guess_end()?,
            End::Known => game.check_known_end()?,
        }
        game.reply_by_name = game
            .replies
            .iter()
            .enumerate()
            .map(|(i, r)| (r.clone(), i as u8))
            .collect();
        Ok(game)
    }

    /// With end by guessing: every secret is a guess, answers itself with the one winning
    /// reply, and no other secret gives that reply to it. The winning reply becomes the last.
    fn check_guess_end(&mut self) -> Result<(), ListError> {
        let s = self.secrets.len();
        let mut win: Option<(u8, usize)> = None;
        for (k, &code) in self.secrets.iter().enumerate() {
            if code as usize >= self.guesses {
                return Err(ListError::SecretNotGuess(
                    self.codes[code as usize].to_string(),
                ));
            }
            let r = self.table[code as usize * s + k];
            match win {
                None => win = Some((r, k)),
                Some((w, first)) if w != r => {
                    return Err(ListError::WinDiffers {
                        first: self.codes[self.secrets[first] as usize].to_string(),
                        first_reply: self.replies[w as usize].clone(),
                        other: self.codes[code as usize].to_string(),
                        other_reply: self.replies[r as usize].clone(),
                    });
                }
                Some(_) => {}
            }
        }
        let (w, _) = win.expect("at least one secret");
        let false_win = self
            .table
            .par_chunks(s)
            .enumerate()
            .find_map_first(|(g, row)| {
                row.iter()
                    .enumerate()
                    .find(|&(k, &r)| r == w && self.secrets[k] as usize != g)
                    .map(|(k, _)| (g, k))
            });
        if let Some((g, k)) = false_win {
            return Err(ListError::FalseWin {
                guess: self.codes[g].to_string(),
                reply: self.replies[w as usize].clone(),
                secret: self.codes[self.secrets[k] as usize].to_string(),
            });
        }
        // Renumber so that the win is the last reply.
        let last = (self.replies.len() - 1) as u8;
        if w != last {
            self.replies.swap(w as usize, last as usize);
            let table = std::sync::Arc::make_mut(&mut self.table);
            table.par_iter_mut().for_each(|r| {
                if *r == w {
                    *r = last;
                } else if *r == last {
                    *r = w;
                }
            });
        }
        self.win = Some(last);
        Ok(())
    }

    /// With end when known: every two secrets are told apart by some guess.
    fn check_known_end(&self) -> Result<(), ListError> {
        let s = self.secrets.len();
        if s == 1 {
            return Err(ListError::NothingToFind);
        }
        // Secrets with equal columns are indistinguishable. Columns are hashed in one pass over
        // the rows (no copy of the table), then secrets of equal hashes compared in full.
        let mut hashes = vec![0xcbf2_9ce4_8422_2325u64; s];
        for row in self.table.chunks(s) {
            for (h, &r) in hashes.iter_mut().zip(row) {
                *h = (*h ^ r as u64).wrapping_mul(0x0100_0000_01b3);
            }
        }
        let mut order: Vec<usize> = (0..s).collect();
        order.sort_unstable_by_key(|&k| (hashes[k], k));
        let same = |a: usize, b: usize| self.table.chunks(s).all(|row| row[a] == row[b]);
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for run in order.chunk_by(|&a, &b| hashes[a] == hashes[b]) {
            for (i, &a) in run.iter().enumerate() {
                if let Some(&b) = run[i + 1..].iter().find(|&&b| same(a, b)) {
                    pairs.push((a, b));
                }
            }
        }
        // The pair a scan of the secrets in order meets first: the earliest secret equal to an
        // earlier one, with the first secret of its kind.
        if let Some(&(a, b)) = pairs.iter().min_by_key(|&&(a, b)| (b, a)) {
            return Err(ListError::Indistinguishable(
                self.codes[self.secrets[a] as usize].to_string(),
                self.codes[self.secrets[b] as usize].to_string(),
            ));
        }
        Ok(())
    }

    /// The game's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Its description.
    pub fn description(&self) -> &str {
        &self.description
    }
    /// How its replies were made.
    pub fn rule(&self) -> &ListRule {
        &self.rule
    }
    /// When it ends.
    pub fn end(&self) -> End {
        self.end
    }
    /// Whether Wordle's hard mode is on.
    pub fn hard(&self) -> bool {
        self.hard
    }
    /// Turns Wordle's hard mode on or off; `false` (and no change) for a game that is not
    /// Wordle's.
    pub fn set_hard(&mut self, hard: bool) -> bool {
        if self.rule != ListRule::Wordle {
            return false;
        }
        self.hard = hard;
        true
    }
    /// Every code: the guesses (`0..guess_count()`), then the secrets that are not guesses.
    pub fn codes(&self) -> &CodeNames {
        &self.codes
    }
    /// Number of guesses.
    pub fn guess_count(&self) -> usize {
        self.guesses
    }
    /// The secrets, as indices into [`ListGame::codes`], in the order listed.
    pub fn secrets(&self) -> &[u32] {
        &self.secrets
    }
    /// The distinct replies.
    pub fn replies(&self) -> &[String] {
        &self.replies
    }
    /// The winning reply (end by guessing), as an index into [`ListGame::replies`].
    pub fn win(&self) -> Option<u8> {
        self.win
    }
    /// The reply table, guesses × secrets (see [`ListParts::table`]).
    pub fn table(&self) -> &[u8] {
        &self.table
    }
    /// The word for a move, singular and plural: the game's own (`weighing`, `weighings`), or
    /// `guess`/`guesses` for a game that ends when the secret is guessed and
    /// `experiment`/`experiments` for one that ends when it is known.
    ///
    /// ```
    /// use codebreak_core::{Game, GameSpec, ListGame};
    ///
    /// let game = Game::new(&GameSpec::mastermind(2, 2)).unwrap();
    /// assert_eq!(ListGame::from_game(&game).unwrap().move_words(), ("guess", "guesses"));
    /// ```
    pub fn move_words(&self) -> (&str, &str) {
        match (&self.moves, self.end) {
            (Some((one, many)), _) => (one, many),
            (None, End::Guess) => ("guess", "guesses"),
            (None, End::Known) => ("experiment", "experiments"),
        }
    }
    /// The game with its own word for a move (see [`ListGame::move_words`]).
    pub fn with_moves(mut self, moves: Option<(String, String)>) -> ListGame {
        self.moves = moves;
        self
    }
    /// The index of a code, by name.
    pub fn index_of(&self, name: &str) -> Option<u32> {
        self.codes.find(&self.by_name, name)
    }
    /// The index of a reply, by its text.
    pub fn reply_index(&self, text: &str) -> Option<u8> {
        self.reply_by_name.get(text).copied()
    }
    /// A fingerprint of the lists and the table, so that a tree written for this game can tell
    /// another game with the same name apart (FNV-1a, 64 bits).
    pub fn fingerprint(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                h ^= b as u64;
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        for c in self.codes.iter() {
            eat(c.as_bytes());
            eat(&[0]);
        }
        eat(&(self.guesses as u64).to_le_bytes());
        for s in self.secrets.iter() {
            eat(&s.to_le_bytes());
        }
        for r in &self.replies {
            eat(r.as_bytes());
            eat(&[1]);
        }
        eat(self.table.as_slice());
        eat(&[self.end as u8, self.hard as u8]);
        h
    }
}

/// The names of a list game's codes, held in one text: a name costs its letters and 4 bytes,
/// where a `String` each took some 40 more (a game file may list millions of codes). Indexing
/// gives a `&str`.
///
/// ```
/// use codebreak_core::list::CodeNames;
///
/// let names = CodeNames::from_strings(vec!["ab-c".into(), "a+".into()]);
/// assert_eq!((names.len(), &names[1]), (2, "a+"));
/// assert_eq!(names.iter().collect::<Vec<_>>(), ["ab-c", "a+"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CodeNames {
    text: String,
    /// Where each name ends in `text`.
    ends: Vec<u64>,
}

impl CodeNames {
    /// The names, in order; each `String` is dropped as soon as it is copied.
    pub fn from_strings(names: Vec<String>) -> CodeNames {
        let total: usize = names.iter().map(String::len).sum();
        let mut out = CodeNames {
            text: String::with_capacity(total),
            ends: Vec::with_capacity(names.len()),
        };
        for n in names {
            out.push(&n);
        }
        out
    }
    /// Adds a name at the end.
    pub fn push(&mut self, name: &str) {
        self.text.push_str(name);
        self.ends.push(self.text.len() as u64);
    }
    /// Adds every name of `other` at the end.
    pub fn append(&mut self, other: &CodeNames) {
        let base = self.text.len() as u64;
        self.text.push_str(&other.text);
        self.ends.extend(other.ends.iter().map(|e| e + base));
    }
    /// How many names.
    pub fn len(&self) -> usize {
        self.ends.len()
    }
    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
    /// Name `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<&str> {
        (i < self.len()).then(|| &self[i])
    }
    /// Every name, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + Clone + '_ {
        (0..self.len()).map(|i| &self[i])
    }
    /// The positions of the names sorted by name, equal names by position: 4 bytes a name,
    /// where a map by name takes some 40 (a game file may list millions of codes).
    pub fn sorted(&self) -> Vec<u32> {
        let mut order: Vec<u32> = (0..self.len() as u32).collect();
        order
            .par_sort_unstable_by(|&a, &b| self[a as usize].cmp(&self[b as usize]).then(a.cmp(&b)));
        order
    }
    /// The position of `name`, found by binary search of `sorted` ([`CodeNames::sorted`]).
    pub fn find(&self, sorted: &[u32], name: &str) -> Option<u32> {
        let at = sorted
            .binary_search_by(|&i| self[i as usize].cmp(name))
            .ok()?;
        Some(sorted[at])
    }
    /// The first name listed twice, as the positions of its first two listings (the second
    /// the lowest such position), read from `sorted` ([`CodeNames::sorted`]).
    ///
    /// ```
    /// use codebreak_core::list::CodeNames;
    ///
    /// let names: CodeNames = ["a", "b", "c", "b", "a"].into_iter().collect();
    /// assert_eq!(names.first_duplicate(&names.sorted()), Some((1, 3)));
    /// ```
    pub fn first_duplicate(&self, sorted: &[u32]) -> Option<(usize, usize)> {
        sorted
            .windows(2)
            .filter(|w| self[w[0] as usize] == self[w[1] as usize])
            .map(|w| (w[0] as usize, w[1] as usize))
            .min_by_key(|&(_, second)| second)
    }
    /// The first `n` names (all when there are fewer), as owned strings.
    pub fn first(&self, n: usize) -> Vec<String> {
        self.iter().take(n).map(str::to_string).collect()
    }
}

impl From<Vec<String>> for CodeNames {
    fn from(names: Vec<String>) -> CodeNames {
        CodeNames::from_strings(names)
    }
}

impl FromIterator<String> for CodeNames {
    fn from_iter<I: IntoIterator<Item = String>>(names: I) -> CodeNames {
        let mut out = CodeNames::default();
        for n in names {
            out.push(&n);
        }
        out
    }
}

impl<'a> FromIterator<&'a str> for CodeNames {
    fn from_iter<I: IntoIterator<Item = &'a str>>(names: I) -> CodeNames {
        let mut out = CodeNames::default();
        for n in names {
            out.push(n);
        }
        out
    }
}

impl std::ops::Index<usize> for CodeNames {
    type Output = str;
    fn index(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }
}

/// Codes are non-empty, printable, without the characters histories use to separate moves,
/// and each is listed once.
/// `sorted`: the codes' positions sorted by name ([`CodeNames::sorted`]).
fn check_codes(what: &'static str, codes: &CodeNames, sorted: &[u32]) -> Result<(), ListError> {
    for c in codes.iter() {
        let bad = |why| ListError::BadCode {
            what,
            code: c.to_string(),
            why,
        };
        if c.is_empty() {
            return Err(bad("is empty: expected a code"));
        }
        if c.chars().any(|ch| ch.is_whitespace() || ch.is_control()) {
            return Err(bad("contains white space: expected one word per code"));
        }
        if c.contains([',', ';', ':', '=', '#']) {
            return Err(bad(
                "contains one of , ; : = #, which separate moves in histories: choose other names",
            ));
        }
    }
    match codes.first_duplicate(sorted) {
        Some((first, second)) => Err(ListError::Duplicate {
            what,
            code: codes[second].to_string(),
            first: first + 1,
            second: second + 1,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three coins, one heavier or lighter; weigh a against b, or a against c.
    fn coins() -> ListParts {
        let guesses = vec!["a-b".to_string(), "a-c".to_string()];
        let secrets: Vec<String> = ["a+", "a-", "b+", "b-", "c+", "c-"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let replies: Vec<String> = ["<", "=", ">"].iter().map(|s| s.to_string()).collect();
        // Left pan heavier: ">".
        let weigh = |g: &str, s: &str| -> u8 {
            let (l, r) = g.split_once('-').unwrap();
            let (coin, heavy) = (&s[..1], s.ends_with('+'));
            if coin == l {
                if heavy { 2 } else { 0 }
            } else if coin == r {
                if heavy { 0 } else { 2 }
            } else {
                1
            }
        };
        let mut table = Vec::new();
        for g in &guesses {
            for s in &secrets {
                table.push(weigh(g, s));
            }
        }
        ListParts {
            name: "three coins".into(),
            end: End::Known,
            guesses: guesses.into(),
            secrets: secrets.into(),
            replies,
            table,
            ..ListParts::default()
        }
    }

    #[test]
    fn a_known_end_game_needs_secrets_told_apart() {
        let g = ListGame::new(coins()).unwrap();
        assert_eq!(g.codes().len(), 8);
        assert_eq!(g.guess_count(), 2);
        assert_eq!(g.win(), None);
        // Without the second weighing, a- and b+ (and a+ and b-, c+ and c-) look alike.
        let mut p = coins();
        p.guesses = p.guesses.first(1).into();
        p.table.truncate(6);
        let e = ListGame::new(p).unwrap_err().to_string();
        assert!(e.contains("\"a-\" and \"b+\""), "{e}");
        let p = ListParts {
            end: End::Guess,
            ..coins()
        };
        let e = ListGame::new(p).unwrap_err().to_string();
        assert!(e.contains("not a guess"), "{e}");
    }

    #[test]
    fn replies_are_numbered_as_they_first_appear_up_to_the_most_a_game_has() {
        let mut numbers = ReplyNumbers::default();
        assert_eq!(numbers.number("<"), Some(0));
        assert_eq!(numbers.number(">"), Some(1));
        assert_eq!(numbers.number("<"), Some(0));
        for i in 2..MAX_REPLIES {
            assert_eq!(numbers.number(&i.to_string()), Some(i as u8));
        }
        assert_eq!(numbers.number("one too many"), None);
        assert_eq!(
            numbers.number(">"),
            Some(1),
            "known replies keep their number"
        );
        let names = numbers.into_names();
        assert_eq!(names.len(), MAX_REPLIES);
        assert_eq!((names[0].as_str(), names[1].as_str()), ("<", ">"));
    }

    #[test]
    fn a_guess_end_game_has_one_winning_reply_made_last() {
        // Guess a number from 0 to 2; replies lower / higher / yes.
        let codes: Vec<String> = (0..3).map(|i| i.to_string()).collect();
        let replies: Vec<String> = ["yes", "lower", "higher"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut table = Vec::new();
        for g in 0..3 {
            for s in 0..3 {
                table.push(match s.cmp(&g) {
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Less => 1,
                    std::cmp::Ordering::Greater => 2,
                });
            }
        }
        let parts = ListParts {
            guesses: codes.clone().into(),
            secrets: codes.clone().into(),
            replies,
            table,
            ..ListParts::default()
        };
        let g = ListGame::new(parts.clone()).unwrap();
        assert_eq!(g.win(), Some(2));
        assert_eq!(g.replies()[2], "yes");
        assert_eq!(g.table()[4], 2, "1 against 1 wins");
        assert_eq!(g.reply_index("yes"), Some(2));
        // A guess that wins against another secret is refused.
        let mut bad = parts.clone();
        bad.table[1] = 0;
        assert!(matches!(
            ListGame::new(bad),
            Err(ListError::FalseWin { .. })
        ));
        let mut dup = parts;
        dup.secrets = ["0", "1", "0"].into_iter().collect();
        let e = ListGame::new(dup).unwrap_err().to_string();
        assert!(e.contains("listed twice (as secret 1 and 3)"), "{e}");
    }
}
