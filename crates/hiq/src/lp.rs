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
//! It settles at the start most of the slowest problems the search would take seconds to
//! exhaust (figures in `docs/tuning/hiq.md`).

use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOutcome};

use crate::board::Layout;
use crate::position::{Jump, Position};

/// How much more than the start the goal must weigh for a proof: rounding errors of the
/// solver are many orders of magnitude smaller, and a jump's slack is checked to 1e-9.
const MARGIN: f64 = 1e-4;

/// Weights of the holes, in hole order, that show `goal` cannot be reached from `start`, if a
/// pagoda function can show it.
pub(crate) fn pagoda_proof(layout: &Layout, start: Position, goal: Position) -> Option<Vec<f64>> {
    let bit = |position: Position, i: usize| f64::from(u8::from(position.bits() >> i & 1 == 1));
    let mut problem = Problem::new(OptimizationDirection::Maximize);
    let weights: Vec<_> = (0..layout.holes())
        .map(|i| problem.add_var(bit(goal, i) - bit(start, i), (-1.0, 1.0)))
        .collect();
    for jump in layout.jumps() {
        let (a, b, c) = (jump.from.index(), jump.over.index(), jump.to.index());
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
    let pagoda = layout
        .jumps()
        .iter()
        .all(|jump| w[jump.from.index()] + w[jump.over.index()] >= w[jump.to.index()] - 1e-9);
    let weigh = Weights::new(&w);
    (pagoda && weigh.of(goal) - weigh.of(start) > MARGIN).then_some(w)
}

/// Weights of the holes, summed over a position's pegs with one table look-up per byte of the
/// bitboard.
pub(crate) struct Weights {
    /// Per byte of the bitboard, the weight of the holes set in each byte value.
    tables: Vec<[f64; 256]>,
}

impl Weights {
    /// Weights given in hole order.
    pub(crate) fn new(weights: &[f64]) -> Weights {
        let tables = weights
            .chunks(8)
            .map(|chunk| {
                let mut table = [0.0; 256];
                for (byte, entry) in table.iter_mut().enumerate() {
                    *entry = (0..chunk.len())
                        .filter(|bit| byte & 1 << bit != 0)
                        .map(|bit| chunk[bit])
                        .sum();
                }
                table
            })
            .collect();
        Weights { tables }
    }

    /// The total weight of the pegs of `position`.
    #[inline]
    pub(crate) fn of(&self, position: Position) -> f64 {
        self.tables
            .iter()
            .enumerate()
            .map(|(b, table)| table[((position.bits() >> (8 * b)) & 0xff) as usize])
            .sum()
    }
}

/// Pagoda functions against one goal, found by linear programs on positions that play from a
/// start can reach: each rules out every position that weighs less than the goal.
pub(crate) struct Library {
    pagodas: Vec<(Weights, f64)>,
}

/// The most pagoda functions a [`Library`] keeps: on the slowest problems known, 8, 16, 32 or
/// 64 pruned about as well, and each costs a few table look-ups at every position.
const LIBRARY: usize = 16;

/// How many positions a [`Library`] samples at most.
const SAMPLES: usize = 240;

impl Library {
    /// No pagoda functions.
    pub(crate) fn empty() -> Library {
        Library {
            pagodas: Vec::new(),
        }
    }

    /// Pagoda functions found on positions reached by random play from `start` (never into a
    /// position that `allow` or the functions found so far rule out), at depths spread over
    /// the game: a linear program each on those still allowed. Random play here is seeded, so
    /// the library is always the same.
    pub(crate) fn learn(
        layout: &Layout,
        start: Position,
        goal: Position,
        allow: impl Fn(Position) -> bool,
    ) -> Library {
        Library::learn_from(layout, start, goal, allow, SAMPLES)
    }

    /// [`Library::learn`] from at most `samples` positions.
    pub(crate) fn learn_from(
        layout: &Layout,
        start: Position,
        goal: Position,
        allow: impl Fn(Position) -> bool,
        samples: usize,
    ) -> Library {
        let mut library = Library::empty();
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut below = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let depths = start.count().saturating_sub(goal.count());
        if depths < 2 {
            return library;
        }
        for sample in 0..samples {
            if library.pagodas.len() == LIBRARY {
                break;
            }
            // Depths from 2 jumps to two thirds of the way, in turn.
            let depth = 2 + (sample as u32) % (2 * depths / 3).max(1);
            let mut position = start;
            for _ in 0..depth {
                let jumps: Vec<Jump> = layout
                    .legal_jumps(position)
                    .filter(|&jump| {
                        let next = position.after(jump);
                        allow(next) && library.allows(next)
                    })
                    .collect();
                if jumps.is_empty() {
                    break;
                }
                position = position.after(jumps[below(jumps.len())]);
            }
            if position != start && allow(position) && library.allows(position) {
                if let Some(w) = pagoda_proof(layout, position, goal) {
                    let weights = Weights::new(&w);
                    let bar = weights.of(goal) - MARGIN / 2.0;
                    library.pagodas.push((weights, bar));
                }
            }
        }
        library
    }

    /// Whether no pagoda function of the library rules `position` out.
    #[inline]
    pub(crate) fn allows(&self, position: Position) -> bool {
        self.pagodas
            .iter()
            .all(|(weights, bar)| weights.of(position) >= *bar)
    }

    /// How many pagoda functions the library holds.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.pagodas.len()
    }
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
            let goal = Position::from(layout.hole(hole).unwrap());
            assert!(
                pagoda_proof(layout, Position::from_bits(start), goal).is_some(),
                "{start:#x}"
            );
        }
        // The central game can be won: nothing may prove otherwise.
        let centre = layout.centre();
        let start = layout.full().without(centre);
        assert!(pagoda_proof(layout, start, Position::from(centre)).is_none());
    }

    #[test]
    fn a_library_prunes_below_a_start_it_cannot_rule_out() {
        // One peg in 14 is impossible from here, but no pagoda function says so at the start.
        let layout = Layout::english();
        let start = Position::from_bits(0x1_fff8_f76f);
        let goal = Position::from(layout.hole(14).unwrap());
        assert!(pagoda_proof(layout, start, goal).is_none());
        let library = Library::learn(layout, start, goal, |_| true);
        assert!(library.len() > 0);
        assert!(library.allows(start));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn a_library_never_rules_out_a_position_that_can_reach_the_goal(
            bits in 0u64..(1 << 21),
            hole in 1u32..=21,
        ) {
            let layout = board();
            let start = Position::from_bits(bits);
            let goal = Position::from(layout.hole(hole).unwrap());
            let library = Library::learn(&layout, start, goal, |_| true);
            let mut memo = HashMap::new();
            let positions = std::iter::once(start)
                .chain(layout.legal_jumps(start).map(|jump| start.after(jump)));
            for position in positions {
                if reaches(&layout, position, goal, &mut memo) {
                    prop_assert!(library.allows(position));
                }
            }
        }

        #[test]
        fn a_proof_is_never_given_for_a_goal_that_can_be_reached(
            bits in 0u64..(1 << 21),
            hole in 1u32..=21,
        ) {
            let layout = board();
            let start = Position::from_bits(bits);
            let goal = Position::from(layout.hole(hole).unwrap());
            if let Some(w) = pagoda_proof(&layout, start, goal) {
                prop_assert!(!reaches(&layout, start, goal, &mut HashMap::new()));
                // And the weights are a pagoda function.
                for jump in layout.jumps() {
                    prop_assert!(w[jump.from.index()] + w[jump.over.index()] >= w[jump.to.index()] - 1e-9);
                }
            }
        }
    }
}
