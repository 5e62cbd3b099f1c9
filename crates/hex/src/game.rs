//! The rules of the engine's game, in HexGui's and Benzene's conventions: points are `a1` at
//! the top left, the letter the column and the number the row; Black moves first and joins the
//! top and bottom edges, White joins left and right; boards are 1x1 to 19x19, and rectangles.
//! The swap rule, undo and the winner. The contest's board uses the same [`Color`] (its `O` is
//! Black, with the rows; its `X` White, with the columns).

use std::fmt;

use crate::board::Board;
/// The one coordinate type: the contest's and the engine's cells are the same (`A1` in the
/// contest's output, `a1` in HexGui's, GTP's and SGF's: [`Cell::lower`]).
pub use crate::board::{Cell, Color};
use crate::cells::{Spot, Wide};
use crate::geometry::Geometry;

/// The largest board the engine plays on (HexGui's largest).
pub const MAX_BOARD: u8 = 19;

/// A move: a stone, the swap, or giving up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on an empty point.
    Play(Cell),
    /// The swap rule (`swap-pieces`; `swap` is read too): see [`Game::play`].
    Swap,
    /// Giving up: the other side wins.
    Resign,
}

impl Move {
    /// A point, `swap-pieces`, `swap` or `resign`, in any case.
    pub fn parse(word: &str, size: u8) -> Option<Move> {
        match word.to_ascii_lowercase().as_str() {
            "swap-pieces" | "swap" => Some(Move::Swap),
            "resign" => Some(Move::Resign),
            _ => Cell::parse(word, size).map(Move::Play),
        }
    }
}

/// `a1`, `swap-pieces` or `resign`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(point) => point.lower().fmt(f),
            Move::Swap => f.write_str("swap-pieces"),
            Move::Resign => f.write_str("resign"),
        }
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The point holds a stone.
    #[error("{} is occupied", .0.lower())]
    Occupied(Cell),
    /// The point is off the board.
    #[error("{} is off the board", .0.lower())]
    OffBoard(Cell),
    /// Swap is allowed only as White's answer to Black's first stone, when the rule is on.
    #[error(
        "swap is allowed only as white's first move, after one black stone, with allow_swap on"
    )]
    NoSwap,
}

/// A game: the board, the moves so far, and whether the swap rule is on.
///
/// The swap rule as HexGui and Benzene apply it (`swap-pieces`): it may be played only by
/// White, as the second move of the game, right after Black's first stone. Black's stone at
/// row r, column c is taken off and a White stone is put at row c, column r (the first stone
/// reflected in the long diagonal, so that it keeps its value for its new owner, whose edges
/// are the reflected ones). Black moves next. Undoing the swap puts the Black stone back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rows: u8,
    cols: u8,
    stones: Vec<Option<Color>>,
    setup: Vec<(Color, Cell)>,
    history: Vec<(Color, Move)>,
    allow_swap: bool,
    winner: Option<Color>,
}

impl Game {
    /// An empty board of `size` (`1..=MAX_BOARD`), swap off; `None` for another size.
    pub fn new(size: u8) -> Option<Game> {
        Game::rectangle(size, size)
    }

    /// An empty board of `rows` x `cols` (each `1..=MAX_BOARD`), swap off, as Benzene and
    /// HexGui play rectangles: Black joins the first and last rows, White the first and last
    /// columns; `None` for another size.
    pub fn rectangle(rows: u8, cols: u8) -> Option<Game> {
        let sizes = 1..=MAX_BOARD;
        (sizes.contains(&rows) && sizes.contains(&cols)).then(|| Game {
            rows,
            cols,
            stones: vec![None; usize::from(rows) * usize::from(cols)],
            setup: Vec::new(),
            history: Vec::new(),
            allow_swap: false,
            winner: None,
        })
    }

    /// The board's side (on a rectangle, its width: the columns).
    pub fn size(&self) -> u8 {
        self.cols
    }

    /// The board's rows (Black's distance to cross).
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// The board's columns (White's distance to cross).
    pub fn cols(&self) -> u8 {
        self.cols
    }

