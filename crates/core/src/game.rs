//! The validated game.

use std::fmt;
use std::sync::Arc;

use crate::alphabet::Alphabet;
use crate::code::{Code, MAX_PEGS};
use crate::error::{ParseCodeError, ParseFeedbackError, SizeError, SpecError};
use crate::feedback::{Feedback, FeedbackKind, Reply, ReplyNames};
use crate::list::{End, ListGame, ListRule};
use crate::rules::{AnyRules, Rules};
use crate::space::{CodeSpace, MAX_CODES};
use crate::spec::{GameKind, GameSpec, MAX_COLORS, Order};

/// Which side of the game a code is on: guesses and secrets may obey different constraints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    /// A code the codebreaker plays.
    Guess,
    /// A code the codemaker hides.
    Secret,
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::Guess => "guess",
            Role::Secret => "secret",
        }
    }
}

/// A validated game: every field is set and consistent, so that code after this point never
/// re-checks the spec. Made once from a [`GameSpec`] by [`Game::new`].
///
/// ```
/// use codebreak_core::{Game, GameSpec};
/// let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
/// let secret = game.parse_secret("1234").unwrap();
/// let guess = game.parse_guess("1325").unwrap();
/// assert_eq!(game.format_feedback(game.score(&secret, &guess)), "1B2W");
/// assert!(Game::new(&GameSpec::mastermind(0, 6)).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    kind: GameKind,
    pegs: u8,
    colors: u8,
    distinct_secret: bool,
    distinct_guess: bool,
    alphabet: Alphabet,
    custom_alphabet: bool,
    order: Order,
    feedback: FeedbackKind,
    rules: AnyRules,
    /// The lists of a list game (Wordle, a game file); codes are then indices into them.
    list: Option<Arc<ListGame>>,
}

