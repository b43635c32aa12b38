//! The Assistant: a game played elsewhere entered row by row — a Mastermind position with its
//! secrets, suggestions and exact best move, a row edited and one deleted, a contradiction
//! diagnosed and fixed in one click, the rows reopened from the address — then a Wordle game
//! entered with its tiles, to the end, and reviewed.

use codebreak_core::{Game, GameSpec, wordle};
use fantoccini::{Client, Locator};

use crate::lists::choose;
use crate::page::{click, count, fits_the_width, js, screenshot, text, wait_js};

/// Enters a row: the guess typed, the reply chosen among the game's replies.
async fn add_row(c: &Client, guess: &str, reply: &str) {
    let rows = count(c, "#assist-board .row").await;
    let field = c.find(Locator::Css("#assist-guess")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(guess).await.unwrap();
    click(
        c,
        &format!("#assist-fb button.reply[data-reply=\"{reply}\"]"),
    )
    .await;
    assert_eq!(text(c, "#assist-fb-text").await, reply);
    click(c, "#assist-add").await;
    wait_js(
        c,
        &format!(
            "return document.querySelectorAll('#assist-board .row').length === {}",
            rows + 1
        ),
        "the new row",
    )
    .await;
}

/// The count of secrets that give every reply of `rows` (guess, reply).
fn remaining(game: &Game, rows: &[(&str, &str)]) -> usize {
    let space = game.space().unwrap();
    let moves: Vec<_> = rows
        .iter()
        .map(|(g, r)| {
            (
                game.parse_guess(g).unwrap(),
                game.parse_feedback(r).unwrap(),
            )
        })
        .collect();
    (0..space.len() as u32)
        .map(|i| space.code(i))
        .filter(|s| moves.iter().all(|(g, f)| game.score(s, g) == *f))
        .count()
}

/// Waits until the Assistant says how many secrets are left, and returns what it says.
async fn status_after(c: &Client, want: &str) -> String {
    wait_js(
        c,
        &format!("return document.getElementById('assist-status').textContent.includes({want:?}) && document.getElementById('assist-status').textContent"),
        want,
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

/// A Mastermind game played elsewhere: rows entered, edited, deleted; a contradiction fixed;
/// the rows reopened by the address.
pub async fn a_mastermind_position(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    wait_js(c, "return document.body.dataset.ready", "the page").await;
    click(c, "#tab-assist").await;
    let game = Game::new(&GameSpec::mastermind(4, 6)).unwrap();
    wait_js(c, "return document.querySelectorAll('#assist-fb button.reply').length === 14 && document.querySelectorAll('#assist-palette .peg').length === 6", "the replies and the colours").await;

    // A guess clicked on the palette, its reply chosen.
    for s in ["0", "0", "1", "1"] {
        click(c, &format!("#assist-palette .peg[data-symbol=\"{s}\"]")).await;
    }
    assert_eq!(
        js(c, "return document.getElementById('assist-guess').value").await,
        "0011"
    );
    click(c, "#assist-fb button.reply[data-reply=\"1B1W\"]").await;
    click(c, "#assist-add").await;
    let n = remaining(&game, &[("0011", "1B1W")]);
    status_after(c, &format!("{n} secrets still possible")).await;
    // Many secrets: a count (not a list), each strategy's guess and why, and the exact best
    // move (208 secrets are few enough to search).
    wait_js(
        c,
        "return document.querySelectorAll('#assist-hint tr[data-strategy]').length >= 4",
        "the suggestions",
    )
    .await;
    assert_eq!(count(c, "#assist-hint .candidates").await, 0);
    wait_js(
        c,
        "return document.getElementById('assist-best').dataset.guess",
        "the exact best move",
    )
    .await;

    // A second row: few secrets, all listed, and the exact best move.
    add_row(c, "1223", "0B2W").await;
    let n = remaining(&game, &[("0011", "1B1W"), ("1223", "0B2W")]);
    status_after(c, &format!("{n} secret")).await;
    wait_js(
        c,
        "return document.getElementById('assist-best').dataset.guess",
        "the exact best move",
    )
    .await;
    assert!(text(c, "#assist-best").await.contains("guesses expected"));
    if n <= 20 {
        wait_js(
            c,
            &format!(
                "return document.querySelectorAll('#assist-hint .candidates .pegs').length === {n}"
            ),
            "every secret left",
        )
        .await;
    }
    screenshot(c, "assist-1-mastermind").await;

    // Row 2 edited: its reply changed.
    click(c, "#assist-board .row[data-row=\"2\"] button.edit").await;
    assert_eq!(
        js(c, "return document.getElementById('assist-guess').value").await,
        "1223"
    );
    assert_eq!(text(c, "#assist-add").await, "Save row 2");
    click(c, "#assist-fb button.reply[data-reply=\"0B1W\"]").await;
    click(c, "#assist-add").await;
    wait_js(c, "return document.querySelector('#assist-board .row[data-row=\"2\"] .fb-text').textContent === '0B1W'", "the edited row").await;
    let n = remaining(&game, &[("0011", "1B1W"), ("1223", "0B1W")]);
    status_after(c, &format!("{n} secret")).await;

    // A row deleted.
    click(c, "#assist-board .row[data-row=\"2\"] button.delete").await;
    wait_js(
        c,
        "return document.querySelectorAll('#assist-board .row').length === 1",
        "one row left",
    )
    .await;
    let n = remaining(&game, &[("0011", "1B1W")]);
    status_after(c, &format!("{n} secrets still possible")).await;

    // A contradiction: the same guess with another reply. Diagnosed, and fixed in a click.
    add_row(c, "0011", "0B0W").await;
    wait_js(c, "return !document.getElementById('assist-warning').classList.contains('hidden') && document.querySelectorAll('#assist-warning button.fix').length > 0", "the diagnosis").await;
    let said = text(c, "#assist-warning").await;
    assert!(
        said.starts_with("Your replies contradict each other"),
        "{said}"
    );
    assert!(count(c, "#assist-board .row.suspect").await >= 1);
    screenshot(c, "assist-2-contradiction").await;
    let fix = js(c, "const b = document.querySelector('#assist-warning button.fix'); return [Number(b.dataset.answer), b.dataset.reply]").await;
    let (row, reply) = (
        fix[0].as_u64().unwrap(),
        fix[1].as_str().unwrap().to_string(),
    );
    click(c, "#assist-warning button.fix").await;
    wait_js(
        c,
        "return document.getElementById('assist-warning').classList.contains('hidden')",
        "the contradiction gone",
    )
    .await;
    assert_eq!(
        text(
            c,
            &format!("#assist-board .row[data-row=\"{row}\"] .fb-text")
        )
        .await,
        reply
    );
    status_after(c, "still possible").await;

    // The address holds the rows: a reload reopens them.
    let search = js(c, "return location.search").await;
    assert!(search.as_str().unwrap().contains("assist="), "{search}");
    c.refresh().await.unwrap();
    wait_js(c, "return document.body.dataset.ready", "the page again").await;
    wait_js(c, "return document.querySelectorAll('#assist-board .row').length === 2 && !document.getElementById('panel-assist').classList.contains('hidden')", "the rows reopened").await;
    status_after(c, "still possible").await;
}

/// A Wordle game played elsewhere, its replies given by clicking tiles, to the end; then
/// reviewed.
pub async fn a_wordle_game(c: &Client) {
    choose(c, "wordle", "wordle").await;
    wait_js(c, "return document.querySelectorAll('#assist-board .row').length === 0 && document.getElementById('assist-note').textContent.includes('cleared')", "the rows cleared for Wordle").await;
    let secret = *b"crane";
    for word in ["salet", "crony", "crane"] {
        let rows = count(c, "#assist-board .row").await;
        let field = c.find(Locator::Css("#assist-guess")).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(word).await.unwrap();
        let reply =
            wordle::format_reply(wordle::score(word.as_bytes().try_into().unwrap(), &secret));
        for (k, r) in reply.chars().enumerate() {
            let clicks = match r {
                'Y' => 1,
                'G' => 2,
                _ => 0,
            };
            for _ in 0..clicks {
                click(c, &format!("#assist-fb .tile[data-index=\"{k}\"]")).await;
            }
        }
        assert_eq!(text(c, "#assist-fb-text").await, reply);
        click(c, "#assist-add").await;
        wait_js(
            c,
            &format!(
                "return document.querySelectorAll('#assist-board .row').length === {}",
                rows + 1
            ),
            "the row",
        )
        .await;
        if word != "crane" {
            status_after(c, "still possible").await;
            wait_js(
                c,
                "return document.querySelector('#assist-hint tr[data-strategy] .pegs.word')",
                "the suggestions",
            )
            .await;
        }
    }
    assert_eq!(
        count(c, "#assist-board .row:last-child .tile.green").await,
        5
    );
    status_after(c, "Found: the secret is crane").await;
    screenshot(c, "assist-3-wordle").await;
    // The game reviewed from the Assistant.
    wait_js(
        c,
        "return !document.getElementById('assist-review-button').disabled",
        "the review button",
    )
    .await;
    click(c, "#assist-review-button").await;
    wait_js(
        c,
        "return document.querySelectorAll('#assist-review tr[data-move]').length === 3",
        "the review",
    )
    .await;
}

/// On a phone, 400 pixels wide: the Assistant with its review, Wordle's board and keyboard,
/// nothing wider than the window.
pub async fn on_a_phone(c: &Client) {
    c.set_window_size(400, 900).await.unwrap();
    wait_js(c, "return window.innerWidth <= 400", "the narrow window").await;
    fits_the_width(c, "the Assistant").await;
    screenshot(c, "assist-4-phone").await;
    click(c, "#tab-play").await;
    wait_js(c, "return document.querySelectorAll('#play-keyboard .kb-key').length === 28 && document.getElementById('play-keyboard').offsetParent", "Wordle's keyboard").await;
    let field = c.find(Locator::Css("#play-word")).await.unwrap();
    field.send_keys("salet\u{E007}").await.unwrap();
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row .tile').length === 5",
        "the tiles",
    )
    .await;
    fits_the_width(c, "Wordle").await;
    screenshot(c, "assist-5-phone-wordle").await;
    c.set_window_size(1200, 1100).await.unwrap();
}

/// A game file's game in the Assistant (the one loaded just before): its replies as buttons,
/// typed guesses, the secrets left listed.
pub async fn a_game_file_position(c: &Client) {
    click(c, "#tab-assist").await;
    wait_js(
        c,
        "return document.querySelectorAll('#assist-fb button.reply').length === 4 && document.getElementById('assist-palette').classList.contains('hidden')",
        "the game file's replies",
    )
    .await;
    add_row(c, "22", "low").await;
    // Secrets (x, y) with x >= 2 and y >= 2, other than 22.
    status_after(c, "8 secrets still possible").await;
    wait_js(
        c,
        "return document.querySelectorAll('#assist-hint .candidates .pegs.word').length === 8",
        "the 8 secrets listed",
    )
    .await;
    // A code written as text stands out on its chip, in the tables too (light on dark).
    assert_eq!(
        js(
            c,
            "const t = document.querySelector('#assist-hint tr[data-strategy] .pegs.word'); return [getComputedStyle(t.querySelector('.word-text')).color, getComputedStyle(t).backgroundColor]"
        )
        .await,
        serde_json::json!(["rgb(231, 234, 243)", "rgb(43, 49, 66)"])
    );
    wait_js(
        c,
        "return document.getElementById('assist-best').dataset.guess",
        "the exact best move",
    )
    .await;
}
