//! A solved position told for a reader: counts in words, the start and the end as pictures
//! side by side, then the jumps.

use std::fmt;

use crate::board::Layout;
use crate::position::{Hole, Position};
use crate::solve::{Solution, Unreachable, fewest_pegs, finish_in};
use text::Counted;

/// What was asked of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The fewest pegs that can remain ([`fewest_pegs`]).
    Fewest,
    /// One peg in this hole ([`finish_in`]).
    Finish(Hole),
}

/// A position solved and told: `position N: P pegs; ...`, pictures and jumps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer<'a> {
    layout: &'a Layout,
    number: usize,
    start: Position,
    found: Found,
}

/// What the solver found for a [`Goal`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Found {
    Fewest(Solution),
    Finish(Hole, Result<Solution, Unreachable>),
}

impl Answer<'_> {
    /// What solving does and reads, as a help tells it; the first paragraph sums it up.
    pub const ABOUT: &'static str = "\
Best play from each position: the fewest pegs that can remain, and jumps that leave them.

The positions are hole lists in the contest's format (a count, then each position's holes \
with pegs, ended by `0`), or pictures of the board: `o` a peg, `.` an empty hole, a space \
no hole, one character a cell or cells a space apart; pictures are separated by blank \
lines. The first character that is not whitespace decides: a digit starts hole lists. \
Each answer shows the position and where the jumps lead as pictures, then the jumps.";

    /// An example, for a help.
    pub const EXAMPLE: &'static str = "\
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
}

/// The answers for the positions of an input, numbered from 1, a blank line between them.
pub fn answers(layout: &Layout, starts: Vec<Position>, goal: Goal) -> String {
    let answers: Vec<String> = (1..)
        .zip(starts)
        .map(|(number, start)| Answer::solve(layout, number, start, goal).to_string())
        .collect();
    answers.join("\n")
}

impl<'a> Answer<'a> {
    /// Solves `start` (the `number`-th position of an input, from 1) for `goal`.
    pub fn solve(layout: &'a Layout, number: usize, start: Position, goal: Goal) -> Answer<'a> {
        let found = match goal {
            Goal::Fewest => Found::Fewest(fewest_pegs(layout, start)),
            Goal::Finish(hole) => Found::Finish(hole, finish_in(layout, start, hole)),
        };
        Answer {
            layout,
            number,
            start,
            found,
        }
    }

    /// The solution, or why there is none.
    pub fn found(&self) -> Result<&Solution, Unreachable> {
        match &self.found {
            Found::Fewest(best) => Ok(best),
            Found::Finish(_, found) => found.as_ref().map_err(|why| *why),
        }
    }
}

fn pegs(position: Position) -> Counted<u32> {
    Counted(position.count(), "peg")
}

impl fmt::Display for Answer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position {}: {}", self.number, pegs(self.start))?;
        let solution = match &self.found {
            Found::Fewest(best) => {
                let jumps = Counted(best.jumps.len(), "jump");
                writeln!(f, "; at best {} can remain, after {jumps}", pegs(best.end))?;
                best
            }
            Found::Finish(hole, Ok(solution)) => {
                let jumps = Counted(solution.jumps.len(), "jump");
                writeln!(f, "; one peg in hole {hole}: possible, after {jumps}")?;
                solution
            }
            Found::Finish(hole, Err(why)) => {
                writeln!(f, "; one peg in hole {hole}: impossible ({why})")?;
                return write!(f, "{}", self.layout.draw(self.start).indented(2));
            }
        };
        write!(f, "{}", SideBySide(self.layout, solution))?;
        for (step, jump) in (1..).zip(&solution.jumps) {
            writeln!(f, "{step:>4}: {jump}")?;
        }
        Ok(())
    }
}

/// The start and the end of a solution as pictures side by side, under `start` and `end`.
struct SideBySide<'a>(&'a Layout, &'a Solution);

impl fmt::Display for SideBySide<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SideBySide(layout, solution) = *self;
        let before = layout.draw(solution.start).indented(2).lines();
        let after = layout.draw(solution.end).lines();
        let width = before.iter().map(String::len).max().unwrap_or(0).max(7) + 4;
        writeln!(f, "{:width$}end", "  start")?;
        for (left, right) in before.iter().zip(&after) {
            let line = format!("{left:width$}{right}");
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english(holes: &[u32]) -> Position {
        let layout = Layout::english();
        holes
            .iter()
            .fold(Position::EMPTY, |p, &n| p.with(layout.hole(n).unwrap()))
    }

    #[test]
    fn a_finish_tells_the_count_the_pictures_and_the_jumps() {
        let layout = Layout::english();
        let start = english(&[10, 17]);
        let goal = Goal::Finish(layout.hole(24).unwrap());
        let text = Answer::solve(layout, 3, start, goal).to_string();
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some("position 3: 2 pegs; one peg in hole 24: possible, after 1 jump")
        );
        assert_eq!(
            lines.next().map(str::trim_end),
            Some("  start            end")
        );
        assert_eq!(text.lines().last(), Some("   1: 10 over 17 to 24"));
        assert_eq!(text.lines().count(), 2 + 7 + 1);
    }

    #[test]
    fn an_impossible_finish_says_why_and_shows_the_start() {
        let layout = Layout::english();
        let start = english(&[10, 17]);
        let wrong_class = Answer::solve(layout, 1, start, Goal::Finish(layout.hole(1).unwrap()));
        assert_eq!(wrong_class.found(), Err(Unreachable::WrongClass));
        let text = wrong_class.to_string();
        assert_eq!(
            text.lines().next(),
            Some(
                "position 1: 2 pegs; one peg in hole 1: impossible (the pegs on the diagonals have the wrong parities, which no jump changes)"
            )
        );
        assert_eq!(
            &text[text.find('\n').unwrap() + 1..],
            layout.draw(start).indented(2).to_string()
        );
    }

    #[test]
    fn a_finish_from_no_pegs_says_there_are_none() {
        let layout = Layout::english();
        let hole = layout.hole(17).unwrap();
        let answer = Answer::solve(layout, 1, english(&[]), Goal::Finish(hole));
        assert_eq!(answer.found(), Err(Unreachable::NoPegs));
        assert_eq!(
            answer.to_string().lines().next(),
            Some(
                "position 1: 0 pegs; one peg in hole 17: impossible (there are no pegs on the board)"
            )
        );
    }

    #[test]
    fn the_fewest_pegs_are_counted_in_words() {
        let layout = Layout::english();
        let text = Answer::solve(layout, 2, english(&[1, 17]), Goal::Fewest).to_string();
        assert!(text.starts_with("position 2: 2 pegs; at best 2 pegs can remain, after 0 jumps\n"));
        // No jumps to list: the pictures end the answer.
        assert_eq!(text.lines().count(), 2 + 7);
    }
}
