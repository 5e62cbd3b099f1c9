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

impl CensusTable<'_> {
    /// What the census counts and shows, as a help tells it; the first paragraph sums it up.
    pub const ABOUT: &'static str = "\
Counts the central game (every hole full but the centre) level by level.

For each number of jumps: the positions reachable (those that a rotation or reflection of \
the board keeping the centre in place maps onto each other count once), those from which one \
peg in the centre can still be reached, the jump sequences that get there, and those that \
end there with no jump left; then the sequences that end with one peg in the centre and \
all complete games. The centre is the hole nearest the middle of the board (the first in \
reading order if several are as near).";

    /// An example, for a help.
    pub const EXAMPLE: &'static str = "\
Example (a board of 12 holes, drawn in small.txt: `o` a hole):
  $ printf 'o\\noooo\\noooo\\nooo\\n' > small.txt
  $ boardgames hiq count --board small.txt
  central game on the small.txt board: 12 holes, all full but hole 3
    o
    o . o o
    o o o o
    o o o
  positions count once per class of the 1 symmetry that keeps hole 3 in place
  jumps  pegs  positions  winning  sequences  ended
      0    11          1        1          1      0
      1    10          2        1          2      0
      2     9          3        2          3      0
      3     8          7        5          7      0
      4     7         16        8         22      0
      5     6         21        8         59     12
      6     5         20        8        121      0
      7     4         22        5        277      8
      8     3         10        2        385    185
      9     2          2        1        200     88
     10     1          1        1        112    112
  total              105       42       1189    405
  positions: reachable after that many jumps; winning: from which one peg in hole 3 can be reached;
  sequences: jump sequences of that length; ended: those after which no jump is left (complete games)
  solutions (jump sequences that end with one peg in hole 3): 112
  complete games (jump sequences until no jump is left): 405";
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
