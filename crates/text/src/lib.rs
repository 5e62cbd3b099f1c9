//! Contest input read as whitespace-separated tokens, each knowing where it stood.
//!
//! Contest formats are streams of words and numbers in which line breaks rarely matter.
//! [`Tokens`] walks such a text and hands out [`Token`]s that remember their 1-based line
//! and column, so that every complaint about the input can point at the offending spot:
//!
//! ```
//! use text::Tokens;
//!
//! let mut tokens = Tokens::new("2\n10 x 0\n");
//! let count: u32 = tokens.number("a count").unwrap();
//! assert_eq!(count, 2);
//! assert_eq!(tokens.number::<u32>("a hole").unwrap(), 10);
//! let err = tokens.number::<u32>("a hole number 1..33").unwrap_err();
//! assert_eq!(err.to_string(), r#"2:4: expected a hole number 1..33, found "x""#);
//! ```
//!
//! Whitespace is anything [`char::is_whitespace`] accepts, so CRLF line ends, tabs and blank
//! lines need no special care. Columns count characters, not bytes.
//!
//! Besides: a whole input and its name ([`Input`], whose mistakes are named after it), what a
//! contest program writes ([`Played`]), and the small pieces of text the games print
//! ([`Spaced`], [`Counted`]). Reading an input from a file, stdin or a pipe is the `input`
//! crate's.

#![deny(missing_docs)]

mod input;

use std::fmt;
use std::ops::RangeBounds;
use std::str::FromStr;

pub use input::{Input, InputError};

/// A place in the input: 1-based line and column (the column counts characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1, in characters.
    pub col: u32,
}

impl Pos {
    /// The first character of a text.
    pub const START: Pos = Pos { line: 1, col: 1 };

    /// The place just after `c`, which stands here.
    fn after(self, c: char) -> Pos {
        if c == '\n' {
            Pos {
                line: self.line.saturating_add(1),
                col: 1,
            }
        } else {
            Pos {
                line: self.line,
                col: self.col.saturating_add(1),
            }
        }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// One word of the input and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The characters of the token (never empty, never holding whitespace).
    pub text: &'a str,
    /// Where its first character stands.
    pub pos: Pos,
}

impl<'a> Token<'a> {
    /// An error at this token: `expected` is what should have stood here.
    pub fn error(&self, expected: impl Into<String>) -> ParseError {
        ParseError::new(self.pos, expected, Found::token(self.text))
    }

    /// The token read as a number; a number too large for `T` is reported as such, with
    /// the largest there is.
    pub fn parse<T: Number>(&self, expected: &str) -> Result<T, ParseError> {
        self.text.parse().map_err(|_| {
            let digits = self.text.strip_prefix('+').unwrap_or(self.text);
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                self.error(expected)
                    .with_note(format!("too large: at most {}", T::MAX))
            } else {
                self.error(expected)
            }
        })
    }

    /// The token read as a number in `range`. Anything else, a word or a number outside the
    /// range however large, is reported as not what was `expected`, which names the range:
    /// the message then gives one bound, not the range and the largest `T` as well.
    pub fn parse_in<T: Number + PartialOrd>(
        &self,
        expected: &str,
        range: impl RangeBounds<T>,
    ) -> Result<T, ParseError> {
        match self.text.parse::<T>() {
            Ok(number) if range.contains(&number) => Ok(number),
            _ => Err(self.error(expected)),
        }
    }
}

/// A whole number type the input may hold, and the largest value it can.
pub trait Number: FromStr + fmt::Display {
    /// The largest value, for the message about a number too large.
    const MAX: Self;
}

macro_rules! numbers {
    ($($t:ty),*) => {
        $(impl Number for $t {
            const MAX: $t = <$t>::MAX;
        })*
    };
}

numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

/// What stood where something else was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A token, shortened if it was very long.
    Token(String),
    /// The input had ended.
    End,
    /// The line had ended (for line-oriented formats, in which a record is a line).
    EndOfLine,
    /// A blank line (for formats in which blank lines end a record).
    BlankLine,
}

impl Found {
    /// The longest token text an error message repeats in full.
    const SHOWN: usize = 32;

    /// A token as an error message shows it: whole if short, else its start and an ellipsis.
    pub fn token(text: &str) -> Found {
        let mut shown: String = text.chars().take(Self::SHOWN).collect();
        if shown.len() < text.len() {
            shown.push('…');
        }
        Found::Token(shown)
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Token(text) => write!(f, "{text:?}"),
            Found::End => f.write_str("end of input"),
            Found::EndOfLine => f.write_str("end of line"),
            Found::BlankLine => f.write_str("a blank line"),
        }
    }
}

