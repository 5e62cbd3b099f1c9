//! Positions as pictures of their board: read (with hole lists, the contest's format) and
//! drawn. How a picture is read is told in [`picture`](crate::picture).

use std::fmt;

use text::{Found, ParseError};

use crate::board::Layout;
use crate::contest;
use crate::picture::{self, pos};
use crate::position::Position;

/// Reads a picture that should be a position of `layout`: the same holes, translated anywhere.
/// `last` says whether the input ends with it (else a blank line follows it).
fn read_position<'a>(
    layout: &Layout,
    lines: impl IntoIterator<Item = (u32, &'a str)>,
    last: bool,
) -> Result<Position, ParseError> {
    let lines: Vec<(u32, &str)> = lines.into_iter().collect();
    let drawn = picture::read(lines.iter().copied())?;
    let board = layout.cells();
    let expected = format!(
        "a picture of the board's {}",
        text::Counted(layout.holes(), "hole")
    );
    let first_difference =
        (0..drawn.cells.len().max(board.len())).find(|&i| drawn.cells.get(i) != board.get(i));
    let Some(i) = first_difference else {
        return Ok(Position::from_bits(drawn.pegs));
    };
    // Whichever comes first in reading order: a hole the board lacks, or a missing one.
    let extra_first = match (drawn.cells.get(i), board.get(i)) {
        (Some(extra), Some(missing)) => extra < missing,
        (extra, _) => extra.is_some(),
    };
    if extra_first {
        let found = if drawn.pegs & 1 << i != 0 { "o" } else { "." };
        return Err(
            ParseError::new(drawn.places[i], expected, Found::token(found))
                .with_note("the board has no hole here"),
        );
    }
    let (line, column) = drawn.place_of(board[i]);
    let top = lines.first().map_or(1, |&(number, _)| number);
    if let Some(&(end, text)) = lines.last().filter(|&&(end, _)| line > end) {
        // The picture stops before the board's last rows.
        let note = format!(
            "the picture ends after {}; the board's hole {} is in row {}",
            text::Counted(end - top + 1, "row"),
            i + 1,
            line - top + 1
        );
        return Err(if last {
            ParseError::new(pos(end, text.chars().count() + 1), expected, Found::End)
        } else {
            ParseError::new(pos(end.saturating_add(1), 1), expected, Found::BlankLine)
        }
        .with_note(note));
    }
    // Past the end of a line (or of the picture) is all spaces: trailing ones are trimmed.
    let there = lines
        .iter()
        .find(|&&(number, _)| number == line)
        .and_then(|(_, text)| text.chars().nth(column - 1))
        .unwrap_or(' ');
    Err(ParseError::new(
        pos(line, column),
        expected,
        Found::token(&there.to_string()),
    )
    .with_note(format!("the board's hole {} should be drawn here", i + 1)))
}

/// Reads the positions to solve: hole lists in the contest's format (a count, then each
/// position's holes with pegs ended by `0`), or pictures of the board separated by blank lines.
///
/// The first character that is not whitespace decides: a digit starts hole lists, anything
/// else pictures.
pub fn parse_positions(layout: &Layout, input: &str) -> Result<Vec<Position>, ParseError> {
    let first = input.chars().find(|c| !c.is_whitespace());
    if first.is_none_or(|c| c.is_ascii_digit()) {
        return contest::parse_on(layout, input);
    }
    let mut positions = Vec::new();
    let mut picture: Vec<(u32, &str)> = Vec::new();
    let lines = (1u32..).zip(input.lines());
    let last_drawn = lines
        .clone()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, _)| number)
        .last();
    for (number, line) in lines.chain(std::iter::once((0, ""))) {
        if line.trim().is_empty() {
            if let Some(&(end, _)) = picture.last() {
                let last = Some(end) == last_drawn;
                positions.push(read_position(layout, picture.drain(..), last)?);
            }
        } else {
            picture.push((number, line));
        }
    }
    Ok(positions)
}

/// A position drawn as a picture of its board; see [`Layout::draw`].
pub struct Drawing<'a> {
    layout: &'a Layout,
    position: Position,
    indent: usize,
}

impl Layout {
    /// A picture of `position`, cells a space apart: `o` a peg, `.` an empty hole.
    pub fn draw(&self, position: Position) -> Drawing<'_> {
        Drawing {
            layout: self,
            position,
            indent: 0,
        }
    }
}

