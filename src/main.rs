//! `boardgames`: five board games from programming contests, run exactly as the contests ask,
//! and tools that go beyond them.
//!
//! Each game is a module here (argument parsing, reading, printing) over a library crate
//! under `crates/` (the rules). Adding a game is one module, one variant of [`Command`] and one
//! line in the demo.

mod demo;
mod hex;
mod hiq;
mod io;
mod megacheckers;
mod patolli;
mod serve;
mod solitaire_chess;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Board games from programming contests, played exactly as the contests ask.
///
/// Each game runs its contest program: the contest input from FILE or stdin, the contest
/// output on stdout. Mistakes in the input are reported on stderr with their line and column
/// (exit status 1); nothing is printed on stdout then.
#[derive(Parser)]
#[command(name = "boardgames", version, propagate_version = true)]
#[command(after_help = "Start with `boardgames demo` to see every game run on its contest sample.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
    let result = match Cli::parse().command {
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
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
