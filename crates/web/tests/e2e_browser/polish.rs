//! The polish of the page: words and counts, pegs that cannot be mistaken, tables that fit a
//! wide window with a wide game and a phone, fixed chart colours, fields checked before any
//! request, messages in the page's words, explanations a touch screen shows, dark mode.

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::page::{click, count, js, screenshot, session, set_number, text, wait_js};

/// Runs `script` (a function body using `done`) asynchronously and returns what it passes on.
async fn js_async(c: &Client, script: &str) -> Value {
    c.execute_async(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
}

/// Fake analysis results: `names` in order, with histograms of MM(5,8)'s width (13 columns).
fn results(names: &[&str]) -> Value {
    let rs: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut h = serde_json::Map::new();
            h.insert("1".into(), json!(1));
            for k in 2..=13 {
                h.insert(k.to_string(), json!(12_345 + i * 100 + k));
            }
            json!({"strategy": name, "description": format!("{name} (pool all, ties consistent)"),
                   "histogram": h, "worst": 13, "total": 1_234_567, "average": 5.5 + i as f64,
                   "fraction": "x", "seconds": 1.5})
        })
        .collect();
    Value::Array(rs)
}

/// The page's structure and its counts: an `<h1>`, dark mode, singular and plural with
/// thousands separators, each strategy with its own chart colour.
pub async fn words_counts_and_colours(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    wait_js(
        c,
        "return document.body.dataset.ready === 'yes'",
        "the page",
    )
    .await;
    assert_eq!(text(c, "h1").await, "codebreak");
    let dark = js(
        c,
        "return [...document.styleSheets].flatMap((s) => [...s.cssRules]).some((r) => r.media && r.media.mediaText.includes('prefers-color-scheme: dark') && r.cssText.includes('--bg'))",
    )
    .await;
    assert_eq!(dark, Value::Bool(true), "a dark scheme for dark systems");
    let words = js_async(
        c,
        "const done = arguments[0]; import('/js/util.js').then((u) => done([u.plural(1, 'secret'), u.plural(1296, 'secret'), u.plural(1, 'guess', 'guesses'), u.plural(2, 'guess', 'guesses')]))",
    )
    .await;
    assert_eq!(
        words,
        json!(["1 secret", "1,296 secrets", "1 guess", "2 guesses"])
    );
    // The server's field names, said as the page labels the fields.
    let said = js_async(
        c,
        "const done = arguments[0]; import('/js/util.js').then((u) => done([u.humane('game: pegs 0 is out of range'), u.humane('first_guess: \\'9\\' is not a code'), u.humane('feedback: \\'5B\\' is not a reply'), u.humane('game.colors must be a whole number from 1 to 64, got 0')]))",
    )
    .await;
    assert_eq!(
        said,
        json!([
            "Pegs: 0 is out of range",
            "First guess: '9' is not a code",
            "Your answer: '5B' is not a reply",
            "Colours must be a whole number from 1 to 64, got 0"
        ])
    );
    // A strategy's colour is its own, whatever is compared beside it; a bar says its count in
    // words that agree with it.
    let fills = js_async(
        c,
        &format!(
            "const done = arguments[0]; import('/js/chart.js').then((m) => {{ \
               const fill = () => document.querySelector('#analysis-chart rect.bar[data-strategy=entropy]').getAttribute('fill'); \
               m.drawChart({}); const a = fill(); \
               m.drawChart({}); const b = fill(); \
               const t = document.querySelector('#analysis-chart rect.bar[data-strategy=entropy][data-guesses=\"1\"] title').textContent; \
               done([a, b, t]); }})",
            results(&["first", "minimax", "entropy"]),
            results(&["entropy"])
        ),
    )
    .await;
    assert_eq!(fills[0], fills[1], "entropy keeps its colour: {fills}");
    assert!(
        fills[2].as_str().unwrap().ends_with("1 secret in 1 guess"),
        "{fills}"
    );
}

