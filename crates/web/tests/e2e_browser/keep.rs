//! Keep and share: the address reopens a position (a game in progress, a solve's answers,
//! the analysis settings), a reload and the bare address go on where the page was, a finished
//! game is reviewed and has a result line to copy, the figures download as SVG, PNG and CSV.

use fantoccini::Client;
use serde_json::{Value, json};

use crate::page::{click, count, js, screenshot, set_number, text, wait_js};

/// The board's guesses and replies, as text.
async fn board(c: &Client, panel: &str) -> Value {
    js(
        c,
        &format!("return [...document.querySelectorAll('#{panel}-board .row:not(.pending)')].map((r) => r.querySelector('.pegs').dataset.code + ':' + r.querySelector('.fb-text').textContent)"),
    )
    .await
}

async fn ready(c: &Client) {
    wait_js(
        c,
        "return document.body.dataset.ready === 'yes'",
        "the page, restored",
    )
    .await;
}

/// A game in progress is in the address; reloading, following the link and opening the bare
/// address all reopen it, with the same replies (the same secret).
pub async fn a_game_survives_a_reload_and_a_link(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    ready(c).await;
    click(c, "#tab-play").await;
    set_number(c, "#game-pegs", 3).await;
    set_number(c, "#game-colors", 5).await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-palette .peg').length === 5 && document.querySelectorAll('#play-slots .peg').length === 3",
        "MM(3,5)",
    )
    .await;
    for guess in ["011", "234"] {
        for s in guess.chars() {
            click(c, &format!("#play-palette .peg[data-symbol=\"{s}\"]")).await;
        }
        let rows = count(c, "#play-board .row").await;
        click(c, "#play-submit").await;
        wait_js(
            c,
            &format!(
                "return document.querySelectorAll('#play-board .row').length === {}",
                rows + 1
            ),
            "the reply",
        )
        .await;
    }
    let before = board(c, "play").await;
    // The address follows the board once the reply is drawn.
    wait_js(
        c,
        "return /moves=011(%2C|,)234/.test(location.href)",
        "the moves in the address",
    )
    .await;
    let link = c.current_url().await.unwrap().to_string();
    assert!(
        link.contains("moves=011%2C234") || link.contains("moves=011,234"),
        "{link}"
    );
    assert!(!link.contains("secret"), "no secret in the address: {link}");
    // A reload.
    c.refresh().await.unwrap();
    ready(c).await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 2",
        "the game again",
    )
    .await;
    assert_eq!(
        board(c, "play").await,
        before,
        "the same game after a reload"
    );
    assert_eq!(text(c, "#play-attempts").await, "Attempt 3 of 10");
    // The bare address: the position kept in the browser.
    c.goto(url).await.unwrap();
    ready(c).await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 2",
        "the kept game",
    )
    .await;
    assert_eq!(board(c, "play").await, before, "the same game from storage");
    // The link, in a fresh page with nothing kept.
    js(c, "localStorage.clear(); return true").await;
    c.goto(&link).await.unwrap();
    ready(c).await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 2",
        "the linked game",
    )
    .await;
    assert_eq!(
        board(c, "play").await,
        before,
        "the same game from the link"
    );
}

/// Giving up reveals the secret; the review compares each guess with the best and says how
/// skill and luck are worked out; the result line has one line per guess.
pub async fn a_finished_game_is_reviewed_and_shared(c: &Client) {
    click(c, "#play-giveup").await;
    wait_js(
        c,
        "return document.getElementById('play-review').dataset.moves === '2'",
        "the review",
    )
    .await;
    assert_eq!(count(c, "#play-review tr[data-move]").await, 2);
    let row = js(
        c,
        "const r = document.querySelector('#play-review tr[data-move=\"1\"]'); return [r.querySelector('.guess .pegs').dataset.code, r.querySelector('.best .pegs').dataset.code, r.querySelector('.verdict').textContent, r.querySelector('.needed').textContent]",
    )
    .await;
    assert_eq!(row[0], "011");
    assert_eq!(row[1].as_str().unwrap().len(), 3, "{row}");
    assert!(!row[2].as_str().unwrap().is_empty(), "a verdict: {row}");
    assert!(
        row[3].as_str().unwrap().contains(" / "),
        "MM(3,5) is valued exactly: {row}"
    );
    let skill = text(c, "#play-review .review-skill").await;
    assert!(
        skill.starts_with("Skill ") && skill.ends_with("/100"),
        "{skill}"
    );
    assert!(text(c, "#play-review .review-luck").await.contains("bits"));
    let method = text(c, "#play-review .method").await;
    assert!(
        method.contains("Luck is") && method.contains("Skill"),
        "{method}"
    );
    let share = wait_js(
        c,
        "const t = document.getElementById('play-share').textContent; return t.includes('skill') && t",
        "the result line",
    )
    .await;
    let lines: Vec<&str> = share.as_str().unwrap().lines().collect();
    assert_eq!(lines.len(), 3, "a head and a line per guess: {lines:?}");
    assert!(
        lines[0].starts_with("codebreak · mastermind 3 pegs 5 colours · X/10"),
        "{lines:?}"
    );
    screenshot(c, "23-review").await;
    // The address keeps the finished game, so that the game and its review can be shared: a
    // reload shows the same game over, given up, with its review.
    let link = c.current_url().await.unwrap().to_string();
    assert!(
        link.contains("moves=011%2C234") && link.contains("resigned=1"),
        "{link}"
    );
    let secret = js(
        c,
        "return document.querySelector('#play-secret .pegs').dataset.code",
    )
    .await;
    c.refresh().await.unwrap();
    ready(c).await;
    wait_js(
        c,
        "return !document.getElementById('play-result').classList.contains('hidden') && document.getElementById('play-review').dataset.moves === '2'",
        "the finished game and its review again",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#play-secret .pegs').dataset.code"
        )
        .await,
        secret,
        "the same secret after a reload"
    );
    assert!(text(c, "#play-attempts").await.starts_with("Game over"));
}

