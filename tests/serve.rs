//! `boardgames serve` as a user runs it: it prints its URL once it serves, answers on it, and
//! ends cleanly on Ctrl-C (SIGINT); `--svg DIR` writes the pictures and exits.

use std::io::Read;
use std::process::Command;
use std::time::{Duration, Instant};

mod common;
use common::{BIN, get, serve as start};

#[test]
#[cfg(unix)]
fn serves_until_ctrl_c() {
    let (mut server, addr) = start(&["--port", "0"]);
    let response = get(&addr, "/hiq?jumps=5-17");
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

/// A port another program listens on is refused with the way out: another port, or any free
/// one.
#[test]
fn a_busy_port_suggests_another() {
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    let output = Command::new(BIN)
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!(
            "error: cannot serve on 127.0.0.1:{port} (another program listens on port {port}: give another with --port, or --port 0 for any free one): "
        )),
        "{stderr}"
    );
    assert!(stderr.contains("in use"), "{stderr}");
}

/// `--bind` takes a host name, resolved as the system does: `localhost` is 127.0.0.1.
#[test]
fn binds_a_host_name() {
    let (mut server, addr) = start(&["--bind", "localhost", "--port", "0"]);
    let response = get(&addr, "/");
    let _ = server.kill();
    let _ = server.wait();
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{response}");
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
