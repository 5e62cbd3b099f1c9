//! Depth-first proof-number search over an incremental position.
//!
//! Numbers are from the side to move's point of view: `pn` is how many more positions must
//! be proven to show it wins, `dn` to show it loses. A position's `pn` is the least `dn` of
//! its children, its `dn` the sum of their `pn`. The search descends into the child with the
//! least `dn` with thresholds that send it back up when a sibling becomes more promising
//! (with the usual 1 + epsilon slack, here a third, which saves many trips up and down).
//! Only the first quarter of the moves not yet lost take part at each position (widening;
//! half of them when they are not ordered by resistance), so that the search goes deep into
//! a few of them rather than a little into all. The moves are tried in the order of the
//! current through them on the board read as a circuit whose links are the virtual
//! connections the knowledge found ([`Expert::decide_ordered`], as Benzene orders them): the
//! decision's own H-search gives them, so the order costs little more. The orders of
//! recently expanded positions are kept for when the search comes back.
//!
//! Each position is first judged with the Hex knowledge of [`Expert::decide`]: dead and
//! captured cells filled in, a win when the side to move has (or can make with one stone) a
//! virtual connection, a loss when the opponent already has one, otherwise only the moves of
//! the must-play region are searched. The dead and captured cells found at a position are
//! passed down the line and filled in below it as well (they stay inferior while no stone is
//! played on them: [`Expert::decide_inherited`]), so a position deep in a line sees what its
//! ancestors found. Every proven position keeps the cells its proof depends on: a move that
//! loses drops every sibling outside its proof.
//!
//! Several threads can search one position ([`Dfpn::threads`]). They share the table and
//! each runs the same search from the root, but a thread counts a child that another thread
//! is searching below as [`BUSY_WEIGHT`] times as far from solved as it is: the threads part
//! where the alternatives are close (every reply of a lost position must be refuted: a
//! second thread refuting another reply at the same time is work done), and stay together
//! where one move is far ahead. Whatever a thread stores is true of the position, so the
//! proof is the same; only which positions are searched, and when, changes.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use crate::board::Color;

use super::Limits;
use super::tt::{Entry, INFINITE, TranspositionTable};
use crate::cells::{Cells, Spot};
use crate::geometry::{Geometry, slot};
use crate::knowledge::{Decision, Expert, Inferior, Knowledge, Line, LineKeys};
use crate::position::Position;

/// Keys of positions: one random number per cell and player, the same on every run (the
/// proof file depends on it), and one for the side to move and each shape (see [`shape`]).
fn zobrist(shape: u64, player: usize, index: usize) -> u64 {
    let mut z = 0x9E37_79B9_7F4A_7C15u64
        .wrapping_mul(shape * 1000 + player as u64 * 200 + index as u64 + 1);
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

/// What the threads of one search share.
struct Shared {
    table: Mutex<TranspositionTable>,
    /// The positions threads are searching below now (by key), with how many threads.
    busy: Mutex<HashMap<u64, u32>>,
    /// Set when the root is solved or a limit is reached: every thread unwinds.
    stop: AtomicBool,
    /// Positions expanded by all the threads (each adds its own now and then).
    nodes: AtomicU64,
}

/// How much farther from solved a child looks while another thread searches below it.
pub const BUSY_WEIGHT: u32 = 4;

/// The stack of each thread of a search. `mid` recurses once a stone, so a search is at most
/// [`Cells::CAPACITY`] frames deep, and each frame holds three arrays of that many entries
/// (about 7 KB on 19x19, more in an unoptimised build): some 3 MB at the deepest, more than the
/// 2 MiB a spawned thread gets by default. The memory is reserved, not used, until a search
/// goes that deep.
pub const STACK: usize = 64 << 20;

/// Runs `work` on a thread of `scope` with a stack of [`STACK`].
fn deep<'scope, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    work: impl FnOnce() -> T + Send + 'scope,
) -> std::thread::ScopedJoinHandle<'scope, T> {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn_scoped(scope, work)
        .expect("the system makes a thread for the search")
}

