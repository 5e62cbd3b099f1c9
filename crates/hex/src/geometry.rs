//! The board's geometry, derived once per shape: sets of cells as bits, each cell's
//! neighbours, each player's sides, and the one flood fill that says who is joined.
//!
//! Cells are numbered row by row, `row * cols + col`. Boards are `rows` x `cols`
//! parallelograms (Hex is usually square, but HexGui and Benzene play rectangles too);
//! X joins the first and last columns, O the first and last rows. A set of cells is a
//! [`CellSet`] ([`crate::cells`]).

use std::sync::OnceLock;

use crate::board::{Board, Cell, Color, MAX_SIZE, NEIGHBOUR_STEPS};
use crate::cells::{CellSet, Cells, Narrow, Spot, Wide};

/// The index of a player in per-player tables: X 0, O 1.
pub const fn slot(player: Color) -> usize {
    match player {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// What is fixed by the board's shape: neighbours, sides, and the half turn.
#[derive(Clone, Debug)]
pub struct Geometry<S = Cells> {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// Every cell of the board.
    pub all: S,
    /// Each cell's neighbours.
    pub neighbours: Vec<S>,
    /// Each player's two sides, the first and the last: `[player][side]`, X's columns, O's rows.
    pub sides: [[S; 2]; 2],
}

impl<S: CellSet> Geometry<S> {
    /// The geometry of a `size` x `size` board.
    ///
    /// # Panics
    /// If the board is empty or has more cells than a set holds.
    pub fn new(size: u8) -> Geometry<S> {
        Geometry::rectangle(size, size)
    }

    /// The geometry of a board of `rows` x `cols` cells.
    ///
    /// # Panics
    /// If the board is empty or has more cells than a set holds.
    pub fn rectangle(rows: u8, cols: u8) -> Geometry<S> {
        let cells = usize::from(rows) * usize::from(cols);
        assert!(
            cells > 0 && cells <= S::CAPACITY,
            "{rows}x{cols} does not fit"
        );
        let index = |row: u8, col: u8| usize::from(row) * usize::from(cols) + usize::from(col);
        let mut neighbours = vec![S::default(); cells];
        let mut sides = [[S::default(); 2]; 2];
        for row in 0..rows {
            for col in 0..cols {
                let at = index(row, col);
                for (dr, dc) in NEIGHBOUR_STEPS {
                    let (Some(r), Some(c)) =
                        (row.checked_add_signed(dr), col.checked_add_signed(dc))
                    else {
                        continue;
                    };
                    if r < rows && c < cols {
                        neighbours[at] |= S::single(Spot::new(index(r, c)));
                    }
                }
                let cell = S::single(Spot::new(at));
                for (player, across, last) in [(0, col, cols - 1), (1, row, rows - 1)] {
                    if across == 0 {
                        sides[player][0] |= cell;
                    }
                    if across == last {
                        sides[player][1] |= cell;
                    }
                }
            }
        }
        Geometry {
            rows,
            cols,
            all: S::first(cells),
            neighbours,
            sides,
        }
    }

    /// Whether the board is square.
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        usize::from(self.rows) * usize::from(self.cols)
    }

    /// The cells next to some cell of `set` (the set itself included).
    #[inline]
    pub fn grow(&self, set: S) -> S {
        let mut out = set;
        for at in set {
            out |= self.neighbours[at.index()];
        }
        out
    }

    /// The cells of `within` connected to `seeds` through `within` (the seeds that lie in it
    /// included): the one flood fill of the crate.
    #[inline]
    pub fn flood(&self, seeds: S, within: S) -> S {
        let mut reached = seeds & within;
        let mut frontier = reached;
        while !frontier.is_empty() {
            let mut next = S::default();
            for at in frontier {
                next |= self.neighbours[at.index()];
            }
            frontier = next & within & !reached;
            reached |= frontier;
        }
        reached
    }

    /// Whether `stones` join the player's two sides.
    #[inline]
    pub fn joins(&self, player: Color, stones: S) -> bool {
        let [first, last] = self.sides[slot(player)];
        !(self.flood(first & stones, stones) & last).is_empty()
    }

    /// The stones of `stones` on a chain joining the player's two sides: those connected to
    /// both (none if the player has not joined them).
    pub fn chain(&self, player: Color, stones: S) -> S {
        let [first, last] = self.sides[slot(player)];
        self.flood(first & stones, stones) & self.flood(last & stones, stones)
    }

    /// The cell turned half a turn about the centre (which keeps every player's sides).
    #[inline]
    pub fn turn(&self, index: usize) -> usize {
        self.cell_count() - 1 - index
    }

    /// The index of a cell.
    #[inline]
    pub fn index(&self, cell: Cell) -> usize {
        usize::from(cell.row) * usize::from(self.cols) + usize::from(cell.col)
    }

    /// The cell at an index.
    #[inline]
    pub fn cell(&self, index: usize) -> Cell {
        let cols = usize::from(self.cols);
        Cell {
            row: (index / cols) as u8,
            col: (index % cols) as u8,
        }
    }

    /// Each player's stones on a board of this shape: `[X, O]`.
    pub fn stones_of(&self, board: &Board) -> [S; 2] {
        let mut stones = [S::default(); 2];
        for cell in board.cells() {
            if let Some(player) = board.get(cell) {
                stones[slot(player)] |= S::single(Spot::new(self.index(cell)));
            }
        }
        stones
    }

    /// The player whose stones join their sides, if one does.
    pub fn winner(&self, stones: [S; 2]) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|&player| self.joins(player, stones[slot(player)]))
    }
}

