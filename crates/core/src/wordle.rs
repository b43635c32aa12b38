//! Wordle's rule: words of five letters; each letter of the guess is green (right letter,
//! right place), yellow (in the word elsewhere, counting repeated letters only as often as the
//! secret has them) or grey.
//!
//! A reply is written five letters of `G`, `Y`, `B` (`B` for grey, as in alex1770/wordle);
//! `.` is also read as grey, and the coloured squares 🟩 🟨 ⬛ ⬜ as they are shared from the
//! game. As a [`Feedback`] it is the base-3 number `Σ colour(i)·3^i` with grey 0, yellow 1,
//! green 2, so "all green" (the win) is the highest index, 242.
//!
//! Hard mode ([`HardMode`]): every guess after the first keeps each green letter in its place
//! and contains every green or yellow letter of earlier guesses, as often as they were marked
//! (the rule of alex1770/wordle's `-H`).
//!
//! ```
//! use codebreak_core::wordle::{format_reply, parse_reply, score};
//! let fb = score(b"salet", b"whiff");
//! assert_eq!(format_reply(fb), "BBBBB");
//! assert_eq!(format_reply(score(b"speed", b"abide")), "BBYBY");
//! assert_eq!(parse_reply("🟩🟨⬛⬜.").unwrap(), parse_reply("GYBBB").unwrap());
//! ```

use crate::error::quote;
use crate::feedback::Feedback;

/// Letters in a Wordle word.
pub const LETTERS: usize = 5;

/// Number of reply indices (3^5).
pub const REPLIES: usize = 243;

/// The winning reply, all green.
pub const WIN: Feedback = Feedback(242);

const GREY: u8 = 0;
const YELLOW: u8 = 1;
const GREEN: u8 = 2;
const POW3: [u8; LETTERS] = [1, 3, 9, 27, 81];

/// The colours of a reply, position by position (0 grey, 1 yellow, 2 green).
pub fn colours(fb: Feedback) -> [u8; LETTERS] {
    let mut out = [0u8; LETTERS];
    let mut v = fb.0;
    for c in &mut out {
        *c = v % 3;
        v /= 3;
    }
    out
}

fn from_colours(c: &[u8; LETTERS]) -> Feedback {
    Feedback(c.iter().zip(POW3).map(|(&c, p)| c * p).sum())
}

/// The reply to `guess` when the secret is `secret` (lowercase ASCII letters, five each).
///
/// Greens first; then each other letter of the guess, left to right, takes the first letter of
/// the secret that is equal, not green and not yet taken. Five letters make a bit mask of the
/// free places cheaper than a table of letter counts.
#[inline]
pub fn score(guess: &[u8; LETTERS], secret: &[u8; LETTERS]) -> Feedback {
    let mut out = 0u8;
    let mut free = 0u8;
    for i in 0..LETTERS {
        if guess[i] == secret[i] {
            out += GREEN * POW3[i];
        } else {
            free |= 1 << i;
        }
    }
    let mut untaken = free;
    for i in 0..LETTERS {
        if free & (1 << i) != 0 {
            for (j, &letter) in secret.iter().enumerate() {
                if untaken & (1 << j) != 0 && letter == guess[i] {
                    untaken &= !(1 << j);
                    out += YELLOW * POW3[i];
                    break;
                }
            }
        }
    }
    Feedback(out)
}

/// Secrets laid out for scoring many at a time ([`Secrets::score_row`]): letter `j` of
/// [`LANES`] secrets side by side, and how often each letter `a` to `z` occurs in them, so
/// that each step of the rule is one operation on a row of bytes (which the compiler turns
/// into vector instructions).
///
/// ```
/// use codebreak_core::wordle::{Secrets, score};
/// let words = [*b"abide", *b"speed", *b"eerie"];
/// let secrets = Secrets::new(&words);
/// let mut out = [0u8; 3];
/// for guess in [*b"speed", *b"crane", *b"eerie"] {
///     secrets.score_row(&guess, &mut out);
///     for (s, &r) in words.iter().zip(&out) {
///         assert_eq!(score(&guess, s).0, r);
///     }
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Secrets {
    /// `chunks[c][j][x]`: letter `j` of secret `c * LANES + x` (0 past the last secret).
    chunks: Vec<[[u8; LANES]; LETTERS]>,
    /// `counts[c][l][x]`: how often letter `b'a' + l` occurs in secret `c * LANES + x`.
    counts: Vec<[[u8; LANES]; ALPHABET]>,
    len: usize,
}

