//! Solving a position exactly: the fewest pegs that can remain, or one peg in a chosen hole.
//!
//! Depth-first searches over the positions reachable from the start, each class of positions
//! (up to the symmetries that keep the goal in place) explored once: what can be reached from a
//! position does not depend on how it was reached. The search stops as soon as it meets a
//! bound no play can beat: the peg count that the position's class ([`Classes`]) allows.
//! Positions whose class differs from the goal's are not searched at all, and pagoda functions
//! ([`Pagodas`]) cut off positions that can no longer reach the goal. A search for one peg in
//! a hole that runs long builds an endgame table ([`Endgame`]) and stops at its size.

mod classes;
mod pagoda;
mod race;
mod search;

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};

use classes::Classes;
use pagoda::Pagodas;
use race::{Race, landmarks};
use search::Walk;

use crate::board::Layout;
use crate::endgame::Endgame;
use crate::lp::{Library, pagoda_proof};
use crate::position::{Hole, Jump, Position};
use crate::symmetry::Symmetries;

/// A solved position: the jumps from the start and where they lead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The position solved.
    pub start: Position,
    /// The jumps, in order; each is legal where it is made.
    pub jumps: Vec<Jump>,
    /// The position after the last jump.
    pub end: Position,
}

/// How many positions [`fewest_pegs`] samples for pagoda functions against each hole that
/// could hold the last peg: any number from 30 to 240 pruned about as well (figures in
/// `docs/tuning/hiq.md`).
const SINGLE_SAMPLES: usize = 60;

/// How long a [`Race`] runs on one thread (the largest budget of a run, in positions) before
/// it goes on in parallel: about 1.5 million positions in all, a few tenths of a second.
const ONE_THREAD: u64 = 1 << 16;

/// The fewest pegs that can remain from `start`, and one way to leave that many. A search
/// that runs long goes on on every thread of the current rayon pool (run it inside
/// [`rayon::ThreadPool::install`] to bound them); which of several ways it finds may then differ from
/// run to run, the number of pegs never.
pub fn fewest_pegs(layout: &Layout, start: Position) -> Solution {
    fewest_pegs_after(layout, start, ONE_THREAD)
}

/// [`fewest_pegs`], on one thread for runs of up to `one_thread` positions, then in parallel.
fn fewest_pegs_after(layout: &Layout, start: Position, one_thread: u64) -> Solution {
    let classes = Classes::new(layout);
    // The fewest pegs any play can leave, as far as is known: raised once pagoda functions
    // show that no hole the class allows can hold the last peg.
    let bound = AtomicU32::new(classes.bound(layout, start));
    let best = Mutex::new(Solution {
        start,
        jumps: Vec::new(),
        end: start,
    });
    // The best's peg count, read at every position without taking the lock.
    let fewest = AtomicU32::new(start.count());
    // `singles`: for each hole that could hold the last peg, pagoda functions against it;
    // once two pegs are left somewhere, a position they all rule out is not worth going on
    // from.
    let visit = |position: Position, path: &[Jump], singles: &[(Pagodas, Library)]| {
        let pegs = position.count();
        if pegs < fewest.load(Relaxed) {
            let mut best = best.lock().unwrap_or_else(PoisonError::into_inner);
            if pegs < best.end.count() {
                best.jumps = path.to_vec();
                best.end = position;
                fewest.store(pegs, Relaxed);
            }
        }
        if fewest.load(Relaxed) <= bound.load(Relaxed) {
            Walk::Stop
        } else if fewest.load(Relaxed) == 2
            && !singles.is_empty()
            && singles
                .iter()
                .all(|(pagodas, library)| !pagodas.allow(position) || !library.allows(position))
        {
            Walk::Prune
        } else {
            Walk::On
        }
    };
    let group = Symmetries::of(layout);
    let mut race = Race::new(layout, &group, &landmarks(layout, layout.centre()));
    if race.run(start, one_thread, &|position, path| {
        visit(position, path, &[])
    }) {
        return best.into_inner().unwrap_or_else(PoisonError::into_inner);
    }
    // A long search: one peg may be out of reach, which only a search of every play could
    // tell, unless a linear program finds a pagoda function against each hole that could
    // hold it (solving a program is cheap next to what is left of the search).
    let mut singles = Vec::new();
    if bound.load(Relaxed) == 1 {
        let class = classes.of(start);
        for hole in (1..=layout.holes() as u32).filter_map(|n| layout.hole(n)) {
            let goal = Position::from(hole);
            if classes.of(goal) == class && pagoda_proof(layout, start, goal).is_none() {
                let pagodas = Pagodas::new(layout, hole);
                let library =
                    Library::learn_from(layout, start, goal, |p| pagodas.allow(p), SINGLE_SAMPLES);
                singles.push((pagodas, library));
            }
        }
        if singles.is_empty() {
            bound.store(2, Relaxed);
        }
    }
    if fewest.load(Relaxed) > bound.load(Relaxed) {
        race.run_in_parallel(start, &|position, path| visit(position, path, &singles));
    }
    best.into_inner().unwrap_or_else(PoisonError::into_inner)
}