/// Positions a search with several threads expands alone first.
pub const SOLO_NODES: u64 = 4096;

/// A lock that a panicked thread left behind is still good: the data is whole.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The numbers of a position as its children give them, and the child to search next.
#[derive(Clone, Copy, Debug)]
struct Pick {
    pn: u32,
    dn: u32,
    best: Option<Spot>,
    /// The best child's proof number.
    best_pn: u32,
    /// The second least disproof number of a child.
    second: u32,
}

impl Pick {
    fn new() -> Pick {
        Pick {
            pn: INFINITE,
            dn: 0,
            best: None,
            best_pn: 0,
            second: INFINITE,
        }
    }

    fn add(&mut self, at: Spot, cpn: u32, cdn: u32) {
        self.dn = (self.dn + cpn).min(INFINITE);
        if cdn < self.pn {
            self.second = self.pn;
            self.pn = cdn;
            self.best = Some(at);
            self.best_pn = cpn;
        } else if cdn < self.second {
            self.second = cdn;
        }
    }

    fn within(&self, pn_limit: u32, dn_limit: u32) -> bool {
        self.pn < pn_limit && self.dn < dn_limit
    }
}

/// A number as it looks while another thread searches below: weighted, but a solved
/// position's numbers stay as they are.
fn weighted(number: u32) -> u32 {
    if number == 0 || number >= INFINITE {
        number
    } else {
        number.saturating_mul(BUSY_WEIGHT).min(INFINITE - 1)
    }
}

/// The search: the position being searched, its keys, and the table.
pub struct Dfpn {
    /// What is known of positions of this size.
    pub expert: Expert,
    keys: [Vec<u64>; 2],
    /// The key of "O to move".
    o_to_move: u64,
    shared: Arc<Shared>,
    /// How many threads search a position.
    pub threads: usize,
    /// How many positions a search with several threads expands alone first.
    pub solo_nodes: u64,
    /// The position being searched.
    pub position: Position,
    /// The position's key and the key of the position turned half a turn.
    hash: [u64; 2],
    /// The key of the empty board, X to move.
    empty_key: u64,
    knowledge: Knowledge,
    limits: Limits,
    started: Instant,
    /// Positions expanded (by every thread, once a search is over).
    pub nodes: u64,
    /// How many of them were added to the shared count.
    counted: u64,
    /// Set when a limit is reached: the search unwinds.
    stopped: bool,
    /// Called now and then with the nodes so far.
    pub progress: Option<ProgressFn>,
    /// Solved positions from earlier runs (key, side to move wins, best move).
    pub book: Option<Arc<BookPositions>>,
    root_bounds: (u32, u32),
    /// The order of the moves of recently expanded positions (by key, not turned): the
    /// search comes back to a position many times, and the resistance it is ordered by
    /// costs as much as a tenth of the search.
    orders: HashMap<u64, Vec<Spot>>,
    /// The fill-in of each position of the line being searched (see
    /// [`Expert::decide_inherited`]): what a position found, or what it was passed when the
    /// table judged it.
    fills: Vec<Inferior>,
    /// The key of each position of the line (`hash[0]`), beside its fill-in.
    above: Vec<u64>,
    /// The H-searches positions made for their opponents, which their children take their
    /// side to move's connections from.
    line: Line,
}

/// Solved positions by key: whether the side to move wins, and the winning move.
pub type BookPositions = HashMap<u64, (bool, Option<Spot>)>;

/// One position of a proof tree ([`Dfpn::proof_tree`]), its move a cell's spot.
pub type ProofStep = super::ProofStep<Spot>;

/// What a walk of the proof tree carries along.
struct Walk<'a> {
    seen: &'a mut HashSet<u64>,
    deadline: Option<Instant>,
    steps: Option<&'a mut Vec<ProofStep>>,
}

