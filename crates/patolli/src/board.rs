//! The board: both sides' markers on the track, and one roll played on it.

use std::fmt;

use crate::rules::{Move, move_marker};
use crate::track::{Location, Markers, Roll};

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side that rolls first: the player in Junior and Intermediate, A in Senior.
    A,
    /// The other side: the opponent in Junior and Intermediate (who never rolls), B in Senior.
    B,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// The markers on the board, by side. No two share a location, and none stands on 52:
/// a marker that reaches 52 has finished and is gone, so it blocks nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    a: Markers,
    b: Markers,
}

impl Board {
    /// No markers at all.
    pub const EMPTY: Board = Board {
        a: Markers::NONE,
        b: Markers::NONE,
    };

    /// The board with a marker of `side` on `at` too, or `None` if `at` is already held.
    /// A marker on 52 has already finished: it is not placed, and never collides.
    pub fn place(self, side: Side, at: Location) -> Option<Board> {
        if at == Location::FINISH {
            return Some(self);
        }
        if self.occupied().contains(at) {
            return None;
        }
        let mut board = self;
        *board.side_mut(side) = board.markers(side).with(at);
        Some(board)
    }

    /// The markers of one side still on the board.
    pub fn markers(self, side: Side) -> Markers {
        match side {
            Side::A => self.a,
            Side::B => self.b,
        }
    }

    fn side_mut(&mut self, side: Side) -> &mut Markers {
        match side {
            Side::A => &mut self.a,
            Side::B => &mut self.b,
        }
    }

    /// Every location held by a marker.
    pub fn occupied(self) -> Markers {
        self.a.union(self.b)
    }

    /// Plays `roll` with the lowest marker of `side`; `None` if that side has no marker on
    /// the board.
    pub fn play(&mut self, side: Side, roll: Roll) -> Option<Move> {
        let from = self.markers(side).lowest()?;
        let played = move_marker(from, roll, self.occupied());
        let markers = self.side_mut(side);
        *markers = markers.without(from);
        if !played.finished() {
            *markers = markers.with(played.to());
        }
        Some(played)
    }
}
