//! The proof file: solved positions that later runs (and other jobs) reuse.
//!
//! A text file of records, one a line: the board size, the position's key (16 hex digits),
//! `win` or `loss` for the side to move, and a winning move (`-` for a loss), in the
//! orientation of the key. A line `SIZE opening FIRST CELL WINNER REPLY PROOF SEARCHED
//! SECONDS` records a solved opening as `hex solve --openings` shows it (REPLY `-` when the
//! first player wins), so that a table can be put together from the files of the jobs that
//! solved its openings. Files written by independent jobs can be concatenated.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::Path;
use std::time::Duration;

use text::{ParseError, Tokens};

use super::Proof;
use super::dfpn::Dfpn;
use crate::board::{Cell, Color};
use crate::cells::{Cells, Spot};
use crate::geometry::Geometry;
use crate::player::book::BookError as FileError;

/// An error in a proof file, with its line and column.
pub type BookError = ParseError;

/// Solved positions by board size and key: (side to move wins, winning move's index); and
/// solved openings by board size, first player and cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProofBook {
    positions: HashMap<(u8, u64), (bool, Option<Spot>)>,
    openings: BTreeMap<(u8, char, Cell), Proof>,
}

impl ProofBook {
    /// Reads a proof file.
    pub fn parse(text: &str) -> Result<ProofBook, BookError> {
        let mut tokens = Tokens::new(text);
        let mut book = ProofBook::default();
        while tokens.peek().is_some() {
            let expected = "a board size 1 to 11";
            let token = tokens.expect(expected)?;
            let size: u8 = token
                .parse::<u8>(expected)
                .ok()
                .filter(|size| (1..=super::MAX_SOLVER_SIZE).contains(size))
                .ok_or_else(|| token.error(expected))?;
            let expected = "a position key (16 hex digits)";
            let token = tokens.expect(expected)?;
            if token.text == "opening" {
                let (first, cell, proof) = opening(&mut tokens, size)?;
                book.add_opening(size, first, cell, proof);
                continue;
            }
            let key = (token.text.len() == 16)
                .then(|| u64::from_str_radix(token.text, 16).ok())
                .flatten()
                .ok_or_else(|| token.error(expected))?;
            let expected = "`win` or `loss`";
            let token = tokens.expect(expected)?;
            let wins = match token.text {
                "win" => true,
                "loss" => false,
                _ => return Err(token.error(expected)),
            };
            let expected = if wins {
                "a winning move like C3"
            } else {
                "`-` (a loss has no winning move)"
            };
            let token = tokens.expect(expected)?;
            let best = match (wins, token.text) {
                (false, "-") => None,
                (true, name) => Cell::parse(name, size)
                    .map(|cell| Spot::at(cell.row.into(), cell.col.into(), size.into()))
                    .map(Some)
                    .ok_or_else(|| token.error(expected))?,
                _ => return Err(token.error(expected)),
            };
            book.positions.insert((size, key), (wins, best));
        }
        Ok(book)
    }

    /// The recorded result of an opening, the other side to move.
    pub fn opening(&self, size: u8, first: Color, cell: Cell) -> Option<Proof> {
        self.openings
            .get(&(size, first.contest_letter(), cell))
            .copied()
    }

    /// Records an opening's result. A result already there is kept: a job that ran twice
    /// counts once.
    pub fn add_opening(&mut self, size: u8, first: Color, cell: Cell, proof: Proof) {
        self.openings
            .entry((size, first.contest_letter(), cell))
            .or_insert(proof);
    }

    /// How many positions the book holds.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the book is empty.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Adds every other book's positions.
    pub fn merge(&mut self, other: ProofBook) {
        self.positions.extend(other.positions);
        for ((size, first, cell), proof) in other.openings {
            self.openings.entry((size, first, cell)).or_insert(proof);
        }
    }

    /// The proof files among `paths` that exist, read and merged (`None` when none does, so
    /// that a run may name the file it is about to write); an error names the file, and the
    /// line and column.
    pub fn read_existing(paths: &[impl AsRef<Path>]) -> Result<Option<ProofBook>, FileError> {
        let mut merged: Option<ProofBook> = None;
        for path in paths.iter().map(AsRef::as_ref).filter(|path| path.exists()) {
            let book = input::open(path)?.parse(ProofBook::parse)?;
            merged.get_or_insert_default().merge(book);
        }
        Ok(merged)
    }

    /// The positions of one size, by key.
    pub(super) fn positions(&self, size: u8) -> HashMap<u64, (bool, Option<Spot>)> {
        self.positions
            .iter()
            .filter(|((s, _), _)| *s == size)
            .map(|(&(_, key), &value)| (key, value))
            .collect()
    }

    /// Adds the search's proven positions that took at least `min_work` expansions.
    pub(super) fn add_from(&mut self, search: &Dfpn, min_work: u32) {
        let size = search.geometry().rows;
        for entry in search.table().entries() {
            if entry.proven() && entry.work >= min_work {
                let wins = entry.pn == 0;
                if wins && entry.best.is_none() {
                    continue;
                }
                let best = if wins { entry.best } else { None };
                self.positions.insert((size, entry.key), (wins, best));
            }
        }
    }
}

