//! A set of cells and a cell's index, the types the knowledge, the solver and the player pass
//! each other: [`Cells`], a small `Copy` set with private bits (as shakmaty's `Bitboard`),
//! and [`Spot`], a cell's index in a board's numbering (`row * cols + col`).
//!
//! The other sets of cells of the crate are here too, behind one trait ([`CellSet`]): `u64`
//! and `u128`, and [`Wide`] up to the contest's 26x26 (the rules' winner on any board).
//!
//! Both hide their width: a `Cells` holds up to [`Cells::CAPACITY`] cells (boards up to 11x11
//! today) and a `Spot` indexes them. Widening the set (for larger boards) is a change in this
//! file alone: nothing outside it sees the words.
//!
//! ```
//! use hex::cells::{Cells, Spot};
//!
//! let a = Spot::new(3);
//! let set = Cells::single(a) | Cells::single(Spot::new(10));
//! assert!(set.contains(a) && set.len() == 2);
//! assert_eq!(set.iter().map(Spot::index).collect::<Vec<_>>(), [3, 10]);
//! assert_eq!((set - Cells::single(a)).lowest(), Some(Spot::new(10)));
//! assert_eq!(set.to_string(), "{3, 10}");
//! ```

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub, SubAssign,
};

/// The word the bits live in.
type Word = u128;

/// The integer a [`Spot`] holds.
type Index = u8;

/// A cell's index in a board's numbering, `row * cols + col` (the board's width is not
/// kept: a spot means a cell only together with its board). The default is spot 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot(Index);

impl Spot {
    /// The spot of index `index` (below [`Cells::CAPACITY`]).
    #[inline]
    pub const fn new(index: usize) -> Spot {
        debug_assert!(index < Cells::CAPACITY);
        Spot(index as Index)
    }

    /// The spot of the cell at `row`, `col` on a board `cols` wide.
    #[inline]
    pub const fn at(row: usize, col: usize, cols: usize) -> Spot {
        Spot::new(row * cols + col)
    }

    /// The index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The index.
impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of cells: up to [`Cells::CAPACITY`] spots. Displayed as its spots' indices in
/// braces, lowest first (`{3, 10}`); [`Cells::names`] displays cell names instead. Sets are
/// ordered (for sorting and ordered maps) by their highest spot not in both.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cells(Word);

impl Cells {
    /// The most cells a set holds: boards up to 11x11.
    pub const CAPACITY: usize = Word::BITS as usize;

    /// The empty set.
    pub const EMPTY: Cells = Cells(0);

    /// The set of the first `n` spots, `0..n` (every spot when `n` is the capacity or
    /// more): a board's every cell.
    #[inline]
    pub const fn first(n: usize) -> Cells {
        if n >= Cells::CAPACITY {
            Cells(Word::MAX)
        } else {
            Cells((1 << n) - 1)
        }
    }

    /// The set of one spot.
    #[inline]
    pub const fn single(at: Spot) -> Cells {
        Cells(1 << at.0)
    }

    /// Whether the set holds `at`.
    #[inline]
    pub const fn contains(self, at: Spot) -> bool {
        self.0 >> at.0 & 1 != 0
    }

    /// Adds `at`.
    #[inline]
    pub fn insert(&mut self, at: Spot) {
        self.0 |= 1 << at.0;
    }

    /// Takes `at` out.
    #[inline]
    pub fn remove(&mut self, at: Spot) {
        self.0 &= !(1 << at.0);
    }

    /// How many spots the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no spot.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest spot, if any.
    #[inline]
    pub const fn lowest(self) -> Option<Spot> {
        if self.0 == 0 {
            None
        } else {
            Some(Spot(self.0.trailing_zeros() as Index))
        }
    }

    /// The set of the lowest spot alone (empty if the set is).
    #[inline]
    pub const fn isolate_lowest(self) -> Cells {
        Cells(self.0 & self.0.wrapping_neg())
    }

    /// The set without its lowest spot.
    #[inline]
    pub const fn without_lowest(self) -> Cells {
        Cells(self.0 & self.0.wrapping_sub(1))
    }

    /// The spots after `at` (`at` not included).
    #[inline]
    pub const fn after(at: Spot) -> Cells {
        Cells((Word::MAX << at.0) << 1)
    }

    /// Whether every spot of the set is in `other`.
    #[inline]
    pub const fn is_subset(self, other: Cells) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the set and `other` share a spot.
    #[inline]
    pub const fn intersects(self, other: Cells) -> bool {
        self.0 & other.0 != 0
    }

    /// The set turned half a turn on a board of `cells` cells: spot `i` becomes
    /// `cells - 1 - i` (every spot must be below `cells`).
    #[inline]
    pub const fn turned(self, cells: usize) -> Cells {
        Cells(self.0.reverse_bits() >> (Cells::CAPACITY - cells))
    }

    /// The spots, lowest first.
    #[inline]
    pub fn iter(self) -> Iter {
        Iter(self)
    }

    /// The set's cells by name on a board `cols` wide (`{a1, c2}`, HexGui's names:
    /// columns lettered, rows numbered from 1).
    pub fn names(self, cols: u8) -> impl fmt::Display {
        Names(self, cols)
    }

