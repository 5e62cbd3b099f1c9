//! Endgame tables: every position with few pegs that can still end with one peg in a goal hole.
//!
//! A forward search for one peg in a hole spends most of its time below the middle of the
//! game, in positions that pass every invariant and pagoda test and still cannot be won. Those
//! few-peg positions are far fewer seen from the goal: undoing jumps from the lone goal peg
//! reaches exactly the positions that can be won, level by level. With such a table the
//! forward search stops at its size: a position with that many pegs is won if and only if it
//! is in the table.
//!
//! An "unjump" undoes a jump from `a` over `b` into `c`: a peg in `c`, `a` and `b` empty,
//! becomes pegs in `a` and `b` and `c` empty.

use hashbrown::HashSet;

use crate::board::Layout;
use crate::position::{Hole, Jump, Position};
use crate::symmetry::Symmetries;

/// The positions of at most [`Endgame::pegs`] pegs from which one peg in the goal can be
/// reached, each kept as its class under the symmetries that fix the goal (they map winning
/// positions to winning ones).
pub(crate) struct Endgame {
    group: Symmetries,
    /// Canonical forms of the winning positions, all levels together (the peg count tells
    /// them apart).
    wins: HashSet<u64>,
    pegs: u32,
    goal: Position,
}

impl Endgame {
    /// The table for one peg in `goal`, up to `pegs` pegs (at least 1), or fewer if the next
    /// level would likely take it past `classes` classes (guessed from how much the last level
    /// grew): the size of the levels depends much on the goal (a goal off every axis keeps no
    /// symmetry, and its table is about four times as large as one on an axis).
    pub(crate) fn new(layout: &Layout, goal: Hole, pegs: u32, classes: usize) -> Endgame {
        let group = Symmetries::fixing(layout, goal);
        let goal = Position::from(goal);
        let unjumps: Vec<(u64, u64)> = layout
            .jumps()
            .iter()
            .map(|jump| {
                let all = jump.from.bit() | jump.over.bit() | jump.to.bit();
                (all, jump.to.bit())
            })
            .collect();
        let mut wins = HashSet::new();
        wins.insert(goal.bits());
        let mut level = vec![goal.bits()];
        let mut built = 1;
        let mut growth = 1.0;
        while built < pegs && (wins.len() as f64 + level.len() as f64 * growth) <= classes as f64 {
            let mut next = Vec::new();
            for &position in &level {
                for &(all, need) in &unjumps {
                    if position & all == need {
                        let before = group.canonical(Position::from_bits(position ^ all)).bits();
                        if wins.insert(before) {
                            next.push(before);
                        }
                    }
                }
            }
            growth = next.len() as f64 / level.len() as f64;
            level = next;
            built += 1;
        }
        Endgame {
            group,
            wins,
            pegs: built,
            goal,
        }
    }

    /// The most pegs a position in the table has.
    pub(crate) fn pegs(&self) -> u32 {
        self.pegs
    }

    /// How many classes of positions the table holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.wins.len()
    }

    /// Whether one peg in the goal can be reached from `position`, which has at most
    /// [`Endgame::pegs`] pegs.
    pub(crate) fn wins(&self, position: Position) -> bool {
        debug_assert!(position.count() <= self.pegs);
        self.wins.contains(&self.group.canonical(position).bits())
    }

    /// The jumps from `position`, which the table says [wins](Endgame::wins), to the lone
    /// goal peg: at each step some jump leads to a position one level down in the table,
    /// since that is how the position got into it.
    pub(crate) fn finish(&self, layout: &Layout, mut position: Position) -> Vec<Jump> {
        let mut jumps = Vec::new();
        while position != self.goal {
            let jump = layout
                .legal_jumps(position)
                .find(|&jump| self.wins(position.after(jump)))
                .expect("a winning position has a winning jump");
            jumps.push(jump);
            position = position.after(jump);
        }
        jumps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::tests::{board, reaches};
    use proptest::prelude::*;
    use std::collections::HashMap;

    #[test]
    fn every_position_of_a_small_board_is_classified_as_forward_search_does() {
        // All 2^21 positions would be slow in a debug build: those of at most 5 pegs are
        // 1 + 21 + ... + C(21, 5) = 27,896, every one checked for every goal.
        let layout = board();
        let few: Vec<Position> = (0u64..1 << 21)
            .filter(|bits| bits.count_ones() <= 5)
            .map(Position::from_bits)
            .collect();
        for number in 1..=21 {
            let hole = layout.hole(number).unwrap();
            let goal = Position::from(hole);
            let table = Endgame::new(&layout, hole, 5, usize::MAX);
            let mut memo = HashMap::new();
            let mut wins = HashSet::new();
            for &position in &few {
                let reached = reaches(&layout, position, goal, &mut memo);
                assert_eq!(table.wins(position), reached, "{position:?} to {number}");
                if reached {
                    wins.insert(table.group.canonical(position).bits());
                }
            }
            // Nothing else is in the table: it holds exactly the winning classes.
            assert_eq!(table.len(), wins.len(), "goal {number}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn a_winning_position_is_finished_by_legal_jumps(bits in 0u64..(1 << 21), hole in 1u32..=21) {
            let layout = board();
            let hole = layout.hole(hole).unwrap();
            let table = Endgame::new(&layout, hole, 21, usize::MAX);
            let start = Position::from_bits(bits);
            if table.wins(start) {
                let end = table.finish(&layout, start).into_iter().fold(start, |position, jump| {
                    assert!(jump.is_legal(position));
                    position.after(jump)
                });
                prop_assert_eq!(end, Position::from(hole));
            }
        }
    }
}
