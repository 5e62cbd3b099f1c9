//! The board: a rhombus of hexagons, the cells' names, who stands where, and the drawing.

use std::fmt;
use std::str::FromStr;

use crate::cells::Wide;
use crate::position::Position;

/// The largest board: columns are the letters `A..=Z`.
pub const MAX_SIZE: u8 = 26;

/// The most cells a board may have.
pub const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// A cell and its six neighbours, drawn as the contest draws a board (every row indented two
/// spaces more than the one above, three spaces between cells): `*` the cell, `o` a
/// neighbour, `.` a cell that is not one. The three rows are the rows above, at and below
/// the cell; the three columns the columns left of, at and right of it.
pub const NEIGHBOURHOOD_PICTURE: &str = concat!(
    ".   o   o\n",     // row above: (r-1, c), (r-1, c+1)
    "  o   *   o\n",   // same row: (r, c-1), (r, c+1)
    "    o   o   .\n", // row below: (r+1, c-1), (r+1, c)
);

/// The (row, column) steps from a cell to its neighbours, read off [`NEIGHBOURHOOD_PICTURE`].
pub const NEIGHBOUR_STEPS: [(i8, i8); 6] = steps_from_picture(NEIGHBOURHOOD_PICTURE);

/// Reads the neighbourhood picture: a character at byte `x` of line `line` stands for the
/// cell in column `(x - 2 * line) / 4`; the centre is row 1, column 1.
const fn steps_from_picture(picture: &str) -> [(i8, i8); 6] {
    let bytes = picture.as_bytes();
    let mut steps = [(0, 0); 6];
    let mut found = 0;
    let (mut line, mut x, mut i) = (0i8, 0i8, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                line += 1;
                x = -1;
            }
            b'o' => {
                assert!((x - 2 * line) % 4 == 0, "a cell off the grid");
                steps[found] = (line - 1, (x - 2 * line) / 4 - 1);
                found += 1;
            }
            _ => {}
        }
        x += 1;
        i += 1;
    }
    assert!(found == 6, "a hexagon has six neighbours");
    steps
}

/// A side: the one colour type of the crate, the contest's and the engine's alike.
///
/// Black joins the top and bottom edges (the first and last rows) and White the left and
/// right (the first and last columns). The engine's game (HexGui's and Benzene's
/// conventions) has Black move first. The contest writes Black as `O` and White as `X` and
/// has X (White) move first: [`Color::contest_letter`] and [`Board::side_to_move`] are the
/// only places that know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Joins the top and bottom edges (the first and last rows); the engine's first mover;
    /// the contest's `O`.
    Black,
    /// Joins the left and right edges (the first and last columns); the contest's `X`, who
    /// moves first there.
    White,
}

impl Color {
    /// Both sides, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// Both sides in the contest's order: X (White) first, as it lists the stones and moves.
    pub const CONTEST_ORDER: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// How far across the board, from the side's first edge, a cell stands: its row for
    /// Black, its column for White.
    pub fn across(self, cell: Cell) -> u8 {
        match self {
            Color::Black => cell.row,
            Color::White => cell.col,
        }
    }

    /// `b`, `black`, `w` or `white` in any case.
    pub fn parse(word: &str) -> Option<Color> {
        match word.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }

    /// SGF's letter: `B` or `W`.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The contest's letter: `O` for Black, `X` for White.
    pub fn contest_letter(self) -> char {
        match self {
            Color::Black => 'O',
            Color::White => 'X',
        }
    }

    /// The side of a contest letter, `X` or `O` (capitals, as the contest writes them).
    pub fn of_contest_letter(name: &str) -> Result<Color, BadName> {
        match name {
            "X" => Ok(Color::White),
            "O" => Ok(Color::Black),
            _ => Err(BadName::Color(name.into())),
        }
    }
}

/// `black` or `white`, as GTP writes a colour.
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// A cell, by 0-based row and column; named like `C3` (column letter, row number from 1),
/// `A1` the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// The row, from 0 at the top.
    pub row: u8,
    /// The column, from 0 at the left.
    pub col: u8,
}

