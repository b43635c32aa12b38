//! The small vocabulary of huge games: [`Family`], [`Game`], [`Code`], [`Reply`], [`Clue`].

use std::fmt;

use codebreak_core::{Alphabet, GameKind};

use crate::error::{CodeError, GameError};

/// Most pegs a code can have (positions are 32-bit masks).
pub const MAX_PEGS: u8 = 32;
/// Most colours a game can have (colour sets are 64-bit masks).
pub const MAX_COLORS: u8 = 64;

/// The family of rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Family {
    /// Black and white pegs; colours may repeat unless the game says otherwise.
    Mastermind,
    /// Black pegs only (Project Euler 185's "Number Mind").
    BlackPeg,
    /// Bulls and Cows: secrets never repeat a symbol, replies `xAyB`.
    Bulls,
}

impl Family {
    /// The stable name, as in `codebreak_core::GameKind`.
    pub fn name(self) -> &'static str {
        match self {
            Family::Mastermind => "mastermind",
            Family::BlackPeg => "blackpeg",
            Family::Bulls => "bulls",
        }
    }
}

impl TryFrom<GameKind> for Family {
    type Error = GameError;
    fn try_from(kind: GameKind) -> Result<Family, GameError> {
        match kind {
            GameKind::Mastermind => Ok(Family::Mastermind),
            GameKind::BlackPeg => Ok(Family::BlackPeg),
            GameKind::Bulls => Ok(Family::Bulls),
            GameKind::TwoD | GameKind::Wordle | GameKind::Custom => {
                Err(GameError::Family(kind.name().to_string()))
            }
        }
    }
}

/// A validated game: family, pegs (`1..=32`), colours (`1..=64`) and whether secrets repeat
/// no colour (always true for Bulls and Cows).
///
/// ```
/// use codebreak_huge::{Family, Game};
/// let game = Game::new(Family::BlackPeg, 16, 10, false).unwrap();
/// assert_eq!(game.to_string(), "blackpeg 16 of 10");
/// assert_eq!(game.log2_codes(), 16.0 * 10f64.log2());
/// assert!(Game::new(Family::Bulls, 10, 9, true).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Game {
    family: Family,
    pegs: u8,
    colors: u8,
    distinct: bool,
}

impl Game {
    /// Checks a game description. Bulls and Cows always has distinct secrets, whatever
    /// `distinct` says.
    pub fn new(family: Family, pegs: u32, colors: u32, distinct: bool) -> Result<Game, GameError> {
        if pegs == 0 || pegs > u32::from(MAX_PEGS) {
            return Err(GameError::Pegs(pegs));
        }
        if colors == 0 || colors > u32::from(MAX_COLORS) {
            return Err(GameError::Colors(colors));
        }
        let distinct = distinct || family == Family::Bulls;
        if distinct && colors < pegs {
            return Err(GameError::TooFewColors { pegs, colors });
        }
        Ok(Game {
            family,
            pegs: pegs as u8,
            colors: colors as u8,
            distinct,
        })
    }

    /// The family of rules.
    pub fn family(&self) -> Family {
        self.family
    }

    /// Pegs per code.
    pub fn pegs(&self) -> u8 {
        self.pegs
    }

    /// Colours (symbols) available.
    pub fn colors(&self) -> u8 {
        self.colors
    }

    /// Whether secrets never repeat a colour.
    pub fn distinct(&self) -> bool {
        self.distinct
    }

    /// Base-2 logarithm of the number of possible secrets.
    pub fn log2_codes(&self) -> f64 {
        let (n, k) = (f64::from(self.pegs), f64::from(self.colors));
        if self.distinct {
            (0..self.pegs).map(|i| (k - f64::from(i)).log2()).sum()
        } else {
            n * k.log2()
        }
    }

