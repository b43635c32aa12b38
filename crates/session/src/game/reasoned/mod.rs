//! Sessions on games too large to list: Mastermind, black-peg and Bulls and Cows with more
//! codes than [`codebreak_core::MAX_CODES`] or more pegs than [`codebreak_core::code::MAX_PEGS`].
//!
//! **Main design decision: the same commands, answered by reasoning about the history.** The
//! enumerated sessions of this crate hold every code in memory; these hold only the history and
//! ask the [`codebreak_huge`] engine (constraint propagation and search, exact black-peg counts
//! by dynamic programming, sampling) what fits it. Whatever can only be estimated says so in
//! its report type: a [`CountReport`] is exact or an estimate with its 95% interval, and a
//! guess names the sample it was chosen from ([`GuessReport`]).
//!
//! A game goes here when [`ReasonedGame::wanted`] says so: its family is one of the peg games and
//! its codes cannot be listed. Every other game keeps the enumerated sessions, unchanged.
//!
//! Long calls take a [`Budget`] (cancel flag, deadline, progress counters): a front end sets
//! the cancel flag from its Ctrl-C handler and reads the counters to draw a spinner.

mod error;

use codebreak_core::error::quote;
use codebreak_core::{Alphabet, GameKind, GameSpec, SpecError};
use serde::Serialize;

pub use crate::hint::reasoned::{FIND_TIME, HintOptions, ReasonedHint, hint};
pub use crate::play::reasoned::{PlaySession, PlayState, random_secret};
pub use crate::solve::reasoned::{SolveSession, SolveState};
pub use codebreak_huge as engine;
pub use codebreak_huge::{Budget, Clue, Code, Count, Objective, PlayOptions, Progress, Reply};
pub use error::ReasonedError;

/// The old name of [`ReasonedGame`].
#[deprecated(
    since = "0.1.0",
    note = "renamed ReasonedGame: a game too large to list is reasoned on its clues"
)]
pub type HugeGame = ReasonedGame;
/// The old name of [`ReasonedError`].
#[deprecated(since = "0.1.0", note = "renamed ReasonedError")]
pub type HugeError = ReasonedError;

/// Secrets sampled to choose a guess (`--fit-sample`): each candidate guess is scored by how
/// it splits this many secrets that fit the history. Default 400 ([`PlayOptions`]'s); larger
/// samples choose a little better and take proportionally longer.
pub const FIT_SAMPLE: codebreak_core::Range = codebreak_core::Range {
    what: "fit-sample",
    min: 1,
    max: 100_000,
    doc: "secrets sampled to choose a guess on games too large to list (default 400)",
};

/// Seconds the search for a first secret that fits may take before `hint` or a `solve`
/// reply gives up (`--find-time`); default [`FIND_TIME`].
pub const FIND_SECONDS: codebreak_core::Range = codebreak_core::Range {
    what: "find-time",
    min: 1,
    max: 86_400,
    doc: "seconds allowed to find a first secret that fits on games too large to list (hint, solve; default 60)",
};

/// Most pegs a game too large to list may have.
pub const MAX_PEGS: u32 = codebreak_huge::MAX_PEGS as u32;

/// Pegs per code a front end accepts: the enumerated engine's 1 to 16, and up to
/// [`MAX_PEGS`] for games too large to list.
pub const PEGS: codebreak_core::Range = codebreak_core::Range {
    what: "pegs",
    min: 1,
    max: MAX_PEGS as u64,
    doc: "pegs per code (more than 16: only on games too large to list)",
};

/// A game too large to list: the engine's game, the symbols it is written with, and the spec
/// it came from.
///
/// ```
/// use codebreak_core::{GameKind, GameSpec};
/// use codebreak_session::reasoned::ReasonedGame;
/// let spec = GameSpec { kind: GameKind::BlackPeg, pegs: Some(16), colors: Some(10), ..GameSpec::default() };
/// assert!(ReasonedGame::wanted(&spec));
/// let game = ReasonedGame::new(&spec).unwrap();
/// assert_eq!(game.to_string(), "blackpeg 16 of 10");
/// assert!(!ReasonedGame::wanted(&GameSpec::mastermind(4, 6)));
/// ```
#[derive(Clone, Debug)]
pub struct ReasonedGame {
    game: codebreak_huge::Game,
    alphabet: Alphabet,
    distinct_guess: bool,
    spec: GameSpec,
}

