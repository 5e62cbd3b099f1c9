//! Long work (solvers, searches) off the async threads: a few at a time, each bounded.

use std::sync::LazyLock;

use tokio::sync::Semaphore;

use crate::{LIMITS, WebError};

static SLOTS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(LIMITS.searches));

/// Runs `job` on a blocking thread once a slot is free, waiting at most [`LIMITS`]`.queue`
/// for it and [`LIMITS`]`.search` for the answer. A job past its time goes on to its end on
/// its thread (the solvers cannot be interrupted) but keeps its slot until then, so that
/// late jobs never pile up.
pub async fn run<T: Send + 'static>(
    what: &str,
    job: impl FnOnce() -> T + Send + 'static,
) -> Result<T, WebError> {
    let permit = tokio::time::timeout(LIMITS.queue, SLOTS.acquire())
        .await
        .map_err(|_| WebError::Busy)?
        .map_err(|_| WebError::Busy)?;
    let handle = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        job()
    });
    match tokio::time::timeout(LIMITS.search, handle).await {
        Ok(Ok(answer)) => Ok(answer),
        Ok(Err(failed)) => {
            // A job ends early only by panicking (nothing cancels it): a bug, logged with what
            // the panic said, and answered as one.
            let why = failed.try_into_panic().ok().and_then(|payload| {
                (payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .or_else(|| payload.downcast_ref::<String>().cloned())
            });
            eprintln!(
                "boardgames serve: {what} panicked: {}",
                why.as_deref().unwrap_or("(no message)")
            );
            Err(WebError::Internal(what.to_string()))
        }
        Err(_) => Err(WebError::TooLong(format!(
            "{what} did not finish within {} s",
            LIMITS.search.as_secs()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use axum::http::StatusCode;
    use axum::response::IntoResponse;

    use super::*;

    #[tokio::test]
    async fn a_panicking_job_is_a_server_error_not_a_bad_request() {
        let failed = run("the test's search", || -> u32 { panic!("a bug") })
            .await
            .unwrap_err();
        assert!(matches!(failed, WebError::Internal(_)), "{failed:?}");
        assert_eq!(
            failed.into_response().status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
        assert_eq!(run("a search", || 7).await.unwrap(), 7);
    }
}
