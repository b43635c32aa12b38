//! Feedback: the codemaker's reply to a guess.
//!
//! A [`Feedback`] is a dense small index into the game's reply space, so that a partition of
//! candidates by reply is a plain array. [`FeedbackKind`] maps indices to meanings
//! ([`Reply`]) and to text.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::ParseFeedbackError;

/// A reply, as a dense index into its game's reply space (see [`FeedbackKind`]).
///
/// Invariant: `index() < kind.count()` for the game it came from. The winning reply of every
/// game is its highest index.
///
/// ```
/// use codebreak_core::{FeedbackKind, Reply};
/// let kind = FeedbackKind::BlackWhite { pegs: 4, letters: ('B', 'W') };
/// let fb = kind.encode(Reply::Pegs { black: 1, white: 2 });
/// assert_eq!(kind.format(fb), "1B2W");
/// assert_eq!(kind.parse("1b2w").unwrap(), fb);
/// assert_eq!(kind.win(), kind.encode(Reply::Pegs { black: 4, white: 0 }));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Feedback(pub u8);

impl Feedback {
    /// The index as a `usize`, for indexing histograms.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The answer of a twoD comparison, seen from the guess.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TwoDReply {
    /// Each coordinate of the guess is at most the secret's (not equal everywhere).
    Low,
    /// Each coordinate of the guess is at least the secret's (not equal everywhere).
    High,
    /// Some coordinate is lower and another higher.
    Mixed,
    /// The guess is the secret.
    Hit,
}

/// What a reply means.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reply {
    /// Black and white pegs (Mastermind), or bulls and cows (A and B).
    Pegs {
        /// Right colour in the right place (A in Bulls and Cows).
        black: u8,
        /// Right colour in the wrong place (B in Bulls and Cows).
        white: u8,
    },
    /// Black pegs only.
    Black(u8),
    /// A twoD comparison.
    TwoD(TwoDReply),
}

/// The reply space of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FeedbackKind {
    /// Black and white pegs; `letters` are the suffixes used in text (`B`/`W` or `A`/`B`).
    BlackWhite {
        /// Pegs of the game.
        pegs: u8,
        /// Letters for black and white.
        letters: (char, char),
    },
    /// Black pegs only.
    BlackOnly {
        /// Pegs of the game.
        pegs: u8,
    },
    /// The four replies of twoD.
    TwoD,
}

/// Offset of the first index with `black` black pegs, in the triangular layout.
#[inline]
pub(crate) fn tri_offset(pegs: u8, black: u8) -> u8 {
    let (p, b) = (pegs as u32, black as u32);
    (b * (p + 1) - b * b.saturating_sub(1) / 2) as u8
}

const TWOD_ORDER: [TwoDReply; 4] = [
    TwoDReply::Mixed,
    TwoDReply::Low,
    TwoDReply::High,
    TwoDReply::Hit,
];

impl FeedbackKind {
    /// Number of reply indices (some may be impossible, such as 3 black 1 white on 4 pegs).
    pub fn count(&self) -> usize {
        match *self {
            FeedbackKind::BlackWhite { pegs, .. } => {
                let p = pegs as usize;
                (p + 1) * (p + 2) / 2
            }
            FeedbackKind::BlackOnly { pegs } => pegs as usize + 1,
            FeedbackKind::TwoD => 4,
        }
    }

    /// The winning reply.
    pub fn win(&self) -> Feedback {
        Feedback((self.count() - 1) as u8)
    }

    /// The index of a reply. The reply must be in range for the game.
    pub fn encode(&self, reply: Reply) -> Feedback {
        match (*self, reply) {
            (FeedbackKind::BlackWhite { pegs, .. }, Reply::Pegs { black, white }) => {
                debug_assert!(black + white <= pegs);
                Feedback(tri_offset(pegs, black) + white)
            }
            (FeedbackKind::BlackOnly { .. }, Reply::Black(b)) => Feedback(b),
            (FeedbackKind::TwoD, Reply::TwoD(r)) => {
                Feedback(TWOD_ORDER.iter().position(|&x| x == r).unwrap_or(0) as u8)
            }
            (kind, reply) => panic!("reply {reply:?} does not belong to {kind:?}"),
        }
    }

