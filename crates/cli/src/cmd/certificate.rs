//! `codebreak verify --certificate FILE [--tree TREE]`: reads a certificate of optimality and
//! checks every claim with `codebreak_certify` (the rules and the reference scorer only, no
//! search code); with a tree, replays it and checks that the certificate's lower bound meets
//! the tree's figures.

use std::path::Path;
use std::time::Instant;

use codebreak_certify::{CertError, Certificate};
use codebreak_core::Game;
use serde_json::json;

use crate::cmd::verify::{Failed, VerifyArgs, bad, name, replay, tree_file};
use crate::failure::{BadInput, Failure};

/// A root claim in words.
fn root_text(depth: u32, bound: Option<u64>) -> String {
    match bound {
        Some(b) => {
            format!("no strategy within {depth} guesses takes fewer than {b} guesses in all")
        }
        None => format!("no strategy finds every secret within {depth} guesses"),
    }
}

pub(crate) fn check(a: &VerifyArgs, path: &Path) -> Result<(), Failed> {
    let o = &a.options;
    let file = std::fs::File::open(path).map_err(|e| {
        Failure::BadInput(anyhow::anyhow!(
            "cannot read certificate {}: {e}",
            path.display()
        ))
    })?;
    let cert = Certificate::read(std::io::BufReader::new(file)).map_err(|e| bad(path, e))?;
    // A certificate names its game; a game file must be given, as it is named by its
    // fingerprint only. Game flags given must name the certificate's game (the checker
    // refuses another, naming both).
    let game = if o.game.given() {
        o.game.game()?
    } else {
        Game::new(&cert.header.game)
            .bad_input()
            .map_err(|f| bad(path, f.message()))?
    };
    let start = Instant::now();
    let report = codebreak_certify::check(&game, &cert).map_err(|e| match e {
        e @ CertError::Claim { .. } => Failure::NoAnswer(anyhow::anyhow!("{}: {e}", name(path))),
        e => bad(path, e),
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let tree = match tree_file(a) {
        None => None,
        Some(t) if report.history.is_some() => {
            return Err(bad(
                t,
                "the certificate is about a position after some moves, and a tree is replayed from the start of the game: expected no --tree",
            )
            .into());
        }
        Some(t) => {
            let (r, tree_game, root, _) = replay(a, t)?;
            if tree_game.spec() != game.spec() {
                return Err(bad(
                    t,
                    format!("the tree is for {tree_game}, the certificate for {game}"),
                )
                .into());
            }
            let opener = game.format_code(&root.guess);
            if let Some(g) = report.first_guess.as_ref().filter(|&g| *g != opener) {
                return Err(Failure::NoAnswer(anyhow::anyhow!(
                    "{}: not proved optimal: the tree opens with {opener}, the certificate is about the strategies that open with {g}",
                    name(t)
                ))
                .into());
            }
            let verdict = report
                .meets(r.total, r.worst as u32)
                .map_err(|e| Failure::NoAnswer(anyhow::anyhow!("{}: {e}", name(t))))?;
            Some((t, r, verdict))
        }
    };
    if o.json {
        let mut v = json!({
            "game": game.spec(),
            "certificate": report,
            "seconds": seconds,
        });
        if let Some((_, r, verdict)) = &tree {
            v["tree"] = json!({"secrets": r.secrets, "total": r.total, "worst": r.worst});
            v["optimal"] = json!(verdict);
        }
        println!("{v}");
        return Ok(());
    }
    let mut out = format!(
        "game         {game}\ncertificate  {} ({} claims, {} checked in {seconds:.2} s)\n",
        name(path),
        report.claims,
        report.checked
    );
    if let Some(h) = &report.history {
        out.push_str(&format!("position     after {h}\n"));
    }
    if let Some(g) = &report.first_guess {
        out.push_str(&format!("strategies   those that play {g} next\n"));
    }
    for &(depth, bound) in &report.roots {
        out.push_str(&format!("proved       {}\n", root_text(depth, bound)));
    }
    if let Some((t, r, verdict)) = &tree {
        out.push_str(&format!(
            "tree         {}: {} guesses over {} secrets, worst {}\noptimal: proved ({verdict})\n",
            name(t),
            r.total,
            r.secrets,
            r.worst
        ));
    }
    print!("{out}");
    Ok(())
}
