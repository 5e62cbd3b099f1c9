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

/// How many 64-bit words a set holds: 384 spots, for boards up to 19x19 (361 cells).
const WORDS: usize = 6;

/// The integer a [`Spot`] holds.
type Index = u16;

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

    /// The word of a set that holds the spot, and the spot's bit in it.
    #[inline]
    const fn word_and_bit(self) -> (usize, u64) {
        (self.0 as usize / 64, 1 << (self.0 % 64))
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
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cells([u64; WORDS]);

impl Cells {
    /// The most cells a set holds: boards up to 19x19.
    pub const CAPACITY: usize = 64 * WORDS;

    /// The empty set.
    pub const EMPTY: Cells = Cells([0; WORDS]);

    /// The set of the first `n` spots, `0..n` (every spot when `n` is the capacity or
    /// more): a board's every cell.
    #[inline]
    pub const fn first(n: usize) -> Cells {
        let mut words = [0; WORDS];
        let mut w = 0;
        while w < WORDS {
            let below = n.saturating_sub(64 * w);
            words[w] = if below >= 64 {
                u64::MAX
            } else {
                (1 << below) - 1
            };
            w += 1;
        }
        Cells(words)
    }

    /// The set of one spot.
    #[inline]
    pub const fn single(at: Spot) -> Cells {
        let (w, bit) = at.word_and_bit();
        let mut words = [0; WORDS];
        words[w] = bit;
        Cells(words)
    }

    /// Whether the set holds `at`.
    #[inline]
    pub const fn contains(self, at: Spot) -> bool {
        let (w, bit) = at.word_and_bit();
        self.0[w] & bit != 0
    }

    /// Adds `at`.
    #[inline]
    pub fn insert(&mut self, at: Spot) {
        let (w, bit) = at.word_and_bit();
        self.0[w] |= bit;
    }

    /// Takes `at` out.
    #[inline]
    pub fn remove(&mut self, at: Spot) {
        let (w, bit) = at.word_and_bit();
        self.0[w] &= !bit;
    }

    /// How many spots the set holds.
    #[inline]
    pub fn len(self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Whether the set holds no spot.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().fold(0, |any, word| any | word) == 0
    }

    /// The first word that is not empty, if any.
    #[inline]
    fn first_word(self) -> Option<usize> {
        self.0.iter().position(|&word| word != 0)
    }

    /// The lowest spot, if any.
    #[inline]
    pub fn lowest(self) -> Option<Spot> {
        let w = self.first_word()?;
        Some(Spot(
            (64 * w) as Index + self.0[w].trailing_zeros() as Index,
        ))
    }

    /// The set of the lowest spot alone (empty if the set is).
    #[inline]
    pub fn isolate_lowest(self) -> Cells {
        let mut words = [0; WORDS];
        if let Some(w) = self.first_word() {
            words[w] = self.0[w] & self.0[w].wrapping_neg();
        }
        Cells(words)
    }

    /// The set without its lowest spot.
    #[inline]
    pub fn without_lowest(mut self) -> Cells {
        if let Some(w) = self.first_word() {
            self.0[w] &= self.0[w] - 1;
        }
        self
    }

    /// The spots after `at` (`at` not included).
    #[inline]
    pub const fn after(at: Spot) -> Cells {
        let (at_word, bit) = at.word_and_bit();
        let mut words = [0; WORDS];
        let mut w = at_word;
        words[w] = !(bit | (bit - 1));
        while w + 1 < WORDS {
            w += 1;
            words[w] = u64::MAX;
        }
        Cells(words)
    }

    /// Whether every spot of the set is in `other`.
    #[inline]
    pub fn is_subset(self, other: Cells) -> bool {
        (self - other).is_empty()
    }

    /// Whether the set and `other` share a spot.
    #[inline]
    pub fn intersects(self, other: Cells) -> bool {
        !(self & other).is_empty()
    }

    /// The set turned half a turn on a board of `cells` cells: spot `i` becomes
    /// `cells - 1 - i` (every spot must be below `cells`).
    #[inline]
    pub fn turned(self, cells: usize) -> Cells {
        let mut words = self.0;
        words.reverse();
        Cells(words.map(u64::reverse_bits)) >> (Cells::CAPACITY - cells) as u32
    }

    /// The spots, lowest first.
    #[inline]
    pub fn iter(self) -> Iter {
        Iter {
            words: self.0,
            word: 0,
        }
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
        self.0[0]
    }

    /// The set of the spots of a [`Cells::low_word`].
    #[inline]
    pub(crate) const fn from_low_word(word: u64) -> Cells {
        let mut words = [0; WORDS];
        words[0] = word;
        Cells(words)
    }

    /// The spots of the first 128 as a number (bit `i` for spot `i`): a fast path for boards
    /// up to 128 cells.
    #[inline]
    pub(crate) const fn low_pair(self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 64
    }

    /// The set of the spots of a [`Cells::low_pair`].
    #[inline]
    pub(crate) const fn from_low_pair(pair: u128) -> Cells {
        let mut words = [0; WORDS];
        words[0] = pair as u64;
        words[1] = (pair >> 64) as u64;
        Cells(words)
    }
}

/// Sets compare as the numbers their bits spell: by their highest spot not in both.
impl Ord for Cells {
    #[inline]
    fn cmp(&self, other: &Cells) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl PartialOrd for Cells {
    #[inline]
    fn partial_cmp(&self, other: &Cells) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
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
pub struct Iter {
    /// The spots not yet given.
    words: [u64; WORDS],
    /// The words before this one are empty.
    word: usize,
}

impl Iterator for Iter {
    type Item = Spot;

    #[inline]
    fn next(&mut self) -> Option<Spot> {
        while self.word < WORDS {
            let bits = &mut self.words[self.word];
            if *bits != 0 {
                let at = (64 * self.word) as Index + bits.trailing_zeros() as Index;
                *bits &= *bits - 1;
                return Some(Spot(at));
            }
            self.word += 1;
        }
        None
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = Cells(self.words).len();
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
        self.iter()
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

/// The set operations of a set held in an array of words, word by word: [`Cells`] and
/// [`Wide`].
macro_rules! words_op {
    ($set:ident, $trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for $set {
            type Output = $set;
            #[inline]
            fn $method(mut self, other: $set) -> $set {
                self.$assign_method(other);
                self
            }
        }
        impl $assign for $set {
            #[inline]
            fn $assign_method(&mut self, other: $set) {
                for (a, b) in self.0.iter_mut().zip(other.0) {
                    *a = *a $op b;
                }
            }
        }
    };
}

words_op!(Cells, BitAnd, bitand, BitAndAssign, bitand_assign, &);
words_op!(Cells, BitOr, bitor, BitOrAssign, bitor_assign, |);
words_op!(Cells, BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// The difference: the spots of the first set not in the second.
impl Sub for Cells {
    type Output = Cells;
    #[inline]
    fn sub(self, other: Cells) -> Cells {
        self & !other
    }
}

impl SubAssign for Cells {
    #[inline]
    fn sub_assign(&mut self, other: Cells) {
        *self = *self - other;
    }
}

/// Every spot the set does not hold, up to the capacity (intersect with a board's cells).
impl Not for Cells {
    type Output = Cells;
    #[inline]
    fn not(self) -> Cells {
        Cells(self.0.map(|word| !word))
    }
}

/// Every spot moved `n` up (`i` becomes `i + n`); those past the capacity are dropped.
impl Shl<u32> for Cells {
    type Output = Cells;
    #[inline]
    fn shl(self, n: u32) -> Cells {
        let (skip, bits) = (n as usize / 64, n % 64);
        let mut words = [0; WORDS];
        for (from, word) in words.iter_mut().skip(skip).enumerate() {
            // The bits carried up from the word below (none when `bits` is 0).
            let carry = if from > 0 {
                self.0[from - 1] >> 1 >> (63 - bits)
            } else {
                0
            };
            *word = self.0[from] << bits | carry;
        }
        Cells(words)
    }
}

/// Every spot moved `n` down (`i` becomes `i - n`); those below 0 are dropped.
impl Shr<u32> for Cells {
    type Output = Cells;
    #[inline]
    fn shr(self, n: u32) -> Cells {
        let (skip, bits) = (n as usize / 64, n % 64);
        let mut words = [0; WORDS];
        for (w, word) in words
            .iter_mut()
            .take(WORDS.saturating_sub(skip))
            .enumerate()
        {
            let from = w + skip;
            // The bits carried down from the word above (none when `bits` is 0).
            let carry = if from + 1 < WORDS {
                self.0[from + 1] << 1 << (63 - bits)
            } else {
                0
            };
            *word = self.0[from] >> bits | carry;
        }
        Cells(words)
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
        Cells::len(self) as u32
    }
    #[inline]
    fn is_empty(self) -> bool {
        Cells::is_empty(self)
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

/// A set of spots as the bit-parallel knowledge takes it: [`Cells`], or [`Narrow`] on
/// boards up to 128 cells (a fast path: a third of the words).
pub(crate) trait SpotSet:
    Copy
    + Eq
    + Default
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Sub<Output = Self>
    + SubAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + IntoIterator<Item = Spot>
    + FromIterator<Spot>
{
    /// The empty set.
    const EMPTY: Self;
    /// The set of the spots of `cells` (which must fit).
    fn of(cells: Cells) -> Self;
    /// The set as [`Cells`].
    fn cells(self) -> Cells;
    /// The set of one spot.
    fn single(at: Spot) -> Self;
    /// Whether the set holds `at`.
    fn contains(self, at: Spot) -> bool;
    /// Adds `at`.
    fn insert(&mut self, at: Spot);
    /// Takes `at` out.
    fn remove(&mut self, at: Spot);
    /// Whether the set holds no spot.
    fn is_empty(self) -> bool;
    /// How many spots the set holds.
    fn len(self) -> usize;
    /// The lowest spot, if any.
    fn lowest(self) -> Option<Spot>;
    /// The set of the lowest spot alone.
    fn isolate_lowest(self) -> Self;
    /// The set without its lowest spot.
    fn without_lowest(self) -> Self;
    /// The spots after `at`.
    fn after(at: Spot) -> Self;
    /// Whether every spot of the set is in `other`.
    #[inline]
    fn is_subset(self, other: Self) -> bool {
        (self - other).is_empty()
    }
    /// Whether the set and `other` share a spot.
    #[inline]
    fn intersects(self, other: Self) -> bool {
        !(self & other).is_empty()
    }
    /// The spots, lowest first.
    #[inline]
    fn iter(self) -> Self::IntoIter {
        self.into_iter()
    }
}

impl SpotSet for Cells {
    const EMPTY: Cells = Cells::EMPTY;
    #[inline]
    fn of(cells: Cells) -> Cells {
        cells
    }
    #[inline]
    fn cells(self) -> Cells {
        self
    }
    #[inline]
    fn single(at: Spot) -> Cells {
        Cells::single(at)
    }
    #[inline]
    fn contains(self, at: Spot) -> bool {
        Cells::contains(self, at)
    }
    #[inline]
    fn insert(&mut self, at: Spot) {
        Cells::insert(self, at);
    }
    #[inline]
    fn remove(&mut self, at: Spot) {
        Cells::remove(self, at);
    }
    #[inline]
    fn is_empty(self) -> bool {
        Cells::is_empty(self)
    }
    #[inline]
    fn len(self) -> usize {
        Cells::len(self)
    }
    #[inline]
    fn lowest(self) -> Option<Spot> {
        Cells::lowest(self)
    }
    #[inline]
    fn isolate_lowest(self) -> Cells {
        Cells::isolate_lowest(self)
    }
    #[inline]
    fn without_lowest(self) -> Cells {
        Cells::without_lowest(self)
    }
    #[inline]
    fn after(at: Spot) -> Cells {
        Cells::after(at)
    }
    #[inline]
    fn is_subset(self, other: Cells) -> bool {
        Cells::is_subset(self, other)
    }
    #[inline]
    fn intersects(self, other: Cells) -> bool {
        Cells::intersects(self, other)
    }
}

/// A set of up to 128 spots in one number: the knowledge's fast path on boards up to 11x11.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Narrow(u128);

macro_rules! narrow_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, |$a:ident, $b:ident| $op:expr) => {
        impl $trait for Narrow {
            type Output = Narrow;
            #[inline]
            fn $method(self, other: Narrow) -> Narrow {
                let ($a, $b) = (self.0, other.0);
                Narrow($op)
            }
        }
        impl $assign for Narrow {
            #[inline]
            fn $assign_method(&mut self, other: Narrow) {
                *self = $trait::$method(*self, other);
            }
        }
    };
}

narrow_op!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
narrow_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
narrow_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
narrow_op!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

impl Not for Narrow {
    type Output = Narrow;
    #[inline]
    fn not(self) -> Narrow {
        Narrow(!self.0)
    }
}

impl Shl<u32> for Narrow {
    type Output = Narrow;
    #[inline]
    fn shl(self, n: u32) -> Narrow {
        Narrow(self.0 << n)
    }
}

impl Shr<u32> for Narrow {
    type Output = Narrow;
    #[inline]
    fn shr(self, n: u32) -> Narrow {
        Narrow(self.0 >> n)
    }
}

impl IntoIterator for Narrow {
    type Item = Spot;
    type IntoIter = std::iter::Map<Indices<u128>, fn(usize) -> Spot>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.0.indices().map(Spot::new)
    }
}

impl FromIterator<Spot> for Narrow {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Spot>>(spots: I) -> Narrow {
        let mut set = Narrow::EMPTY;
        for at in spots {
            set.insert(at);
        }
        set
    }
}

impl SpotSet for Narrow {
    const EMPTY: Narrow = Narrow(0);
    #[inline]
    fn of(cells: Cells) -> Narrow {
        debug_assert!(cells.0[2..].iter().all(|&word| word == 0));
        Narrow(cells.low_pair())
    }
    #[inline]
    fn cells(self) -> Cells {
        Cells::from_low_pair(self.0)
    }
    #[inline]
    fn single(at: Spot) -> Narrow {
        Narrow(u128::single(at.index()))
    }
    #[inline]
    fn contains(self, at: Spot) -> bool {
        self.0.has(at.index())
    }
    #[inline]
    fn insert(&mut self, at: Spot) {
        self.0 |= u128::single(at.index());
    }
    #[inline]
    fn remove(&mut self, at: Spot) {
        self.0 &= !u128::single(at.index());
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    fn len(self) -> usize {
        CellSet::len(self.0) as usize
    }
    #[inline]
    fn lowest(self) -> Option<Spot> {
        CellSet::lowest(self.0).map(Spot::new)
    }
    #[inline]
    fn isolate_lowest(self) -> Narrow {
        Narrow(self.0 & self.0.wrapping_neg())
    }
    #[inline]
    fn without_lowest(self) -> Narrow {
        Narrow(CellSet::without_lowest(self.0))
    }
    #[inline]
    fn after(at: Spot) -> Narrow {
        Narrow(u128::MAX.checked_shl(u32::from(at.0) + 1).unwrap_or(0))
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
const WIDE_WORDS: usize = 11;

/// A set of up to 704 cells, for boards of any size the contest or the engine takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wide([u64; WIDE_WORDS]);

words_op!(Wide, BitAnd, bitand, BitAndAssign, bitand_assign, &);
words_op!(Wide, BitOr, bitor, BitOrAssign, bitor_assign, |);
words_op!(Wide, BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Wide {
    type Output = Wide;
    fn not(self) -> Wide {
        Wide(self.0.map(|word| !word))
    }
}

impl CellSet for Wide {
    const CAPACITY: usize = 64 * WIDE_WORDS;
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
        let last = Cells::CAPACITY - 1;
        assert_eq!(Cells::after(Spot::new(last - 2)), set(&[last - 1, last]));
        assert_eq!(Cells::after(Spot::new(63)), !Cells::first(64));
        assert_eq!(Cells::after(Spot::new(last)), Cells::EMPTY);
        assert_eq!(Cells::first(3), set(&[0, 1, 2]));
        assert_eq!(Cells::first(500).len(), Cells::CAPACITY);
        assert_eq!(Cells::first(200).len(), 200);
        assert_eq!(set(&[0, 3]).turned(5), set(&[4, 1]));
        assert_eq!(set(&[1, 70]) << 2, set(&[3, 72]));
        assert_eq!(set(&[1, 70]) >> 2, set(&[68]));
        // Across every word: 19x19 has 361 cells.
        assert_eq!(set(&[63, 127, 300]) << 19, set(&[82, 146, 319]));
        assert_eq!(set(&[63, 127, 300]) >> 19, set(&[44, 108, 281]));
        assert_eq!(set(&[0, 360]).turned(361), set(&[360, 0]));
        assert_eq!(set(&[5, 200]).turned(361), set(&[355, 160]));
        assert_eq!(set(&[300, 2]).lowest(), Some(Spot::new(2)));
        assert_eq!(set(&[300, 200]).isolate_lowest(), set(&[200]));
        assert_eq!(set(&[300, 200]).without_lowest(), set(&[300]));
        assert!(set(&[300]) > set(&[200, 100]) && set(&[1, 2]) < set(&[3]));
        let mut c = Cells::EMPTY;
        c.insert(Spot::new(9));
        c.insert(Spot::new(2));
        c.remove(Spot::new(9));
        assert_eq!(c, Cells::single(Spot::new(2)));
    }

    /// Random sets of the first 128 spots, from a fixed stream.
    fn narrow_sets(count: usize) -> Vec<Cells> {
        let mut z = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let x = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x ^ (x >> 29)
        };
        (0..count)
            .map(|_| {
                let (a, b) = (next() & next(), next() | next());
                Cells::from_low_pair(u128::from(a) | u128::from(b) << 64)
            })
            .collect()
    }

    #[test]
    fn the_narrow_sets_do_what_the_wide_ones_do() {
        let sets = narrow_sets(40);
        for pair in sets.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (na, nb) = (Narrow::of(a), Narrow::of(b));
            assert_eq!((na & nb).cells(), a & b);
            assert_eq!((na | nb).cells(), a | b);
            assert_eq!((na ^ nb).cells(), a ^ b);
            assert_eq!((na - nb).cells(), a - b);
            assert_eq!((!na).cells(), !a & Cells::first(128));
            for n in [1, 10, 11, 12] {
                assert_eq!((na << n).cells(), (a << n) & Cells::first(128));
                assert_eq!((na >> n).cells(), a >> n);
            }
            assert_eq!(SpotSet::len(na), a.len());
            assert_eq!(SpotSet::lowest(na), a.lowest());
            assert_eq!(SpotSet::isolate_lowest(na).cells(), a.isolate_lowest());
            assert_eq!(SpotSet::without_lowest(na).cells(), a.without_lowest());
            assert_eq!(SpotSet::is_subset(na, nb), a.is_subset(b));
            assert_eq!(SpotSet::intersects(na, nb), a.intersects(b));
            assert!(na.into_iter().eq(a.iter()));
            if let Some(at) = a.lowest() {
                assert_eq!(
                    Narrow::after(at).cells(),
                    Cells::after(at) & Cells::first(128)
                );
                assert!(SpotSet::contains(na, at) && SpotSet::contains(a, at));
            }
        }
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
