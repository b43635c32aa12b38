//! `first`: play the first code, in the game's order, that could still be the secret.
//!
//! This is the 文曲星 article's `NaivePlayer` (with `--first-guess` set to the first code it
//! plays). It never wastes a guess on a code already ruled out, but makes no attempt to split
//! the candidates well. Source: the 文曲星 "猜数字" article (seed 001); published result for
//! Bulls and Cows in swap order: 28029 guesses over 5040 secrets.

use codebreak_core::Rules;

use crate::{Position, Strategy};

/// The first consistent code.
#[derive(Clone, Copy, Debug, Default)]
pub struct First;

impl Strategy for First {
    fn choose<R: Rules>(&self, pos: &Position<'_, R>) -> u32 {
        pos.candidates.indices()[0]
    }
}
