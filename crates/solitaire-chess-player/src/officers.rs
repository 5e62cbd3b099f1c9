//! Exact search on boards of rooks, bishops and queens only (group 4).
//!
//! A rook, a bishop or a queen always sends the next removal to one of the 20 edge squares,
//! so after the first removal the whole game is played on them: a position in one world is
//! how many pieces each edge square has lost (two bits each), the square and type removed
//! last, and whether that removal already continued a run. That is small enough for a
//! depth-first search with a transposition table to find the best rest of the game in a
//! world where every piece is known ([`EdgeSolver`]). The player values each candidate
//! removal by that search in sampled worlds ([`choose`]).

use std::cell::RefCell;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use solitaire_chess::{Game, targets};
use solitaire_chess::{Piece, SQUARES, Square};

/// The number of edge squares.
pub(crate) const EDGES: usize = 20;

/// The types an edge search knows, by their code 0..3.
pub(crate) const OFFICERS: [Piece; 3] = [Piece::Rook, Piece::Bishop, Piece::Queen];

/// `EDGE_SQUARE[e]`: the square index of edge square `e` (reading order).
pub(crate) const EDGE_SQUARE: [u8; EDGES] = {
    let mut table = [0u8; EDGES];
    let (mut square, mut e) = (0, 0);
    while square < SQUARES {
        let (row, col) = (square / 6, square % 6);
        if row == 0 || row == 5 || col == 0 || col == 5 {
            table[e] = square as u8;
            e += 1;
        }
        square += 1;
    }
    table
};

/// `REACH[code][square]`: the edge squares (bit `e` for edge square `e`) that a piece of an
/// officer code removed from a square (any of the 36) sends the next removal to.
pub(crate) const REACH: [[u32; SQUARES]; 3] = {
    let mut edge_bits = 0u64;
    let mut e = 0;
    while e < EDGES {
        edge_bits |= 1 << EDGE_SQUARE[e];
        e += 1;
    }
    let mut table = [[0u32; SQUARES]; 3];
    let mut code = 0;
    while code < 3 {
        let mut square = 0;
        while square < SQUARES {
            let Some(from) = Square::from_index(square) else {
                panic!("a square index out of range")
            };
            let bits = targets(OFFICERS[code], from).0;
            // What the whole module rests on: an officer only ever reaches an edge square.
            assert!(bits & !edge_bits == 0);
            let mut e = 0;
            while e < EDGES {
                if bits & (1 << EDGE_SQUARE[e]) != 0 {
                    table[code][square] |= 1 << e;
                }
                e += 1;
            }
            square += 1;
        }
        code += 1;
    }
    table
};

/// The most edge squares one removal can reach (a queen on an inner square: four along its
/// row and column, four along its diagonals).
const MAX_REACH: usize = 8;

/// The code 0..3 of an officer type, `None` for any other.
pub(crate) fn code(piece: Piece) -> Option<u8> {
    OFFICERS.iter().position(|&p| p == piece).map(|i| i as u8)
}

/// A position on the edge squares of one world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    /// Two bits an edge square: its removals so far, 0..=3.
    levels: u64,
    /// The edge squares still holding a piece.
    occupied: u32,
    /// The square removed last (any of the 36).
    last: u8,
    /// Its officer code.
    code: u8,
    /// Whether that removal continued a run.
    in_run: bool,
}

impl Pos {
    /// The position in 49 bits: 40 of levels, 6 for the square, 2 for the type, 1 for the run.
    fn key(&self) -> u64 {
        self.levels
            | u64::from(self.last) << 40
            | u64::from(self.code) << 46
            | u64::from(self.in_run) << 48
    }

    /// The edge squares the next removal may come from.
    fn reach(&self) -> u32 {
        REACH[usize::from(self.code)][usize::from(self.last)] & self.occupied
    }
}

/// Entries of the transposition table: 2^TABLE_BITS (small enough to stay in the cache,
/// which made the search four times faster than with 2^20).
const TABLE_BITS: u32 = 16;

/// The bits of a table entry's key; the generation goes above them.
const KEY_BITS: u32 = 49;

