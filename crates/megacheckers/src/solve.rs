//! The fast solver: the largest capture on a board, and one capture that achieves it.
//!
//! # The graph behind the board
//!
//! A piece on (r, c) only ever lands on squares (r ± 2, c ± 2), so it stays on the homes of
//! its *lattice*: rows and columns both even, or both odd. The pieces it can take lie on the
//! other lattice, each in the middle of a little square of four homes of the mover's lattice,
//! where two jumps cross: one along each diagonal. Seen from the mover, the board is a graph:
//! the empty homes of its lattice (and its own starting home) are the nodes, and every
//! opponent piece between two such nodes is an edge. A capture is a walk that uses no edge
//! twice (a *trail*), and the answer is the longest trail from one of the player's pieces.
//!
//! The two jumps crossing at one opponent piece never compete: going diagonally changes
//! (r / 2 + c / 2) by 0 or ±2, so the two ends of one jump and those of the crossing jump lie
//! in different halves that no trail joins. Each half is a square grid turned by 45°.
//!
//! # The search
//!
//! Nodes are bits of a `u64` (a lattice has at most 56 homes), numbered row by row with `J`
//! homes a row; the edges are two bitboards, one per diagonal direction, each edge kept at its
//! lower node. A jump, the set of nodes a piece can still reach (a flood fill) and the parity of
//! every node's degree are then a few shifts and masks.
//!
//! The search is depth-first branch and bound over (node, edges left):
//! - the bound is what a trail from here could still take: the edges still reachable, less
//!   the fewest edges that must stay unused for the parity of the degrees. A trail's edges
//!   leave every node but its two ends with even degree, so the unused edges must join the
//!   odd-degree nodes (and the piece's node) in pairs by paths, all but the one the trail
//!   ends on. A cheap count comes first (at least one unused edge per odd node, shared only by
//!   neighbours); when it does not settle a branch and there are few odd nodes, the shortest
//!   such pairing is found exactly, with path lengths from breadth-first search (see
//!   [`Bound`]);
//! - the jumps are tried best bound first, which steers the walk away from bridges that
//!   would strand edges (Fleury's rule for Euler trails), so on crowded boards the first trail
//!   found is often as long as the bound and the search ends at once;
//! - positions already searched (the same node with the same edges left) are skipped: the
//!   same captures made in another order lead to the same future;
//! - the player's pieces are searched in the order of their bounds, and the search stops when
//!   no piece's bound beats the best capture found.
//!
//! What remains is the bound's blind spot, connectivity: the unused edges it counts may cut
//! the rest in two. The benchmarks (`benches/solve.rs`) and the `hunt` example measure it.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{Board, Content};
use crate::rules::Capture;
use crate::shape::{Home, Shape, ShapeTable, Square};

/// The largest capture on a board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Best {
    /// How many opponent pieces it takes: the contest's answer.
    pub taken: u32,
    /// One capture that takes that many, or `None` when no capture is possible.
    pub capture: Option<Capture>,
}

/// The largest capture on `board`, with the fastest [`Search`].
pub fn solve(board: &Board) -> Best {
    Search::FAST.run(board)
}

/// Which ideas the search uses. [`Search::FAST`] is the one to use; the others are there so
/// that the benchmarks can measure what each idea brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Search {
    /// How a branch's prospects are bounded.
    pub bound: Bound,
    /// Whether positions (node, edges left) already searched are remembered and skipped.
    pub memo: bool,
}

/// How far a capture from a position can still go, at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// No bound: every trail is walked (the bitboards alone).
    None,
    /// The edges still reachable from the piece.
    Reach,
    /// The reachable edges, less half the odd-degree nodes other than the piece's, rounded
    /// down: each unused edge makes at most two odd nodes even.
    Parity,
    /// As [`Bound::Parity`], and also: an odd node none of whose neighbours is odd needs an
    /// unused edge of its own.
    Cover,
    /// As [`Bound::Cover`] and, when that does not settle it and there are few odd nodes, the
    /// exact fewest edges the parity of the degrees asks to leave unused (the shortest way to
    /// pair the odd nodes by paths).
    Join,
}

impl Search {
    /// The fastest combination, as measured by the benchmarks.
    pub const FAST: Search = Search {
        bound: Bound::Join,
        memo: true,
    };

