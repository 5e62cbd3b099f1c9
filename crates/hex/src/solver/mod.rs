//! A solver: who wins a Hex position with a given side to move, and a winning move.
//!
//! Depth-first proof-number search (`dfpn`) over sets of cells as bits ([`crate::cells`]), with a
//! transposition table bounded in memory (`tt`) and the Hex knowledge that keeps proofs
//! small (`vc`, `hsearch`, `inferior`): virtual connections (bridges, edge templates
//! and H-search's) end the search early, the opponent's threats confine the moves searched
//! to the must-play region, dead and captured cells are filled in, and each proof's cells
//! rule out the siblings of a losing move that lie outside them. A position and its half
//! turn share their entry. Several threads can search one position on one table
//! ([`Solver::with_threads`]). Proven positions can be kept in a [`ProofBook`] that later runs
//! read.
//!
//! ```
//! use hex::{Cell, Color, Position};
//! use hex::solver::{Limits, Outcome, Solver};
//!
//! // The empty 3x3 board, X to move: the centre wins.
//! let empty = Position::new(3, 3, Color::White);
//! let Outcome::Proven(proof) = Solver::new(Limits::default()).solve(&empty).unwrap()
//! else { panic!("3x3 is small") };
//! assert_eq!(proof.winner, Color::White);
//! assert_eq!(proof.best, Some(Cell { row: 1, col: 1 }));
//! ```

mod book;
mod dfpn;
mod input;
mod openings;
mod report;
mod tt;

use std::sync::Arc;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::board::{Board, Cell, Color};
use crate::cells::Cells;
use crate::geometry::slot;
use crate::knowledge::Decision;
use crate::position::Position;

/// The largest board the solver takes: 361 cells fit its sets ([`Cells`]).
pub const MAX_SOLVER_SIZE: u8 = 19;

pub use crate::knowledge::Knowledge;
pub use book::{BookError, ProofBook};
use dfpn::Dfpn;
pub use input::{InputError, Solutions, positions, solve_input};
pub use openings::{MIN_BOOK_WORK, Opening, Openings, Report, Setup, solve_openings};
pub use report::Solved;

/// The bytes of one position in the transposition table (`tt_size` counts them).
pub const ENTRY_BYTES: usize = size_of::<tt::Entry>();

/// How far a search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time; none for no limit.
    pub time: Option<Duration>,
    /// Positions expanded; none for no limit.
    pub nodes: Option<u64>,
    /// Bytes for the transposition table.
    pub memory: usize,
}

/// The transposition table's default size: 256 MiB.
pub const DEFAULT_MEMORY: usize = 256 << 20;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            time: None,
            nodes: None,
            memory: DEFAULT_MEMORY,
        }
    }
}

/// A solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// Who wins.
    pub winner: Color,
    /// A winning move, when the winner is to move (none only if no cell is empty).
    pub best: Option<Cell>,
    /// Positions in the proof tree: one winning move at the winner's turns, every
    /// must-play move at the loser's; 0 from a solver told not to count them
    /// ([`Solver::count_proofs`]).
    pub size: u64,
    /// Positions the search expanded.
    pub nodes: u64,
    /// How long the search took (the proof tree's count not included).
    pub time: Duration,
}

/// One position of a proof tree, in depth-first order ([`Solver::proof_tree`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofStep<C = Cell> {
    /// Moves from the root.
    pub depth: u32,
    /// The move that led here (none at the root).
    pub at: Option<C>,
    /// The position came earlier in the walk by other moves: its proof is there.
    pub transposition: bool,
    /// The knowledge decides the position without a search: a leaf of the tree.
    pub decided: bool,
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The position is solved.
    Proven(Proof),
    /// The limits were reached first.
    Unknown {
        /// Positions expanded.
        nodes: u64,
        /// Time spent.
        time: Duration,
    },
}

/// Why a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolverError {
    /// The board is larger than the solver's bit sets (named columns x rows, as GTP's
    /// `boardsize` names it).
    #[error("the solver takes boards up to {max}x{max}; this one is {cols}x{rows}")]
    TooLarge {
        /// The board's rows.
        rows: u8,
        /// The board's columns.
        cols: u8,
        /// The largest side taken.
        max: u8,
    },
}

/// How a search is going, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions expanded so far.
    pub nodes: u64,
    /// The root's proof and disproof numbers at its last visit.
    pub pn: u32,
    /// See `pn`.
    pub dn: u32,
}

