//! The shape of a board: its rows and columns, its squares, the homes and their numbering,
//! and the diagonal jumps between homes.
//!
//! A square (row r, column c) is a home when r + c is even; row 0 is the player's edge. Homes
//! are numbered from 1 row by row from row 0, each row left to right. A jump goes from a home
//! over a diagonal neighbour to the home beyond it, so the three homes lie on one diagonal.

use std::fmt;
use std::sync::OnceLock;

/// The fewest rows or columns a board has.
pub const MIN_SIDE: u32 = 3;
/// The most rows or columns a board has.
pub const MAX_SIDE: u32 = 20;
/// The most squares (rows × columns) a board has.
pub const MAX_SQUARES: u32 = 200;
/// The most homes a board has: half its squares, rounded up. A set of homes is one `u128`.
pub const MAX_HOMES: usize = (MAX_SQUARES as usize).div_ceil(2);

/// The size of a board: rows and columns within the contest's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    rows: u8,
    cols: u8,
}

impl Shape {
    /// The shape with these sides, if the contest allows it: each side 3..=20 and at most 200
    /// squares.
    pub fn new(rows: u32, cols: u32) -> Option<Shape> {
        let side = MIN_SIDE..=MAX_SIDE;
        let allowed = side.contains(&rows) && side.contains(&cols) && rows * cols <= MAX_SQUARES;
        allowed.then_some(Shape {
            rows: rows as u8,
            cols: cols as u8,
        })
    }

    /// Every shape the contest allows, by rows then columns.
    pub fn all() -> impl Iterator<Item = Shape> {
        (MIN_SIDE..=MAX_SIDE)
            .flat_map(|rows| (MIN_SIDE..=MAX_SIDE).filter_map(move |cols| Shape::new(rows, cols)))
    }

    /// The number of rows, N.
    pub fn rows(self) -> usize {
        usize::from(self.rows)
    }

    /// The number of columns, M.
    pub fn cols(self) -> usize {
        usize::from(self.cols)
    }

    /// The number of homes: half the squares, rounded up.
    pub fn homes(self) -> usize {
        (self.rows() * self.cols()).div_ceil(2)
    }

    /// The home at a square, if the square is on the board and is a home.
    pub fn home_at(self, square: Square) -> Option<Home> {
        let (row, col) = (usize::from(square.row), usize::from(square.col));
        if row >= self.rows() || col >= self.cols() || (row + col) % 2 != 0 {
            return None;
        }
        // Two consecutive rows hold M homes; an even row holds ceil(M / 2) of them.
        let index = row / 2 * self.cols() + row % 2 * self.cols().div_ceil(2) + col / 2;
        Some(Home(index as u8 + 1))
    }

    /// The square of a home of this shape.
    pub fn square(self, home: Home) -> Square {
        self.geometry().squares[home.index()]
    }

    /// The home numbered `number` (from 1), if the board has it.
    pub fn home(self, number: u32) -> Option<Home> {
        (1..=self.homes() as u32)
            .contains(&number)
            .then_some(Home(number as u8))
    }

    /// Every home, in number order.
    pub fn each_home(self) -> impl Iterator<Item = Home> {
        (1..=self.homes() as u8).map(Home)
    }

    /// The jumps that start at `from` (at most four, one per diagonal direction).
    pub fn jumps(self, from: Home) -> &'static [Jump] {
        let geometry = self.geometry();
        let at = geometry.first_jump[from.index()];
        let end = geometry.first_jump[from.index() + 1];
        &geometry.jumps[usize::from(at)..usize::from(end)]
    }

    /// The tables of this shape, derived on first use and kept.
    fn geometry(self) -> &'static Geometry {
        static GEOMETRIES: ShapeTable<Geometry> = ShapeTable::new();
        GEOMETRIES.get(self, Geometry::new)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// Something derived from a shape once and kept for the life of the program, one per shape.
pub(crate) struct ShapeTable<T> {
    slots: [OnceLock<T>; SHAPE_SLOTS],
}

/// One slot for every (rows, columns) with both sides up to the largest allowed.
const SHAPE_SLOTS: usize = (MAX_SIDE as usize + 1) * (MAX_SIDE as usize + 1);

impl<T> ShapeTable<T> {
    /// A table with nothing derived yet.
    pub(crate) const fn new() -> ShapeTable<T> {
        ShapeTable {
            slots: [const { OnceLock::new() }; SHAPE_SLOTS],
        }
    }

    /// The value for `shape`, built by `build` the first time it is asked for.
    pub(crate) fn get(&self, shape: Shape, build: impl FnOnce(Shape) -> T) -> &T {
        self.slots[shape.rows() * (MAX_SIDE as usize + 1) + shape.cols()]
            .get_or_init(|| build(shape))
    }
}

/// The tables of one shape: the square of every home and the jumps from every home.
struct Geometry {
    squares: Vec<Square>,
    /// The jumps from home n (index n - 1) are `jumps[first_jump[n - 1]..first_jump[n]]`.
    first_jump: Vec<u16>,
    jumps: Vec<Jump>,
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let mut squares = Vec::with_capacity(shape.homes());
        for row in 0..shape.rows {
            for col in (row % 2..shape.cols).step_by(2) {
                squares.push(Square { row, col });
            }
        }
        let mut first_jump = vec![0];
        let mut jumps = Vec::new();
        for &square in &squares {
            for (dr, dc) in DIAGONALS {
                let over = square.step(dr, dc, 1).and_then(|s| shape.home_at(s));
                let to = square.step(dr, dc, 2).and_then(|s| shape.home_at(s));
                if let (Some(over), Some(to)) = (over, to) {
                    jumps.push(Jump { over, to });
                }
            }
            first_jump.push(jumps.len() as u16);
        }
        Geometry {
            squares,
            first_jump,
            jumps,
        }
    }
}

