//! The player: Monte Carlo tree search with RAVE and playouts that answer bridge intrusions.
//!
//! Each simulation walks the tree from the root, choosing by the mix of a child's own win
//! rate and its all-moves-as-first (AMAF) rate (RAVE), then fills the rest of the board at
//! random, except that a stone played into one of the two empty cells of a bridge (two
//! stones of one side with two common empty neighbours, or a stone one row from its own edge
//! with two empty edge cells before it) is answered at once in the other cell. A filled Hex
//! board has exactly one winner, found by one flood fill at the end. In a filled board every
//! cell was played exactly once, so a cell's colour is the AMAF statistic of its move.
//!
//! On boards up to 11x11 the search asks the shared Hex knowledge ([`Expert::decide`]): at
//! the root first (a proven win is played at once, and only the must-play moves are
//! searched), and once at every node that reaches a number of visits (as MoHex does): a
//! node the knowledge decides is proven, and proofs go up the tree (a move to a position
//! lost for the opponent wins; a position where every move loses is lost); otherwise the
//! node keeps only the moves to consider.
//!
//! Several threads each grow a tree of their own from the same root (root parallelism) with
//! their own seed; their root statistics are summed. With [`Settings::shared_tree`] they grow
//! one tree together instead (tree parallelism), sharing its nodes without a lock:
//! statistics are atomic numbers read and written at will (two threads adding at once may
//! lose an addition, which statistics can bear), a node's children are made by the one
//! thread that claims it and published whole, and the knowledge prunes a move by marking it
//! rather than by moving nodes. A simulation counts its visit on every node of its path on
//! the way down (a virtual loss until its result comes), so that the other threads
//! meanwhile take other paths; the AMAF statistics of the root's moves, which every
//! simulation updates, each thread adds in batches.

use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicU32, AtomicU64, AtomicUsize};
use std::sync::{Arc, OnceLock, RwLock};
use std::time::{Duration, Instant};

use super::patterns::{self, Frame};
use super::policy;
use crate::board::Player;
use crate::cells::{Cells, Spot};
use crate::game::{Color, Game, Move, Point};
use crate::geometry::slot;
use crate::knowledge::{Decision, Expert};
use crate::position::Position;
use crate::solver::MAX_SOLVER_SIZE;

/// How much work a move may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Stop after this long (checked every few simulations).
    pub time: Option<Duration>,
    /// Stop after this many simulations in all (shared among the threads).
    pub playouts: Option<u64>,
    /// Threads searching (see [`Settings::shared_tree`]).
    pub threads: usize,
    /// The seed of the random playouts: with `playouts` and one thread the search is
    /// deterministic.
    pub seed: u64,
}

impl Default for Budget {
    /// One second a move, two threads.
    fn default() -> Budget {
        Budget {
            time: Some(Duration::from_secs(1)),
            playouts: None,
            threads: 2,
            seed: 1,
        }
    }
}

/// The search's tunable ideas, so that a match can compare them; the matches behind each
/// default are in `docs/tuning/hex.md`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Answer bridge intrusions in playouts.
    pub bridges: bool,
    /// Mix in the AMAF rate (RAVE); the equivalence parameter of the RAVE weight.
    pub rave: Option<f64>,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// Visits of a leaf before it is expanded (MoHex's 10 is cheaper but measured weaker).
    pub expand_after: u32,
    /// Ask the Hex knowledge at the root, and at a node once it has this many visits
    /// (boards up to 11x11; `None`: never).
    pub knowledge: Option<u32>,
    /// Progressive bias from the learned move patterns ([`patterns::LEARNED`]): a child's
    /// value gains c·P/√(n+1), P its pattern's share of the gammas of its siblings' and
    /// n its visits; the constant c (`None`: off).
    pub patterns: Option<f64>,
    /// The threads grow one tree together (else each its own, their root statistics
    /// summed); off, as it measured even at best.
    pub shared_tree: bool,
    /// Once the knowledge has looked at a node (and at the root), the captured cells it
    /// found are given to their captors in every simulation through it, so that the
    /// playouts below start from the filled-in board (MoHex's fill-in).
    pub fill_in: bool,
    /// On 11x11, the board the policy network ([`policy::LEARNED`]) learned, once a node has
    /// had more than this many visits (the root too) the priors of its children come from the
    /// network instead of the patterns (`None`: never; nor without [`Settings::patterns`],
    /// whose bias they are).
    pub policy: Option<u32>,
}

impl Default for Settings {
    /// Bridge replies, RAVE with equivalence parameter 1000, no UCT term, expansion at the
    /// first visit, knowledge at [`KNOWLEDGE_AFTER`] visits, the pattern bias with constant 3,
    /// its priors from the policy network past 30 visits on 11x11.
    fn default() -> Settings {
        Settings {
            bridges: true,
            rave: Some(1000.0),
            exploration: 0.0,
            expand_after: 1,
            knowledge: Some(KNOWLEDGE_AFTER),
            patterns: Some(3.0),
            shared_tree: false,
            fill_in: true,
            policy: Some(30),
        }
    }
}

/// The visits after which a node asks the knowledge, by default.
pub const KNOWLEDGE_AFTER: u32 = 256;

/// The result of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The move chosen.
    pub best: Move,
    /// Each move searched (every empty point but those the knowledge rules out) with its
    /// visits and the mover's win rate (0..=1) after it (1 or 0 when proven).
    pub values: Vec<(Point, u64, f64)>,
    /// The expected line of play from the root of the first thread's tree.
    pub variation: Vec<Point>,
    /// Simulations run in all.
    pub playouts: u64,
    /// The mover's estimated chance of winning with the best move.
    pub win_rate: f64,
}

impl Evaluation {
    /// The analysis of a move the knowledge proves to win, or the only one to consider.
    fn proven(point: Point) -> Evaluation {
        Evaluation {
            best: Move::Play(point),
            values: vec![(point, 0, 1.0)],
            variation: vec![point],
            playouts: 0,
            win_rate: 1.0,
        }
    }
}

/// Cells in a padded board: the board with a one-cell frame.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

/// The other side's code: Black's for White, White's for Black.
const fn opponent(code: u8) -> u8 {
    BLACK + WHITE - code
}

/// The knowledge's player of a colour code (Black is the contest's O).
fn player(code: u8) -> Player {
    if code == BLACK { Player::O } else { Player::X }
}

