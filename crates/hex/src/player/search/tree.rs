//! The search tree: expansion with the patterns' and the network's priors, the knowledge's
//! pruning and fill-in, selection by RAVE, simulations and the backing up of results and proofs.

use std::sync::RwLock;
use std::sync::atomic::Ordering::{Relaxed, Release};

use crate::cells::Cells;
use crate::game::Cell;
use crate::geometry::slot;
use crate::knowledge::{Decision, Expert};

use super::nodes::*;
use super::playout::*;
use super::*;

pub(super) struct Tree {
    pub(super) nodes: NodePool,
    pub(super) root_color: u8,
    pub(super) settings: Settings,
    /// For the visits n of a child below [`CURVE_LEN`]: the RAVE weight β and √(n+1), worked
    /// out once (the same numbers as at each selection, without the square roots).
    pub(super) curve: Box<[(f64, f64)]>,
    /// The cells filled in at nodes ([`Settings::fill_in`]), with their stones' codes.
    pub(super) fills: RwLock<Vec<Fill>>,
}

/// Cells and the stones that fill them in.
pub(super) type Fill = Box<[(u16, u8)]>;

/// The visits up to which [`Tree::curve`] holds a child's β and √(n+1).
pub(super) const CURVE_LEN: usize = 1024;

/// The RAVE weight of a child with `n` visits and its own AMAF statistics, with the
/// equivalence parameter `k`.
pub(super) fn rave_beta(k: f64, n: f64) -> f64 {
    (k / (3.0 * n + k)).sqrt()
}

impl Tree {
    pub(super) fn new(root: &Padded, color: u8, settings: Settings) -> Tree {
        let tree = Tree::empty(color, settings);
        tree.expand(0, root, color);
        tree
    }

    /// A tree of the root alone.
    pub(super) fn empty(color: u8, settings: Settings) -> Tree {
        let nodes = NodePool::new();
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
    pub(super) fn expand(&self, node: usize, board: &Padded, to_move: u8) {
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
    /// on `last`) the network's priors: the softmax of its logits over their cells.
    pub(super) fn guide(&self, node: usize, board: &Padded, to_move: u8, last: Option<usize>) {
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
    pub(super) fn last_move(&self, root: &Padded, path: &[usize]) -> Option<usize> {
        match path {
            [_, .., last] => Some(usize::from(self.nodes[*last].cell.load(Relaxed))),
            _ => root.last,
        }
    }

    /// Keeps only the children of `node` on cells that `keep` accepts (all of them if it
    /// accepts none): the others are marked pruned.
    pub(super) fn keep(&self, node: usize, keep: impl Fn(usize) -> bool) {
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
    pub(super) fn consult(&self, node: usize, board: &Padded, to_move: u8, expert: &Expert) {
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
    pub(super) fn fill_in(&self, node: usize, board: &Padded, captured: [Cells; 2]) {
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
    pub(super) fn set_fill(&self, node: usize, fill: Option<Fill>) {
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
    pub(super) fn fill_index(&self, node: usize) -> Option<usize> {
        (self.nodes[node].fill.load(Relaxed) as usize).checked_sub(1)
    }

    /// The cells filled in at `node`, if any.
    pub(super) fn fill_of(&self, node: usize) -> Option<Fill> {
        let i = self.fill_index(node)?;
        let fills = self.fills.read().unwrap_or_else(|e| e.into_inner());
        Some(fills[i].clone())
    }

    /// Fills in the cells of `node` (if it has any) on `board`.
    pub(super) fn fill_board(&self, node: usize, board: &mut Padded) {
        let Some(i) = self.fill_index(node) else {
            return;
        };
        let fills = self.fills.read().unwrap_or_else(|e| e.into_inner());
        for &(at, color) in fills[i].iter() {
            board.cells[usize::from(at)] = color;
        }
    }

    /// The child to walk into: a proven win, else the highest mix of win rate and AMAF rate
    /// (plus the patterns' bias), proven losses last; pruned moves never.
    pub(super) fn select(&self, node: usize, rng: &mut Rng) -> usize {
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
    pub(super) fn simulate(
        &self,
        root: &Padded,
        work: &mut Work,
        rng: &mut Rng,
        expert: Option<&Expert>,
    ) {
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
                && root.for_the_network()
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
    pub(super) fn back_up(&self, winner: u8, work: &mut Work) {
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
            // move here.
            if self.settings.rave.is_none() {
                continue;
            }
            let won = u32::from(winner == to_move);
            let children = self.nodes.run(self.nodes[id].children());
            let played = |c: &Node| board.cells[usize::from(c.cell.load(Relaxed))] == to_move;
            for c in children.iter().filter(|c| played(c)) {
                add(&c.amaf_visits, 1);
                add(&c.amaf_wins, won);
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

    /// The children of `node` that the knowledge has not ruled out.
    pub(super) fn children(&self, node: usize) -> Vec<Stats> {
        (self.nodes[node].children())
            .map(|child| self.nodes[child].get())
            .filter(|c| !c.pruned)
            .collect()
    }

    /// The child of `node` on `cell`, if it has one.
    pub(super) fn child_on(&self, node: usize, cell: usize) -> Option<usize> {
        (self.nodes[node].children())
            .find(|&child| usize::from(self.nodes[child].cell.load(Relaxed)) == cell)
    }

    /// The tree below the node reached by `path` from the root (cells and the sides that
    /// play them), as a tree of its own; `None` if the path leaves the tree.
    pub(super) fn descend(self, path: &[(usize, u8)]) -> Option<Tree> {
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

    pub(super) fn root_children(&self) -> Vec<Stats> {
        self.children(0)
    }

    /// The line of most-visited children from the root.
    pub(super) fn variation(&self, board: &Padded) -> Vec<Cell> {
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
