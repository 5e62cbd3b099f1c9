//! Exact searches of sampled worlds on boards of rooks, bishops and queens (group 4):
//! perfect-information Monte Carlo with the [`EdgeSolver`], its worlds spread over the
//! player's threads.

use std::cell::RefCell;
use std::sync::{Mutex, PoisonError};

use solitaire_chess::{Game, Square};

use super::decision::{Choice, Decision, Search};
use crate::officers::{EdgeSolver, MAX_REACH, code};

/// Positions the search of one sampled world may expand, shared by the candidates (more
/// gained nothing).
pub const EDGE_NODES_PER_WORLD: u64 = 20_000;

thread_local! {
    /// One solver a thread, so that its table is allocated once, not every move.
    static SOLVER: RefCell<EdgeSolver> = RefCell::new(EdgeSolver::new());
}

/// For each candidate, by the piece its removal shows (3 for none; always 0 without
/// `reveal`) and by the removal after it (always 0 without `reveal`): the sum of the points
/// from now on over the worlds.
type Sums = Vec<[[u64; MAX_REACH]; 4]>;

/// One thread's share of [`pimc`]: the worlds it takes from `next_world` searched with its
/// own solver, their sums and their number; `None` as for [`pimc`].
fn search_worlds(
    candidates: &[Square],
    reveal: bool,
    share: u64,
    next_world: &(impl Fn() -> Option<Game> + Sync),
) -> Option<(Sums, u32)> {
    SOLVER.with_borrow_mut(|solver| {
        let mut sums = vec![[[0u64; MAX_REACH]; 4]; candidates.len()];
        let mut seen = 0u32;
        while let Some(world) = next_world() {
            solver.start_world(&world)?;
            for (sums, &candidate) in sums.iter_mut().zip(candidates) {
                let mut after = world;
                let gain = after.play_unchecked(candidate);
                if !reveal {
                    sums[0][0] += u64::from(gain + solver.rest(&after, share)?);
                    continue;
                }
                let group = match after.piece(candidate) {
                    Some(piece) => usize::from(code(piece)?),
                    None => 3,
                };
                let nexts = after.legal();
                if nexts.is_empty() {
                    sums[group][0] += u64::from(gain);
                }
                for (sum, next) in sums[group].iter_mut().zip(nexts.iter()) {
                    let mut then = after;
                    let more = then.play_unchecked(next);
                    *sum += u64::from(gain + more + solver.rest(&then, share)?);
                }
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
/// With `reveal`, it is honest about the first piece to show: the worlds are grouped, for
/// each candidate, by the piece its removal shows (what the player will know when it picks
/// the next removal), and in each group only the next removal with the best sum counts. (A
/// search in one world plans on knowing every piece to come; here the second removal is
/// picked, as in the game, knowing only the first of them.)
///
/// Returns the candidate with the number of moves to share the time left by (a third of the
/// removals likely left); `None` when no world was searched (out of time), or when a world
/// holds a type other than a rook, bishop or queen on an edge square.
pub(crate) fn pimc(decision: &mut Decision<'_>, reveal: bool) -> Option<Choice> {
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
        search_worlds(candidates, reveal, share, &next_world)
    });
    let mut sums = vec![[[0u64; MAX_REACH]; 4]; candidates.len()];
    let mut seen = 0u32;
    for (part, part_seen) in found.into_iter().collect::<Option<Vec<_>>>()? {
        for (sums, part) in sums.iter_mut().zip(&part) {
            for (sums, part) in sums.iter_mut().zip(part) {
                for (sum, part) in sums.iter_mut().zip(part) {
                    *sum += part;
                }
            }
        }
        seen += part_seen;
    }
    if seen == 0 {
        return None;
    }
    // A candidate's worth: in each group of worlds, the best next removal's sum (a next
    // removal's sum is 0 only when it was never made, as every removal is worth a point).
    let totals: Vec<u64> = sums
        .iter()
        .map(|groups| {
            groups
                .iter()
                .map(|nexts| nexts.iter().max().copied().unwrap_or(0))
                .sum()
        })
        .collect();
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
/// known ([`pimc`] without `reveal`).
pub(crate) struct Exact;

impl Search for Exact {
    fn choose(&mut self, decision: &mut Decision<'_>) -> Option<Choice> {
        pimc(decision, false)
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Strategy;
    use crate::config::{Budget, Config};
    use crate::play::self_play;
    use solitaire_chess::contest::Group;

    #[test]
    fn the_player_plays_legal_repeatable_games_and_beats_greedy() {
        let play = |group: u8, strategy| {
            let config = Config {
                budget: Budget::Worlds(2),
                strategy,
                ..Config::default()
            };
            self_play(&Group::get(group).unwrap().deal(7), config)
        };
        let greedy = play(4, Strategy::Greedy).points();
        for strategy in [Strategy::Exact, Strategy::Expectimax] {
            let outcome = play(4, strategy);
            assert!(outcome.verdict.scores(), "{:?}", outcome.verdict);
            assert_eq!(outcome.moves, play(4, strategy).moves);
            assert!(outcome.points() > greedy, "{strategy:?}");
            // On a board with other types the player falls back to its policy, legally.
            assert!(play(6, strategy).verdict.scores());
        }
    }

    #[test]
    fn threads_share_the_worlds_and_the_game_stays_the_same() {
        let play = |strategy, threads| {
            let config = Config {
                budget: Budget::Worlds(3),
                strategy,
                threads,
                ..Config::default()
            };
            self_play(&Group::get(4).unwrap().deal(11), config)
        };
        for strategy in [Strategy::Exact, Strategy::Expectimax] {
            let one = play(strategy, 1);
            assert!(one.verdict.scores(), "{:?}", one.verdict);
            for threads in [2, 3] {
                assert_eq!(play(strategy, threads).moves, one.moves, "{strategy:?}");
            }
        }
    }
}