/// Secrets scored at a time by [`Secrets::score_row`].
pub const LANES: usize = 32;

/// Letters `a` to `z`, counted in each secret ([`Secrets`]).
const ALPHABET: usize = 26;

/// A byte that is all ones for true, all zeros for false: lanes hold masks rather than 0 or
/// 1, so that no step needs a byte multiply, which x86 lacks.
#[inline(always)]
fn mask(b: bool) -> u8 {
    0u8.wrapping_sub(u8::from(b))
}

impl Secrets {
    /// The secrets, laid out.
    pub fn new(words: &[[u8; LETTERS]]) -> Secrets {
        let chunk_count = words.len().div_ceil(LANES);
        let mut chunks = vec![[[0u8; LANES]; LETTERS]; chunk_count];
        let mut counts = vec![[[0u8; LANES]; ALPHABET]; chunk_count];
        for (k, w) in words.iter().enumerate() {
            for (j, &c) in w.iter().enumerate() {
                chunks[k / LANES][j][k % LANES] = c;
                if c.is_ascii_lowercase() {
                    counts[k / LANES][usize::from(c - b'a')][k % LANES] += 1;
                }
            }
        }
        Secrets {
            chunks,
            counts,
            len: words.len(),
        }
    }

    /// The reply to `guess` of every secret, into `out` (one reply index each, as [`score`]
    /// gives it), [`LANES`] secrets at a time.
    ///
    /// Greens first. A letter of the guess that is not green then takes, left to right, the
    /// places of the secret that hold it and are not green. A letter the guess holds once is
    /// yellow exactly when the secret holds it (none of its places can be green: a green
    /// place holds its own guess letter); a repeated one takes, in order, the secret's count
    /// of that letter less its green places. Guesses of letters `a` to `z` read the counts
    /// of [`Secrets::new`]; others compare every place of the secret with each letter.
    ///
    /// # Panics
    ///
    /// When `out` is shorter than the secrets.
    pub fn score_row(&self, guess: &[u8; LETTERS], out: &mut [u8]) {
        assert!(out.len() >= self.len, "one reply per secret");
        if !guess.iter().all(u8::is_ascii_lowercase) {
            self.score_row_any_bytes(guess, out);
            return;
        }
        self.score_letters(guess, out);
    }

    /// [`score_row`](Self::score_row) for a guess of letters `a` to `z`, from the counts.
    fn score_letters(&self, guess: &[u8; LETTERS], out: &mut [u8]) {
        // Each letter of the guess (as an index into the counts), its places in the guess
        // in order, and how many.
        let mut letters = [(0usize, [0usize; LETTERS], 0usize); LETTERS];
        let mut distinct = 0;
        for i in 0..LETTERS {
            if guess[..i].contains(&guess[i]) {
                continue;
            }
            let entry = &mut letters[distinct];
            entry.0 = usize::from(guess[i] - b'a');
            for (k, &c) in guess.iter().enumerate().skip(i) {
                if c == guess[i] {
                    entry.1[entry.2] = k;
                    entry.2 += 1;
                }
            }
            distinct += 1;
        }
        let letters = &letters[..distinct];
        let rows = self.chunks.iter().zip(&self.counts);
        for ((c, n), o) in rows.zip(out[..self.len].chunks_mut(LANES)) {
            let (green, mut reply) = greens(c, guess);
            for &(l, places, count) in letters {
                let held = &n[l];
                if count == 1 {
                    let i = places[0];
                    for x in 0..LANES {
                        reply[x] += mask(held[x] != 0) & !green[i][x] & (YELLOW * POW3[i]);
                    }
                    continue;
                }
                // The secret's places holding the letter that are not green (a mask is
                // minus one), taken in order by the guess's places that are not green.
                let mut free = *held;
                for &i in &places[..count] {
                    for x in 0..LANES {
                        free[x] = free[x].wrapping_add(green[i][x]);
                    }
                }
                for &i in &places[..count] {
                    for x in 0..LANES {
                        let yellow = mask(free[x] != 0) & !green[i][x];
                        reply[x] += yellow & (YELLOW * POW3[i]);
                        free[x] = free[x].wrapping_add(yellow);
                    }
                }
            }
            o.copy_from_slice(&reply[..o.len()]);
        }
    }

