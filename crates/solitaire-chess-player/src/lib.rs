//! A player of solitaire chess (the game is the crate `solitaire_chess`): what to remove next
//! when the pieces under the ones showing are unknown.
//!
//! [`Player`] keeps the game as far as it can see it and picks each removal by the
//! [`Strategy`] that suits the board: a search for a whole tour where a single type leaves
//! nothing hidden, exact searches of sampled worlds on boards of rooks, bishops and queens,
//! and elsewhere rollouts of a tuned one-ply [`Policy`] in sampled worlds. [`self_play`] plays
//! it against the judge in one process; [`play`] is the contest program's loop over any
//! reader and writer.
//!
//! ```
//! use solitaire_chess::{Deal, Piece};
//! use solitaire_chess_player::{Budget, Config, self_play};
//!
//! let config = Config { budget: Budget::Worlds(2), ..Config::default() };
//! let outcome = self_play(&Deal::uniform(Piece::Knight), config);
//! assert_eq!(outcome.points(), 324); // every piece removed in one run of knights
//! ```

#![deny(missing_docs)]

pub mod bench;
#[cfg(feature = "clap")]
pub mod cli;
mod config;
mod cut_value;
mod hints;
mod limits;
mod move_averages;
mod officers;
mod play;
mod player;
mod policy;
mod rng;
mod strategy;
mod threads;
mod tour;

pub use config::{Budget, Config, Strategy, UnknownStrategy};
pub use cut_value::{BoardNumbers, CutValue};
pub use hints::Hints;
pub use limits::Limits;
pub use officers::EdgeSolver;
pub use play::{play, sample_game, self_play};
pub use player::{Player, Surprise};
pub use policy::Policy;
pub use rng::Rng;
pub use strategy::EDGE_NODES_PER_WORLD;
