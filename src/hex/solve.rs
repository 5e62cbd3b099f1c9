//! `boardgames hex solve`: who wins a position, or every opening of a board.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use hex::position::Position;
use hex::sgf;
use hex::solver::{
    Knowledge, Limits, MIN_BOOK_WORK, Outcome, Progress, ProofBook, ProofStep, Report, Setup,
    Solved, Solver, solve_openings,
};
use hex::{Cell, Player, contest};
use indicatif::{ProgressBar, ProgressStyle};

use crate::io::{self, InputArg};

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
/// Boards up to 11x11. A proof file (`--book`) keeps solved positions and openings: it is read
/// first when it exists and written back with what the run proved (or to `--proofs-out`), so
/// that later runs and other jobs reuse them. An opening the proof files record is not
/// searched again: jobs on other machines can each solve a few openings (`--only`), and a
/// run given all their files (`--book` repeated) prints the whole table without searching.
#[derive(clap::Args, Debug)]
#[command(after_long_help = EXAMPLE)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    /// The side to move (x or o) instead of the one the stones imply.
    #[arg(long, value_name = "PLAYER", value_parser = parse_player)]
    to_move: Option<Player>,
    /// Solve every opening of an empty NxN board instead of reading a position.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=11))]
    openings: Option<u8>,
    /// With --openings: who opens (x or o).
    #[arg(long, value_name = "PLAYER", value_parser = parse_player, default_value = "x")]
    first: Player,
    /// Seconds each position may take (no limit by default).
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// Positions each search may expand, checked every 1024 (no limit by default); with 0 a
    /// table is put together from proof files with next to no search.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// MiB for the transposition table at most (a small search takes only what it needs).
    #[arg(long, value_name = "MIB", default_value_t = 256)]
    memory: usize,
    /// Threads searching each position together, on one table (one per core by default, one
    /// with --openings; a search of a few thousand positions is done by one alone).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// With --openings: how many openings are solved at once, each with its own table of
    /// --memory / N MiB and its --threads (by default the cores over --threads, at least one).
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..=256),
        requires = "openings"
    )]
    jobs: Option<u16>,
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
    book: Vec<PathBuf>,
    /// Where the proofs (those read and the new ones) are written instead of --book.
    #[arg(long, value_name = "FILE")]
    proofs_out: Option<PathBuf>,
    /// Write each position's proof tree to FILE as SGF (HexGui opens it): the winner's
    /// winning move at its turns, every move the loser had to be refuted in at the other's,
    /// each a variation; a comment marks the positions the knowledge decides at once and
    /// those reached again by other moves.
    #[arg(long, value_name = "FILE", conflicts_with = "openings")]
    proof_tree: Option<PathBuf>,
    /// Tuning: no virtual connections (only a chain of stones ends the search; implies the
    /// next two).
    #[arg(long, help_heading = "Tuning")]
    no_connections: bool,
    /// Tuning: no H-search (bridges and edge templates only).
    #[arg(long, help_heading = "Tuning")]
    no_h_search: bool,
    /// Tuning: every empty cell is searched, not only the must-play region.
    #[arg(long, help_heading = "Tuning")]
    no_must_play: bool,
    /// Tuning: a position and its half turn are kept apart.
    #[arg(long, help_heading = "Tuning")]
    no_symmetry: bool,
    /// Tuning: dead and captured cells are searched like any other.
    #[arg(long, help_heading = "Tuning")]
    no_inferior: bool,
    /// Tuning: moves the opponent can kill with one reply are searched like any other.
    #[arg(long, help_heading = "Tuning")]
    no_vulnerable: bool,
    /// Tuning: moves another move dominates (leaves dead or captured) are searched too.
    #[arg(long, help_heading = "Tuning")]
    no_dominated: bool,
    /// Tuning: no edge template IV-1a (from the fourth row) among the connections.
    #[arg(long, help_heading = "Tuning")]
    no_fourth_row: bool,
    /// Tuning: no edge templates that need a second stone (fourth and fifth rows).
    #[arg(long, help_heading = "Tuning")]
    no_stone_templates: bool,
    /// Tuning: a losing move's proof does not rule out its siblings.
    #[arg(long, help_heading = "Tuning")]
    no_proof_sets: bool,
    /// Tuning: every move not yet lost takes part at each position (no widening).
    #[arg(long, help_heading = "Tuning")]
    no_widening: bool,
    /// Tuning: moves are tried from the centre outwards, not by the current through them.
    #[arg(long, help_heading = "Tuning")]
    no_resistance: bool,
    /// Tuning: the circuits link only neighbours and bridges, not H-search's connections.
    #[arg(long, help_heading = "Tuning")]
    no_connected_circuit: bool,
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

