//! End to end, in a real browser: Debian's headless Chromium driven through chromedriver
//! (WebDriver, with the fantoccini crate) against the server on a free loopback port. It
//! plays a whole game by clicking pegs, asks for hints, lets the computer crack a secret
//! (with a contradiction along the way), runs an analysis (with the exact optimum), explores
//! its trees and loads a tree file, checking what the page shows at each step: pegs, holes,
//! answer pegs and tree nodes are buttons (mouse and keyboard), a replaced game's session is
//! ended on the server, the board follows the game chooser, and at 400 pixels wide nothing is
//! wider than the window.
//!
//! Needs `chromium` and `chromedriver` (`bash scripts/install-browser.sh`); fails with that
//! advice when they are missing. Set `CODEBREAK_E2E_SCREENSHOTS=DIR` to keep screenshots.

use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use codebreak_core::{AnyEngine, Game, GameSpec};
use codebreak_search::{Search, SearchOptions};
use codebreak_strategy::{AnyStrategy, StrategyOptions};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

const TIMEOUT: Duration = Duration::from_secs(30);

fn find_tool(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for name in names {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// chromedriver and the browser profile, cleaned up on drop (even when the test fails).
struct Driver {
    child: Child,
    port: u16,
    profile: PathBuf,
    log: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn start_driver(chromedriver: &Path, port: u16) -> Driver {
    let base = std::env::temp_dir().join(format!("codebreak-e2e-{}-{}", std::process::id(), port));
    std::fs::create_dir_all(&base).unwrap();
    let log = base.join("chromedriver.log");
    let child = Command::new(chromedriver)
        .arg(format!("--port={port}"))
        .arg(format!("--log-path={}", log.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromedriver.display()));
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < TIMEOUT,
            "chromedriver did not listen on port {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Driver {
        child,
        port,
        profile: base,
        log,
    }
}

// ------------------------------------------------------------------ page helpers

/// Runs `script` (a function body returning a value) until the value is truthy.
async fn wait_js(c: &Client, script: &str, what: &str) -> Value {
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

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no element {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
}

async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no element {css}: {e}"))
        .text()
        .await
        .unwrap()
}

async fn set_number(c: &Client, css: &str, value: u32) {
    let e = c.find(Locator::Css(css)).await.unwrap();
    e.clear().await.unwrap();
    // Tab leaves the field, which fires its change event.
    e.send_keys(&format!("{value}\u{E004}")).await.unwrap();
}

async fn screenshot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("CODEBREAK_E2E_SCREENSHOTS") {
        let png = c.screenshot().await.unwrap();
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(Path::new(&dir).join(format!("{name}.png")), png).unwrap();
    }
}

/// Runs `script` (a function body) and returns its value.
async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
}

