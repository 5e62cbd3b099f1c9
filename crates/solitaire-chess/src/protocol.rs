//! The player's side of the protocol, over any reader and writer: read the board, write a
//! move, read what shows there now, ... and `0 0` at the end.

use std::io::{self, BufRead, Write};

use text::{Found, ParseError, Pos, Tokens};

use crate::board::{Piece, SIDE, SQUARES, Square};
use crate::score::Score;
use crate::search::{Config, Player};

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

/// Plays a whole game as the contest program: reads the board, writes a move and reads the
/// answer until nothing is legal, then writes `0 0`. Every line written is flushed at once.
/// Returns the score of the game as the player counted it.
pub fn play(
    mut reader: impl BufRead,
    mut writer: impl Write,
    config: Config,
) -> Result<Score, ProtocolError> {
    let board = read_board(&mut reader)?;
    let mut player = Player::new(&board, config);
    let mut number = u32::from(SIDE);
    while let Some(square) = player.choose() {
        writeln!(writer, "{square}")?;
        writer.flush()?;
        number += 1;
        let expected = format!("the piece now on {square}, or `blank`");
        let line = next_line(&mut reader, number, &expected)?;
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
        player
            .observe(square, shown)
            .map_err(|surprise| token.error(&expected).with_note(surprise.to_string()))?;
    }
    writeln!(writer, "0 0")?;
    writer.flush()?;
    Ok(player.game().score())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardText, Deal};
    use crate::judge::{Answer, Referee};
    use crate::pyrandom::official_deal;
    use crate::search::Budget;

    fn config() -> Config {
        Config {
            budget: Budget::Worlds(2),
            ..Config::default()
        }
    }

    /// Plays against a referee through text: the player's output is fed to the referee one
    /// line at a time and its answers become the player's next input. The player is
    /// deterministic, so it can be rerun with a longer input each time.
    fn transcript(deal: &Deal) -> (String, Referee) {
        let mut input = BoardText(&deal.bronze()).to_string();
        loop {
            let mut output = Vec::new();
            let result = play(input.as_bytes(), &mut output, config());
            let output = String::from_utf8(output).unwrap();
            let mut referee = Referee::new(deal);
            let mut answers = BoardText(&deal.bronze()).to_string();
            let mut stopped = false;
            for line in output.lines() {
                match referee.take(line).unwrap() {
                    Answer::Stop => stopped = true,
                    answer => answers += &format!("{answer}\n"),
                }
            }
            if stopped {
                assert!(result.is_ok());
                return (output, referee);
            }
            assert!(answers.len() > input.len(), "no progress");
            input = answers;
        }
    }

    #[test]
    fn plays_a_whole_game_over_text_and_ends_with_0_0() {
        let deal = official_deal(&[Piece::Rook, Piece::Bishop, Piece::Queen], 6);
        let (output, referee) = transcript(&deal);
        assert!(output.ends_with("0 0\n"));
        assert_eq!(output.lines().count(), referee.moves().len() + 1);
        assert!(referee.game().is_over());
    }

    fn error(input: &str) -> String {
        let mut output = Vec::new();
        play(input.as_bytes(), &mut output, config())
            .unwrap_err()
            .to_string()
    }

    const BOARD: &str =
        "1 1 1 1 1 1\n1 1 1 1 1 1\n1 1 2 1 1 torn\n1 1 3 4 1 dam\n1 1 1 1 1 1\n1 1 1 1 1 1\n";

    #[test]
    fn bad_boards_are_reported_with_their_place() {
        assert_eq!(
            error(&BOARD.replace("torn", "rook")),
            r#"3:11: expected a piece (1, 2, 3, 4, torn, lopare, dam or springare) for square 3 6, found "rook""#
        );
        assert_eq!(
            error(&BOARD.replacen("1 1 1 1 1 1\n", "1 1 1 1 1\n", 1)),
            "1:10: expected a piece (1, 2, 3, 4, torn, lopare, dam or springare) for square 1 6, found end of input"
        );
        assert_eq!(
            error(&BOARD.replacen("1 1 1 1 1 1\n", "1 1 1 1 1 1 1\n", 1)),
            r#"1:13: expected the end of row 1 after six pieces, found "1""#
        );
        assert_eq!(
            error(&BOARD.split_inclusive('\n').take(3).collect::<String>()),
            "4:1: expected row 4 of the board, found end of input"
        );
    }

    #[test]
    fn unexpected_replies_are_reported() {
        let message = error(&format!("{BOARD}queen\n"));
        assert!(
            message.starts_with(r#"7:1: expected the piece now on "#),
            "{message}"
        );
        assert!(
            message.ends_with(r#"or `blank`, found "queen""#),
            "{message}"
        );
        let message = error(&format!("{BOARD}blank\n"));
        assert!(
            message.contains("only a gold removal empties a square"),
            "{message}"
        );
        let message = error(&format!("{BOARD}1 1\n"));
        assert!(message.starts_with(r#"7:3: expected the end of the line after "1""#));
        let message = error(BOARD);
        assert!(message.ends_with("found end of input"), "{message}");
    }

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
