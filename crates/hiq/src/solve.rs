//! Solving a position exactly: the fewest pegs that can remain, or one peg in a chosen hole.
//!
//! Depth-first searches over the positions reachable from the start, each class of positions
//! (up to the symmetries that keep the goal in place) explored once: what can be reached from a
//! position does not depend on how it was reached. The search stops as soon as it meets a
//! bound no play can beat: the peg count that the position's class ([`Classes`]) allows.
//! Positions whose class differs from the goal's are not searched at all, and pagoda functions
//! ([`Pagodas`]) cut off positions that can no longer reach the goal. A search for one peg in
//! a hole that runs long builds an endgame table ([`Endgame`]) and stops at its size.

use crate::board::{Hole, Jump, Layout, Position};
use crate::endgame::Endgame;
use crate::lp::{Library, Weights, pagoda_proof};
use crate::memo::{Finished, Memo};
use crate::symmetry::{Images, Symmetries};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};

/// An invariant of play (Conway's "position class"): colour the holes along diagonals with
/// three colours, once by `row + col` and once by `row - col` (mod 3). Every jump takes one
/// hole of each colour from peg to hole or back, so it flips the parity of all three counts of
/// each colouring at once: the parities of the pair sums stay. 16 classes, 4 bits.
#[derive(Clone, Debug)]
struct Classes {
    /// For each colouring and colour, the holes of that colour.
    colours: [[u64; 3]; 2],
}

impl Classes {
    fn new(layout: &Layout) -> Classes {
        let mut colours = [[0u64; 3]; 2];
        for (i, &(r, c)) in layout.cells().iter().enumerate() {
            colours[0][(r + c) % 3] |= 1 << i;
            colours[1][(r + 2 * c) % 3] |= 1 << i;
        }
        Classes { colours }
    }

    fn of(&self, position: Position) -> u8 {
        let parity = |mask: u64| ((position.0 & mask).count_ones() & 1) as u8;
        self.colours
            .iter()
            .enumerate()
            .fold(0, |class, (k, colour)| {
                let [a, b, c] = colour.map(parity);
                class | ((a ^ b) | (b ^ c) << 1) << (2 * k)
            })
    }

    /// The fewest pegs any play from `position` can leave.
    fn bound(&self, layout: &Layout, position: Position) -> u32 {
        if position == Position::EMPTY {
            return 0;
        }
        let class = self.of(position);
        let single = (1..=layout.holes() as u32)
            .filter_map(|n| layout.hole(n))
            .any(|hole| self.of(Position(hole.bit())) == class);
        if single { 1 } else { 2 }
    }
}

/// Pagoda functions for a goal hole: weights of the holes that no jump can raise in total (for
/// every jump from `a` over `b` into `c`, `w(a) + w(b) >= w(c)`). A position whose weight is
/// below the goal's can never reach the goal.
///
/// Two kinds, valid on any board: Conway's resource count, `s^d` with `d` the distance in
/// rows plus columns to the goal and `s` the golden ratio's inverse (so `s^2 + s = 1`: a jump
/// toward the goal keeps the total, any other lowers it); and the count of pegs on the goal's
/// sublattice (rows and columns of the same parity as the goal's), since a jump into it comes
/// from it.
struct Pagodas {
    /// The resource count of each hole.
    conway: Weights,
    /// The goal's resource count (1), less a margin for rounding.
    conway_goal: f64,
    /// The holes of the goal's sublattice.
    lattice: u64,
}

