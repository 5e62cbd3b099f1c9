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
//! their own seed; their root statistics are summed.

use std::time::{Duration, Instant};

use super::game::{Color, Game, Move, Point};
use super::patterns::{self, Pattern};
use crate::board::Player;
use crate::geometry::{Bits, bit, slot};
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
    /// Threads, each growing its own tree.
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

/// The search's tunable ideas, so that a match can compare them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Answer bridge intrusions in playouts.
    pub bridges: bool,
    /// Mix in the AMAF rate (RAVE); the equivalence parameter of the RAVE weight.
    pub rave: Option<f64>,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// Visits of a leaf before it is expanded.
    pub expand_after: u32,
    /// Ask the Hex knowledge at the root, and at a node once it has this many visits
    /// (boards up to 11x11; `None`: never).
    pub knowledge: Option<u32>,
    /// Start new nodes with prior AMAF statistics favouring the answer to a bridge
    /// intrusion and the cells next to the last move.
    pub prior: bool,
    /// Progressive bias from the learned move patterns ([`patterns::LEARNED`]): a child's
    /// value gains c·P/√(n+1), P its pattern's share of the gammas of its siblings' and
    /// n its visits; the constant c (`None`: off).
    pub patterns: Option<f64>,
}

impl Default for Settings {
    /// Bridge replies, RAVE with equivalence parameter 1000, no UCT term, expansion at the
    /// first visit, knowledge at [`KNOWLEDGE_AFTER`] visits; no prior, which matches did not
    /// show to help; no pattern bias: on 9x9 it won 62.5% of 40 games against the search
    /// without it at 10,000 playouts a move, but its cost in time (a third more a
    /// simulation) left it at 45–47.5% at 0.2 s a move.
    fn default() -> Settings {
        Settings {
            bridges: true,
            rave: Some(1000.0),
            exploration: 0.0,
            expand_after: 1,
            knowledge: Some(KNOWLEDGE_AFTER),
            prior: false,
            patterns: None,
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

/// The engine's choice for `color` in `game` (which must not be over).
pub fn genmove(game: &Game, color: Color, limits: Budget) -> Move {
    analyse(game, color, limits, Settings::default()).best
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
        let w = width as isize;
        Padded {
            size,
            width,
            cells,
            around: [-w, -w + 1, 1, w, w - 1, -1],
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

    /// The pattern of a move at `at` (a cell of the board) by `mover`.
    fn pattern(&self, at: usize, mover: u8) -> Pattern {
        let size = self.size as u8;
        let point = self.point(at);
        let color = |code| {
            if code == BLACK {
                Color::Black
            } else {
                Color::White
            }
        };
        Pattern::at(size, size, (point.row, point.col), color(mover), |r, c| {
            let code = self.cells[(usize::from(r) + 1) * self.width + usize::from(c) + 1];
            (code != EMPTY).then(|| color(code))
        })
    }

    /// The knowledge's index of the cell `at` (row-major over the board without frame).
    fn index(&self, at: usize) -> u8 {
        let (r, c) = (at / self.width - 1, at % self.width - 1);
        (r * self.size + c) as u8
    }

    /// The cell of the knowledge's index.
    fn at_index(&self, index: u8) -> usize {
        let (r, c) = (
            usize::from(index) / self.size,
            usize::from(index) % self.size,
        );
        (r + 1) * self.width + c + 1
    }

    /// The position for the knowledge (boards up to 11x11), `to_move` to move.
    fn position(&self, to_move: u8) -> Position {
        let mut stones: [Bits; 2] = [0; 2];
        for at in 0..self.cells.len() {
            let code = self.cells[at];
            if code != EMPTY && self.inside(at) {
                stones[slot(player(code))] |= bit(self.index(at));
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Open,
    Won,
    Lost,
}

/// A node of the tree: the move that led to it and the statistics from the point of view of
/// the side that made that move.
#[derive(Clone, Copy)]
struct Node {
    cell: u16,
    visits: u32,
    wins: f32,
    amaf_visits: u32,
    amaf_wins: f32,
    first_child: u32,
    children: u16,
    proof: Proof,
    /// Whether the knowledge has been asked about this node.
    asked: bool,
    /// The prior of the move from the learned patterns (its share of its siblings' gammas).
    bias: f32,
}

impl Node {
    /// A node for a stone on `cell`, not yet visited and without children.
    fn leaf(cell: u16) -> Node {
        Node {
            cell,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
            first_child: 0,
            children: 0,
            proof: Proof::Open,
            asked: false,
            bias: 0.0,
        }
    }
}

/// The weight of the prior, in AMAF visits.
const PRIOR_VISITS: u32 = 20;

/// The most nodes a tree may hold (about 24 bytes each); past it leaves stop expanding.
const MAX_NODES: usize = 1 << 22;

struct Tree {
    nodes: Vec<Node>,
    root_color: u8,
    settings: Settings,
}

impl Tree {
    fn new(root: &Padded, color: u8, settings: Settings) -> Tree {
        let mut tree = Tree {
            nodes: vec![Node::leaf(0)],
            root_color: color,
            settings,
        };
        tree.expand(0, root, color);
        tree
    }

    /// Gives `node` its children, one for each empty cell. With the prior on, the answer to a bridge intrusion by the last move gets
    /// AMAF statistics of a strong move to start with, and the cells next to the last move
    /// those of a fair one.
    fn expand(&mut self, node: usize, board: &Padded, to_move: u8) {
        if self.nodes.len() >= MAX_NODES {
            return;
        }
        let first = self.nodes.len() as u32;
        let mut count = 0u16;
        for at in 0..board.cells.len() {
            if board.cells[at] == EMPTY {
                self.nodes.push(Node::leaf(at as u16));
                count += 1;
            }
        }
        self.nodes[node].first_child = first;
        self.nodes[node].children = count;
        let children = first as usize..first as usize + usize::from(count);
        if self.settings.patterns.is_some() {
            let table = &*patterns::LEARNED;
            let mut total = 0.0;
            for child in &mut self.nodes[children.clone()] {
                child.bias = table.gamma(board.pattern(usize::from(child.cell), to_move));
                total += child.bias;
            }
            for child in &mut self.nodes[children.clone()] {
                child.bias /= total;
            }
        }
        if self.settings.prior && node != 0 {
            let last = usize::from(self.nodes[node].cell);
            let save = board.bridge_reply(last, to_move);
            for child in &mut self.nodes[children] {
                let cell = usize::from(child.cell);
                let (n, rate) = if Some(cell) == save {
                    (PRIOR_VISITS, 0.9)
                } else if board
                    .around
                    .iter()
                    .any(|&d| last.wrapping_add_signed(d) == cell)
                {
                    (PRIOR_VISITS / 2, 0.6)
                } else {
                    continue;
                };
                child.amaf_visits += n;
                child.amaf_wins += n as f32 * rate;
            }
        }
    }

    /// Keeps only the children of `node` on cells that `keep` accepts (all of them if it
    /// accepts none).
    fn keep(&mut self, node: usize, keep: impl Fn(usize) -> bool) {
        let n = self.nodes[node];
        let first = n.first_child as usize;
        let mut kept = 0;
        for child in first..first + usize::from(n.children) {
            if keep(usize::from(self.nodes[child].cell)) {
                self.nodes.swap(first + kept, child);
                kept += 1;
            }
        }
        if kept > 0 {
            self.nodes[node].children = kept as u16;
        }
    }

    /// Asks the knowledge about `node` (its position `board`, `to_move` to move): proves it
    /// or keeps only the moves to consider.
    fn consult(&mut self, node: usize, board: &Padded, to_move: u8, expert: &Expert) {
        self.nodes[node].asked = true;
        match expert.decide(&board.position(to_move)) {
            Decision::Won { .. } => self.nodes[node].proof = Proof::Lost,
            Decision::Lost { .. } => self.nodes[node].proof = Proof::Won,
            Decision::Consider { moves, .. } => {
                self.keep(node, |at| moves & bit(board.index(at)) != 0);
            }
        }
    }

    /// The child to walk into: a proven win, else the highest mix of win rate and AMAF rate
    /// (plus exploration), proven losses last.
    fn select(&self, node: usize, rng: &mut Rng) -> usize {
        let parent = self.nodes[node];
        let first = parent.first_child as usize;
        let log_n = f64::from(parent.visits.max(1)).ln();
        let mut best = first;
        let mut best_value = f64::NEG_INFINITY;
        for child in first..first + usize::from(parent.children) {
            let c = self.nodes[child];
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
            let q = if c.visits > 0 {
                f64::from(c.wins) / n
            } else {
                0.5
            };
            let mut value = match self.settings.rave {
                Some(k) if c.amaf_visits > 0 => {
                    let an = f64::from(c.amaf_visits);
                    let aq = f64::from(c.amaf_wins) / an;
                    let beta = (k / (3.0 * n + k)).sqrt();
                    beta * aq + (1.0 - beta) * q
                }
                _ if c.visits == 0 => 1.0,
                _ => q,
            };
            if self.settings.exploration > 0.0 {
                value += self.settings.exploration * (log_n / (n + 1.0)).sqrt();
            }
            if let Some(k) = self.settings.patterns {
                value += k * f64::from(c.bias) / (n + 1.0).sqrt();
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
    /// enough visits.
    fn simulate(&mut self, root: &Padded, work: &mut Work, rng: &mut Rng, expert: Option<&Expert>) {
        let board = &mut work.board;
        board.cells.copy_from_slice(&root.cells);
        work.path.clear();
        work.path.push(0);
        let mut node = 0usize;
        let mut to_move = self.root_color;
        let knowledge = expert.zip(self.settings.knowledge);
        // Down the tree, to a proven node or a leaf.
        loop {
            if node != 0 && self.nodes[node].proof != Proof::Open {
                break;
            }
            let n = self.nodes[node];
            if n.children == 0 {
                if n.visits >= self.settings.expand_after && node != 0 {
                    self.expand(node, board, to_move);
                    if self.nodes[node].children == 0 {
                        break;
                    }
                } else {
                    break;
                }
            }
            if let Some((expert, after)) = knowledge
                && node != 0
                && !n.asked
                && n.visits >= after
            {
                self.consult(node, board, to_move, expert);
                if self.nodes[node].proof != Proof::Open {
                    break;
                }
            }
            let child = self.select(node, rng);
            board.cells[usize::from(self.nodes[child].cell)] = to_move;
            work.path.push(child);
            node = child;
            to_move = opponent(to_move);
        }
        let winner = match self.nodes[node].proof {
            _ if node == 0 => self.playout(node, to_move, work, rng),
            Proof::Won => opponent(to_move),
            Proof::Lost => to_move,
            Proof::Open => self.playout(node, to_move, work, rng),
        };
        self.back_up(winner, work);
    }

    /// The playout from the leaf `node` (`to_move` to move on `work.board`): the empty cells
    /// in random order, bridge intrusions answered. The winner.
    fn playout(&self, node: usize, mut to_move: u8, work: &mut Work, rng: &mut Rng) -> u8 {
        let board = &mut work.board;
        let last = self.nodes[node].cell as usize;
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
        let mut reply: Option<usize> = if node != 0 && self.settings.bridges {
            board.bridge_reply(last, to_move)
        } else {
            None
        };
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
            if self.settings.bridges {
                reply = board.bridge_reply(at, to_move);
            }
        }
        let black = board.black_wins(&mut work.seen, &mut work.stack);
        if black { BLACK } else { WHITE }
    }

    /// Counts the simulation's result along its path, and carries proofs up from its end.
    fn back_up(&mut self, winner: u8, work: &Work) {
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
            let node = &mut self.nodes[id];
            node.visits += 1;
            if depth > 0 && winner != to_move {
                node.wins += 1.0;
            }
            let node = *node;
            // AMAF: the children of this node whose cell ended up the colour of the side to
            // move here.
            if self.settings.rave.is_some() && node.children > 0 {
                let first = node.first_child as usize;
                let won = if winner == to_move { 1.0 } else { 0.0 };
                for child in first..first + usize::from(node.children) {
                    let cell = usize::from(self.nodes[child].cell);
                    if board.cells[cell] == to_move {
                        let c = &mut self.nodes[child];
                        c.amaf_visits += 1;
                        c.amaf_wins += won;
                    }
                }
            }
        }
        // A move to a position won for its mover makes the position before it lost for the
        // other side; a position whose every move is lost is won for the side that moved
        // into it.
        for pair in work.path.windows(2).rev() {
            let (parent, child) = (pair[0], pair[1]);
            let proof = match self.nodes[child].proof {
                Proof::Won => Proof::Lost,
                Proof::Lost if self.children(parent).iter().all(|c| c.proof == Proof::Lost) => {
                    Proof::Won
                }
                _ => break,
            };
            self.nodes[parent].proof = proof;
        }
    }

    fn children(&self, node: usize) -> &[Node] {
        let n = self.nodes[node];
        let first = n.first_child as usize;
        &self.nodes[first..first + usize::from(n.children)]
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
            let n = self.nodes[node];
            let first = n.first_child as usize;
            node = (first..first + usize::from(n.children))
                .find(|&c| usize::from(self.nodes[c].cell) == cell)?;
            color = opponent(color);
        }
        if node == 0 {
            return Some(self);
        }
        // Copy the subtree, each node's children kept together as the tree needs.
        let mut nodes = vec![self.nodes[node]];
        let mut queue = std::collections::VecDeque::from([(node, 0usize)]);
        while let Some((from, to)) = queue.pop_front() {
            let n = self.nodes[from];
            if n.children == 0 {
                continue;
            }
            let first = nodes.len();
            nodes[to].first_child = first as u32;
            for (i, child) in (n.first_child as usize
                ..n.first_child as usize + usize::from(n.children))
                .enumerate()
            {
                nodes.push(self.nodes[child]);
                queue.push_back((child, first + i));
            }
        }
        Some(Tree {
            nodes,
            root_color: color,
            settings: self.settings,
        })
    }

    fn root_children(&self) -> &[Node] {
        self.children(0)
    }

    /// The line of most-visited children from the root.
    fn variation(&self, board: &Padded) -> Vec<Point> {
        let mut line = Vec::new();
        let mut node = 0;
        loop {
            let n = self.nodes[node];
            let first = n.first_child as usize;
            let Some(best) = (first..first + usize::from(n.children))
                .filter(|&c| self.nodes[c].visits > 0)
                .max_by_key(|&c| self.nodes[c].visits)
            else {
                break;
            };
            line.push(board.point(usize::from(self.nodes[best].cell)));
            node = best;
        }
        line
    }
}

/// Scratch space of one thread's simulations.
struct Work {
    board: Padded,
    path: Vec<usize>,
    empties: Vec<u16>,
    seen: Vec<bool>,
    stack: Vec<usize>,
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
        match expert.map(|e| e.decide(&root.position(code(color)))) {
            Some(Decision::Won { best, .. })
                if usize::from(best) < root.size * root.size
                    && root.cells[root.at_index(best)] == EMPTY =>
            {
                return Evaluation::proven(root.point(root.at_index(best)));
            }
            Some(Decision::Consider { moves, .. }) => {
                let mut cells = (0..root.cells.len())
                    .filter(|&at| root.inside(at) && moves & bit(root.index(at)) != 0);
                if let (Some(only), None) = (cells.next(), cells.next()) {
                    return Evaluation::proven(root.point(only));
                }
                consider = Some(moves);
            }
            _ => {}
        }
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
        old.resize_with(threads, || None);
        let start = Instant::now();
        let per_thread = limits.playouts.map(|n| n.div_ceil(threads as u64));
        let run = |thread: usize, kept: Option<Tree>| {
            let mut tree = kept.unwrap_or_else(|| Tree::new(&root, code(color), settings));
            if tree.nodes[0].children == 0 {
                tree.expand(0, &root, code(color));
            }
            if let Some(moves) = consider {
                tree.keep(0, |at| moves & bit(root.index(at)) != 0);
            }
            let mut rng = Rng::new(limits.seed.wrapping_add(thread as u64 * 0x1000_0001));
            let mut work = Work {
                board: root.clone(),
                path: Vec::new(),
                empties: Vec::with_capacity(root.cells.len()),
                seen: Vec::new(),
                stack: Vec::new(),
            };
            let mut done = 0u64;
            loop {
                if per_thread.is_some_and(|n| done >= n) {
                    break;
                }
                if done % 64 == 0
                    && limits.time.is_some_and(|t| start.elapsed() >= t)
                    && (done > 0 || per_thread.is_none())
                {
                    break;
                }
                tree.simulate(&root, &mut work, &mut rng, expert);
                done += 1;
            }
            (tree, done)
        };
        let mut kept = old.into_iter();
        let results: Vec<(Tree, u64)> = if threads == 1 {
            vec![run(0, kept.next().flatten())]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let run = &run;
                        let tree = kept.next().flatten();
                        scope.spawn(move || run(t, tree))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a search thread does not panic"))
                    .collect()
            })
        };
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
            let mv = genmove(&g, color, fixed(3000));
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
    fn the_prior_favours_the_bridge_answer() {
        let g = game(5, &["b2", "c3"], &[]);
        let settings = Settings {
            prior: true,
            ..Settings::default()
        };
        let mut board = Padded::new(&g);
        let mut tree = Tree::new(&board, WHITE, settings);
        let c2 = board.at(Point::parse("c2", 5).unwrap());
        let b3 = board.at(Point::parse("b3", 5).unwrap());
        let child = tree
            .root_children()
            .iter()
            .position(|n| usize::from(n.cell) == c2)
            .unwrap()
            + tree.nodes[0].first_child as usize;
        board.cells[c2] = WHITE;
        tree.expand(child, &board, BLACK);
        let first = tree.nodes[child].first_child as usize;
        let grandchildren = &tree.nodes[first..first + usize::from(tree.nodes[child].children)];
        let save = grandchildren
            .iter()
            .find(|n| usize::from(n.cell) == b3)
            .unwrap();
        assert_eq!((save.amaf_visits, save.amaf_wins), (PRIOR_VISITS, 18.0));
        let far = grandchildren
            .iter()
            .find(|n| n.cell == board.at(Point::parse("e5", 5).unwrap()) as u16)
            .unwrap();
        assert_eq!(far.amaf_visits, 0);
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
        let plain = Tree::new(&board, BLACK, Settings::default());
        assert!(plain.root_children().iter().all(|c| c.bias == 0.0));
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