/// The comparison table at 1280 pixels with 13 histogram columns, and at 400 pixels: Strategy,
/// Average and Worst are inside the table's box and the window; the hint table at 400 pixels
/// shows every column.
pub async fn tables_fit(c: &Client) {
    click(c, "#tab-analyze").await;
    let visible = |width: u32| {
        format!(
            "const done = arguments[0]; import('/js/chart.js').then((m) => {{ \
               document.getElementById('analyze-results').classList.remove('hidden'); \
               m.drawTable({}); \
               const wrap = document.getElementById('analysis-table-wrap').getBoundingClientRect(); \
               const out = [...document.querySelectorAll('#analysis-table tr:nth-child(2) td.name, #analysis-table th.average, #analysis-table th.worst, #analysis-table td.average, #analysis-table td.worst')] \
                 .filter((e) => {{ const r = e.getBoundingClientRect(); return r.width === 0 || r.left < wrap.left - 1 || r.right > wrap.right + 1 || r.right > {width}; }}) \
                 .map((e) => e.className); \
               done([out, document.documentElement.scrollWidth <= window.innerWidth]); }})",
            results(&["first", "minimax", "entropy", "optimal"])
        )
    };
    c.set_window_size(1280, 900).await.unwrap();
    let v = js_async(c, &visible(1280)).await;
    assert_eq!(v, json!([[], true]), "at 1280 px, MM(5,8)'s width");
    screenshot(c, "20-table-1280").await;
    c.set_window_size(400, 900).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let inner = js(c, "return window.innerWidth").await.as_u64().unwrap();
    let v = js_async(c, &visible(inner as u32)).await;
    assert_eq!(v, json!([[], true]), "at 400 px");
    screenshot(c, "21-table-400").await;
    // The hint table on a phone: every cell of a row within the window.
    click(c, "#tab-play").await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-palette .peg').length === 6",
        "a game",
    )
    .await;
    click(c, "#play-hint").await;
    wait_js(
        c,
        "return document.querySelector('#play-hint-panel tr[data-strategy=minimax]')",
        "a hint",
    )
    .await;
    let hidden = js(
        c,
        "return [...document.querySelectorAll('#play-hint-panel tr[data-strategy=minimax] td')].filter((e) => { const r = e.getBoundingClientRect(); return r.width === 0 || r.height === 0 || r.right > window.innerWidth || r.left < 0; }).map((e) => e.dataset.label)",
    )
    .await;
    assert_eq!(hidden, json!([]), "every column of the hint on a phone");
    assert_eq!(
        count(c, "#play-hint-panel tr[data-strategy=minimax] td").await,
        8
    );
    screenshot(c, "22-hint-400").await;
    c.set_window_size(1200, 1100).await.unwrap();
    click(c, "#play-hint-panel h2 button").await;
}

/// Answer pegs: an empty place and a white peg differ in fill and in rim.
pub async fn white_pegs_are_not_holes(c: &Client) {
    click(c, "#tab-solve").await;
    click(c, "#solve-new").await;
    wait_js(
        c,
        "return document.querySelectorAll('#solve-fb .key').length === 4",
        "the answer pegs",
    )
    .await;
    click(c, "#solve-fb .key[data-index=\"0\"]").await;
    click(c, "#solve-fb .key[data-index=\"0\"]").await;
    let v = js(
        c,
        "const s = (k) => { const c = getComputedStyle(document.querySelector(`#solve-fb .key[data-index=\"${k}\"]`)); return [c.backgroundColor, c.borderTopStyle]; }; return [document.querySelector('#solve-fb .key[data-index=\"0\"]').className, s(0), s(1)]",
    )
    .await;
    assert_eq!(v[0], "key white");
    assert_eq!(v[1], json!(["rgb(255, 255, 255)", "solid"]), "{v}");
    assert_eq!(v[2][1], "dashed", "an empty place has a dashed rim: {v}");
    assert_ne!(
        v[2][0], "rgb(255, 255, 255)",
        "an empty place is not white: {v}"
    );
    // What each strategy does is written out, for touch screens too.
    click(c, "#panel-solve details.about summary").await;
    let about = text(c, "#solve-about").await;
    assert!(about.contains("minimax"), "{about}");
}

