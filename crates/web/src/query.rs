//! The query string of a page, read into its parameters; a query that cannot be read gets the
//! site's own error page, as every other malformed request does.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::WebError;

/// A page's parameters from its query string (axum's `Query`, refused as a [`WebError`]
/// instead of axum's plain-text rejection).
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, WebError> {
        match axum::extract::Query::<T>::try_from_uri(&parts.uri) {
            Ok(axum::extract::Query(params)) => Ok(Query(params)),
            Err(rejection) => Err(refusal(
                parts.uri.query().unwrap_or_default(),
                &rejection.body_text(),
            )),
        }
    }
}

/// A switch of the query (a check box, `1`): on when given, not empty and not `0`.
pub fn flag(value: Option<&str>) -> bool {
    matches!(value, Some(v) if !v.is_empty() && v != "0")
}

/// Why `query` was refused: a parameter the page does not take (a misspelling, most
/// likely), or one given twice (the only other ways a query of optional text parameters
/// fails to read), else the reader's own words.
fn refusal(query: &str, reason: &str) -> WebError {
    if let Some((name, expected)) = unknown_field(reason) {
        return WebError::bad(format!(
            "the query has no parameter `{name}` (misspelt?); this page takes {expected}"
        ));
    }
    let mut seen = std::collections::HashSet::new();
    let repeated =
        form_urlencoded::parse(query.as_bytes()).find(|(name, _)| !seen.insert(name.clone()));
    match repeated {
        Some((name, _)) => WebError::bad(format!(
            "the query gives `{name}` more than once; give each parameter once"
        )),
        None => WebError::bad(format!("the query cannot be read: {reason}")),
    }
}

/// The parameter named in serde's "unknown field `NAME`, expected one of `A`, `B`" (the
/// pages' parameters deny unknown fields), and the list of those expected.
fn unknown_field(reason: &str) -> Option<(&str, &str)> {
    let (_, rest) = reason.split_once("unknown field `")?;
    let (name, rest) = rest.split_once('`')?;
    let expected = rest
        .split_once("expected one of ")
        .or_else(|| rest.split_once("expected "))
        .map_or("no parameters", |(_, list)| list);
    Some((name, expected))
}

#[cfg(test)]
mod tests {
    use super::refusal;

    #[test]
    fn a_repeated_parameter_is_named() {
        let why = refusal("size=5&click=a1&click=b2", "duplicate field `click`");
        assert_eq!(
            why.to_string(),
            "the query gives `click` more than once; give each parameter once"
        );
        // Names are compared decoded.
        let why = refusal("jumps=1&%6Aumps=2", "duplicate field `jumps`");
        assert!(why.to_string().contains("`jumps`"), "{why}");
    }

    #[test]
    fn a_parameter_the_page_does_not_take_is_named() {
        let why = refusal(
            "pegs=zzz",
            "Failed to deserialize query string: unknown field `pegs`, expected one of `board`, `start`",
        );
        assert_eq!(
            why.to_string(),
            "the query has no parameter `pegs` (misspelt?); this page takes `board`, `start`"
        );
    }

    #[test]
    fn otherwise_the_readers_reason_is_given() {
        let why = refusal("a=1", "something else");
        assert_eq!(why.to_string(), "the query cannot be read: something else");
    }
}
