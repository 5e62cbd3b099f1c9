//! The arguments every command shares, as clap arguments: the input file, `--color`, and
//! value parsers that say what is allowed, for the game crates' `cli` modules (behind their
//! `clap` features) and the binary. Reading the input and looking at the terminal stay with
//! the binary.

#![deny(missing_docs)]

use std::path::PathBuf;

/// The input file argument that every contest program takes.
#[derive(clap::Args, Debug)]
pub struct InputArg {
    /// The contest input; stdin when absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// `--color`, for the commands that draw boards in colour (and only those, so that no help
/// offers an option that does nothing).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct ColorArg {
    /// When to colour the boards drawn: on a terminal (unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, ignore_case = true, default_value_t = Color::Auto, value_name = "WHEN")]
    pub color: Color,
}

/// When to colour the output.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Always, even into a pipe or a file.
    Always,
    /// Never.
    Never,
}

/// The value parser of an option that takes a whole number of any size, 0 or more. clap's own
/// (`u64`) says only "invalid digit found in string" of `-5` (given as a value by the option's
/// `allow_negative_numbers`, where it would otherwise read as an unknown option).
pub fn whole_number(text: &str) -> Result<u64, String> {
    text.parse().map_err(|_| {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            format!("too large: at most {}", u64::MAX)
        } else {
            "expected a whole number, 0 or more".to_string()
        }
    })
}

/// A command's summary for `-h`: the first paragraph of its long description, without a
/// closing period (as clap makes one of a doc comment).
pub fn summary(about: &str) -> &str {
    let first = about.split("\n\n").next().unwrap_or(about);
    first
        .strip_suffix('.')
        .filter(|s| !s.ends_with('.'))
        .unwrap_or(first)
}