impl Geometry<Cells> {
    /// A set turned half a turn (see [`Geometry::turn`]).
    #[inline]
    pub fn turn_cells(&self, set: Cells) -> Cells {
        set.turned(self.cell_count())
    }

    /// A spot turned half a turn.
    #[inline]
    pub fn turn_spot(&self, at: Spot) -> Spot {
        Spot::new(self.turn(at.index()))
    }

    /// The cell at a spot.
    #[inline]
    pub fn cell_at(&self, at: Spot) -> Cell {
        self.cell(at.index())
    }

    /// The spot of a cell.
    #[inline]
    pub fn spot(&self, cell: Cell) -> Spot {
        Spot::new(self.index(cell))
    }

    /// The same geometry with [`Narrow`] sets, on boards up to 128 cells (the knowledge's
    /// fast path), made once per shape for the whole program.
    #[inline]
    pub(crate) fn narrow(&self) -> Option<&'static Geometry<Narrow>> {
        const SIDE: usize = MAX_SIZE as usize;
        static SHAPES: [OnceLock<Geometry<Narrow>>; SIDE * SIDE] =
            [const { OnceLock::new() }; SIDE * SIDE];
        let (rows, cols) = (usize::from(self.rows), usize::from(self.cols));
        if self.cell_count() > 128 || rows > SIDE || cols > SIDE {
            return None;
        }
        let shape = &SHAPES[(rows - 1) * SIDE + cols - 1];
        Some(shape.get_or_init(|| Geometry {
            rows: self.rows,
            cols: self.cols,
            all: Narrow::of(self.all),
            neighbours: self.neighbours.iter().map(|&set| Narrow::of(set)).collect(),
            sides: self.sides.map(|sides| sides.map(Narrow::of)),
        }))
    }
}

impl Geometry<Wide> {
    /// The geometry of a square board of `size` (`1..=26`, the contest's sizes), made once
    /// for the whole program.
    ///
    /// # Panics
    /// For another size.
    pub fn square(size: u8) -> &'static Geometry<Wide> {
        static SQUARES: [OnceLock<Geometry<Wide>>; MAX_SIZE as usize] =
            [const { OnceLock::new() }; MAX_SIZE as usize];
        SQUARES[usize::from(size) - 1].get_or_init(|| Geometry::new(size))
    }
}

impl Board {
    /// The player whose stones join their two sides, if one does.
    pub fn winner(&self) -> Option<Color> {
        let geometry = Geometry::square(self.size());
        geometry.winner(geometry.stones_of(self))
    }
}

/// A position of a `small` x `small` board set in the top-left corner of a `big` x `big`
/// one, the rest filled so that the big position is the small one (for tests of the
/// knowledge and the solver on large boards against minimax on small ones): X fills the
/// columns to the right of the small board's rows, joining them to X's last side, and O
/// every row below it, joining them to O's last side. Each side of either player then
/// touches the small board's cells exactly as there, and no other way round is left.
#[cfg(test)]
pub(crate) fn embedded(small: u8, stones: [Cells; 2], big: u8) -> [Cells; 2] {
    let (small, big) = (usize::from(small), usize::from(big));
    let mut out = [Cells::EMPTY; 2];
    for row in 0..big {
        for col in 0..big {
            let at = Spot::at(row, col, big);
            if row < small && col < small {
                let inside = Spot::at(row, col, small);
                for (side, set) in stones.iter().enumerate() {
                    if set.contains(inside) {
                        out[side].insert(at);
                    }
                }
            } else if row < small {
                out[0].insert(at);
            } else {
                out[1].insert(at);
            }
        }
    }
    out
}

