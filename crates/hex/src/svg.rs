//! A position as an SVG picture, for the web page and for files: a rhombus of hexagons, X's
//! sides (left and right) red, O's (top and bottom) blue, every cell tagged `data-click` with
//! its name (`C3`) so that a page can act on clicks.

use std::fmt::Write as _;

use crate::cells::Cells;
use crate::geometry::{Geometry, slot};
use crate::{Cell, Color, Position};

/// What a picture marks beside the stones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Stones to ring: a winning chain.
    pub chain: Vec<Cell>,
    /// Empty cells to dot in a player's colour: a shortest completion, say. A cell listed for
    /// both players gets two smaller dots side by side, X's on the left.
    pub hints: Vec<(Cell, Color)>,
    /// The last stone played (dotted white).
    pub last: Option<Cell>,
    /// Short texts written on cells (an engine's win rates, say), in a player's colour.
    pub labels: Vec<(Cell, String, Color)>,
}

/// The hexagons' radius, centre to corner, in SVG units.
const RADIUS: f64 = 20.0;
const X_COLOUR: &str = "#d32f2f";
const O_COLOUR: &str = "#1e63c4";

/// The colour of `player`'s stones, sides and marks.
pub fn colour(player: Color) -> &'static str {
    match player {
        Color::White => X_COLOUR,
        Color::Black => O_COLOUR,
    }
}

/// The corner `k` (0 upper right, then clockwise) of a hexagon centred on (x, y).
fn corner(x: f64, y: f64, k: usize) -> (f64, f64) {
    let angle = (60.0 * k as f64 - 30.0).to_radians();
    (x + RADIUS * angle.cos(), y + RADIUS * angle.sin())
}

