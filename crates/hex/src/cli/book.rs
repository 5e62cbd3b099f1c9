//! `hex opening-book`'s arguments.

use std::path::PathBuf;
use std::time::Duration;

use cli_args::whole_number;

use super::{PlayerArgs, board_size, invalid};
use crate::player::Config;

/// Builds an opening book: the built-in player's replies in a game's first plies, each
/// found by a long search.
///
/// For each ply below --plies the book answers the positions that a side playing its book
/// moves meets, whatever the other side plays: the empty board (ply 0), every first move
/// (ply 1), the book's first move with every answer (ply 2), and so on; a position and its
/// half turn are searched once. Each search takes --time seconds (10 when neither --time nor
/// --playouts is given), and its line is added to --out as soon as it is found: a run that
/// stops can be started again and goes on where it stopped. `boardgames hex gtp
/// --opening-book FILE` plays from the book; the engine ships with books for 9x9, 11x11 and 13x13
/// made this way (their first lines say how).
///
/// With --records the book follows game records instead of every move: at each ply below
/// --plies it answers the positions that the records reach while the book's side (the player
/// named by --player, or each side in turn) played the book's moves, most-met first, and
/// leaves out those met in fewer than --min-records records. Fed the records of matches, this
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
pub struct OpeningBookArgs {
    /// The board's side.
    #[arg(long, short = 'n', default_value = "9", value_name = "N", value_parser = board_size, allow_negative_numbers = true)]
    pub size: u8,
    /// Plies to answer (3: Black's first two moves and White's first).
    #[arg(long, default_value = "3", value_name = "P", value_parser = cli_args::whole_number_in(1u8, 100), allow_negative_numbers = true)]
    plies: u8,
    /// Follow the records in these folders (game-001.sgf, ... as `hex arena` and `hex
    /// selfplay` save them) instead of every move.
    #[arg(long = "records", alias = "games", value_name = "DIR")]
    pub games: Vec<PathBuf>,
    /// With --records: answer only the positions of the player whose name (the record's `PB`
    /// or `PW`) contains NAME, ignoring case.
    #[arg(long = "player", value_name = "NAME", requires = "games")]
    pub games_player: Option<String>,
    /// With --records: where the records played a move that won more games than it lost,
    /// take the one with the most wins over losses instead of searching (its line records
    /// its share of wins and no simulations).
    #[arg(long, requires = "games")]
    pub by_results: bool,
    /// With --records: answer a position only if at least this many records reach it.
    #[arg(long = "min-records", alias = "min-games", default_value = "1", value_name = "N", requires = "games", value_parser = whole_number, allow_negative_numbers = true)]
    min_games: u64,
    /// The book's file: read first if it exists, and added to.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The player's settings.
    #[command(flatten)]
    player: PlayerArgs,
}

impl OpeningBookArgs {
    /// The plies to answer: 1 to 8, or 1 to 100 following records (a usage error if more).
    pub fn plan_plies(&self) -> Result<usize, clap::Error> {
        let most = if self.games.is_empty() { 8 } else { 100 };
        if usize::from(self.plies) > most {
            let why = "1 to 8 (1 to 100 with --records)";
            return Err(invalid(&self.plies.to_string(), "--plies <P>", why));
        }
        Ok(usize::from(self.plies))
    }

    /// Positions met in fewer records are not answered.
    pub fn min_games(&self) -> usize {
        usize::try_from(self.min_games).unwrap_or(usize::MAX)
    }

    /// The player's settings: 10 s a search when neither a time nor a number of playouts is
    /// given.
    pub fn config(&self) -> Config {
        let mut config = self.player.config.clone();
        if config.max_time.is_none() && config.playouts.is_none() {
            config.max_time = Some(Duration::from_secs(10));
        }
        config
    }
}
