//! How the player picks a removal: the strategies (one file each, all behind [`Search`]),
//! and what each is given for a decision ([`Decision`]).

mod beam;
mod exact;
mod expectimax;
mod greedy;
mod rollouts;
mod tree;

pub(crate) use beam::BeamPimc;
pub use beam::beam_search;
pub use exact::EDGE_NODES_PER_WORLD;
pub(crate) use exact::Exact;
pub(crate) use expectimax::ExpectimaxThenExact;
pub(crate) use greedy::Greedy;
pub(crate) use rollouts::Rollouts;
pub(crate) use tree::TreeSearch;

use solitaire_chess::{Game, Kind, Piece, Square};

use crate::limits::Limits;
use crate::player::Config;
use crate::policy::Policy;
use crate::rng::Rng;
use crate::threads::Threads;

/// How the player picks a removal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strategy {
    /// The strategy that measured best for the types on the board ([`Strategy::for_types`]).
    #[default]
    Auto,
    /// Each legal removal followed by policy rollouts in sampled worlds.
    Rollouts,
    /// Information-set Monte Carlo tree search with policy rollouts.
    Tree,
    /// Each legal removal followed by a beam search in sampled worlds in which everything is
    /// known (perfect-information Monte Carlo).
    Beam,
    /// As [`Strategy::Beam`], with an exact search of each world instead of the beam (boards
    /// of rooks, bishops and queens only; others fall back to the policy).
    Exact,
    /// Expectimax on the pieces showing, the hidden ones uniform over the board's types: to
    /// the end of the game when few pieces are left ([`crate::Expectimax`]), else one level
    /// of it (the first piece to show) over exact searches of sampled worlds (boards of
    /// rooks, bishops and queens only; others fall back to the policy).
    Expectimax,
    /// The one-ply policy alone, without noise: no search at all.
    Greedy,
}

impl Strategy {
    /// Every strategy, in the order of the command line's help.
    pub const ALL: [Strategy; 7] = [
        Strategy::Auto,
        Strategy::Rollouts,
        Strategy::Tree,
        Strategy::Beam,
        Strategy::Exact,
        Strategy::Expectimax,
        Strategy::Greedy,
    ];

    /// What measured best: the exact search in sampled worlds where only rooks, bishops and
    /// queens occur (short games with few moves, group 4), rollouts everywhere else.
    pub fn for_types(types: &[Piece]) -> Strategy {
        let officers = types.iter().all(|p| p.kind() == Kind::Officer);
        if officers && !types.contains(&Piece::Knight) {
            Strategy::Exact
        } else {
            Strategy::Rollouts
        }
    }

    /// The strategy's name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Auto => "auto",
            Strategy::Rollouts => "rollouts",
            Strategy::Tree => "tree",
            Strategy::Beam => "beam",
            Strategy::Exact => "exact",
            Strategy::Expectimax => "expectimax",
            Strategy::Greedy => "greedy",
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no strategy's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no strategy named {0:?} (auto, rollouts, tree, beam, exact, expectimax or greedy)")]
pub struct UnknownStrategy(pub String);

impl std::str::FromStr for Strategy {
    type Err = UnknownStrategy;

    fn from_str(name: &str) -> Result<Strategy, UnknownStrategy> {
        Strategy::ALL
            .into_iter()
            .find(|strategy| strategy.name() == name)
            .ok_or_else(|| UnknownStrategy(name.to_string()))
    }
}

/// What a strategy is given for one decision.
pub(crate) struct Decision<'a> {
    /// The game as the player sees it (the hidden layers hold guesses).
    pub(crate) game: &'a Game,
    /// The types a hidden piece is drawn from.
    pub(crate) types: &'a [Piece],
    /// The rollout policy.
    pub(crate) policy: &'a Policy,
    /// The player's random numbers (drawn in a fixed order, so that a seed gives one game).
    pub(crate) rng: &'a mut Rng,
    pub(crate) config: &'a Config,
    pub(crate) threads: &'a Threads,
    /// The legal removals (at least two).
    pub(crate) candidates: &'a [Square],
    /// The limits of the decision, the work in sampled worlds a candidate.
    pub(crate) limits: Limits,
}

impl Decision<'_> {
    /// The game with every hidden piece drawn at random from the types that occur.
    pub(crate) fn sample_world(&mut self) -> Game {
        let mut world = *self.game;
        let types = self.types;
        let rng = &mut *self.rng;
        world.fill_hidden(|_, _| types[rng.below(types.len() as u32) as usize]);
        world
    }

    /// The policy's choice, without noise.
    pub(crate) fn policy_choice(&mut self) -> Square {
        let policy = Policy {
            noise: 0.0,
            ..*self.policy
        };
        policy
            .choose(self.game, self.rng)
            .unwrap_or(self.candidates[0])
    }
}

/// What a strategy chose.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Choice {
    /// The removal.
    pub(crate) square: Square,
    /// The removals the search expects to be left after it, if it saw (the player shares out
    /// its time by it).
    pub(crate) moves_left: Option<f64>,
}

/// A way to pick a removal: every strategy implements it.
pub(crate) trait Search {
    /// The removal to make, or `None` when the search had no time for anything or cannot
    /// search this board (the player then takes its policy's choice).
    fn choose(&mut self, decision: &mut Decision<'_>) -> Option<Choice>;
}
