//! The solver against plain minimax on small boards, and its winning moves played out.

use super::*;
use crate::board::Board;
use crate::cells::{Cells, Spot};
use std::collections::HashSet;

/// Who wins with `to_move` to move: plain minimax over every empty cell, memoised.
fn minimax(
    geometry: &crate::geometry::Geometry,
    stones: [Cells; 2],
    to_move: Color,
    memo: &mut std::collections::HashMap<u64, bool>,
) -> bool {
    let me = crate::geometry::slot(to_move);
    let other = 1 - me;
    if geometry.joins(to_move.opponent(), stones[other]) {
        return false;
    }
    let key = memo_key(stones, to_move);
    if let Some(&wins) = memo.get(&key) {
        return wins;
    }
    let empty = geometry.all & !stones[0] & !stones[1];
    let wins = empty.iter().any(|at| {
        let mut next = stones;
        next[me] |= Cells::single(at);
        !minimax(geometry, next, to_move.opponent(), memo)
    });
    memo.insert(key, wins);
    wins
}

/// Minimax's key of a position of at most 31 cells: each side's cells as bits, and the side
/// to move. (Keyed by the stones themselves, 97 bytes, the memo of the 4x4 board took 3.9 GB,
/// the peak of the whole test suite; this key takes 8.)
fn memo_key(stones: [Cells; 2], to_move: Color) -> u64 {
    let bits = |cells: Cells| {
        cells.iter().fold(0u64, |bits, at| {
            assert!(at.index() < 31, "minimax is for boards of at most 31 cells");
            bits | 1 << at.index()
        })
    };
    bits(stones[0]) | bits(stones[1]) << 31 | u64::from(to_move == Color::White) << 62
}

fn board_of(size: u8, stones: [Cells; 2]) -> Board {
    let geometry = crate::geometry::Geometry::<crate::cells::Cells>::new(size);
    let mut board = Board::empty(size).unwrap();
    for player in Color::BOTH {
        for at in stones[crate::geometry::slot(player)].iter() {
            board.set(geometry.cell(at.index()), player);
        }
    }
    board
}

/// Every position reachable in `depth` moves from `start`, X and O alternating from `first`,
/// with no winner yet.
fn positions(size: u8, start: [Cells; 2], depth: usize, first: Color) -> Vec<([Cells; 2], Color)> {
    positions_on(&crate::geometry::Geometry::new(size), start, depth, first)
}

/// The same on any board.
fn positions_on(
    geometry: &crate::geometry::Geometry,
    start: [Cells; 2],
    depth: usize,
    first: Color,
) -> Vec<([Cells; 2], Color)> {
    let mut layer = vec![start];
    let mut to_move = first;
    let mut all = vec![(start, first)];
    for _ in 0..depth {
        let mut next = HashSet::new();
        for stones in &layer {
            let empty = geometry.all & !stones[0] & !stones[1];
            for at in empty.iter() {
                let mut s = *stones;
                s[crate::geometry::slot(to_move)] |= Cells::single(at);
                if !geometry.joins(to_move, s[crate::geometry::slot(to_move)]) {
                    next.insert(s);
                }
            }
        }
        layer = next.into_iter().collect();
        layer.sort();
        to_move = to_move.opponent();
        all.extend(layer.iter().map(|&s| (s, to_move)));
    }
    all
}

fn check_against_minimax(size: u8, start: [Cells; 2], depth: usize, knowledge: Knowledge) {
    let solver = Solver::new(Limits {
        memory: 1 << 20,
        ..Limits::default()
    })
    .with_knowledge(knowledge);
    check_solver_against_minimax(solver, size, start, depth);
}

