//! H-search (Anshelevich): virtual connections built up from adjacency by two rules.
//!
//! Endpoints are the player's two sides, groups and the empty cells. Two adjacent endpoints
//! are connected whatever happens (a full connection with an empty carrier). The AND rule
//! joins two full connections through a middle endpoint whose carriers do not meet: through
//! a group the result is a full connection, through an empty cell a semi-connection (the
//! player must first take that cell, its key). The OR rule: semi-connections between the
//! same endpoints whose carriers have no common cell make a full connection (whichever the
//! opponent intrudes into, the player plays the key of another). A semi-connection between
//! the sides is a winning move; a full one a win already; the opponent's semi-connections
//! between their sides are threats, and every move outside all their carriers loses.
//!
//! The search keeps a few carriers per pair and stops after a fixed amount of work: it may
//! miss connections, never invent one.

use crate::board::Player;

use super::bitboard::{Bits, Geometry, bit, cells_of, slot};

/// Full connections kept per pair of endpoints.
const FULL_PER_PAIR: usize = 4;
/// Semi-connections kept per pair of endpoints.
const SEMI_PER_PAIR: usize = 8;
/// Full connections processed before the search stops.
const WORK: u32 = 3_000;

/// What H-search found between a player's sides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideConnections {
    /// A full connection's carrier, if one was found: the player wins even moving second.
    pub full: Option<Bits>,
    /// Semi-connections: (carrier with its key, key).
    pub semi: Vec<(Bits, u8)>,
}

#[derive(Default)]
struct HSearch {
    count: usize,
    /// The first endpoint that is an empty cell; `cell_of[e]` its cell.
    first_cell: usize,
    cell_of: Vec<u8>,
    full: Vec<Vec<Bits>>,
    semi: Vec<Vec<(Bits, u8)>>,
    /// For each endpoint, the endpoints it has a full connection with.
    full_partners: Vec<Vec<usize>>,
    /// For each endpoint, the endpoints it has a semi-connection with.
    semi_partners: Vec<Vec<usize>>,
    queue: Vec<(usize, usize, Bits)>,
}

impl HSearch {
    fn pair(&self, a: usize, b: usize) -> usize {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        a * self.count + b
    }

    fn is_cell(&self, e: usize) -> bool {
        e >= self.first_cell
    }

    fn cell_bit(&self, e: usize) -> Bits {
        if self.is_cell(e) {
            bit(self.cell_of[e])
        } else {
            0
        }
    }

    fn add_full(&mut self, a: usize, b: usize, carrier: Bits) {
        let pair = self.pair(a, b);
        let list = &mut self.full[pair];
        if list.iter().any(|&c| c & !carrier == 0) {
            return;
        }
        list.retain(|&c| carrier & !c != 0);
        if list.len() >= FULL_PER_PAIR {
            return;
        }
        if list.is_empty() {
            self.full_partners[a].push(b);
            self.full_partners[b].push(a);
        }
        list.push(carrier);
        self.queue.push((a, b, carrier));
    }

    fn add_semi(&mut self, a: usize, b: usize, carrier: Bits, key: u8) {
        let pair = self.pair(a, b);
        if self.full[pair].iter().any(|&c| c & !carrier == 0) {
            return;
        }
        let list = &mut self.semi[pair];
        if list.iter().any(|&(c, _)| c & !carrier == 0) {
            return;
        }
        list.retain(|&(c, _)| carrier & !c != 0);
        if list.len() >= SEMI_PER_PAIR {
            return;
        }
        if list.is_empty() {
            self.semi_partners[a].push(b);
            self.semi_partners[b].push(a);
        }
        let at = list.partition_point(|&(c, _)| c.count_ones() <= carrier.count_ones());
        list.insert(at, (carrier, key));
        // The OR rule over the semi-connections, smallest first.
        let (mut common, mut union) = (Bits::MAX, 0);
        let mut found = None;
        for &(c, _) in list.iter() {
            common &= c;
            union |= c;
            if common == 0 {
                found = Some(union);
                break;
            }
        }
        if let Some(union) = found {
            self.add_full(a, b, union);
        }
    }

    /// The AND rule: `x` to `z` with `c1`, `z` to `y` with `c2`.
    fn and(&mut self, x: usize, z: usize, y: usize, c1: Bits, c2: Bits) {
        if x == y || c1 & c2 != 0 || self.cell_bit(x) & c2 != 0 || self.cell_bit(y) & c1 != 0 {
            return;
        }
        if self.is_cell(z) {
            let key = self.cell_of[z];
            self.add_semi(x, y, c1 | c2 | bit(key), key);
        } else {
            self.add_full(x, y, c1 | c2);
        }
    }

