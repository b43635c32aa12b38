//! The one start-up of the browser test: the server on a free loopback port, chromedriver on
//! another, and a headless Chromium session that runs a scenario and is closed even when the
//! scenario fails.

use std::future::Future;
use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::json;

/// The browser tests take turns (see [`run`]).
static TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// How long the page, chromedriver or a script may take before the test fails.
pub const TIMEOUT: Duration = Duration::from_secs(60);

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

/// Runs `scenario` with a browser on a fresh server's page (its URL), unless
/// `CODEBREAK_SKIP_BROWSER_TESTS` is set; fails with advice when Chromium or chromedriver is
/// missing.
pub async fn run<F, Fut>(scenario: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    run_in(Scheme::Light, scenario).await
}

/// The colour scheme the browser asks pages for (`prefers-color-scheme`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// The default.
    Light,
    /// A system in dark mode.
    Dark,
}

/// [`run`], with the browser in the given colour scheme.
pub async fn run_in<F, Fut>(scheme: Scheme, scenario: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
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

    // One browser at a time: the machine may have few cores.
    let _turn = TURN.lock().await;
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
    if scheme == Scheme::Dark {
        // Blink's preferred scheme 0 is dark; the flag before it darkens the browser's own UI.
        args.push("--force-dark-mode".into());
        args.push("--blink-settings=preferredColorScheme=0".into());
    }
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
