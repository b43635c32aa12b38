//! One game value for every size: [`Game`] holds a listed game or a game too large to list,
//! and the library, not the front end, chooses which from the spec.

mod play;
pub mod reasoned;
mod solve;

use std::sync::Arc;
use std::time::Duration;

pub use play::Play;
pub use solve::{Answerer, Solve};

use codebreak_core::Named;
use codebreak_core::{AnyEngine, Code, Feedback, GameSpec};
use codebreak_strategy::{StrategyKind, StrategyOptionsSpec};

use crate::error::SessionError;
use crate::hint::{FitSample, HintOptions, HintReport, Omitted, SuggestionReport};
use crate::remaining::Remaining;
use reasoned::{Budget, Clue, ReasonedGame};

/// A game, listed or too large to list.
///
/// **The choice is made here, once.** [`Game::new`] lists a game's codes when they fit in
/// memory ([`codebreak_core::MAX_CODES`]) and the enumerated engine (`codebreak-core`) plays
/// it exactly; Mastermind, black-peg and Bulls and Cows past that size (or with more pegs than
/// the enumerated engine takes, up to [`reasoned::MAX_PEGS`]) are *reasoned*: the
/// `codebreak-huge` engine keeps only the history and asks constraint propagation, counting
/// and sampling what fits it. Every call of this type answers both with the same report
/// types, and says where a figure is an estimate ([`Remaining`], [`FitSample`]), so a front
/// end never needs to know which it holds.
///
/// ```
/// use codebreak_core::{GameKind, GameSpec};
/// use codebreak_session::Game;
/// let small = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
/// assert!(small.exact());
/// assert_eq!(small.describe(), small.to_string());
/// let big = Game::new(&GameSpec::mastermind(16, 6)).unwrap();
/// assert!(!big.exact());
/// assert_eq!(big.to_string(), "mastermind 16 of 6");
/// assert_eq!(big.pegs(), 16);
/// ```
#[derive(Clone, Debug)]
pub struct Game(Kind);

#[derive(Clone)]
enum Kind {
    /// The game, and its engine once a caller that caches engines handed it over.
    Listed(codebreak_core::Game, Option<Arc<AnyEngine>>),
    Reasoned(ReasonedGame),
}

impl std::fmt::Debug for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Kind::Listed(g, _) => f.debug_tuple("Listed").field(g).finish(),
            Kind::Reasoned(g) => f.debug_tuple("Reasoned").field(g).finish(),
        }
    }
}

/// The moves of a game, read by [`Game::parse_history`] in the game's own notation.
#[derive(Clone, Debug, PartialEq)]
pub struct History(Moves);

#[derive(Clone, Debug, PartialEq)]
enum Moves {
    Listed(Vec<(Code, Feedback)>),
    Reasoned(Vec<Clue>),
}

impl History {
    /// How many moves it has.
    pub fn len(&self) -> usize {
        match &self.0 {
            Moves::Listed(m) => m.len(),
            Moves::Reasoned(m) => m.len(),
        }
    }

    /// Whether it has no move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What to ask [`Game::hint`], in the words every front end receives (no engine type).
#[derive(Clone, Debug, Default)]
pub struct HintQuery {
    /// The strategies whose next guess to show, in this order; `None` asks every strategy that
    /// applies to a listed game, and the default (entropy) on a game too large to list, which
    /// takes one strategy at a time (entropy, expected-size or most-parts).
    pub strategies: Option<Vec<StrategyKind>>,
    /// Their options, as text (a listed game reads its first guess from them).
    pub options: StrategyOptionsSpec,
    /// How many of the remaining secrets to list (see [`crate::SHOW`]).
    pub show: usize,
    /// Secrets sampled to choose a guess on a game too large to list (default 400, see
    /// [`reasoned::FIT_SAMPLE`]); refused on a listed game, where every secret is scored.
    pub fit_sample: Option<usize>,
    /// Time allowed to find a first fitting secret on a game too large to list (default
    /// [`reasoned::FIND_TIME`]); refused on a listed game, where nothing searches.
    pub find_time: Option<Duration>,
}

impl Game {
    /// The game `spec` describes, listed when its codes fit in memory and reasoned when a peg
    /// game's do not. Errors are the enumerated engine's for any other game, as they always
    /// were.
    pub fn new(spec: &GameSpec) -> Result<Game, SessionError> {
        if ReasonedGame::wanted(spec) {
            return Ok(Game(Kind::Reasoned(ReasonedGame::new(spec)?)));
        }
        Ok(Game(Kind::Listed(codebreak_core::Game::new(spec)?, None)))
    }

