//! Patolli as the ACSL set it (2019-20, contest 4), in its three divisions.
//!
//! The track is the 52 locations of the problem's grid ([`GRID`]); whether a step is
//! horizontal or vertical is derived from it. [`move_marker`] plays one roll by the text's
//! rules, tried in the text's order, and says which rule decided the move ([`Outcome`]).
//! A [`Game`] plays a line's rolls, each by the lowest marker of the side whose turn it is;
//! [`contest`] reads the three divisions' input lines and writes their output.
//!
//! ```
//! use patolli::{Division, contest};
//!
//! let lines = contest::parse("4 14 24 1 8 12 6 6 3 5 1 5 6\n", Division::Intermediate).unwrap();
//! let game = lines[0].play();
//! assert_eq!(lines[0].answer(game.end).to_string(), "13 15 18");
//! let first = game.turns[0].moved.unwrap();
//! assert_eq!(first.to_string(), "roll 6: 1 -> 7, prime: slides forward, blocked before 8, stays on 7");
//! assert_eq!(first.rule(), 7);
//! ```

#![deny(missing_docs)]

mod board;
#[cfg(feature = "clap")]
pub mod cli;
pub mod contest;
mod game;
mod picture;
mod rules;
pub mod svg;
mod track;

pub use board::{Board, Side};
pub use contest::{Answer, Division, Line, Trace, UnknownDivision};
pub use game::{Game, Turn, Turns};
pub use picture::Picture;
pub use rules::{Direction, Move, Outcome, SlideEnd, move_marker};
pub use track::{Cell, GRID, Location, Markers, Roll, Step, is_square};
