//! A set of cells and a cell's index, the types the knowledge, the solver and the player pass
//! each other: [`Cells`], a small `Copy` set with private bits (as shakmaty's `Bitboard`),
//! and [`Spot`], a cell's index in a board's numbering (`row * cols + col`).
//!
//! Every set of cells of the crate is one of three, behind one trait ([`CellSet`]) with one
//! set of names: [`Cells`] (boards up to 19x19), [`Wide`] (the same type with more words, up
//! to the contest's 26x26: the rules' winner on any board) and the knowledge's fast path on
//! boards up to 128 cells, `Narrow` (one `u128`). Code generic over the trait runs on each.
//!
//! A set hides its width: a `Cells` holds up to [`Cells::CAPACITY`] cells and a `Spot`
//! indexes them. Widening the set (for larger boards) is a change in this file alone:
//! nothing outside it sees the words.
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

/// How many 64-bit words a [`Cells`] holds: 384 spots, for boards up to 19x19 (361 cells).
const WORDS: usize = 6;

/// How many words a [`Wide`] holds: 704 spots, for the contest's boards up to 26x26.
const WIDE_WORDS: usize = 11;

/// The integer a [`Spot`] holds.
type Index = u16;

/// A cell's index in a board's numbering, `row * cols + col` (the board's width is not
/// kept: a spot means a cell only together with its board). The default is spot 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot(Index);

