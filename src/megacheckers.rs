//! `boardgames megacheckers`: the MegaCheckers contest program.

use anyhow::Result;
use megacheckers::contest;

use crate::io::{self, ColorArg, InputArg};

#[derive(clap::Args, Debug)]
#[command(about = text::cli::summary(contest::ABOUT), long_about = contest::ABOUT)]
#[command(after_long_help = contest::FORMAT)]
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
    let input = io::read(&args.input)?;
    if args.path {
        let drawn =
            input.parse(|text| contest::run_drawn(text, io::stderr_color_of(args.color)))?;
        io::comment(&drawn.pictures)?;
        io::print(&drawn.output)
    } else {
        io::print(&input.parse(contest::run)?)
    }
}
