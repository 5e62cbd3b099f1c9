//! Conway's position classes: an invariant of play that rules out goals without a search.

use crate::board::Layout;
use crate::position::Position;

/// An invariant of play (Conway's "position class"): colour the holes along diagonals with
/// three colours, once by `row + col` and once by `row - col` (mod 3). Every jump takes one
/// hole of each colour from peg to hole or back, so it flips the parity of all three counts of
/// each colouring at once: the parities of the pair sums stay. 16 classes, 4 bits.
#[derive(Clone, Debug)]
pub(super) struct Classes {
    /// For each colouring and colour, the holes of that colour.
    colours: [[u64; 3]; 2],
}

impl Classes {
    pub(super) fn new(layout: &Layout) -> Classes {
        let mut colours = [[0u64; 3]; 2];
        for (i, &(r, c)) in layout.cells().iter().enumerate() {
            colours[0][(r + c) % 3] |= 1 << i;
            colours[1][(r + 2 * c) % 3] |= 1 << i;
        }
        Classes { colours }
    }

    pub(super) fn of(&self, position: Position) -> u8 {
        let parity = |mask: u64| ((position.bits() & mask).count_ones() & 1) as u8;
        self.colours
            .iter()
            .enumerate()
            .fold(0, |class, (k, colour)| {
                let [a, b, c] = colour.map(parity);
                class | ((a ^ b) | (b ^ c) << 1) << (2 * k)
            })
    }

    /// The fewest pegs any play from `position` can leave.
    pub(super) fn bound(&self, layout: &Layout, position: Position) -> u32 {
        if position == Position::EMPTY {
            return 0;
        }
        let class = self.of(position);
        let single = (1..=layout.holes() as u32)
            .filter_map(|n| layout.hole(n))
            .any(|hole| self.of(Position::from(hole)) == class);
        if single { 1 } else { 2 }
    }
}
