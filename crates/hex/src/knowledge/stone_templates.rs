//! Edge templates with a second stone: a cell (or group) on the fourth or fifth row joined
//! to its side with the help of one more stone of the player's nearby, by a carrier smaller
//! than the templates without it, or where they do not fit. Most play out as a ladder
//! towards that stone. H-search cannot derive any of them: its rules join connections whose
//! carriers do not meet, and here the second stone's connections to the side and the first
//! stone's share cells.
//!
//! They were found by our own solver, not copied. For every place of the second stone in a
//! band of the rows from the side to the first stone's, from four columns to one side of it
//! to six to the other, cells of the band were dropped one at a time in four orders (the
//! nearest to the first stone first, the farthest first, from the left, from the right)
//! while the opponent moving first still could not cut the first stone from the side;
//! everything outside the band is the opponent's. The least carriers that need the second
//! stone and in which H-search finds no connection were kept, a mirror image once. On the
//! second and third rows H-search derives every one found this way.
//!
//! The tests prove each again with these templates turned off, and show that no cell and
//! no stone of any is to spare and that H-search does not derive it. The ignored test
//! `generate_stone_templates` finds them again (`ROWS` and `STONES` set the rows of the
//! first stone, 0 the first, and how many more stones): with the OR rule over six
//! semi-connections it finds exactly the 18 of the fourth row and the 43 of the fifth that
//! the table holds (over four, two more on the fourth row and 14 more on the fifth, which
//! H-search now derives).
//!
//! Why these and not more (templates of two more stones measured worse): docs/tuning/hex.md.
//!
//! The shape of a template ([`Shape`]: offsets from its stone at O's top side, and their
//! [`mirror`] images) is defined here with this table; `vc` places every shape on a board.

/// A cell of a template, as (rows down from its stone's row, columns along it) at O's top
/// side.
pub(super) type Offset = (i16, i16);

/// A template's shape: its stone's row (0 the first), its carrier, the other stones it needs.
pub(super) type Shape<'a> = (i16, &'a [Offset], &'a [Offset]);

/// The mirror image of a template's cell: the stone's row kept, left and right exchanged
/// (on the sheared grid a step up-left becomes a step up-right).
pub(super) const fn mirror((down, along): Offset) -> Offset {
    (down, -along - down)
}

