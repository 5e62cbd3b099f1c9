//! Solitaire chess (Solitärschack, PO final 2016): a one-player game on a 6 x 6 board of
//! pieces in three colour layers, scored by runs and sets of the types removed.
//!
//! [`Game`] holds the three layers of every square, what has been removed and the score so
//! far ([`Tally`], which agrees with the official judge's [`score`]). [`official_deal`] draws
//! the layers exactly as the official judge does, through CPython's `random` ([`PyRandom`]).
//! [`Referee`] gives the official verdicts, and [`protocol`] reads the judge's lines; the
//! player is the crate `solitaire-chess-player`, beside this one.
//!
//! ```
//! use solitaire_chess::{Game, Piece, Square, official_deal};
//!
//! let deal = official_deal(&[Piece::Knight], 1);
//! let mut game = Game::new(&deal);
//! let corner = Square::at(1, 1).unwrap();
//! game.play(corner).unwrap();
//! assert_eq!(game.legal().len(), 2); // a knight in a corner reaches two squares
//! game.play(Square::at(2, 3).unwrap()).unwrap();
//! assert_eq!(game.score().total(), 2 + 4); // two removals, a run of two
//! ```

#![deny(missing_docs)]

mod board;
pub mod contest;
mod game;
pub mod human;
pub mod judge;
mod picture;
pub mod protocol;
mod pyrandom;
mod rules;
mod score;
pub mod svg;

pub use board::{
    BoardText, Colour, Deal, Kind, NotASquare, PIECES, Piece, SIDE, SQUARES, Square, Squares,
    SquaresIter, UnknownPiece,
};
pub use game::{Game, Illegal};
pub use judge::{Answer, Outcome, Referee, Verdict};
pub use picture::Picture;
pub use pyrandom::{PyRandom, official_deal};
pub use rules::targets;
pub use score::{MAX_SCORE, Score, Tally, score};
