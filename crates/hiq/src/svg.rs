//! The board as an SVG picture, for the web page and for files: every hole a circle, a peg a
//! filled disc, each hole tagged `data-click="N"` with its number so a page can act on clicks.

use std::fmt::Write as _;

use crate::{Hole, Jump, Layout, Position};

/// What a picture marks beside the pegs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The peg picked to jump (ringed).
    pub selected: Option<Hole>,
    /// Holes a jump may land in now (ringed in another colour).
    pub targets: Position,
    /// The jump just made: its hole of departure and the hole it jumped over are shaded.
    pub last: Option<Jump>,
}

/// The distance between two holes, in SVG units.
const STEP: usize = 56;

/// `position` on `layout` as an SVG document, with `marks`.
pub fn svg(layout: &Layout, position: Position, marks: &Marks) -> String {
    let cells = layout.cells();
    let rows = cells.iter().map(|&(row, _)| row + 1).max().unwrap_or(1);
    let cols = cells.iter().map(|&(_, col)| col + 1).max().unwrap_or(1);
    let (width, height) = (cols * STEP + STEP / 2, rows * STEP + STEP / 2);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board hiq\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\">\n"
    );
    let _ = writeln!(
        out,
        "<rect x=\"2\" y=\"2\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"#c8a165\" stroke=\"#7a5a2e\" stroke-width=\"3\"/>",
        width - 4,
        height - 4,
        STEP / 2
    );
    for number in 1..=layout.holes() as u32 {
        let Some(hole) = layout.hole(number) else {
            continue;
        };
        let (row, col) = layout.cell(hole);
        let (x, y) = (col * STEP + STEP * 3 / 4, row * STEP + STEP * 3 / 4);
        let peg = position.contains(hole);
        let mut class = String::from(if peg { "hole peg" } else { "hole empty" });
        if marks.selected == Some(hole) {
            class += " selected";
        }
        if marks.targets.contains(hole) {
            class += " target";
        }
        if marks
            .last
            .is_some_and(|jump| jump.from == hole || jump.over == hole)
        {
            class += " vacated";
        }
        if marks.last.is_some_and(|jump| jump.to == hole) {
            class += " landed";
        }
        let _ = writeln!(
            out,
            "<g class=\"{class}\" data-click=\"{number}\" id=\"hole-{number}\"><title>hole {number}</title>"
        );
        let ring = if marks.selected == Some(hole) {
            "#1565c0"
        } else if marks.targets.contains(hole) {
            "#2e7d32"
        } else if class.contains("vacated") {
            "#b0702a"
        } else {
            "#5b4020"
        };
        let ring_width = if ring == "#5b4020" { 1 } else { 4 };
        let _ = writeln!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"15\" fill=\"#3b2a14\" stroke=\"{ring}\" stroke-width=\"{ring_width}\"/>"
        );
        if peg {
            let fill = if marks.last.is_some_and(|jump| jump.to == hole) {
                "#e57373"
            } else {
                "#d32f2f"
            };
            let _ = writeln!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"12\" fill=\"{fill}\" stroke=\"#7f0000\" stroke-width=\"1.5\"/>"
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\" font-family=\"sans-serif\" pointer-events=\"none\">{number}</text>\n</g>",
            y + 4,
            if peg { "#fff" } else { "#c8a165" }
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hole_is_drawn_once_and_pegs_are_filled() {
        let layout = Layout::english();
        let start = Position::from_bits(layout.full().bits() & !layout.centre().bit());
        let picture = svg(layout, start, &Marks::default());
        assert_eq!(picture.matches("data-click=").count(), 33);
        assert_eq!(picture.matches("class=\"hole peg").count(), 32);
        assert_eq!(picture.matches("class=\"hole empty").count(), 1);
        assert!(picture.contains("id=\"hole-17\""));
        assert!(picture.starts_with("<svg") && picture.ends_with("</svg>\n"));
    }

    #[test]
    fn marks_are_tagged() {
        let layout = Layout::european();
        let start = Position::from_bits(layout.full().bits() & !layout.centre().bit());
        let jump = layout.legal_jumps(start).next().unwrap();
        let marks = Marks {
            selected: Some(jump.from),
            targets: Position::from(jump.to),
            last: None,
        };
        let picture = svg(layout, start, &marks);
        assert_eq!(picture.matches("data-click=").count(), 37);
        assert_eq!(picture.matches(" selected").count(), 1);
        assert!(picture.contains(&format!(
            "class=\"hole empty target\" data-click=\"{}\"",
            jump.to
        )));
    }
}
