//! How the player picks a removal: each strategy in its own file, all behind one interface
//! ([`Search`], given a [`Decision`]).

mod beam;
mod decision;
mod exact;
mod expectimax;
mod greedy;
mod rollouts;
mod tree;

pub(crate) use beam::BeamPimc;
pub use beam::beam_search;
pub(crate) use decision::{Decision, Search};
pub use exact::EDGE_NODES_PER_WORLD;
pub(crate) use exact::Exact;
pub(crate) use expectimax::ExpectimaxThenExact;
pub(crate) use greedy::Greedy;
pub(crate) use rollouts::Rollouts;
pub(crate) use tree::TreeSearch;
