//! `boardgames hex`: the Hex contest's position analyzer, and the solver (`solve`).

mod solve;

use anyhow::Result;
use hex::contest;

use crate::io::{self, InputArg};

/// Hex: who has won, or each player's fewest moves to win, drawn on the board.
///
/// The input is a count D, then D data sets, each a board size S (1..26), the numbers of cells
/// held by X and by O, X's cells, then O's cells. Cells are a column letter (either case) and a
/// row number: A1 is the top-left corner, and each row is drawn half a cell right of the one
/// above. X joins the first and last columns, O the first and last rows. The input is read as
/// words: line breaks may fall anywhere, and an empty list of cells may be a blank line or none.
///
/// Prints `Analyzing D data set(s)`, then for each data set `Data set K`, `Board Position:` and
/// the board; then `X has won!` or `O has won!`, or else, for X and then O, `Best case for P:`,
/// the board with one shortest completion added (the opponent not moving), and `Number of
/// moves: N`. Boards show `X`, `O` and `-`, three spaces between cells, each row indented two
/// spaces more than the one above. A blank line follows every board and every `... has won!`
/// and `Number of moves: N` line.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
#[command(after_long_help = LONG_HELP)]
pub struct Args {
    #[command(subcommand)]
    verb: Option<Verb>,
    #[command(flatten)]
    input: InputArg,
}

#[derive(clap::Subcommand, Debug)]
enum Verb {
    Solve(solve::Args),
}

pub fn run(args: Args) -> Result<()> {
    match args.verb {
        Some(Verb::Solve(args)) => solve::run(args),
        None => {
            let input = args.input.read()?;
            io::print(&input.parse(contest::run)?)
        }
    }
}
/// The board's lettering and an example, for `hex --help`.
const LONG_HELP: &str = "\
A board of size 3: columns A.., rows 1.., each row half a cell right of the one above;
X joins columns A and C, O rows 1 and 3:
A1  B1  C1
  A2  B2  C2
    A3  B3  C3

Example (size 2, X on A1 and B1, O on none; the blank line is O's empty list):
  $ printf '1\\n2\\n2 0\\na1 b1\\n\\n' | boardgames hex
  Analyzing 1 data set(s)
  Data set 1
  Board Position:
  X   X
    -   -

  X has won!
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_example_prints_what_it_shows() {
        let (input, shown) = io::help_example(LONG_HELP, "boardgames hex");
        assert_eq!(
            input.parse(contest::run).unwrap().trim_end(),
            shown.trim_end()
        );
    }
}
