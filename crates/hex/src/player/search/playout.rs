//! The board the simulations play on (padded with a frame of edge stones), their random
//! numbers, and the random playout that ends each simulation.

use std::sync::Arc;

use super::super::network;
use super::super::patterns::{self, Frame};

use crate::cells::{Cells, Spot};
use crate::game::{Cell, Color, Game, Move};
use crate::geometry::slot;
use crate::position::Position;

/// Cells in a padded board: the board with a one-cell frame.
pub(super) const EMPTY: u8 = 0;
pub(super) const BLACK: u8 = 1;
pub(super) const WHITE: u8 = 2;

/// The other side's code: Black's for White, White's for Black.
pub(super) const fn opponent(code: u8) -> u8 {
    BLACK + WHITE - code
}

/// The knowledge's player of a colour code (Black is the contest's O).
pub(super) fn player(code: u8) -> Color {
    if code == BLACK {
        Color::Black
    } else {
        Color::White
    }
}

pub(super) fn code(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The position in the padded form the search plays on: a frame one cell wide whose top and
/// bottom rows are Black and left and right columns White, so that edges behave as stones
/// (bridges to an edge are bridges) and neighbours are fixed offsets. The board is `rows` x
/// `cols` (a rectangle as well as a square), stored row by row, `width` = `cols` + 2 cells a
/// row and `rows` + 2 rows.
#[derive(Clone)]
pub(super) struct Padded {
    /// The board's rows (Black's distance to cross).
    pub(super) rows: usize,
    /// The board's columns (White's distance to cross).
    pub(super) cols: usize,
    /// Cells in a row of the padded board: `cols` + 2.
    pub(super) width: usize,
    pub(super) cells: Vec<u8>,
    /// The six neighbour offsets in turning order: consecutive ones are neighbours of each
    /// other.
    pub(super) around: [isize; 6],
    /// Where the cells of each move's pattern lie in `cells`.
    pub(super) frame: Arc<Frame>,
    /// The cell of the game's last move, when it was a stone.
    pub(super) last: Option<usize>,
}

impl Padded {
    pub(super) fn new(game: &Game) -> Padded {
        let (rows, cols) = (usize::from(game.rows()), usize::from(game.cols()));
        let (width, height) = (cols + 2, rows + 2);
        let mut cells = vec![EMPTY; width * height];
        for r in 0..height {
            for c in 0..width {
                let at = r * width + c;
                if r == 0 || r == height - 1 {
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
        let last = match game.history().last() {
            Some(&(_, Move::Play(point))) => Some(Self::at_width(width, point)),
            _ => None,
        };
        let w = width as isize;
        let frame = Frame::new(game.rows(), game.cols(), |row, col| {
            Self::at_width(width, Cell { row, col })
        });
        Padded {
            rows,
            cols,
            width,
            cells,
            around: [-w, -w + 1, 1, w, w - 1, -1],
            frame: Arc::new(frame),
            last,
        }
    }

    pub(super) fn at_width(width: usize, point: Cell) -> usize {
        (usize::from(point.row) + 1) * width + usize::from(point.col) + 1
    }

    #[cfg(test)]
    pub(super) fn at(&self, point: Cell) -> usize {
        Self::at_width(self.width, point)
    }

    pub(super) fn point(&self, at: usize) -> Cell {
        Cell {
            row: (at / self.width - 1) as u8,
            col: (at % self.width - 1) as u8,
        }
    }

    pub(super) fn inside(&self, at: usize) -> bool {
        let (r, c) = (at / self.width, at % self.width);
        (1..=self.rows).contains(&r) && (1..=self.cols).contains(&c)
    }

    /// Whether a network reads the board: a square of at least [`network::SMALLEST`] (the
    /// networks' layers are convolutions, so they read every larger square too).
    pub(super) fn for_the_network(&self) -> bool {
        self.rows == self.cols && self.rows >= network::SMALLEST
    }

    /// The cell that saves `owner`'s bridge broken by a stone at `at`, if any: an empty
    /// neighbour of `at` whose two neighbours on either side (around `at`) are `owner`'s.
    /// With several, the first in turning order.
    pub(super) fn bridge_reply(&self, at: usize, owner: u8) -> Option<usize> {
        let n = self.around.map(|d| at.wrapping_add_signed(d));
        (0..6).find_map(|i| {
            let q = n[i];
            (self.cells[q] == EMPTY
                && self.cells[n[(i + 5) % 6]] == owner
                && self.cells[n[(i + 1) % 6]] == owner)
                .then_some(q)
        })
    }

    /// The learned gamma of a move at `at` (a cell of the board) by `mover`.
    #[inline]
    pub(super) fn gamma(&self, at: usize, mover: u8) -> f32 {
        let color = if mover == BLACK {
            Color::Black
        } else {
            Color::White
        };
        (self.frame).gamma(&patterns::LEARNED_DIRECT, at, color, |q| {
            SEEN[usize::from(self.cells[q])]
        })
    }

    /// The knowledge's index of the cell `at` (row-major over the board without frame).
    pub(super) fn index(&self, at: usize) -> Spot {
        let (r, c) = (at / self.width - 1, at % self.width - 1);
        Spot::at(r, c, self.cols)
    }

    /// The cell of the knowledge's index.
    pub(super) fn at_index(&self, index: Spot) -> usize {
        let (r, c) = (index.index() / self.cols, index.index() % self.cols);
        (r + 1) * self.width + c + 1
    }

    /// The position for the knowledge (boards whose cells a [`Cells`] holds), `to_move` to
    /// move.
    pub(super) fn position(&self, to_move: u8) -> Position {
        let mut stones = [Cells::EMPTY; 2];
        for at in 0..self.cells.len() {
            let code = self.cells[at];
            if code != EMPTY && self.inside(at) {
                stones[slot(player(code))].insert(self.index(at));
            }
        }
        Position {
            rows: self.rows as u8,
            cols: self.cols as u8,
            stones,
            to_move: player(to_move),
        }
    }

    /// Whether Black joins top and bottom on this (full or not) board.
    pub(super) fn black_wins(&self, seen: &mut Vec<bool>, stack: &mut Vec<usize>) -> bool {
        seen.clear();
        seen.resize(self.cells.len(), false);
        stack.clear();
        for c in 1..=self.cols {
            let at = self.width + c;
            if self.cells[at] == BLACK {
                seen[at] = true;
                stack.push(at);
            }
        }
        let last = self.rows;
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

/// A small, fast random number generator (xorshift64*), seeded per thread (and per
/// self-play game, for its opening).
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        // SplitMix64 of the seed, so that nearby seeds give unrelated streams.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// The playout on `work.board` (`to_move` to move; `last`, the move before, to answer if it
/// intrudes into a bridge): the empty cells in random order, bridge intrusions answered with
/// `bridges`. The winner.
pub(super) fn playout(
    last: Option<usize>,
    mut to_move: u8,
    work: &mut Work,
    rng: &mut Rng,
    bridges: bool,
) -> u8 {
    let board = &mut work.board;
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
    let mut reply = last.and_then(|last| board.bridge_reply(last, to_move));
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
        if bridges {
            reply = board.bridge_reply(at, to_move);
        }
    }
    let black = board.black_wins(&mut work.seen, &mut work.stack);
    if black { BLACK } else { WHITE }
}

/// The stone of each cell code.
pub(super) const SEEN: [Option<Color>; 3] = [None, Some(Color::Black), Some(Color::White)];

/// Scratch space of one thread's simulations.
pub(super) struct Work {
    pub(super) board: Padded,
    pub(super) path: Vec<usize>,
    pub(super) empties: Vec<u16>,
    pub(super) seen: Vec<bool>,
    pub(super) stack: Vec<usize>,
}

impl Work {
    pub(super) fn new(root: &Padded) -> Work {
        Work {
            board: root.clone(),
            path: Vec::new(),
            empties: Vec::with_capacity(root.cells.len()),
            seen: Vec::new(),
            stack: Vec::new(),
        }
    }
}
