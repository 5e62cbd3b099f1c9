//! `boardgames hex`: the Hex contest's position analyzer, and the solver (`solve`).

mod solve;

use anyhow::Result;
use hex::{Analysis, Output, contest};

use crate::demo::Sample;
use crate::io::{self, Input, InputArg};

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
            io::print(&analyse(&input)?)
        }
    }
}

/// The contest output for an input.
fn analyse(input: &Input) -> Result<String> {
    let analyses: Vec<Analysis> = input
        .parse(contest::parse)?
        .into_iter()
        .map(Analysis::of)
        .collect();
    Ok(Output(&analyses).to_string())
}

pub const SAMPLE: Sample = Sample {
    title: "Hex",
    command: "boardgames hex",
    input: include_str!("../tests/cmd/hex/sample-1.stdin"),
    run: analyse,
};