/// `position` as an SVG document, with `marks` (its side to move is not drawn).
pub fn svg(position: &Position, marks: &Marks) -> String {
    let (rows, cols) = (f64::from(position.rows), f64::from(position.cols));
    let width = 3f64.sqrt() * RADIUS;
    let (left, top) = (2.0 * RADIUS, 2.0 * RADIUS);
    let centre = |cell: Cell| {
        (
            left + f64::from(cell.col) * width + f64::from(cell.row) * width / 2.0,
            top + f64::from(cell.row) * 1.5 * RADIUS,
        )
    };
    let total_width = left + (cols - 1.0) * width + (rows - 1.0) * width / 2.0 + width + RADIUS;
    let total_height = top + (rows - 1.0) * 1.5 * RADIUS + 2.0 * RADIUS;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board hex\" viewBox=\"0 0 {total_width:.0} {total_height:.0}\" width=\"{total_width:.0}\" height=\"{total_height:.0}\" font-family=\"sans-serif\">\n"
    );
    let (last_row, last_col) = (position.rows - 1, position.cols - 1);
    // The sides, under the cells: each edge cell's outer edges in its owner's colour.
    for cell in position.cells() {
        let (x, y) = centre(cell);
        let mut edges = Vec::new();
        if cell.row == 0 {
            edges.extend([(4, 5, Color::Black), (5, 0, Color::Black)]);
        }
        if cell.row == last_row {
            edges.extend([(1, 2, Color::Black), (2, 3, Color::Black)]);
        }
        if cell.col == 0 {
            edges.extend([(3, 4, Color::White), (2, 3, Color::White)]);
        }
        if cell.col == last_col {
            edges.extend([(0, 1, Color::White), (5, 0, Color::White)]);
        }
        for (a, b, player) in edges {
            let (x1, y1) = corner(x, y, a);
            let (x2, y2) = corner(x, y, b);
            let _ = writeln!(
                out,
                "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{}\" stroke-width=\"7\" stroke-linecap=\"round\"/>",
                colour(player)
            );
        }
    }
    for cell in position.cells() {
        let (x, y) = centre(cell);
        let points: Vec<String> = (0..6)
            .map(|k| {
                let (px, py) = corner(x, y, k);
                format!("{px:.1},{py:.1}")
            })
            .collect();
        let stone = position.get(cell);
        let class = match stone {
            Some(Color::White) => "cell x",
            Some(Color::Black) => "cell o",
            None => "cell empty",
        };
        let _ = writeln!(
            out,
            "<g class=\"{class}\" data-click=\"{cell}\" id=\"cell-{cell}\"><title>{cell}</title>\n<polygon points=\"{}\" fill=\"#f2e3c6\" stroke=\"#8a7550\" stroke-width=\"1\"/>",
            points.join(" ")
        );
        if let Some(player) = stone {
            let ring = if marks.chain.contains(&cell) {
                " stroke=\"#ffc400\" stroke-width=\"4\""
            } else {
                " stroke=\"#222\" stroke-width=\"1\""
            };
            let _ = writeln!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{}\"{ring}/>",
                RADIUS * 0.72,
                colour(player)
            );
        }
        // One dot in the middle, or, on a cell that both players' hints share, one for each
        // side by side.
        let hints: Vec<Color> = Color::CONTEST_ORDER
            .into_iter()
            .filter(|&player| marks.hints.contains(&(cell, player)))
            .collect();
        let shared = hints.len() > 1;
        for (&player, side) in hints.iter().zip([-1.0, 1.0]) {
            let (cx, r) = if shared {
                (x + side * RADIUS * 0.36, RADIUS * 0.24)
            } else {
                (x, RADIUS * 0.3)
            };
            let _ = writeln!(
                out,
                "<circle class=\"hint {}\" cx=\"{cx:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{}\" opacity=\"0.55\"/>",
                player.contest_letter().to_ascii_lowercase(),
                colour(player)
            );
        }
        if marks.last == Some(cell) {
            let _ = writeln!(
                out,
                "<circle class=\"last\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"#fff\"/>",
                RADIUS * 0.2
            );
        }
        if let Some((_, label, player)) = marks.labels.iter().find(|(at, _, _)| *at == cell) {
            let _ = writeln!(
                out,
                "<text class=\"label\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                y + 3.5,
                colour(*player),
                label.replace('&', "&amp;").replace('<', "&lt;")
            );
        }
        out.push_str("</g>\n");
    }
    // Coordinates: letters above the first row, numbers left of each row.
    for col in 0..position.cols {
        let (x, y) = centre(Cell { row: 0, col });
        let _ = writeln!(
            out,
            "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
            y - RADIUS - 6.0,
            char::from(b'A' + col)
        );
    }
    for row in 0..position.rows {
        let (x, y) = centre(Cell { row, col: 0 });
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">{}</text>",
            x - width / 2.0 - 6.0,
            y + 4.0,
            u32::from(row) + 1
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The stones of `player` on a chain that joins the player's two sides: those connected to
/// both (empty if the player has not won).
pub fn winning_chain(position: &Position, player: Color) -> Vec<Cell> {
    let geometry = Geometry::<Cells>::rectangle(position.rows, position.cols);
    let chain = geometry.chain(player, position.stones[slot(player)]);
    chain.iter().map(|at| geometry.cell_at(at)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    /// The contest board's position with `x` and `o`'s stones.
    fn board(size: u8, x: &[&str], o: &[&str]) -> Position {
        Position::of_board(&Board::with_stones(size, x, o), Color::White)
    }

    #[test]
    fn every_cell_is_drawn_with_its_stone() {
        let board = board(5, &["C2"], &["A3", "E1"]);
        let picture = svg(&board, &Marks::default());
        assert_eq!(picture.matches("data-click=").count(), 25);
        assert_eq!(picture.matches("class=\"cell x\"").count(), 1);
        assert_eq!(picture.matches("class=\"cell o\"").count(), 2);
        assert!(picture.contains("id=\"cell-C2\""));
        assert!(picture.ends_with("</svg>\n"));
    }

    #[test]
    fn a_cell_hinted_for_both_players_gets_a_dot_of_each() {
        let board = board(5, &["C3"], &[]);
        let cell = |name| Cell::parse(name, 5).unwrap();
        let marks = Marks {
            hints: vec![
                (cell("A3"), Color::White),
                (cell("B3"), Color::White),
                (cell("B3"), Color::Black),
                (cell("C1"), Color::Black),
            ],
            ..Marks::default()
        };
        let picture = svg(&board, &marks);
        assert_eq!(picture.matches("class=\"hint x\"").count(), 2);
        assert_eq!(picture.matches("class=\"hint o\"").count(), 2);
        let b3 = &picture[picture.find("id=\"cell-B3\"").unwrap()..];
        let b3 = &b3[..b3.find("</g>").unwrap()];
        assert_eq!(b3.matches("class=\"hint").count(), 2, "{b3}");
        let centres: Vec<&str> = b3
            .split("cx=\"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        assert_ne!(
            centres[0], centres[1],
            "side by side, not on top of each other"
        );
    }

    #[test]
    fn the_chain_is_the_stones_joined_to_both_sides() {
        // X across row 2 (A2..D2) joins left and right; D3 hangs on it; A4 touches the left
        // side only.
        let board = board(4, &["A2", "B2", "C2", "D2", "D3", "A4"], &["B1"]);
        let mut chain = winning_chain(&board, Color::White);
        chain.sort();
        let names: Vec<String> = chain.iter().map(Cell::to_string).collect();
        assert_eq!(names, ["A2", "B2", "C2", "D2", "D3"]);
        assert!(winning_chain(&board, Color::Black).is_empty());
    }
}