fn code(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The position in the padded form the search plays on: a frame one cell wide whose top and
/// bottom rows are Black and left and right columns White, so that edges behave as stones
/// (bridges to an edge are bridges) and neighbours are fixed offsets.
#[derive(Clone)]
struct Padded {
    size: usize,
    width: usize,
    cells: Vec<u8>,
    /// The six neighbour offsets in turning order: consecutive ones are neighbours of each
    /// other.
    around: [isize; 6],
    /// Where the cells of each move's pattern lie in `cells`.
    frame: Arc<Frame>,
    /// The cell of the game's last move, when it was a stone.
    last: Option<usize>,
}

impl Padded {
    fn new(game: &Game) -> Padded {
        let size = usize::from(game.size());
        let width = size + 2;
        let mut cells = vec![EMPTY; width * width];
        for r in 0..width {
            for c in 0..width {
                let at = r * width + c;
                if r == 0 || r == width - 1 {
                    cells[at] = BLACK;
                } else if c == 0 || c == width - 1 {
                    cells[at] = WHITE;
                }
            }
        }
        for point in game.points() {
            if let Some(color) = game.get(point) {
                cells[Self::at_width(width, point)] = code(color);
            }
        }
        let last = match game.history().last() {
            Some(&(_, Move::Play(point))) => Some(Self::at_width(width, point)),
            _ => None,
        };
        let w = width as isize;
        let frame = Frame::new(game.rows(), game.cols(), |row, col| {
            Self::at_width(width, Point { row, col })
        });
        Padded {
            size,
            width,
            cells,
            around: [-w, -w + 1, 1, w, w - 1, -1],
            frame: Arc::new(frame),
            last,
        }
    }

    fn at_width(width: usize, point: Point) -> usize {
        (usize::from(point.row) + 1) * width + usize::from(point.col) + 1
    }

    #[cfg(test)]
    fn at(&self, point: Point) -> usize {
        Self::at_width(self.width, point)
    }

    fn point(&self, at: usize) -> Point {
        Point {
            row: (at / self.width - 1) as u8,
            col: (at % self.width - 1) as u8,
        }
    }

    fn inside(&self, at: usize) -> bool {
        let (r, c) = (at / self.width, at % self.width);
        (1..=self.size).contains(&r) && (1..=self.size).contains(&c)
    }

    /// The cell that saves `owner`'s bridge broken by a stone at `at`, if any: an empty
    /// neighbour of `at` whose two neighbours on either side (around `at`) are `owner`'s.
    /// With several, the first in turning order.
    fn bridge_reply(&self, at: usize, owner: u8) -> Option<usize> {
        let n = self.around.map(|d| at.wrapping_add_signed(d));
        (0..6).find_map(|i| {
            let q = n[i];
            (self.cells[q] == EMPTY
                && self.cells[n[(i + 5) % 6]] == owner
                && self.cells[n[(i + 1) % 6]] == owner)
                .then_some(q)
        })
    }

    /// The learned gamma of a move at `at` (a cell of the board) by `mover`.
    #[inline]
    fn gamma(&self, at: usize, mover: u8) -> f32 {
        let color = if mover == BLACK {
            Color::Black
        } else {
            Color::White
        };
        (self.frame).gamma(&patterns::LEARNED_DIRECT, at, color, |q| {
            SEEN[usize::from(self.cells[q])]
        })
    }

    /// The knowledge's index of the cell `at` (row-major over the board without frame).
    fn index(&self, at: usize) -> Spot {
        let (r, c) = (at / self.width - 1, at % self.width - 1);
        Spot::at(r, c, self.size)
    }

    /// The cell of the knowledge's index.
    fn at_index(&self, index: Spot) -> usize {
        let (r, c) = (index.index() / self.size, index.index() % self.size);
        (r + 1) * self.width + c + 1
    }

    /// The position for the knowledge (boards up to 11x11), `to_move` to move.
    fn position(&self, to_move: u8) -> Position {
        let mut stones = [Cells::EMPTY; 2];
        for at in 0..self.cells.len() {
            let code = self.cells[at];
            if code != EMPTY && self.inside(at) {
                stones[slot(player(code))].insert(self.index(at));
            }
        }
        Position {
            stones,
            to_move: player(to_move),
        }
    }

    /// Whether Black joins top and bottom on this (full or not) board.
    fn black_wins(&self, seen: &mut Vec<bool>, stack: &mut Vec<usize>) -> bool {
        seen.clear();
        seen.resize(self.cells.len(), false);
        stack.clear();
        for c in 1..=self.size {
            let at = self.width + c;
            if self.cells[at] == BLACK {
                seen[at] = true;
                stack.push(at);
            }
        }
        let last = self.size;
        while let Some(at) = stack.pop() {
            if at / self.width == last {
                return true;
            }
            for d in self.around {
                let to = at.wrapping_add_signed(d);
                if !seen[to] && self.cells[to] == BLACK && self.inside(to) {
                    seen[to] = true;
                    stack.push(to);
                }
            }
        }
        false
    }
}

/// A small, fast random number generator (xorshift64*), seeded per thread.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // SplitMix64 of the seed, so that nearby seeds give unrelated streams.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// Whether a node's position is proven, for the side that moved into it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Proof {
    #[default]
    Open,
    Won,
    Lost,
}

impl Proof {
    fn code(self) -> u8 {
        match self {
            Proof::Open => 0,
            Proof::Won => 1,
            Proof::Lost => 2,
        }
    }

    fn of(code: u8) -> Proof {
        match code {
            1 => Proof::Won,
            2 => Proof::Lost,
            _ => Proof::Open,
        }
    }
}

/// A node of the tree: the move that led to it and the statistics from the point of view of
/// the side that made that move. Threads share nodes: each field is atomic, and statistics
/// are read and written without a lock (two threads adding at once may lose one addition,
/// which statistics can bear); a node's children are published once, whole.
#[derive(Default)]
struct Node {
    cell: AtomicU16,
    visits: AtomicU32,
    wins: AtomicU32,
    amaf_visits: AtomicU32,
    amaf_wins: AtomicU32,
    /// The children: the first one's index times 2^16 plus their number (0: none yet).
    span: AtomicU64,
    proof: AtomicU8,
    /// Whether the knowledge has been asked about this node (by one thread).
    asked: AtomicBool,
    /// Whether the policy network has given this node's children their priors (or a thread
    /// has taken that on).
    guided: AtomicBool,
    /// Whether a thread has taken on giving this node its children.
    expanding: AtomicBool,
    /// Whether the knowledge ruled this move out (its parent keeps the others).
    pruned: AtomicBool,
    /// The prior of the move from the learned patterns (its share of its siblings' gammas),
    /// as f32 bits.
    bias: AtomicU32,
    /// The captured cells the knowledge found here, as 1 + their index in [`Tree::fills`]
    /// (0: none).
    fill: AtomicU32,
}

/// What a node holds at one moment, as plain numbers.
#[derive(Clone, Copy, Debug, Default)]
struct Stats {
    cell: u16,
    visits: u32,
    wins: u32,
    amaf_visits: u32,
    amaf_wins: u32,
    children: u16,
    proof: Proof,
    asked: bool,
    guided: bool,
    pruned: bool,
    bias: f32,
}

/// An addition that may race with another thread's (see [`Node`]).
fn add(counter: &AtomicU32, n: u32) {
    counter.store(counter.load(Relaxed).wrapping_add(n), Relaxed);
}

impl Node {
    fn get(&self) -> Stats {
        let span = self.span.load(Acquire);
        Stats {
            cell: self.cell.load(Relaxed),
            visits: self.visits.load(Relaxed),
            wins: self.wins.load(Relaxed),
            amaf_visits: self.amaf_visits.load(Relaxed),
            amaf_wins: self.amaf_wins.load(Relaxed),
            children: span as u16,
            proof: self.proof(),
            asked: self.asked.load(Relaxed),
            guided: self.guided.load(Relaxed),
            pruned: self.pruned.load(Relaxed),
            bias: f32::from_bits(self.bias.load(Relaxed)),
        }
    }

    /// Sets the statistics and flags of `stats` (not the children, nor who expands them).
    fn set(&self, stats: Stats) {
        self.cell.store(stats.cell, Relaxed);
        self.visits.store(stats.visits, Relaxed);
        self.wins.store(stats.wins, Relaxed);
        self.amaf_visits.store(stats.amaf_visits, Relaxed);
        self.amaf_wins.store(stats.amaf_wins, Relaxed);
        self.set_proof(stats.proof);
        self.asked.store(stats.asked, Relaxed);
        self.guided.store(stats.guided, Relaxed);
        self.pruned.store(stats.pruned, Relaxed);
        self.bias.store(stats.bias.to_bits(), Relaxed);
    }

    fn proof(&self) -> Proof {
        Proof::of(self.proof.load(Relaxed))
    }

    fn set_proof(&self, proof: Proof) {
        self.proof.store(proof.code(), Relaxed);
    }

    /// The range of the children (empty before they are published).
    fn children(&self) -> std::ops::Range<usize> {
        let span = self.span.load(Acquire);
        let first = (span >> 16) as usize;
        first..first + usize::from(span as u16)
    }
}

/// The most nodes a tree may hold (about 40 bytes each); past it leaves stop expanding.
const MAX_NODES: usize = 1 << 22;

/// Nodes are allocated in blocks of this many, as the tree grows.
const BLOCK: usize = 1 << 16;

