//! Pagoda functions: weights of the holes that no jump raises, to cut off positions that can
//! no longer reach a goal.

use crate::board::Layout;
use crate::lp::Weights;
use crate::position::{Hole, Position};

/// Pagoda functions for a goal hole: weights of the holes that no jump can raise in total (for
/// every jump from `a` over `b` into `c`, `w(a) + w(b) >= w(c)`). A position whose weight is
/// below the goal's can never reach the goal.
///
/// Two kinds, valid on any board: Conway's resource count, `s^d` with `d` the distance in
/// rows plus columns to the goal and `s` the golden ratio's inverse (so `s^2 + s = 1`: a jump
/// toward the goal keeps the total, any other lowers it); and the count of pegs on the goal's
/// sublattice (rows and columns of the same parity as the goal's), since a jump into it comes
/// from it.
pub(super) struct Pagodas {
    /// The resource count of each hole.
    conway: Weights,
    /// The goal's resource count (1), less a margin for rounding.
    conway_goal: f64,
    /// The holes of the goal's sublattice.
    lattice: u64,
}

impl Pagodas {
    pub(super) fn new(layout: &Layout, goal: Hole) -> Pagodas {
        let (gr, gc) = layout.cell(goal);
        let conway = Weights::new(&resource_counts(layout, goal));
        let lattice = layout
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &(r, c))| r % 2 == gr % 2 && c % 2 == gc % 2)
            .fold(0, |acc, (i, _)| acc | 1 << i);
        Pagodas {
            conway,
            conway_goal: 1.0 - 1e-9,
            lattice,
        }
    }

    /// Whether the goal may still be reachable from `position`, as far as these weights tell.
    pub(super) fn allow(&self, position: Position) -> bool {
        if position.bits() & self.lattice == 0 {
            return false;
        }
        self.conway.of(position) >= self.conway_goal
    }
}

/// Conway's resource count toward `goal`, hole by hole: `s^d`, `d` the distance in rows plus
/// columns, `s = (sqrt 5 - 1) / 2`.
pub(super) fn resource_counts(layout: &Layout, goal: Hole) -> Vec<f64> {
    let (gr, gc) = layout.cell(goal);
    let s = (5f64.sqrt() - 1.0) / 2.0;
    layout
        .cells()
        .iter()
        .map(|&(r, c)| s.powi((r.abs_diff(gr) + c.abs_diff(gc)) as i32))
        .collect()
}
