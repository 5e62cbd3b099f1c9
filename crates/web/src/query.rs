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

/// Why `query` was refused: the parameter given twice when there is one (the only way a
/// query of optional text parameters fails to read), else the reader's own words.
fn refusal(query: &str, reason: &str) -> WebError {
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
    fn otherwise_the_readers_reason_is_given() {
        let why = refusal("a=1", "something else");
        assert_eq!(why.to_string(), "the query cannot be read: something else");
    }
}
