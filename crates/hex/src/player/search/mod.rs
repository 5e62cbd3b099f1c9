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
//! On boards up to 19 on each side (squares and rectangles: the search plays any `rows` x
//! `cols` board) the search asks the shared Hex knowledge ([`Expert::decide`]): at
//! the root first (a proven win is played at once, and only the must-play moves are
//! searched), and once at every node that reaches a number of visits (as MoHex does): a
//! node the knowledge decides is proven, and proofs go up the tree (a move to a position
//! lost for the opponent wins; a position where every move loses is lost); otherwise the
//! node keeps only the moves to consider.
//!
//! Several threads each grow a tree of their own from the same root (root parallelism) with
//! their own seed; their root statistics are summed. (One tree grown by all the threads
//! together measured even at best and was removed: `docs/tuning/hex.md`.) A tree's
//! statistics are atomic numbers all the same, as the first thread reads every tree's root
//! while they grow to manage the game clock, and a pondering search runs beside the
//! protocol's thread.

mod nodes;
mod playout;
pub(crate) use playout::Rng;
mod tree;

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::{Duration, Instant};

use super::clock::{Plan, Progress};
use super::{convolution, network};
use crate::game::{Cell, Color, Game, Move};
use crate::knowledge::{Decision, Expert};
use crate::solver::MAX_SOLVER_SIZE;

use nodes::*;
use playout::*;
use tree::*;

/// How much work a move may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Stop after this long (checked every few simulations).
    pub time: Option<Duration>,
    /// Stop after this many simulations in all (shared among the threads).
    pub playouts: Option<u64>,
    /// Threads searching, each growing a tree of its own.
    pub threads: usize,
    /// The seed of the random playouts: with `playouts` and one thread the search is
    /// deterministic.
    pub seed: u64,
    /// The game clock's plan for the move, if it has one: its time manager's share, or only
    /// a cap on the time and simulations above.
    pub plan: Option<Plan>,
}

/// What stops a search at once from outside (an interrupt, a command that ends pondering):
/// asked at every simulation, it answers whether to stop.
pub type Halt<'a> = dyn Fn() -> bool + Sync + 'a;

/// A search that nothing stops from outside.
pub fn never() -> bool {
    false
}