    fn run(&mut self) {
        let mut work = 0;
        while let Some((a, b, carrier)) = self.queue.pop() {
            work += 1;
            if work > WORK {
                break;
            }
            // Sides are not used as a middle: every chain through one ends there anyway.
            for (middle, end) in [(b, a), (a, b)] {
                if middle < 2 {
                    continue;
                }
                let mut i = 0;
                while i < self.full_partners[middle].len() {
                    let other = self.full_partners[middle][i];
                    i += 1;
                    if other == end {
                        continue;
                    }
                    let pair = self.pair(middle, other);
                    for k in 0..self.full[pair].len() {
                        let c2 = self.full[pair][k];
                        self.and(end, middle, other, carrier, c2);
                    }
                }
                // Through a group, a full and a semi-connection make a semi-connection.
                if self.is_cell(middle) {
                    continue;
                }
                let mut i = 0;
                while i < self.semi_partners[middle].len() {
                    let other = self.semi_partners[middle][i];
                    i += 1;
                    if other == end {
                        continue;
                    }
                    let pair = self.pair(middle, other);
                    for k in 0..self.semi[pair].len() {
                        let (c2, key) = self.semi[pair][k];
                        if carrier & c2 == 0 && self.cell_bit(end) & c2 == 0 {
                            self.add_semi(end, other, carrier | c2, key);
                        }
                    }
                }
            }
        }
    }
}

/// Runs H-search for `player` (stones `own`, empty cells `empty`): its connections between
/// its sides.
pub fn side_connections(
    geometry: &Geometry,
    player: Player,
    own: Bits,
    empty: Bits,
) -> SideConnections {
    let [first, last] = geometry.sides[slot(player)];
    let start = geometry.flood(own & first, own);
    let end = geometry.flood(own & last, own);
    if start & end != 0 {
        return SideConnections {
            full: Some(0),
            semi: Vec::new(),
        };
    }
    // Endpoint stones and the cells next to them.
    let mut stones = vec![start, end];
    let mut rest = own & !start & !end;
    while rest != 0 {
        let group = geometry.flood(rest & rest.wrapping_neg(), rest);
        rest &= !group;
        stones.push(group);
    }
    let first_cell = stones.len();
    let mut cell_of = vec![0; first_cell];
    let mut endpoint_of_cell = vec![usize::MAX; usize::from(geometry.cells())];
    for at in cells_of(empty) {
        endpoint_of_cell[usize::from(at)] = cell_of.len();
        cell_of.push(at);
    }
    let count = cell_of.len();
    // The lists of the last search, emptied, so that their memory is reused.
    let mut search = SCRATCH.with_borrow_mut(std::mem::take);
    search.count = count;
    search.first_cell = first_cell;
    search.cell_of = cell_of;
    for lists in [&mut search.full_partners, &mut search.semi_partners] {
        lists.iter_mut().for_each(Vec::clear);
        lists.resize_with(count, Vec::new);
    }
    search.full.iter_mut().for_each(Vec::clear);
    search.full.resize_with(count * count, Vec::new);
    search.semi.iter_mut().for_each(Vec::clear);
    search.semi.resize_with(count * count, Vec::new);
    search.queue.clear();
    let sides = [first, last];
    for (group, &set) in stones.iter().enumerate() {
        let mut near = geometry.grow(set) & empty;
        if group < 2 {
            near |= sides[group] & empty;
        }
        for at in cells_of(near) {
            search.add_full(group, endpoint_of_cell[usize::from(at)], 0);
        }
    }
    for at in cells_of(empty) {
        let e = endpoint_of_cell[usize::from(at)];
        for next in cells_of(geometry.neighbours[usize::from(at)] & empty) {
            if next > at {
                search.add_full(e, endpoint_of_cell[usize::from(next)], 0);
            }
        }
    }
    search.run();
    let pair = search.pair(0, 1);
    let found = SideConnections {
        full: search.full[pair].first().copied(),
        semi: search.semi[pair].clone(),
    };
    SCRATCH.with_borrow_mut(|scratch| *scratch = search);
    found
}

thread_local! {
    /// The lists of the thread's last H-search, kept for their memory.
    static SCRATCH: std::cell::RefCell<HSearch> = std::cell::RefCell::default();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_stone_in_the_centre_of_5x5_is_connected_but_not_in_the_corner() {
        let geometry = Geometry::new(5);
        let centre = bit(12);
        let found = side_connections(&geometry, Player::O, centre, geometry.all & !centre);
        assert!(found.full.is_some());
        let corner = bit(0);
        let found = side_connections(&geometry, Player::O, corner, geometry.all & !corner);
        assert!(found.full.is_none());
        // The empty 3x3 board: O wins by taking a cell of the short diagonal, B2 among them.
        let geometry = Geometry::new(3);
        let found = side_connections(&geometry, Player::O, 0, geometry.all);
        assert!(found.full.is_none());
        assert!(found.semi.iter().any(|&(_, key)| key == 4));
    }
}
