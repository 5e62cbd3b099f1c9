//! The shortest completion: the fewest stones a player must add to join their two sides,
//! and one way to place them.
//!
//! Entering a cell costs 0 if it holds the player's stone, 1 if it is empty; the opponent's
//! stones and the frame around the board are walls. A 0-1 breadth-first search runs from
//! the whole first side (a deque: free steps to the front, paid steps to the back) until the
//! first cell of the far side is settled. Every cell's parent is the settled cell it was
//! last reached from, and a cell is settled after its parent, so following parents back
//! always ends on the first side: free steps cannot make it loop.

use std::collections::VecDeque;

use crate::board::{Board, Cell, Color, MAX_SIZE, NEIGHBOUR_STEPS};

/// The fewest stones one player must add to win, and a board with one such set added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// Whose completion it is.
    pub player: Color,
    /// The stones added, along the path from the first side to the last.
    pub added: Vec<Cell>,
    /// The position with those stones added.
    pub board: Board,
}

impl Completion {
    /// How many stones were added: the number of moves the player still needs.
    pub fn moves(&self) -> usize {
        self.added.len()
    }
}

/// The board with a frame of walls one cell wide, so that every cell inside has its six
/// neighbours at fixed index offsets and no step needs a bounds check.
const FRAMED: usize = (MAX_SIZE as usize + 2) * (MAX_SIZE as usize + 2);

/// The cost of entering a cell the search may not enter.
const WALL: u8 = u8::MAX;

/// No cell: the parent of the cells of the first side.
const NONE: u16 = u16::MAX;

/// The shortest completion for `player`, or `None` if the opponent's stones already cut
/// every path (which in Hex happens only when the opponent has won).
///
/// A completion without added stones means `player` has already won.
pub fn shortest_completion(board: &Board, player: Color) -> Option<Completion> {
    let size = usize::from(board.size());
    let width = size + 2;
    let inside = |at: usize| Cell {
        row: (at / width - 1) as u8,
        col: (at % width - 1) as u8,
    };

    let mut cost = [WALL; FRAMED];
    for (row, squares) in board.rows().enumerate() {
        let first = (row + 1) * width + 1;
        for (to, square) in cost[first..first + size].iter_mut().zip(squares) {
            *to = match square {
                None => 1,
                Some(p) if *p == player => 0,
                Some(_) => WALL,
            };
        }
    }
    let steps = NEIGHBOUR_STEPS.map(|(dr, dc)| isize::from(dr) * width as isize + isize::from(dc));
    // The cells of the player's first and last sides, the ends of every path.
    let side = |across: usize| {
        (1..=size).map(move |along| match player {
            Color::White => along * width + across,
            Color::Black => across * width + along,
        })
    };
    let mut goal = [false; FRAMED];
    for at in side(size) {
        goal[at] = true;
    }

    let mut distance = [u16::MAX; FRAMED];
    let mut parent = [NONE; FRAMED];
    let mut settled = [false; FRAMED];
    // A cell is queued once per fall of its distance, at most once from each neighbour.
    let mut queue: VecDeque<u16> = VecDeque::with_capacity(4 * size * size);
    for at in side(1) {
        match cost[at] {
            WALL => {}
            0 => {
                distance[at] = 0;
                queue.push_front(at as u16);
            }
            step => {
                distance[at] = u16::from(step);
                queue.push_back(at as u16);
            }
        }
    }

    // The deque holds distances d then d + 1, front to back, so a cell's first time off the
    // front is at its final distance; later copies are stale.
    while let Some(at) = queue.pop_front() {
        let at = usize::from(at);
        if settled[at] {
            continue;
        }
        settled[at] = true;
        if goal[at] {
            return Some(complete(board, player, at, &parent, inside));
        }
        let d = distance[at];
        for step in steps {
            let to = at.wrapping_add_signed(step);
            let enter = cost[to];
            if enter == WALL || settled[to] || d + u16::from(enter) >= distance[to] {
                continue;
            }
            distance[to] = d + u16::from(enter);
            parent[to] = at as u16;
            if enter == 0 {
                queue.push_front(to as u16);
            } else {
                queue.push_back(to as u16);
            }
        }
    }
    None
}