impl Default for Budget {
    /// One second a move, two threads.
    fn default() -> Budget {
        Budget {
            time: Some(Duration::from_secs(1)),
            playouts: None,
            threads: 2,
            seed: 1,
            plan: None,
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
    /// Visits of a leaf before it is expanded (MoHex's 10 is cheaper but measured weaker).
    pub expand_after: u32,
    /// Ask the Hex knowledge at the root, and at a node once it has this many visits
    /// (boards up to 19 on each side; `None`: never).
    pub knowledge: Option<u32>,
    /// Progressive bias from the learned move patterns ([`patterns::LEARNED`]): a child's
    /// value gains c·P/√(n+1), P its pattern's share of the gammas of its siblings' and
    /// n its visits; the constant c (`None`: off).
    pub patterns: Option<f64>,
    /// Once the knowledge has looked at a node (and at the root), the captured cells it
    /// found are given to their captors in every simulation through it, so that the
    /// playouts below start from the filled-in board (MoHex's fill-in).
    pub fill_in: bool,
    /// On square boards from 11x11 up, once a node has had more than this many visits (the
    /// root too) the priors of its children come from a network's policy head instead of the
    /// patterns ([`network::learned`]: on 11x11 the one learned from this engine's games
    /// there, on larger squares the one learned from MoHex's on 11x11 and 13x13; both are
    /// convolutional, so they read any size). `None`: never; nor without
    /// [`Settings::patterns`], whose bias they are.
    pub policy: Option<u32>,
}

impl Default for Settings {
    /// Bridge replies, RAVE with equivalence parameter 1000, no UCT term, expansion at the
    /// first visit, knowledge at [`KNOWLEDGE_AFTER`] visits, the pattern bias with constant 3,
    /// its priors from the network past 30 visits on squares from 11x11 up.
    fn default() -> Settings {
        Settings {
            bridges: true,
            rave: Some(1000.0),
            expand_after: 1,
            knowledge: Some(KNOWLEDGE_AFTER),
            patterns: Some(3.0),
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
    pub values: Vec<(Cell, u64, f64)>,
    /// The expected line of play from the root of the first thread's tree.
    pub variation: Vec<Cell>,
    /// Simulations run in all.
    pub playouts: u64,
    /// The mover's estimated chance of winning with the best move.
    pub win_rate: f64,
}

impl Evaluation {
    /// The analysis of a move the knowledge proves to win, or the only one to consider.
    fn proven(point: Cell) -> Evaluation {
        Evaluation {
            best: Move::Play(point),
            values: vec![(point, 0, 1.0)],
            variation: vec![point],
            playouts: 0,
            win_rate: 1.0,
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
pub fn priors(game: &Game, color: Color) -> Vec<(Cell, f64)> {
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

/// Every empty point's chance for `color` to move from the network (none when no
/// point is empty), `None` on a rectangle or a square smaller than 11x11 ([`network::SMALLEST`]):
/// the priors the search gives a node's children once it has had
/// `--policy` visits.
pub fn network_priors(game: &Game, color: Color) -> Option<Vec<(Cell, f64)>> {
    let board = Padded::new(game);
    if !board.for_the_network() {
        return None;
    }
    let points: Vec<Cell> = game.empty_points().collect();
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

/// The network's chance of each of `cells` (cells of `board`) with `to_move` to move
/// after the move at `last`: its softmax over the empty ones, 0 for any other; `None` when
/// none is empty.
fn network_shares(
    board: &Padded,
    to_move: u8,
    last: Option<usize>,
    cells: &[usize],
) -> Option<Vec<f32>> {
    let mover = SEEN[usize::from(to_move)].expect("a side to move");
    // Asked on square boards only: its size is the board's.
    debug_assert_eq!(
        board.rows, board.cols,
        "the network is asked on squares only"
    );
    let size = board.cols;
    let planes = convolution::planes(size, mover, last.map(|at| board.point(at)), |p| {
        SEEN[usize::from(board.cells[Padded::at_width(board.width, p)])]
    });
    let logits = network::learned(size).evaluate(size, &planes).logits;
    let logit = |at: usize| logits[convolution::cell(size, mover, board.point(at))];
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

/// What the thread that watches the clock's plan knows of the root between looks: the most
/// visited move, and since when.
#[derive(Default)]
struct Watch {
    leader: Option<(u16, Instant)>,
}

impl Watch {
    /// The root's progress, summed over `trees`, after `simulations` in all.
    fn progress(&mut self, trees: &[Tree], simulations: u64) -> Progress {
        let now = Instant::now();
        let mut visits: Vec<(u16, u64)> = Vec::new();
        for tree in trees {
            for c in tree.root_children() {
                match visits.iter_mut().find(|(cell, _)| *cell == c.cell) {
                    Some((_, n)) => *n += u64::from(c.visits),
                    None => visits.push((c.cell, u64::from(c.visits))),
                }
            }
        }
        visits.sort_unstable_by_key(|v| std::cmp::Reverse(v.1));
        let first = visits.first().copied().unwrap_or_default();
        let second = visits.get(1).map_or(0, |v| v.1);
        let since = match self.leader {
            Some((cell, since)) if cell == first.0 => since,
            _ => self.leader.insert((first.0, now)).1,
        };
        Progress {
            simulations,
            first: first.1,
            second,
            stable_for: now - since,
        }
    }
}

/// A search that keeps its trees between calls: when the next position follows from the
/// last one by moves that the trees have explored (the engine's move and the opponent's
/// answer, say), the subtrees under those moves are kept with their statistics.
#[derive(Default)]
pub struct Search {
    trees: Vec<Tree>,
    /// The padded position, its width and the side to move the trees were grown for.
    root: Option<(Vec<u8>, usize, u8)>,
    /// Whether trees are kept (on by default).
    pub reuse: Reuse,
    /// The knowledge of the last board shape searched, if the search asks it there
    /// ([`knows`]).
    expert: Option<Expert>,
}

/// Whether the search asks the knowledge on a `rows` x `cols` board: one up to
/// [`MAX_SOLVER_SIZE`] on each side, which the knowledge covers.
fn knows(rows: usize, cols: usize) -> bool {
    let largest = usize::from(MAX_SOLVER_SIZE);
    rows.max(cols) <= largest && Expert::covers(rows as u8, cols as u8)
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
    /// Whether the settings use the knowledge and the knowledge covers the board ([`knows`]);
    /// if so, makes the knowledge of the root's board shape.
    fn make_expert(&mut self, root: &Padded, settings: Settings) -> bool {
        if settings.knowledge.is_none() || !knows(root.rows, root.cols) {
            return false;
        }
        let (rows, cols) = (root.rows as u8, root.cols as u8);
        if (self.expert.as_ref()).is_none_or(|e| (e.geometry.rows, e.geometry.cols) != (rows, cols))
        {
            self.expert = Some(Expert::new_rectangle(rows, cols));
        }
        true
    }

    /// The path of cells from the old root to `root` (sides alternating from the old
    /// root's), if `root` follows from it.
    fn path_to(&self, root: &Padded, color: u8) -> Option<Vec<(usize, u8)>> {
        let (old, old_width, old_color) = self.root.as_ref()?;
        // A board of another shape (even of as many cells) never follows.
        if old.len() != root.cells.len() || *old_width != root.width {
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
        self.analyse_until(game, color, limits, settings, &never)
    }

    /// As [`Search::analyse`], and stopped at once when `halt` says so: the best move so far
    /// is the answer.
    pub fn analyse_until(
        &mut self,
        game: &Game,
        color: Color,
        limits: Budget,
        settings: Settings,
        halt: &Halt<'_>,
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
            }) if best.index() < root.rows * root.cols
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
        // A tree for each thread.
        old.resize_with(threads, || None);
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
        // Set when the clock's plan ends the search (by the first thread, which watches it).
        let stopped = AtomicBool::new(false);
        let run = |thread: usize| {
            let (tree, claimed) = (&trees[thread % trees.len()], &claimed[thread % trees.len()]);
            let mut rng = Rng::new(limits.seed.wrapping_add(thread as u64 * 0x1000_0001));
            let mut work = Work::new(&root);
            let mut done = 0u64;
            let mut watch = Watch::default();
            loop {
                if per_tree.is_some_and(|n| claimed.fetch_add(1, Relaxed) >= n) {
                    break;
                }
                if stopped.load(Relaxed) || halt() {
                    break;
                }
                if done % 64 == 0
                    && done > 0
                    && let Some(plan) = limits.plan
                {
                    let elapsed = plan.start.elapsed();
                    if elapsed >= plan.most
                        || (thread == 0
                            && plan.stop(elapsed, watch.progress(&trees, done * threads as u64)))
                    {
                        stopped.store(true, Relaxed);
                        break;
                    }
                }
                if done % 64 == 0
                    && limits.time.is_some_and(|t| start.elapsed() >= t)
                    && (done > 0 || per_tree.is_none())
                {
                    break;
                }
                tree.simulate(&root, &mut work, &mut rng, expert);
                done += 1;
            }
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
        let mut bias = vec![0.0f32; root.cells.len()];
        for (tree, _) in &results {
            for c in tree.root_children() {
                let at = usize::from(c.cell);
                bias[at] = c.bias;
                // A proof in any thread's tree holds.
                if child[at].is_none_or(|p| p == Proof::Open) {
                    child[at] = Some(c.proof);
                }
                visits[at] += u64::from(c.visits);
                wins[at] += f64::from(c.wins);
            }
        }
        let values: Vec<(Cell, u64, f64, Proof)> = (0..root.cells.len())
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
        let rank = |v: &(Cell, u64, f64, Proof)| match v.3 {
            Proof::Won => 2,
            Proof::Open => 1,
            Proof::Lost => 0,
        };
        let unvisited = values.iter().all(|v| v.1 == 0);
        let best = values
            .iter()
            .max_by(|a, b| {
                let prior = |v: &(Cell, u64, f64, Proof)| bias[Padded::at_width(root.width, v.0)];
                rank(a)
                    .cmp(&rank(b))
                    .then(a.1.cmp(&b.1))
                    .then(a.2.total_cmp(&b.2))
                    // Stopped before any simulation: the patterns' favourite.
                    .then(if unvisited {
                        prior(a).total_cmp(&prior(b))
                    } else {
                        std::cmp::Ordering::Equal
                    })
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
        self.root = Some((root.cells.clone(), root.width, code(color)));
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
    use crate::geometry::slot;

    fn game(size: u8, black: &[&str], white: &[&str]) -> Game {
        let mut game = Game::new(size).unwrap();
        for (color, names) in [(Color::Black, black), (Color::White, white)] {
            for name in names {
                game.setup(color, Cell::parse(name, size).unwrap()).unwrap();
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
            plan: None,
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
    fn forced_positions(count: usize) -> Vec<(Game, Color, Cell)> {
        forced_positions_on(4, 4, 7, count)
    }

    /// Positions on `rows` x `cols` boards after `fewest` to `fewest` + 2 random moves, made
    /// from a seed, where the side to move has exactly one winning move.
    fn forced_positions_on(
        rows: u8,
        cols: u8,
        fewest: usize,
        count: usize,
    ) -> Vec<(Game, Color, Cell)> {
        let mut rng = Rng::new(99);
        let mut found = Vec::new();
        while found.len() < count {
            let mut g = Game::rectangle(rows, cols).unwrap();
            let stones = fewest + rng.below(3);
            let mut color = Color::Black;
            for _ in 0..stones {
                if g.winner().is_some() {
                    break;
                }
                let empty: Vec<Cell> = g.empty_points().collect();
                let p = empty[rng.below(empty.len())];
                g.play(color, Move::Play(p)).unwrap();
                color = color.opponent();
            }
            if g.winner().is_some() {
                continue;
            }
            let winning: Vec<Cell> = g
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
    fn finds_the_only_winning_move_on_rectangles() {
        // Three rows by five columns and five by three: the wide board favours Black, the
        // tall one White. With the knowledge and without it (the playouts alone).
        let off = Settings {
            knowledge: None,
            ..Settings::default()
        };
        for (rows, cols) in [(3, 5), (5, 3)] {
            for (g, color, only) in forced_positions_on(rows, cols, 8, 6) {
                for settings in [Settings::default(), off] {
                    let a = analyse(&g, color, fixed(3000), settings);
                    assert_eq!(a.best, Move::Play(only), "{color} to move in\n{g}");
                }
            }
        }
    }

    /// A `rows` x `cols` board of these stones (put, not played).
    fn rectangle(rows: u8, cols: u8, black: &[&str], white: &[&str]) -> Game {
        let mut game = Game::rectangle(rows, cols).unwrap();
        for (color, names) in [(Color::Black, black), (Color::White, white)] {
            for name in names {
                let point = Cell::parse(name, crate::game::MAX_BOARD).unwrap();
                game.setup(color, point).unwrap();
            }
        }
        game
    }

    #[test]
    fn the_padded_board_of_a_rectangle_has_its_rows_and_columns() {
        for (rows, cols) in [(3u8, 5u8), (5, 3), (1, 7), (4, 19)] {
            let g = Game::rectangle(rows, cols).unwrap();
            let board = Padded::new(&g);
            let (r, c) = (usize::from(rows), usize::from(cols));
            assert_eq!((board.rows, board.cols, board.width), (r, c, c + 2));
            assert_eq!(board.cells.len(), (r + 2) * (c + 2));
            // Every point of the board is inside, once, and the knowledge's index of its
            // cell is row * cols + col.
            let inside: Vec<usize> = (0..board.cells.len())
                .filter(|&at| board.inside(at))
                .collect();
            assert_eq!(inside.len(), r * c);
            for point in g.points() {
                let at = board.at(point);
                assert!(board.inside(at) && board.cells[at] == EMPTY);
                assert_eq!(board.point(at), point);
                let index = usize::from(point.row) * c + usize::from(point.col);
                assert_eq!(board.index(at).index(), index);
                assert_eq!(board.at_index(board.index(at)), at);
            }
            // The frame: Black above and below, White left and right.
            for at in (0..board.cells.len()).filter(|&at| !board.inside(at)) {
                let (row, col) = (at / board.width, at % board.width);
                let edge = if row == 0 || row == r + 1 {
                    BLACK
                } else {
                    WHITE
                };
                assert!(col == 0 || col == c + 1 || edge == BLACK);
                assert_eq!(
                    board.cells[at], edge,
                    "{rows}x{cols}: row {row} column {col}"
                );
            }
        }
        // Black's column a1-a3 joins the three rows of a 3x5 board; White's row a1-e1 joins
        // its five columns, and Black has not joined then.
        let (mut seen, mut stack) = (Vec::new(), Vec::new());
        let black = Padded::new(&rectangle(3, 5, &["a1", "a2", "a3"], &[]));
        assert!(black.black_wins(&mut seen, &mut stack));
        let white = Padded::new(&rectangle(
            3,
            5,
            &["b2", "c3"],
            &["a1", "b1", "c1", "d1", "e1"],
        ));
        assert!(!white.black_wins(&mut seen, &mut stack));
        // On 5x3 the same column is short of the bottom two rows.
        let short = Padded::new(&rectangle(5, 3, &["a1", "a2", "a3"], &[]));
        assert!(!short.black_wins(&mut seen, &mut stack));
    }

    #[test]
    fn playouts_on_a_rectangle_end_with_the_winner_the_rules_see() {
        // Random playouts from an empty board: each filled board's winner is the side the
        // rules (Game) see joined, and the side with the shorter crossing wins most of them
        // (Black across three rows of five, White across three columns of five).
        for (rows, cols) in [(3u8, 5u8), (5, 3)] {
            let root = Padded::new(&Game::rectangle(rows, cols).unwrap());
            let (mut work, mut rng) = (Work::new(&root), Rng::new(11));
            let mut black = 0;
            for _ in 0..200 {
                work.board.cells.copy_from_slice(&root.cells);
                let winner = playout(None, BLACK, &mut work, &mut rng, true);
                let mut filled = Game::rectangle(rows, cols).unwrap();
                for at in (0..work.board.cells.len()).filter(|&at| work.board.inside(at)) {
                    let color = SEEN[usize::from(work.board.cells[at])].expect("filled");
                    filled.setup(color, work.board.point(at)).unwrap();
                }
                let joined = |color: Color| {
                    let mut only = Game::rectangle(rows, cols).unwrap();
                    for p in filled.points().filter(|&p| filled.get(p) == Some(color)) {
                        only.setup(color, p).unwrap();
                    }
                    only.winner() == Some(color)
                };
                let expected = if joined(Color::Black) { BLACK } else { WHITE };
                assert_ne!(joined(Color::Black), joined(Color::White));
                assert_eq!(winner, expected);
                black += usize::from(winner == BLACK);
            }
            if rows < cols {
                assert!(black > 120, "{rows}x{cols}: Black won {black} of 200");
            } else {
                assert!(black < 80, "{rows}x{cols}: Black won {black} of 200");
            }
        }
    }

    #[test]
    fn the_search_plays_a_winning_move_on_a_rectangle() {
        use crate::position::Position;
        use crate::solver::{Limits, Solver};
        // On 4x5 Black crosses four rows and White five columns: Black wins whoever moves
        // first (so on the empty board any move of Black's wins). After White's c2 only five
        // of Black's nineteen moves still win, and the search must play one of them; the
        // same on 5x4 with the colours and the board's axes exchanged.
        let limits = Limits {
            memory: 16 << 20,
            ..Limits::default()
        };
        let mut solver = Solver::new(limits);
        let wide = rectangle(4, 5, &[], &["c2"]);
        let tall = rectangle(5, 4, &["b3"], &[]);
        for (g, color) in [(wide, Color::Black), (tall, Color::White)] {
            let (rows, cols) = (g.rows(), g.cols());
            let position = Position::of_game(&g).with_to_move(color);
            let winning = solver.winning_moves(&position).unwrap().unwrap();
            assert_eq!(winning.len(), 5, "{rows}x{cols}");
            for settings in [
                Settings::default(),
                Settings {
                    knowledge: None,
                    ..Settings::default()
                },
            ] {
                let a = analyse(&g, color, fixed(2000), settings);
                let Move::Play(p) = a.best else {
                    panic!("{rows}x{cols}: {}", a.best)
                };
                assert!(
                    winning.contains(&p),
                    "{p} is not one of {winning:?} in\n{g}"
                );
            }
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

    /// `fixed(playouts)` on two threads.
    fn two_threads(playouts: u64) -> Budget {
        Budget {
            threads: 2,
            ..fixed(playouts)
        }
    }

    #[test]
    fn two_threads_grow_a_tree_each() {
        let g = game(7, &["d4"], &["c5"]);
        let visits = |a: &Evaluation| a.values.iter().map(|v| v.1).sum::<u64>();
        // Each thread's 2000, counted exactly.
        let mut search = Search::default();
        let apart = search.analyse(&g, Color::Black, two_threads(4000), Settings::default());
        assert_eq!((apart.playouts, visits(&apart)), (4000, 4000));
        assert_eq!(search.trees.len(), 2);
    }

    #[test]
    fn two_threads_prove_the_only_winning_move() {
        let limits = two_threads(3000);
        let eager = Settings {
            knowledge: Some(1),
            ..Settings::default()
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
        let mut searched: Vec<String> = a.values.iter().map(|v| v.0.lower().to_string()).collect();
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
        let b3 = Cell::parse("b3", 5).unwrap();
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
            g.play(color, Move::Play(Cell::parse(name, 11).unwrap()))
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
        let planes = convolution::planes(11, color, Cell::parse("e4", 11), |p| g.get(p));
        let logits = network::learned(11).evaluate(11, &planes).logits;
        let (best, _) = (0..121)
            .filter(|&i| {
                g.get(Cell {
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
        let expected = Cell {
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
            let (mut work, mut rng) = (Work::new(&root), Rng::new(7));
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
            let (mut work, mut rng) = (Work::new(&root), Rng::new(3));
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
        let c2 = board.at(Cell::parse("c2", 5).unwrap());
        let b3 = board.at(Cell::parse("b3", 5).unwrap());
        assert_eq!(board.bridge_reply(c2, BLACK), Some(b3));
        assert_eq!(board.bridge_reply(b3, BLACK), Some(c2));
        assert_eq!(board.bridge_reply(c2, WHITE), None);
        // A Black stone on the second row is bridged to the top edge.
        let a1 = board.at(Cell::parse("a1", 5).unwrap());
        let b1 = board.at(Cell::parse("b1", 5).unwrap());
        assert_eq!(board.bridge_reply(a1, BLACK), None);
        let g = game(5, &["b2"], &[]);
        let board = Padded::new(&g);
        assert_eq!(
            board.bridge_reply(b1, BLACK),
            Some(board.at(Cell::parse("c1", 5).unwrap()))
        );
    }
}
