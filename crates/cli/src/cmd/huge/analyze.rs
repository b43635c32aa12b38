//! `analyze --sample N` on a game too large to list: the strategy against N random secrets.

use anyhow::anyhow;
use codebreak_core::Sampling;
use codebreak_session::huge::{self, AnalyzeOptions, HugeGame};

use super::{Runtime, describe, fail, play_options};
use crate::cmd::analyze::AnalyzeArgs;
use crate::failure::Failure;
use crate::interact;

pub fn analyze(a: &AnalyzeArgs, game: HugeGame, rt: &Runtime) -> Result<(), Failure> {
    let refuse = |flag: &str, why: &str| {
        Err(Failure::BadInput(anyhow!(
            "{flag} is not available for games too large to list: {why}"
        )))
    };
    if a.compare.is_some() {
        return refuse("--compare", "expected one --strategy");
    }
    if a.tree.is_some() || a.self_check {
        let flag = if a.tree.is_some() {
            "--tree"
        } else {
            "--self-check"
        };
        return refuse(
            flag,
            "no decision tree is built when the secrets are sampled",
        );
    }
    if a.plot.is_some() {
        return refuse("--plot", "expected --json for the histogram");
    }
    let secrets = match a.strategy_options.sample {
        None | Some(Sampling::Auto) => {
            return Err(Failure::BadInput(anyhow!(
                "{game} has about 10^{:.1} secrets, too many to play each: expected --sample N, the number of random secrets to play ({})",
                game.log10_secrets(),
                huge::SECRETS.span()
            )));
        }
        Some(Sampling::Size(n)) => huge::SECRETS
            .check(u64::from(n))
            .map_err(|e| Failure::BadInput(anyhow!("--sample: {e}")))?
            as usize,
        Some(Sampling::Off) => {
            return Err(Failure::BadInput(anyhow!(
                "--sample off would play every one of about 10^{:.1} secrets: expected a number of random secrets, {}",
                game.log10_secrets(),
                huge::SECRETS.span()
            )));
        }
    };
    let play = play_options(a.strategy, &a.strategy_options, a.fit_sample, true)?;
    let options = AnalyzeOptions {
        secrets,
        seed: a.strategy_options.seed.unwrap_or(0),
        play,
        ..AnalyzeOptions::default()
    };
    let bar = rt.bar(secrets as u64, "playing random secrets");
    let on_game = |done: usize, _: usize| {
        if let Some(b) = &bar {
            b.set_position(done as u64);
        }
    };
    rt.set_busy(true);
    let result = huge::analyze(&game, &options, &rt.budget(), &on_game);
    rt.set_busy(false);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let r = result.map_err(|e| fail(e, a.json))?;
    if a.json {
        interact::emit(&r)?;
        return Ok(());
    }
    let mut out = format!(
        "game      {}\nstrategy  {}\nsecrets   {} drawn uniformly at random (seed {})\n\nguesses  secrets\n",
        describe(&game),
        r.strategy,
        r.secrets,
        r.seed
    );
    for (k, n) in r.histogram.iter().enumerate().skip(1) {
        out.push_str(&format!("{k:>7}  {n:>7}\n"));
    }
    out.push_str(&format!(
        "\naverage   {:.3} guesses, 95% confidence interval {:.2} to {:.2}\nworst     {}\n",
        r.average, r.ci95[0], r.ci95[1], r.worst
    ));
    if r.unfinished > 0 {
        out.push_str(&format!(
            "unfinished {} (not found within {} guesses; left out of the figures)\n",
            r.unfinished, options.max_guesses
        ));
    }
    out.push_str(&format!(
        "time      {:.2} s ({:.3} s per game)\n",
        r.seconds, r.seconds_per_game
    ));
    print!("{out}");
    Ok(())
}
