//! The board: holes laid out on a grid, their numbering, and the jumps between them.

use std::sync::LazyLock;

use text::ParseError;

use crate::picture;
use crate::position::{Hole, Jump, Position};

/// The 33-hole cross of the contest, one character a cell: `o` a hole, a space no hole.
/// Holes are numbered from 1 in reading order, which gives the contest's numbering.
pub const ENGLISH_PICTURE: &str = concat!(
    "  ooo\n",
    "  ooo\n",
    "ooooooo\n",
    "ooooooo\n",
    "ooooooo\n",
    "  ooo\n",
    "  ooo\n",
);

/// The 37-hole French board, the English cross with a hole added inside each of its corners.
pub const EUROPEAN_PICTURE: &str = concat!(
    "  ooo\n",
    " ooooo\n",
    "ooooooo\n",
    "ooooooo\n",
    "ooooooo\n",
    " ooooo\n",
    "  ooo\n",
);

/// The shape of a board: where its holes are and which jumps it allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The (row, column) of each hole, hole 1 first.
    cells: Vec<(usize, usize)>,
    /// Every jump the board allows, the contest's favourite first: by target hole
    /// from the largest, then by source hole from the largest.
    jumps: Vec<Jump>,
}

impl Layout {
    /// The contest's 33-hole board.
    pub fn english() -> &'static Layout {
        static ENGLISH: LazyLock<Layout> = LazyLock::new(|| {
            Layout::from_picture(ENGLISH_PICTURE).expect("the built-in picture is a board")
        });
        &ENGLISH
    }

    /// The 37-hole French (European) board: the cross with the four inner corners filled.
    pub fn european() -> &'static Layout {
        static EUROPEAN: LazyLock<Layout> = LazyLock::new(|| {
            Layout::from_picture(EUROPEAN_PICTURE).expect("the built-in picture is a board")
        });
        &EUROPEAN
    }

    /// A board drawn as a picture: `o` or `.` a hole, a space no hole (see the rules for
    /// pictures in [`parse_positions`](crate::parse_positions): cells side by side or a space
    /// apart, trailing spaces ignored, tabs and other characters refused).
    ///
    /// A line that holds no hole still counts as a row, so that a gap in the picture is a gap
    /// on the board. The board is placed so that its top row and leftmost column are 0.
    pub fn from_picture(picture: &str) -> Result<Layout, ParseError> {
        let drawn = picture::read((1..).zip(picture.lines()))?;
        Ok(Layout::from_cells(drawn.cells))
    }

    /// The board whose holes stand at `cells`, given in reading order.
    fn from_cells(cells: Vec<(usize, usize)>) -> Layout {
        let hole_at = |row: usize, col: usize| {
            cells
                .binary_search(&(row, col))
                .ok()
                .map(|index| Hole::from_index(index as u32))
        };
        let mut jumps = Vec::new();
        for (index, &(row, col)) in cells.iter().enumerate() {
            let from = Hole::from_index(index as u32);
            // Right, down, left, up: each step is one cell; a jump takes two.
            for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let step = |n: isize| {
                    let r = row.checked_add_signed(dr * n)?;
                    let c = col.checked_add_signed(dc * n)?;
                    hole_at(r, c)
                };
                if let (Some(over), Some(to)) = (step(1), step(2)) {
                    jumps.push(Jump { from, over, to });
                }
            }
        }
        jumps.sort_by_key(|jump| std::cmp::Reverse((jump.to, jump.from)));
        Layout { cells, jumps }
    }

    /// How many holes the board has.
    pub fn holes(&self) -> usize {
        self.cells.len()
    }

    /// The hole with this number, if the board has it.
    pub fn hole(&self, number: u32) -> Option<Hole> {
        Hole::new(number, self.holes())
    }

    /// The (row, column) of a hole on the board's grid: the top row and the leftmost column
    /// that hold a hole are 0.
    pub fn cell(&self, hole: Hole) -> (usize, usize) {
        self.cells[hole.index()]
    }

    /// The (row, column) of every hole, hole 1 first (so in reading order).
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// The hole at the middle of the board: the hole nearest the centre of the rectangle
    /// around the holes, the one with the smallest number if several are as near.
    ///
    /// On the English and European boards this is the centre hole, 17 and 19.
    pub fn centre(&self) -> Hole {
        let rows = self.cells.iter().map(|&(r, _)| r).max().unwrap_or(0);
        let cols = self.cells.iter().map(|&(_, c)| c).max().unwrap_or(0);
        // Twice the distance, so that a centre between cells stays a whole number.
        let distance = |&(r, c): &(usize, usize)| {
            (2 * r).abs_diff(rows).pow(2) + (2 * c).abs_diff(cols).pow(2)
        };
        let index = (0..self.cells.len())
            .min_by_key(|&i| distance(&self.cells[i]))
            .unwrap_or(0);
        Hole::from_index(index as u32)
    }

    /// Every position of the board's holes filled.
    pub fn full(&self) -> Position {
        Position::from_bits(u64::MAX >> (64 - self.holes()))
    }

    /// Every jump the board allows, largest target first, then largest source.
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// The jumps that can be made in `position`, in the order of [`Layout::jumps`].
    pub fn legal_jumps(&self, position: Position) -> impl Iterator<Item = Jump> + '_ {
        self.jumps
            .iter()
            .copied()
            .filter(move |jump| jump.is_legal(position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hole(n: u32) -> Hole {
        Layout::english().hole(n).unwrap()
    }

    #[test]
    fn the_cross_has_33_holes_and_76_jumps() {
        let board = Layout::english();
        assert_eq!(board.holes(), 33);
        assert_eq!(board.jumps().len(), 76);
    }

    #[test]
    fn holes_are_numbered_as_in_the_contest() {
        let board = Layout::english();
        // The first hole of each row of the text's drawing, and the centre.
        let firsts = [(1, (0, 2)), (4, (1, 2)), (7, (2, 0)), (14, (3, 0))];
        for (number, cell) in firsts {
            assert_eq!(board.cell(hole(number)), cell, "hole {number}");
        }
        for (number, cell) in [(17, (3, 3)), (21, (4, 0)), (28, (5, 2)), (33, (6, 4))] {
            assert_eq!(board.cell(hole(number)), cell, "hole {number}");
        }
    }

    #[test]
    fn the_text_s_example_jumps_exist() {
        let board = Layout::english();
        for (from, over, to) in [(11, 10, 9), (12, 19, 26), (25, 26, 27), (10, 17, 24)] {
            let jump = Jump {
                from: hole(from),
                over: hole(over),
                to: hole(to),
            };
            assert!(board.jumps().contains(&jump), "{jump}");
        }
        // Corners of the cross are not neighbours: 3 and 13 are not in line with 6.
        assert!(
            !board
                .jumps()
                .iter()
                .any(|j| (j.from, j.to) == (hole(6), hole(13)))
        );
    }

    #[test]
    fn every_jump_has_a_reverse() {
        let board = Layout::english();
        for jump in board.jumps() {
            let back = Jump {
                from: jump.to,
                over: jump.over,
                to: jump.from,
            };
            assert!(board.jumps().contains(&back), "{jump}");
        }
    }

    #[test]
    fn jumps_come_in_the_contest_s_order() {
        let jumps = Layout::english().jumps();
        assert!(
            jumps
                .windows(2)
                .all(|w| (w[0].to, w[0].from) > (w[1].to, w[1].from))
        );
        assert_eq!(jumps[0].to, hole(33));
    }

    #[test]
    fn position_sums_and_counts() {
        let p = Position::EMPTY.with(hole(24)).with(hole(27));
        assert_eq!(p.sum(), 51);
        assert_eq!(p.count(), 2);
        assert_eq!(p.pegs().map(Hole::number).collect::<Vec<_>>(), [24, 27]);
        assert_eq!(Layout::english().full().count(), 33);
    }

    #[test]
    fn the_centres_of_the_built_in_boards_and_of_lopsided_ones() {
        assert_eq!(Layout::english().centre().number(), 17);
        assert_eq!(Layout::european().holes(), 37);
        assert_eq!(Layout::european().centre().number(), 19);
        // A 2 by 2 square has no middle hole: the first of the four nearest.
        assert_eq!(Layout::from_picture("oo\noo").unwrap().centre().number(), 1);
        // The middle of the rectangle is no hole: the nearest one.
        let ring = Layout::from_picture("ooo\no o\nooo").unwrap();
        assert_eq!(ring.centre().number(), 2);
    }

    #[test]
    fn holes_outside_the_board_do_not_exist() {
        let board = Layout::english();
        assert!(board.hole(0).is_none());
        assert!(board.hole(34).is_none());
        assert!(board.hole(300).is_none());
        assert_eq!(board.hole(33).map(Hole::number), Some(33));
    }

    #[test]
    fn pictures_name_their_mistakes() {
        let err = Layout::from_picture(" o\n ox\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"2:3: expected 'o' (a peg), '.' (an empty hole) or a space (no hole), found "x""#
        );
        assert_eq!(
            Layout::from_picture("\n  \n").unwrap_err().to_string(),
            "1:1: expected a picture with at least one hole ('o' or '.'), found end of input"
        );
        assert_eq!(
            Layout::from_picture(&"o".repeat(65))
                .unwrap_err()
                .to_string(),
            r#"1:65: expected a board of at most 64 holes, found "o" (this is hole 65)"#
        );
        assert_eq!(Layout::from_picture(&"o".repeat(64)).unwrap().holes(), 64);
    }
}