/// The nodes of a tree: blocks made as they are first needed, so that threads can add
/// nodes while others read, and an index stays put.
struct Arena {
    blocks: Vec<OnceLock<Box<[Node]>>>,
    /// Nodes handed out so far.
    len: AtomicUsize,
}

impl Arena {
    fn new() -> Arena {
        Arena {
            blocks: (0..MAX_NODES / BLOCK).map(|_| OnceLock::new()).collect(),
            len: AtomicUsize::new(0),
        }
    }

    /// `count` (at most [`BLOCK`]) new nodes in a row within one block (their first
    /// index), if the tree has room.
    fn alloc(&self, count: usize) -> Option<usize> {
        let mut len = self.len.load(Relaxed);
        let first = loop {
            // A run that would cross into the next block starts there.
            let first = if len % BLOCK + count > BLOCK {
                len.next_multiple_of(BLOCK)
            } else {
                len
            };
            if first + count > MAX_NODES {
                return None;
            }
            match self
                .len
                .compare_exchange_weak(len, first + count, Relaxed, Relaxed)
            {
                Ok(_) => break first,
                Err(now) => len = now,
            }
        };
        self.blocks[first / BLOCK].get_or_init(|| (0..BLOCK).map(|_| Node::default()).collect());
        Some(first)
    }

    /// The block of node `at`, and where in it the node is.
    fn block(&self, at: usize) -> (&[Node], usize) {
        let block = self.blocks[at / BLOCK]
            .get()
            .expect("a node handed out lies in a block made");
        (block, at % BLOCK)
    }

    /// The nodes `range` (within one block, as [`Arena::alloc`] hands them out).
    fn run(&self, range: std::ops::Range<usize>) -> &[Node] {
        if range.is_empty() {
            return &[];
        }
        let (block, start) = self.block(range.start);
        &block[start..start + range.len()]
    }
}

impl std::ops::Index<usize> for Arena {
    type Output = Node;

    fn index(&self, at: usize) -> &Node {
        let (block, i) = self.block(at);
        &block[i]
    }
}

struct Tree {
    nodes: Arena,
    root_color: u8,
    settings: Settings,
    /// For the visits n of a child below [`CURVE_LEN`]: the RAVE weight β and √(n+1), worked
    /// out once (the same numbers as at each selection, without the square roots).
    curve: Box<[(f64, f64)]>,
    /// The cells filled in at nodes ([`Settings::fill_in`]), with their stones' codes.
    fills: RwLock<Vec<Fill>>,
}

/// Cells and the stones that fill them in.
type Fill = Box<[(u16, u8)]>;

/// The visits up to which [`Tree::curve`] holds a child's β and √(n+1).
const CURVE_LEN: usize = 1024;

/// The RAVE weight of a child with `n` visits and its own AMAF statistics, with the
/// equivalence parameter `k`.
fn rave_beta(k: f64, n: f64) -> f64 {
    (k / (3.0 * n + k)).sqrt()
}

impl Tree {
    fn new(root: &Padded, color: u8, settings: Settings) -> Tree {
        let tree = Tree::empty(color, settings);
        tree.expand(0, root, color);
        tree
    }

    /// A tree of the root alone.
    fn empty(color: u8, settings: Settings) -> Tree {
        let nodes = Arena::new();
        nodes.alloc(1);
        let k = settings.rave.unwrap_or(1.0);
        let curve = (0..CURVE_LEN)
            .map(|n| (rave_beta(k, n as f64), (n as f64 + 1.0).sqrt()))
            .collect();
        Tree {
            nodes,
            root_color: color,
            settings,
            curve,
            fills: RwLock::default(),
        }
    }

    /// Gives `node` its children, one for each empty cell, unless another thread is doing
    /// so; with the patterns on, each child's prior is its pattern's share of the gammas.
    fn expand(&self, node: usize, board: &Padded, to_move: u8) {
        if self.nodes[node].expanding.swap(true, Relaxed) {
            return;
        }
        let empty: Vec<usize> = (0..board.cells.len())
            .filter(|&at| board.cells[at] == EMPTY)
            .collect();
        if empty.is_empty() {
            return;
        }
        let Some(first) = self.nodes.alloc(empty.len()) else {
            return;
        };
        let children = first..first + empty.len();
        for (child, &at) in children.clone().zip(&empty) {
            self.nodes[child].cell.store(at as u16, Relaxed);
        }
        if self.settings.patterns.is_some() {
            let gammas: Vec<f32> = (empty.iter()).map(|&at| board.gamma(at, to_move)).collect();
            let total: f32 = gammas.iter().sum();
            for (child, gamma) in children.clone().zip(gammas) {
                self.nodes[child]
                    .bias
                    .store((gamma / total).to_bits(), Relaxed);
            }
        }
        let span = (first as u64) << 16 | empty.len() as u64;
        self.nodes[node].span.store(span, Release);
    }

    /// Gives the children of `node` (its position `board`, `to_move` to move, the last move
    /// on `last`) the policy network's priors: the softmax of its logits over their cells.
    fn guide(&self, node: usize, board: &Padded, to_move: u8, last: Option<usize>) {
        let children = self.nodes[node].children();
        let cells: Vec<usize> = (children.clone())
            .map(|child| usize::from(self.nodes[child].cell.load(Relaxed)))
            .collect();
        if let Some(shares) = network_shares(board, to_move, last, &cells) {
            for (child, share) in children.zip(shares) {
                self.nodes[child].bias.store(share.to_bits(), Relaxed);
            }
        }
    }

    /// The cell of the last move at the end of `path` (a path of nodes from the root), the
    /// game's at the root.
    fn last_move(&self, root: &Padded, path: &[usize]) -> Option<usize> {
        match path {
            [_, .., last] => Some(usize::from(self.nodes[*last].cell.load(Relaxed))),
            _ => root.last,
        }
    }

    /// Keeps only the children of `node` on cells that `keep` accepts (all of them if it
    /// accepts none): the others are marked pruned.
    fn keep(&self, node: usize, keep: impl Fn(usize) -> bool) {
        let children = self.nodes[node].children();
        let kept: Vec<bool> = (children.clone())
            .map(|child| keep(usize::from(self.nodes[child].cell.load(Relaxed))))
            .collect();
        if kept.contains(&true) {
            for (child, kept) in children.zip(kept) {
                if !kept {
                    self.nodes[child].pruned.store(true, Relaxed);
                }
            }
        }
    }

    /// Asks the knowledge about `node` (its position `board`, `to_move` to move): proves it
    /// or keeps only the moves to consider.
    fn consult(&self, node: usize, board: &Padded, to_move: u8, expert: &Expert) {
        let (decision, captured) = expert.decide_captured(&board.position(to_move));
        match decision {
            Decision::Won { .. } => self.nodes[node].set_proof(Proof::Lost),
            Decision::Lost { .. } => self.nodes[node].set_proof(Proof::Won),
            Decision::Consider { moves, .. } => {
                self.keep(node, |at| moves.contains(board.index(at)));
                if self.settings.fill_in {
                    self.fill_in(node, board, captured);
                }
            }
        }
    }

    /// Has every simulation through `node` give the cells of `captured` (`[X, O]`) to
    /// their captors.
    fn fill_in(&self, node: usize, board: &Padded, captured: [Cells; 2]) {
        let fill: Fill = [BLACK, WHITE]
            .iter()
            .flat_map(|&color| {
                (captured[slot(player(color))].iter())
                    .map(move |index| (board.at_index(index) as u16, color))
            })
            .collect();
        self.set_fill(node, (!fill.is_empty()).then_some(fill));
    }

    /// Sets (or with `None` clears) the cells filled in at `node`.
    fn set_fill(&self, node: usize, fill: Option<Fill>) {
        let number = match fill {
            None => 0,
            Some(fill) => {
                let mut fills = self.fills.write().unwrap_or_else(|e| e.into_inner());
                fills.push(fill);
                fills.len() as u32
            }
        };
        self.nodes[node].fill.store(number, Relaxed);
    }

