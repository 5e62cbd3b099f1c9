//! What play is made of: a hole, a jump, and a position as the set of holes with pegs.

use std::fmt;

/// The most holes a board may have: a position is one `u64`.
pub const MAX_HOLES: usize = 64;

/// A hole of a board, numbered from 1 in reading order (row by row, left to right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hole(u8);

impl Hole {
    /// The hole with this number, if a board of `holes` holes has it.
    pub fn new(number: u32, holes: usize) -> Option<Hole> {
        let number = u8::try_from(number).ok()?;
        (1..=holes)
            .contains(&usize::from(number))
            .then_some(Hole(number))
    }

    /// The hole's number, from 1.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The hole's bit in a [`Position`].
    pub fn bit(self) -> u64 {
        1 << (self.0 - 1)
    }

    /// The hole's bit in a [`Position`], from 0: its place in lists in hole order.
    pub(crate) fn index(self) -> usize {
        usize::from(self.0) - 1
    }

    /// The hole whose bit is `index` (0-based).
    pub(crate) fn from_index(index: u32) -> Hole {
        debug_assert!(index < 64);
        Hole(index as u8 + 1)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// One jump: the peg in `from` jumps over the peg in `over` into the empty hole `to`,
/// and the peg in `over` is removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// Where the jumping peg starts.
    pub from: Hole,
    /// The hole jumped over, whose peg is removed.
    pub over: Hole,
    /// Where the jumping peg lands.
    pub to: Hole,
}

impl Jump {
    /// Whether the jump can be made in `position`: pegs in `from` and `over`, `to` empty.
    pub fn is_legal(self, position: Position) -> bool {
        position.contains(self.from) && position.contains(self.over) && !position.contains(self.to)
    }
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} over {} to {}", self.from, self.over, self.to)
    }
}

/// The set of holes that hold a peg: bit `n - 1` for hole `n`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position(pub u64);

impl Position {
    /// No pegs at all.
    pub const EMPTY: Position = Position(0);

    /// Whether `hole` holds a peg.
    pub fn contains(self, hole: Hole) -> bool {
        self.0 & hole.bit() != 0
    }

    /// The same position with a peg in `hole` too.
    pub fn with(self, hole: Hole) -> Position {
        Position(self.0 | hole.bit())
    }

    /// The position after `jump`, which must be legal.
    pub fn after(self, jump: Jump) -> Position {
        debug_assert!(jump.is_legal(self), "{jump} in {self:?}");
        Position(self.0 ^ jump.from.bit() ^ jump.over.bit() ^ jump.to.bit())
    }

    /// How many pegs there are.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The holes with pegs, in increasing order.
    pub fn pegs(self) -> impl Iterator<Item = Hole> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let hole = Hole::from_index(bits.trailing_zeros());
                bits &= bits - 1;
                hole
            })
        })
    }

    /// The sum of the numbers of the holes with pegs: the contest's answer.
    pub fn sum(self) -> u32 {
        self.pegs().map(|hole| u32::from(hole.number())).sum()
    }
}