    /// The peg game `spec` describes, reasoned on its clues even when its codes could be
    /// listed (to compare the engines, and for Python's deprecated `ReasonedGame`).
    pub fn reasoned(spec: &GameSpec) -> Result<Game, SessionError> {
        Ok(Game(Kind::Reasoned(ReasonedGame::new(spec)?)))
    }

    /// A listed game already checked (a game file, a word list).
    pub fn listed(game: codebreak_core::Game) -> Game {
        Game(Kind::Listed(game, None))
    }

    /// A listed game with its engine already built (a server keeps engines in a cache, within
    /// its memory budget); the calls use it instead of building their own.
    pub fn with_engine(engine: Arc<AnyEngine>) -> Game {
        Game(Kind::Listed(engine.game().clone(), Some(engine)))
    }

    /// The engine of a listed game: the one handed over, or a new one.
    pub(crate) fn engine(&self) -> Result<Arc<AnyEngine>, SessionError> {
        match &self.0 {
            Kind::Listed(_, Some(engine)) => Ok(Arc::clone(engine)),
            Kind::Listed(g, None) => Ok(Arc::new(AnyEngine::new(g)?)),
            Kind::Reasoned(g) => Err(SessionError::Setup(format!(
                "{g} is too large to list: no engine of every code"
            ))),
        }
    }

    /// The enumerated game, for the exact calls that only a listed game has (exhaustive
    /// analysis, the optimal search, trees); `None` on a game too large to list.
    pub fn as_listed(&self) -> Option<&codebreak_core::Game> {
        match &self.0 {
            Kind::Listed(g, _) => Some(g),
            Kind::Reasoned(_) => None,
        }
    }

    /// The reasoned game, for the calls only it has (a sampled analysis); `None` on a listed
    /// game.
    pub fn as_reasoned(&self) -> Option<&ReasonedGame> {
        match &self.0 {
            Kind::Listed(..) => None,
            Kind::Reasoned(g) => Some(g),
        }
    }

    /// The game's spec, its sizes filled in (what `--json` and the web API name it by).
    pub fn spec(&self) -> GameSpec {
        match &self.0 {
            Kind::Listed(g, _) => g.spec(),
            Kind::Reasoned(g) => g.spec().clone(),
        }
    }

    /// The symbols codes are written with.
    pub fn alphabet(&self) -> &codebreak_core::Alphabet {
        match &self.0 {
            Kind::Listed(g, _) => g.alphabet(),
            Kind::Reasoned(g) => g.alphabet(),
        }
    }

    /// What a code of `role` looks like, for prompts: `4 symbols from 0-5, symbols may
    /// repeat`, or in a game of lists `one of its 12972 guesses`.
    ///
    /// ```
    /// use codebreak_core::{GameSpec, Role};
    /// use codebreak_session::Game;
    /// let big = Game::new(&GameSpec::mastermind(16, 6)).unwrap();
    /// assert_eq!(big.code_shape(Role::Secret), "16 symbols from 0-5, symbols may repeat");
    /// ```
    pub fn code_shape(&self, role: codebreak_core::Role) -> String {
        use codebreak_core::Role;
        if let Kind::Listed(g, _) = &self.0
            && g.list().is_some()
        {
            let n = g.count(role);
            return match role {
                Role::Guess => format!("one of its {n} guesses"),
                Role::Secret => format!("one of its {n} secrets"),
            };
        }
        let spec = self.spec();
        let distinct = match role {
            Role::Guess => spec.distinct_guess || spec.kind == codebreak_core::GameKind::Bulls,
            Role::Secret => spec.distinct_secret || spec.kind == codebreak_core::GameKind::Bulls,
        };
        let pegs = self.pegs();
        format!(
            "{pegs} {} from {}, {}",
            if pegs == 1 { "symbol" } else { "symbols" },
            symbols(self.alphabet()),
            if distinct {
                "no symbol twice"
            } else {
                "symbols may repeat"
            }
        )
    }

    /// What a reply counts, in words, for help texts.
    pub fn reply_meaning(&self) -> &'static str {
        use codebreak_core::GameKind;
        match self.spec().kind {
            GameKind::Bulls => "A = right symbol in the right place, B = right symbol elsewhere",
            GameKind::BlackPeg => "B = right colour in the right place",
            GameKind::TwoD => "low / high / mixed compared with the secret",
            GameKind::Mastermind => {
                "B = right colour in the right place, W = right colour elsewhere"
            }
            GameKind::Wordle => {
                "G = right letter in the right place, Y = in the word elsewhere, B = grey"
            }
            GameKind::Custom => "in the game's own words",
        }
    }