    /// [`score_row`](Self::score_row) for a guess of any bytes: each letter of the guess
    /// that is not green is yellow exactly when the places of the secret that hold it and
    /// are not green outnumber the earlier yellow places of the guess with the same letter.
    fn score_row_any_bytes(&self, guess: &[u8; LETTERS], out: &mut [u8]) {
        // same[i][k]: guess letters i and k (k < i) are the same letter.
        let mut same = [[false; LETTERS]; LETTERS];
        for i in 0..LETTERS {
            for k in 0..i {
                same[i][k] = guess[k] == guess[i];
            }
        }
        for (c, o) in self.chunks.iter().zip(out[..self.len].chunks_mut(LANES)) {
            let (green, mut reply) = greens(c, guess);
            let mut yellow = [[0u8; LANES]; LETTERS];
            for i in 0..LETTERS {
                // Places not green holding letter i, less those earlier letters took (a
                // mask is minus one).
                let mut held = [0u8; LANES];
                for j in 0..LETTERS {
                    for x in 0..LANES {
                        held[x] = held[x].wrapping_sub(mask(c[j][x] == guess[i]) & !green[j][x]);
                    }
                }
                for k in 0..i {
                    if same[i][k] {
                        for x in 0..LANES {
                            held[x] = held[x].wrapping_add(yellow[k][x]);
                        }
                    }
                }
                for x in 0..LANES {
                    yellow[i][x] = mask(held[x] != 0) & !green[i][x];
                    reply[x] += yellow[i][x] & (YELLOW * POW3[i]);
                }
            }
            o.copy_from_slice(&reply[..o.len()]);
        }
    }
}

/// A reply in `G`/`Y`/`B` letters.
pub fn format_reply(fb: Feedback) -> String {
    colours(fb)
        .iter()
        .map(|&c| match c {
            GREEN => 'G',
            YELLOW => 'Y',
            _ => 'B',
        })
        .collect()
}

/// Reads a reply: five of `G`/`Y`/`B` (any case), `.` or `-` for grey, or the coloured squares
/// 🟩 🟨 ⬛ ⬜ (🟧 🟦 of the high-contrast theme are green and yellow).
pub fn parse_reply(text: &str) -> Result<Feedback, String> {
    let t = text.trim();
    let mut c = [0u8; LETTERS];
    let mut n = 0;
    for ch in t.chars() {
        if ch == '\u{fe0f}' || ch.is_whitespace() {
            continue;
        }
        let colour = match ch {
            'G' | 'g' | '🟩' | '🟧' => GREEN,
            'Y' | 'y' | '🟨' | '🟦' => YELLOW,
            'B' | 'b' | '.' | '-' | '⬛' | '⬜' | 'X' | 'x' => GREY,
            _ => {
                return Err(format!(
                    "reply {} contains {ch:?}: expected five of G (green), Y (yellow), B or . (grey), such as GYB.B",
                    quote(text)
                ));
            }
        };
        if n == LETTERS {
            n += 1;
            break;
        }
        c[n] = colour;
        n += 1;
    }
    if n != LETTERS {
        return Err(format!(
            "reply {} has {} colour{}: expected five of G (green), Y (yellow), B or . (grey), such as GYB.B",
            quote(text),
            if n > LETTERS {
                "more than 5".to_string()
            } else {
                n.to_string()
            },
            if n == 1 { "" } else { "s" }
        ));
    }
    Ok(from_colours(&c))
}

