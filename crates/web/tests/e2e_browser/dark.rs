//! Dark mode: a browser on a dark system gets the dark colours, and at 1280 and 400 pixels
//! wide no tab is wider than the window, with a game on the board, a hint, a row in the
//! Assistant and an analysis on the page.

use fantoccini::Client;

use crate::page::{click, fits_the_width, js, screenshot, wait_js};

/// The mean of the red, green and blue of a CSS colour the page computes.
async fn brightness(c: &Client, script: &str) -> f64 {
    let v = js(
        c,
        &format!(
            "const m = ({script}).match(/[0-9.]+/g).map(Number); return (m[0] + m[1] + m[2]) / 3"
        ),
    )
    .await;
    v.as_f64().unwrap()
}

/// Every tab in the dark, wide and narrow.
pub async fn every_tab_fits_in_the_dark(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    wait_js(c, "return document.body.dataset.ready", "the page").await;
    wait_js(
        c,
        "return matchMedia('(prefers-color-scheme: dark)').matches",
        "a browser on a dark system",
    )
    .await;
    let page = brightness(c, "getComputedStyle(document.body).backgroundColor").await;
    let ink = brightness(c, "getComputedStyle(document.body).color").await;
    assert!(
        page < 80.0 && ink > 170.0,
        "dark mode: light text ({ink}) on a dark page ({page})"
    );

    // Something on every tab: a guess and a hint, a row in the Assistant, an analysis.
    wait_js(
        c,
        "return document.querySelectorAll('#play-palette .peg').length > 0",
        "the palette",
    )
    .await;
    for s in ["0", "0", "1", "1"] {
        click(c, &format!("#play-palette .peg[data-symbol=\"{s}\"]")).await;
    }
    click(c, "#play-submit").await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 1",
        "the reply",
    )
    .await;
    click(c, "#tab-assist").await;
    wait_js(
        c,
        "return document.querySelectorAll('#assist-fb button.reply').length > 0",
        "the Assistant's replies",
    )
    .await;
    for s in ["0", "0", "1", "1"] {
        click(c, &format!("#assist-palette .peg[data-symbol=\"{s}\"]")).await;
    }
    click(c, "#assist-fb button.reply[data-reply=\"1B1W\"]").await;
    click(c, "#assist-add").await;
    wait_js(
        c,
        "return document.getElementById('panel-assist').textContent.includes('still possible')",
        "the Assistant's position",
    )
    .await;
    click(c, "#tab-analyze").await;
    click(c, "#analyze-run").await;
    wait_js(
        c,
        "return document.querySelectorAll('#analysis-table tr[data-strategy]').length > 0",
        "the comparison table",
    )
    .await;

    for (width, height) in [(1280, 900), (400, 900)] {
        c.set_window_size(width, height).await.unwrap();
        for tab in ["play", "solve", "assist", "analyze"] {
            click(c, &format!("#tab-{tab}")).await;
            wait_js(
                c,
                &format!(
                    "return !document.getElementById('panel-{tab}').classList.contains('hidden')"
                ),
                "the tab",
            )
            .await;
            fits_the_width(c, &format!("the {tab} tab in the dark at {width} px")).await;
            screenshot(c, &format!("dark-{width}-{tab}")).await;
        }
    }
}
