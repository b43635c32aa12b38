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
    /// The reply no guess receives: the "win" of a game that ends when the secret is known
    /// (such games have at most 255 replies).
    pub const NONE: Feedback = Feedback(u8::MAX);

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
    /// A reply of a list game: an index into its replies ([`ReplyNames`]).
    Listed(u8),
}

/// The replies of a list game, by index: interned for the life of the process, so that
/// [`FeedbackKind`] stays `Copy` (a process loads few games; equal lists share one copy).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ReplyNames(&'static [String]);

impl ReplyNames {
    /// The interned copy of `replies`.
    pub fn intern(replies: &[String]) -> ReplyNames {
        static INTERNED: std::sync::Mutex<Vec<&'static [String]>> =
            std::sync::Mutex::new(Vec::new());
        let mut all = INTERNED.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(&known) = all.iter().find(|&&r| r == replies) {
            return ReplyNames(known);
        }
        let leaked: &'static [String] = Vec::leak(replies.to_vec());
        all.push(leaked);
        ReplyNames(leaked)
    }

    /// The replies.
    pub fn names(&self) -> &'static [String] {
        self.0
    }
}

impl fmt::Debug for ReplyNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ReplyNames({} replies)", self.0.len())
    }
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
    /// The replies of a list game ([`crate::ListGame`]), written as listed.
    List {
        /// The replies, by index.
        names: ReplyNames,
        /// The winning reply of a game that ends by guessing (the last index); `None` for a
        /// game that ends when the secret is known.
        win: Option<u8>,
        /// Wordle's replies: also read with `.` for grey, in any case, or as coloured squares.
        wordle: bool,
    },
}

/// Offset of the first index with `black` black pegs, in the triangular layout.
#[inline]
pub(crate) fn tri_offset(pegs: u8, black: u8) -> u8 {
    let (p, b) = (pegs as u32, black as u32);
    (b * (p + 1) - b * b.saturating_sub(1) / 2) as u8
}