/// The best rest of the game in one world at a time where every piece is known, by a
/// depth-first search with a transposition table, within a budget of positions.
#[derive(Clone, Debug)]
pub struct EdgeSolver {
    /// The transposition table: each entry's key and the generation (the world) it belongs
    /// to ...
    keys: Vec<u64>,
    /// ... and its exact value.
    values: Vec<u8>,
    generation: u64,
    /// `layers[e]`: the officer codes of edge square `e`: bronze, silver, gold.
    layers: [[u8; 3]; EDGES],
    /// The positions the current search may still expand.
    budget: u64,
    /// Whether the search below the current position ran out of budget (so its value is a
    /// lower bound, not to be kept in the table).
    cut: bool,
}

impl Default for EdgeSolver {
    fn default() -> EdgeSolver {
        EdgeSolver::new()
    }
}

impl EdgeSolver {
    /// A solver with an empty table.
    pub fn new() -> EdgeSolver {
        EdgeSolver {
            keys: vec![0; 1 << TABLE_BITS],
            values: vec![0; 1 << TABLE_BITS],
            generation: 0,
            layers: [[0; 3]; EDGES],
            budget: 0,
            cut: false,
        }
    }

    /// Takes a world in which every piece is known (the hidden ones drawn, say); the table
    /// forgets the previous one. `None` if an edge square holds a type other than a rook,
    /// bishop or queen.
    pub fn start_world(&mut self, world: &Game) -> Option<()> {
        for (e, &square) in EDGE_SQUARE.iter().enumerate() {
            let square = Square::from_index(usize::from(square))?;
            for layer in 0..3 {
                self.layers[e][layer] = code(world.layer(square, layer))?;
            }
        }
        self.generation = (self.generation + 1) & ((1 << (64 - KEY_BITS)) - 1);
        if self.generation == 0 {
            self.keys.iter_mut().for_each(|key| *key = 0);
            self.generation = 1;
        }
        Some(())
    }

    /// The most points the rest of the game can bring from a position of the world given to
    /// [`EdgeSolver::start_world`]. Exact if the search expands at most `budget` positions;
    /// past that, the positions left are finished greedily, and the value is a lower bound
    /// (the points of a game that can be played). `None` before the first removal, or if the
    /// type removed last is not a rook, bishop or queen.
    pub fn rest(&mut self, game: &Game, budget: u64) -> Option<u32> {
        let (piece, last) = game.last()?;
        let mut levels = 0u64;
        let mut occupied = 0u32;
        for (e, &square) in EDGE_SQUARE.iter().enumerate() {
            let square = Square::from_index(usize::from(square))?;
            let level = game.removals_at(square);
            levels |= u64::from(level) << (2 * e);
            if level < 3 {
                occupied |= 1 << e;
            }
        }
        let pos = Pos {
            levels,
            occupied,
            last: last.index() as u8,
            code: code(piece)?,
            in_run: game.tally().in_run(),
        };
        self.budget = budget;
        self.cut = false;
        Some(u32::from(self.value(pos)))
    }

