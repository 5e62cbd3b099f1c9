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

/// The set of holes that hold a peg, as a bitset: hole `n` is bit `n - 1`.
///
/// Sets combine with `&`, `|`, `^` and `!` (the complement within 64 holes: `board.full() &
/// !p` is the complement on a board), iterate over their holes in increasing order, and are
/// built from holes (`Position::from(hole)`, `collect`). [`Position::from_bits`] and
/// [`Position::bits`] convert from and to the bitboard, for tables and hashing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position(u64);

impl Position {
    /// No pegs at all.
    pub const EMPTY: Position = Position(0);

    /// The position whose bit `n - 1` is set for each hole `n` with a peg.
    #[inline]
    pub const fn from_bits(bits: u64) -> Position {
        Position(bits)
    }

    /// The bitboard: bit `n - 1` set for each hole `n` with a peg.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether no hole holds a peg.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `hole` holds a peg.
    #[inline]
    pub fn contains(self, hole: Hole) -> bool {
        self.0 & hole.bit() != 0
    }

    /// The same position with a peg in `hole` too.
    pub fn with(self, hole: Hole) -> Position {
        Position(self.0 | hole.bit())
    }

    /// The same position with `hole` empty.
    pub fn without(self, hole: Hole) -> Position {
        Position(self.0 & !hole.bit())
    }

    /// The position after `jump`, which must be legal.
    #[inline]
    pub fn after(self, jump: Jump) -> Position {
        debug_assert!(jump.is_legal(self), "{jump} in {self:?}");
        Position(self.0 ^ jump.from.bit() ^ jump.over.bit() ^ jump.to.bit())
    }

    /// How many pegs there are.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The holes with pegs, in increasing order.
    pub fn pegs(self) -> Pegs {
        Pegs(self.0)
    }

    /// The sum of the numbers of the holes with pegs: the contest's answer.
    pub fn sum(self) -> u32 {
        self.pegs().map(|hole| u32::from(hole.number())).sum()
    }
}

bitset::bit_set_members!(Position, Pegs, Hole, u64, Hole::from_index);

impl From<Hole> for Position {
    /// One peg, in `hole`.
    fn from(hole: Hole) -> Position {
        Position(hole.bit())
    }
}

bitset::bit_set_operators!(Position);

impl fmt::Display for Position {
    /// The numbers of the holes with pegs in increasing order, a space apart, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        text::Spaced(self.pegs()).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hole(n: u32) -> Hole {
        Hole::new(n, MAX_HOLES).unwrap()
    }

    #[test]
    fn holes_print_their_numbers_within_the_board() {
        for n in [1, 17, 64] {
            assert_eq!(hole(n).to_string(), n.to_string());
        }
        assert_eq!(Hole::new(0, MAX_HOLES), None);
        assert_eq!(Hole::new(65, MAX_HOLES), None);
    }

    #[test]
    fn positions_are_sets_of_holes() {
        let a: Position = [1, 3, 64].map(hole).into_iter().collect();
        let b = Position::from(hole(3)) | Position::from(hole(5));
        assert_eq!((a & b).pegs().collect::<Vec<_>>(), [hole(3)]);
        assert_eq!((a | b).count(), 4);
        assert_eq!((a ^ b).to_string(), "1 5 64");
        assert_eq!((!a).count(), 61);
        assert!(!(!a).contains(hole(64)) && (!a).contains(hole(2)));
        assert_eq!(a.without(hole(64)).with(hole(2)).to_string(), "1 2 3");
        assert_eq!(Position::EMPTY.to_string(), "none");
        assert_eq!(Position::from_bits(a.bits()), a);
        assert_eq!(a.into_iter().len(), 3);
        assert_eq!(a.sum(), 68);
    }
}
