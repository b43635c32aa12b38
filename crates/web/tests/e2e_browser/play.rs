//! Playing against the computer's secret: the board follows the game chooser, pegs and holes
//! are buttons (mouse and keyboard), and a whole game is won by clicking, guided by hints.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::Value;

use crate::page::{click, count, js, screenshot, session, set_number, status_of, text, wait_js};

/// Loads the page: the Play tab is selected and plays the chosen game; choosing Mastermind
/// with 3 pegs and 5 colours replaces the unplayed game, whose session ends on the server.
pub async fn the_board_follows_the_chooser(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    assert_eq!(c.title().await.unwrap(), "codebreak");
    wait_js(
        c,
        "return document.getElementById('game-info').textContent.includes('1,296 codes')",
        "the default game",
    )
    .await;

    // The tabs say which is selected; the Play tab starts a game of the chosen kind.
    assert_eq!(
        js(c, "return ['play', 'solve', 'analyze'].map((t) => document.getElementById('tab-' + t).getAttribute('aria-selected')).join()").await,
        "true,false,false"
    );
    let first_session = session(c, "play").await;

    // Choose Mastermind with 3 pegs and 5 colours: the unplayed game follows the chooser, and
    // the one it replaces is ended on the server.
    set_number(c, "#game-pegs", 3).await;
    set_number(c, "#game-colors", 5).await;
    wait_js(c, "return document.getElementById('game-info').textContent.includes('mastermind 3 pegs 5 colours')", "the chosen game").await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-slots .peg').length === 3 && document.querySelectorAll('#play-palette .peg').length === 5",
        "a game of the chosen kind",
    )
    .await;
    assert_eq!(
        status_of(c, &format!("/api/play/{first_session}")).await,
        404
    );
}

/// Pegs and holes are buttons, by mouse and by keyboard; leaving a field unchanged keeps the
/// game; a peg clicked while the chooser changes goes to the new game.
pub async fn pegs_and_holes_are_buttons(c: &Client) {
    // Pegs and holes are buttons: by mouse and by keyboard.
    assert_eq!(
        js(c, "return document.querySelector('#play-palette .peg').tagName + document.querySelector('#play-slots .peg').tagName").await,
        "BUTTONBUTTON"
    );
    let shown = session(c, "play").await;
    click(c, "#play-palette .peg[data-symbol=\"0\"]").await;
    c.find(Locator::Css("#play-palette .peg[data-symbol=\"1\"]"))
        .await
        .unwrap()
        .send_keys("\u{E007}")
        .await
        .unwrap();
    wait_js(
        c,
        "return [...document.querySelectorAll('#play-slots .peg')].map((p) => p.dataset.symbol || '-').join('') === '01-'",
        "two pegs placed, by click and by Enter",
    )
    .await;
    // Leaving a number field without changing it does not restart the game.
    c.find(Locator::Css("#game-pegs"))
        .await
        .unwrap()
        .send_keys("\u{E004}")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(session(c, "play").await, shown, "the same game");
    assert_eq!(
        count(c, "#play-slots .peg:not(.empty)").await,
        2,
        "the pegs stay"
    );
    // A hole is a button that empties it.
    click(c, "#play-slots .peg[data-slot=\"0\"]").await;
    wait_js(
        c,
        "return document.querySelector('#play-slots .peg[data-slot=\"0\"]').classList.contains('empty')",
        "an emptied hole",
    )
    .await;
    click(c, "#play-clear").await;
    // Typing a new peg count and clicking a peg at once: the peg goes to the new game.
    let pegs = c.find(Locator::Css("#game-pegs")).await.unwrap();
    pegs.clear().await.unwrap();
    pegs.send_keys("4").await.unwrap();
    click(c, "#play-palette .peg[data-symbol=\"2\"]").await;
    wait_js(
        c,
        "const s = [...document.querySelectorAll('#play-slots .peg')]; return s.length === 4 && s[0].dataset.symbol === '2' && s[1].classList.contains('empty')",
        "the peg in the first hole of the 4-peg game",
    )
    .await;
    set_number(c, "#game-pegs", 3).await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-slots .peg').length === 3",
        "the 3-peg game again",
    )
    .await;
}

