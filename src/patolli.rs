//! `boardgames patolli`: the ACSL Patolli contest program, in its three divisions.

use anyhow::Result;
use patolli::Division;
use patolli::contest::{self, Options};

use crate::io::{self, InputArg};

/// Patolli: markers race round a 52-location track by die rolls; prints where they end.
///
/// Each input line is one game and gives one output line; blank lines are skipped. Every roll
/// moves the lowest marker of the side that rolls, by the ACSL rules in their order: an
/// occupied target or one beyond 52 and the marker stays; a prime slides it forward 6, a
/// square above 4 back 6, each stopping before any marker; a path that turns from horizontal
/// to vertical lands on the multiple of the roll, or stays. A marker that reaches 52 leaves
/// the board (one given on 52 has already finished).
///
/// Junior: `o1 o2 o3 p r d1..dr`, prints the player's location or GAME OVER. Intermediate:
/// `o1 o2 o3 p1 p2 p3 r d1..dr`, prints the player's locations in increasing order or GAME
/// OVER. Senior: `a1 a2 a3 b1 b2 b3 r d1..dr`, rolls alternate A, B, A, ...; prints the sums of
/// A's and B's locations still on the board. A roll of a side with no marker left is lost.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,

    /// The contest division whose input and output format to use.
    #[arg(long, value_enum, default_value_t = Division::Intermediate)]
    division: Division,

    /// Also write every roll of every line to stderr: whose marker moves, where it lands,
    /// which rule decided and why it stopped; stdout keeps exactly the contest output.
    #[arg(long)]
    trace: bool,
}

pub fn run(args: Args) -> Result<()> {
    let input = args.input.read()?;
    let options = Options {
        division: args.division,
        trace: args.trace,
    };
    let played = input.parse(|text| contest::run_with(text, options))?;
    io::comment(&played.trace)?;
    io::print(&played.output)
}
