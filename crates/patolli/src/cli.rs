//! The Patolli command's arguments (clap, behind the `clap` feature), for the `boardgames`
//! binary.

use cli_args::{ColorArg, InputArg};

use crate::Division;
use crate::contest;

#[derive(clap::Args, Debug)]
#[command(about = cli_args::summary(contest::ABOUT), long_about = contest::ABOUT)]
#[command(after_long_help = contest::FORMAT)]
#[allow(missing_docs)] // A doc comment would be its help; its help is set above.
pub struct Args {
    /// The input file.
    #[command(flatten)]
    pub input: InputArg,

    /// The contest division whose input and output format to use.
    #[arg(long, value_enum, ignore_case = true, default_value_t = Division::Intermediate)]
    pub division: Division,

    /// Also write every roll of every line to stderr: whose marker moves, where it lands,
    /// which rule decided and why it stopped, and the track with the markers before and
    /// after (`P` the player's, `O` the opponent's; `A` and `B` in Senior); stdout keeps
    /// exactly the contest output.
    #[arg(long)]
    pub trace: bool,

    /// When to colour the track.
    #[command(flatten)]
    pub color: ColorArg,
}