/// The templates at O's top side: (the first stone's row, 0 the first; the carrier; the
/// second stone), as (rows down from the first stone's row, columns along it), the same way
/// round as the other templates; their mirror images are made with theirs. One a line.
#[rustfmt::skip]
pub(super) const STONE_TEMPLATES: &[Shape] = &[
    // The first stone on the fourth row.
    (3, &[(-3, -2), (-3, -1), (-3, 1), (-3, 2), (-3, 3), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -1)], &[(-2, -2)]),
    (3, &[(-3, -2), (-3, -1), (-3, 0), (-3, 2), (-3, 3), (-2, -2), (-2, -1), (-2, 1), (-2, 2), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -1)], &[(-2, 0)]),
    (3, &[(-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-1, -4), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -3), (0, -2), (0, -1)], &[(-1, -3)]),
    (3, &[(-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -1), (-1, 0), (-1, 1), (0, -2), (0, -1)], &[(-1, -2)]),
    (3, &[(-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-1, -3), (-1, -1), (-1, 0), (-1, 1), (0, -2), (0, -1)], &[(-1, -2)]),
    (3, &[(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, 0), (-2, 1), (-2, 2), (-1, 0), (-1, 1), (0, -1)], &[(-1, -1)]),
    (3, &[(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (0, 1), (0, 2), (0, 3)], &[(-1, 4)]),
    (3, &[(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-3, 6), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-2, 5), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (-1, 4), (0, 1), (0, 2), (0, 3), (0, 4)], &[(-1, 5)]),
    (3, &[(-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -3), (0, -2), (0, -1)], &[(0, -4)]),
    (3, &[(-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (0, -2), (0, 1)], &[(0, -3)]),
    (3, &[(-3, -4), (-3, -3), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -2), (0, -1)], &[(0, -3)]),
    (3, &[(-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (0, -3), (0, 1)], &[(0, -2)]),
    (3, &[(-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -3), (0, -1)], &[(0, -2)]),
    (3, &[(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, 0), (-2, 1), (-2, 2), (-1, -1), (-1, 0), (-1, 1)], &[(0, -1)]),
    (3, &[(-3, 1), (-3, 2), (-3, 3), (-3, 4), (-2, 1), (-2, 2), (-2, 3), (-1, 0), (-1, 1), (-1, 2)], &[(0, 1)]),
    (3, &[(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 5), (-3, 6), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-2, 5), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (-1, 4), (0, 1)], &[(0, 2)]),
    (3, &[(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (0, 1)], &[(0, 2)]),
    (3, &[(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (-1, 4), (0, 1), (0, 2)], &[(0, 3)]),
    // On the fifth.
    (4, &[(-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 1)], &[(-4, -4)]),
    (4, &[(-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 1)], &[(-4, -3)]),
    (4, &[(-4, -2), (-4, -1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 1)], &[(-4, 0)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1)], &[(-4, 4)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1)], &[(-4, 5)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 1)], &[(-4, 6)]),
    (4, &[(-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 1)], &[(-3, -3)]),
    (4, &[(-4, -2), (-4, -1), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 1)], &[(-3, -2)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 4), (-4, 5), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -1)], &[(-3, 4)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 1)], &[(-3, 5)]),
    (4, &[(-4, -4), (-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -3), (0, -2), (0, -1)], &[(-2, -4)]),
    (4, &[(-4, -4), (-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -4), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1)], &[(-2, -3)]),
    (4, &[(-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 1)], &[(-2, -3)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -3), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -2), (-1, -1), (-1, 0), (-1, 1)], &[(-2, -2)]),
    (4, &[(-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1)], &[(-2, -2)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -3), (-3, -2), (-3, -1), (-3, 1), (-3, 2), (-3, 3), (-2, -3), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -1)], &[(-2, -2)]),
    (4, &[(-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, 1)], &[(-2, -1)]),
    (4, &[(-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, 0), (-1, 1), (-1, 2), (0, 1)], &[(-2, 0)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1)], &[(-2, 3)]),
    (4, &[(-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (0, 1)], &[(-2, 4)]),
    (4, &[(-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-3, 6), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (-1, 4), (0, 1)], &[(-2, 5)]),
    (4, &[(-4, -4), (-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -4), (0, -3), (0, -2), (0, -1)], &[(-1, -4)]),
    (4, &[(-4, -4), (-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -1)], &[(-1, -3)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -3), (0, -2), (0, -1)], &[(-1, -3)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1)], &[(-1, -3)]),
    (4, &[(-4, -4), (-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -3), (-1, -1), (-1, 1), (-1, 2), (0, -2), (0, -1)], &[(-1, -2)]),
    (4, &[(-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1)], &[(-1, -2)]),
    (4, &[(-4, -4), (-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-1, -3), (-1, -1), (-1, 0), (-1, 1), (0, -2), (0, -1)], &[(-1, -2)]),
    (4, &[(-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 0), (-1, 1), (0, -1)], &[(-1, -1)]),
    (4, &[(-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 1)], &[(-1, -1)]),
    (4, &[(-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-1, 1), (-1, 2), (0, 1)], &[(-1, 0)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -2), (-1, -1), (-1, 0), (0, -1)], &[(-1, 1)]),
    (4, &[(-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, 0), (-1, 1), (-1, 2), (0, 1), (0, 2)], &[(-1, 3)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-2, 5), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (0, -1)], &[(-1, 4)]),
    (4, &[(-4, -4), (-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -3), (0, -2), (0, -1)], &[(0, -4)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -2), (0, -1)], &[(0, -3)]),
    (4, &[(-4, -4), (-4, -3), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -3), (0, -1)], &[(0, -2)]),
    (4, &[(-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 1)], &[(0, -2)]),
    (4, &[(-4, -4), (-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, -4), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -3), (-1, -2), (-1, -1), (-1, 1), (-1, 2), (0, -2)], &[(0, -1)]),
    (4, &[(-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-1, -1), (-1, 0), (-1, 1)], &[(0, -1)]),
    (4, &[(-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, 1)], &[(0, -1)]),
    (4, &[(-4, -3), (-4, -2), (-4, -1), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-3, -3), (-3, -2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -2)], &[(0, -1)]),
    (4, &[(-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4), (-4, 5), (-4, 6), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-3, 4), (-3, 5), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, 0), (-1, 1), (-1, 2)], &[(0, 1)]),
];