    /// Where the cells filled in at `node` are in [`Tree::fills`], if it has any.
    fn fill_index(&self, node: usize) -> Option<usize> {
        (self.nodes[node].fill.load(Relaxed) as usize).checked_sub(1)
    }

    /// The cells filled in at `node`, if any.
    fn fill_of(&self, node: usize) -> Option<Fill> {
        let i = self.fill_index(node)?;
        let fills = self.fills.read().unwrap_or_else(|e| e.into_inner());
        Some(fills[i].clone())
    }

    /// Fills in the cells of `node` (if it has any) on `board`.
    fn fill_board(&self, node: usize, board: &mut Padded) {
        let Some(i) = self.fill_index(node) else {
            return;
        };
        let fills = self.fills.read().unwrap_or_else(|e| e.into_inner());
        for &(at, color) in fills[i].iter() {
            board.cells[usize::from(at)] = color;
        }
    }

    /// The child to walk into: a proven win, else the highest mix of win rate and AMAF rate
    /// (plus exploration), proven losses last; pruned moves never.
    fn select(&self, node: usize, rng: &mut Rng) -> usize {
        let parent = self.nodes[node].get();
        let log_n = f64::from(parent.visits.max(1)).ln();
        let children = self.nodes[node].children();
        let first = children.start;
        let mut best = first;
        let mut best_value = f64::NEG_INFINITY;
        for (child, c) in (first..).zip(self.nodes.run(children)) {
            if c.pruned.load(Relaxed) {
                continue;
            }
            let c = Stats {
                visits: c.visits.load(Relaxed),
                wins: c.wins.load(Relaxed),
                amaf_visits: c.amaf_visits.load(Relaxed),
                amaf_wins: c.amaf_wins.load(Relaxed),
                proof: c.proof(),
                bias: f32::from_bits(c.bias.load(Relaxed)),
                ..Stats::default()
            };
            match c.proof {
                Proof::Won => return child,
                Proof::Lost => {
                    if best_value == f64::NEG_INFINITY {
                        best = child;
                        best_value = -1.0;
                    }
                    continue;
                }
                Proof::Open => {}
            }
            let n = f64::from(c.visits);
            let (beta, root) = match self.curve.get(c.visits as usize) {
                Some(&pair) => pair,
                None => (
                    self.settings.rave.map_or(0.0, |k| rave_beta(k, n)),
                    (n + 1.0).sqrt(),
                ),
            };
            let q = if c.visits > 0 {
                f64::from(c.wins) / n
            } else {
                0.5
            };
            let mut value = match self.settings.rave {
                Some(_) if c.amaf_visits > 0 => {
                    let an = f64::from(c.amaf_visits);
                    let aq = f64::from(c.amaf_wins) / an;
                    beta * aq + (1.0 - beta) * q
                }
                _ if c.visits == 0 => 1.0,
                _ => q,
            };
            if self.settings.exploration > 0.0 {
                value += self.settings.exploration * (log_n / (n + 1.0)).sqrt();
            }
            if let Some(k) = self.settings.patterns {
                value += k * f64::from(c.bias) / root;
            }
            // Ties are broken at random so that unexplored moves are not taken in board order.
            value += rng.below(1024) as f64 * 1e-9;
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        best
    }

    /// One simulation from the root position `root`, asking `expert` (if any) at nodes with
    /// enough visits. Each node of the path counts its visit on the way down (a virtual loss
    /// until the result comes: other threads meanwhile see the path as less promising).
    fn simulate(&self, root: &Padded, work: &mut Work, rng: &mut Rng, expert: Option<&Expert>) {
        let board = &mut work.board;
        board.cells.copy_from_slice(&root.cells);
        work.path.clear();
        work.path.push(0);
        add(&self.nodes[0].visits, 1);
        let mut node = 0usize;
        let mut to_move = self.root_color;
        let knowledge = expert.zip(self.settings.knowledge);
        // Down the tree, to a proven node or a leaf.
        loop {
            if node != 0 && self.nodes[node].proof() != Proof::Open {
                break;
            }
            self.fill_board(node, board);
            let mut n = self.nodes[node].get();
            if n.children == 0 {
                if n.visits > self.settings.expand_after && node != 0 {
                    self.expand(node, board, to_move);
                    n = self.nodes[node].get();
                    if n.children == 0 {
                        break;
                    }
                } else {
                    break;
                }
            }
            // The network's priors are the pattern bias's, so without the bias it is not asked.
            if let Some(after) = self.settings.policy
                && self.settings.patterns.is_some()
                && root.size == policy::SIZE
                && !n.guided
                && n.visits > after
                && !self.nodes[node].guided.swap(true, Relaxed)
            {
                let last = self.last_move(root, &work.path);
                self.guide(node, board, to_move, last);
            }
            if let Some((expert, after)) = knowledge
                && node != 0
                && !n.asked
                && n.visits > after
                && !self.nodes[node].asked.swap(true, Relaxed)
            {
                self.consult(node, board, to_move, expert);
                if self.nodes[node].proof() != Proof::Open {
                    break;
                }
            }
            let child = self.select(node, rng);
            let cell = usize::from(self.nodes[child].cell.load(Relaxed));
            if board.cells[cell] != EMPTY {
                // Filled in above since this node got its children: never a move here (and
                // when no move is left, the board is full).
                if self.nodes[child].pruned.swap(true, Relaxed) {
                    break;
                }
                continue;
            }
            board.cells[cell] = to_move;
            work.path.push(child);
            add(&self.nodes[child].visits, 1);
            node = child;
            to_move = opponent(to_move);
        }
        let bridges = self.settings.bridges;
        let last = (node != 0 && bridges).then(|| usize::from(self.nodes[node].cell.load(Relaxed)));
        // The root plays out whatever it is proven to be.
        let proof = if node == 0 {
            Proof::Open
        } else {
            self.nodes[node].proof()
        };
        let winner = match proof {
            Proof::Won => opponent(to_move),
            Proof::Lost => to_move,
            Proof::Open => playout(last, to_move, work, rng, bridges),
        };
        self.back_up(winner, work);
    }

    /// Counts the simulation's result along its path (its visits were counted on the way
    /// down), and carries proofs up from its end.
    fn back_up(&self, winner: u8, work: &mut Work) {
        let board = &work.board;
        // Each node's statistics are for the side that moved into it; the side to
        // move at a node is the other one.
        for (depth, &id) in work.path.iter().enumerate() {
            // The side to move at this node; its own statistics are the other side's.
            let to_move = if depth % 2 == 0 {
                self.root_color
            } else {
                opponent(self.root_color)
            };
            if depth > 0 && winner != to_move {
                add(&self.nodes[id].wins, 1);
            }
            // AMAF: the children of this node whose cell ended up the colour of the side to
            // move here (the root's counted in `work` first).
            if self.settings.rave.is_none() {
                continue;
            }
            let won = u32::from(winner == to_move);
            let children = self.nodes.run(self.nodes[id].children());
            let played = |c: &Node| board.cells[usize::from(c.cell.load(Relaxed))] == to_move;
            if depth == 0 {
                work.root_amaf.resize(children.len(), (0, 0));
                for (c, owed) in children.iter().zip(&mut work.root_amaf) {
                    if played(c) {
                        owed.0 += 1;
                        owed.1 += won;
                    }
                }
            } else {
                for c in children.iter().filter(|c| played(c)) {
                    add(&c.amaf_visits, 1);
                    add(&c.amaf_wins, won);
                }
            }
        }
        // A move to a position won for its mover makes the position before it lost for the
        // other side; a position whose every move is lost is won for the side that moved
        // into it.
        for pair in work.path.windows(2).rev() {
            let (parent, child) = (pair[0], pair[1]);
            let proof = match self.nodes[child].proof() {
                Proof::Won => Proof::Lost,
                Proof::Lost if self.children(parent).iter().all(|c| c.proof == Proof::Lost) => {
                    Proof::Won
                }
                _ => break,
            };
            self.nodes[parent].set_proof(proof);
        }
    }

    /// Adds the AMAF statistics `work` owes the root's children.
    fn flush(&self, work: &mut Work) {
        let children = self.nodes.run(self.nodes[0].children());
        for (c, owed) in children.iter().zip(&mut work.root_amaf) {
            add(&c.amaf_visits, owed.0);
            add(&c.amaf_wins, owed.1);
            *owed = (0, 0);
        }
    }

    /// The children of `node` that the knowledge has not ruled out.
    fn children(&self, node: usize) -> Vec<Stats> {
        (self.nodes[node].children())
            .map(|child| self.nodes[child].get())
            .filter(|c| !c.pruned)
            .collect()
    }

    /// The child of `node` on `cell`, if it has one.
    fn child_on(&self, node: usize, cell: usize) -> Option<usize> {
        (self.nodes[node].children())
            .find(|&child| usize::from(self.nodes[child].cell.load(Relaxed)) == cell)
    }

    /// The tree below the node reached by `path` from the root (cells and the sides that
    /// play them), as a tree of its own; `None` if the path leaves the tree.
    fn descend(self, path: &[(usize, u8)]) -> Option<Tree> {
        let mut node = 0usize;
        let mut color = self.root_color;
        for &(cell, side) in path {
            if side != color {
                return None;
            }
            node = self.child_on(node, cell)?;
            color = opponent(color);
        }
        if node == 0 {
            return Some(self);
        }
        // Copy the subtree, each node's children kept together as the tree needs.
        let tree = Tree::empty(color, self.settings);
        tree.nodes[0].set(self.nodes[node].get());
        let mut queue = std::collections::VecDeque::from([(node, 0usize)]);
        while let Some((from, to)) = queue.pop_front() {
            let children = self.nodes[from].children();
            if children.is_empty() {
                continue;
            }
            let first = tree.nodes.alloc(children.len())?;
            for (i, child) in children.clone().enumerate() {
                tree.nodes[first + i].set(self.nodes[child].get());
                tree.set_fill(first + i, self.fill_of(child));
                queue.push_back((child, first + i));
            }
            let span = (first as u64) << 16 | children.len() as u64;
            tree.nodes[to].span.store(span, Release);
            tree.nodes[to].expanding.store(true, Relaxed);
        }
        Some(tree)
    }

    fn root_children(&self) -> Vec<Stats> {
        self.children(0)
    }

    /// The line of most-visited children from the root.
    fn variation(&self, board: &Padded) -> Vec<Point> {
        let mut line = Vec::new();
        let mut node = 0;
        while let Some((_, best)) = (self.nodes[node].children())
            .filter_map(|c| {
                let s = self.nodes[c].get();
                (s.visits > 0 && !s.pruned).then_some((s.visits, c))
            })
            .max()
        {
            line.push(board.point(usize::from(self.nodes[best].cell.load(Relaxed))));
            node = best;
        }
        line
    }
}

/// The playout on `work.board` (`to_move` to move; `last`, the move before, to answer if it
/// intrudes into a bridge): the empty cells in random order, bridge intrusions answered with
/// `bridges`. The winner.
fn playout(
    last: Option<usize>,
    mut to_move: u8,
    work: &mut Work,
    rng: &mut Rng,
    bridges: bool,
) -> u8 {
    let board = &mut work.board;
    work.empties.clear();
    work.empties.extend(
        (0..board.cells.len())
            .filter(|&at| board.cells[at] == EMPTY)
            .map(|at| at as u16),
    );
    let empties = &mut work.empties;
    let len = empties.len();
    for i in (1..len).rev() {
        let j = rng.below(i + 1);
        empties.swap(i, j);
    }
    let mut reply = last.and_then(|last| board.bridge_reply(last, to_move));
    let mut next = 0;
    loop {
        let at = match reply.take() {
            Some(at) => at,
            None => {
                while next < len && board.cells[usize::from(empties[next])] != EMPTY {
                    next += 1;
                }
                if next == len {
                    break;
                }
                next += 1;
                usize::from(empties[next - 1])
            }
        };
        board.cells[at] = to_move;
        to_move = opponent(to_move);
        if bridges {
            reply = board.bridge_reply(at, to_move);
        }
    }
    let black = board.black_wins(&mut work.seen, &mut work.stack);
    if black { BLACK } else { WHITE }
}

/// The stone of each cell code.
const SEEN: [Option<Color>; 3] = [None, Some(Color::Black), Some(Color::White)];

/// Scratch space of one thread's simulations.
struct Work {
    board: Padded,
    path: Vec<usize>,
    empties: Vec<u16>,
    seen: Vec<bool>,
    stack: Vec<usize>,
    /// The AMAF visits and wins this thread owes the root's children, added to the tree
    /// every [`Work::flush_every`] simulations: every simulation updates them, and threads
    /// writing them at once would pass their memory to and fro.
    root_amaf: Vec<(u32, u32)>,
    /// Simulations between the additions (1 when one thread searches).
    flush_every: u64,
}

impl Work {
    fn new(root: &Padded, flush_every: u64) -> Work {
        Work {
            board: root.clone(),
            path: Vec::new(),
            empties: Vec::with_capacity(root.cells.len()),
            seen: Vec::new(),
            stack: Vec::new(),
            root_amaf: Vec::new(),
            flush_every,
        }
    }
}

/// Searches the position for `color` and reports every move's value.
///
/// The game must not be over and must have an empty point.
pub fn analyse(game: &Game, color: Color, limits: Budget, settings: Settings) -> Evaluation {
    Search::default().analyse(game, color, limits, settings)
}

/// Every empty point's prior for `color` from the learned patterns: the progressive bias
/// of the root's children in a tree with the patterns on.
pub fn priors(game: &Game, color: Color) -> Vec<(Point, f64)> {
    let board = Padded::new(game);
    let settings = Settings {
        patterns: Some(1.0),
        ..Settings::default()
    };
    let tree = Tree::new(&board, code(color), settings);
    (tree.root_children().iter())
        .map(|child| (board.point(usize::from(child.cell)), f64::from(child.bias)))
        .collect()
}

/// Every empty point's chance for `color` to move from the policy network (none when no
/// point is empty), `None` on a board of a size it did not learn ([`policy::SIZE`]): the
/// priors the search gives a node's children once it has had `--policy` visits.
pub fn network_priors(game: &Game, color: Color) -> Option<Vec<(Point, f64)>> {
    if usize::from(game.size()) != policy::SIZE || !game.is_square() {
        return None;
    }
    let board = Padded::new(game);
    let points: Vec<Point> = game.empty_points().collect();
    let cells: Vec<usize> = (points.iter())
        .map(|&p| Padded::at_width(board.width, p))
        .collect();
    let shares = network_shares(&board, code(color), board.last, &cells).unwrap_or_default();
    Some(
        points
            .into_iter()
            .zip(shares.into_iter().map(f64::from))
            .collect(),
    )
}

/// The policy network's chance of each of `cells` (cells of `board`) with `to_move` to move
/// after the move at `last`: its softmax over the empty ones, 0 for any other; `None` when
/// none is empty.
fn network_shares(
    board: &Padded,
    to_move: u8,
    last: Option<usize>,
    cells: &[usize],
) -> Option<Vec<f32>> {
    let mover = SEEN[usize::from(to_move)].expect("a side to move");
    let planes = policy::Policy::planes(board.size, mover, last.map(|at| board.point(at)), |p| {
        SEEN[usize::from(board.cells[Padded::at_width(board.width, p)])]
    });
    let logits = policy::LEARNED.logits(board.size, &planes);
    let logit = |at: usize| logits[policy::Policy::cell(board.size, mover, board.point(at))];
    let top = (cells.iter())
        .filter(|&&at| board.cells[at] == EMPTY)
        .map(|&at| logit(at))
        .fold(f32::NEG_INFINITY, f32::max);
    let weights: Vec<f32> = (cells.iter())
        .map(|&at| {
            if board.cells[at] == EMPTY {
                (logit(at) - top).exp()
            } else {
                0.0
            }
        })
        .collect();
    let total: f32 = weights.iter().sum();
    (total > 0.0).then(|| weights.iter().map(|w| w / total).collect())
}

/// A search that keeps its trees between calls: when the next position follows from the
/// last one by moves that the trees have explored (the engine's move and the opponent's
/// answer, say), the subtrees under those moves are kept with their statistics.
#[derive(Default)]
pub struct Search {
    trees: Vec<Tree>,
    /// The padded position and side to move the trees were grown for.
    root: Option<(Vec<u8>, u8)>,
    /// Whether trees are kept (on by default).
    pub reuse: Reuse,
    /// The knowledge of the last board size searched, if up to 11x11.
    expert: Option<Expert>,
}

/// Whether a [`Search`] keeps its trees between calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reuse {
    /// Keep the subtree of the new position when there is one.
    #[default]
    On,
    /// Start every search afresh.
    Off,
}

