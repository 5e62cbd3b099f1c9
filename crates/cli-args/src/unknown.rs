//! An option given where the command does not take it, reported with a tip that points to the
//! verbs that do (`hiq --board` belongs to `hiq solve` and `hiq count`).

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// The message of `err` (clap refused an unknown argument) in the words of the command line
/// `words` (the program's name left out) of `command`: with a tip naming the verbs that take
/// the option where some do, and without clap's tip to pass the option after `--` as a value
/// (which would send it on as a FILE name that does not exist). ANSI colours if `color`.
pub fn unknown_argument(
    command: &clap::Command,
    mut err: clap::Error,
    words: impl IntoIterator<Item = String>,
    color: bool,
) -> String {
    if err.kind() == ErrorKind::UnknownArgument
        && let Some(tip) = verbs_taking(command, &err, words)
    {
        err.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![tip.into()]),
        );
    }
    let styled = err.render();
    let text = if color {
        styled.ansi().to_string()
    } else {
        styled.to_string()
    };
    let mut kept = String::new();
    let mut skip_blank = false;
    for line in text.split_inclusive('\n') {
        if line.contains("as a value, use '--") {
            skip_blank = true;
            continue;
        }
        if !(skip_blank && line.trim().is_empty()) {
            kept += line;
        }
        skip_blank = false;
    }
    kept
}

/// The tip for an option that the command given does not take but some of its verbs do.
fn verbs_taking(
    command: &clap::Command,
    err: &clap::Error,
    words: impl IntoIterator<Item = String>,
) -> Option<String> {
    let Some(ContextValue::String(arg)) = err.get(ContextKind::InvalidArg) else {
        return None;
    };
    let long = arg.strip_prefix("--")?.split('=').next()?;
    let mut command = command.clone();
    command.build();
    // The command given: the words that name a verb of the one before them.
    let mut path = vec![command.get_name().to_string()];
    let mut found = &command;
    for word in words {
        if let Some(sub) = found.find_subcommand(&word) {
            path.push(word);
            found = sub;
        }
    }
    let verbs: Vec<String> = found
        .get_subcommands()
        .filter(|verb| verb.get_arguments().any(|a| a.get_long() == Some(long)))
        .map(|verb| format!("`{} {}`", path.join(" "), verb.get_name()))
        .collect();
    let (last, others) = verbs.split_last()?;
    let verbs = match others {
        [] => last.clone(),
        _ => format!("{} and {last}", others.join(", ")),
    };
    Some(format!(
        "'--{long}' is an option of {verbs}: give it after the verb"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, Command};

    fn tool() -> Command {
        let board = || Arg::new("board").long("board");
        Command::new("tool").subcommand(
            Command::new("game")
                .arg(Arg::new("file"))
                .subcommand(Command::new("solve").arg(board()))
                .subcommand(Command::new("count").arg(board()))
                .subcommand(Command::new("play").arg(Arg::new("time").long("time"))),
        )
    }

    fn message(line: &str) -> String {
        let words = || line.split(' ').map(String::from);
        let err = tool().try_get_matches_from(words()).unwrap_err();
        unknown_argument(&tool(), err, words().skip(1), false)
    }

    #[test]
    fn an_option_of_some_verbs_is_pointed_to_them() {
        let both = "tip: '--board' is an option of `tool game solve` and `tool game count`: \
                    give it after the verb";
        assert!(
            message("tool game --board x").contains(both),
            "{}",
            message("tool game --board x")
        );
        let one = "'--time' is an option of `tool game play`: give it after the verb";
        assert!(message("tool game --time=3").contains(one));
        // An option no verb takes gets no tip, and no tip to write it after `--` either.
        let unknown = message("tool game --tarce");
        assert!(
            unknown.contains("unexpected argument '--tarce'"),
            "{unknown}"
        );
        assert!(!unknown.contains("is an option of"), "{unknown}");
        assert!(!unknown.contains("as a value"), "{unknown}");
    }
}
