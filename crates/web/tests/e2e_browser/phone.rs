//! The page on a phone, 400 pixels wide, on every tab; then leaving the page, which ends its
//! sessions and its job on the server.

use std::time::Duration;

use fantoccini::Client;

use crate::page::{
    click, fits_the_width, js, screenshot, session, set_number, status_of, text, wait_js,
};

/// A phone, 400 pixels wide: nothing may be wider than the window, on any tab.
pub async fn on_a_phone(c: &Client) {
    c.set_window_size(400, 900).await.unwrap();
    // The analysis, its long "Tree of" choice included.
    c.execute(
        "document.getElementById('tree-strategy').options[0].textContent = 'optimal (fewest guesses in all, then smallest worst case, pool all, and a long tail)';",
        vec![],
    )
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    fits_the_width(c, "the analysis").await;
    screenshot(c, "7-phone-analysis").await;
    // Mastermind with 8 pegs: the board, the holes, the answer and its text.
    set_number(c, "#game-pegs", 8).await;
    set_number(c, "#game-colors", 4).await;
    wait_js(c, "return document.getElementById('game-info').textContent.includes('mastermind 8 pegs 4 colours')", "the 8-peg game").await;
    assert_eq!(
        js(
            c,
            "return document.getElementById('panel-play').dataset.session"
        )
        .await,
        "",
        "no game is started while the Play tab is not shown"
    );
    click(c, "#tab-play").await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-slots .peg').length === 8",
        "an 8-peg game",
    )
    .await;
    for symbol in "01230123".chars() {
        click(c, &format!("#play-palette .peg[data-symbol=\"{symbol}\"]")).await;
    }
    click(c, "#play-submit").await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 1",
        "the answer",
    )
    .await;
    fits_the_width(c, "an 8-peg game").await;
    let note = js(c, "const n = document.querySelector('#play-board .row .note'); return getComputedStyle(n).display !== 'none' && n.textContent").await;
    assert!(
        note.as_str().unwrap().contains("left"),
        "the row's note shows: {note}"
    );
    screenshot(c, "8-phone-play").await;
    click(c, "#play-hint").await;
    wait_js(
        c,
        "return document.querySelector('#play-hint-panel tr[data-strategy=minimax]')",
        "a hint",
    )
    .await;
    fits_the_width(c, "a hint on a phone").await;
    // Cracking an 8-peg secret.
    click(c, "#tab-solve").await;
    c.execute(
        "document.getElementById('solve-strategy').value = 'first';",
        vec![],
    )
    .await
    .unwrap();
    click(c, "#solve-new").await;
    wait_js(c, "return document.querySelectorAll('#solve-fb .key').length === 8 && document.querySelector('#solve-board .row.pending')", "an 8-peg guess").await;
    for k in [0, 1, 5] {
        click(c, &format!("#solve-fb .key[data-index=\"{k}\"]")).await;
    }
    click(c, "#solve-fb .key[data-index=\"5\"]").await;
    assert_eq!(text(c, "#solve-fb-text").await, "2B1W");
    fits_the_width(c, "cracking an 8-peg secret").await;
    screenshot(c, "9-phone-solve").await;
    click(c, "#tab-analyze").await;
    fits_the_width(c, "the analysis of another game").await;
    let stale = text(c, "#analyze-notice").await;
    assert!(
        stale.contains("These results are for mastermind 3 pegs 5 colours"),
        "{stale}"
    );
}

/// Leaving the page ends its sessions and its job on the server.
pub async fn leaving_the_page_ends_its_work(c: &Client, url: &str) {
    let play = session(c, "play").await;
    let solve = session(c, "solve").await;
    let job = js(
        c,
        "return new URL(document.getElementById('tree-download').href).pathname.split('/')[3]",
    )
    .await;
    c.goto(url).await.unwrap();
    wait_js(
        c,
        "return document.getElementById('game-info').textContent.includes('codes')",
        "the page again",
    )
    .await;
    for path in [
        format!("/api/play/{play}"),
        format!("/api/solve/{solve}"),
        format!("/api/analyze/{}", job.as_str().unwrap()),
    ] {
        assert_eq!(
            status_of(c, &path).await,
            404,
            "{path} after leaving the page"
        );
    }
}
