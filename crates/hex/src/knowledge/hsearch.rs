//! H-search (Anshelevich): virtual connections built up from adjacency by two rules.
//!
//! Endpoints are the player's two sides, groups and the empty cells. Two adjacent endpoints
//! are connected whatever happens (a full connection with an empty carrier), and so are a
//! cell or group and its side by an edge template that fits (the ziggurat, IV-1a), which
//! H-search could not always derive. The AND rule
//! joins two full connections through a middle endpoint whose carriers do not meet: through
//! a group the result is a full connection, through an empty cell a semi-connection (the
//! player must first take that cell, its key). The OR rule: semi-connections between the
//! same endpoints whose carriers have no common cell make a full connection (whichever the
//! opponent intrudes into, the player plays the key of another); every choice of up to four
//! is tried, one cell of their common ones ruled out at a time. A semi-connection between
//! the sides is a winning move; a full one a win already; the opponent's semi-connections
//! between their sides are threats, and every move outside all their carriers loses.
//!
//! The search keeps a few carriers per pair and stops after a fixed amount of work: it may
//! miss connections, never invent one.

#[cfg(test)]
use crate::board::Color;

use std::cell::RefCell;

use std::thread::LocalKey;

use super::Groups;
use super::vc::Template;
use crate::cells::{CellSet, Cells, Narrow, Small, Spot};
use crate::geometry::{Geometry, slot};

/// Full connections kept per pair of endpoints.
const FULL_PER_PAIR: usize = 16;
/// Semi-connections kept per pair of endpoints.
const SEMI_PER_PAIR: usize = 32;
/// Semi-connections the OR rule joins at most. On the 25 distinct 7x7 openings (one thread,
/// with the stone templates), 3 took 512k positions and 63.4 s, 4 337k and 45.4 s, 5 322k and
/// 43.3 s, 6 305k and 41.9 s, 8 313k and 43.7 s.
const MAX_ORS: usize = 6;
/// Full connections processed before the search stops.
const WORK: u32 = 3_000;

/// What H-search found between a player's sides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideConnections {
    /// The smallest carrier of a full connection, if one was found: the player wins even
    /// moving second.
    pub full: Option<Cells>,
    /// Semi-connections: (carrier with its key, key).
    pub semi: Vec<(Cells, Spot)>,
}

/// One end of a connection, named from outside the search: one of the player's sides (0 the
/// first, 1 the last), or a cell (empty, or holding one of the player's stones: its group).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// A side of the player's.
    Side(usize),
    /// A cell of the board.
    Cell(Spot),
}

/// What H-search found between two endpoints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Between {
    /// The carriers of full connections.
    pub full: Vec<Cells>,
    /// Semi-connections: (carrier with its key, key).
    pub semi: Vec<(Cells, Spot)>,
}

/// Every full connection a search found, as links of a circuit: endpoints are numbered as
/// in the search (the two sides, the other groups, then the empty cells of `cells`), and
/// each link is two endpoints with the number of cells that every kept carrier between
/// them holds (none for neighbours, two for a bridge).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FullLinks {
    /// How many endpoints are groups (the sides first).
    pub groups: usize,
    /// The cell of each empty-cell endpoint, in order.
    pub cells: Vec<Spot>,
    /// (endpoint, endpoint, cells in every carrier).
    pub links: Vec<(u16, u16, u8)>,
}

/// A set of cells for the search: [`Small`] on boards up to 8x8, [`Narrow`] up to 11x11 (a
/// fraction of the memory and work of [`Cells`]), [`Cells`] above; with a set of endpoints
/// for the boards it takes and the thread's tables.
trait Set: CellSet {
    /// A set of endpoints on the boards these sets take.
    type Ends: Ends;
    /// The thread's tables for searches with these sets.
    fn scratch() -> &'static LocalKey<RefCell<HSearch<Self>>>;
}

impl Set for Small {
    type Ends = [u64; 2];
    fn scratch() -> &'static LocalKey<RefCell<HSearch<Small>>> {
        &SMALL
    }
}

impl Set for Narrow {
    type Ends = [u64; 2];
    fn scratch() -> &'static LocalKey<RefCell<HSearch<Narrow>>> {
        &MEDIUM
    }
}

impl Set for Cells {
    type Ends = Cells;
    fn scratch() -> &'static LocalKey<RefCell<HSearch<Cells>>> {
        &LARGE
    }
}

thread_local! {
    /// The tables of the thread's last H-search, kept for their memory.
    static SMALL: RefCell<HSearch<Small>> = RefCell::default();
    static MEDIUM: RefCell<HSearch<Narrow>> = RefCell::default();
    static LARGE: RefCell<HSearch<Cells>> = RefCell::default();
}

/// An endpoint: the two sides are 0 and 1, then the groups, then the empty cells. A board
/// has at most 361 cells, so that there are fewer endpoints than a set holds spots.
type End = u16;

/// A set of endpoints: two words where there are at most 128 (boards up to 11x11), a set
/// of cells's width above.
trait Ends: Copy + Default {
    fn contains(&self, e: End) -> bool;
    fn insert(&mut self, e: End);
}

/// Bit `e % 64` of word `e / 64`.
impl Ends for [u64; 2] {
    #[inline]
    fn contains(&self, e: End) -> bool {
        self[usize::from(e >> 6 & 1)] >> (e & 63) & 1 != 0
    }
    #[inline]
    fn insert(&mut self, e: End) {
        self[usize::from(e >> 6 & 1)] |= 1 << (e & 63);
    }
}

/// Endpoint `e` as spot `e`.
impl Ends for Cells {
    #[inline]
    fn contains(&self, e: End) -> bool {
        Cells::contains(*self, Spot::new(e.into()))
    }
    #[inline]
    fn insert(&mut self, e: End) {
        Cells::insert(self, Spot::new(e.into()));
    }
}

/// Whether one of the first `len` carriers of `list` lies within `carrier`.
fn covered<S: Set, const N: usize>(list: &[S; N], len: u8, carrier: S) -> bool {
    list[..usize::from(len).min(N)]
        .iter()
        .any(|&c| c.is_subset(carrier))
}

/// The index of the pair `{a, b}` (`a != b`) in the triangular tables.
fn pair(a: End, b: End) -> usize {
    let (a, b) = (usize::from(a.min(b)), usize::from(a.max(b)));
    b * (b - 1) / 2 + a
}

/// The semi-connections of one pair, fewest cells first (in the order they came among
/// equals).
#[derive(Clone, Copy, Default)]
struct Semis<S> {
    carriers: [S; SEMI_PER_PAIR],
    keys: [Spot; SEMI_PER_PAIR],
    /// The carriers' sizes.
    sizes: [u8; SEMI_PER_PAIR],
}

