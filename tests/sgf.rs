//! One HexGui file through every door that reads SGF: `boardgames hex solve`, the GTP engine's
//! `loadsgf`, and the web page. Each must show the same stones on the same cells, Black's
//! where HexGui shows Black's.

use std::collections::BTreeMap;
use std::process::{Child, Command};

use hex::gtp::Engine;
use hex::player::Player;
use hex::sgf;

mod common;
use common::BIN;

/// As HexGui saves it: Black c3, White c4, Black b4 (the letter the column, a1 top left).
const RECORD: &str = "(;FF[4]GM[11]SZ[5];B[c3];W[c4];B[b4])";

/// The stones a door shows: the cell's name (`C3`) and `B` or `W`.
type Stones = BTreeMap<String, char>;

fn cell(row: usize, col: usize) -> String {
    format!("{}{}", char::from(b'A' + col as u8), row + 1)
}

/// The stones of a board drawn one row a line, `cells(line)` giving a row's marks in order.
fn stones<'a>(
    lines: impl Iterator<Item = &'a str>,
    cells: impl Fn(&'a str) -> Vec<&'a str>,
    black: &str,
    white: &str,
) -> Stones {
    let mut found = Stones::new();
    for (row, line) in lines.enumerate() {
        for (col, mark) in cells(line).into_iter().enumerate() {
            if mark == black {
                found.insert(cell(row, col), 'B');
            } else if mark == white {
                found.insert(cell(row, col), 'W');
            }
        }
    }
    found
}

/// `boardgames hex solve FILE`: the contest's board, Black as O (top to bottom), White as X.
fn solve(path: &std::path::Path) -> (Stones, String) {
    let output = Command::new(BIN)
        .args(["hex", "solve"])
        .arg(path)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines = text.lines();
    let heading = lines.next().unwrap().to_string();
    let board = lines.take(5);
    (
        stones(board, |line| line.split_whitespace().collect(), "O", "X"),
        heading,
    )
}

/// GTP `loadsgf FILE` then `showboard`, in memory.
fn gtp(path: &std::path::Path) -> Stones {
    let mut engine = Engine::new(Player::default());
    let mut out = Vec::new();
    let input = format!("loadsgf {}\nshowboard\n", path.display());
    engine
        .run(
            std::io::Cursor::new(input.into_bytes()),
            &mut out,
            std::io::sink(),
        )
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("= \n\n= \n"), "{text}");
    let rows = text.lines().filter(|line| line.matches('\\').count() == 2);
    stones(
        rows,
        |line| {
            let inside = &line[line.find('\\').unwrap() + 1..line.rfind('\\').unwrap()];
            inside.split_whitespace().collect()
        },
        "B",
        "W",
    )
}

