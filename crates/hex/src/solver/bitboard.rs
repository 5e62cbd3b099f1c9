//! Sets of cells as bits of a `u128` (boards up to 11x11), the board's geometry derived once
//! per size, and the position the search plays on.

use crate::board::{Board, Cell, NEIGHBOUR_STEPS, Player};

/// The largest board the solver takes: 121 cells fit a `u128`.
pub const MAX_SOLVER_SIZE: u8 = 11;

/// A set of cells: bit `row * size + col`.
pub type Bits = u128;

/// The cells of a set, lowest index first.
pub fn cells_of(mut bits: Bits) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            index
        })
    })
}

/// The bit of one cell.
pub const fn bit(index: u8) -> Bits {
    1 << index
}

/// What is fixed by the board's size: neighbours, sides, and the half-turn.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Rows (and columns).
    pub size: u8,
    /// Every cell of the board.
    pub all: Bits,
    /// Each cell's neighbours.
    pub neighbours: Vec<Bits>,
    /// Each player's two sides, the first and the last: `[player][side]`, X's columns, O's rows.
    pub sides: [[Bits; 2]; 2],
}

/// The index of a player in per-player tables: X 0, O 1.
pub const fn slot(player: Player) -> usize {
    match player {
        Player::X => 0,
        Player::O => 1,
    }
}

impl Geometry {
    /// The geometry of a `size` x `size` board, `1..=MAX_SOLVER_SIZE`.
    pub fn new(size: u8) -> Geometry {
        assert!((1..=MAX_SOLVER_SIZE).contains(&size));
        let n = size;
        let cells = usize::from(n) * usize::from(n);
        let all = if cells == 128 {
            Bits::MAX
        } else {
            (1 << cells) - 1
        };
        let index = |row: u8, col: u8| row * n + col;
        let mut neighbours = vec![0; cells];
        let mut sides = [[0; 2]; 2];
        for row in 0..n {
            for col in 0..n {
                let at = index(row, col);
                for (dr, dc) in NEIGHBOUR_STEPS {
                    let (Some(r), Some(c)) =
                        (row.checked_add_signed(dr), col.checked_add_signed(dc))
                    else {
                        continue;
                    };
                    if r < n && c < n {
                        neighbours[usize::from(at)] |= bit(index(r, c));
                    }
                }
                if col == 0 {
                    sides[0][0] |= bit(at);
                }
                if col == n - 1 {
                    sides[0][1] |= bit(at);
                }
                if row == 0 {
                    sides[1][0] |= bit(at);
                }
                if row == n - 1 {
                    sides[1][1] |= bit(at);
                }
            }
        }
        Geometry {
            size,
            all,
            neighbours,
            sides,
        }
    }

    /// The number of cells.
    pub fn cells(&self) -> u8 {
        self.size * self.size
    }

    /// The cells next to some cell of `set` (the set itself included).
    pub fn grow(&self, set: Bits) -> Bits {
        let mut out = set;
        for at in cells_of(set) {
            out |= self.neighbours[usize::from(at)];
        }
        out
    }

    /// The cells of `within` connected to `seeds` through `within` (the seeds that lie in it
    /// included).
    pub fn flood(&self, seeds: Bits, within: Bits) -> Bits {
        let mut reached = seeds & within;
        let mut frontier = reached;
        while frontier != 0 {
            let mut next = 0;
            for at in cells_of(frontier) {
                next |= self.neighbours[usize::from(at)];
            }
            frontier = next & within & !reached;
            reached |= frontier;
        }
        reached
    }

    /// Whether `stones` join the player's two sides.
    pub fn joins(&self, player: Player, stones: Bits) -> bool {
        let [first, last] = self.sides[slot(player)];
        self.flood(first & stones, stones) & last != 0
    }

    /// The cell turned half a turn about the centre (which keeps every player's sides).
    pub fn turn(&self, index: u8) -> u8 {
        self.cells() - 1 - index
    }

    /// A set turned half a turn.
    pub fn turn_bits(&self, bits: Bits) -> Bits {
        bits.reverse_bits() >> (128 - u32::from(self.cells()))
    }

    /// The index of a cell.
    pub fn index(&self, cell: Cell) -> u8 {
        cell.row * self.size + cell.col
    }

    /// The cell at an index.
    pub fn cell(&self, index: u8) -> Cell {
        Cell {
            row: index / self.size,
            col: index % self.size,
        }
    }

    /// Each player's stones on a board of this size: `[X, O]`.
    pub fn stones_of(&self, board: &Board) -> [Bits; 2] {
        let mut stones = [0; 2];
        for cell in board.cells() {
            if let Some(player) = board.get(cell) {
                stones[slot(player)] |= bit(self.index(cell));
            }
        }
        stones
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_match_the_board_s() {
        for size in 1..=MAX_SOLVER_SIZE {
            let geometry = Geometry::new(size);
            let board = Board::empty(size).unwrap();
            for cell in board.cells() {
                let expected: Bits = cell
                    .neighbours(size)
                    .map(|c| bit(geometry.index(c)))
                    .fold(0, |a, b| a | b);
                assert_eq!(
                    geometry.neighbours[usize::from(geometry.index(cell))],
                    expected
                );
            }
        }
    }

    #[test]
    fn the_half_turn_keeps_sides_and_neighbours() {
        let geometry = Geometry::new(7);
        for side in geometry.sides {
            assert_eq!(geometry.turn_bits(side[0]), side[1]);
        }
        for at in 0..geometry.cells() {
            let turned = geometry.turn(at);
            assert_eq!(geometry.turn_bits(bit(at)), bit(turned));
            assert_eq!(
                geometry.turn_bits(geometry.neighbours[usize::from(at)]),
                geometry.neighbours[usize::from(turned)]
            );
        }
    }

    #[test]
    fn a_column_joins_o_and_not_x() {
        let geometry = Geometry::new(4);
        let column: Bits = (0..4).map(|row| bit(row * 4 + 1)).fold(0, |a, b| a | b);
        assert!(geometry.joins(Player::O, column));
        assert!(!geometry.joins(Player::X, column));
        assert!(!geometry.joins(Player::O, column & !bit(9)));
    }
}
