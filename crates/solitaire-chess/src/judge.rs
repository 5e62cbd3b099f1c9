//! The judge's side: the official verdicts for each line a player writes.

use std::fmt;

use crate::board::{Deal, Piece, Square};
use crate::rules::{Game, Illegal};
use crate::score::Score;

/// How a game ended, as the official judge sees it. Only [`Verdict::Stopped`] scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player wrote `0 0`: the game is scored.
    Stopped,
    /// A line that is not two whole numbers.
    Malformed(String),
    /// A row or column outside 1..6.
    OutOfRange(String),
    /// A removal from an empty square.
    EmptySquare(Square),
    /// A square the last removed type does not reach.
    IllegalMove(Illegal),
    /// The square removed from last.
    SameSquare(Square),
    /// The player's output ended (it exited or closed it) without `0 0`.
    NoStop,
    /// The player took longer than the time limit.
    TimeLimit,
}

impl Verdict {
    /// Whether the game is scored (else it scores 0).
    pub fn scores(&self) -> bool {
        *self == Verdict::Stopped
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Stopped => write!(f, "stopped with `0 0`"),
            Verdict::Malformed(line) => write!(f, "malformed line {line:?}"),
            Verdict::OutOfRange(line) => write!(f, "coordinates out of range: {line:?}"),
            Verdict::EmptySquare(square) => write!(f, "empty square: {square}"),
            Verdict::IllegalMove(illegal) => write!(f, "illegal move: {illegal}"),
            Verdict::SameSquare(square) => write!(f, "same square twice in a row: {square}"),
            Verdict::NoStop => write!(f, "the player's output ended without `0 0`"),
            Verdict::TimeLimit => write!(f, "time limit exceeded"),
        }
    }
}

/// What the judge answers a legal line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The piece now showing on the square removed from, or `None` (`blank`).
    Shown(Option<Piece>),
    /// The player stopped.
    Stop,
}

impl fmt::Display for Answer {
    /// The judge's reply line (without its line end); empty after `0 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Shown(Some(piece)) => write!(f, "{piece}"),
            Answer::Shown(None) => write!(f, "blank"),
            Answer::Stop => Ok(()),
        }
    }
}

/// The official judge: holds the whole deal, checks every line and keeps the score.
#[derive(Clone, Debug)]
pub struct Referee {
    game: Game,
    moves: Vec<Square>,
}

impl Referee {
    /// A game on a deal.
    pub fn new(deal: &Deal) -> Referee {
        Referee {
            game: Game::new(deal),
            moves: Vec::new(),
        }
    }

    /// The game so far (with every layer).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The removals so far.
    pub fn moves(&self) -> &[Square] {
        &self.moves
    }

    /// The score of the removals so far (what a game that stops now scores).
    pub fn score(&self) -> Score {
        self.game.score()
    }

    /// Takes one line from the player: the answer to send back, or the verdict that ends the
    /// game with 0 points.
    pub fn take(&mut self, line: &str) -> Result<Answer, Verdict> {
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let words: Vec<&str> = line.split_whitespace().collect();
        let numbers: Vec<i64> = words.iter().filter_map(|w| w.parse().ok()).collect();
        let &[row, col] = numbers.as_slice() else {
            return Err(Verdict::Malformed(line.to_string()));
        };
        if words.len() != 2 {
            return Err(Verdict::Malformed(line.to_string()));
        }
        if (row, col) == (0, 0) {
            return Ok(Answer::Stop);
        }
        let square = u8::try_from(row)
            .ok()
            .zip(u8::try_from(col).ok())
            .and_then(|(row, col)| Square::at(row, col))
            .ok_or_else(|| Verdict::OutOfRange(line.to_string()))?;
        self.play(square).map(Answer::Shown)
    }

    /// Plays a removal: the piece now showing there, or the verdict.
    pub fn play(&mut self, square: Square) -> Result<Option<Piece>, Verdict> {
        self.game.play(square).map_err(|illegal| match illegal {
            Illegal::Empty(square) => Verdict::EmptySquare(square),
            Illegal::SameSquare(square) => Verdict::SameSquare(square),
            unreachable @ Illegal::Unreachable { .. } => Verdict::IllegalMove(unreachable),
        })?;
        self.moves.push(square);
        Ok(self.game.piece(square))
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The removals in order.
    pub moves: Vec<Square>,
    /// The score of those removals.
    pub score: Score,
    /// How it ended.
    pub verdict: Verdict,
}

impl Outcome {
    /// The points the judge gives: the score, or 0 if the verdict is a fault.
    pub fn points(&self) -> u32 {
        if self.verdict.scores() {
            self.score.total()
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pyrandom::official_deal;

    fn referee() -> Referee {
        Referee::new(&official_deal(&Piece::ALL, 12))
    }

    #[test]
    fn lines_get_the_official_verdicts() {
        let mut r = referee();
        assert_eq!(r.take("1 x"), Err(Verdict::Malformed("1 x".into())));
        assert_eq!(r.take("1 2 3"), Err(Verdict::Malformed("1 2 3".into())));
        assert_eq!(r.take(""), Err(Verdict::Malformed("".into())));
        assert_eq!(r.take("7 1"), Err(Verdict::OutOfRange("7 1".into())));
        assert_eq!(r.take("-1 1\n"), Err(Verdict::OutOfRange("-1 1".into())));
        let first = r.take("1 1\n").unwrap();
        assert!(matches!(first, Answer::Shown(Some(_))));
        assert_eq!(
            r.take("1 1"),
            Err(Verdict::SameSquare(Square::at(1, 1).unwrap()))
        );
        assert_eq!(r.take("0 0"), Ok(Answer::Stop));
        assert_eq!(r.score().moves, 1);
    }

    #[test]
    fn an_unreachable_square_is_an_illegal_move() {
        // g6-1 starts with a knight in the corner: (1, 2) is not a knight's move away.
        let mut r = referee();
        assert_eq!(
            r.game().piece(Square::at(1, 1).unwrap()),
            Some(Piece::Knight)
        );
        r.take("1 1").unwrap();
        assert!(matches!(r.take("1 2"), Err(Verdict::IllegalMove(_))));
    }

    #[test]
    fn a_square_emptied_is_reported_blank_then_refused() {
        let deal = Deal::uniform(Piece::One);
        let mut r = Referee::new(&deal);
        let shown: Vec<String> = ["1 1", "1 2", "1 1", "1 2", "1 1"]
            .iter()
            .map(|line| r.take(line).unwrap().to_string())
            .collect();
        assert_eq!(shown, ["1", "1", "1", "1", "blank"]);
        r.take("1 2").unwrap();
        assert_eq!(
            r.take("1 1"),
            Err(Verdict::EmptySquare(Square::at(1, 1).unwrap()))
        );
    }
}
