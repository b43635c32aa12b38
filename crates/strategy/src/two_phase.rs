//! `two-phase`: the Chinese article's AI (seed 000), for Mastermind with repeated colours.
//!
//! **Phase 1: which colours?** Probe the one-colour codes `0000`, `1111`, … in order; the black
//! count of `kkkk` is how often `k` occurs in the secret. Stop as soon as the counts add up to
//! the number of pegs; the last colour is never probed, since whatever is missing after the
//! second-to-last probe must be that colour.
//!
//! **Phase 2: which order?** List the distinct arrangements of the colours found, in order,
//! and play them lowest first, dropping each code once played. After each reply with `r`
//! black pegs, strike out arrangements by these rules (only the black count matters now, as
//! black + white always equals the number of pegs):
//! - `r > 0`: some peg is right, so drop codes that share no position with the guess;
//! - `r = 0`: every peg is wrong, so drop codes that share any position with the guess;
//! - `r = 1`: for each earlier phase-2 guess answered with 2 that shares exactly two
//!   positions with this one, one of those two positions is right: drop codes matching
//!   neither;
//! - `r = 2`: for each earlier phase-2 guess answered with 2: if the two share exactly one
//!   position, that position is right; if exactly two, one of them is; for each earlier guess
//!   answered with 1 sharing exactly two positions, one of them is right. Drop the codes
//!   that contradict this.
//!
//! The history rules are the article's deductions for four pegs; they are sound only there
//! (with five or more pegs the hits can hide elsewhere), so on other sizes only the first two
//! rules apply. The article's own listing keeps its history in a local variable, so its
//! history rules never fire; this module applies them as the text describes. The article
//! reports at most 15 guesses and about 11 on average over the 10 000 secrets of 4 pegs and 10
//! colours.
//!
//! The state is rebuilt from the moves so far, so the strategy also continues a game whose
//! first moves it did not choose (such moves are simply not used by its rules).

use std::collections::BTreeSet;

use codebreak_core::{Code, Feedback, Game, Reply, Rules};

use crate::{Position, Strategy};

/// The two-phase AI.
#[derive(Clone, Copy, Debug, Default)]
pub struct TwoPhase;

impl TwoPhase {
    /// Whether the game allows the strategy: peg games whose guesses may repeat a colour.
    pub fn supports(game: &Game) -> bool {
        use codebreak_core::GameKind::*;
        matches!(game.kind(), Mastermind | BlackPeg) && !game.distinct_guess()
    }

    /// The next guess after `history` (guess, black count), as a code; `None` when the
    /// replies contradict each other.
    pub fn next(pegs: usize, colors: usize, history: &[(Code, u8)]) -> Option<Code> {
        // Phase 1: colour counts from one-colour probes.
        let mut counts = vec![None::<u8>; colors];
        for (g, black) in history {
            let first = g.pegs()[0];
            if g.pegs().iter().all(|&p| p == first) && counts[first as usize].is_none() {
                counts[first as usize] = Some(*black);
            }
        }
        let found: usize = counts.iter().flatten().map(|&k| k as usize).sum();
        let unprobed: Vec<usize> = (0..colors).filter(|&c| counts[c].is_none()).collect();
        let mut multiset: Vec<u8> = Vec::with_capacity(pegs);
        if found < pegs {
            if unprobed.len() > 1 {
                let c = unprobed[0] as u8;
                return Code::from_pegs(&vec![c; pegs]);
            }
            // Only one colour left unprobed: it fills the rest.
            if let Some(&last) = unprobed.first() {
                counts[last] = Some((pegs - found) as u8);
            }
        }
        for (c, k) in counts.iter().enumerate() {
            multiset.extend(std::iter::repeat_n(c as u8, k.unwrap_or(0) as usize));
        }
        if multiset.len() != pegs {
            return None;
        }
        // Phase 2: arrangements of the multiset, filtered by the rules, lowest first.
        let mut base = arrangements(&multiset);
        let mut phase2: Vec<(Code, u8)> = Vec::new();
        let mut sorted_ms = multiset.clone();
        sorted_ms.sort_unstable();
        for &(g, black) in history {
            base.remove(&g);
            let mut gs = g.pegs().to_vec();
            gs.sort_unstable();
            if gs != sorted_ms {
                continue;
            }
            eliminate(&mut base, &g, black, &phase2, pegs);
            phase2.push((g, black));
        }
        // Empty only when the replies contradict each other.
        base.into_iter().next()
    }