    /// The meaning of an index.
    pub fn decode(&self, fb: Feedback) -> Reply {
        match *self {
            FeedbackKind::BlackWhite { pegs, .. } => {
                let mut black = 0u8;
                while black < pegs && tri_offset(pegs, black + 1) <= fb.0 {
                    black += 1;
                }
                Reply::Pegs {
                    black,
                    white: fb.0 - tri_offset(pegs, black),
                }
            }
            FeedbackKind::BlackOnly { .. } => Reply::Black(fb.0),
            FeedbackKind::TwoD => Reply::TwoD(TWOD_ORDER[fb.index() & 3]),
        }
    }

    /// True when the reply can be given by some secret to some guess.
    pub fn is_possible(&self, fb: Feedback) -> bool {
        if fb.index() >= self.count() {
            return false;
        }
        match (*self, self.decode(fb)) {
            (FeedbackKind::BlackWhite { pegs, .. }, Reply::Pegs { black, white }) => {
                !(black + 1 == pegs && white == 1)
            }
            _ => true,
        }
    }

    /// All reply indices, in index order.
    pub fn all(&self) -> impl Iterator<Item = Feedback> + '_ {
        (0..self.count() as u8).map(Feedback)
    }

    /// The reply in the game's usual notation: `1B2W`, `1A2B`, `2B`, or `low`/`high`/`mixed`/`hit`.
    pub fn format(&self, fb: Feedback) -> String {
        match (*self, self.decode(fb)) {
            (FeedbackKind::BlackWhite { letters, .. }, Reply::Pegs { black, white }) => {
                format!("{black}{}{white}{}", letters.0, letters.1)
            }
            (_, Reply::Black(b)) => format!("{b}B"),
            (_, Reply::TwoD(r)) => match r {
                TwoDReply::Low => "low",
                TwoDReply::High => "high",
                TwoDReply::Mixed => "mixed",
                TwoDReply::Hit => "hit",
            }
            .to_string(),
            _ => unreachable!(),
        }
    }

    /// The reply as two digits, black then white, as the compact tree notation writes it.
    pub fn format_digits(&self, fb: Feedback) -> String {
        match self.decode(fb) {
            Reply::Pegs { black, white } => format!("{black}{white}"),
            Reply::Black(b) => format!("{b}"),
            Reply::TwoD(_) => self.format(fb),
        }
    }

    fn expected(&self) -> String {
        match *self {
            FeedbackKind::BlackWhite { letters, pegs } => format!(
                "{} counts such as 1{b}2{w}, \"1 2\" or 12 (at most {pegs} in all)",
                if letters.0 == 'A' {
                    "A and B"
                } else {
                    "black and white"
                },
                b = letters.0,
                w = letters.1
            ),
            FeedbackKind::BlackOnly { pegs } => {
                format!("a black count from 0 to {pegs}, such as 2 or 2B")
            }
            FeedbackKind::TwoD => "low, high, mixed or hit".to_string(),
        }
    }

    fn syntax(&self, text: &str) -> ParseFeedbackError {
        ParseFeedbackError::Syntax {
            text: text.to_string(),
            expected: self.expected(),
        }
    }

    /// Reads a reply. Accepted forms for black and white: `1B2W`, `1A2B` (bulls and cows
    /// letters), a lone count with its letter (`2W`), two numbers (`1 2`, `1,2`, `1/2`) or two
    /// digits (`12`). Black only: `2` or `2B`. twoD: `low`, `high`, `mixed`, `hit` (or `l`, `h`,
    /// `m`, `=`).
    pub fn parse(&self, text: &str) -> Result<Feedback, ParseFeedbackError> {
        let t = text.trim();
        match *self {
            FeedbackKind::TwoD => {
                let r = match t.to_ascii_lowercase().as_str() {
                    "low" | "l" | "lo" | "<" => TwoDReply::Low,
                    "high" | "h" | "hi" | ">" => TwoDReply::High,
                    "mixed" | "m" | "mix" | "<>" => TwoDReply::Mixed,
                    "hit" | "=" | "==" | "win" | "equal" => TwoDReply::Hit,
                    _ => return Err(self.syntax(text)),
                };
                Ok(self.encode(Reply::TwoD(r)))
            }
            FeedbackKind::BlackOnly { pegs } => {
                let upper = t.to_ascii_uppercase();
                let digits = upper.strip_suffix('B').unwrap_or(&upper).trim();
                let b: u8 = digits.parse().map_err(|_| self.syntax(text))?;
                if b > pegs {
                    return Err(ParseFeedbackError::Impossible {
                        text: text.to_string(),
                        pegs: pegs as usize,
                        why: "more black pegs than pegs",
                        unit: "peg",
                    });
                }
                Ok(Feedback(b))
            }
            FeedbackKind::BlackWhite { pegs, letters } => {
                let (black, white) =
                    parse_pair(t, letters, pegs).ok_or_else(|| self.syntax(text))?;
                // Bulls and Cows speaks of A (bulls) and B (cows), not pegs.
                let bulls = letters == ('A', 'B');
                if black as u32 + white as u32 > pegs as u32 {
                    return Err(ParseFeedbackError::Impossible {
                        text: text.to_string(),
                        pegs: pegs as usize,
                        unit: if bulls { "digit" } else { "peg" },
                        why: if bulls {
                            "A and B together exceed the digits"
                        } else {
                            "black and white together exceed the pegs"
                        },
                    });
                }
                if black + 1 == pegs && white == 1 {
                    return Err(ParseFeedbackError::Impossible {
                        text: text.to_string(),
                        pegs: pegs as usize,
                        unit: if bulls { "digit" } else { "peg" },
                        why: if bulls {
                            "when all but one digit is an A, the last one cannot be a B"
                        } else {
                            "when all but one peg is black, the last one cannot be white"
                        },
                    });
                }
                Ok(self.encode(Reply::Pegs { black, white }))
            }
        }
    }
}

