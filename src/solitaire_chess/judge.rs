//! `boardgames solitaire-chess judge`: any player program against the official judge's deal,
//! over pipes, with the official verdicts and a time limit.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use solitaire_chess::Picture;
use solitaire_chess::judge::{Judged, run_player};

use super::deal_args::DealArgs;
use crate::io;

/// Which deal to play, and the player to run.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("deal").required(true).args(["group", "alphabet", "official"])))]
#[command(after_long_help = solitaire_chess::judge::EXIT_STATUS)]
pub struct Args {
    #[command(flatten)]
    deal: DealArgs,

    /// The time limit for the whole game, in milliseconds of wall-clock time.
    #[arg(long, value_name = "MS", default_value_t = 10_000, value_parser = text::cli::whole_number, allow_negative_numbers = true)]
    time_limit_ms: u64,

    /// Also write the whole conversation to FILE (`<` the judge, `>` the player), with the
    /// board drawn after every removal.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,

    /// The player program and its arguments.
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

pub fn run(args: Args) -> Result<()> {
    let (name, deal) = args
        .deal
        .deal()
        .ok_or_else(|| anyhow!("give --group, --alphabet or --official"))?;
    let mut log = match &args.log {
        Some(path) => {
            Some(BufWriter::new(File::create(path).with_context(|| {
                format!("cannot write {}", path.display())
            })?))
        }
        None => None,
    };
    let limit = Duration::from_millis(args.time_limit_ms);
    let played = run_player(&deal, &args.command, limit, |line, game| {
        if let Some(log) = &mut log {
            let _ = writeln!(log, "{line}");
            if let Some(game) = game {
                let _ = write!(log, "{}", Picture::new(game));
            }
        }
    })?;
    if let Some(mut log) = log {
        writeln!(log, "verdict: {}", played.verdict)?;
        log.flush()?;
    }
    let result = played.judged();
    let report = played.report(&name);
    io::print(&report)?;
    match result {
        Judged::Accepted => Ok(()),
        _ => Err(io::Status(result.status()).into()),
    }
}
