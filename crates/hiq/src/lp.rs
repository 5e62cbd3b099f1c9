//! Pagoda functions found by linear programming, to prove a goal out of reach at once.
//!
//! A pagoda function gives each hole a weight such that no jump raises the total of the pegs'
//! weights: for every jump from `a` over `b` into `c`, `w(a) + w(b) >= w(c)`. Play from a
//! position can then only reach positions that weigh no more, so a goal that weighs more
//! than the start is out of reach. The weights that show it best, if any do, are the solution
//! of a small linear program: maximise `w(goal) - w(start)` over weights in `[-1, 1]` under one
//! constraint per jump (33 variables and 76 constraints on the 33-hole board). Solvers work in
//! floating point, so the weights found are checked again here, with a margin far above any
//! rounding, before they count as a proof.
//!
//! Measured on random positions of the 33-hole board where one peg in a given hole is
//! impossible: the search needed 1-3 s to exhaust every play; the program settles three of the
//! four slowest at the start.

use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOutcome};

use crate::board::{Layout, Position};

/// How much more than the start the goal must weigh for a proof: rounding errors of the
/// solver are many orders of magnitude smaller, and a jump's slack is checked to 1e-9.
const MARGIN: f64 = 1e-4;

/// Weights of the holes, in hole order, that show `goal` cannot be reached from `start`, if a
/// pagoda function can show it.
pub(crate) fn pagoda_proof(layout: &Layout, start: Position, goal: Position) -> Option<Vec<f64>> {
    let holes = layout.holes();
    let bit = |position: Position, i: usize| f64::from(u8::from(position.0 >> i & 1 == 1));
    let mut problem = Problem::new(OptimizationDirection::Maximize);
    let weights: Vec<_> = (0..holes)
        .map(|i| problem.add_var(bit(goal, i) - bit(start, i), (-1.0, 1.0)))
        .collect();
    let index = |hole: crate::board::Hole| usize::from(hole.number()) - 1;
    for jump in layout.jumps() {
        let (a, b, c) = (index(jump.from), index(jump.over), index(jump.to));
        problem.add_constraint(
            [(weights[a], 1.0), (weights[b], 1.0), (weights[c], -1.0)],
            ComparisonOp::Ge,
            0.0,
        );
    }
    let Ok(SolveOutcome::Solution(solution)) = problem.solve() else {
        return None;
    };
    let w: Vec<f64> = weights.iter().map(|&v| solution[v]).collect();
    let weigh = |position: Position| (0..holes).map(|i| bit(position, i) * w[i]).sum::<f64>();
    let pagoda = layout
        .jumps()
        .iter()
        .all(|jump| w[index(jump.from)] + w[index(jump.over)] >= w[index(jump.to)] - 1e-9);
    (pagoda && weigh(goal) - weigh(start) > MARGIN).then_some(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::tests::{board, reaches};
    use proptest::prelude::*;
    use std::collections::HashMap;

    #[test]
    fn proves_the_random_positions_the_search_found_slowest() {
        // Found by `examples/sweep`: one peg in these holes is impossible, and proving it by
        // search took 1-3 s.
        let layout = Layout::english();
        for (start, hole) in [(0x1_dffd_7fb7, 15), (0x1_77fb_bd5f, 6), (0x1_fcdb_fdea, 12)] {
            let goal = Position(layout.hole(hole).unwrap().bit());
            assert!(
                pagoda_proof(layout, Position(start), goal).is_some(),
                "{start:#x}"
            );
        }
        // The central game can be won: nothing may prove otherwise.
        let centre = layout.centre();
        let start = Position(layout.full().0 & !centre.bit());
        assert!(pagoda_proof(layout, start, Position(centre.bit())).is_none());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn a_proof_is_never_given_for_a_goal_that_can_be_reached(
            bits in 0u64..(1 << 21),
            hole in 1u32..=21,
        ) {
            let layout = board();
            let start = Position(bits);
            let goal = Position(layout.hole(hole).unwrap().bit());
            if let Some(w) = pagoda_proof(&layout, start, goal) {
                prop_assert!(!reaches(&layout, start, goal, &mut HashMap::new()));
                // And the weights are a pagoda function.
                for jump in layout.jumps() {
                    let i = |h: crate::board::Hole| usize::from(h.number()) - 1;
                    prop_assert!(w[i(jump.from)] + w[i(jump.over)] >= w[i(jump.to)] - 1e-9);
                }
            }
        }
    }
}