/// The input was not what the format asks for.
///
/// Displayed as `LINE:COL: expected WHAT, found "TOKEN"`, with an optional note after it;
/// the caller prefixes the name of the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: expected {expected}, found {found}{}", .note.as_ref().map(|n| format!(" ({n})")).unwrap_or_default())]
pub struct ParseError {
    /// Where the trouble is.
    pub pos: Pos,
    /// What the format asks for there.
    pub expected: String,
    /// What stood there instead.
    pub found: Found,
    /// More about why it is wrong, if the first three do not say it all.
    pub note: Option<String>,
}

impl ParseError {
    /// An error without a note.
    pub fn new(pos: Pos, expected: impl Into<String>, found: Found) -> ParseError {
        ParseError {
            pos,
            expected: expected.into(),
            found,
            note: None,
        }
    }

    /// The same error with a note that explains it further.
    pub fn with_note(mut self, note: impl Into<String>) -> ParseError {
        self.note = Some(note.into());
        self
    }
}

/// A cursor over a text that hands out its whitespace-separated tokens in order.
///
/// Over a whole text its end is the end of the input; over one line ([`Tokens::line`],
/// [`lines`]) it is the end of that line, and every error at it says so ([`Found::EndOfLine`]),
/// so that each line-oriented reader reports a line that ends early in the same words.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    rest: &'a str,
    pos: Pos,
    /// Whether the text is one line of the input.
    line: bool,
}

impl<'a> Tokens<'a> {
    /// The tokens of a whole text, which starts at line 1, column 1.
    pub fn new(text: &'a str) -> Tokens<'a> {
        Tokens::starting_at(text, Pos::START)
    }

    /// The tokens of a piece of a larger text that starts at `pos`.
    pub fn starting_at(text: &'a str, pos: Pos) -> Tokens<'a> {
        Tokens {
            rest: text,
            pos,
            line: false,
        }
    }

    /// The tokens of line `number` of the input (without its line end), whose end is the end
    /// of the line.
    pub fn line(text: &'a str, number: u32) -> Tokens<'a> {
        Tokens {
            line: true,
            ..Tokens::starting_at(
                text,
                Pos {
                    line: number,
                    col: 1,
                },
            )
        }
    }

    /// What stands at the end of the text: the end of the input, or of the line.
    fn end(&self) -> Found {
        if self.line {
            Found::EndOfLine
        } else {
            Found::End
        }
    }

    /// An error at the end of the text (the end of the input, or of the line), which came
    /// before what was `expected`.
    pub fn error_at_end(&self, expected: impl Into<String>) -> ParseError {
        ParseError::new(self.pos(), expected, self.end())
    }

    /// Moves past whitespace to the next token or the end.
    fn skip_whitespace(&mut self) {
        let mut chars = self.rest.char_indices();
        for (at, c) in chars.by_ref() {
            if !c.is_whitespace() {
                self.rest = &self.rest[at..];
                return;
            }
            self.pos = self.pos.after(c);
        }
        self.rest = "";
    }

    /// The next token, without taking it.
    pub fn peek(&self) -> Option<Token<'a>> {
        self.clone().next()
    }

    /// Where the next token starts, or where the text ends if no token is left.
    pub fn pos(&self) -> Pos {
        let mut ahead = self.clone();
        ahead.skip_whitespace();
        ahead.pos
    }

    /// An error at the next token, or at the end if none is left.
    pub fn error_here(&self, expected: impl Into<String>) -> ParseError {
        match self.peek() {
            Some(token) => token.error(expected),
            None => self.error_at_end(expected),
        }
    }

    /// The next token, or an error at the end of the text (of the input, or of the line)
    /// saying what was `expected`.
    pub fn expect(&mut self, expected: &str) -> Result<Token<'a>, ParseError> {
        match self.next() {
            Some(token) => Ok(token),
            None => Err(self.error_at_end(expected)),
        }
    }

    /// The next token parsed as a `T`; the error says a `T` described as `expected` was due.
    pub fn number<T: Number>(&mut self, expected: &str) -> Result<T, ParseError> {
        self.expect(expected)?.parse(expected)
    }

    /// Succeeds only if no token is left; otherwise the error names the first extra one.
    pub fn expect_end(&mut self, expected: &str) -> Result<(), ParseError> {
        match self.next() {
            None => Ok(()),
            Some(token) => Err(token.error(expected)),
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        self.skip_whitespace();
        if self.rest.is_empty() {
            return None;
        }
        let start = self.pos;
        let end = self
            .rest
            .find(char::is_whitespace)
            .unwrap_or(self.rest.len());
        let (text, rest) = self.rest.split_at(end);
        self.rest = rest;
        self.pos = Pos {
            line: start.line,
            col: start
                .col
                .saturating_add(u32::try_from(text.chars().count()).unwrap_or(u32::MAX)),
        };
        Some(Token { text, pos: start })
    }
}

/// What a contest program writes: the contest output (for stdout), and what it tells beside
/// it when asked (a trace of the games, the boards drawn; for stderr), or `None` when it was
/// not asked, so that nothing is built for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Exactly the contest output.
    pub output: String,
    /// What is told beside it, if asked.
    pub trace: Option<String>,
}

/// An error's message followed by its sources' (`cannot read x.sgf: No such file or
/// directory`), for a caller that has only a line to show it in, such as a GTP reply.
pub fn with_source(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        message.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    message
}

/// The lines of a text, each as its own [`Tokens`] that knows its line number.
///
/// For line-oriented formats, in which each line is one record. A final line without a line
/// break counts; `\r\n` ends a line as `\n` does.
pub fn lines(text: &str) -> impl Iterator<Item = Tokens<'_>> {
    text.split_inclusive('\n')
        .zip(1u32..)
        .map(|(line, number)| {
            let line = line.strip_suffix('\n').unwrap_or(line);
            Tokens::line(line.strip_suffix('\r').unwrap_or(line), number)
        })
}

