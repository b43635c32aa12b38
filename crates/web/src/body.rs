//! The JSON body extractor: every rejection becomes an [`ApiError`] with a one-line message
//! naming the field at fault (`game.pegs: invalid type: string "x", expected u32`).

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderValue, StatusCode};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A JSON request body, read with the route's size limit and deserialised strictly.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        check_content_type(req.headers().get(CONTENT_TYPE))?;
        let limit = req
            .extensions()
            .get::<BodyLimit>()
            .map(|l| l.0)
            .unwrap_or(0);
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::TooLarge(limit)
            } else {
                ApiError::BadRequest(format!("cannot read the request body: {e}"))
            }
        })?;
        parse(&bytes).map(ApiJson)
    }
}

/// Refuses a body not declared as JSON. A missing declaration is refused too: it is what a
/// cross-site `fetch(url, {mode: "no-cors", body: blob})` sends, and requiring
/// `application/json` makes any cross-site request need a CORS preflight, which this server
/// never grants.
fn check_content_type(value: Option<&HeaderValue>) -> Result<(), ApiError> {
    let Some(ct) = value else {
        return Err(ApiError::MediaType(
            "the request has no Content-Type header: expected application/json".into(),
        ));
    };
    let text = ct.to_str().unwrap_or("(not text)");
    let mime = text
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    if mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json")) {
        return Ok(());
    }
    let cut: String = text.chars().take(80).collect();
    Err(ApiError::MediaType(format!(
        "content type {cut:?} is not supported: expected application/json"
    )))
}

/// The body limit in force for a route, recorded so that the 413 message can quote it.
#[derive(Clone, Copy, Debug)]
pub struct BodyLimit(pub usize);

/// Deserialises a body, naming the path of a bad field.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::BadRequest(
            "the request body is empty: expected a JSON object".into(),
        ));
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            ApiError::BadRequest(format!("the request body is not valid JSON: {inner}"))
        } else if path == "." {
            ApiError::BadRequest(format!("bad request body: {inner}"))
        } else {
            ApiError::BadRequest(format!("bad request body at {path}: {inner}"))
        }
    })?;
    de.end().map_err(|e| {
        ApiError::BadRequest(format!(
            "the request body has text after the JSON value: {e}"
        ))
    })?;
    Ok(value)
}