impl Game {
    /// Validates a spec.
    pub fn new(spec: &GameSpec) -> Result<Game, SpecError> {
        let kind = spec.kind;
        if spec.hard && kind != GameKind::Wordle {
            return Err(SpecError::HardNotWordle);
        }
        match kind {
            GameKind::Custom => {
                return Err(SpecError::CustomNeedsFile(
                    spec.name.clone().unwrap_or_default(),
                ));
            }
            GameKind::Wordle => {
                let na = |option| SpecError::NotApplicable {
                    option,
                    game: "wordle",
                };
                for (set, option) in [
                    (spec.pegs.is_some(), "pegs"),
                    (spec.colors.is_some(), "colors"),
                    (spec.size.is_some(), "size"),
                    (spec.distinct_secret, "distinct secrets"),
                    (spec.distinct_guess, "distinct guesses"),
                    (spec.alphabet.is_some(), "alphabet"),
                    (spec.order != Order::Lex, "order"),
                ] {
                    if set {
                        return Err(na(option));
                    }
                }
                return Game::from_list(crate::wordle::original(spec.hard));
            }
            _ => {}
        }
        let custom = match &spec.alphabet {
            Some(a) => Some(Alphabet::new(a)?),
            None => None,
        };
        let (pegs, colors, distinct_secret, distinct_guess) = match kind {
            GameKind::TwoD => {
                let na = |option| SpecError::NotApplicable {
                    option,
                    game: "twod",
                };
                if spec.pegs.is_some() {
                    return Err(na("pegs"));
                }
                if spec.colors.is_some() {
                    return Err(na("colors (use size)"));
                }
                if spec.distinct_secret {
                    return Err(na("distinct secrets"));
                }
                if spec.distinct_guess {
                    return Err(na("distinct guesses"));
                }
                let size = spec
                    .size
                    .or(custom.as_ref().map(|a| a.len() as u32))
                    .unwrap_or(5);
                if size == 0 || size > MAX_COLORS {
                    return Err(SpecError::Size(size));
                }
                (2, size, false, false)
            }
            _ => {
                if spec.size.is_some() {
                    return Err(SpecError::NotApplicable {
                        option: "size",
                        game: kind.name(),
                    });
                }
                let pegs = spec.pegs.unwrap_or(4);
                let default_colors = if kind == GameKind::Bulls { 10 } else { 6 };
                let colors = spec
                    .colors
                    .or(custom.as_ref().map(|a| a.len() as u32))
                    .unwrap_or(default_colors);
                if pegs == 0 || pegs as usize > MAX_PEGS {
                    return Err(SpecError::Pegs(pegs));
                }
                if colors == 0 || colors > MAX_COLORS {
                    return Err(SpecError::Colors(colors));
                }
                let (ds, dg) = if kind == GameKind::Bulls {
                    (true, true)
                } else {
                    (spec.distinct_secret, spec.distinct_guess)
                };
                if dg && !ds {
                    return Err(SpecError::DistinctGuessOnly);
                }
                if (ds || dg) && colors < pegs {
                    return Err(SpecError::TooFewColors { pegs, colors });
                }
                (pegs, colors, ds, dg)
            }
        };
        let alphabet = match custom {
            Some(a) => {
                if a.len() != colors as usize {
                    return Err(SpecError::AlphabetLength {
                        alphabet: a.to_string(),
                        len: a.len(),
                        colors,
                    });
                }
                a
            }
            None => Alphabet::default_for(colors as usize)?,
        };
        if spec.order == Order::Swap && !(distinct_secret && distinct_guess) {
            return Err(SpecError::SwapNeedsPermutations);
        }
        let (pegs, colors) = (pegs as u8, colors as u8);
        let (feedback, rules) = match kind {
            GameKind::Mastermind => (
                FeedbackKind::BlackWhite {
                    pegs,
                    letters: ('B', 'W'),
                },
                AnyRules::pegs(pegs, colors, false),
            ),
            GameKind::Bulls => (
                FeedbackKind::BlackWhite {
                    pegs,
                    letters: ('A', 'B'),
                },
                AnyRules::pegs(pegs, colors, false),
            ),
            GameKind::BlackPeg => (
                FeedbackKind::BlackOnly { pegs },
                AnyRules::pegs(pegs, colors, true),
            ),
            GameKind::TwoD => (FeedbackKind::TwoD, AnyRules::TwoD(crate::rules::TwoD)),
            GameKind::Wordle | GameKind::Custom => unreachable!("list games returned above"),
        };
        Ok(Game {
            kind,
            pegs,
            colors,
            distinct_secret,
            distinct_guess,
            alphabet,
            custom_alphabet: spec.alphabet.is_some(),
            order: spec.order,
            feedback,
            rules,
            list: None,
        })
    }

    /// The game of a validated list game (Wordle, a game file). Codes are indices into its
    /// lists ([`Code::from_index`]); a Wordle game on the original lists is the built-in
    /// [`GameKind::Wordle`].
    pub fn from_list(list: Arc<ListGame>) -> Result<Game, SpecError> {
        let entries = list.table().len();
        if entries >= u32::MAX as usize {
            return Err(SpecError::TableTooLarge { entries });
        }
        if list.end() == End::Known && list.replies().len() > u8::MAX as usize {
            return Err(SpecError::TooManyKnownReplies);
        }
        let wordle = *list.rule() == ListRule::Wordle;
        let original = wordle && {
            let (g, s) = crate::wordle::original_lists();
            list.guess_count() == g.len()
                && list.codes().iter().zip(&g).all(|(a, b)| a == b)
                && list.secrets().len() == s.len()
                && list
                    .secrets()
                    .iter()
                    .zip(&s)
                    .all(|(&i, w)| list.codes()[i as usize] == **w)
                && list.end() == End::Guess
        };
        let lengths = list.codes().iter().map(|c| c.chars().count());
        let pegs = lengths.max().unwrap_or(1).clamp(1, u8::MAX as usize) as u8;
        Ok(Game {
            kind: if original {
                GameKind::Wordle
            } else {
                GameKind::Custom
            },
            pegs,
            colors: 1,
            distinct_secret: false,
            distinct_guess: false,
            alphabet: Alphabet::default_for(1).expect("one symbol"),
            custom_alphabet: false,
            order: Order::Lex,
            feedback: FeedbackKind::List {
                names: ReplyNames::intern(list.replies()),
                win: list.win(),
                wordle,
            },
            rules: AnyRules::Table(crate::rules::Table::new(&list)),
            list: Some(list),
        })
    }

