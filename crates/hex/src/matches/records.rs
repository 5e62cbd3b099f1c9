//! Numbered game records in a folder (`game-001.sgf`, ...), as the arena and self-play write
//! them. A match or a self-play run can be split into jobs by game number (on other
//! machines, say): the jobs' records put into one folder are the records of a single run,
//! and the match's table is counted again from them.

use std::io;
use std::path::{Path, PathBuf};

use super::arena::{Ending, GameResult, Table};
use crate::game::{Color, Move, Point};
use crate::player::book::Followed;
use crate::sgf::{self, Record};

/// The file name of game `number`.
pub fn file_name(number: u32) -> String {
    format!("game-{number:03}.sgf")
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
        let input = text::Input::open(&path)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, text::with_source(&e)))?;
        let record = sgf::parse(&input.text).map_err(|e| named(&path, &e))?;
        records.push((number, record));
    }
    records.sort_by_key(|&(number, _)| number);
    Ok(records)
}

/// A match's table counted from its records by game number (the first program is Black in
/// the odd-numbered games, as [`super::arena::Match::play`] plays them), with the programs'
/// names as the records give them. On a record without a result, its number and why.
pub fn tally(records: &[(u32, Record)]) -> Result<(Table, [String; 2]), (u32, String)> {
    let mut table = Table::default();
    let mut names = [None, None];
    for (number, record) in records {
        let black = usize::from(number % 2 == 0);
        let winner = match record.result.as_deref().and_then(|r| r.chars().next()) {
            Some('B') => Color::Black,
            Some('W') => Color::White,
            _ => return Err((*number, "no result (RE[B+...] or RE[W+...])".into())),
        };
        names[black].get_or_insert_with(|| record.black.clone().unwrap_or_default());
        names[1 - black].get_or_insert_with(|| record.white.clone().unwrap_or_default());
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
            if record.size != size || !record.setup.is_empty() {
                continue;
            }
            let moves: Vec<Point> = (record.moves.iter())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Move, Point};

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

    fn record(black: &str, white: &str, result: Option<&str>) -> Record {
        Record {
            size: 2,
            setup: Vec::new(),
            moves: vec![(Color::Black, Move::Play(Point::parse("a1", 2).unwrap()))],
            black: Some(black.into()),
            white: Some(white.into()),
            result: result.map(String::from),
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
}
