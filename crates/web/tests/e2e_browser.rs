//! End to end, in a real browser: Debian's headless Chromium driven through chromedriver
//! (WebDriver, with the fantoccini crate) against the server on a free loopback port. It
//! plays a whole game by clicking pegs, asks for hints, lets the computer crack a secret
//! (with a contradiction along the way), runs an analysis (with the exact optimum) and explores
//! its trees, checking what the page shows at each step.
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

    // Choose Mastermind with 3 pegs and 5 colours.
    set_number(&c, "#game-pegs", 3).await;
    set_number(&c, "#game-colors", 5).await;
    wait_js(&c, "return document.getElementById('game-info').textContent.includes('mastermind 3 pegs 5 colours')", "the chosen game").await;

    // ---- Play a whole game by clicking, guided by the hint panel.
    click(&c, "#play-new").await;
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

    // A contradiction: answer the first guess truly, then answer the second impossibly.
    click(&c, "#solve-new").await;
    let first = wait_js(&c, "const p = document.querySelector('#solve-board .row.pending .pegs'); return document.querySelectorAll('#solve-board .row').length === 1 && p && p.dataset.code", "a fresh game").await;
    let first = game.parse_guess(first.as_str().unwrap()).unwrap();
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
        assert_eq!(total, a.total.to_string(), "{name}'s total");
        let worst = text(
            &c,
            &format!("#analysis-table tr[data-strategy={name}] td.worst"),
        )
        .await;
        assert_eq!(worst, a.worst.to_string(), "{name}'s worst case");
        let bars = count(
            &c,
            &format!("#analysis-chart rect.bar[data-strategy={name}]"),
        )
        .await;
        let cells = a.histogram.iter().filter(|&&n| n > 0).count();
        assert_eq!(
            bars as usize, cells,
            "one bar per number of guesses for {name}"
        );
        assert!(optimal.total <= a.total, "nothing beats the optimum");
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
    click(&c, "#tree-root li.root > ul > li:not(:has(.leaf)) > .node").await;
    wait_js(
        &c,
        &format!("return document.querySelectorAll('#tree-root li').length > {before}"),
        "an opened branch",
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