    /// The most points the rest of the game can bring from a position (see
    /// [`EdgeSolver::rest`]).
    fn value(&mut self, pos: Pos) -> u8 {
        let reach = pos.reach();
        if reach == 0 {
            return 0;
        }
        let key = pos.key() | self.generation << KEY_BITS;
        let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - TABLE_BITS)) as usize;
        if self.keys[slot] == key {
            return self.values[slot];
        }
        if self.budget == 0 {
            self.cut = true;
            return self.greedy(pos);
        }
        self.budget -= 1;
        // The removals that continue the run first, then those with the most ways on: with
        // a budget, the best games are found early (measured: 81.8 against 80.8 for the run
        // first in square order, seeds 1-150, 16 worlds).
        let mut children = [(0u32, 0u8, pos); MAX_REACH];
        let mut n = 0;
        let mut bits = reach;
        while bits != 0 {
            let e = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (gain, next) = self.step(&pos, e);
            let onward = next.reach().count_ones();
            // Ties keep square order.
            let order = u32::from(gain > 1) * 64 + onward * 8 + (7 - n as u32);
            children[n] = (order, gain, next);
            n += 1;
        }
        let children = &mut children[..n];
        children.sort_unstable_by_key(|&(order, _, _)| std::cmp::Reverse(order));
        let cut_above = self.cut;
        self.cut = false;
        let mut best = 0u8;
        for &(_, gain, next) in children.iter() {
            best = best.max(gain + self.value(next));
        }
        if !self.cut {
            self.keys[slot] = key;
            self.values[slot] = best;
        }
        self.cut |= cut_above;
        best
    }

    /// The points and the position after removing the piece on edge square `e`.
    #[inline]
    fn step(&self, pos: &Pos, e: usize) -> (u8, Pos) {
        let level = (pos.levels >> (2 * e)) & 3;
        let piece = self.layers[e][level as usize];
        let same = piece == pos.code;
        let gain = match (same, pos.in_run) {
            (false, _) => 1,
            (true, false) => 1 + 4,
            (true, true) => 1 + 2,
        };
        let next = Pos {
            levels: pos.levels + (1 << (2 * e)),
            occupied: if level == 2 {
                pos.occupied & !(1 << e)
            } else {
                pos.occupied
            },
            last: EDGE_SQUARE[e],
            code: piece,
            in_run: same,
        };
        (gain, next)
    }

    /// The points of the rest of the game played greedily: never into a dead end while
    /// there is another way, the run continued if it can be, then the most ways on.
    fn greedy(&self, mut pos: Pos) -> u8 {
        let mut total = 0u8;
        loop {
            let mut best: Option<(u32, u8, Pos)> = None;
            let mut bits = pos.reach();
            while bits != 0 {
                let e = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (gain, next) = self.step(&pos, e);
                let onward = next.reach().count_ones();
                let order = u32::from(onward > 0) * 64 + u32::from(gain > 1) * 32 + onward;
                if best.is_none_or(|(o, _, _)| order > o) {
                    best = Some((order, gain, next));
                }
            }
            let Some((_, gain, next)) = best else {
                return total;
            };
            total = total.saturating_add(gain);
            pos = next;
        }
    }
}

/// Positions the search of one sampled world may expand, shared by the candidates: past
/// about 20 000 the player gained nothing (82.5 with 20 000 and 82.4 with 80 000 at 32
/// worlds a move, 80.3 with 5 000; seeds 1-150).
pub const NODES_PER_WORLD: u64 = 20_000;

thread_local! {
    /// One solver a thread, so that its table is allocated once, not every move.
    static SOLVER: RefCell<EdgeSolver> = RefCell::new(EdgeSolver::new());
}

/// For each candidate, by the piece its removal shows (3 for none; always 0 without
/// `reveal`) and by the removal after it (always 0 without `reveal`): the sum of the points
/// from now on over the worlds.
type Sums = Vec<[[u64; MAX_REACH]; 4]>;