    /// Whether every figure of this game is exact: counts, hints' statistics and analyses
    /// (a listed game). A game too large to list counts exactly where it can and estimates
    /// otherwise, chooses guesses on a sample and analyses a sample of secrets.
    pub fn exact(&self) -> bool {
        matches!(self.0, Kind::Listed(..))
    }

    /// Pegs (or letters) per code.
    pub fn pegs(&self) -> usize {
        match &self.0 {
            Kind::Listed(g, _) => g.pegs(),
            Kind::Reasoned(g) => usize::from(g.game().pegs()),
        }
    }

    /// The ways to write a reply, for prompts: `black and white pegs, such as 2B1W or 2 1`.
    pub fn reply_forms(&self) -> String {
        match &self.0 {
            Kind::Listed(g, _) => g.feedback().forms(),
            Kind::Reasoned(g) => g.reply_forms().to_string(),
        }
    }

    /// The game in one line: a listed game's name (`mastermind 4 pegs, 6 colours`), and for
    /// a game too large to list its size and how it is played (`mastermind 16 of 6: about
    /// 10^12.5 codes, too many to list (reasoning on the clues)`).
    pub fn describe(&self) -> String {
        match &self.0 {
            Kind::Listed(g, _) => g.to_string(),
            Kind::Reasoned(g) => format!(
                "{g}: about 10^{:.1} codes, too many to list (reasoning on the clues)",
                g.log10_secrets()
            ),
        }
    }

    /// A secret drawn uniformly at random, from `seed` (the same secret for the same seed) or
    /// from the system's entropy without one, written in the game's symbols.
    ///
    /// ```
    /// use codebreak_core::GameSpec;
    /// use codebreak_session::Game;
    /// for game in [Game::new(&GameSpec::mastermind(4, 6)), Game::new(&GameSpec::mastermind(16, 6))] {
    ///     let game = game.unwrap();
    ///     let secret = game.random_secret(Some(3)).unwrap();
    ///     assert_eq!(game.random_secret(Some(3)).unwrap(), secret);
    ///     assert_eq!(game.score(&secret, &secret).unwrap(), format!("{}B0W", game.pegs()));
    /// }
    /// ```
    pub fn random_secret(&self, seed: Option<u64>) -> Result<String, SessionError> {
        use rand::{Rng, SeedableRng};
        match &self.0 {
            Kind::Listed(..) => {
                let engine = self.engine()?;
                let secrets = engine.space().secrets();
                let i = match seed {
                    Some(seed) => {
                        rand_chacha::ChaCha8Rng::seed_from_u64(seed).gen_range(0..secrets.len())
                    }
                    None => rand::thread_rng().gen_range(0..secrets.len()),
                };
                let game = engine.game();
                Ok(game.format_code(&engine.space().code(secrets[i])))
            }
            Kind::Reasoned(g) => Ok(g.format_code(&reasoned::random_secret(g, seed))),
        }
    }

    /// The game's word for its moves, plural (`guesses`, or a game file's own, such as
    /// `weighings`).
    pub fn moves_word(&self) -> &str {
        match &self.0 {
            Kind::Listed(g, _) => g.move_words().1,
            Kind::Reasoned(_) => "guesses",
        }
    }

    /// The strategy a hint or a solve uses when none is named: minimax on a listed game,
    /// entropy (on a sample) on a game too large to list.
    pub fn default_strategy(&self) -> StrategyKind {
        match &self.0 {
            Kind::Listed(..) => StrategyKind::default(),
            Kind::Reasoned(_) => StrategyKind::Entropy,
        }
    }

    /// Guesses allowed by default in a game against a codemaker.
    pub fn default_attempts(&self) -> usize {
        match &self.0 {
            Kind::Listed(g, _) => crate::default_attempts_for(g),
            Kind::Reasoned(g) => crate::default_attempts(usize::from(g.game().pegs())),
        }
    }

    /// The reply `secret` gives to `guess`, both written in the game's symbols, written in
    /// the game's notation.
    ///
    /// ```
    /// use codebreak_core::GameSpec;
    /// use codebreak_session::Game;
    /// let big = Game::new(&GameSpec::mastermind(16, 6)).unwrap();
    /// assert_eq!(big.score("0123450123450123", "0000000000000001").unwrap(), "3B1W");
    /// let small = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
    /// assert_eq!(small.score("0123", "0011").unwrap(), "1B1W");
    /// ```
    pub fn score(&self, secret: &str, guess: &str) -> Result<String, SessionError> {
        match &self.0 {
            Kind::Listed(g, _) => {
                let s = g.parse_secret(secret)?;
                let q = g.parse_guess(guess)?;
                Ok(g.format_feedback(g.score(&s, &q)))
            }
            Kind::Reasoned(g) => {
                let s = g.parse_secret(secret)?;
                let q = g.parse_guess(guess)?;
                Ok(g.format_reply(g.score(&s, &q)))
            }
        }
    }

