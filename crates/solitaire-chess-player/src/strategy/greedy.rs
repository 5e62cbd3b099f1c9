//! The one-ply policy alone, without noise: no search at all.

use super::decision::{Choice, Decision, Search};

/// The policy's choice.
pub(crate) struct Greedy;

impl Search for Greedy {
    fn choose(&mut self, decision: &mut Decision<'_>) -> Option<Choice> {
        Some(Choice {
            square: decision.policy_choice(),
            moves_left: None,
        })
    }
}
