//! The shortest completion: the fewest stones a player must add to join their two sides,
//! and one way to place them.
//!
//! Entering a cell costs 0 if it holds the player's stone, 1 if it is empty; the opponent's
//! stones are walls. A 0-1 breadth-first search runs from the whole first side (a deque:
//! free steps to the front, paid steps to the back) until the first cell of the far side
//! is settled. Every cell's parent is the settled cell it was last reached from, and a cell
//! is settled after its parent, so following parents back always ends on the first side:
//! free steps cannot make it loop.

use std::collections::VecDeque;

use crate::board::{Board, Cell, MAX_CELLS, Player};

/// The fewest stones one player must add to win, and a board with one such set added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// Whose completion it is.
    pub player: Player,
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

/// No cell: the parent of the cells of the first side.
const NONE: u16 = u16::MAX;

/// The shortest completion for `player`, or `None` if the opponent's stones already cut
/// every path (which in Hex happens only when the opponent has won).
///
/// A completion without added stones means `player` has already won.
pub fn shortest_completion(board: &Board, player: Player) -> Option<Completion> {
    let size = board.size();
    let last = size - 1;
    let cost = |cell: Cell| match board.get(cell) {
        Some(p) if p == player => Some(0u16),
        Some(_) => None,
        None => Some(1),
    };

    let mut distance = [u16::MAX; MAX_CELLS];
    let mut parent = [NONE; MAX_CELLS];
    let mut settled = [false; MAX_CELLS];
    // Every cell enters the deque at most once per improvement of its distance, and a
    // distance only falls: a few times the number of cells at most.
    let mut queue: VecDeque<(u16, Cell)> = VecDeque::with_capacity(4 * board.cells_count());
    let push = |queue: &mut VecDeque<(u16, Cell)>, d: u16, step: u16, cell: Cell| {
        if step == 0 {
            queue.push_front((d, cell));
        } else {
            queue.push_back((d, cell));
        }
    };

    for i in 0..size {
        let cell = match player {
            Player::X => Cell { row: i, col: 0 },
            Player::O => Cell { row: 0, col: i },
        };
        if let Some(step) = cost(cell) {
            distance[board.index(cell)] = step;
            push(&mut queue, step, step, cell);
        }
    }

    while let Some((d, cell)) = queue.pop_front() {
        let at = board.index(cell);
        if settled[at] || d > distance[at] {
            continue;
        }
        settled[at] = true;
        if player.across(cell) == last {
            return Some(complete(board, player, cell, &parent));
        }
        for next in cell.neighbours(size) {
            let to = board.index(next);
            let Some(step) = cost(next) else { continue };
            if !settled[to] && d + step < distance[to] {
                distance[to] = d + step;
                parent[to] = at as u16;
                push(&mut queue, d + step, step, next);
            }
        }
    }
    None
}

/// Follows parents back from `end` on the far side and adds the stones of the path.
fn complete(board: &Board, player: Player, end: Cell, parent: &[u16]) -> Completion {
    let mut path = Vec::new();
    let mut at = board.index(end);
    loop {
        path.push(board.cell(at));
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
        let mut board = Board::empty(size).unwrap();
        for (player, names) in [(Player::X, x), (Player::O, o)] {
            for name in names {
                board.set(Cell::parse(name, size).unwrap(), player);
            }
        }
        board
    }

    fn moves(board: &Board, player: Player) -> Option<usize> {
        shortest_completion(board, player).map(|c| c.moves())
    }

    #[test]
    fn the_text_s_first_position() {
        let first = board(5, &["C2", "A3"], &["C5", "C3"]);
        assert_eq!(moves(&first, Player::X), Some(3));
        assert_eq!(moves(&first, Player::O), Some(3));
        let after_d2 = board(5, &["C2", "A3", "D2"], &["C5", "C3"]);
        assert_eq!(moves(&after_d2, Player::X), Some(2));
        assert_eq!(moves(&after_d2, Player::O), Some(4));
    }

    #[test]
    fn an_empty_board_needs_a_line_across() {
        for size in 1..=26 {
            let empty = Board::empty(size).unwrap();
            for player in Player::BOTH {
                assert_eq!(moves(&empty, player), Some(usize::from(size)));
            }
        }
    }

    #[test]
    fn a_won_board_needs_nothing_and_the_loser_has_no_way() {
        let won = board(3, &["A2", "B2", "C1"], &[]);
        let x = shortest_completion(&won, Player::X).unwrap();
        assert_eq!(x.moves(), 0);
        assert_eq!(x.board, won);
        assert_eq!(moves(&won, Player::O), None);
        assert_eq!(moves(&board(1, &["A1"], &[]), Player::O), None);
        assert_eq!(moves(&board(1, &[], &["a1"]), Player::O), Some(0));
    }

    #[test]
    fn free_steps_everywhere_do_not_loop() {
        // A board full of X stones except one gap: the search walks zero-cost cells in
        // every direction before it reaches the far side.
        let names: Vec<String> = Board::empty(26)
            .unwrap()
            .cells()
            .filter(|c| c.col != 13 || c.row != 0)
            .map(|c| c.to_string())
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let full = board(26, &names, &[]);
        assert_eq!(moves(&full, Player::X), Some(0));
        assert_eq!(moves(&full, Player::O), None);
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
            fn new(board: &Board, player: Player) -> Bits {
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
            let stone = prop_oneof![2 => Just(None), 1 => Just(Some(Player::X)), 1 => Just(Some(Player::O))];
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
                for player in Player::BOTH {
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
