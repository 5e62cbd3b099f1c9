//! A game: the rolls played one after another on a [`Board`], each by the lowest marker of
//! the side whose turn it is.

use crate::board::{Board, Side};
use crate::rules::Move;
use crate::track::Roll;

/// Who plays each roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turns {
    /// Side A plays every roll (Junior and Intermediate: the opponent's markers stand still).
    AOnly,
    /// The rolls alternate, A first (Senior).
    Alternate,
}

impl Turns {
    /// The side that plays the roll at `index` (from 0).
    pub fn side(self, index: usize) -> Side {
        match self {
            Turns::Alternate if index % 2 == 1 => Side::B,
            _ => Side::A,
        }
    }
}

/// One roll of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// Whose roll it was.
    pub side: Side,
    /// The roll.
    pub roll: Roll,
    /// The move it made; `None` if the side had no marker left on the board, in which case
    /// the roll is lost.
    pub moved: Option<Move>,
}

/// A game played out: the board before, every roll, the board after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The board before the first roll.
    pub start: Board,
    /// Every roll, in order.
    pub turns: Vec<Turn>,
    /// The board after the last roll.
    pub end: Board,
}

impl Game {
    /// Plays every roll in order, each by the lowest marker of the side `turns` names. A side
    /// without a marker on the board loses its roll; the rolls go on in the same order.
    pub fn play(start: Board, rolls: &[Roll], turns: Turns) -> Game {
        let mut board = start;
        let turns = rolls
            .iter()
            .enumerate()
            .map(|(index, &roll)| {
                let side = turns.side(index);
                Turn {
                    side,
                    roll,
                    moved: board.play(side, roll),
                }
            })
            .collect();
        Game {
            start,
            turns,
            end: board,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::track::{Location, Markers};
    use proptest::prelude::*;

    fn at(n: u32) -> Location {
        Location::new(n).unwrap()
    }

    fn rolls(values: &[u32]) -> Vec<Roll> {
        values.iter().map(|&v| Roll::new(v).unwrap()).collect()
    }

    fn board(a: &[u32], b: &[u32]) -> Board {
        let mut board = Board::EMPTY;
        for (side, list) in [(Side::A, a), (Side::B, b)] {
            for &n in list {
                board = board.place(side, at(n)).unwrap();
            }
        }
        board
    }

    #[test]
    fn the_sample_s_walk_through() {
        let game = Game::play(
            board(&[1, 8, 12], &[4, 14, 24]),
            &rolls(&[6, 3, 5, 1, 5, 6]),
            Turns::AOnly,
        );
        let path: Vec<(u8, u8)> = game
            .turns
            .iter()
            .map(|t| {
                let m = t.moved.unwrap();
                (m.from.number(), m.to().number())
            })
            .collect();
        assert_eq!(
            path,
            [(1, 7), (7, 10), (8, 13), (10, 11), (11, 15), (12, 18)]
        );
        assert_eq!(game.end.markers(Side::A).to_string(), "13 15 18");
        assert_eq!(game.end.markers(Side::B), game.start.markers(Side::B));
    }

    #[test]
    fn a_finished_marker_blocks_nothing() {
        // A's marker on 50 rolls 2 and finishes; B's marker on 51 then rolls 1 and finishes
        // too: the first one is no longer on 52.
        let mut start = board(&[50], &[51]);
        let game = Game::play(start, &rolls(&[2, 1]), Turns::Alternate);
        assert!(game.turns.iter().all(|t| t.moved.unwrap().finished()));
        assert_eq!(game.end, Board::EMPTY);
        // A marker given on 52 has finished already: it is not on the board.
        start = start.place(Side::A, Location::FINISH).unwrap();
        assert_eq!(start.place(Side::B, Location::FINISH), Some(start));
        assert!(!start.occupied().contains(Location::FINISH));
    }

    #[test]
    fn a_side_without_markers_loses_its_rolls() {
        // A finishes with its first roll; its second roll (the third of the game) is lost, and
        // B goes on with the fourth.
        let game = Game::play(board(&[50], &[1]), &rolls(&[2, 1, 3, 2]), Turns::Alternate);
        let sides: Vec<(Side, bool)> = game
            .turns
            .iter()
            .map(|t| (t.side, t.moved.is_some()))
            .collect();
        assert_eq!(
            sides,
            [
                (Side::A, true),
                (Side::B, true),
                (Side::A, false),
                (Side::B, true)
            ]
        );
        assert_eq!(game.end.markers(Side::A), Markers::NONE);
        // B: 1 + 1 = 2, prime, slides to 8; 8 + 2 = 10, plain.
        assert_eq!(game.end.markers(Side::B).to_string(), "10");
    }

    #[test]
    fn two_markers_cannot_share_a_location() {
        let one = board(&[5], &[]);
        assert_eq!(one.place(Side::A, at(5)), None);
        assert_eq!(one.place(Side::B, at(5)), None);
    }

    proptest! {
        #[test]
        fn markers_never_collide_and_never_multiply(
            start in proptest::collection::btree_set(1u32..=51, 0..=6),
            values in proptest::collection::vec(1u32..=6, 0..40),
        ) {
            let start: Vec<u32> = start.into_iter().collect();
            let (a, b) = start.split_at(start.len() / 2);
            let start = board(a, b);
            let game = Game::play(start, &rolls(&values), Turns::Alternate);
            let (mut a, mut b) = (start.markers(Side::A), start.markers(Side::B));
            for turn in &game.turns {
                // Replay the turn by hand: the lowest marker of the side moved, to a free place.
                if let Some(m) = turn.moved {
                    let (mover, other) = match turn.side {
                        Side::A => (&mut a, b),
                        Side::B => (&mut b, a),
                    };
                    prop_assert_eq!(mover.lowest(), Some(m.from));
                    *mover = mover.without(m.from);
                    if !m.finished() {
                        prop_assert!(!mover.union(other).contains(m.to()));
                        *mover = mover.with(m.to());
                    }
                } else {
                    prop_assert_eq!([a, b][turn.side as usize], Markers::NONE);
                }
                prop_assert_eq!(a.union(b).count(), a.count() + b.count());
            }
            prop_assert_eq!((a, b), (game.end.markers(Side::A), game.end.markers(Side::B)));
            prop_assert!(game.end.markers(Side::A).count() <= start.markers(Side::A).count());
            prop_assert!(game.end.markers(Side::B).count() <= start.markers(Side::B).count());
        }
    }
}
