//! Hi-Q, the 33-hole peg solitaire of the Mid-Atlantic 1996 contest (POJ 1525, UVa 379).
//!
//! The board is derived from a picture ([`ENGLISH_PICTURE`]): holes numbered 1..33 in reading
//! order and the 76 jumps between them. A [`Position`] is a bitboard of the holes with pegs.
//! The contest plays one fixed rule, [`contest_jump`]: the jump into the largest hole, and
//! among those the jump from the largest hole.
//!
//! ```
//! use hiq::{contest, Game, Layout, Output};
//!
//! let starts = contest::parse("1\n10 12 17 19 25 0\n").unwrap();
//! let game = Game::play(Layout::english(), starts[0]);
//! assert_eq!(game.jumps.len(), 3);
//! assert_eq!(game.end.sum(), 51);
//! assert_eq!(Output(&[game.end]).to_string(), "HI Q OUTPUT\n51\nEND OF OUTPUT\n");
//! ```

#![deny(missing_docs)]

mod board;
pub mod contest;
mod count;
mod picture;
mod rules;
mod solve;
mod symmetry;

pub use board::{ENGLISH_PICTURE, EUROPEAN_PICTURE, Hole, Jump, Layout, MAX_HOLES, Position};
pub use contest::Output;
pub use count::{Census, Level, census, census_until};
pub use picture::{Drawing, parse_positions};
pub use rules::{Game, Trace, contest_jump};
pub use solve::{Solution, fewest_pegs, finish_in};
pub use symmetry::Symmetries;
