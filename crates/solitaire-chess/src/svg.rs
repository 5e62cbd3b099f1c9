//! The board as an SVG picture, for the web page and for files: each square in the colour of
//! the layer showing (bronze, silver, gold; dark when empty) with its piece, the squares that
//! may be taken next ringed, every square tagged `data-click="ROW-COL"` (from 1).

use std::fmt::Write as _;

use crate::{Colour, Game, Piece, SIDE, Square};

/// What a picture marks beside the pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// A square to suggest (a hint), ringed in blue.
    pub hint: Option<Square>,
}

const CELL: u32 = 64;
const MARGIN: u32 = 24;

/// What a piece shows: its digit, or the chess figure of an officer.
pub fn symbol(piece: Piece) -> &'static str {
    match piece {
        Piece::One => "1",
        Piece::Two => "2",
        Piece::Three => "3",
        Piece::Four => "4",
        Piece::Rook => "\u{265c}",
        Piece::Bishop => "\u{265d}",
        Piece::Queen => "\u{265b}",
        Piece::Knight => "\u{265e}",
    }
}

fn fill(colour: Option<Colour>) -> &'static str {
    match colour {
        Some(Colour::Bronze) => "#c98a4b",
        Some(Colour::Silver) => "#c9ced6",
        Some(Colour::Gold) => "#f2c230",
        None => "#4a4540",
    }
}

/// `game` as an SVG document, with `marks`.
pub fn svg(game: &Game, marks: &Marks) -> String {
    let side = 2 * MARGIN + u32::from(SIDE) * CELL;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board solitaire-chess\" viewBox=\"0 0 {side} {side}\" width=\"{side}\" height=\"{side}\" font-family=\"DejaVu Sans, sans-serif\">\n<rect width=\"{side}\" height=\"{side}\" fill=\"#2f2b27\"/>\n"
    );
    let legal = game.legal();
    let last = game.last().map(|(_, square)| square);
    for square in Square::all() {
        let x = MARGIN + u32::from(square.col() - 1) * CELL;
        let y = MARGIN + u32::from(square.row() - 1) * CELL;
        let colour = game.colour(square);
        let piece = game.piece(square);
        let mut class = String::from(match colour {
            Some(Colour::Bronze) => "square bronze",
            Some(Colour::Silver) => "square silver",
            Some(Colour::Gold) => "square gold",
            None => "square empty",
        });
        if legal.contains(square) {
            class += " legal";
        }
        if last == Some(square) {
            class += " last";
        }
        if marks.hint == Some(square) {
            class += " hint";
        }
        let (row, col) = (square.row(), square.col());
        let _ = writeln!(
            out,
            "<g class=\"{class}\" data-click=\"{row}-{col}\" id=\"sq-{row}-{col}\"><title>row {row}, column {col}</title>\n<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"{}\"/>",
            x + 2,
            y + 2,
            CELL - 4,
            CELL - 4,
            fill(colour)
        );
        if let Some(piece) = piece {
            let size = if piece.index() < 4 { 34 } else { 40 };
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{size}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1d1a17\" pointer-events=\"none\">{}</text>",
                x + CELL / 2,
                y + CELL / 2 + 13,
                symbol(piece)
            );
        }
        for (on, stroke, inset) in [
            (last == Some(square), "#e53935", 3),
            (legal.contains(square), "#2e9d3a", 6),
            (marks.hint == Some(square), "#1e63c4", 9),
        ] {
            if on {
                let _ = writeln!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"4\"/>",
                    x + inset,
                    y + inset,
                    CELL - 2 * inset,
                    CELL - 2 * inset
                );
            }
        }
        out.push_str("</g>\n");
    }
    for k in 1..=SIDE {
        let at = MARGIN + u32::from(k - 1) * CELL + CELL / 2;
        let _ = writeln!(
            out,
            "<text x=\"{at}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#ccc\">{k}</text>\n<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#ccc\">{k}</text>",
            MARGIN - 8,
            MARGIN / 2,
            at + 4
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::official_deal;

    #[test]
    fn squares_show_their_layer_and_the_legal_moves() {
        let deal = official_deal(&[Piece::Knight], 1);
        let mut game = Game::new(&deal);
        let picture = svg(&game, &Marks::default());
        assert_eq!(picture.matches("data-click=").count(), 36);
        assert_eq!(picture.matches("class=\"square bronze legal\"").count(), 36);
        game.play(Square::at(1, 1).unwrap()).unwrap();
        let picture = svg(&game, &Marks::default());
        assert!(picture.contains("class=\"square silver last\" data-click=\"1-1\""));
        // A knight in the corner reaches two squares.
        assert_eq!(picture.matches(" legal").count(), 2);
        assert_eq!(picture.matches('\u{265e}').count(), 36);
    }
}