fn parse_player(text: &str) -> Result<Player, String> {
    match text {
        "x" | "X" => Ok(Player::X),
        "o" | "O" => Ok(Player::O),
        _ => Err("expected x or o".into()),
    }
}

pub fn run(args: Args) -> Result<()> {
    let time = match args.time {
        Some(seconds) if !(seconds > 0.0 && seconds < 1e9) => {
            bail!("--time must be a positive number of seconds, not {seconds}")
        }
        seconds => seconds.map(Duration::from_secs_f64),
    };
    let memory = args
        .memory
        .checked_mul(1 << 20)
        .filter(|&bytes| bytes > 0)
        .context("--memory must be 1 MiB or more and fit this machine")?;
    // Openings run side by side by default: on the 7x7 openings two at a time took 42 s of
    // wall-clock, one at a time with two threads each 50 s.
    let threads = match (args.threads, args.openings) {
        (Some(threads), _) => usize::from(threads),
        (None, Some(_)) => 1,
        (None, None) => crate::cores(),
    };
    let setup = Setup {
        threads,
        limits: Limits {
            time,
            nodes: args.nodes,
            memory,
        },
        knowledge: Knowledge {
            connections: !args.no_connections,
            must_play: !args.no_must_play,
            h_search: !args.no_h_search,
            symmetry: !args.no_symmetry,
            inferior: !args.no_inferior,
            vulnerable: !args.no_vulnerable,
            dominated: !args.no_dominated,
            fourth_row: !args.no_fourth_row,
            stone_templates: !args.no_stone_templates,
            proof_sets: !args.no_proof_sets,
            widening: !args.no_widening,
            resistance: !args.no_resistance,
            connected_circuit: !args.no_connected_circuit,
        },
        book: read_books(&args.book)?,
    };
    let out = match (&args.proofs_out, &args.book[..]) {
        (Some(path), _) => Some(path),
        (None, [path]) => Some(path),
        (None, []) => None,
        (None, _) => bail!("several --book files: say with --proofs-out where the proofs go"),
    };
    let (report, book) = match args.openings {
        Some(size) => openings(&setup, size, &args)?,
        None => {
            let bar = ProgressBar::new_spinner()
                .with_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}")?);
            let shown = bar.clone();
            let mut solver = setup.solver(1).with_progress(move |progress| {
                shown.set_message(searched(progress));
                shown.tick();
            });
            let report = positions(&mut solver, &args);
            bar.finish_and_clear();
            (report?, solver.book(MIN_BOOK_WORK))
        }
    };
    if let Some(path) = out {
        std::fs::write(path, book.to_string())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    io::print(&report)
}

/// The proof files that exist among `paths`, merged.
fn read_books(paths: &[PathBuf]) -> Result<Option<ProofBook>> {
    let mut merged: Option<ProofBook> = None;
    for path in paths.iter().filter(|path| path.exists()) {
        let book = io::read_path(path)?.parse(ProofBook::parse)?;
        merged.get_or_insert_default().merge(book);
    }
    Ok(merged)
}

/// A search's progress, for the progress bar.
fn searched(progress: Progress) -> String {
    format!(
        "{} positions searched; root proof/disproof numbers {}/{}",
        progress.nodes, progress.pn, progress.dn
    )
}