impl ReasonedGame {
    /// Whether `spec` is a game for this module: Mastermind, black-peg or Bulls and Cows whose
    /// guesses are more than [`codebreak_core::MAX_CODES`], or with more pegs than the
    /// enumerated engine allows (up to [`MAX_PEGS`]). Any other spec, valid or not, is left to
    /// the enumerated sessions (which report its errors as they always have).
    pub fn wanted(spec: &GameSpec) -> bool {
        if !matches!(
            spec.kind,
            GameKind::Mastermind | GameKind::BlackPeg | GameKind::Bulls
        ) {
            return false;
        }
        match codebreak_core::Game::new(spec) {
            Ok(game) => game.space().is_err(),
            Err(SpecError::Pegs(p)) => p as usize > codebreak_core::code::MAX_PEGS && p <= MAX_PEGS,
            Err(_) => false,
        }
    }

    /// Checks a spec as a game too large to list (it need not be one: small games work too,
    /// which the tests use to compare with the enumerated engine).
    pub fn new(spec: &GameSpec) -> Result<ReasonedGame, ReasonedError> {
        let family = match spec.kind {
            GameKind::Mastermind => codebreak_huge::Family::Mastermind,
            GameKind::BlackPeg => codebreak_huge::Family::BlackPeg,
            GameKind::Bulls => codebreak_huge::Family::Bulls,
            other => {
                return Err(ReasonedError::Game(codebreak_huge::GameError::Family(
                    other.name().to_string(),
                )));
            }
        };
        if spec.size.is_some() {
            return Err(SpecError::NotApplicable {
                option: "size",
                game: spec.kind.name(),
            }
            .into());
        }
        if spec.hard {
            return Err(SpecError::HardNotWordle.into());
        }
        if spec.order != codebreak_core::Order::Lex {
            return Err(ReasonedError::Setup(format!(
                "order {} is not available for games too large to list: expected lex",
                quote(spec.order.name())
            )));
        }
        let custom = spec.alphabet.as_deref().map(Alphabet::new).transpose()?;
        let pegs = spec.pegs.unwrap_or(4);
        let default_colors = if family == codebreak_huge::Family::Bulls {
            10
        } else {
            6
        };
        let colors = spec
            .colors
            .or(custom.as_ref().map(|a| a.len() as u32))
            .unwrap_or(default_colors);
        let bulls = family == codebreak_huge::Family::Bulls;
        let distinct_guess = spec.distinct_guess || bulls;
        if distinct_guess && !(spec.distinct_secret || bulls) {
            return Err(SpecError::DistinctGuessOnly.into());
        }
        let game = codebreak_huge::Game::new(family, pegs, colors, spec.distinct_secret)?;
        let alphabet = match custom {
            Some(a) if a.len() != colors as usize => {
                return Err(SpecError::AlphabetLength {
                    alphabet: a.to_string(),
                    len: a.len(),
                    colors,
                }
                .into());
            }
            Some(a) => a,
            None => Alphabet::default_for(colors as usize)?,
        };
        Ok(ReasonedGame {
            game,
            alphabet,
            distinct_guess,
            // The enumerated engine's form of the spec where it reads the game (up to 16
            // pegs), so both kinds of game name it alike; its own beyond.
            spec: codebreak_core::Game::new(spec).map_or_else(
                |_| GameSpec {
                    pegs: Some(pegs),
                    colors: Some(colors),
                    distinct_guess,
                    ..spec.clone()
                },
                |g| g.spec(),
            ),
        })
    }

    /// The spec of the game, its sizes filled in.
    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    /// The engine's game.
    pub fn game(&self) -> &codebreak_huge::Game {
        &self.game
    }

