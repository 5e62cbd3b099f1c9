//! A load test on loopback: the site in a child process, N clients making moves for T
//! seconds, half of them in Hi-Q (a jump: the click, then the page it leads to) and half in
//! Hex on an 11 x 11 board with the analyser on (a stone, then the page with both players'
//! shortest completions). Prints requests a second, latency percentiles, errors, and the
//! server's peak memory (VmHWM).
//!
//! `cargo run --release -p web --example load -- [CLIENTS] [SECONDS]` (64 and 30 by default).

use std::io::BufRead;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

type Http = Client<hyper_util::client::legacy::connect::HttpConnector, Empty<Bytes>>;

/// A small random generator (xorshift), one per client.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// What one client saw.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: u64,
}

impl Tally {
    /// GETs `path`, expecting `status`; returns the `Location` header.
    async fn get(&mut self, http: &Http, base: &str, path: &str, status: u16) -> Option<String> {
        let uri: hyper::Uri = format!("{base}{path}").parse().ok()?;
        let started = Instant::now();
        let response = http.get(uri).await;
        let Ok(response) = response else {
            self.errors += 1;
            return None;
        };
        let got = response.status().as_u16();
        let location = response
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .map(String::from);
        let body = response.into_body().collect().await;
        self.latencies.push(started.elapsed());
        if got != status || body.is_err() {
            self.errors += 1;
            return None;
        }
        location.or(Some(String::new()))
    }
}

async fn hiq_client(http: Http, base: String, seed: u64, stop: Arc<AtomicBool>) -> Tally {
    let layout = hiq::Layout::english();
    let start = hiq::Position::from_bits(layout.full().bits() & !layout.centre().bit());
    let mut rng = Rng(seed | 1);
    let mut tally = Tally::default();
    let mut now = start;
    let mut jumps: Vec<String> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let legal: Vec<hiq::Jump> = layout.legal_jumps(now).collect();
        if legal.is_empty() {
            now = start;
            jumps.clear();
            continue;
        }
        let jump = legal[rng.below(legal.len())];
        let path = format!(
            "/hiq?jumps={}&sel={}&click={}",
            jumps.join("."),
            jump.from,
            jump.to
        );
        let Some(next) = tally.get(&http, &base, &path, 303).await else {
            continue;
        };
        if tally.get(&http, &base, &next, 200).await.is_some() {
            now = now.after(jump);
            jumps.push(format!("{}-{}", jump.from, jump.to));
        }
    }
    tally
}

async fn hex_client(http: Http, base: String, seed: u64, stop: Arc<AtomicBool>) -> Tally {
    let mut rng = Rng(seed | 1);
    let mut tally = Tally::default();
    // The page's game is the engine's: Black first, then turn about.
    let fresh = || hex::game::Game::new(11).expect("size 11");
    let mut game = fresh();
    let mut moves: Vec<String> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        if game.winner().is_some() {
            game = fresh();
            moves.clear();
        }
        let free: Vec<hex::game::Cell> = game.empty_points().collect();
        let point = free[rng.below(free.len())];
        let cell = point;
        let path = format!("/hex?moves={}&show=1&click={cell}", moves.join("."));
        let Some(next) = tally.get(&http, &base, &path, 303).await else {
            continue;
        };
        if tally.get(&http, &base, &next, 200).await.is_some() {
            game.play(game.to_move(), hex::game::Move::Play(point))
                .expect("an empty point");
            moves.push(cell.to_string());
        }
    }
    tally
}

fn peak_memory_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn serve() {
    let stop = async {
        // Ends when the parent closes our stdin.
        let _ = tokio::task::spawn_blocking(|| {
            let mut line = String::new();
            let _ = std::io::stdin().read_line(&mut line);
        })
        .await;
    };
    let ready = |addr: std::net::SocketAddr| {
        println!("{addr}");
    };
    web::run(([127, 0, 0, 1], 0).into(), ready, stop).expect("the site serves");
}

fn main() {
    if std::env::var_os("LOAD_SERVE").is_some() {
        serve();
        return;
    }
    let mut args = std::env::args().skip(1);
    let clients: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(64);
    let seconds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(30);
    let mut child = Command::new(std::env::current_exe().expect("this program"))
        .env("LOAD_SERVE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut addr = String::new();
    std::io::BufReader::new(child.stdout.take().expect("its stdout"))
        .read_line(&mut addr)
        .expect("the server's address");
    let base = format!("http://{}", addr.trim());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let done = AtomicU64::new(0);
    let (tallies, elapsed) = runtime.block_on(async {
        let http: Http = Client::builder(TokioExecutor::new())
            .pool_max_idle_per_host(clients)
            .build_http();
        let stop = Arc::new(AtomicBool::new(false));
        let started = Instant::now();
        let tasks: Vec<_> = (0..clients)
            .map(|k| {
                let (http, base, stop) = (http.clone(), base.clone(), stop.clone());
                let seed = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(k as u64 + 1);
                if k % 2 == 0 {
                    tokio::spawn(hiq_client(http, base, seed, stop))
                } else {
                    tokio::spawn(hex_client(http, base, seed, stop))
                }
            })
            .collect();
        let bar = indicatif::ProgressBar::new(seconds).with_style(
            indicatif::ProgressStyle::with_template("load {bar:30} {pos}/{len} s")
                .expect("the template is valid"),
        );
        for _ in 0..seconds {
            tokio::time::sleep(Duration::from_secs(1)).await;
            bar.inc(1);
        }
        bar.finish_and_clear();
        stop.store(true, Ordering::Relaxed);
        let mut tallies = Vec::new();
        for task in tasks {
            tallies.push(task.await.expect("a client"));
            done.fetch_add(1, Ordering::Relaxed);
        }
        (tallies, started.elapsed())
    });
    let peak = peak_memory_kb(child.id());
    drop(child.stdin.take());
    let _ = child.wait();
    let report = |name: &str, tallies: &[&Tally]| {
        let mut latencies: Vec<Duration> = tallies
            .iter()
            .flat_map(|t| t.latencies.iter().copied())
            .collect();
        latencies.sort();
        let errors: u64 = tallies.iter().map(|t| t.errors).sum();
        let pick = |q: f64| {
            latencies
                .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
                .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
        };
        println!(
            "{name:<6} {:>9} {:>9.0} {:>8.2} {:>8.2} {:>8.2} {errors:>6}",
            latencies.len(),
            latencies.len() as f64 / elapsed.as_secs_f64(),
            pick(0.5),
            pick(0.99),
            latencies.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0),
        );
    };
    println!(
        "{clients} clients for {:.1} s on {base}",
        elapsed.as_secs_f64()
    );
    println!(
        "{:<6} {:>9} {:>9} {:>8} {:>8} {:>8} {:>6}",
        "pages", "requests", "req/s", "p50 ms", "p99 ms", "max ms", "errors"
    );
    let all: Vec<&Tally> = tallies.iter().collect();
    let hiq: Vec<&Tally> = tallies.iter().step_by(2).collect();
    let hex: Vec<&Tally> = tallies.iter().skip(1).step_by(2).collect();
    report("hiq", &hiq);
    report("hex", &hex);
    report("all", &all);
    match peak {
        Some(kb) => println!("server peak memory (VmHWM): {:.1} MB", kb as f64 / 1024.0),
        None => println!("server peak memory: unknown (no /proc)"),
    }
}