/// Solves positions; keeps its table (and what it proved) from one position to the next of
/// the same size.
pub struct Solver {
    limits: Limits,
    knowledge: Knowledge,
    search: Option<Dfpn>,
    progress: Option<Box<dyn FnMut(Progress) + Send>>,
    book: Option<ProofBook>,
    count_proofs: bool,
    threads: usize,
    /// Positions a search with several threads expands alone first (tests set it to 0).
    solo_nodes: u64,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("limits", &self.limits)
            .field("knowledge", &self.knowledge)
            .field("table_bytes", &self.table_bytes())
            .finish_non_exhaustive()
    }
}

/// Whether the solver takes a `rows` x `cols` board: 1 to [`MAX_SOLVER_SIZE`] a side.
fn check_shape(rows: u8, cols: u8) -> Result<(), SolverError> {
    if rows.max(cols) > MAX_SOLVER_SIZE || rows == 0 || cols == 0 {
        return Err(SolverError::TooLarge {
            rows,
            cols,
            max: MAX_SOLVER_SIZE,
        });
    }
    Ok(())
}

/// The contest's `board` as the position the solver takes, `to_move` to move: refused when
/// it is larger than [`MAX_SOLVER_SIZE`] a side.
pub fn position_of(board: &Board, to_move: Color) -> Result<Position, SolverError> {
    check_shape(board.size(), board.size())?;
    Ok(Position::of_board(board, to_move))
}

impl Solver {
    /// A solver within these limits, with all its knowledge.
    pub fn new(limits: Limits) -> Solver {
        Solver {
            limits,
            knowledge: Knowledge::default(),
            search: None,
            progress: None,
            book: None,
            count_proofs: true,
            threads: 1,
            solo_nodes: dfpn::SOLO_NODES,
        }
    }

    /// How many threads search each position (1 by default). They share the table; a
    /// search of fewer than a few thousand positions is done by one of them alone.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// How many threads search each position.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The same solver with `threads` threads a position ([`Solver::set_threads`]).
    pub fn with_threads(mut self, threads: usize) -> Solver {
        self.set_threads(threads);
        self
    }

    /// Whether a proof's size is counted after the search (on by default). Counting walks
    /// the proof tree and proves again what the table lost: up to a fifth of the time of
    /// a 6x6 search. A caller that only wants the winner and the move turns it off.
    pub fn count_proofs(&mut self, on: bool) {
        self.count_proofs = on;
    }

    /// New limits for the next searches. The table and what it holds are kept, unless its
    /// size changes.
    pub fn set_limits(&mut self, limits: Limits) {
        if limits.memory != self.limits.memory {
            self.search = None;
        }
        self.limits = limits;
        if let Some(search) = &mut self.search {
            search.set_limits(limits);
        }
    }

    /// The same solver with only some of its knowledge.
    pub fn with_knowledge(mut self, knowledge: Knowledge) -> Solver {
        self.knowledge = knowledge;
        self.search = None;
        self
    }

    /// Calls `report` every few thousand positions of a search.
    pub fn with_progress(mut self, report: impl FnMut(Progress) + Send + 'static) -> Solver {
        self.progress = Some(Box::new(report));
        self
    }

    /// Reads solved positions from a book, and adds the ones it proves to it.
    pub fn with_book(mut self, book: ProofBook) -> Solver {
        self.book = Some(book);
        self.search = None;
        self
    }

    /// The book with what this solver has proved so far (positions whose proof took at
    /// least `min_work` expansions).
    pub fn book(&mut self, min_work: u32) -> ProofBook {
        let mut book = self.book.clone().unwrap_or_default();
        if let Some(search) = &self.search {
            book.add_from(search, min_work);
        }
        book
    }

    /// The transposition table's size in bytes (0 before the first search).
    pub fn table_bytes(&self) -> usize {
        self.search.as_ref().map_or(0, |s| s.table().bytes())
    }

    /// Forgets every position the table holds (`dfpn-clear-tt`).
    pub fn clear_table(&mut self) {
        self.search = None;
    }

