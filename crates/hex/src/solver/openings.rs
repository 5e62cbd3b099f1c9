//! Every opening of an empty board solved, several at a time, each job with a solver (and its
//! threads) and its share of the memory; and the settings that every solver of a run gets.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::dfpn::lock;
use super::{Knowledge, Limits, Outcome, Proof, ProofBook, Solver, SolverError};
use crate::board::{Board, Cell, Color};
use crate::position::Position;

/// Positions whose proof took fewer expansions are quicker to prove again than to read, so
/// a proof file keeps only the others.
pub const MIN_BOOK_WORK: u32 = 64;

/// What every solver of a run gets: the limits (the memory shared out among them), the
/// knowledge, and the proof file read before.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// The limits of each position; `memory` is for all solvers together.
    pub limits: Limits,
    /// The knowledge the search uses.
    pub knowledge: Knowledge,
    /// Solved positions to start from.
    pub book: Option<ProofBook>,
    /// The threads searching each position (0 or 1: one).
    pub threads: usize,
}

impl Knowledge {
    /// The same knowledge without what cannot work without the rest: no must-play region
    /// and no H-search without virtual connections.
    pub fn consistent(self) -> Knowledge {
        Knowledge {
            must_play: self.must_play && self.connections,
            h_search: self.h_search && self.connections,
            ..self
        }
    }
}

impl Setup {
    /// A solver with a `share`-th of the memory (at least 1 MiB).
    pub fn solver(&self, share: usize) -> Solver {
        let limits = Limits {
            memory: (self.limits.memory / share.max(1)).max(1 << 20),
            ..self.limits
        };
        let solver = Solver::new(limits)
            .with_knowledge(self.knowledge.consistent())
            .with_threads(self.threads);
        match &self.book {
            Some(book) => solver.with_book(book.clone()),
            None => solver,
        }
    }
}

/// How a run of openings is going.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The searches are this far.
    Searching {
        /// The openings being searched now (one a job), in reading order.
        openings: Vec<Cell>,
        /// Positions searched so far, all openings together.
        nodes: u64,
    },
    /// This many more openings are done (an opening and its half turn come together).
    Done(usize),
}

/// For a progress bar: `(searching a1, b2; 1200 positions searched in all)`, and nothing for
/// [`Report::Done`].
impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Report::Searching { openings, nodes } = self else {
            return Ok(());
        };
        let openings: Vec<String> = openings.iter().map(Cell::to_string).collect();
        let openings = openings.join(", ");
        write!(
            f,
            "(searching {openings}; {nodes} positions searched in all)"
        )
    }
}

/// One opening's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The first stone.
    pub cell: Cell,
    /// Who wins after it, with the other side to move.
    pub outcome: Outcome,
    /// Whether it was searched; else it is the half turn of one that was, and has that one's
    /// result turned, with no positions or time of its own.
    pub searched: bool,
    /// The losing opening whose proof shows that this one loses too, when that is how it was
    /// found (with no positions or time of its own): see [`Refutation`].
    pub by: Option<Cell>,
}

/// A losing opening's proof, which settles others: the second player wins after `opening` by
/// `reply`, and still wins when every empty cell outside `needed` is given to the first. So
/// an opening `y` outside `needed` (and not `reply`) loses too: with stones on both `opening`
/// and `y` the second player wins, and taking the stone off `opening` only helps the second
/// player (an extra stone never hurts its owner in Hex). No search is needed for `y`.
#[derive(Clone, Debug)]
struct Refutation {
    opening: Cell,
    reply: Cell,
    /// By board index: whether the proof depends on the cell.
    needed: Vec<bool>,
}

impl Refutation {
    /// The opening (its cell, or its half turn's) whose proof shows that `cell` loses, and
    /// the reply that wins against `cell`.
    fn settles(
        refutations: &[Refutation],
        board: &Board,
        cell: Cell,
        turn: impl Fn(Cell) -> Cell,
    ) -> Option<(Cell, Cell)> {
        refutations.iter().find_map(|r| {
            let outside = |y: Cell| !r.needed[board.index(y)] && r.reply != y && r.opening != y;
            if outside(cell) {
                Some((r.opening, r.reply))
            } else if outside(turn(cell)) {
                Some((turn(r.opening), turn(r.reply)))
            } else {
                None
            }
        })
    }
}