    /// The lists of a list game (Wordle, a game file), or `None` for a generated game.
    pub fn list(&self) -> Option<&Arc<ListGame>> {
        self.list.as_ref()
    }

    /// When the game ends: when the secret is guessed (every generated game), or, for some
    /// list games, as soon as it is known.
    pub fn end(&self) -> End {
        self.list.as_ref().map_or(End::Guess, |l| l.end())
    }

    /// The word for a move, singular and plural: `guess`/`guesses`, or a list game's own
    /// ([`ListGame::move_words`]).
    pub fn move_words(&self) -> (&str, &str) {
        self.list
            .as_ref()
            .map_or(("guess", "guesses"), |l| l.move_words())
    }

    /// Whether Wordle's hard mode is on.
    pub fn hard(&self) -> bool {
        self.list.as_ref().is_some_and(|l| l.hard())
    }

    /// The five letters of a code of a Wordle game (lowercase), or `None` in another game.
    pub fn wordle_word(&self, code: &Code) -> Option<[u8; crate::wordle::LETTERS]> {
        let list = self
            .list
            .as_ref()
            .filter(|l| *l.rule() == ListRule::Wordle)?;
        crate::wordle::word(list.codes().get(code.as_index()? as usize)?)
    }

    /// What Wordle's hard mode requires of the next guess after `moves` (guesses and their
    /// replies, oldest first), or `None` when hard mode is off.
    ///
    /// ```
    /// use codebreak_core::{Game, GameKind, GameSpec};
    /// let game = Game::new(&GameSpec { kind: GameKind::Wordle, hard: true, ..GameSpec::default() })
    ///     .unwrap();
    /// let moves = [(game.parse_guess("salet").unwrap(), game.parse_feedback("GBBBB").unwrap())];
    /// let rule = game.hard_mode(&moves).unwrap();
    /// assert!(rule.allows(b"sport"));
    /// assert_eq!(rule.check(b"crane").unwrap_err(), "letter 1 must be S (green earlier)");
    /// ```
    pub fn hard_mode(&self, moves: &[(Code, Feedback)]) -> Option<crate::wordle::HardMode> {
        if !self.hard() {
            return None;
        }
        let mut rule = crate::wordle::HardMode::new();
        for (guess, fb) in moves {
            if let Some(w) = self.wordle_word(guess) {
                rule.learn(&w, *fb);
            }
        }
        Some(rule)
    }

    /// Whether `guess` may be played after `moves`: always, unless Wordle's hard mode is on
    /// and the guess breaks its rule (then the rule broken, such as "letter 1 must be S (green
    /// earlier)").
    pub fn check_hard(&self, moves: &[(Code, Feedback)], guess: &Code) -> Result<(), String> {
        match (self.hard_mode(moves), self.wordle_word(guess)) {
            (Some(rule), Some(w)) => rule.check(&w),
            _ => Ok(()),
        }
    }

    /// The spec this game was made from, with every default filled in.
    pub fn spec(&self) -> GameSpec {
        if let Some(list) = &self.list {
            return match self.kind {
                GameKind::Wordle => GameSpec {
                    kind: GameKind::Wordle,
                    hard: list.hard(),
                    ..GameSpec::default()
                },
                _ => GameSpec {
                    kind: GameKind::Custom,
                    hard: list.hard(),
                    name: Some(list.name().to_string()),
                    fingerprint: Some(format!("{:016x}", list.fingerprint())),
                    ..GameSpec::default()
                },
            };
        }
        let twod = self.kind == GameKind::TwoD;
        GameSpec {
            kind: self.kind,
            pegs: (!twod).then_some(self.pegs as u32),
            colors: (!twod).then_some(self.colors as u32),
            size: twod.then_some(self.colors as u32),
            distinct_secret: self.distinct_secret,
            distinct_guess: self.distinct_guess,
            alphabet: Some(self.alphabet.to_string()),
            order: self.order,
            ..GameSpec::default()
        }
    }

