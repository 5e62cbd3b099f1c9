//! The proof file: solved positions that later runs (and other jobs) reuse.
//!
//! A text file of records, one a line: the board size, the position's key (16 hex digits),
//! `win` or `loss` for the side to move, and a winning move (`-` for a loss), in the
//! orientation of the key. Files written by independent jobs can be concatenated.

use std::collections::HashMap;
use std::fmt;

use text::{ParseError, Tokens};

use super::dfpn::Dfpn;
use super::tt::NO_MOVE;
use crate::board::Cell;
use crate::geometry::Geometry;

/// An error in a proof file, with its line and column.
pub type BookError = ParseError;

/// Solved positions by board size and key: (side to move wins, winning move's index).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProofBook {
    positions: HashMap<(u8, u64), (bool, u8)>,
}

impl ProofBook {
    /// Reads a proof file.
    pub fn parse(text: &str) -> Result<ProofBook, BookError> {
        let mut tokens = Tokens::new(text);
        let mut book = ProofBook::default();
        while tokens.peek().is_some() {
            let expected = "a board size 1..11";
            let token = tokens.expect(expected)?;
            let size: u8 = token
                .parse::<u8>(expected)
                .ok()
                .filter(|size| (1..=super::MAX_SOLVER_SIZE).contains(size))
                .ok_or_else(|| token.error(expected))?;
            let expected = "a position key (16 hex digits)";
            let token = tokens.expect(expected)?;
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
                (false, "-") => NO_MOVE,
                (true, name) => Cell::parse(name, size)
                    .map(|cell| cell.row * size + cell.col)
                    .ok_or_else(|| token.error(expected))?,
                _ => return Err(token.error(expected)),
            };
            book.positions.insert((size, key), (wins, best));
        }
        Ok(book)
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
    }

    /// The positions of one size, by key.
    pub(super) fn positions(&self, size: u8) -> HashMap<u64, (bool, u8)> {
        self.positions
            .iter()
            .filter(|((s, _), _)| *s == size)
            .map(|(&(_, key), &value)| (key, value))
            .collect()
    }

    /// Adds the search's proven positions that took at least `min_work` expansions.
    pub(super) fn add_from(&mut self, search: &Dfpn, min_work: u32) {
        let size = search.geometry().rows;
        for entry in search.table.entries() {
            if entry.proven() && entry.work >= min_work {
                let wins = entry.pn == 0;
                if wins && entry.best == NO_MOVE {
                    continue;
                }
                let best = if wins { entry.best } else { NO_MOVE };
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
            if wins {
                let cell = Geometry::<crate::geometry::Bits>::new(size).cell(usize::from(best));
                writeln!(f, "{size} {key:016x} win {cell}")?;
            } else {
                writeln!(f, "{size} {key:016x} loss -")?;
            }
        }
        Ok(())
    }
}