    /// The number of possible secrets, or `None` when it does not fit in a `u128`.
    pub fn codes(&self) -> Option<u128> {
        let k = u128::from(self.colors);
        let mut total: u128 = 1;
        for i in 0..u128::from(self.pegs) {
            let f = if self.distinct { k - i } else { k };
            total = total.checked_mul(f)?;
        }
        Some(total)
    }

    /// The reply `secret` gives to `guess`. Both must be codes of this game.
    ///
    /// ```
    /// use codebreak_huge::{Family, Game, Reply};
    /// let game = Game::new(Family::Mastermind, 4, 6, false).unwrap();
    /// let (s, g) = (game.code(&[0, 0, 1, 2]).unwrap(), game.code(&[0, 1, 0, 3]).unwrap());
    /// assert_eq!(game.score(&s, &g), Reply::new(1, 2));
    /// ```
    pub fn score(&self, secret: &Code, guess: &Code) -> Reply {
        let n = usize::from(self.pegs);
        let black = (0..n).filter(|&i| secret.pegs[i] == guess.pegs[i]).count() as u8;
        if self.family == Family::BlackPeg {
            return Reply::new(black, 0);
        }
        let mut counts = [0i8; MAX_COLORS as usize];
        for i in 0..n {
            counts[usize::from(secret.pegs[i])] += 1;
        }
        let mut total = 0u8;
        for i in 0..n {
            let c = &mut counts[usize::from(guess.pegs[i])];
            if *c > 0 {
                *c -= 1;
                total += 1;
            }
        }
        Reply::new(black, total - black)
    }

