//! The symmetries of a board as permutations of its holes, applied to whole positions at once.
//!
//! A board drawn on a grid can have at most the 8 symmetries of the square (4 rotations, 4
//! reflections); it has those whose image of the set of holes is the set itself. A group of
//! them is kept as lookup tables, one per byte of the bitboard: the entry for a byte holds the
//! images of those holes under all 8 symmetries of the group side by side (one cache line).
//! The images of a whole position are then the OR of one entry per byte (5 loads for the
//! 33-hole board), which the compiler turns into vector instructions.

use crate::board::Layout;
use crate::position::{Hole, Position};

/// The images of a position under the 8 slots of a group (slots beyond the group's size
/// repeat the identity).
pub(crate) type Images = [u64; 8];

/// A group of symmetries of a board: all of them, or those that keep a hole in place.
#[derive(Clone, Debug)]
pub struct Symmetries {
    /// `tables[b][byte][g]`: the image under symmetry `g` of the holes whose bits are
    /// `byte << 8b`.
    tables: Vec<[Images; 256]>,
    /// How many symmetries the group has.
    len: usize,
}

impl Symmetries {
    /// Every symmetry the board has (at most 8).
    pub fn of(layout: &Layout) -> Symmetries {
        Symmetries::keeping(layout, |_| true)
    }

    /// The symmetries of the board that leave `hole` where it is.
    pub fn fixing(layout: &Layout, hole: Hole) -> Symmetries {
        let index = hole.index();
        Symmetries::keeping(layout, |image| image[index] == index)
    }

    /// Only the identity: no two positions are the same.
    pub fn none(layout: &Layout) -> Symmetries {
        Symmetries::keeping(layout, |image| {
            image.iter().enumerate().all(|(i, &j)| i == j)
        })
    }

    fn keeping(layout: &Layout, keep: impl Fn(&[usize]) -> bool) -> Symmetries {
        // The identity comes first among the images, so it is always kept and is slot 0.
        let group: Vec<Vec<usize>> = hole_images(layout)
            .into_iter()
            .filter(|image| keep(image))
            .collect();
        let tables = (0..layout.holes().div_ceil(8))
            .map(|b| {
                let mut table = [[0u64; 8]; 256];
                for (byte, entry) in table.iter_mut().enumerate() {
                    for (slot, images) in entry.iter_mut().enumerate() {
                        let image = &group[if slot < group.len() { slot } else { 0 }];
                        *images = (0..8)
                            .filter(|bit| byte & (1 << bit) != 0)
                            .filter_map(|bit| image.get(8 * b + bit))
                            .fold(0, |acc, &to| acc | 1 << to);
                    }
                }
                table
            })
            .collect();
        Symmetries {
            tables,
            len: group.len(),
        }
    }

    /// How many symmetries the group has, the identity included.
    pub fn size(&self) -> usize {
        self.len
    }

    /// Whether the group is the identity alone (it is never empty).
    pub fn is_trivial(&self) -> bool {
        self.len == 1
    }

    /// The images of a bitboard under the 8 slots of the group (slots beyond [`Self::size`]
    /// repeat the identity). A symmetry moves bits, so the image of `a ^ b` is the XOR of the
    /// images of `a` and `b`.
    #[inline]
    pub(crate) fn all_images(&self, bits: u64) -> Images {
        let mut images = [0u64; 8];
        for (b, table) in self.tables.iter().enumerate() {
            let entry = &table[((bits >> (8 * b)) & 0xff) as usize];
            for (image, part) in images.iter_mut().zip(entry) {
                *image |= part;
            }
        }
        images
    }

    /// The images of a position under the group, itself first.
    pub fn images(&self, position: Position) -> impl Iterator<Item = Position> + '_ {
        let images = self.all_images(position.bits());
        (0..self.len).map(move |g| Position::from_bits(images[g]))
    }

    /// The representative of a position's class: the least bitboard among its images.
    #[inline]
    pub fn canonical(&self, position: Position) -> Position {
        let images = self.all_images(position.bits());
        Position::from_bits(images.into_iter().fold(u64::MAX, u64::min))
    }
}