    /// The reply `secret` gives to `guess` (both in the game's symbols) with its counts, as
    /// `score --json` writes it.
    ///
    /// ```
    /// use codebreak_core::{GameKind, GameSpec};
    /// use codebreak_session::Game;
    /// let bulls = GameSpec { kind: GameKind::Bulls, pegs: Some(10), colors: Some(36), ..GameSpec::default() };
    /// let r = Game::new(&bulls).unwrap().score_report("0123456789", "9876543210").unwrap();
    /// assert_eq!((r.text.as_str(), r.black, r.white), ("0A10B", Some(0), Some(10)));
    /// ```
    pub fn score_report(
        &self,
        secret: &str,
        guess: &str,
    ) -> Result<crate::ReplyReport, SessionError> {
        match &self.0 {
            Kind::Listed(g, _) => {
                let s = g.parse_secret(secret)?;
                let q = g.parse_guess(guess)?;
                Ok(crate::ReplyReport::of(g, g.score(&s, &q)))
            }
            Kind::Reasoned(g) => {
                let s = g.parse_secret(secret)?;
                let q = g.parse_guess(guess)?;
                let reply = g.score(&s, &q);
                Ok(crate::ReplyReport {
                    text: g.format_reply(reply),
                    black: Some(reply.black),
                    white: Some(reply.white),
                })
            }
        }
    }

    /// Reads a history: moves `GUESS:REPLY` (or `GUESS REPLY`) separated by commas,
    /// semicolons or new lines, `#` starting a comment. Errors name the move.
    pub fn parse_history(&self, text: &str) -> Result<History, SessionError> {
        let moves = match &self.0 {
            Kind::Listed(g, _) => Moves::Listed(codebreak_strategy::parse_history(g, text)?),
            Kind::Reasoned(g) => Moves::Reasoned(g.parse_history(text)?),
        };
        crate::MOVES.check(moves_len(&moves) as u64)?;
        Ok(History(moves))
    }

    /// A history of moves given one by one as (guess, reply) texts, as the web API and Python
    /// send them. Errors name the move (from 0) and the field.
    pub fn history_of<'a>(
        &self,
        moves: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<History, SessionError> {
        let bad = |i: usize, field: &str, e: String| {
            SessionError::Setup(format!("history[{i}].{field}: {e}"))
        };
        let moves: Vec<(&str, &str)> = moves.into_iter().collect();
        crate::MOVES
            .check(moves.len() as u64)
            .map_err(|e| SessionError::Setup(format!("history: {e}")))?;
        let moves = match &self.0 {
            Kind::Listed(g, _) => Moves::Listed(
                moves
                    .into_iter()
                    .enumerate()
                    .map(|(i, (guess, reply))| {
                        Ok((
                            g.parse_guess(guess)
                                .map_err(|e| bad(i, "guess", e.to_string()))?,
                            g.parse_feedback(reply)
                                .map_err(|e| bad(i, "feedback", e.to_string()))?,
                        ))
                    })
                    .collect::<Result<_, SessionError>>()?,
            ),
            Kind::Reasoned(g) => Moves::Reasoned(
                moves
                    .into_iter()
                    .enumerate()
                    .map(|(i, (guess, reply))| {
                        Ok(Clue::new(
                            g.parse_guess(guess)
                                .map_err(|e| bad(i, "guess", e.to_string()))?,
                            g.parse_reply(reply)
                                .map_err(|e| bad(i, "feedback", e.to_string()))?,
                        ))
                    })
                    .collect::<Result<_, SessionError>>()?,
            ),
        };
        crate::MOVES.check(moves_len(&moves) as u64)?;
        Ok(History(moves))
    }

