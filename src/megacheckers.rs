//! `boardgames megacheckers`: the MegaCheckers contest program.

use anyhow::Result;
use megacheckers::contest::{self, Options};

use crate::io;

pub use megacheckers::cli::Args;

pub fn run(args: Args) -> Result<()> {
    let options = Options {
        paths: args.path,
        color: io::color(args.color, std::io::stderr()),
    };
    crate::contest::run(&args.input, |text| contest::run_with(text, options))
}
