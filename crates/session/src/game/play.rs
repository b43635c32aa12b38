//! Playing against the computer's secret, on any game: [`Play`].

use crate::error::SessionError;
use crate::game::reasoned::{self, Budget};
use crate::report::{MoveReport, ReplyReport};
use crate::{Game, MakerKind, Outcome, PlayMove, PlaySetup, PlayState, Remaining};

use super::Kind;

/// A game in which a person breaks the computer's secret, listed or too large to list.
///
/// A listed game tracks every secret still possible, so each move and the state carry the
/// exact count; a game too large to list reasons on the moves only when asked
/// ([`Play::remaining`]), so its moves and state leave `remaining` empty (`null` in JSON).
/// Otherwise the two answer alike, with the same [`PlayState`].
///
/// ```
/// use codebreak_core::GameSpec;
/// use codebreak_session::{Game, PlaySetup};
/// let big = Game::new(&GameSpec::mastermind(16, 6)).unwrap();
/// let mut p = big.play(&PlaySetup::default(), Some("0123450123450123")).unwrap();
/// let m = p.guess("0000000000000001").unwrap();
/// assert_eq!(m.played.feedback, "3B1W");
/// assert_eq!(m.remaining, None);
/// assert_eq!(p.state().used, 1);
/// ```
#[derive(Clone, Debug)]
pub struct Play {
    kind: PlayKind,
    game: Game,
}

#[derive(Clone, Debug)]
enum PlayKind {
    Listed(Box<crate::PlaySession>),
    /// The session, and whether each move on the board could have been the secret.
    Reasoned(Box<reasoned::PlaySession>, Vec<bool>),
}

impl Game {
    /// A game against a codemaker set up by `setup`, whose secret is `secret` (read in the
    /// game's symbols) or drawn by the codemaker. A game too large to list has only the
    /// random codemaker.
    pub fn play(&self, setup: &PlaySetup, secret: Option<&str>) -> Result<Play, SessionError> {
        let kind = match &self.0 {
            Kind::Listed(g, engine) => {
                let engine = match engine {
                    Some(e) => std::sync::Arc::clone(e),
                    None => std::sync::Arc::new(codebreak_core::AnyEngine::new(g)?),
                };
                let secret = secret.map(|s| g.parse_secret(s)).transpose()?;
                let maker = crate::Maker::new(&engine, setup.maker, secret, setup.secret_seed)?;
                PlayKind::Listed(Box::new(crate::PlaySession::new(
                    engine,
                    maker,
                    setup.attempts,
                )?))
            }
            Kind::Reasoned(g) => {
                if setup.maker != MakerKind::Random {
                    return Err(SessionError::Setup(format!(
                        "maker {} is not available for games too large to list: expected random",
                        setup.maker.name()
                    )));
                }
                if let Some(n) = setup.attempts {
                    crate::ATTEMPTS.check(u64::from(n))?;
                }
                let secret = secret.map(|s| g.parse_secret(s)).transpose()?;
                PlayKind::Reasoned(
                    Box::new(reasoned::PlaySession::new(
                        g.clone(),
                        secret,
                        setup.secret_seed,
                        setup.attempts.map(|n| n as usize),
                    )),
                    Vec::new(),
                )
            }
        };
        Ok(Play {
            kind,
            game: self.clone(),
        })
    }
}

impl Play {
    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Guesses allowed.
    pub fn attempts(&self) -> usize {
        match &self.kind {
            PlayKind::Listed(s) => s.attempts(),
            PlayKind::Reasoned(s, _) => s.attempts(),
        }
    }

