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

/// Makes `$iter` the iterator over the members of a set kept as bits in a tuple struct
/// `$set(bits)` of type `$bits`, in increasing order of their bits (`$member(index)` the
/// member of bit `index`, from 0); and the set an `IntoIterator` over them and a
/// `FromIterator` of them (a member's bit is its `bit()`). Invoked in the module that
/// defines the set, beside [`bit_set_operators!`].
///
/// ```
/// mod holes {
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub struct Hole(u32);
///     impl Hole {
///         fn bit(self) -> u8 {
///             1 << self.0
///         }
///     }
///     pub struct Holes(u8);
///     bitset::bit_set_members!(Holes, HolesIter, Hole, u8, |index| Hole(index));
///     pub fn hole(index: u32) -> Hole {
///         Hole(index)
///     }
/// }
/// let set: holes::Holes = [holes::hole(5), holes::hole(1)].into_iter().collect();
/// let members: Vec<holes::Hole> = set.into_iter().collect();
/// assert_eq!(members, [holes::hole(1), holes::hole(5)]);
/// ```
#[macro_export]
macro_rules! bit_set_members {
    ($set:ident, $iter:ident, $member:ty, $bits:ty, $from_index:expr) => {
        #[doc = concat!("The members of a [`", stringify!($set), "`], in increasing order.")]
        #[derive(Clone, Copy, Debug)]
        pub struct $iter($bits);

        impl ::core::iter::Iterator for $iter {
            type Item = $member;

            #[inline]
            fn next(&mut self) -> ::core::option::Option<$member> {
                if self.0 == 0 {
                    return ::core::option::Option::None;
                }
                let member = ($from_index)(self.0.trailing_zeros());
                self.0 &= self.0 - 1;
                ::core::option::Option::Some(member)
            }

            fn size_hint(&self) -> (usize, ::core::option::Option<usize>) {
                let len = self.0.count_ones() as usize;
                (len, ::core::option::Option::Some(len))
            }
        }

        impl ::core::iter::ExactSizeIterator for $iter {}

        impl ::core::iter::IntoIterator for $set {
            type Item = $member;
            type IntoIter = $iter;

            #[inline]
            fn into_iter(self) -> $iter {
                $iter(self.0)
            }
        }

        impl ::core::iter::FromIterator<$member> for $set {
            fn from_iter<I: ::core::iter::IntoIterator<Item = $member>>(members: I) -> $set {
                $set(
                    members
                        .into_iter()
                        .fold(0, |bits, member| bits | member.bit()),
                )
            }
        }
    };
}
