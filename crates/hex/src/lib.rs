//! Hex, as the Rowan University 2018 contest analyses a position.
//!
//! The board is a rhombus of hexagons, `A1` the top-left corner, columns lettered and rows
//! numbered; each row is shifted half a cell right of the one above, which gives every cell
//! the six neighbours of [`NEIGHBOURHOOD_PICTURE`]. X joins the first and last columns, O the
//! first and last rows. For a position the contest asks who has won, or else, for each
//! player, one [`shortest_completion`]: the fewest stones that player must add, the
//! opponent standing still.
//!
//! Beyond the contest, [`engine`] is a Hex engine in HexGui's conventions (Black and White,
//! points like `a1`): a Monte Carlo tree search player with a per-point analysis, a GTP loop,
//! SGF records and an arena for matches between GTP engines.
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
#[cfg(feature = "clap")]
pub mod cli;
mod completion;
pub mod contest;
pub mod engine;
pub mod geometry;
pub mod knowledge;
pub mod player;
pub mod position;
pub mod solver;
pub mod svg;

pub use board::{
    BadName, Board, Cell, MAX_CELLS, MAX_SIZE, NEIGHBOUR_STEPS, NEIGHBOURHOOD_PICTURE, Player,
};
pub use completion::{Completion, shortest_completion};
pub use contest::{Analysis, Output, Verdict};
