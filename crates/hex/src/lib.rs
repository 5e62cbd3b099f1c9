//! Hex, as the Rowan University 2018 contest analyses a position.
//!
//! The board is a rhombus of hexagons, `A1` the top-left corner, columns lettered and rows
//! numbered; each row is shifted half a cell right of the one above, which gives every cell
//! the six neighbours of [`NEIGHBOURHOOD_PICTURE`]. X joins the first and last columns, O the
//! first and last rows. For a position the contest asks who has won, or else, for each
//! player, one [`shortest_completion`]: the fewest stones that player must add, the
//! opponent standing still.
//!
//! Beyond the contest, a Hex engine in HexGui's and Benzene's conventions (Black and White,
//! points like `a1`), arranged by role, each layer using only those below it:
//!
//! - [`game`]: the rules (moves, the swap, undo, the winner); [`geometry`] and [`position`]:
//!   sets of cells and the position the analysis reads;
//! - [`knowledge`]: groups, virtual connections, inferior cells, must-play; [`solver`]: DFPN
//!   over positions, asking the knowledge at every node;
//! - [`player`]: one [`player::Player`] (opening book, endgame solver, Monte Carlo tree search,
//!   swap and resignation) with one table of parameters;
//! - [`gtp`]: the protocol, parsing and dispatch only; [`matches`]: the arena, self-play and
//!   records; [`sgf`]: the record format.
//!
//! ```
//! use hex::{contest, Analysis, Output, Verdict};
//!
//! let boards = contest::parse("1\n5\n2 2\nC2 A3\nC5 C3\n").unwrap();
//! let analysis = Analysis::of(boards[0].clone());
//! let Verdict::Open { x, o } = &analysis.verdict else { panic!("nobody has won") };
//! assert_eq!((x.moves(), o.moves()), (3, 3));
//! assert!(Output(&[analysis]).to_string().starts_with(
//!     "Analyzing 1 data set(s)\nData set 1\nBoard Position:\n-   -   -   -   -\n  -   -   X   -   -\n"
//! ));
//! ```

#![deny(missing_docs)]

mod board;
pub mod cells;
#[cfg(feature = "clap")]
pub mod cli;
mod completion;
pub mod contest;
pub mod game;
pub mod geometry;
pub mod gtp;
pub mod knowledge;
pub mod matches;
pub mod player;
pub mod position;
pub mod sgf;
pub mod solver;
pub mod svg;

pub use board::{
    BadName, Board, Cell, Color, Lower, MAX_CELLS, MAX_SIZE, NEIGHBOUR_STEPS, NEIGHBOURHOOD_PICTURE,
};
pub use completion::{Completion, shortest_completion};
pub use contest::{Analysis, Output, Verdict};
pub use position::Position;
