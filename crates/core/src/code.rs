//! Codes: what the codemaker hides and the codebreaker guesses.

use std::fmt;

/// Most pegs a code can have.
pub const MAX_PEGS: usize = 16;

/// A code: a short sequence of colours (small integers), stored inline so it is `Copy`.
///
/// Invariant: `len() <= MAX_PEGS`; the unused tail is zero, so derived equality, ordering and
/// hashing look at the pegs only. Colours are indices into the game's alphabet; a `Code` on its
/// own does not know its alphabet, so it is read and written through a
/// [`Game`](crate::Game), or with [`Code::display`].
///
/// ```
/// use codebreak_core::{Alphabet, Code};
/// let code = Code::from_pegs(&[0, 0, 1, 1]).unwrap();
/// assert_eq!(code.len(), 4);
/// assert_eq!(code.display(&Alphabet::new("123456").unwrap()).to_string(), "1122");
/// assert!(!code.is_distinct());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Code {
    len: u8,
    pegs: [u8; MAX_PEGS],
}

impl Code {
    /// A code from its colours; `None` if there are more than [`MAX_PEGS`].
    pub fn from_pegs(pegs: &[u8]) -> Option<Code> {
        if pegs.len() > MAX_PEGS {
            return None;
        }
        let mut code = Code {
            len: pegs.len() as u8,
            pegs: [0; MAX_PEGS],
        };
        code.pegs[..pegs.len()].copy_from_slice(pegs);
        Some(code)
    }

    /// The colours, one per peg.
    #[inline]
    pub fn pegs(&self) -> &[u8] {
        &self.pegs[..self.len as usize]
    }

    /// Mutable access to the colours (the length is fixed).
    #[inline]
    pub fn pegs_mut(&mut self) -> &mut [u8] {
        &mut self.pegs[..self.len as usize]
    }

    /// The code of a list game standing for the code at `index` of its list (see
    /// [`crate::ListGame::codes`]): four pegs holding the index in big-endian order, so that
    /// codes sort as their indices do.
    pub fn from_index(index: u32) -> Code {
        let mut code = Code {
            len: 4,
            pegs: [0; MAX_PEGS],
        };
        code.pegs[..4].copy_from_slice(&index.to_be_bytes());
        code
    }

    /// The list index of a code made by [`Code::from_index`]; `None` for a code of another
    /// length.
    pub fn as_index(&self) -> Option<u32> {
        let p = self.pegs();
        (p.len() == 4).then(|| u32::from_be_bytes([p[0], p[1], p[2], p[3]]))
    }

    /// Number of pegs.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True for the code with no pegs (never part of a game).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when no colour appears twice.
    pub fn is_distinct(&self) -> bool {
        let mut seen = 0u64;
        for &p in self.pegs() {
            let bit = 1u64 << (p & 63);
            if seen & bit != 0 {
                return false;
            }
            seen |= bit;
        }
        true
    }

    /// How many times each colour appears, for colours `0..colors`.
    pub fn color_counts(&self, colors: usize) -> Vec<u8> {
        let mut counts = vec![0u8; colors];
        for &p in self.pegs() {
            counts[p as usize] += 1;
        }
        counts
    }

    /// Writes the code with the given alphabet.
    pub fn display<'a>(&'a self, alphabet: &'a crate::Alphabet) -> impl fmt::Display + 'a {
        DisplayCode {
            code: self,
            alphabet,
        }
    }
}

struct DisplayCode<'a> {
    code: &'a Code,
    alphabet: &'a crate::Alphabet,
}

impl fmt::Display for DisplayCode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &p in self.code.pegs() {
            write!(f, "{}", self.alphabet.symbol(p))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Code{:?}", self.pegs())
    }
}