    /// The largest capture on `board`.
    pub fn run(&self, board: &Board) -> Best {
        let lattices = Lattices::of(board.shape());
        let mut roots = Vec::new();
        for (class, lattice) in lattices.0.iter().enumerate() {
            let Some(lattice) = lattice else { continue };
            let graph = lattice.graph(board);
            for start in bits(graph.mine) {
                let root = graph.rooted_at(start);
                // The cheap bound for now: the exact one only for the pieces searched.
                let bound = self.bound(lattice, &root, u32::MAX);
                roots.push((bound, class, root));
            }
        }
        // Most promising piece first; a stable sort keeps ties in home order.
        roots.sort_by_key(|&(bound, ..)| std::cmp::Reverse(bound));
        let mut walker = Walker {
            search: *self,
            best: 0,
            best_trail: Vec::new(),
            best_class: 0,
            trail: Vec::new(),
            ceiling: 0,
            seen: HashSet::default(),
            visited: 0,
        };
        for (bound, class, root) in roots {
            if bound <= walker.best {
                break;
            }
            let lattice = lattices.0[class]
                .as_ref()
                .expect("roots come from lattices");
            let bound = self.bound(lattice, &root, walker.best);
            if bound <= walker.best {
                continue;
            }
            walker.ceiling = bound;
            walker.seen.clear();
            walker.trail.clear();
            walker.trail.push(root.at);
            // Ends early once a capture reaches this piece's bound; a piece further down the
            // list may still have a higher exact bound than this one.
            walker.walk(lattice, root, class, 0);
        }
        let lattice = lattices.0[walker.best_class].as_ref();
        let capture = lattice.and_then(|lattice| {
            Capture::new(
                walker
                    .best_trail
                    .iter()
                    .map(|&node| lattice.nodes[node as usize])
                    .collect(),
            )
        });
        Best {
            taken: walker.best,
            capture,
        }
    }

    /// At most how many more pieces a capture can take from `state`. The caller only needs
    /// to know whether it is more than `enough`: a bound at or below it may be a weaker one.
    fn bound(&self, lattice: &Lattice, state: &State, enough: u32) -> u32 {
        const UNBOUNDED: u32 = u32::MAX / 2;
        if self.bound == Bound::None {
            return UNBOUNDED;
        }
        let graph = Edges {
            d1: state.d1,
            d2: state.d2,
            up1: lattice.up1,
            up2: lattice.up2,
        };
        let at = 1u64 << state.at;
        let reached = graph.reach(at);
        let edges = (graph.d1 & reached).count_ones() + (graph.d2 & reached).count_ones();
        if self.bound == Bound::Reach {
            return edges;
        }
        let odd_degree = graph.odd_degree() & reached;
        let odd = odd_degree & !at;
        let o = odd.count_ones();
        let mut unused = o / 2;
        if self.bound == Bound::Parity {
            return edges.saturating_sub(unused);
        }
        // Let T be the nodes at which the unused edges have odd degree: `odd_degree` changed
        // at the piece's node and at the trail's end. T holds at least 2 * (o / 2) nodes, all
        // in `ends` but perhaps the end. Each needs an unused edge, and one edge serves two
        // only if they are neighbours.
        let ends = odd | at;
        let paired = (ends & graph.neighbours(ends)).count_ones();
        unused = unused.max((2 * (o / 2)).saturating_sub(paired / 2));
        let cover = edges.saturating_sub(unused);
        if self.bound == Bound::Cover || cover <= enough {
            return cover;
        }
        // Exactly: the unused edges join the nodes of `odd_degree ^ at` in pairs by paths,
        // all but the one the trail ends on. Only a join shorter than `edges - enough` makes
        // the bound more than `enough`.
        match graph.near_perfect_join(odd_degree ^ at, edges - enough) {
            Some(join) => edges.saturating_sub(unused.max(join)),
            None => cover,
        }
    }
}

/// The jumps still possible in one lattice, as a graph on its nodes.
struct Edges {
    /// Rising-diagonal edges, each at its lower node.
    d1: u64,
    /// Falling-diagonal edges, each at its lower node.
    d2: u64,
    up1: u32,
    up2: u32,
}

/// The most nodes [`Edges::near_perfect_join`] pairs exactly.
const JOIN_NODES: usize = 9;

