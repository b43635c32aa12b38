//! Words in the automorphisms of a game file, for certificates: a guess left out as the
//! image of another is justified by the word (a product of listed automorphisms) that maps
//! it onto that one, which the checker applies and verifies.

use std::sync::Arc;

use codebreak_certify::Automorphism;
use codebreak_core::ListGame;
use codebreak_core::list_symmetry::Group;
use rustc_hash::FxHashMap;

/// The automorphisms a game file's certificate uses, and what finds words in them: the words
/// in a group's generators that map a guess onto the least guess of its orbit, each
/// generator numbered in the certificate's list of automorphisms once it is first used.
///
/// The search's prover uses it for each position it proves, and `codebreak shard merge` for
/// the openers a plan left out as images of others.
#[derive(Default)]
pub struct AutomorphismWords {
    /// `place[code]`: the secret's position in the game file's list of secrets.
    place: Vec<u32>,
    /// The game file's secrets, in its order.
    listed: Vec<u32>,
    /// The same in increasing order.
    sorted: Vec<u32>,
    /// The automorphisms listed in the certificate, in order.
    list: Vec<Automorphism>,
    /// Their numbers, by content.
    numbers: FxHashMap<Automorphism, u32>,
    /// Each group met (by address, kept alive): the certificate's numbers of its generators
    /// once used, and the inverses of their permutations of the guesses.
    groups: FxHashMap<usize, GroupUse>,
}

/// A group met: kept alive (its address is its key), its generators' numbers in the
/// certificate once used, and the inverses of their permutations of the guesses.
type GroupUse = (Arc<Group>, Vec<Option<u32>>, Vec<Vec<u32>>);

impl AutomorphismWords {
    /// For `list`, a game file's reply table, whose secrets are `sorted` (code indices, in
    /// increasing order: the certificate's numbering of secrets).
    pub fn new(list: &ListGame, sorted: &[u32]) -> AutomorphismWords {
        let mut place = vec![u32::MAX; sorted.iter().map(|&x| x as usize + 1).max().unwrap_or(0)];
        for (k, &x) in list.secrets().iter().enumerate() {
            if let Some(p) = place.get_mut(x as usize) {
                *p = k as u32;
            }
        }
        AutomorphismWords {
            place,
            listed: list.secrets().to_vec(),
            sorted: sorted.to_vec(),
            ..AutomorphismWords::default()
        }
    }

    /// The automorphisms numbered so far, in order: the certificate's list.
    pub fn into_list(self) -> Vec<Automorphism> {
        self.list
    }

    /// A word in `group`'s generators (applied first to last) that maps guess `g` onto the
    /// least guess of its orbit, with that guess, when it is below `g`. `tree` holds the
    /// orbits gone through for this position: each guess's least guess, and the step (next
    /// guess, generator) towards it.
    pub fn word(
        &mut self,
        group: &Arc<Group>,
        g: u32,
        tree: &mut FxHashMap<u32, (u32, u32, u32)>,
    ) -> Option<(u32, Vec<u32>)> {
        let key = Arc::as_ptr(group) as usize;
        let generators = group.generators();
        let (_, _, inverses) = self.groups.entry(key).or_insert_with(|| {
            let inverses = generators
                .iter()
                .map(|a| {
                    let mut inv = vec![0u32; a.guesses.len()];
                    for (x, &y) in a.guesses.iter().enumerate() {
                        inv[y as usize] = x as u32;
                    }
                    inv
                })
                .collect();
            (group.clone(), vec![None; generators.len()], inverses)
        });
        if !tree.contains_key(&g) {
            // The orbit of `g`, then from its least guess the steps back to each.
            let mut orbit = vec![g];
            let mut seen: rustc_hash::FxHashSet<u32> = std::iter::once(g).collect();
            let mut i = 0;
            while i < orbit.len() {
                for a in generators {
                    let y = a.guesses[orbit[i] as usize];
                    if seen.insert(y) {
                        orbit.push(y);
                    }
                }
                i += 1;
            }
            let least = orbit.iter().copied().min().unwrap_or(g);
            tree.insert(least, (least, least, u32::MAX));
            let mut queue = vec![least];
            let mut i = 0;
            while i < queue.len() {
                let x = queue[i];
                for (j, inv) in inverses.iter().enumerate() {
                    let y = inv[x as usize];
                    if let std::collections::hash_map::Entry::Vacant(v) = tree.entry(y) {
                        v.insert((least, x, j as u32));
                        queue.push(y);
                    }
                }
                i += 1;
            }
        }
        let &(least, _, _) = tree.get(&g)?;
        if least >= g {
            return None;
        }
        let mut word = Vec::new();
        let mut x = g;
        while x != least {
            let &(_, next, j) = tree.get(&x)?;
            word.push(j);
            x = next;
        }
        Some((least, word))
    }

    /// The certificate's numbers of `group`'s generators in `word`, listing those not yet
    /// listed.
    pub fn number(&mut self, group: &Arc<Group>, word: &[u32]) -> Vec<u32> {
        let key = Arc::as_ptr(group) as usize;
        let mut out = Vec::with_capacity(word.len());
        for &j in word {
            if let Some(Some(k)) = self.groups.get(&key).map(|e| e.1[j as usize]) {
                out.push(k);
                continue;
            }
            // The file's automorphisms map codes: each secret (in increasing order) onto
            // the code at its image's place in the list.
            let a = &group.generators()[j as usize];
            let secrets = self
                .sorted
                .iter()
                .map(|&c| self.listed[a.secrets[self.place[c as usize] as usize] as usize])
                .collect();
            let image = Automorphism {
                secrets,
                guesses: a.guesses.clone(),
            };
            let k = match self.numbers.get(&image) {
                Some(&k) => k,
                None => {
                    let k = self.list.len() as u32;
                    self.numbers.insert(image.clone(), k);
                    self.list.push(image);
                    k
                }
            };
            if let Some(e) = self.groups.get_mut(&key) {
                e.1[j as usize] = Some(k);
            }
            out.push(k);
        }
        out
    }
}
