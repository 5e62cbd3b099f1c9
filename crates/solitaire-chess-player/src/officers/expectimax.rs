//! Expectimax on what the player sees, for boards of rooks, bishops and queens (group 4).
//!
//! Every hidden piece is, as far as the player can tell, uniform over the board's types and
//! independent of everything else, so the game is a fully observed decision process on the
//! pieces *showing*: after a bronze or silver removal the next piece on that square is one
//! of the types with equal chances, after a gold one the square is empty. As in
//! [`super::EdgeSolver`], after the first removal only the 20 edge squares are ever reached, so a
//! position ([`View`]) is, for each edge square, its removals so far and the type showing,
//! with the square and type removed last and whether that removal continued a run (runs are
//! the only bonus without knights). The best expected rest of the game is then a plain
//! expectimax: a removal's worth is its points plus the mean worth of the positions its
//! reveal may lead to. Unlike a search in sampled worlds, it never plans on knowing what
//! will show. [`Expectimax`] searches it to the end of the game with a transposition table,
//! within a budget of positions: late in a game, when few pieces are left, that is the best
//! play there is.

use std::fmt;

use solitaire_chess::{Game, Piece, Square};

use super::edges::{EDGE_INDEX, EDGE_SQUARE, NOT_EDGE, REACH, code};
use crate::limits::Limits;

/// What the player sees on the edge squares after a removal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct View {
    /// Two bits an edge square: its removals so far, 0..=3.
    levels: u64,
    /// Two bits an edge square: the officer code of the piece showing (0 when empty).
    codes: u64,
    /// The edge squares still holding a piece.
    occupied: u32,
    /// The square removed last (any of the 36).
    last: u8,
    /// Its officer code.
    code: u8,
    /// Whether that removal continued a run.
    in_run: bool,
}

impl View {
    /// What the player sees of a game after its first removal; `None` before it, or if a
    /// piece showing on an edge square or the type removed last is not a rook, bishop or
    /// queen.
    fn of(game: &Game) -> Option<View> {
        let (piece, last) = game.last()?;
        let mut view = View::edges(game)?;
        view.last = last.index() as u8;
        view.code = code(piece)?;
        view.in_run = game.tally().in_run();
        Some(view)
    }

    /// The edge squares of a game, with no removal yet.
    fn edges(game: &Game) -> Option<View> {
        let mut view = View {
            levels: 0,
            codes: 0,
            occupied: 0,
            last: 0,
            code: 0,
            in_run: false,
        };
        for (e, &square) in EDGE_SQUARE.iter().enumerate() {
            let square = Square::from_index(usize::from(square))?;
            let level = game.removals_at(square);
            view.levels |= u64::from(level) << (2 * e);
            if level < 3 {
                view.occupied |= 1 << e;
                view.codes |= u64::from(code(game.piece_unchecked(square))?) << (2 * e);
            }
        }
        Some(view)
    }

    /// The position in 90 bits (the top bit set, so that no key is 0, an empty slot).
    #[inline]
    fn key(&self) -> u128 {
        u128::from(self.levels)
            | u128::from(self.codes) << 40
            | u128::from(self.last) << 80
            | u128::from(self.code) << 86
            | u128::from(self.in_run) << 88
            | 1 << 127
    }

    /// The edge squares the next removal may come from.
    #[inline]
    fn reach(&self) -> u32 {
        REACH[usize::from(self.code)][usize::from(self.last)] & self.occupied
    }

    /// The points of removing the piece on edge square `e`, the view after it (with nothing
    /// showing on `e` yet), and whether a new piece will show there (see [`View::reveal`]).
    #[inline]
    fn remove(&self, e: usize) -> (u8, View, bool) {
        let level = (self.levels >> (2 * e)) & 3;
        let piece = ((self.codes >> (2 * e)) & 3) as u8;
        let same = piece == self.code;
        let gain = match (same, self.in_run) {
            (false, _) => 1,
            (true, false) => 1 + 4,
            (true, true) => 1 + 2,
        };
        let mut next = *self;
        next.levels += 1 << (2 * e);
        next.codes &= !(3 << (2 * e));
        if level == 2 {
            next.occupied &= !(1 << e);
        }
        next.last = EDGE_SQUARE[e];
        next.code = piece;
        next.in_run = same;
        (gain, next, level < 2)
    }

    /// The view with a piece of code `piece` showing on edge square `e`.
    #[inline]
    fn reveal(mut self, e: usize, piece: u8) -> View {
        self.codes |= u64::from(piece) << (2 * e);
        self
    }
}

/// Entries of the transposition table (each value exact, so a slot taken over only costs
/// its search again).
const TABLE_BITS: u32 = 18;

/// Positions expanded between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// Expectimax on what the player sees (see the module's documentation) to the end of the
/// game, within a budget of positions, with a transposition table kept from move to move.
#[derive(Clone)]
pub struct Expectimax {
    keys: Vec<u128>,
    values: Vec<f32>,
    /// The codes a new piece may have (each equally likely), and how many there are.
    types: [u8; 3],
    count: usize,
    /// Positions expanded by this search, and its limits (in positions).
    work: u64,
    limits: Limits,
    /// Whether the search ran out of positions or time (its result is void).
    stopped: bool,
}

