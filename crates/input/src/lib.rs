//! Text coming in from outside, read within a cap so that no input can make the reader
//! allocate without bound, and checked to be UTF-8 (a mistake says where): a whole input from
//! a file or stdin ([`read`], [`open`]), named for the messages about it ([`text::Input`]),
//! or a line at a time from a stream another program writes ([`read_line`]).

#![deny(missing_docs)]

mod line;

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

pub use line::{BadLine, read_line};
use text::{Input, Pos};

/// The largest input read whole, in bytes (64 MiB).
pub const MAX_INPUT: u64 = 64 << 20;

/// The UTF-8 encoding of U+FEFF, which some editors put at the start of a text file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// An input that could not be read whole as text.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The reader failed (a file that does not exist, say).
    #[error("cannot read {name}")]
    Io {
        /// The input's name.
        name: String,
        /// Why.
        source: io::Error,
    },
    /// More than [`MAX_INPUT`] bytes.
    #[error("{name}: the input is larger than {} MiB", MAX_INPUT >> 20)]
    TooLarge {
        /// The input's name.
        name: String,
    },
    /// Not UTF-8 from `at` on.
    #[error("{name}:{at}: the input is not UTF-8 text")]
    NotUtf8 {
        /// The input's name.
        name: String,
        /// Where the first byte that is not UTF-8 stands.
        at: Pos,
    },
}

/// Reads a whole input of at most [`MAX_INPUT`] bytes of UTF-8 from `reader`.
pub fn read(name: String, reader: impl Read) -> Result<Input, ReadError> {
    let mut bytes = Vec::new();
    if let Err(source) = reader.take(MAX_INPUT + 1).read_to_end(&mut bytes) {
        return Err(ReadError::Io { name, source });
    }
    if bytes.len() as u64 > MAX_INPUT {
        return Err(ReadError::TooLarge { name });
    }
    // A byte-order mark (Notepad starts a UTF-8 file with one) is no part of the text;
    // places are counted from after it, as an editor shows them.
    if bytes.starts_with(BYTE_ORDER_MARK) {
        bytes.drain(..BYTE_ORDER_MARK.len());
    }
    match line::utf8(bytes) {
        Ok(text) => Ok(Input { name, text }),
        Err(at) => Err(ReadError::NotUtf8 { name, at }),
    }
}

/// Reads a whole file, named as given, with the limits of [`read`].
pub fn open(path: &Path) -> Result<Input, ReadError> {
    let name = path.display().to_string();
    match File::open(path) {
        Ok(file) => read(name, file),
        Err(source) => Err(ReadError::Io { name, source }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_is_read_whole_and_named() {
        let input = read("in.txt".into(), &b"1\n2 x\n"[..]).unwrap();
        assert_eq!(
            (input.name.as_str(), input.text.as_str()),
            ("in.txt", "1\n2 x\n")
        );
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let input = read("notepad.txt".into(), &b"\xEF\xBB\xBF1\n2 x\n"[..]).unwrap();
        assert_eq!(input.text, "1\n2 x\n");
        // Only at the start: elsewhere it is a character of the text.
        let input = read("in.txt".into(), "1 \u{feff}2".as_bytes()).unwrap();
        assert_eq!(input.text, "1 \u{feff}2");
        // A file is read the same way.
        let path = std::env::temp_dir().join(format!("text-bom-{}.txt", std::process::id()));
        std::fs::write(&path, b"\xEF\xBB\xBFx").unwrap();
        let read = open(&path);
        let _ = std::fs::remove_file(&path);
        assert_eq!(read.unwrap().text, "x");
    }

    #[test]
    fn an_input_that_is_not_utf8_says_where() {
        let err = read("<stdin>".into(), &b"ab\nc\xffd"[..]).unwrap_err();
        assert_eq!(err.to_string(), "<stdin>:2:2: the input is not UTF-8 text");
    }

    #[test]
    fn an_input_larger_than_the_cap_is_refused() {
        let large = io::repeat(b' ').take(MAX_INPUT + 1);
        let err = read("big".into(), large).unwrap_err();
        assert_eq!(err.to_string(), "big: the input is larger than 64 MiB");
        let fits = io::repeat(b' ').take(MAX_INPUT);
        assert_eq!(
            read("big".into(), fits).unwrap().text.len() as u64,
            MAX_INPUT
        );
    }

    #[test]
    fn a_file_that_cannot_be_opened_is_named() {
        let err = open(Path::new("/no/such/file")).unwrap_err();
        assert_eq!(err.to_string(), "cannot read /no/such/file");
        assert!(
            matches!(err, ReadError::Io { source, .. } if source.kind() == io::ErrorKind::NotFound)
        );
    }
}
