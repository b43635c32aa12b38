//! Errors: [`ApiError`] for a refused request (always a 4xx JSON response
//! `{"error": "<one line>"}`, sometimes with details), [`ServeError`] for a server that cannot
//! start.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use thiserror::Error;

/// A refused request. Messages are lowercase, name the bad value and say what was expected.
#[derive(Debug, Error)]
pub enum ApiError {
    /// 400: the body is not JSON, or not shaped like the request (unknown or missing fields,
    /// wrong types).
    #[error("{0}")]
    BadRequest(String),
    /// 404: no such session, job or route.
    #[error("{what} {id:?} does not exist: it ended, expired or never existed")]
    NotFound {
        /// What was looked for ("play session", "job").
        what: &'static str,
        /// The id given.
        id: String,
    },
    /// 404 for a route.
    #[error("no such endpoint: {0}")]
    NoRoute(String),
    /// 405.
    #[error("method not allowed: {0}")]
    Method(String),
    /// 409: the request conflicts with the session's state (a game already over, nothing to
    /// undo).
    #[error("{0}")]
    Conflict(String),
    /// 409: the replies contradict each other, whatever the game's size; the body is the
    /// library's [`Contradiction`](codebreak_session::Contradiction): `{"error", "clues",
    /// "conflict", "quality", "moves", "diagnosis"}`.
    #[error("{}", .0.error)]
    Contradiction(Box<codebreak_session::Contradiction>),
    /// 403: the request comes from elsewhere: a `Host` that is not this server (DNS
    /// rebinding) or an `Origin` that is not its own page.
    #[error("{0}")]
    Forbidden(String),
    /// 413: the body is larger than the limit.
    #[error("request body is larger than the limit of {0} bytes")]
    TooLarge(usize),
    /// 415: the body is not declared as JSON (or not declared at all).
    #[error("{0}")]
    MediaType(String),
    /// 422: well-formed but invalid values (a game, code, reply, strategy or option).
    #[error("{0}")]
    Invalid(String),
    /// 422: the work asked for is larger than the server's interactive budget.
    #[error("{0}")]
    TooBig(String),
    /// 429: too many live sessions or pending jobs.
    #[error("{0}")]
    Busy(String),
    /// 503: the server's memory budget for sessions is used up by live games.
    #[error("{0}")]
    Unavailable(String),
    /// 500: a bug (a library panic caught on the worker thread). Never expected.
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound { .. } | ApiError::NoRoute(_) => StatusCode::NOT_FOUND,
            ApiError::Method(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) | ApiError::Contradiction(_) => StatusCode::CONFLICT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::MediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Invalid(_) | ApiError::TooBig(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Busy(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// Any library error with a good message, as 422.
    pub fn invalid(e: impl std::fmt::Display) -> ApiError {
        ApiError::Invalid(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = self.to_string().replace('\n', " ");
        let body = match self {
            ApiError::Contradiction(c) => {
                serde_json::to_value(&*c).unwrap_or(json!({"error": message}))
            }
            _ => json!({"error": message}),
        };
        (status, Json(body)).into_response()
    }
}

/// A server that cannot start or stops with an error.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The address cannot be bound.
    #[error("cannot listen on {addr}: {reason}")]
    Bind {
        /// The address asked for.
        addr: String,
        /// Why (part of the message, so not a separate source).
        reason: std::io::Error,
    },
    /// The server stopped.
    #[error("the server stopped: {0}")]
    Io(std::io::Error),
}