/// A spot of the big board of [`embedded`] as the small board's, if it lies there.
#[cfg(test)]
pub(crate) fn unembedded(small: u8, at: Spot, big: u8) -> Option<Spot> {
    let (small, big) = (usize::from(small), usize::from(big));
    let (row, col) = (at.index() / big, at.index() % big);
    (row < small && col < small).then(|| Spot::at(row, col, small))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_embedded_position_has_the_small_one_s_winner() {
        // Every way to fill a 3x3 board: the winner on 13x13 and 19x19 is the 3x3 one's.
        let small = Geometry::<Cells>::new(3);
        for bits in 0..1u32 << 9 {
            let x: Cells = (0..9)
                .filter(|i| bits >> i & 1 != 0)
                .map(Spot::new)
                .collect();
            let stones = [x, small.all - x];
            for big in [13, 19] {
                let geometry = Geometry::<Cells>::new(big);
                let filled = embedded(3, stones, big);
                assert_eq!(filled[0] | filled[1], geometry.all);
                assert_eq!(geometry.winner(filled), small.winner(stones), "{bits:b}");
            }
        }
        assert_eq!(unembedded(3, Spot::new(13 + 2), 13), Some(Spot::new(5)));
        assert_eq!(unembedded(3, Spot::new(3), 13), None);
    }

    #[test]
    fn neighbours_match_the_board_s() {
        for size in 1..=11 {
            let geometry = Geometry::<Cells>::new(size);
            let board = Board::empty(size).unwrap();
            for cell in board.cells() {
                let expected: Cells = cell.neighbours(size).map(|c| geometry.spot(c)).collect();
                assert_eq!(geometry.neighbours[geometry.index(cell)], expected);
            }
        }
    }

    #[test]
    fn the_half_turn_keeps_sides_and_neighbours() {
        for (rows, cols) in [(7, 7), (6, 7), (7, 8), (1, 5)] {
            let geometry = Geometry::<Cells>::rectangle(rows, cols);
            for side in geometry.sides {
                assert_eq!(geometry.turn_cells(side[0]), side[1]);
            }
            for at in 0..geometry.cell_count() {
                let turned = geometry.turn(at);
                assert_eq!(
                    geometry.turn_cells(Cells::single(Spot::new(at))),
                    Cells::single(Spot::new(turned))
                );
                assert_eq!(
                    geometry.turn_cells(geometry.neighbours[at]),
                    geometry.neighbours[turned]
                );
            }
        }
    }

    #[test]
    fn a_column_joins_o_and_not_x() {
        let geometry = Geometry::<Cells>::new(4);
        let column: Cells = (0..4).map(|row| Spot::at(row, 1, 4)).collect();
        assert!(geometry.joins(Color::Black, column));
        assert!(!geometry.joins(Color::White, column));
        assert!(!geometry.joins(Color::Black, column - Cells::single(Spot::new(9))));
    }

    #[test]
    fn every_set_type_floods_alike() {
        // A zigzag of O down a 7x9 board, with a gap on one try.
        let cells_geometry = Geometry::<Cells>::rectangle(7, 9);
        let narrow = Geometry::<Narrow>::rectangle(7, 9);
        let wide = Geometry::<Wide>::rectangle(7, 9);
        let path = [(0, 3), (1, 3), (2, 2), (3, 2), (4, 1), (5, 1), (6, 0)];
        for gap in [None, Some(3)] {
            let cells: Vec<usize> = path
                .iter()
                .enumerate()
                .filter(|&(i, _)| Some(i) != gap)
                .map(|(_, &(r, c))| r * 9 + c)
                .collect();
            let a: Cells = cells.iter().map(|&i| Spot::new(i)).collect();
            let b: Narrow = cells.iter().map(|&i| Spot::new(i)).collect();
            let c: Wide = cells.iter().map(|&i| Spot::new(i)).collect();
            let joined = gap.is_none();
            assert_eq!(cells_geometry.joins(Color::Black, a), joined);
            assert_eq!(narrow.joins(Color::Black, b), joined);
            assert_eq!(wide.joins(Color::Black, c), joined);
            assert_eq!(c.iter().map(Spot::index).collect::<Vec<_>>(), cells);
            assert!(!wide.joins(Color::White, c));
        }
    }

    #[test]
    fn wide_sets_cross_their_words() {
        let geometry = Geometry::<Wide>::new(26);
        assert_eq!(geometry.all.len(), 676);
        assert_eq!(geometry.all.iter().last(), Some(Spot::new(675)));
        // A row of X across the middle of 26x26 spans several words.
        let row: Wide = (0..26)
            .map(|col| Wide::single(Spot::new(13 * 26 + col)))
            .fold(Wide::EMPTY, |a, b| a | b);
        assert!(geometry.joins(Color::White, row));
        assert_eq!(geometry.chain(Color::White, row), row);
        assert_eq!(geometry.grow(Wide::single(Spot::new(0))).len(), 3);
    }
}