/// Items written a space apart, or `none` when there are none: how the games print a set of
/// numbered places (holes with pegs, homes, marker locations).
///
/// ```
/// assert_eq!(text::Spaced([3, 5, 8]).to_string(), "3 5 8");
/// assert_eq!(text::Spaced(Vec::<u8>::new()).to_string(), "none");
/// ```
pub struct Spaced<I>(pub I);

impl<I> fmt::Display for Spaced<I>
where
    I: IntoIterator + Clone,
    I::Item: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut items = self.0.clone().into_iter();
        match items.next() {
            None => f.write_str("none"),
            Some(first) => {
                write!(f, "{first}")?;
                items.try_for_each(|item| write!(f, " {item}"))
            }
        }
    }
}

/// A count and its noun, plural unless the count is one: `1 move`, `2 moves`, `0 moves`. For
/// nouns whose plural adds an `s`.
///
/// ```
/// assert_eq!(text::Counted(1, "move").to_string(), "1 move");
/// assert_eq!(text::Counted(0u64, "position").to_string(), "0 positions");
/// assert_eq!(text::Counted(12usize, "peg").to_string(), "12 pegs");
/// ```
pub struct Counted<N>(pub N, pub &'static str);

impl<N: fmt::Display> fmt::Display for Counted<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.0.to_string();
        let s = if count == "1" { "" } else { "s" };
        write!(f, "{count} {}{s}", self.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn texts_and_positions(text: &str) -> Vec<(&str, u32, u32)> {
        Tokens::new(text)
            .map(|t| (t.text, t.pos.line, t.pos.col))
            .collect()
    }

    #[test]
    fn tokens_know_line_and_column() {
        assert_eq!(
            texts_and_positions("  4\r\n\n10 12\t17\n"),
            [("4", 1, 3), ("10", 3, 1), ("12", 3, 4), ("17", 3, 7)]
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(texts_and_positions("é x"), [("é", 1, 1), ("x", 1, 3)]);
    }

    #[test]
    fn end_of_input_is_reported_where_the_text_ends() {
        let mut tokens = Tokens::new("1 2\n");
        tokens.next();
        tokens.next();
        let err = tokens.number::<u32>("a hole").unwrap_err();
        assert_eq!(err.pos, Pos { line: 2, col: 1 });
        assert_eq!(err.to_string(), "2:1: expected a hole, found end of input");
    }

    #[test]
    fn negative_numbers_are_not_counts() {
        let err = Tokens::new("-3").number::<u32>("a count").unwrap_err();
        assert_eq!(err.to_string(), r#"1:1: expected a count, found "-3""#);
    }

    #[test]
    fn a_number_too_large_says_so_and_gives_the_largest() {
        let err = Tokens::new("99999999999999999999")
            .number::<u32>("a count")
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"1:1: expected a count, found "99999999999999999999" (too large: at most 4294967295)"#
        );
        let err = Tokens::new("300").number::<u8>("a size").unwrap_err();
        assert_eq!(err.note.as_deref(), Some("too large: at most 255"));
        let err = Tokens::new("3x").number::<u8>("a size").unwrap_err();
        assert_eq!(err.note, None);
    }

    #[test]
    fn a_number_out_of_a_range_is_told_the_range_alone() {
        let hole = |text: &str| {
            Tokens::new(text)
                .next()
                .unwrap()
                .parse_in::<u32>("a hole 1 to 33", 1..=33)
        };
        assert_eq!(hole("33"), Ok(33));
        for text in ["0", "34", "-1", "x", "99999999999999999999"] {
            let err = hole(text).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(r#"1:1: expected a hole 1 to 33, found "{text}""#)
            );
            assert_eq!(err.note, None);
        }
    }

    #[test]
    fn long_tokens_are_shortened_in_messages() {
        let long = "9".repeat(100);
        let err = Tokens::new(&long)
            .number::<u8>("a small number")
            .unwrap_err();
        let shown = format!(r#""{}…""#, "9".repeat(32));
        assert_eq!(
            err.to_string(),
            format!("1:1: expected a small number, found {shown} (too large: at most 255)")
        );
    }

    #[test]
    fn notes_follow_the_message() {
        let err = Tokens::new("7")
            .next()
            .unwrap()
            .error("a new hole")
            .with_note("already listed at 1:1");
        assert_eq!(
            err.to_string(),
            r#"1:1: expected a new hole, found "7" (already listed at 1:1)"#
        );
    }

    #[test]
    fn peek_and_pos_do_not_consume() {
        let mut tokens = Tokens::new("\n  a b");
        assert_eq!(tokens.pos(), Pos { line: 2, col: 3 });
        assert_eq!(tokens.peek().unwrap().text, "a");
        assert_eq!(tokens.next().unwrap().text, "a");
        assert!(tokens.expect_end("end of input").is_err());
    }

    #[test]
    fn lines_number_themselves() {
        let per_line: Vec<Vec<(&str, u32, u32)>> = lines("a b\r\n\n c")
            .map(|l| l.map(|t| (t.text, t.pos.line, t.pos.col)).collect())
            .collect();
        assert_eq!(
            per_line,
            vec![vec![("a", 1, 1), ("b", 1, 3)], vec![], vec![("c", 3, 2)]]
        );
    }

    #[test]
    fn a_line_that_ends_early_says_end_of_line() {
        let mut line = lines("1 2\n3").next().unwrap();
        line.by_ref().count();
        let err = line.expect("a third number").unwrap_err();
        assert_eq!(
            err.to_string(),
            "1:4: expected a third number, found end of line"
        );
        assert_eq!(line.error_here("more").found, Found::EndOfLine);
        let mut whole = Tokens::new("1 2");
        whole.by_ref().count();
        assert_eq!(
            whole.expect("a third number").unwrap_err().to_string(),
            "1:4: expected a third number, found end of input"
        );
    }

    #[test]
    fn a_crlf_line_ends_before_its_carriage_return() {
        let mut first = lines("1 2\r\n3").next().unwrap();
        first.by_ref().count();
        assert_eq!(first.pos(), Pos { line: 1, col: 4 });
    }

    proptest! {
        #[test]
        fn tokens_are_the_words_of_the_text(text in "[ a-z0-9\\t\\r\\n]{0,60}") {
            let words: Vec<&str> = text.split_whitespace().collect();
            let tokens: Vec<&str> = Tokens::new(&text).map(|t| t.text).collect();
            prop_assert_eq!(tokens, words);
        }

        #[test]
        fn positions_point_at_the_token(text in "[ ab\\n]{0,40}") {
            let rows: Vec<&str> = text.split('\n').collect();
            for token in Tokens::new(&text) {
                let row = rows[token.pos.line as usize - 1];
                let at: String = row.chars().skip(token.pos.col as usize - 1).collect();
                prop_assert!(at.starts_with(token.text));
            }
        }

        #[test]
        fn lines_agree_with_the_whole_text(text in "[ ab\\r\\n]{0,40}") {
            let whole: Vec<Token> = Tokens::new(&text).collect();
            let by_line: Vec<Token> = lines(&text).flatten().collect();
            prop_assert_eq!(whole, by_line);
        }
    }
}