/// The proof file's text, sorted by size and key.
impl fmt::Display for ProofBook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut records: Vec<_> = self.positions.iter().collect();
        records.sort();
        for (&(size, key), &(wins, best)) in records {
            if let (true, Some(best)) = (wins, best) {
                let cell = Geometry::<Cells>::new(size).cell_at(best);
                writeln!(f, "{size} {key:016x} win {cell}")?;
            } else {
                writeln!(f, "{size} {key:016x} loss -")?;
            }
        }
        for (&(size, first, cell), proof) in &self.openings {
            let reply = proof.best.map_or("-".into(), |c| c.to_string());
            writeln!(
                f,
                "{size} opening {first} {cell} {} {reply} {} {} {:.3}",
                proof.winner.contest_letter(),
                proof.size,
                proof.nodes,
                proof.time.as_secs_f64()
            )?;
        }
        Ok(())
    }
}

/// The rest of an opening's record, after `SIZE opening`.
fn opening(tokens: &mut Tokens, size: u8) -> Result<(Color, Cell, Proof), BookError> {
    fn player(tokens: &mut Tokens, expected: &str) -> Result<Color, BookError> {
        let token = tokens.expect(expected)?;
        Color::of_contest_letter(token.text).map_err(|_| token.error(expected))
    }
    let first = player(tokens, "the first player, X or O")?;
    let expected = "the opening's cell, like C3";
    let token = tokens.expect(expected)?;
    let cell = Cell::parse(token.text, size).ok_or_else(|| token.error(expected))?;
    let winner = player(tokens, "the winner, X or O")?;
    let expected = "the winner's reply like C3, or `-`";
    let token = tokens.expect(expected)?;
    let best = match token.text {
        "-" if winner == first => None,
        name if winner != first => {
            Some(Cell::parse(name, size).ok_or_else(|| token.error(expected))?)
        }
        _ => return Err(token.error(expected)),
    };
    let proof_size = tokens.number("the proof's size in positions")?;
    let nodes = tokens.number("the positions searched")?;
    let expected = "the seconds searched, like 1.250";
    let token = tokens.expect(expected)?;
    let time = token
        .text
        .parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| token.error(expected))?;
    let proof = Proof {
        winner,
        best,
        size: proof_size,
        nodes,
        time,
    };
    Ok((first, cell, proof))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_recorded_once_and_read_back() {
        let text = "5 opening O A1 X B2 3 7 1.000\n5 opening X C3 X - 12 40 0.250\n";
        let book = ProofBook::parse(text).unwrap();
        assert_eq!(book.to_string(), text);
        let c3 = book
            .opening(5, Color::White, Cell { row: 2, col: 2 })
            .unwrap();
        assert_eq!(
            (c3.winner, c3.best, c3.size, c3.nodes),
            (Color::White, None, 12, 40)
        );
        assert_eq!(c3.time, Duration::from_millis(250));
        assert_eq!(book.opening(5, Color::Black, Cell { row: 2, col: 2 }), None);
        // A second record of an opening (a job that ran twice) counts once: the first.
        let mut merged = book.clone();
        merged.merge(ProofBook::parse("5 opening X C3 X - 99 99 9.000\n").unwrap());
        assert_eq!(merged, book);
    }

    #[test]
    fn the_files_that_exist_are_read_and_merged() {
        let dir = std::env::temp_dir().join(format!("hex-proof-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let [one, two, absent, bad] = ["one", "two", "absent", "bad"].map(|n| dir.join(n));
        std::fs::write(&one, "5 opening O A1 X B2 3 7 1.000\n").unwrap();
        std::fs::write(&two, "5 opening X C3 X - 12 40 0.250\n").unwrap();
        std::fs::write(&bad, "5 opening Y\n").unwrap();
        let merged = ProofBook::read_existing(&[&one, &absent, &two]);
        let none = ProofBook::read_existing(&[&absent]);
        let err = ProofBook::read_existing(&[&one, &bad]);
        std::fs::remove_dir_all(&dir).unwrap();
        let merged = merged.unwrap().unwrap();
        assert!(
            merged
                .opening(5, Color::Black, Cell { row: 0, col: 0 })
                .is_some()
        );
        assert!(
            merged
                .opening(5, Color::White, Cell { row: 2, col: 2 })
                .is_some()
        );
        assert_eq!(none.unwrap(), None);
        let err = err.unwrap_err().to_string();
        assert!(err.contains("bad:1:11"), "{err}");
    }

    #[test]
    fn a_bad_opening_record_is_named_where_it_is_wrong() {
        let cases = [
            ("5 opening Y", "1:11: expected the first player, X or O"),
            (
                "5 opening X F1",
                "1:13: expected the opening's cell, like C3",
            ),
            (
                "5 opening X A1 X B2",
                "1:18: expected the winner's reply like C3, or `-`",
            ),
            (
                "5 opening X A1 O -",
                "1:18: expected the winner's reply like C3, or `-`",
            ),
            (
                "5 opening X A1 X - 1 2 soon",
                "1:24: expected the seconds searched",
            ),
        ];
        for (text, start) in cases {
            let err = ProofBook::parse(text).unwrap_err().to_string();
            assert!(err.starts_with(start), "{text}: {err}");
        }
    }
}