/// Whether two positions are in the same class: a jump never changes a position's class, so
/// a position can only lead to positions of its own class (a quick proof of impossibility).
///
/// The class counts pegs on the board's diagonals coloured with three colours, one colouring
/// by `row + column` and one by `row - column` (mod 3): a jump changes the parity of each of
/// the three counts of a colouring, so the parities of their pairwise sums stay.
pub fn same_class(layout: &Layout, a: Position, b: Position) -> bool {
    let classes = Classes::new(layout);
    classes.of(a) == classes.of(b)
}

/// The endgame table of [`finish_in`]: how many pegs it goes up to, and after how long a
/// search without it (the largest budget of a run, in positions) it is built.
///
/// Building a table costs more than most searches, so it is small and waits until the runs
/// of a [`Race`] have not found the answer; the search then also goes on in parallel, pruned
/// by a [`Library`] of pagoda functions (figures in `docs/tuning/hiq.md`).
const ENDGAME: (u32, u64) = (12, 1 << 15);

/// The most classes the endgame table of [`finish_in`] should hold: it stops short of
/// [`ENDGAME`]'s pegs rather than go much past this (a million take about 0.2 s to build).
const ENDGAME_CLASSES: usize = 1_000_000;

/// Why no play leaves one peg in the hole asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unreachable {
    /// The start has no peg, and no jump can make one.
    #[error("there are no pegs on the board")]
    NoPegs,
    /// The start and the goal are in different classes ([`same_class`]): no jump changes a
    /// position's class, so no search is needed.
    #[error("the pegs on the diagonals have the wrong parities, which no jump changes")]
    WrongClass,
    /// The classes agree, but no play gets there: a pagoda function or the search shows it.
    #[error("no sequence of jumps gets there")]
    NoPlay,
}

/// A way to leave one peg, in `hole`, from `start`, or why there is none.
pub fn finish_in(layout: &Layout, start: Position, hole: Hole) -> Result<Solution, Unreachable> {
    finish_in_with_endgame(layout, start, hole, ENDGAME.0, ENDGAME.1)
}

