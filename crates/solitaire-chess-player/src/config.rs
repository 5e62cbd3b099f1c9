//! The player's settings: how much it may think, and how it picks a removal.

use std::time::Duration;

use solitaire_chess::{Kind, Piece};

/// How much thinking the player may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time for the whole game, measured from [`crate::Player::new`].
    Time(Duration),
    /// A fixed number of sampled worlds per move (and search nodes for a single-type
    /// board): the same seed then always gives the same game, whatever the machine.
    Worlds(u32),
}

/// The player's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// How much it may think.
    pub budget: Budget,
    /// How it picks a removal.
    pub strategy: Strategy,
    /// The seed of its random choices.
    pub seed: u64,
    /// The threads [`Strategy::Rollouts`] plays its rollouts on (each its own share of the
    /// worlds), at most. Part of what a game depends on: with a work budget, the same seed and the
    /// same number of threads give the same game on any machine, however many cores it has.
    /// [`Strategy::Exact`] searches its sampled worlds on as many threads; its games do not
    /// depend on the number.
    pub threads: u8,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            budget: Budget::Time(Duration::from_millis(1000)),
            strategy: Strategy::default(),
            seed: 1,
            threads: 2,
        }
    }
}

/// How the player picks a removal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strategy {
    /// The strategy that measured best for the types on the board ([`Strategy::for_types`]).
    #[default]
    Auto,
    /// Each legal removal followed by policy rollouts in sampled worlds.
    Rollouts,
    /// Each legal removal followed by an exact search of each of the sampled worlds, in which
    /// everything is known (perfect-information Monte Carlo; boards of rooks, bishops and
    /// queens only, others fall back to the policy).
    Exact,
}

impl Strategy {
    /// Every strategy, in the order of the command line's help.
    pub const ALL: [Strategy; 3] = [Strategy::Auto, Strategy::Rollouts, Strategy::Exact];

    /// What measured best (docs/tuning/solitaire-chess.md): the exact search in sampled
    /// worlds where only rooks, bishops and queens occur (short games with few moves, group
    /// 4), rollouts everywhere else.
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
            Strategy::Exact => "exact",
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
#[error("no strategy named {0:?} (auto, rollouts or exact)")]
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