/// Parses black/white notations. Returns `None` for anything not understood.
fn parse_pair(t: &str, letters: (char, char), pegs: u8) -> Option<(u8, u8)> {
    let upper = t.to_ascii_uppercase();
    if upper.is_empty() {
        return None;
    }
    // Tokens: runs of digits, each optionally followed by a letter.
    let mut numbers: Vec<(u32, Option<char>)> = Vec::new();
    let mut chars = upper.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c.is_ascii_digit() {
            let mut n = String::new();
            while let Some(&(_, d)) = chars.peek() {
                if d.is_ascii_digit() {
                    n.push(d);
                    chars.next();
                } else {
                    break;
                }
            }
            while chars.peek().is_some_and(|&(_, c)| c == ' ') {
                chars.next();
            }
            let letter = match chars.peek() {
                Some(&(_, l)) if l.is_ascii_alphabetic() => {
                    chars.next();
                    Some(l)
                }
                _ => None,
            };
            numbers.push((n.parse().ok()?, letter));
        } else if matches!(c, ' ' | ',' | '/' | '-' | ';' | ':') {
            // Only between two counts: "-1 2" and "1 -2" have signs, not separators.
            if numbers.is_empty() || (c == '-' && upper[..at].ends_with(' ')) {
                return None;
            }
            chars.next();
            if !chars
                .peek()
                .is_some_and(|&(_, d)| d.is_ascii_digit() || d == ' ')
            {
                return None;
            }
        } else {
            return None;
        }
    }
    let lettered = numbers.iter().filter(|(_, l)| l.is_some()).count();
    if lettered == 0 {
        return match numbers.as_slice() {
            [(b, None), (w, None)] => Some((u8::try_from(*b).ok()?, u8::try_from(*w).ok()?)),
            // Two digits run together ("12"), only unambiguous for fewer than ten pegs.
            [(n, None)] if pegs < 10 && t.len() == 2 && t.bytes().all(|b| b.is_ascii_digit()) => {
                Some(((n / 10) as u8, (n % 10) as u8))
            }
            _ => None,
        };
    }
    if lettered != numbers.len() {
        return None;
    }
    // Which convention? A letter A or W decides; otherwise the game's own letters.
    let has = |ch: char| numbers.iter().any(|(_, l)| *l == Some(ch));
    let (bl, wl) = if has('A') {
        ('A', 'B')
    } else if has('W') {
        ('B', 'W')
    } else {
        letters
    };
    let (mut black, mut white) = (None, None);
    for &(n, l) in &numbers {
        let n = u8::try_from(n).ok()?;
        match l {
            Some(l) if l == bl && black.is_none() => black = Some(n),
            Some(l) if l == wl && white.is_none() => white = Some(n),
            _ => return None,
        }
    }
    Some((black.unwrap_or(0), white.unwrap_or(0)))
}

