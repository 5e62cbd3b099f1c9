//! What the rest of a game is worth where a rollout is cut short: a linear function of a few
//! numbers about the board, fitted to the rest of the player's own games.

use solitaire_chess::{Game, PIECES, SQUARES, Squares, targets};

/// A linear estimate of the points the rest of a game brings, in the player's hands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CutValue {
    /// Points whatever the board.
    pub constant: f32,
    /// Points for each piece left (on the board and under it).
    pub left: f32,
    /// Points for each hundredth of the square of the pieces left.
    pub left_squared: f32,
    /// Points for each empty square.
    pub empty: f32,
    /// Points for each gold piece showing (its square empties when it is removed).
    pub gold: f32,
    /// Points for each piece after whose removal no other piece showing could be removed.
    pub isolated: f32,
    /// Points for each piece that no other piece showing reaches (it can only be removed
    /// once a piece that reaches it shows up).
    pub unreachable: f32,
    /// Points for each onward removal a piece showing has on average.
    pub mobility: f32,
}

/// The numbers about a board that [`CutValue`] weighs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardNumbers {
    /// Pieces left, on the board and under it.
    pub left: u32,
    /// Empty squares.
    pub empty: u32,
    /// Gold pieces showing.
    pub gold: u32,
    /// Pieces that reach no other piece.
    pub isolated: u32,
    /// Pieces that no other piece reaches.
    pub unreachable: u32,
    /// The mean number of other pieces a piece reaches.
    pub mobility: f32,
}

impl BoardNumbers {
    /// The numbers for a game as the player sees it (only the pieces showing count).
    pub fn of(game: &Game) -> BoardNumbers {
        let occupied = game.occupied();
        let mut board = BoardNumbers {
            left: PIECES as u32 - game.score().moves,
            empty: SQUARES as u32 - occupied.len(),
            ..BoardNumbers::default()
        };
        let mut reached = Squares::EMPTY;
        let mut reaches = 0u32;
        for square in occupied {
            if game.removals_at(square) == 2 {
                board.gold += 1;
            }
            let reach = targets(game.piece_unchecked(square), square) & occupied.without(square);
            if reach.is_empty() {
                board.isolated += 1;
            }
            reaches += reach.len();
            reached |= reach;
        }
        board.unreachable = (occupied & !reached).len();
        if !occupied.is_empty() {
            board.mobility = reaches as f32 / occupied.len() as f32;
        }
        board
    }
}

impl CutValue {
    /// Every weight 0.
    pub const ZERO: CutValue = CutValue {
        constant: 0.0,
        left: 0.0,
        left_squared: 0.0,
        empty: 0.0,
        gold: 0.0,
        isolated: 0.0,
        unreachable: 0.0,
        mobility: 0.0,
    };

    /// The weight with a field's name.
    pub fn weight(&mut self, name: &str) -> Option<&mut f32> {
        Some(match name {
            "constant" => &mut self.constant,
            "left" => &mut self.left,
            "left_squared" => &mut self.left_squared,
            "empty" => &mut self.empty,
            "gold" => &mut self.gold,
            "isolated" => &mut self.isolated,
            "unreachable" => &mut self.unreachable,
            "mobility" => &mut self.mobility,
            _ => return None,
        })
    }

    /// The estimate for a game as the player sees it (never below 0).
    pub fn rest(&self, game: &Game) -> f32 {
        self.rest_of(&BoardNumbers::of(game))
    }

    /// The estimate from the numbers about a board (never below 0).
    pub fn rest_of(&self, board: &BoardNumbers) -> f32 {
        let left = board.left as f32;
        (self.constant
            + self.left * left
            + self.left_squared * left * left / 100.0
            + self.empty * board.empty as f32
            + self.gold * board.gold as f32
            + self.isolated * board.isolated as f32
            + self.unreachable * board.unreachable as f32
            + self.mobility * board.mobility)
            .max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_chess::{Deal, Piece, Square};

    fn at(row: u8, col: u8) -> Square {
        Square::at(row, col).unwrap()
    }

    #[test]
    fn a_board_of_knights_has_the_knights_graph_of_the_6x6_board() {
        let board = BoardNumbers::of(&Game::new(&Deal::uniform(Piece::Knight)));
        // 4 (n - 1) (n - 2) = 80 knight moves join the squares of a 6 x 6 board.
        let expected = BoardNumbers {
            left: 108,
            empty: 0,
            gold: 0,
            isolated: 0,
            unreachable: 0,
            mobility: 160.0 / 36.0,
        };
        assert_eq!(board, expected);
    }

    #[test]
    fn fours_in_the_middle_reach_nothing_and_nothing_reaches_them() {
        // A 4 moves four steps: from rows 3-4 and columns 3-4 there is no such square.
        let board = BoardNumbers::of(&Game::new(&Deal::uniform(Piece::Four)));
        assert_eq!((board.isolated, board.unreachable), (4, 4));
    }

    #[test]
    fn removals_count_as_gold_then_empty_squares_and_fewer_pieces_left() {
        let mut game = Game::new(&Deal::uniform(Piece::Knight));
        for square in [at(1, 1), at(2, 3), at(1, 1), at(2, 3), at(1, 1)] {
            game.play(square).unwrap();
        }
        let board = BoardNumbers::of(&game);
        assert_eq!((board.left, board.empty, board.gold), (103, 1, 1));
        // The corner is empty: its two neighbours by a knight's move reach one square less.
        assert_eq!(board.mobility, (160.0 - 4.0) / 35.0);
    }

    #[test]
    fn the_estimate_weighs_each_number_and_is_never_negative() {
        let board = BoardNumbers {
            left: 50,
            empty: 4,
            gold: 3,
            isolated: 2,
            unreachable: 1,
            mobility: 2.5,
        };
        let one = |field: fn(&mut CutValue)| {
            let mut cut = CutValue::ZERO;
            field(&mut cut);
            cut.rest_of(&board)
        };
        assert_eq!(one(|c| c.constant = 7.0), 7.0);
        assert_eq!(one(|c| c.left = 2.0), 100.0);
        assert_eq!(one(|c| c.left_squared = 1.0), 25.0);
        assert_eq!(one(|c| c.empty = 1.5), 6.0);
        assert_eq!(one(|c| c.gold = 2.0), 6.0);
        assert_eq!(one(|c| c.isolated = 3.0), 6.0);
        assert_eq!(one(|c| c.unreachable = 5.0), 5.0);
        assert_eq!(one(|c| c.mobility = 4.0), 10.0);
        assert_eq!(one(|c| c.isolated = -100.0), 0.0);
    }
}