#[derive(Default)]
struct HSearch<S: Set> {
    /// Each endpoint's cell as a set (none for the sides and groups).
    cell_bit: Vec<S>,
    /// Each endpoint's cell (meaningful for the empty cells only).
    cell_of: Vec<Spot>,
    /// Each cell's endpoint (meaningful for the empty cells only).
    endpoint_of_cell: Vec<End>,
    /// For each endpoint, the endpoints with a full connection of empty carrier to it:
    /// nothing more is ever added between those.
    joined: Vec<S::Ends>,
    /// Per pair of endpoints (see [`pair`]), the full connections in the order they were
    /// kept, and how many there are (the slots after them hold stale carriers).
    full: Vec<[S; FULL_PER_PAIR]>,
    full_len: Vec<u8>,
    /// The same for semi-connections.
    semi: Vec<Semis<S>>,
    semi_len: Vec<u8>,
    /// For each endpoint, the endpoints it has a full connection with (and their pair), in
    /// the order the pairs' lists went from empty to not empty (so an endpoint may come more
    /// than once).
    full_partners: Vec<Vec<(End, u32)>>,
    /// The same for semi-connections.
    semi_partners: Vec<Vec<(End, u32)>>,
    queue: Vec<(End, End, S)>,
}

impl<S: Set> HSearch<S> {
    /// Sets the endpoints up, with empty tables (keeping their memory).
    fn reset(&mut self, stones: &[Cells], empty: Cells) {
        self.cell_bit.clear();
        self.cell_bit.resize(stones.len(), S::default());
        self.cell_of.clear();
        self.cell_of.resize(stones.len(), Spot::new(0));
        self.endpoint_of_cell.resize(Cells::CAPACITY, 0);
        for at in empty {
            self.endpoint_of_cell[at.index()] = self.cell_of.len() as End;
            self.cell_of.push(at);
            self.cell_bit.push(S::of(Cells::single(at)));
        }
        let count = self.cell_of.len();
        let pairs = count * (count - 1) / 2;
        for lists in [&mut self.full_partners, &mut self.semi_partners] {
            lists.iter_mut().take(count).for_each(Vec::clear);
            if lists.len() < count {
                lists.resize_with(count, Vec::new);
            }
        }
        self.joined.clear();
        self.joined.resize(count, Default::default());
        self.full_len.clear();
        self.full_len.resize(pairs, 0);
        self.semi_len.clear();
        self.semi_len.resize(pairs, 0);
        if self.full.len() < pairs {
            self.full.resize(pairs, Default::default());
            self.semi.resize(pairs, Default::default());
        }
        self.queue.clear();
    }

    /// Adds a full connection between `a` and `b` (whose pair is `p`).
    fn add_full(&mut self, a: End, b: End, p: usize, carrier: S) {
        let list = &mut self.full[p];
        let len = self.full_len[p];
        if covered(list, len, carrier) {
            return;
        }
        // Drop the carriers that hold all of this one.
        let mut kept = 0;
        for i in 0..usize::from(len).min(FULL_PER_PAIR) {
            let c = list[i];
            if !carrier.is_subset(c) {
                list[kept] = c;
                kept += 1;
            }
        }
        if kept >= FULL_PER_PAIR {
            return;
        }
        list[kept] = carrier;
        self.full_len[p] = kept as u8 + 1;
        if carrier.is_empty() {
            self.joined[usize::from(a)].insert(b);
            self.joined[usize::from(b)].insert(a);
        }
        if kept == 0 {
            self.full_partners[usize::from(a)].push((b, p as u32));
            self.full_partners[usize::from(b)].push((a, p as u32));
        }
        self.queue.push((a, b, carrier));
    }

    /// Adds a semi-connection with `key` between `a` and `b` (whose pair is `p`).
    #[inline(always)]
    fn add_semi(&mut self, a: End, b: End, p: usize, carrier: S, key: Spot) {
        // Most are refused: those tests where they are made (the semi-connections first,
        // which refuse more), the rest in a call.
        if !covered(&self.semi[p].carriers, self.semi_len[p], carrier)
            && !covered(&self.full[p], self.full_len[p], carrier)
        {
            self.insert_semi(a, b, p, carrier, key);
        }
    }

    /// Adds a semi-connection that no kept connection covers.
    #[inline(never)]
    fn insert_semi(&mut self, a: End, b: End, p: usize, carrier: S, key: Spot) {
        let list = &mut self.semi[p];
        let len = self.semi_len[p];
        let mut kept = 0;
        for i in 0..usize::from(len).min(SEMI_PER_PAIR) {
            let c = list.carriers[i];
            if !carrier.is_subset(c) {
                list.carriers[kept] = c;
                list.keys[kept] = list.keys[i];
                list.sizes[kept] = list.sizes[i];
                kept += 1;
            }
        }
        if kept >= SEMI_PER_PAIR {
            self.semi_len[p] = kept as u8;
            return;
        }
        if kept == 0 {
            self.semi_partners[usize::from(a)].push((b, p as u32));
            self.semi_partners[usize::from(b)].push((a, p as u32));
        }
        // After the carriers with as few cells or fewer.
        let size = carrier.len() as u8;
        let mut place = kept;
        while place > 0 && list.sizes[place - 1] > size {
            list.carriers[place] = list.carriers[place - 1];
            list.keys[place] = list.keys[place - 1];
            list.sizes[place] = list.sizes[place - 1];
            place -= 1;
        }
        list.carriers[place] = carrier;
        list.keys[place] = key;
        list.sizes[place] = size;
        let len = kept + 1;
        self.semi_len[p] = len as u8;
        // The OR rule: the new semi-connection with others whose carriers have no common
        // cell. None can when all of them share one (any choice of them shares it too).
        let carriers = &list.carriers[..len];
        if !carriers
            .iter()
            .fold(carrier, |common, &c| common & c)
            .is_empty()
        {
            return;
        }
        let carriers = list.carriers;
        self.or_rule((a, b, p), &carriers[..len], (carrier, carrier), 1, u64::MAX);
    }

