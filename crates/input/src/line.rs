//! Lines read from a stream that another program writes: a line is capped in length, so that
//! a runaway writer cannot make the reader allocate without bound, and one that is not UTF-8
//! says where it went wrong.

use std::io::{self, BufRead};

use text::Pos;

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
/// `Some(Err(..))` for a line that is too long or not UTF-8. The line end (`\n` or `\r\n`)
/// is not returned.
pub fn read_line(
    reader: &mut impl BufRead,
    max: usize,
) -> io::Result<Option<Result<String, BadLine>>> {
    let mut bytes = Vec::new();
    let read = io::Read::take(&mut *reader, max as u64 + 1).read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    let not_utf8 = |bytes: &[u8], error: std::str::Utf8Error| BadLine::NotUtf8 {
        start: String::from_utf8_lossy(&bytes[..bytes.len().min(64)]).into_owned(),
        col: not_utf8_at(bytes, error).col,
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

/// A text read whole: its bytes as UTF-8, or the place of the first byte that is not.
pub(crate) fn utf8(bytes: Vec<u8>) -> Result<String, Pos> {
    String::from_utf8(bytes).map_err(|err| not_utf8_at(err.as_bytes(), err.utf8_error()))
}

/// The line and column of the byte at which `bytes` stop being UTF-8.
fn not_utf8_at(bytes: &[u8], error: std::str::Utf8Error) -> Pos {
    let valid = String::from_utf8_lossy(&bytes[..error.valid_up_to()]);
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).saturating_add(1);
    let last = valid.rsplit('\n').next().unwrap_or_default();
    Pos {
        line: count(valid.matches('\n').count()),
        col: count(last.chars().count()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_short() {
        let long = format!("{}\n", "x".repeat(3000));
        let mut reader = io::Cursor::new(long.into_bytes());
        let line = read_line(&mut reader, 1000).unwrap().unwrap();
        assert_eq!(line, Err(BadLine::TooLong("x".repeat(64))));
        let mut reader = io::Cursor::new(b"a\r\nb".to_vec());
        assert_eq!(read_line(&mut reader, 10).unwrap(), Some(Ok("a".into())));
        assert_eq!(read_line(&mut reader, 10).unwrap(), Some(Ok("b".into())));
        assert_eq!(read_line(&mut reader, 10).unwrap(), None);
    }

    #[test]
    fn a_line_not_utf8_says_where() {
        let mut reader = io::Cursor::new(b"ab\xff\xfecd\n".to_vec());
        let line = read_line(&mut reader, 100).unwrap().unwrap();
        assert!(
            matches!(line, Err(BadLine::NotUtf8 { col: 3, .. })),
            "{line:?}"
        );
        assert_eq!(
            utf8(b"a\nb\xc3\xa9c\xffd".to_vec()),
            Err(Pos { line: 2, col: 4 })
        );
        assert_eq!(utf8(b"ok\n".to_vec()).as_deref(), Ok("ok\n"));
    }
}