/// One thread's share of [`choose`]: the worlds it takes from `next_world` searched with its
/// own solver, their sums and their number; `None` as for [`choose`].
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
/// candidates), and the candidate with the best sum is kept. At most `worlds` worlds, and
/// none started after the deadline.
///
/// With `reveal`, it is honest about the first piece to show: the worlds are grouped, for
/// each candidate, by the piece its removal shows (what the player will know when it picks
/// the next removal), and in each group only the next removal with the best sum counts. (A
/// search in one world plans on knowing every piece to come; here the second removal is
/// picked, as in the game, knowing only the first of them.)
///
/// Returns the candidate and the number of moves to share the time left by (a third of the
/// removals likely left); `None` when no world was searched (out of time), or when a world
/// holds a type other than a rook, bishop or queen on an edge square.
pub(crate) fn choose(
    candidates: &[Square],
    deadline: Option<Instant>,
    worlds: u32,
    reveal: bool,
    threads: usize,
    sample: impl FnMut() -> Game + Send,
) -> Option<(Square, f64)> {
    let share = NODES_PER_WORLD / candidates.len().max(1) as u64;
    // The worlds, drawn in one order whichever thread takes them: with a work budget the
    // same worlds are searched, and the sums (of integers) come out the same, on any machine.
    let source = Mutex::new((sample, 0u32));
    let next_world = || {
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return None;
        }
        let mut source = source.lock().unwrap_or_else(PoisonError::into_inner);
        let (sample, taken) = &mut *source;
        (*taken < worlds).then(|| {
            *taken += 1;
            sample()
        })
    };
    let search = || search_worlds(candidates, reveal, share, &next_world);
    let found: Vec<Option<(Sums, u32)>> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads.max(1))
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, search).ok())
            .collect();
        let mut found = vec![search()];
        found.extend(others.into_iter().map(|h| h.join().ok().flatten()));
        found
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
    // The player shares its time out by this count. Games of runs bring about two and a
    // half points a removal; a third of those removals is what it is told, so that the
    // early moves get most of the time: the late ones are solved exactly in a few worlds,
    // and with the full count the first moves got 20 to 120 worlds and the last ones tens
    // of thousands (at 1000 ms on one thread, seeds 1-30, 3 runs each: 82.2 with the full
    // count, 83.0 with a third, 81.9 with a sixth).
    let points_left = totals[best] as f64 / f64::from(seen);
    Some((candidates[best], points_left / 2.5 / 3.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::self_play;
    use crate::player::{Budget, Config, Strategy};
    use crate::policy::Rng;
    use proptest::prelude::*;
    use solitaire_chess::contest::Group;

    /// The best rest of the game by trying every removal, on [`Game`] itself; `None` past
    /// `limit` positions.
    fn brute_force(game: &Game, limit: &mut u32) -> Option<u32> {
        *limit = limit.checked_sub(1)?;
        let mut best = 0;
        for square in game.legal().iter() {
            let mut after = *game;
            let gain = after.play_unchecked(square);
            best = best.max(gain + brute_force(&after, limit)?);
        }
        Some(best)
    }

    /// A group 4 deal and a game on it after `moves` random removals (fewer if it ends).
    fn position(seed: u64, moves: usize) -> Game {
        let mut game = Game::new(&Group::get(4).unwrap().deal(seed));
        let mut rng = Rng::new(seed);
        for _ in 0..moves {
            let legal: Vec<Square> = game.legal().iter().collect();
            if legal.is_empty() {
                break;
            }
            game.play_unchecked(legal[rng.below(legal.len() as u32) as usize]);
        }
        game
    }

    /// Positions along random games where trying everything takes at most 20 000
    /// positions, with their best rest of the game.
    fn checked_positions() -> &'static [(Game, u32)] {
        static POSITIONS: std::sync::OnceLock<Vec<(Game, u32)>> = std::sync::OnceLock::new();
        POSITIONS.get_or_init(|| {
            let mut found = Vec::new();
            for seed in 1..=20 {
                for moves in [4, 8, 12, 16, 20, 24] {
                    let game = position(seed, moves);
                    let mut limit = 20_000;
                    if let Some(best) = brute_force(&game, &mut limit) {
                        found.push((game, best));
                    }
                }
            }
            found
        })
    }

    #[test]
    fn the_search_is_exact() {
        let positions = checked_positions();
        assert!(positions.len() >= 40, "{}", positions.len());
        let mut solver = EdgeSolver::new();
        for (game, best) in positions {
            solver.start_world(game).unwrap();
            assert_eq!(solver.rest(game, u64::MAX), Some(*best), "{game}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// With a budget the search finds a game no better than the best, and no worse than
        /// the greedy one (a budget of 0).
        #[test]
        fn a_budget_gives_a_lower_bound(pick in 0usize..1000, budget in 1u64..300) {
            let positions = checked_positions();
            let (game, best) = positions[pick % positions.len()];
            let mut solver = EdgeSolver::new();
            solver.start_world(&game).unwrap();
            let bounded = solver.rest(&game, budget).unwrap();
            solver.start_world(&game).unwrap();
            let greedy = solver.rest(&game, 0).unwrap();
            prop_assert!(greedy <= bounded && bounded <= best, "{} {} {}", greedy, bounded, best);
        }
    }

    #[test]
    fn only_rooks_bishops_and_queens_are_searched() {
        let game = Game::new(&Group::get(6).unwrap().deal(1));
        assert_eq!(EdgeSolver::new().start_world(&game), None);
        let mut game = Game::new(&Group::get(4).unwrap().deal(1));
        let mut solver = EdgeSolver::new();
        solver.start_world(&game).unwrap();
        // Before the first removal there is no position to search from.
        assert_eq!(solver.rest(&game, 10), None);
        game.play_unchecked(Square::at(3, 3).unwrap());
        assert!(solver.rest(&game, 10).unwrap() > 0);
    }

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
