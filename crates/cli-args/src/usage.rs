//! Usage errors found after parsing, reported as clap reports its own.

/// A usage error of the command at `path` (its subcommand names under `command`) found after
/// parsing (a raw clap error, or a message): formatted with that command's usage, as clap
/// formats the errors it finds itself, so that it exits with status 2. A name that is not a
/// subcommand ends the walk at the command found so far.
pub fn usage_error(
    mut command: clap::Command,
    path: &[&str],
    err: impl Into<UsageError>,
) -> clap::Error {
    command.build();
    let mut found = &command;
    for name in path {
        match found.find_subcommand(name) {
            Some(sub) => found = sub,
            None => break,
        }
    }
    err.into().0.format(&mut found.clone())
}

/// A usage error before its command is known: a clap error, or a message of a refused value.
pub struct UsageError(clap::Error);

impl From<clap::Error> for UsageError {
    fn from(err: clap::Error) -> UsageError {
        UsageError(err)
    }
}

impl From<String> for UsageError {
    fn from(message: String) -> UsageError {
        UsageError(clap::Error::raw(
            clap::error::ErrorKind::ValueValidation,
            message,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool() -> clap::Command {
        clap::Command::new("tool").subcommand(
            clap::Command::new("game")
                .subcommand(clap::Command::new("solve").arg(clap::Arg::new("size").long("size"))),
        )
    }

    #[test]
    fn a_message_is_reported_with_its_commands_usage_and_status_2() {
        let err = usage_error(tool(), &["game", "solve"], "size 30 is too big".to_string());
        assert_eq!(err.exit_code(), 2);
        let shown = err.to_string();
        assert!(shown.contains("size 30 is too big"), "{shown}");
        assert!(shown.contains("Usage: tool game solve"), "{shown}");
    }

    #[test]
    fn a_name_that_is_no_command_stops_at_the_one_found() {
        let err = usage_error(tool(), &["game", "nothing"], "no".to_string());
        assert!(err.to_string().contains("Usage: tool game"), "{err}");
        assert!(!err.to_string().contains("solve ["), "{err}");
    }
}
