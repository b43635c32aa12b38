//! Crack my secret: the computer guesses a secret of Mastermind with 3 pegs and 5 colours,
//! the answers are given by clicking the answer pegs, and a contradiction is caught.

use codebreak_core::{AnyEngine, Feedback, Game, Reply};
use fantoccini::Client;

use crate::page::{click, count, js, screenshot, session, status_of, text, wait_js};

/// The secret the user keeps to themselves.
const MY_SECRET: &str = "324";

/// Gives `fb` with the answer pegs: one click turns a peg black, two make it white.
async fn click_answer(c: &Client, game: &Game, fb: Feedback) {
    let (black, white) = match game.reply(fb) {
        Reply::Pegs { black, white } => (black as usize, white as usize),
        r => panic!("unexpected reply {r:?}"),
    };
    for k in 0..black + white {
        let clicks = if k < black { 1 } else { 2 };
        for _ in 0..clicks {
            click(c, &format!("#solve-fb .key[data-index=\"{k}\"]")).await;
        }
    }
}

/// Crack my secret: the computer guesses, the answers are given by clicking, to the end.
pub async fn crack_my_secret(c: &Client, game: &Game) {
    let my_secret = game.parse_secret(MY_SECRET).unwrap();
    click(c, "#tab-solve").await;
    click(c, "#solve-new").await;
    for _ in 0..10 {
        let pending = wait_js(c, "const p = document.querySelector('#solve-board .row.pending .pegs'); return p && p.dataset.code", "the computer's guess").await;
        let guess = game.parse_guess(pending.as_str().unwrap()).unwrap();
        // Counts are said in good grammar.
        let fits = text(c, "#solve-remaining").await;
        assert!(
            fits == "1 secret fits your answers"
                || (fits.ends_with(" secrets fit your answers") && !fits.starts_with("1 ")),
            "{fits}"
        );
        let fb = game.score(&my_secret, &guess);
        click_answer(c, game, fb).await;
        let shown = text(c, "#solve-fb-text").await;
        assert_eq!(shown, game.format_feedback(fb));
        let answered = count(c, "#solve-board .row:not(.pending)").await;
        click(c, "#solve-submit").await;
        wait_js(
            c,
            &format!(
                "return document.querySelectorAll('#solve-board .row:not(.pending)').length === {}",
                answered + 1
            ),
            "the next guess",
        )
        .await;
        if text(c, "#solve-status").await.starts_with("Solved") {
            break;
        }
    }
    let solved = text(c, "#solve-summary").await;
    assert!(solved.contains("Your secret is 324"), "{solved}");
    // A solved game is reviewed, move by move.
    let moves = count(c, "#solve-board .row").await;
    wait_js(
        c,
        &format!("return document.getElementById('solve-review').dataset.moves === '{moves}'"),
        "the review of the solve",
    )
    .await;
    assert_eq!(count(c, "#solve-review tr[data-move]").await, moves);
    screenshot(c, "3-solve-solved").await;

    assert_eq!(
        js(c, "return document.querySelector('#solve-fb .key').tagName").await,
        "BUTTON",
        "answer pegs are buttons"
    );
}

/// A contradiction: the first guess answered truly, the second impossibly; the page says
/// so and marks the suspect answers.
pub async fn a_contradiction(c: &Client, game: &Game, engine: &AnyEngine) {
    let my_secret = game.parse_secret(MY_SECRET).unwrap();
    let solved_session = session(c, "solve").await;
    click(c, "#solve-new").await;
    let first = wait_js(c, "const p = document.querySelector('#solve-board .row.pending .pegs'); return document.querySelectorAll('#solve-board .row').length === 1 && p && p.dataset.code", "a fresh game").await;
    let first = game.parse_guess(first.as_str().unwrap()).unwrap();
    assert_eq!(
        status_of(c, &format!("/api/solve/{solved_session}")).await,
        404,
        "Start ends the solve it replaces"
    );
    let fb1 = game.score(&my_secret, &first);
    click_answer(c, game, fb1).await;
    click(c, "#solve-submit").await;
    let second = wait_js(c, "const p = document.querySelector('#solve-board .row.pending .pegs'); return document.querySelectorAll('#solve-board .row').length === 2 && p && p.dataset.code", "the second guess").await;
    let second = game.parse_guess(second.as_str().unwrap()).unwrap();
    let space = engine.space();
    let impossible = game
        .feedback()
        .all()
        .filter(|f| game.feedback().is_possible(*f))
        .find(|f| {
            !space.secrets().iter().any(|&s| {
                let s = space.code(s);
                game.score(&s, &first) == fb1 && game.score(&s, &second) == *f
            })
        })
        .expect("some reply contradicts the first");
    click_answer(c, game, impossible).await;
    click(c, "#solve-submit").await;
    wait_js(
        c,
        "return !document.getElementById('solve-warning').classList.contains('hidden')",
        "the contradiction warning",
    )
    .await;
    let warning = text(c, "#solve-warning").await;
    assert!(warning.contains("contradict"), "{warning}");
    assert!(
        warning.contains("answer"),
        "it says which answers: {warning}"
    );
    assert!(
        count(c, "#solve-board .row.suspect").await >= 1,
        "suspect answers are marked"
    );
    // The one-click fixes: the nearest to what was typed first.
    let distances = js(
        c,
        "return [...document.querySelectorAll('#solve-warning .fix')].map((b) => Number(b.dataset.distance))",
    )
    .await;
    let distances: Vec<u64> = distances
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    assert!(!distances.is_empty(), "fixes are offered");
    assert!(
        distances.windows(2).all(|w| w[0] <= w[1]),
        "nearest first: {distances:?}"
    );
    let likeliest = text(c, "#solve-warning .likeliest").await;
    let first_fix = js(
        c,
        "return document.querySelector('#solve-warning .fix').dataset.reply",
    )
    .await;
    // The answers whose fixes are as near as the nearest: one is named as the likeliest
    // mistake; several are said as a tie.
    let nearest = js(
        c,
        "const f = [...document.querySelectorAll('#solve-warning .fix')]; const d = Number(f[0].dataset.distance); return [...new Set(f.filter((b) => Number(b.dataset.distance) === d).map((b) => b.dataset.answer))].length",
    )
    .await;
    if nearest == 1 {
        assert!(
            likeliest.contains(first_fix.as_str().unwrap()),
            "the likeliest answer is said first: {likeliest}"
        );
    } else {
        assert!(
            likeliest.starts_with("As likely as each other: answer "),
            "a tie is said as one: {likeliest}"
        );
    }
    screenshot(c, "4-solve-contradiction").await;
}
