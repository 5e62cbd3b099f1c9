//! Depth-first proof-number search over an incremental position.
//!
//! Numbers are from the side to move's point of view: `pn` is how many more positions must
//! be proven to show it wins, `dn` to show it loses. A position's `pn` is the least `dn` of
//! its children, its `dn` the sum of their `pn`. The search descends into the child with the
//! least `dn` with thresholds that send it back up when a sibling becomes more promising
//! (with the usual 1 + epsilon slack, which saves many trips up and down). Only the first
//! third of the moves not yet lost take part at each position (widening; half of them when
//! they are not ordered by resistance), so that the search goes deep into a few of them rather
//! than a little into all. The moves are tried in the order of the current through them on
//! the board as a circuit ([`Expert::ordered`]), computed again whenever the search comes back
//! to a position: cheaper than keeping it.
//!
//! Each position is first judged with the Hex knowledge of [`Expert::decide`]: dead and
//! captured cells filled in, a win when the side to move has (or can make with one stone) a
//! virtual connection, a loss when the opponent already has one, otherwise only the moves of
//! the must-play region are searched. Every proven position keeps the cells its proof
//! depends on: a move that loses drops every sibling outside its proof.

use std::collections::HashSet;
use std::time::Instant;

use crate::board::Player;

use super::Limits;
use super::tt::{Entry, INFINITE, NO_MOVE, TranspositionTable};
use crate::geometry::{Bits, Geometry, bit, cells_of, slot};
use crate::knowledge::{Decision, Expert, Knowledge};
use crate::position::Position;

