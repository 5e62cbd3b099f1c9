//! Reading the contest input and writing the results: the only place that touches
//! stdin, stdout and stderr.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Result;
pub use text::Input;
use text::ReadError;

/// The input file argument that every contest program takes.
#[derive(clap::Args, Debug)]
pub struct InputArg {
    /// The contest input; stdin when absent or `-`.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

impl InputArg {
    /// Reads the whole input (see [`Input::read`]).
    pub fn read(&self) -> Result<Input> {
        match self.file.as_deref() {
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
                Ok(Input::read("<stdin>".into(), stdin.lock())?)
            }
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
    Input::open(path)
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

/// `--color`, for the commands that draw boards in colour (and only those, so that no help
/// offers an option that does nothing).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct ColorArg {
    /// When to colour the boards drawn: on a terminal (unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, ignore_case = true, default_value_t = Color::Auto, value_name = "WHEN")]
    color: Color,
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

impl ColorArg {
    /// Whether to colour what goes to stdout.
    pub fn stdout(self) -> bool {
        let stdout = io::stdout();
        self.decide(stdout.is_terminal(), anstream::AutoStream::choice(&stdout))
    }

    /// Whether to colour what goes to stderr.
    pub fn stderr(self) -> bool {
        let stderr = io::stderr();
        self.decide(stderr.is_terminal(), anstream::AutoStream::choice(&stderr))
    }

    /// As `--color` says, and for `auto` as anstream decides (a terminal, NO_COLOR and
    /// CLICOLOR respected).
    fn decide(self, terminal: bool, choice: anstream::ColorChoice) -> bool {
        match self.color {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => terminal && choice != anstream::ColorChoice::Never,
        }
    }
}

/// Whether to colour clap's own messages on stderr, which come before any `--color` is read.
pub fn stderr_color() -> bool {
    ColorArg { color: Color::Auto }.stderr()
}

/// A usage error of the command `boardgames PATH...` found after parsing, as clap reports its
/// own (with the command's usage; exit status 2).
pub fn usage(path: &[&str], message: String) -> anyhow::Error {
    use clap::CommandFactory;
    let mut command = crate::Cli::command();
    command.build();
    let mut found = &command;
    for name in path {
        match found.find_subcommand(name) {
            Some(sub) => found = sub,
            None => break,
        }
    }
    let mut found = found.clone();
    found
        .error(clap::error::ErrorKind::ValueValidation, message)
        .into()
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

/// A command's summary for `-h`: the first paragraph of its long description, without a
/// closing period (as clap makes one of a doc comment).
pub fn summary(about: &str) -> &str {
    let first = about.split("\n\n").next().unwrap_or(about);
    first
        .strip_suffix('.')
        .filter(|s| !s.ends_with('.'))
        .unwrap_or(first)
}