/// Positions whose move order is kept (the map is emptied when it has this many).
const ORDERS_KEPT: usize = 1 << 14;

impl Dfpn {
    /// A search of `rows` x `cols` positions.
    pub fn new(rows: u8, cols: u8, knowledge: Knowledge, limits: Limits) -> Dfpn {
        let expert = Expert::rectangle(rows, cols, knowledge);
        let cells = expert.geometry.cell_count();
        let shape = shape(rows, cols);
        let keys = [0, 1].map(|p| (0..cells).map(|i| zobrist(shape, p, i)).collect());
        Dfpn {
            expert,
            keys,
            o_to_move: zobrist(shape, 2, 0),
            shared: Arc::new(Shared {
                table: Mutex::new(TranspositionTable::new(limits.memory)),
                busy: Mutex::new(HashMap::new()),
                stop: AtomicBool::new(false),
                nodes: AtomicU64::new(0),
            }),
            threads: 1,
            solo_nodes: SOLO_NODES,
            position: Position::new(rows, cols, Color::White),
            hash: [zobrist(shape, 3, 0); 2],
            empty_key: zobrist(shape, 3, 0),
            knowledge,
            limits,
            started: Instant::now(),
            nodes: 0,
            counted: 0,
            stopped: false,
            progress: None,
            book: None,
            root_bounds: (1, 1),
            orders: HashMap::new(),
            fills: Vec::new(),
            above: Vec::new(),
            line: Line::default(),
        }
    }

    /// Another thread's search of the same position, on the same table.
    fn helper(&self) -> Dfpn {
        Dfpn {
            expert: self.expert.clone(),
            keys: self.keys.clone(),
            o_to_move: self.o_to_move,
            shared: Arc::clone(&self.shared),
            threads: self.threads,
            solo_nodes: 0,
            position: self.position,
            hash: self.hash,
            empty_key: self.empty_key,
            knowledge: self.knowledge,
            limits: self.limits,
            started: self.started,
            nodes: 0,
            counted: 0,
            stopped: false,
            progress: None,
            book: self.book.clone(),
            root_bounds: self.root_bounds,
            orders: HashMap::new(),
            fills: Vec::new(),
            above: Vec::new(),
            line: Line::default(),
        }
    }

