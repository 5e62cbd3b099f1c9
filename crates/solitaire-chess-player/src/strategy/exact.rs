//! Exact searches of sampled worlds on boards of rooks, bishops and queens (group 4):
//! perfect-information Monte Carlo with the [`EdgeSolver`], its worlds spread over the
//! player's threads.

use std::cell::RefCell;
use std::sync::{Mutex, PoisonError};

use solitaire_chess::{Game, Square};

use super::decision::{Choice, Decision, Search};
use crate::officers::EdgeSolver;

/// Positions the search of one sampled world may expand, shared by the candidates (more
/// gained nothing).
pub const EDGE_NODES_PER_WORLD: u64 = 20_000;

thread_local! {
    /// One solver a thread, so that its table is allocated once, not every move.
    static SOLVER: RefCell<EdgeSolver> = RefCell::new(EdgeSolver::new());
}

/// One thread's share of [`pimc`]: the worlds it takes from `next_world` searched with its
/// own solver, for each candidate the sum of the points from now on over them, and their
/// number; `None` as for [`pimc`].
fn search_worlds(
    candidates: &[Square],
    share: u64,
    next_world: &(impl Fn() -> Option<Game> + Sync),
) -> Option<(Vec<u64>, u32)> {
    SOLVER.with_borrow_mut(|solver| {
        let mut sums = vec![0u64; candidates.len()];
        let mut seen = 0u32;
        while let Some(world) = next_world() {
            solver.start_world(&world)?;
            for (sum, &candidate) in sums.iter_mut().zip(candidates) {
                let mut after = world;
                let gain = after.play_unchecked(candidate);
                *sum += u64::from(gain + solver.rest(&after, share)?);
            }
            seen += 1;
        }
        Some((sums, seen))
    })
}

/// Perfect-information Monte Carlo with the exact search: every candidate removal is valued
/// by the best rest of the game after it in each sampled world (the same worlds for all
/// candidates), and the candidate with the best sum is kept, within the decision's limits
/// (worlds, and none started after the deadline).
///
/// Returns the candidate with the number of moves to share the time left by (a third of the
/// removals likely left); `None` when no world was searched (out of time), or when a world
/// holds a type other than a rook, bishop or queen on an edge square.
fn pimc(decision: &mut Decision<'_>) -> Option<Choice> {
    let (candidates, limits, threads) = (decision.candidates, decision.limits, decision.threads);
    let share = EDGE_NODES_PER_WORLD / candidates.len().max(1) as u64;
    // The worlds, drawn in one order whichever thread takes them: with a work budget the
    // same worlds are searched, and the sums (of integers) come out the same, on any machine.
    let source = Mutex::new((decision, 0u64));
    let next_world = || {
        let mut source = source.lock().unwrap_or_else(PoisonError::into_inner);
        let (decision, taken) = &mut *source;
        (!limits.is_spent(*taken)).then(|| {
            *taken += 1;
            decision.sample_world()
        })
    };
    let found = threads.spread(threads.count(), |_| {
        search_worlds(candidates, share, &next_world)
    });
    let mut totals = vec![0u64; candidates.len()];
    let mut seen = 0u32;
    for (part, part_seen) in found.into_iter().collect::<Option<Vec<_>>>()? {
        for (total, part) in totals.iter_mut().zip(&part) {
            *total += part;
        }
        seen += part_seen;
    }
    if seen == 0 {
        return None;
    }
    let best = (0..candidates.len()).max_by_key(|&i| (totals[i], std::cmp::Reverse(i)))?;
    // The player shares its time out by this count: a third of the removals likely left (at
    // about two and a half points a removal), so that the early moves, which need it most,
    // get most of the time.
    let points_left = totals[best] as f64 / f64::from(seen);
    Some(Choice {
        square: candidates[best],
        moves_left: Some(points_left / 2.5 / 3.0),
    })
}

/// Exact searches of sampled worlds, every candidate valued as if the rest of the game were
/// known ([`pimc`]).
pub(crate) struct Exact;

impl Search for Exact {
    fn choose(&mut self, decision: &mut Decision<'_>) -> Option<Choice> {
        pimc(decision)
    }
}

#[cfg(test)]
mod tests {
    use crate::config::{Budget, Config, Strategy};
    use crate::play::self_play;
    use solitaire_chess::contest::Group;

    fn play(group: u8, seed: u64, worlds: u32, threads: u8) -> solitaire_chess::Outcome {
        let config = Config {
            budget: Budget::Worlds(worlds),
            strategy: Strategy::Exact,
            threads,
            ..Config::default()
        };
        self_play(&Group::get(group).unwrap().deal(seed), config)
    }

    #[test]
    fn the_player_plays_legal_repeatable_games() {
        let outcome = play(4, 7, 2, 2);
        assert!(outcome.verdict.scores(), "{:?}", outcome.verdict);
        assert_eq!(outcome.moves, play(4, 7, 2, 2).moves);
        // On a board with other types the player falls back to its policy, legally.
        assert!(play(6, 7, 2, 2).verdict.scores());
    }

    #[test]
    fn threads_share_the_worlds_and_the_game_stays_the_same() {
        let one = play(4, 11, 3, 1);
        assert!(one.verdict.scores(), "{:?}", one.verdict);
        for threads in [2, 3] {
            assert_eq!(play(4, 11, 3, threads).moves, one.moves);
        }
    }
}
