//! The board: holes laid out on a grid, their numbering, the jumps between them, and a
//! position as a bitboard.

use std::fmt;
use std::sync::LazyLock;

use text::{Found, ParseError, Pos};

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

/// The most holes a board may have: a position is one `u64`.
pub const MAX_HOLES: usize = 64;

/// A hole of a board, numbered from 1 in reading order (row by row, left to right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hole(u8);

impl Hole {
    /// The hole with this number, if a board of `holes` holes has it.
    pub fn new(number: u32, holes: usize) -> Option<Hole> {
        let number = u8::try_from(number).ok()?;
        (1..=holes)
            .contains(&usize::from(number))
            .then_some(Hole(number))
    }

    /// The hole's number, from 1.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The hole's bit in a [`Position`].
    pub fn bit(self) -> u64 {
        1 << (self.0 - 1)
    }

    /// The hole whose bit is `index` (0-based).
    fn from_index(index: u32) -> Hole {
        debug_assert!(index < 64);
        Hole(index as u8 + 1)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// One jump: the peg in `from` jumps over the peg in `over` into the empty hole `to`,
/// and the peg in `over` is removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// Where the jumping peg starts.
    pub from: Hole,
    /// The hole jumped over, whose peg is removed.
    pub over: Hole,
    /// Where the jumping peg lands.
    pub to: Hole,
}

impl Jump {
    /// Whether the jump can be made in `position`: pegs in `from` and `over`, `to` empty.
    pub fn is_legal(self, position: Position) -> bool {
        position.contains(self.from) && position.contains(self.over) && !position.contains(self.to)
    }
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} over {} to {}", self.from, self.over, self.to)
    }
}

/// The set of holes that hold a peg: bit `n - 1` for hole `n`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position(pub u64);

impl Position {
    /// No pegs at all.
    pub const EMPTY: Position = Position(0);

    /// Whether `hole` holds a peg.
    pub fn contains(self, hole: Hole) -> bool {
        self.0 & hole.bit() != 0
    }

    /// The same position with a peg in `hole` too.
    pub fn with(self, hole: Hole) -> Position {
        Position(self.0 | hole.bit())
    }

    /// The position after `jump`, which must be legal.
    pub fn after(self, jump: Jump) -> Position {
        debug_assert!(jump.is_legal(self), "{jump} in {self:?}");
        Position(self.0 ^ jump.from.bit() ^ jump.over.bit() ^ jump.to.bit())
    }

    /// How many pegs there are.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The holes with pegs, in increasing order.
    pub fn pegs(self) -> impl Iterator<Item = Hole> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let hole = Hole::from_index(bits.trailing_zeros());
                bits &= bits - 1;
                hole
            })
        })
    }

    /// The sum of the numbers of the holes with pegs: the contest's answer.
    pub fn sum(self) -> u32 {
        self.pegs().map(|hole| u32::from(hole.number())).sum()
    }
}

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

    /// A board drawn one character a cell: `o` or `.` a hole, a space no hole.
    ///
    /// A line that holds no hole still counts as a row, so that a gap in the picture is a gap
    /// on the board.
    pub fn from_picture(picture: &str) -> Result<Layout, ParseError> {
        let mut cells = Vec::new();
        for (row, line) in picture.lines().enumerate() {
            for (col, c) in line.chars().enumerate() {
                match c {
                    'o' | '.' => cells.push((row, col)),
                    ' ' => {}
                    _ => {
                        let pos = Pos {
                            line: u32::try_from(row + 1).unwrap_or(u32::MAX),
                            col: u32::try_from(col + 1).unwrap_or(u32::MAX),
                        };
                        return Err(ParseError::new(
                            pos,
                            "'o' or '.' for a hole, or a space",
                            Found::token(&c.to_string()),
                        ));
                    }
                }
            }
        }
        if cells.is_empty() {
            return Err(ParseError::new(
                Pos::START,
                "a picture with at least one hole ('o' or '.')",
                Found::End,
            ));
        }
        if cells.len() > MAX_HOLES {
            return Err(ParseError::new(
                Pos::START,
                format!("a board of at most {MAX_HOLES} holes"),
                Found::Token(format!("{} holes", cells.len())),
            ));
        }
        Ok(Layout::from_cells(cells))
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

    /// The (row, column) of a hole in the picture the board was drawn from, from (0, 0).
    pub fn cell(&self, hole: Hole) -> (usize, usize) {
        self.cells[usize::from(hole.number()) - 1]
    }

    /// Every position of the board's holes filled.
    pub fn full(&self) -> Position {
        Position(u64::MAX >> (64 - self.holes()))
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
            r#"2:3: expected 'o' or '.' for a hole, or a space, found "x""#
        );
        assert!(Layout::from_picture("  \n").is_err());
        assert!(Layout::from_picture(&"o".repeat(65)).is_err());
        assert_eq!(Layout::from_picture(&"o".repeat(64)).unwrap().holes(), 64);
    }
}