impl std::fmt::Debug for Search {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("trees", &self.trees.len())
            .field("reuse", &self.reuse)
            .finish()
    }
}

impl Clone for Search {
    /// A clone starts afresh: trees are not copied.
    fn clone(&self) -> Search {
        Search {
            reuse: self.reuse,
            ..Search::default()
        }
    }
}

impl Search {
    /// Whether the settings use the knowledge and the board is up to 11x11; if so, makes
    /// the knowledge of the root's board size.
    fn make_expert(&mut self, root: &Padded, settings: Settings) -> bool {
        if settings.knowledge.is_none() || root.size > usize::from(MAX_SOLVER_SIZE) {
            return false;
        }
        let size = root.size as u8;
        if self.expert.as_ref().is_none_or(|e| e.geometry.rows != size) {
            self.expert = Some(Expert::new(size));
        }
        true
    }

    /// The path of cells from the old root to `root` (sides alternating from the old
    /// root's), if `root` follows from it.
    fn path_to(&self, root: &Padded, color: u8) -> Option<Vec<(usize, u8)>> {
        let (old, old_color) = self.root.as_ref()?;
        if old.len() != root.cells.len() {
            return None;
        }
        let mut added = [Vec::new(), Vec::new()];
        for (at, (&was, &is)) in old.iter().zip(&root.cells).enumerate() {
            match (was, is) {
                (a, b) if a == b => {}
                (EMPTY, b) => added[usize::from(b - 1)].push(at),
                _ => return None,
            }
        }
        let mut path = Vec::new();
        let mut side = *old_color;
        while !added[0].is_empty() || !added[1].is_empty() {
            let cell = added[usize::from(side - 1)].pop()?;
            path.push((cell, side));
            side = opponent(side);
        }
        (side == color).then_some(path)
    }

