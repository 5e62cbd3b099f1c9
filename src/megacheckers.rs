//! `boardgames megacheckers`: the MegaCheckers contest program.

use anyhow::Result;
use megacheckers::contest::{self, Options};

use crate::io::{self, InputArg};

/// MegaCheckers: the most opponent pieces one capture move can take, for each board.
///
/// Each test case is `N M` (rows and columns, each 3..20, N × M at most 200) and the contents
/// of the board's homes in number order: `0` empty, `1` yours, `2` the opponent's. Homes are
/// the squares (row r, column c) with r + c even, numbered from 1 row by row from your edge,
/// each row left to right. `0 0` or the end of the input ends it. Prints one line per board:
/// the most opponent pieces one of your pieces can take in one capture move, jumping
/// diagonally forward or backward and never over the same piece twice.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,

    /// After each answer, print a line with one capture that takes that many pieces: the homes
    /// the piece visits, joined by `x` (`1x5x7`), or `-` when no capture is possible.
    #[arg(long)]
    path: bool,
}

pub fn run(args: Args) -> Result<()> {
    let input = args.input.read()?;
    let options = Options { paths: args.path };
    io::print(&input.parse(|text| contest::run_with(text, options))?)
}
