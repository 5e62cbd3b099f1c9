//! A position for search: each player's stones as a set of cells and the side to move,
//! over a board's [`Geometry`]. The contest's board and the
//! engine's game both become one here, and nowhere else.

use crate::board::{Board, Color};
use crate::cells::{CellSet, Cells, Spot};
use crate::game::Game;
use crate::geometry::{Geometry, slot};

/// Stones and the side to move. `S` is the set type: the solver's [`Cells`] (up to 19x19)
/// by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<S = Cells> {
    /// Each player's stones, `[X, O]`.
    pub stones: [S; 2],
    /// Whose turn it is.
    pub to_move: Color,
}

impl<S: CellSet> Position<S> {
    /// The contest board's stones, `to_move` to move.
    ///
    /// # Panics
    /// If the board has more cells than `S` holds.
    pub fn of_board(board: &Board, to_move: Color) -> Position<S> {
        let geometry = Geometry::<S>::new(board.size());
        Position {
            stones: geometry.stones_of(board),
            to_move,
        }
    }

    /// The engine game's position (Black is the contest's O, White its X), its side to move
    /// to move.
    ///
    /// # Panics
    /// If the board has more cells than `S` holds.
    pub fn of_game(game: &Game) -> Position<S> {
        let mut stones = [S::default(); 2];
        let size = usize::from(game.size());
        for point in game.points() {
            if let Some(color) = game.get(point) {
                let at = usize::from(point.row) * size + usize::from(point.col);
                stones[slot(color)] |= S::single(Spot::new(at));
            }
        }
        Position {
            stones,
            to_move: game.to_move(),
        }
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
