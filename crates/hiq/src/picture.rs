//! Reading pictures: a picture of holes (where each hole stands, and which hold pegs), and
//! the positions of a board read from pictures or hole lists ([`parse_positions`]).
//!
//! A picture has one character a cell: `o` a hole with a peg, `.` an empty hole, a space no
//! hole. (For the shape of a board both `o` and `.` are just holes.) Trailing spaces are
//! ignored, since editors trim them: lines may have any length, and a short line is a row
//! whose last holes come early. Leading spaces are what they look like.
//!
//! Cells may be drawn side by side (`ooo`) or a space apart (`o o o`), as people often draw
//! them; a picture in which no two holes of a row touch is read as the spaced kind. In a
//! spaced picture every hole must then stand in a column of the same parity, on one grid
//! with the rows above and below: a row shifted by one column is *jagged*, and an error.
//! Tabs are not spaces here (their width is anyone's guess): they are an error too.

use text::{Found, ParseError, Pos};

use crate::board::Layout;
use crate::contest;
use crate::position::{MAX_HOLES, Position};

/// A picture as read: its holes on the board's grid, and which of them hold pegs.
pub(crate) struct Drawn {
    /// (row, column) of each hole in reading order; the top row and the leftmost column that
    /// hold a hole are 0, and a spaced picture's columns are halved.
    pub cells: Vec<(usize, usize)>,
    /// Bit `i` set when the `i`-th hole is drawn `o`.
    pub pegs: u64,
    /// Where each hole stands in the text.
    pub places: Vec<Pos>,
    /// 2 for a spaced picture, 1 for one drawn side by side.
    step: usize,
    /// The text's line and column (both from 1) of the grid's (0, 0).
    origin: (u32, u32),
}

fn pos(line: u32, col: usize) -> Pos {
    Pos {
        line,
        col: u32::try_from(col).unwrap_or(u32::MAX),
    }
}

impl Drawn {
    /// Where the grid's cell (row, column) stands in the text: its line and column, from 1.
    pub fn place_of(&self, (row, col): (usize, usize)) -> (u32, usize) {
        let line = self.origin.0.saturating_add(row as u32);
        (line, self.origin.1 as usize + col * self.step)
    }
}

/// Reads one picture from its lines, each with its line number in the whole text.
pub(crate) fn read<'a>(
    lines: impl IntoIterator<Item = (u32, &'a str)>,
) -> Result<Drawn, ParseError> {
    let mut first_line = None;
    // (line, column from 1, peg) of every hole, in reading order.
    let mut holes: Vec<(u32, usize, bool)> = Vec::new();
    for (line, text) in lines {
        first_line.get_or_insert(line);
        for (index, c) in text.trim_end().chars().enumerate() {
            let col = index + 1;
            let peg = match c {
                'o' => true,
                '.' => false,
                ' ' => continue,
                _ => {
                    let err = ParseError::new(
                        pos(line, col),
                        "'o' (a peg), '.' (an empty hole) or a space (no hole)",
                        Found::token(&c.to_string()),
                    );
                    return Err(if c == '\t' {
                        err.with_note("draw with spaces, not tabs")
                    } else {
                        err
                    });
                }
            };
            if holes.len() == MAX_HOLES {
                return Err(ParseError::new(
                    pos(line, col),
                    format!("a board of at most {MAX_HOLES} holes"),
                    Found::token(&c.to_string()),
                )
                .with_note(format!("this is hole {}", MAX_HOLES + 1)));
            }
            holes.push((line, col, peg));
        }
    }
    let first_line = first_line.unwrap_or(1);
    let Some(&(top, _, _)) = holes.first() else {
        return Err(ParseError::new(
            pos(first_line, 1),
            "a picture with at least one hole ('o' or '.')",
            Found::End,
        ));
    };
    let touching = holes
        .windows(2)
        .any(|w| w[0].0 == w[1].0 && w[0].1 + 1 == w[1].1);
    let left = holes.iter().map(|&(_, col, _)| col).min().unwrap_or(1);
    let step = if touching { 1 } else { 2 };
    if step == 2 {
        if let Some(&(line, col, peg)) = holes.iter().find(|&&(_, col, _)| (col - left) % 2 == 1) {
            return Err(ParseError::new(
                pos(line, col),
                format!(
                    "a hole in a column of the same parity as column {left} (the picture's cells are drawn a space apart)"
                ),
                Found::token(if peg { "o" } else { "." }),
            )
            .with_note("this row is jagged: shifted by half a cell from the others"));
        }
    }
    Ok(Drawn {
        cells: holes
            .iter()
            .map(|&(line, col, _)| ((line - top) as usize, (col - left) / step))
            .collect(),
        pegs: holes
            .iter()
            .enumerate()
            .filter(|(_, hole)| hole.2)
            .fold(0, |acc, (i, _)| acc | 1 << i),
        places: holes.iter().map(|&(line, col, _)| pos(line, col)).collect(),
        step,
        origin: (top, u32::try_from(left).unwrap_or(u32::MAX)),
    })
}

/// Reads a picture that should be a position of `layout`: the same holes, translated anywhere.
/// `last` says whether the input ends with it (else a blank line follows it).
fn read_position<'a>(
    layout: &Layout,
    lines: impl IntoIterator<Item = (u32, &'a str)>,
    last: bool,
) -> Result<Position, ParseError> {
    let lines: Vec<(u32, &str)> = lines.into_iter().collect();
    let drawn = read(lines.iter().copied())?;
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
}
