//! The enumerated code space of a game: every guess in the game's order, and which of them are
//! possible secrets. Code indices (`u32`) into this list are what hot loops and trees pass
//! around; "lowest code" always means lowest index.

use crate::code::{Code, MAX_PEGS};
use crate::game::Game;
use crate::spec::Order;

/// Most codes a space may hold (about 32 million).
pub const MAX_CODES: usize = 1 << 25;

/// Every guess of a game in order, and the subset that are secrets.
///
/// Invariant: every secret is also a guess, except in list games that end when the secret is
/// known (counterfeit coins: a secret "coin a is heavy" is not a weighing). Those secrets
/// come after the guesses: [`CodeSpace::len`] counts the guesses, [`CodeSpace::codes`] holds
/// both.
#[derive(Clone, Debug)]
pub struct CodeSpace {
    codes: Vec<Code>,
    is_secret: Vec<bool>,
    secrets: Vec<u32>,
    /// How many of `codes` are guesses (the first ones).
    guesses: usize,
    /// Indices sorted by code, when `codes` itself is not sorted (swap order).
    by_code: Option<Vec<u32>>,
}

impl CodeSpace {
    pub(crate) fn new(game: &Game) -> CodeSpace {
        if let Some(list) = game.list() {
            let codes: Vec<Code> = (0..list.codes().len() as u32)
                .map(Code::from_index)
                .collect();
            let mut is_secret = vec![false; codes.len()];
            for &i in list.secrets() {
                is_secret[i as usize] = true;
            }
            let secrets = (0..codes.len() as u32)
                .filter(|&i| is_secret[i as usize])
                .collect();
            return CodeSpace {
                codes,
                is_secret,
                secrets,
                guesses: list.guess_count(),
                by_code: None,
            };
        }
        let (p, c) = (game.pegs(), game.colors());
        let codes = match (game.distinct_guess(), game.order()) {
            (false, _) => all_codes(p, c),
            (true, Order::Lex) => distinct_lex(p, c),
            (true, Order::Swap) => distinct_swap(p, c),
        };
        let is_secret: Vec<bool> = if game.distinct_secret() && !game.distinct_guess() {
            codes.iter().map(|c| c.is_distinct()).collect()
        } else {
            vec![true; codes.len()]
        };
        let secrets = (0..codes.len() as u32)
            .filter(|&i| is_secret[i as usize])
            .collect();
        let by_code = (game.order() == Order::Swap).then(|| {
            let mut idx: Vec<u32> = (0..codes.len() as u32).collect();
            idx.sort_by_key(|&i| codes[i as usize]);
            idx
        });
        CodeSpace {
            guesses: codes.len(),
            codes,
            is_secret,
            secrets,
            by_code,
        }
    }

    /// Number of guesses (the first [`CodeSpace::len`] codes).
    pub fn len(&self) -> usize {
        self.guesses
    }

    /// True if there are no codes (never for a valid game).
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// Every code, in order: the guesses, then (in list games that end when the secret is
    /// known) the secrets that are not guesses.
    pub fn codes(&self) -> &[Code] {
        &self.codes
    }

    /// The code at an index.
    #[inline]
    pub fn code(&self, index: u32) -> Code {
        self.codes[index as usize]
    }

    /// Indices of the secrets, ascending.
    pub fn secrets(&self) -> &[u32] {
        &self.secrets
    }

    /// Whether the code at `index` is a possible secret.
    #[inline]
    pub fn is_secret(&self, index: u32) -> bool {
        self.is_secret[index as usize]
    }

    /// The index of a code of this game (a guess, or a secret that is not one).
    pub fn index_of(&self, code: &Code) -> Option<u32> {
        match &self.by_code {
            None => self.codes.binary_search(code).ok().map(|i| i as u32),
            Some(by) => by
                .binary_search_by(|&i| self.codes[i as usize].cmp(code))
                .ok()
                .map(|k| by[k]),
        }
    }
}

/// All `colors^pegs` codes, lexicographically.
fn all_codes(pegs: usize, colors: usize) -> Vec<Code> {
    let n = colors.pow(pegs as u32);
    let mut out = Vec::with_capacity(n);
    let mut cur = [0u8; MAX_PEGS];
    for _ in 0..n {
        out.push(Code::from_pegs(&cur[..pegs]).expect("pegs in range"));
        for i in (0..pegs).rev() {
            cur[i] += 1;
            if (cur[i] as usize) < colors {
                break;
            }
            cur[i] = 0;
        }
    }
    out
}

/// Codes without repeated colours, lexicographically.
fn distinct_lex(pegs: usize, colors: usize) -> Vec<Code> {
    fn rec(pegs: usize, colors: usize, cur: &mut Vec<u8>, used: u64, out: &mut Vec<Code>) {
        if cur.len() == pegs {
            out.push(Code::from_pegs(cur).expect("pegs in range"));
            return;
        }
        for c in 0..colors as u8 {
            if used & (1 << c) == 0 {
                cur.push(c);
                rec(pegs, colors, cur, used | (1 << c), out);
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    rec(pegs, colors, &mut Vec::with_capacity(pegs), 0, &mut out);
    out
}

/// Codes without repeated colours in recursive-swap order: start from `0, 1, …, colors-1`;
/// for each position in turn, swap every later-or-equal symbol into it, recurse, swap back.
/// This is the order in which the 文曲星 article lists the 5040 Bulls and Cows codes.
fn distinct_swap(pegs: usize, colors: usize) -> Vec<Code> {
    fn rec(a: &mut [u8], start: usize, pegs: usize, out: &mut Vec<Code>) {
        if start == pegs {
            out.push(Code::from_pegs(&a[..pegs]).expect("pegs in range"));
            return;
        }
        for i in start..a.len() {
            a.swap(start, i);
            rec(a, start + 1, pegs, out);
            a.swap(start, i);
        }
    }
    let mut a: Vec<u8> = (0..colors as u8).collect();
    let mut out = Vec::new();
    rec(&mut a, 0, pegs, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::GameSpec;

    #[test]
    fn swap_order_matches_the_article_generator() {
        let g = Game::new(&GameSpec {
            order: Order::Swap,
            ..GameSpec::bulls(4, 10)
        })
        .unwrap();
        let s = g.space().unwrap();
        assert_eq!(s.len(), 5040);
        let f = |i: u32| g.format_code(&s.code(i));
        assert_eq!(f(0), "0123");
        assert_eq!(f(1), "0124");
        assert_eq!(f(6), "0129");
        // After 0,1,2,x the generator swaps 3 back, then 1 ↔ 3 at position 2 … i.e. 0132.
        assert_eq!(f(7), "0132");
        for i in 0..5040 {
            assert_eq!(s.index_of(&s.code(i)), Some(i));
        }
    }

    #[test]
    fn lex_spaces() {
        let g = Game::new(&GameSpec {
            distinct_secret: true,
            ..GameSpec::mastermind(4, 6)
        })
        .unwrap();
        let s = g.space().unwrap();
        assert_eq!(s.len(), 1296);
        assert_eq!(s.secrets().len(), 360);
        assert!(!s.is_secret(0));
        assert_eq!(
            s.index_of(&g.parse_guess("0123").unwrap()),
            Some(36 + 2 * 6 + 3)
        );
        let b = Game::new(&GameSpec::bulls(3, 5)).unwrap().space().unwrap();
        assert_eq!(b.len(), 60);
        assert!(b.codes().windows(2).all(|w| w[0] < w[1]));
    }
}
