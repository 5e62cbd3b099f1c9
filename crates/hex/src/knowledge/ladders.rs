//! Ladder links: two cells near a side that the player joins, counting that side as its own
//! (a chain may run through it): whatever the opponent does in the carrier, the two cells
//! end in one group, or both reach the side. A ladder towards an escape plays out this way:
//! the opponent can stop the stone from reaching the escape only by letting it reach the
//! side.
//!
//! Counting the side as the player's is sound for the game: two cells joined that way are
//! joined in every sense that matters once either is joined to the other side, since then
//! the player has won. H-search never joins two cells through a side (a side as the middle
//! of its AND rule drowned it in connections: docs/tuning/hex.md), so these are given to it
//! as base connections, each proven here by the connection prover.
//!
//! The table was found by [`tests::generate_ladder_links`] (an ignored test): for a first
//! cell on the second, third or fourth row and a second cell on the second row up to eight
//! columns along, the region of the two first rows between them and a little beyond, with
//! the cells between the first cell and the second row, everything else the opponent's; the
//! cells were dropped one at a time in four orders while the link still held through the
//! side, and did not hold without it (those are plain connections, H-search's business).
//! The tests prove every link again and show that no cell of any is to spare.

use super::stone_templates::Offset;

/// A link's shape at O's top side: the first cell's row (0 the first), the second cell and
/// the carrier as (rows down from the first cell's row, columns along it), as the edge
/// templates are given; their mirror images are made with them.
pub(super) type Link<'a> = (i16, Offset, &'a [Offset]);

/// The links, one a line.
#[rustfmt::skip]
pub(super) const LADDER_LINKS: &[Link] = &[
    (1, (0, -6), &[(-1, -6), (-1, -5), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 1), (0, -5), (0, -4), (0, -3), (0, -2), (0, -1)]),
    (1, (0, -6), &[(-1, -5), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -5), (0, -4), (0, -3), (0, -2), (0, -1)]),
    (1, (0, -6), &[(-1, -6), (-1, -5), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (0, -5), (0, -4), (0, -3), (0, -2), (0, -1)]),
    (1, (0, -5), &[(-1, -5), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 1), (0, -4), (0, -3), (0, -2), (0, -1)]),
    (1, (0, -5), &[(-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -4), (0, -3), (0, -2), (0, -1)]),
    (1, (0, -5), &[(-1, -5), (-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (0, -4), (0, -3), (0, -2), (0, -1)]),
    (1, (0, -4), &[(-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 1), (0, -3), (0, -2), (0, -1)]),
    (1, (0, -4), &[(-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -3), (0, -2), (0, -1)]),
    (1, (0, -4), &[(-1, -4), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (0, -3), (0, -2), (0, -1)]),
    (1, (0, -3), &[(-1, -3), (-1, -2), (-1, -1), (-1, 1), (0, -2), (0, -1)]),
    (1, (0, -3), &[(-1, -2), (-1, -1), (-1, 0), (-1, 1), (0, -2), (0, -1)]),
    (1, (0, -3), &[(-1, -3), (-1, -2), (-1, -1), (-1, 0), (0, -2), (0, -1)]),
    (1, (0, -2), &[(-1, -2), (-1, -1), (-1, 1), (0, -1)]),
    (1, (0, -2), &[(-1, -1), (-1, 0), (-1, 1), (0, -1)]),
    (1, (0, -2), &[(-1, -2), (-1, -1), (-1, 0), (0, -1)]),
    (2, (-1, -4), &[(-2, -4), (-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1)]),
    (2, (-1, -3), &[(-2, -3), (-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -2), (-1, -1), (-1, 0), (-1, 1)]),
    (2, (-1, -2), &[(-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, -1), (-1, 0), (-1, 1)]),
    (2, (-1, -1), &[(-2, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 0), (-1, 1)]),
    (3, (-2, -1), &[(-3, -1), (-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, 0), (-2, 1), (-2, 2), (-1, -1), (-1, 0), (-1, 1)]),
    (3, (-2, -1), &[(-3, -1), (-3, 0), (-3, 2), (-3, 3), (-3, 4), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-1, -1), (-1, 0), (-1, 1), (-1, 2)]),
    (3, (-2, 0), &[(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, 1), (-2, 2), (-1, 0), (-1, 1)]),
    (3, (-2, 2), &[(-3, -1), (-3, 0), (-3, 2), (-3, 3), (-2, -1), (-2, 0), (-2, 1), (-1, -1), (-1, 0), (-1, 1)]),
];

#[cfg(test)]
mod tests {
    use super::super::prover::{End, First, Question};
    use super::super::stone_templates::mirror;
    use super::*;
    use crate::board::Color;
    use crate::cells::{Cells, Spot};
    use crate::geometry::Geometry;

    /// The board the links are proven on: wide enough for every one.
    const COLS: i16 = 22;
    /// The first cell's column on it.
    const FIRST: i16 = 10;
    /// The most cells a region to start from may have (the prover's table of a region of
    /// 30 cells outgrows the machine's memory).
    const MAX_REGION: usize = 22;

