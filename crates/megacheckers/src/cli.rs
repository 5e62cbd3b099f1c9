//! The MegaCheckers command's arguments (clap, behind the `clap` feature), for the
//! `boardgames` binary.

use cli_args::{ColorArg, InputArg};

use crate::contest;

#[derive(clap::Args, Debug)]
#[command(about = cli_args::summary(contest::ABOUT), long_about = contest::ABOUT)]
#[command(after_long_help = contest::FORMAT)]
#[allow(missing_docs)] // A doc comment would be its help; its help is set above.
pub struct Args {
    /// The input file.
    #[command(flatten)]
    pub input: InputArg,

    /// After each answer, print a line with one capture that takes that many pieces: the homes
    /// the piece visits, joined by `x` (`1x5x7`), or `-` when no capture is possible; and
    /// draw each board with that capture on stderr.
    #[arg(long)]
    pub path: bool,

    /// When to colour the boards.
    #[command(flatten)]
    pub color: ColorArg,
}
