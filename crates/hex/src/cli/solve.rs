//! `hex solve`'s arguments, and the solver's knowledge switches.

use std::path::PathBuf;
use std::time::Duration;

use cli_args::{InputArg, whole_number};

use super::invalid;
use crate::board::{Cell, Color};
use crate::solver::{Knowledge, Limits};

/// Solve Hex positions: who wins with the side to move, and a winning move.
///
/// The position is read as contest input (every data set is solved in turn). The side to move
/// is X when both have as many stones, O when X has one more; `--to-move` says it otherwise.
/// An input starting with `(;` is an SGF record (HexGui's): the position after its moves,
/// Black as O (top to bottom) and White as X, with the side whose turn it is to move.
/// Prints the winner, a winning move when the winner is to move, the proof's size (positions
/// in the proof tree) and the time, or `unknown within the limits`. With `--openings N` it
/// solves every first move on an empty NxN board instead, prints a table and draws the board
/// with each opening marked `W` (the first player wins) or `L`.
///
/// Boards up to 19x19. A proof file (`--book`) keeps solved positions and openings: it is read
/// first when it exists and written back with what the run proved (or to `--proofs-out`), so
/// that later runs and other jobs reuse them. An opening the proof files record is not
/// searched again: jobs on other machines can each solve a few openings (`--only`), and a
/// run given all their files (`--book` repeated) prints the whole table without searching.
#[derive(clap::Args, Debug)]
#[command(after_long_help = EXAMPLE)]
pub struct SolveArgs {
    /// The input file.
    #[command(flatten)]
    pub input: InputArg,
    /// The side to move (x or o) instead of the one the stones imply.
    #[arg(long, value_name = "PLAYER", value_parser = parse_player)]
    pub to_move: Option<Color>,
    /// Solve every opening of an empty NxN board instead of reading a position.
    #[arg(long, value_name = "N", value_parser = cli_args::whole_number_in(1u8, 11), allow_negative_numbers = true)]
    pub openings: Option<u8>,
    /// With --openings: who opens (x or o).
    #[arg(long, value_name = "PLAYER", value_parser = parse_player, default_value = "x")]
    pub first: Color,
    /// Seconds each position may take (no limit by default).
    #[arg(long, value_name = "SECONDS", value_parser = time, allow_negative_numbers = true)]
    time: Option<Duration>,
    /// Positions each search may expand, checked every 1024 (no limit by default); with 0 a
    /// table is put together from proof files with next to no search.
    #[arg(long, value_name = "N", value_parser = whole_number, allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// MiB for the transposition table at most (a small search takes only what it needs).
    #[arg(long, value_name = "MIB", default_value = "256", value_parser = mebibytes, allow_negative_numbers = true)]
    memory: usize,
    /// Threads searching each position together, on one table (one per core by default, one
    /// with --openings; a search of a few thousand positions is done by one alone).
    #[arg(long, value_name = "T", value_parser = cli_args::whole_number_in(1u16, 256), allow_negative_numbers = true)]
    threads: Option<u16>,
    /// With --openings: how many openings are solved at once, each with its own table of
    /// --memory / N MiB and its --threads (by default the cores over --threads, at least one).
    #[arg(
        long,
        value_name = "N",
        value_parser = cli_args::whole_number_in(1u16, 256),
        allow_negative_numbers = true,
        requires = "openings"
    )]
    pub jobs: Option<u16>,
    /// With --openings: solve only these openings (and their half turns), like A1,B3.
    #[arg(
        long,
        value_name = "CELLS",
        value_delimiter = ',',
        requires = "openings"
    )]
    only: Option<Vec<String>>,
    /// A proof file to read (if it exists) and to write back with the new proofs; when
    /// repeated, every one is read and --proofs-out says where they all go.
    #[arg(long, value_name = "FILE")]
    pub book: Vec<PathBuf>,
    /// Where the proofs (those read and the new ones) are written instead of --book.
    #[arg(long, value_name = "FILE")]
    proofs_out: Option<PathBuf>,
    /// Write each position's proof tree to FILE as SGF (HexGui opens it): the winner's
    /// winning move at its turns, every move the loser had to be refuted in at the other's,
    /// each a variation; a comment marks the positions the knowledge decides at once and
    /// those reached again by other moves.
    #[arg(long, value_name = "FILE", conflicts_with = "openings")]
    pub proof_tree: Option<PathBuf>,
    /// The solver's knowledge.
    #[command(flatten)]
    pub knowledge: KnowledgeArgs,
}

/// An example, for `hex solve --help`.
const EXAMPLE: &str = "\
Example (an empty 3x3 board, X to move; `--openings 3` would solve each first move):
  $ printf '1\\n3\\n0 0\\n' | boardgames hex solve
  Data set 1, X to move:
  -   -   -
    -   -   -
      -   -   -
  X wins, playing B2
  proof: 1 position (1 searched) in [..] s

Example (O on A4 of 4x4, X to move: the proof tree as SGF, which HexGui opens):
  $ printf '1\\n4\\n0 1\\nA4\\n' | boardgames hex solve --to-move x --proof-tree proof.sgf > /dev/null; cat proof.sgf
  (;FF[4]GM[11]SZ[4]AP[boardgames]AB[a4]PL[W]C[B wins; the proof tree: 5 positions]
  (;W[c1];B[d1]C[decided by the knowledge])
  (;W[b3];B[a3]C[decided by the knowledge]))";