/// Reads a word: five ASCII letters (any case), as lowercase bytes.
pub fn word(text: &str) -> Option<[u8; LETTERS]> {
    let b = text.trim().as_bytes();
    if b.len() != LETTERS || !b.iter().all(u8::is_ascii_alphabetic) {
        return None;
    }
    let mut w = [0u8; LETTERS];
    for (o, c) in w.iter_mut().zip(b) {
        *o = c.to_ascii_lowercase();
    }
    Some(w)
}

/// What hard mode requires of the next guess after some moves: green letters in place, and at
/// least so many of each letter marked green or yellow.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HardMode {
    /// The letter each position must have (0 for none).
    green: [u8; LETTERS],
    /// The fewest times each letter must appear.
    least: [u8; 26],
    /// Bit `k` set when letter `b'a' + k` must appear (`least[k] > 0`).
    needed: u32,
}

impl HardMode {
    /// No constraint yet.
    pub fn new() -> HardMode {
        HardMode::default()
    }

    /// Adds what a move teaches.
    pub fn learn(&mut self, guess: &[u8; LETTERS], fb: Feedback) {
        let c = colours(fb);
        let mut count = [0u8; 26];
        for i in 0..LETTERS {
            let k = (guess[i].wrapping_sub(b'a') % 26) as usize;
            if c[i] == GREEN {
                self.green[i] = guess[i];
            }
            if c[i] != GREY {
                count[k] += 1;
            }
        }
        for (k, (l, n)) in self.least.iter_mut().zip(count).enumerate() {
            *l = (*l).max(n);
            if *l > 0 {
                self.needed |= 1 << k;
            }
        }
    }

    /// Whether `guess` keeps every rule learnt so far; otherwise why not.
    pub fn check(&self, guess: &[u8; LETTERS]) -> Result<(), String> {
        match self.broken(guess) {
            None => Ok(()),
            Some(Broken::Green { at, want }) => Err(format!(
                "letter {} must be {} (green earlier)",
                at + 1,
                (want as char).to_ascii_uppercase()
            )),
            Some(Broken::Least { letter, need: 1 }) => {
                Err(format!("it must contain {letter} (marked earlier)"))
            }
            Some(Broken::Least { letter, need }) => Err(format!(
                "it must contain {letter} {need} times (marked earlier)"
            )),
        }
    }

    /// Whether `guess` keeps every rule learnt so far.
    pub fn allows(&self, guess: &[u8; LETTERS]) -> bool {
        self.broken(guess).is_none()
    }

    /// Whether every guess this rule allows, `coarser` allows too: each green letter of
    /// `coarser` is a green letter here, in the same place, and each letter must appear here
    /// at least as often. The guesses of a finer rule can then be sought among the coarser
    /// rule's only (a rule after more moves is finer, unless a later move marks another
    /// letter green in a place that had one).
    ///
    /// ```
    /// use codebreak_core::wordle::{parse_reply, HardMode};
    /// let mut after_one = HardMode::new();
    /// after_one.learn(b"salet", parse_reply("GBBBY").unwrap());
    /// let mut after_two = after_one.clone();
    /// after_two.learn(b"stern", parse_reply("GGBBB").unwrap());
    /// assert!(after_two.refines(&after_one));
    /// assert!(!after_one.refines(&after_two));
    /// let mut elsewhere = after_one.clone();
    /// elsewhere.learn(b"tacos", parse_reply("YBBBB").unwrap());
    /// assert!(elsewhere.refines(&after_one));
    /// let mut moved = HardMode::new();
    /// moved.learn(b"talks", parse_reply("GBBBB").unwrap());
    /// assert!(!moved.refines(&after_one));
    /// ```
    pub fn refines(&self, coarser: &HardMode) -> bool {
        let greens = (self.green.iter().zip(&coarser.green)).all(|(&a, &b)| b == 0 || a == b);
        greens && (self.least.iter().zip(&coarser.least)).all(|(&a, &b)| a >= b)
    }