    /// The hint after `history`: how many secrets remain (exact, or an estimate that says
    /// so), the first of them, and each strategy's next guess. `budget` stops a long call
    /// on a game too large to list (Ctrl-C, a deadline); a listed game's hint is bounded by its
    /// size. Fails with [`SessionError::Contradiction`] (the fewest contradicting clues found,
    /// and on a listed game the diagnosis) when no secret fits the history.
    ///
    /// ```
    /// use codebreak_core::{GameKind, GameSpec};
    /// use codebreak_session::{Game, HintQuery, Remaining};
    /// use codebreak_session::reasoned::Budget;
    /// let spec = GameSpec { kind: GameKind::BlackPeg, pegs: Some(5), colors: Some(10), ..GameSpec::default() };
    /// // Project Euler 185's example: small enough to list, and the same answer reasoned.
    /// let clues = "90342 2, 70794 0, 39458 2, 34109 1, 51545 2, 12531 1";
    /// let query = HintQuery { show: 5, ..HintQuery::default() };
    /// let listed = Game::new(&spec).unwrap();
    /// let h = listed.hint(&listed.parse_history(clues).unwrap(), &query, &Budget::default()).unwrap();
    /// assert_eq!((h.remaining, h.candidates), (Remaining::Exact(1), vec!["39542".to_string()]));
    /// let big = Game::new(&GameSpec { pegs: Some(16), ..spec }).unwrap();
    /// let h = big.hint(&big.parse_history("").unwrap(), &query, &Budget::default()).unwrap();
    /// assert_eq!(h.remaining, Remaining::Exact(10u128.pow(16)));
    /// assert_eq!(h.suggestions[0].fit_sample.as_ref().unwrap().secrets, 400);
    /// ```
    pub fn hint(
        &self,
        history: &History,
        query: &HintQuery,
        budget: &Budget,
    ) -> Result<HintReport, SessionError> {
        crate::SHOW.check(query.show as u64)?;
        match (&self.0, &history.0) {
            (Kind::Listed(g, engine), Moves::Listed(moves)) => {
                refuse_listed(query)?;
                let options = HintOptions {
                    strategies: query.strategies.clone(),
                    options: query.options.resolve(g)?,
                    show: query.show,
                };
                match engine {
                    Some(engine) => crate::hint::hint(engine, moves, &options),
                    None => crate::hint::hint(&AnyEngine::new(g)?, moves, &options),
                }
            }
            (Kind::Reasoned(g), Moves::Reasoned(clues)) => reasoned_hint(g, clues, query, budget),
            _ => Err(SessionError::Setup(
                "the history was read for another game".to_string(),
            )),
        }
    }
}

impl Game {
    /// The exact best next guess after `history`, where the position is small enough to
    /// search (see [`crate::best()`]); on a game too large to list, how many secrets remain and
    /// why no exact move is searched.
    pub fn best(
        &self,
        history: &History,
        options: &crate::ReviewOptions,
        budget: &Budget,
    ) -> Result<crate::BestReport, SessionError> {
        match (&self.0, &history.0) {
            (Kind::Listed(g, engine), Moves::Listed(moves)) => match engine {
                Some(engine) => crate::best(engine, moves, options),
                None => crate::best(&AnyEngine::new(g)?, moves, options),
            },
            (Kind::Reasoned(g), Moves::Reasoned(clues)) => {
                let solver = codebreak_huge::Solver::new(*g.game(), clues)
                    .map_err(reasoned::ReasonedError::from)?;
                let count = solver
                    .count(&Default::default(), budget)
                    .map_err(reasoned::ReasonedError::from)?;
                Ok(crate::BestReport {
                    remaining: Remaining::of_count(&reasoned::CountReport::of(&count)),
                    exact: None,
                    why_not: Some(
                        "the game is too large to list, so no exact search is made: the hint's guess is chosen on a sample".into(),
                    ),
                })
            }
            _ => Err(SessionError::Setup(
                "the history was read for another game".to_string(),
            )),
        }
    }
}

impl Game {
    /// The options of a review as a front end receives them: `exact_secrets` (default 300,
    /// see [`crate::review::EXACT_SECRETS`]) and, on a game too large to list only,
    /// `fit_sample` (default 400, see [`reasoned::FIT_SAMPLE`]); each checked, and the second
    /// refused in one line on a listed game.
    pub fn review_options(
        &self,
        exact_secrets: Option<usize>,
        fit_sample: Option<usize>,
    ) -> Result<crate::ReviewOptions, SessionError> {
        let mut options = crate::ReviewOptions::default();
        if let Some(n) = exact_secrets {
            crate::review::EXACT_SECRETS.check(n as u64)?;
            options.exact_secrets = n;
        }
        if let Some(n) = fit_sample {
            if self.exact() {
                return Err(SessionError::Setup(format!(
                    "fit-sample {n} samples the secrets of games too large to list, but this game fits in memory: leave it out"
                )));
            }
            reasoned::FIT_SAMPLE.check(n as u64)?;
            options.fit_sample = n;
        }
        Ok(options)
    }

