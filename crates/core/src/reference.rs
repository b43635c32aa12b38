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
