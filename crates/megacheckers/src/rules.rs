//! A capture move: one piece jumping from home to home over opponent pieces, and the check
//! that a capture is legal on a board.
//!
//! The rules: each jump goes diagonally over an adjacent opponent piece to the empty home just
//! beyond it, forward or backward; successive jumps may change direction; no opponent piece is
//! jumped twice and no own piece is jumped at all. While the piece moves its starting home is
//! empty, so it may pass through or end there.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Content};
use crate::homes::Homes;
use crate::shape::{Home, Jump, Shape};

/// A capture written as the homes the piece visits: where it starts, then where each jump
/// lands. Written the draughts way, `30x23x14`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    homes: Vec<Home>,
}

impl Capture {
    /// The capture through `homes` (start first), if it has at least one jump.
    pub fn new(homes: Vec<Home>) -> Option<Capture> {
        (homes.len() >= 2).then_some(Capture { homes })
    }

    /// The homes visited, the starting home first.
    pub fn homes(&self) -> &[Home] {
        &self.homes
    }

    /// The home the piece starts from.
    pub fn start(&self) -> Home {
        self.homes[0]
    }

    /// How many jumps, that is how many opponent pieces it takes.
    pub fn jumps(&self) -> usize {
        self.homes.len() - 1
    }

    /// Checks the capture on `board` and gives the opponent pieces it takes.
    pub fn replay(&self, board: &Board) -> Result<Homes, IllegalCapture> {
        let shape = board.shape();
        let start = self.start();
        if board.content(start) != Content::Mine {
            return Err(IllegalCapture::NoPieceOfYours(start));
        }
        let mut taken = Homes::EMPTY;
        for pair in self.homes.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let over = jump_between(shape, from, to)
                .ok_or(IllegalCapture::NotAJump { from, to })?
                .over;
            if board.content(over) != Content::Theirs {
                return Err(IllegalCapture::NothingToTake { from, over });
            }
            if taken.contains(over) {
                return Err(IllegalCapture::TakenTwice { over });
            }
            if to != start && board.content(to) != Content::Empty {
                return Err(IllegalCapture::Occupied { to });
            }
            taken = taken.with(over);
        }
        Ok(taken)
    }
}

/// The jump from `from` that lands on `to`, if there is one on this shape.
fn jump_between(shape: Shape, from: Home, to: Home) -> Option<Jump> {
    shape.jumps(from).iter().copied().find(|jump| jump.to == to)
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.homes[0])?;
        self.homes[1..]
            .iter()
            .try_for_each(|home| write!(f, "x{home}"))
    }
}

/// Why a text is not a capture: see [`Capture::from_str`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected homes joined by 'x', such as 30x23x14, found {0:?}")]
pub struct BadCapture(pub String);

impl FromStr for Capture {
    type Err = BadCapture;

    /// Reads `30x23x14`: home numbers (1..=100) joined by `x`, at least two of them. Whether
    /// the homes exist on a board is for [`Capture::replay`] to say.
    fn from_str(text: &str) -> Result<Capture, BadCapture> {
        let bad = || BadCapture(text.to_string());
        let homes = text
            .split('x')
            .map(|part| match part.parse::<u8>() {
                Ok(n @ 1..=100) => Ok(Home::from_number(n)),
                _ => Err(bad()),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Capture::new(homes).ok_or_else(bad)
    }
}

/// What is wrong with a capture on a given board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalCapture {
    /// The starting home does not hold a piece of the player.
    #[error("home {0} holds no piece of yours")]
    NoPieceOfYours(Home),
    /// Two successive homes are not two diagonal steps apart on the board.
    #[error("no jump leads from home {from} to home {to}")]
    NotAJump {
        /// Where the jump starts.
        from: Home,
        /// Where it was meant to land.
        to: Home,
    },
    /// The home jumped over holds no opponent piece.
    #[error("the jump from home {from} passes over home {over}, which holds no opponent piece")]
    NothingToTake {
        /// Where the jump starts.
        from: Home,
        /// The home passed over.
        over: Home,
    },
    /// The same opponent piece is jumped a second time.
    #[error("the piece on home {over} is jumped twice")]
    TakenTwice {
        /// Its home.
        over: Home,
    },
    /// The landing home is not empty.
    #[error("home {to} is not empty")]
    Occupied {
        /// The landing home.
        to: Home,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 8x8 board of the third sample: opponents on homes 1..4, 9..12, 17..20 and 25..28,
    /// our piece on home 30.
    fn third_sample() -> Board {
        let digits = "2 2 2 2 0 0 0 0 2 2 2 2 0 0 0 0 2 2 2 2 0 0 0 0 2 2 2 2 0 1 0 0";
        let shape = Shape::new(8, 8).unwrap();
        let contents = digits
            .split(' ')
            .map(|d| Content::from_digit(d.parse().unwrap()).unwrap());
        Board::from_contents(shape, contents)
    }

    fn capture(text: &str) -> Capture {
        text.parse().unwrap()
    }

    #[test]
    fn captures_read_and_write_the_draughts_way() {
        let c = capture("30x23x14");
        assert_eq!(c.to_string(), "30x23x14");
        assert_eq!(c.jumps(), 2);
        assert_eq!(c.start().number(), 30);
        for bad in ["", "30", "30x", "x30", "30-23", "0x5", "101x5", "3 x5"] {
            assert!(bad.parse::<Capture>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_legal_capture_takes_the_pieces_jumped() {
        let board = third_sample();
        // 30 is (row 7, col 3); 21 (5, 1), 14 (3, 3), 23 (5, 5): over 26, 18 and 19, then
        // back onto the starting home over 27, which is empty while the piece moves.
        let taken = capture("30x21x14x23").replay(&board).unwrap();
        assert_eq!(
            taken.iter().map(Home::number).collect::<Vec<_>>(),
            [18, 19, 26]
        );
        assert_eq!(capture("30x21x14x23x30").replay(&board).unwrap().len(), 4);
    }

    #[test]
    fn illegal_captures_say_why() {
        let board = third_sample();
        let err = |text: &str| capture(text).replay(&board).unwrap_err().to_string();
        assert_eq!(err("29x22"), "home 29 holds no piece of yours");
        assert_eq!(err("99x22"), "home 99 holds no piece of yours");
        assert_eq!(err("30x31"), "no jump leads from home 30 to home 31");
        assert_eq!(err("30x21x30"), "the piece on home 26 is jumped twice");
        // On 3x3: our pieces on 1 and 5, home 3 between them empty, then an opponent's.
        let shape = Shape::new(3, 3).unwrap();
        let small = Board::empty(shape)
            .with(shape.home(1).unwrap(), Content::Mine)
            .with(shape.home(5).unwrap(), Content::Mine);
        let err = |text: &str| capture(text).replay(&small).unwrap_err().to_string();
        assert_eq!(
            err("1x5"),
            "the jump from home 1 passes over home 3, which holds no opponent piece"
        );
        let small = small.with(shape.home(3).unwrap(), Content::Theirs);
        assert_eq!(
            capture("1x5").replay(&small).unwrap_err(),
            IllegalCapture::Occupied {
                to: shape.home(5).unwrap()
            }
        );
        assert_eq!(
            capture("5x1").replay(&small).unwrap_err().to_string(),
            "home 1 is not empty"
        );
    }
}