/// A solve's answers are in the address and given again on a reload; the analysis settings
/// too.
pub async fn solve_and_analysis_settings_reopen(c: &Client) {
    click(c, "#tab-solve").await;
    c.execute("document.getElementById('solve-strategy').value = 'entropy'; document.getElementById('solve-strategy').dispatchEvent(new Event('change'));", vec![]).await.unwrap();
    click(c, "#solve-new").await;
    wait_js(
        c,
        "return document.querySelector('#solve-board .row.pending')",
        "a guess",
    )
    .await;
    click(c, "#solve-fb .key[data-index=\"0\"]").await;
    click(c, "#solve-submit").await;
    wait_js(
        c,
        "return document.querySelectorAll('#solve-board .row:not(.pending)').length === 1",
        "one answer",
    )
    .await;
    let before = board(c, "solve").await;
    click(c, "#tab-analyze").await;
    click(c, "#analyze-strategies input[value=\"most-parts\"]").await;
    c.execute("document.getElementById('analyze-pool').value = 'consistent'; document.getElementById('analyze-pool').dispatchEvent(new Event('change', {bubbles: true}));", vec![]).await.unwrap();
    let link = c.current_url().await.unwrap().to_string();
    assert!(
        link.contains("answers=1B0W") && link.contains("pool=consistent"),
        "{link}"
    );
    c.refresh().await.unwrap();
    ready(c).await;
    assert_eq!(
        js(c, "return [location.hash, document.getElementById('solve-strategy').value, document.querySelector('#analyze-strategies input[value=\"most-parts\"]').checked, document.getElementById('analyze-pool').value]").await,
        json!(["#analyze", "entropy", true, "consistent"])
    );
    assert_eq!(board(c, "solve").await, before, "the answers given again");
}

/// The figures as files: the chart as SVG and PNG, the table as CSV.
pub async fn figures_download(c: &Client) {
    click(c, "#analyze-run").await;
    wait_js(
        c,
        "return document.querySelector('#analysis-table tr[data-strategy=most-parts]') && document.getElementById('chart-png').dataset.ready",
        "the figures and their files",
    )
    .await;
    let files = js(
        c,
        "const d = (id) => decodeURIComponent(document.getElementById(id).href.split(',')[1]); return [d('chart-svg').slice(0, 4), d('table-csv'), document.getElementById('chart-png').href.slice(0, 22), document.getElementById('chart-png').href.length]",
    )
    .await;
    assert_eq!(files[0], "<svg");
    // The chart file has a title: what is charted, for which game.
    let svg = js(
        c,
        "return decodeURIComponent(document.getElementById('chart-svg').href.split(',')[1])",
    )
    .await;
    let game = text(c, "#analysis-game").await;
    assert!(
        svg.as_str()
            .unwrap()
            .contains(&format!("<title>Guesses needed · {game}</title>")),
        "{svg}"
    );
    // Bars grow with their count: more secrets, a taller bar, however few.
    let bars = js(c, "return [...document.querySelectorAll('#analysis-chart rect.bar')].map((r) => [Number(r.querySelector('title').textContent.match(/: ([0-9,]+) secret/)[1].replace(/,/g, '')), Number(r.getAttribute('height'))])").await;
    let bars: Vec<(f64, f64)> = bars
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b[0].as_f64().unwrap(), b[1].as_f64().unwrap()))
        .collect();
    assert!(bars.len() > 2, "{bars:?}");
    for a in &bars {
        for b in &bars {
            if a.0 < b.0 {
                assert!(a.1 < b.1, "{a:?} is not lower than {b:?}");
            }
        }
    }
    let csv = files[1].as_str().unwrap();
    let total = text(c, "#analysis-table tr[data-strategy=most-parts] td.total").await;
    assert!(csv.starts_with("Strategy,Average,Worst,Total,1,"), "{csv}");
    assert!(
        csv.lines()
            .any(|l| l.starts_with("most-parts,") && l.contains(&format!(",{total},"))),
        "{csv}"
    );
    assert_eq!(files[2], "data:image/png;base64,");
    assert!(files[3].as_u64().unwrap() > 2000, "a picture: {files}");
}