    /// The rules family.
    pub fn kind(&self) -> GameKind {
        self.kind
    }
    /// Pegs per code (2 for twoD).
    pub fn pegs(&self) -> usize {
        self.pegs as usize
    }
    /// Colours (the grid size for twoD).
    pub fn colors(&self) -> usize {
        self.colors as usize
    }
    /// Whether secrets never repeat a colour.
    pub fn distinct_secret(&self) -> bool {
        self.distinct_secret
    }
    /// Whether guesses never repeat a colour.
    pub fn distinct_guess(&self) -> bool {
        self.distinct_guess
    }
    /// The symbols.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }
    /// The enumeration order.
    pub fn order(&self) -> Order {
        self.order
    }
    /// The reply space.
    pub fn feedback(&self) -> FeedbackKind {
        self.feedback
    }
    /// The scoring rules.
    pub fn rules(&self) -> &AnyRules {
        &self.rules
    }
    /// True for the peg games, whose rules are symmetric under renaming colours and reordering
    /// positions.
    pub fn has_peg_symmetry(&self) -> bool {
        matches!(
            self.kind,
            GameKind::Mastermind | GameKind::Bulls | GameKind::BlackPeg
        )
    }

    /// Number of codes allowed in `role`.
    pub fn count(&self, role: Role) -> u128 {
        if let Some(list) = &self.list {
            return match role {
                Role::Guess => list.guess_count(),
                Role::Secret => list.secrets().len(),
            } as u128;
        }
        let distinct = match role {
            Role::Guess => self.distinct_guess,
            Role::Secret => self.distinct_secret,
        };
        let (p, c) = (self.pegs as u32, self.colors as u128);
        if distinct {
            (0..p as u128).map(|i| c - i).product()
        } else {
            (0..p).fold(1u128, |acc, _| acc.saturating_mul(c))
        }
    }

    /// Enumerates every guess and secret, or says the game is too large for memory.
    pub fn space(&self) -> Result<CodeSpace, SizeError> {
        let n = self.count(Role::Guess);
        if n > MAX_CODES as u128 {
            return Err(SizeError {
                game: self.to_string(),
                codes: n,
                max: MAX_CODES as u128,
            });
        }
        Ok(CodeSpace::new(self))
    }

    /// Reads a code for the given role.
    pub fn parse_code(&self, text: &str, role: Role) -> Result<Code, ParseCodeError> {
        if let Some(list) = &self.list {
            return self.parse_listed(list, text, role);
        }
        let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if symbols.len() != self.pegs as usize {
            return Err(ParseCodeError::Length {
                code: text.to_string(),
                len: symbols.len(),
                pegs: self.pegs as usize,
            });
        }
        let mut pegs = [0u8; MAX_PEGS];
        for (i, &s) in symbols.iter().enumerate() {
            pegs[i] = self
                .alphabet
                .index_of(s)
                .ok_or_else(|| ParseCodeError::Symbol {
                    code: text.to_string(),
                    symbol: s,
                    alphabet: self.alphabet.to_string(),
                })?;
        }
        let code = Code::from_pegs(&pegs[..symbols.len()]).expect("length checked");
        let distinct = match role {
            Role::Guess => self.distinct_guess,
            Role::Secret => self.distinct_secret,
        };
        if distinct {
            for (i, &p) in code.pegs().iter().enumerate() {
                if code.pegs()[..i].contains(&p) {
                    return Err(ParseCodeError::Repeat {
                        code: text.to_string(),
                        symbol: self.alphabet.symbol(p),
                        role: role.name(),
                    });
                }
            }
        }
        Ok(code)
    }