/// The four diagonal directions as (row step, column step).
const DIAGONALS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A square of the board: row 0 is the player's edge, column 0 the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    /// The row, from 0 at the player's edge.
    pub row: u8,
    /// The column, from 0 at the left.
    pub col: u8,
}

impl Square {
    /// The square `times` diagonal steps away in direction (dr, dc), if it is not off the
    /// top or left edge (the shape checks the others).
    fn step(self, dr: i8, dc: i8, times: i8) -> Option<Square> {
        Some(Square {
            row: self.row.checked_add_signed(dr * times)?,
            col: self.col.checked_add_signed(dc * times)?,
        })
    }
}

/// A home, numbered from 1 as the contest numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Home(u8);

impl Home {
    /// The home numbered `number`, which the caller knows to be 1..=[`MAX_HOMES`].
    pub(crate) fn from_number(number: u8) -> Home {
        debug_assert!((1..=MAX_HOMES).contains(&usize::from(number)));
        Home(number)
    }

    /// The contest's number of the home, from 1.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The position of the home in tables and sets, from 0.
    pub fn index(self) -> usize {
        usize::from(self.0) - 1
    }

    /// The home's bit in a [`Homes`] set.
    pub fn bit(self) -> u128 {
        1 << self.index()
    }
}

impl fmt::Display for Home {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// One jump from a home: over the diagonal neighbour `over`, onto the home `to` beyond it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The home jumped over, which must hold an opponent's piece.
    pub over: Home,
    /// The home landed on, which must be empty.
    pub to: Home,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board drawn as the text's figures draw it: the opponent's edge at the top, every
    /// home showing its number, every other square a dot.
    fn numbering(shape: Shape) -> String {
        let mut rows = Vec::new();
        for row in (0..shape.rows() as u8).rev() {
            let cells: Vec<String> = (0..shape.cols() as u8)
                .map(|col| match shape.home_at(Square { row, col }) {
                    Some(home) => format!("{home:>2}"),
                    None => " .".into(),
                })
                .collect();
            rows.push(cells.join(" "));
        }
        rows.join("\n") + "\n"
    }

    #[test]
    fn homes_of_the_8x8_figure() {
        let shape = Shape::new(8, 8).unwrap();
        assert_eq!(
            numbering(shape),
            concat!(
                " . 29  . 30  . 31  . 32\n",
                "25  . 26  . 27  . 28  .\n",
                " . 21  . 22  . 23  . 24\n",
                "17  . 18  . 19  . 20  .\n",
                " . 13  . 14  . 15  . 16\n",
                " 9  . 10  . 11  . 12  .\n",
                " .  5  .  6  .  7  .  8\n",
                " 1  .  2  .  3  .  4  .\n",
            )
        );
    }

    #[test]
    fn homes_of_the_5x3_figure() {
        let shape = Shape::new(5, 3).unwrap();
        assert_eq!(
            numbering(shape),
            concat!(
                " 7  .  8\n",
                " .  6  .\n",
                " 4  .  5\n",
                " .  3  .\n",
                " 1  .  2\n",
            )
        );
    }

    #[test]
    fn squares_and_homes_agree_on_every_shape() {
        for shape in Shape::all() {
            assert_eq!(shape.each_home().count(), shape.homes());
            for home in shape.each_home() {
                assert_eq!(shape.home_at(shape.square(home)), Some(home), "{shape}");
            }
        }
    }

    #[test]
    fn shapes_keep_to_the_limits() {
        assert!(Shape::new(3, 3).is_some());
        assert!(Shape::new(10, 20).is_some());
        assert!(Shape::new(13, 15).is_some());
        assert!(Shape::new(2, 10).is_none());
        assert!(Shape::new(10, 21).is_none());
        assert!(Shape::new(11, 19).is_none(), "209 squares");
        assert_eq!(Shape::all().map(Shape::homes).max(), Some(MAX_HOMES));
    }

    #[test]
    fn jumps_run_along_diagonals_in_both_directions() {
        let shape = Shape::new(5, 3).unwrap();
        let home = |n| shape.home(n).unwrap();
        // From home 1 (the corner) only one jump: over 3 to 5.
        assert_eq!(
            shape.jumps(home(1)),
            [Jump {
                over: home(3),
                to: home(5)
            }]
        );
        // From home 4 (row 2, column 0): up over 6 to 8, down over 3 to 2.
        assert_eq!(shape.jumps(home(4)).len(), 2);
        for shape in Shape::all() {
            for from in shape.each_home() {
                for jump in shape.jumps(from) {
                    let back = Jump {
                        over: jump.over,
                        to: from,
                    };
                    assert!(shape.jumps(jump.to).contains(&back));
                    let (a, b) = (shape.square(from), shape.square(jump.to));
                    assert_eq!(a.row.abs_diff(b.row), 2);
                    assert_eq!(a.col.abs_diff(b.col), 2);
                }
            }
        }
    }
}
