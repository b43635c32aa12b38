//! [`Solver`]: a validated history and the searches over the secrets that fit it.

use rand::Rng;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::budget::{Budget, Meter};
use crate::dp::BlackTable;
use crate::error::{ClueError, CodeError, Stopped};
use crate::game::{Clue, Code, Game};
use crate::model::{Branching, Model, Outcome, State, Tuning};

/// Most states of the dynamic programme [`Solver::find`] tries before searching.
const REFUTE_STATES: u64 = 20_000;

/// A history checked against its game and compiled for search. Build it once per history;
/// every method only reads it, so one solver can serve several threads.
///
/// ```
/// use codebreak_huge::{Budget, Clue, Family, Game, Reply, Solver};
/// let game = Game::new(Family::BlackPeg, 4, 3, false).unwrap();
/// let clue = Clue::new(game.code(&[0, 1, 2, 0]).unwrap(), Reply::new(4, 0));
/// let solver = Solver::new(game, &[clue]).unwrap();
/// let budget = Budget::default();
/// assert_eq!(solver.find(&budget).unwrap(), Some(clue.guess));
/// assert_eq!(solver.secrets(&budget).count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    game: Game,
    clues: Vec<Clue>,
    model: Model,
    /// Whether counting hands small black-peg subproblems to the dynamic programme.
    dp_leaves: bool,
}

impl Solver {
    /// Checks every clue against the game (guess length and colours, possible reply) and
    /// compiles the history. A history no secret fits is accepted: searches then find nothing
    /// and [`Solver::conflict`] names the clues that contradict each other.
    pub fn new(game: Game, clues: &[Clue]) -> Result<Solver, ClueError> {
        for (index, clue) in clues.iter().enumerate() {
            let wrap = |source: CodeError| ClueError { index, source };
            game.code(clue.guess.colours()).map_err(wrap)?;
            game.reply(u32::from(clue.reply.black), u32::from(clue.reply.white))
                .map_err(wrap)?;
        }
        Ok(Solver {
            game,
            clues: clues.to_vec(),
            model: Model::new(game, clues),
            dp_leaves: game.family() == crate::game::Family::BlackPeg && !game.distinct(),
        })
    }

