//! Reading the contest input and writing the results: the only place that touches
//! stdin, stdout and stderr.

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use anyhow::Result;
pub use cli_args::{Color, ColorArg, InputArg};
use input::ReadError;
pub use text::Input;

/// Reads the whole input of a command (see [`input::read`]): its FILE, or stdin.
pub fn read(input: &InputArg) -> Result<Input> {
    match input.file.as_deref() {
        Some(path) if path.as_os_str() != "-" => Ok(read_path(path)?),
        _ => {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                // A person who typed the command without a file would otherwise face a
                // silent wait. (A pipe or a file, as in the tests, hears nothing.)
                comment(&format!(
                    "reading the input from stdin until {END_OF_INPUT} (or give a FILE; --help shows the format)\n"
                ))?;
            }
            Ok(input::read("<stdin>".into(), stdin.lock())?)
        }
    }
}

/// The keys that end the input at a terminal.
const END_OF_INPUT: &str = if cfg!(windows) {
    "Ctrl-Z and Enter"
} else {
    "Ctrl-D"
};

/// Reads a whole file, with the same limits as an input.
pub fn read_path(path: &Path) -> Result<Input, ReadError> {
    input::open(path)
}

/// Writes the result to stdout in one piece.
pub fn print(output: &str) -> Result<()> {
    let mut stdout = io::stdout().lock();
    stdout.write_all(output.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// Writes a trace or other commentary to stderr, away from the contest output.
pub fn comment(text: &str) -> Result<()> {
    let mut stderr = io::stderr().lock();
    stderr.write_all(text.as_bytes())?;
    stderr.flush()?;
    Ok(())
}

/// Whether to colour what goes to `stream` (stdout or stderr), as `--color` says, and for
/// `auto` as anstream decides (a terminal, NO_COLOR and CLICOLOR respected).
pub fn color<S: anstream::stream::RawStream>(arg: ColorArg, stream: S) -> bool {
    let auto = || {
        anstream::stream::IsTerminal::is_terminal(&stream)
            && anstream::AutoStream::choice(&stream) != anstream::ColorChoice::Never
    };
    match arg.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => auto(),
    }
}

/// Whether to colour clap's own messages on stderr, which come before any `--color` is read.
pub fn stderr_color() -> bool {
    color(ColorArg { color: Color::Auto }, io::stderr())
}

/// A usage error of the command `boardgames PATH...` found after parsing (a raw clap error, or
/// a message), as clap reports its own: with the command's usage, exit status 2.
pub fn usage(path: &[&str], err: impl Into<cli_args::UsageError>) -> anyhow::Error {
    use clap::CommandFactory;
    cli_args::usage_error(crate::Cli::command(), path, err).into()
}

/// An outcome already reported in full, that ends the program with this exit status.
#[derive(Clone, Copy, Debug, Default)]
pub struct Status(pub u8);

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exit status {}", self.0)
    }
}

impl std::error::Error for Status {}

/// Whether the error is a write to a pipe whose reader has gone.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|err| err.kind() == io::ErrorKind::BrokenPipe)
    })
}