    fn parse_listed(
        &self,
        list: &ListGame,
        text: &str,
        role: Role,
    ) -> Result<Code, ParseCodeError> {
        let t = text.trim();
        let found = list.index_of(t).or_else(|| {
            let folded: Vec<u32> = (0..list.codes().len() as u32)
                .filter(|&i| list.codes()[i as usize].eq_ignore_ascii_case(t))
                .collect();
            (folded.len() == 1).then(|| folded[0])
        });
        let code = found.map(Code::from_index);
        match code {
            Some(c) if self.is_valid(&c, role) => Ok(c),
            _ => Err(ParseCodeError::NotListed {
                code: t.to_string(),
                role: role.name(),
                game: self.to_string(),
                hint: match code {
                    Some(_) => format!(
                        " (it is a {} of the game)",
                        match role {
                            Role::Guess => "secret",
                            Role::Secret => "guess",
                        }
                    ),
                    None => String::new(),
                },
            }),
        }
    }

    /// Reads a guess.
    pub fn parse_guess(&self, text: &str) -> Result<Code, ParseCodeError> {
        self.parse_code(text, Role::Guess)
    }

    /// Reads a secret.
    pub fn parse_secret(&self, text: &str) -> Result<Code, ParseCodeError> {
        self.parse_code(text, Role::Secret)
    }

    /// True when `code` is a valid code for `role` in this game.
    pub fn is_valid(&self, code: &Code, role: Role) -> bool {
        if let Some(list) = &self.list {
            return match (code.as_index(), role) {
                (Some(i), Role::Guess) => (i as usize) < list.guess_count(),
                (Some(i), Role::Secret) => list.secrets().contains(&i),
                (None, _) => false,
            };
        }
        let distinct = match role {
            Role::Guess => self.distinct_guess,
            Role::Secret => self.distinct_secret,
        };
        code.len() == self.pegs as usize
            && code.pegs().iter().all(|&p| p < self.colors)
            && (!distinct || code.is_distinct())
    }

    /// A guess of this game to show in messages: the first symbols in turn (`0123`, or `0101`
    /// with two colours), valid for every game, since games without repeated symbols have at
    /// least as many colours as pegs.
    ///
    /// ```
    /// use codebreak_core::{Game, GameSpec};
    /// let game = Game::new(&GameSpec { alphabet: Some("RGB".into()), ..GameSpec::mastermind(5, 3) }).unwrap();
    /// assert_eq!(game.format_code(&game.example_guess()), "RGBRG");
    /// ```
    pub fn example_guess(&self) -> Code {
        if self.list.is_some() {
            return Code::from_index(0);
        }
        let pegs: Vec<u8> = (0..self.pegs).map(|i| i % self.colors).collect();
        Code::from_pegs(&pegs).expect("at most MAX_PEGS pegs")
    }

    /// Writes a code with the game's alphabet.
    pub fn format_code(&self, code: &Code) -> String {
        if let Some(list) = &self.list {
            return code
                .as_index()
                .and_then(|i| list.codes().get(i as usize))
                .map(str::to_string)
                .unwrap_or_else(|| format!("{code:?}"));
        }
        code.display(&self.alphabet).to_string()
    }

    /// The reply to `guess` when the secret is `secret` (both valid codes of this game).
    pub fn score(&self, secret: &Code, guess: &Code) -> Feedback {
        crate::dispatch_rules!(&self.rules, r => r.score(r.pack(secret), r.pack(guess)))
    }

    /// The winning reply.
    pub fn win(&self) -> Feedback {
        self.feedback.win()
    }

    /// Writes a reply in the game's notation (`1B2W`, `1A2B`, `2B`, `low`).
    pub fn format_feedback(&self, fb: Feedback) -> String {
        self.feedback.format(fb)
    }

    /// Reads a reply in any of the accepted notations (see [`FeedbackKind::parse`]).
    pub fn parse_feedback(&self, text: &str) -> Result<Feedback, ParseFeedbackError> {
        self.feedback.parse(text)
    }

    /// The meaning of a reply.
    pub fn reply(&self, fb: Feedback) -> Reply {
        self.feedback.decode(fb)
    }

