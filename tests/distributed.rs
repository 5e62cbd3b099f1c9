//! The distributed driver (scripts/distributed/driver.py) on a local Ray cluster of two
//! workers, one of which it kills while a job is under way: the 5x5 openings, a 4-game match
//! and a few self-play games, each put together and checked against the one-machine run.
//!
//! It needs the driver's venv (scripts/distributed/setup-venv makes it; .ci/run does): without
//! it the test skips with a message, except under `CI`, where it fails. Every process the
//! driver starts (Ray's own included) is in a session of its own, killed at the end by id,
//! whatever happened.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BINARY: &str = env!("CARGO_BIN_EXE_boardgames");

/// The venv's Python, or none (with the test failing under CI).
fn python() -> Option<PathBuf> {
    let venv = std::env::var_os("BOARDGAMES_RAY_VENV").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/distributed/.venv"),
        PathBuf::from,
    );
    let python = venv.join("bin/python");
    if python.exists() {
        return Some(python);
    }
    let message = format!(
        "no Ray venv at {} (scripts/distributed/setup-venv makes it)",
        venv.display()
    );
    if std::env::var_os("CI").is_some() {
        panic!("{message}: the distributed tests cannot run under CI without it");
    }
    // To the process's stderr itself: the harness keeps what `eprintln!` prints from a
    // passing test, and a test that skips is listed `ok` as one that ran.
    use std::io::Write as _;
    let _ = writeln!(
        std::io::stderr(),
        "NOT RUN, though listed `ok`: the distributed test (tests/distributed.rs): {message}; \
         .ci/run makes it"
    );
    None
}

/// Kills, on drop, every process of the session the driver leads.
struct Session(u32);

impl Drop for Session {
    fn drop(&mut self) {
        for pid in in_session(self.0) {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
    }
}

/// The processes of session `sid`, from /proc.
fn in_session(sid: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let session = |pid: &str| -> Option<u32> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // After the command's name in parentheses: state, ppid, pgrp, session.
        let rest = &stat[stat.rfind(')')? + 1..];
        rest.split_whitespace().nth(3)?.parse().ok()
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| session(&pid.to_string()) == Some(sid))
        .collect()
}

/// Runs the driver in a session of its own with two workers, killing a worker once, in a new
/// `out`; its result.
fn driver(python: &Path, out: &Path, args: &[&str]) -> String {
    let _ = std::fs::remove_dir_all(out);
    driver_again(python, out, args)
}

