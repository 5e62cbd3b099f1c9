//! `boardgames megacheckers`: the MegaCheckers contest program.

use anyhow::Result;
use megacheckers::contest;

use crate::io::{self, ColorArg, InputArg};

/// MegaCheckers: the most opponent pieces one capture move can take, for each board.
///
/// Each test case is `N M` (rows and columns, each 3..20, N × M at most 200) and the contents
/// of the board's homes in number order: `0` empty, `1` yours, `2` the opponent's. Homes are
/// the squares (row r, column c) with r + c even, numbered from 1 row by row from your edge,
/// each row left to right. `0 0` or the end of the input ends it. Prints one line per board:
/// the most opponent pieces one of your pieces can take in one capture move, jumping
/// diagonally forward or backward and never over the same piece twice.
#[derive(clap::Args, Debug)]
#[command(after_long_help = LONG_HELP)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,

    /// After each answer, print a line with one capture that takes that many pieces: the homes
    /// the piece visits, joined by `x` (`1x5x7`), or `-` when no capture is possible; and
    /// draw each board with that capture on stderr.
    #[arg(long)]
    path: bool,

    #[command(flatten)]
    color: ColorArg,
}

pub fn run(args: Args) -> Result<()> {
    let input = args.input.read()?;
    if args.path {
        let drawn = input.parse(|text| contest::run_drawn(text, args.color.stderr()))?;
        io::comment(&drawn.pictures)?;
        io::print(&drawn.output)
    } else {
        io::print(&input.parse(contest::run)?)
    }
}

/// The homes' numbering and an example, for `megacheckers --help`.
const LONG_HELP: &str = "\
The homes of a 5 x 3 board, your edge at the bottom (row 0), numbered row by row from it:
 7  .  8
 .  6  .
 4  .  5
 .  3  .
 1  .  2

Example (that board: yours on 1 and 4, the opponent's on 3 and 6):
  $ printf '5 3\\n1 0 2 1 0 2 0 0\\n0 0\\n' | boardgames megacheckers --path
  2
  1x5x7";
