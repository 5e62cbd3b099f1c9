//! The best rest of the game in one world of an officer board where every piece is known.

use solitaire_chess::{Game, Square};

use super::edges::{EDGE_SQUARE, EDGES, MAX_REACH, REACH, code};

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

/// Entries of the transposition table: 2^TABLE_BITS, small enough to stay in the cache
/// (docs/tuning/solitaire-chess.md).
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
        // a budget, the best games are found early.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
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
}