impl fmt::Display for Feedback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mm(p: u8) -> FeedbackKind {
        FeedbackKind::BlackWhite {
            pegs: p,
            letters: ('B', 'W'),
        }
    }

    #[test]
    fn triangular_layout_round_trips() {
        for p in 1..=16u8 {
            let k = mm(p);
            let mut seen = vec![false; k.count()];
            for b in 0..=p {
                for w in 0..=(p - b) {
                    let fb = k.encode(Reply::Pegs { black: b, white: w });
                    assert!(!seen[fb.index()]);
                    seen[fb.index()] = true;
                    assert_eq!(k.decode(fb), Reply::Pegs { black: b, white: w });
                }
            }
            assert!(seen.iter().all(|&s| s));
            assert_eq!(k.decode(k.win()), Reply::Pegs { black: p, white: 0 });
        }
    }

    #[test]
    fn refuses_signs_and_stray_separators() {
        let k = mm(4);
        for s in ["-1 2", "1 -2", "1,", "1B2W-", ",1 2", "1--2"] {
            assert!(k.parse(s).is_err(), "{s}");
        }
        assert!(k.parse("1-2").is_ok());
        assert!(k.parse("1, 2").is_ok());
    }

    #[test]
    fn parses_many_notations() {
        let k = mm(4);
        let want = k.encode(Reply::Pegs { black: 1, white: 2 });
        for s in [
            "1B2W", "1b2w", "1 2", "1,2", "12", "2W1B", " 1B 2W ", "1A2B", "1/2",
        ] {
            assert_eq!(k.parse(s).unwrap(), want, "{s}");
        }
        assert_eq!(
            k.parse("2W").unwrap(),
            k.encode(Reply::Pegs { black: 0, white: 2 })
        );
        assert_eq!(
            k.parse("3B").unwrap(),
            k.encode(Reply::Pegs { black: 3, white: 0 })
        );
        let bulls = FeedbackKind::BlackWhite {
            pegs: 4,
            letters: ('A', 'B'),
        };
        assert_eq!(
            bulls.parse("2B").unwrap(),
            bulls.encode(Reply::Pegs { black: 0, white: 2 })
        );
        assert_eq!(bulls.format(want), "1A2B");
    }

    #[test]
    fn rejects_bad_feedback() {
        let k = mm(4);
        for s in ["", "x", "1B1B", "5B", "3B1W", "1 2 3", "1B2", "-1"] {
            assert!(k.parse(s).is_err(), "{s} should fail");
        }
        assert!(matches!(
            k.parse("3 2"),
            Err(ParseFeedbackError::Impossible { .. })
        ));
        let b = FeedbackKind::BlackOnly { pegs: 4 };
        assert_eq!(b.parse("2").unwrap(), Feedback(2));
        assert!(b.parse("5").is_err());
        assert_eq!(
            FeedbackKind::TwoD.parse("LOW").unwrap(),
            FeedbackKind::TwoD.encode(Reply::TwoD(TwoDReply::Low))
        );
    }
}
