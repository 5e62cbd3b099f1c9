//! The built-in player's settings on the command line (`play` and `bench` share them).

use std::time::Duration;

use clap::builder::TypedValueParser;
use solitaire_chess_player::{Budget, Config, Policy, PolicyError, Strategy};

/// How the built-in player thinks.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayerArgs {
    /// The player's thinking time for the whole game, in milliseconds of wall-clock time.
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = text::cli::whole_number, allow_negative_numbers = true)]
    budget_ms: u64,

    /// Instead of a time budget, a fixed amount of work: N sampled worlds for each candidate
    /// move (each of its rollouts or beam searches). The same seed then gives
    /// the same game on any machine.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), allow_negative_numbers = true)]
    worlds: Option<u32>,

    /// How the player picks a removal: `auto` (what measured best for the board's types),
    /// `rollouts` (flat Monte Carlo with sequential halving), `beam` (beam searches in
    /// sampled worlds), `exact` (exact searches in sampled worlds; rooks (torn), bishops
    /// (lopare) and queens (dam) only), `expectimax` (expectimax on the pieces showing; the
    /// same pieces only), `tree` (information-set tree search) or `greedy` (the policy alone).
    #[arg(long, default_value_t = Strategy::Auto, value_parser = strategy_parser(), ignore_case = true)]
    strategy: Strategy,

    /// The tree search's exploration constant, in points.
    #[arg(long, default_value_t = 20.0, hide = true)]
    exploration: f64,

    /// The removals tried before each rollout (1, or 2 for every pair of removals).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2), hide = true)]
    plies: u8,

    /// Give every candidate every world (no sequential halving), for comparison.
    #[arg(long, hide = true)]
    no_halving: bool,

    /// How strongly the rollouts lean toward the removals that went with high scores in the
    /// rollouts so far (move-average sampling): policy points per point of mean score; 0 off.
    #[arg(long, default_value_t = 0.75, hide = true)]
    mast: f32,

    /// The beam search's width.
    #[arg(long, default_value_t = 32, hide = true)]
    beam_width: usize,

    /// The rollout policy's weights instead of the ones tuned for the board's types, for
    /// experiments: `NAME=WEIGHT,...` (the others as `Policy::default()`), with the
    /// names run, set1, set2, set3, path1, path2, ordered, mobility, empty, alternate, lookahead, depth2, dead_end, noise, horizon (removals, 0 for none), horizon_empty, and for what a rollout cut short at its horizon expects from the rest of its game (instead of 3 points a piece left) cut_constant, cut_left, cut_left_squared, cut_empty, cut_gold, cut_isolated, cut_unreachable, cut_mobility.
    #[arg(long, value_name = "WEIGHTS", value_parser = parse_policy, hide = true)]
    policy: Option<Box<Policy>>,

    /// The seed of the player's random choices.
    #[arg(long, value_name = "SEED", default_value_t = 1, value_parser = text::cli::whole_number, allow_negative_numbers = true)]
    player_seed: u64,

    /// Threads for the rollouts of one game (a game depends on it, as on the seed).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=64), allow_negative_numbers = true)]
    pub threads: u8,
}

/// The default policy with the weights of `text` changed (boxed: the commands' arguments
/// stay small).
fn parse_policy(text: &str) -> Result<Box<Policy>, PolicyError> {
    Policy::default().with_all(text).map(Box::new)
}

/// The strategies by their names, the crate's own.
fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    clap::builder::PossibleValuesParser::new(Strategy::ALL.map(Strategy::name))
        .try_map(|name| name.to_ascii_lowercase().parse::<Strategy>())
}

impl PlayerArgs {
    /// The player's settings.
    pub fn config(&self) -> Config {
        Config {
            budget: match self.worlds {
                Some(worlds) => Budget::Worlds(worlds),
                None => Budget::Time(Duration::from_millis(self.budget_ms)),
            },
            strategy: self.strategy,
            seed: self.player_seed,
            policy: self.policy.as_deref().copied(),
            exploration: self.exploration,
            beam_width: self.beam_width.max(1),
            plies: self.plies,
            halving: !self.no_halving,
            mast: self.mast,
            threads: self.threads,
        }
    }
}
