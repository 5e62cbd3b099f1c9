//! `boardgames hex selfplay`: records of the built-in player against itself, for training.

use std::path::PathBuf;

use anyhow::{Context, Result};
use hex::matches::records::file_name;
use hex::matches::selfplay::SelfPlay;
use hex::player::cli::PlayerArgs;

use crate::io;

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
pub struct Args {
    /// Games to play.
    #[arg(long, short, default_value_t = 10, value_name = "G")]
    games: u32,
    /// The number of the first game: play games K..K+G-1 of a longer run.
    #[arg(long, default_value_t = 1, value_name = "K")]
    first_game: u32,
    /// The board's side.
    #[arg(long, short = 'n', default_value_t = 9, value_name = "N")]
    size: u8,
    /// Where the records are saved.
    #[arg(long, default_value = "hex-selfplay", value_name = "DIR")]
    out: PathBuf,
    #[command(flatten)]
    player: PlayerArgs,
}

pub fn run(args: Args) -> Result<()> {
    super::check_size(args.size)?;
    let end = Some(args.first_game)
        .filter(|&first| first > 0)
        .and_then(|first| first.checked_add(args.games))
        .context("--first-game must be 1 or more, and the last game's number fit 32 bits")?;
    let run = SelfPlay {
        size: args.size,
        config: args.player.config,
    };
    let dir = &args.out;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for number in args.first_game..end {
        let record = run.play(number).map_err(anyhow::Error::msg)?;
        let name = file_name(number);
        let path = dir.join(&name);
        std::fs::write(&path, record.to_string())
            .with_context(|| format!("cannot write {}", path.display()))?;
        let result = record.result.unwrap_or_default();
        io::print(&format!("{name}  {result}  {} moves\n", record.moves.len()))?;
    }
    Ok(())
}
