//! `boardgames hex opening-book`: an opening book built by long searches.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use hex::matches::records::followed_games;
use hex::player::book::OpeningBook;
use hex::player::building::{Plan, Step};
use hex::player::cli::PlayerArgs;
use indicatif::{ProgressBar, ProgressStyle};

use crate::io;

/// Builds an opening book: the built-in player's replies in a game's first plies, each
/// found by a long search.
///
/// For each ply below --plies the book answers the positions that a side playing its book
/// moves meets, whatever the other side plays: the empty board (ply 0), every first move
/// (ply 1), the book's first move with every answer (ply 2), and so on; a position and its
/// half turn are searched once. Each search takes --time seconds (10 when neither --time nor
/// --playouts is given), and its line is added to --out as soon as it is found: a run that
/// stops can be started again and goes on where it stopped. `boardgames hex gtp
/// --opening-book FILE` plays from the book; the engine ships with books for 9x9 and 11x11
/// made this way (their first lines say how).
///
/// With --games the book follows game records instead of every move: at each ply below
/// --plies it answers the positions that the records reach while the book's side (the player
/// named by --player, or each side in turn) played the book's moves, most-met first, and
/// leaves out those met in fewer than --min-games records. Fed the records of matches, this
/// deepens the book along the lines opponents play. With --by-results a position's reply is
/// the move the records played there with the most wins over losses, if it won more games
/// than it lost; the other positions are searched.
///
/// A line of the book: the board's side, the moves that reach the position (`-` for none),
/// the reply, the search's chance of winning for the side replying, and its simulations.
#[derive(clap::Args, Debug)]
#[command(after_long_help = "\
Example (3x3, Black's first move and White's answer to each, at a fixed amount of work):
  $ boardgames hex opening-book -n 3 --plies 2 --playouts 300 --threads 1 --out book.txt
  6 positions answered in book.txt (6 new)
  $ head -4 book.txt
  # boardgames hex opening-book -n 3 --plies 2 --playouts 300 --threads 1 --out book.txt
  3 - b2 1.000 0
  3 a1 b2 1.000 0
  3 b1 b2 1.000 0")]
pub struct Args {
    /// The board's side.
    #[arg(long, short = 'n', default_value_t = 9, value_name = "N")]
    size: u8,
    /// Plies to answer (3: Black's first two moves and White's first).
    #[arg(long, default_value_t = 3, value_name = "P")]
    plies: usize,
    /// Follow the records in these folders (game-001.sgf, ... as `hex arena` and `hex
    /// selfplay` save them) instead of every move.
    #[arg(long, value_name = "DIR")]
    games: Vec<PathBuf>,
    /// With --games: answer only the positions of the player whose name (the record's `PB`
    /// or `PW`) contains NAME, ignoring case.
    #[arg(long = "player", value_name = "NAME", requires = "games")]
    games_player: Option<String>,
    /// With --games: where the records played a move that won more games than it lost,
    /// take the one with the most wins over losses instead of searching (its line records
    /// its share of wins and no simulations).
    #[arg(long, requires = "games")]
    by_results: bool,
    /// With --games: answer a position only if at least this many records reach it.
    #[arg(long, default_value_t = 1, value_name = "N", requires = "games")]
    min_games: usize,
    /// The book's file: read first if it exists, and added to.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    player: PlayerArgs,
}

pub fn run(args: Args) -> Result<()> {
    super::check_size(args.size)?;
    let most = if args.games.is_empty() { 8 } else { 100 };
    if !(1..=most).contains(&args.plies) {
        bail!("--plies must be 1..{most}");
    }
    let plan = Plan {
        size: args.size,
        plies: args.plies,
        games: followed_games(&args.games, args.size, args.games_player.as_deref())
            .map_err(anyhow::Error::msg)?,
        min_games: args.min_games,
        by_results: args.by_results,
    };
    let mut config = args.player.config.clone();
    if config.max_time.is_none() && config.playouts.is_none() {
        config.max_time = Some(Duration::from_secs(10));
    }
    let path = &args.out;
    let mut book = if path.exists() {
        io::read_path(path)?.parse(OpeningBook::parse)?
    } else {
        OpeningBook::default()
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    if book.lines().is_empty() {
        let how = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
        writeln!(file, "# boardgames {how}")?;
    }
    let style = ProgressStyle::with_template(
        "{bar:30} {pos}/{len} positions of ply {msg}, {elapsed} (about {eta} left)",
    )?;
    let mut bar = ProgressBar::hidden();
    let added = book.build(&plan, &config, |step| -> Result<()> {
        match step {
            Step::Ply { ply, positions } => {
                bar.finish_and_clear();
                bar = ProgressBar::new(positions as u64).with_style(style.clone());
                bar.set_message(ply.to_string());
            }
            Step::Added(line) => {
                writeln!(file, "{line}")
                    .with_context(|| format!("cannot write {}", path.display()))?;
                bar.inc(1);
            }
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    let answered = (book.lines().iter())
        .filter(|line| line.size == args.size && line.moves.len() < args.plies)
        .count();
    io::print(&format!(
        "{answered} positions answered in {} ({added} new)\n",
        path.display()
    ))
}