    /// The spots of the first 64 as a word (bit `i` for spot `i`): a fast path for boards
    /// up to 64 cells.
    #[inline]
    pub(crate) const fn low_word(self) -> u64 {
        self.0 as u64
    }

    /// The set of the spots of a [`Cells::low_word`].
    #[inline]
    pub(crate) const fn from_low_word(word: u64) -> Cells {
        Cells(word as Word)
    }
}

impl fmt::Debug for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cells{self}")
    }
}

impl fmt::Display for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, at) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{at}")?;
        }
        f.write_str("}")
    }
}

/// A set's cells by name ([`Cells::names`]).
struct Names(Cells, u8);

impl fmt::Display for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cols = usize::from(self.1.max(1));
        f.write_str("{")?;
        for (i, at) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let (row, col) = (at.index() / cols, at.index() % cols);
            write!(f, "{}{}", char::from(b'a' + col as u8), row + 1)?;
        }
        f.write_str("}")
    }
}

/// The spots of a set, lowest first.
#[derive(Clone, Debug)]
pub struct Iter(Cells);

impl Iterator for Iter {
    type Item = Spot;

    #[inline]
    fn next(&mut self) -> Option<Spot> {
        let at = self.0.lowest()?;
        self.0 = self.0.without_lowest();
        Some(at)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.len();
        (len, Some(len))
    }
}

impl ExactSizeIterator for Iter {}

impl std::iter::FusedIterator for Iter {}

impl IntoIterator for Cells {
    type Item = Spot;
    type IntoIter = Iter;

    #[inline]
    fn into_iter(self) -> Iter {
        Iter(self)
    }
}

impl FromIterator<Spot> for Cells {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Spot>>(spots: I) -> Cells {
        let mut set = Cells::EMPTY;
        for at in spots {
            set.insert(at);
        }
        set
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, |$a:ident, $b:ident| $op:expr) => {
        impl $trait for Cells {
            type Output = Cells;
            #[inline]
            fn $method(self, other: Cells) -> Cells {
                let ($a, $b) = (self.0, other.0);
                Cells($op)
            }
        }
        impl $assign for Cells {
            #[inline]
            fn $assign_method(&mut self, other: Cells) {
                *self = $trait::$method(*self, other);
            }
        }
    };
}

set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
// The difference: the spots of the first set not in the second.
set_op!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

/// Every spot the set does not hold, up to the capacity (intersect with a board's cells).
impl Not for Cells {
    type Output = Cells;
    #[inline]
    fn not(self) -> Cells {
        Cells(!self.0)
    }
}

/// Every spot moved `n` up (`i` becomes `i + n`); those past the capacity are dropped.
impl Shl<u32> for Cells {
    type Output = Cells;
    #[inline]
    fn shl(self, n: u32) -> Cells {
        Cells(self.0 << n)
    }
}

/// Every spot moved `n` down (`i` becomes `i - n`); those below 0 are dropped.
impl Shr<u32> for Cells {
    type Output = Cells;
    #[inline]
    fn shr(self, n: u32) -> Cells {
        Cells(self.0 >> n)
    }
}

impl CellSet for Cells {
    const CAPACITY: usize = Cells::CAPACITY;
    #[inline]
    fn first(n: usize) -> Cells {
        Cells::first(n)
    }
    #[inline]
    fn single(index: usize) -> Cells {
        Cells::single(Spot::new(index))
    }
    #[inline]
    fn has(self, index: usize) -> bool {
        self.contains(Spot::new(index))
    }
    #[inline]
    fn len(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    fn lowest(self) -> Option<usize> {
        Cells::lowest(self).map(Spot::index)
    }
    #[inline]
    fn without_lowest(self) -> Cells {
        Cells::without_lowest(self)
    }
}

/// A set of cells as a table stores it: the same spots without the alignment of the set's
/// word, so that an entry holding sets stays as small as their bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Packed([u64; 2]);

impl From<Cells> for Packed {
    #[inline]
    fn from(set: Cells) -> Packed {
        Packed([set.0 as u64, (set.0 >> 64) as u64])
    }
}

impl From<Packed> for Cells {
    #[inline]
    fn from(packed: Packed) -> Cells {
        Cells(Word::from(packed.0[0]) | Word::from(packed.0[1]) << 64)
    }
}

/// A set of cells: bit `index` for the cell of that index.
pub trait CellSet:
    Copy
    + Eq
    + Default
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + BitXorAssign
    + Not<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// The most cells a set holds.
    const CAPACITY: usize;
    /// The set of the first `n` cells (`n <= CAPACITY`).
    fn first(n: usize) -> Self;
    /// The set of one cell.
    fn single(index: usize) -> Self;
    /// Whether the set holds the cell.
    fn has(self, index: usize) -> bool;
    /// How many cells the set holds.
    fn len(self) -> u32;
    /// Whether the set holds no cell.
    fn is_empty(self) -> bool {
        self == Self::default()
    }
    /// The lowest cell, if any.
    fn lowest(self) -> Option<usize>;
    /// The set without its lowest cell.
    fn without_lowest(self) -> Self;
    /// The set's cells, lowest first.
    fn indices(self) -> Indices<Self> {
        Indices(self)
    }
}