/// Follows parents back from `end` on the far side and adds the stones of the path.
fn complete(
    board: &Board,
    player: Color,
    end: usize,
    parent: &[u16],
    inside: impl Fn(usize) -> Cell,
) -> Completion {
    let mut path = Vec::new();
    let mut at = end;
    loop {
        path.push(inside(at));
        match parent[at] {
            NONE => break,
            up => at = usize::from(up),
        }
    }
    path.reverse();
    let added: Vec<Cell> = path
        .into_iter()
        .filter(|&cell| board.get(cell).is_none())
        .collect();
    let mut completed = board.clone();
    for &cell in &added {
        completed.set(cell, player);
    }
    Completion {
        player,
        added,
        board: completed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(size: u8, x: &[&str], o: &[&str]) -> Board {
        Board::with_stones(size, x, o)
    }

    fn moves(board: &Board, player: Color) -> Option<usize> {
        shortest_completion(board, player).map(|c| c.moves())
    }

    #[test]
    fn the_text_s_first_position() {
        let first = board(5, &["C2", "A3"], &["C5", "C3"]);
        assert_eq!(moves(&first, Color::White), Some(3));
        assert_eq!(moves(&first, Color::Black), Some(3));
        let after_d2 = board(5, &["C2", "A3", "D2"], &["C5", "C3"]);
        assert_eq!(moves(&after_d2, Color::White), Some(2));
        assert_eq!(moves(&after_d2, Color::Black), Some(4));
    }

    #[test]
    fn an_empty_board_needs_a_line_across() {
        for size in 1..=26 {
            let empty = Board::empty(size).unwrap();
            for player in Color::BOTH {
                assert_eq!(moves(&empty, player), Some(usize::from(size)));
            }
        }
    }

    #[test]
    fn a_won_board_needs_nothing_and_the_loser_has_no_way() {
        let won = board(3, &["A2", "B2", "C1"], &[]);
        let x = shortest_completion(&won, Color::White).unwrap();
        assert_eq!(x.moves(), 0);
        assert_eq!(x.board, won);
        assert_eq!(moves(&won, Color::Black), None);
        assert_eq!(moves(&board(1, &["A1"], &[]), Color::Black), None);
        assert_eq!(moves(&board(1, &[], &["a1"]), Color::Black), Some(0));
    }

    #[test]
    fn free_steps_everywhere_do_not_loop() {
        // X everywhere but column M: X's search crosses hundreds of free cells around the
        // one stone it needs, and O's path is the whole of column M.
        let mut board = Board::empty(26).unwrap();
        let cells: Vec<Cell> = board.cells().filter(|c| c.col != 12).collect();
        for cell in cells {
            board.set(cell, Color::White);
        }
        let x = shortest_completion(&board, Color::White).unwrap();
        assert_eq!(x.added.len(), 1);
        assert_eq!(x.added[0].col, 12);
        let o = shortest_completion(&board, Color::Black).unwrap();
        assert_eq!(o.moves(), 26);
        assert!(o.added.iter().all(|c| c.col == 12));
    }

    mod against_brute_force {
        use super::*;
        use proptest::prelude::*;

        /// The board's cells as bits, row by row: who holds what and the geometry.
        struct Bits {
            neighbours: Vec<u32>,
            own: u32,
            empty: Vec<u32>,
            first: u32,
            last: u32,
        }

        impl Bits {
            fn new(board: &Board, player: Color) -> Bits {
                let bit = |cell: Cell| 1u32 << board.index(cell);
                let side = |at: u8| {
                    board
                        .cells()
                        .filter(|&c| player.across(c) == at)
                        .fold(0, |m, c| m | bit(c))
                };
                Bits {
                    neighbours: board
                        .cells()
                        .map(|c| c.neighbours(board.size()).fold(0, |m, n| m | bit(n)))
                        .collect(),
                    own: board.stones(player).fold(0, |m, c| m | bit(c)),
                    empty: board
                        .cells()
                        .filter(|&c| board.get(c).is_none())
                        .map(bit)
                        .collect(),
                    first: side(0),
                    last: side(board.size() - 1),
                }
            }

            /// Whether `stones` hold a chain from the first side to the last.
            fn joins(&self, stones: u32) -> bool {
                let mut reach = stones & self.first;
                loop {
                    let mut next = reach;
                    let mut bits = reach;
                    while bits != 0 {
                        next |= self.neighbours[bits.trailing_zeros() as usize] & stones;
                        bits &= bits - 1;
                    }
                    if next == reach {
                        return reach & self.last != 0;
                    }
                    reach = next;
                }
            }

            /// The fewest empty cells whose addition joins the sides: every subset of the
            /// empty cells, smallest first.
            fn fewest(&self) -> Option<usize> {
                let m = self.empty.len();
                (0..=m).find(|&k| {
                    // Gosper's hack: every m-bit number with k ones, in increasing order.
                    let mut pick: u64 = (1 << k) - 1;
                    while pick < 1 << m {
                        let mut added = 0;
                        for (i, &cell) in self.empty.iter().enumerate() {
                            if pick >> i & 1 == 1 {
                                added |= cell;
                            }
                        }
                        if self.joins(self.own | added) {
                            return true;
                        }
                        if pick == 0 {
                            break;
                        }
                        let low = pick & pick.wrapping_neg();
                        let up = pick + low;
                        pick = (((up ^ pick) >> 2) / low) | up;
                    }
                    false
                })
            }
        }

        fn boards() -> impl Strategy<Value = Board> {
            let stone = prop_oneof![2 => Just(None), 1 => Just(Some(Color::White)), 1 => Just(Some(Color::Black))];
            (1u8..=5)
                .prop_flat_map(move |size| {
                    (
                        Just(size),
                        proptest::collection::vec(stone.clone(), usize::from(size).pow(2)),
                    )
                })
                .prop_map(|(size, stones)| {
                    let mut board = Board::empty(size).unwrap();
                    for (index, stone) in stones.into_iter().enumerate() {
                        if let Some(player) = stone {
                            let cell = board.cell(index);
                            board.set(cell, player);
                        }
                    }
                    board
                })
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(512))]

            #[test]
            fn the_count_is_the_fewest_and_the_drawing_is_a_real_completion(board in boards()) {
                for player in Color::BOTH {
                    let bits = Bits::new(&board, player);
                    let found = shortest_completion(&board, player);
                    prop_assert_eq!(found.as_ref().map(Completion::moves), bits.fewest());
                    let Some(found) = found else {
                        // Walled off: the opponent has won.
                        let other = shortest_completion(&board, player.opponent());
                        prop_assert_eq!(other.map(|c| c.moves()), Some(0));
                        continue;
                    };
                    prop_assert_eq!(found.player, player);
                    let mut added = Vec::new();
                    for cell in board.cells() {
                        match (board.get(cell), found.board.get(cell)) {
                            (before, after) if before == after => {}
                            (None, Some(p)) if p == player => added.push(cell),
                            (before, after) => prop_assert!(false, "{cell}: {before:?} -> {after:?}"),
                        }
                    }
                    let mut listed = found.added.clone();
                    listed.sort();
                    prop_assert_eq!(&listed, &added);
                    prop_assert_eq!(found.moves(), added.len());
                    let completed = Bits::new(&found.board, player);
                    prop_assert!(completed.joins(completed.own), "{}", found.board);
                }
            }
        }
    }
}
