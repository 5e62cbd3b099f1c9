//! A board drawn for a person, with a capture on it.

use std::fmt;

use anstyle::{AnsiColor, Style};

use crate::board::{Board, Content};
use crate::homes::Homes;
use crate::rules::Capture;
use crate::shape::Square;

/// A board as a person reads it, your edge at the bottom, each square three characters wide:
/// `o` your piece, `x` the opponent's, `.` an empty home, nothing on the other squares. With
/// a capture, `@` marks the piece that moves, `1`, `2`, ... the homes it lands on after each
/// jump, and `*` the pieces it takes. Colour, if asked, shows the path in green and the
/// pieces taken in red.
///
/// ```
/// use megacheckers::{Picture, contest, solve};
///
/// let boards = contest::parse("5 3\n1 0 2 1 0 2 0 0\n0 0\n").unwrap();
/// let best = solve(&boards[0]);
/// let picture = Picture::new(&boards[0]).capture(best.capture.as_ref());
/// assert_eq!(
///     picture.to_string(),
///     "  2     .\n     *\n  o     1\n     *\n  @     .\n"
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Picture<'a> {
    board: &'a Board,
    capture: Option<&'a Capture>,
    color: bool,
}

impl<'a> Picture<'a> {
    /// The board alone.
    pub fn new(board: &'a Board) -> Picture<'a> {
        Picture {
            board,
            capture: None,
            color: false,
        }
    }

    /// The same board with a capture drawn on it (none: the board alone).
    pub fn capture(self, capture: Option<&'a Capture>) -> Picture<'a> {
        Picture { capture, ..self }
    }

    /// The same picture with ANSI colours (for a terminal) or without.
    pub fn color(self, color: bool) -> Picture<'a> {
        Picture { color, ..self }
    }
}

impl fmt::Display for Picture<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.board.shape();
        // What to draw on each home on the path: its mark, and whether it is taken.
        let mut path: Vec<Option<String>> = vec![None; shape.homes()];
        let mut taken = Homes::EMPTY;
        if let Some(capture) = self.capture {
            taken = capture.replay(self.board).unwrap_or(Homes::EMPTY);
            for (step, home) in capture.homes().iter().enumerate() {
                let mark = if step == 0 {
                    "@".to_string()
                } else {
                    step.to_string()
                };
                path[home.index()] = Some(mark);
            }
        }
        let style = |style: Style| if self.color { style } else { Style::new() };
        let on_path = style(AnsiColor::Green.on_default().bold());
        let captured = style(AnsiColor::Red.on_default().bold());
        for row in (0..shape.rows()).rev() {
            let mut line = String::new();
            for col in 0..shape.cols() {
                let square = Square {
                    row: row as u8,
                    col: col as u8,
                };
                let Some(home) = shape.home_at(square) else {
                    line += "   ";
                    continue;
                };
                if let Some(mark) = &path[home.index()] {
                    line += &format!("{on_path}{mark:>3}{on_path:#}");
                } else if taken.contains(home) {
                    line += &format!("{captured}  *{captured:#}");
                } else {
                    line += match self.board.content(home) {
                        Content::Empty => "  .",
                        Content::Mine => "  o",
                        Content::Theirs => "  x",
                    };
                }
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contest;

    #[test]
    fn the_board_alone_shows_pieces_and_empty_homes_your_edge_last() {
        let boards = contest::parse("3 3\n1 0 2 0 0\n").unwrap();
        let text = Picture::new(&boards[0]).to_string();
        assert_eq!(text, "  .     .\n     x\n  o     .\n");
    }

    #[test]
    fn colour_only_when_asked() {
        let boards = contest::parse("5 3\n1 0 2 1 0 2 0 0\n").unwrap();
        let best = crate::solve(&boards[0]);
        let plain = Picture::new(&boards[0]).capture(best.capture.as_ref());
        assert!(!plain.to_string().contains('\x1b'));
        assert!(plain.color(true).to_string().contains('\x1b'));
    }
}