impl fmt::Debug for Expectimax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Expectimax")
            .field("types", &&self.types[..self.count])
            .field("work", &self.work)
            .finish_non_exhaustive()
    }
}

impl Default for Expectimax {
    fn default() -> Expectimax {
        Expectimax::new()
    }
}

impl Expectimax {
    /// A search with an empty table.
    pub fn new() -> Expectimax {
        Expectimax {
            keys: vec![0; 1 << TABLE_BITS],
            values: vec![0.0; 1 << TABLE_BITS],
            types: [0; 3],
            count: 0,
            work: 0,
            limits: Limits::NONE,
            stopped: false,
        }
    }

    /// Takes the types a new piece may have; the table forgets everything if they changed.
    /// `None` if one is not a rook, bishop or queen (or there is none).
    fn set_types(&mut self, types: &[Piece]) -> Option<()> {
        let mut codes = [0u8; 3];
        let mut count = 0;
        for &piece in types {
            let c = code(piece)?;
            if !codes[..count].contains(&c) {
                *codes.get_mut(count)? = c;
                count += 1;
            }
        }
        if count == 0 {
            return None;
        }
        codes[..count].sort_unstable();
        if (codes, count) != (self.types, self.count) {
            self.keys.iter_mut().for_each(|key| *key = 0);
            (self.types, self.count) = (codes, count);
        }
        Some(())
    }

    /// Starts a search within `limits`.
    fn start(&mut self, limits: Limits) {
        (self.limits, self.work, self.stopped) = (limits.clock_every(CLOCK_EVERY), 0, false);
    }

    /// Positions expanded by the last search.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The best expected points of the rest of a game after its first removal, every hidden
    /// piece uniform over `types`, if the search fits in its limits (in positions). `None`
    /// past them, before the first removal, or where a type is not a rook, bishop or queen.
    pub fn rest(&mut self, game: &Game, types: &[Piece], limits: Limits) -> Option<f64> {
        self.set_types(types)?;
        let view = View::of(game)?;
        self.start(limits);
        let value = self.value(&view);
        (!self.stopped).then_some(f64::from(value))
    }

    /// The removal among `candidates` (the legal ones) with the best expected rest of the
    /// game, and the points it is expected to bring from now on, if the search to the end
    /// fits in its limits (in positions). `None` past them, or where a type is not a rook,
    /// bishop or queen.
    pub fn choose(
        &mut self,
        game: &Game,
        candidates: &[Square],
        types: &[Piece],
        limits: Limits,
    ) -> Option<(Square, f64)> {
        self.set_types(types)?;
        let base = View::edges(game)?;
        self.start(limits);
        let mut best: Option<(Square, f32)> = None;
        for &square in candidates {
            let piece = game.piece(square)?;
            let mut tally = *game.tally();
            let gain = tally.push(piece) as f32;
            let mut next = base;
            next.last = square.index() as u8;
            next.code = code(piece)?;
            next.in_run = tally.in_run();
            let e = usize::from(EDGE_INDEX[square.index()]);
            let mut chance = None;
            if e != usize::from(NOT_EDGE) {
                let level = (next.levels >> (2 * e)) & 3;
                next.levels += 1 << (2 * e);
                next.codes &= !(3 << (2 * e));
                if level == 2 {
                    next.occupied &= !(1 << e);
                } else {
                    chance = Some(e);
                }
            }
            let value = gain + self.after(&next, chance);
            if self.stopped {
                return None;
            }
            if best.is_none_or(|(_, v)| value > v) {
                best = Some((square, value));
            }
        }
        best.map(|(square, value)| (square, f64::from(value)))
    }

    /// The mean worth of the views a removal may lead to: `next` with each type showing on
    /// edge square `chance`, or `next` itself.
    #[inline]
    fn after(&mut self, next: &View, chance: Option<usize>) -> f32 {
        match chance {
            None => self.value(next),
            Some(e) => {
                let mut sum = 0.0;
                for i in 0..self.count {
                    sum += self.value(&next.reveal(e, self.types[i]));
                }
                sum / self.count as f32
            }
        }
    }

