//! A whole input in memory: its text, and its name for the messages about it (a file's name,
//! `<stdin>`, what a built-in sample is called). Reading one from a file or stdin, within a
//! cap, is the `input` crate's.

use crate::ParseError;

/// The whole text of an input, and its name for error messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The file name as given, or `<stdin>`, or what a built-in text is called.
    pub name: String,
    /// The text itself.
    pub text: String,
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
    fn an_input_s_mistakes_are_named_after_it() {
        let input = Input::builtin("in.txt", "1\n2 x\n");
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
}
