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

mod beam;
mod cut_value;
mod expectimax;
mod move_averages;
mod officers;
mod play;
mod player;
mod policy;
mod tree_search;

pub use beam::beam_search;
pub use cut_value::{BoardNumbers, CutValue};
pub use expectimax::Expectimax;
pub use officers::{EdgeSolver, NODES_PER_WORLD};
pub use play::{play, self_play};
pub use player::{Budget, Config, Player, Strategy, Surprise, longest_game};
pub use policy::{Policy, PolicyError, Rng};
