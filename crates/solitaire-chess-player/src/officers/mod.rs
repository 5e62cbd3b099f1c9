//! Exact search on boards of rooks, bishops and queens only (group 4).
//!
//! A rook, a bishop or a queen always sends the next removal to one of the 20 edge squares,
//! so after the first removal the whole game is played on them: a position in one world is
//! how many pieces each edge square has lost (two bits each), the square and type removed
//! last, and whether that removal already continued a run. That is small enough for a
//! depth-first search with a transposition table to find the best rest of the game in a
//! world where every piece is known ([`EdgeSolver`]).

mod edges;
mod solver;

pub use solver::EdgeSolver;
