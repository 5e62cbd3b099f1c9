//! `boardgames hex solve`: who wins a position, or every opening of a board.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use hex::engine::sgf;
use hex::solver::{Knowledge, Limits, Outcome, Progress, Proof, ProofBook, Solver};
use hex::{Board, Cell, Player, contest};
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
/// Boards up to 11x11. A proof file (`--book`) keeps solved positions: it is read first when
/// it exists and written back with what the run proved, so that later runs and other jobs
/// reuse them (files of several jobs can be concatenated).
#[derive(clap::Args, Debug)]
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
    /// MiB for the transposition table.
    #[arg(long, value_name = "MIB", default_value_t = 256)]
    memory: usize,
    /// With --openings: how many openings are solved at once, each with its own table of
    /// --memory / N MiB (one per core by default).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// A proof file to read (if it exists) and to write back with the new proofs.
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
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
    /// Tuning: a losing move's proof does not rule out its siblings.
    #[arg(long, help_heading = "Tuning")]
    no_proof_sets: bool,
    /// Tuning: every move not yet lost takes part at each position (no widening).
    #[arg(long, help_heading = "Tuning")]
    no_widening: bool,
}

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
    let limits = Limits {
        time,
        nodes: None,
        memory,
    };
    let knowledge = Knowledge {
        connections: !args.no_connections,
        must_play: !args.no_must_play && !args.no_connections,
        h_search: !args.no_h_search && !args.no_connections,
        symmetry: !args.no_symmetry,
        inferior: !args.no_inferior,
        proof_sets: !args.no_proof_sets,
        widening: !args.no_widening,
    };
    let book = match &args.book {
        Some(path) if path.exists() => {
            let input = io::read_path(path)?;
            Some(input.parse(ProofBook::parse)?)
        }
        _ => None,
    };
    // A solver with its share of the memory, reporting to `bar`.
    let solver = |share: usize, bar: &ProgressBar| {
        let limits = Limits {
            memory: (limits.memory / share).max(1 << 20),
            ..limits
        };
        let shown = bar.clone();
        let solver = Solver::new(limits).with_knowledge(knowledge).with_progress(
            move |progress: Progress| {
                shown.set_message(format!(
                    "{} positions searched; root proof/disproof numbers {}/{}",
                    progress.nodes, progress.pn, progress.dn
                ));
                shown.tick();
            },
        );
        match &book {
            Some(book) => solver.with_book(book.clone()),
            None => solver,
        }
    };
    let (report, proved) = match args.openings {
        Some(size) => {
            let threads = args.threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                usize::from,
            );
            let cells = usize::from(size) * usize::from(size);
            let bar = ProgressBar::new(cells as u64).with_style(
                ProgressStyle::with_template("{bar:30} {pos}/{len} openings {elapsed} {msg}")
                    .expect("a template"),
            );
            let threads = threads.min(cells);
            let found = openings(|| solver(threads, &bar), size, args.first, threads, &bar);
            bar.finish_and_clear();
            found?
        }
        None => {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("a template"),
            );
            let mut solver = solver(1, &bar);
            let report = positions(&mut solver, &args);
            bar.finish_and_clear();
            (report?, vec![solver.book(MIN_WORK)])
        }
    };
    if let Some(path) = &args.book {
        let mut book = ProofBook::default();
        for proved in proved {
            book.merge(proved);
        }
        std::fs::write(path, book.to_string())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    io::print(&report)
}

/// Positions whose proof took fewer expansions are quicker to prove again than to read, so
/// the proof file keeps only the others.
const MIN_WORK: u32 = 64;

/// Solves every data set of the input.
fn positions(solver: &mut Solver, args: &Args) -> Result<String> {
    let input = args.input.read()?;
    // An SGF record: the position after its moves, with the side whose turn it is.
    let (boards, turn) = if input.text.trim_start().starts_with("(;") {
        let record = sgf::parse(&input.text).map_err(|e| anyhow!("{}:{e}", input.name))?;
        let game = record
            .game_at(usize::MAX)
            .map_err(|(i, e)| anyhow!("{}: stone {}: {e}", input.name, i + 1))?;
        (vec![game.board()], Some(game.to_move().player()))
    } else {
        (input.parse(contest::parse)?, None)
    };
    let mut out = String::new();
    for (number, board) in (1..).zip(boards) {
        let to_move = match args.to_move.or(turn) {
            Some(player) => player,
            None => side_to_move(&board).with_context(|| {
                format!(
                    "{}: data set {number}: say which side is to move with --to-move",
                    input.name
                )
            })?,
        };
        let outcome = solver
            .solve(&board, to_move)
            .with_context(|| format!("{}: data set {number}", input.name))?;
        out.push_str(&format!("Data set {number}, {to_move} to move:\n{board}"));
        match outcome {
            Outcome::Proven(proof) => {
                match proof.best {
                    Some(best) if proof.winner == to_move => {
                        out.push_str(&format!("{} wins, playing {best}\n", proof.winner))
                    }
                    _ => out.push_str(&format!("{} wins\n", proof.winner)),
                }
                out.push_str(&format!(
                    "proof: {} ({} searched) in {:.3} s\n\n",
                    text::Counted(proof.size, "position"),
                    proof.nodes,
                    proof.time.as_secs_f64()
                ));
            }
            Outcome::Unknown { nodes, time } => out.push_str(&format!(
                "unknown within the limits ({nodes} positions searched in {:.3} s)\n\n",
                time.as_secs_f64()
            )),
        }
    }
    Ok(out)
}

