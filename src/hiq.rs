//! `boardgames hiq`: the Hi-Q contest program.

use std::fmt::Write as _;

use anyhow::Result;
use hiq::{Game, Layout, Output, contest};

use crate::demo::Sample;
use crate::io::{self, Input, InputArg};

/// Hi-Q: 33-hole peg solitaire played by a fixed rule; prints the sum of the pegs left.
///
/// Plays each instance by the contest's rule and prints the sum of the numbers of the holes
/// left with pegs, between `HI Q OUTPUT` and `END OF OUTPUT`. The input is a count N, then N instances, each the holes with pegs (1..33) ended by `0`.
/// Line breaks may fall anywhere, and the holes may come in any order (the contest promised
/// increasing order). The rule: always the jump into the largest empty hole, and among jumps
/// into that hole the one from the largest hole, until no jump is left.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,

    /// Also write every jump of every instance to stderr, as the contest's walk-through does;
    /// stdout keeps exactly the contest output.
    #[arg(long)]
    trace: bool,
}

pub fn run(args: Args) -> Result<()> {
    let input = args.input.read()?;
    let (output, trace) = play(&input)?;
    if args.trace {
        io::comment(&trace)?;
    }
    io::print(&output)
}

/// The contest output for an input, and the trace of its games.
fn play(input: &Input) -> Result<(String, String)> {
    let starts = input.parse(contest::parse)?;
    let games: Vec<Game> = starts
        .into_iter()
        .map(|start| Game::play(Layout::english(), start))
        .collect();
    let mut trace = String::new();
    for (number, game) in (1..).zip(&games) {
        write!(trace, "instance {number}: {}", game.trace())?;
    }
    let ends: Vec<_> = games.iter().map(|game| game.end).collect();
    Ok((Output(&ends).to_string(), trace))
}

pub const SAMPLE: Sample = Sample {
    title: "Hi-Q",
    command: "boardgames hiq",
    input: include_str!("../tests/cmd/hiq/sample.stdin"),
    run: |input| Ok(play(input)?.0),
};