    /// Guesses played (taken-back ones included).
    pub fn used(&self) -> usize {
        match &self.kind {
            PlayKind::Listed(s) => s.used(),
            PlayKind::Reasoned(s, _) => s.used(),
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        match &self.kind {
            PlayKind::Listed(s) => s.is_over(),
            PlayKind::Reasoned(s, _) => s.is_over(),
        }
    }

    /// Plays a guess written in the game's symbols and returns its move.
    pub fn guess(&mut self, text: &str) -> Result<PlayMove, SessionError> {
        match &mut self.kind {
            PlayKind::Listed(s) => s.guess_text(text).cloned(),
            PlayKind::Reasoned(s, fits) => {
                let before = s.clues().to_vec();
                let m = s.guess_text(text)?;
                let game = s.game();
                let guess = game.parse_guess(&m.guess)?;
                let could = before
                    .iter()
                    .all(|c| game.score(&guess, &c.guess) == c.reply);
                fits.push(could);
                Ok(reasoned_move(&m, could))
            }
        }
    }

    /// Takes the last guess off the board (the attempt stays used) and returns it.
    pub fn undo(&mut self) -> Result<String, SessionError> {
        match &mut self.kind {
            PlayKind::Listed(s) => s.undo(),
            PlayKind::Reasoned(s, fits) => {
                let m = s.undo()?;
                fits.pop();
                Ok(m.guess)
            }
        }
    }

    /// Gives up: the game is over and the secret is shown.
    pub fn resign(&mut self) {
        match &mut self.kind {
            PlayKind::Listed(s) => s.resign(),
            PlayKind::Reasoned(s, _) => s.resign(),
        }
    }

    /// The secret, once the game is over.
    pub fn secret(&self) -> Option<String> {
        match &self.kind {
            PlayKind::Listed(s) => s.secret().map(|c| s.engine().game().format_code(&c)),
            PlayKind::Reasoned(s, _) => s.secret(),
        }
    }

    /// How many secrets fit the moves on the board: exact on a listed game; on a game too
    /// large to list counted (or estimated) now, within `budget`.
    pub fn remaining(&self, budget: &Budget) -> Result<Remaining, SessionError> {
        match &self.kind {
            PlayKind::Listed(s) => Ok(s.remaining().into()),
            PlayKind::Reasoned(s, _) => Ok(Remaining::of_count(&s.remaining(budget)?)),
        }
    }

    /// The state, as `play --json` writes it and the web API answers.
    pub fn state(&self) -> PlayState {
        match &self.kind {
            PlayKind::Listed(s) => s.state(),
            PlayKind::Reasoned(s, fits) => {
                let st = s.state();
                let outcome = match (st.over, st.won) {
                    (_, true) => Some(Outcome::Won),
                    (true, false) if st.used >= st.attempts => Some(Outcome::OutOfAttempts),
                    (true, false) => Some(Outcome::GaveUp),
                    (false, false) => None,
                };
                PlayState {
                    game: self.game.spec(),
                    name: st.game,
                    maker: MakerKind::Random,
                    attempts: st.attempts,
                    used: st.used,
                    attempts_left: st.attempts_left,
                    remaining: None,
                    moves: st
                        .moves
                        .iter()
                        .zip(fits)
                        .map(|(m, &could)| reasoned_move(m, could))
                        .collect(),
                    over: st.over,
                    won: st.won,
                    outcome,
                    secret: st.secret,
                    summary: None,
                }
            }
        }
    }
}

/// A move of a game too large to list, in the listed games' shape (no count: it is made
/// only when asked).
fn reasoned_move(m: &reasoned::ReasonedMove, could_be_secret: bool) -> PlayMove {
    PlayMove {
        played: MoveReport {
            guess: m.guess.clone(),
            feedback: m.reply.clone(),
            reply: ReplyReport {
                text: m.reply.clone(),
                black: Some(m.black),
                white: Some(m.white),
            },
        },
        remaining: None,
        could_be_secret,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::{GameKind, GameSpec};

    #[test]
    fn both_kinds_play_through_one_session() {
        let big = Game::new(&GameSpec {
            kind: GameKind::BlackPeg,
            pegs: Some(20),
            colors: Some(10),
            ..GameSpec::default()
        })
        .unwrap();
        let setup = PlaySetup {
            attempts: Some(3),
            ..PlaySetup::default()
        };
        let secret = "01234567890123456789";
        let mut p = big.play(&setup, Some(secret)).unwrap();
        assert_eq!(p.attempts(), 3);
        let m = p.guess("00000000000000000000").unwrap();
        assert_eq!(m.played.feedback, "2");
        assert!(m.could_be_secret);
        // No zero in it, where the first reply says two: it cannot be the secret.
        let m = p.guess("11111111111111111111").unwrap();
        assert!(!m.could_be_secret, "{m:?}");
        assert_eq!(p.undo().unwrap(), "11111111111111111111");
        assert_eq!(p.state().moves.len(), 1);
        let e = p.guess("0123").unwrap_err();
        assert!(e.to_string().contains("expected 20"), "{e}");
        assert_eq!(
            p.remaining(&Budget::default()).unwrap().exact(),
            Some(190 * 9u128.pow(18))
        );
        p.guess(secret).unwrap();
        let st = p.state();
        assert!(st.over && st.won && st.outcome == Some(Outcome::Won));
        assert_eq!(st.secret.as_deref(), Some(secret));
        assert_eq!(st.game.pegs, Some(20));
        // A listed game answers through the same calls, with its counts.
        let small = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
        let mut p = small.play(&PlaySetup::default(), Some("0123")).unwrap();
        let m = p.guess("0011").unwrap();
        assert!(m.remaining.is_some_and(|r| r.exact().is_some()));
        assert_eq!(
            p.state().remaining,
            Some(p.remaining(&Budget::default()).unwrap())
        );
        // The cunning codemaker needs every secret listed.
        let cunning = PlaySetup {
            maker: MakerKind::Adversarial,
            ..PlaySetup::default()
        };
        let e = big.play(&cunning, None).unwrap_err();
        assert!(e.to_string().contains("expected random"), "{e}");
    }
}