    /// The symbols codes are written with.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// Base-10 logarithm of the number of possible secrets.
    pub fn log10_secrets(&self) -> f64 {
        self.game.log2_codes() * std::f64::consts::LOG10_2
    }

    /// Reads a guess: the game's symbols, one per peg (no symbol twice where guesses are
    /// distinct, as in Bulls and Cows).
    pub fn parse_guess(&self, text: &str) -> Result<Code, ReasonedError> {
        let code = self.game.parse_code(text, &self.alphabet)?;
        if self.distinct_guess && !self.no_repeat(&code) {
            return Err(ReasonedError::Repeated {
                code: text.trim().to_string(),
                role: "guess",
            });
        }
        Ok(code)
    }

    /// Reads a secret: like a guess, and never repeating a symbol where secrets are distinct.
    pub fn parse_secret(&self, text: &str) -> Result<Code, ReasonedError> {
        let code = self.game.parse_code(text, &self.alphabet)?;
        if !self.game.is_secret(&code) {
            return Err(ReasonedError::Repeated {
                code: text.trim().to_string(),
                role: "secret",
            });
        }
        Ok(code)
    }

    fn no_repeat(&self, code: &Code) -> bool {
        let mut seen = 0u64;
        code.colours().iter().all(|&c| {
            let new = seen >> c & 1 == 0;
            seen |= 1 << c;
            new
        })
    }

    /// Writes a code with the game's symbols.
    pub fn format_code(&self, code: &Code) -> String {
        self.game.format_code(code, &self.alphabet)
    }

    /// Reads a reply: `3` (black-peg), `2B1W`, `1A2B` or `2 1`.
    pub fn parse_reply(&self, text: &str) -> Result<Reply, ReasonedError> {
        Ok(self.game.parse_reply(text)?)
    }

    /// Writes a reply the family's way: `3`, `2B1W` or `1A2B`.
    pub fn format_reply(&self, reply: Reply) -> String {
        self.game.format_reply(reply)
    }

    /// The reply that ends the game (every peg right).
    pub fn win(&self) -> Reply {
        Reply::new(self.game.pegs(), 0)
    }

    /// The reply `secret` gives to `guess`.
    pub fn score(&self, secret: &Code, guess: &Code) -> Reply {
        self.game.score(secret, guess)
    }

    /// Examples of the reply forms, for prompts and messages.
    pub fn reply_forms(&self) -> &'static str {
        match self.game.family() {
            codebreak_huge::Family::BlackPeg => "a count of pegs right in place, such as 3",
            codebreak_huge::Family::Mastermind => "black and white pegs, such as 2B1W or 2 1",
            codebreak_huge::Family::Bulls => "bulls and cows, such as 1A2B or 1 2",
        }
    }

    /// What a code looks like, for prompts: `16 symbols from 0-9, symbols may repeat`.
    pub fn code_shape(&self, secret: bool) -> String {
        let s: String = self.alphabet.symbols().iter().collect();
        let distinct = if secret {
            self.game.distinct()
        } else {
            self.distinct_guess
        };
        format!(
            "{} symbols from {}, {}",
            self.game.pegs(),
            s,
            if distinct {
                "no symbol twice"
            } else {
                "symbols may repeat"
            }
        )
    }

    /// Reads a history: moves `GUESS:REPLY` or `GUESS REPLY`, separated by commas, semicolons
    /// or new lines; `#` starts a comment line, blank entries are skipped. Errors name the
    /// move's line (from 1) and text.
    ///
    /// ```
    /// use codebreak_core::{GameKind, GameSpec};
    /// use codebreak_session::reasoned::ReasonedGame;
    /// let spec = GameSpec { kind: GameKind::BlackPeg, pegs: Some(5), colors: Some(10), ..GameSpec::default() };
    /// let game = ReasonedGame::new(&spec).unwrap();
    /// let clues = game.parse_history("# Euler's example\n90342 2\n70794 0, 39458:2").unwrap();
    /// assert_eq!(clues.len(), 3);
    /// let err = game.parse_history("90342 2\n7079 0").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: move \"7079 0\": code \"7079\" has 4 pegs: expected 5");
    /// ```
    pub fn parse_history(&self, text: &str) -> Result<Vec<Clue>, ReasonedError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut clues = Vec::new();
        for (l, line) in text.split('\n').enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            for m in line.split([',', ';']).map(str::trim) {
                if m.is_empty() || m.starts_with('#') {
                    continue;
                }
                let bad = |why: ReasonedError| ReasonedError::Move {
                    line: l + 1,
                    text: m.to_string(),
                    why: why.to_string(),
                };
                let (guess, reply) = m
                    .split_once(':')
                    .or_else(|| m.split_once(char::is_whitespace))
                    .ok_or_else(|| {
                        bad(ReasonedError::Setup(format!(
                            "expected a guess and its reply, such as {}:{}",
                            self.format_code(
                                &self
                                    .game
                                    .code(&vec![0; usize::from(self.game.pegs())])
                                    .expect("zeros are a code")
                            ),
                            self.format_reply(Reply::new(1, 0))
                        )))
                    })?;
                let guess = self.parse_guess(guess.trim()).map_err(bad)?;
                let reply = self.parse_reply(reply.trim()).map_err(bad)?;
                clues.push(Clue::new(guess, reply));
            }
        }
        Ok(clues)
    }

    /// The report of a move.
    pub fn move_report(&self, clue: &Clue) -> ReasonedMove {
        ReasonedMove {
            guess: self.format_code(&clue.guess),
            reply: self.format_reply(clue.reply),
            black: clue.reply.black,
            white: clue.reply.white,
        }
    }

    /// The count report of `count`.
    pub fn count_report(&self, count: &Count) -> CountReport {
        CountReport::of(count)
    }
}