/// Each game in its own words: Bulls and Cows has digits, twoD's replies are explained on
/// every tab.
pub async fn each_game_in_its_words(c: &Client) {
    click(c, "#tab-play").await;
    c.find(Locator::Css("#game-kind"))
        .await
        .unwrap()
        .select_by_value("bulls")
        .await
        .unwrap();
    wait_js(
        c,
        "return document.getElementById('game-info').textContent.includes('bulls')",
        "Bulls and Cows",
    )
    .await;
    assert_eq!(text(c, "#game-colors-word").await, "Digits to choose from");
    wait_js(
        c,
        "return document.getElementById('play-help').textContent.startsWith('Click a digit')",
        "the composer's words",
    )
    .await;
    assert!(text(c, "#game-rules").await.contains("bull"));
    c.find(Locator::Css("#game-kind"))
        .await
        .unwrap()
        .select_by_value("twod")
        .await
        .unwrap();
    for tab in ["play", "solve", "analyze"] {
        click(c, &format!("#tab-{tab}")).await;
        let rules = text(c, "#game-rules").await;
        assert!(
            rules.contains("low") && rules.contains("mixed"),
            "twoD's replies on the {tab} tab: {rules}"
        );
    }
    c.find(Locator::Css("#game-kind"))
        .await
        .unwrap()
        .select_by_value("mastermind")
        .await
        .unwrap();
    click(c, "#tab-play").await;
    wait_js(
        c,
        "return document.getElementById('game-info').textContent.includes('mastermind 4 pegs 6 colours')",
        "Mastermind again",
    )
    .await;
}

/// Number fields are checked beside themselves, with no request for a bad value; Pegs go to
/// 16 like the server's; Hint is off, with the reason, in games too large for hints; messages
/// name fields as the page labels them.
pub async fn fields_and_messages(c: &Client) {
    js(c, "window.gameCalls = 0; const f = window.fetch; window.fetch = (u, o) => { if (String(u).endsWith('/api/game')) window.gameCalls++; return f(u, o); }; return true").await;
    set_number(c, "#game-pegs", 0).await;
    let error = wait_js(
        c,
        "return document.getElementById('game-error').textContent",
        "the field's check",
    )
    .await;
    assert!(
        error
            .as_str()
            .unwrap()
            .starts_with("Pegs must be a whole number from 1 to 16"),
        "{error}"
    );
    let empty = c.find(Locator::Css("#game-colors")).await.unwrap();
    empty.clear().await.unwrap();
    empty.send_keys("\u{E004}").await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    assert_eq!(
        js(c, "return [window.gameCalls, document.getElementById('game-pegs').getAttribute('aria-invalid')]").await,
        json!([0, "true"]),
        "no request for an empty or out-of-range field"
    );
    assert_eq!(
        js(c, "return document.getElementById('game-pegs').max").await,
        "16"
    );
    // 7 pegs, 6 colours: playable, too large for hints.
    set_number(c, "#game-colors", 6).await;
    set_number(c, "#game-pegs", 7).await;
    wait_js(
        c,
        "return document.getElementById('game-info').textContent.includes('mastermind 7 pegs 6 colours')",
        "a large game",
    )
    .await;
    assert!(
        js(c, "return window.gameCalls").await.as_u64().unwrap() <= 2,
        "one request per change, not per keystroke"
    );
    wait_js(
        c,
        "return document.getElementById('play-hint').disabled && !document.getElementById('play-hint-why').classList.contains('hidden') && document.getElementById('play-hint-why').textContent",
        "Hint off, with the reason",
    )
    .await;
    assert!(
        text(c, "#play-hint-why")
            .await
            .starts_with("Hints need a game of at most 262,144 codes")
    );
    set_number(c, "#game-pegs", 3).await;
    set_number(c, "#game-colors", 5).await;
    wait_js(
        c,
        "return document.getElementById('game-info').textContent.includes('mastermind 3 pegs 5 colours') && !document.getElementById('play-hint').disabled",
        "MM(3,5)",
    )
    .await;
    // A bad first guess is said with the field's label.
    click(c, "#tab-analyze").await;
    let first = c.find(Locator::Css("#analyze-first")).await.unwrap();
    first.send_keys("9").await.unwrap();
    click(c, "#analyze-run").await;
    let error = wait_js(
        c,
        "return document.getElementById('analyze-error').textContent",
        "the error",
    )
    .await;
    let error = error.as_str().unwrap();
    assert!(
        error.starts_with("First guess:") && !error.contains("first_guess"),
        "{error}"
    );
    first.clear().await.unwrap();
}

