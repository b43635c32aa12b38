//! Memo keys of a node: its set of candidates, and for peg games with a short history the
//! canonical form of that history under the game's symmetries (renaming colours, permuting
//! pegs, reordering moves), so that every position that is a renaming of another shares its
//! memo entries. Guesses stored under a canonical key are stored in the canonical frame and
//! mapped back on the way out.

use codebreak_core::symmetry::{Relabel, canonical_history_with};
use codebreak_core::{Candidates, Code, Feedback, Rules};

use crate::memo::{Entry, key, key_with};
use crate::solver::Solver;

/// Sets at least this large are memoised.
const MEMO_MIN: usize = 3;

/// Memo keys of a node: its set of candidates, and for peg games with a short history its
/// canonical position (shared by every position that is a renaming of it), with the renaming
/// into the canonical frame.
pub(crate) struct Keys {
    plain: u128,
    canon: Option<(u128, Relabel)>,
}

/// Sets below this size are not worth canonicalising.
const CANON_MIN: usize = 16;
/// Most (peg permutations × move orders) tried when canonicalising.
const CANON_WORK: usize = 1000;

impl<R: Rules> Solver<'_, R> {
    /// The tag of a memo key: the depth left when a depth limit is in force, else 0.
    fn tag(&self, d: u32) -> u32 {
        if self.depth_tagged { d } else { 0 }
    }

    /// The memo keys of a node, or `None` for sets too small to memoise.
    pub(crate) fn keys(
        &self,
        s: &Candidates<R::Packed>,
        history: &[(u32, Feedback)],
        d: u32,
    ) -> Option<Keys> {
        let n = s.len();
        if n < MEMO_MIN {
            return None;
        }
        let tag = self.tag(d);
        // In Wordle's hard mode the guesses allowed depend on the moves, not on the set alone.
        let plain = match self.hard_constraints(history) {
            Some(extra) => key_with(s.indices(), tag, extra),
            None => key(s.indices(), tag),
        };
        let k = history.len();
        let orders: usize = (1..=k).product();
        let canon = (!self.perms.is_empty()
            && k > 0
            && n >= CANON_MIN
            && k < self.orders.len()
            && self.perms.len() * orders <= CANON_WORK)
            .then(|| {
                let moves: Vec<(Code, u8)> = history
                    .iter()
                    .map(|&(g, f)| (self.e.code(g), f.0))
                    .collect();
                let (form, relabel) = canonical_history_with(
                    self.e.game().colors(),
                    &self.perms,
                    &self.orders[k],
                    &moves,
                );
                let words: Vec<u32> = form.iter().map(|&b| b as u32).collect();
                (key(&words, tag | 1 << 31), relabel)
            });
        Some(Keys { plain, canon })
    }

    /// A hash of what Wordle's hard mode requires after `history`, or `None` when it is off.
    fn hard_constraints(&self, history: &[(u32, Feedback)]) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let moves: Vec<(Code, Feedback)> =
            history.iter().map(|&(g, f)| (self.e.code(g), f)).collect();
        let rule = self.e.game().hard_mode(&moves)?;
        let mut h = rustc_hash::FxHasher::default();
        rule.hash(&mut h);
        // Never 0, which stands for "no constraint" in `key_with`.
        Some(h.finish() | 1)
    }

    /// What the memo knows of a node, under either key.
    pub(crate) fn recall(&self, k: &Keys) -> Option<Entry> {
        let plain = self.memo.get(k.plain);
        if let Some(Entry::Exact(..)) = plain {
            return plain;
        }
        let canon = k
            .canon
            .as_ref()
            .and_then(|(ck, relabel)| match self.memo.get(*ck)? {
                Entry::Exact(v, g) => {
                    let back = relabel.inverse().apply(&self.e.code(g));
                    self.e.space().index_of(&back).map(|g| Entry::Exact(v, g))
                }
                bound => Some(bound),
            });
        match (plain, canon) {
            (_, Some(e @ Entry::Exact(..))) => Some(e),
            (Some(Entry::AtLeast(a)), Some(Entry::AtLeast(b))) => Some(Entry::AtLeast(a.max(b))),
            (p, c) => p.or(c),
        }
    }

    /// Records what was learnt of a node, under both keys.
    pub(crate) fn remember(&self, k: &Keys, e: Entry) {
        self.memo.put(k.plain, e);
        if let Some((ck, relabel)) = &k.canon {
            let e = match e {
                Entry::Exact(v, g) => {
                    match self.e.space().index_of(&relabel.apply(&self.e.code(g))) {
                        Some(gc) => Entry::Exact(v, gc),
                        None => return,
                    }
                }
                bound => bound,
            };
            self.memo.put(*ck, e);
        }
    }
}