impl Edges {
    /// The nodes one edge away from a node of `set`.
    fn neighbours(&self, set: u64) -> u64 {
        let (d1, d2, up1, up2) = (self.d1, self.d2, self.up1, self.up2);
        ((set & d1) << up1) | ((set >> up1) & d1) | ((set & d2) << up2) | ((set >> up2) & d2)
    }

    /// The nodes connected to `from`.
    fn reach(&self, from: u64) -> u64 {
        let mut reached = from;
        loop {
            let more = reached | self.neighbours(reached);
            if more == reached {
                return more;
            }
            reached = more;
        }
    }

    /// The nodes of odd degree: a node's degree counts the edges kept at it and those kept at
    /// its lower neighbours.
    fn odd_degree(&self) -> u64 {
        self.d1 ^ self.d2 ^ (self.d1 << self.up1) ^ (self.d2 << self.up2)
    }

    /// The fewest edges that join the nodes of `ends` (an odd number of them, all connected)
    /// in pairs by paths, all but one node: the length of a shortest near-perfect matching
    /// under path length, or `cap` if that is no shorter. `None` if there are more than
    /// [`JOIN_NODES`] nodes.
    fn near_perfect_join(&self, ends: u64, cap: u32) -> Option<u32> {
        let count = ends.count_ones() as usize;
        if count > JOIN_NODES {
            return None;
        }
        let mut nodes = [0u64; JOIN_NODES];
        for (slot, node) in nodes.iter_mut().zip(bits(ends)) {
            *slot = 1 << node;
        }
        let nodes = &nodes[..count];
        let mut distance = [[0u8; JOIN_NODES]; JOIN_NODES];
        for (i, &from) in nodes.iter().enumerate() {
            // Breadth first, one ring at a time, until every other end is met.
            let (mut reached, mut ring) = (from, 0u8);
            let mut missing = ends & !from;
            while missing != 0 {
                let more = reached | self.neighbours(reached);
                if more == reached {
                    break; // not connected: cannot happen for nodes of one component
                }
                ring += 1;
                for (j, &node) in nodes.iter().enumerate() {
                    if more & missing & node != 0 {
                        distance[i][j] = ring;
                    }
                }
                missing &= !more;
                reached = more;
            }
        }
        let mut nearest = [0u8; JOIN_NODES];
        for (i, near) in nearest.iter_mut().enumerate().take(count) {
            *near = (0..count)
                .filter(|&j| j != i)
                .map(|j| distance[i][j])
                .min()
                .unwrap_or(0);
        }
        let mut pairing = Pairing {
            distance,
            nearest,
            best: cap,
        };
        pairing.search((1u32 << count) - 1, true, 0);
        Some(pairing.best)
    }
}

/// The search for the shortest way to pair up nodes, all but one.
struct Pairing {
    distance: [[u8; JOIN_NODES]; JOIN_NODES],
    /// Each node's distance to its nearest other node: half of it is the least that node's
    /// path can add to any pairing.
    nearest: [u8; JOIN_NODES],
    /// The shortest total found so far, or the cap it started from.
    best: u32,
}

impl Pairing {
    /// Pairs the nodes of `left` (a bit per node) on top of `cost`, leaving one out if
    /// `spare`, and keeps the total in `best` if it is shorter.
    fn search(&mut self, left: u32, spare: bool, cost: u32) {
        if left == 0 {
            self.best = self.best.min(cost);
            return;
        }
        let nearest = bits(u64::from(left)).map(|n| u32::from(self.nearest[n as usize]));
        let (sum, max) = nearest.fold((0, 0), |(sum, max), d| (sum + d, max.max(d)));
        let least = (sum - if spare { max } else { 0 }).div_ceil(2);
        if cost + least >= self.best {
            return;
        }
        let first = left.trailing_zeros() as usize;
        let rest = left & (left - 1);
        if spare {
            self.search(rest, false, cost);
        }
        for other in bits(u64::from(rest)) {
            let step = u32::from(self.distance[first][other as usize]);
            self.search(rest & !(1 << other), spare, cost + step);
        }
    }
}

/// The set bits of a bitboard, lowest first.
fn bits(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let bit = set.trailing_zeros();
            set &= set - 1;
            bit
        })
    })
}