impl Cell {
    /// The cell named `name` on a board of `size`: a letter (either case) and a row number
    /// `1..=size`; `None` if the name is malformed or the cell is off the board.
    pub fn parse(name: &str, size: u8) -> Option<Cell> {
        let mut chars = name.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        let digits = chars.as_str();
        if !letter.is_ascii_uppercase() || digits.is_empty() {
            return None;
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let col = letter as u8 - b'A';
        let row = digits.parse::<u8>().ok()?.checked_sub(1)?;
        (row < size && col < size).then_some(Cell { row, col })
    }

    /// The name in lower case (`a1`), as HexGui, GTP and SGF write it; `Display` gives the
    /// contest's capitals (`A1`).
    pub fn lower(self) -> Lower {
        Lower(self)
    }

    /// The cell reflected in the long diagonal (row and column exchanged): where the swap
    /// rule moves the first stone.
    pub fn mirrored(self) -> Cell {
        Cell {
            row: self.col,
            col: self.row,
        }
    }

    /// The cells next to this one on a board of `size`.
    pub fn neighbours(self, size: u8) -> impl Iterator<Item = Cell> {
        NEIGHBOUR_STEPS.into_iter().filter_map(move |(dr, dc)| {
            let row = self.row.checked_add_signed(dr)?;
            let col = self.col.checked_add_signed(dc)?;
            (row < size && col < size).then_some(Cell { row, col })
        })
    }
}

/// A cell's name in lower case (`a1`), as HexGui, GTP and SGF write it: [`Cell::lower`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lower(Cell);

impl fmt::Display for Lower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Cell { row, col } = self.0;
        write!(f, "{}{}", char::from(b'a' + col), u32::from(row) + 1)
    }
}

/// The contest's spelling, in capitals: `A1`.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'A' + self.col),
            u32::from(self.row) + 1
        )
    }
}

/// A name that is no cell of any board (up to [`MAX_SIZE`]) or no player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadName {
    /// Not a column letter and a row number, like `C3`.
    #[error("expected a cell: a column A to Z and a row 1 to 26, like B2, found {0:?}")]
    Cell(String),
    /// Not `X` or `O`.
    #[error("expected a player, X or O, found {0:?}")]
    Color(String),
}

impl FromStr for Cell {
    type Err = BadName;

    /// A cell of the largest board; whether a smaller board has it is [`Cell::parse`]'s to say.
    fn from_str(name: &str) -> Result<Cell, BadName> {
        Cell::parse(name, MAX_SIZE).ok_or_else(|| BadName::Cell(name.into()))
    }
}

/// A position: the board's size and who holds each cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    /// Row by row, `size * size` cells.
    stones: Vec<Option<Color>>,
}

impl Board {
    /// An empty board of `size` (`1..=MAX_SIZE`), or `None` for another size.
    pub fn empty(size: u8) -> Option<Board> {
        (1..=MAX_SIZE).contains(&size).then(|| Board {
            size,
            stones: vec![None; usize::from(size) * usize::from(size)],
        })
    }

    /// The number of rows, which is also the number of columns.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// How many cells the board has.
    pub fn cells_count(&self) -> usize {
        self.stones.len()
    }

    /// The index of a cell in row-by-row order.
    pub fn index(&self, cell: Cell) -> usize {
        usize::from(cell.row) * usize::from(self.size) + usize::from(cell.col)
    }

    /// The cell at an index in row-by-row order.
    pub fn cell(&self, index: usize) -> Cell {
        let size = usize::from(self.size);
        Cell {
            row: (index / size) as u8,
            col: (index % size) as u8,
        }
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.stones.len()).map(|index| self.cell(index))
    }

    /// Who holds a cell, if anyone.
    pub fn get(&self, cell: Cell) -> Option<Color> {
        self.stones[self.index(cell)]
    }

    /// Puts `player`'s stone on `cell` (replacing whatever stood there).
    pub fn set(&mut self, cell: Cell, player: Color) {
        let index = self.index(cell);
        self.stones[index] = Some(player);
    }

    /// Who holds each cell, one slice a row, from the top.
    pub fn rows(&self) -> impl Iterator<Item = &[Option<Color>]> {
        self.stones.chunks(usize::from(self.size))
    }

    /// The cells `player` holds, row by row.
    pub fn stones(&self, player: Color) -> impl Iterator<Item = Cell> + '_ {
        self.cells()
            .filter(move |&cell| self.get(cell) == Some(player))
    }

    /// Whose turn it is when X moved first: X's with as many stones each, O's with one X
    /// stone more; none for any other count.
    pub fn side_to_move(&self) -> Option<Color> {
        let x = self.stones(Color::White).count();
        let o = self.stones(Color::Black).count();
        match x.checked_sub(o) {
            Some(0) => Some(Color::White),
            Some(1) => Some(Color::Black),
            _ => None,
        }
    }
}

/// The contest's drawing, as [`Position`]'s.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Position::<Wide>::of_board(self, Color::White).fmt(f)
    }
}