    /// This solver with other search tunables (for A/B measurements).
    pub fn with_tuning(mut self, tuning: Tuning) -> Solver {
        self.model.clue_bias = tuning.clue_branching;
        self.model.dp_space = tuning.dp_leaves;
        self
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The history, oldest clue first.
    pub fn clues(&self) -> &[Clue] {
        &self.clues
    }

    pub(crate) fn model(&self) -> &Model {
        &self.model
    }

    /// Whether counting hands the open state `s` to the dynamic programme: a black-peg game
    /// with repeated colours whose residual space is small enough.
    pub(crate) fn dp_leaf(&self, s: &State) -> bool {
        self.dp_leaves
            && self.model.dp_space > 0
            && self.model.residual_space(s) <= self.model.dp_space
    }

    /// Whether `code` is a secret of the game that gives every clue its reply.
    pub fn fits(&self, code: &Code) -> bool {
        code.len() == usize::from(self.game.pegs())
            && code.colours().iter().all(|&c| c < self.game.colors())
            && self.game.is_secret(code)
            && self
                .clues
                .iter()
                .all(|clue| self.game.score(code, &clue.guess) == clue.reply)
    }

    /// Whether some secret fits every clue.
    pub fn exists(&self, budget: &Budget) -> Result<bool, Stopped> {
        Ok(self.find(budget)?.is_some())
    }

    /// The first secret (in search order) that fits every clue, or `None` when none does.
    /// The top of the search tree is split among the threads (rayon); the answer is the one
    /// the plain search would find first.
    pub fn find(&self, budget: &Budget) -> Result<Option<Code>, Stopped> {
        // The dynamic programme over positions counts the codes giving every clue its black
        // pegs (a superset of the secrets): when it ends quickly at zero, no secret fits.
        // It refutes at once histories whose contradiction is a count across clues (3 zeros,
        // 2 ones, and 6 of `0000000011111111` right), which the search takes minutes over.
        let quick = budget.limited(Some(REFUTE_STATES));
        match BlackTable::<u128>::new(&self.model).count(&quick) {
            Ok(Some(0)) => return Ok(None),
            Ok(_) | Err(Stopped::Limit(_)) => {}
            Err(e) => return Err(e),
        }
        self.frontier(budget)?
            .into_par_iter()
            .find_map_first(|s| {
                Secrets::from_roots(&self.model, budget, vec![s], None)
                    .next()
                    .map(|r| r.map(Some))
            })
            .unwrap_or(Ok(None))
    }

    /// The top of the search tree, for sharing out among the threads: the starting states,
    /// each open one replaced by its children, level by level, until there are a few dozen
    /// per thread (or nothing left to split). States that fail are dropped; the others stay
    /// unpropagated, in the plain search's order. One thread: the starting states.
    fn frontier(&self, budget: &Budget) -> Result<Vec<State>, Stopped> {
        let model = &self.model;
        let threads = rayon::current_num_threads();
        let mut frontier = model.roots();
        if threads < 2 {
            return Ok(frontier);
        }
        let mut meter = Meter::new(budget);
        for _ in 0..model.n {
            if frontier.len() >= threads * 32 {
                break;
            }
            let mut next = Vec::with_capacity(frontier.len() * 2);
            let mut split = false;
            for s in frontier {
                meter.step()?;
                let mut p = s;
                match model.propagate(&mut p) {
                    Outcome::Fail => split = true,
                    Outcome::Open => match model.branching(p) {
                        Some(mut branching) => {
                            split = true;
                            while let Some(child) = branching.next_child(model) {
                                next.push(child);
                            }
                        }
                        None => next.push(s),
                    },
                    Outcome::Entailed => next.push(s),
                }
            }
            frontier = next;
            if !split {
                break;
            }
        }
        Ok(frontier)
    }

    /// Every secret that fits, lazily, in search order (no order is promised). The iterator
    /// yields `Err` once if the budget stops it, then ends.
    pub fn secrets<'a>(&'a self, budget: &'a Budget) -> Secrets<'a> {
        Secrets::new(&self.model, budget, None)
    }

    /// Like [`Solver::secrets`], but trying the colours of each position in a random order
    /// drawn from `seed`: the first secret is a "random" one, though not a uniform one (a
    /// secret alone in its subtree comes up more often than one among many).
    pub fn shuffled_secrets<'a>(&'a self, budget: &'a Budget, seed: u64) -> Secrets<'a> {
        Secrets::new(&self.model, budget, Some(ChaCha8Rng::seed_from_u64(seed)))
    }

    /// Counts the fitting secrets by search; a node whose remaining choices can no longer
    /// break any clue adds the product of its domain sizes at once (games with repeated
    /// colours). `None` when the count does not fit in a `u128`.
    pub fn count_by_search(&self, budget: &Budget) -> Result<Option<u128>, Stopped> {
        let mut meter = Meter::new(budget);
        let mut total = Some(0u128);
        for root in self.model.roots() {
            let part = self.count_node(root, &mut meter)?;
            total = total.zip(part).and_then(|(a, b)| a.checked_add(b));
        }
        if let Some(t) = total {
            meter.found(t.min(u128::from(u64::MAX)) as u64);
        }
        Ok(total)
    }

    /// [`Solver::count_by_search`] on every core: the top of the search tree is split into a
    /// few dozen parts per thread, counted in parallel (rayon). The budget's step limit, if
    /// any, applies to each part.
    pub fn count_by_search_parallel(&self, budget: &Budget) -> Result<Option<u128>, Stopped> {
        let parts: Vec<Result<Option<u128>, Stopped>> = self
            .frontier(budget)?
            .into_par_iter()
            .map(|s| self.count_node(s, &mut Meter::new(budget)))
            .collect();
        let mut total = Some(0u128);
        for part in parts {
            total = total.zip(part?).and_then(|(a, b)| a.checked_add(b));
        }
        if let Some(t) = total {
            Meter::new(budget).found(t.min(u128::from(u64::MAX)) as u64);
        }
        Ok(total)
    }

    fn count_node(&self, mut s: State, meter: &mut Meter) -> Result<Option<u128>, Stopped> {
        meter.step()?;
        let model = &self.model;
        match model.propagate(&mut s) {
            Outcome::Fail => Ok(Some(0)),
            Outcome::Entailed => Ok(product(model, &s)),
            Outcome::Open => {
                if self.dp_leaf(&s) {
                    return BlackTable::<u128>::at(model, &s).count_metered(meter);
                }
                let Some(mut branching) = model.branching(s) else {
                    return Ok(Some(1));
                };
                let mut total: u128 = 0;
                while let Some(child) = branching.next_child(model) {
                    let Some(x) = self.count_node(child, meter)? else {
                        return Ok(None);
                    };
                    let Some(t) = total.checked_add(x) else {
                        return Ok(None);
                    };
                    total = t;
                }
                Ok(Some(total))
            }
        }
    }

    /// Every secret that fits, when at most `cap` do: `Ok(None)` as soon as more than `cap`
    /// are found. The search's starting states are shared out among the threads (rayon), and
    /// the budget's step limit applies to each thread; the list is in the same order whatever
    /// the threads' timing.
    ///
    /// ```
    /// use codebreak_huge::{Budget, Clue, Family, Game, Reply, Solver};
    /// let game = Game::new(Family::Mastermind, 4, 3, false).unwrap();
    /// let clue = Clue::new(game.code(&[0, 0, 1, 2]).unwrap(), Reply::new(2, 2));
    /// let solver = Solver::new(game, &[clue]).unwrap();
    /// let budget = Budget::default();
    /// let all = solver.list_up_to(100, &budget).unwrap().unwrap();
    /// assert_eq!(all.len(), solver.secrets(&budget).count());
    /// assert!(all.iter().all(|c| solver.fits(c)));
    /// assert_eq!(solver.list_up_to(all.len() - 1, &budget).unwrap(), None);
    /// ```
    pub fn list_up_to(&self, cap: usize, budget: &Budget) -> Result<Option<Vec<Code>>, Stopped> {
        let roots = self.model.roots();
        let shares = rayon::current_num_threads().clamp(1, roots.len().max(1));
        let mut split: Vec<Vec<State>> = vec![Vec::new(); shares];
        for (i, root) in roots.into_iter().enumerate() {
            split[i % shares].push(root);
        }
        let found = AtomicUsize::new(0);
        let parts: Vec<Result<Option<Vec<Code>>, Stopped>> = split
            .into_par_iter()
            .map(|roots| {
                let mut out = Vec::new();
                for code in Secrets::from_roots(&self.model, budget, roots, None) {
                    out.push(code?);
                    if found.fetch_add(1, Ordering::Relaxed) >= cap {
                        return Ok(None);
                    }
                }
                Ok(Some(out))
            })
            .collect();
        let mut all = Vec::new();
        for part in parts {
            match part? {
                Some(codes) => all.extend(codes),
                None => return Ok(None),
            }
        }
        Ok(Some(all))
    }

    /// Counts the fitting secrets by search, stopping once more than `cap` are known to fit:
    /// `Some(n)` with `n <= cap` is exact, `None` means more than `cap`.
    pub fn count_up_to(&self, cap: u128, budget: &Budget) -> Result<Option<u128>, Stopped> {
        let mut meter = Meter::new(budget);
        let mut total = 0u128;
        let mut stack = self.model.roots();
        let model = &self.model;
        while let Some(mut s) = stack.pop() {
            meter.step()?;
            let add = match model.propagate(&mut s) {
                Outcome::Fail => Some(0),
                Outcome::Entailed => product(model, &s),
                Outcome::Open if self.dp_leaf(&s) => {
                    BlackTable::<u128>::at(model, &s).count_metered(&mut meter)?
                }
                Outcome::Open => match model.branching(s) {
                    None => Some(1),
                    Some(mut branching) => {
                        while let Some(child) = branching.next_child(model) {
                            stack.push(child);
                        }
                        Some(0)
                    }
                },
            };
            match add.and_then(|a| total.checked_add(a)) {
                Some(t) if t <= cap => total = t,
                _ => return Ok(None),
            }
        }
        Ok(Some(total))
    }
}

/// The number of codes the domains of `s` allow, `None` past `u128`.
pub(crate) fn product(model: &Model, s: &State) -> Option<u128> {
    let sizes = model.sizes(s);
    sizes[..model.n]
        .iter()
        .try_fold(1u128, |acc, &z| acc.checked_mul(u128::from(z)))
}

/// The secrets that fit a history, found lazily by propagation and backtracking; made by
/// [`Solver::secrets`] and [`Solver::shuffled_secrets`].
pub struct Secrets<'a> {
    model: &'a Model,
    meter: Meter<'a>,
    stack: Vec<Branching>,
    roots: Vec<State>,
    rng: Option<ChaCha8Rng>,
    done: bool,
}