    /// Whether the alphabet was chosen by the user (rather than the default).
    pub fn has_custom_alphabet(&self) -> bool {
        self.custom_alphabet
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(list) = &self.list {
            match self.kind {
                GameKind::Wordle => f.write_str("wordle")?,
                _ => f.write_str(list.name())?,
            }
            if list.hard() {
                f.write_str(", hard mode")?;
            }
            return Ok(());
        }
        match self.kind {
            GameKind::TwoD => write!(f, "twod {0}x{0}", self.colors)?,
            GameKind::Bulls => write!(f, "bulls {} of {}", self.pegs, self.colors)?,
            k => {
                use crate::error::plural;
                write!(
                    f,
                    "{} {} peg{} {} colour{}",
                    k.name(),
                    self.pegs,
                    plural(self.pegs.into()),
                    self.colors,
                    plural(self.colors.into())
                )?;
                if self.distinct_secret {
                    f.write_str(", distinct secrets")?;
                }
                if self.distinct_guess {
                    f.write_str(", distinct guesses")?;
                }
            }
        }
        if self.order == Order::Swap {
            f.write_str(", swap order")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(kind: GameKind) -> GameSpec {
        GameSpec {
            kind,
            ..GameSpec::default()
        }
    }

    #[test]
    fn nonsense_specs_are_refused() {
        let cases: Vec<GameSpec> = vec![
            GameSpec::mastermind(0, 6),
            GameSpec::mastermind(17, 6),
            GameSpec::mastermind(4, 0),
            GameSpec::mastermind(4, 65),
            GameSpec::mastermind(4, 40),
            GameSpec::bulls(5, 4),
            GameSpec {
                distinct_guess: true,
                ..GameSpec::mastermind(4, 6)
            },
            GameSpec {
                order: Order::Swap,
                ..GameSpec::mastermind(4, 6)
            },
            GameSpec {
                alphabet: Some("12345".into()),
                ..GameSpec::mastermind(4, 6)
            },
            GameSpec {
                alphabet: Some("112345".into()),
                ..GameSpec::mastermind(4, 6)
            },
            GameSpec {
                pegs: Some(3),
                ..spec(GameKind::TwoD)
            },
            GameSpec {
                size: Some(3),
                ..spec(GameKind::Mastermind)
            },
            GameSpec {
                size: Some(0),
                ..spec(GameKind::TwoD)
            },
        ];
        for s in cases {
            assert!(Game::new(&s).is_err(), "{s:?} should be refused");
        }
    }

    #[test]
    fn alphabet_sets_colours() {
        let g = Game::new(&GameSpec {
            alphabet: Some("RGBYOPWK".into()),
            ..GameSpec::default()
        })
        .unwrap();
        assert_eq!(g.colors(), 8);
        assert_eq!(g.format_code(&g.parse_guess("rgbk").unwrap()), "RGBK");
    }

    #[test]
    fn code_errors_name_the_problem() {
        let g = Game::new(&spec(GameKind::Bulls)).unwrap();
        let e = g.parse_guess("1123").unwrap_err().to_string();
        assert!(e.contains("1123") && e.contains("repeats"), "{e}");
        let e = g.parse_guess("12a4").unwrap_err().to_string();
        assert!(e.contains("'a'"), "{e}");
        let e = g.parse_guess("123").unwrap_err().to_string();
        assert!(e.contains("expected 4"), "{e}");
    }

    #[test]
    fn counts() {
        assert_eq!(
            Game::new(&spec(GameKind::Bulls))
                .unwrap()
                .count(Role::Guess),
            5040
        );
        assert_eq!(
            Game::new(&GameSpec::mastermind(5, 8))
                .unwrap()
                .count(Role::Secret),
            32768
        );
        let big = Game::new(&GameSpec::mastermind(16, 30)).unwrap();
        assert!(big.space().is_err());
    }

    #[test]
    fn twod_scores() {
        let g = Game::new(&spec(GameKind::TwoD)).unwrap();
        let s = g.parse_secret("23").unwrap();
        let f = |t: &str| g.format_feedback(g.score(&s, &g.parse_guess(t).unwrap()));
        assert_eq!(f("23"), "hit");
        assert_eq!(f("13"), "low");
        assert_eq!(f("34"), "high");
        assert_eq!(f("14"), "mixed");
    }
}
