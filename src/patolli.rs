//! `boardgames patolli`: the ACSL Patolli contest program, in its three divisions.

use anyhow::Result;
use patolli::Division;
use patolli::contest::{self, Options};

use crate::io::{self, ColorArg, InputArg};

#[derive(clap::Args, Debug)]
#[command(about = text::cli::summary(contest::ABOUT), long_about = contest::ABOUT)]
#[command(after_long_help = contest::FORMAT)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,

    /// The contest division whose input and output format to use.
    #[arg(long, value_enum, ignore_case = true, default_value_t = Division::Intermediate)]
    division: Division,

    /// Also write every roll of every line to stderr: whose marker moves, where it lands,
    /// which rule decided and why it stopped, and the track with the markers before and
    /// after (`P` the player's, `O` the opponent's; `A` and `B` in Senior); stdout keeps
    /// exactly the contest output.
    #[arg(long)]
    trace: bool,

    #[command(flatten)]
    color: ColorArg,
}

pub fn run(args: Args) -> Result<()> {
    let input = io::read(&args.input)?;
    let options = Options {
        division: args.division,
        trace: args.trace,
        color: io::stderr_color_of(args.color),
    };
    let played = input.parse(|text| contest::run_with(text, options))?;
    io::comment(&played.trace)?;
    io::print(&played.output)
}