    /// The review of a finished game (`history`, whose secret is `secret`, in the game's
    /// notation): each move against the best guess at that point, its verdict, and the game's
    /// skill and luck. A listed game values small positions exactly ([`crate::review()`]); a
    /// game too large to list counts or estimates the secrets left and takes the hint's
    /// guess, chosen on a sample of `options.fit_sample` secrets, as the best. Fails when
    /// `secret` is not a secret of the game or a reply is not the one it gives.
    ///
    /// ```
    /// use codebreak_core::GameSpec;
    /// use codebreak_session::{Game, ReviewOptions, Remaining};
    /// use codebreak_session::reasoned::Budget;
    /// let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
    /// let h = game.parse_history("0011:0B1W,1223:2B0W,3345:0B3W,1453:4B0W").unwrap();
    /// let r = game.review(&h, "1453", &ReviewOptions::default(), &Budget::default()).unwrap();
    /// assert!(r.solved);
    /// assert_eq!(r.moves[0].before, Remaining::Exact(1296));
    /// ```
    pub fn review(
        &self,
        history: &History,
        secret: &str,
        options: &crate::ReviewOptions,
        budget: &Budget,
    ) -> Result<crate::ReviewReport, SessionError> {
        let bad_secret = |e: String| SessionError::Setup(format!("secret: {e}"));
        match (&self.0, &history.0) {
            (Kind::Listed(g, engine), Moves::Listed(moves)) => {
                let secret = g
                    .parse_secret(secret)
                    .map_err(|e| bad_secret(e.to_string()))?;
                match engine {
                    Some(engine) => crate::review(engine, moves, &secret, options),
                    None => crate::review(&AnyEngine::new(g)?, moves, &secret, options),
                }
            }
            (Kind::Reasoned(g), Moves::Reasoned(clues)) => {
                reasoned::FIT_SAMPLE.check(options.fit_sample as u64)?;
                let secret = g
                    .parse_secret(secret)
                    .map_err(|e| bad_secret(e.to_string()))?;
                for (k, clue) in clues.iter().enumerate() {
                    let truth = g.score(&secret, &clue.guess);
                    if truth != clue.reply {
                        return Err(SessionError::Setup(format!(
                            "move {}: the secret {} answers {} to {}, not {}",
                            k + 1,
                            g.format_code(&secret),
                            g.format_reply(truth),
                            g.format_code(&clue.guess),
                            g.format_reply(clue.reply)
                        )));
                    }
                }
                let report =
                    crate::review::reasoned::review(g, clues, &secret, options.fit_sample, budget)?;
                Ok(crate::review::finish(report, false))
            }
            _ => Err(SessionError::Setup(
                "the history was read for another game".to_string(),
            )),
        }
    }
}

/// The symbols of an alphabet for prompts: a range when they run on (`0-9`), else all of them.
fn symbols(alphabet: &codebreak_core::Alphabet) -> String {
    let s = alphabet.to_string();
    let cs: Vec<u32> = s.chars().map(|c| c as u32).collect();
    let run = cs.windows(2).all(|w| w[1] == w[0] + 1);
    match (cs.first(), cs.last()) {
        (Some(&first), Some(&last)) if run && cs.len() > 2 => format!(
            "{}-{}",
            char::from_u32(first).unwrap_or('0'),
            char::from_u32(last).unwrap_or('0')
        ),
        _ => s,
    }
}

fn moves_len(m: &Moves) -> usize {
    match m {
        Moves::Listed(m) => m.len(),
        Moves::Reasoned(m) => m.len(),
    }
}

/// Refuses the options of a game too large to list on a listed one.
fn refuse_listed(query: &HintQuery) -> Result<(), SessionError> {
    if let Some(n) = query.fit_sample {
        return Err(SessionError::Setup(format!(
            "fit-sample {n} chooses guesses on games too large to list, but this game fits in memory: leave it out (sample N samples guesses here)"
        )));
    }
    if let Some(t) = query.find_time {
        return Err(SessionError::Setup(format!(
            "find-time {} limits the search for a fitting secret on games too large to list, but this game fits in memory: leave it out",
            t.as_secs()
        )));
    }
    Ok(())
}

