//! What a strategy is given for a decision, what it answers, and the interface every
//! strategy implements.

use solitaire_chess::{Game, Piece, Square};

use crate::limits::Limits;
use crate::policy::Policy;
use crate::rng::Rng;
use crate::threads::Threads;

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
    /// The threads to spread the work over.
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
