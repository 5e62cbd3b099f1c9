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
    /// A malformed request, with what is wrong; a value it quotes (between backquotes) is
    /// cut to an excerpt, and the whole message is bounded, so that a page that refuses a
    /// long value stays short.
    pub fn bad(message: impl Into<String>) -> WebError {
        WebError::Bad(bounded(&message.into()))
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

/// The most characters of a quoted value a refusal shows.
const EXCERPT: usize = 60;
/// The most characters of a refusal.
const MESSAGE: usize = 1000;

/// `message` with each value quoted between backquotes cut to its first [`EXCERPT`]
/// characters (and how long it was said), and the whole cut to [`MESSAGE`] characters.
fn bounded(message: &str) -> String {
    let parts: Vec<&str> = message.split('`').collect();
    let mut out = String::new();
    // The quoted values are the odd parts with a closing backquote after them.
    let mut note = None;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push('`');
        }
        if let Some(length) = note.take() {
            out.push_str(&format!(" ({length} characters in all)"));
        }
        let length = part.chars().count();
        if i % 2 == 1 && i + 1 < parts.len() && length > EXCERPT {
            out.extend(part.chars().take(EXCERPT));
            out.push_str("...");
            note = Some(length);
        } else {
            out.push_str(part);
        }
    }
    match out.char_indices().nth(MESSAGE) {
        Some((end, _)) => format!("{}...", &out[..end]),
        None => out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_value_is_quoted_as_an_excerpt() {
        let long = "A1.".repeat(20_000);
        let message = WebError::bad(format!("moves: `{long}` is not a list of cells")).to_string();
        assert!(message.len() < 200, "{message}");
        assert!(
            message.starts_with(&format!(
                "moves: `{}...` (60000 characters in all)",
                &long[..60]
            )),
            "{message}"
        );
        assert!(message.ends_with(" is not a list of cells"), "{message}");
        // Short values are quoted whole, an unmatched backquote left as it is.
        assert_eq!(bounded("size: `x` is not `a"), "size: `x` is not `a");
        // However it is made, a refusal is bounded.
        let message = bounded(&"x".repeat(5000));
        assert_eq!(message.chars().count(), MESSAGE + 3);
    }
}