/// `boardgames serve` on a free port, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start() -> Server {
        let (child, addr) = common::serve(&["--port", "0"]);
        Server { child, addr }
    }

    /// The response to a GET of `target`: the status line, the `Location` header, the body.
    fn get(&self, target: &str) -> (String, String, String) {
        let response = common::get(&self.addr, target);
        let (head, body) = response.split_once("\r\n\r\n").unwrap();
        let location = head
            .lines()
            .find_map(|line| line.strip_prefix("location: "))
            .unwrap_or_default();
        let status = head.lines().next().unwrap();
        (status.to_string(), location.to_string(), body.to_string())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `text` fit for a query value: everything but letters and digits as `%XX`.
fn escaped(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The page's board: each stone's cell (`data-click`) and side (`cell o` Black, `cell x` White).
fn page_stones(page: &str) -> Stones {
    let mut found = Stones::new();
    for (class, color) in [("cell o", 'B'), ("cell x", 'W')] {
        let tag = format!("<g class=\"{class}\" data-click=\"");
        for (at, _) in page.match_indices(&tag) {
            let rest = &page[at + tag.len()..];
            found.insert(rest[..rest.find('"').unwrap()].to_string(), color);
        }
    }
    found
}

#[test]
fn a_hexgui_file_shows_the_same_stones_through_every_door() {
    let dir = std::env::temp_dir().join(format!("boardgames-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("three.sgf");
    std::fs::write(&path, RECORD).unwrap();
    let expected: Stones = [("C3", 'B'), ("B4", 'B'), ("C4", 'W')]
        .into_iter()
        .map(|(name, color)| (name.to_string(), color))
        .collect();

    let (solved, heading) = solve(&path);
    assert_eq!(solved, expected, "hex solve");
    // White (the contest's X) is to move after Black's two stones and White's one.
    assert_eq!(heading, "Data set 1, X to move:");

    assert_eq!(gtp(&path), expected, "GTP loadsgf");

    let server = Server::start();
    let (status, location, _) = server.get(&format!("/hex?sgf={}", escaped(RECORD)));
    assert!(status.contains("303"), "{status}");
    let (status, _, page) = server.get(&location);
    assert!(status.contains("200"), "{status}");
    assert_eq!(page_stones(&page), expected, "the web page at {location}");
    assert!(
        page.contains("<b>White (red, left to right)</b> to play"),
        "{page}"
    );
    // And back out: the page's SGF is the same game to the engine's reader.
    let (_, _, saved) = server.get(&location.replacen("/hex?", "/hex.sgf?", 1));
    assert_eq!(
        sgf::parse(&saved).unwrap().moves,
        sgf::parse(RECORD).unwrap().moves
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The records of `data/hex/` (made by `scripts/records/hex`: MoHex's, and this engine's
/// self-play) read as records: each a legal game with its result, each move's searched visits
/// on cells empty before it (for MoHex's, summing to at most the 2,000 simulations of a
/// search), the move played among them; a move of this engine's that its solver proved has
/// only its value.
#[test]
fn the_packed_records_read_with_their_visits() {
    let archives = [
        (11u8, "mohex", Some(2000), 300),
        (13, "mohex", Some(2000), 300),
        (11, "selfplay", None, 100),
    ];
    for (size, kind, most, fewest) in archives {
        let dir = std::env::temp_dir().join(format!(
            "boardgames-records-{kind}-{size}-{}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let archive = format!("data/hex/records-{size}x{size}-{kind}.tar.xz");
        let status = Command::new("tar")
            .args(["-xJf", &archive, "-C"])
            .arg(&dir)
            .status()
            .expect("tar runs");
        assert!(status.success(), "tar -xJf {archive}");
        let mut games = 0;
        for entry in std::fs::read_dir(dir.join(kind)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "sgf") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let record = sgf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(record.square(), Some(size), "{}", path.display());
            let result = record.result.as_deref().unwrap_or_default();
            assert!(
                result.starts_with("B+") || result.starts_with("W+"),
                "{}",
                path.display()
            );
            assert_eq!(
                record.searched.len(),
                record.moves.len(),
                "{}",
                path.display()
            );
            for (i, searched) in record.searched.iter().enumerate() {
                let Some(searched) = searched else { continue };
                // This engine's solver proves some moves without a search: a value of 1 and
                // no visits.
                if kind == "selfplay" && searched.visits.is_empty() {
                    assert_eq!(
                        searched.value,
                        Some(1000),
                        "{}: move {}",
                        path.display(),
                        i + 1
                    );
                    continue;
                }
                let before = record.game_at(i).unwrap();
                let total: u64 = searched.visits.iter().map(|&(_, n)| n).sum();
                assert!(
                    total > 0 && most.is_none_or(|most| total <= most),
                    "{}: move {}",
                    path.display(),
                    i + 1
                );
                assert!(
                    searched
                        .visits
                        .iter()
                        .all(|&(at, _)| before.get(at).is_none()),
                    "{}: move {}",
                    path.display(),
                    i + 1
                );
                let hex::game::Move::Play(played) = record.moves[i].1 else {
                    panic!("{}: move {} is not a stone", path.display(), i + 1)
                };
                assert!(
                    searched.visits.iter().any(|&(at, _)| at == played),
                    "{}: move {}",
                    path.display(),
                    i + 1
                );
            }
            games += 1;
        }
        let _ = std::fs::remove_dir_all(&dir);
        assert!(games >= fewest, "{games} records of {size}x{size} ({kind})");
    }
}
