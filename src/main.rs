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
mod meta;
mod patolli;
mod serve;
mod solitaire_chess;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

/// Board games from programming contests, played exactly as the contests ask.
///
/// Each game runs its contest program: the contest input from FILE or stdin, the contest
/// output on stdout. Mistakes in the input are reported on stderr with their line and column
/// (exit status 1); nothing is printed on stdout then.
#[derive(Parser)]
#[command(name = "boardgames", version = VERSION)]
#[command(after_help = "Start with `boardgames demo` to see every game run on its contest sample.")]
#[command(after_long_help = EXIT_STATUS)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The version, with the commit when built from a clone (`0.1.0 (d30f4a3)`; see build.rs).
pub const VERSION: &str = env!("BOARDGAMES_VERSION");

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
    Completions(meta::CompletionsArgs),
    Man(meta::ManArgs),
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
        Command::Completions(args) => meta::completions(args),
        Command::Man(args) => meta::man(args),
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
fn usage(err: clap::Error) -> ! {
    if err.kind() != ErrorKind::UnknownArgument {
        err.exit()
    }
    let code = err.exit_code();
    let words = std::env::args().skip(1);
    eprint!(
        "{}",
        cli_args::unknown_argument(&Cli::command(), err, words, io::stderr_color())
    );
    std::process::exit(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option whose values are names takes them in any case, in every command.
    #[test]
    fn every_named_value_is_read_in_any_case() {
        let mut command = Cli::command();
        command.build();
        let found = cli_args::case_sensitive_values(&command);
        assert!(found.is_empty(), "case-sensitive values: {found:?}");
    }

    /// Solitaire chess's times are in seconds, as Hex's are; the old spellings in
    /// milliseconds, hidden, still work.
    #[test]
    fn solitaire_chess_times_are_in_seconds() {
        use solitaire_chess_player::{Budget, cli::Verb};
        use std::time::Duration;
        let parse = |line: &str| match Cli::try_parse_from(line.split(' ')).unwrap().command {
            Command::SolitaireChess(args) => args,
            _ => unreachable!(),
        };
        let budget = |line: &str| parse(line).play.player.config().budget;
        let time = |ms| Budget::Time(Duration::from_millis(ms));
        assert_eq!(budget("boardgames solitaire-chess"), time(1000));
        assert_eq!(budget("boardgames solitaire-chess --time 0.25"), time(250));
        assert_eq!(
            budget("boardgames solitaire-chess --budget-ms 250"),
            time(250)
        );
        let limit = |line: &str| match parse(line).verb {
            Some(Verb::Judge(judge)) => judge.limit(),
            _ => unreachable!(),
        };
        let judge = "boardgames solitaire-chess judge --group 1";
        assert_eq!(limit(&format!("{judge} -- true")), Duration::from_secs(10));
        assert_eq!(
            limit(&format!("{judge} --time-limit 2.5 -- true")),
            Duration::from_millis(2500)
        );
        assert_eq!(
            limit(&format!("{judge} --time-limit-ms 300 -- true")),
            Duration::from_millis(300)
        );
        // One spelling at a time.
        let both = "boardgames solitaire-chess --time 1 --budget-ms 5";
        assert!(Cli::try_parse_from(both.split(' ')).is_err());
    }

    /// An option given before the verb that takes it is pointed to that verb.
    #[test]
    fn an_option_of_a_verb_is_pointed_to_it() {
        let words = |line: &str| line.split(' ').map(String::from).collect::<Vec<_>>();
        let message = |line: &str| {
            let err = Cli::try_parse_from(words(line)).err().unwrap();
            cli_args::unknown_argument(&Cli::command(), err, words(line).into_iter().skip(1), false)
        };
        assert!(message("boardgames hiq --board european x.txt").contains(
            "'--board' is an option of `boardgames hiq solve` and `boardgames hiq count`: give it after the verb"
        ));
        assert!(message("boardgames hex --openings=3").contains(
            "'--openings' is an option of `boardgames hex solve` and `boardgames hex arena`: give it after the verb"
        ));
        assert!(!message("boardgames hiq --tarce").contains("is an option of"));
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