    /// Whether the board is square (the player, the swap rule and the contest's board
    /// take only those).
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// Whether `swap-pieces` may be played.
    pub fn allow_swap(&self) -> bool {
        self.allow_swap
    }

    /// Turns the swap rule on or off.
    pub fn set_allow_swap(&mut self, allow: bool) {
        self.allow_swap = allow;
    }

    /// The moves so far, with who played them.
    pub fn history(&self) -> &[(Color, Move)] {
        &self.history
    }

    /// The stones put on the board without a move ([`Game::setup`]), in order.
    pub fn setup_stones(&self) -> &[(Color, Cell)] {
        &self.setup
    }

    /// Who holds a point.
    pub fn get(&self, point: Cell) -> Option<Color> {
        self.stones[self.index(point)]
    }

    fn index(&self, point: Cell) -> usize {
        usize::from(point.row) * usize::from(self.cols) + usize::from(point.col)
    }

    /// Every point, row by row.
    pub fn points(&self) -> impl Iterator<Item = Cell> + '_ {
        let (rows, cols) = (self.rows, self.cols);
        (0..rows).flat_map(move |row| (0..cols).map(move |col| Cell { row, col }))
    }

    /// The empty points, row by row.
    pub fn empty_points(&self) -> impl Iterator<Item = Cell> + '_ {
        self.points().filter(|&p| self.get(p).is_none())
    }

    /// Whose turn it is: the side that did not make the last move; before any move,
    /// [`Game::first_to_move`].
    pub fn to_move(&self) -> Color {
        (self.history.last()).map_or_else(|| self.first_to_move(), |&(color, _)| color.opponent())
    }

    /// Who moves first after the set-up stones: Black, unless Black has more of them than
    /// White (stones set up as moves are made, Black's first, leave White to move after an
    /// odd number: an SGF record's `AB`/`AW`).
    pub fn first_to_move(&self) -> Color {
        let count = |side| self.setup.iter().filter(|&&(c, _)| c == side).count();
        if count(Color::Black) > count(Color::White) {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The winner: a side whose stones join its edges, or the opponent of a side that
    /// resigned.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// Whether `color` may swap now.
    pub fn can_swap(&self, color: Color) -> bool {
        self.allow_swap
            && self.is_square()
            && self.winner.is_none()
            && color == Color::White
            && matches!(self.history.as_slice(), [(Color::Black, Move::Play(_))])
    }

    /// Plays a move for `color` (who need not be the side to move: GTP lets either side
    /// play).
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.winner.is_some() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Play(point) => self.put(color, point)?,
            Move::Swap => {
                if !self.can_swap(color) {
                    return Err(IllegalMove::NoSwap);
                }
                let [(_, Move::Play(first))] = self.history[..] else {
                    return Err(IllegalMove::NoSwap);
                };
                let (from, to) = (self.index(first), self.index(first.mirrored()));
                self.stones[from] = None;
                self.stones[to] = Some(Color::White);
                if self.joins(Color::White) {
                    self.winner = Some(Color::White);
                }
            }
            Move::Resign => self.winner = Some(color.opponent()),
        }
        self.history.push((color, mv));
        Ok(())
    }

    /// Takes back the last move (the setup stones stay); `false` if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(_) = self.history.pop() else {
            return false;
        };
        let moves = std::mem::take(&mut self.history);
        let mut again = Game::rectangle(self.rows, self.cols).expect("the size was valid");
        again.allow_swap = self.allow_swap;
        for &(color, point) in &self.setup {
            again
                .setup(color, point)
                .expect("a stone that was set up is set up again");
        }
        for (color, mv) in moves {
            again
                .play(color, mv)
                .expect("a move that was legal is legal again");
        }
        *self = again;
        true
    }

    /// Puts a stone without making it a move (SGF's `AB`/`AW` setup); the history is
    /// unchanged.
    pub fn setup(&mut self, color: Color, point: Cell) -> Result<(), IllegalMove> {
        self.put(color, point)?;
        self.setup.push((color, point));
        Ok(())
    }

    /// Puts a stone on an empty point and sees whether it wins.
    fn put(&mut self, color: Color, point: Cell) -> Result<(), IllegalMove> {
        if point.row >= self.rows || point.col >= self.cols {
            return Err(IllegalMove::OffBoard(point));
        }
        if self.get(point).is_some() {
            return Err(IllegalMove::Occupied(point));
        }
        let index = self.index(point);
        self.stones[index] = Some(color);
        if self.winner.is_none() && self.joins(color) {
            self.winner = Some(color);
        }
        Ok(())
    }

    /// Whether `color`'s stones join its two edges.
    fn joins(&self, color: Color) -> bool {
        let stones = (self.stones.iter().enumerate())
            .filter(|&(_, &stone)| stone == Some(color))
            .fold(Wide::EMPTY, |set, (at, _)| {
                set | Wide::single(Spot::new(at))
            });
        if self.is_square() {
            Geometry::square(self.rows).joins(color, stones)
        } else {
            Geometry::<Wide>::rectangle(self.rows, self.cols).joins(color, stones)
        }
    }

    /// The position as the contest's board (Black as O, White as X); the contest's boards
    /// are square, so a rectangle's is its first `cols` x `cols` rows (cut or padded):
    /// ask [`Game::is_square`] first.
    pub fn board(&self) -> Board {
        let mut board = Board::empty(self.cols).expect("sizes up to 19 are contest sizes");
        for point in self.points().filter(|p| p.row < self.cols) {
            if let Some(color) = self.get(point) {
                board.set(point, color);
            }
        }
        board
    }
}

