//! `boardgames`: five board games from programming contests, run exactly as the contests ask,
//! and tools that go beyond them.
//!
//! Each game is a module here (argument parsing, reading, printing) over a library crate
//! under `crates/` (the rules). Adding a game is one module, one variant of [`Command`] and one
//! line in the demo.

mod contest;
mod demo;
mod hex;
mod hiq;
mod io;
mod megacheckers;
mod patolli;
mod serve;
mod solitaire_chess;

use std::process::ExitCode;

use clap::{Parser, Subcommand, error::ErrorKind};

/// Board games from programming contests, played exactly as the contests ask.
///
/// Each game runs its contest program: the contest input from FILE or stdin, the contest
/// output on stdout. Mistakes in the input are reported on stderr with their line and column
/// (exit status 1); nothing is printed on stdout then.
#[derive(Parser)]
#[command(name = "boardgames", version)]
#[command(after_help = "Start with `boardgames demo` to see every game run on its contest sample.")]
#[command(after_long_help = EXIT_STATUS)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What the exit status says, for `--help`.
const EXIT_STATUS: &str = "\
Start with `boardgames demo` to see every game run on its contest sample.

Exit status: 0 done; 1 a mistake in the input, or a file that cannot be read; 2 a wrong
option or value (the valid values are listed); `solitaire-chess judge`: 3 wrong answer,
4 time limit, 5 the player crashed.";

/// This machine's cores (one if it cannot tell).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How many jobs run at once when the user does not say: the cores over each job's threads,
/// at least one.
fn jobs_beside(threads: usize) -> usize {
    (cores() / threads.max(1)).max(1)
}

#[derive(Subcommand)]
enum Command {
    Hiq(hiq::Args),
    Patolli(patolli::Args),
    Megacheckers(megacheckers::Args),
    Hex(hex::Args),
    SolitaireChess(solitaire_chess::Args),
    Demo(demo::Args),
    Serve(serve::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => usage(err),
    };
    let result = match cli.command {
        Command::Hiq(args) => hiq::run(args),
        Command::Patolli(args) => patolli::run(args),
        Command::Megacheckers(args) => megacheckers::run(args),
        Command::Hex(args) => hex::run(args),
        Command::SolitaireChess(args) => solitaire_chess::run(args),
        Command::Demo(args) => demo::run(args),
        Command::Serve(args) => serve::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that went away (`boardgames ... | head`) is not a failure of ours.
        Err(err) if io::is_broken_pipe(&err) => ExitCode::SUCCESS,
        // A usage error found after parsing, or an outcome already reported (a judge's
        // verdict) with its own exit status.
        Err(err) => match err.downcast::<clap::Error>() {
            Ok(err) => usage(err),
            Err(err) => match err.downcast_ref::<io::Status>() {
                Some(&io::Status(code)) => ExitCode::from(code),
                None => fail(&err),
            },
        },
    }
}

fn fail(err: &anyhow::Error) -> ExitCode {
    eprintln!("error: {err:#}");
    ExitCode::FAILURE
}

/// Reports a command line clap refused, and exits (2, or 0 for `--help` and `--version`).
///
/// Clap's tip to pass an unknown option such as `--trace` as a value after `--` would send
/// it on as a FILE name: there is no such file, so it is left out.
fn usage(err: clap::Error) -> ! {
    if err.kind() != ErrorKind::UnknownArgument {
        err.exit()
    }
    let styled = err.render();
    let text = if io::stderr_color() {
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
        if skip_blank && line.trim().is_empty() {
            skip_blank = false;
            continue;
        }
        skip_blank = false;
        kept += line;
    }
    eprint!("{kept}");
    std::process::exit(err.exit_code())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every option whose values are names takes them in any case, in every command.
    #[test]
    fn every_named_value_is_read_in_any_case() {
        fn strict(command: &clap::Command, path: &str, found: &mut Vec<String>) {
            for arg in command.get_arguments() {
                if !arg.get_possible_values().is_empty() && !arg.is_ignore_case_set() {
                    found.push(format!("{path} --{}", arg.get_id()));
                }
            }
            for sub in command.get_subcommands() {
                strict(sub, &format!("{path} {}", sub.get_name()), found);
            }
        }
        let mut command = Cli::command();
        command.build();
        let mut found = Vec::new();
        strict(&command, "boardgames", &mut found);
        assert!(found.is_empty(), "case-sensitive values: {found:?}");
    }

    /// Values read by functions of ours rather than from a list, in capitals.
    #[test]
    fn values_read_by_our_parsers_are_read_in_any_case() {
        for line in [
            "boardgames hiq solve --board EUROPEAN",
            "boardgames hex solve --to-move X",
            "boardgames solitaire-chess human --official G4-1 --color ALWAYS",
            "boardgames solitaire-chess judge --alphabet TLDS -- true",
            "boardgames solitaire-chess bench --official ALL --strategy EXACT",
            "boardgames patolli --division SENIOR",
        ] {
            let parsed = Cli::try_parse_from(line.split(' '));
            assert!(parsed.is_ok(), "{line}: {}", parsed.err().unwrap());
        }
    }
}
