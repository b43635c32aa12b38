//! A slow, obviously correct scorer, kept apart from the fast one so that tests can compare them.
//!
//! It follows the rules as a person applies them at the table: first mark every peg that has
//! the right colour in the right place (black, or A); then, for each unmarked guess peg, look
//! for an unmarked secret peg of the same colour and mark it (white, or B). twoD compares the
//! two coordinates.

use crate::code::Code;
use crate::feedback::{Reply, TwoDReply};
use crate::spec::GameKind;

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
    let mut secret_used = vec![false; n];
    let mut guess_used = vec![false; n];
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
