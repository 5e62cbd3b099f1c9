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
//!
//! Beyond the contest: any board drawn as a picture ([`Layout::from_picture`], the European
//! board [`Layout::european`]), positions read from pictures or hole lists
//! ([`parse_positions`]) and drawn ([`Layout::draw`]), its symmetries ([`Symmetries`]), exact
//! solving ([`fewest_pegs`], [`finish_in`]) and the census of the central game ([`census`]),
//! within the memory the machine has ([`limit`]).
//!
//! ```
//! use hiq::{census, finish_in, parse_positions, Layout};
//!
//! let board = Layout::from_picture("o\noooo\noooo\nooo\n").unwrap();
//! let start = parse_positions(&board, "o\no.oo\noooo\nooo\n").unwrap()[0];
//! let solution = finish_in(&board, start, board.centre()).unwrap();
//! assert_eq!(solution.jumps.len(), 10);
//! print!("{}", board.draw(solution.end));
//!
//! let census = census(&board, &|_, _| {});
//! assert_eq!((census.positions(), census.winning()), (105, 42));
//! assert_eq!(census.solutions, 112);
//! ```

#![deny(missing_docs)]

mod answer;
mod board;
#[cfg(feature = "clap")]
pub mod cli;
pub mod contest;
mod count;
mod drawing;
mod endgame;
pub mod limit;
mod lp;
mod memo;
mod picture;
mod position;
mod rules;
mod solve;
pub mod svg;
mod symmetry;
mod table;

pub use answer::{Answer, Goal, answers};
pub use board::{ENGLISH_PICTURE, EUROPEAN_PICTURE, Layout};
pub use contest::Output;
pub use count::{Census, Level, TooMany, census, census_until, census_within};
pub use drawing::Drawing;
pub use picture::parse_positions;
pub use position::{Hole, Jump, Pegs, Position};
pub use rules::{Game, Trace, contest_jump};
pub use solve::{
    Solution, Unreachable, fewest_pegs, finish_in, finish_in_with_endgame, same_class,
};
pub use symmetry::Symmetries;
pub use table::CensusTable;
