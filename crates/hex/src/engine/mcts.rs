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
//! Several threads each grow a tree of their own from the same root (root parallelism) with
//! their own seed; their root statistics are summed.

use std::time::{Duration, Instant};

use super::game::{Color, Game, Move, Point};

/// How much work a move may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
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

impl Default for Limits {
    /// One second a move, two threads.
    fn default() -> Limits {
        Limits {
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
    /// Leave dead cells out of the tree (see [`Settings::default`]).
    pub prune_dead: bool,
    /// Start new nodes with prior AMAF statistics favouring the answer to a bridge
    /// intrusion and the cells next to the last move.
    pub prior: bool,
}

impl Default for Settings {
    /// Bridge replies, RAVE with equivalence parameter 1000, no UCT term, expansion at the
    /// first visit; no pruning and no prior, which matches did not show to help.
    ///
    /// Pruning leaves dead cells out of the tree: an empty cell with no empty neighbour whose
    /// neighbours of each colour (edges counted as stones) lie in one unbroken arc around it
    /// is dead, since a stone there joins nothing that is not joined already; such a cell is
    /// never a child in the tree (unless every empty cell is dead).
    fn default() -> Settings {
        Settings {
            bridges: true,
            rave: Some(1000.0),
            exploration: 0.0,
            expand_after: 1,
            prune_dead: false,
            prior: false,
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The move chosen.
    pub best: Move,
    /// Each move searched (every empty point but dead ones) with its visits and the mover's
    /// win rate (0..=1) after it.
    pub values: Vec<(Point, u64, f64)>,
    /// The expected line of play from the root of the first thread's tree.
    pub variation: Vec<Point>,
    /// Simulations run in all.
    pub playouts: u64,
    /// The mover's estimated chance of winning with the best move.
    pub win_rate: f64,
}

/// The engine's choice for `color` in `game` (which must not be over).
pub fn genmove(game: &Game, color: Color, limits: Limits) -> Move {
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

    /// Whether the empty cell `at` is dead: no empty neighbour, and each colour's
    /// neighbours in one unbroken arc around it.
    fn dead(&self, at: usize) -> bool {
        let n = self.around.map(|d| self.cells[at.wrapping_add_signed(d)]);
        if n.contains(&EMPTY) {
            return false;
        }
        // Each change of colour going round starts an arc; at most one arc a colour means
        // at most two changes.
        (0..6).filter(|&i| n[i] != n[(i + 1) % 6]).count() <= 2
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

    /// Gives the children of `node` their children, one for each empty cell (dead cells
    /// left out). With the prior on, the answer to a bridge intrusion by the last move gets
    /// AMAF statistics of a strong move to start with, and the cells next to the last move
    /// those of a fair one.
    fn expand(&mut self, node: usize, board: &Padded, to_move: u8) {
        if self.nodes.len() >= MAX_NODES {
            return;
        }
        let first = self.nodes.len() as u32;
        let mut count = 0u16;
        let prune = self.settings.prune_dead
            && (0..board.cells.len()).any(|at| board.cells[at] == EMPTY && !board.dead(at));
        for at in 0..board.cells.len() {
            if board.cells[at] == EMPTY && !(prune && board.dead(at)) {
                self.nodes.push(Node::leaf(at as u16));
                count += 1;
            }
        }
        self.nodes[node].first_child = first;
        self.nodes[node].children = count;
        if self.settings.prior && node != 0 {
            let last = usize::from(self.nodes[node].cell);
            let save = board.bridge_reply(last, to_move);
            let children = first as usize..first as usize + usize::from(count);
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

    /// The child to walk into: the highest mix of win rate and AMAF rate (plus exploration).
    fn select(&self, node: usize, rng: &mut Rng) -> usize {
        let parent = self.nodes[node];
        let first = parent.first_child as usize;
        let log_n = f64::from(parent.visits.max(1)).ln();
        let mut best = first;
        let mut best_value = f64::NEG_INFINITY;
        for child in first..first + usize::from(parent.children) {
            let c = self.nodes[child];
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
            // Ties are broken at random so that unexplored moves are not taken in board order.
            value += rng.below(1024) as f64 * 1e-9;
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        best
    }

    /// One simulation from the root position `root`.
    fn simulate(&mut self, root: &Padded, work: &mut Work, rng: &mut Rng) {
        let board = &mut work.board;
        board.cells.copy_from_slice(&root.cells);
        work.path.clear();
        work.path.push(0);
        let mut node = 0usize;
        let mut to_move = self.root_color;
        // Down the tree.
        loop {
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
            let child = self.select(node, rng);
            board.cells[usize::from(self.nodes[child].cell)] = to_move;
            work.path.push(child);
            node = child;
            to_move = opponent(to_move);
        }
        // The playout: the empty cells in random order, bridge intrusions answered.
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
        let winner = if black { BLACK } else { WHITE };
        // Back up: each node's statistics are for the side that moved into it; the side to
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
        let root = self.nodes[0];
        let first = root.first_child as usize;
        &self.nodes[first..first + usize::from(root.children)]
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
pub fn analyse(game: &Game, color: Color, limits: Limits, settings: Settings) -> Analysis {
    Search::default().analyse(game, color, limits, settings)
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
        limits: Limits,
        settings: Settings,
    ) -> Analysis {
        let root = Padded::new(game);
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
                tree.simulate(&root, &mut work, &mut rng);
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
        let mut child = vec![false; root.cells.len()];
        for (tree, _) in &results {
            for c in tree.root_children() {
                child[usize::from(c.cell)] = true;
                visits[usize::from(c.cell)] += u64::from(c.visits);
                wins[usize::from(c.cell)] += f64::from(c.wins);
            }
        }
        let values: Vec<(Point, u64, f64)> = (0..root.cells.len())
            .filter(|&at| child[at])
            .map(|at| {
                let rate = if visits[at] > 0 {
                    wins[at] / visits[at] as f64
                } else {
                    0.0
                };
                (root.point(at), visits[at], rate)
            })
            .collect();
        let playouts = results.iter().map(|(_, n)| n).sum();
        let best = values
            .iter()
            .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))
            .copied();
        let (best, win_rate) = match best {
            Some((point, _, rate)) => (Move::Play(point), rate),
            None => (Move::Resign, 0.0),
        };
        let variation = results[0].0.variation(&root);
        self.trees = results.into_iter().map(|(tree, _)| tree).collect();
        self.root = Some((root.cells.clone(), code(color)));
        Analysis {
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

    fn fixed(playouts: u64) -> Limits {
        Limits {
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
        assert_eq!(a.values.len(), 47);
    }

    #[test]
    fn the_tree_below_the_moves_played_is_kept() {
        let mut game = game(7, &[], &[]);
        let mut search = Search::default();
        let limits = fixed(4000);
        let total = |a: &Analysis| a.values.iter().map(|v| v.1).sum::<u64>();
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
    fn dead_cells() {
        // a1 between Black's top edge, White's left edge and stones of each: dead.
        let g = game(4, &["b1"], &["a2"]);
        let board = Padded::new(&g);
        assert!(board.dead(board.at(Point::parse("a1", 4).unwrap())));
        // b2 surrounded by Black but for one White stone: dead too; with an empty
        // neighbour, or with Black on both sides of a White stone, it is not.
        let g = game(4, &["b1", "c1", "c2", "b3", "a3"], &["a2"]);
        let board = Padded::new(&g);
        assert!(board.dead(board.at(Point::parse("b2", 4).unwrap())));
        let g = game(4, &["b1", "c1", "c2", "b3"], &["a2"]);
        let board = Padded::new(&g);
        assert!(!board.dead(board.at(Point::parse("b2", 4).unwrap())));
        let g = game(4, &["b1", "c2", "b3", "a3"], &["a2", "c1"]);
        let board = Padded::new(&g);
        assert!(!board.dead(board.at(Point::parse("b2", 4).unwrap())));
        // The search leaves a dead cell out of its moves when pruning is on.
        let g = game(4, &["b1"], &["a2"]);
        let prune = Settings {
            prune_dead: true,
            ..Settings::default()
        };
        let a = analyse(&g, Color::Black, fixed(200), Settings::default());
        assert_eq!(a.values.len(), 14);
        let a = analyse(&g, Color::Black, fixed(200), prune);
        assert_eq!(a.values.len(), 13);
        assert!(
            a.values
                .iter()
                .all(|v| v.0 != Point::parse("a1", 4).unwrap())
        );
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