#[cfg(test)]
impl Board {
    /// A board of `size` with X on the cells named in `x` and O on those in `o` (for tests).
    pub(crate) fn with_stones(size: u8, x: &[&str], o: &[&str]) -> Board {
        let mut board = Board::empty(size).unwrap();
        for (player, names) in [(Color::White, x), (Color::Black, o)] {
            for name in names {
                board.set(Cell::parse(name, size).unwrap(), player);
            }
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_to_move_follows_from_the_stones() {
        let mut board = Board::empty(3).unwrap();
        assert_eq!(board.side_to_move(), Some(Color::White));
        board.set(Cell { row: 0, col: 0 }, Color::White);
        assert_eq!(board.side_to_move(), Some(Color::Black));
        board.set(Cell { row: 0, col: 1 }, Color::White);
        assert_eq!(board.side_to_move(), None);
        board.set(Cell { row: 1, col: 1 }, Color::Black);
        board.set(Cell { row: 2, col: 1 }, Color::Black);
        board.set(Cell { row: 2, col: 2 }, Color::Black);
        assert_eq!(board.side_to_move(), None, "O cannot have more stones");
    }

    #[test]
    fn cells_and_players_read_back_what_they_print() {
        for name in ["A1", "C3", "Z26"] {
            assert_eq!(name.parse::<Cell>().unwrap().to_string(), name);
        }
        assert_eq!("b2".parse::<Cell>().unwrap().to_string(), "B2");
        for bad in ["A0", "A27", "3C", "", "A01"] {
            assert_eq!(bad.parse::<Cell>(), Err(BadName::Cell(bad.into())));
        }
        for color in Color::BOTH {
            let letter = color.contest_letter().to_string();
            assert_eq!(Color::of_contest_letter(&letter), Ok(color));
            assert_eq!(Color::parse(&color.to_string()), Some(color));
        }
        assert_eq!(
            Color::of_contest_letter("x").unwrap_err().to_string(),
            r#"expected a player, X or O, found "x""#
        );
    }

    fn cell(name: &str, size: u8) -> Cell {
        Cell::parse(name, size).unwrap()
    }

    #[test]
    fn the_picture_gives_the_clarified_neighbours() {
        let mut steps = NEIGHBOUR_STEPS;
        steps.sort();
        assert_eq!(steps, [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]);
    }

    #[test]
    fn neighbours_are_mutual_and_stay_on_the_board() {
        for size in 1..=6 {
            let board = Board::empty(size).unwrap();
            for a in board.cells() {
                for b in a.neighbours(size) {
                    assert!(b.row < size && b.col < size);
                    assert!(b.neighbours(size).any(|c| c == a), "{a} {b}");
                }
            }
        }
        assert_eq!(cell("C3", 5).neighbours(5).count(), 6);
        assert_eq!(cell("A1", 5).neighbours(5).count(), 2);
        assert_eq!(cell("E1", 5).neighbours(5).count(), 3);
        assert_eq!(cell("A1", 1).neighbours(1).count(), 0);
    }

    #[test]
    fn the_text_s_neighbours_of_c3() {
        // The text: X joins A3 and C2 through B2 or B3; O joins C3 and C5 through C4.
        let c3 = cell("C3", 5);
        let mut names: Vec<String> = c3.neighbours(5).map(|c| c.to_string()).collect();
        names.sort();
        assert_eq!(names, ["B3", "B4", "C2", "C4", "D2", "D3"]);
    }

    #[test]
    fn names_in_either_case_and_off_the_board() {
        assert_eq!(cell("c3", 5), Cell { row: 2, col: 2 });
        assert_eq!(cell("C3", 5), Cell { row: 2, col: 2 });
        assert_eq!(cell("Z26", 26), Cell { row: 25, col: 25 });
        assert_eq!(cell("a1", 1).to_string(), "A1");
        for bad in [
            "F3", "A6", "A0", "33", "C", "3C", "C3x", "C03", "C+3", "É3", "", "C-1",
        ] {
            assert_eq!(Cell::parse(bad, 5), None, "{bad:?}");
        }
        assert_eq!(Cell::parse("A300", 26), None);
    }

    #[test]
    fn only_sizes_1_to_26_exist() {
        assert!(Board::empty(0).is_none());
        assert!(Board::empty(27).is_none());
        assert_eq!(Board::empty(26).unwrap().cells_count(), 676);
    }

    #[test]
    fn the_drawing_shifts_each_row_two_spaces_with_three_between_cells() {
        let mut board = Board::empty(3).unwrap();
        board.set(cell("B1", 3), Color::White);
        board.set(cell("A3", 3), Color::Black);
        assert_eq!(board.to_string(), "-   X   -\n  -   -   -\n    O   -   -\n");
        let big = Board::empty(12).unwrap().to_string();
        for (row, line) in big.lines().enumerate() {
            let indent = line.len() - line.trim_start().len();
            assert_eq!(indent, 2 * row);
            assert_eq!(line.trim_start(), ["-"; 12].join("   "));
        }
    }
}
