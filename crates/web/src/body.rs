//! The JSON body extractor: every rejection becomes an [`ApiError`] with a one-line message
//! naming the field at fault (`game.pegs must be a whole number from 1 to 16, got the text
//! "x"`).

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
    Err(ApiError::MediaType(format!(
        "content type {} is not supported: expected application/json",
        codebreak_core::error::quote(text)
    )))
}

/// The body limit in force for a route, recorded so that the 413 message can quote it.
#[derive(Clone, Copy, Debug)]
pub struct BodyLimit(pub usize);

/// serde_json's data error without its trailing ` at line L column C`.
fn without_position(text: &str) -> String {
    match text.rfind(" at line ") {
        Some(i) if text[i..].contains(" column ") => text[..i].to_string(),
        _ => text.to_string(),
    }
}

/// The whole numbers of the requests, and their ranges in words: the libraries' documented
/// ranges, the same the command line checks.
fn number_range(field: &str) -> Option<String> {
    use codebreak_core::spec::{COLORS, PEGS, SIZE};
    let r = match field {
        "pegs" => PEGS,
        "colors" => COLORS,
        "size" => SIZE,
        "attempts" => codebreak_session::ATTEMPTS,
        "max_depth" => codebreak_search::MAX_DEPTH,
        "show" => codebreak_session::SHOW,
        "answer" => return Some("from 1 (the first answer)".into()),
        "seed" | "secret_seed" => return Some(format!("from 0 to {}", u64::MAX)),
        _ => return None,
    };
    Some(format!("from {} to {}", r.min, r.max))
}

/// `game.colors must be a whole number from 1 to 64, got 4.5` for a number field given a
/// fraction, a negative number, text or anything else; `None` for other errors.
fn number_message(path: &str, text: &str) -> Option<String> {
    let rest = text
        .strip_prefix("invalid type: ")
        .or_else(|| text.strip_prefix("invalid value: "))?;
    let (got, expected) = rest.split_once(", expected ")?;
    if !matches!(expected, "u8" | "u16" | "u32" | "u64" | "usize") {
        return None;
    }
    let field = path.rsplit('.').next().unwrap_or(path);
    let range = number_range(field).unwrap_or_else(|| "of 0 or more".into());
    let got = match got.split_once('`') {
        Some((_, v)) => v.trim_end_matches('`').to_string(),
        None => match got.strip_prefix("string ") {
            Some(quoted) => format!("the text {quoted}"),
            None => match got {
                "map" => "an object".into(),
                "sequence" => "a list".into(),
                other => other.to_string(),
            },
        },
    };
    Some(format!("{path} must be a whole number {range}, got {got}"))
}

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
            return ApiError::BadRequest(format!("the request body is not valid JSON: {inner}"));
        }
        // A data error: its position in the text means nothing to a form, and serde's wording
        // ("invalid type: floating point `4.5`, expected u32") is rewritten for numbers.
        let text = without_position(&inner.to_string());
        if let Some(message) = number_message(&path, &text) {
            ApiError::BadRequest(message)
        } else if text.starts_with("unknown ")
            && text.contains(": expected ")
            && !text.starts_with("unknown field")
            && !text.starts_with("unknown variant")
        {
            // A name that is not one of an option's values (a strategy, a pool, a game):
            // well-formed, but an invalid value.
            ApiError::Invalid(format!("{path}: {text}"))
        } else if path == "." {
            ApiError::BadRequest(format!("bad request body: {text}"))
        } else {
            ApiError::BadRequest(format!("bad request body at {path}: {text}"))
        }
    })?;
    de.end().map_err(|e| {
        ApiError::BadRequest(format!(
            "the request body has text after the JSON value: {e}"
        ))
    })?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::GameSpec;
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Req {
        game: Option<GameSpec>,
        attempts: Option<u32>,
        other: Option<u32>,
    }

    fn message(body: &str) -> String {
        parse::<Req>(body.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn number_fields_say_what_they_take() {
        let body = r#"{"game": {"game": "mastermind", "pegs": 4, "colors": 4.5}}"#;
        assert_eq!(
            message(body),
            "game.colors must be a whole number from 1 to 64, got 4.5"
        );
        assert_eq!(
            message(r#"{"attempts": -3}"#),
            "attempts must be a whole number from 1 to 100, got -3"
        );
        assert_eq!(
            message(r#"{"game": {"game": "bulls", "pegs": "four"}}"#),
            "game.pegs must be a whole number from 1 to 16, got the text \"four\""
        );
        assert_eq!(
            message(r#"{"other": [1]}"#),
            "other must be a whole number of 0 or more, got a list"
        );
        // Other errors keep serde's wording, without the position.
        let m = message(r#"{"colour": 3}"#);
        assert!(m.contains("unknown field `colour`"), "{m}");
        assert!(!m.contains("line 1"), "{m}");
        assert!(message("{").contains("not valid JSON"));
    }
}