/// Solves every data set of the input.
fn positions(solver: &mut Solver, args: &Args) -> Result<String> {
    let input = args.input.read()?;
    // An SGF record: the position after its moves, with the side whose turn it is.
    let (boards, turn) = if input.text.trim_start().starts_with("(;") {
        let record = sgf::parse(&input.text).map_err(|e| anyhow!("{}:{e}", input.name))?;
        let (board, turn) = record
            .position()
            .map_err(|(i, e)| anyhow!("{}: stone {}: {e}", input.name, i + 1))?;
        (vec![board], Some(turn))
    } else {
        (input.parse(contest::parse)?, None)
    };
    let mut out = String::new();
    let mut trees = String::new();
    // The proof tree's walk counts the proof too: the search need not walk it first.
    solver.count_proofs(args.proof_tree.is_none());
    for (number, board) in (1..).zip(boards) {
        let to_move = args.to_move.or(turn).or(board.side_to_move());
        let to_move = to_move.with_context(|| {
            format!(
                "{}: data set {number}: say which side is to move with --to-move",
                input.name
            )
        })?;
        let mut outcome = solver
            .solve(&board, to_move)
            .with_context(|| format!("{}: data set {number}", input.name))?;
        if args.proof_tree.is_some() {
            let size = board.size();
            let tree = match &mut outcome {
                Outcome::Proven(proof) => {
                    let tree = solver
                        .proof_tree(size, size, Position::of_board(&board, to_move))
                        .with_context(|| format!("{}: data set {number}", input.name))?;
                    proof.size = tree.iter().filter(|step| !step.transposition).count() as u64;
                    tree
                }
                Outcome::Unknown { .. } => Vec::new(),
            };
            trees += &proof_sgf(&board, to_move, outcome, &tree);
        }
        let board = &board;
        out += &Solved {
            number,
            board,
            to_move,
            outcome,
        }
        .to_string();
    }
    if let Some(path) = &args.proof_tree {
        std::fs::write(path, trees).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(out)
}

/// A proof tree as an SGF game tree (Black is O, White X): the position set up, then each
/// step a move, several moves from one position each a variation.
fn proof_sgf(board: &hex::Board, to_move: Player, outcome: Outcome, tree: &[ProofStep]) -> String {
    let colour = |player: Player| if player == Player::O { 'B' } else { 'W' };
    let point = |cell: Cell| format!("{}{}", char::from(b'a' + cell.col), u32::from(cell.row) + 1);
    let size = board.size();
    let mut sgf = format!("(;FF[4]GM[11]SZ[{size}]AP[boardgames]");
    for player in [Player::O, Player::X] {
        let stones: String = (0..size)
            .flat_map(|row| (0..size).map(move |col| Cell { row, col }))
            .filter(|&cell| board.get(cell) == Some(player))
            .map(|cell| format!("[{}]", point(cell)))
            .collect();
        if !stones.is_empty() {
            sgf += &format!("A{}{stones}", colour(player));
        }
    }
    sgf += &format!("PL[{}]", colour(to_move));
    let summary = match outcome {
        Outcome::Proven(proof) => format!(
            "{} wins; the proof tree: {} position{}{}",
            colour(proof.winner),
            proof.size,
            if proof.size == 1 { "" } else { "s" },
            if tree.first().is_some_and(|root| root.decided) {
                ", decided by the knowledge"
            } else {
                ""
            }
        ),
        Outcome::Unknown { .. } => "unknown within the limits: no proof tree".to_string(),
    };
    sgf += &format!("C[{summary}]");
    // Each step's children: the steps one deeper after it, before the next step as shallow
    // (found in one pass, the open steps on a stack).
    let mut children = vec![Vec::new(); tree.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, step) in tree.iter().enumerate() {
        open.truncate(step.depth as usize);
        if let Some(&parent) = open.last() {
            children[parent].push(i);
        }
        open.push(i);
    }
    // Each step's node, then its children: alone inline, several each in parentheses.
    fn node(
        tree: &[ProofStep],
        children: &[Vec<usize>],
        i: usize,
        to_move: Player,
        out: &mut String,
        write: &dyn Fn(Player, Cell) -> String,
    ) {
        let step = tree[i];
        if let Some(cell) = step.at {
            // The move was made by the side to move one step up.
            let mover = if step.depth % 2 == 1 {
                to_move
            } else {
                to_move.opponent()
            };
            *out += &write(mover, cell);
            if step.transposition {
                *out += "C[reached before by other moves: its proof is there]";
            } else if step.decided {
                *out += "C[decided by the knowledge]";
            }
        }
        match children[i][..] {
            [] => {}
            [only] => node(tree, children, only, to_move, out, write),
            _ => {
                for &child in &children[i] {
                    *out += "\n(";
                    node(tree, children, child, to_move, out, write);
                    *out += ")";
                }
            }
        }
    }
    let write = |player: Player, cell: Cell| format!(";{}[{}]", colour(player), point(cell));
    if !tree.is_empty() {
        node(tree, &children, 0, to_move, &mut sgf, &write);
    }
    sgf + ")\n"
}

/// Solves every opening of an empty board: a table, then the board marked; and what the
/// solvers proved.
fn openings(setup: &Setup, size: u8, args: &Args) -> Result<(String, ProofBook)> {
    let jobs = args
        .jobs
        .map_or_else(|| crate::jobs_beside(setup.threads), usize::from);
    let bar = ProgressBar::new(u64::from(size) * u64::from(size)).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} openings {elapsed} {msg}")?,
    );
    let only = match &args.only {
        Some(names) => Some(
            names
                .iter()
                .map(|name| {
                    Cell::parse(name, size).with_context(|| {
                        format!("--only: {name:?} is not a cell of a {size}x{size} board")
                    })
                })
                .collect::<Result<Vec<Cell>>>()?,
        ),
        None => None,
    };
    let shown = bar.clone();
    let found = solve_openings(
        setup,
        size,
        args.first,
        only.as_deref(),
        jobs,
        move |report| match report {
            Report::Searching(progress) => {
                shown.set_message(searched(progress));
                shown.tick();
            }
            Report::Done(openings) => shown.inc(openings as u64),
        },
    );
    bar.finish_and_clear();
    let found = found?;
    Ok((found.to_string(), found.book))
}
