//! What goes wrong with a request, as a 4xx page that says what (or a 500 for a bug).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::page;

/// A request the server will not or cannot answer as asked.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The request is malformed: a parameter out of range, input that does not parse, a move
    /// that is not legal.
    #[error("{0}")]
    Bad(String),
    /// No such page.
    #[error("no such page")]
    NotFound,
    /// Every search slot is taken; try again shortly.
    #[error("the server is busy with other searches; try again in a moment")]
    Busy,
    /// The search did not finish within its time.
    #[error("{0}")]
    TooLong(String),
    /// A bug: the work for the request failed (it panicked). The server logs it.
    #[error("{0} failed: this is a bug in the server, not a fault of the request")]
    Internal(String),
}

impl WebError {
    /// A malformed request, with what is wrong.
    pub fn bad(message: impl Into<String>) -> WebError {
        WebError::Bad(message.into())
    }

    fn status(&self) -> StatusCode {
        match self {
            WebError::Bad(_) => StatusCode::BAD_REQUEST,
            WebError::NotFound => StatusCode::NOT_FOUND,
            WebError::Busy => StatusCode::TOO_MANY_REQUESTS,
            WebError::TooLong(_) => StatusCode::REQUEST_TIMEOUT,
            WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let body = format!(
            "<p class=\"error\" id=\"error\">{}</p>\n<p><a href=\"javascript:history.back()\">Back</a></p>\n",
            page::escape(&self.to_string())
        );
        let title = match self.status() {
            StatusCode::NOT_FOUND => "Not found",
            StatusCode::BAD_REQUEST => "Bad request",
            StatusCode::INTERNAL_SERVER_ERROR => "Server error",
            _ => "Not now",
        };
        (self.status(), page::html(page::page("", title, &body))).into_response()
    }
}
