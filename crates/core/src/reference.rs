//! A slow, obviously correct scorer, kept apart from the fast one so that tests can compare them.
//!
//! It follows the rules as a person applies them at the table: first mark every peg that has
//! the right colour in the right place (black, or A); then, for each unmarked guess peg, look
//! for an unmarked secret peg of the same colour and mark it (white, or B). twoD compares the
//! two coordinates.

use crate::code::{Code, MAX_PEGS};
use crate::feedback::{Feedback, Reply, TwoDReply};
use crate::game::Game;
use crate::list::ListRule;
use crate::spec::GameKind;
use crate::wordle;

/// The reply to a guess in `game`, computed as independently of the fast engines as the game
/// allows: by [`score`] for the generated games, by Wordle's rule applied to the words for a
/// Wordle list game, and from the game's table for other list games (the table is their
/// definition). The checkers (`codebreak verify`, certificates) replay with it.
pub fn game_scorer(game: &Game) -> impl Fn(&Code, &Code) -> Feedback + Sync + '_ {
    let kind = game.kind();
    let replies = game.feedback();
    let wordle = wordle_replies(game);
    move |secret: &Code, guess: &Code| -> Feedback {
        if game.list().is_none() {
            return replies.encode(score(kind, secret, guess));
        }
        match (&wordle, game.wordle_word(secret), game.wordle_word(guess)) {
            (Some(table), Some(s), Some(g)) => table[wordle::score(&g, &s).index()],
            _ => game.score(secret, guess),
        }
    }
}

/// [`game_scorer`] by index into `codes` (the game's codes, as its code space lists them):
/// each code's word is read once, not once per pair, so that a whole table of replies costs
/// one application of the rule per pair.
pub fn indexed_scorer<'a>(
    game: &'a Game,
    codes: &'a [Code],
) -> impl Fn(u32, u32) -> Feedback + Sync + 'a {
    let score = game_scorer(game);
    // Each code's word, and the game's index of each Wordle reply.
    type Words = (Vec<Option<[u8; wordle::LETTERS]>>, Vec<Feedback>);
    let words: Option<Words> = wordle_replies(game)
        .map(|table| (codes.iter().map(|c| game.wordle_word(c)).collect(), table));
    move |secret: u32, guess: u32| -> Feedback {
        if let Some((words, table)) = &words
            && let (Some(s), Some(g)) = (&words[secret as usize], &words[guess as usize])
        {
            return table[wordle::score(g, s).index()];
        }
        score(&codes[secret as usize], &codes[guess as usize])
    }
}

/// [`game_scorer`] a guess at a time, against the codes `secrets` (indices into `codes`, the
/// game's codes as its code space lists them): `score_row(guess, out)` writes the reply of
/// each of the first `out.len()` secrets, in order, into `out`.
///
/// In a Wordle list game the rule is applied to many secrets at once by [`WordleRows`];
/// other games score pair by pair as [`indexed_scorer`] does.
///
/// # Panics
///
/// `score_row` panics when `out` is longer than `secrets`.
pub fn row_scorer<'a>(
    game: &'a Game,
    codes: &'a [Code],
    secrets: &'a [u32],
) -> impl Fn(u32, &mut [u8]) + Sync + 'a {
    let wordle = wordle_replies(game).and_then(|table| {
        let word = |c: u32| game.wordle_word(&codes[c as usize]);
        let words: Option<Vec<_>> = secrets.iter().map(|&s| word(s)).collect();
        let guesses: Option<Vec<_>> = (0..codes.len() as u32).map(word).collect();
        Some((WordleRows::new(&words?), guesses?, table))
    });
    // Pair by pair only where the rows do not serve (each Wordle word is read once).
    let score = wordle.is_none().then(|| indexed_scorer(game, codes));
    move |guess: u32, out: &mut [u8]| {
        if let Some((rows, words, table)) = &wordle {
            rows.score_row(&words[guess as usize], out);
            for r in out.iter_mut() {
                *r = table[usize::from(*r)].0;
            }
        } else if let Some(score) = &score {
            let secrets = &secrets[..out.len()];
            for (cell, &s) in out.iter_mut().zip(secrets) {
                *cell = score(s, guess).0;
            }
        }
    }
}

/// Wordle's rule for one guess against many secrets at once, written apart from both
/// [`wordle::score`] and the engines' [`wordle::Secrets`] so that the checkers stay
/// independent of the search, and laid out (letter `j` of every secret in one row) so that
/// the compiler scores many secrets per instruction.
///
/// The rule as it reads here: a place is green when the letters agree. A place `i` that is
/// not green, holding letter `c`, is the `r`-th place of the guess (counting from the left,
/// up to `i`) that holds `c` and is not green; it is yellow when the secret holds `c` in at
/// least `r` places that are not green. This is the rule of [`wordle::score`] (each such
/// letter, left to right, takes a free place of the secret holding it, while any is left).
///
/// ```
/// use codebreak_core::{reference::WordleRows, wordle};
/// let secrets = [*b"abide", *b"speed", *b"eerie", *b"geese"];
/// let rows = WordleRows::new(&secrets);
/// let mut out = [0u8; 4];
/// for guess in [*b"speed", *b"eerie", *b"there", *b"esses"] {
///     rows.score_row(&guess, &mut out);
///     for (s, &r) in secrets.iter().zip(&out) {
///         assert_eq!(wordle::score(&guess, s).0, r);
///     }
/// }
/// ```
#[derive(Clone, Debug)]
pub struct WordleRows {
    /// `letters[j][k]`: letter `j` of secret `k`.
    letters: [Vec<u8>; wordle::LETTERS],
}

