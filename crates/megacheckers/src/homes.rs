//! Sets of homes, as bitsets.

use std::fmt;

use crate::shape::{Home, MAX_HOMES};

/// A set of homes, as a bitset: home `n` is bit `n - 1`.
///
/// Sets combine with `&`, `|`, `^` and `!` (the complement within homes 1..=[`MAX_HOMES`]),
/// iterate over their homes in number order and are built from homes (`Homes::from(home)`,
/// `collect`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Homes(u128);

impl Homes {
    /// No home.
    pub const EMPTY: Homes = Homes(0);

    /// Whether `home` is in the set.
    #[inline]
    pub fn contains(self, home: Home) -> bool {
        self.0 & home.bit() != 0
    }

    /// The set with `home` added.
    #[inline]
    pub fn with(self, home: Home) -> Homes {
        Homes(self.0 | home.bit())
    }

    /// The set with `home` taken out.
    #[inline]
    pub fn without(self, home: Home) -> Homes {
        Homes(self.0 & !home.bit())
    }

    /// How many homes the set holds.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The homes of the set, in number order.
    pub fn iter(self) -> HomesIter {
        HomesIter(self.0)
    }
}

bitset::bit_set_members!(Homes, HomesIter, Home, u128, |index: u32| {
    Home::from_number(index as u8 + 1)
});

impl From<Home> for Homes {
    /// The set of one home.
    fn from(home: Home) -> Homes {
        Homes(home.bit())
    }
}

bitset::bit_set_operators!(Homes, u128::MAX >> (128 - MAX_HOMES));

impl fmt::Display for Homes {
    /// The numbers of the homes in number order, a space apart, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        text::Spaced(self.iter()).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn homes_are_sets_that_print_their_numbers() {
        let home = Home::from_number;
        let a: Homes = [1, 7, 100].map(home).into_iter().collect();
        let b = Homes::from(home(7)) | Homes::from(home(9));
        assert_eq!((a & b).to_string(), "7");
        assert_eq!((a ^ b).to_string(), "1 9 100");
        assert_eq!((a | b).len(), 4);
        assert!(!(!a).contains(home(7)) && (!a).contains(home(8)));
        assert_eq!((!a).len() as usize, MAX_HOMES - 3);
        assert_eq!((!Homes::EMPTY).iter().last(), Some(home(100)));
        assert_eq!(a.without(home(100)).iter().len(), 2);
        assert_eq!(Homes::EMPTY.to_string(), "none");
        assert_eq!(home(100).to_string(), "100");
    }
}