/// The same in `out` as an earlier run left it; one local cluster at a time.
fn driver_again(python: &Path, out: &Path, args: &[&str]) -> String {
    static ONE_CLUSTER: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _alone = ONE_CLUSTER
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let chaos = out.with_extension("chaos");
    let _ = std::fs::remove_dir_all(&chaos);
    std::fs::create_dir_all(&chaos).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/distributed/driver.py");
    let child = Command::new("setsid")
        .arg(python)
        .arg(script)
        .args(["--workers", "2", "--binary", BINARY, "--chaos-dir"])
        .arg(&chaos)
        .arg(args[0])
        .arg("--out")
        .arg(out)
        .args(&args[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("setsid and the venv's python run");
    let _session = Session(child.id());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the driver failed:\n{stderr}");
    assert!(
        stderr.contains("chaos: killed worker"),
        "no worker was killed:\n{stderr}"
    );
    std::fs::read_to_string(out.join("result.txt")).unwrap()
}

fn binary(args: &[&str], dir: &Path) -> String {
    let output = Command::new(BINARY)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// The table's lines with each opening's row cut to its cell and winner: how a row was found
/// (its own search, or another losing opening's proof, which depends on which openings a job
/// saw) is left out with what depends on the search's history (proof sizes, counts, times, the
/// reply found), and so are the totals and the count of openings settled by a proof.
fn winners(table: &str) -> Vec<String> {
    let is_cell = |word: &str| {
        let mut chars = word.chars();
        chars.next().is_some_and(|c| c.is_ascii_uppercase()) && chars.as_str().parse::<u8>().is_ok()
    };
    table
        .lines()
        .filter(|line| !line.starts_with("total:") && !line.contains("outside the proof of"))
        .map(
            |line| match line.split_whitespace().collect::<Vec<_>>()[..] {
                [cell, winner, _, _, _, ..] if is_cell(cell) => format!("{cell} {winner}"),
                _ => line.to_string(),
            },
        )
        .collect()
}

fn files(dir: &Path) -> Vec<(String, String)> {
    let mut found: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    found.sort();
    found
}

#[test]
fn jobs_on_a_local_ray_cluster_give_the_one_machine_results() {
    let Some(python) = python() else { return };
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("distributed");
    std::fs::create_dir_all(&work).unwrap();

    // The 5x5 openings, a job each.
    let out = work.join("solve");
    let table = driver(&python, &out, &["solve", "--size", "5", "--first", "o"]);
    let alone = binary(&["hex", "solve", "--openings", "5", "--first", "o"], &work);
    assert_eq!(winners(&table), winners(&alone), "{table}");
    assert!(!table.contains("unknown within"), "{table}");
    // Each opening searched is recorded once in the merged proofs, and a run given them
    // prints the same table without searching again.
    let merged = std::fs::read_to_string(out.join("proofs.txt")).unwrap();
    let records: Vec<&str> = merged.lines().filter(|l| l.contains(" opening ")).collect();
    assert_eq!(records.len(), 13, "{merged}");
    let book = out.join("proofs.txt");
    let reused = Command::new(BINARY)
        .args([
            "hex",
            "solve",
            "--openings",
            "5",
            "--first",
            "o",
            "--nodes",
            "0",
        ])
        .arg("--book")
        .arg(&book)
        .arg("--proofs-out")
        .arg(work.join("reused.txt"))
        .output()
        .unwrap();
    let reused = String::from_utf8(reused.stdout).unwrap();
    let rows = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with("total:"))
            .map(String::from)
            .collect()
    };
    assert_eq!(rows(&reused), rows(&table));

    // A 4-game match, a game a job: the same table and the same records.
    let out = work.join("arena");
    let player = ["-n", "4", "--playouts", "60", "--threads", "1"];
    let mut args = vec!["arena", "--games", "4", "--per-job", "1", "--"];
    args.extend(player);
    let run = driver(&python, &out, &args);
    // The arena refuses a folder that holds another run's records: an earlier run's go.
    let _ = std::fs::remove_dir_all(work.join("arena-alone"));
    let mut alone = vec!["hex", "arena", "-g", "4", "--sgf-dir", "arena-alone"];
    alone.extend(player);
    let table = binary(&alone, &work);
    assert_eq!(run, table);
    assert_eq!(files(&out.join("games")), files(&work.join("arena-alone")));

    // Five self-play games, two a job.
    let out = work.join("selfplay");
    let player = [
        "-n",
        "5",
        "--playouts",
        "100",
        "--threads",
        "1",
        "--seed",
        "3",
    ];
    let mut args = vec!["selfplay", "--games", "5", "--per-job", "2", "--"];
    args.extend(player);
    let run = driver(&python, &out, &args);
    let mut alone = vec!["hex", "selfplay", "-g", "5", "--out", "selfplay-alone"];
    alone.extend(player);
    let lines = binary(&alone, &work);
    assert_eq!(run, lines);
    let records = files(&out.join("records"));
    assert_eq!(records.len(), 5);
    assert_eq!(records, files(&work.join("selfplay-alone")));
}

#[test]
fn a_rerun_searches_again_the_openings_left_unknown() {
    let Some(python) = python() else { return };
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("distributed-rerun");
    std::fs::create_dir_all(&work).unwrap();
    let out = work.join("solve");
    // At most 2048 positions an opening: C1 of 6x6 needs more, and is left unknown with some
    // proofs saved.
    let first = driver(
        &python,
        &out,
        &["solve", "--size", "6", "--", "--nodes", "2048"],
    );
    assert!(
        first.contains("C1       unknown within the limits"),
        "{first}"
    );
    let proofs = std::fs::read_to_string(out.join("open-C1/proofs.txt")).unwrap();
    assert!(
        !proofs.is_empty() && !proofs.contains(" opening "),
        "{proofs}"
    );
    let done = |cell: &str| {
        let marker = out.join(format!("open-{cell}/done"));
        std::fs::metadata(marker).unwrap().modified().unwrap()
    };
    let (a1, c1) = (done("A1"), done("C1"));

    // Without the limit: C1 alone is searched again, and the table is the one-machine one.
    let table = driver_again(&python, &out, &["solve", "--size", "6"]);
    assert!(!table.contains("unknown within"), "{table}");
    assert_eq!(done("A1"), a1);
    assert_ne!(done("C1"), c1);
    let alone = binary(
        &["hex", "solve", "--openings", "6", "--threads", "1"],
        &work,
    );
    assert_eq!(winners(&table), winners(&alone), "{table}");
}