/// From this many pegs on, two digits run together (`12`) are not read as a reply: they could
/// mean twelve blacks as well as one black and two whites.
pub const DIGITS_MAX_PEGS: u8 = 10;

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
            FeedbackKind::List { names, .. } => names.0.len(),
        }
    }

    /// The winning reply. A game that ends when the secret is known has none: its "win" is
    /// [`Feedback::NONE`], which no guess ever receives.
    pub fn win(&self) -> Feedback {
        match *self {
            FeedbackKind::List { win, .. } => win.map_or(Feedback::NONE, Feedback),
            _ => Feedback((self.count() - 1) as u8),
        }
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
            (FeedbackKind::List { .. }, Reply::Listed(i)) => Feedback(i),
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
            FeedbackKind::List { .. } => Reply::Listed(fb.0),
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

    /// How far apart two replies are, as a measure of how easily one is typed for the other
    /// (0 for the same reply):
    ///
    /// - black and white (A and B): `|Δblack| + |Δwhite|`, so `0B3W` is 1 from `0B4W` and
    ///   from `1B3W`, and 2 from `1B2W`;
    /// - black only: `|Δblack|`;
    /// - twoD: how many of the two coordinate comparisons would have to be misread (`low`:
    ///   none higher, `high`: none lower, `mixed`: one of each, `hit`: both equal): 1 between
    ///   `low` or `high` and `mixed` or `hit`; 2 between `low` and `high`, and between `mixed`
    ///   and `hit`.
    ///
    /// ```
    /// use codebreak_core::FeedbackKind;
    /// let k = FeedbackKind::BlackWhite { pegs: 4, letters: ('B', 'W') };
    /// let d = |a: &str, b: &str| k.distance(k.parse(a).unwrap(), k.parse(b).unwrap());
    /// assert_eq!((d("0B4W", "0B3W"), d("0B4W", "1B2W"), d("2B2W", "2B2W")), (1, 3, 0));
    /// let t = FeedbackKind::TwoD;
    /// let d = |a: &str, b: &str| t.distance(t.parse(a).unwrap(), t.parse(b).unwrap());
    /// assert_eq!((d("low", "mixed"), d("low", "high"), d("hit", "high")), (1, 2, 1));
    /// ```
    pub fn distance(&self, a: Feedback, b: Feedback) -> u32 {
        match (self.decode(a), self.decode(b)) {
            (
                Reply::Pegs {
                    black: b1,
                    white: w1,
                },
                Reply::Pegs {
                    black: b2,
                    white: w2,
                },
            ) => (b1.abs_diff(b2) + w1.abs_diff(w2)) as u32,
            (Reply::Black(b1), Reply::Black(b2)) => b1.abs_diff(b2) as u32,
            (Reply::Listed(i), Reply::Listed(j)) => match *self {
                _ if i == j => 0,
                // Wordle: how many tiles have another colour.
                FeedbackKind::List { wordle: true, .. } => {
                    let (x, y) = (crate::wordle::colours(a), crate::wordle::colours(b));
                    x.iter().zip(&y).filter(|(p, q)| p != q).count() as u32
                }
                _ => 1,
            },
            (Reply::TwoD(r1), Reply::TwoD(r2)) => {
                use TwoDReply::*;
                match (r1, r2) {
                    _ if r1 == r2 => 0,
                    // Opposites: both comparisons read the other way round.
                    (Low, High) | (High, Low) | (Mixed, Hit) | (Hit, Mixed) => 2,
                    // One comparison misread: low (each coordinate at most the secret's) or
                    // high against mixed (one of each) or hit (both equal).
                    _ => 1,
                }
            }
            _ => u32::MAX,
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
            (FeedbackKind::List { names, .. }, Reply::Listed(i)) => names
                .0
                .get(i as usize)
                .cloned()
                .unwrap_or_else(|| format!("#{i}")),
            _ => unreachable!(),
        }
    }

    /// The reply as two digits, black then white, as the compact tree notation writes it.
    pub fn format_digits(&self, fb: Feedback) -> String {
        match self.decode(fb) {
            Reply::Pegs { black, white } => format!("{black}{white}"),
            Reply::Black(b) => format!("{b}"),
            Reply::TwoD(_) | Reply::Listed(_) => self.format(fb),
        }
    }

    /// Example replies in every notation [`FeedbackKind::parse`] accepts for this game, each
    /// one possible with this many pegs: `["1B2W", "1 2", "12"]` for Mastermind with 4 pegs.
    /// The two-digit form (`12`) is left out from 10 pegs on, where the parser refuses it as
    /// ambiguous (is `12` twelve blacks, or one black and two whites?).
    ///
    /// ```
    /// use codebreak_core::FeedbackKind;
    /// let mm = |pegs| FeedbackKind::BlackWhite { pegs, letters: ('B', 'W') };
    /// assert_eq!(mm(4).examples(), ["1B2W", "1 2", "12"]);
    /// assert_eq!(mm(12).examples(), ["1B2W", "1 2"]);
    /// assert_eq!(mm(2).examples(), ["0B2W", "0 2", "02"]);
    /// for pegs in 1..=16 {
    ///     for text in mm(pegs).examples() {
    ///         assert!(mm(pegs).parse(&text).is_ok(), "{text}");
    ///     }
    /// }
    /// ```
    pub fn examples(&self) -> Vec<String> {
        match *self {
            FeedbackKind::BlackWhite { pegs, letters } => {
                // 1 and 2 where there is room; with fewer pegs, a reply those pegs can give.
                let (b, w) = match pegs {
                    1 => (1, 0),
                    2 => (0, 2),
                    _ => (1, 2),
                };
                let mut out = vec![
                    format!("{b}{}{w}{}", letters.0, letters.1),
                    format!("{b} {w}"),
                ];
                if pegs < DIGITS_MAX_PEGS {
                    out.push(format!("{b}{w}"));
                }
                out
            }
            FeedbackKind::BlackOnly { pegs } => {
                let b = pegs.min(2);
                vec![format!("{b}"), format!("{b}B")]
            }
            FeedbackKind::TwoD => ["low", "high", "mixed", "hit"].map(String::from).to_vec(),
            FeedbackKind::List { wordle: true, .. } => vec!["GYBBG".into(), "GY..G".into()],
            FeedbackKind::List { names, .. } => names.0.iter().take(4).cloned().collect(),
        }
    }

    /// The [`FeedbackKind::examples`] as a list for prompts: `1B2W, "1 2" or 12`.
    pub fn forms(&self) -> String {
        let shown: Vec<String> = self
            .examples()
            .into_iter()
            .map(|e| if e.contains(' ') { format!("{e:?}") } else { e })
            .collect();
        match shown.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// What a reply should look like, for error messages: the [`FeedbackKind::forms`] in
    /// words.
    ///
    /// ```
    /// use codebreak_core::FeedbackKind;
    /// let bulls = FeedbackKind::BlackWhite { pegs: 10, letters: ('A', 'B') };
    /// assert_eq!(bulls.expected(), "A and B counts such as 1A2B or \"1 2\" (at most 10 in all)");
    /// ```
    pub fn expected(&self) -> String {
        let listed = self.forms();
        match *self {
            FeedbackKind::BlackWhite { letters, pegs } => format!(
                "{} counts such as {listed} (at most {pegs} in all)",
                if letters.0 == 'A' {
                    "A and B"
                } else {
                    "black and white"
                },
            ),
            FeedbackKind::BlackOnly { pegs } => {
                format!("a black count from 0 to {pegs}, such as {listed}")
            }
            FeedbackKind::TwoD => listed,
            FeedbackKind::List { wordle: true, .. } => {
                format!("five tiles of G (green), Y (yellow) and B or . (grey), such as {listed}")
            }
            FeedbackKind::List { names, .. } => {
                let all: Vec<&str> = names.0.iter().map(String::as_str).collect();
                if all.len() <= 8 {
                    format!("one of {}", all.join(", "))
                } else {
                    format!(
                        "one of the game's {} replies, such as {}",
                        all.len(),
                        all[..4].join(", ")
                    )
                }
            }
        }
    }

    /// The error for a reply that uses a letter of the other black-and-white game.
    fn foreign(&self, text: &str, letter: char) -> ParseFeedbackError {
        let bulls = matches!(
            self,
            FeedbackKind::BlackWhite {
                letters: ('A', _),
                ..
            }
        );
        let example = self.examples().swap_remove(0);
        ParseFeedbackError::Notation {
            text: text.to_string(),
            letter,
            other: if bulls {
                "mastermind"
            } else {
                "bulls and cows"
            },
            game: if bulls {
                "bulls and cows"
            } else {
                "mastermind"
            },
            expected: if bulls {
                format!(
                    "A (right digit, right place) and B (right digit, wrong place), such as {example}"
                )
            } else {
                format!("black (B) and white (W) pegs, such as {example}")
            },
        }
    }

    fn syntax(&self, text: &str) -> ParseFeedbackError {
        ParseFeedbackError::Syntax {
            text: text.to_string(),
            expected: self.expected(),
        }
    }

    /// Reads a reply. Accepted forms for black and white: counts with the game's own letters
    /// (`1B2W` in Mastermind, `1A2B` in Bulls and Cows, any case, either order), a lone count
    /// with its letter (`2W`), two numbers (`1 2`, `1,2`, `1/2`) or, below
    /// [`DIGITS_MAX_PEGS`] pegs, two digits (`12`). Black only: `2` or `2B`. twoD: `low`,
    /// `high`, `mixed`, `hit` (or `l`, `h`, `m`, `=`).
    ///
    /// A letter of the other black-and-white game is refused rather than guessed at, since `B`
    /// means black in Mastermind but a cow (right digit, wrong place) in Bulls and Cows:
    /// `1B2A` in Mastermind and `1W2B` in Bulls and Cows are errors
    /// ([`ParseFeedbackError::Notation`]), not `2B1W` and `2A1B`.
    ///
    /// ```
    /// use codebreak_core::{FeedbackKind, ParseFeedbackError};
    /// let mm = FeedbackKind::BlackWhite { pegs: 4, letters: ('B', 'W') };
    /// let e = mm.parse("1B2A").unwrap_err();
    /// assert!(matches!(e, ParseFeedbackError::Notation { letter: 'A', .. }));
    /// assert!(e.to_string().contains("mastermind replies count black (B) and white (W) pegs"));
    /// ```
    pub fn parse(&self, text: &str) -> Result<Feedback, ParseFeedbackError> {
        let t = text.trim();
        match *self {
            FeedbackKind::List { names, wordle, .. } => {
                let names = names.0;
                let found = names.iter().position(|r| r == t).or_else(|| {
                    let folded: Vec<usize> = (0..names.len())
                        .filter(|&i| names[i].eq_ignore_ascii_case(t))
                        .collect();
                    (folded.len() == 1).then(|| folded[0])
                });
                match (found, wordle) {
                    (Some(i), _) => Ok(Feedback(i as u8)),
                    (None, true) => {
                        let fb = crate::wordle::parse_reply(t).map_err(|_| self.syntax(text))?;
                        let canonical = crate::wordle::format_reply(fb);
                        names
                            .iter()
                            .position(|r| *r == canonical)
                            .map(|i| Feedback(i as u8))
                            .ok_or_else(|| self.syntax(text))
                    }
                    (None, false) => Err(self.syntax(text)),
                }
            }
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
                let (black, white) = match parse_pair(t, letters, pegs) {
                    Ok(pair) => pair,
                    Err(Refusal::Syntax) => return Err(self.syntax(text)),
                    Err(Refusal::Foreign(letter)) => return Err(self.foreign(text, letter)),
                };
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

/// Why [`parse_pair`] did not read a reply.
enum Refusal {
    /// Not a notation it knows.
    Syntax,
    /// A peg letter of the other black-and-white game (`A` in Mastermind, `W` in Bulls).
    Foreign(char),
}

/// Parses black/white notations with the game's `letters` (black, white).
fn parse_pair(t: &str, letters: (char, char), pegs: u8) -> Result<(u8, u8), Refusal> {
    let syntax = Refusal::Syntax;
    let upper = t.to_ascii_uppercase();
    if upper.is_empty() {
        return Err(syntax);
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
            numbers.push((n.parse().map_err(|_| Refusal::Syntax)?, letter));
        } else if matches!(c, ' ' | ',' | '/' | '-' | ';' | ':') {
            // Only between two counts: "-1 2" and "1 -2" have signs, not separators.
            if numbers.is_empty() || (c == '-' && upper[..at].ends_with(' ')) {
                return Err(syntax);
            }
            chars.next();
            if !chars
                .peek()
                .is_some_and(|&(_, d)| d.is_ascii_digit() || d == ' ')
            {
                return Err(syntax);
            }
        } else {
            return Err(syntax);
        }
    }
    let count = |n: u32| u8::try_from(n).map_err(|_| Refusal::Syntax);
    let lettered = numbers.iter().filter(|(_, l)| l.is_some()).count();
    if lettered == 0 {
        return match numbers.as_slice() {
            [(b, None), (w, None)] => Ok((count(*b)?, count(*w)?)),
            // Two digits run together ("12"), only unambiguous for fewer than ten pegs.
            [(n, None)]
                if pegs < DIGITS_MAX_PEGS
                    && t.len() == 2
                    && t.bytes().all(|b| b.is_ascii_digit()) =>
            {
                Ok(((n / 10) as u8, (n % 10) as u8))
            }
            _ => Err(syntax),
        };
    }
    if lettered != numbers.len() {
        return Err(syntax);
    }
    // Only the game's own letters: B means black in Mastermind but a cow (white) in Bulls and
    // Cows, so a reply that borrows the other game's letters cannot be read safely.
    let (bl, wl) = letters;
    let stranger = numbers
        .iter()
        .filter_map(|&(_, l)| l)
        .find(|&l| l != bl && l != wl);
    if let Some(l) = stranger {
        return Err(if matches!(l, 'A' | 'B' | 'W') {
            Refusal::Foreign(l)
        } else {
            syntax
        });
    }
    let (mut black, mut white) = (None, None);
    for &(n, l) in &numbers {
        match l {
            Some(l) if l == bl && black.is_none() => black = Some(count(n)?),
            Some(l) if l == wl && white.is_none() => white = Some(count(n)?),
            _ => return Err(syntax),
        }
    }
    Ok((black.unwrap_or(0), white.unwrap_or(0)))
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
        for s in ["1B2W", "1b2w", "1 2", "1,2", "12", "2W1B", " 1B 2W ", "1/2"] {
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
    fn the_other_games_letters_are_refused_not_flipped() {
        let bulls = FeedbackKind::BlackWhite {
            pegs: 4,
            letters: ('A', 'B'),
        };
        // Each of these was once read with a letter's meaning flipped (1B2A as 2B1W, 1W2B
        // as 2A1B), or in the other game's notation.
        for (kind, text, letter) in [
            (mm(4), "1B2A", 'A'),
            (mm(4), "1A2B", 'A'),
            (mm(4), "2a", 'A'),
            (bulls, "1W2B", 'W'),
            (bulls, "1A2W", 'W'),
            (bulls, "1B2W", 'W'),
        ] {
            let e = kind.parse(text).unwrap_err();
            assert!(
                matches!(e, ParseFeedbackError::Notation { letter: l, .. } if l == letter),
                "{text}: {e:?}"
            );
            let msg = e.to_string();
            assert!(msg.contains(&format!("{text:?}")), "{msg}");
            let own = if kind == bulls { "1A2B" } else { "1B2W" };
            assert!(msg.contains(own), "{msg}");
        }
        // The game's own letters still read as before; other letters are plain syntax errors.
        assert_eq!(
            bulls.parse("2B").unwrap(),
            bulls.encode(Reply::Pegs { black: 0, white: 2 })
        );
        assert_eq!(
            mm(4).parse("2b").unwrap(),
            mm(4).encode(Reply::Pegs { black: 2, white: 0 })
        );
        assert!(matches!(
            mm(4).parse("1X2Y"),
            Err(ParseFeedbackError::Syntax { .. })
        ));
    }

    #[test]
    fn suggested_forms_are_accepted_at_every_size() {
        for pegs in 1..=16u8 {
            for kind in [
                mm(pegs),
                FeedbackKind::BlackWhite {
                    pegs,
                    letters: ('A', 'B'),
                },
                FeedbackKind::BlackOnly { pegs },
                FeedbackKind::TwoD,
            ] {
                let examples = kind.examples();
                assert!(examples.len() >= 2, "{kind:?}");
                let first = kind.parse(&examples[0]).unwrap();
                for text in &examples {
                    // Every form is accepted, and they all say the same thing.
                    let fb = kind
                        .parse(text)
                        .unwrap_or_else(|e| panic!("{kind:?} {text}: {e}"));
                    if kind != FeedbackKind::TwoD {
                        assert_eq!(fb, first, "{kind:?} {text}");
                    }
                }
                // A refused reply suggests exactly these forms.
                let msg = kind.parse("zz").unwrap_err().to_string();
                for text in &examples {
                    assert!(msg.contains(text.as_str()), "{text} missing from {msg}");
                }
            }
            // The run-together digits are offered exactly when they are read.
            let digits = mm(pegs).examples().iter().any(|e| !e.contains(['B', ' ']));
            assert_eq!(digits, pegs < DIGITS_MAX_PEGS, "{pegs}");
            assert_eq!(
                mm(pegs).parse("10").is_ok(),
                pegs < DIGITS_MAX_PEGS,
                "{pegs}"
            );
        }
        let twelve = mm(12).parse("12").unwrap_err().to_string();
        assert!(!twelve.contains("or 12"), "{twelve}");
        assert!(twelve.contains("\"1 2\""), "{twelve}");
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