    /// A code from colour indices, checked against the game (length and colour range; distinct
    /// colours are not required, since guesses may repeat colours).
    pub fn code(&self, colours: &[u8]) -> Result<Code, CodeError> {
        let text = || {
            colours
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        if colours.len() != usize::from(self.pegs) {
            return Err(CodeError::Length {
                code: text(),
                len: colours.len(),
                pegs: self.pegs,
            });
        }
        if let Some(position) = colours.iter().position(|&c| c >= self.colors) {
            return Err(CodeError::Colour {
                code: text(),
                colour: colours[position].to_string(),
                position,
                colors: self.colors,
            });
        }
        Ok(Code::from_slice_unchecked(colours))
    }

    /// Reads a code written with `alphabet`'s symbols (for example `"39542"`).
    ///
    /// ```
    /// use codebreak_core::Alphabet;
    /// use codebreak_huge::{Family, Game};
    /// let game = Game::new(Family::BlackPeg, 5, 10, false).unwrap();
    /// let digits = Alphabet::default_for(10).unwrap();
    /// let code = game.parse_code("90342", &digits).unwrap();
    /// assert_eq!(code.colours(), &[9, 0, 3, 4, 2]);
    /// assert_eq!(game.format_code(&code, &digits), "90342");
    /// assert!(game.parse_code("9034", &digits).is_err());
    /// ```
    pub fn parse_code(&self, text: &str, alphabet: &Alphabet) -> Result<Code, CodeError> {
        let trimmed = text.trim();
        let mut colours = Vec::with_capacity(usize::from(self.pegs));
        for (position, ch) in trimmed.chars().enumerate() {
            match alphabet.index_of(ch).filter(|&c| c < self.colors) {
                Some(c) => colours.push(c),
                None => {
                    return Err(CodeError::Colour {
                        code: trimmed.to_string(),
                        colour: ch.to_string(),
                        position,
                        colors: self.colors,
                    });
                }
            }
        }
        if colours.len() != usize::from(self.pegs) {
            return Err(CodeError::Length {
                code: trimmed.to_string(),
                len: colours.len(),
                pegs: self.pegs,
            });
        }
        Ok(Code::from_slice_unchecked(&colours))
    }

    /// Writes a code with `alphabet`'s symbols; the alphabet needs a symbol per colour.
    pub fn format_code(&self, code: &Code, alphabet: &Alphabet) -> String {
        code.colours().iter().map(|&c| alphabet.symbol(c)).collect()
    }

    /// A reply of this game from its counts, checked: black plus white at most the pegs, no
    /// white pegs in the black-peg game, no `pegs - 1` black with one white.
    pub fn reply(&self, black: u32, white: u32) -> Result<Reply, CodeError> {
        let n = u32::from(self.pegs);
        let bad = |expected: String| CodeError::Reply {
            reply: format!("{black} {white}"),
            expected,
        };
        if self.family == Family::BlackPeg && white != 0 {
            return Err(bad("the black-peg game has no white pegs".to_string()));
        }
        if black.saturating_add(white) > n {
            return Err(bad(format!("black plus white at most {n}")));
        }
        if black + 1 == n && white == 1 {
            return Err(bad(format!("{black} right with 1 misplaced cannot happen")));
        }
        Ok(Reply::new(black as u8, white as u8))
    }

    /// Reads a reply: `3` (black-peg), `2 1`, `2B1W` or `1A2B`: the first number counts pegs
    /// right in place, the second (if any) right colour in the wrong place.
    pub fn parse_reply(&self, text: &str) -> Result<Reply, CodeError> {
        let numbers: Vec<&str> = text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .collect();
        let bad = || CodeError::Reply {
            reply: text.trim().to_string(),
            expected: "one or two counts such as 3, 2 1, 2B1W or 1A2B".to_string(),
        };
        let parse = |s: &str| s.parse::<u32>().map_err(|_| bad());
        match numbers.as_slice() {
            [b] => self.reply(parse(b)?, 0),
            [b, w] => self.reply(parse(b)?, parse(w)?),
            _ => Err(bad()),
        }
    }

    /// Reads a clue written `GUESS REPLY` (`90342 2`, `1122 1B0W`, `0123 1A2B`).
    ///
    /// ```
    /// use codebreak_core::Alphabet;
    /// use codebreak_huge::{Family, Game, Reply};
    /// let game = Game::new(Family::BlackPeg, 5, 10, false).unwrap();
    /// let clue = game.parse_clue("90342 2", &Alphabet::default_for(10).unwrap()).unwrap();
    /// assert_eq!(clue.reply, Reply::new(2, 0));
    /// ```
    pub fn parse_clue(&self, text: &str, alphabet: &Alphabet) -> Result<Clue, CodeError> {
        let text = text.trim();
        let (guess, reply) =
            text.split_once(char::is_whitespace)
                .ok_or_else(|| CodeError::Reply {
                    reply: text.to_string(),
                    expected: "a guess, a space, then its reply".to_string(),
                })?;
        Ok(Clue::new(
            self.parse_code(guess, alphabet)?,
            self.parse_reply(reply)?,
        ))
    }

    /// Writes a reply the family's way: `3`, `2B1W` or `1A2B`.
    pub fn format_reply(&self, reply: Reply) -> String {
        match self.family {
            Family::BlackPeg => reply.black.to_string(),
            Family::Mastermind => format!("{}B{}W", reply.black, reply.white),
            Family::Bulls => format!("{}A{}B", reply.black, reply.white),
        }
    }

    /// A uniformly random secret of this game.
    pub fn random_secret<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Code {
        let mut pegs = [0u8; MAX_PEGS as usize];
        if self.distinct {
            let mut pool: Vec<u8> = (0..self.colors).collect();
            for (i, peg) in pegs.iter_mut().take(usize::from(self.pegs)).enumerate() {
                let j = rng.gen_range(i..pool.len());
                pool.swap(i, j);
                *peg = pool[i];
            }
        } else {
            for peg in pegs.iter_mut().take(usize::from(self.pegs)) {
                *peg = rng.gen_range(0..self.colors);
            }
        }
        Code {
            len: self.pegs,
            pegs,
        }
    }

    /// Whether `code` could be a secret of this game (no repeated colour when distinct).
    pub fn is_secret(&self, code: &Code) -> bool {
        if !self.distinct {
            return true;
        }
        let mut seen = 0u64;
        for &c in code.colours() {
            if seen >> c & 1 == 1 {
                return false;
            }
            seen |= 1 << c;
        }
        true
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} of {}", self.family.name(), self.pegs, self.colors)?;
        if self.distinct && self.family != Family::Bulls {
            f.write_str(", distinct")?;
        }
        Ok(())
    }
}

