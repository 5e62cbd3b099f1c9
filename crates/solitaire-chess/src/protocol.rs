//! The protocol's lines as a player reads them, over any reader: the board, then after each
//! removal the piece that shows there now (the playing loop is the player crate's).

use std::io::{self, BufRead};

pub use input::{BadLine, read_line};
use text::{Found, ParseError, Pos, Tokens};

use crate::board::{Piece, SIDE, SQUARES, Square};

/// The longest line read from the other side; anything longer is an error, so that a
/// runaway writer cannot make us allocate without bound.
pub const MAX_LINE: usize = 4096;

/// What went wrong while playing.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    /// The judge wrote something other than the protocol says.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// A line of the input is not UTF-8 text.
    #[error("{0}: the input is not UTF-8 text")]
    NotUtf8(Pos),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// The names a piece may have on the wire, for error messages.
const PIECE_NAMES: &str = "a piece (1, 2, 3, 4, torn, lopare, dam or springare)";

/// Reads the next line, numbered `number`, or says what was expected instead.
fn next_line(
    reader: &mut impl BufRead,
    number: u32,
    expected: &str,
) -> Result<String, ProtocolError> {
    let pos = Pos {
        line: number,
        col: 1,
    };
    match read_line(reader, MAX_LINE)? {
        Some(Ok(line)) => Ok(line),
        Some(Err(BadLine::TooLong(start))) => {
            Err(ParseError::new(pos, expected, Found::token(&start))
                .with_note(format!("a line longer than {MAX_LINE} bytes"))
                .into())
        }
        Some(Err(BadLine::NotUtf8 { col, .. })) => Err(ProtocolError::NotUtf8(Pos { col, ..pos })),
        None => Err(ParseError::new(pos, expected, Found::End).into()),
    }
}

/// Reads the starting board: six lines of six piece names.
pub fn read_board(reader: &mut impl BufRead) -> Result<[Piece; SQUARES], ProtocolError> {
    let mut board = [Piece::One; SQUARES];
    for row in 1..=SIDE {
        let number = u32::from(row);
        let line = next_line(reader, number, &format!("row {row} of the board"))?;
        let mut tokens = Tokens::line(&line, number);
        for col in 1..=SIDE {
            let expected = format!("{PIECE_NAMES} for square {row} {col}");
            let token = tokens.expect(&expected).map_err(|err| {
                err.with_note(format!(
                    "row {row} ends after {}",
                    text::Counted(col - 1, "piece")
                ))
            })?;
            let piece = Piece::from_wire(token.text).ok_or_else(|| token.error(&expected))?;
            if let Some(square) = Square::at(row, col) {
                board[square.index()] = piece;
            }
        }
        tokens.expect_end(&format!("the end of row {row} after six pieces"))?;
    }
    Ok(board)
}

/// What the judge showed after a removal, and where it stood (for the player's objections).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The piece now on the square removed from, or `None` for `blank`.
    pub shown: Option<Piece>,
    /// The line and column of the reply.
    pub pos: Pos,
    text: String,
    expected: String,
}

impl Reply {
    /// An error at the reply: the player cannot take it, for the reason `note`.
    pub fn refuse(&self, note: impl Into<String>) -> ProtocolError {
        ParseError::new(self.pos, &self.expected, Found::token(&self.text))
            .with_note(note)
            .into()
    }
}

/// Reads the judge's reply, on line `number`, to a removal from `square`: the piece that
/// shows there now, or `blank`.
pub fn read_reply(
    reader: &mut impl BufRead,
    number: u32,
    square: Square,
) -> Result<Reply, ProtocolError> {
    let expected = format!("the piece now on {square}, or `blank`");
    let line = next_line(reader, number, &expected)?;
    let mut tokens = Tokens::line(&line, number);
    let token = tokens.expect(&expected)?;
    let shown = match token.text {
        "blank" => None,
        name => Some(Piece::from_wire(name).ok_or_else(|| token.error(&expected))?),
    };
    tokens.expect_end(&format!("the end of the line after {:?}", token.text))?;
    Ok(Reply {
        shown,
        pos: token.pos,
        text: token.text.to_string(),
        expected,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_reader_does_not_echo_a_line_not_utf8() {
        let mut reader = io::Cursor::new(b"torn \xff\x02\x01\n".to_vec());
        let err = read_board(&mut reader).unwrap_err();
        assert_eq!(err.to_string(), "1:6: the input is not UTF-8 text");
    }
}
