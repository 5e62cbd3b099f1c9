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
#[command(after_long_help = SOLVE_HELP)]
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
#[command(after_long_help = COUNT_HELP)]
struct CountArgs {
    #[command(flatten)]
    board: BoardArg,

    /// Give up when one level holds more positions than this, to keep memory bounded (about
    /// 120 bytes a position). By default as many as the available memory holds (MemAvailable
    /// in /proc/meminfo; 10 million where it cannot be read). The english board needs 3.6
    /// million (0.4 GB), the european 54 million (5.8 GB): a board that needs more is
    /// refused at once.
    #[arg(long, value_name = "N")]
    max_positions: Option<u64>,
}

/// The memory a position of the largest level takes, and the rest the count keeps with it
/// (measured: 420 MB for the english board's 3.6 million, 5.8 GB for the european's 53 million).
const BYTES_PER_POSITION: u64 = 120;

/// The limit where the available memory cannot be read.
const FALLBACK_MAX_POSITIONS: u64 = 10_000_000;

/// What the count of a built-in board is known to need: positions in its largest level, and
/// the memory and time it took from a release build on two cores.
struct Known {
    positions: u64,
    memory: &'static str,
    time: &'static str,
}

/// The english board's largest level (17 jumps) has 3,626,632 positions (OEIS A112737).
const ENGLISH: Known = Known {
    positions: 3_626_632,
    memory: "0.4 GB",
    time: "6 s",
};

/// The european board's largest level holds some 53 million positions (the count with
/// --max-positions 150000000 took 2 min 8 s and 5.8 GB); 54 million is a bound above it.
const EUROPEAN: Known = Known {
    positions: 54_000_000,
    memory: "5.8 GB",
    time: "2 min",
};

/// The memory available for new work, in bytes: MemAvailable in a /proc/meminfo text.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// Bytes as a person reads them: `5.8 GB`, `420 MB`.
fn bytes(n: u64) -> String {
    if n >= 1_000_000_000 {
        format!("{:.1} GB", n as f64 / 1e9)
    } else {
        format!("{} MB", n / 1_000_000)
    }
}