    /// The question whether Black's cells at `(0, 0)` and `to` are joined within `carrier`
    /// (offsets from the first, on `row`), through the top side when `through`.
    fn holds(row: i16, to: Offset, carrier: &[Offset], through: bool) -> bool {
        let geometry: Geometry = Geometry::rectangle((row + 2) as u8, COLS as u8);
        let at = |(dr, dc): Offset| {
            let (r, c) = (row + dr, FIRST + dc);
            assert!(
                (0..=row + 1).contains(&r) && (0..COLS).contains(&c),
                "{dr},{dc}"
            );
            Spot::new((r * COLS + c) as usize)
        };
        let question = Question {
            geometry: &geometry,
            stones: [Cells::EMPTY; 2],
            player: Color::Black,
            ends: [
                End::Cells(Cells::single(at((0, 0)))),
                End::Cells(Cells::single(at(to))),
            ],
            carrier: carrier.iter().map(|&c| at(c)).collect(),
            first: First::Opponent,
            through: through.then_some(0),
        };
        question.prove().expect("a carrier the prover takes").holds
    }

    fn without(cells: &[Offset], cell: Offset) -> Vec<Offset> {
        cells.iter().copied().filter(|&c| c != cell).collect()
    }

    #[test]
    fn every_ladder_link_holds_through_the_side_only_and_needs_every_cell() {
        for &(row, to, carrier) in LADDER_LINKS {
            let mirrored: Vec<Offset> = carrier.iter().map(|&c| mirror(c)).collect();
            for (to, carrier) in [(to, carrier.to_vec()), (mirror(to), mirrored)] {
                assert!(holds(row, to, &carrier, true), "{row} {to:?} {carrier:?}");
                assert!(
                    !holds(row, to, &carrier, false),
                    "{row} {to:?}: a plain connection"
                );
                for &spare in &carrier {
                    let less = without(&carrier, spare);
                    assert!(
                        !holds(row, to, &less, true),
                        "{row} {to:?}: {spare:?} to spare"
                    );
                }
            }
        }
    }

    /// Finds the links again and prints them: `cargo test --release -p hex
    /// generate_ladder_links -- --ignored --nocapture`.
    #[test]
    #[ignore = "prints the table of ladder links; a few minutes"]
    fn generate_ladder_links() {
        let mut found: Vec<(i16, Offset, Vec<Offset>)> = Vec::new();
        for row in 1..=3_i16 {
            // The second cell on the second row (row 1), `along` columns from the first.
            for along in -8..=8_i16 {
                let to = (1 - row, along);
                let near = |(dr, dc): Offset| dr.abs().max(dc.abs()).max((dr + dc).abs()) <= 1;
                if to == (0, 0) || near(to) {
                    continue;
                }
                // The first two rows from two columns before the first of the two cells to
                // two after the last (on the second row: the first row reaches one further),
                // and the cone between the first cell and the second row, a column wider.
                let (low, high) = (along.min(0) - 2, along.max(row - 1) + 3);
                let region: Vec<Offset> = (-row..=1 - row)
                    .flat_map(|dr| (low..=high).map(move |dc| (dr, dc)))
                    .chain((2 - row..0).flat_map(|dr| (-1..=-dr + 1).map(move |dc| (dr, dc))))
                    .filter(|&c| c != (0, 0) && c != to)
                    .filter(|&(dr, dc)| (0..COLS).contains(&(FIRST + dc)) && row + dr >= 0)
                    .collect();
                if region.len() > MAX_REGION || !holds(row, to, &region, true) {
                    continue;
                }
                let distance =
                    |&(dr, dc): &Offset| i32::from((dr.abs() + dc.abs() + (dr + dc).abs()) / 2);
                type Order<'a> = &'a dyn Fn(&Offset) -> i32;
                let orders: [Order; 4] = [
                    &distance,
                    &|c| -distance(c),
                    &|c| i32::from(c.1) * 10 - i32::from(c.0),
                    &|c| -i32::from(c.1) * 10 - i32::from(c.0),
                ];
                for order in orders {
                    let mut carrier = region.clone();
                    let mut cells = region.clone();
                    cells.sort_by_key(order);
                    for cell in cells {
                        let less = without(&carrier, cell);
                        if holds(row, to, &less, true) {
                            carrier = less;
                        }
                    }
                    carrier.sort();
                    if holds(row, to, &carrier, false) {
                        continue;
                    }
                    let mut mirrored: Vec<Offset> = carrier.iter().map(|&c| mirror(c)).collect();
                    mirrored.sort();
                    let seen = found.iter().any(|f| {
                        f.0 == row
                            && ((f.1 == to && f.2 == carrier)
                                || (f.1 == mirror(to) && f.2 == mirrored))
                    });
                    if !seen {
                        eprintln!("row {row}, to {to:?}: {} cells", carrier.len());
                        found.push((row, to, carrier));
                    }
                }
            }
        }
        for (row, to, carrier) in &found {
            println!("    ({row}, {to:?}, &{carrier:?}),");
        }
    }
}