    /// Searches the position for `color`, reusing what the last search found below it.
    pub fn analyse(
        &mut self,
        game: &Game,
        color: Color,
        limits: Budget,
        settings: Settings,
    ) -> Evaluation {
        let root = Padded::new(game);
        let expert = self
            .make_expert(&root, settings)
            .then_some(self.expert.as_ref())
            .flatten();
        // The root's decision: a proven win is played at once; otherwise only the moves to
        // consider are searched (all of them when the side to move has lost).
        let mut consider = None;
        let decided = expert.map(|e| e.decide_captured(&root.position(code(color))));
        match decided.map(|(decision, _)| decision) {
            Some(Decision::Won {
                best: Some(best), ..
            }) if best.index() < root.size * root.size
                && root.cells[root.at_index(best)] == EMPTY =>
            {
                return Evaluation::proven(root.point(root.at_index(best)));
            }
            Some(Decision::Consider { moves, .. }) => {
                let mut cells = (0..root.cells.len())
                    .filter(|&at| root.inside(at) && moves.contains(root.index(at)));
                if let (Some(only), None) = (cells.next(), cells.next()) {
                    return Evaluation::proven(root.point(only));
                }
                consider = Some(moves);
            }
            _ => {}
        }
        // The root's captured cells, to fill in at every simulation.
        let root_captured = (decided.filter(|_| consider.is_some() && settings.fill_in))
            .map(|(_, captured)| captured);
        let threads = limits.threads.max(1);
        let path = match self.reuse {
            Reuse::On => self.path_to(&root, code(color)),
            Reuse::Off => None,
        };
        let mut old: Vec<Option<Tree>> = std::mem::take(&mut self.trees)
            .into_iter()
            .map(|tree| {
                let path = path.as_ref()?;
                let tree = tree.descend(path)?;
                (tree.settings == settings).then_some(tree)
            })
            .collect();
        // One tree for all the threads, or one each.
        let trees = if settings.shared_tree { 1 } else { threads };
        old.resize_with(trees, || None);
        let trees: Vec<Tree> = (old.into_iter())
            .map(|kept| {
                let tree = kept.unwrap_or_else(|| Tree::new(&root, code(color), settings));
                if tree.nodes[0].children().is_empty() {
                    tree.expand(0, &root, code(color));
                }
                if let Some(moves) = consider {
                    tree.keep(0, |at| moves.contains(root.index(at)));
                }
                if let Some(captured) = root_captured {
                    tree.fill_in(0, &root, captured);
                }
                tree
            })
            .collect();
        let start = Instant::now();
        // Each simulation is claimed before it starts, so that the threads of one tree run
        // exactly the number asked for in all.
        let claimed: Vec<AtomicU64> = trees.iter().map(|_| AtomicU64::new(0)).collect();
        let per_tree = limits.playouts.map(|n| n.div_ceil(trees.len() as u64));
        let run = |thread: usize| {
            let (tree, claimed) = (&trees[thread % trees.len()], &claimed[thread % trees.len()]);
            let mut rng = Rng::new(limits.seed.wrapping_add(thread as u64 * 0x1000_0001));
            let mut work = Work::new(&root, if threads / trees.len() > 1 { 32 } else { 1 });
            let mut done = 0u64;
            loop {
                if per_tree.is_some_and(|n| claimed.fetch_add(1, Relaxed) >= n) {
                    break;
                }
                if done % 64 == 0
                    && limits.time.is_some_and(|t| start.elapsed() >= t)
                    && (done > 0 || per_tree.is_none())
                {
                    break;
                }
                tree.simulate(&root, &mut work, &mut rng, expert);
                done += 1;
                if done % work.flush_every == 0 {
                    tree.flush(&mut work);
                }
            }
            tree.flush(&mut work);
            done
        };
        let done: Vec<u64> = if threads == 1 {
            vec![run(0)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let run = &run;
                        scope.spawn(move || run(t))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a search thread does not panic"))
                    .collect()
            })
        };
        let mut results: Vec<(Tree, u64)> = trees.into_iter().map(|tree| (tree, 0)).collect();
        for (thread, n) in done.into_iter().enumerate() {
            let count = results.len();
            results[thread % count].1 += n;
        }
        // Root statistics summed by cell over the threads' trees.
        let mut visits = vec![0u64; root.cells.len()];
        let mut wins = vec![0.0f64; root.cells.len()];
        let mut child = vec![None; root.cells.len()];
        for (tree, _) in &results {
            for c in tree.root_children() {
                let at = usize::from(c.cell);
                // A proof in any thread's tree holds.
                if child[at].is_none_or(|p| p == Proof::Open) {
                    child[at] = Some(c.proof);
                }
                visits[at] += u64::from(c.visits);
                wins[at] += f64::from(c.wins);
            }
        }
        let values: Vec<(Point, u64, f64, Proof)> = (0..root.cells.len())
            .filter_map(|at| {
                let proof = child[at]?;
                let rate = match proof {
                    Proof::Won => 1.0,
                    Proof::Lost => 0.0,
                    Proof::Open if visits[at] > 0 => wins[at] / visits[at] as f64,
                    Proof::Open => 0.0,
                };
                Some((root.point(at), visits[at], rate, proof))
            })
            .collect();
        let playouts = results.iter().map(|(_, n)| n).sum();
        // A proven win first, then the most visited move not proven lost.
        let rank = |v: &(Point, u64, f64, Proof)| match v.3 {
            Proof::Won => 2,
            Proof::Open => 1,
            Proof::Lost => 0,
        };
        let best = values
            .iter()
            .max_by(|a, b| {
                rank(a)
                    .cmp(&rank(b))
                    .then(a.1.cmp(&b.1))
                    .then(a.2.total_cmp(&b.2))
            })
            .map(|&(point, _, rate, _)| (point, rate));
        let values = values
            .into_iter()
            .map(|(p, n, rate, _)| (p, n, rate))
            .collect();
        let (best, win_rate) = match best {
            Some((point, rate)) => (Move::Play(point), rate),
            None => (Move::Resign, 0.0),
        };
        let variation = results[0].0.variation(&root);
        self.trees = results.into_iter().map(|(tree, _)| tree).collect();
        self.root = Some((root.cells.clone(), code(color)));
        Evaluation {
            best,
            variation,
            values,
            playouts,
            win_rate,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(size: u8, black: &[&str], white: &[&str]) -> Game {
        let mut game = Game::new(size).unwrap();
        for (color, names) in [(Color::Black, black), (Color::White, white)] {
            for name in names {
                game.setup(color, Point::parse(name, size).unwrap())
                    .unwrap();
            }
        }
        game
    }

    fn fixed(playouts: u64) -> Budget {
        Budget {
            time: None,
            playouts: Some(playouts),
            threads: 1,
            seed: 7,
        }
    }

    /// Whether the side to move wins with perfect play (plain negamax: tiny boards only).
    fn wins(game: &Game, color: Color) -> bool {
        game.empty_points()
            .collect::<Vec<_>>()
            .into_iter()
            .any(|p| {
                let mut next = game.clone();
                next.play(color, Move::Play(p)).unwrap();
                next.winner() == Some(color) || !wins(&next, color.opponent())
            })
    }

    /// Positions on 4x4 boards, made from a seed, where the side to move has exactly one
    /// winning move.
    fn forced_positions(count: usize) -> Vec<(Game, Color, Point)> {
        let mut rng = Rng::new(99);
        let mut found = Vec::new();
        while found.len() < count {
            let mut g = Game::new(4).unwrap();
            let stones = 7 + rng.below(3);
            let mut color = Color::Black;
            for _ in 0..stones {
                let empty: Vec<Point> = g.empty_points().collect();
                let p = empty[rng.below(empty.len())];
                g.play(color, Move::Play(p)).unwrap();
                color = color.opponent();
            }
            if g.winner().is_some() {
                continue;
            }
            let winning: Vec<Point> = g
                .empty_points()
                .filter(|&p| {
                    let mut next = g.clone();
                    next.play(color, Move::Play(p)).unwrap();
                    next.winner() == Some(color) || !wins(&next, color.opponent())
                })
                .collect();
            if let [only] = winning[..] {
                found.push((g, color, only));
            }
        }
        found
    }

    #[test]
    fn finds_the_only_winning_move_in_small_positions() {
        for (g, color, only) in forced_positions(8) {
            let mv = analyse(&g, color, fixed(3000), Settings::default()).best;
            assert_eq!(mv, Move::Play(only), "{color} to move in\n{g}");
        }
    }

    #[test]
    fn the_same_seed_and_work_give_the_same_move_and_values() {
        let g = game(7, &["d4"], &["c5"]);
        let a = analyse(&g, Color::Black, fixed(3000), Settings::default());
        let b = analyse(&g, Color::Black, fixed(3000), Settings::default());
        assert_eq!(a, b);
        assert_eq!(a.playouts, 3000);
        // Only the must-play moves are searched at the root.
        assert_eq!(a.values.len(), 28);
    }

    /// `fixed(playouts)` on two threads, growing one tree or a tree each.
    fn two_threads(playouts: u64, shared_tree: bool) -> (Budget, Settings) {
        let limits = Budget {
            threads: 2,
            ..fixed(playouts)
        };
        let settings = Settings {
            shared_tree,
            ..Settings::default()
        };
        (limits, settings)
    }

    #[test]
    fn two_threads_grow_one_tree_or_one_each() {
        let g = game(7, &["d4"], &["c5"]);
        let visits = |a: &Evaluation| a.values.iter().map(|v| v.1).sum::<u64>();
        // One tree: the two threads' simulations all pass through its root. Two threads
        // adding to one count at once may lose an addition, never make one up.
        let (limits, settings) = two_threads(4000, true);
        let mut search = Search::default();
        let shared = search.analyse(&g, Color::Black, limits, settings);
        assert_eq!(shared.playouts, 4000);
        assert!(
            (3900..=4000).contains(&visits(&shared)),
            "{}",
            visits(&shared)
        );
        assert_eq!(search.trees.len(), 1);
        // A tree each: each thread's 2000, counted exactly.
        let (limits, settings) = two_threads(4000, false);
        let mut search = Search::default();
        let apart = search.analyse(&g, Color::Black, limits, settings);
        assert_eq!((apart.playouts, visits(&apart)), (4000, 4000));
        assert_eq!(search.trees.len(), 2);
    }

    #[test]
    fn two_threads_on_one_tree_prove_the_only_winning_move() {
        let (limits, settings) = two_threads(3000, true);
        let eager = Settings {
            knowledge: Some(1),
            ..settings
        };
        for (g, color, only) in forced_positions(8) {
            let a = analyse(&g, color, limits, eager);
            assert_eq!(a.best, Move::Play(only), "{color} to move in\n{g}");
            assert_eq!(a.win_rate, 1.0, "{color} to move in\n{g}");
        }
    }

    #[test]
    fn the_tree_below_the_moves_played_is_kept() {
        let mut game = game(7, &[], &[]);
        let mut search = Search::default();
        let limits = fixed(4000);
        let total = |a: &Evaluation| a.values.iter().map(|v| v.1).sum::<u64>();
        let first = search.analyse(&game, Color::Black, limits, Settings::default());
        assert_eq!(total(&first), 4000);
        let Move::Play(mine) = first.best else {
            panic!("a move")
        };
        game.play(Color::Black, first.best).unwrap();
        let answer = first.variation[1];
        game.play(Color::White, Move::Play(answer)).unwrap();
        let second = search.analyse(&game, Color::Black, limits, Settings::default());
        assert_eq!(second.playouts, 4000);
        assert!(total(&second) > 4000, "{}", total(&second));
        // A position that does not follow (the moves taken back) starts afresh.
        let mut back = game.clone();
        back.undo();
        back.undo();
        back.play(Color::Black, Move::Play(answer)).unwrap();
        back.play(Color::White, Move::Play(mine)).unwrap();
        let third = search.analyse(&back, Color::Black, limits, Settings::default());
        assert_eq!(total(&third), 4000);
        // So does a search without reuse.
        search.reuse = Reuse::Off;
        let fourth = search.analyse(&back, Color::Black, limits, Settings::default());
        assert_eq!(total(&fourth), 4000);
    }

    #[test]
    fn a_proven_win_is_played_at_once() {
        // Black's c2 and b4 are bridged to each other and to their edges.
        let g = game(5, &["c2", "b4"], &["a1"]);
        let a = analyse(&g, Color::Black, fixed(1000), Settings::default());
        assert_eq!((a.playouts, a.win_rate), (0, 1.0));
        let Move::Play(p) = a.best else {
            panic!("a move")
        };
        assert_eq!(g.get(p), None);
        // Without the knowledge the search runs.
        let off = Settings {
            knowledge: None,
            ..Settings::default()
        };
        assert_eq!(analyse(&g, Color::Black, fixed(1000), off).playouts, 1000);
    }

    #[test]
    fn the_root_searches_only_the_moves_to_consider() {
        // White's b3, bridged to its edge, threatens to join the other in several ways:
        // Black must play where they all pass, c3 (e2 is the other cell a simpler H-search
        // left, but White's d2 answers it).
        let g = game(5, &["a1"], &["b3"]);
        let all = g.empty_points().count();
        let a = analyse(&g, Color::Black, fixed(2000), Settings::default());
        let mut searched: Vec<String> = a.values.iter().map(|v| v.0.to_string()).collect();
        searched.sort();
        assert_eq!(searched, ["c3"]);
        let off = Settings {
            knowledge: None,
            ..Settings::default()
        };
        assert_eq!(
            analyse(&g, Color::Black, fixed(2000), off).values.len(),
            all
        );
    }

    #[test]
    fn proofs_go_up_the_tree() {
        // With the knowledge asked at every node, the search proves the only winning move.
        let eager = Settings {
            knowledge: Some(1),
            ..Settings::default()
        };
        for (g, color, only) in forced_positions(8) {
            let a = analyse(&g, color, fixed(3000), eager);
            assert_eq!(a.best, Move::Play(only), "{color} to move in\n{g}");
            assert_eq!(a.win_rate, 1.0, "{color} to move in\n{g}");
        }
    }

    #[test]
    fn the_learned_patterns_favour_the_bridge_answer() {
        // White intrudes into Black's bridge b2-c3 at c2: Black's save at b3 has the
        // highest prior, in the tree as in `priors`.
        let g = game(5, &["b2", "c3"], &["c2"]);
        let settings = Settings {
            patterns: Some(2.0),
            ..Settings::default()
        };
        let board = Padded::new(&g);
        let tree = Tree::new(&board, BLACK, settings);
        let children = tree.root_children();
        let total: f32 = children.iter().map(|c| c.bias).sum();
        assert!((total - 1.0).abs() < 1e-4, "{total}");
        let best = children
            .iter()
            .max_by(|a, b| a.bias.total_cmp(&b.bias))
            .unwrap();
        let b3 = Point::parse("b3", 5).unwrap();
        assert_eq!(board.point(usize::from(best.cell)), b3);
        let listed = priors(&g, Color::Black);
        assert_eq!(listed.len(), children.len());
        let top = listed.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        assert_eq!(top.0, b3);
        assert!((top.1 - f64::from(best.bias)).abs() < 1e-6);
        // Off, the tree has no priors.
        let off = Settings {
            patterns: None,
            ..Settings::default()
        };
        let plain = Tree::new(&board, BLACK, off);
        assert!(plain.root_children().iter().all(|c| c.bias == 0.0));
    }

    #[test]
    fn past_its_visits_a_node_takes_its_childrens_priors_from_the_policy_network() {
        // A middle-game 11x11 position, White to move after Black's e4.
        let mut g = Game::new(11).unwrap();
        let mut color = Color::Black;
        for name in ["g5", "g6", "f6", "e8", "d8", "e7", "d7", "e6", "d6", "e4"] {
            g.play(color, Move::Play(Point::parse(name, 11).unwrap()))
                .unwrap();
            color = color.opponent();
        }
        let board = Padded::new(&g);
        let settings = Settings {
            policy: Some(10),
            ..Settings::default()
        };
        let mut search = Search::default();
        search.analyse(&g, color, fixed(200), settings);
        let tree = &search.trees[0];
        let children = tree.root_children();
        let total: f32 = children.iter().map(|c| c.bias).sum();
        assert!((total - 1.0).abs() < 1e-4, "{total}");
        // The child with the highest prior is the network's first choice, in White's frame
        // (the board transposed).
        let planes = policy::Policy::planes(11, color, Point::parse("e4", 11), |p| g.get(p));
        let logits = policy::LEARNED.logits(11, &planes);
        let (best, _) = (0..121)
            .filter(|&i| {
                g.get(Point {
                    row: (i % 11) as u8,
                    col: (i / 11) as u8,
                })
                .is_none()
            })
            .map(|i| (i, logits[i]))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        let top = children
            .iter()
            .max_by(|a, b| a.bias.total_cmp(&b.bias))
            .unwrap();
        let expected = Point {
            row: (best % 11) as u8,
            col: (best / 11) as u8,
        };
        assert_eq!(board.point(usize::from(top.cell)), expected);
        // Without the network the priors are the patterns', another ordering.
        let plain = Tree::new(&board, WHITE, Settings::default());
        let differs = (plain.root_children().iter().zip(&children))
            .any(|(a, b)| (a.bias - b.bias).abs() > 1e-3);
        assert!(differs);
    }

    #[test]
    fn simulations_give_the_captured_cells_filled_in_to_their_captor() {
        // White's stone next to its edge captures the edge cells it touches (and with those
        // filled in, more).
        let g = game(5, &[], &["b3"]);
        let root = Padded::new(&g);
        let expert = Expert::new(5);
        let captured = expert.inferior(&root.position(BLACK)).captured;
        let cells: Vec<usize> = (captured[slot(player(WHITE))].iter())
            .map(|i| root.at_index(i))
            .collect();
        assert!(cells.len() >= 2 && captured[slot(player(BLACK))].is_empty());
        // Whether every simulation ends with White on them, with and without the fill.
        let white_keeps = |fill_in: bool| {
            let settings = Settings {
                fill_in,
                knowledge: None,
                ..Settings::default()
            };
            let tree = Tree::new(&root, BLACK, settings);
            if fill_in {
                tree.fill_in(0, &root, captured);
            }
            let (mut work, mut rng) = (Work::new(&root, 1), Rng::new(7));
            (0..200).all(|_| {
                tree.simulate(&root, &mut work, &mut rng, None);
                cells.iter().all(|&at| work.board.cells[at] == WHITE)
            })
        };
        assert!(white_keeps(true));
        assert!(!white_keeps(false));
    }

    #[test]
    fn a_leaf_gets_children_only_past_expand_after() {
        let g = game(5, &[], &[]);
        let root = Padded::new(&g);
        // The visits of every node below the root that has children, after 500 simulations.
        let expanded = |expand_after: u32| {
            let settings = Settings {
                expand_after,
                knowledge: None,
                ..Settings::default()
            };
            let tree = Tree::new(&root, BLACK, settings);
            tree.expand(0, &root, BLACK);
            let (mut work, mut rng) = (Work::new(&root, 1), Rng::new(3));
            for _ in 0..500 {
                tree.simulate(&root, &mut work, &mut rng, None);
            }
            let (mut visits, mut stack) = (Vec::new(), vec![0]);
            while let Some(node) = stack.pop() {
                let children = tree.nodes[node].children();
                if node != 0 && !children.is_empty() {
                    visits.push(tree.nodes[node].get().visits);
                }
                stack.extend(children);
            }
            visits
        };
        let ten = expanded(10);
        assert!(!ten.is_empty() && ten.iter().all(|&v| v > 10), "{ten:?}");
        let one = expanded(1);
        assert!(one.len() > ten.len() && one.iter().any(|&v| v <= 10));
    }

    #[test]
    fn a_bridge_intrusion_is_answered() {
        let g = game(5, &["b2", "c3"], &[]);
        let board = Padded::new(&g);
        // b2 and c3 form a bridge over c2 and b3.
        let c2 = board.at(Point::parse("c2", 5).unwrap());
        let b3 = board.at(Point::parse("b3", 5).unwrap());
        assert_eq!(board.bridge_reply(c2, BLACK), Some(b3));
        assert_eq!(board.bridge_reply(b3, BLACK), Some(c2));
        assert_eq!(board.bridge_reply(c2, WHITE), None);
        // A Black stone on the second row is bridged to the top edge.
        let a1 = board.at(Point::parse("a1", 5).unwrap());
        let b1 = board.at(Point::parse("b1", 5).unwrap());
        assert_eq!(board.bridge_reply(a1, BLACK), None);
        let g = game(5, &["b2"], &[]);
        let board = Padded::new(&g);
        assert_eq!(
            board.bridge_reply(b1, BLACK),
            Some(board.at(Point::parse("c1", 5).unwrap()))
        );
    }
}