/// The guess-choice options of a game too large to list: its objective from the one
/// strategy asked for, the sample, the seed; the listed strategies' options refused by name.
pub(crate) fn play_options(
    strategies: Option<&[StrategyKind]>,
    options: &StrategyOptionsSpec,
    fit_sample: Option<usize>,
) -> Result<reasoned::PlayOptions, SessionError> {
    let strategy = match strategies {
        None => None,
        Some([one]) => Some(*one),
        Some(_) => {
            return Err(SessionError::Setup(
                "more than one strategy's guess is too slow to show on games too large to list: ask for one strategy (entropy, expected-size or most-parts)".into(),
            ));
        }
    };
    let refused = [
        ("pool", options.pool.is_some()),
        ("ties", options.ties.is_some()),
        ("first-guess", options.first_guess.is_some()),
        ("sample", options.sample.is_some()),
    ];
    if let Some((option, _)) = refused.iter().find(|(_, set)| *set) {
        return Err(SessionError::Setup(format!(
            "{option} is not available for games too large to list: expected fit-sample N (secrets sampled to choose a guess), strategy and seed"
        )));
    }
    if let Some(n) = fit_sample {
        reasoned::FIT_SAMPLE.check(n as u64)?;
    }
    Ok(reasoned::PlayOptions {
        sample: fit_sample.unwrap_or(reasoned::PlayOptions::default().sample),
        objective: reasoned::objective(strategy)?,
        seed: options.seed.unwrap_or(0),
        ..reasoned::PlayOptions::default()
    })
}

/// Why the engine's guess is good, in the strategy's terms, on its sample.
fn why_sampled(objective: reasoned::Objective, score: f64, sample: usize) -> String {
    let on = format!("on a sample of {sample} secrets");
    match objective {
        reasoned::Objective::Entropy => format!("most information {on}: {score:.3} bits"),
        reasoned::Objective::ExpectedSize => {
            format!("smallest expected part {on}: {:.2}", -score)
        }
        reasoned::Objective::MostParts => format!("most distinct replies {on}: {score}"),
    }
}

fn reasoned_hint(
    game: &ReasonedGame,
    clues: &[Clue],
    query: &HintQuery,
    budget: &Budget,
) -> Result<HintReport, SessionError> {
    let play = play_options(
        query.strategies.as_deref(),
        &query.options,
        query.fit_sample,
    )?;
    if let Some(t) = query.find_time {
        reasoned::FIND_SECONDS.check(t.as_secs())?;
    }
    let options = reasoned::HintOptions {
        show: query.show,
        play,
        find_time: query.find_time.unwrap_or(reasoned::FIND_TIME),
        ..reasoned::HintOptions::default()
    };
    let h = reasoned::hint(game, clues, &options, budget)?;
    let objective = options.play.objective;
    let kind: StrategyKind = reasoned::objective_name(objective)
        .parse()
        .expect("an objective is named as a strategy");
    let suggestions: Vec<SuggestionReport> = h
        .guess
        .iter()
        .map(|g| SuggestionReport {
            strategy: kind,
            description: format!(
                "{} on a sample of {} secrets",
                kind.name(),
                options.play.sample
            ),
            guess: g.guess.clone(),
            why: why_sampled(objective, g.score, g.sample),
            largest_class: None,
            expected_size: None,
            entropy: None,
            parts: None,
            could_be_secret: g.could_be_secret,
            sample: None,
            fit_sample: Some(FitSample {
                secrets: g.sample,
                candidates: g.candidates,
                method: g.sampling.clone(),
                score: g.score,
            }),
        })
        .collect();
    // Every strategy asked for: the default one is shown, and each other says why not.
    let omitted = match &query.strategies {
        Some(_) => Vec::new(),
        None => StrategyKind::ALL
            .iter()
            .filter(|&&k| k != kind)
            .map(|&k| Omitted {
                strategy: k,
                why: match reasoned::objective(Some(k)) {
                    Ok(_) => "games too large to list show one strategy's guess at a time: ask for it by name".into(),
                    Err(_) => "not available for games too large to list: it needs every secret listed".into(),
                },
            })
            .collect(),
    };
    Ok(HintReport {
        remaining: Remaining::of_count(&h.remaining),
        candidates: h.secrets,
        solved: h.solved,
        guess: suggestions.first().map(|s| s.guess.clone()),
        suggestions,
        omitted,
    })
}

