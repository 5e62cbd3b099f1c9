//! MegaCheckers, from the South America 2006 contest (POJ 3116): the largest number of
//! opponent pieces one capture move can take, and a capture that takes them.
//!
//! A board of N × M squares (each side 3..=20, at most 200 squares) has its pieces on the
//! homes, the squares (r, c) with r + c even, numbered from 1 row by row from the player's
//! edge ([`Shape::home_at`]). A piece captures by jumping diagonally, forward or backward,
//! over an adjacent opponent piece to the empty home beyond, and may go on jumping, changing
//! direction as it likes, but never over the same piece twice ([`Capture::replay`]).
//!
//! [`solve()`] finds the longest capture by a branch-and-bound search on bitboards (see the
//! [`solve`](mod@solve) module); [`brute::max_capture`] is the plain backtracking it is
//! checked and measured against.
//!
//! ```
//! use megacheckers::{contest, solve, Output};
//!
//! let boards = contest::parse("5 3\n1 0 2 1 0 2 0 0\n0 0\n").unwrap();
//! let best = solve(&boards[0]);
//! assert_eq!(best.taken, 2);
//! assert_eq!(best.capture.as_ref().unwrap().to_string(), "1x5x7");
//! assert_eq!(Output::answers(&[best.clone()]).to_string(), "2\n");
//! assert_eq!(Output::with_paths(&[best]).to_string(), "2\n1x5x7\n");
//! ```

#![deny(missing_docs)]

mod board;
pub mod brute;
#[cfg(feature = "clap")]
pub mod cli;
pub mod contest;
mod homes;
mod picture;
mod rules;
mod shape;
pub mod solve;
pub mod svg;

pub use board::{Board, Content};
pub use contest::Output;
pub use homes::{Homes, HomesIter};
pub use picture::Picture;
pub use rules::{BadCapture, Capture, IllegalCapture};
pub use shape::{Home, Jump, MAX_HOMES, MAX_SIDE, MAX_SQUARES, MIN_SIDE, Shape, Square};
pub use solve::{Best, Bound, Search, solve};