impl Drawing<'_> {
    /// The same picture with every line indented by `indent` spaces.
    pub fn indented(self, indent: usize) -> Self {
        Drawing { indent, ..self }
    }

    /// The picture's lines, without trailing spaces.
    pub fn lines(&self) -> Vec<String> {
        let cells = self.layout.cells();
        let rows = cells.last().map_or(0, |&(r, _)| r + 1);
        let mut lines = vec![String::new(); rows];
        for (i, &(row, col)) in cells.iter().enumerate() {
            let line = &mut lines[row];
            let at = self.indent + 2 * col;
            while line.len() < at {
                line.push(' ');
            }
            line.push(if self.position.bits() & 1 << i != 0 {
                'o'
            } else {
                '.'
            });
        }
        lines
    }
}

impl fmt::Display for Drawing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.lines()
            .iter()
            .try_for_each(|line| writeln!(f, "{line}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(layout: &Layout, input: &str) -> String {
        parse_positions(layout, input).unwrap_err().to_string()
    }

    #[test]
    fn pictures_and_hole_lists_give_the_same_positions() {
        let layout = Layout::english();
        let drawn = "  ooo\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n  ooo\n\n\
                     \x20   . . .\n    . . .\n. . . o . . .\n. . . o . . .\n. . . o . . .\n    . . .\n    . . .\n";
        let listed = "2\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 0\n10 17 24 0\n";
        assert_eq!(
            parse_positions(layout, drawn).unwrap(),
            parse_positions(layout, listed).unwrap()
        );
    }

    #[test]
    fn a_drawing_reads_back_as_its_position() {
        let layout = Layout::european();
        let position = Position::from_bits(0x1_2345_6789) & layout.full();
        let picture = layout.draw(position).indented(3).to_string();
        assert_eq!(parse_positions(layout, &picture).unwrap(), [position]);
    }

    #[test]
    fn pictures_of_another_shape_are_refused_where_they_differ() {
        let layout = Layout::english();
        assert_eq!(
            error(
                layout,
                "  ooo\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n  oooo\n"
            ),
            r#"7:6: expected a picture of the board's 33 holes, found "o" (the board has no hole here)"#
        );
        assert_eq!(
            error(
                layout,
                "  ooo\n  ooo\nooooooo\nooo.ooo\noooooo\n  ooo\n  ooo\n"
            ),
            r#"5:7: expected a picture of the board's 33 holes, found " " (the board's hole 27 should be drawn here)"#
        );
        assert_eq!(
            error(layout, "  ooo\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n"),
            r#"6:6: expected a picture of the board's 33 holes, found end of input (the picture ends after 6 rows; the board's hole 31 is in row 7)"#
        );
        assert_eq!(
            error(layout, "  ooo\n  ooo\nooooooo\nooo.ooo\n\n  ooo\n"),
            r#"5:1: expected a picture of the board's 33 holes, found a blank line (the picture ends after 4 rows; the board's hole 21 is in row 5)"#
        );
    }

    #[test]
    fn spaced_pictures_must_keep_to_one_grid() {
        assert_eq!(
            Layout::from_picture("o . o\n . o\n")
                .unwrap_err()
                .to_string(),
            r#"2:2: expected a hole in a column of the same parity as column 1 (the picture's cells are drawn a space apart), found "." (this row is jagged: shifted by half a cell from the others)"#
        );
        assert_eq!(
            Layout::from_picture("o\to\n").unwrap_err().to_string(),
            r#"1:2: expected 'o' (a peg), '.' (an empty hole) or a space (no hole), found "\t" (draw with spaces, not tabs)"#
        );
        let spaced = Layout::from_picture("    o o o   \n    o o o\no o o o o o o\n").unwrap();
        let dense = Layout::from_picture("  ooo\n  ooo\nooooooo").unwrap();
        assert_eq!(spaced, dense);
    }

    #[test]
    fn drawings_are_spaced_and_trimmed() {
        let layout = Layout::english();
        let centre = Position::from(layout.hole(17).unwrap());
        assert_eq!(
            layout.draw(centre).to_string(),
            "    . . .\n    . . .\n. . . . . . .\n. . . o . . .\n. . . . . . .\n    . . .\n    . . .\n"
        );
    }
}