/// The board as Benzene's `showboard` draws it: column letters above and below, row numbers
/// on both sides, each row shifted one space right of the one above, `B`/`W`/`.` for Black,
/// White and empty.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = usize::from(self.rows);
        let letters: String = (0..self.cols)
            .map(|c| format!("{} ", char::from(b'a' + c)))
            .collect();
        writeln!(f, "    {}", letters.trim_end())?;
        for row in 0..self.rows {
            let number = u32::from(row) + 1;
            let mut line = format!("{}{number:>2}\\", " ".repeat(usize::from(row)));
            for col in 0..self.cols {
                line.push_str(match self.get(Cell { row, col }) {
                    Some(Color::Black) => " B",
                    Some(Color::White) => " W",
                    None => " .",
                });
            }
            writeln!(f, "{line} \\{number}")?;
        }
        writeln!(f, "{}     {}", " ".repeat(size), letters.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> Cell {
        Cell::parse(name, MAX_BOARD).unwrap()
    }

    #[test]
    fn points_are_letter_then_row_in_either_case() {
        assert_eq!(p("a1"), Cell { row: 0, col: 0 });
        assert_eq!(p("C2"), Cell { row: 1, col: 2 });
        assert_eq!(p("s19").lower().to_string(), "s19");
        assert_eq!(Cell::parse("t1", 19), None);
        assert_eq!(Cell::parse("a20", 19), None);
        assert_eq!(Cell::parse("c1", 2), None);
        assert_eq!(Move::parse("SWAP", 9), Some(Move::Swap));
        assert_eq!(Move::parse("swap-pieces", 9), Some(Move::Swap));
        assert_eq!(Move::parse("Resign", 9), Some(Move::Resign));
    }

    #[test]
    fn black_joins_top_and_bottom_and_white_left_and_right() {
        let mut game = Game::new(3).unwrap();
        for name in ["b1", "b2"] {
            game.play(Color::Black, Move::Play(p(name))).unwrap();
        }
        assert_eq!(game.winner(), None);
        game.play(Color::Black, Move::Play(p("a3"))).unwrap();
        assert_eq!(game.winner(), Some(Color::Black));
        assert_eq!(
            game.play(Color::White, Move::Play(p("c3"))),
            Err(IllegalMove::GameOver)
        );

        let mut game = Game::new(3).unwrap();
        for name in ["a2", "b2", "c1"] {
            game.play(Color::White, Move::Play(p(name))).unwrap();
        }
        assert_eq!(game.winner(), Some(Color::White));
        // The contest sees the same position won by X, the player with White's edges.
        assert_eq!(
            crate::shortest_completion(&game.board(), Color::White).map(|c| c.moves()),
            Some(0)
        );
    }

    #[test]
    fn swap_mirrors_the_first_stone_into_a_white_one_and_black_moves_next() {
        let mut game = Game::new(5).unwrap();
        assert_eq!(
            game.play(Color::White, Move::Swap),
            Err(IllegalMove::NoSwap)
        );
        game.set_allow_swap(true);
        game.play(Color::Black, Move::Play(p("b4"))).unwrap();
        assert!(!game.can_swap(Color::Black));
        game.play(Color::White, Move::Swap).unwrap();
        assert_eq!(game.get(p("b4")), None);
        assert_eq!(game.get(p("d2")), Some(Color::White));
        assert_eq!(game.to_move(), Color::Black);
        assert_eq!(
            game.play(Color::White, Move::Swap),
            Err(IllegalMove::NoSwap)
        );
        assert!(game.undo());
        assert_eq!(game.get(p("b4")), Some(Color::Black));
        assert_eq!(game.get(p("d2")), None);
        assert_eq!(game.to_move(), Color::White);
    }

    #[test]
    fn occupied_and_resign_and_undo() {
        let mut game = Game::new(4).unwrap();
        game.play(Color::Black, Move::Play(p("b2"))).unwrap();
        assert_eq!(
            game.play(Color::White, Move::Play(p("B2"))),
            Err(IllegalMove::Occupied(p("b2")))
        );
        game.play(Color::White, Move::Resign).unwrap();
        assert_eq!(game.winner(), Some(Color::Black));
        assert!(game.undo());
        assert_eq!(game.winner(), None);
        assert!(game.undo());
        assert!(!game.undo());
        assert_eq!(game, Game::new(4).unwrap());
    }

    #[test]
    fn after_the_setup_the_side_with_fewer_stones_moves() {
        let mut game = Game::new(5).unwrap();
        assert_eq!(game.to_move(), Color::Black);
        game.setup(Color::Black, p("a1")).unwrap();
        assert_eq!(game.to_move(), Color::White);
        game.setup(Color::White, p("b1")).unwrap();
        assert_eq!(game.to_move(), Color::Black);
        game.setup(Color::White, p("c1")).unwrap();
        assert_eq!(game.to_move(), Color::Black, "White has more: Black moves");
        game.play(Color::White, Move::Play(p("d1"))).unwrap();
        assert_eq!(
            game.to_move(),
            Color::Black,
            "after a move, its mover's opponent"
        );
    }

    #[test]
    fn undo_keeps_the_setup_stones() {
        let mut game = Game::new(4).unwrap();
        game.setup(Color::White, p("a1")).unwrap();
        game.setup(Color::Black, p("d4")).unwrap();
        assert_eq!(
            game.setup(Color::Black, p("a1")),
            Err(IllegalMove::Occupied(p("a1")))
        );
        let set_up = game.clone();
        game.play(Color::Black, Move::Play(p("b2"))).unwrap();
        assert!(game.undo());
        assert_eq!(game, set_up);
        assert_eq!(game.get(p("a1")), Some(Color::White));
        assert_eq!(
            game.setup_stones(),
            [(Color::White, p("a1")), (Color::Black, p("d4"))]
        );
        assert!(!game.undo());
    }

    #[test]
    fn showboard_drawing() {
        let mut game = Game::new(3).unwrap();
        game.play(Color::Black, Move::Play(p("b2"))).unwrap();
        game.play(Color::White, Move::Play(p("c1"))).unwrap();
        assert_eq!(
            game.to_string(),
            "    a b c\n 1\\ . . W \\1\n  2\\ . B . \\2\n   3\\ . . . \\3\n        a b c\n"
        );
    }
}