impl std::fmt::Display for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Kind::Listed(g, _) => g.fmt(f),
            Kind::Reasoned(g) => g.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::GameKind;

    fn blackpeg(pegs: u32) -> GameSpec {
        GameSpec {
            kind: GameKind::BlackPeg,
            pegs: Some(pegs),
            colors: Some(10),
            ..GameSpec::default()
        }
    }

    #[test]
    fn the_library_chooses_the_engine_by_size() {
        assert!(Game::new(&GameSpec::mastermind(4, 6)).unwrap().exact());
        assert!(Game::new(&blackpeg(5)).unwrap().as_listed().is_some());
        assert!(Game::new(&blackpeg(16)).unwrap().as_reasoned().is_some());
        assert!(!Game::new(&GameSpec::mastermind(16, 6)).unwrap().exact());
        // Both kinds name a game alike (the web page finds a game's description by it).
        let spec = GameSpec::mastermind(16, 6);
        assert_eq!(
            Game::new(&spec).unwrap().spec(),
            codebreak_core::Game::new(&spec).unwrap().spec()
        );
        // Errors stay the enumerated engine's for games no engine plays.
        let e = Game::new(&GameSpec::mastermind(0, 6)).unwrap_err();
        assert!(e.to_string().contains("pegs"), "{e}");
    }

    #[test]
    fn a_listed_and_a_reasoned_hint_have_one_shape() {
        let history = "90342 2, 70794 0, 39458 2";
        let query = HintQuery {
            strategies: Some(vec![StrategyKind::Entropy]),
            show: 3,
            ..HintQuery::default()
        };
        let listed = Game::new(&blackpeg(5)).unwrap();
        let a = listed
            .hint(
                &listed.parse_history(history).unwrap(),
                &query,
                &Budget::default(),
            )
            .unwrap();
        let reasoned = Game(Kind::Reasoned(ReasonedGame::new(&blackpeg(5)).unwrap()));
        let cached = Game::with_engine(Arc::new(
            AnyEngine::new(listed.as_listed().unwrap()).unwrap(),
        ));
        let b = reasoned
            .hint(
                &reasoned.parse_history(history).unwrap(),
                &query,
                &Budget::default(),
            )
            .unwrap();
        // An engine handed over (a server's cache) gives the same hint.
        let c = cached
            .hint(
                &cached.parse_history(history).unwrap(),
                &query,
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a, c);
        // The same count, exact in both, and the same JSON fields.
        assert_eq!(a.remaining, b.remaining);
        assert!(a.remaining.exact().is_some_and(|n| n > 3));
        let (ja, jb) = (
            serde_json::to_value(&a).unwrap(),
            serde_json::to_value(&b).unwrap(),
        );
        let keys = |v: &serde_json::Value| {
            v.as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect::<Vec<String>>()
        };
        assert_eq!(keys(&ja), keys(&jb));
        assert_eq!(jb["suggestions"][0]["strategy"], "entropy");
        assert!(
            jb["suggestions"][0]["fit_sample"]["secrets"]
                .as_u64()
                .unwrap()
                > 0
        );
        assert!(ja["suggestions"][0].get("fit_sample").is_none());
        assert!(ja["suggestions"][0]["entropy"].as_f64().unwrap() > 0.0);
    }

    #[test]
    fn options_of_one_kind_are_refused_on_the_other_in_one_line() {
        let listed = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let e = listed
            .hint(
                &listed.parse_history("").unwrap(),
                &HintQuery {
                    fit_sample: Some(10),
                    ..HintQuery::default()
                },
                &Budget::default(),
            )
            .unwrap_err();
        assert!(e.to_string().contains("fits in memory"), "{e}");
        let big = Game::new(&GameSpec::mastermind(16, 6)).unwrap();
        let e = big
            .hint(
                &big.parse_history("").unwrap(),
                &HintQuery {
                    options: StrategyOptionsSpec {
                        pool: Some(codebreak_core::Pool::All),
                        ..StrategyOptionsSpec::default()
                    },
                    ..HintQuery::default()
                },
                &Budget::default(),
            )
            .unwrap_err();
        assert!(e.to_string().starts_with("pool is not available"), "{e}");
        let e = big
            .hint(
                &big.parse_history("").unwrap(),
                &HintQuery {
                    strategies: Some(vec![StrategyKind::Minimax]),
                    ..HintQuery::default()
                },
                &Budget::default(),
            )
            .unwrap_err();
        assert!(e.to_string().contains("minimax"), "{e}");
        let e = big.parse_history("0123 1B").unwrap_err();
        assert!(e.to_string().contains("16"), "{e}");
    }

    #[test]
    fn a_reasoned_contradiction_is_an_error_not_a_panic() {
        let big = Game::new(&blackpeg(16)).unwrap();
        let h = big
            .parse_history("0000000000000000 0, 0000000000000001 2")
            .unwrap();
        let e = big
            .hint(&h, &HintQuery::default(), &Budget::default())
            .unwrap_err();
        assert!(matches!(e, SessionError::Contradiction(_)), "{e:?}");
        assert!(e.is_conflict());
    }
}
