//! The track drawn for a person, with the markers on it.

use std::fmt;

use anstyle::{AnsiColor, Style};

use crate::board::{Board, Side};
use crate::track::GRID;

/// The track as the problem text draws it, each location by its number, a marker shown by a
/// letter after the number (`A` and `B`, or in Junior and Intermediate `P` the player and
/// `O` the opponent); in colour, if asked, side A green and side B red.
///
/// ```
/// use patolli::{Board, Location, Side, Picture};
///
/// let board = Board::EMPTY.place(Side::A, Location::new(7).unwrap()).unwrap();
/// let text = Picture::new(board, ['P', 'O']).to_string();
/// assert_eq!(text.lines().nth(2).unwrap(), " 7P  6   5   4   3  50  49  48  47  46");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Picture {
    board: Board,
    letters: [char; 2],
    color: bool,
}

impl Picture {
    /// The markers of `board`, side A's shown by `letters[0]` and side B's by `letters[1]`.
    pub fn new(board: Board, letters: [char; 2]) -> Picture {
        Picture {
            board,
            letters,
            color: false,
        }
    }

    /// The same drawing with ANSI colours (for a terminal) or without.
    pub fn color(self, color: bool) -> Picture {
        Picture { color, ..self }
    }
}

impl fmt::Display for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let style = |style: Style| if self.color { style } else { Style::new() };
        let sides = [
            (Side::A, style(AnsiColor::Green.on_default().bold())),
            (Side::B, style(AnsiColor::Red.on_default().bold())),
        ];
        for row in GRID {
            let mut line = String::new();
            for number in row {
                let location = crate::track::Location::new(u32::from(number));
                let Some(location) = location.filter(|_| number != 0) else {
                    line += "    ";
                    continue;
                };
                let held = sides
                    .iter()
                    .zip(self.letters)
                    .find(|((side, _), _)| self.board.markers(*side).contains(location));
                match held {
                    Some(((_, style), letter)) => {
                        line += &format!("{style}{number:>2}{letter}{style:#} ");
                    }
                    None => line += &format!("{number:>2}  "),
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
    use crate::track::Location;

    #[test]
    fn every_location_is_drawn_once_and_markers_by_their_letter() {
        let at = |n| Location::new(n).unwrap();
        let board = Board::EMPTY
            .place(Side::A, at(1))
            .and_then(|b| b.place(Side::B, at(27)))
            .unwrap();
        let text = Picture::new(board, ['A', 'B']).to_string();
        for n in 1..=52 {
            let marked = [format!("{n}A"), format!("{n}B")];
            let shown = text
                .split_whitespace()
                .filter(|w| *w == n.to_string() || marked.contains(&w.to_string()))
                .count();
            assert_eq!(shown, 1, "{n} in\n{text}");
        }
        assert!(text.contains(" 1A"));
        assert!(text.contains("27B"));
        assert!(!text.contains('\x1b'));
        assert!(
            Picture::new(board, ['A', 'B'])
                .color(true)
                .to_string()
                .contains('\x1b')
        );
    }
}