/// The limit of positions a level for a board (`known` for the built-in ones), as given or as
/// the available memory (`available`, in bytes) holds; or why the count cannot be done, at once
/// rather than after minutes.
fn position_limit(
    name: &str,
    known: Option<&Known>,
    given: Option<u64>,
    available: Option<u64>,
) -> Result<u64> {
    let limit = given.unwrap_or_else(|| {
        available.map_or(FALLBACK_MAX_POSITIONS, |bytes| bytes / BYTES_PER_POSITION)
    });
    let Some(known) = known.filter(|known| known.positions > limit) else {
        return Ok(limit);
    };
    let why = match (given, available) {
        (Some(given), _) => format!("more than --max-positions {given} allows"),
        (None, Some(available)) => format!(
            "more than the {} available memory holds ({limit} at about {BYTES_PER_POSITION} bytes each)",
            bytes(available)
        ),
        (None, None) => format!("more than the default --max-positions {limit} allows"),
    };
    anyhow::bail!(
        "counting the {name} board keeps up to {} positions in one level, {why}; pass --max-positions {} to count it (it takes about {} and {} on two cores)",
        known.positions,
        known.positions,
        known.memory,
        known.time
    )
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

/// The answers of `hiq solve` for the positions of an input.
fn answers(layout: &Layout, starts: Vec<hiq::Position>, goal: Goal) -> String {
    let answers: Vec<String> = (1..)
        .zip(starts)
        .map(|(number, start)| Answer::solve(layout, number, start, goal).to_string())
        .collect();
    answers.join("\n")
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
    io::print(&answers(&layout, starts, goal))
}

fn count(args: CountArgs) -> Result<()> {
    let (layout, name) = args.board.layout()?;
    let known = match name.as_str() {
        "english" => Some(&ENGLISH),
        "european" => Some(&EUROPEAN),
        _ => None,
    };
    let available = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|meminfo| mem_available(&meminfo));
    let max_positions = position_limit(&name, known, args.max_positions, available)?;
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
            "{name} board: {err} (--max-positions); a larger limit takes about {BYTES_PER_POSITION} bytes a position"
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

/// An example, for `hiq solve --help`.
const SOLVE_HELP: &str = "\
Example (one position: pegs in holes 10 11 17 24):
  $ printf '1\\n10 11 17 24 0\\n' | boardgames hiq solve
  position 1: 4 pegs; at best 1 peg can remain, after 3 jumps
    start            end
        . . .            . . .
        . . .            . . .
    . . . o o . .    . . . . o . .
    . . . o . . .    . . . . . . .
    . . . o . . .    . . . . . . .
        . . .            . . .
        . . .            . . .
     1: 11 over 10 to 9
     2: 24 over 17 to 10
     3: 9 over 10 to 11";

/// An example, for `hiq count --help`.
const COUNT_HELP: &str = "\
Example (a board of 12 holes, drawn in small.txt: `o` a hole):
  $ printf 'o\\noooo\\noooo\\nooo\\n' > small.txt
  $ boardgames hiq count --board small.txt
  central game on the small.txt board: 12 holes, all full but hole 3
    o
    o . o o
    o o o o
    o o o
  positions count once per class of the 1 symmetry that keeps hole 3 in place
  jumps  pegs  positions  winning  sequences  ended
      0    11          1        1          1      0
      1    10          2        1          2      0
      2     9          3        2          3      0
      3     8          7        5          7      0
      4     7         16        8         22      0
      5     6         21        8         59     12
      6     5         20        8        121      0
      7     4         22        5        277      8
      8     3         10        2        385    185
      9     2          2        1        200     88
     10     1          1        1        112    112
  total              105       42       1189    405
  positions: reachable after that many jumps; winning: from which one peg in hole 3 can be reached;
  sequences: jump sequences of that length; ended: those after which no jump is left (complete games)
  solutions (jump sequences that end with one peg in hole 3): 112
  complete games (jump sequences until no jump is left): 405";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_english_boards_largest_level_is_the_published_one() {
        let data = include_str!("../crates/hiq/tests/data/central-game.txt");
        let largest = data
            .lines()
            .find_map(|line| line.strip_prefix("reachable "))
            .unwrap()
            .split(' ')
            .map(|n| n.parse::<u64>().unwrap())
            .max();
        assert_eq!(largest, Some(ENGLISH.positions));
    }

    #[test]
    fn the_available_memory_is_read_from_meminfo() {
        let meminfo =
            "MemTotal:       24576000 kB\nMemFree:        1000 kB\nMemAvailable:    8000000 kB\n";
        assert_eq!(mem_available(meminfo), Some(8_192_000_000));
        assert_eq!(mem_available("MemTotal: 1 kB\n"), None);
        assert_eq!(mem_available("MemAvailable: lots\n"), None);
    }

    #[test]
    fn a_count_too_large_for_the_limit_is_refused_at_once() {
        const GB: u64 = 1 << 30;
        // The european board on a machine with 4 GB available: refused, saying what to pass.
        let err = position_limit("european", Some(&EUROPEAN), None, Some(4 * GB)).unwrap_err();
        let message = err.to_string();
        assert!(
            message.contains("pass --max-positions 54000000"),
            "{message}"
        );
        assert!(message.contains("4.3 GB available memory"), "{message}");
        assert!(message.contains("5.8 GB"), "{message}");
        // With 8 GB it is counted, as far as that memory holds.
        assert_eq!(
            position_limit("european", Some(&EUROPEAN), None, Some(8 * GB)).unwrap(),
            8 * GB / BYTES_PER_POSITION
        );
        // A limit given too small for the board is refused whatever the memory.
        let err = position_limit("european", Some(&EUROPEAN), Some(10_000_000), Some(64 * GB));
        assert!(
            err.unwrap_err()
                .to_string()
                .contains("more than --max-positions 10000000 allows")
        );
        // The english board fits in 1 GB; a board of a file has no known bound.
        assert!(position_limit("english", Some(&ENGLISH), None, Some(GB)).is_ok());
        assert_eq!(
            position_limit("x.txt", None, Some(10), Some(GB)).unwrap(),
            10
        );
        assert_eq!(
            position_limit("x.txt", None, None, None).unwrap(),
            FALLBACK_MAX_POSITIONS
        );
    }
}
