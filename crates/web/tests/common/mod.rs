//! The harness of the browser tests: the site on a free port, Debian's chromedriver on
//! another, a headless Chromium session, screenshots under `target/screenshots/`.
//!
//! Without a browser the tests skip, saying so on stderr past the harness's capture (once),
//! except under `CI`, where they fail: CI installs `chromium` and `chromium-driver`
//! (`.ci/run`).

#![allow(dead_code)]

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

/// One browser at a time: the machine has two cores.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The longest any wait for the page lasts.
pub const WAIT: Duration = Duration::from_secs(10);

/// A program on the PATH (or at one of `also`), if there is one.
fn find(name: &str, also: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .chain(also.iter().map(PathBuf::from))
        .find(|candidate| candidate.is_file())
}

/// The chromedriver and Chromium to use, or `None` (with a message) when this machine has
/// none and the tests may skip.
fn browser() -> Option<(PathBuf, PathBuf)> {
    let driver = find("chromedriver", &["/usr/bin/chromedriver"]);
    let chromium = std::env::var_os("CHROME")
        .map(PathBuf::from)
        .or_else(|| find("chromium", &["/usr/bin/chromium"]))
        .or_else(|| find("google-chrome", &[]));
    match (driver, chromium) {
        (Some(driver), Some(chromium)) => Some((driver, chromium)),
        _ => {
            let message = "no chromedriver or chromium on this machine \
                 (apt-get install chromium chromium-driver)";
            if std::env::var_os("CI").is_some() {
                panic!("{message}: the browser tests cannot run under CI without them");
            }
            // Said once, to the process's stderr itself: the harness keeps what `eprintln!`
            // prints from a passing test, and a test that skips is listed `ok` as one that ran.
            static TOLD: std::sync::Once = std::sync::Once::new();
            TOLD.call_once(|| {
                use std::io::Write as _;
                let _ = writeln!(
                    std::io::stderr(),
                    "NOT RUN, though listed `ok`: the browser tests (crates/web/tests/browser.rs): \
                     {message}; .ci/run installs them"
                );
            });
            None
        }
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .expect("a free port on loopback")
}

/// A chromedriver process, ended when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Runs `test` against a fresh site and browser, unless the machine has no browser (outside
/// CI). `test` gets the browser and the site's base URL (`http://127.0.0.1:PORT`).
pub fn with_browser<F>(test: F)
where
    F: AsyncFnOnce(&Client, &str),
{
    let Some((driver_path, chromium)) = browser() else {
        return;
    };
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let site = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, web::app()).await });

        let port = free_port();
        let _driver = Driver(
            Command::new(&driver_path)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts"),
        );
        let started = Instant::now();
        while TcpStream::connect(SocketAddr::from(([127, 0, 0, 1], port))).is_err() {
            assert!(
                started.elapsed() < WAIT,
                "chromedriver did not listen within {WAIT:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update",
                    "--window-size=1280,900",
                ],
            }),
        );
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a browser session");
        test(&client, &site).await;
        let _ = client.close().await;
    });
}

/// The element `css` selects, waiting for it a bounded time.
pub async fn element(client: &Client, css: &str) -> fantoccini::elements::Element {
    client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|err| panic!("no `{css}` on the page within {WAIT:?}: {err}"))
}

/// The text of the element `css` selects.
pub async fn text(client: &Client, css: &str) -> String {
    element(client, css)
        .await
        .text()
        .await
        .expect("the element's text")
}

/// Clicks the element `css` selects and waits for the page that follows to have `then`.
pub async fn click(client: &Client, css: &str, then: &str) {
    element(client, css)
        .await
        .click()
        .await
        .unwrap_or_else(|err| panic!("click {css}: {err}"));
    wait_for(client, then).await;
}

/// Waits until the page has an element `css` selects (a bounded time).
pub async fn wait_for(client: &Client, css: &str) {
    element(client, css).await;
}

/// Waits until the URL has `part` in it (a bounded time).
pub async fn wait_for_url(client: &Client, part: &str) {
    let started = Instant::now();
    loop {
        let url = client.current_url().await.expect("the URL").to_string();
        if url.contains(part) {
            return;
        }
        assert!(
            started.elapsed() < WAIT,
            "the URL {url} did not come to hold {part:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Saves a screenshot of the page as `target/screenshots/<name>.png`.
pub async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("the screenshot saved");
}
