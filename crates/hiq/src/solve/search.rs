//! One depth-first search over the positions reachable from a start, each class of positions
//! walked once, the jumps tried in an order of its own.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::pagoda::resource_counts;
use crate::board::Layout;
use crate::memo::Finished;
use crate::position::{Hole, Jump, Position};
use crate::symmetry::{Images, Symmetries};

/// What a search calls on each position it visits, with the jumps that led there: what to do
/// next. Searches on several threads share one.
pub(super) trait Visit: Fn(Position, &[Jump]) -> Walk + Sync {}

impl<F: Fn(Position, &[Jump]) -> Walk + Sync> Visit for F {}

/// What a search does after visiting a position.
pub(super) enum Walk {
    /// Go on to the positions after it.
    On,
    /// Not past this one: nothing after it can help.
    Prune,
    /// Stop the whole search: done.
    Stop,
}

/// Depth-first search that skips the classes whose continuations have all been visited.
///
/// The order in which jumps are tried decides how soon a solution is met (not whether): a
/// search tries first the jumps that raise most the resource count toward a hole, that is
/// those that bring pegs toward it and take away pegs far from it. Several such searches
/// take turns in a race.
pub(super) struct Search {
    group: Symmetries,
    path: Vec<Jump>,
    /// Every jump of the board, best first.
    moves: Vec<Move>,
    /// Positions this run may still visit.
    budget: u64,
}

/// How a walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ended {
    /// The visitor stopped it: done.
    Stopped,
    /// Everything reachable was visited.
    Exhausted,
    /// The budget ran out first; a later run goes on where this one left off.
    OutOfBudget,
}

/// A jump as the search uses it: legal when `position & all == need`, made by
/// `position ^ all`; `images` are those of `all` under the group, so that the images of the
/// position after the jump are those before it XOR these (no table look-ups per jump).
struct Move {
    all: u64,
    need: u64,
    images: Images,
    jump: Jump,
    /// The moves (by their place in the search's list) that touch none of this one's holes:
    /// made one after the other, either order leads to the same position.
    independent: Moves,
}

/// A set of moves, by their place in a search's list (a board of at most 64 holes has at most
/// 256 jumps: 4 from each hole).
#[derive(Clone, Copy, Default)]
struct Moves([u64; 4]);

impl Moves {
    fn with(mut self, i: usize) -> Moves {
        self.0[i / 64] |= 1 << (i % 64);
        self
    }

    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    fn and(self, other: Moves) -> Moves {
        Moves([0, 1, 2, 3].map(|k| self.0[k] & other.0[k]))
    }

    fn or(self, other: Moves) -> Moves {
        Moves([0, 1, 2, 3].map(|k| self.0[k] | other.0[k]))
    }
}

impl Search {
    /// A search that tries first the jumps toward `toward`, and among jumps as good, those
    /// later in the board's list first if `reversed`.
    pub(super) fn new(layout: &Layout, group: Symmetries, toward: Hole, reversed: bool) -> Search {
        let weight = resource_counts(layout, toward);
        let w = |hole: Hole| weight[hole.index()];
        // The resource count after a jump changes by the same amount in every position.
        let mut jumps: Vec<(f64, Jump)> = layout
            .jumps()
            .iter()
            .map(|&jump| (w(jump.to) - w(jump.from) - w(jump.over), jump))
            .collect();
        if reversed {
            jumps.reverse();
        }
        jumps.sort_by(|a, b| b.0.total_cmp(&a.0));
        let holes = |jump: Jump| jump.from.bit() | jump.over.bit() | jump.to.bit();
        let moves = jumps
            .iter()
            .map(|&(_, jump)| {
                let all = holes(jump);
                Move {
                    all,
                    need: jump.from.bit() | jump.over.bit(),
                    images: group.all_images(all),
                    jump,
                    independent: (0..jumps.len())
                        .filter(|&k| holes(jumps[k].1) & all == 0)
                        .fold(Moves::default(), Moves::with),
                }
            })
            .collect();
        Search {
            group,
            path: Vec::new(),
            moves,
            budget: 0,
        }
    }

    /// Walks from `start` until the visitor stops, everything is visited, or `budget`
    /// positions have been.
    ///
    /// A run on several threads also stops, as if out of budget, once `halt` is set.
    pub(super) fn run(
        &mut self,
        done: &mut impl Finished,
        start: Position,
        budget: u64,
        visit: &impl Visit,
        halt: &AtomicBool,
    ) -> Ended {
        self.budget = budget;
        self.path.clear();
        self.walk(done, start, Moves::default(), visit, halt)
    }

    /// Walks every position reachable from `position` whose class is not `done`, calling
    /// `visit` on each with the jumps that lead there, and adds to `done` the classes it
    /// finishes. The depth is at most the number of pegs.
    ///
    /// The moves in `asleep` are not made here: each was made from the position before the
    /// last jump, before it, and its walk finished; since it does not touch the holes of the
    /// last jump, it followed by that jump leads here followed by it (a "sleep set").
    fn walk(
        &mut self,
        done: &mut impl Finished,
        position: Position,
        asleep: Moves,
        visit: &impl Visit,
        halt: &AtomicBool,
    ) -> Ended {
        match visit(position, &self.path) {
            Walk::Stop => return Ended::Stopped,
            Walk::Prune => return Ended::Exhausted,
            Walk::On => {}
        }
        if self.budget == 0 || halt.load(Relaxed) {
            return Ended::OutOfBudget;
        }
        self.budget -= 1;
        let images = self.group.all_images(position.bits());
        // The moves made from here whose walks have finished.
        let mut finished = Moves::default();
        // The jumps are taken in batches: first the classes after each legal jump of the
        // batch are looked up one after the other, so that their cache misses overlap; then
        // each is walked, unless an earlier one of the batch has finished it meanwhile.
        let mut next = 0;
        while next < self.moves.len() {
            let mut batch = [(0, 0); BATCH];
            let mut len = 0;
            while next < self.moves.len() && len < BATCH {
                let m = &self.moves[next];
                if position.bits() & m.all == m.need && !asleep.contains(next) {
                    let class =
                        (0..8).fold(u64::MAX, |least, g| least.min(images[g] ^ m.images[g]));
                    if done.contains(class) {
                        finished = finished.with(next);
                    } else {
                        batch[len] = (next, class);
                        len += 1;
                    }
                }
                next += 1;
            }
            for &(i, class) in &batch[..len] {
                if !done.contains(class) {
                    let m = &self.moves[i];
                    let (jump, asleep) = (m.jump, asleep.or(finished).and(m.independent));
                    self.path.push(jump);
                    match self.walk(done, position.after(jump), asleep, visit, halt) {
                        // Play is a DAG (every jump takes a peg), so nothing below can lead
                        // back here: a class is done once its own walk is.
                        Ended::Exhausted => done.insert(class),
                        ended => return ended,
                    }
                    self.path.pop();
                }
                finished = finished.with(i);
            }
        }
        Ended::Exhausted
    }
}

/// How many jumps [`Search::walk`] looks up at once.
const BATCH: usize = 16;