    /// The first move of `history` (0-based) that two-phase would not itself have played
    /// after the moves before it, or `None` when every guess is its own.
    ///
    /// Its rules read their state from its own moves (the one-colour probes, then the
    /// arrangements in order), so after a game played some other way its next guess means
    /// little (typically `0000`, which splits nothing). Hints should show two-phase only for
    /// a history it would have played itself. On a game it does not support, any move is
    /// foreign.
    ///
    /// ```
    /// use codebreak_core::{Game, GameSpec};
    /// use codebreak_strategy::two_phase::TwoPhase;
    ///
    /// let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
    /// let m = |g: &str, f: &str| (game.parse_guess(g).unwrap(), game.parse_feedback(f).unwrap());
    /// assert_eq!(TwoPhase::first_foreign_move(&game, &[]), None);
    /// assert_eq!(TwoPhase::first_foreign_move(&game, &[m("0000", "1B0W"), m("1111", "0B0W")]), None);
    /// assert_eq!(TwoPhase::first_foreign_move(&game, &[m("0000", "1B0W"), m("0123", "1B1W")]), Some(1));
    /// ```
    pub fn first_foreign_move(game: &Game, history: &[(Code, Feedback)]) -> Option<usize> {
        if history.is_empty() {
            return None;
        }
        if !TwoPhase::supports(game) {
            return Some(0);
        }
        let replies: Vec<(Code, u8)> = history
            .iter()
            .map(|&(g, f)| (g, black_count(game, f)))
            .collect();
        (0..replies.len()).find(|&i| {
            TwoPhase::next(game.pegs(), game.colors(), &replies[..i]) != Some(replies[i].0)
        })
    }

    /// Why a hint leaves two-phase out after `history`, or `None` when the history is its own
    /// ([`TwoPhase::first_foreign_move`]): one sentence for a person.
    pub fn foreign_note(game: &Game, history: &[(Code, Feedback)]) -> Option<String> {
        TwoPhase::first_foreign_move(game, history).map(|i| {
            format!(
                "two-phase only continues its own games: it would not have played guess {} ({})",
                i + 1,
                game.format_code(&history[i].0)
            )
        })
    }
}

/// The black count of a reply (the only part two-phase reads).
fn black_count(game: &Game, f: Feedback) -> u8 {
    match game.reply(f) {
        Reply::Pegs { black, .. } | Reply::Black(black) => black,
        Reply::TwoD(_) | Reply::Listed(_) => 0,
    }
}

/// Positions where two codes agree.
fn same_positions(a: &Code, b: &Code) -> Vec<usize> {
    (0..a.len())
        .filter(|&i| a.pegs()[i] == b.pegs()[i])
        .collect()
}

fn eliminate(base: &mut BTreeSet<Code>, g: &Code, black: u8, earlier: &[(Code, u8)], pegs: usize) {
    let gp = g.pegs();
    if black > 0 {
        base.retain(|x| !same_positions(x, g).is_empty());
    } else {
        base.retain(|x| same_positions(x, g).is_empty());
    }
    if pegs != 4 {
        return;
    }
    // "At least one of these positions holds the guess's colour."
    let one_of = |base: &mut BTreeSet<Code>, at: &[usize]| {
        base.retain(|x| at.iter().any(|&i| x.pegs()[i] == gp[i]));
    };
    for (h, hb) in earlier {
        let m = same_positions(g, h);
        match (black, *hb, m.len()) {
            (1, 2, 2) => one_of(base, &m),
            (2, 2, 1) | (2, 2, 2) | (2, 1, 2) => one_of(base, &m),
            _ => {}
        }
    }
}

/// All distinct arrangements of a multiset of colours, in order.
fn arrangements(multiset: &[u8]) -> BTreeSet<Code> {
    fn rec(left: &mut Vec<u8>, cur: &mut Vec<u8>, out: &mut BTreeSet<Code>) {
        if left.is_empty() {
            out.insert(Code::from_pegs(cur).expect("pegs in range"));
            return;
        }
        let mut tried = 0u64;
        for i in 0..left.len() {
            let c = left[i];
            if tried & (1 << c) != 0 {
                continue;
            }
            tried |= 1 << c;
            left.remove(i);
            cur.push(c);
            rec(left, cur, out);
            cur.pop();
            left.insert(i, c);
        }
    }
    let mut out = BTreeSet::new();
    rec(&mut multiset.to_vec(), &mut Vec::new(), &mut out);
    out
}

