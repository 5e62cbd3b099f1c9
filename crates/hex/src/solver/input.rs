//! `hex solve` on an input: the positions it holds (an SGF record, or the contest's data
//! sets), each solved in turn, and the report of each (with its proof tree if asked).

use thiserror::Error;

use super::{Outcome, Solved, Solver, SolverError, position_of};
use crate::board::Color;
use crate::game::IllegalMove;
use crate::position::Position;
use crate::{contest, sgf};

/// Why an input cannot be solved, named after the input (a file's name, `<stdin>`).
#[derive(Debug, Error)]
pub enum InputError {
    /// The SGF record cannot be read.
    #[error("{name}:{error}")]
    Sgf {
        /// The input's name.
        name: String,
        /// The mistake, with its line and column.
        error: sgf::SgfError,
    },
    /// A stone of the SGF record cannot be played.
    #[error("{name}: stone {stone}: {error}")]
    Stone {
        /// The input's name.
        name: String,
        /// The stone, from 1.
        stone: usize,
        /// Why it cannot be played.
        error: IllegalMove,
    },
    /// The contest's text is not as the contest gives it.
    #[error(transparent)]
    Contest(#[from] text::InputError),
    /// The stones do not say whose turn it is, and no side was named.
    #[error("{name}: data set {number}: say which side is to move with --to-move")]
    ToMove {
        /// The input's name.
        name: String,
        /// The data set, from 1.
        number: usize,
    },
    /// A position the solver does not take.
    #[error("{name}: data set {number}: {error}")]
    Solver {
        /// The input's name.
        name: String,
        /// The data set, from 1.
        number: usize,
        /// Why.
        error: SolverError,
    },
}

/// The positions of `input`: an SGF record's position after its moves (a rectangle too),
/// with the side whose turn it is; or the contest's boards, each with the side its stones
/// say is to move (X when they are even). `to_move`, where given, is to move in every one.
pub fn positions(input: &text::Input, to_move: Option<Color>) -> Result<Vec<Position>, InputError> {
    let name = || input.name.clone();
    if input.text.trim_start().starts_with("(;") {
        let record = sgf::parse(&input.text).map_err(|error| InputError::Sgf {
            name: name(),
            error,
        })?;
        let position = record.position().map_err(|(i, error)| InputError::Stone {
            name: name(),
            stone: i + 1,
            error,
        })?;
        return Ok(vec![
            position.with_to_move(to_move.unwrap_or(position.to_move)),
        ]);
    }
    let boards = input.parse(contest::parse)?;
    (1..)
        .zip(boards)
        .map(|(number, board)| {
            let side = (to_move.or(board.side_to_move())).ok_or_else(|| InputError::ToMove {
                name: name(),
                number,
            })?;
            position_of(&board, side).map_err(|error| InputError::Solver {
                name: name(),
                number,
                error,
            })
        })
        .collect()
}

/// What [`solve_input`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// Each position as [`Solved`] shows it, in the input's order.
    pub report: String,
    /// Each position's proof tree as an SGF record, when asked for (an unknown position's
    /// has only its root).
    pub proof_trees: Option<String>,
}

/// Solves every position of `input` in turn (see [`positions`]) with `solver`, and with
/// `proof_trees` walks each proof's tree too (whose count of positions is then the proof's
/// size: the search need not count it first).
pub fn solve_input(
    solver: &mut Solver,
    input: &text::Input,
    to_move: Option<Color>,
    proof_trees: bool,
) -> Result<Solutions, InputError> {
    let positions = positions(input, to_move)?;
    let mut report = String::new();
    let mut trees = proof_trees.then(String::new);
    solver.count_proofs(!proof_trees);
    for (number, position) in (1..).zip(&positions) {
        let failed = |error| InputError::Solver {
            name: input.name.clone(),
            number,
            error,
        };
        let mut outcome = solver.solve(position).map_err(failed)?;
        if let Some(trees) = &mut trees {
            let tree = match &mut outcome {
                Outcome::Proven(proof) => {
                    let tree = solver.proof_tree(position).map_err(failed)?;
                    proof.size = tree.iter().filter(|step| !step.transposition).count() as u64;
                    tree
                }
                Outcome::Unknown { .. } => Vec::new(),
            };
            *trees += &sgf::proof_tree(position, &outcome, &tree);
        }
        report += &Solved {
            number,
            position,
            outcome,
        }
        .to_string();
    }
    Ok(Solutions {
        report,
        proof_trees: trees,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Limits;

    fn input(text: &str) -> text::Input {
        text::Input::builtin("<test>", text)
    }

    fn solver() -> Solver {
        Solver::new(Limits::default())
    }

    #[test]
    fn a_record_gives_its_position_with_the_side_to_move() {
        let found = positions(&input("(;FF[4]GM[11]SZ[3];B[b2])"), None).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].rows, found[0].cols), (3, 3));
        assert_eq!(found[0].to_move, Color::White);
        let named = positions(&input("(;FF[4]GM[11]SZ[3];B[b2])"), Some(Color::Black));
        assert_eq!(named.unwrap()[0].to_move, Color::Black);
    }

    #[test]
    fn the_mistakes_name_the_input_and_the_place() {
        let message = |text| positions(&input(text), None).unwrap_err().to_string();
        assert!(
            message("(;FF[4]GM[1])").starts_with("<test>:1:"),
            "{}",
            message("(;FF[4]GM[1])")
        );
        assert!(message("1\nfive\n").starts_with("<test>:2:1: expected the board size"));
        // O holding two more stones than X: neither side's turn.
        let unknown = "<test>: data set 1: say which side is to move with --to-move";
        assert_eq!(message("1\n4\n0 2\nA1 B1\n"), unknown);
        assert_eq!(
            positions(&input("1\n4\n0 2\nA1 B1\n"), Some(Color::White))
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn each_data_set_is_solved_and_reported_in_turn() {
        // Two empty boards: 1x1 (the first player's at once) and 2x2.
        let solved = solve_input(&mut solver(), &input("2\n1\n0 0\n2\n0 0\n"), None, true);
        let Solutions {
            report,
            proof_trees,
        } = solved.unwrap();
        assert!(report.starts_with("Data set 1, X to move:\n"), "{report}");
        assert!(report.contains("Data set 2, X to move:\n"), "{report}");
        assert_eq!(report.matches("X wins, playing").count(), 2, "{report}");
        assert_eq!(proof_trees.unwrap().matches("(;").count(), 2);
        let without = solve_input(&mut solver(), &input("1\n1\n0 0\n"), None, false).unwrap();
        assert_eq!(without.proof_trees, None);
    }
}
