//! `hex selfplay`'s arguments.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use super::{PlayerArgs, board_size, count, game_numbers};
use crate::matches::selfplay::SelfPlay;

/// Self-play records: the built-in player against itself, each game saved as SGF.
///
/// Every game starts from the empty board and is saved as game-001.sgf, ... with its result;
/// a line a game is printed. Game K's searches are seeded with --seed plus K, so that with --playouts and --threads 1
/// a game is the same whichever run plays it: jobs can each play a range of games
/// (--first-game) into their own folders, and the folders put together are one run's.
#[derive(clap::Args, Debug)]
#[command(after_long_help = "\
Example (two games on 3x3 at a fixed amount of work):
  $ boardgames hex selfplay -n 3 -g 2 --playouts 50 --threads 1 --out records
  game-001.sgf  B+  5 moves
  game-002.sgf  B+  5 moves")]
pub struct SelfplayArgs {
    /// Games to play.
    #[arg(long, short, default_value = "10", value_name = "G", value_parser = count, allow_negative_numbers = true)]
    games: u32,
    /// The number of the first game: play games K to K+G-1 of a longer run.
    #[arg(long, default_value = "1", value_name = "K", value_parser = count, allow_negative_numbers = true)]
    first_game: u32,
    /// The board's side.
    #[arg(long, short = 'n', default_value = "9", value_name = "N", value_parser = board_size, allow_negative_numbers = true)]
    size: u8,
    /// Random stones set up before the first move (Black's first, then in turn), drawn from
    /// the game's seed: games from many openings, each record holding only the engine's moves.
    #[arg(long, default_value = "0", value_name = "N", value_parser = cli_args::whole_number_in(0u8, 16), allow_negative_numbers = true)]
    random_stones: u8,
    /// Where the records are saved.
    #[arg(long, default_value = "hex-selfplay", value_name = "DIR")]
    pub out: PathBuf,
    /// The player's settings.
    #[command(flatten)]
    player: PlayerArgs,
}

impl SelfplayArgs {
    /// The run, and the numbers of its games (a usage error if the last does not fit 32 bits).
    pub fn run(&self) -> Result<(SelfPlay, RangeInclusive<u32>), clap::Error> {
        let numbers = game_numbers(self.first_game, self.games)?;
        let run = SelfPlay {
            size: self.size,
            stones: self.random_stones,
            config: self.player.config.clone(),
        };
        Ok((run, numbers))
    }
}