/// The cells of a set, lowest first.
pub struct Indices<S>(S);

impl<S: CellSet> Iterator for Indices<S> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        let at = self.0.lowest()?;
        self.0 = self.0.without_lowest();
        Some(at)
    }
}

macro_rules! word_set {
    ($word:ty) => {
        impl CellSet for $word {
            const CAPACITY: usize = <$word>::BITS as usize;
            #[inline]
            fn first(n: usize) -> $word {
                if n >= Self::CAPACITY {
                    <$word>::MAX
                } else {
                    (1 << n) - 1
                }
            }
            #[inline]
            fn single(index: usize) -> $word {
                1 << index
            }
            #[inline]
            fn has(self, index: usize) -> bool {
                self >> index & 1 != 0
            }
            #[inline]
            fn len(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> Option<usize> {
                (self != 0).then(|| self.trailing_zeros() as usize)
            }
            #[inline]
            fn without_lowest(self) -> $word {
                self & self.wrapping_sub(1)
            }
        }
    };
}

word_set!(u64);
word_set!(u128);

/// Words in a [`Wide`] set: 704 bits, enough for 26x26.
const WORDS: usize = 11;

/// A set of up to 704 cells, for boards of any size the contest or the engine takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wide([u64; WORDS]);

macro_rules! wide_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Wide {
            type Output = Wide;
            #[inline]
            fn $method(mut self, other: Wide) -> Wide {
                self.$assign_method(other);
                self
            }
        }
        impl $assign for Wide {
            #[inline]
            fn $assign_method(&mut self, other: Wide) {
                for (a, b) in self.0.iter_mut().zip(other.0) {
                    *a = *a $op b;
                }
            }
        }
    };
}

wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Wide {
    type Output = Wide;
    fn not(self) -> Wide {
        Wide(self.0.map(|word| !word))
    }
}

impl CellSet for Wide {
    const CAPACITY: usize = 64 * WORDS;
    fn first(n: usize) -> Wide {
        Wide(std::array::from_fn(|w| {
            u64::first(n.saturating_sub(64 * w))
        }))
    }
    fn single(index: usize) -> Wide {
        let mut set = Wide::default();
        set.0[index / 64] = 1 << (index % 64);
        set
    }
    fn has(self, index: usize) -> bool {
        self.0[index / 64].has(index % 64)
    }
    fn len(self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }
    fn lowest(self) -> Option<usize> {
        let w = self.0.iter().position(|&word| word != 0)?;
        Some(64 * w + self.0[w].trailing_zeros() as usize)
    }
    fn without_lowest(mut self) -> Wide {
        if let Some(word) = self.0.iter_mut().find(|word| **word != 0) {
            *word &= *word - 1;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_operations_are_those_of_sets() {
        let set = |spots: &[usize]| spots.iter().map(|&i| Spot::new(i)).collect::<Cells>();
        let (a, b) = (set(&[0, 5, 64, 127]), set(&[5, 6, 127]));
        assert_eq!(a & b, set(&[5, 127]));
        assert_eq!(a | b, set(&[0, 5, 6, 64, 127]));
        assert_eq!(a ^ b, set(&[0, 6, 64]));
        assert_eq!(a - b, set(&[0, 64]));
        assert_eq!(!a & Cells::first(7), set(&[1, 2, 3, 4, 6]));
        assert!(set(&[5]).is_subset(a) && !b.is_subset(a));
        assert!(a.intersects(b) && !(a - b).intersects(b));
        assert_eq!(a.len(), 4);
        assert_eq!(a.lowest(), Some(Spot::new(0)));
        assert_eq!(a.isolate_lowest(), set(&[0]));
        assert_eq!(Cells::EMPTY.lowest(), None);
        assert_eq!(Cells::after(Spot::new(125)), set(&[126, 127]));
        assert_eq!(Cells::first(3), set(&[0, 1, 2]));
        assert_eq!(Cells::first(200).len(), Cells::CAPACITY);
        assert_eq!(set(&[0, 3]).turned(5), set(&[4, 1]));
        assert_eq!(set(&[1, 70]) << 2, set(&[3, 72]));
        assert_eq!(set(&[1, 70]) >> 2, set(&[68]));
        let mut c = Cells::EMPTY;
        c.insert(Spot::new(9));
        c.insert(Spot::new(2));
        c.remove(Spot::new(9));
        assert_eq!(c, Cells::single(Spot::new(2)));
        assert_eq!(Cells::from(Packed::from(a)), a);
    }

    #[test]
    fn a_set_shows_its_spots_or_their_names() {
        let set: Cells = [1, 7].map(Spot::new).into_iter().collect();
        assert_eq!(set.to_string(), "{1, 7}");
        assert_eq!(format!("{set:?}"), "Cells{1, 7}");
        assert_eq!(set.names(3).to_string(), "{b1, b3}");
        assert_eq!(Cells::EMPTY.to_string(), "{}");
        assert_eq!(Spot::at(2, 1, 3), Spot::new(7));
    }
}