impl std::fmt::Display for ReasonedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.game.fmt(f)
    }
}

/// One move: a guess and its reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReasonedMove {
    /// The guess, in the game's symbols.
    pub guess: String,
    /// The reply, in the family's notation (`3`, `2B1W`, `1A2B`).
    pub reply: String,
    /// Pegs right in place (bulls).
    pub black: u8,
    /// Right colours elsewhere (cows; 0 in the black-peg game).
    pub white: u8,
}

impl From<&ReasonedMove> for crate::MoveReport {
    fn from(m: &ReasonedMove) -> crate::MoveReport {
        crate::MoveReport {
            guess: m.guess.clone(),
            feedback: m.reply.clone(),
            reply: crate::ReplyReport {
                text: m.reply.clone(),
                black: Some(m.black),
                white: Some(m.white),
            },
        }
    }
}

/// How many secrets fit: exact, or an estimate marked as such with its 95% interval.
///
/// ```
/// use codebreak_session::reasoned::{Count, CountReport};
/// let r = CountReport::of(&Count::Exact(1));
/// assert_eq!(r.to_string(), "1 secret");
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"exact":true,"count":1,"value":1.0}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CountReport {
    /// Whether the count is exact.
    pub exact: bool,
    /// The exact count, when it is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u128>,
    /// The count, or the estimate's central value.
    pub value: f64,
    /// Lower end of the estimate's 95% interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low: Option<f64>,
    /// Upper end of the estimate's 95% interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub high: Option<f64>,
    /// How the estimate was made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
}

impl CountReport {
    /// The report of an engine count.
    pub fn of(count: &Count) -> CountReport {
        match count {
            Count::Exact(n) => CountReport {
                exact: true,
                count: Some(*n),
                value: *n as f64,
                low: None,
                high: None,
                method: None,
            },
            Count::Estimate(e) => CountReport {
                exact: false,
                count: None,
                value: e.value,
                low: Some(e.low),
                high: Some(e.high),
                method: Some(match e.method {
                    codebreak_huge::EstimateMethod::Float => {
                        "exact dynamic programme carried out in floating point (past 2^128)"
                            .to_string()
                    }
                    codebreak_huge::EstimateMethod::Relaxation {
                        relaxed,
                        draws,
                        hits,
                    } => format!(
                        "{hits} of {draws} codes drawn uniformly from the {} that give every clue its black pegs fit every clue",
                        number(relaxed)
                    ),
                    codebreak_huge::EstimateMethod::Probes { probes, nodes } => format!(
                        "{probes} random descents of the search (Knuth's estimator; rough): an exact count would visit about {} nodes",
                        number(nodes)
                    ),
                }),
            },
        }
    }

