//! `boardgames patolli`: the ACSL Patolli contest program, in its three divisions.

use anyhow::Result;
use patolli::contest::{self, Options};

use crate::io;

pub use patolli::cli::Args;

pub fn run(args: Args) -> Result<()> {
    let options = Options {
        division: args.division,
        trace: args.trace,
        color: io::color(args.color, std::io::stderr()),
    };
    crate::contest::run(&args.input, |text| contest::run_with(text, options))
}