/// Plays a whole game by clicking, guided by the hint panel, to the revealed secret.
pub async fn a_whole_game_by_hints(c: &Client) {
    let replaced = session(c, "play").await;
    click(c, "#play-new").await;
    let started = wait_js(
        c,
        &format!("const s = document.getElementById('panel-play').dataset.session; return s && s !== '{replaced}' && s"),
        "a new session",
    )
    .await;
    assert_ne!(started.as_str().unwrap(), replaced);
    assert_eq!(
        status_of(c, &format!("/api/play/{replaced}")).await,
        404,
        "New game ends the game it replaces"
    );
    wait_js(
        c,
        "return document.getElementById('play-attempts').textContent === 'Attempt 1 of 10'",
        "a new game",
    )
    .await;
    assert_eq!(
        count(c, "#play-palette .peg").await,
        5,
        "one peg per colour"
    );
    for turn in 0..10 {
        if a_turn_by_the_hint(c, turn).await {
            break;
        }
    }
    let summary = text(c, "#play-summary").await;
    assert!(
        summary.starts_with("You broke the code: the secret was "),
        "{summary}"
    );
    let secret = wait_js(
        c,
        "return document.querySelector('#play-secret .pegs').dataset.code",
        "the revealed secret",
    )
    .await;
    let last = wait_js(c, "const r = document.querySelectorAll('#play-board .row .pegs'); return r[r.length - 1].dataset.code", "the last guess").await;
    assert_eq!(secret, last, "the winning guess is the secret");
    assert!(summary.contains(secret.as_str().unwrap()));
    let counter = text(c, "#play-attempts").await;
    assert!(counter.starts_with("Game over"), "{counter}");
    screenshot(c, "2-play-won").await;
}

/// Asks for a hint and plays its minimax guess by clicking; true when that ends the game.
/// The first hint (turn 0) is checked in full.
async fn a_turn_by_the_hint(c: &Client, turn: usize) -> bool {
    click(c, "#play-hint").await;
    let rows = count(c, "#play-board .row").await;
    wait_js(
        c,
        &format!("const p = document.getElementById('play-hint-panel'); return p.dataset.moves === '{rows}' && p.querySelector('tr[data-strategy=minimax]')"),
        "a hint",
    )
    .await;
    let hint = text(c, "#play-hint-panel h2").await;
    assert!(hint.contains("still possible"), "{hint}");
    if turn == 0 {
        assert!(hint.contains("125 secrets still possible"), "{hint}");
        let strategies = count(c, "#play-hint-panel tr[data-strategy]").await;
        assert_eq!(strategies, 7, "every strategy suggests a guess");
        let why = text(c, "#play-hint-panel tr[data-strategy=minimax]").await;
        assert!(
            why.contains("at most"),
            "minimax explains its worst case: {why}"
        );
        let fits = js(c, "const w = document.querySelector('#play-hint-panel .table-wrap'); return w.scrollWidth <= w.clientWidth").await;
        assert_eq!(fits, Value::Bool(true), "the hint table fits its card");
        screenshot(c, "1-play-hint").await;
    }
    let guess = wait_js(
        c,
        "return document.querySelector('#play-hint-panel tr[data-strategy=minimax] .pegs').dataset.code",
        "the suggested guess",
    )
    .await;
    for symbol in guess.as_str().unwrap().chars() {
        click(c, &format!("#play-palette .peg[data-symbol=\"{symbol}\"]")).await;
    }
    click(c, "#play-submit").await;
    wait_js(
        c,
        &format!(
            "return document.querySelectorAll('#play-board .row').length === {}",
            turn + 1
        ),
        "the answer to the guess",
    )
    .await;
    let row = text(c, &format!("#play-board .row:nth-child({})", turn + 1)).await;
    assert!(
        row.contains('B') && row.contains('W'),
        "each answer appears beside its guess: {row}"
    );
    let over = c
        .execute(
            "return !document.getElementById('play-result').classList.contains('hidden')",
            vec![],
        )
        .await
        .unwrap();
    over == Value::Bool(true)
}

/// A finished game does not stay on the board when the chooser changes.
pub async fn a_finished_game_follows_the_chooser(c: &Client) {
    set_number(c, "#game-colors", 6).await;
    wait_js(
        c,
        "return document.getElementById('play-attempts').textContent === 'Attempt 1 of 10' && document.querySelectorAll('#play-board .row').length === 0 && document.querySelectorAll('#play-palette .peg').length === 6",
        "a new game of the chosen kind after a finished one",
    )
    .await;
    set_number(c, "#game-colors", 5).await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-palette .peg').length === 5",
        "the 5-colour game again",
    )
    .await;
}
