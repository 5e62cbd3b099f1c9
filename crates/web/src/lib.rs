//! `boardgames serve`: the five games as web pages, drawn as SVG from the game crates' typed
//! positions and played by clicking.
//!
//! Every page is a function of its URL: the position, the deal or the game so far is in the
//! query string, so the server keeps nothing for a client and a link shows what its sender
//! saw. A click on a board goes to the page's URL with `click=<what was clicked>`, and the
//! server answers with the next URL (a redirect) or the same page with a note. Work that can
//! take long (solving, searching) runs off the async threads, a few at a time, each bounded in
//! time ([`LIMITS`]); a malformed request gets a 4xx page that says what is wrong.
//!
//! ```
//! let app: axum::Router = web::app();
//! # drop(app);
//! ```

#![deny(missing_docs)]

#[cfg(feature = "clap")]
pub mod cli;
mod error;
mod hex;
mod hiq;
mod home;
mod megacheckers;
mod page;
mod patolli;
mod query;
mod solitaire;
mod work;

use std::future::Future;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::time::Duration;

use axum::Router;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

pub use error::WebError;

/// The bounds every request lives within.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The largest request body, in bytes.
    pub body: usize,
    /// The longest contest input or pasted game, in bytes.
    pub text: usize,
    /// The longest a request may take before it is answered `408`.
    pub request: Duration,
    /// The longest a solver or search may think for one request.
    pub search: Duration,
    /// How many searches may run at once; more wait, and give up with `429` after
    /// [`Limits::queue`].
    pub searches: usize,
    /// How long a request waits for a free search.
    pub queue: Duration,
}

/// The limits the server runs with.
pub const LIMITS: Limits = Limits {
    body: 64 * 1024,
    text: 32 * 1024,
    request: Duration::from_secs(30),
    search: Duration::from_secs(10),
    searches: 2,
    queue: Duration::from_secs(5),
};

/// The whole site as a router, with its limits applied (body size, request time).
pub fn app() -> Router {
    Router::new()
        .route("/", get(home::page))
        .route("/hiq", get(hiq::page))
        .route("/hiq.svg", get(hiq::picture))
        .route("/hex", get(hex::page))
        .route("/hex.svg", get(hex::picture))
        .route("/hex.sgf", get(hex::sgf))
        .route("/solitaire-chess", get(solitaire::page))
        .route("/solitaire-chess.svg", get(solitaire::picture))
        .route("/megacheckers", get(megacheckers::page))
        .route("/megacheckers.svg", get(megacheckers::picture))
        .route("/patolli", get(patolli::page))
        .route("/patolli.svg", get(patolli::picture))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .fallback(not_found)
        .layer(RequestBodyLimitLayer::new(LIMITS.body))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            LIMITS.request,
        ))
}

/// The pictures of the home page, one per game, as `(file name, SVG)`: what
/// `boardgames serve --svg DIR` writes.
pub fn pictures() -> Vec<(&'static str, String)> {
    home::pictures()
}

/// A host to listen on that resolves to no address.
#[derive(Debug, thiserror::Error)]
#[error("{host} resolves to no address{}", .why.as_ref().map_or(String::new(), |why| format!(" ({why})")))]
pub struct Unresolved {
    /// The host as given.
    pub host: String,
    /// What the resolver said, if it failed.
    pub why: Option<String>,
}

/// The address to listen on for `host`: an address as written, or the first address a host
/// name resolves to, IPv4 first (a name such as `localhost` may resolve to both 127.0.0.1 and
/// ::1, and the default address is IPv4).
pub fn resolve(host: &str) -> Result<IpAddr, Unresolved> {
    if let Ok(addr) = host.parse() {
        return Ok(addr);
    }
    let unresolved = |why: Option<String>| Unresolved {
        host: host.into(),
        why,
    };
    let found = (host, 0)
        .to_socket_addrs()
        .map_err(|err| unresolved(Some(err.to_string())))?;
    let mut found: Vec<IpAddr> = found.map(|addr| addr.ip()).collect();
    found.sort_by_key(IpAddr::is_ipv6);
    found.first().copied().ok_or_else(|| unresolved(None))
}

/// Serves [`app`] on `addr` until `shutdown` completes, on a runtime of its own; `ready` is
/// told the address actually bound (port 0 picks a free one) once connections are accepted.
pub fn run(
    addr: SocketAddr,
    ready: impl FnOnce(SocketAddr),
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        axum::serve(listener, app())
            .with_graceful_shutdown(shutdown)
            .await
    })
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM: the signal to stop serving.
pub async fn stop_signal() {
    let ctrl_c = async {
        // Without a handler there is nothing to wait for: serve until killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../assets/app.js"),
    )
}

async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../assets/style.css"),
    )
}

async fn not_found() -> WebError {
    WebError::NotFound
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_taken_as_written_and_localhost_is_ipv4_first() {
        assert_eq!(
            resolve("::1").unwrap(),
            IpAddr::from([0u16, 0, 0, 0, 0, 0, 0, 1])
        );
        assert_eq!(resolve("0.0.0.0").unwrap(), IpAddr::from([0, 0, 0, 0]));
        assert_eq!(resolve("localhost").unwrap(), IpAddr::from([127, 0, 0, 1]));
        let unresolved = Unresolved {
            host: "nowhere".into(),
            why: None,
        };
        assert_eq!(unresolved.to_string(), "nowhere resolves to no address");
    }
}
