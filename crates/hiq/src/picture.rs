//! Reading a picture of holes: where each hole stands, and which hold pegs.
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

use crate::position::MAX_HOLES;

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

pub(crate) fn pos(line: u32, col: usize) -> Pos {
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