    /// The OR rule from semi-connections chosen so far between `ends` (`a`, `b` and their
    /// pair): `common` their common cells, `union` all their cells, `count` how many. Each
    /// way to rid `common` of its lowest cell with one more of `semis` (those `usable` marks)
    /// is followed until no common cell is left, which makes a full connection. A choice
    /// that passes over a semi-connection leaves it out below as well, so that each set of
    /// them is reached once.
    fn or_rule(
        &mut self,
        ends: (End, End, usize),
        semis: &[S],
        (common, union): (S, S),
        count: usize,
        mut usable: u64,
    ) {
        let (a, b, p) = ends;
        if common.is_empty() {
            self.add_full(a, b, p, union);
            return;
        }
        // A carrier that holds a full connection's is no use.
        if count == MAX_ORS || covered(&self.full[p], self.full_len[p], union) {
            return;
        }
        // A common cell that every usable semi-connection holds stays common: nothing below
        // can make a full connection.
        let mut left = usable & (u64::MAX >> (64 - semis.len()));
        let mut everywhere = common;
        while left != 0 && !everywhere.is_empty() {
            everywhere &= semis[left.trailing_zeros() as usize];
            left &= left - 1;
        }
        if !everywhere.is_empty() {
            return;
        }
        let lowest = common.isolate_lowest();
        let last = count + 1 == MAX_ORS;
        for (i, &c) in semis.iter().enumerate() {
            if usable >> i & 1 != 0 && (c & lowest).is_empty() {
                usable &= !(1 << i);
                if !last {
                    self.or_rule(ends, semis, (common & c, union | c), count + 1, usable);
                } else if (common & c).is_empty() {
                    // The last one that may be added: a full connection only if it leaves
                    // no common cell.
                    self.add_full(a, b, p, union | c);
                }
            }
        }
    }

    /// Works through the queue in the order the connections came: the small carriers of the
    /// first rounds are combined first, and many larger ones found later are then refused as
    /// covered (fewer instructions than last-in first-out for the same connections).
    fn run(&mut self) {
        let mut work = 0;
        let mut next = 0;
        while let Some(&(a, b, carrier)) = self.queue.get(next) {
            next += 1;
            work += 1;
            if work > WORK {
                break;
            }
            // Sides are not used as a middle: every chain through one ends there anyway.
            for (middle, end) in [(b, a), (a, b)] {
                if middle >= 2 {
                    self.and_through(middle, end, carrier);
                }
            }
        }
    }

    /// The AND rule through `middle`, joining `end` (connected to it by `carrier`) to the
    /// other endpoints connected to `middle`.
    fn and_through(&mut self, middle: End, end: End, carrier: S) {
        // The carriers that may join `carrier` must miss it and `end`'s cell.
        let blocked = carrier | self.cell_bit[usize::from(end)];
        let middle_bit = self.cell_bit[usize::from(middle)];
        let key = self.cell_of[usize::from(middle)];
        // The others not to join: `end` itself, and those it is joined to already (which
        // would take nothing more).
        let mut skip = self.joined[usize::from(end)];
        skip.insert(end);
        // The additions below touch the lists of `end` and of the others only, never
        // `middle`'s, so they can be read in place.
        let partners = std::mem::take(&mut self.full_partners[usize::from(middle)]);
        for &(other, from) in &partners {
            // Nor, through a full connection, those whose cell `carrier` holds.
            if skip.contains(other) || !(self.cell_bit[usize::from(other)] & carrier).is_empty() {
                continue;
            }
            let from = from as usize;
            let len = usize::from(self.full_len[from]).min(FULL_PER_PAIR);
            let to = pair(end, other);
            for k in 0..len {
                let c2 = self.full[from][k];
                if !(c2 & blocked).is_empty() {
                    continue;
                }
                if middle_bit.is_empty() {
                    self.add_full(end, other, to, carrier | c2);
                } else {
                    self.add_semi(end, other, to, carrier | c2 | middle_bit, key);
                }
            }
        }
        self.full_partners[usize::from(middle)] = partners;
        // Through a group, a full and a semi-connection make a semi-connection.
        if !middle_bit.is_empty() {
            return;
        }
        let partners = std::mem::take(&mut self.semi_partners[usize::from(middle)]);
        for &(other, from) in &partners {
            if skip.contains(other) {
                continue;
            }
            let from = from as usize;
            let len = usize::from(self.semi_len[from]).min(SEMI_PER_PAIR);
            let to = pair(end, other);
            for k in 0..len {
                let c2 = self.semi[from].carriers[k];
                if (c2 & blocked).is_empty() {
                    let key = self.semi[from].keys[k];
                    self.add_semi(end, other, to, carrier | c2, key);
                }
            }
        }
        self.semi_partners[usize::from(middle)] = partners;
    }

    /// The search from the endpoints' adjacency and the edge templates that fit: `stones`
    /// are the endpoints that are not cells (the sides' groups first), `sides` the player's
    /// sides, `templates` the player's (side, stone, carrier).
    fn search(
        &mut self,
        geometry: &Geometry,
        stones: &[Cells],
        sides: [Cells; 2],
        empty: Cells,
        templates: &[Template],
    ) {
        self.reset(stones, empty);
        for (group, &set) in stones.iter().enumerate() {
            let mut near = geometry.grow(set) & empty;
            if group < 2 {
                near |= sides[group] & empty;
            }
            let group = group as End;
            for at in near {
                let e = self.endpoint_of_cell[at.index()];
                self.add_full(group, e, pair(group, e), S::default());
            }
        }
        for at in empty {
            let e = self.endpoint_of_cell[at.index()];
            for next in geometry.neighbours[at.index()] & empty {
                if next > at {
                    let f = self.endpoint_of_cell[next.index()];
                    self.add_full(e, f, pair(e, f), S::default());
                }
            }
        }
        // A template whose cells are all empty or the player's joins its stone's endpoint
        // (the cell, or the group on it) to its side.
        let own = stones.iter().fold(Cells::EMPTY, |all, &set| all | set);
        for template in templates {
            if !template.fits(own, empty | own) {
                continue;
            }
            let (side, stone, carrier) = (template.side, template.stone, template.carrier);
            let end = if empty.contains(stone) {
                self.endpoint_of_cell[stone.index()]
            } else if let Some(group) = stones.iter().position(|&set| set.contains(stone)) {
                group as End
            } else {
                continue;
            };
            let side = side as End;
            if end != side {
                self.add_full(end, side, pair(end, side), S::of(carrier & empty));
            }
        }
        self.run();
    }

    /// The endpoint of a cell or side, given the groups' stones the search started from
    /// (none for a cell of the opponent's).
    fn endpoint(&self, stones: &[Cells], point: Endpoint) -> Option<End> {
        match point {
            Endpoint::Side(side) => Some(side.min(1) as End),
            Endpoint::Cell(at) => {
                let first_cell = stones.len();
                (first_cell..self.cell_of.len())
                    .find(|&e| self.cell_of[e] == at)
                    .or_else(|| stones.iter().position(|&set| set.contains(at)))
                    .map(|e| e as End)
            }
        }
    }

