//! Expectimax on what the player sees, on boards of rooks, bishops and queens: to the end of
//! the game once few pieces are left, else one level of it over exact searches of sampled
//! worlds.

use std::time::Instant;

use super::decision::{Choice, Decision, Search};
use super::exact::pimc;
use crate::limits::Limits;
use crate::officers::{Expectimax, edge_pieces_left};

/// The most pieces left on the edge squares for which the search to the end is tried ...
const EXPECTIMAX_PIECES: u32 = 45;

/// ... and the most positions it may expand (2 to 10 ms; else the sampled worlds decide).
const EXPECTIMAX_LIMIT: u64 = 100_000;

/// The search to the end when it fits, else the exact searches of sampled worlds grouped by
/// the piece each candidate reveals.
#[derive(Clone, Debug)]
pub(crate) struct ExpectimaxThenExact {
    /// The search and its table, kept from move to move once used.
    search: Option<Box<Expectimax>>,
    /// The edge pieces left when the search to the end last did not fit in its limits.
    failed_at: u32,
}

impl Default for ExpectimaxThenExact {
    fn default() -> ExpectimaxThenExact {
        ExpectimaxThenExact {
            search: None,
            failed_at: u32::MAX,
        }
    }
}

impl ExpectimaxThenExact {
    /// The best removal by expectimax to the end of the game, when few pieces are left on
    /// the edge squares and the search fits in [`EXPECTIMAX_LIMIT`] positions and `limits`.
    fn solve_to_end(&mut self, decision: &Decision<'_>, limits: Limits) -> Option<Choice> {
        let left = edge_pieces_left(decision.game);
        // After a search that did not fit, the next ones wait for a few pieces fewer.
        if left > EXPECTIMAX_PIECES || left + 3 > self.failed_at {
            return None;
        }
        let search = self.search.get_or_insert_with(Box::default);
        let found = search.choose(
            decision.game,
            decision.candidates,
            decision.types,
            limits.with_work(EXPECTIMAX_LIMIT),
        );
        let Some((square, points_left)) = found else {
            self.failed_at = left;
            return None;
        };
        // As for the search in sampled worlds: a third of the removals likely left.
        Some(Choice {
            square,
            moves_left: Some(points_left / 2.5 / 3.0),
        })
    }
}

impl Search for ExpectimaxThenExact {
    fn choose(&mut self, decision: &mut Decision<'_>) -> Option<Choice> {
        // Half the move's time at most for the search to the end: when it does not fit, the
        // sampled worlds still get the other half.
        let half = decision.limits.share(Instant::now(), 0.5);
        if let Some(found) = self.solve_to_end(decision, half) {
            return Some(found);
        }
        pimc(decision, true)
    }
}
