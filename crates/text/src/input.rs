//! A whole input read into memory: capped in size, so that no input can make the reader
//! allocate without bound, checked to be UTF-8, and named for the messages about it.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::{ParseError, Pos};

/// The largest input read whole, in bytes (64 MiB).
pub const MAX_INPUT: u64 = 64 << 20;

/// The UTF-8 encoding of U+FEFF, which some editors put at the start of a text file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// The whole text of an input, and its name for error messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The file name as given, or `<stdin>`, or what a built-in text is called.
    pub name: String,
    /// The text itself.
    pub text: String,
}

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

/// A mistake in an input, with the input's name before its place: `FILE:LINE:COL: ...`.
#[derive(Debug, thiserror::Error)]
#[error("{name}:{error}")]
pub struct InputError {
    /// The input's name.
    pub name: String,
    /// The mistake.
    pub error: ParseError,
}

impl Input {
    /// A built-in input, such as a contest sample.
    pub fn builtin(name: &str, text: &str) -> Input {
        Input {
            name: name.into(),
            text: text.into(),
        }
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
        match crate::utf8(bytes) {
            Ok(text) => Ok(Input { name, text }),
            Err(at) => Err(ReadError::NotUtf8 { name, at }),
        }
    }

    /// Reads a whole file, named as given, with the limits of [`Input::read`].
    pub fn open(path: &Path) -> Result<Input, ReadError> {
        let name = path.display().to_string();
        match File::open(path) {
            Ok(file) => Input::read(name, file),
            Err(source) => Err(ReadError::Io { name, source }),
        }
    }

    /// Runs a parser over the text; its error is named after the input.
    pub fn parse<T>(
        &self,
        parse: impl FnOnce(&str) -> Result<T, ParseError>,
    ) -> Result<T, InputError> {
        parse(&self.text).map_err(|error| InputError {
            name: self.name.clone(),
            error,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_is_read_whole_and_its_mistakes_are_named() {
        let input = Input::read("in.txt".into(), &b"1\n2 x\n"[..]).unwrap();
        assert_eq!(input.text, "1\n2 x\n");
        let err = input
            .parse(|text| {
                let mut tokens = crate::Tokens::new(text);
                tokens.nth(1);
                tokens.number::<u32>("a number")
            })
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"in.txt:2:3: expected a number, found "x""#
        );
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let input = Input::read("notepad.txt".into(), &b"\xEF\xBB\xBF1\n2 x\n"[..]).unwrap();
        assert_eq!(input.text, "1\n2 x\n");
        // Only at the start: elsewhere it is a character of the text.
        let input = Input::read("in.txt".into(), "1 \u{feff}2".as_bytes()).unwrap();
        assert_eq!(input.text, "1 \u{feff}2");
        // A file is read the same way.
        let path = std::env::temp_dir().join(format!("text-bom-{}.txt", std::process::id()));
        std::fs::write(&path, b"\xEF\xBB\xBFx").unwrap();
        let read = Input::open(&path);
        let _ = std::fs::remove_file(&path);
        assert_eq!(read.unwrap().text, "x");
    }

    #[test]
    fn an_input_that_is_not_utf8_says_where() {
        let err = Input::read("<stdin>".into(), &b"ab\nc\xffd"[..]).unwrap_err();
        assert_eq!(err.to_string(), "<stdin>:2:2: the input is not UTF-8 text");
    }

    #[test]
    fn an_input_larger_than_the_cap_is_refused() {
        let large = io::repeat(b' ').take(MAX_INPUT + 1);
        let err = Input::read("big".into(), large).unwrap_err();
        assert_eq!(err.to_string(), "big: the input is larger than 64 MiB");
        let fits = io::repeat(b' ').take(MAX_INPUT);
        assert_eq!(
            Input::read("big".into(), fits).unwrap().text.len() as u64,
            MAX_INPUT
        );
    }

    #[test]
    fn a_file_that_cannot_be_opened_is_named() {
        let err = Input::open(Path::new("/no/such/file")).unwrap_err();
        assert_eq!(err.to_string(), "cannot read /no/such/file");
        assert!(
            matches!(err, ReadError::Io { source, .. } if source.kind() == io::ErrorKind::NotFound)
        );
    }
}
