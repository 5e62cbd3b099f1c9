//! `boardgames hiq`: the Hi-Q contest program, and `hiq solve` and `hiq count` beyond it.

use std::path::PathBuf;

use anyhow::Result;
use clap::Subcommand;
use hiq::{Answer, CensusTable, Goal, Layout, contest, limit};

use crate::io::{self, InputArg};

/// Beyond the contest, for `hiq --help`.
const BEYOND: &str = "\
Beyond the contest, `hiq solve` finds the best play from a position and `hiq count` counts \
every way the central game can go. A contest input file named like a command (`solve`, \
`count`) is given as `./solve`.";

#[derive(clap::Args, Debug)]
#[command(about = text::cli::summary(contest::ABOUT), long_about = format!("{}\n\n{BEYOND}", contest::ABOUT))]
#[command(after_long_help = contest::FORMAT, args_conflicts_with_subcommands = true)]
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

#[derive(clap::Args, Debug)]
#[command(about = text::cli::summary(Answer::ABOUT), long_about = Answer::ABOUT)]
#[command(after_long_help = Answer::EXAMPLE)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArg,

    /// Instead, one peg left in this hole (by its number, holes counted row by row from 1):
    /// jumps that get there, or a plain statement that none do.
    #[arg(long, value_name = "HOLE", value_parser = parse_hole, allow_negative_numbers = true)]
    finish: Option<u32>,

    #[command(flatten)]
    board: BoardArg,
}

#[derive(clap::Args, Debug)]
#[command(about = text::cli::summary(CensusTable::ABOUT), after_long_help = CensusTable::EXAMPLE)]
#[command(long_about = format!("{} {PROGRESS}", CensusTable::ABOUT))]
struct CountArgs {
    #[command(flatten)]
    board: BoardArg,

    /// Give up when one level holds more positions than this, to keep memory bounded (about
    /// 120 bytes a position). By default as many as the available memory holds (MemAvailable
    /// in /proc/meminfo; 10 million where it cannot be read). The english board needs 3.6
    /// million (0.4 GB), the european 54 million (5.8 GB): a board that needs more is
    /// refused at once.
    #[arg(long, value_name = "N", value_parser = text::cli::whole_number, allow_negative_numbers = true)]
    max_positions: Option<u64>,
}

/// What `hiq count` shows besides its output, for its help.
const PROGRESS: &str = "Shows a progress bar on stderr when it is a terminal.";

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
            let input = io::read(&args.input)?;
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
    let input = io::read(&args.input)?;
    let starts = input.parse(|text| hiq::parse_positions(&layout, text))?;
    io::print(&hiq::answers(&layout, starts, goal))
}

fn count(args: CountArgs) -> Result<()> {
    let (layout, name) = args.board.layout()?;
    let max_positions = limit::position_limit(&name, args.max_positions, limit::available_memory())
        .map_err(|refused| anyhow::anyhow!(refused.explain("--max-positions")))?;
    let levels = layout.holes().saturating_sub(1) as u64;
    let bar = indicatif::ProgressBar::new(levels).with_style(
        indicatif::ProgressStyle::with_template("counting {bar:32} {pos}/{len} levels {msg}")
            .expect("the template is valid"),
    );
    let census = hiq::census_within(&layout, u32::MAX, max_positions, &|jumps, positions| {
        bar.set_message(format!(
            "(level {jumps}: {})",
            text::Counted(positions, "position")
        ));
        bar.inc(1);
    });
    bar.finish_and_clear();
    let census = census.map_err(|err| {
        anyhow::anyhow!(
            "{name} board: {err} (--max-positions); a larger limit takes about {} bytes a position",
            limit::BYTES_PER_POSITION
        )
    })?;
    io::print(&CensusTable::new(&layout, &name, &census).to_string())
}