impl<'a> Secrets<'a> {
    fn new(model: &'a Model, budget: &'a Budget, rng: Option<ChaCha8Rng>) -> Secrets<'a> {
        Secrets::from_roots(model, budget, model.roots(), rng)
    }

    fn from_roots(
        model: &'a Model,
        budget: &'a Budget,
        mut roots: Vec<State>,
        mut rng: Option<ChaCha8Rng>,
    ) -> Secrets<'a> {
        roots.reverse();
        if let Some(rng) = &mut rng {
            roots.shuffle(rng);
        }
        Secrets {
            model,
            meter: Meter::new(budget),
            stack: Vec::with_capacity(model.n),
            roots,
            rng,
            done: false,
        }
    }

    /// Search nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.meter.steps()
    }

    /// Propagates `s`; returns a secret if it is one, pushes its branching if it is open.
    fn expand(&mut self, mut s: State) -> Option<Code> {
        let model = self.model;
        if model.propagate(&mut s) == Outcome::Fail {
            return None;
        }
        let branching = match &mut self.rng {
            None => model.branching(s),
            Some(rng) => {
                // Smallest domain, ties broken at random; colours tried in random order.
                let sizes = model.sizes(&s);
                let min = sizes[..model.n].iter().filter(|&&z| z > 1).min().copied();
                min.map(|min| {
                    let ties: Vec<usize> = (0..model.n).filter(|&p| sizes[p] == min).collect();
                    let position = ties[rng.gen_range(0..ties.len())];
                    Branching::Position {
                        state: s,
                        position,
                        rest: model.domain(&s, position),
                    }
                })
            }
        };
        match branching {
            None => Some(model.code(&s)),
            Some(b) => {
                self.stack.push(b);
                None
            }
        }
    }
}

impl Iterator for Secrets<'_> {
    type Item = Result<Code, Stopped>;

    fn next(&mut self) -> Option<Result<Code, Stopped>> {
        if self.done {
            return None;
        }
        loop {
            let child = match self.stack.last_mut() {
                None => self.roots.pop()?,
                Some(top) => {
                    let next = match &mut self.rng {
                        None => top.next_child(self.model),
                        Some(rng) => top.next_random_child(self.model, rng),
                    };
                    match next {
                        Some(child) => child,
                        None => {
                            self.stack.pop();
                            continue;
                        }
                    }
                }
            };
            if let Err(e) = self.meter.step() {
                self.done = true;
                self.stack.clear();
                return Some(Err(e));
            }
            if let Some(code) = self.expand(child) {
                self.meter.found(1);
                return Some(Ok(code));
            }
        }
    }
}
