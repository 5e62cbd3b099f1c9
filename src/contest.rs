//! The contest programs' one way through the binary: read the whole input (FILE or stdin),
//! run the game's contest program on it, tell what it tells beside the output on stderr, and
//! print the output on stdout. A mistake in the input is named after the input, and nothing
//! is printed then.

use anyhow::Result;
use text::{ParseError, Played};

use crate::io::{self, InputArg};

/// Runs a contest program (`play`: the input's text to what it writes) on the command's input.
pub fn run(input: &InputArg, play: impl FnOnce(&str) -> Result<Played, ParseError>) -> Result<()> {
    let played = io::read(input)?.parse(play)?;
    if let Some(trace) = &played.trace {
        io::comment(trace)?;
    }
    io::print(&played.output)
}
