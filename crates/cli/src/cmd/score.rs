//! `codebreak score SECRET GUESS`.

use clap::Args;
use codebreak_core::Reply;
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
    if let Some(game) = crate::cmd::huge::route(&a.game)? {
        return crate::cmd::huge::score(&a, game);
    }
    let game = a.game.game()?;
    let secret = game.parse_secret(&a.secret).bad_input()?;
    let guess = game.parse_guess(&a.guess).bad_input()?;
    let fb = game.score(&secret, &guess);
    if a.json {
        let v = match game.reply(fb) {
            Reply::Pegs { black, white } => json!({ "black": black, "white": white }),
            Reply::Black(black) => json!({ "black": black }),
            Reply::TwoD(r) => json!({ "feedback": r }),
            Reply::Listed(_) => json!({ "feedback": game.format_feedback(fb) }),
        };
        println!("{v}");
    } else {
        println!("{}", game.format_feedback(fb));
    }
    Ok(())
}