impl WordleRows {
    /// The secrets, a row per letter place.
    pub fn new(secrets: &[[u8; wordle::LETTERS]]) -> WordleRows {
        WordleRows {
            letters: std::array::from_fn(|j| secrets.iter().map(|w| w[j]).collect()),
        }
    }

    /// The reply index ([`wordle::score`]'s) to `guess` of each of the first `out.len()`
    /// secrets, into `out`.
    ///
    /// # Panics
    ///
    /// When `out` is longer than the secrets.
    pub fn score_row(&self, guess: &[u8; wordle::LETTERS], out: &mut [u8]) {
        const N: usize = wordle::LETTERS;
        let n = out.len();
        assert!(n <= self.letters[0].len(), "one reply per secret");
        let rows: [&[u8]; N] = std::array::from_fn(|j| &self.letters[j][..n]);
        // `same[i][j]`: all ones when places `j <= i` of the guess hold the same letter.
        let same: [[u8; N]; N] =
            std::array::from_fn(|i| std::array::from_fn(|j| mask(j <= i && guess[j] == guess[i])));
        // Colours as masks (all ones or zero) and counts in bytes: no byte multiplies.
        for (k, cell) in out.iter_mut().enumerate() {
            let s: [u8; N] = std::array::from_fn(|j| rows[j][k]);
            let free: [u8; N] = std::array::from_fn(|j| mask(s[j] != guess[j]));
            let mut reply = 0u8;
            for i in 0..N {
                let mut rank = 0u8;
                let mut held = 0u8;
                for j in 0..N {
                    rank = rank.wrapping_sub(same[i][j] & free[j]);
                    held = held.wrapping_sub(mask(s[j] == guess[i]) & free[j]);
                }
                let yellow = free[i] & mask(rank <= held);
                reply += (!free[i] & (2 * POW3[i])) | (yellow & POW3[i]);
            }
            *cell = reply;
        }
    }
}

/// Powers of three: a Wordle reply is `Σ colour(i)·3^i` (grey 0, yellow 1, green 2).
const POW3: [u8; wordle::LETTERS] = [1, 3, 9, 27, 81];

/// A byte of all ones for true, zero for false.
#[inline(always)]
fn mask(b: bool) -> u8 {
    0u8.wrapping_sub(u8::from(b))
}

/// In a Wordle list game, the game's index of each of Wordle's replies as [`crate::wordle`]
/// encodes them.
fn wordle_replies(game: &Game) -> Option<Vec<Feedback>> {
    game.list()
        .filter(|l| *l.rule() == ListRule::Wordle)
        .map(|l| {
            (0..wordle::REPLIES as u8)
                .map(|i| {
                    l.reply_index(&wordle::format_reply(Feedback(i)))
                        .map_or(Feedback::NONE, Feedback)
                })
                .collect()
        })
}

/// The reply to `guess` when the secret is `secret`, by the rules of `kind`.
///
/// ```
/// use codebreak_core::{reference, Code, GameKind, Reply};
/// let s = Code::from_pegs(&[1, 2, 3, 4]).unwrap();
/// let g = Code::from_pegs(&[1, 3, 2, 5]).unwrap();
/// assert_eq!(reference::score(GameKind::Mastermind, &s, &g), Reply::Pegs { black: 1, white: 2 });
/// ```
pub fn score(kind: GameKind, secret: &Code, guess: &Code) -> Reply {
    let s = secret.pegs();
    let g = guess.pegs();
    if kind == GameKind::TwoD {
        let le = g[0] <= s[0] && g[1] <= s[1];
        let ge = g[0] >= s[0] && g[1] >= s[1];
        return Reply::TwoD(if le && ge {
            TwoDReply::Hit
        } else if le {
            TwoDReply::Low
        } else if ge {
            TwoDReply::High
        } else {
            TwoDReply::Mixed
        });
    }
    let n = s.len();
    let mut secret_used = [false; MAX_PEGS];
    let mut guess_used = [false; MAX_PEGS];
    let mut black = 0u8;
    for i in 0..n {
        if s[i] == g[i] {
            black += 1;
            secret_used[i] = true;
            guess_used[i] = true;
        }
    }
    if kind == GameKind::BlackPeg {
        return Reply::Black(black);
    }
    let mut white = 0u8;
    for i in 0..n {
        if guess_used[i] {
            continue;
        }
        for j in 0..n {
            if !secret_used[j] && s[j] == g[i] {
                secret_used[j] = true;
                white += 1;
                break;
            }
        }
    }
    Reply::Pegs { black, white }
}