/// X moves first: with as many stones each X is to move, with one more X stone O is.
fn side_to_move(board: &Board) -> Option<Player> {
    let x = board.stones(Player::X).count();
    let o = board.stones(Player::O).count();
    match x.checked_sub(o) {
        Some(0) => Some(Player::X),
        Some(1) => Some(Player::O),
        _ => None,
    }
}

/// Solves every opening of an empty board, `threads` at a time with a solver each from
/// `solver`: a table, then the board marked; and what each solver proved.
fn openings(
    solver: impl Fn() -> Solver + Sync,
    size: u8,
    first: Player,
    threads: usize,
    bar: &ProgressBar,
) -> Result<(String, Vec<ProofBook>)> {
    let empty = Board::empty(size).context("a board size 1..11")?;
    let cells: Vec<Cell> = empty.cells().collect();
    // An opening and its half turn have the same winner (the board's half turn keeps each
    // player's sides): only the first of each pair is solved.
    let turn = |cell: Cell| Cell {
        row: size - 1 - cell.row,
        col: size - 1 - cell.col,
    };
    let solved: Vec<usize> = (0..cells.len())
        .filter(|&i| i <= empty.index(turn(cells[i])))
        .collect();
    let next = AtomicUsize::new(0);
    let outcomes = Mutex::new(vec![None; cells.len()]);
    let books = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut solver = solver();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = solved.get(index) else {
                        break;
                    };
                    let cell = cells[index];
                    let mut board = empty.clone();
                    board.set(cell, first);
                    let outcome = solver.solve(&board, first.opponent());
                    let mut outcomes = lock(&outcomes);
                    let twin = empty.index(turn(cell));
                    if twin != index {
                        outcomes[twin] = Some(outcome.clone().map(|outcome| match outcome {
                            Outcome::Proven(proof) => Outcome::Proven(Proof {
                                best: proof.best.map(turn),
                                nodes: 0,
                                time: Duration::ZERO,
                                ..proof
                            }),
                            Outcome::Unknown { .. } => Outcome::Unknown {
                                nodes: 0,
                                time: Duration::ZERO,
                            },
                        }));
                        bar.inc(1);
                    }
                    outcomes[index] = Some(outcome);
                    bar.inc(1);
                }
                lock(&books).push(solver.book(MIN_WORK));
            });
        }
    });
    let wall = started.elapsed();
    let mut out = format!(
        "Openings of {size}x{size}, {first} first, {} to move after the opening:\n",
        first.opponent()
    );
    out.push_str("opening  winner  reply  proof  searched  seconds\n");
    let mut marks = Vec::new();
    let (mut total_time, mut total_nodes) = (Duration::ZERO, 0);
    let outcomes = outcomes
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    for (cell, outcome) in cells.iter().zip(outcomes) {
        match outcome.expect("every opening is solved")? {
            Outcome::Proven(proof) => {
                let reply = proof.best.map_or("-".to_string(), |c: Cell| c.to_string());
                out.push_str(&format!(
                    "{:<8} {:<7} {:<6} {:>5} {:>9} {:>8.3}\n",
                    cell.to_string(),
                    proof.winner.to_string(),
                    reply,
                    proof.size,
                    proof.nodes,
                    proof.time.as_secs_f64()
                ));
                marks.push(if proof.winner == first { 'W' } else { 'L' });
                total_time += proof.time;
                total_nodes += proof.nodes;
            }
            Outcome::Unknown { nodes, time } => {
                out.push_str(&format!(
                    "{:<8} unknown within the limits {nodes:>9} {:>8.3}\n",
                    cell.to_string(),
                    time.as_secs_f64()
                ));
                marks.push('?');
                total_time += time;
                total_nodes += nodes;
            }
        }
    }
    out.push_str(&format!(
        "total: {total_nodes} positions searched in {:.3} s ({:.3} s on {threads} {})\n",
        total_time.as_secs_f64(),
        wall.as_secs_f64(),
        if threads == 1 { "thread" } else { "threads" }
    ));
    out.push_str(&format!(
        "{} openings are the half turn of another one and were not searched again.\n\n",
        cells.len() - solved.len()
    ));
    out.push_str(&format!(
        "W: {first} wins after that opening, L: {} wins, ?: unknown\n",
        first.opponent()
    ));
    for (row, line) in marks.chunks(usize::from(size)).enumerate() {
        let cells: Vec<String> = line.iter().map(char::to_string).collect();
        out.push_str(&format!("{}{}\n", " ".repeat(2 * row), cells.join("   ")));
    }
    let books = books.into_inner().unwrap_or_else(PoisonError::into_inner);
    Ok((out, books))
}

/// A lock that a panicked thread left behind is still good: the data is whole.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
