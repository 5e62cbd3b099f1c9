//! `boardgames patolli`: the ACSL Patolli contest program, in its three divisions.

use anyhow::Result;
use patolli::Division;
use patolli::contest::{self, Options};

use crate::io::{self, ColorArg, InputArg};

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
#[command(after_long_help = LONG_HELP)]
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
    let input = args.input.read()?;
    let options = Options {
        division: args.division,
        trace: args.trace,
        color: args.color.stderr(),
    };
    let played = input.parse(|text| contest::run_with(text, options))?;
    io::comment(&played.trace)?;
    io::print(&played.output)
}
/// The track's numbering and an example, for `patolli --help`.
const LONG_HELP: &str = "\
The track's 52 locations; markers move in numerical order:
             1 52
             2 51
 7  6  5  4  3 50 49 48 47 46
 8  9 10 11 12 41 42 43 44 45
17 16 15 14 13 40 39 38 37 36
18 19 20 21 22 31 32 33 34 35
            23 30
            24 29
            25 28
            26 27

Example (Intermediate: opponent on 4 14 24, player on 1 8 12, 6 rolls):
  $ echo '4 14 24 1 8 12 6 6 3 5 1 5 6' | boardgames patolli
  13 15 18";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_picture_is_the_track() {
        let picture: Vec<Vec<u8>> = LONG_HELP
            .lines()
            .skip(1)
            .take(10)
            .map(|line| {
                line.split_whitespace()
                    .map(|n| n.parse().unwrap())
                    .collect()
            })
            .collect();
        for (row, grid) in picture.iter().zip(patolli::GRID) {
            let drawn: Vec<u8> = grid.into_iter().filter(|&n| n != 0).collect();
            assert_eq!(row, &drawn);
        }
    }
}