#[cfg(test)]
mod tests {
    use super::{STONE_TEMPLATES, mirror};
    use crate::board::Color;
    use crate::cells::{Cells, Spot};
    use crate::geometry::{Geometry, slot};
    use crate::knowledge::{Endpoint, Expert};
    use crate::position::Position;
    use crate::solver::{Knowledge, Limits, Outcome, Solver};

    /// Offsets as (rows down from the first stone's row, columns along it).
    type Offsets = Vec<(i16, i16)>;

    /// The columns of the boards the templates are proven on, and the first stone's column
    /// when they are found (proven, it is as far left as the cells let it be).
    const COLS: i16 = 11;
    const FIRST: i16 = 4;

    /// `cells` without `cell`.
    fn without(cells: &[(i16, i16)], cell: (i16, i16)) -> Offsets {
        cells.iter().copied().filter(|&c| c != cell).collect()
    }

    /// The knowledge the templates are proven with: everything but themselves.
    fn without_them() -> Knowledge {
        Knowledge {
            stone_templates: false,
            ..Knowledge::default()
        }
    }

    /// The position that tells whether O's stone on `row` (0 the first row under O's top
    /// side), with O's `stones`, joins the top side within `carrier`: a board of `row` + 2
    /// rows, O on the first stone and on the cell below it (which joins it to the bottom
    /// side and touches no cell the stone does not), X everywhere else outside the carrier,
    /// X to move. `None` when a cell falls off the board.
    fn position(
        row: i16,
        carrier: &[(i16, i16)],
        stones: &[(i16, i16)],
    ) -> Option<(u8, Position, Cells, Spot)> {
        let rows = row + 2;
        let geometry: Geometry = Geometry::rectangle(rows as u8, COLS as u8);
        // The first stone's column: as far left as the cells let it be.
        let left = (carrier.iter().chain(stones))
            .map(|c| c.1)
            .min()
            .unwrap_or(0);
        let column = -left.min(0);
        let at = |(dr, dc): (i16, i16)| {
            let (r, c) = (row + dr, column + dc);
            ((0..rows).contains(&r) && (0..COLS).contains(&c))
                .then(|| Spot::new((r * COLS + c) as usize))
        };
        let first = at((0, 0))?;
        let mut own = Cells::single(first) | Cells::single(at((1, 0))?);
        for &cell in stones {
            own.insert(at(cell)?);
        }
        let mut free = Cells::EMPTY;
        for &cell in carrier {
            free.insert(at(cell)?);
        }
        let mut board = [Cells::EMPTY; 2];
        board[slot(Color::Black)] = own;
        board[slot(Color::White)] = geometry.all - own - free;
        let position = Position {
            stones: board,
            ..Position::new(geometry.rows, geometry.cols, Color::White)
        };
        Some((rows as u8, position, free, first))
    }

    /// Whether the stone joins the side (see [`position`]), proven by the solver without
    /// these templates; `None` if it cannot tell.
    fn holds(row: i16, carrier: &[(i16, i16)], stones: &[(i16, i16)]) -> Option<bool> {
        let (_, position, _, _) = position(row, carrier, stones)?;
        let mut solver = Solver::new(Limits {
            nodes: Some(1_000_000),
            ..Limits::default()
        })
        .with_knowledge(without_them());
        solver.count_proofs(false);
        match solver.solve(&position) {
            Ok(Outcome::Proven(proof)) => Some(proof.winner == Color::Black),
            _ => None,
        }
    }

    /// Whether H-search (without these templates) finds the connection within the carrier.
    fn derived(row: i16, carrier: &[(i16, i16)], stones: &[(i16, i16)]) -> bool {
        let (rows, mut position, free, first) = position(row, carrier, stones).unwrap();
        // The stone without the cell below it, so that it is an endpoint of its own.
        position.stones[slot(Color::Black)].remove(Spot::new(first.index() + COLS as usize));
        let expert = Expert::rectangle(rows, COLS as u8, without_them());
        let ends = [Endpoint::Cell(first), Endpoint::Side(0)];
        let found = expert.connections_between(&position, Color::Black, ends);
        found.full.iter().any(|&c| c.is_subset(free))
    }