/// The homes of one lattice (rows and columns both even, or both odd) as a grid of nodes.
struct Lattice {
    /// The home of node k, nodes numbered row by row, `cols` to a row.
    nodes: Vec<Home>,
    /// Each little square of four nodes: its number (that of its lower left node) and the
    /// home at its centre, where an opponent piece makes its two diagonals edges.
    cells: Vec<(u32, Home)>,
    /// Going up one row and right one column adds `up1` to a node's number.
    up1: u32,
    /// Going up one row and left one column adds `up2`.
    up2: u32,
}

/// The two lattices of a shape; a lattice with fewer than two rows or columns allows no
/// jump and is left out.
struct Lattices([Option<Lattice>; 2]);

impl Lattices {
    fn of(shape: Shape) -> &'static Lattices {
        static LATTICES: ShapeTable<Lattices> = ShapeTable::new();
        LATTICES.get(shape, |shape| {
            Lattices([0, 1].map(|class| Lattice::new(shape, class)))
        })
    }
}

impl Lattice {
    /// The lattice of squares whose row and column are both `class` modulo 2.
    fn new(shape: Shape, class: u8) -> Option<Lattice> {
        let rows = (shape.rows() as u8 + 1 - class) / 2;
        let cols = (shape.cols() as u8 + 1 - class) / 2;
        if rows < 2 || cols < 2 {
            return None;
        }
        debug_assert!(usize::from(rows) * usize::from(cols) <= 64);
        let home = |row: u8, col: u8| {
            shape
                .home_at(Square { row, col })
                .expect("lattice squares are homes")
        };
        let mut nodes = Vec::new();
        let mut cells = Vec::new();
        for i in 0..rows {
            for j in 0..cols {
                nodes.push(home(2 * i + class, 2 * j + class));
                if i + 1 < rows && j + 1 < cols {
                    let number = u32::from(i) * u32::from(cols) + u32::from(j);
                    cells.push((number, home(2 * i + class + 1, 2 * j + class + 1)));
                }
            }
        }
        Some(Lattice {
            nodes,
            cells,
            up1: u32::from(cols) + 1,
            up2: u32::from(cols) - 1,
        })
    }

    /// The board as this lattice's movers see it.
    fn graph(&self, board: &Board) -> Graph {
        let mut graph = Graph {
            theirs: 0,
            free: 0,
            mine: 0,
            up1: self.up1,
            up2: self.up2,
        };
        for &(number, home) in &self.cells {
            if board.theirs().contains(home) {
                graph.theirs |= 1 << number;
            }
        }
        for (number, &home) in self.nodes.iter().enumerate() {
            match board.content(home) {
                Content::Empty => graph.free |= 1 << number,
                Content::Mine => graph.mine |= 1 << number,
                Content::Theirs => {}
            }
        }
        graph
    }
}

/// One lattice of one board: which little squares hold an opponent at their centre, which
/// nodes are empty and which hold the player's pieces.
struct Graph {
    theirs: u64,
    free: u64,
    mine: u64,
    up1: u32,
    up2: u32,
}

impl Graph {
    /// The position before the piece on node `start` moves: its home is empty then.
    fn rooted_at(&self, start: u32) -> State {
        let free = self.free | 1 << start;
        State {
            at: start,
            // A square's rising diagonal joins its lower left node to the node up1 above;
            // its falling diagonal joins its lower right node (one more) to the node up2 above.
            d1: self.theirs & free & (free >> self.up1),
            d2: (self.theirs << 1) & free & (free >> self.up2),
        }
    }
}

/// A position of the search: where the piece is and which jumps are still possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    at: u32,
    /// Rising-diagonal edges, each at its lower node.
    d1: u64,
    /// Falling-diagonal edges, each at its lower node.
    d2: u64,
}

impl State {
    /// The positions one jump away.
    fn jumps(self, lattice: &Lattice) -> impl Iterator<Item = State> {
        let (up1, up2, at) = (lattice.up1, lattice.up2, self.at);
        let kept = |edges: u64, node: Option<u32>| node.filter(|&n| edges >> n & 1 != 0);
        // (where the piece lands, the square jumped): a rising edge kept at n crosses square
        // n, a falling one square n - 1.
        let moves = [
            kept(self.d1, Some(at)).map(|n| (at + up1, n)),
            kept(self.d1, at.checked_sub(up1)).map(|n| (n, n)),
            kept(self.d2, Some(at)).map(|n| (at + up2, n - 1)),
            kept(self.d2, at.checked_sub(up2)).map(|n| (n, n - 1)),
        ];
        // Taking the piece of square s removes both diagonals crossing there: the rising one
        // kept at s and the falling one kept at s + 1.
        moves.into_iter().flatten().map(move |(to, square)| State {
            at: to,
            d1: self.d1 & !(1 << square),
            d2: self.d2 & !(1 << (square + 1)),
        })
    }
}

