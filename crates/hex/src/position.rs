//! A position for search: each player's stones as a set of cells and the side to move,
//! over a board's [`Geometry`]. The contest's board and the
//! engine's game both become one here, and nowhere else.

use std::fmt;

use crate::board::{Board, Cell, Color};
use crate::cells::{CellSet, Cells, Spot};
use crate::game::Game;
use crate::geometry::{Geometry, slot};

/// A Hex position that knows its board: the shape, each player's stones as sets of cells and
/// the side to move. `S` is the set type: the solver's [`Cells`] (up to 19x19) by default.
/// Cells are numbered row by row, `row * cols + col`, as in [`Geometry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<S = Cells> {
    /// Rows (O joins the first and the last).
    pub rows: u8,
    /// Columns (X joins the first and the last).
    pub cols: u8,
    /// Each player's stones, `[X, O]` (see [`slot`]).
    pub stones: [S; 2],
    /// Whose turn it is.
    pub to_move: Color,
}

impl<S: CellSet> Position<S> {
    /// The empty `rows` x `cols` board, `to_move` to move.
    ///
    /// # Panics
    /// If the board has more cells than `S` holds.
    pub fn new(rows: u8, cols: u8, to_move: Color) -> Position<S> {
        assert!(
            usize::from(rows) * usize::from(cols) <= S::CAPACITY,
            "{rows}x{cols} does not fit"
        );
        Position {
            rows,
            cols,
            stones: [S::default(); 2],
            to_move,
        }
    }

    /// The contest board's stones, `to_move` to move.
    ///
    /// # Panics
    /// If the board has more cells than `S` holds.
    pub fn of_board(board: &Board, to_move: Color) -> Position<S> {
        let mut position = Position::new(board.size(), board.size(), to_move);
        for player in Color::BOTH {
            for cell in board.stones(player) {
                position.place(player, cell);
            }
        }
        position
    }

    /// The engine game's position, its side to move to move.
    ///
    /// # Panics
    /// If the board has more cells than `S` holds.
    pub fn of_game(game: &Game) -> Position<S> {
        let mut position = Position::new(game.rows(), game.cols(), game.to_move());
        for point in game.points() {
            if let Some(color) = game.get(point) {
                position.place(color, point);
            }
        }
        position
    }

    /// The same stones, `to_move` to move.
    pub fn with_to_move(self, to_move: Color) -> Position<S> {
        Position { to_move, ..self }
    }

    /// The number of `cell`, `row * cols + col`.
    pub fn index(&self, cell: Cell) -> usize {
        usize::from(cell.row) * usize::from(self.cols) + usize::from(cell.col)
    }

    /// Every cell of the board, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<S> {
        let cols = self.cols;
        (0..self.rows).flat_map(move |row| (0..cols).map(move |col| Cell { row, col }))
    }

    /// Who holds `cell`, if anyone.
    pub fn get(&self, cell: Cell) -> Option<Color> {
        let at = Spot::new(self.index(cell));
        Color::BOTH
            .into_iter()
            .find(|&player| self.stones[slot(player)].contains(at))
    }

    /// Puts `player`'s stone on `cell`, which must be on the board and empty.
    pub fn place(&mut self, player: Color, cell: Cell) {
        self.stones[slot(player)] |= S::single(Spot::new(self.index(cell)));
    }

    /// The cells nobody holds.
    pub fn empty(&self, geometry: &Geometry<S>) -> S {
        geometry.all & !self.stones[0] & !self.stones[1]
    }

    /// The player whose stones join their sides, if one does.
    pub fn winner(&self, geometry: &Geometry<S>) -> Option<Color> {
        geometry.winner(self.stones)
    }
}

/// The contest's drawing: `X`, `O` or `-` for each cell, three spaces between cells, each
/// row indented two spaces more than the one above, every row ending in a line break.
impl<S: CellSet> fmt::Display for Position<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A row is built whole and written at once: a board is hundreds of cells.
        let mut line =
            String::with_capacity(4 * usize::from(self.cols) + 2 * usize::from(self.rows));
        for row in 0..self.rows {
            line.clear();
            line.extend(std::iter::repeat_n(' ', 2 * usize::from(row)));
            for col in 0..self.cols {
                if col > 0 {
                    line.push_str("   ");
                }
                let stone = self.get(Cell { row, col });
                line.push(stone.map_or('-', Color::contest_letter));
            }
            line.push('\n');
            f.write_str(&line)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::Wide;
    use crate::game::{Cell, Color, Move};

    #[test]
    fn the_game_and_the_board_give_the_same_position() {
        let mut game = Game::new(5).unwrap();
        for (color, name) in [
            (Color::Black, "c3"),
            (Color::White, "c4"),
            (Color::Black, "b4"),
        ] {
            game.play(color, Move::Play(Cell::parse(name, 5).unwrap()))
                .unwrap();
        }
        let from_game = Position::<Cells>::of_game(&game);
        let from_board = Position::<Cells>::of_board(&game.board(), Color::White);
        assert_eq!(from_game, from_board);
        // Black is O: its stones are on c3 and b4.
        let geometry = Geometry::<Cells>::new(5);
        let o: Vec<Cell> = from_game.stones[slot(Color::Black)]
            .iter()
            .map(|at| geometry.cell(at.index()))
            .collect();
        assert_eq!(o, [Cell { row: 2, col: 2 }, Cell { row: 3, col: 1 }]);
        assert_eq!(from_game.to_move, Color::White);
        assert_eq!(from_game.empty(&geometry).len(), 22);
    }

    #[test]
    fn a_19x19_game_has_a_position_too() {
        let mut game = Game::new(19).unwrap();
        for row in 0..19 {
            let point = Cell { row, col: 9 };
            game.setup(Color::Black, point).unwrap();
        }
        let position = Position::<Wide>::of_game(&game);
        assert_eq!(position.winner(Geometry::square(19)), Some(Color::Black));
    }
}