/// For each of the 8 symmetries of the square that maps the board onto itself, where each hole
/// goes: `image[i]` is the index of the image of hole `i + 1`.
fn hole_images(layout: &Layout) -> Vec<Vec<usize>> {
    let cells = layout.cells();
    let height = cells.iter().map(|&(r, _)| r).max().unwrap_or(0);
    let width = cells.iter().map(|&(_, c)| c).max().unwrap_or(0);
    // The grid is normalised to start at (0, 0); `height` and `width` are the last row and
    // column. Rotations and diagonal reflections swap the two, and then only fit a square.
    let transforms: [&dyn Fn(usize, usize) -> (usize, usize); 8] = [
        &|r, c| (r, c),
        &|r, c| (r, width - c),
        &|r, c| (height - r, c),
        &|r, c| (height - r, width - c),
        &|r, c| (c, r),
        &|r, c| (c, height - r),
        &|r, c| (width - c, r),
        &|r, c| (width - c, height - r),
    ];
    transforms
        .iter()
        .filter_map(|transform| {
            cells
                .iter()
                .map(|&(r, c)| cells.binary_search(&transform(r, c)).ok())
                .collect::<Option<Vec<usize>>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn slow_image(image: &[usize], bits: u64) -> u64 {
        (0..image.len())
            .filter(|&i| bits & (1 << i) != 0)
            .fold(0, |acc, i| acc | 1 << image[i])
    }

    #[test]
    fn the_cross_and_the_european_board_have_all_8() {
        assert_eq!(Symmetries::of(Layout::english()).size(), 8);
        assert_eq!(Symmetries::of(Layout::european()).size(), 8);
        let centre = Layout::english().hole(17).unwrap();
        assert_eq!(Symmetries::fixing(Layout::english(), centre).size(), 8);
        let corner = Layout::english().hole(1).unwrap();
        // Hole 1 sits off every axis and diagonal of the cross; hole 2 on the vertical axis.
        assert_eq!(Symmetries::fixing(Layout::english(), corner).size(), 1);
        let top = Layout::english().hole(2).unwrap();
        assert_eq!(Symmetries::fixing(Layout::english(), top).size(), 2);
    }

    #[test]
    fn lopsided_boards_keep_only_their_own_symmetries() {
        // A rectangle: the two axis reflections and the half turn, no quarter turns.
        let rectangle = Layout::from_picture("oooo\noooo\n").unwrap();
        assert_eq!(Symmetries::of(&rectangle).size(), 4);
        // An L: only the reflection in its diagonal.
        let l = Layout::from_picture("o\no\nooo\n").unwrap();
        assert_eq!(Symmetries::of(&l).size(), 2);
        let p = Layout::from_picture("oo\noo\no\n").unwrap();
        assert!(Symmetries::of(&p).is_trivial());
        assert!(Symmetries::none(Layout::english()).is_trivial());
    }

    proptest! {
        #[test]
        fn tables_agree_with_moving_bits_one_by_one(bits in 0u64..(1 << 33)) {
            let layout = Layout::english();
            let group = Symmetries::of(layout);
            let fast: Vec<u64> = group.images(Position::from_bits(bits)).map(|p| p.bits()).collect();
            let slow: Vec<u64> = hole_images(layout).iter().map(|image| slow_image(image, bits)).collect();
            prop_assert_eq!(fast, slow);
        }

        #[test]
        fn canonical_forms_name_the_class(bits in 0u64..(1 << 33)) {
            let group = Symmetries::of(Layout::english());
            let canonical = group.canonical(Position::from_bits(bits));
            for image in group.images(Position::from_bits(bits)) {
                prop_assert_eq!(group.canonical(image), canonical);
                prop_assert_eq!(image.count(), canonical.count());
            }
        }

        #[test]
        fn jumps_map_to_jumps(bits in 0u64..(1 << 37)) {
            let layout = Layout::european();
            let group = Symmetries::of(layout);
            let position = Position::from_bits(bits);
            let moves = layout.legal_jumps(position).count();
            for image in group.images(position) {
                prop_assert_eq!(layout.legal_jumps(image).count(), moves);
            }
        }
    }
}