    /// Raises an estimate to `n` secrets known to fit (those listed), which random descents
    /// that missed them may have put lower.
    pub fn at_least(&mut self, n: usize) {
        if self.exact {
            return;
        }
        let n = n as f64;
        if self.value < n {
            self.value = n;
        }
        if let Some(low) = &mut self.low
            && *low < n
        {
            *low = n;
        }
        if let Some(high) = &mut self.high
            && *high < n
        {
            *high = n;
        }
    }
}

impl std::fmt::Display for CountReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::Remaining::of_count(self).fmt(f)
    }
}

/// A large number for people: whole below a million, else three significant digits and a
/// power of ten (`3.16e12`).
pub fn number(x: f64) -> String {
    if !x.is_finite() {
        "more than 1e38".to_string()
    } else if x.abs() < 1e6 {
        format!("{}", x.round())
    } else {
        format!("{x:.2e}")
    }
}

/// The guess a session or a hint proposes, and what it was chosen from.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GuessReport {
    /// The guess, in the game's symbols.
    pub guess: String,
    /// Whether it fits every clue so far (it may be the secret).
    pub could_be_secret: bool,
    /// Its score on the sample (entropy in bits, minus the expected part size, or the number
    /// of parts, by the objective).
    pub score: f64,
    /// Secrets in the sample the guess was scored on.
    pub sample: usize,
    /// Candidate guesses scored.
    pub candidates: usize,
    /// How the sample was drawn.
    pub sampling: String,
}

impl GuessReport {
    pub(crate) fn of(
        game: &ReasonedGame,
        next: &codebreak_huge::NextGuess,
        could_be_secret: bool,
    ) -> Self {
        GuessReport {
            guess: game.format_code(&next.choice.guess),
            could_be_secret,
            score: next.choice.score,
            sample: next.sample,
            candidates: next.candidates,
            sampling: sampling(next.method),
        }
    }
}

/// How a sample was drawn, in words.
pub fn sampling(method: codebreak_huge::SampleMethod) -> String {
    use codebreak_huge::SampleMethod as M;
    match method {
        M::All => "every secret that fits".into(),
        M::Listed => "uniformly from the list of secrets that fit".into(),
        M::Uniform => "exactly uniformly (black-peg dynamic programme)".into(),
        M::Rejection { draws } => {
            format!(
                "exactly uniformly, by rejection from {draws} draws of the black-peg relaxation"
            )
        }
        M::Chain { uniform, seeds } => format!(
            "close to uniformly: {uniform} by rejection, the rest by Markov chains from {}",
            if seeds == 1 {
                "1 seed".to_string()
            } else {
                format!("{seeds} seeds")
            }
        ),
    }
}

/// The objective a strategy name stands for on games too large to list, or `None` when the
/// strategy has no such form. Entropy, expected size and most parts score partitions of a
/// sample; `None` (no strategy named) means entropy.
pub fn objective(
    strategy: Option<codebreak_strategy::StrategyKind>,
) -> Result<Objective, ReasonedError> {
    use codebreak_strategy::StrategyKind as S;
    match strategy {
        None | Some(S::Entropy) => Ok(Objective::Entropy),
        Some(S::ExpectedSize) => Ok(Objective::ExpectedSize),
        Some(S::MostParts) => Ok(Objective::MostParts),
        Some(other) => Err(ReasonedError::Setup(format!(
            "strategy {} is not available for games too large to list: expected entropy, expected-size or most-parts",
            quote(other.name())
        ))),
    }
}

/// The name of an objective, as the strategy that stands for it.
pub fn objective_name(objective: Objective) -> &'static str {
    match objective {
        Objective::Entropy => "entropy",
        Objective::ExpectedSize => "expected-size",
        Objective::MostParts => "most-parts",
    }
}
