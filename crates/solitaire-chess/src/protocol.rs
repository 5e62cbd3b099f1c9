//! The protocol's lines as a player reads them, over any reader: the board, then after each
//! removal the piece that shows there now (the playing loop is the player crate's).

use std::io::{self, BufRead};

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

/// A line that could not be read as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadLine {
    /// Longer than allowed; its start.
    TooLong(String),
    /// Not UTF-8: its start (invalid bytes replaced) and the column of the first byte that is
    /// not UTF-8.
    NotUtf8 {
        /// The line, with the invalid bytes replaced, cut to 64 bytes.
        start: String,
        /// The 1-based column (in characters) of the first invalid byte.
        col: u32,
    },
}

impl BadLine {
    /// The start of the line, for a message.
    pub fn start(&self) -> &str {
        match self {
            BadLine::TooLong(start) | BadLine::NotUtf8 { start, .. } => start,
        }
    }
}

/// Reads one line of at most `max` bytes (line end included): `None` at the end of input,
/// `Some(Err(..))` for a line that is too long or not UTF-8. The line end is not returned.
pub fn read_line(
    reader: &mut impl BufRead,
    max: usize,
) -> io::Result<Option<Result<String, BadLine>>> {
    let mut bytes = Vec::new();
    let read = io::Read::take(&mut *reader, max as u64 + 1).read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    let not_utf8 = |bytes: &[u8], error: std::str::Utf8Error| {
        let valid = &bytes[..error.valid_up_to()];
        let chars = String::from_utf8_lossy(valid).chars().count();
        BadLine::NotUtf8 {
            start: String::from_utf8_lossy(&bytes[..bytes.len().min(64)]).into_owned(),
            col: u32::try_from(chars).unwrap_or(u32::MAX).saturating_add(1),
        }
    };
    if bytes.len() > max {
        // A character cut at the end is not an error; a byte that is never UTF-8 is.
        if let Err(error) = std::str::from_utf8(&bytes) {
            if error.error_len().is_some() {
                return Ok(Some(Err(not_utf8(&bytes, error))));
            }
        }
        bytes.truncate(64);
        return Ok(Some(Err(BadLine::TooLong(
            String::from_utf8_lossy(&bytes).into_owned(),
        ))));
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    }
    Ok(Some(
        String::from_utf8(bytes).map_err(|err| not_utf8(err.as_bytes(), err.utf8_error())),
    ))
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
        let mut tokens = Tokens::starting_at(
            &line,
            Pos {
                line: number,
                col: 1,
            },
        );
        for col in 1..=SIDE {
            let token = tokens.expect(&format!("{PIECE_NAMES} for square {row} {col}"))?;
            let piece = Piece::from_wire(token.text)
                .ok_or_else(|| token.error(format!("{PIECE_NAMES} for square {row} {col}")))?;
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
    let mut tokens = Tokens::starting_at(
        &line,
        Pos {
            line: number,
            col: 1,
        },
    );
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
    fn long_lines_are_cut_short() {
        let long = format!("{}\n", "x".repeat(MAX_LINE * 3));
        let mut reader = io::Cursor::new(long.into_bytes());
        let line = read_line(&mut reader, MAX_LINE).unwrap().unwrap();
        assert_eq!(line, Err(BadLine::TooLong("x".repeat(64))));
        let mut reader = io::Cursor::new(b"a\r\nb".to_vec());
        assert_eq!(read_line(&mut reader, 10).unwrap(), Some(Ok("a".into())));
        assert_eq!(read_line(&mut reader, 10).unwrap(), Some(Ok("b".into())));
        assert_eq!(read_line(&mut reader, 10).unwrap(), None);
    }

    #[test]
    fn a_line_not_utf8_says_where_and_the_board_reader_does_not_echo_it() {
        let mut reader = io::Cursor::new(b"ab\xff\xfecd\n".to_vec());
        let line = read_line(&mut reader, MAX_LINE).unwrap().unwrap();
        assert!(
            matches!(line, Err(BadLine::NotUtf8 { col: 3, .. })),
            "{line:?}"
        );
        let mut reader = io::Cursor::new(b"torn \xff\x02\x01\n".to_vec());
        let err = read_board(&mut reader).unwrap_err();
        assert_eq!(err.to_string(), "1:6: the input is not UTF-8 text");
    }
}
