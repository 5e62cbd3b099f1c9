//! How the player picks a removal: each strategy in its own file, all behind one interface
//! ([`Search`], given a [`Decision`]).

mod decision;
mod exact;
mod rollouts;

pub(crate) use decision::{Decision, Search};
pub use exact::EDGE_NODES_PER_WORLD;
pub(crate) use exact::Exact;
pub(crate) use rollouts::Rollouts;