/// The same with a given solver.
fn check_solver_against_minimax(mut solver: Solver, size: u8, start: [Cells; 2], depth: usize) {
    let geometry = crate::geometry::Geometry::<crate::cells::Cells>::new(size);
    let mut memo = std::collections::HashMap::new();
    for first in Color::BOTH {
        for (stones, to_move) in positions(size, start, depth, first) {
            let board = board_of(size, stones);
            let expected = minimax(&geometry, stones, to_move, &mut memo);
            let Ok(Outcome::Proven(proof)) = solver.solve(&Position::of_board(&board, to_move))
            else {
                panic!("no limits, yet no proof:\n{board}");
            };
            let winner = if expected {
                to_move
            } else {
                to_move.opponent()
            };
            assert_eq!(proof.winner, winner, "{to_move} to move on\n{board}");
            if expected {
                let best = proof.best.expect("a winning move");
                assert!(board.get(best).is_none());
                let mut next = stones;
                next[crate::geometry::slot(to_move)] |= Cells::single(geometry.spot(best));
                assert!(
                    !minimax(&geometry, next, to_move.opponent(), &mut memo),
                    "{best} does not win for {to_move} on\n{board}"
                );
            } else {
                assert_eq!(proof.best, None);
            }
            assert!(proof.size >= 1);
        }
    }
}

/// Every position of up to `depth` moves on a `rows` x `cols` board, against minimax: the
/// winner, and the winning move.
fn check_rectangle(rows: u8, cols: u8, depth: usize) {
    let geometry = crate::geometry::Geometry::rectangle(rows, cols);
    let mut memo = std::collections::HashMap::new();
    let mut solver = Solver::new(Limits {
        memory: 1 << 20,
        ..Limits::default()
    });
    for first in Color::BOTH {
        for (stones, to_move) in positions_on(&geometry, [Cells::EMPTY; 2], depth, first) {
            let expected = minimax(&geometry, stones, to_move, &mut memo);
            let position = Position {
                stones,
                ..Position::new(rows, cols, to_move)
            };
            let Ok(Outcome::Proven(proof)) = solver.solve(&position) else {
                panic!("no limits, yet no proof: {rows}x{cols} {stones:?}");
            };
            let winner = if expected {
                to_move
            } else {
                to_move.opponent()
            };
            assert_eq!(proof.winner, winner, "{rows}x{cols} {stones:?} {to_move}");
            if let Some(best) = proof.best {
                let mut next = stones;
                let at = geometry.spot(best);
                assert!(geometry.all.contains(at) && !(stones[0] | stones[1]).contains(at));
                next[crate::geometry::slot(to_move)] |= Cells::single(at);
                assert!(!minimax(&geometry, next, to_move.opponent(), &mut memo));
            }
        }
    }
}

#[test]
fn rectangles_agree_with_minimax() {
    for (rows, cols, depth) in [
        (1, 3, 3),
        (2, 3, 6),
        (3, 2, 6),
        (3, 4, 4),
        (4, 3, 4),
        (2, 5, 3),
        (3, 5, 3),
        (5, 3, 3),
    ] {
        check_rectangle(rows, cols, depth);
    }
}

#[test]
fn on_a_rectangle_the_shorter_crossing_wins_even_moving_second() {
    // O joins the rows, X the columns: with fewer rows than columns O's crossing is the
    // shorter one, and O wins the empty board even when X moves first (and the other way
    // round). Minimax says so first, then the solver.
    for (rows, cols) in [
        (2, 3),
        (3, 4),
        (4, 5),
        (3, 2),
        (4, 3),
        (5, 4),
        (5, 6),
        (6, 5),
    ] {
        let geometry = crate::geometry::Geometry::rectangle(rows, cols);
        let shorter = if rows < cols {
            Color::Black
        } else {
            Color::White
        };
        let second = shorter.opponent();
        if rows * cols <= 12 {
            let wins = minimax(
                &geometry,
                [Cells::EMPTY; 2],
                second,
                &mut Default::default(),
            );
            assert!(!wins, "{rows}x{cols}: minimax");
        }
        let empty = Position::new(rows, cols, second);
        let Ok(Outcome::Proven(proof)) = Solver::new(Limits::default()).solve(&empty) else {
            panic!("{rows}x{cols}")
        };
        assert_eq!(proof.winner, shorter, "{rows}x{cols}");
    }
}

