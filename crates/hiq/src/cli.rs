//! The Hi-Q commands' arguments (clap, behind the `clap` feature), for the `boardgames`
//! binary.

use std::path::PathBuf;

use cli_args::{InputArg, whole_number};

use crate::{Answer, CensusTable, contest};

/// Beyond the contest, for `hiq --help`.
const BEYOND: &str = "\
Beyond the contest, `hiq solve` finds the best play from a position and `hiq count` counts \
every way the central game can go. A contest input file named like a command (`solve`, \
`count`) is given as `./solve`.";

#[derive(clap::Args, Debug)]
#[command(about = cli_args::summary(contest::ABOUT), long_about = format!("{}\n\n{BEYOND}", contest::ABOUT))]
#[command(after_long_help = contest::FORMAT, args_conflicts_with_subcommands = true)]
#[allow(missing_docs)] // A doc comment would be its help; its help is set above.
pub struct Args {
    /// The verb, if any.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// The input file.
    #[command(flatten)]
    pub input: InputArg,

    /// Also write every jump of every instance to stderr, as the contest's walk-through does;
    /// stdout keeps exactly the contest output.
    #[arg(long)]
    pub trace: bool,
}

/// `hiq`'s verbs.
#[derive(clap::Subcommand, Debug)]
#[allow(missing_docs)] // A variant's doc comment would replace its command's help.
pub enum Command {
    Solve(SolveArgs),
    Count(CountArgs),
}

#[derive(clap::Args, Debug)]
#[command(about = cli_args::summary(Answer::ABOUT), long_about = Answer::ABOUT)]
#[command(after_long_help = Answer::EXAMPLE)]
#[allow(missing_docs)] // A doc comment would be its help; its help is set above.
pub struct SolveArgs {
    /// The input file.
    #[command(flatten)]
    pub input: InputArg,

    /// Instead, one peg left in this hole (by its number, holes counted row by row from 1):
    /// jumps that get there, or a plain statement that none do.
    #[arg(long, value_name = "HOLE", value_parser = parse_hole, allow_negative_numbers = true)]
    pub finish: Option<u32>,

    /// The board.
    #[command(flatten)]
    pub board: BoardArg,
}

#[derive(clap::Args, Debug)]
#[command(about = cli_args::summary(CensusTable::ABOUT), after_long_help = CensusTable::EXAMPLE)]
#[command(long_about = format!("{} {PROGRESS}", CensusTable::ABOUT))]
#[allow(missing_docs)] // A doc comment would be its help; its help is set above.
pub struct CountArgs {
    /// The board.
    #[command(flatten)]
    pub board: BoardArg,

    /// Give up when one level holds more positions than this, to keep memory bounded (about
    /// 120 bytes a position). By default as many as the available memory holds (MemAvailable
    /// in /proc/meminfo; 10 million where it cannot be read). The english board needs 3.6
    /// million (0.4 GB), the european 54 million (5.8 GB): a board that needs more is
    /// refused at once.
    #[arg(long, value_name = "N", value_parser = whole_number, allow_negative_numbers = true)]
    pub max_positions: Option<u64>,
}

/// What `hiq count` shows besides its output, for its help.
const PROGRESS: &str = "Shows a progress bar on stderr when it is a terminal.";

#[derive(clap::Args, Debug)]
#[allow(missing_docs)] // A doc comment would be its help.
pub struct BoardArg {
    /// The board: `english` (the contest's 33-hole cross), `european` (37 holes), in any
    /// case, or a file holding a picture of one (`o` or `.` a hole, a space no hole; at most
    /// 64 holes). A file named `english` or `european` is given as `./english`.
    #[arg(long, value_name = "BOARD", default_value = "english", value_parser = parse_board)]
    pub board: PathBuf,
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
        "a hole is given by its number, counted row by row from 1 (1 to 33 on the english board; see `boardgames hiq --help`)".to_string()
    })
}