/// How many positions a search visits before it starts remembering them: most boards are
/// settled sooner, and remembering costs more than it saves on them.
const MEMO_AFTER: u32 = 64;

/// The most positions remembered at once (some 8 MB); beyond, the search goes on without
/// remembering more.
const MEMO_LIMIT: usize = 1 << 18;

/// A hasher for [`State`]s: their words multiplied into one. States are a few words of
/// bits, and hashing them is on the search's hot path; no input chooses them adversarially
/// beyond what the board allows.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The depth-first search and what it has found so far.
struct Walker {
    search: Search,
    best: u32,
    best_trail: Vec<u32>,
    best_class: usize,
    trail: Vec<u32>,
    /// The bound of the piece being searched: a capture this long ends the search.
    ceiling: u32,
    seen: HashSet<State, BuildHasherDefault<Mix>>,
    /// Positions visited on this board.
    visited: u32,
}

impl Walker {
    /// Walks on from `state`, `taken` pieces into the capture; true once the capture found is
    /// as long as the ceiling.
    fn walk(&mut self, lattice: &Lattice, state: State, class: usize, taken: u32) -> bool {
        if taken > self.best {
            self.best = taken;
            self.best_trail.clone_from(&self.trail);
            self.best_class = class;
        }
        if self.best >= self.ceiling {
            return true;
        }
        self.visited = self.visited.saturating_add(1);
        if self.search.memo && self.visited > MEMO_AFTER {
            let known = if self.seen.len() < MEMO_LIMIT {
                !self.seen.insert(state)
            } else {
                self.seen.contains(&state)
            };
            if known {
                return false;
            }
        }
        let mut next = [(0, state); 4];
        let mut count = 0;
        for child in state.jumps(lattice) {
            let enough = self.best.saturating_sub(taken + 1);
            let bound = (taken + 1).saturating_add(self.search.bound(lattice, &child, enough));
            if bound > self.best {
                next[count] = (bound, child);
                count += 1;
            }
        }
        let next = &mut next[..count];
        next.sort_by_key(|&(bound, _)| std::cmp::Reverse(bound));
        for &(bound, child) in next.iter() {
            if bound <= self.best {
                break;
            }
            self.trail.push(child.at);
            let done = self.walk(lattice, child, class, taken + 1);
            self.trail.pop();
            if done {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute;
    use proptest::prelude::*;

    const SEARCHES: [Search; 6] = [
        Search {
            bound: Bound::None,
            memo: false,
        },
        Search {
            bound: Bound::Reach,
            memo: false,
        },
        Search {
            bound: Bound::Parity,
            memo: false,
        },
        Search {
            bound: Bound::Cover,
            memo: false,
        },
        Search {
            bound: Bound::Join,
            memo: false,
        },
        Search {
            bound: Bound::Join,
            memo: true,
        },
    ];

    /// The search agrees with brute force, and its capture is legal and as long as it says.
    fn check(search: Search, board: &Board) -> Result<(), String> {
        let best = search.run(board);
        let expected = brute::max_capture(board);
        if best.taken != expected {
            return Err(format!(
                "{search:?} took {}, brute force {expected}",
                best.taken
            ));
        }
        match &best.capture {
            None if best.taken == 0 => Ok(()),
            None => Err(format!("{search:?} took {} without a capture", best.taken)),
            Some(capture) => match capture.replay(board) {
                Ok(taken)
                    if taken.len() == best.taken && capture.jumps() == taken.len() as usize =>
                {
                    Ok(())
                }
                Ok(taken) => Err(format!("{capture} takes {} pieces", taken.len())),
                Err(err) => Err(format!("{capture}: {err}")),
            },
        }
    }

    /// Every board of a shape: each home empty, ours or theirs.
    fn every_board(shape: Shape) -> impl Iterator<Item = Board> {
        let homes = shape.homes() as u32;
        (0..3u32.pow(homes)).map(move |mut code| {
            Board::from_contents(
                shape,
                std::iter::from_fn(|| {
                    let digit = code % 3;
                    code /= 3;
                    Content::from_digit(digit)
                }),
            )
        })
    }

    #[test]
    fn every_board_of_the_smallest_shapes_agrees_with_brute_force() {
        let mut boards = 0;
        for shape in Shape::all().filter(|shape| shape.homes() <= 9) {
            for board in every_board(shape) {
                for search in SEARCHES {
                    if let Err(err) = check(search, &board) {
                        panic!("{shape} {:?}: {err}", board.contents().collect::<Vec<_>>());
                    }
                }
                boards += 1;
            }
        }
        // 3x3, 3x4, 4x3, 3x5, 5x3, 4x4, 3x6, 6x3.
        assert_eq!(
            boards,
            3usize.pow(5) + 2 * 3usize.pow(6) + 3 * 3usize.pow(8) + 2 * 3usize.pow(9)
        );
    }

    /// A board of up to `max` × `max` squares, each home empty, ours or theirs with the given
    /// odds.
    fn boards(max: u32) -> impl Strategy<Value = Board> {
        (3..=max, 3..=max, 0u32..=8, 1u32..=8).prop_flat_map(|(rows, cols, mine, theirs)| {
            let shape = Shape::new(rows, cols).expect("within the limits");
            let odds = [8 + theirs, mine, theirs];
            let content = prop::sample::select(vec![0u32, 1, 2]).prop_perturb(move |_, mut rng| {
                let roll = rng.random_range(0..odds.iter().sum::<u32>());
                if roll < odds[0] {
                    0
                } else if roll < odds[0] + odds[1] {
                    1
                } else {
                    2
                }
            });
            prop::collection::vec(content, shape.homes()).prop_map(move |digits| {
                Board::from_contents(shape, digits.into_iter().filter_map(Content::from_digit))
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn random_boards_up_to_6x6_agree_with_brute_force(board in boards(6)) {
            for search in SEARCHES {
                prop_assert!(check(search, &board).is_ok(), "{:?}", check(search, &board));
            }
        }
    }

    /// A board of `rows` × `cols` whose odd lattice is crowded with opponents (each home with
    /// probability 7/8) and whose even lattice holds a few of our pieces and blockers: long
    /// captures, where the bounds matter.
    fn crowded_boards(rows: u32, cols: u32) -> impl Strategy<Value = Board> {
        let shape = Shape::new(rows, cols).expect("within the limits");
        prop::collection::vec(0u32..16, shape.homes()).prop_map(move |rolls| {
            let contents = shape.each_home().zip(rolls).map(|(home, roll)| {
                if shape.square(home).row % 2 == 1 {
                    if roll < 2 {
                        Content::Empty
                    } else {
                        Content::Theirs
                    }
                } else {
                    match roll {
                        0 | 1 => Content::Mine,
                        2 => Content::Theirs,
                        _ => Content::Empty,
                    }
                }
            });
            Board::from_contents(shape, contents)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn crowded_boards_up_to_8x9_agree_with_brute_force(
            board in (5u32..=8, 5u32..=9).prop_flat_map(|(r, c)| crowded_boards(r, c))
        ) {
            for search in SEARCHES.into_iter().filter(|s| s.bound != Bound::None) {
                prop_assert!(check(search, &board).is_ok(), "{:?}", check(search, &board));
            }
        }
    }

    #[test]
    fn a_board_full_of_opponents_is_one_euler_trail() {
        // Each half of the even lattice of 13x15 has 42 jumps, every node of even degree but
        // the corner's; the other corner of the same half blocks one jump, which leaves 41 in
        // one trail from the corner.
        for shape in [Shape::new(13, 15).unwrap(), Shape::new(15, 13).unwrap()] {
            let board = Board::crowded(shape);
            assert_eq!(board.theirs().len(), 42);
            assert_eq!(board.mine().len(), 4);
            let best = solve(&board);
            assert_eq!(best.taken, 41);
            assert_eq!(best.capture.unwrap().replay(&board).unwrap().len(), 41);
        }
    }
}