/// Keys of positions: one random number per cell and player, the same on every run (the
/// proof file depends on it), and one for the side to move and each shape (see [`shape`]).
fn zobrist(shape: u64, player: usize, index: u8) -> u64 {
    let mut z = 0x9E37_79B9_7F4A_7C15u64
        .wrapping_mul(shape * 1000 + player as u64 * 200 + u64::from(index) + 1);
    // splitmix64's finaliser.
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The number that tells boards apart in the keys: a square board's side (as it always was:
/// proof books hold keys), a rectangle's above every square's.
fn shape(rows: u8, cols: u8) -> u64 {
    if rows == cols {
        u64::from(rows)
    } else {
        1000 + 32 * u64::from(rows) + u64::from(cols)
    }
}

/// A report of positions searched and the root's numbers.
pub type ProgressFn = Box<dyn FnMut(u64, u32, u32) + Send>;

/// The search: the position being searched, its keys, and the table.
pub struct Dfpn {
    /// What is known of positions of this size.
    pub expert: Expert,
    keys: [Vec<u64>; 2],
    /// The key of "O to move".
    o_to_move: u64,
    pub table: TranspositionTable,
    /// The position being searched.
    pub position: Position,
    /// The position's key and the key of the position turned half a turn.
    hash: [u64; 2],
    /// The key of the empty board, X to move.
    empty_key: u64,
    knowledge: Knowledge,
    limits: Limits,
    started: Instant,
    /// Positions expanded.
    pub nodes: u64,
    /// Set when a limit is reached: the search unwinds.
    stopped: bool,
    /// Called now and then with the nodes so far.
    pub progress: Option<ProgressFn>,
    /// Solved positions from earlier runs (key, side to move wins, best move).
    pub book: Option<std::collections::HashMap<u64, (bool, u8)>>,
    root_bounds: (u32, u32),
    /// The order of the moves of recently expanded positions (by key, not turned): the
    /// search comes back to a position many times, and the resistance it is ordered by
    /// costs as much as a tenth of the search.
    orders: std::collections::HashMap<u64, Vec<u8>>,
}

/// Positions whose move order is kept (the map is emptied when it has this many).
const ORDERS_KEPT: usize = 1 << 14;

impl Dfpn {
    /// A search of `rows` x `cols` positions.
    pub fn new(rows: u8, cols: u8, knowledge: Knowledge, limits: Limits) -> Dfpn {
        let expert = Expert::rectangle(rows, cols, knowledge);
        let cells = expert.geometry.cell_count() as u8;
        let shape = shape(rows, cols);
        let keys = [0, 1].map(|p| (0..cells).map(|i| zobrist(shape, p, i)).collect());
        Dfpn {
            expert,
            keys,
            o_to_move: zobrist(shape, 2, 0),
            table: TranspositionTable::new(limits.memory),
            position: Position {
                stones: [0; 2],
                to_move: Player::X,
            },
            hash: [zobrist(shape, 3, 0); 2],
            empty_key: zobrist(shape, 3, 0),
            knowledge,
            limits,
            started: Instant::now(),
            nodes: 0,
            stopped: false,
            progress: None,
            book: None,
            root_bounds: (1, 1),
            orders: std::collections::HashMap::new(),
        }
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.expert.geometry
    }

    /// Sets up a position.
    pub fn set(&mut self, stones: [Bits; 2], to_move: Player) {
        self.position.stones = [0; 2];
        self.hash = [self.empty_key; 2];
        if to_move == Player::O {
            self.hash[0] ^= self.o_to_move;
            self.hash[1] ^= self.o_to_move;
        }
        self.position.to_move = to_move;
        for player in Player::BOTH {
            for at in cells_of(stones[slot(player)]) {
                self.place(player, at);
            }
        }
    }

    fn place(&mut self, player: Player, at: u8) {
        let p = slot(player);
        self.position.stones[p] ^= bit(at);
        self.hash[0] ^= self.keys[p][usize::from(at)];
        self.hash[1] ^= self.keys[p][self.geometry().turn(usize::from(at))];
    }

    /// Plays a move of the side to move (or takes it back: the same call again).
    pub fn play(&mut self, at: u8) {
        self.place(self.position.to_move, at);
        self.position.to_move = self.position.to_move.opponent();
        self.hash[0] ^= self.o_to_move;
        self.hash[1] ^= self.o_to_move;
    }

    /// Takes back a move played by [`Dfpn::play`].
    pub fn undo(&mut self, at: u8) {
        self.position.to_move = self.position.to_move.opponent();
        self.hash[0] ^= self.o_to_move;
        self.hash[1] ^= self.o_to_move;
        self.place(self.position.to_move, at);
    }

    /// The key of the position, the same for a position and its half turn, and whether
    /// the stored moves are turned (the position is the turned one of its key).
    pub fn key(&self) -> (u64, bool) {
        if self.knowledge.symmetry && self.hash[1] < self.hash[0] {
            (self.hash[1], true)
        } else {
            (self.hash[0], false)
        }
    }

    /// The key of the position after a move, and whether it is the turned one's.
    fn child_key(&self, at: u8) -> (u64, bool) {
        let p = slot(self.position.to_move);
        let a = self.hash[0] ^ self.keys[p][usize::from(at)] ^ self.o_to_move;
        if !self.knowledge.symmetry {
            return (a, false);
        }
        let b = self.hash[1] ^ self.keys[p][self.geometry().turn(usize::from(at))] ^ self.o_to_move;
        if b < a { (b, true) } else { (a, false) }
    }

    /// A set turned back from the orientation of a key.
    fn turned_bits(&self, turned: bool, bits: Bits) -> Bits {
        if turned {
            self.geometry().turn_bits(bits)
        } else {
            bits
        }
    }

    /// The child's bounds and, when proven, the cells its proof depends on (every cell when
    /// the table does not know them). A child the table has lost has the bounds its last
    /// search returned (in `returned`, by cell; (0, 0) for none), else (1, 1): without them
    /// a small table could send the search into the same child again and again.
    fn child(&self, at: u8, returned: &[(u32, u32)]) -> (u32, u32, Bits) {
        let (key, turned) = self.child_key(at);
        match self.table.get(key) {
            Some(entry) if entry.proven() => {
                (entry.pn, entry.dn, self.turned_bits(turned, entry.proof()))
            }
            Some(entry) => (entry.pn, entry.dn, self.geometry().all),
            None => match returned[usize::from(at)] {
                (0, 0) => (1, 1, self.geometry().all),
                (pn, dn) => (pn, dn, self.geometry().all),
            },
        }
    }

    fn turned(&self, turned: bool, at: u8) -> u8 {
        if turned && at != NO_MOVE {
            self.geometry().turn(usize::from(at)) as u8
        } else {
            at
        }
    }

    /// The entry of the position, moves and best move turned back to the position's own
    /// orientation.
    pub fn entry(&self) -> Option<Entry> {
        let (key, turned) = self.key();
        let mut entry = *self.table.get(key)?;
        if turned {
            entry = Entry::new(
                key,
                self.geometry().turn_bits(entry.moves()),
                self.geometry().turn_bits(entry.proof()),
                entry.pn,
                entry.dn,
                entry.work,
                self.turned(true, entry.best),
            );
        }
        Some(entry)
    }

    /// The move of the principal variation at the position: the table's best move, or at a
    /// lost position the reply whose refutation took the most work; none where the table
    /// knows nothing more.
    pub fn principal_move(&self) -> Option<u8> {
        let entry = self.entry()?;
        let empty = self.position.empty(self.geometry());
        if entry.best != NO_MOVE {
            return (empty & bit(entry.best) != 0).then_some(entry.best);
        }
        if entry.dn != 0 {
            return None;
        }
        let moves = if entry.moves() == 0 {
            empty
        } else {
            entry.moves() & empty
        };
        cells_of(moves)
            .filter_map(|at| Some((self.table.get(self.child_key(at).0)?.work, at)))
            .max_by_key(|&(work, at)| (work, std::cmp::Reverse(at)))
            .map(|(_, at)| at)
    }

    fn store(&mut self, moves: Bits, proof: Bits, pn: u32, dn: u32, work: u64, best: u8) {
        let (key, turned) = self.key();
        let work = u32::try_from(work).unwrap_or(u32::MAX);
        self.table.put(Entry::new(
            key,
            self.turned_bits(turned, moves),
            self.turned_bits(turned, proof),
            pn,
            dn,
            work,
            self.turned(turned, best),
        ));
    }

    /// The knowledge's decision on the position.
    pub fn decide(&self) -> Decision {
        self.expert.decide(&self.position)
    }

    fn out_of_limits(&mut self) -> bool {
        if self.nodes % 1024 == 0 {
            if let Some(progress) = &mut self.progress {
                progress(self.nodes, self.root_bounds.0, self.root_bounds.1);
            }
            let over_time = self
                .limits
                .time
                .is_some_and(|time| self.started.elapsed() >= time);
            let over_nodes = self.limits.nodes.is_some_and(|nodes| self.nodes >= nodes);
            self.stopped |= over_time || over_nodes;
        }
        self.stopped
    }

    /// Changes the time and node limits (the table keeps its size).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Proves or disproves the position (within the limits); `Some(side to move wins)`.
    pub fn solve(&mut self) -> Option<bool> {
        self.started = Instant::now();
        self.stopped = false;
        loop {
            let (pn, dn) = self.mid(INFINITE, INFINITE);
            self.root_bounds = (pn, dn);
            if pn == 0 || dn == 0 {
                return Some(pn == 0);
            }
            if self.stopped {
                return None;
            }
        }
    }

    /// The judgement of a position: from the table, the book, or the knowledge. An open
    /// position's moves and the cells that show the others lose, or a solved one's bounds.
    fn judge(&mut self) -> Result<(Bits, Bits), (u32, u32)> {
        if let Some(entry) = self.entry() {
            if entry.proven() {
                return Err((entry.pn, entry.dn));
            }
            return Ok((entry.moves(), entry.proof()));
        }
        let (key, turned) = self.key();
        if let Some(&(wins, best)) = self.book.as_ref().and_then(|book| book.get(&key)) {
            let (pn, dn) = if wins { (0, INFINITE) } else { (INFINITE, 0) };
            // The book's moves are in the key's orientation; store them as found. It keeps no
            // proofs: every cell may matter.
            let all = self.geometry().all;
            self.store(0, all, pn, dn, 1, self.turned(turned, best));
            return Err((pn, dn));
        }
        match self.decide() {
            Decision::Won { best, proof } => {
                self.store(0, proof, 0, INFINITE, 1, best);
                Err((0, INFINITE))
            }
            Decision::Lost { proof } => {
                self.store(0, proof, INFINITE, 0, 1, NO_MOVE);
                Err((INFINITE, 0))
            }
            Decision::Consider { moves, proof } => Ok((moves, proof)),
        }
    }

    /// The moves in the order to try them ([`Expert::ordered`]), kept for when the search
    /// comes back; the moves left then are a part of those first ordered, in the same order.
    fn order(&mut self, moves: Bits) -> Vec<u8> {
        let key = self.hash[0];
        if let Some(order) = self.orders.get(&key) {
            let kept: Vec<u8> = order
                .iter()
                .copied()
                .filter(|&at| moves & bit(at) != 0)
                .collect();
            if kept.len() == moves.count_ones() as usize {
                return kept;
            }
        }
        let order = self.expert.ordered(&self.position, moves);
        if self.orders.len() >= ORDERS_KEPT {
            self.orders.clear();
        }
        self.orders.insert(key, order.clone());
        order
    }

    /// Multiple iterative deepening: searches below the position until it is solved or its
    /// numbers reach the thresholds; returns them.
    ///
    /// A move that loses tells more than that: the opponent's win depends only on the cells
    /// of its proof, so every other move outside them loses as well and is dropped.
    fn mid(&mut self, pn_limit: u32, dn_limit: u32) -> (u32, u32) {
        self.nodes += 1;
        let (mut moves, mut proof) = match self.judge() {
            Ok(found) => found,
            Err(bounds) => return bounds,
        };
        let before = self.nodes;
        let order = self.order(moves);
        let mut returned = [(0, 0); 128];
        // Each child's bounds this time round, by cell: one look in the table each.
        let mut bounds = [(0, 0); 128];
        let (mut pn, mut dn, mut best);
        loop {
            let mut live = 0;
            for at in cells_of(moves) {
                let (cpn, cdn, cproof) = self.child(at, &returned);
                if cpn == 0 && self.knowledge.proof_sets && moves & !(cproof | bit(at)) != 0 {
                    moves &= cproof | bit(at);
                    proof |= cproof;
                }
                bounds[usize::from(at)] = (cpn, cdn);
            }
            for at in cells_of(moves) {
                live += usize::from(bounds[usize::from(at)].0 != 0);
            }
            pn = INFINITE;
            dn = 0;
            best = NO_MOVE;
            let (mut best_pn, mut second) = (0, INFINITE);
            // Widening: only the first third (half without the resistance's order) of the
            // moves not yet lost count, in the order they are tried, so that the search goes
            // deep into a few instead of a little into all; a lost move makes room for the
            // next. A third pays only with the better order. With the full OR rule, a half
            // searched 10.2k positions on the 7x7 openings A1, C1, D1, E1, F1 and left G2 and
            // A4 unproven in 60 s; a third 9.1k and 346k on B1, G1, A2, G2, A4; a quarter
            // 9.5k and 339k.
            let share = if self.knowledge.resistance { 3 } else { 2 };
            let mut window = if live < 2 || !self.knowledge.widening {
                usize::MAX
            } else {
                1 + live.div_ceil(share)
            };
            for &at in &order {
                if moves & bit(at) == 0 {
                    continue;
                }
                let (cpn, cdn) = bounds[usize::from(at)];
                if cpn != 0 {
                    if window == 0 {
                        continue;
                    }
                    window -= 1;
                }
                dn = (dn + cpn).min(INFINITE);
                if cdn < pn {
                    second = pn;
                    pn = cdn;
                    best = at;
                    best_pn = cpn;
                } else if cdn < second {
                    second = cdn;
                }
            }
            if pn == 0 || dn == 0 || pn >= pn_limit || dn >= dn_limit || self.out_of_limits() {
                break;
            }
            let child_pn_limit = (dn_limit - (dn - best_pn)).min(INFINITE);
            let child_dn_limit = pn_limit
                .min(second.saturating_add(second / 4 + 1))
                .min(INFINITE);
            self.play(best);
            returned[usize::from(best)] = self.mid(child_pn_limit, child_dn_limit);
            self.undo(best);
        }
        if pn == 0 {
            // The winning move's proof (its child's) is this position's.
            proof = self.child(best, &returned).2;
        } else if dn == 0 {
            // Every move searched loses, each by its own proof; the others by `proof`.
            best = NO_MOVE;
            for at in cells_of(moves) {
                proof |= self.child(at, &returned).2;
            }
        }
        self.store(moves, proof, pn, dn, self.nodes - before + 1, best);
        (pn, dn)
    }

    /// Counts the distinct positions of the proof tree below the search's (proven) position,
    /// proving again whatever the table has lost. That gets the search's limits once more in
    /// all (each proof again its own limits too): past them, a lost part counts as one position,
    /// and the size is a lower bound.
    pub fn proof_size(&mut self) -> u64 {
        let mut seen = HashSet::new();
        let stopped = self.stopped;
        let deadline = self.limits.time.map(|time| Instant::now() + time);
        let size = self.count(&mut seen, deadline);
        self.stopped = stopped;
        size
    }

    fn count(&mut self, seen: &mut HashSet<u64>, deadline: Option<Instant>) -> u64 {
        if !seen.insert(self.key().0) {
            return 0;
        }
        let entry = match self.entry() {
            Some(entry) if entry.proven() => entry,
            _ => {
                if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                    return 1;
                }
                self.solve();
                match self.entry() {
                    Some(entry) if entry.proven() => entry,
                    _ => return 1,
                }
            }
        };
        let moves: Bits = match self.decide() {
            Decision::Won { .. } | Decision::Lost { .. } => return 1,
            // The moves the search kept (a proof from the book keeps none: all of them).
            Decision::Consider { moves, .. } if entry.moves() == 0 => moves,
            Decision::Consider { .. } => entry.moves(),
        };
        let children: Vec<u8> = if entry.pn == 0 {
            vec![entry.best]
                .into_iter()
                .filter(|&at| at != NO_MOVE)
                .collect()
        } else {
            cells_of(moves).collect()
        };
        let mut total = 1;
        for at in children {
            if moves & bit(at) == 0 && entry.pn != 0 {
                continue;
            }
            self.play(at);
            total += self.count(seen, deadline);
            self.undo(at);
        }
        total
    }
}
