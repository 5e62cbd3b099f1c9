//! The census of a central game as a table for a reader, under a picture of the start.

use std::fmt;

use crate::board::Layout;
use crate::count::Census;

/// A [`Census`] told: the board and its start, the table of levels with a total, what the
/// columns mean, then the solutions and the complete games.
pub struct CensusTable<'a> {
    layout: &'a Layout,
    name: &'a str,
    census: &'a Census,
}

impl<'a> CensusTable<'a> {
    /// The census of the central game of `layout`, a board called `name` (`english`, or the
    /// file it was read from).
    pub fn new(layout: &'a Layout, name: &'a str, census: &'a Census) -> CensusTable<'a> {
        CensusTable {
            layout,
            name,
            census,
        }
    }
}

const HEADER: [&str; 6] = [
    "jumps",
    "pegs",
    "positions",
    "winning",
    "sequences",
    "ended",
];

impl fmt::Display for CensusTable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let CensusTable {
            layout,
            name,
            census,
        } = *self;
        let centre = census.centre;
        let start = layout.full().without(centre);
        writeln!(
            f,
            "central game on the {name} board: {} holes, all full but hole {centre}",
            layout.holes()
        )?;
        write!(f, "{}", layout.draw(start).indented(2))?;
        let (symmetries, keep) = match census.symmetries {
            1 => ("1 symmetry".to_string(), "keeps"),
            n => (format!("{n} symmetries"), "keep"),
        };
        writeln!(
            f,
            "positions count once per class of the {symmetries} that {keep} hole {centre} in place"
        )?;
        let mut rows: Vec<[String; 6]> = census
            .levels
            .iter()
            .map(|level| {
                [
                    level.jumps.to_string(),
                    level.pegs.to_string(),
                    level.positions.to_string(),
                    level.winning.to_string(),
                    level.sequences.to_string(),
                    level.finished.to_string(),
                ]
            })
            .collect();
        rows.push([
            "total".into(),
            String::new(),
            census.positions().to_string(),
            census.winning().to_string(),
            census.sequences().to_string(),
            census.games().to_string(),
        ]);
        let widths: [usize; 6] = std::array::from_fn(|col| {
            rows.iter()
                .map(|row| row[col].len())
                .chain([HEADER[col].len()])
                .max()
                .unwrap_or(0)
        });
        let line = |f: &mut fmt::Formatter<'_>, cells: [&str; 6]| {
            let mut line = String::new();
            for (col, cell) in cells.iter().enumerate() {
                let gap = if col == 0 { "" } else { "  " };
                line += &format!("{gap}{cell:>width$}", width = widths[col]);
            }
            writeln!(f, "{}", line.trim_end())
        };
        line(f, HEADER)?;
        for row in &rows {
            line(f, row.each_ref().map(String::as_str))?;
        }
        writeln!(
            f,
            "positions: reachable after that many jumps; winning: from which one peg in hole {centre} can be reached;"
        )?;
        writeln!(
            f,
            "sequences: jump sequences of that length; ended: those after which no jump is left (complete games)"
        )?;
        writeln!(
            f,
            "solutions (jump sequences that end with one peg in hole {centre}): {}",
            census.solutions
        )?;
        writeln!(
            f,
            "complete games (jump sequences until no jump is left): {}",
            census.games()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::census;

    #[test]
    fn the_table_has_a_row_a_level_and_a_total_in_aligned_columns() {
        let board = Layout::from_picture("o\noooo\noooo\nooo\n").unwrap();
        let census = census(&board, &|_, _| {});
        let text = CensusTable::new(&board, "small", &census).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].starts_with("central game on the small board: 12 holes, all full but hole")
        );
        let header = lines
            .iter()
            .position(|l| l.trim_start().starts_with("jumps"))
            .unwrap();
        let total = lines.iter().position(|l| l.starts_with("total")).unwrap();
        assert_eq!(total - header - 1, census.levels.len());
        // Right-aligned: every row of the table ends its `ended` column where the header does.
        let width = lines[header].len();
        assert!(lines[header + 1..=total].iter().all(|l| l.len() == width));
        assert!(text.ends_with(&format!(
            "{}\ncomplete games (jump sequences until no jump is left): {}\n",
            census.solutions,
            census.games()
        )));
        assert!(lines[total].contains(&format!(" {} ", census.positions())));
    }
}
