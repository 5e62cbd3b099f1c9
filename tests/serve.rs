//! `boardgames serve` as a user runs it: it prints its URL once it serves, answers on it, and
//! ends cleanly on Ctrl-C (SIGINT); `--svg DIR` writes the pictures and exits.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_boardgames");

#[test]
#[cfg(unix)]
fn serves_until_ctrl_c() {
    let mut server = Command::new(BIN)
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardgames serve starts");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|word| word.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no URL on 127.0.0.1 in {line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/');

    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream
        .write_all(b"GET /hiq?jumps=5-17 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{response}");
    assert!(response.contains("<b id=\"pegs\">31</b>"));

    let status = Command::new("kill")
        .args(["-INT", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    let exit = loop {
        if let Some(exit) = server.try_wait().unwrap() {
            break exit;
        }
        if started.elapsed() > Duration::from_secs(10) {
            let _ = server.kill();
            panic!("the server did not stop within 10 s of Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(exit.success(), "{exit:?}");
    let mut stderr = String::new();
    server
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(stderr, "stopped\n");
}

#[test]
fn svg_writes_the_pictures() {
    let dir = std::env::temp_dir().join(format!("boardgames-svg-{}", std::process::id()));
    let output = Command::new(BIN)
        .args(["serve", "--svg"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(output.status.success());
    for game in ["hiq", "hex", "solitaire-chess", "megacheckers", "patolli"] {
        let picture = std::fs::read_to_string(dir.join(format!("{game}.svg"))).unwrap();
        assert!(
            picture.starts_with("<svg") && picture.contains("data-click"),
            "{game}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