    /// What this rule requires beyond `coarser`, which it [refines](Self::refines): the
    /// green letters `coarser` lacks, and each letter it requires more often. Of the guesses
    /// `coarser` allows, this rule allows exactly those the result allows, which tests only
    /// what changed.
    ///
    /// ```
    /// use codebreak_core::wordle::{parse_reply, HardMode};
    /// let mut coarse = HardMode::new();
    /// coarse.learn(b"salet", parse_reply("GBBBY").unwrap());
    /// let mut fine = coarse.clone();
    /// fine.learn(b"stern", parse_reply("GGBBB").unwrap());
    /// let extra = fine.beyond(&coarse);
    /// assert!(extra.allows(b"xtxxx") && !extra.allows(b"txxxx"));
    /// assert_eq!(coarse.beyond(&coarse), HardMode::new());
    /// ```
    pub fn beyond(&self, coarser: &HardMode) -> HardMode {
        let mut out = HardMode::new();
        for (i, (&a, &b)) in self.green.iter().zip(&coarser.green).enumerate() {
            if a != b {
                out.green[i] = a;
            }
        }
        for (k, (&a, &b)) in self.least.iter().zip(&coarser.least).enumerate() {
            if a > b {
                out.least[k] = a;
                out.needed |= 1 << k;
            }
        }
        out
    }

    /// The first rule `guess` breaks: a green letter out of place, then a letter too few times.
    fn broken(&self, guess: &[u8; LETTERS]) -> Option<Broken> {
        for (at, (&g, &want)) in guess.iter().zip(&self.green).enumerate() {
            if want != 0 && g != want {
                return Some(Broken::Green { at, want });
            }
        }
        // Only the letters that must appear, in alphabetical order, each counted in the guess.
        let mut needed = self.needed;
        while needed != 0 {
            let k = needed.trailing_zeros() as u8;
            needed &= needed - 1;
            let need = self.least[k as usize];
            let have = guess
                .iter()
                .filter(|&&g| g.wrapping_sub(b'a') % 26 == k)
                .count();
            if have < need as usize {
                let letter = (b'A' + k) as char;
                return Some(Broken::Least { letter, need });
            }
        }
        None
    }
}

/// The guesses of a game indexed for hard mode's rule: for each position and letter, the set
/// of guesses with that letter there, and for each letter and count, the set of guesses with
/// at least that many of it, as bit sets. The guesses a rule allows are then a few ANDs of
/// sets ([`HardIndex::allowed`]) instead of a test of every guess: the search asks at every
/// position.
#[derive(Clone, Debug)]
pub struct HardIndex {
    /// Guesses.
    n: usize,
    /// 64-bit words in a set.
    width: usize,
    /// Set `(position * 26 + letter)`: guesses with `letter` at `position`.
    at: Vec<u64>,
    /// Set `((count - 1) * 26 + letter)`: guesses with at least `count` of `letter`.
    times: Vec<u64>,
    /// Codes that are not words (no rule applies to them): always allowed.
    free: Vec<u64>,
}

impl HardIndex {
    /// Indexes the guesses, `None` for a code that is not a five-letter word.
    pub fn new(words: &[Option<[u8; LETTERS]>]) -> HardIndex {
        let n = words.len();
        let width = n.div_ceil(64);
        let sets = LETTERS * 26;
        let mut at = vec![0u64; sets * width];
        let mut times = vec![0u64; sets * width];
        let mut free = vec![0u64; width];
        for (i, w) in words.iter().enumerate() {
            let bit = 1u64 << (i % 64);
            let Some(w) = w else {
                free[i / 64] |= bit;
                continue;
            };
            let mut count = [0usize; 26];
            for (p, &c) in w.iter().enumerate() {
                let k = (c.wrapping_sub(b'a') % 26) as usize;
                at[(p * 26 + k) * width + i / 64] |= bit;
                count[k] += 1;
                times[((count[k] - 1) * 26 + k) * width + i / 64] |= bit;
            }
        }
        HardIndex {
            n,
            width,
            at,
            times,
            free,
        }
    }