/// The codemaker changed mid-game is noted; a guess played twice is warned of first.
pub async fn maker_and_repeats(c: &Client) {
    click(c, "#tab-play").await;
    let old = session(c, "play").await;
    click(c, "#play-new").await;
    wait_js(
        c,
        &format!("return document.getElementById('panel-play').dataset.session !== '{old}' && document.getElementById('play-attempts').textContent === 'Attempt 1 of 10'"),
        "a new game",
    )
    .await;
    for _ in 0..2 {
        for s in "012".chars() {
            click(c, &format!("#play-palette .peg[data-symbol=\"{s}\"]")).await;
        }
        click(c, "#play-submit").await;
    }
    let warn = wait_js(
        c,
        "return document.getElementById('play-warn').textContent",
        "the repeat warning",
    )
    .await;
    assert!(warn.as_str().unwrap().contains("already"), "{warn}");
    assert_eq!(count(c, "#play-board .row").await, 1, "not played yet");
    click(c, "#play-submit").await;
    wait_js(
        c,
        "return document.querySelectorAll('#play-board .row').length === 2",
        "played when pressed again",
    )
    .await;
    c.find(Locator::Css("#play-maker"))
        .await
        .unwrap()
        .select_by_value("adversarial")
        .await
        .unwrap();
    let note = text(c, "#play-maker-note").await;
    assert!(note.contains("keeps its honest codemaker"), "{note}");
    c.find(Locator::Css("#play-maker"))
        .await
        .unwrap()
        .select_by_value("random")
        .await
        .unwrap();
    click(c, "#play-giveup").await;
}

/// Cancel says what happened; a tree file that cannot be read takes the results away and says
/// why in the page's words.
pub async fn cancel_and_bad_files(c: &Client) {
    click(c, "#tab-analyze").await;
    set_number(c, "#game-pegs", 5).await;
    set_number(c, "#game-colors", 8).await;
    wait_js(
        c,
        "return document.getElementById('game-info').textContent.includes('mastermind 5 pegs 8 colours')",
        "MM(5,8)",
    )
    .await;
    click(c, "#analyze-run").await;
    wait_js(
        c,
        "return !document.getElementById('analyze-progress').classList.contains('hidden')",
        "the progress",
    )
    .await;
    click(c, "#analyze-cancel").await;
    let status = wait_js(
        c,
        "const t = document.getElementById('analyze-status').textContent; return t.includes('cancelled') && t",
        "cancel's feedback",
    )
    .await;
    assert!(status.as_str().unwrap().starts_with("Analysis cancelled"));
    // Results, then a bad file.
    set_number(c, "#game-pegs", 3).await;
    set_number(c, "#game-colors", 5).await;
    wait_js(
        c,
        "return document.getElementById('game-info').textContent.includes('mastermind 3 pegs 5 colours') && !document.getElementById('analyze-run').disabled",
        "MM(3,5)",
    )
    .await;
    click(c, "#analyze-run").await;
    wait_js(
        c,
        "return !document.getElementById('analyze-results').classList.contains('hidden') && document.querySelector('#analysis-table tr[data-strategy]')",
        "results",
    )
    .await;
    let file = std::env::temp_dir().join(format!("codebreak-e2e-bad-{}.json", std::process::id()));
    std::fs::write(&file, "this is not a tree {").unwrap();
    c.find(Locator::Css("#analyze-upload"))
        .await
        .unwrap()
        .send_keys(&file.display().to_string())
        .await
        .unwrap();
    let error = wait_js(
        c,
        "return document.getElementById('analyze-error').textContent",
        "the file's error",
    )
    .await;
    let _ = std::fs::remove_file(&file);
    let error = error.as_str().unwrap();
    assert!(
        error.contains("is not a tree file this page can read: it is not JSON")
            && !error.contains("request body"),
        "{error}"
    );
    assert_eq!(
        js(
            c,
            "return document.getElementById('analyze-results').classList.contains('hidden')"
        )
        .await,
        Value::Bool(true),
        "no results left under the error"
    );
}