    /// What was found between two endpoints (nothing between an endpoint and itself).
    fn between(&self, a: End, b: End) -> Between {
        if a == b {
            return Between::default();
        }
        let p = pair(a, b);
        Between {
            full: self.fulls(p).iter().map(|c| c.cells()).collect(),
            semi: self.semis(p).collect(),
        }
    }

    /// Every full connection found (see [`FullLinks`]), the first `groups` endpoints being
    /// groups.
    fn full_links(&self, groups: usize) -> FullLinks {
        let links = (self.full_pairs())
            .map(|(a, b, list)| {
                let common = list[1..].iter().fold(list[0], |all, &c| all & c);
                (a, b, common.len() as u8)
            })
            .collect();
        FullLinks {
            groups,
            cells: self.cell_of[groups..].to_vec(),
            links,
        }
    }

    /// What was found between the sides.
    fn side_connections(&self) -> SideConnections {
        let p = pair(0, 1);
        SideConnections {
            // The smallest carrier: a proof through it leaves the most cells out.
            full: (self.fulls(p).iter().map(|c| c.cells())).min_by_key(|c| c.len()),
            semi: self.semis(p).collect(),
        }
    }

    /// The full connections kept between the pair `p`.
    fn fulls(&self, p: usize) -> &[S] {
        &self.full[p][..usize::from(self.full_len[p]).min(FULL_PER_PAIR)]
    }

    /// The semi-connections kept between the pair `p`: (carrier, key), fewest cells first.
    fn semis(&self, p: usize) -> impl Iterator<Item = (Cells, Spot)> + '_ {
        let list = &self.semi[p];
        let len = usize::from(self.semi_len[p]).min(SEMI_PER_PAIR);
        (list.carriers[..len].iter().map(|c| c.cells())).zip(list.keys)
    }

    /// Each pair of endpoints with a full connection, `b` from 1 up and `a` below it:
    /// (`a`, `b`, their carriers).
    fn full_pairs(&self) -> impl Iterator<Item = (End, End, &[S])> + '_ {
        let count = self.cell_of.len() as End;
        (1..count)
            .flat_map(move |b| (0..b).map(move |a| (a, b, self.fulls(pair(a, b)))))
            .filter(|(_, _, list)| !list.is_empty())
    }
}

/// Runs H-search for `player` (stones `own`, empty cells `empty`): its connections between
/// its sides.
#[cfg(test)]
pub fn side_connections(
    geometry: &Geometry,
    player: Color,
    own: Cells,
    empty: Cells,
) -> SideConnections {
    let templates = super::vc::Templates::new(geometry, true, true);
    side_connections_of(
        geometry,
        &Groups::of(geometry, player, own),
        empty,
        templates.of(player),
        false,
    )
    .0
}

/// What a finished search answers, whichever sets it ran with.
trait Found {
    fn side_connections(&self) -> SideConnections;
    fn between_ends(&self, stones: &[Cells], ends: [Endpoint; 2]) -> Between;
    fn full_links(&self, groups: usize) -> FullLinks;
    fn keep(&self, kept: &mut Kept, links: bool);
}

impl<S: Set> Found for HSearch<S> {
    fn side_connections(&self) -> SideConnections {
        HSearch::side_connections(self)
    }

    fn between_ends(&self, stones: &[Cells], ends: [Endpoint; 2]) -> Between {
        match ends.map(|end| self.endpoint(stones, end)) {
            [Some(a), Some(b)] => self.between(a, b),
            _ => Between::default(),
        }
    }

    fn full_links(&self, groups: usize) -> FullLinks {
        HSearch::full_links(self, groups)
    }

    fn keep(&self, kept: &mut Kept, links: bool) {
        let p = pair(0, 1);
        kept.side_full.clear();
        kept.side_full
            .extend(self.fulls(p).iter().map(|c| c.cells()));
        kept.side_semi.clear();
        kept.side_semi.extend(self.semis(p));
        kept.has_links = links;
        kept.cells.clear();
        kept.pairs.clear();
        kept.carriers.clear();
        if !links {
            return;
        }
        kept.cells
            .extend_from_slice(&self.cell_of[kept.nodes.len()..]);
        for (a, b, list) in self.full_pairs() {
            kept.pairs.push((a, b, kept.carriers.len() as u32));
            kept.carriers.extend(list.iter().map(|c| c.cells()));
        }
    }
}

/// One player's H-search kept for the positions after it: every full connection it found
/// (with `links`), its connections between the sides, and the groups and open cells it
/// searched. A later position where that player has the same groups and no cell open that
/// was not open here takes its connections from it ([`Kept::after`]) instead of searching
/// again: a connection whose carrier is still open holds there too, as the opponent can only
/// have gained cells outside it. It may lack connections a search of its own would find
/// (those the limits per pair turned away here), never hold a false one.
#[derive(Clone, Debug, Default)]
pub struct Kept {
    player: Option<crate::board::Color>,
    nodes: Vec<Cells>,
    joined: bool,
    open: Cells,
    side_full: Vec<Cells>,
    side_semi: Vec<(Cells, Spot)>,
    has_links: bool,
    /// The cell of each empty-cell endpoint, as in [`FullLinks`].
    cells: Vec<Spot>,
    /// (endpoint, endpoint, index of its first carrier in `carriers`), in [`FullLinks`]'s
    /// order; a pair's carriers end where the next pair's begin.
    pairs: Vec<(End, End, u32)>,
    carriers: Vec<Cells>,
}

impl Kept {
    /// Runs H-search as [`side_connections_of`] does and keeps what it found.
    pub fn search(
        &mut self,
        geometry: &Geometry,
        groups: &Groups,
        open: Cells,
        templates: &[Template],
        links: bool,
    ) {
        self.player = Some(groups.player);
        self.nodes.clone_from(&groups.nodes);
        self.joined = groups.joined;
        self.open = open;
        if groups.joined {
            self.side_full.clear();
            self.side_full.push(Cells::EMPTY);
            self.side_semi.clear();
            self.has_links = false;
            return;
        }
        searched(geometry, groups, open, templates, |found| {
            found.keep(self, links)
        });
    }

    /// How many carriers it keeps (of its links and its side connections).
    pub fn carriers(&self) -> usize {
        self.carriers.len() + self.side_full.len() + self.side_semi.len()
    }

    /// Whether this search serves a position where the player's groups are `groups` and the
    /// open cells `open` (with every full connection when `links`).
    pub fn serves(&self, groups: &Groups, open: Cells, links: bool) -> bool {
        self.player == Some(groups.player)
            && self.nodes == groups.nodes
            && open.is_subset(self.open)
            && (!links || self.has_links || self.joined)
    }