    /// The guesses (indices, in order) that `rule` allows: the same as testing each with
    /// [`HardMode::allows`].
    pub fn allowed(&self, rule: &HardMode) -> Vec<u32> {
        let w = self.width;
        let mut acc = vec![!0u64; w];
        if !self.n.is_multiple_of(64) {
            acc[w - 1] = (1u64 << (self.n % 64)) - 1;
        }
        let mut and = |set: &[u64]| acc.iter_mut().zip(set).for_each(|(a, s)| *a &= s);
        for (p, &g) in rule.green.iter().enumerate() {
            if g != 0 {
                let k = (g.wrapping_sub(b'a') % 26) as usize;
                and(&self.at[(p * 26 + k) * w..][..w]);
            }
        }
        for (k, &need) in rule.least.iter().enumerate() {
            match need as usize {
                0 => {}
                need if need <= LETTERS => and(&self.times[((need - 1) * 26 + k) * w..][..w]),
                _ => and(&vec![0u64; w]),
            }
        }
        let mut out = Vec::new();
        for (j, (&a, &f)) in acc.iter().zip(&self.free).enumerate() {
            let mut bits = a | f;
            while bits != 0 {
                out.push((j * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        out
    }
}

/// A rule of hard mode a guess breaks (see [`HardMode::check`]).
enum Broken {
    /// Position `at` must hold `want`.
    Green { at: usize, want: u8 },
    /// `letter` must appear at least `need` times.
    Least { letter: char, need: u8 },
}

/// The original Wordle lists (alex1770/wordle, MIT: `examples/games/wordle/`): every word
/// accepted as a guess, then the words the game could choose.
const ORIGINAL_GUESSES: &str = include_str!("../../../examples/games/wordle/wordlist_orig_all");
const ORIGINAL_SECRETS: &str = include_str!("../../../examples/games/wordle/wordlist_orig_hidden");

/// The words of a list file: one per line, blank lines and `#` comments skipped.
fn words_of(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// The original lists: 12972 guesses and 2315 secrets.
pub fn original_lists() -> (Vec<String>, Vec<String>) {
    (words_of(ORIGINAL_GUESSES), words_of(ORIGINAL_SECRETS))
}

/// A Wordle game on the given words (five letters a to z each, any case; the caller names
/// a bad one), its table built on every core. Reply `i` is the reply whose [`Feedback`] is `i`
/// in this module's encoding.
pub fn list_game(
    name: String,
    description: String,
    guesses: &[[u8; LETTERS]],
    secrets: &[[u8; LETTERS]],
    end: crate::list::End,
    hard: bool,
) -> Result<crate::ListGame, crate::list::ListError> {
    use rayon::prelude::*;
    let text = |w: &[u8; LETTERS]| String::from_utf8_lossy(w).into_owned();
    let mut table = vec![0u8; guesses.len() * secrets.len()];
    if !secrets.is_empty() {
        let laid = Secrets::new(secrets);
        table
            .par_chunks_mut(secrets.len())
            .zip(guesses)
            .for_each(|(row, guess)| laid.score_row(guess, row));
    }
    crate::ListGame::new(crate::list::ListParts {
        name,
        description,
        rule: Some(crate::list::ListRule::Wordle),
        end,
        hard,
        guesses: guesses.iter().map(text).collect(),
        secrets: secrets.iter().map(text).collect(),
        replies: (0..REPLIES as u8)
            .map(|i| format_reply(Feedback(i)))
            .collect(),
        table,
        moves: None,
    })
}

/// The built-in Wordle game (original lists), normal or hard, built once per process.
pub fn original(hard: bool) -> std::sync::Arc<crate::ListGame> {
    use std::sync::{Arc, OnceLock};
    static GAMES: [OnceLock<Arc<crate::ListGame>>; 2] = [OnceLock::new(), OnceLock::new()];
    GAMES[hard as usize]
        .get_or_init(|| {
            let (g, s) = original_lists();
            let words = |l: &[String]| -> Vec<[u8; LETTERS]> {
                l.iter()
                    .map(|w| word(w).expect("the shipped lists hold five-letter words"))
                    .collect()
            };
            let game = list_game(
                "Wordle".into(),
                "Find a five-letter word in six guesses. Each letter of a guess comes back green \
                 (right letter, right place), yellow (in the word elsewhere) or grey (not in the \
                 word, or not that many times)."
                    .into(),
                &words(&g),
                &words(&s),
                crate::list::End::Guess,
                hard,
            )
            .expect("the shipped lists make a valid game");
            Arc::new(game)
        })
        .clone()
}

/// The green places of [`LANES`] secrets (`chunk`, laid out as in [`Secrets`]) for `guess`,
/// as masks by place, and the reply their greens make so far.
#[inline(always)]
fn greens(
    chunk: &[[u8; LANES]; LETTERS],
    guess: &[u8; LETTERS],
) -> ([[u8; LANES]; LETTERS], [u8; LANES]) {
    let mut green = [[0u8; LANES]; LETTERS];
    let mut reply = [0u8; LANES];
    for j in 0..LETTERS {
        for x in 0..LANES {
            green[j][x] = mask(chunk[j][x] == guess[j]);
            reply[x] += green[j][x] & (GREEN * POW3[j]);
        }
    }
    (green, reply)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> [u8; 5] {
        word(s).unwrap()
    }

    /// A plain, slow scorer written from the rule's statement.
    fn reference(guess: &str, secret: &str) -> String {
        let g: Vec<char> = guess.chars().collect();
        let s: Vec<char> = secret.chars().collect();
        let mut out = vec!['B'; 5];
        let mut used = [false; 5];
        for i in 0..5 {
            if g[i] == s[i] {
                out[i] = 'G';
                used[i] = true;
            }
        }
        for i in 0..5 {
            if out[i] == 'G' {
                continue;
            }
            if let Some(j) = (0..5).find(|&j| !used[j] && s[j] == g[i]) {
                used[j] = true;
                out[i] = 'Y';
            }
        }
        out.into_iter().collect()
    }

    #[test]
    fn scores_like_the_rule_says() {
        let words = [
            "salet", "courd", "nymph", "whiff", "speed", "abide", "erase", "eerie", "llama",
            "allay", "fizzy", "jiffy", "hippy", "pygmy", "geese", "sheep", "elder", "adder",
        ];
        for g in words {
            for s in words {
                assert_eq!(
                    format_reply(score(&w(g), &w(s))),
                    reference(g, s),
                    "{g} against {s}"
                );
            }
        }
        assert_eq!(score(&w("crane"), &w("crane")), WIN);
    }

    #[test]
    fn rows_score_like_one_pair_at_a_time() {
        // Every pair of the original lists: guesses with and without repeated letters,
        // against secrets with and without, and a last chunk of secrets not full.
        let (guesses, secrets) = original_lists();
        let secrets: Vec<[u8; LETTERS]> = secrets.iter().map(|t| w(t)).collect();
        assert_ne!(secrets.len() % LANES, 0);
        let laid = Secrets::new(&secrets);
        let mut row = vec![0u8; secrets.len()];
        for g in guesses.iter().map(|t| w(t)) {
            laid.score_row(&g, &mut row);
            for (s, &r) in secrets.iter().zip(&row) {
                assert_eq!(r, score(&g, s).0, "{g:?} against {s:?}");
            }
        }
        // Any bytes, not only letters.
        let odd = [*b"AB-DE", *b"abcde", *b"--a--"];
        let mut row = [0u8; 3];
        for g in odd {
            Secrets::new(&odd).score_row(&g, &mut row);
            for (s, &r) in odd.iter().zip(&row) {
                assert_eq!(r, score(&g, s).0);
            }
        }
    }

    #[test]
    fn replies_read_in_every_notation() {
        let fb = parse_reply("GYBBG").unwrap();
        assert_eq!(format_reply(fb), "GYBBG");
        assert_eq!(parse_reply("gy..g").unwrap(), fb);
        assert_eq!(parse_reply("🟩🟨⬛⬜🟩").unwrap(), fb);
        for bad in ["GYBB", "GYBBGG", "GYBZG", "", "1B2W"] {
            let e = parse_reply(bad).unwrap_err();
            assert!(e.contains("expected five"), "{bad}: {e}");
        }
        for i in 0..REPLIES as u8 {
            assert_eq!(
                parse_reply(&format_reply(Feedback(i))).unwrap(),
                Feedback(i)
            );
        }
    }

    #[test]
    fn hard_mode_keeps_greens_and_yellows_with_multiplicity() {
        let mut h = HardMode::new();
        // Secret "geese": "speed" scores Y B G Y B (the second E is in the word elsewhere).
        let fb = score(&w("speed"), &w("geese"));
        assert_eq!(format_reply(fb), "YBGYB");
        h.learn(&w("speed"), fb);
        assert!(h.allows(&w("geese")));
        let e = h.check(&w("abide")).unwrap_err();
        assert!(e.contains("letter 3 must be E"), "{e}");
        // The green E stays in place; two Es and an S must appear somewhere.
        assert!(h.allows(&w("teees")));
        assert!(h.check(&w("sxexx")).unwrap_err().contains("E 2 times"));
        assert!(h.check(&w("xxeex")).unwrap_err().contains("S"));
        assert!(h.allows(&w("sseex")));
        // A letter marked three times (Y G . . G) must appear three times.
        let mut h = HardMode::new();
        let fb = score(&w("eerie"), &w("geese"));
        assert_eq!(format_reply(fb), "YGBBG");
        h.learn(&w("eerie"), fb);
        assert!(h.check(&w("eexxe")).is_ok());
        assert!(h.check(&w("xexxe")).unwrap_err().contains("E 3 times"));
    }

    proptest::proptest! {
        /// The index the search filters guesses with allows what the rule allows, for any
        /// moves (replies that contradict each other included) and any list of guesses.
        #[test]
        fn the_index_allows_what_the_rule_allows(
            moves in proptest::collection::vec(("[a-e]{5}", 0u8..243), 0..4),
            guesses in proptest::collection::vec("[a-e]{5}|-", 1..150),
        ) {
            let mut h = HardMode::new();
            for (g, fb) in &moves {
                h.learn(&w(g), Feedback(*fb));
            }
            let words: Vec<Option<[u8; LETTERS]>> = guesses.iter().map(|g| word(g)).collect();
            let expected: Vec<u32> = (0..words.len() as u32)
                .filter(|&i| words[i as usize].is_none_or(|g| h.allows(&g)))
                .collect();
            proptest::prop_assert_eq!(HardIndex::new(&words).allowed(&h), expected);
        }

        /// A rule that refines another allows none of the guesses the other refuses, and a
        /// rule after more moves refines the rule before them unless a later green displaces
        /// an earlier one.
        #[test]
        fn a_finer_rule_allows_only_what_the_coarser_allows(
            moves in proptest::collection::vec(("[a-e]{5}", 0u8..243), 0..4),
            more in proptest::collection::vec(("[a-e]{5}", 0u8..243), 0..3),
            guesses in proptest::collection::vec("[a-e]{5}", 1..100),
        ) {
            let mut coarse = HardMode::new();
            for (g, fb) in &moves {
                coarse.learn(&w(g), Feedback(*fb));
            }
            let mut fine = coarse.clone();
            for (g, fb) in &more {
                fine.learn(&w(g), Feedback(*fb));
            }
            let displaced = (0..LETTERS).any(|i| coarse.green[i] != 0 && fine.green[i] != coarse.green[i]);
            proptest::prop_assert_eq!(fine.refines(&coarse), !displaced);
            if fine.refines(&coarse) {
                let extra = fine.beyond(&coarse);
                for g in &guesses {
                    let g = w(g);
                    proptest::prop_assert!(!fine.allows(&g) || coarse.allows(&g));
                    if coarse.allows(&g) {
                        proptest::prop_assert_eq!(fine.allows(&g), extra.allows(&g));
                    }
                }
            }
        }
    }
}