    /// The search, set up with `position` (a new one for a new shape).
    fn prepare(&mut self, position: &Position) -> Result<&mut Dfpn, SolverError> {
        let (rows, cols) = (position.rows, position.cols);
        check_shape(rows, cols)?;
        if self
            .search
            .as_ref()
            .is_none_or(|s| (s.geometry().rows, s.geometry().cols) != (rows, cols))
        {
            let mut search = Dfpn::new(rows, cols, self.knowledge, self.limits);
            // The book's positions are of square boards.
            search.book = (self.book.as_ref())
                .filter(|_| rows == cols)
                .map(|book| Arc::new(book.positions(rows)));
            self.search = Some(search);
        }
        let search = self.search.as_mut().expect("made above");
        if let Some(mut report) = self.progress.take() {
            search.progress = Some(Box::new(move |nodes, pn, dn| {
                report(Progress { nodes, pn, dn })
            }));
        }
        search.set(position.stones, position.to_move);
        search.threads = self.threads;
        search.solo_nodes = self.solo_nodes;
        search.nodes = 0;
        Ok(search)
    }

    /// Who wins `position` (X joins the first and last columns, O the first and last rows),
    /// and how.
    pub fn solve(&mut self, position: &Position) -> Result<Outcome, SolverError> {
        let to_move = position.to_move;
        let count_proofs = self.count_proofs;
        let search = self.prepare(position)?;
        let started = Instant::now();
        let result = search.solve();
        let time = started.elapsed();
        let nodes = search.nodes;
        let Some(to_move_wins) = result else {
            return Ok(Outcome::Unknown { nodes, time });
        };
        let winner = if to_move_wins {
            to_move
        } else {
            to_move.opponent()
        };
        let best = if to_move_wins {
            let at = search.entry().and_then(|entry| entry.best);
            at.map(|at| search.geometry().cell_at(at))
        } else {
            None
        };
        let size = if count_proofs { search.proof_size() } else { 0 };
        Ok(Outcome::Proven(Proof {
            winner,
            best,
            size,
            nodes,
            time,
        }))
    }

    /// The cells the proof of the last position solved depends on, when the table still
    /// holds it: its winner still wins when every other empty cell is given to the loser.
    pub fn proof_cells(&self) -> Option<Vec<Cell>> {
        let search = self.search.as_ref()?;
        let entry = search.entry().filter(|entry| entry.proven())?;
        let geometry = search.geometry();
        Some(
            entry
                .proof()
                .iter()
                .map(|at| geometry.cell_at(at))
                .collect(),
        )
    }

    /// Every winning move of `to_move` (`dfpn-solver-find-winning`), each proven by a search
    /// of its own within the limits; `None` when one of them could not be decided. As in
    /// Benzene, the moves tried are those the knowledge leaves to consider (every empty cell
    /// when it has decided the position already): a dead or captured cell is not offered.
    pub fn winning_moves(&mut self, position: &Position) -> Result<Option<Vec<Cell>>, SolverError> {
        let to_move = position.to_move;
        let search = self.prepare(position)?;
        let root = search.position;
        let consider = match search.decide() {
            Decision::Consider { moves, .. } => moves,
            Decision::Won { .. } | Decision::Lost { .. } => root.empty(search.geometry()),
        };
        let mut winning = Vec::new();
        for at in consider {
            let mut stones = root.stones;
            stones[slot(to_move)] |= Cells::single(at);
            search.set(stones, to_move.opponent());
            match search.solve() {
                None => return Ok(None),
                Some(true) => {}
                Some(false) => winning.push(search.geometry().cell_at(at)),
            }
        }
        Ok(Some(winning))
    }

    /// The proof tree of a solved `position` (solving it first if need be, within the
    /// limits): at the winner's turns the winning move the table keeps, at the loser's every
    /// move the proof had to refute; a position reached again by other moves is listed
    /// again as a transposition, without its tree. Positions that could not be proven again
    /// within the limits (the table may have lost them) are leaves, not decided.
    pub fn proof_tree(&mut self, position: &Position) -> Result<Vec<ProofStep>, SolverError> {
        let search = self.prepare(position)?;
        let steps = search.proof_tree();
        let geometry = search.geometry();
        Ok(steps
            .into_iter()
            .map(|step| ProofStep {
                depth: step.depth,
                at: step.at.map(|at| geometry.cell_at(at)),
                transposition: step.transposition,
                decided: step.decided,
            })
            .collect())
    }

    /// The principal variation the table holds from `position` (`dfpn-get-pv`): at each
    /// position its best move, or at a lost one the reply that took the most work to refute;
    /// it stops where the table knows no more.
    pub fn variation(&mut self, position: &Position) -> Result<Vec<Cell>, SolverError> {
        let search = self.prepare(position)?;
        let mut line = Vec::new();
        while let Some(at) = search.principal_move() {
            line.push(search.geometry().cell_at(at));
            search.play(at);
        }
        Ok(line)
    }
}

#[cfg(test)]
mod tests;