impl Strategy for TwoPhase {
    fn choose<R: Rules>(&self, pos: &Position<'_, R>) -> u32 {
        let game = pos.engine.game();
        let history: Vec<(Code, u8)> = pos
            .history
            .iter()
            .map(|&(g, f)| (pos.engine.code(g), black_count(game, f)))
            .collect();
        TwoPhase::next(game.pegs(), game.colors(), &history)
            .and_then(|code| pos.engine.space().index_of(&code))
            .unwrap_or_else(|| pos.candidates.indices()[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &[u8]) -> Code {
        Code::from_pegs(s).unwrap()
    }

    #[test]
    fn probes_then_arranges() {
        // Secret 1544: probes 0000 (0), 1111 (1), 2222 (0), 3333 (0), 4444 (2), 5555 (1).
        let mut h = vec![];
        for (k, b) in [(0u8, 0u8), (1, 1), (2, 0), (3, 0), (4, 2)] {
            assert_eq!(TwoPhase::next(4, 10, &h), Some(c(&[k; 4])));
            h.push((c(&[k; 4]), b));
        }
        assert_eq!(TwoPhase::next(4, 10, &h), Some(c(&[5; 4])));
        h.push((c(&[5; 4]), 1));
        // Colours 1,4,4,5 found: lowest arrangement first.
        assert_eq!(TwoPhase::next(4, 10, &h), Some(c(&[1, 4, 4, 5])));
    }

    #[test]
    fn last_colour_is_inferred() {
        // Secret 9999: eight probes answer 0, the ninth (8888) too; then 9999 without probing.
        let h: Vec<(Code, u8)> = (0..9u8).map(|k| (c(&[k; 4]), 0)).collect();
        assert_eq!(TwoPhase::next(4, 10, &h), Some(c(&[9; 4])));
    }

    #[test]
    fn its_own_games_are_recognised() {
        use codebreak_core::GameSpec;
        let game = Game::new(&GameSpec::mastermind(4, 10)).unwrap();
        // Its own game against the secret 1544, move by move, is its own at every length.
        let secret = c(&[1, 5, 4, 4]);
        let mut h: Vec<(Code, Feedback)> = Vec::new();
        loop {
            assert_eq!(TwoPhase::first_foreign_move(&game, &h), None);
            let replies: Vec<(Code, u8)> =
                h.iter().map(|&(g, f)| (g, black_count(&game, f))).collect();
            let g = TwoPhase::next(4, 10, &replies).unwrap();
            let f = game.score(&secret, &g);
            h.push((g, f));
            if f == game.win() {
                break;
            }
        }
        assert!(h.len() > 7);
        // Change one guess: from there on the game is not its own.
        let mut other = h.clone();
        other[3].0 = c(&[0, 1, 2, 3]);
        other[3].1 = game.score(&secret, &other[3].0);
        assert_eq!(TwoPhase::first_foreign_move(&game, &other), Some(3));
        // A different reply makes its later guesses differ too: 4444 answered with three
        // blacks completes the colours, so it would not probe 5555 next.
        let mut lied = h.clone();
        assert_eq!(lied[4].0, c(&[4; 4]));
        lied[4].1 = game.score(&c(&[1, 4, 4, 4]), &lied[4].0);
        assert_eq!(TwoPhase::first_foreign_move(&game, &lied[..5]), None);
        assert_eq!(TwoPhase::first_foreign_move(&game, &lied[..6]), Some(5));
        // Games it does not play.
        let bulls = Game::new(&GameSpec::bulls(4, 10)).unwrap();
        let g = bulls.parse_guess("0123").unwrap();
        assert_eq!(
            TwoPhase::first_foreign_move(&bulls, &[(g, bulls.score(&g, &g))]),
            Some(0)
        );
    }

    #[test]
    fn arrangements_are_distinct() {
        assert_eq!(arrangements(&[1, 1, 2, 3]).len(), 12);
        assert_eq!(arrangements(&[0, 1, 2, 3]).len(), 24);
    }
}
