//! The board as an SVG picture, for the web page and for files: the squares with the homes
//! dark and numbered, your pieces light and the opponent's dark, a capture drawn as a path
//! with the pieces it takes crossed out. Row 0, your edge, is at the bottom. Every home is
//! tagged `data-click="N"` with its number, so that a page can act on clicks.

use std::fmt::Write as _;

use crate::{Board, Capture, Content, Homes, Square};

const CELL: usize = 52;
const MARGIN: usize = 10;
/// Half the side of the cross on a piece taken: inside the piece (radius 18), clear of the
/// home's number in the corner.
const CROSS: usize = 10;

/// `board` as an SVG document, with `capture` (if any) drawn on it.
pub fn svg(board: &Board, capture: Option<&Capture>) -> String {
    let shape = board.shape();
    let (width, height) = (
        shape.cols() * CELL + 2 * MARGIN,
        shape.rows() * CELL + 2 * MARGIN,
    );
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board megacheckers\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\">\n<rect width=\"{width}\" height=\"{height}\" fill=\"#5d4037\"/>\n"
    );
    // Square (row, col) has its top left corner here: row 0 at the bottom.
    let corner = |row: usize, col: usize| {
        (
            MARGIN + col * CELL,
            MARGIN + (shape.rows() - 1 - row) * CELL,
        )
    };
    let centre = |square: Square| {
        let (x, y) = corner(usize::from(square.row), usize::from(square.col));
        (x + CELL / 2, y + CELL / 2)
    };
    let taken = capture
        .and_then(|capture| capture.replay(board).ok())
        .unwrap_or(Homes::EMPTY);
    // The homes' numbers, in their corners, drawn last: over the pieces, the crosses (which
    // stay inside the pieces) and the capture's path.
    let mut numbers = String::from("<g class=\"numbers\" pointer-events=\"none\">\n");
    for row in 0..shape.rows() {
        for col in 0..shape.cols() {
            let (x, y) = corner(row, col);
            let square = Square {
                row: row as u8,
                col: col as u8,
            };
            match shape.home_at(square) {
                None => {
                    let _ = writeln!(
                        out,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#f0d9b5\"/>"
                    );
                }
                Some(home) => {
                    let content = board.content(home);
                    let class = match content {
                        Content::Empty => "home empty",
                        Content::Mine => "home mine",
                        Content::Theirs => "home theirs",
                    };
                    let taken_class = if taken.contains(home) { " taken" } else { "" };
                    let _ = writeln!(
                        out,
                        "<g class=\"{class}{taken_class}\" data-click=\"{home}\" id=\"home-{home}\"><title>home {home}</title>\n<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#8b5a2b\"/>"
                    );
                    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
                    let piece = match content {
                        Content::Empty => None,
                        Content::Mine => Some(("#f5f5f0", "#777")),
                        Content::Theirs => Some(("#222", "#000")),
                    };
                    if let Some((fill, stroke)) = piece {
                        let _ = writeln!(
                            out,
                            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"18\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\"/>"
                        );
                    }
                    if taken.contains(home) {
                        let _ = writeln!(
                            out,
                            "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#ff3b30\" stroke-width=\"4\" stroke-linecap=\"round\"/>",
                            cx - CROSS,
                            cy - CROSS,
                            cx + CROSS,
                            cy + CROSS,
                            cx + CROSS,
                            cy - CROSS,
                            cx - CROSS,
                            cy + CROSS
                        );
                    }
                    out.push_str("</g>\n");
                    // Light on a dark outline, legible on the brown home, on either piece
                    // and on the capture's path.
                    let _ = writeln!(
                        numbers,
                        "<text x=\"{}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\" fill=\"#fff4e0\" stroke=\"#3e2410\" stroke-width=\"3\" paint-order=\"stroke\">{home}</text>",
                        x + 3,
                        y + 14
                    );
                }
            }
        }
    }
    if let Some(capture) = capture {
        let points: Vec<String> = capture
            .homes()
            .iter()
            .map(|&home| {
                let (x, y) = centre(shape.square(home));
                format!("{x},{y}")
            })
            .collect();
        let _ = writeln!(
            out,
            "<polyline class=\"capture\" points=\"{}\" fill=\"none\" stroke=\"#1e88e5\" stroke-width=\"4\" stroke-linejoin=\"round\" opacity=\"0.85\" pointer-events=\"none\"/>",
            points.join(" ")
        );
        let (x, y) = centre(shape.square(capture.start()));
        let _ = writeln!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"6\" fill=\"#1e88e5\" pointer-events=\"none\"/>"
        );
    }
    out.push_str(&numbers);
    out.push_str("</g>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{contest, solve};

    #[test]
    fn the_best_capture_is_drawn_with_its_pieces_crossed_out() {
        let boards = contest::parse("5 3\n1 0 2 1 0 2 0 0\n0 0\n").unwrap();
        let best = solve(&boards[0]);
        let picture = svg(&boards[0], best.capture.as_ref());
        assert_eq!(picture.matches("data-click=").count(), 8);
        assert_eq!(picture.matches("class=\"home mine\"").count(), 2);
        assert_eq!(picture.matches("class=\"home theirs taken\"").count(), 2);
        assert_eq!(picture.matches("<polyline class=\"capture\"").count(), 1);
        // The numbers come after the capture's path, so that nothing covers them.
        let path = picture.find("<polyline").unwrap();
        let numbers = picture.find("<g class=\"numbers\"").unwrap();
        assert!(numbers > path);
        assert_eq!(picture[numbers..].matches("<text").count(), 8);
        let plain = svg(&boards[0], None);
        assert!(!plain.contains("taken") && !plain.contains("polyline"));
    }
}