/// The solver's knowledge, each part a switch that turns it off (to weigh what it is worth).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct KnowledgeArgs {
    /// Tuning: no virtual connections (only a chain of stones ends the search; implies the
    /// next two).
    #[arg(long, hide = true)]
    no_connections: bool,
    /// Tuning: no H-search (bridges and edge templates only).
    #[arg(long, hide = true)]
    no_h_search: bool,
    /// Tuning: every empty cell is searched, not only the must-play region.
    #[arg(long, hide = true)]
    no_must_play: bool,
    /// Tuning: a position and its half turn are kept apart.
    #[arg(long, hide = true)]
    no_symmetry: bool,
    /// Tuning: dead and captured cells are searched like any other.
    #[arg(long, hide = true)]
    no_inferior: bool,
    /// Tuning: moves the opponent can kill with one reply are searched like any other.
    #[arg(long, hide = true)]
    no_vulnerable: bool,
    /// Tuning: moves another move dominates (leaves dead or captured) are searched too.
    #[arg(long, hide = true)]
    no_dominated: bool,
    /// Tuning: no edge template IV-1a (from the fourth row) among the connections.
    #[arg(long, hide = true)]
    no_fourth_row: bool,
    /// Tuning: no edge templates that need a second stone (fourth and fifth rows).
    #[arg(long, hide = true)]
    no_stone_templates: bool,
    /// Tuning: a losing move's proof does not rule out its siblings.
    #[arg(long, hide = true)]
    no_proof_sets: bool,
    /// Tuning: every move not yet lost takes part at each position (no widening).
    #[arg(long, hide = true)]
    no_widening: bool,
    /// Tuning: moves are tried from the centre outwards, not by the current through them.
    #[arg(long, hide = true)]
    no_resistance: bool,
    /// Tuning: the circuits link only neighbours and bridges, not H-search's connections.
    #[arg(long, hide = true)]
    no_connected_circuit: bool,
}

impl KnowledgeArgs {
    /// The knowledge these switches leave on.
    pub fn knowledge(self) -> Knowledge {
        Knowledge {
            connections: !self.no_connections,
            must_play: !self.no_must_play,
            h_search: !self.no_h_search,
            symmetry: !self.no_symmetry,
            inferior: !self.no_inferior,
            vulnerable: !self.no_vulnerable,
            dominated: !self.no_dominated,
            fourth_row: !self.no_fourth_row,
            stone_templates: !self.no_stone_templates,
            proof_sets: !self.no_proof_sets,
            widening: !self.no_widening,
            resistance: !self.no_resistance,
            connected_circuit: !self.no_connected_circuit,
        }
    }
}

fn parse_player(text: &str) -> Result<Color, String> {
    match text {
        "x" | "X" => Ok(Color::White),
        "o" | "O" => Ok(Color::Black),
        _ => Err("expected x or o".into()),
    }
}

/// `--time`: seconds more than 0, less than a billion.
fn time(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds < 1e9 => Ok(Duration::from_secs_f64(seconds)),
        _ => Err("seconds more than 0 (and less than 1e9)".into()),
    }
}

/// `--memory`: MiB, 1 or more, that this machine can count in bytes.
fn mebibytes(text: &str) -> Result<usize, String> {
    (text.parse::<usize>().ok())
        .filter(|&mib| mib > 0 && mib.checked_mul(1 << 20).is_some())
        .ok_or_else(|| format!("a number of MiB, 1 or more (at most {})", usize::MAX >> 20))
}

impl SolveArgs {
    /// Each position's limits.
    pub fn limits(&self) -> Limits {
        Limits {
            time: self.time,
            nodes: self.nodes,
            memory: self.memory << 20,
        }
    }

    /// The threads of each search: as given, else one with --openings (openings run side by
    /// side instead: on the 7x7 openings two at a time took 42 s of wall-clock, one at a time
    /// with two threads each 50 s), else `cores`.
    pub fn threads(&self, cores: usize) -> usize {
        match (self.threads, self.openings) {
            (Some(threads), _) => usize::from(threads),
            (None, Some(_)) => 1,
            (None, None) => cores,
        }
    }

    /// Where the proofs go: --proofs-out, else the one --book (several without --proofs-out
    /// are a usage error).
    pub fn proofs_out(&self) -> Result<Option<&PathBuf>, clap::Error> {
        match (&self.proofs_out, &self.book[..]) {
            (Some(path), _) => Ok(Some(path)),
            (None, [path]) => Ok(Some(path)),
            (None, []) => Ok(None),
            (None, _) => Err(clap::Error::raw(
                clap::error::ErrorKind::MissingRequiredArgument,
                "several --book files: say with --proofs-out where the proofs go",
            )),
        }
    }

    /// The openings of --only, each a cell of the --openings board (a usage error if not).
    pub fn only(&self) -> Result<Option<Vec<Cell>>, clap::Error> {
        let (Some(names), Some(size)) = (&self.only, self.openings) else {
            return Ok(None);
        };
        let cell = |name: &String| {
            Cell::parse(name, size).ok_or_else(|| {
                let why = format!("{name:?} is not a cell of the {size}x{size} board");
                invalid(&names.join(","), "--only <CELLS>", &why)
            })
        };
        names.iter().map(cell).collect::<Result<_, _>>().map(Some)
    }
}
