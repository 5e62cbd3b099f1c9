//! Searches in different orders run by turns, sharing what they learn: on one thread first,
//! then on the threads of the current rayon pool.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::search::{Ended, Search, Visit};
use crate::board::Layout;
use crate::memo::Memo;
use crate::position::{Hole, Position};
use crate::symmetry::Symmetries;

/// Searches that try jumps in different orders, run by turns, each for twice as long as the
/// time before, until one ends: a search's time to a solution depends much on its order, by
/// factors of a hundred and more, and no order is best on every problem. They share what they
/// learn: a class whose continuations have all been visited is done whoever visited them.
///
/// A race first runs on one thread, so the answer to every problem it settles then is always
/// the same; the long ones go on in parallel (see [`Race::run_in_parallel`]).
///
/// The orders are toward the [`landmarks`]: racing them cut the worst problems from seconds
/// to a fraction of one (figures in `docs/tuning/hiq.md`).
pub(super) struct Race {
    searches: Vec<Search>,
    /// The classes whose every continuation has been visited: whatever the visitor looks for
    /// is not below them.
    done: Memo,
}

impl Race {
    /// Searches toward each of `toward`, in that order.
    pub(super) fn new(layout: &Layout, group: &Symmetries, toward: &[(Hole, bool)]) -> Race {
        Race {
            searches: toward
                .iter()
                .map(|&(hole, reversed)| Search::new(layout, group.clone(), hole, reversed))
                .collect(),
            done: Memo::new(MEMO_BITS),
        }
    }

    /// Runs the searches from `start` until one ends, returning true, or until a run of
    /// `until` positions has not ended, returning false: what the searches learnt (the classes
    /// done) is kept, so a later call goes on from there.
    pub(super) fn run(&mut self, start: Position, until: u64, visit: &impl Visit) -> bool {
        let never = AtomicBool::new(false);
        let mut budget = 1 << 12;
        while budget <= until {
            for search in &mut self.searches {
                let ended = search.run(&mut self.done, start, budget, visit, &never);
                if ended != Ended::OutOfBudget {
                    return true;
                }
            }
            budget = budget.saturating_mul(2);
        }
        false
    }

    /// Runs the searches from `start` until one ends, the searches shared out among the
    /// threads of the current rayon pool (every core, unless the caller installed a smaller
    /// pool), all sharing one memory: a class one thread finishes, the others skip. Which of
    /// several solutions is met first may then differ from run to run; whether there is one,
    /// or the fewest pegs, does not.
    pub(super) fn run_in_parallel(&mut self, start: Position, visit: &impl Visit) {
        let threads = rayon::current_num_threads();
        let per_thread = self.searches.len().div_ceil(threads.max(1));
        let done = self.done.share();
        let halt = AtomicBool::new(false);
        rayon::scope(|scope| {
            for searches in self.searches.chunks_mut(per_thread.max(1)) {
                let halt = &halt;
                scope.spawn(move |_| {
                    let mut done = done;
                    let mut budget: u64 = 1 << 12;
                    while !halt.load(Relaxed) {
                        for search in searches.iter_mut() {
                            match search.run(&mut done, start, budget, visit, halt) {
                                Ended::OutOfBudget if halt.load(Relaxed) => return,
                                Ended::OutOfBudget => {}
                                _ => {
                                    halt.store(true, Relaxed);
                                    return;
                                }
                            }
                        }
                        budget = budget.saturating_mul(2);
                    }
                });
            }
        });
    }
}

/// The size of the memory of a [`Race`]: `2^MEMO_BITS` buckets of eight classes.
/// 2^20 buckets, 64 MB, hold 8 million classes.
const MEMO_BITS: u32 = 20;

/// The orders of the searches of a [`Race`]: toward `first` and toward the centre, each also
/// with ties taken the other way round (`true`), then toward the first and last hole of the
/// top and bottom rows and of the leftmost and rightmost columns (the ends of the arms of a
/// cross-shaped board); each order once.
pub(super) fn landmarks(layout: &Layout, first: Hole) -> Vec<(Hole, bool)> {
    let cells = layout.cells();
    let hole = |index: usize| Hole::from_index(index as u32);
    let by_row = |row: usize| (0..cells.len()).filter(move |&i| cells[i].0 == row);
    let by_col = |col: usize| (0..cells.len()).filter(move |&i| cells[i].1 == col);
    let last_row = cells.iter().map(|&(r, _)| r).max().unwrap_or(0);
    let last_col = cells.iter().map(|&(_, c)| c).max().unwrap_or(0);
    let top = cells.iter().map(|&(r, _)| r).min().unwrap_or(0);
    let left = cells.iter().map(|&(_, c)| c).min().unwrap_or(0);
    let mut ends = Vec::new();
    for line in [by_row(top).collect::<Vec<_>>(), by_row(last_row).collect()]
        .into_iter()
        .chain([by_col(left).collect(), by_col(last_col).collect()])
    {
        ends.extend(line.first().map(|&i| hole(i)));
        ends.extend(line.last().map(|&i| hole(i)));
    }
    let centre = layout.centre();
    let orders = [
        (first, false),
        (first, true),
        (centre, false),
        (centre, true),
    ]
    .into_iter()
    .chain(ends.into_iter().map(|end| (end, false)));
    let mut once = Vec::new();
    for order in orders {
        if !once.contains(&order) {
            once.push(order);
        }
    }
    once
}