    /// What the search found that still holds where only `open` of its open cells are open
    /// (a position it [serves](Kept::serves)), as [`side_connections_of`] answers.
    pub fn after(&self, open: Cells, links: bool) -> (SideConnections, Option<FullLinks>) {
        let gone = self.open - open;
        let holds = |carrier: &Cells| !carrier.intersects(gone);
        let sides = SideConnections {
            full: (self.side_full.iter().filter(|c| holds(c)))
                .min_by_key(|c| c.len())
                .copied(),
            semi: (self.side_semi.iter().filter(|(c, _)| holds(c)))
                .copied()
                .collect(),
        };
        if self.joined || !links || !self.has_links {
            return (sides, None);
        }
        // Endpoints renumbered without the cells that are no longer open.
        let groups = self.nodes.len();
        let mut number = Vec::with_capacity(groups + self.cells.len());
        number.extend((0..groups).map(|e| Some(e as End)));
        let mut cells = Vec::with_capacity(self.cells.len());
        for &at in &self.cells {
            if gone.contains(at) {
                number.push(None);
            } else {
                number.push(Some((groups + cells.len()) as End));
                cells.push(at);
            }
        }
        let mut links = Vec::new();
        for (i, &(a, b, first)) in self.pairs.iter().enumerate() {
            let (Some(a), Some(b)) = (number[usize::from(a)], number[usize::from(b)]) else {
                continue;
            };
            let last = self
                .pairs
                .get(i + 1)
                .map_or(self.carriers.len(), |p| p.2 as usize);
            let mut kept = self.carriers[first as usize..last]
                .iter()
                .filter(|c| holds(c));
            if let Some(&first) = kept.next() {
                let common = kept.fold(first, |all, &c| all & c);
                links.push((a, b, common.len() as u8));
            }
        }
        (
            sides,
            Some(FullLinks {
                groups,
                cells,
                links,
            }),
        )
    }
}

/// Runs H-search for a player whose groups are `groups` (empty cells `empty`, edge templates
/// `templates`) with the thread's tables of the board's size, and reads what it found.
fn searched<R>(
    geometry: &Geometry,
    groups: &Groups,
    empty: Cells,
    templates: &[Template],
    read: impl FnOnce(&dyn Found) -> R,
) -> R {
    fn run<S: Set, R>(
        geometry: &Geometry,
        groups: &Groups,
        empty: Cells,
        templates: &[Template],
        read: impl FnOnce(&dyn Found) -> R,
    ) -> R {
        let sides = geometry.sides[slot(groups.player)];
        S::scratch().with_borrow_mut(|search| {
            // The endpoints that are not cells: the sides with the groups touching them, then
            // the other groups.
            search.search(geometry, &groups.nodes, sides, empty, templates);
            read(search)
        })
    }
    if geometry.cell_count() <= 64 {
        run::<Small, R>(geometry, groups, empty, templates, read)
    } else if geometry.cell_count() <= 128 {
        run::<Narrow, R>(geometry, groups, empty, templates, read)
    } else {
        run::<Cells, R>(geometry, groups, empty, templates, read)
    }
}

/// Runs H-search for a player whose groups are `groups` (empty cells `empty`, edge templates
/// `templates`): its connections between its sides, and with `links` every full connection
/// it found as well.
pub fn side_connections_of(
    geometry: &Geometry,
    groups: &Groups,
    empty: Cells,
    templates: &[Template],
    links: bool,
) -> (SideConnections, Option<FullLinks>) {
    if groups.joined {
        let joined = SideConnections {
            full: Some(Cells::EMPTY),
            semi: Vec::new(),
        };
        return (joined, None);
    }
    searched(geometry, groups, empty, templates, |found| {
        let sides = found.side_connections();
        (sides, links.then(|| found.full_links(groups.nodes.len())))
    })
}