/// Every opening of a board.
#[derive(Clone, Debug)]
pub struct Openings {
    /// The board's size.
    pub size: u8,
    /// Who opens.
    pub first: Color,
    /// The openings in reading order (row by row): all of them, or the ones asked for and
    /// their half turns.
    pub openings: Vec<Opening>,
    /// How many threads searched: openings at once times threads an opening.
    pub threads: usize,
    /// The time from the start to the end, the proofs' sizes counted too.
    pub wall: Duration,
    /// What the solvers proved (see [`MIN_BOOK_WORK`]), with the book they started from.
    pub book: ProofBook,
}

impl Openings {
    /// The positions searched, all openings together.
    pub fn nodes(&self) -> u64 {
        self.openings
            .iter()
            .map(|o| outcome_work(&o.outcome).0)
            .sum()
    }

    /// The searches' times added up.
    pub fn search_time(&self) -> Duration {
        self.openings
            .iter()
            .map(|o| outcome_work(&o.outcome).1)
            .sum()
    }
}

fn outcome_work(outcome: &Outcome) -> (u64, Duration) {
    match *outcome {
        Outcome::Proven(Proof { nodes, time, .. }) | Outcome::Unknown { nodes, time } => {
            (nodes, time)
        }
    }
}

/// Solves every first move of `first` on an empty `size` board (or only the ones in `only`),
/// with the other side to move, `jobs` openings at a time (at most one a cell), each searched
/// by the setup's threads and with its `jobs`-th of the memory. An
/// opening and its half turn have the same winner (the half turn keeps each player's sides),
/// so only the first of each pair is searched; an opening that the setup's book records is
/// not searched again. The openings found are recorded in the book returned, so that runs
/// of parts of the board (on other machines, say) can be put together.
pub fn solve_openings(
    setup: &Setup,
    size: u8,
    first: Color,
    only: Option<&[Cell]>,
    jobs: usize,
    report: impl Fn(Report) + Send + Sync + 'static,
) -> Result<Openings, SolverError> {
    super::check_shape(size, size)?;
    let empty = Board::empty(size).expect("the contest takes every side the solver takes");
    let cells: Vec<Cell> = empty.cells().collect();
    let turn = |cell: Cell| Cell {
        row: size - 1 - cell.row,
        col: size - 1 - cell.col,
    };
    let wanted =
        |cell: Cell| only.is_none_or(|only| only.contains(&cell) || only.contains(&turn(cell)));
    let solved: Vec<usize> = (0..cells.len())
        .filter(|&i| i <= empty.index(turn(cells[i])) && wanted(cells[i]))
        .collect();
    let recorded = |cell| setup.book.as_ref()?.opening(size, first, cell);
    // No more jobs than openings to search: each job's share of the memory is larger.
    let jobs = jobs.clamp(1, solved.len().max(1));
    let report: Arc<dyn Fn(Report) + Send + Sync> = Arc::new(report);
    let next = AtomicUsize::new(0);
    let outcomes = Mutex::new(vec![None; cells.len()]);
    let settled_by = Mutex::new(vec![None::<Cell>; cells.len()]);
    let refutations = Mutex::new(Vec::<Refutation>::new());
    let books = Mutex::new(Vec::new());
    let started = Instant::now();
    // A losing opening settled by another's proof, its time and positions (if it was
    // searched before) kept.
    let settled = |(nodes, time): (u64, Duration), reply: Cell| {
        Outcome::Proven(Proof {
            winner: first.opponent(),
            best: Some(reply),
            size: 0,
            nodes,
            time,
        })
    };
    // Records an opening's outcome, and its half turn's.
    let record = |index: usize, outcome: Result<Outcome, SolverError>, by: Option<Cell>| {
        let twin = empty.index(turn(cells[index]));
        let mut outcomes = lock(&outcomes);
        let mut settled_by = lock(&settled_by);
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
            settled_by[twin] = by.map(turn);
        }
        outcomes[index] = Some(outcome);
        settled_by[index] = by;
        usize::from(twin != index) + 1
    };
    // What each job searches now and how far it is, and the positions of the openings done:
    // what the report adds up.
    let searching = Arc::new(Mutex::new(vec![None::<(Cell, u64)>; jobs]));
    let done_nodes = Arc::new(AtomicU64::new(0));
    std::thread::scope(|scope| {
        let (solved, next, cells, empty) = (&solved, &next, &cells, &empty);
        let (books, recorded, refutations) = (&books, &recorded, &refutations);
        let (record, settled, turn) = (&record, &settled, &turn);
        for job in 0..jobs {
            let (searching, done_nodes) = (Arc::clone(&searching), Arc::clone(&done_nodes));
            let (shown, report) = (Arc::clone(&report), Arc::clone(&report));
            scope.spawn(move || {
                let current = Arc::clone(&searching);
                let counted = Arc::clone(&done_nodes);
                let mut solver = setup.solver(jobs).with_progress(move |progress| {
                    let mut searching = lock(&current);
                    if let Some((_, nodes)) = &mut searching[job] {
                        *nodes = progress.nodes;
                    }
                    let mut openings: Vec<Cell> = searching.iter().flatten().map(|s| s.0).collect();
                    openings.sort_by_key(|cell| (cell.row, cell.col));
                    let nodes = counted.load(Ordering::Relaxed)
                        + searching.iter().flatten().map(|s| s.1).sum::<u64>();
                    // Reported under the lock, so that reports come in the order their counts
                    // were taken: a count never goes back (two jobs reporting at once could
                    // otherwise pass each other).
                    shown(Report::Searching { openings, nodes });
                    drop(searching);
                });
                while let Some(&index) = solved.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let cell = cells[index];
                    lock(&searching)[job] = Some((cell, 0));
                    let settles = Refutation::settles(&lock(refutations), empty, cell, turn);
                    let (outcome, searched, by) = match (recorded(cell), settles) {
                        (Some(proof), _) => (Ok(Outcome::Proven(proof)), false, None),
                        (None, Some((by, reply))) => {
                            (Ok(settled((0, Duration::ZERO), reply)), false, Some(by))
                        }
                        (None, None) => {
                            let mut board = empty.clone();
                            board.set(cell, first);
                            let outcome =
                                solver.solve(&Position::of_board(&board, first.opponent()));
                            if let Ok(Outcome::Proven(proof)) = &outcome
                                && proof.winner != first
                                && let (Some(reply), Some(needed)) =
                                    (proof.best, solver.proof_cells())
                            {
                                let mut flags = vec![false; cells.len()];
                                for c in needed {
                                    flags[empty.index(c)] = true;
                                }
                                lock(refutations).push(Refutation {
                                    opening: cell,
                                    reply,
                                    needed: flags,
                                });
                            }
                            (outcome, true, None)
                        }
                    };
                    // Under the lock that the reports read under: a count never goes back.
                    let mut now = lock(&searching);
                    if let (Ok(done), true) = (&outcome, searched) {
                        done_nodes.fetch_add(outcome_work(done).0, Ordering::Relaxed);
                    }
                    now[job] = None;
                    drop(now);
                    report(Report::Done(record(index, outcome, by)));
                }
                lock(books).push(solver.book(MIN_BOOK_WORK));
            });
        }
    });
    // An opening left unknown may be settled by a proof found after its search.
    let refutations = refutations
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    for &index in &solved {
        let unknown = match lock(&outcomes)[index] {
            Some(Ok(Outcome::Unknown { nodes, time })) => Some((nodes, time)),
            _ => None,
        };
        if let Some(work) = unknown
            && let Some((by, reply)) = Refutation::settles(&refutations, &empty, cells[index], turn)
        {
            record(index, Ok(settled(work, reply)), Some(by));
        }
    }
    let wall = started.elapsed();
    let mut book = ProofBook::default();
    for proved in books.into_inner().unwrap_or_else(PoisonError::into_inner) {
        book.merge(proved);
    }
    let outcomes = outcomes
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let settled_by = settled_by
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let mut openings = Vec::new();
    for (index, (&cell, outcome)) in cells.iter().zip(outcomes).enumerate() {
        let Some(outcome) = outcome else { continue };
        let outcome = outcome?;
        let searched = solved.contains(&index);
        if let (true, Outcome::Proven(proof)) = (searched, outcome) {
            book.add_opening(size, first, cell, proof);
        }
        openings.push(Opening {
            cell,
            outcome,
            searched,
            by: settled_by[index],
        });
    }
    Ok(Openings {
        size,
        first,
        openings,
        threads: jobs * setup.threads.max(1),
        wall,
        book,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_says_what_is_searched_in_a_line() {
        let cells = ["a1", "c3"].map(|c| Cell::parse(c, 5).unwrap()).to_vec();
        let searching = Report::Searching {
            openings: cells,
            nodes: 1200,
        };
        let line = "(searching A1, C3; 1200 positions searched in all)";
        assert_eq!(searching.to_string(), line);
        assert_eq!(Report::Done(2).to_string(), "");
    }

    /// The reports say which openings are searched, and a count of positions over all of
    /// them that only grows, to the run's total.
    #[test]
    fn the_reports_count_the_positions_of_all_openings() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&seen);
        let report = move |report| {
            if let Report::Searching { openings, nodes } = report {
                lock(&kept).push((openings, nodes));
            }
        };
        // Without virtual connections, for searches long enough to report.
        let setup = Setup {
            knowledge: Knowledge {
                connections: false,
                ..Knowledge::default()
            },
            ..Setup::default()
        };
        let found = solve_openings(&setup, 4, Color::White, None, 2, report).unwrap();
        let seen = lock(&seen);
        assert!(seen.len() > 1, "{} reports", seen.len());
        assert!(
            seen.iter()
                .all(|(openings, _)| (1..=2).contains(&openings.len()))
        );
        assert!(
            seen.windows(2).all(|w| w[0].1 <= w[1].1),
            "a count went back"
        );
        assert!(seen.last().unwrap().1 <= found.nodes());
    }

    #[test]
    fn every_opening_of_3x3_with_its_twin() {
        let done = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&done);
        let report = move |report| {
            if let Report::Done(n) = report {
                counted.fetch_add(n, Ordering::Relaxed);
            }
        };
        let found = solve_openings(&Setup::default(), 3, Color::White, None, 2, report).unwrap();
        assert_eq!(done.load(Ordering::Relaxed), 9);
        assert_eq!(found.threads, 2);
        let winners: String = found
            .openings
            .iter()
            .map(|opening| match opening.outcome {
                Outcome::Proven(proof) if proof.winner == Color::White => 'W',
                Outcome::Proven(_) => 'L',
                Outcome::Unknown { .. } => '?',
            })
            .collect();
        // The short diagonal and the cells beside it win (O's openings, transposed).
        assert_eq!(winners, "LWWLWLWWL");
        // A1's twin C3 was not searched: it has A1's result turned and no work of its own.
        let [a1, c3] = [0, 8].map(|i| found.openings[i].clone());
        assert!(a1.searched && !c3.searched);
        let (Outcome::Proven(a1), Outcome::Proven(c3)) = (a1.outcome, c3.outcome) else {
            panic!("3x3 is small");
        };
        assert_eq!(
            c3.best.map(|c| (c.row, c.col)),
            a1.best.map(|c| (2 - c.row, 2 - c.col))
        );
        assert_eq!((c3.nodes, c3.time), (0, Duration::ZERO));
        assert_eq!(found.openings.iter().filter(|o| !o.searched).count(), 4);
    }

    #[test]
    fn openings_solved_in_parts_make_the_whole_table_without_searching_again() {
        let winners = |found: &Openings| -> Vec<(Cell, Option<Color>)> {
            let winner = |o: &Opening| match o.outcome {
                Outcome::Proven(proof) => Some(proof.winner),
                Outcome::Unknown { .. } => None,
            };
            found.openings.iter().map(|o| (o.cell, winner(o))).collect()
        };
        let whole = solve_openings(&Setup::default(), 4, Color::Black, None, 1, |_| {}).unwrap();
        let cell = |name| Cell::parse(name, 4).unwrap();
        let mut book = ProofBook::default();
        for part in [["A1", "B1", "C1", "D1"], ["A2", "B2", "C2", "A3"]] {
            let only = part.map(cell);
            let found = solve_openings(&Setup::default(), 4, Color::Black, Some(&only), 1, |_| {});
            let found = found.unwrap();
            // Each part has its openings and their half turns (A3 is D2 turned), not the others.
            assert_eq!(found.openings.len(), 8);
            book.merge(found.book);
        }
        let setup = Setup {
            book: Some(book.clone()),
            ..Setup::default()
        };
        let again = solve_openings(&setup, 4, Color::Black, None, 2, |_| {}).unwrap();
        assert_eq!(winners(&again), winners(&whole));
        // Every searched opening is the one recorded, its count and time included.
        for opening in again.openings.iter().filter(|o| o.searched) {
            let recorded = book
                .opening(4, Color::Black, opening.cell)
                .map(Outcome::Proven);
            assert_eq!(recorded, Some(opening.outcome), "{}", opening.cell);
        }
        assert_eq!(again.book, book);
    }

    /// An opening settled by another's proof loses, by the reply given: each is checked by a
    /// search of its own.
    #[test]
    fn openings_outside_a_losing_openings_proof_lose_by_its_reply() {
        for size in [5, 6] {
            let found = solve_openings(&Setup::default(), size, Color::White, None, 1, |_| {});
            let found = found.unwrap();
            let settled: Vec<&Opening> = found.openings.iter().filter(|o| o.by.is_some()).collect();
            // On these boards the edge openings beside a losing corner are settled so.
            assert!(
                settled.len() >= 6,
                "{size}x{size}: {} settled",
                settled.len()
            );
            for opening in settled {
                let Outcome::Proven(proof) = opening.outcome else {
                    panic!("{} settled but unknown", opening.cell);
                };
                assert_eq!(proof.winner, Color::Black, "{}", opening.cell);
                let by = opening.by.unwrap();
                let losing = found.openings.iter().find(|o| o.cell == by).unwrap();
                assert!(
                    matches!(losing.outcome, Outcome::Proven(p) if p.winner == Color::Black),
                    "{by} settles {} but does not lose",
                    opening.cell
                );
                let mut board = Board::empty(size).unwrap();
                board.set(opening.cell, Color::White);
                let mut solver = Solver::new(Limits::default());
                let Ok(Outcome::Proven(own)) =
                    solver.solve(&Position::of_board(&board, Color::Black))
                else {
                    panic!("small boards are solved");
                };
                assert_eq!(own.winner, Color::Black, "{}", opening.cell);
                board.set(proof.best.unwrap(), Color::Black);
                let Ok(Outcome::Proven(after)) =
                    solver.solve(&Position::of_board(&board, Color::White))
                else {
                    panic!("small boards are solved");
                };
                assert_eq!(
                    after.winner,
                    Color::Black,
                    "{} answered by the reply",
                    opening.cell
                );
            }
        }
    }

    #[test]
    fn a_board_too_large_is_an_error() {
        let err = solve_openings(&Setup::default(), 20, Color::White, None, 1, |_| {}).unwrap_err();
        assert!(matches!(err, SolverError::TooLarge { rows: 20, .. }));
    }

    #[test]
    fn without_connections_there_is_no_must_play_region_or_h_search() {
        let knowledge = Knowledge {
            connections: false,
            ..Knowledge::default()
        }
        .consistent();
        assert!(!knowledge.must_play && !knowledge.h_search && knowledge.inferior);
        assert_eq!(Knowledge::default().consistent(), Knowledge::default());
    }
}