impl Spot {
    /// The spot of index `index` (below [`Wide::CAPACITY`], and below the capacity of the
    /// set it goes in).
    #[inline]
    pub const fn new(index: usize) -> Spot {
        debug_assert!(index < Wide::CAPACITY);
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

/// A set of spots held in `N` words: [`Cells`] and [`Wide`] are two widths of it. Displayed
/// as its spots' indices in braces, lowest first (`{3, 10}`); [`Cells::names`] displays cell
/// names instead. Sets are ordered (for sorting and ordered maps) by their highest spot not
/// in both.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct WordSet<const N: usize>([u64; N]);

/// The set of cells the knowledge, the solver and the player pass each other: up to
/// [`Cells::CAPACITY`] spots, boards up to 19x19.
pub type Cells = WordSet<WORDS>;

/// A set of up to [`Wide::CAPACITY`] spots: the contest's boards up to 26x26, where the rules
/// (who has won) are asked.
pub type Wide = WordSet<WIDE_WORDS>;

impl<const N: usize> Default for WordSet<N> {
    #[inline]
    fn default() -> WordSet<N> {
        WordSet::EMPTY
    }
}

impl<const N: usize> WordSet<N> {
    /// The most spots a set holds: 384 for [`Cells`] (boards up to 19x19), 704 for [`Wide`].
    pub const CAPACITY: usize = 64 * N;

    /// The empty set.
    pub const EMPTY: WordSet<N> = WordSet([0; N]);

    /// The set of the first `n` spots, `0..n` (every spot when `n` is the capacity or
    /// more): a board's every cell.
    #[inline]
    pub const fn first(n: usize) -> WordSet<N> {
        let mut words = [0; N];
        let mut w = 0;
        while w < N {
            let below = n.saturating_sub(64 * w);
            words[w] = if below >= 64 {
                u64::MAX
            } else {
                (1 << below) - 1
            };
            w += 1;
        }
        WordSet(words)
    }

    /// The set of one spot.
    #[inline]
    pub const fn single(at: Spot) -> WordSet<N> {
        let (w, bit) = at.word_and_bit();
        let mut words = [0; N];
        words[w] = bit;
        WordSet(words)
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
    pub fn isolate_lowest(self) -> WordSet<N> {
        let mut words = [0; N];
        if let Some(w) = self.first_word() {
            words[w] = self.0[w] & self.0[w].wrapping_neg();
        }
        WordSet(words)
    }

    /// The set without its lowest spot.
    #[inline]
    pub fn without_lowest(mut self) -> WordSet<N> {
        if let Some(w) = self.first_word() {
            self.0[w] &= self.0[w] - 1;
        }
        self
    }

    /// The spots after `at` (`at` not included).
    #[inline]
    pub const fn after(at: Spot) -> WordSet<N> {
        let (at_word, bit) = at.word_and_bit();
        let mut words = [0; N];
        let mut w = at_word;
        words[w] = !(bit | (bit - 1));
        while w + 1 < N {
            w += 1;
            words[w] = u64::MAX;
        }
        WordSet(words)
    }

    /// Whether every spot of the set is in `other`.
    #[inline]
    pub fn is_subset(self, other: WordSet<N>) -> bool {
        (self - other).is_empty()
    }

    /// Whether the set and `other` share a spot.
    #[inline]
    pub fn intersects(self, other: WordSet<N>) -> bool {
        !(self & other).is_empty()
    }

    /// The set turned half a turn on a board of `cells` cells: spot `i` becomes
    /// `cells - 1 - i` (every spot must be below `cells`).
    #[inline]
    pub fn turned(self, cells: usize) -> WordSet<N> {
        let mut words = self.0;
        words.reverse();
        WordSet(words.map(u64::reverse_bits)) >> (Self::CAPACITY - cells) as u32
    }

    /// The spots, lowest first.
    #[inline]
    pub fn iter(self) -> Iter<N> {
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

    /// The set with `M` words: the same spots, those past the narrower width dropped.
    #[inline]
    fn resized<const M: usize>(self) -> WordSet<M> {
        let mut words = [0; M];
        let kept = N.min(M);
        words[..kept].copy_from_slice(&self.0[..kept]);
        debug_assert!(self.0[kept..].iter().all(|&word| word == 0));
        WordSet(words)
    }
}

impl Cells {
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
        WordSet(words)
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
        WordSet(words)
    }
}

/// Sets compare as the numbers their bits spell: by their highest spot not in both.
impl<const N: usize> Ord for WordSet<N> {
    #[inline]
    fn cmp(&self, other: &WordSet<N>) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl<const N: usize> PartialOrd for WordSet<N> {
    #[inline]
    fn partial_cmp(&self, other: &WordSet<N>) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> fmt::Debug for WordSet<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cells{self}")
    }
}

impl<const N: usize> fmt::Display for WordSet<N> {
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
struct Names<const N: usize>(WordSet<N>, u8);

impl<const N: usize> fmt::Display for Names<N> {
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
pub struct Iter<const N: usize> {
    /// The spots not yet given.
    words: [u64; N],
    /// The words before this one are empty.
    word: usize,
}

impl<const N: usize> Iterator for Iter<N> {
    type Item = Spot;

    #[inline]
    fn next(&mut self) -> Option<Spot> {
        while self.word < N {
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
        let len = WordSet(self.words).len();
        (len, Some(len))
    }
}

impl<const N: usize> ExactSizeIterator for Iter<N> {}

impl<const N: usize> std::iter::FusedIterator for Iter<N> {}

impl<const N: usize> IntoIterator for WordSet<N> {
    type Item = Spot;
    type IntoIter = Iter<N>;

    #[inline]
    fn into_iter(self) -> Iter<N> {
        self.iter()
    }
}

impl<const N: usize> FromIterator<Spot> for WordSet<N> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Spot>>(spots: I) -> WordSet<N> {
        let mut set = WordSet::EMPTY;
        for at in spots {
            set.insert(at);
        }
        set
    }
}

/// The set operations of a set held in words, word by word.
macro_rules! words_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl<const N: usize> $trait for WordSet<N> {
            type Output = WordSet<N>;
            #[inline]
            fn $method(mut self, other: WordSet<N>) -> WordSet<N> {
                self.$assign_method(other);
                self
            }
        }
        impl<const N: usize> $assign for WordSet<N> {
            #[inline]
            fn $assign_method(&mut self, other: WordSet<N>) {
                for (a, b) in self.0.iter_mut().zip(other.0) {
                    *a = *a $op b;
                }
            }
        }
    };
}

words_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
words_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
words_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// The difference: the spots of the first set not in the second.
impl<const N: usize> Sub for WordSet<N> {
    type Output = WordSet<N>;
    #[inline]
    fn sub(self, other: WordSet<N>) -> WordSet<N> {
        self & !other
    }
}

impl<const N: usize> SubAssign for WordSet<N> {
    #[inline]
    fn sub_assign(&mut self, other: WordSet<N>) {
        *self = *self - other;
    }
}

/// Every spot the set does not hold, up to the capacity (intersect with a board's cells).
impl<const N: usize> Not for WordSet<N> {
    type Output = WordSet<N>;
    #[inline]
    fn not(self) -> WordSet<N> {
        WordSet(self.0.map(|word| !word))
    }
}

/// Every spot moved `n` up (`i` becomes `i + n`); those past the capacity are dropped.
impl<const N: usize> Shl<u32> for WordSet<N> {
    type Output = WordSet<N>;
    #[inline]
    fn shl(self, n: u32) -> WordSet<N> {
        let (skip, bits) = (n as usize / 64, n % 64);
        let mut words = [0; N];
        for (from, word) in words.iter_mut().skip(skip).enumerate() {
            // The bits carried up from the word below (none when `bits` is 0).
            let carry = if from > 0 {
                self.0[from - 1] >> 1 >> (63 - bits)
            } else {
                0
            };
            *word = self.0[from] << bits | carry;
        }
        WordSet(words)
    }
}

/// Every spot moved `n` down (`i` becomes `i - n`); those below 0 are dropped.
impl<const N: usize> Shr<u32> for WordSet<N> {
    type Output = WordSet<N>;
    #[inline]
    fn shr(self, n: u32) -> WordSet<N> {
        let (skip, bits) = (n as usize / 64, n % 64);
        let mut words = [0; N];
        for (w, word) in words.iter_mut().take(N.saturating_sub(skip)).enumerate() {
            let from = w + skip;
            // The bits carried down from the word above (none when `bits` is 0).
            let carry = if from + 1 < N {
                self.0[from + 1] << 1 << (63 - bits)
            } else {
                0
            };
            *word = self.0[from] >> bits | carry;
        }
        WordSet(words)
    }
}

/// A set of cells, as the geometry, the rules and the knowledge take one: bit `i` of the set
/// for the cell of spot `i`. Implemented by [`Cells`], [`Wide`] and `Narrow`, so that code
/// generic over it runs on the set that fits the board.
pub trait CellSet:
    Copy
    + Eq
    + Default
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + BitXorAssign
    + Not<Output = Self>
    + Sub<Output = Self>
    + SubAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + IntoIterator<Item = Spot>
    + FromIterator<Spot>
    + Send
    + Sync
    + 'static
{
    /// The most spots a set holds.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;
    /// The set of the first `n` spots (every spot when `n` is the capacity or more).
    fn first(n: usize) -> Self;
    /// The set of the spots of `cells` (which must fit).
    fn of(cells: Cells) -> Self;
    /// The set as [`Cells`] (its spots must fit).
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

impl<const N: usize> CellSet for WordSet<N> {
    const CAPACITY: usize = WordSet::<N>::CAPACITY;
    const EMPTY: WordSet<N> = WordSet::<N>::EMPTY;
    #[inline]
    fn first(n: usize) -> WordSet<N> {
        WordSet::first(n)
    }
    #[inline]
    fn of(cells: Cells) -> WordSet<N> {
        cells.resized()
    }
    #[inline]
    fn cells(self) -> Cells {
        self.resized()
    }
    #[inline]
    fn single(at: Spot) -> WordSet<N> {
        WordSet::single(at)
    }
    #[inline]
    fn contains(self, at: Spot) -> bool {
        WordSet::contains(self, at)
    }
    #[inline]
    fn insert(&mut self, at: Spot) {
        WordSet::insert(self, at);
    }
    #[inline]
    fn remove(&mut self, at: Spot) {
        WordSet::remove(self, at);
    }
    #[inline]
    fn is_empty(self) -> bool {
        WordSet::is_empty(self)
    }
    #[inline]
    fn len(self) -> usize {
        WordSet::len(self)
    }
    #[inline]
    fn lowest(self) -> Option<Spot> {
        WordSet::lowest(self)
    }
    #[inline]
    fn isolate_lowest(self) -> WordSet<N> {
        WordSet::isolate_lowest(self)
    }
    #[inline]
    fn without_lowest(self) -> WordSet<N> {
        WordSet::without_lowest(self)
    }
    #[inline]
    fn after(at: Spot) -> WordSet<N> {
        WordSet::after(at)
    }
    #[inline]
    fn is_subset(self, other: WordSet<N>) -> bool {
        WordSet::is_subset(self, other)
    }
    #[inline]
    fn intersects(self, other: WordSet<N>) -> bool {
        WordSet::intersects(self, other)
    }
}

/// A set of spots in one number: the knowledge's fast paths on small boards, [`Narrow`] (a
/// `u128`, boards up to 128 cells: 11x11) and [`Small`] (a `u64`, up to 64 cells: 8x8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bits<W>(W);

/// Up to 128 spots: boards up to 11x11.
pub(crate) type Narrow = Bits<u128>;

/// Up to 64 spots: boards up to 8x8.
pub(crate) type Small = Bits<u64>;

/// The number a [`Bits`] holds its spots in: `u64` or `u128`.
pub(crate) trait Word:
    Copy
    + Eq
    + Default
    + fmt::Debug
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Send
    + Sync
    + 'static
{
    const BITS: u32;
    const ZERO: Self;
    const ONE: Self;
    const MAX: Self;
    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn wrapping_neg(self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
    /// The first spots of a set of cells, as many as the word holds.
    fn of(cells: Cells) -> Self;
    /// The set of cells of the word's spots.
    fn cells(self) -> Cells;
}

macro_rules! word {
    ($word:ty, $of:expr, $cells:expr) => {
        impl Word for $word {
            const BITS: u32 = <$word>::BITS;
            const ZERO: $word = 0;
            const ONE: $word = 1;
            const MAX: $word = <$word>::MAX;
            #[inline]
            fn count_ones(self) -> u32 {
                <$word>::count_ones(self)
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$word>::trailing_zeros(self)
            }
            #[inline]
            fn wrapping_neg(self) -> $word {
                <$word>::wrapping_neg(self)
            }
            #[inline]
            fn wrapping_sub(self, other: $word) -> $word {
                <$word>::wrapping_sub(self, other)
            }
            #[inline]
            fn of(cells: Cells) -> $word {
                debug_assert!(
                    cells.iter().all(|at| at.index() < <$word>::BITS as usize),
                    "{cells} does not fit {} bits",
                    <$word>::BITS
                );
                $of(cells)
            }
            #[inline]
            fn cells(self) -> Cells {
                $cells(self)
            }
        }
    };
}

word!(u64, Cells::low_word, Cells::from_low_word);
word!(u128, Cells::low_pair, Cells::from_low_pair);

impl<W: Word> Bits<W> {
    /// The bit of spot `at`.
    #[inline]
    fn bit(at: Spot) -> W {
        W::ONE << u32::from(at.0)
    }
}

macro_rules! bits_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, |$a:ident, $b:ident| $op:expr) => {
        impl<W: Word> $trait for Bits<W> {
            type Output = Bits<W>;
            #[inline]
            fn $method(self, other: Bits<W>) -> Bits<W> {
                let ($a, $b) = (self.0, other.0);
                Bits($op)
            }
        }
        impl<W: Word> $assign for Bits<W> {
            #[inline]
            fn $assign_method(&mut self, other: Bits<W>) {
                *self = $trait::$method(*self, other);
            }
        }
    };
}

bits_op!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
bits_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
bits_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
bits_op!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

impl<W: Word> Not for Bits<W> {
    type Output = Bits<W>;
    #[inline]
    fn not(self) -> Bits<W> {
        Bits(!self.0)
    }
}

impl<W: Word> Shl<u32> for Bits<W> {
    type Output = Bits<W>;
    #[inline]
    fn shl(self, n: u32) -> Bits<W> {
        Bits(self.0 << n)
    }
}

impl<W: Word> Shr<u32> for Bits<W> {
    type Output = Bits<W>;
    #[inline]
    fn shr(self, n: u32) -> Bits<W> {
        Bits(self.0 >> n)
    }
}

/// The spots of a [`Bits`], lowest first.
#[derive(Clone, Debug)]
pub(crate) struct BitsIter<W>(W);

impl<W: Word> Iterator for BitsIter<W> {
    type Item = Spot;
    #[inline]
    fn next(&mut self) -> Option<Spot> {
        if self.0 == W::ZERO {
            return None;
        }
        let at = self.0.trailing_zeros() as Index;
        self.0 = self.0 & self.0.wrapping_sub(W::ONE);
        Some(Spot(at))
    }
}

impl<W: Word> IntoIterator for Bits<W> {
    type Item = Spot;
    type IntoIter = BitsIter<W>;
    #[inline]
    fn into_iter(self) -> BitsIter<W> {
        BitsIter(self.0)
    }
}

impl<W: Word> FromIterator<Spot> for Bits<W> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Spot>>(spots: I) -> Bits<W> {
        let mut set = Bits(W::ZERO);
        for at in spots {
            set.insert(at);
        }
        set
    }
}

impl<W: Word> CellSet for Bits<W> {
    const CAPACITY: usize = W::BITS as usize;
    const EMPTY: Bits<W> = Bits(W::ZERO);
    #[inline]
    fn first(n: usize) -> Bits<W> {
        Bits(if n >= W::BITS as usize {
            W::MAX
        } else {
            (W::ONE << n as u32).wrapping_sub(W::ONE)
        })
    }
    #[inline]
    fn of(cells: Cells) -> Bits<W> {
        Bits(W::of(cells))
    }
    #[inline]
    fn cells(self) -> Cells {
        self.0.cells()
    }
    #[inline]
    fn single(at: Spot) -> Bits<W> {
        Bits(Bits::bit(at))
    }
    #[inline]
    fn contains(self, at: Spot) -> bool {
        self.0 & Bits::bit(at) != W::ZERO
    }
    #[inline]
    fn insert(&mut self, at: Spot) {
        self.0 = self.0 | Bits::bit(at);
    }
    #[inline]
    fn remove(&mut self, at: Spot) {
        self.0 = self.0 & !Bits::<W>::bit(at);
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == W::ZERO
    }
    #[inline]
    fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    #[inline]
    fn lowest(self) -> Option<Spot> {
        (self.0 != W::ZERO).then(|| Spot(self.0.trailing_zeros() as Index))
    }
    #[inline]
    fn isolate_lowest(self) -> Bits<W> {
        Bits(self.0 & self.0.wrapping_neg())
    }
    #[inline]
    fn without_lowest(self) -> Bits<W> {
        Bits(self.0 & self.0.wrapping_sub(W::ONE))
    }
    #[inline]
    fn after(at: Spot) -> Bits<W> {
        let next = u32::from(at.0) + 1;
        Bits(if next >= W::BITS {
            W::ZERO
        } else {
            W::MAX << next
        })
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
            assert_eq!(CellSet::len(na), a.len());
            assert_eq!(CellSet::lowest(na), a.lowest());
            assert_eq!(CellSet::isolate_lowest(na).cells(), a.isolate_lowest());
            assert_eq!(CellSet::without_lowest(na).cells(), a.without_lowest());
            assert_eq!(CellSet::is_subset(na, nb), a.is_subset(b));
            assert_eq!(CellSet::intersects(na, nb), a.intersects(b));
            assert!(na.into_iter().eq(a.iter()));
            if let Some(at) = a.lowest() {
                assert_eq!(
                    Narrow::after(at).cells(),
                    Cells::after(at) & Cells::first(128)
                );
                assert!(CellSet::contains(na, at) && CellSet::contains(a, at));
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
