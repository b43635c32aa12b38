//! The page and its files: embedded, served with the page's headers, every script module the page
//! imports served, nothing fetched from elsewhere.

use std::collections::BTreeSet;
use std::path::Path;

use axum::http::StatusCode;

use crate::common::App;

#[tokio::test]
async fn the_page_and_its_assets_are_embedded_and_fetch_nothing_from_elsewhere() {
    let app = App::new();
    for (path, ty) in [
        ("/", "text/html"),
        ("/index.html", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let (status, headers, body) = app.raw("GET", path, None, Vec::new()).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let ct = headers["content-type"].to_str().unwrap();
        assert!(ct.starts_with(ty), "{path}: {ct}");
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'none'") && csp.contains("connect-src 'self'"));
        // No reference to any other origin (the SVG namespace is a name, not a fetch).
        let without_ns = body.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !without_ns.contains("http://") && !without_ns.contains("https://"),
            "{path} refers to another origin"
        );
        assert!(!without_ns.contains("//cdn"), "{path}");
    }
    let (_, _, html) = app.raw("GET", "/", None, Vec::new()).await;
    assert!(html.contains(r#"<script src="/app.js""#));
    assert!(html.contains("id=\"play-new\"") && html.contains("id=\"analyze-run\""));
}

#[tokio::test]
async fn every_module_the_page_imports_is_served() {
    let app = App::new();
    let (_, page_headers, html) = app.raw("GET", "/", None, Vec::new()).await;
    let csp = page_headers["content-security-policy"].to_str().unwrap();
    let scripts = script_sources(&html);
    assert_eq!(
        scripts,
        ["/app.js"],
        "the page loads one script, its entry point"
    );
    assert!(
        html.contains(r#"<script src="/app.js" type="module">"#),
        "the entry point is a module"
    );
    // Every script the page loads, and every module those import, in turn.
    let mut queue = scripts;
    let mut served = BTreeSet::new();
    while let Some(path) = queue.pop() {
        if !served.insert(path.clone()) {
            continue;
        }
        assert!(
            path.starts_with("/js/") || path == "/app.js",
            "{path}: modules are imported by their absolute path under /js/"
        );
        let (status, headers, body) = app.raw("GET", &path, None, Vec::new()).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{path} is imported but not served: add it to ASSETS in src/assets.rs"
        );
        let ct = headers["content-type"].to_str().unwrap();
        assert!(ct.starts_with("text/javascript"), "{path}: {ct}");
        assert_eq!(headers["content-security-policy"], csp, "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["cache-control"], "no-cache", "{path}");
        let without_ns = body.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !without_ns.contains("http://") && !without_ns.contains("https://"),
            "{path} refers to another origin"
        );
        assert!(
            !body.contains("import("),
            "{path}: a dynamic import, which this test cannot follow"
        );
        queue.extend(imports(&body));
    }
    // The scripts in static/ are exactly those: none left out of the page, and each served as
    // it is on disk.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    let mut on_disk = BTreeSet::new();
    scripts_under(&dir, &dir, &mut on_disk);
    assert_eq!(
        served, on_disk,
        "the scripts the page loads and those in static/"
    );
    for path in &served {
        let (_, _, body) = app.raw("GET", path, None, Vec::new()).await;
        let file = std::fs::read_to_string(dir.join(&path[1..])).unwrap();
        assert_eq!(body, file, "{path} is served as it is in static/");
    }
}

/// The `src` of every `<script>` element of a page.
fn script_sources(html: &str) -> Vec<String> {
    html.split("<script")
        .skip(1)
        .map(|tag| {
            let tag = &tag[..tag.find('>').expect("a script tag ends")];
            let src = tag
                .split_once("src=\"")
                .unwrap_or_else(|| panic!("a script without src: <script{tag}>"))
                .1;
            src[..src.find('"').unwrap()].to_string()
        })
        .collect()
}

/// The module each `import` statement of a script names (`import { a } from '/js/x.js';`, on
/// one line or several, or `import '/js/x.js';`).
fn imports(script: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut statement: Option<String> = None;
    for line in script.lines() {
        if statement.is_none() && line.starts_with("import") {
            statement = Some(String::new());
        }
        if let Some(s) = statement.as_mut() {
            s.push_str(line);
            if line.trim_end().ends_with(';') {
                found.push(specifier(&statement.take().unwrap()));
            }
        }
    }
    assert!(
        statement.is_none(),
        "an import without its ';': {statement:?}"
    );
    found
}

/// The quoted module name that ends an import statement.
fn specifier(statement: &str) -> String {
    let s = statement.trim_end().trim_end_matches(';').trim_end();
    let quote = s
        .chars()
        .last()
        .filter(|c| *c == '\'' || *c == '"')
        .unwrap_or_else(|| panic!("an import that does not end with a quoted name: {statement}"));
    let s = &s[..s.len() - 1];
    s[s.rfind(quote).unwrap() + 1..].to_string()
}

/// Every `.js` file under `dir`, as the path it would be served at (relative to `root`).
fn scripts_under(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scripts_under(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "js") {
            let rel = path.strip_prefix(root).unwrap().to_str().unwrap();
            out.insert(format!("/{}", rel.replace('\\', "/")));
        }
    }
}