/// [`finish_in`] with an endgame table of the positions of up to `pegs` pegs that can win
/// (none if 0), built once a search without it has run `after` positions without an answer
/// (at once if 0): from then on, the search stops at that many pegs and looks the position
/// up. Building the table takes longer than most searches, hence the wait. The search runs on
/// one thread until then, and on every thread of the current rayon pool after it (bounded as
/// for [`fewest_pegs`]), where which of several solutions is
/// found first may differ from run to run. The answer is exact with any table or none; only
/// the time differs.
pub fn finish_in_with_endgame(
    layout: &Layout,
    start: Position,
    hole: Hole,
    pegs: u32,
    after: u64,
) -> Result<Solution, Unreachable> {
    if start == Position::EMPTY {
        // Its class differs from one peg's, but no peg at all is the plainer reason.
        return Err(Unreachable::NoPegs);
    }
    let goal = Position::from(hole);
    let classes = Classes::new(layout);
    if classes.of(start) != classes.of(goal) {
        return Err(Unreachable::WrongClass);
    }
    if pagoda_proof(layout, start, goal).is_some() {
        return Err(Unreachable::NoPlay);
    }
    let pagodas = Pagodas::new(layout, hole);
    let found = Mutex::new(None);
    let stopped = AtomicBool::new(false);
    let done = |jumps: Vec<Jump>| {
        let mut found = found.lock().unwrap_or_else(PoisonError::into_inner);
        // On several threads, the first solution met is kept.
        found.get_or_insert(Solution {
            start,
            jumps,
            end: goal,
        });
        stopped.store(true, Relaxed);
        Walk::Stop
    };
    let step = |position: Position, path: &[Jump], endgame: Option<&Endgame>, library: &Library| {
        if stopped.load(Relaxed) {
            return Walk::Stop;
        }
        if let Some(endgame) = endgame.filter(|endgame| position.count() <= endgame.pegs()) {
            if !endgame.wins(position) {
                return Walk::Prune;
            }
            let mut jumps = path.to_vec();
            jumps.extend(endgame.finish(layout, position));
            return done(jumps);
        }
        if position == goal {
            return done(path.to_vec());
        }
        if pagodas.allow(position) && library.allows(position) {
            Walk::On
        } else {
            Walk::Prune
        }
    };
    let group = Symmetries::fixing(layout, hole);
    let mut race = Race::new(layout, &group, &landmarks(layout, hole));
    let none = Library::empty();
    if !race.run(start, after, &|position, path| {
        step(position, path, None, &none)
    }) {
        let endgame = (pegs > 0).then(|| Endgame::new(layout, hole, pegs, ENDGAME_CLASSES));
        // A long search: pagoda functions found by linear programs on sampled positions
        // prune what is left (a quarter to a half off the slowest impossible problems known).
        let library = Library::learn(layout, start, goal, |position| pagodas.allow(position));
        race.run_in_parallel(start, &|position, path| {
            step(position, path, endgame.as_ref(), &library)
        });
    }
    found
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .ok_or(Unreachable::NoPlay)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The fewest pegs by brute force: every play, no memory, no symmetry, no bound.
    fn fewest_by_brute_force(
        layout: &Layout,
        position: Position,
        memo: &mut HashMap<Position, u32>,
    ) -> u32 {
        if let Some(&known) = memo.get(&position) {
            return known;
        }
        let best = layout
            .legal_jumps(position)
            .map(|jump| fewest_by_brute_force(layout, position.after(jump), memo))
            .min()
            .unwrap_or(position.count());
        memo.insert(position, best);
        best
    }

    /// Whether one peg in `hole` can be reached, by brute force.
    pub(crate) fn reaches(
        layout: &Layout,
        position: Position,
        goal: Position,
        memo: &mut HashMap<Position, bool>,
    ) -> bool {
        if position == goal {
            return true;
        }
        if let Some(&known) = memo.get(&position) {
            return known;
        }
        let found = layout
            .legal_jumps(position)
            .any(|jump| reaches(layout, position.after(jump), goal, memo));
        memo.insert(position, found);
        found
    }

    /// Plays the solution's jumps from its start, checking each is legal; where they lead.
    fn replay(layout: &Layout, solution: &Solution) -> Position {
        solution
            .jumps
            .iter()
            .fold(solution.start, |position, &jump| {
                assert!(
                    layout.jumps().contains(&jump),
                    "{jump} is no jump of the board"
                );
                assert!(jump.is_legal(position), "{jump} is not legal");
                position.after(jump)
            })
    }

    /// A small board (21 holes) on which brute force is quick.
    pub(crate) fn board() -> Layout {
        Layout::from_picture(" ooo\nooooo\nooooo\nooooo\n ooo\n").unwrap()
    }

    #[test]
    fn the_central_game_ends_with_one_peg_in_the_centre() {
        let layout = Layout::english();
        let centre = layout.centre();
        let start = layout.full().without(centre);
        let solution = finish_in(layout, start, centre).unwrap();
        assert_eq!(solution.jumps.len(), 31);
        assert_eq!(replay(layout, &solution), Position::from(centre));
        let fewest = fewest_pegs(layout, start);
        assert_eq!(fewest.end.count(), 1);
        assert_eq!(replay(layout, &fewest), fewest.end);
    }

    #[test]
    fn the_wrong_class_is_refused_without_search() {
        let layout = Layout::english();
        let start = layout.full().without(layout.centre());
        assert_eq!(
            finish_in(layout, start, layout.hole(1).unwrap()),
            Err(Unreachable::WrongClass)
        );
        let empty = finish_in(layout, Position::EMPTY, layout.hole(1).unwrap());
        assert!(empty.is_err());
        assert_eq!(
            empty.is_err_and(|why| why == Unreachable::NoPlay),
            same_class(
                layout,
                Position::EMPTY,
                Position::from(layout.hole(1).unwrap())
            )
        );
        // The European central game cannot be won at all: its class is no single peg's.
        // (The search that finds 2 takes seconds in a debug build: see the transcript tests.)
        let european = Layout::european();
        let start = european.full().without(european.centre());
        assert_eq!(Classes::new(european).bound(european, start), 2);
        let english_start = layout.full().without(layout.centre());
        assert_eq!(Classes::new(layout).bound(layout, english_start), 1);
    }

    #[test]
    fn a_pool_of_one_thread_runs_every_search_in_one_task_and_agrees() {
        let layout = board();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        assert_eq!(pool.install(rayon::current_num_threads), 1);
        for bits in [0x1f_ffff & !(1 << 10), 0x0f_7bde, 0x1b_5ad6, 0x1f_fbff] {
            let start = Position::from_bits(bits);
            let in_pool = pool.install(|| fewest_pegs_after(&layout, start, 0));
            assert_eq!(replay(&layout, &in_pool), in_pool.end);
            let brute = fewest_by_brute_force(&layout, start, &mut HashMap::new());
            assert_eq!(in_pool.end.count(), brute, "{bits:#x}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn fewest_pegs_agrees_with_brute_force(bits in 0u64..(1 << 21)) {
            let layout = board();
            let start = Position::from_bits(bits);
            let solution = fewest_pegs(&layout, start);
            prop_assert_eq!(replay(&layout, &solution), solution.end);
            prop_assert_eq!(solution.jumps.len() as u32, start.count() - solution.end.count());
            prop_assert_eq!(solution.end.count(), fewest_by_brute_force(&layout, start, &mut HashMap::new()));
        }

        #[test]
        fn fewest_pegs_on_every_core_agrees_with_brute_force(bits in 0u64..(1 << 21)) {
            let layout = board();
            let start = Position::from_bits(bits);
            let solution = fewest_pegs_after(&layout, start, 0);
            prop_assert_eq!(replay(&layout, &solution), solution.end);
            prop_assert_eq!(solution.jumps.len() as u32, start.count() - solution.end.count());
            prop_assert_eq!(solution.end.count(), fewest_by_brute_force(&layout, start, &mut HashMap::new()));
        }

        #[test]
        fn finishing_agrees_with_brute_force(bits in 0u64..(1 << 21), hole in 1u32..=21) {
            let layout = board();
            let start = Position::from_bits(bits);
            let hole = layout.hole(hole).unwrap();
            let goal = Position::from(hole);
            let found = finish_in(&layout, start, hole);
            prop_assert_eq!(found.is_ok(), reaches(&layout, start, goal, &mut HashMap::new()));
            if let Err(why) = &found {
                let empty = start == Position::EMPTY;
                prop_assert_eq!(*why == Unreachable::NoPegs, empty);
                prop_assert_eq!(*why == Unreachable::WrongClass, !empty && !same_class(&layout, start, goal));
            }
            if let Ok(solution) = found {
                prop_assert_eq!(replay(&layout, &solution), goal);
                prop_assert_eq!(solution.jumps.len() as u32, start.count() - 1);
            }
        }

        #[test]
        fn finishing_with_an_endgame_table_agrees_with_brute_force(
            bits in 0u64..(1 << 21),
            hole in 1u32..=21,
            pegs in 1u32..=8,
        ) {
            let layout = board();
            let start = Position::from_bits(bits);
            let hole = layout.hole(hole).unwrap();
            let goal = Position::from(hole);
            // Built at once (after 0 positions), so the search always meets the table.
            let found = finish_in_with_endgame(&layout, start, hole, pegs, 0);
            prop_assert_eq!(found.is_ok(), reaches(&layout, start, goal, &mut HashMap::new()));
            prop_assert_eq!(found.as_ref().err().copied(), finish_in_with_endgame(&layout, start, hole, 0, 0).err());
            if let Ok(solution) = found {
                prop_assert_eq!(replay(&layout, &solution), goal);
                prop_assert_eq!(solution.jumps.len() as u32, start.count() - 1);
            }
        }
    }
}