impl Pagodas {
    fn new(layout: &Layout, goal: Hole) -> Pagodas {
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
    fn allow(&self, position: Position) -> bool {
        if position.0 & self.lattice == 0 {
            return false;
        }
        self.conway.of(position) >= self.conway_goal
    }
}

/// Conway's resource count toward `goal`, hole by hole: `s^d`, `d` the distance in rows plus
/// columns, `s = (sqrt 5 - 1) / 2`.
fn resource_counts(layout: &Layout, goal: Hole) -> Vec<f64> {
    let (gr, gc) = layout.cell(goal);
    let s = (5f64.sqrt() - 1.0) / 2.0;
    layout
        .cells()
        .iter()
        .map(|&(r, c)| s.powi((r.abs_diff(gr) + c.abs_diff(gc)) as i32))
        .collect()
}

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

/// What a search calls on each position it visits, with the jumps that led there: what to do
/// next. Searches on several threads share one.
trait Visit: Fn(Position, &[Jump]) -> Walk + Sync {}

impl<F: Fn(Position, &[Jump]) -> Walk + Sync> Visit for F {}

/// What a search does after visiting a position.
enum Walk {
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
/// take turns (see [`Race`]).
struct Search {
    group: Symmetries,
    path: Vec<Jump>,
    /// Every jump of the board, best first.
    moves: Vec<Move>,
    /// Positions this run may still visit.
    budget: u64,
}

/// How a walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ended {
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
    fn new(layout: &Layout, group: Symmetries, toward: Hole, reversed: bool) -> Search {
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
    fn run(
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
        let images = self.group.all_images(position.0);
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
                if position.0 & m.all == m.need && !asleep.contains(next) {
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

/// How many positions [`fewest_pegs`] samples for pagoda functions against each hole that
/// could hold the last peg: on the slowest problems known, 30 to 240 pruned about as well
/// (0x1ddfd7f5d: 0.87 s with none, about 0.6 s with any).
const SINGLE_SAMPLES: usize = 60;

/// How many jumps [`Search::walk`] looks up at once.
const BATCH: usize = 16;

/// Searches that try jumps in different orders, run by turns, each for twice as long as the
/// time before, until one ends: a search's time to a solution depends much on its order, by
/// factors of a hundred and more, and no order is best on every problem. They share what they
/// learn: a class whose continuations have all been visited is done whoever visited them.
///
/// A race first runs on one thread, so the answer to every problem it settles then is always
/// the same; the long ones go on on every core (see [`Race::run_on_all_cores`]).
///
/// The orders are toward the [`landmarks`]. Measured over the 1,122 problems of the 33-hole
/// board with one hole empty at the start and one peg to leave in a given hole: one search
/// toward the goal took 111 s in all; two searches (the goal, the centre) 17 s with two
/// problems over 4 s (full less hole 5, one peg in 5, and its mirror image); the landmarks
/// about 4 s, none over 1 s, on two cores shared with other work (the problem less 5 in 5
/// took 10 ms with the order toward hole 33 alone, 4.8 s with the one toward the goal). With
/// the memo, the sleep sets and the batches of [`Search::walk`] as well: 2.65 s in all, none
/// over 0.25 s, on a quiet machine.
struct Race {
    searches: Vec<Search>,
    /// The classes whose every continuation has been visited: whatever the visitor looks for
    /// is not below them.
    done: Memo,
}

impl Race {
    /// Searches toward each of `toward`, in that order.
    fn new(layout: &Layout, group: &Symmetries, toward: &[(Hole, bool)]) -> Race {
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
    fn run(&mut self, start: Position, until: u64, visit: &impl Visit) -> bool {
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

    /// Runs the searches from `start` until one ends, the searches shared out among as many
    /// threads as there are cores, all sharing one memory: a class one thread finishes, the
    /// others skip. Which of several solutions is met first may then differ from run to run;
    /// whether there is one, or the fewest pegs, does not.
    fn run_on_all_cores(&mut self, start: Position, visit: &impl Visit) {
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let per_thread = self.searches.len().div_ceil(threads.max(1));
        let done = self.done.share();
        let halt = AtomicBool::new(false);
        std::thread::scope(|scope| {
            for searches in self.searches.chunks_mut(per_thread.max(1)) {
                let halt = &halt;
                scope.spawn(move || {
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

/// How long a [`Race`] runs on one thread (the largest budget of a run, in positions) before
/// it goes on on every core: about 1.5 million positions in all, a few tenths of a second.
const ONE_THREAD: u64 = 1 << 16;

/// The size of the memory of a [`Race`]: `2^MEMO_BITS` buckets of eight classes.
/// 2^20 buckets, 64 MB, hold 8 million classes.
const MEMO_BITS: u32 = 20;

/// The orders of the searches of a [`Race`]: toward `first` and toward the centre, each also
/// with ties taken the other way round (`true`), then toward the first and last hole of the
/// top and bottom rows and of the leftmost and rightmost columns (the ends of the arms of a
/// cross-shaped board); each order once.
fn landmarks(layout: &Layout, first: Hole) -> Vec<(Hole, bool)> {
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

/// The fewest pegs that can remain from `start`, and one way to leave that many. A search
/// that runs long goes on on every core; which of several ways it finds may then differ from
/// run to run, the number of pegs never.
pub fn fewest_pegs(layout: &Layout, start: Position) -> Solution {
    fewest_pegs_after(layout, start, ONE_THREAD)
}

/// [`fewest_pegs`], on one thread for runs of up to `one_thread` positions, then on every
/// core.
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
            let goal = Position(hole.bit());
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
        race.run_on_all_cores(start, &|position, path| visit(position, path, &singles));
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
/// Measured on the 33-hole board, goal hole 5: the table of 12 pegs holds 0.8 million classes
/// and takes 0.17 s to build, 13 pegs 2.1 million and 0.65 s, 14 pegs 4.6 million and 2.5 s
/// (a goal with no symmetry, such as hole 22, about four times as much). With the table of
/// 13 the hardest known problem (full less 5, one peg in 5) took 3.3 s instead of 7.4 s in
/// the solve benchmark, but problems that took 0.4 s took 1-5 s: building the table costs
/// more than most searches, and for all 1,122 single-vacancy problems it made 86 s of 17 s
/// when built every time. Hence 12 pegs, and only once the runs up to 2^15 positions each
/// (with the dozen searches of a [`Race`], about 0.8 million positions in all, a tenth or two
/// of a second) have not found the answer; the search then also goes on on every core, pruned
/// by a [`Library`] of pagoda functions. On a quiet machine, waiting for 2^14, 2^15 or 2^16
/// positions took the 1,122 problems 4.9, 3.0 and 2.6 s in all (the slowest 0.37, 0.55 and
/// 0.22 s), and the four slowest random problems known 0.37-0.57, 0.44-0.66 and 0.75-0.84 s.
const ENDGAME: (u32, u64) = (12, 1 << 15);

/// The most classes the endgame table of [`finish_in`] should hold: it stops short of
/// [`ENDGAME`]'s pegs rather than go much past this (a million take about 0.2 s to build).
const ENDGAME_CLASSES: usize = 1_000_000;

/// Why no play leaves one peg in the hole asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unreachable {
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
/// one thread until then, and on every core after it, where which of several solutions is
/// found first may differ from run to run. The answer is exact with any table or none; only
/// the time differs.
pub fn finish_in_with_endgame(
    layout: &Layout,
    start: Position,
    hole: Hole,
    pegs: u32,
    after: u64,
) -> Result<Solution, Unreachable> {
    let goal = Position(hole.bit());
    let classes = Classes::new(layout);
    if classes.of(start) != classes.of(goal) {
        return Err(Unreachable::WrongClass);
    }
    if start == Position::EMPTY || pagoda_proof(layout, start, goal).is_some() {
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
        // prune what is left (measured on the slowest impossible problems known: 1.65 s ->
        // 0.87 s, 1.0 -> 0.75 s).
        let library = Library::learn(layout, start, goal, |position| pagodas.allow(position));
        race.run_on_all_cores(start, &|position, path| {
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
        let start = Position(layout.full().0 & !centre.bit());
        let solution = finish_in(layout, start, centre).unwrap();
        assert_eq!(solution.jumps.len(), 31);
        assert_eq!(replay(layout, &solution), Position(centre.bit()));
        let fewest = fewest_pegs(layout, start);
        assert_eq!(fewest.end.count(), 1);
        assert_eq!(replay(layout, &fewest), fewest.end);
    }

    #[test]
    fn the_wrong_class_is_refused_without_search() {
        let layout = Layout::english();
        let start = Position(layout.full().0 & !layout.centre().bit());
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
                Position(layout.hole(1).unwrap().bit())
            )
        );
        // The European central game cannot be won at all: its class is no single peg's.
        // (The search that finds 2 takes seconds in a debug build: see the transcript tests.)
        let european = Layout::european();
        let start = Position(european.full().0 & !european.centre().bit());
        assert_eq!(Classes::new(european).bound(european, start), 2);
        let english_start = Position(layout.full().0 & !layout.centre().bit());
        assert_eq!(Classes::new(layout).bound(layout, english_start), 1);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn fewest_pegs_agrees_with_brute_force(bits in 0u64..(1 << 21)) {
            let layout = board();
            let start = Position(bits);
            let solution = fewest_pegs(&layout, start);
            prop_assert_eq!(replay(&layout, &solution), solution.end);
            prop_assert_eq!(solution.jumps.len() as u32, start.count() - solution.end.count());
            prop_assert_eq!(solution.end.count(), fewest_by_brute_force(&layout, start, &mut HashMap::new()));
        }

        #[test]
        fn fewest_pegs_on_every_core_agrees_with_brute_force(bits in 0u64..(1 << 21)) {
            let layout = board();
            let start = Position(bits);
            let solution = fewest_pegs_after(&layout, start, 0);
            prop_assert_eq!(replay(&layout, &solution), solution.end);
            prop_assert_eq!(solution.jumps.len() as u32, start.count() - solution.end.count());
            prop_assert_eq!(solution.end.count(), fewest_by_brute_force(&layout, start, &mut HashMap::new()));
        }

        #[test]
        fn finishing_agrees_with_brute_force(bits in 0u64..(1 << 21), hole in 1u32..=21) {
            let layout = board();
            let start = Position(bits);
            let hole = layout.hole(hole).unwrap();
            let goal = Position(hole.bit());
            let found = finish_in(&layout, start, hole);
            prop_assert_eq!(found.is_ok(), reaches(&layout, start, goal, &mut HashMap::new()));
            if let Err(why) = &found {
                prop_assert_eq!(*why == Unreachable::WrongClass, !same_class(&layout, start, goal));
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
            let start = Position(bits);
            let hole = layout.hole(hole).unwrap();
            let goal = Position(hole.bit());
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
