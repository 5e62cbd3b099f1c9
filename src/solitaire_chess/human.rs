//! `boardgames solitaire-chess human`: a game for a person at the terminal (or over a pipe),
//! with the built-in player giving the hints.

use std::io as stdio;

use anyhow::Result;
use solitaire_chess::human;
use solitaire_chess_player::Hints;

use super::deal_args::DealArgs;
use crate::io;

/// Which deal to play.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    deal: DealArgs,

    /// How hard a hint thinks: sampled worlds for each candidate removal.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..), allow_negative_numbers = true)]
    hint_worlds: u32,

    #[command(flatten)]
    color: io::ColorArg,
}

pub fn run(args: Args) -> Result<()> {
    let (name, deal) = match args.deal.deal() {
        Some(named) => named,
        // Group 6 has every type, so a game without options shows them all.
        None => DealArgs {
            group: Some(6),
            ..args.deal
        }
        .deal()
        .ok_or_else(|| anyhow::anyhow!("no group 6"))?,
    };
    let mut out = stdio::stdout().lock();
    use std::io::Write as _;
    writeln!(out, "game: {name}")?;
    let mut advisor = Hints {
        worlds: args.hint_worlds,
    };
    human::play(
        &deal,
        stdio::stdin().lock(),
        &mut out,
        &mut advisor,
        io::stdout_color(args.color),
    )?;
    Ok(())
}
