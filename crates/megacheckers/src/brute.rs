//! The plain backtracking that public solutions of the contest use, kept as the reference the
//! fast solver is tested and measured against.
//!
//! From every piece of the player, try every jump, lift the piece jumped, go on from the
//! landing home, put the piece back, and keep the longest. Nothing is shared between branches
//! and nothing is pruned, so the work grows with the number of captures, not of positions:
//! about a second on the hardest boards within the limits.

use crate::board::{Board, Content};
use crate::shape::{Home, Shape};

/// The largest number of opponent pieces one capture move takes, by trying every capture.
pub fn max_capture(board: &Board) -> u32 {
    let shape = board.shape();
    let mut homes: Vec<Content> = board.contents().collect();
    let mut best = 0;
    for start in board.mine().iter() {
        homes[start.index()] = Content::Empty;
        best = best.max(longest_from(shape, &mut homes, start));
        homes[start.index()] = Content::Mine;
    }
    best
}

/// The most pieces a capture can still take from `at`, with `homes` as the board stands.
fn longest_from(shape: Shape, homes: &mut [Content], at: Home) -> u32 {
    let mut best = 0;
    for jump in shape.jumps(at) {
        if homes[jump.over.index()] == Content::Theirs && homes[jump.to.index()] == Content::Empty {
            homes[jump.over.index()] = Content::Empty;
            best = best.max(1 + longest_from(shape, homes, jump.to));
            homes[jump.over.index()] = Content::Theirs;
        }
    }
    best
}
