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
        Ok(Err(_)) => Err(WebError::bad(format!("{what} failed on this input"))),
        Err(_) => Err(WebError::TooLong(format!(
            "{what} did not finish within {} s",
            LIMITS.search.as_secs()
        ))),
    }
}
