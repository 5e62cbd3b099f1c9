//! Numbered game records in a folder (`game-001.sgf`, ...), as the arena and self-play write
//! them. A match or a self-play run can be split into jobs by game number (on other
//! machines, say): the jobs' records put into one folder are the records of a single run,
//! and the match's table is counted again from them.

use std::io;
use std::path::{Path, PathBuf};

use super::arena::{Ending, GameResult, Table};
use crate::game::{Cell, Color, Move};
use crate::player::book::Followed;
use crate::sgf::{self, Record};

/// The file name of game `number`.
pub fn file_name(number: u32) -> String {
    format!("game-{number:03}.sgf")
}

/// Writes game `number`'s record into `dir` under its [`file_name`], and gives its path. The
/// error names the file.
pub fn save(dir: &Path, number: u32, record: &Record) -> io::Result<PathBuf> {
    let path = dir.join(file_name(number));
    std::fs::write(&path, record.to_string())
        .map_err(|e| io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display())))?;
    Ok(path)
}

/// The files of games `numbers`, as a reader is told where they are: `game-007.sgf`, or
/// `game-001.sgf to game-040.sgf`.
pub fn span(numbers: &std::ops::RangeInclusive<u32>) -> String {
    let [first, last] = [numbers.start(), numbers.end()].map(|&n| file_name(n));
    if first == last {
        first
    } else {
        format!("{first} to {last}")
    }
}

/// The game number of a record's file name, if it is one.
pub fn number_of(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("game-")?.strip_suffix(".sgf")?;
    let plain = digits.len() >= 3 && digits.bytes().all(|b| b.is_ascii_digit());
    plain.then(|| digits.parse().ok()).flatten()
}

/// Whether a record's player `name` (its `PB` or `PW`) is the one `wanted` asks for: its
/// text inside the name, ignoring case; any player when none is asked for.
pub fn is_player(wanted: Option<&str>, name: Option<&str>) -> bool {
    wanted.is_none_or(|wanted| {
        name.is_some_and(|name| name.to_lowercase().contains(&wanted.to_lowercase()))
    })
}

/// The records of a folder by game number (files with other names are left alone).
pub fn read_dir(dir: &Path) -> io::Result<Vec<(u32, Record)>> {
    let named = |path: &Path, e: &dyn std::fmt::Display| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: {e}", path.display()),
        )
    };
    let mut records = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let Some(number) = path
            .file_name()
            .and_then(|n| number_of(&n.to_string_lossy()))
        else {
            continue;
        };
        let input = input::open(&path)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, text::with_source(&e)))?;
        let record = sgf::parse(&input.text).map_err(|e| named(&path, &e))?;
        records.push((number, record));
    }
    records.sort_by_key(|&(number, _)| number);
    Ok(records)
}

/// A match's table counted from its records by game number (the first program is Black in
/// the odd-numbered games, as [`super::arena::Match::play`] plays them), with the programs'
/// names as the records give them. The records must be of one match: one board, the same
/// two players in the colours the numbers give them. On a record without a result, or of
/// another match, its number and why.
pub fn tally(records: &[(u32, Record)]) -> Result<(Table, [String; 2]), (u32, String)> {
    let mut table = Table::default();
    let mut names: [Option<String>; 2] = [None, None];
    let mut size = None;
    for (number, record) in records {
        let black = usize::from(number % 2 == 0);
        let winner = match record.result.as_deref().and_then(|r| r.chars().next()) {
            Some('B') => Color::Black,
            Some('W') => Color::White,
            _ => return Err((*number, "no result (RE[B+...] or RE[W+...])".into())),
        };
        let players = [&record.black, &record.white].map(|n| n.clone().unwrap_or_default());
        let [first, second] = [players[black].clone(), players[1 - black].clone()];
        let first = names[0].get_or_insert(first).clone();
        let second = names[1].get_or_insert(second).clone();
        let size = *size.get_or_insert(record.cols);
        let [b, w] = if black == 0 {
            [&first, &second]
        } else {
            [&second, &first]
        };
        if record.square() != Some(size) || players != [b.clone(), w.clone()] {
            let why = format!(
                "{} against {} on {}x{}, where the records before are {first} against {second} \
                 on {size}x{size} (the first Black in odd games): the records of another match",
                players[0], players[1], record.cols, record.rows
            );
            return Err((*number, why));
        }
        table.add(&GameResult {
            black,
            winner,
            ending: Ending::Connected,
            // A record keeps neither the solver's verdict nor the time taken.
            adjudication: None,
            record: record.clone(),
            moves: [(0, std::time::Duration::ZERO); 2],
        });
    }
    Ok((table, names.map(Option::unwrap_or_default)))
}