#[test]
fn every_4x4_position_of_three_moves_agrees_with_minimax() {
    check_against_minimax(4, [Cells::EMPTY; 2], 3, Knowledge::default());
}

/// The stones of a position given by cell names.
fn stones(size: u8, x: &[&str], o: &[&str]) -> [Cells; 2] {
    let geometry = crate::geometry::Geometry::<crate::cells::Cells>::new(size);
    let set = |names: &[&str]| {
        names
            .iter()
            .map(|name| Cells::single(geometry.spot(Cell::parse(name, size).unwrap())))
            .fold(Cells::EMPTY, |a, b| a | b)
    };
    [set(x), set(o)]
}

#[test]
fn every_5x5_position_two_moves_from_a_middle_game_agrees_with_minimax() {
    // Plain minimax cannot reach far below the empty 5x5 board, so the positions start
    // from two middle games of eight stones, without a virtual connection for either side.
    for start in [
        stones(5, &["A1", "C2", "B4", "E5"], &["B2", "D3", "C4", "A5"]),
        stones(5, &["E1", "B3", "D4", "A2"], &["C3", "B1", "E4", "A4"]),
    ] {
        check_against_minimax(5, start, 2, Knowledge::default());
    }
}

#[test]
fn positions_set_in_13x13_and_19x19_boards_agree_with_minimax() {
    // The 5x5 positions one move from the middle games above, set in the corner of a large
    // board whose other cells are filled so that the large position is the small one
    // ([`crate::geometry::embedded`]): the knowledge and the solver on 169 and 361 cells,
    // against minimax on 25.
    let small = crate::geometry::Geometry::<Cells>::new(5);
    let mut memo = std::collections::HashMap::new();
    let mut solver = Solver::new(Limits {
        memory: 1 << 22,
        ..Limits::default()
    });
    let mut checked = 0;
    for start in [
        stones(5, &["A1", "C2", "B4", "E5"], &["B2", "D3", "C4", "A5"]),
        stones(5, &["E1", "B3", "D4", "A2"], &["C3", "B1", "E4", "A4"]),
    ] {
        for (stones, to_move) in positions(5, start, 1, Color::White) {
            let expected = minimax(&small, stones, to_move, &mut memo);
            for big in [13, 19] {
                let filled = crate::geometry::embedded(5, stones, big);
                let board = board_of(big, filled);
                let Ok(Outcome::Proven(proof)) = solver.solve(&Position::of_board(&board, to_move))
                else {
                    panic!("no limits, yet no proof:\n{board}");
                };
                let winner = if expected {
                    to_move
                } else {
                    to_move.opponent()
                };
                assert_eq!(proof.winner, winner, "{to_move} to move on\n{board}");
                if expected {
                    let geometry = crate::geometry::Geometry::<Cells>::new(big);
                    let best = geometry.spot(proof.best.expect("a winning move"));
                    let inside = crate::geometry::unembedded(5, best, big).expect("a move");
                    let mut next = stones;
                    next[crate::geometry::slot(to_move)].insert(inside);
                    assert!(
                        !minimax(&small, next, to_move.opponent(), &mut memo),
                        "{best} does not win for {to_move} on\n{board}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "{checked}");
}

/// A proof's cells are all its winner needs: with every other empty cell given to the
/// loser, minimax finds the same winner.
fn check_proof_cells(size: u8, start: [Cells; 2], depth: usize) {
    let geometry = crate::geometry::Geometry::<crate::cells::Cells>::new(size);
    let mut memo = std::collections::HashMap::new();
    let mut solver = Solver::new(Limits {
        memory: 1 << 20,
        ..Limits::default()
    });
    let mut narrowed = 0;
    for first in Color::BOTH {
        for (stones, to_move) in positions(size, start, depth, first) {
            let board = board_of(size, stones);
            let Ok(Outcome::Proven(proof)) = solver.solve(&Position::of_board(&board, to_move))
            else {
                panic!("no limits, yet no proof:\n{board}");
            };
            let search = solver.search.as_ref().expect("searched");
            let cells = search.entry().expect("the root is kept").proof();
            let loser = crate::geometry::slot(proof.winner.opponent());
            let empty = geometry.all & !stones[0] & !stones[1];
            let mut filled = stones;
            filled[loser] |= empty & !cells;
            narrowed += usize::from(!empty.is_subset(cells));
            let wins = minimax(&geometry, filled, to_move, &mut memo);
            assert_eq!(
                wins,
                proof.winner == to_move,
                "{to_move} to move on\n{board}with the cells outside the proof given to the loser"
            );
        }
    }
    assert!(narrowed > 0, "some proofs leave cells out");
}

#[test]
fn a_proof_holds_with_every_cell_outside_it_given_to_the_loser() {
    check_proof_cells(4, [Cells::EMPTY; 2], 3);
    check_proof_cells(
        5,
        stones(5, &["A1", "C2", "B4", "E5"], &["B2", "D3", "C4", "A5"]),
        2,
    );
}

#[test]
fn without_knowledge_the_search_agrees_too() {
    let plain = Knowledge {
        connections: false,
        must_play: false,
        h_search: false,
        symmetry: false,
        inferior: false,
        vulnerable: false,
        dominated: false,
        fourth_row: false,
        stone_templates: false,
        proof_sets: false,
        widening: false,
        resistance: false,
        connected_circuit: false,
    };
    check_against_minimax(4, [Cells::EMPTY; 2], 1, plain);
    check_against_minimax(
        4,
        [Cells::EMPTY; 2],
        2,
        Knowledge {
            must_play: false,
            ..Knowledge::default()
        },
    );
}

#[test]
fn boards_over_19_are_refused() {
    let board = Board::empty(20).unwrap();
    assert_eq!(
        position_of(&board, Color::White),
        Err(SolverError::TooLarge {
            rows: 20,
            cols: 20,
            max: 19
        })
    );
}

#[test]
fn a_limit_gives_unknown() {
    let board = Board::empty(9).unwrap();
    let mut solver = Solver::new(Limits {
        nodes: Some(10),
        memory: 1 << 20,
        ..Limits::default()
    });
    assert!(matches!(
        solver.solve(&Position::of_board(&board, Color::White)),
        Ok(Outcome::Unknown { .. })
    ));
}

#[test]
fn the_limits_still_hold_after_a_proof() {
    // Counting a proof's positions once lifted the limits for good, so that every later
    // position of the same solver was searched without them.
    let mut solver = Solver::new(Limits {
        time: Some(Duration::from_millis(100)),
        memory: 1 << 20,
        ..Limits::default()
    });
    let mut won = Board::empty(8).unwrap();
    for row in 0..8 {
        won.set(Cell { row, col: 3 }, Color::Black);
    }
    assert!(matches!(
        solver.solve(&Position::of_board(&won, Color::White)),
        Ok(Outcome::Proven(_))
    ));
    let large = Board::empty(8).unwrap();
    assert!(matches!(
        solver.solve(&Position::of_board(&large, Color::White)),
        Ok(Outcome::Unknown { .. })
    ));
}

/// A solver whose threads all search from the first position.
fn threaded(threads: usize, limits: Limits) -> Solver {
    let mut solver = Solver::new(limits).with_threads(threads);
    solver.solo_nodes = 0;
    solver
}

#[test]
fn threads_sharing_one_table_agree_with_minimax() {
    let limits = Limits {
        memory: 1 << 20,
        ..Limits::default()
    };
    check_solver_against_minimax(threaded(3, limits), 4, [Cells::EMPTY; 2], 2);
    for start in [
        stones(5, &["A1", "C2", "B4", "E5"], &["B2", "D3", "C4", "A5"]),
        stones(5, &["E1", "B3", "D4", "A2"], &["C3", "B1", "E4", "A4"]),
    ] {
        check_solver_against_minimax(threaded(2, limits), 5, start, 1);
    }
}

#[test]
fn two_threads_find_the_5x5_openings_one_does_on_a_small_table() {
    // Every opening with a table that loses entries while both threads write to it: the same
    // winners as one thread's, and each winning reply wins (the position after it is lost).
    let limits = Limits {
        memory: 64 << 10,
        ..Limits::default()
    };
    let mut one = Solver::new(limits);
    let mut two = threaded(2, limits);
    for cell in Board::empty(5).unwrap().cells() {
        let mut board = Board::empty(5).unwrap();
        board.set(cell, Color::White);
        let proven = |outcome| match outcome {
            Ok(Outcome::Proven(proof)) => proof,
            other => panic!("{cell}: {other:?}"),
        };
        let alone = proven(one.solve(&Position::of_board(&board, Color::Black)));
        let together = proven(two.solve(&Position::of_board(&board, Color::Black)));
        assert_eq!(alone.winner, together.winner, "{cell}");
        if let Some(reply) = together.best {
            board.set(reply, Color::Black);
            let after = proven(one.solve(&Position::of_board(&board, Color::White)));
            assert_eq!(after.winner, Color::Black, "{cell}, then {reply}");
        }
    }
}

#[test]
fn two_threads_stop_at_the_limits() {
    let mut solver = threaded(
        2,
        Limits {
            nodes: Some(3000),
            ..Limits::default()
        },
    );
    let board = Board::empty(8).unwrap();
    let Ok(Outcome::Unknown { nodes, .. }) =
        solver.solve(&Position::of_board(&board, Color::White))
    else {
        panic!("8x8 is not solved in 3000 positions");
    };
    // Each thread looks at the count every 1024 of its own positions.
    assert!((3000..3000 + 2 * 1024 + 2).contains(&nodes), "{nodes}");
}

#[test]
fn a_time_limit_is_looked_at_every_position() {
    // With no time at all the search stops at its first look at the clock: after a position
    // or two, not after the 1,024 positions between looks at the count of positions (which on
    // 9x9 can take a second). The limit is zero, so nothing here depends on the machine.
    for threads in [1, 2] {
        let mut solver = threaded(
            threads,
            Limits {
                time: Some(std::time::Duration::ZERO),
                ..Limits::default()
            },
        );
        let board = Board::empty(9).unwrap();
        let Ok(Outcome::Unknown { nodes, .. }) =
            solver.solve(&Position::of_board(&board, Color::White))
        else {
            panic!("9x9 is not solved in no time");
        };
        assert!(
            nodes <= 2 * threads as u64,
            "{threads} threads: {nodes} positions"
        );
    }
}

#[test]
fn a_tiny_table_still_proves_every_5x5_opening() {
    // A child whose entry the table has lost keeps the bounds its search returned; else the
    // search could go into the same child again and again.
    let mut solver = Solver::new(Limits {
        memory: 8 << 10,
        nodes: Some(2_000_000),
        ..Limits::default()
    });
    for cell in Board::empty(5).unwrap().cells() {
        let mut board = Board::empty(5).unwrap();
        board.set(cell, Color::White);
        assert!(
            matches!(
                solver.solve(&Position::of_board(&board, Color::Black)),
                Ok(Outcome::Proven(_))
            ),
            "{cell}"
        );
    }
}

#[test]
fn a_finished_game_has_its_winner() {
    let mut board = Board::empty(3).unwrap();
    for row in 0..3 {
        board.set(Cell { row, col: 1 }, Color::Black);
    }
    let Ok(Outcome::Proven(proof)) =
        Solver::new(Limits::default()).solve(&Position::of_board(&board, Color::White))
    else {
        panic!("solved");
    };
    assert_eq!((proof.winner, proof.best), (Color::Black, None));
}

#[test]
fn the_book_round_trips_and_answers_at_once() {
    let board = Board::empty(4).unwrap();
    let mut solver = Solver::new(Limits::default());
    let Ok(Outcome::Proven(first)) = solver.solve(&Position::of_board(&board, Color::Black)) else {
        panic!("4x4 is solved")
    };
    let book = solver.book(1);
    assert!(!book.is_empty());
    let text = book.to_string();
    let read = ProofBook::parse(&text).unwrap();
    assert_eq!(read, book);
    let mut again = Solver::new(Limits::default()).with_book(read);
    let Ok(Outcome::Proven(second)) = again.solve(&Position::of_board(&board, Color::Black)) else {
        panic!("in the book")
    };
    assert_eq!((second.winner, second.best), (first.winner, first.best));
    assert_eq!(second.nodes, 1);
}

#[test]
fn a_bad_book_is_named_where_it_is_wrong() {
    let err = ProofBook::parse("4 00000000000000ff win A1\n4 12 loss -\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"2:3: expected a position key (16 hex digits), found "12""#
    );
    let err = ProofBook::parse("4 00000000000000ff win E1\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"1:24: expected a winning move like C3, found "E1""#
    );
}

mod winning_moves {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// On a random 5x5 position, a claimed winning move wins: once it is played the
        /// solver finds the opponent lost, and so does minimax.
        #[test]
        fn the_winning_move_wins(cells in proptest::collection::vec(0u8..25, 14..22), o_first in any::<bool>()) {
            let size = 5;
            let geometry = crate::geometry::Geometry::<crate::cells::Cells>::new(size);
            let mut stones = [Cells::EMPTY; 2];
            let mut to_move = if o_first { Color::Black } else { Color::White };
            for at in cells.into_iter().map(|at| Spot::new(at.into())) {
                if (stones[0] | stones[1]).contains(at) {
                    continue;
                }
                stones[crate::geometry::slot(to_move)] |= Cells::single(at);
                to_move = to_move.opponent();
            }
            // Repeated cells are passed over: at least 12 stones keep minimax's table small
            // (13 empty cells, 3^13 positions at most); a case with far fewer asked for 30 GB.
            prop_assume!((stones[0] | stones[1]).len() >= 12);
            let board = board_of(size, stones);
            let mut solver = Solver::new(Limits { memory: 1 << 20, ..Limits::default() });
            let Ok(Outcome::Proven(proof)) = solver.solve(&Position::of_board(&board, to_move)) else {
                panic!("5x5 is small");
            };
            let mut memo = std::collections::HashMap::new();
            let expected = minimax(&geometry, stones, to_move, &mut memo);
            prop_assert_eq!(proof.winner == to_move, expected);
            if proof.winner == to_move && !geometry.joins(to_move, stones[crate::geometry::slot(to_move)]) {
                let best = proof.best.expect("a winning move");
                let mut after = board.clone();
                prop_assert!(after.get(best).is_none());
                after.set(best, to_move);
                let Ok(Outcome::Proven(next)) = Solver::new(Limits { memory: 1 << 20, ..Limits::default() })
                    .solve(&Position::of_board(&after, to_move.opponent())) else {
                    panic!("5x5 is small");
                };
                prop_assert_eq!(next.winner, to_move);
            }
        }
    }
}

/// Walks the proof trees of the positions up to `depth` moves from `start`: every move is on
/// an empty cell; at the winner's turns one move, at the loser's one or more; a leaf is a
/// position the knowledge decides, for the winner. With `minimax` (small boards only)
/// every position of the tree is won by the side minimax says. The positions that are not
/// transpositions number the proof's size. Returns the steps walked and the deepest.
fn check_proof_tree(size: u8, start: [Cells; 2], depth: usize, minimax_too: bool) -> (usize, u32) {
    let expert = crate::knowledge::Expert::with_knowledge(size, Knowledge::default());
    let geometry = crate::geometry::Geometry::<crate::cells::Cells>::new(size);
    let mut memo = std::collections::HashMap::new();
    let mut solver = Solver::new(Limits {
        memory: 1 << 20,
        ..Limits::default()
    });
    let (mut walked, mut deepest) = (0, 0);
    for first in Color::BOTH {
        for (stones, to_move) in positions(size, start, depth, first) {
            let board = board_of(size, stones);
            let Ok(Outcome::Proven(proof)) = solver.solve(&Position::of_board(&board, to_move))
            else {
                panic!("no limits, yet no proof:\n{board}");
            };
            let tree = solver
                .proof_tree(&Position {
                    stones,
                    ..Position::new(size, size, to_move)
                })
                .unwrap();
            assert_eq!(tree[0].depth, 0);
            assert_eq!(tree[0].at, None);
            let own = tree.iter().filter(|step| !step.transposition).count();
            assert_eq!(own as u64, proof.size, "on\n{board}");
            // The positions from the root to the current step, each with its side to move.
            let mut line: Vec<([Cells; 2], Color)> = Vec::new();
            for (i, step) in tree.iter().enumerate() {
                line.truncate(step.depth as usize);
                let position = match (step.at, line.last()) {
                    (None, None) => (stones, to_move),
                    (Some(cell), Some(&(before, mover))) => {
                        let at = geometry.spot(cell);
                        assert!(!(before[0] | before[1]).contains(at));
                        let mut after = before;
                        after[crate::geometry::slot(mover)] |= Cells::single(at);
                        (after, mover.opponent())
                    }
                    _ => panic!("step {i} does not follow from the one before: {step:?}"),
                };
                let (here, mover) = position;
                if minimax_too {
                    let wins = minimax(&geometry, here, mover, &mut memo);
                    assert_eq!(wins, mover == proof.winner, "step {i} on\n{board}");
                }
                if step.decided {
                    let decided = expert.decide(&Position {
                        stones: here,
                        ..Position::new(size, size, mover)
                    });
                    let won = match decided {
                        Decision::Won { .. } => true,
                        Decision::Lost { .. } => false,
                        Decision::Consider { .. } => panic!("step {i} is not decided"),
                    };
                    assert_eq!(won, mover == proof.winner, "step {i} on\n{board}");
                }
                let children = tree[i + 1..]
                    .iter()
                    .take_while(|next| next.depth > step.depth)
                    .filter(|next| next.depth == step.depth + 1)
                    .count();
                if step.transposition || step.decided {
                    assert_eq!(children, 0);
                } else if mover == proof.winner {
                    assert_eq!(children, 1, "step {i} on\n{board}");
                } else {
                    assert!(children >= 1, "step {i} on\n{board}");
                }
                line.push(position);
                walked += 1;
                deepest = deepest.max(step.depth);
            }
        }
    }
    (walked, deepest)
}

#[test]
fn a_proof_tree_plays_out_as_minimax_says() {
    // Two stones each leave minimax little to do (the knowledge decides most of those).
    let starts = [(["B2"], ["C3"]), (["C2"], ["B3"]), (["A4"], ["D1"])];
    for (x, o) in starts {
        let (walked, _) = check_proof_tree(4, stones(4, &x, &o), 2, true);
        assert!(walked > 300, "{walked} steps");
    }
    // The 5x5 openings have trees some moves deep (minimax would take too long there).
    let (walked, deepest) = check_proof_tree(5, [Cells::EMPTY; 2], 1, false);
    assert!(
        walked > 300 && deepest >= 4,
        "{walked} steps, {deepest} moves deep"
    );
}
