//! `boardgames hiq`: the Hi-Q contest program, and `hiq solve` and `hiq count` beyond it.

use std::path::PathBuf;

use anyhow::Result;
use clap::Subcommand;
use hiq::{Answer, CensusTable, Goal, Layout, contest};

use crate::io::{self, InputArg};

/// Hi-Q: 33-hole peg solitaire played by a fixed rule; prints the sum of the pegs left.
///
/// Plays each instance by the contest's rule and prints the sum of the numbers of the holes
/// left with pegs, between `HI Q OUTPUT` and `END OF OUTPUT`. The input is a count N, then N
/// instances, each the holes with pegs (1..33) ended by `0`. Line breaks may fall anywhere,
/// and the holes may come in any order (the contest promised increasing order). The rule: always the jump into the largest empty hole, and among jumps
/// into that hole the one from the largest hole, until no jump is left.
///
/// Beyond the contest, `hiq solve` finds the best play from a position and `hiq count` counts
/// every way the central game can go. A contest input file named like a command (`solve`,
/// `count`) is given as `./solve`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = LONG_HELP)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    input: InputArg,

    /// Also write every jump of every instance to stderr, as the contest's walk-through does;
    /// stdout keeps exactly the contest output.
    #[arg(long)]
    trace: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    Solve(SolveArgs),
    Count(CountArgs),
}

/// Best play from each position: the fewest pegs that can remain, and jumps that leave them.
///
/// The positions are hole lists in the contest's format (a count, then each position's holes
/// with pegs, ended by `0`), or pictures of the board: `o` a peg, `.` an empty hole, a space
/// no hole, one character a cell or cells a space apart; pictures are separated by blank
/// lines. The first character that is not whitespace decides: a digit starts hole lists.
/// Each answer shows the position and where the jumps lead as pictures, then the jumps.
#[derive(clap::Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArg,

    /// Instead, one peg left in this hole (by its number, holes counted row by row from 1):
    /// jumps that get there, or a plain statement that none do.
    #[arg(long, value_name = "HOLE", value_parser = parse_hole)]
    finish: Option<u32>,

    #[command(flatten)]
    board: BoardArg,
}

/// Counts the central game (every hole full but the centre) level by level.
///
/// For each number of jumps: the positions reachable (those that a rotation or reflection of
/// the board keeping the centre in place maps onto each other count once), those from which one
/// peg in the centre can still be reached, the jump sequences that get there, and those that
/// end there with no jump left; then the sequences that end with one peg in the centre and
/// all complete games. The centre is the hole nearest the middle of the board (the first in
/// reading order if several are as near). Shows a progress bar on stderr when it is a terminal.
#[derive(clap::Args, Debug)]
struct CountArgs {
    #[command(flatten)]
    board: BoardArg,

    /// Give up when one level holds more positions than this, to keep memory bounded (about
    /// 100 bytes a position: the default allows some 1 GB; the 33-hole board needs 3.6 million).
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    max_positions: u64,
}

#[derive(clap::Args, Debug)]
struct BoardArg {
    /// The board: `english` (the contest's 33-hole cross), `european` (37 holes), in any
    /// case, or a file holding a picture of one (`o` or `.` a hole, a space no hole; at most
    /// 64 holes). A file named `english` or `european` is given as `./english`.
    #[arg(long, value_name = "BOARD", default_value = "english", value_parser = parse_board)]
    board: PathBuf,
}

/// A board's name in any case (as its lower-case name), or the name of a file that exists.
fn parse_board(text: &str) -> Result<PathBuf, String> {
    let lower = text.to_ascii_lowercase();
    if lower == "english" || lower == "european" {
        return Ok(PathBuf::from(lower));
    }
    let path = PathBuf::from(text);
    if path.is_file() {
        Ok(path)
    } else {
        Err("the boards are english, european, or a file holding a picture of one; there is no such file".into())
    }
}

/// A hole's number.
fn parse_hole(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| {
        "a hole is given by its number, counted row by row from 1 (1..33 on the english board; see `boardgames hiq --help`)".to_string()
    })
}

impl BoardArg {
    /// The board, and its name for the reader.
    fn layout(&self) -> Result<(Layout, String)> {
        match self.board.to_str() {
            Some("english") => Ok((Layout::english().clone(), "english".into())),
            Some("european") => Ok((Layout::european().clone(), "european".into())),
            _ => {
                let input = io::read_path(&self.board)?;
                Ok((input.parse(Layout::from_picture)?, input.name))
            }
        }
    }
}

pub fn run(args: Args) -> Result<()> {
    match args.command {
        Some(Command::Solve(args)) => solve(args),
        Some(Command::Count(args)) => count(args),
        None => {
            let input = args.input.read()?;
            let played = input.parse(contest::run_traced)?;
            if args.trace {
                io::comment(&played.trace)?;
            }
            io::print(&played.output)
        }
    }
}

fn solve(args: SolveArgs) -> Result<()> {
    let (layout, name) = args.board.layout()?;
    let goal = match args.finish {
        None => Goal::Fewest,
        Some(number) => Goal::Finish(layout.hole(number).ok_or_else(|| {
            io::usage(
                &["hiq", "solve"],
                format!(
                    "invalid value '{number}' for '--finish <HOLE>': the {name} board has holes 1..{}",
                    layout.holes()
                ),
            )
        })?),
    };
    let input = args.input.read()?;
    let starts = input.parse(|text| hiq::parse_positions(&layout, text))?;
    let answers: Vec<String> = (1..)
        .zip(starts)
        .map(|(number, start)| Answer::solve(&layout, number, start, goal).to_string())
        .collect();
    io::print(&answers.join("\n"))
}

fn count(args: CountArgs) -> Result<()> {
    let (layout, name) = args.board.layout()?;
    let levels = layout.holes().saturating_sub(1) as u64;
    let bar = indicatif::ProgressBar::new(levels).with_style(
        indicatif::ProgressStyle::with_template("counting {bar:32} {pos}/{len} levels {msg}")
            .expect("the template is valid"),
    );
    let census = hiq::census_within(
        &layout,
        u32::MAX,
        args.max_positions,
        &|jumps, positions| {
            bar.set_message(format!("(level {jumps}: {positions} positions)"));
            bar.inc(1);
        },
    );
    bar.finish_and_clear();
    let census = census.map_err(|err| {
        anyhow::anyhow!(
            "{name} board: {err} (--max-positions); the count needs about 100 bytes a position"
        )
    })?;
    io::print(&CensusTable::new(&layout, &name, &census).to_string())
}

/// The holes' numbers and an example, for `hiq --help`.
const LONG_HELP: &str = "\
The 33 holes, numbered row by row:
        1  2  3
        4  5  6
  7  8  9 10 11 12 13
 14 15 16 17 18 19 20
 21 22 23 24 25 26 27
       28 29 30
       31 32 33

Example (one instance: pegs in holes 10 12 17 19 25):
  $ printf '1\\n10 12 17 19 25 0\\n' | boardgames hiq
  HI Q OUTPUT
  51
  END OF OUTPUT";
