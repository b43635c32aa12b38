//! `codebreak score SECRET GUESS`.

use clap::Args;
use codebreak_core::GameKind;
use serde_json::json;

use crate::args::GameArgs;
use crate::failure::{BadInput, Failure};

pub const EXAMPLES: &str = "\
Examples:
  codebreak score 1234 1325                     # 1B2W
  codebreak score --game bulls 4271 1234        # 1A2B
  codebreak score --alphabet RGBYOP RRGB GRBY --json";

/// Arguments of `score`.
#[derive(Args, Debug)]
pub struct ScoreArgs {
    /// The hidden code.
    pub secret: String,
    /// The guess to score.
    pub guess: String,
    #[command(flatten)]
    pub game: GameArgs,
    /// Print {"black":B,"white":W} instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: ScoreArgs) -> Result<(), Failure> {
    let game = a.game.any_game()?;
    let r = game.score_report(&a.secret, &a.guess).bad_input()?;
    if a.json {
        let v = match (r.black, r.white) {
            (Some(black), _) if game.spec().kind == GameKind::BlackPeg => json!({ "black": black }),
            (Some(black), Some(white)) => json!({ "black": black, "white": white }),
            _ => json!({ "feedback": r.text }),
        };
        println!("{v}");
    } else {
        println!("{}", r.text);
    }
    Ok(())
}
