//! `boardgames hex patterns`: the training data of the player's pattern priors.

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow};
use hex::game::Color;
use hex::matches::records;
use hex::matches::records::is_player;
use hex::player::patterns::extract;

use crate::io;

/// Training data for the pattern priors, from folders of game records.
///
/// For each position of each record (game-001.sgf, ... as `hex arena` and `hex selfplay`
/// save them) a line `GAME CHOSEN FEATURE:COUNT...`: the game (`dK-N`, record N of the K-th
/// folder), the feature of the move played, and the feature of every legal move with how
/// many moves have it. A feature is the move's pattern: the 12 cells around it (the 6
/// neighbours, then the 6 cells a bridge away) seen by the mover, with the board transposed
/// for White: `.` empty, `x` the mover's stone, `o` the opponent's, `X` the mover's edge, `O`
/// the opponent's, `+` off both edges. Then `@n` or `@b` if the move is next to the last move
/// or a bridge away from it, and `@N` or `@B` for the move before. `scripts/patterns/train.py`
/// learns the patterns' weights from these lines.
#[derive(clap::Args, Debug)]
#[command(after_long_help = "\
Example (a self-play game on 2x2, B[b1] W[b2] B[a2], and its three positions):
  $ boardgames hex selfplay -n 2 -g 1 --playouts 10 --threads 1 --out tiny >/dev/null && boardgames hex patterns tiny
  d1-1 ...X+OXOX++O ...X+OXOX++O:2 .OOXX.+O+X+.:2
  d1-1 .OOXXo+O+X+.@n .o.X+OXOX++O@n:1 .OOXXo+O+X+.@n:1 oOOXX.+O+X+.@n:1
  d1-1 .xoX+OXOX++O@n@N .xoX+OXOX++O@n@N:1 .OOXXx+O+X+o@b@N:1")]
pub struct Args {
    /// Folders of numbered records.
    #[arg(required = true, value_name = "DIR")]
    dirs: Vec<PathBuf>,
    /// Learn only the moves of the player whose name (the record's `PB` or `PW`) contains
    /// NAME, ignoring case; a record where neither does gives nothing.
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
}

pub fn run(args: Args) -> Result<()> {
    let player = args.player.as_deref();
    let mut out = String::new();
    for (k, dir) in args.dirs.iter().enumerate() {
        let saved = records::read_dir(dir)
            .with_context(|| format!("cannot read the records in {}", dir.display()))?;
        for (number, record) in saved {
            let file = dir.join(records::file_name(number));
            let plays = |name: &Option<String>| is_player(player, name.as_deref());
            let (black, white) = (plays(&record.black), plays(&record.white));
            let learn = |color| if color == Color::Black { black } else { white };
            let lines = extract(&format!("d{}-{number}", k + 1), &record, learn).map_err(
                |move_number| anyhow!("{}: move {move_number} cannot be played", file.display()),
            )?;
            out.push_str(&lines);
        }
    }
    io::print(&out)
}