/// The records in `dirs` as a book follows them: each record's moves (up to a swap or a
/// resignation) with a side the book plays (the player named `player` in `PB` or `PW`, or
/// each side in turn), for the records of a `size` board without setup stones.
pub fn followed_games(
    dirs: &[PathBuf],
    size: u8,
    player: Option<&str>,
) -> Result<Vec<Followed>, String> {
    let mut games = Vec::new();
    for dir in dirs {
        let saved = read_dir(dir)
            .map_err(|e| format!("cannot read the records in {}: {e}", dir.display()))?;
        for (_, record) in saved {
            if record.square() != Some(size) || !record.setup.is_empty() {
                continue;
            }
            let moves: Vec<Cell> = (record.moves.iter())
                .map_while(|&(_, mv)| match mv {
                    Move::Play(point) => Some(point),
                    _ => None,
                })
                .collect();
            for (color, name) in [(Color::Black, &record.black), (Color::White, &record.white)] {
                if is_player(player, name.as_deref()) {
                    let won = (record.result.as_deref())
                        .is_some_and(|result| result.starts_with(color.letter()));
                    games.push(Followed {
                        moves: moves.clone(),
                        side: color,
                        won,
                    });
                }
            }
        }
    }
    Ok(games)
}

/// Why a new run may not save its records in a folder.
#[derive(Debug, thiserror::Error)]
pub enum RunConflict {
    /// The folder cannot be read.
    #[error("{}: {source}", dir.display())]
    Unreadable {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// It holds the records of the same match, but not those just before the run's first
    /// game.
    #[error(
        "{}/ holds the records of another run ({} to {}): give another --sgf-dir, remove \
         them, or go on with that match with --first-game {next}",
        dir.display(), file_name(*low), file_name(*high)
    )]
    NotNext {
        /// The folder.
        dir: PathBuf,
        /// The first and last games it holds.
        low: u32,
        /// The last.
        high: u32,
        /// The game a run going on with them would start from.
        next: u32,
    },
    /// It holds the records of another match (other players or another size).
    #[error(
        "{}/ holds the records of another run ({} to {}), of another match: give another \
         --sgf-dir or remove them",
        dir.display(), file_name(*low), file_name(*high)
    )]
    OtherMatch {
        /// The folder.
        dir: PathBuf,
        /// The first game it holds.
        low: u32,
        /// The last.
        high: u32,
    },
}