    /// The table (locked while the guard lives).
    pub fn table(&self) -> MutexGuard<'_, TranspositionTable> {
        lock(&self.shared.table)
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.expert.geometry
    }

    /// Sets up a position.
    pub fn set(&mut self, stones: [Cells; 2], to_move: Color) {
        self.position.stones = [Cells::EMPTY; 2];
        self.hash = [self.empty_key; 2];
        if to_move == Color::Black {
            self.hash[0] ^= self.o_to_move;
            self.hash[1] ^= self.o_to_move;
        }
        self.position.to_move = to_move;
        for player in Color::BOTH {
            for at in stones[slot(player)] {
                self.place(player, at);
            }
        }
    }

    fn place(&mut self, player: Color, at: Spot) {
        let p = slot(player);
        self.position.stones[p] ^= Cells::single(at);
        self.hash[0] ^= self.keys[p][at.index()];
        self.hash[1] ^= self.keys[p][self.geometry().turn(at.index())];
    }

    /// Plays a move of the side to move (or takes it back: the same call again).
    pub fn play(&mut self, at: Spot) {
        self.place(self.position.to_move, at);
        self.position.to_move = self.position.to_move.opponent();
        self.hash[0] ^= self.o_to_move;
        self.hash[1] ^= self.o_to_move;
    }

    /// Takes back a move played by [`Dfpn::play`].
    pub fn undo(&mut self, at: Spot) {
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
    fn child_key(&self, at: Spot) -> (u64, bool) {
        let p = slot(self.position.to_move);
        let a = self.hash[0] ^ self.keys[p][at.index()] ^ self.o_to_move;
        if !self.knowledge.symmetry {
            return (a, false);
        }
        let b = self.hash[1] ^ self.keys[p][self.geometry().turn(at.index())] ^ self.o_to_move;
        if b < a { (b, true) } else { (a, false) }
    }

    /// A set turned back from the orientation of a key.
    fn turned_cells(&self, turned: bool, set: Cells) -> Cells {
        if turned {
            self.geometry().turn_cells(set)
        } else {
            set
        }
    }

    /// The child's bounds and, when proven, the cells its proof depends on (every cell when
    /// the table does not know them). A child the table has lost has the bounds its last
    /// search returned (in `returned`, by cell; (0, 0) for none), else (1, 1): without them
    /// a small table could send the search into the same child again and again.
    fn child(
        &self,
        table: &TranspositionTable,
        at: Spot,
        returned: &[(u32, u32)],
    ) -> (u32, u32, Cells) {
        let (key, turned) = self.child_key(at);
        match table.get(key) {
            Some(entry) if entry.proven() => {
                (entry.pn, entry.dn, self.turned_cells(turned, entry.proof()))
            }
            Some(entry) => (entry.pn, entry.dn, self.geometry().all),
            None => match returned[at.index()] {
                (0, 0) => (1, 1, self.geometry().all),
                (pn, dn) => (pn, dn, self.geometry().all),
            },
        }
    }

    fn turned(&self, turned: bool, at: Option<Spot>) -> Option<Spot> {
        if turned {
            at.map(|at| self.geometry().turn_spot(at))
        } else {
            at
        }
    }

    /// The entry of the position, moves and best move turned back to the position's own
    /// orientation.
    pub fn entry(&self) -> Option<Entry> {
        let (key, turned) = self.key();
        let mut entry = *self.table().get(key)?;
        if turned {
            entry = Entry::new(
                key,
                self.geometry().turn_cells(entry.moves()),
                self.geometry().turn_cells(entry.proof()),
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
    pub fn principal_move(&self) -> Option<Spot> {
        let entry = self.entry()?;
        let empty = self.position.empty(self.geometry());
        if let Some(best) = entry.best {
            return empty.contains(best).then_some(best);
        }
        if entry.dn != 0 {
            return None;
        }
        let moves = if entry.moves().is_empty() {
            empty
        } else {
            entry.moves() & empty
        };
        let table = self.table();
        moves
            .iter()
            .filter_map(|at| Some((table.get(self.child_key(at).0)?.work, at)))
            .max_by_key(|&(work, at)| (work, std::cmp::Reverse(at)))
            .map(|(_, at)| at)
    }

    fn store(
        &mut self,
        moves: Cells,
        proof: Cells,
        pn: u32,
        dn: u32,
        work: u64,
        best: Option<Spot>,
    ) {
        let (key, turned) = self.key();
        let work = u32::try_from(work).unwrap_or(u32::MAX);
        self.table().put(Entry::new(
            key,
            self.turned_cells(turned, moves),
            self.turned_cells(turned, proof),
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
        // The clock is read at every position, not with the count below: a position can cost
        // a millisecond or more on 9x9 and up (1,024 of them took 1.2 s on the empty 9x9
        // board, against a limit of 0.2 s), and reading the clock costs tens of nanoseconds.
        if self
            .limits
            .time
            .is_some_and(|time| self.started.elapsed() >= time)
        {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        if self.nodes % 1024 == 0 {
            let new = self.nodes - self.counted;
            self.counted = self.nodes;
            let total = self.shared.nodes.fetch_add(new, Ordering::Relaxed) + new;
            if let Some(progress) = &mut self.progress {
                progress(total, self.root_bounds.0, self.root_bounds.1);
            }
            if self.over(self.limits, total) {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
        }
        self.stopped |= self.shared.stop.load(Ordering::Relaxed);
        self.stopped
    }

    /// Whether the search is past `limits` with `nodes` positions expanded.
    fn over(&self, limits: Limits, nodes: u64) -> bool {
        limits
            .time
            .is_some_and(|time| self.started.elapsed() >= time)
            || limits.nodes.is_some_and(|most| nodes >= most)
    }

    /// Changes the time and node limits (the table keeps its size).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Proves or disproves the position (within the limits); `Some(side to move wins)`.
    /// With more than one thread, the helpers' positions are added to [`Dfpn::nodes`].
    ///
    /// Every thread of the search, the first included, runs on a stack of [`STACK`]: the
    /// caller's own may be too small for the deepest search a board allows.
    pub fn solve(&mut self) -> Option<bool> {
        std::thread::scope(|scope| {
            deep(scope, || self.solve_here())
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e))
        })
    }

    fn solve_here(&mut self) -> Option<bool> {
        self.started = Instant::now();
        self.stopped = false;
        self.shared.stop.store(false, Ordering::Relaxed);
        self.shared.nodes.store(self.nodes, Ordering::Relaxed);
        self.counted = self.nodes;
        if self.threads <= 1 {
            return self.run();
        }
        // A small search is over before the helpers would have started: it runs alone, and
        // gives the same numbers every time.
        if self.solo_nodes > 0 {
            let limits = self.limits;
            let solo = self.nodes + self.solo_nodes;
            self.limits.nodes = Some(limits.nodes.map_or(solo, |nodes| nodes.min(solo)));
            let found = self.run();
            self.limits = limits;
            if found.is_some() || self.over(limits, self.nodes) {
                return found;
            }
            self.stopped = false;
            self.shared.stop.store(false, Ordering::Relaxed);
        }
        let helpers: Vec<Dfpn> = (1..self.threads).map(|_| self.helper()).collect();
        let (mut found, helped) = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|mut helper| deep(scope, move || (helper.run(), helper.nodes)))
                .collect();
            let found = self.run();
            self.shared.stop.store(true, Ordering::Relaxed);
            let helped: Vec<(Option<bool>, u64)> = running
                .into_iter()
                .map(|thread| {
                    thread
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e))
                })
                .collect();
            (found, helped)
        });
        for (answer, nodes) in helped {
            self.nodes += nodes;
            // The thread that solved the root may be a helper, and a small table may have
            // lost the root's entry since: its answer is the search's.
            found = found.or(answer);
        }
        let root_proven = self.entry().is_some_and(|entry| entry.proven());
        if found.is_some() && !root_proven {
            // Prove the root again alone, from what the table kept, for its winning move.
            self.stopped = false;
            self.shared.stop.store(false, Ordering::Relaxed);
            found = self.run().or(found);
        }
        found
    }

    /// One thread's search from the root, until the root is solved (by any thread) or a
    /// limit is reached.
    fn run(&mut self) -> Option<bool> {
        loop {
            let (pn, dn) = self.mid(INFINITE, INFINITE);
            self.root_bounds = (pn, dn);
            let (pn, dn) = match self.entry() {
                Some(entry) if entry.proven() => (entry.pn, entry.dn),
                _ => (pn, dn),
            };
            if pn == 0 || dn == 0 {
                self.shared.stop.store(true, Ordering::Relaxed);
                return Some(pn == 0);
            }
            if self.stopped {
                return None;
            }
        }
    }

    /// The judgement of a position: from the table, the book, or the knowledge. An open
    /// position's moves, the cells that show the others lose and the fill-in the knowledge
    /// found (none when the table knew the position), or a solved one's bounds.
    fn judge(&mut self) -> Result<(Cells, Cells, Option<Inferior>), (u32, u32)> {
        if let Some(entry) = self.entry() {
            if entry.proven() {
                return Err((entry.pn, entry.dn));
            }
            return Ok((entry.moves(), entry.proof(), None));
        }
        let (key, turned) = self.key();
        if let Some(&(wins, best)) = self.book.as_deref().and_then(|book| book.get(&key)) {
            let (pn, dn) = if wins { (0, INFINITE) } else { (INFINITE, 0) };
            // The book's moves are in the key's orientation; store them as found. It keeps no
            // proofs: every cell may matter.
            let all = self.geometry().all;
            self.store(Cells::EMPTY, all, pn, dn, 1, self.turned(turned, best));
            return Err((pn, dn));
        }
        // The line's fill-in, unless a move of the line was played into it.
        let empty = self.position.empty(self.geometry());
        let inherited = match self.fills.last() {
            Some(fill) if (fill.dead | fill.captured[0] | fill.captured[1]).is_subset(empty) => {
                *fill
            }
            _ => Inferior::default(),
        };
        let keys = LineKeys {
            this: self.hash[0],
            parent: self.above.last().copied(),
        };
        let (decision, order, fill) =
            (self.expert).decide_in_line(&self.position, &inherited, &mut self.line, keys);
        if !order.is_empty() {
            self.keep_order(order);
        }
        match decision {
            Decision::Won { best, proof } => {
                self.store(Cells::EMPTY, proof, 0, INFINITE, 1, best);
                Err((0, INFINITE))
            }
            Decision::Lost { proof } => {
                self.store(Cells::EMPTY, proof, INFINITE, 0, 1, None);
                Err((INFINITE, 0))
            }
            Decision::Consider { moves, proof } => Ok((moves, proof, Some(fill))),
        }
    }

    /// The moves in the order to try them ([`Expert::ordered`]), kept for when the search
    /// comes back; the moves left then are a part of those first ordered, in the same order.
    fn order(&mut self, moves: Cells) -> Vec<Spot> {
        let key = self.hash[0];
        if let Some(order) = self.orders.get(&key) {
            let kept: Vec<Spot> = order
                .iter()
                .copied()
                .filter(|&at| moves.contains(at))
                .collect();
            if kept.len() == moves.len() {
                return kept;
            }
        }
        let order = self.expert.ordered(&self.position, moves);
        self.keep_order(order.clone());
        order
    }

    /// Keeps the order of the position's moves for when the search comes back.
    fn keep_order(&mut self, order: Vec<Spot>) {
        if self.orders.len() >= ORDERS_KEPT {
            self.orders.clear();
        }
        self.orders.insert(self.hash[0], order);
    }

    /// Multiple iterative deepening: searches below the position until it is solved or its
    /// numbers reach the thresholds; returns them.
    ///
    /// A move that loses tells more than that: the opponent's win depends only on the cells
    /// of its proof, so every other move outside them loses as well and is dropped.
    fn mid(&mut self, pn_limit: u32, dn_limit: u32) -> (u32, u32) {
        self.nodes += 1;
        let (mut moves, mut proof, found) = match self.judge() {
            Ok(found) => found,
            Err(bounds) => return bounds,
        };
        let before = self.nodes;
        let order = self.order(moves);
        let key = self.key().0;
        self.enter(key);
        let fill = found.unwrap_or_else(|| self.fills.last().copied().unwrap_or_default());
        self.fills.push(fill);
        self.above.push(self.hash[0]);
        let mut returned = [(0, 0); Cells::CAPACITY];
        // Each child's bounds this time round, by cell: one look in the table each; and
        // whether another thread is searching below it.
        let mut bounds = [(0, 0); Cells::CAPACITY];
        let mut busy = [false; Cells::CAPACITY];
        let mut first = true;
        let mut real;
        loop {
            self.look(&mut moves, &mut proof, &returned, &mut bounds, &mut busy);
            let live = moves.iter().filter(|&at| bounds[at.index()].0 != 0).count();
            // The numbers as they are, and as they look beside the other threads.
            real = Pick::new();
            let mut seen = Pick::new();
            // Widening: only the first quarter (half without the resistance's order) of the
            // moves not yet lost count, in the order they are tried, so that the search goes
            // deep into a few instead of a little into all; a lost move makes room for the
            // next. A small share pays only with the better order. With the full OR rule, a
            // half searched 10.2k positions on the 7x7 openings A1, C1, D1, E1, F1 and left G2
            // and A4 unproven in 60 s; a third 9.1k and 346k on B1, G1, A2, G2, A4; a quarter
            // 9.5k and 339k. With the edge templates that need a second stone and the OR rule
            // over four, the 25 distinct 7x7 openings took 351k positions and 53.1 s with a
            // half, 334k and 47.3 s with a third, 337k and 45.5 s with a quarter, 369k and
            // 47.3 s with a fifth; the 8x8 openings proved the same 20 of 32 with a third and a
            // quarter. Over six: 281k and 41.7 s with a third, 305k and 41.9 s with a quarter,
            // 333k and 44.0 s with a fifth; 8x8 20 and 19 of 32 with a third and a quarter.
            let share = if self.knowledge.resistance { 4 } else { 2 };
            let mut window = if live < 2 || !self.knowledge.widening {
                usize::MAX
            } else {
                1 + live.div_ceil(share)
            };
            for &at in &order {
                if !moves.contains(at) {
                    continue;
                }
                let (cpn, cdn) = bounds[at.index()];
                if cpn != 0 {
                    if window == 0 {
                        continue;
                    }
                    window -= 1;
                }
                real.add(at, cpn, cdn);
                if busy[at.index()] {
                    seen.add(at, weighted(cpn), weighted(cdn));
                } else {
                    seen.add(at, cpn, cdn);
                }
            }
            // A thread that came here for nothing (it was sent in before another thread
            // went below one of the children) follows the other one rather than go back up.
            let pick = if first && real.within(pn_limit, dn_limit) {
                real
            } else {
                seen
            };
            if real.pn == 0
                || real.dn == 0
                || !pick.within(pn_limit, dn_limit)
                || self.out_of_limits()
            {
                break;
            }
            let child_pn_limit = (dn_limit - (pick.dn - pick.best_pn)).min(INFINITE);
            // The slack is a third of the second best's number (docs/tuning/hex.md).
            let child_dn_limit = pn_limit
                .min(pick.second.saturating_add(pick.second / 3 + 1))
                .min(INFINITE);
            let best = pick.best.expect("a pick within the limits has a child");
            self.play(best);
            returned[best.index()] = self.mid(child_pn_limit, child_dn_limit);
            self.undo(best);
            first = false;
        }
        self.leave(key);
        self.fills.pop();
        self.above.pop();
        let (pn, dn, mut best) = (real.pn, real.dn, real.best);
        if pn == 0 {
            // The winning move's proof (its child's) is this position's.
            let winning = best.expect("a won position has a winning move");
            proof = self.child(&self.table(), winning, &returned).2;
        } else if dn == 0 {
            // Every move searched loses, each by its own proof; the others by `proof`.
            best = None;
            let table = self.table();
            for at in moves {
                proof |= self.child(&table, at, &returned).2;
            }
        }
        self.store(moves, proof, pn, dn, self.nodes - before + 1, best);
        (pn, dn)
    }

    /// Reads every child's bounds from the table (into `bounds`), and whether another
    /// thread is below it (into `busy`). A lost child drops the moves outside its proof.
    fn look(
        &self,
        moves: &mut Cells,
        proof: &mut Cells,
        returned: &[(u32, u32); Cells::CAPACITY],
        bounds: &mut [(u32, u32); Cells::CAPACITY],
        busy: &mut [bool; Cells::CAPACITY],
    ) {
        let table = self.table();
        for at in *moves {
            let (cpn, cdn, cproof) = self.child(&table, at, returned);
            let kept = cproof | Cells::single(at);
            if cpn == 0 && self.knowledge.proof_sets && !moves.is_subset(kept) {
                *moves &= kept;
                *proof |= cproof;
            }
            bounds[at.index()] = (cpn, cdn);
        }
        drop(table);
        if self.threads > 1 {
            let below = lock(&self.shared.busy);
            for at in *moves {
                busy[at.index()] = below.contains_key(&self.child_key(at).0);
            }
        }
    }

    /// Marks the position as one this thread searches below (with more than one thread).
    fn enter(&self, key: u64) {
        if self.threads > 1 {
            *lock(&self.shared.busy).entry(key).or_default() += 1;
        }
    }

    /// Takes back [`Dfpn::enter`].
    fn leave(&self, key: u64) {
        if self.threads > 1 {
            let mut below = lock(&self.shared.busy);
            if let Some(count) = below.get_mut(&key) {
                *count -= 1;
                if *count == 0 {
                    below.remove(&key);
                }
            }
        }
    }

    /// Counts the distinct positions of the proof tree below the search's (proven) position,
    /// proving again whatever the table has lost, within what is left of the search's time
    /// limit (so that a limit holds for the search and its count together): past it, a lost
    /// part counts as one position, and the size is a lower bound.
    pub fn proof_size(&mut self) -> u64 {
        self.walk_proof(None)
    }

    /// The proof tree below the search's (proven) position, as [`Dfpn::proof_size`] walks
    /// it: each of its positions in depth-first order, the root first.
    pub fn proof_tree(&mut self) -> Vec<ProofStep> {
        let mut steps = Vec::new();
        self.walk_proof(Some(&mut steps));
        steps
    }

    fn walk_proof(&mut self, steps: Option<&mut Vec<ProofStep>>) -> u64 {
        let mut seen = HashSet::new();
        let (stopped, started, limits) = (self.stopped, self.started, self.limits);
        let deadline = limits.time.map(|time| started + time);
        let mut walk = Walk {
            seen: &mut seen,
            deadline,
            steps,
        };
        let size = self.count(&mut walk, (0, None));
        (self.stopped, self.started, self.limits) = (stopped, started, limits);
        size
    }

    /// Counts the proof tree's distinct positions below the position, reached at `depth` by
    /// the move `at` (none at the root); records each step when asked.
    fn count(&mut self, walk: &mut Walk, (depth, at): (u32, Option<Spot>)) -> u64 {
        let fresh = walk.seen.insert(self.key().0);
        let step = walk.steps.as_deref_mut().map(|steps| {
            steps.push(ProofStep {
                depth,
                at,
                transposition: !fresh,
                decided: false,
            });
            steps.len() - 1
        });
        if !fresh {
            return 0;
        }
        let deadline = walk.deadline;
        let entry = match self.entry() {
            Some(entry) if entry.proven() => entry,
            _ => {
                if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                    return 1;
                }
                // A lost part is proved again within what is left of the time.
                if let Some(deadline) = deadline {
                    self.limits.time = Some(deadline.saturating_duration_since(Instant::now()));
                }
                self.solve();
                match self.entry() {
                    Some(entry) if entry.proven() => entry,
                    _ => return 1,
                }
            }
        };
        let moves: Cells = match self.decide() {
            Decision::Won { .. } | Decision::Lost { .. } => {
                if let (Some(steps), Some(i)) = (walk.steps.as_deref_mut(), step) {
                    steps[i].decided = true;
                }
                return 1;
            }
            // The moves the search kept (a proof from the book keeps none: all of them).
            Decision::Consider { moves, .. } if entry.moves().is_empty() => moves,
            Decision::Consider { .. } => entry.moves(),
        };
        let children: Vec<Spot> = if entry.pn == 0 {
            entry.best.into_iter().collect()
        } else {
            moves.iter().collect()
        };
        let mut total = 1;
        for at in children {
            if !moves.contains(at) && entry.pn != 0 {
                continue;
            }
            self.play(at);
            total += self.count(walk, (depth + 1, Some(at)));
            self.undo(at);
        }
        total
    }
}
