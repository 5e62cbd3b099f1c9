//! The solver's results as text: a position's proof, and the table of every opening.

use std::fmt;

use super::{Openings, Outcome};
use crate::position::Position;

/// A solved position as `hex solve` shows it: the position, then the winner, a winning move
/// when the winner is to move, and the proof's size and time (or `unknown within the
/// limits`), then a blank line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved<'a> {
    /// The data set's number, from 1.
    pub number: usize,
    /// The position, with who was to move.
    pub position: &'a Position,
    /// What the solver found.
    pub outcome: Outcome,
}

impl fmt::Display for Solved<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Solved {
            number,
            position,
            outcome,
        } = self;
        let to_move = &position.to_move;
        write!(
            f,
            "Data set {number}, {} to move:\n{position}",
            to_move.contest_letter()
        )?;
        match outcome {
            Outcome::Proven(proof) => {
                match proof.best {
                    Some(best) if proof.winner == *to_move => {
                        writeln!(f, "{} wins, playing {best}", proof.winner.contest_letter())?
                    }
                    _ => writeln!(f, "{} wins", proof.winner.contest_letter())?,
                }
                writeln!(
                    f,
                    "proof: {} ({} searched) in {:.3} s\n",
                    text::Counted(proof.size, "position"),
                    proof.nodes,
                    proof.time.as_secs_f64()
                )
            }
            Outcome::Unknown { nodes, time } => writeln!(
                f,
                "unknown within the limits ({nodes} positions searched in {:.3} s)\n",
                time.as_secs_f64()
            ),
        }
    }
}

/// A row for each opening (winner, reply, proof size, positions searched, seconds), the
/// totals, then the board with each opening marked `W` (the first player wins after it), `L`
/// or `?` (or `.` when a run was asked for only some openings).
impl fmt::Display for Openings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Openings {
            size,
            first,
            threads,
            ..
        } = *self;
        let second = first.opponent().contest_letter();
        let first_letter = first.contest_letter();
        writeln!(
            f,
            "Openings of {size}x{size}, {first_letter} first, {second} to move after the opening:"
        )?;
        writeln!(f, "opening  winner  reply  proof  searched  seconds")?;
        let mut marks = vec!["."; usize::from(size) * usize::from(size)];
        for opening in &self.openings {
            let (row, col) = (usize::from(opening.cell.row), usize::from(opening.cell.col));
            let mark = &mut marks[row * usize::from(size) + col];
            let cell = opening.cell.to_string();
            match opening.outcome {
                Outcome::Proven(proof) => {
                    let reply = proof.best.map_or("-".to_string(), |c| c.to_string());
                    let winner = proof.winner.contest_letter().to_string();
                    let seconds = proof.time.as_secs_f64();
                    match opening.by {
                        Some(by) => writeln!(
                            f,
                            "{cell:<8} {winner:<7} {reply:<6} outside {by}'s proof {seconds:>8.3}"
                        )?,
                        None => writeln!(
                            f,
                            "{cell:<8} {winner:<7} {reply:<6} {:>5} {:>9} {seconds:>8.3}",
                            proof.size, proof.nodes
                        )?,
                    }
                    *mark = if proof.winner == first { "W" } else { "L" };
                }
                Outcome::Unknown { nodes, time } => {
                    let seconds = time.as_secs_f64();
                    writeln!(
                        f,
                        "{cell:<8} unknown within the limits {nodes:>9} {seconds:>8.3}"
                    )?;
                    *mark = "?";
                }
            }
        }
        writeln!(
            f,
            "total: {} positions searched; search {:.3} s summed over the openings, {:.3} s \
             wall-clock on {threads} {} (with the proofs' sizes counted)",
            self.nodes(),
            self.search_time().as_secs_f64(),
            self.wall.as_secs_f64(),
            if threads == 1 { "thread" } else { "threads" }
        )?;
        let mirrored = self.openings.iter().filter(|o| !o.searched).count();
        writeln!(
            f,
            "{mirrored} openings are the half turn of another one and were not searched again."
        )?;
        let settled = self.openings.iter().filter(|o| o.by.is_some()).count();
        if settled > 0 {
            writeln!(
                f,
                "{settled} lose outside the proof of another losing opening: settled without a search."
            )?;
        }
        writeln!(f)?;
        let part = if marks.contains(&".") {
            ", .: not asked for"
        } else {
            ""
        };
        writeln!(
            f,
            "W: {first_letter} wins after that opening, L: {second} wins, ?: unknown{part}"
        )?;
        for (row, line) in marks.chunks(usize::from(size)).enumerate() {
            writeln!(f, "{}{}", " ".repeat(2 * row), line.join("   "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::solver::{Limits, Setup, Solver, solve_openings};

    #[test]
    fn a_solved_position_names_the_winning_move() {
        let empty = Position::new(2, 2, Color::White);
        let outcome = Solver::new(Limits::default()).solve(&empty).unwrap();
        let text = Solved {
            number: 1,
            position: &empty,
            outcome,
        }
        .to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[..3], ["Data set 1, X to move:", "-   -", "  -   -"]);
        assert!(lines[3].starts_with("X wins, playing "), "{text}");
        assert!(
            lines[4].starts_with("proof: ") && lines[5].is_empty(),
            "{text}"
        );
    }

    #[test]
    fn the_openings_table_marks_the_board() {
        let found = solve_openings(&Setup::default(), 2, Color::Black, None, 1, |_| {}).unwrap();
        let text = found.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "Openings of 2x2, O first, X to move after the opening:"
        );
        assert!(lines[3].starts_with("B1       O       -          1         1 "));
        assert!(
            lines[6].starts_with("total: 2 positions searched; "),
            "{text}"
        );
        assert!(
            lines[6].ends_with("on 1 thread (with the proofs' sizes counted)"),
            "{text}"
        );
        assert_eq!(
            lines[7],
            "2 openings are the half turn of another one and were not searched again."
        );
        // O joins top and bottom: on 2x2 the opening on the short diagonal wins for O.
        assert_eq!(lines[10..], ["L   W", "  W   L"]);
    }
}