/// A code: up to [`MAX_PEGS`] colour indices. Pegs past the length are zero, so that the
/// derived comparisons and hash see only the code.
///
/// ```
/// use codebreak_huge::Code;
/// let code = Code::from_slice(&[3, 9, 5, 4, 2]).unwrap();
/// assert_eq!(code.len(), 5);
/// assert_eq!(code.to_string(), "39542");
/// assert_eq!(Code::from_slice(&[40, 1]).unwrap().to_string(), "40.1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code {
    len: u8,
    pegs: [u8; MAX_PEGS as usize],
}

impl Code {
    /// A code from colour indices, or `None` when longer than [`MAX_PEGS`] or a colour is not
    /// below [`MAX_COLORS`]. [`Game::code`] also checks the code against a game.
    pub fn from_slice(colours: &[u8]) -> Option<Code> {
        (colours.len() <= usize::from(MAX_PEGS) && colours.iter().all(|&c| c < MAX_COLORS))
            .then(|| Code::from_slice_unchecked(colours))
    }

    pub(crate) fn from_slice_unchecked(colours: &[u8]) -> Code {
        let mut pegs = [0u8; MAX_PEGS as usize];
        pegs[..colours.len()].copy_from_slice(colours);
        Code {
            len: colours.len() as u8,
            pegs,
        }
    }

    /// The colour indices.
    pub fn colours(&self) -> &[u8] {
        &self.pegs[..usize::from(self.len)]
    }

    /// Number of pegs.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the code has no pegs (never true for a code of a game).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn set(&mut self, position: usize, colour: u8) {
        self.pegs[position] = colour;
    }
}

impl fmt::Display for Code {
    /// Symbols `0-9A-Z` when every colour is below 36, otherwise numbers joined by dots.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SYMBOLS: &[u8] = codebreak_core::DEFAULT_ALPHABET.as_bytes();
        if self
            .colours()
            .iter()
            .all(|&c| usize::from(c) < SYMBOLS.len())
        {
            for &c in self.colours() {
                write!(f, "{}", SYMBOLS[usize::from(c)] as char)?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = self.colours().iter().map(u8::to_string).collect();
            f.write_str(&parts.join("."))
        }
    }
}

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Code({self})")
    }
}

/// A reply: pegs of the right colour in the right place (`black`, bulls) and of a right colour
/// in the wrong place (`white`, cows; always 0 in the black-peg game).
///
/// ```
/// use codebreak_huge::Reply;
/// assert_eq!(Reply::new(2, 1).to_string(), "2 1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Reply {
    /// Right colour, right place.
    pub black: u8,
    /// Right colour, wrong place.
    pub white: u8,
}

impl Reply {
    /// A reply from its counts (unchecked; [`Game::reply`] checks against a game).
    pub const fn new(black: u8, white: u8) -> Reply {
        Reply { black, white }
    }

    /// A dense index for partition histograms: `black * (MAX_PEGS + 1) + white`.
    pub fn index(self) -> usize {
        usize::from(self.black) * (usize::from(MAX_PEGS) + 1) + usize::from(self.white)
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.black, self.white)
    }
}

/// One move of a history: a guess and the reply it got.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Clue {
    /// The code guessed.
    pub guess: Code,
    /// The reply it got.
    pub reply: Reply,
}

impl Clue {
    /// A clue from a guess and its reply.
    pub fn new(guess: Code, reply: Reply) -> Clue {
        Clue { guess, reply }
    }
}