    #[test]
    fn every_stone_template_holds_needs_all_it_has_and_is_not_derived() {
        for &(row, carrier, stones) in STONE_TEMPLATES {
            for (carrier, stones) in [
                (carrier.to_vec(), stones.to_vec()),
                (
                    carrier.iter().map(|&c| mirror(c)).collect(),
                    stones.iter().map(|&c| mirror(c)).collect(),
                ),
            ] {
                assert_eq!(
                    holds(row, &carrier, &stones),
                    Some(true),
                    "{carrier:?} {stones:?}"
                );
                for &spare in &carrier {
                    assert_eq!(
                        holds(row, &without(&carrier, spare), &stones),
                        Some(false),
                        "{spare:?} is to spare"
                    );
                }
                for &spare in &stones {
                    assert_eq!(
                        holds(row, &carrier, &without(&stones, spare)),
                        Some(false),
                        "{spare:?} is to spare"
                    );
                }
                assert!(!derived(row, &carrier, &stones), "{carrier:?} {stones:?}");
            }
        }
    }

    /// Drops the cells of `carrier` one at a time in the order of `key` while the stone still
    /// joins the side.
    fn shrink(
        row: i16,
        mut carrier: Offsets,
        stones: &[(i16, i16)],
        key: impl Fn(&(i16, i16)) -> i32,
    ) -> Offsets {
        let mut order = carrier.clone();
        order.sort_by_key(&key);
        for cell in order {
            let less = without(&carrier, cell);
            if holds(row, &less, stones) == Some(true) {
                carrier = less;
            }
        }
        carrier.sort();
        carrier
    }

    /// Finds the templates again and prints them: `ROWS=3,4 cargo test --release -p hex
    /// generate_stone_templates -- --ignored --nocapture` for those of the table (`ROWS`
    /// are the first stone's rows, 0 the first, the second to the fourth row by default;
    /// `STONES=2` looks for two more stones instead of one).
    #[test]
    #[ignore = "prints the table of templates; a few minutes"]
    fn generate_stone_templates() {
        let extra: usize = std::env::var("STONES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1);
        let rows: Vec<i16> = std::env::var("ROWS").ok().map_or(vec![1, 2, 3], |s| {
            s.split(',').map(|r| r.parse().unwrap()).collect()
        });
        let mut found: Vec<(i16, Offsets, Offsets)> = Vec::new();
        for row in rows {
            let band: Offsets = (-row..=0)
                .flat_map(|dr| (-FIRST..COLS - FIRST).map(move |dc| (dr, dc)))
                .filter(|&cell| cell != (0, 0))
                .collect();
            let mut choices: Vec<Offsets> = band.iter().map(|&c| vec![c]).collect();
            if extra == 2 {
                choices = band
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &a)| band[i + 1..].iter().map(move |&b| vec![a, b]))
                    .collect();
            }
            for stones in choices {
                let region: Offsets = band
                    .iter()
                    .copied()
                    .filter(|c| !stones.contains(c))
                    .collect();
                if holds(row, &region, &stones) != Some(true) {
                    continue;
                }
                let distance =
                    |&(dr, dc): &(i16, i16)| i32::from((dr.abs() + dc.abs() + (dr + dc).abs()) / 2);
                type Order<'a> = &'a dyn Fn(&(i16, i16)) -> i32;
                let orders: [Order; 4] = [
                    &distance,
                    &|c| -distance(c),
                    &|c| i32::from(c.1) * 10 - i32::from(c.0),
                    &|c| -i32::from(c.1) * 10 - i32::from(c.0),
                ];
                for order in orders {
                    let carrier = shrink(row, region.clone(), &stones, order);
                    if carrier.is_empty() {
                        continue;
                    }
                    let needed = (stones.iter())
                        .all(|&s| holds(row, &carrier, &without(&stones, s)) != Some(true));
                    let mut mirrored: Offsets = carrier.iter().map(|&c| mirror(c)).collect();
                    mirrored.sort();
                    let mut stones_mirrored: Offsets = stones.iter().map(|&c| mirror(c)).collect();
                    stones_mirrored.sort();
                    let seen = found.iter().any(|f| {
                        f.0 == row
                            && ((f.1 == carrier && f.2 == stones)
                                || (f.1 == mirrored && f.2 == stones_mirrored))
                    });
                    if needed && !seen && !derived(row, &carrier, &stones) {
                        eprintln!("row {row}: {} cells, stones {stones:?}", carrier.len());
                        found.push((row, carrier, stones.clone()));
                    }
                }
            }
        }
        for (row, carrier, stones) in &found {
            println!("    ({row}, &{carrier:?}, &{stones:?}),");
        }
    }
}