/// Whether a new run of games `first..` between `names` on a `size` board may save its
/// records in `dir`: yes if it holds none, or if the run goes on with the next games of the
/// match they are the records of; otherwise why not, in words that name the folder, so that
/// two runs never mix in one folder.
pub fn check_new_run(
    dir: &Path,
    first: u32,
    size: u8,
    names: [&str; 2],
) -> Result<(), RunConflict> {
    let saved = match read_dir(dir) {
        Ok(saved) => saved,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(source) => {
            let dir = dir.to_path_buf();
            return Err(RunConflict::Unreadable { dir, source });
        }
    };
    let (Some(&(low, _)), Some(&(high, _))) = (saved.first(), saved.last()) else {
        return Ok(());
    };
    let same = tally(&saved).is_ok_and(|(_, found)| found == names.map(String::from))
        && saved
            .iter()
            .all(|(_, record)| record.square() == Some(size));
    let dir = dir.to_path_buf();
    match (same, high.checked_add(1)) {
        (true, Some(next)) if next == first => Ok(()),
        (true, Some(next)) => Err(RunConflict::NotNext {
            dir,
            low,
            high,
            next,
        }),
        _ => Err(RunConflict::OtherMatch { dir, low, high }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cell, Move};

    #[test]
    fn file_names_and_numbers() {
        assert_eq!(file_name(7), "game-007.sgf");
        assert_eq!(file_name(1234), "game-1234.sgf");
        assert_eq!(number_of("game-007.sgf"), Some(7));
        assert_eq!(number_of("game-1234.sgf"), Some(1234));
        for other in ["game-7.sgf", "game-00x.sgf", "game-007.txt", "notes.sgf"] {
            assert_eq!(number_of(other), None, "{other}");
        }
    }

    #[test]
    fn a_span_names_its_first_and_last_files() {
        assert_eq!(span(&(7..=7)), "game-007.sgf");
        assert_eq!(span(&(1..=40)), "game-001.sgf to game-040.sgf");
    }

    #[test]
    fn a_saved_record_is_read_back_by_its_number() {
        let dir = std::env::temp_dir().join(format!("hex-records-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let saved = record("one", "two", Some("B+"));
        let path = save(&dir, 12, &saved).unwrap();
        assert_eq!(path, dir.join("game-012.sgf"));
        let read = read_dir(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].0, 12);
        assert_eq!(read[0].1.to_string(), saved.to_string());
        let missing = dir.join("no such folder");
        let err = save(&missing, 1, &saved).unwrap_err();
        assert!(err.to_string().contains("cannot write"), "{err}");
        assert!(err.to_string().contains("no such folder"), "{err}");
    }

    fn record(black: &str, white: &str, result: Option<&str>) -> Record {
        Record {
            rows: 2,
            cols: 2,
            setup: Vec::new(),
            moves: vec![(Color::Black, Move::Play(Cell::parse("a1", 2).unwrap()))],
            black: Some(black.into()),
            white: Some(white.into()),
            result: result.map(String::from),
            searched: Vec::new(),
        }
    }

    #[test]
    fn the_table_is_counted_from_the_records() {
        // The first program, "one", is Black in odd games: it wins game 1 as Black and
        // game 4 as White; "two" wins game 2 as Black.
        let records = [
            (1, record("one", "two", Some("B+"))),
            (2, record("two", "one", Some("B+Resign"))),
            (4, record("two", "one", Some("W+Time"))),
        ];
        let (table, names) = tally(&records).unwrap();
        assert_eq!(names, ["one", "two"]);
        assert_eq!(table.tallies[0][0].wins, 1);
        assert_eq!(table.tallies[0][1].games, 2);
        assert_eq!(table.tallies[0][1].wins, 1);
        assert_eq!((table.wins(0), table.wins(1)), (2, 1));
        let unfinished = [(5, record("one", "two", None))];
        assert_eq!(tally(&unfinished).unwrap_err().0, 5);
    }

    #[test]
    fn the_records_of_two_matches_are_not_counted_as_one() {
        let mixed = [
            (1, record("one", "two", Some("B+"))),
            (2, record("two", "three", Some("B+"))),
        ];
        let (number, why) = tally(&mixed).unwrap_err();
        assert_eq!(number, 2);
        assert!(why.contains("the records of another match"), "{why}");
        let mut other_size = record("two", "one", Some("B+"));
        (other_size.rows, other_size.cols) = (3, 3);
        let mixed = [(1, record("one", "two", Some("B+"))), (2, other_size)];
        assert_eq!(tally(&mixed).unwrap_err().0, 2);
    }

    #[test]
    fn a_new_run_goes_on_with_its_match_or_keeps_out_of_a_folder_of_records() {
        let dir = std::env::temp_dir().join(format!("hex-records-{}", std::process::id()));
        let names = ["one", "two"];
        assert!(check_new_run(&dir, 1, 2, names).is_ok());
        std::fs::create_dir_all(&dir).unwrap();
        assert!(check_new_run(&dir, 1, 2, names).is_ok());
        for (number, record) in [
            (1, record("one", "two", Some("B+"))),
            (2, record("two", "one", Some("B+"))),
        ] {
            std::fs::write(dir.join(file_name(number)), record.to_string()).unwrap();
        }
        // The next game of the same match is welcome; game 1 again, or another match, not.
        assert!(check_new_run(&dir, 3, 2, names).is_ok());
        let again = check_new_run(&dir, 1, 2, names).unwrap_err().to_string();
        assert!(again.ends_with("game-001.sgf to game-002.sgf): give another --sgf-dir, remove them, or go on with that match with --first-game 3"), "{again}");
        let other = check_new_run(&dir, 3, 2, ["one", "three"])
            .unwrap_err()
            .to_string();
        assert!(
            other.ends_with("of another match: give another --sgf-dir or remove them"),
            "{other}"
        );
        assert!(check_new_run(&dir, 3, 5, names).is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
