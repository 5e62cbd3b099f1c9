//! The pieces on a board: what each home holds.

use std::fmt;

use crate::homes::Homes;
use crate::shape::{Home, Shape, Square};

/// What a home holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    /// Nothing (`0` in the contest input).
    Empty,
    /// A piece of the player to move (`1`).
    Mine,
    /// A piece of the opponent (`2`).
    Theirs,
}

impl Content {
    /// The content the contest writes as `digit`, if it is 0, 1 or 2.
    pub fn from_digit(digit: u32) -> Option<Content> {
        match digit {
            0 => Some(Content::Empty),
            1 => Some(Content::Mine),
            2 => Some(Content::Theirs),
            _ => None,
        }
    }

    /// The digit the contest writes for the content: 0, 1 or 2.
    pub fn digit(self) -> u32 {
        match self {
            Content::Empty => 0,
            Content::Mine => 1,
            Content::Theirs => 2,
        }
    }
}

impl fmt::Display for Content {
    /// The contest's digit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.digit().fmt(f)
    }
}

/// A board: its shape and the pieces on its homes. Any number of pieces of either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    mine: Homes,
    theirs: Homes,
}

impl Board {
    /// An empty board of this shape.
    pub fn empty(shape: Shape) -> Board {
        Board {
            shape,
            mine: Homes::EMPTY,
            theirs: Homes::EMPTY,
        }
    }

    /// The board holding `contents`, home 1 first; homes beyond the list are empty and
    /// contents beyond the last home are ignored.
    pub fn from_contents(shape: Shape, contents: impl IntoIterator<Item = Content>) -> Board {
        shape
            .each_home()
            .zip(contents)
            .fold(Board::empty(shape), |board, (home, content)| {
                board.with(home, content)
            })
    }

    /// The same board with `home` holding `content`.
    pub fn with(self, home: Home, content: Content) -> Board {
        let (mut mine, mut theirs) = (self.mine.without(home), self.theirs.without(home));
        match content {
            Content::Empty => {}
            Content::Mine => mine = mine.with(home),
            Content::Theirs => theirs = theirs.with(home),
        }
        Board {
            shape: self.shape,
            mine,
            theirs,
        }
    }

    /// The boards on which plain backtracking is slowest: every home of the odd lattice (odd
    /// row, odd column) holds an opponent piece, and the player has a piece in each corner
    /// that is a home. Every jump the even lattice allows is possible, so the captures from a
    /// corner are all the trails of a big grid: about a second of backtracking at 13x15.
    pub fn crowded(shape: Shape) -> Board {
        let (last_row, last_col) = (shape.rows() as u8 - 1, shape.cols() as u8 - 1);
        shape.each_home().fold(Board::empty(shape), |board, home| {
            let Square { row, col } = shape.square(home);
            if row % 2 == 1 && col % 2 == 1 {
                board.with(home, Content::Theirs)
            } else if (row == 0 || row == last_row) && (col == 0 || col == last_col) {
                board.with(home, Content::Mine)
            } else {
                board
            }
        })
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The homes holding a piece of the player to move.
    pub fn mine(&self) -> Homes {
        self.mine
    }

    /// The homes holding an opponent's piece.
    pub fn theirs(&self) -> Homes {
        self.theirs
    }

    /// What `home` holds.
    pub fn content(&self, home: Home) -> Content {
        if self.mine.contains(home) {
            Content::Mine
        } else if self.theirs.contains(home) {
            Content::Theirs
        } else {
            Content::Empty
        }
    }

    /// The contents of every home, home 1 first.
    pub fn contents(&self) -> impl Iterator<Item = Content> + '_ {
        self.shape.each_home().map(|home| self.content(home))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contents_are_the_contest_s_digits() {
        for content in [Content::Empty, Content::Mine, Content::Theirs] {
            assert_eq!(Content::from_digit(content.digit()), Some(content));
            assert_eq!(content.to_string(), content.digit().to_string());
        }
        assert_eq!(Content::from_digit(3), None);
    }

    #[test]
    fn boards_hold_what_they_were_given() {
        let shape = Shape::new(3, 3).unwrap();
        let contents = [2, 1, 2, 0, 1].map(|d| Content::from_digit(d).unwrap());
        let board = Board::from_contents(shape, contents);
        assert_eq!(board.contents().collect::<Vec<_>>(), contents);
        assert_eq!(
            board.mine().iter().map(Home::number).collect::<Vec<_>>(),
            [2, 5]
        );
        assert_eq!(board.theirs().len(), 2);
        assert_eq!(Content::from_digit(3), None);
    }
}