    /// The best expected points of the rest of the game from a view (meaningless once the
    /// search has stopped).
    fn value(&mut self, view: &View) -> f32 {
        let reach = view.reach();
        if reach == 0 || self.stopped {
            return 0.0;
        }
        let key = view.key();
        let slot = ((key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            >> (64 - TABLE_BITS)) as usize;
        if self.keys[slot] == key {
            return self.values[slot];
        }
        if self.limits.is_spent(self.work) {
            self.stopped = true;
            return 0.0;
        }
        self.work += 1;
        let mut best = f32::NEG_INFINITY;
        let mut bits = reach;
        while bits != 0 {
            let e = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (gain, next, chance) = view.remove(e);
            best = best.max(f32::from(gain) + self.after(&next, chance.then_some(e)));
        }
        if !self.stopped {
            self.keys[slot] = key;
            self.values[slot] = best;
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::officers::edge_pieces_left;
    use crate::rng::Rng;
    use solitaire_chess::contest::Group;

    const TYPES: [Piece; 3] = [Piece::Rook, Piece::Bishop, Piece::Queen];

    /// The best expected rest of the game by trying every removal and every piece of
    /// `types` that may show after it, on [`Game`] itself; `None` past `limit` positions.
    fn brute_force(game: &Game, types: &[Piece], limit: &mut u32) -> Option<f64> {
        *limit = limit.checked_sub(1)?;
        let mut best: f64 = 0.0;
        for square in game.legal().iter() {
            best = best.max(brute_force_after(game, square, types, limit)?);
        }
        Some(best)
    }

    /// What removing the piece on `square` brings, then the best expected rest by brute
    /// force.
    fn brute_force_after(
        game: &Game,
        square: Square,
        types: &[Piece],
        limit: &mut u32,
    ) -> Option<f64> {
        let mut after = *game;
        let gain = f64::from(after.play_unchecked(square));
        let rest = if after.piece(square).is_some() {
            let mut sum = 0.0;
            for &piece in types {
                let mut shown = after;
                shown.reveal(square, piece);
                sum += brute_force(&shown, types, limit)?;
            }
            sum / types.len() as f64
        } else {
            brute_force(&after, types, limit)?
        };
        Some(gain + rest)
    }

    /// A group 4 deal with pieces removed from random squares (whatever the rules say) until
    /// at most `left` are left on the edge squares, and a legal removal still exists.
    fn sparse(seed: u64, left: u32) -> Option<Game> {
        let mut game = Game::new(&Group::get(4).unwrap().deal(seed));
        let mut rng = Rng::new(seed);
        while edge_pieces_left(&game) > left {
            let occupied: Vec<Square> = game.occupied().iter().collect();
            game.play_unchecked(occupied[rng.below(occupied.len() as u32) as usize]);
        }
        (!game.is_over()).then_some(game)
    }

    /// Sparse positions with between `fewest` and `most` edge pieces left.
    fn positions(seeds: std::ops::RangeInclusive<u64>, fewest: u32, most: u32) -> Vec<Game> {
        seeds
            .flat_map(|seed| {
                (fewest..=most).filter_map(move |left| sparse(seed * 100 + u64::from(left), left))
            })
            .collect()
    }

    #[test]
    fn the_search_is_the_expectation_over_every_reveal() {
        let mut checked = 0;
        let mut search = Expectimax::new();
        let few = [Piece::Queen, Piece::Rook];
        for (i, game) in positions(1..=20, 4, 9).iter().enumerate() {
            // Alternately all three types, two of them, one.
            let types: &[Piece] = match i % 3 {
                0 => &TYPES,
                1 => &few,
                _ => &TYPES[1..2],
            };
            let mut limit = 300_000;
            let Some(best) = brute_force(game, types, &mut limit) else {
                continue;
            };
            let value = search.rest(game, types, Limits::NONE).unwrap();
            assert!((value - best).abs() < 1e-3, "{value} {best}\n{game}");
            checked += 1;
        }
        assert!(checked >= 60, "{checked}");
    }

    #[test]
    fn the_best_removal_is_the_best_expectation() {
        let mut checked = 0;
        let mut search = Expectimax::new();
        for game in positions(21..=40, 5, 8) {
            let candidates: Vec<Square> = game.legal().iter().collect();
            let mut limit = 300_000;
            let Some(values) = candidates
                .iter()
                .map(|&square| brute_force_after(&game, square, &TYPES, &mut limit))
                .collect::<Option<Vec<f64>>>()
            else {
                continue;
            };
            let best = values.iter().copied().fold(f64::MIN, f64::max);
            let (square, value) = search
                .choose(&game, &candidates, &TYPES, Limits::NONE)
                .unwrap();
            assert!((value - best).abs() < 1e-3, "{value} {best}\n{game}");
            let i = candidates.iter().position(|&c| c == square).unwrap();
            assert!(
                (values[i] - best).abs() < 1e-3,
                "{values:?} {square}\n{game}"
            );
            // With too small a budget there is no answer at all, rather than a guess.
            let work = search.work();
            if work > 1 {
                let mut fresh = Expectimax::new();
                let half = fresh.choose(&game, &candidates, &TYPES, Limits::work(work / 2));
                assert_eq!(half, None);
            }
            checked += 1;
        }
        assert!(checked >= 40, "{checked}");
    }

    #[test]
    fn only_rooks_bishops_and_queens_are_searched() {
        let mut search = Expectimax::new();
        let game = sparse(1, 10).unwrap();
        assert_eq!(
            search.rest(&game, &[Piece::Rook, Piece::Knight], Limits::NONE),
            None
        );
        // Before the first removal there is nothing to search from.
        let start = Game::new(&Group::get(4).unwrap().deal(1));
        assert_eq!(search.rest(&start, &TYPES, Limits::NONE), None);
        let board = Game::new(&Group::get(6).unwrap().deal(1));
        let candidates: Vec<Square> = board.legal().iter().collect();
        assert_eq!(
            search.choose(&board, &candidates, &TYPES, Limits::work(1000)),
            None
        );
    }
}
