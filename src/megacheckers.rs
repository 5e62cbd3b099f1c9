//! `boardgames megacheckers`: the MegaCheckers contest program.

use anyhow::Result;
use megacheckers::contest;

use crate::io;

pub use megacheckers::cli::Args;

pub fn run(args: Args) -> Result<()> {
    let input = io::read(&args.input)?;
    if args.path {
        let drawn = input
            .parse(|text| contest::run_drawn(text, io::color(args.color, std::io::stderr())))?;
        io::comment(&drawn.pictures)?;
        io::print(&drawn.output)
    } else {
        io::print(&input.parse(contest::run)?)
    }
}
