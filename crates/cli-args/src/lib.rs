//! The arguments every command shares, as clap arguments: the input file, `--color`, and
//! value parsers that say what is allowed, for the game crates' `cli` modules (behind their
//! `clap` features) and the binary. Reading the input and looking at the terminal stay with
//! the binary.

#![deny(missing_docs)]

mod unknown;
mod usage;

use std::path::PathBuf;

pub use unknown::unknown_argument;
pub use usage::{UsageError, usage_error};

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
        if is_digits(text) {
            format!("too large: at most {}", u64::MAX)
        } else {
            "expected a whole number, 0 or more".to_string()
        }
    })
}

/// The value parser of an option that takes a whole number from `low` to `high`, whose
/// refusal says so as a person writes it (`1 to 11`), where clap's own range parser shows
/// Rust's `1..=11`.
pub fn whole_number_in<T>(
    low: T,
    high: T,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| match text.parse::<T>() {
        Ok(n) if low <= n && n <= high => Ok(n),
        Ok(n) => Err(format!("{n} is not in {low} to {high}")),
        Err(_) if is_digits(text.strip_prefix('-').unwrap_or(text)) => {
            Err(format!("{text} is not in {low} to {high}"))
        }
        Err(_) => Err(format!("expected a whole number from {low} to {high}")),
    }
}

/// The most seconds an option of [`seconds`] takes: a day.
pub const MAX_SECONDS: f64 = 86_400.0;

/// The value parser of an option that takes a time in seconds (`0.5`, `10`), 0 or more and at
/// most [`MAX_SECONDS`], as the Hex commands' `--time` reads it.
pub fn seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=MAX_SECONDS).contains(&s) => Ok(std::time::Duration::from_secs_f64(s)),
        _ => Err(format!("expected seconds, a number 0 to {MAX_SECONDS}")),
    }
}

/// Whether `text` is one or more ASCII digits.
fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
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

/// The options under `command` (built, with every subcommand) whose values are names but
/// are read in one case only, as `PATH --ID`: the list a tool that takes its names in any
/// case wants empty.
pub fn case_sensitive_values(command: &clap::Command) -> Vec<String> {
    fn walk(command: &clap::Command, path: &str, found: &mut Vec<String>) {
        for arg in command.get_arguments() {
            if !arg.get_possible_values().is_empty() && !arg.is_ignore_case_set() {
                found.push(format!("{path} --{}", arg.get_id()));
            }
        }
        for sub in command.get_subcommands() {
            walk(sub, &format!("{path} {}", sub.get_name()), found);
        }
    }
    let mut found = Vec::new();
    walk(command, command.get_name(), &mut found);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_is_said_as_a_person_says_it() {
        let openings = whole_number_in(1u8, 11);
        assert_eq!(openings("11"), Ok(11));
        assert_eq!(openings("30").unwrap_err(), "30 is not in 1 to 11");
        assert_eq!(openings("-3").unwrap_err(), "-3 is not in 1 to 11");
        assert_eq!(openings("300").unwrap_err(), "300 is not in 1 to 11");
        assert_eq!(
            openings("x").unwrap_err(),
            "expected a whole number from 1 to 11"
        );
        assert_eq!(
            whole_number_in(0u16, u16::MAX)("99999").unwrap_err(),
            "99999 is not in 0 to 65535"
        );
    }

    #[test]
    fn values_read_in_one_case_are_found_in_subcommands() {
        let names = || {
            clap::Arg::new("shape")
                .long("shape")
                .value_parser(["round", "square"])
        };
        let tool = clap::Command::new("tool")
            .arg(names().ignore_case(true))
            .subcommand(clap::Command::new("draw").arg(names()));
        assert_eq!(case_sensitive_values(&tool), ["tool draw --shape"]);
    }

    #[test]
    fn seconds_are_a_number_from_0_to_a_day() {
        use std::time::Duration;
        assert_eq!(seconds("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(seconds("0"), Ok(Duration::ZERO));
        for refused in ["-1", "86401", "nan", "inf", "1s", ""] {
            assert_eq!(
                seconds(refused).unwrap_err(),
                "expected seconds, a number 0 to 86400",
                "{refused}"
            );
        }
    }
}
