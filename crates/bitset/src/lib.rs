//! Sets kept as the bits of an integer (the holes with pegs, the squares of a board, a side's
//! markers): [`bit_set_operators!`] gives such a set its operators, bit by bit, in the module
//! that defines it, so that its bits stay private.

#![no_std]
#![deny(missing_docs)]

/// Implements `&`, `|`, `^`, `!` and `&=`, `|=`, `^=` for a set kept as bits in a tuple
/// struct `$set(bits)`, bit by bit. Invoked in the module that defines the set, so that its
/// bits stay private.
///
/// ```
/// mod holes {
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub struct Holes(u8);
///     bitset::bit_set_operators!(Holes);
///     pub const fn of(bits: u8) -> Holes {
///         Holes(bits)
///     }
/// }
/// let (a, b) = (holes::of(0b0110), holes::of(0b0011));
/// assert_eq!(a & b, holes::of(0b0010));
/// assert_eq!(a | b, holes::of(0b0111));
/// assert_eq!(a ^ b, holes::of(0b0101));
/// assert_eq!(!a, holes::of(0b1111_1001));
///
/// mod four {
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub struct Four(pub u8);
///     bitset::bit_set_operators!(Four, 0b1111);
/// }
/// assert_eq!(!four::Four(0b0110), four::Four(0b1001));
/// ```
///
/// With a second argument, the bits that name members: `!` keeps to them.
#[macro_export]
macro_rules! bit_set_operators {
    ($set:ident) => {
        $crate::bit_set_operators!($set, !0);
    };
    ($set:ident, $members:expr) => {
        impl ::core::ops::BitAnd for $set {
            type Output = $set;

            #[inline]
            fn bitand(self, other: $set) -> $set {
                $set(self.0 & other.0)
            }
        }

        impl ::core::ops::BitOr for $set {
            type Output = $set;

            #[inline]
            fn bitor(self, other: $set) -> $set {
                $set(self.0 | other.0)
            }
        }

        impl ::core::ops::BitXor for $set {
            type Output = $set;

            #[inline]
            fn bitxor(self, other: $set) -> $set {
                $set(self.0 ^ other.0)
            }
        }

        /// The complement: every other member the bits can name (intersect it with the
        /// whole board to keep to a board).
        impl ::core::ops::Not for $set {
            type Output = $set;

            #[inline]
            fn not(self) -> $set {
                $set(!self.0 & $members)
            }
        }

        impl ::core::ops::BitAndAssign for $set {
            #[inline]
            fn bitand_assign(&mut self, other: $set) {
                self.0 &= other.0;
            }
        }

        impl ::core::ops::BitOrAssign for $set {
            #[inline]
            fn bitor_assign(&mut self, other: $set) {
                self.0 |= other.0;
            }
        }

        impl ::core::ops::BitXorAssign for $set {
            #[inline]
            fn bitxor_assign(&mut self, other: $set) {
                self.0 ^= other.0;
            }
        }
    };
}