/// The status the server answers to `GET path`, asked from the page.
async fn status_of(c: &Client, path: &str) -> u64 {
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
async fn session(c: &Client, panel: &str) -> String {
    let script = format!("return document.getElementById('panel-{panel}').dataset.session");
    wait_js(c, &script, "a session")
        .await
        .as_str()
        .unwrap()
        .to_string()
}

/// Fails when the page is wider than the window (something overflows horizontally).
async fn fits_the_width(c: &Client, what: &str) {
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

async fn count(c: &Client, css: &str) -> u64 {
    let script = format!("return document.querySelectorAll({css:?}).length");
    c.execute(&script, vec![]).await.unwrap().as_u64().unwrap()
}

// ------------------------------------------------------------------ the scenario

async fn scenario(c: Client, url: String) {
    c.goto(&url).await.unwrap();
    assert_eq!(c.title().await.unwrap(), "codebreak");
    wait_js(
        &c,
        "return document.getElementById('game-info').textContent.includes('1,296 codes')",
        "the default game",
    )
    .await;

    // The tabs say which is selected; the Play tab starts a game of the chosen kind.
    assert_eq!(
        js(&c, "return ['play', 'solve', 'analyze'].map((t) => document.getElementById('tab-' + t).getAttribute('aria-selected')).join()").await,
        "true,false,false"
    );
    let first_session = session(&c, "play").await;

    // Choose Mastermind with 3 pegs and 5 colours: the unplayed game follows the chooser, and
    // the one it replaces is ended on the server.
    set_number(&c, "#game-pegs", 3).await;
    set_number(&c, "#game-colors", 5).await;
    wait_js(&c, "return document.getElementById('game-info').textContent.includes('mastermind 3 pegs 5 colours')", "the chosen game").await;
    wait_js(
        &c,
        "return document.querySelectorAll('#play-slots .peg').length === 3 && document.querySelectorAll('#play-palette .peg').length === 5",
        "a game of the chosen kind",
    )
    .await;
    assert_eq!(
        status_of(&c, &format!("/api/play/{first_session}")).await,
        404
    );

    // Pegs and holes are buttons: by mouse and by keyboard.
    assert_eq!(
        js(&c, "return document.querySelector('#play-palette .peg').tagName + document.querySelector('#play-slots .peg').tagName").await,
        "BUTTONBUTTON"
    );
    let shown = session(&c, "play").await;
    click(&c, "#play-palette .peg[data-symbol=\"0\"]").await;
    c.find(Locator::Css("#play-palette .peg[data-symbol=\"1\"]"))
        .await
        .unwrap()
        .send_keys("\u{E007}")
        .await
        .unwrap();
    wait_js(
        &c,
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
    assert_eq!(session(&c, "play").await, shown, "the same game");
    assert_eq!(
        count(&c, "#play-slots .peg:not(.empty)").await,
        2,
        "the pegs stay"
    );
    // A hole is a button that empties it.
    click(&c, "#play-slots .peg[data-slot=\"0\"]").await;
    wait_js(
        &c,
        "return document.querySelector('#play-slots .peg[data-slot=\"0\"]').classList.contains('empty')",
        "an emptied hole",
    )
    .await;
    click(&c, "#play-clear").await;
    // Typing a new peg count and clicking a peg at once: the peg goes to the new game.
    let pegs = c.find(Locator::Css("#game-pegs")).await.unwrap();
    pegs.clear().await.unwrap();
    pegs.send_keys("4").await.unwrap();
    click(&c, "#play-palette .peg[data-symbol=\"2\"]").await;
    wait_js(
        &c,
        "const s = [...document.querySelectorAll('#play-slots .peg')]; return s.length === 4 && s[0].dataset.symbol === '2' && s[1].classList.contains('empty')",
        "the peg in the first hole of the 4-peg game",
    )
    .await;
    set_number(&c, "#game-pegs", 3).await;
    wait_js(
        &c,
        "return document.querySelectorAll('#play-slots .peg').length === 3",
        "the 3-peg game again",
    )
    .await;

    // ---- Play a whole game by clicking, guided by the hint panel.
    let replaced = session(&c, "play").await;
    click(&c, "#play-new").await;
    let started = wait_js(
        &c,
        &format!("const s = document.getElementById('panel-play').dataset.session; return s && s !== '{replaced}' && s"),
        "a new session",
    )
    .await;
    assert_ne!(started.as_str().unwrap(), replaced);
    assert_eq!(
        status_of(&c, &format!("/api/play/{replaced}")).await,
        404,
        "New game ends the game it replaces"
    );
    wait_js(
        &c,
        "return document.getElementById('play-attempts').textContent === 'Attempt 1 of 10'",
        "a new game",
    )
    .await;
    assert_eq!(
        count(&c, "#play-palette .peg").await,
        5,
        "one peg per colour"
    );
    let mut first_hint = true;
    for turn in 0..10 {
        click(&c, "#play-hint").await;
        let rows = count(&c, "#play-board .row").await;
        wait_js(
            &c,
            &format!("const p = document.getElementById('play-hint-panel'); return p.dataset.moves === '{rows}' && p.querySelector('tr[data-strategy=minimax]')"),
            "a hint",
        )
        .await;
        let hint = text(&c, "#play-hint-panel h2").await;
        assert!(hint.contains("still possible"), "{hint}");
        if first_hint {
            assert!(hint.contains("125 secrets still possible"), "{hint}");
            let strategies = count(&c, "#play-hint-panel tr[data-strategy]").await;
            assert_eq!(strategies, 7, "every strategy suggests a guess");
            let why = text(&c, "#play-hint-panel tr[data-strategy=minimax]").await;
            assert!(
                why.contains("at most"),
                "minimax explains its worst case: {why}"
            );
            let fits = js(&c, "const w = document.querySelector('#play-hint-panel .table-wrap'); return w.scrollWidth <= w.clientWidth").await;
            assert_eq!(fits, Value::Bool(true), "the hint table fits its card");
            screenshot(&c, "1-play-hint").await;
            first_hint = false;
        }
        let guess = wait_js(
            &c,
            "return document.querySelector('#play-hint-panel tr[data-strategy=minimax] .pegs').dataset.code",
            "the suggested guess",
        )
        .await;
        for symbol in guess.as_str().unwrap().chars() {
            click(&c, &format!("#play-palette .peg[data-symbol=\"{symbol}\"]")).await;
        }
        click(&c, "#play-submit").await;
        wait_js(
            &c,
            &format!(
                "return document.querySelectorAll('#play-board .row').length === {}",
                turn + 1
            ),
            "the answer to the guess",
        )
        .await;
        let row = text(&c, &format!("#play-board .row:nth-child({})", turn + 1)).await;
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
        if over == Value::Bool(true) {
            break;
        }
    }
    let summary = text(&c, "#play-summary").await;
    assert!(summary.starts_with("You broke the code"), "{summary}");
    let secret = wait_js(
        &c,
        "return document.querySelector('#play-secret .pegs').dataset.code",
        "the revealed secret",
    )
    .await;
    let last = wait_js(&c, "const r = document.querySelectorAll('#play-board .row .pegs'); return r[r.length - 1].dataset.code", "the last guess").await;
    assert_eq!(secret, last, "the winning guess is the secret");
    assert!(summary.contains(secret.as_str().unwrap()));
    let counter = text(&c, "#play-attempts").await;
    assert!(counter.starts_with("Game over"), "{counter}");
    screenshot(&c, "2-play-won").await;
    // A finished game does not stay on the board when the chooser changes.
    set_number(&c, "#game-colors", 6).await;
    wait_js(
        &c,
        "return document.getElementById('play-attempts').textContent === 'Attempt 1 of 10' && document.querySelectorAll('#play-board .row').length === 0 && document.querySelectorAll('#play-palette .peg').length === 6",
        "a new game of the chosen kind after a finished one",
    )
    .await;
    set_number(&c, "#game-colors", 5).await;
    wait_js(
        &c,
        "return document.querySelectorAll('#play-palette .peg').length === 5",
        "the 5-colour game again",
    )
    .await;

    // ---- Crack my secret: the computer guesses, the answers are given by clicking.
    let game = Game::new(&GameSpec::mastermind(3, 5)).unwrap();
    let engine = AnyEngine::new(&game).unwrap();
    let my_secret = game.parse_secret("324").unwrap();
    click(&c, "#tab-solve").await;
    click(&c, "#solve-new").await;
    for _ in 0..10 {
        let pending = wait_js(&c, "const p = document.querySelector('#solve-board .row.pending .pegs'); return p && p.dataset.code", "the computer's guess").await;
        let guess = game.parse_guess(pending.as_str().unwrap()).unwrap();
        let fb = game.score(&my_secret, &guess);
        let (black, white) = match game.reply(fb) {
            codebreak_core::Reply::Pegs { black, white } => (black as usize, white as usize),
            r => panic!("unexpected reply {r:?}"),
        };
        // One click turns an answer peg black, two make it white.
        for k in 0..black + white {
            let clicks = if k < black { 1 } else { 2 };
            for _ in 0..clicks {
                click(&c, &format!("#solve-fb .key[data-index=\"{k}\"]")).await;
            }
        }
        let shown = text(&c, "#solve-fb-text").await;
        assert_eq!(shown, game.format_feedback(fb));
        let answered = count(&c, "#solve-board .row:not(.pending)").await;
        click(&c, "#solve-submit").await;
        wait_js(
            &c,
            &format!(
                "return document.querySelectorAll('#solve-board .row:not(.pending)').length === {}",
                answered + 1
            ),
            "the next guess",
        )
        .await;
        if text(&c, "#solve-status").await.starts_with("Solved") {
            break;
        }
    }
    let solved = text(&c, "#solve-summary").await;
    assert!(solved.contains("Your secret is 324"), "{solved}");
    screenshot(&c, "3-solve-solved").await;

    assert_eq!(
        js(
            &c,
            "return document.querySelector('#solve-fb .key').tagName"
        )
        .await,
        "BUTTON",
        "answer pegs are buttons"
    );
    // A contradiction: answer the first guess truly, then answer the second impossibly.
    let solved_session = session(&c, "solve").await;
    click(&c, "#solve-new").await;
    let first = wait_js(&c, "const p = document.querySelector('#solve-board .row.pending .pegs'); return document.querySelectorAll('#solve-board .row').length === 1 && p && p.dataset.code", "a fresh game").await;
    let first = game.parse_guess(first.as_str().unwrap()).unwrap();
    assert_eq!(
        status_of(&c, &format!("/api/solve/{solved_session}")).await,
        404,
        "Start ends the solve it replaces"
    );
    let fb1 = game.score(&my_secret, &first);
    let (b1, w1) = match game.reply(fb1) {
        codebreak_core::Reply::Pegs { black, white } => (black as usize, white as usize),
        _ => unreachable!(),
    };
    for k in 0..b1 + w1 {
        for _ in 0..if k < b1 { 1 } else { 2 } {
            click(&c, &format!("#solve-fb .key[data-index=\"{k}\"]")).await;
        }
    }
    click(&c, "#solve-submit").await;
    let second = wait_js(&c, "const p = document.querySelector('#solve-board .row.pending .pegs'); return document.querySelectorAll('#solve-board .row').length === 2 && p && p.dataset.code", "the second guess").await;
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
    let (b2, w2) = match game.reply(impossible) {
        codebreak_core::Reply::Pegs { black, white } => (black as usize, white as usize),
        _ => unreachable!(),
    };
    for k in 0..b2 + w2 {
        for _ in 0..if k < b2 { 1 } else { 2 } {
            click(&c, &format!("#solve-fb .key[data-index=\"{k}\"]")).await;
        }
    }
    click(&c, "#solve-submit").await;
    wait_js(
        &c,
        "return !document.getElementById('solve-warning').classList.contains('hidden')",
        "the contradiction warning",
    )
    .await;
    let warning = text(&c, "#solve-warning").await;
    assert!(warning.contains("contradict"), "{warning}");
    assert!(
        warning.contains("answer"),
        "it says which answers: {warning}"
    );
    assert!(
        count(&c, "#solve-board .row.suspect").await >= 1,
        "suspect answers are marked"
    );
    screenshot(&c, "4-solve-contradiction").await;

    // ---- Analyse: first, minimax and entropy (the defaults) and the exact optimum over every
    // secret.
    click(&c, "#tab-analyze").await;
    assert_eq!(
        js(&c, "return [document.getElementById('analyze-objective').labels.length > 0, \
                 document.getElementById('analyze-upload-button').tagName, \
                 document.getElementById('analyze-upload-button').tabIndex, \
                 document.querySelector('#analyze-progress [role=progressbar]').getAttribute('aria-valuemax')]").await,
        json!([true, "BUTTON", 0, "100"]),
        "the objective is labelled, the tree file is reachable by a button, the progress bar is one"
    );
    click(&c, "#analyze-optimal").await;
    screenshot(&c, "5-analysis-options").await;
    click(&c, "#analyze-run").await;
    wait_js(
        &c,
        "return document.querySelector('#analysis-table tr[data-strategy=optimal]')",
        "the comparison table",
    )
    .await;
    let optimal = Search::new(&engine, SearchOptions::default(), false)
        .unwrap()
        .run()
        .unwrap();
    let total = text(&c, "#analysis-table tr[data-strategy=optimal] td.total").await;
    assert_eq!(total, optimal.total.to_string(), "the optimal total");
    let bars = count(&c, "#analysis-chart rect.bar[data-strategy=optimal]").await;
    assert_eq!(
        bars as usize,
        optimal.histogram.iter().filter(|&&n| n > 0).count()
    );
    for name in ["first", "minimax", "entropy"] {
        let s = AnyStrategy::new(name, &StrategyOptions::default(), &game, engine.space()).unwrap();
        let a = codebreak_analysis::analyze(&engine, &s, None).unwrap();
        let total = text(
            &c,
            &format!("#analysis-table tr[data-strategy={name}] td.total"),
        )
        .await;
        assert_eq!(total, a.figures.total.to_string(), "{name}'s total");
        let worst = text(
            &c,
            &format!("#analysis-table tr[data-strategy={name}] td.worst"),
        )
        .await;
        assert_eq!(worst, a.figures.worst.to_string(), "{name}'s worst case");
        let bars = count(
            &c,
            &format!("#analysis-chart rect.bar[data-strategy={name}]"),
        )
        .await;
        let cells = a.figures.histogram.iter().filter(|&&n| n > 0).count();
        assert_eq!(
            bars as usize, cells,
            "one bar per number of guesses for {name}"
        );
        assert!(
            optimal.total <= a.figures.total,
            "nothing beats the optimum"
        );
    }
    let legend = text(&c, "#analysis-chart").await;
    assert!(
        legend.contains("minimax") && legend.contains("guesses needed"),
        "{legend}"
    );
    // The tree: the root guess with its replies; open one branch.
    let root = wait_js(
        &c,
        "const r = document.querySelector('#tree-root li.root'); return r && r.dataset.guess",
        "the tree root",
    )
    .await;
    assert_eq!(root.as_str().unwrap().chars().count(), 3);
    let branches = count(&c, "#tree-root li.root > ul > li").await;
    assert!(branches >= 3, "the root has a branch per reply");
    let before = count(&c, "#tree-root li").await;
    assert_eq!(
        js(&c, "return document.querySelector('#tree-root li.root > ul > li:not(:has(.leaf)) > .node').tagName").await,
        "BUTTON"
    );
    click(&c, "#tree-root li.root > ul > li:not(:has(.leaf)) > .node").await;
    wait_js(
        &c,
        &format!("return document.querySelectorAll('#tree-root li').length > {before}"),
        "an opened branch",
    )
    .await;
    wait_js(
        &c,
        "return document.querySelector('#tree-root li.root > ul > li:not(:has(.leaf)) > .node').getAttribute('aria-expanded') === 'true'",
        "the branch says it is open",
    )
    .await;
    screenshot(&c, "5-analysis").await;
    // The optimal tree, chosen in the explorer.
    c.execute(
        "const s = document.getElementById('tree-strategy'); \
         s.value = [...s.options].find((o) => o.textContent.startsWith('optimal')).value; \
         s.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await
    .unwrap();
    let root = wait_js(
        &c,
        "return document.querySelector('#tree-root p').textContent.startsWith('optimal') && document.querySelector('#tree-root li.root').dataset.guess",
        "the optimal tree",
    )
    .await;
    assert_eq!(
        root.as_str().unwrap(),
        game.format_code(&optimal.tree.root.guess)
    );
    click(&c, "#tree-root li.root > ul > li:not(:has(.leaf)) > .node").await;
    wait_js(
        &c,
        "return document.querySelectorAll('#tree-root li.root > ul > li > ul > li').length > 0",
        "an opened branch of the optimal tree",
    )
    .await;
    screenshot(&c, "6-optimal-tree").await;

    // Load a tree file (the optimal tree, as the download link gives it) through the hidden
    // file input behind the "Load a tree file" button.
    let href = js(
        &c,
        "return document.getElementById('tree-download').getAttribute('href')",
    )
    .await;
    let tree = c
        .execute_async(
            "const [url, done] = arguments; fetch(url).then((r) => r.text()).then(done, () => done(''));",
            vec![href],
        )
        .await
        .unwrap();
    let file = std::env::temp_dir().join(format!("codebreak-e2e-tree-{}.json", std::process::id()));
    std::fs::write(&file, tree.as_str().unwrap()).unwrap();
    c.find(Locator::Css("#analyze-upload"))
        .await
        .unwrap()
        .send_keys(&file.display().to_string())
        .await
        .unwrap();
    let loaded = wait_js(
        &c,
        "const r = document.querySelector('#analysis-table tr td.total'); return document.querySelectorAll('#analysis-table tr[data-strategy]').length === 1 && r && r.textContent",
        "the loaded tree's figures",
    )
    .await;
    let _ = std::fs::remove_file(&file);
    assert_eq!(
        loaded,
        optimal.total.to_string(),
        "the loaded tree, checked"
    );

    // ---- A phone: 400 pixels wide. Nothing may be wider than the window.
    c.set_window_size(400, 900).await.unwrap();
    // The analysis, its long "Tree of" choice included.
    c.execute(
        "document.getElementById('tree-strategy').options[0].textContent = 'optimal (fewest guesses in all, then smallest worst case, pool all, and a long tail)';",
        vec![],
    )
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    fits_the_width(&c, "the analysis").await;
    screenshot(&c, "7-phone-analysis").await;
    // Mastermind with 8 pegs: the board, the holes, the answer and its text.
    set_number(&c, "#game-pegs", 8).await;
    set_number(&c, "#game-colors", 4).await;
    wait_js(&c, "return document.getElementById('game-info').textContent.includes('mastermind 8 pegs 4 colours')", "the 8-peg game").await;
    assert_eq!(
        js(
            &c,
            "return document.getElementById('panel-play').dataset.session"
        )
        .await,
        "",
        "no game is started while the Play tab is not shown"
    );
    click(&c, "#tab-play").await;
    wait_js(
        &c,
        "return document.querySelectorAll('#play-slots .peg').length === 8",
        "an 8-peg game",
    )
    .await;
    for symbol in "01230123".chars() {
        click(&c, &format!("#play-palette .peg[data-symbol=\"{symbol}\"]")).await;
    }
    click(&c, "#play-submit").await;
    wait_js(
        &c,
        "return document.querySelectorAll('#play-board .row').length === 1",
        "the answer",
    )
    .await;
    fits_the_width(&c, "an 8-peg game").await;
    let note = js(&c, "const n = document.querySelector('#play-board .row .note'); return getComputedStyle(n).display !== 'none' && n.textContent").await;
    assert!(
        note.as_str().unwrap().contains("left"),
        "the row's note shows: {note}"
    );
    screenshot(&c, "8-phone-play").await;
    click(&c, "#play-hint").await;
    wait_js(
        &c,
        "return document.querySelector('#play-hint-panel tr[data-strategy=minimax]')",
        "a hint",
    )
    .await;
    fits_the_width(&c, "a hint on a phone").await;
    // Cracking an 8-peg secret.
    click(&c, "#tab-solve").await;
    c.execute(
        "document.getElementById('solve-strategy').value = 'first';",
        vec![],
    )
    .await
    .unwrap();
    click(&c, "#solve-new").await;
    wait_js(&c, "return document.querySelectorAll('#solve-fb .key').length === 8 && document.querySelector('#solve-board .row.pending')", "an 8-peg guess").await;
    for k in [0, 1, 5] {
        click(&c, &format!("#solve-fb .key[data-index=\"{k}\"]")).await;
    }
    click(&c, "#solve-fb .key[data-index=\"5\"]").await;
    assert_eq!(text(&c, "#solve-fb-text").await, "2B1W");
    fits_the_width(&c, "cracking an 8-peg secret").await;
    screenshot(&c, "9-phone-solve").await;
    click(&c, "#tab-analyze").await;
    fits_the_width(&c, "the analysis of another game").await;
    let stale = text(&c, "#analyze-notice").await;
    assert!(
        stale.contains("These results are for mastermind 3 pegs 5 colours"),
        "{stale}"
    );
    // Leaving the page ends its sessions and its job on the server.
    let play = session(&c, "play").await;
    let solve = session(&c, "solve").await;
    let job = js(
        &c,
        "return new URL(document.getElementById('tree-download').href).pathname.split('/')[3]",
    )
    .await;
    c.goto(&url).await.unwrap();
    wait_js(
        &c,
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
            status_of(&c, &path).await,
            404,
            "{path} after leaving the page"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_hints_solves_and_analyses_in_a_real_browser() {
    if std::env::var_os("CODEBREAK_SKIP_BROWSER_TESTS").is_some() {
        eprintln!("SKIPPED: the browser test (CODEBREAK_SKIP_BROWSER_TESTS is set)");
        return;
    }
    let chromium = find_tool(&["chromium", "chromium-browser"]).unwrap_or_else(|| {
        panic!("the browser test needs Debian's chromium: run `bash scripts/install-browser.sh` (or set CODEBREAK_SKIP_BROWSER_TESTS=1 to skip it knowingly)")
    });
    let chromedriver = find_tool(&["chromedriver"]).unwrap_or_else(|| {
        panic!("the browser test needs chromedriver (Debian's chromium-driver): run `bash scripts/install-browser.sh` (or set CODEBREAK_SKIP_BROWSER_TESTS=1 to skip it knowingly)")
    });

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    tokio::spawn(codebreak_web::serve(
        listener,
        codebreak_web::Config::default(),
    ));

    let driver = start_driver(&chromedriver, free_port());
    let profile = driver.profile.join("profile");
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1200,1100",
    ];
    let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let caps = json!({
        "goog:chromeOptions": {"binary": chromium, "args": args},
    });
    let caps = caps.as_object().unwrap().clone();
    let driver_url = format!("http://127.0.0.1:{}", driver.port);
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver_url)
        .await
        .unwrap_or_else(|e| {
            let log = std::fs::read_to_string(&driver.log).unwrap_or_default();
            let tail: Vec<&str> = log.lines().rev().take(30).collect();
            panic!("cannot start a Chromium session: {e}\nchromedriver log (last lines, newest first):\n{}", tail.join("\n"))
        });
    // Run the scenario on its own task so that the browser is closed even when it fails.
    let outcome = tokio::spawn(scenario(client.clone(), url)).await;
    let _ = client.close().await;
    drop(driver);
    if let Err(e) = outcome {
        std::panic::resume_unwind(e.into_panic());
    }
}