/// Runs H-search for a player whose groups are `groups` (as [`side_connections_of`]): what
/// it finds between two endpoints (nothing when one is a cell of the opponent's).
pub fn connections_between(
    geometry: &Geometry,
    groups: &Groups,
    empty: Cells,
    templates: &[Template],
    ends: [Endpoint; 2],
) -> Between {
    searched(geometry, groups, empty, templates, |found| {
        found.between_ends(&groups.nodes, ends)
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_lone_stone_in_the_centre_of_5x5_is_connected_but_not_in_the_corner() {
        let geometry = Geometry::new(5);
        let centre = Cells::single(Spot::new(12));
        let found = side_connections(&geometry, Color::Black, centre, geometry.all & !centre);
        assert!(found.full.is_some());
        let corner = Cells::single(Spot::new(0));
        let found = side_connections(&geometry, Color::Black, corner, geometry.all & !corner);
        assert!(found.full.is_none());
        // The empty 3x3 board: O wins by taking a cell of the short diagonal, B2 among them.
        let geometry = Geometry::new(3);
        let found = side_connections(&geometry, Color::Black, Cells::EMPTY, geometry.all);
        assert!(found.full.is_none());
        assert!(found.semi.iter().any(|&(_, key)| key == Spot::new(4)));
    }

    /// The test oracle: the first, plain H-search (lists of lists, rebuilt on every call),
    /// whose answers the fast one must give exactly, down to the order of the semi list.
    mod oracle {
        use super::super::{FULL_PER_PAIR, MAX_ORS, SEMI_PER_PAIR, SideConnections, WORK};
        use crate::board::Color;
        use crate::cells::{Cells, Spot};
        use crate::geometry::{Geometry, slot};

        struct HSearch {
            count: usize,
            first_cell: usize,
            cell_of: Vec<Spot>,
            full: Vec<Vec<Cells>>,
            semi: Vec<Vec<(Cells, Spot)>>,
            full_partners: Vec<Vec<usize>>,
            semi_partners: Vec<Vec<usize>>,
            queue: Vec<(usize, usize, Cells)>,
        }

        impl HSearch {
            fn pair(&self, a: usize, b: usize) -> usize {
                a.min(b) * self.count + a.max(b)
            }

            fn cell_bit(&self, e: usize) -> Cells {
                if e >= self.first_cell {
                    Cells::single(self.cell_of[e])
                } else {
                    Cells::EMPTY
                }
            }

            fn add_full(&mut self, a: usize, b: usize, carrier: Cells) {
                let pair = self.pair(a, b);
                let list = &mut self.full[pair];
                if list.iter().any(|&c| (c & !carrier).is_empty()) {
                    return;
                }
                list.retain(|&c| !(carrier & !c).is_empty());
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

            fn add_semi(&mut self, a: usize, b: usize, carrier: Cells, key: Spot) {
                let pair = self.pair(a, b);
                if self.full[pair].iter().any(|&c| (c & !carrier).is_empty()) {
                    return;
                }
                let list = &mut self.semi[pair];
                if list.iter().any(|&(c, _)| (c & !carrier).is_empty()) {
                    return;
                }
                list.retain(|&(c, _)| !(carrier & !c).is_empty());
                if list.len() >= SEMI_PER_PAIR {
                    return;
                }
                if list.is_empty() {
                    self.semi_partners[a].push(b);
                    self.semi_partners[b].push(a);
                }
                let at = list.partition_point(|&(c, _)| c.len() <= carrier.len());
                list.insert(at, (carrier, key));
                let semis: Vec<Cells> = list.iter().map(|&(c, _)| c).collect();
                self.or(a, b, &semis, carrier, carrier, 1);
            }

            /// Every set of at most `MAX_ORS` semi-connections, the new one among them, whose
            /// carriers have no common cell: the common cells taken away one at a time,
            /// lowest first, each by one of the carriers without it (those passed over are
            /// not used again further down).
            fn or(
                &mut self,
                a: usize,
                b: usize,
                semis: &[Cells],
                common: Cells,
                union: Cells,
                n: usize,
            ) {
                if common.is_empty() {
                    self.add_full(a, b, union);
                    return;
                }
                let pair = self.pair(a, b);
                if n == MAX_ORS || self.full[pair].iter().any(|&c| (c & !union).is_empty()) {
                    return;
                }
                let lowest = common.isolate_lowest();
                let mut rest = semis.to_vec();
                for &c in semis {
                    if (c & lowest).is_empty() {
                        rest.retain(|&r| r != c);
                        self.or(a, b, &rest, common & c, union | c, n + 1);
                    }
                }
            }

            fn and(&mut self, x: usize, z: usize, y: usize, c1: Cells, c2: Cells) {
                if x == y
                    || !(c1 & c2).is_empty()
                    || !(self.cell_bit(x) & c2).is_empty()
                    || !(self.cell_bit(y) & c1).is_empty()
                {
                    return;
                }
                if z >= self.first_cell {
                    let key = self.cell_of[z];
                    self.add_semi(x, y, c1 | c2 | Cells::single(key), key);
                } else {
                    self.add_full(x, y, c1 | c2);
                }
            }

            fn run(&mut self) {
                let mut work = 0;
                let mut next = 0;
                while let Some(&(a, b, carrier)) = self.queue.get(next) {
                    next += 1;
                    work += 1;
                    if work > WORK {
                        break;
                    }
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
                                self.and(end, middle, other, carrier, self.full[pair][k]);
                            }
                        }
                        if middle >= self.first_cell {
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
                                if (carrier & c2).is_empty() && (self.cell_bit(end) & c2).is_empty()
                                {
                                    self.add_semi(end, other, carrier | c2, key);
                                }
                            }
                        }
                    }
                }
            }
        }

        pub fn side_connections(
            geometry: &Geometry,
            player: Color,
            own: Cells,
            empty: Cells,
        ) -> SideConnections {
            let [first, last] = geometry.sides[slot(player)];
            let start = geometry.flood(own & first, own);
            let end = geometry.flood(own & last, own);
            if !(start & end).is_empty() {
                return SideConnections {
                    full: Some(Cells::EMPTY),
                    semi: Vec::new(),
                };
            }
            let mut stones = vec![start, end];
            let mut rest = own & !start & !end;
            while !rest.is_empty() {
                let group = geometry.flood(rest.isolate_lowest(), rest);
                rest &= !group;
                stones.push(group);
            }
            let first_cell = stones.len();
            let mut cell_of = vec![Spot::new(0); first_cell];
            let mut endpoint_of_cell = vec![usize::MAX; geometry.cell_count()];
            for at in empty.iter() {
                endpoint_of_cell[at.index()] = cell_of.len();
                cell_of.push(at);
            }
            let count = cell_of.len();
            let mut search = HSearch {
                count,
                first_cell,
                cell_of,
                full: vec![Vec::new(); count * count],
                semi: vec![Vec::new(); count * count],
                full_partners: vec![Vec::new(); count],
                semi_partners: vec![Vec::new(); count],
                queue: Vec::new(),
            };
            let sides = [first, last];
            for (group, &set) in stones.iter().enumerate() {
                let mut near = geometry.grow(set) & empty;
                if group < 2 {
                    near |= sides[group] & empty;
                }
                for at in near.iter() {
                    search.add_full(group, endpoint_of_cell[at.index()], Cells::EMPTY);
                }
            }
            for at in empty.iter() {
                let e = endpoint_of_cell[at.index()];
                for next in (geometry.neighbours[at.index()] & empty).iter() {
                    if next > at {
                        search.add_full(e, endpoint_of_cell[next.index()], Cells::EMPTY);
                    }
                }
            }
            let own = stones.iter().fold(Cells::EMPTY, |all, &set| all | set);
            let templates = crate::knowledge::vc::Templates::new(geometry, true, true);
            for template in templates.of(player) {
                if !template.fits(own, empty | own) {
                    continue;
                }
                let (side, stone, carrier) = (template.side, template.stone, template.carrier);
                let end = if empty.contains(stone) {
                    endpoint_of_cell[stone.index()]
                } else if let Some(group) = stones.iter().position(|&set| set.contains(stone)) {
                    group
                } else {
                    continue;
                };
                if end != side {
                    search.add_full(end, side, carrier & empty);
                }
            }
            search.run();
            let pair = search.pair(0, 1);
            SideConnections {
                full: search.full[pair].iter().copied().min_by_key(|c| c.len()),
                semi: search.semi[pair].clone(),
            }
        }
    }

    /// A board of `size` whose cells take a stone with probability `fill` percent (each
    /// `draws` entry: the percentile, and whether the stone is X's); both players' stones.
    pub(in crate::knowledge) fn position(
        size: u8,
        fill: u8,
        draws: &[(u8, bool)],
    ) -> (Geometry, [Cells; 2]) {
        let geometry = Geometry::new(size);
        let mut stones = [Cells::EMPTY; 2];
        for (at, &(draw, x)) in (0..geometry.cell_count()).map(Spot::new).zip(draws) {
            if draw < fill {
                stones[usize::from(!x)] |= Cells::single(at);
            }
        }
        (geometry, stones)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        #[test]
        fn the_fast_search_finds_what_the_oracle_finds(
            size in 3u8..=9,
            fill in 0u8..=70,
            draws in prop::collection::vec((0u8..100, any::<bool>()), 81),
        ) {
            let (geometry, stones) = position(size, fill, &draws);
            let empty = geometry.all & !stones[0] & !stones[1];
            for player in [Color::White, Color::Black] {
                let own = stones[slot(player)];
                prop_assert_eq!(
                    side_connections(&geometry, player, own, empty),
                    oracle::side_connections(&geometry, player, own, empty)
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        /// The circuit's links are the full connections found between each pair of
        /// endpoints, with the cells all their carriers share.
        #[test]
        fn the_full_links_are_the_connections_between_each_pair(
            size in 2u8..=5,
            fill in 0u8..=60,
            draws in prop::collection::vec((0u8..100, any::<bool>()), 25),
            x in any::<bool>(),
        ) {
            let (geometry, stones) = position(size, fill, &draws);
            let player = if x { Color::White } else { Color::Black };
            let empty = geometry.all & !stones[0] & !stones[1];
            let groups = Groups::of(&geometry, player, stones[slot(player)]);
            let templates = super::super::vc::Templates::new(&geometry, true, true);
            let templates = templates.of(player);
            let (_, found) = side_connections_of(&geometry, &groups, empty, templates, true);
            let Some(found) = found else {
                prop_assert!(groups.joined);
                return Ok(());
            };
            prop_assert_eq!(found.groups, groups.nodes.len());
            prop_assert_eq!(&found.cells, &empty.iter().collect::<Vec<_>>());
            // Each endpoint named from outside: a side, a group by its lowest stone, a cell.
            let name = |e: usize| match e {
                0 | 1 => Endpoint::Side(e),
                _ if e < found.groups => Endpoint::Cell(groups.nodes[e].iter().next().unwrap()),
                _ => Endpoint::Cell(found.cells[e - found.groups]),
            };
            let count = found.groups + found.cells.len();
            for b in 1..count {
                for a in 0..b {
                    let between =
                        connections_between(&geometry, &groups, empty, templates, [name(a), name(b)]);
                    let link = found.links.iter().find(|l| (l.0, l.1) == (a as u16, b as u16));
                    match link {
                        None => prop_assert!(between.full.is_empty(), "{} {}", a, b),
                        Some(&(_, _, common)) => {
                            let shared = between.full.iter().fold(geometry.all, |all, &c| all & c);
                            prop_assert!(!between.full.is_empty());
                            prop_assert_eq!(shared.len(), usize::from(common));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_fast_search_finds_what_the_oracle_finds_on_11x11() {
        // A few sparse and dense boards of the largest size (most endpoints).
        let draws: Vec<(u8, bool)> = (0..121u32)
            .map(|i| ((i * 37 % 100) as u8, i * 7 % 3 == 0))
            .collect();
        for fill in [0, 5, 20, 45] {
            let (geometry, stones) = position(11, fill, &draws);
            let empty = geometry.all & !stones[0] & !stones[1];
            for player in [Color::White, Color::Black] {
                let own = stones[slot(player)];
                assert_eq!(
                    side_connections(&geometry, player, own, empty),
                    oracle::side_connections(&geometry, player, own, empty)
                );
            }
        }
    }
}

#[cfg(test)]
mod between_tests {
    use super::*;
    use crate::board::Color;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The cells an endpoint stands for, as a player's stones reach it: a side's row, a cell
    /// (a stone of a group on a side stands for the side, as in the search).
    fn reach(geometry: &Geometry, groups: &Groups, end: Endpoint) -> Cells {
        let sides = geometry.sides[slot(groups.player)];
        match end {
            Endpoint::Side(side) => sides[side],
            Endpoint::Cell(at) => match groups.nodes.iter().position(|&set| set.contains(at)) {
                Some(side) if side < 2 => sides[side],
                _ => Cells::single(at),
            },
        }
    }

    /// Whether a player with stones `own` (the endpoints' cells among them) joins `ends`
    /// playing only in `free`, the opponent moving first there when `second`: plain minimax.
    fn joins_within(
        geometry: &Geometry,
        own: Cells,
        free: Cells,
        ends: [Cells; 2],
        second: bool,
        memo: &mut HashMap<(Cells, Cells, bool), bool>,
    ) -> bool {
        if geometry.flood(own & ends[0], own).intersects(ends[1]) {
            return true;
        }
        if free.is_empty() {
            return false;
        }
        if let Some(&known) = memo.get(&(own, free, second)) {
            return known;
        }
        let found = if second {
            free.iter()
                .all(|at| joins_within(geometry, own, free & !Cells::single(at), ends, false, memo))
        } else {
            free.iter().any(|at| {
                joins_within(
                    geometry,
                    own | Cells::single(at),
                    free & !Cells::single(at),
                    ends,
                    true,
                    memo,
                )
            })
        };
        memo.insert((own, free, second), found);
        found
    }

    #[test]
    fn a_bridge_is_a_full_connection_and_a_shared_neighbour_a_semi_one() {
        // The centre of 5x5 and a cell a bridge away, found from the geometry itself.
        let geometry = Geometry::new(5);
        let templates = super::super::vc::Templates::new(&geometry, true, true);
        let common =
            |a: Spot, b: Spot| geometry.neighbours[a.index()] & geometry.neighbours[b.index()];
        let centre = Spot::new(12);
        let bridge = (0..25)
            .map(Spot::new)
            .find(|&b| {
                b != centre
                    && !geometry.neighbours[centre.index()].contains(b)
                    && common(centre, b).len() == 2
            })
            .expect("the centre has bridge partners");
        let stones = Cells::single(centre) | Cells::single(bridge);
        let groups = Groups::of(&geometry, Color::White, stones);
        let found = connections_between(
            &geometry,
            &groups,
            geometry.all & !stones,
            templates.of(Color::White),
            [Endpoint::Cell(centre), Endpoint::Cell(bridge)],
        );
        assert!(found.full.contains(&common(centre, bridge)), "{found:?}");
        // The opponent's stone in one of the two cells: one way left, a semi-connection.
        let cut = (common(centre, bridge)).iter().next().unwrap();
        let found = connections_between(
            &geometry,
            &groups,
            geometry.all & !stones & !Cells::single(cut),
            templates.of(Color::White),
            [Endpoint::Cell(centre), Endpoint::Cell(bridge)],
        );
        let other = common(centre, bridge) & !Cells::single(cut);
        assert!(found.full.is_empty(), "{found:?}");
        assert!(
            found.semi.contains(&(other, other.lowest().unwrap())),
            "{found:?}"
        );
        // An end on the opponent's stone has no connections.
        let found = connections_between(
            &geometry,
            &groups,
            geometry.all & !stones & !Cells::single(cut),
            templates.of(Color::White),
            [Endpoint::Cell(centre), Endpoint::Cell(cut)],
        );
        assert_eq!(found, Between::default());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Every connection found between two endpoints holds: within its carrier the
        /// player joins them, even moving second for a full one.
        #[test]
        fn every_connection_between_two_ends_holds_within_its_carrier(
            size in 3u8..=6,
            fill in 0u8..=50,
            draws in prop::collection::vec((0u8..100, any::<bool>()), 36),
            x in any::<bool>(),
            picks in prop::collection::vec(0u8..40, 2),
        ) {
            let (geometry, stones) = super::tests::position(size, fill, &draws);
            let cells = geometry.cell_count() as u8;
            let player = if x { Color::White } else { Color::Black };
            let own = stones[slot(player)];
            let empty = geometry.all & !stones[0] & !stones[1];
            // Picks past the cells name the sides.
            let end = |pick: u8| {
                if pick < cells { Endpoint::Cell(Spot::new(pick.into())) } else { Endpoint::Side(usize::from(pick % 2)) }
            };
            let ends = [end(picks[0]), end(picks[1])];
            let templates = super::super::vc::Templates::new(&geometry, true, true);
            let groups = Groups::of(&geometry, player, own);
            let found = connections_between(&geometry, &groups, empty, templates.of(player), ends);
            let reached = ends.map(|e| reach(&geometry, &groups, e));
            let theirs = stones[slot(player.opponent())];
            if reached.iter().any(|&r| (r & !theirs).is_empty()) {
                prop_assert_eq!(&found, &Between::default());
            }
            // The endpoints' empty cells count as the player's: H-search's ends are the cells
            // the player would stand on.
            let base = own | ((reached[0] | reached[1]) & empty & match ends {
                [Endpoint::Cell(a), Endpoint::Cell(b)] => Cells::single(a) | Cells::single(b),
                [Endpoint::Cell(a), _] | [_, Endpoint::Cell(a)] => Cells::single(a),
                _ => Cells::EMPTY,
            });
            let mut memo = HashMap::new();
            for &carrier in found.full.iter().filter(|c| c.len() <= 10) {
                prop_assert!(carrier.is_subset(empty));
                prop_assert!(
                    joins_within(&geometry, base, carrier & !base, reached, true, &mut memo),
                    "full {:?} between {:?} does not hold", carrier.iter().collect::<Vec<_>>(), ends
                );
            }
            for &(carrier, key) in found.semi.iter().filter(|(c, _)| c.len() <= 10) {
                prop_assert!(carrier.contains(key));
                prop_assert!(
                    joins_within(&geometry, base, carrier & !base, reached, false, &mut memo),
                    "semi {:?} between {:?} does not hold", carrier.iter().collect::<Vec<_>>(), ends
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        /// A kept search answers as a new one where nothing changed; where some of its open
        /// cells went to the opponent, it answers with the connections it found that miss
        /// them, each of which holds there.
        #[test]
        fn a_kept_search_answers_with_the_connections_that_still_hold(
            size in 2u8..=5,
            fill in 0u8..=60,
            draws in prop::collection::vec((0u8..100, any::<bool>()), 25),
            x in any::<bool>(),
            taken in prop::collection::vec(0u8..100, 25),
            share in 0u8..=40,
        ) {
            let (geometry, stones) = super::tests::position(size, fill, &draws);
            let player = if x { Color::White } else { Color::Black };
            let own = stones[slot(player)];
            let empty = geometry.all & !stones[0] & !stones[1];
            let groups = Groups::of(&geometry, player, own);
            let templates = super::super::vc::Templates::new(&geometry, true, true);
            let templates = templates.of(player);
            let mut kept = Kept::default();
            kept.search(&geometry, &groups, empty, templates, true);
            prop_assert!(kept.serves(&groups, empty, true));
            let fresh = side_connections_of(&geometry, &groups, empty, templates, true);
            prop_assert_eq!(kept.after(empty, true), fresh.clone());
            let gone: Cells = (empty.iter().zip(&taken))
                .filter(|&(_, &t)| t < share)
                .map(|(at, _)| at)
                .collect();
            let open = empty - gone;
            prop_assert!(kept.serves(&groups, open, true));
            // Not for the other player, nor where a cell is open that was not.
            let theirs = Groups::of(&geometry, player.opponent(), stones[slot(player.opponent())]);
            prop_assert!(!kept.serves(&theirs, open, true) || theirs.nodes == groups.nodes);
            if let Some(stone) = (stones[0] | stones[1]).lowest() {
                prop_assert!(!kept.serves(&groups, open | Cells::single(stone), true));
            }
            let (sides, links) = kept.after(open, true);
            // Each side connection holds on the board with the gone cells the opponent's.
            let ends = geometry.sides[slot(player)];
            let mut memo = HashMap::new();
            if let Some(carrier) = sides.full.filter(|c| c.len() <= 12) {
                prop_assert!(carrier.is_subset(open));
                prop_assert!(joins_within(&geometry, own, carrier, ends, true, &mut memo));
            }
            for &(carrier, key) in sides.semi.iter().filter(|(c, _)| c.len() <= 12) {
                prop_assert!(carrier.is_subset(open) && carrier.contains(key));
                prop_assert!(joins_within(&geometry, own, carrier, ends, false, &mut memo));
            }
            // The links: the first search's full connections between each pair of endpoints
            // still there, those that miss the gone cells, with the cells they all share.
            let Some(before) = fresh.1 else {
                prop_assert!(groups.joined && links.is_none());
                return Ok(());
            };
            let links = links.expect("links were kept");
            prop_assert_eq!(links.groups, before.groups);
            prop_assert_eq!(&links.cells, &open.iter().collect::<Vec<_>>());
            let name = |e: usize| match e {
                0 | 1 => Endpoint::Side(e),
                _ if e < before.groups => Endpoint::Cell(groups.nodes[e].iter().next().unwrap()),
                _ => Endpoint::Cell(before.cells[e - before.groups]),
            };
            let renumbered = |e: usize| match e {
                _ if e < before.groups => Some(e as u16),
                _ => (links.cells.iter().position(|&at| at == before.cells[e - before.groups]))
                    .map(|i| (before.groups + i) as u16),
            };
            let mut expected = Vec::new();
            let count = before.groups + before.cells.len();
            for b in 1..count {
                for a in 0..b {
                    let (Some(new_a), Some(new_b)) = (renumbered(a), renumbered(b)) else {
                        continue;
                    };
                    let between =
                        connections_between(&geometry, &groups, empty, templates, [name(a), name(b)]);
                    let held: Vec<Cells> =
                        between.full.into_iter().filter(|c| !c.intersects(gone)).collect();
                    if let Some(&first) = held.first() {
                        let shared = held.iter().fold(first, |all, &c| all & c);
                        expected.push((new_a, new_b, shared.len() as u8));
                    }
                }
            }
            let mut found = links.links.clone();
            found.sort_unstable();
            expected.sort_unstable();
            prop_assert_eq!(found, expected);
        }
    }
}
