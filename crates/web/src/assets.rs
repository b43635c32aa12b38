//! The page and its assets, embedded in the binary: nothing is fetched from anywhere else, and
//! the Content-Security-Policy forbids the page to try.
//!
//! The page's script is ES modules: `/app.js` (the entry point) imports the modules under
//! `/js/`, grouped like the server's handlers. Each file is one row of [`ASSETS`]; a module
//! missing from it fails the test that requests every module the page imports.

use axum::Router;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderName, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::api::AppState;

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// One embedded file: the path it is served at, read from `static/` at build time.
macro_rules! file {
    ($route:literal, $file:literal, $content_type:expr) => {
        (
            $route,
            include_str!(concat!("../static/", $file)),
            $content_type,
        )
    };
}

/// Every file of the page: route, content, content type.
const ASSETS: &[(&str, &str, &str)] = &[
    file!("/", "index.html", HTML),
    file!("/index.html", "index.html", HTML),
    file!("/app.css", "app.css", CSS),
    file!("/favicon.svg", "favicon.svg", SVG),
    file!("/app.js", "app.js", JS),
    file!("/js/util.js", "js/util.js", JS),
    file!("/js/api.js", "js/api.js", JS),
    file!("/js/state.js", "js/state.js", JS),
    file!("/js/board.js", "js/board.js", JS),
    file!("/js/chooser.js", "js/chooser.js", JS),
    file!("/js/hint.js", "js/hint.js", JS),
    file!("/js/play.js", "js/play.js", JS),
    file!("/js/solve.js", "js/solve.js", JS),
    file!("/js/analysis.js", "js/analysis.js", JS),
    file!("/js/optimal.js", "js/optimal.js", JS),
    file!("/js/chart.js", "js/chart.js", JS),
    file!("/js/tree.js", "js/tree.js", JS),
    file!("/js/review.js", "js/review.js", JS),
    file!("/js/keep.js", "js/keep.js", JS),
    file!("/js/words.js", "js/words.js", JS),
    file!("/js/assist.js", "js/assist.js", JS),
    file!("/js/diagnosis.js", "js/diagnosis.js", JS),
    file!("/js/opener.js", "js/opener.js", JS),
];

/// Only this server's own files; no inline script, no other origin.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

fn asset(body: &'static str, content_type: &'static str) -> Response {
    let headers = [
        (CONTENT_TYPE, HeaderValue::from_static(content_type)),
        (CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        (
            HeaderName::from_static("content-security-policy"),
            HeaderValue::from_static(CSP),
        ),
        (
            HeaderName::from_static("x-content-type-options"),
            HeaderValue::from_static("nosniff"),
        ),
        (
            HeaderName::from_static("referrer-policy"),
            HeaderValue::from_static("no-referrer"),
        ),
    ];
    (headers, body).into_response()
}

/// Routes of the page: one per row of [`ASSETS`].
pub fn routes() -> Router<AppState> {
    ASSETS
        .iter()
        .fold(Router::new(), |router, &(route, body, content_type)| {
            router.route(route, get(move || async move { asset(body, content_type) }))
        })
}
