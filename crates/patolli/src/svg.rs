//! The track as an SVG picture, for the web page and for files: the 52 locations of the
//! cross-shaped grid, primes and squares shaded, the markers of each side, and the last move
//! as an arrow. Every location is tagged `data-click="N"` with its number.

use std::fmt::Write as _;

use crate::track::is_prime;
use crate::{Board, GRID, Location, Move, Side, is_square};

const CELL: usize = 50;
const MARGIN: usize = 10;

fn marker_colour(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::A => ("#d32f2f", "#7f0000"),
        Side::B => ("#1e63c4", "#0b2f66"),
    }
}

/// `board` as an SVG document, with the move `last` drawn as an arrow.
pub fn svg(board: Board, last: Option<Move>) -> String {
    let side = 10 * CELL + 2 * MARGIN;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board patolli\" viewBox=\"0 0 {side} {side}\" width=\"{side}\" height=\"{side}\" font-family=\"sans-serif\">\n\
         <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0 0 L10 5 L0 10 z\" fill=\"#222\"/></marker></defs>\n"
    );
    let centre = |at: Location| {
        let cell = at.cell();
        (
            MARGIN + usize::from(cell.col) * CELL + CELL / 2,
            MARGIN + usize::from(cell.row) * CELL + CELL / 2,
        )
    };
    for (row, cells) in GRID.iter().enumerate() {
        for (col, &number) in cells.iter().enumerate() {
            if number == 0 {
                continue;
            }
            let (x, y) = (MARGIN + col * CELL, MARGIN + row * CELL);
            let (fill, kind) = if number == 1 || number == 52 {
                ("#fff3c4", " end")
            } else if is_prime(number) {
                ("#dff0d8", " prime")
            } else if is_square(number) && number > 4 {
                ("#f8d7da", " square")
            } else {
                ("#fbf8f2", "")
            };
            let _ = writeln!(
                out,
                "<g class=\"location{kind}\" data-click=\"{number}\" id=\"loc-{number}\"><title>{number}</title>\n<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"#8a7550\"/>\n<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"#6b5a3a\">{number}</text>\n</g>",
                x + 1,
                y + 1,
                CELL - 2,
                CELL - 2,
                x + 4,
                y + 13
            );
        }
    }
    for side in [Side::A, Side::B] {
        let (fill, stroke) = marker_colour(side);
        for at in board.markers(side).iter() {
            let (x, y) = centre(at);
            let _ = writeln!(
                out,
                "<circle class=\"marker {}\" id=\"marker-{}\" cx=\"{x}\" cy=\"{}\" r=\"13\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\" pointer-events=\"none\"/>",
                if side == Side::A { "a" } else { "b" },
                at.number(),
                y + 4
            );
        }
    }
    if let Some(played) = last {
        let (from, to) = (played.from, played.to());
        if from != to {
            let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
            let _ = writeln!(
                out,
                "<line class=\"last-move\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#222\" stroke-width=\"3\" stroke-dasharray=\"6 4\" marker-end=\"url(#arrow)\" pointer-events=\"none\"/>"
            );
        } else {
            let (x, y) = centre(from);
            let _ = writeln!(
                out,
                "<circle class=\"last-move\" cx=\"{x}\" cy=\"{y}\" r=\"20\" fill=\"none\" stroke=\"#222\" stroke-width=\"3\" stroke-dasharray=\"4 3\" pointer-events=\"none\"/>"
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Division, contest};

    #[test]
    fn the_track_the_markers_and_the_last_move() {
        let lines =
            contest::parse("4 14 24 1 8 12 6 6 3 5 1 5 6\n", Division::Intermediate).unwrap();
        let game = lines[0].play();
        let picture = svg(game.start, None);
        assert_eq!(picture.matches("data-click=").count(), 52);
        assert_eq!(picture.matches("class=\"marker a\"").count(), 3);
        assert_eq!(picture.matches("class=\"marker b\"").count(), 3);
        assert!(picture.contains("id=\"marker-14\""));
        assert!(!picture.contains("last-move"));
        let mut after = game.start;
        let first = after.play(game.turns[0].side, game.turns[0].roll).unwrap();
        let picture = svg(after, Some(first));
        assert!(picture.contains("<line class=\"last-move\""));
        assert!(picture.contains("id=\"marker-7\""));
    }
}
