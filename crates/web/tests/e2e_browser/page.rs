//! Helpers to drive the page and read what it shows, each failing with what it waited for.

use std::path::Path;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::browser::TIMEOUT;

/// Runs `script` (a function body returning a value) until the value is truthy.
pub async fn wait_js(c: &Client, script: &str, what: &str) -> Value {
    let start = Instant::now();
    loop {
        let v = c
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script for {what} failed: {e}"));
        let truthy = match &v {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::String(s) => !s.is_empty(),
            Value::Number(n) => n.as_f64() != Some(0.0),
            _ => true,
        };
        if truthy {
            return v;
        }
        if start.elapsed() > TIMEOUT {
            let page = c
                .execute("return document.body.innerText", vec![])
                .await
                .unwrap_or_default();
            panic!("timed out waiting for {what}; the page shows:\n{page}");
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// Clicks the element `css` selects. The page re-renders parts of itself (the palette after a
/// guess, for instance), so an element found just before it was replaced is looked up again.
pub async fn click(c: &Client, css: &str) {
    let start = Instant::now();
    loop {
        let element = c
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        match element.click().await {
            Ok(()) => return,
            Err(e) if retried(&e.to_string()) && start.elapsed() < TIMEOUT => {
                tokio::time::sleep(Duration::from_millis(40)).await;
            }
            Err(e) => panic!("cannot click {css}: {e}"),
        }
    }
}

/// Whether a WebDriver error is one a second try can get past: the element was replaced, or
/// something (a transition, a toast) was over it for a moment.
fn retried(error: &str) -> bool {
    ["stale element", "not interactable", "click intercepted"]
        .iter()
        .any(|e| error.contains(e))
}

/// How long an action is given to show its effect before it is tried again: a click or a
/// keystroke the browser lost (it happens now and then under load) is sent once more.
const EFFECT: Duration = Duration::from_secs(3);

/// Runs `script` until it is truthy or `within` passes; whether it became truthy.
async fn became(c: &Client, script: &str, within: Duration) -> bool {
    let start = Instant::now();
    loop {
        let v = c.execute(script, vec![]).await.unwrap_or(Value::Null);
        if matches!(v, Value::Bool(true)) {
            return true;
        }
        if start.elapsed() > within {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// Clicks `css` until `effect` (a function body returning `true` once the click took effect)
/// holds: a click that shows no effect within a few seconds was lost, and is sent again. Fails
/// with `what` when the effect never comes.
pub async fn click_until(c: &Client, css: &str, effect: &str, what: &str) {
    let start = Instant::now();
    // A button the page disables while it waits for the server would swallow the click.
    let ready = format!("const e = document.querySelector({css:?}); return !!e && !e.disabled");
    loop {
        wait_js(c, &ready, &format!("{css} enabled")).await;
        click(c, css).await;
        if became(c, effect, EFFECT).await {
            return;
        }
        if start.elapsed() > TIMEOUT {
            wait_js(c, effect, what).await;
            return;
        }
    }
}

/// Types `keys` into the field `css` (cleared first when `clear`) until `effect` holds, like
/// [`click_until`]: keystrokes that show no effect within a few seconds are typed again into
/// a cleared field.
pub async fn type_until(c: &Client, css: &str, keys: &str, effect: &str, what: &str) {
    let start = Instant::now();
    loop {
        let field = c
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no field {css}: {e}"));
        field.clear().await.unwrap();
        field
            .send_keys(keys)
            .await
            .unwrap_or_else(|e| panic!("cannot type into {css}: {e}"));
        if became(c, effect, EFFECT).await {
            return;
        }
        if start.elapsed() > TIMEOUT {
            wait_js(c, effect, what).await;
            return;
        }
    }
}

/// The text the element `css` selects shows.
pub async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no element {css}: {e}"))
        .text()
        .await
        .unwrap()
}

/// Types `value` into the number field `css` and leaves it.
pub async fn set_number(c: &Client, css: &str, value: u32) {
    let e = c.find(Locator::Css(css)).await.unwrap();
    e.clear().await.unwrap();
    // Tab leaves the field, which fires its change event.
    e.send_keys(&format!("{value}\u{E004}")).await.unwrap();
}

/// Saves a screenshot as `NAME.png` when `CODEBREAK_E2E_SCREENSHOTS` names a folder.
pub async fn screenshot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("CODEBREAK_E2E_SCREENSHOTS") {
        let png = c.screenshot().await.unwrap();
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(Path::new(&dir).join(format!("{name}.png")), png).unwrap();
    }
}

/// Runs `script` (a function body) and returns its value.
pub async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
}

/// The status the server answers to `GET path`, asked from the page.
pub async fn status_of(c: &Client, path: &str) -> u64 {
    c.execute_async(
        "const [path, done] = arguments; fetch(path).then((r) => done(r.status), () => done(0));",
        vec![json!(path)],
    )
    .await
    .unwrap()
    .as_u64()
    .unwrap()
}

/// The id of the session a panel (`play` or `solve`) shows, once it has one.
pub async fn session(c: &Client, panel: &str) -> String {
    let script = format!("return document.getElementById('panel-{panel}').dataset.session");
    wait_js(c, &script, "a session")
        .await
        .as_str()
        .unwrap()
        .to_string()
}

/// Fails when the page is wider than the window (something overflows horizontally).
pub async fn fits_the_width(c: &Client, what: &str) {
    let v = js(
        c,
        "return [document.documentElement.scrollWidth, window.innerWidth, \
         [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && e.offsetParent !== null).slice(0, 5).map((e) => e.tagName + '#' + e.id + '.' + e.className).join(' ')]",
    )
    .await;
    let (scroll, inner) = (v[0].as_u64().unwrap(), v[1].as_u64().unwrap());
    assert!(
        scroll <= inner,
        "{what}: the page is {scroll}px wide in a {inner}px window; past the edge: {}",
        v[2]
    );
}

/// How many elements `css` selects.
pub async fn count(c: &Client, css: &str) -> u64 {
    let script = format!("return document.querySelectorAll({css:?}).length");
    c.execute(&script, vec![]).await.unwrap().as_u64().unwrap()
}
