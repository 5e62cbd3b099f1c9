//! The contest's fixed way of playing: always the jump into the largest hole, and among
//! jumps into that hole the one from the largest hole, until no jump is left.

use std::fmt;

use crate::board::Layout;
use crate::position::{Jump, Position};

/// The jump the contest's rule picks in `position`, if any jump is legal.
pub fn contest_jump(layout: &Layout, position: Position) -> Option<Jump> {
    // The layout keeps its jumps in the rule's order of preference.
    layout.legal_jumps(position).next()
}

/// One game played by the contest's rule: where it started, every jump, where it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The position before the first jump.
    pub start: Position,
    /// The jumps made, in order.
    pub jumps: Vec<Jump>,
    /// The position when no jump was left.
    pub end: Position,
}

impl Game {
    /// Plays from `start` by the contest's rule until no jump is left.
    ///
    /// Every jump removes a peg, so a game has fewer jumps than the board has holes.
    pub fn play(layout: &Layout, start: Position) -> Game {
        let mut jumps = Vec::new();
        let mut position = start;
        while let Some(jump) = contest_jump(layout, position) {
            position = position.after(jump);
            jumps.push(jump);
        }
        Game {
            start,
            jumps,
            end: position,
        }
    }

    /// The game as a walk-through: the pegs at the start, every jump, what is left.
    pub fn trace(&self) -> Trace<'_> {
        Trace(self)
    }
}

/// A game written out jump by jump; see [`Game::trace`].
pub struct Trace<'a>(&'a Game);

impl fmt::Display for Trace<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.0;
        writeln!(f, "pegs: {}", game.start)?;
        for (number, jump) in (1..).zip(&game.jumps) {
            writeln!(f, "  {number}: {jump}")?;
        }
        writeln!(
            f,
            "no jump left; pegs: {}; sum {}",
            game.end,
            game.end.sum()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Hole;
    use proptest::prelude::*;

    fn position(holes: &[u32]) -> Position {
        let layout = Layout::english();
        holes
            .iter()
            .fold(Position::EMPTY, |p, &n| p.with(layout.hole(n).unwrap()))
    }

    /// Every legal jump, found from the geometry alone: a peg, a peg beside it, and an empty
    /// hole beyond, in a straight row or column.
    fn legal_jumps_by_geometry(layout: &Layout, position: Position) -> Vec<Jump> {
        let holes: Vec<Hole> = (1..=33).map(|n| layout.hole(n).unwrap()).collect();
        let mut jumps = Vec::new();
        for &from in &holes {
            for &to in &holes {
                let (fr, fc) = layout.cell(from);
                let (tr, tc) = layout.cell(to);
                let in_line =
                    (fr == tr && fc.abs_diff(tc) == 2) || (fc == tc && fr.abs_diff(tr) == 2);
                if !in_line {
                    continue;
                }
                let middle = ((fr + tr) / 2, (fc + tc) / 2);
                let Some(&over) = holes.iter().find(|&&h| layout.cell(h) == middle) else {
                    continue;
                };
                if position.contains(from) && position.contains(over) && !position.contains(to) {
                    jumps.push(Jump { from, over, to });
                }
            }
        }
        jumps
    }

    #[test]
    fn the_text_s_example_ends_in_24_and_27() {
        let game = Game::play(Layout::english(), position(&[10, 12, 17, 19, 25]));
        let jumps: Vec<String> = game.jumps.iter().map(Jump::to_string).collect();
        // The corrected walk-through: 12 to 26, then 25 to 27, then 10 to 24.
        assert_eq!(
            jumps,
            ["12 over 19 to 26", "25 over 26 to 27", "10 over 17 to 24"]
        );
        assert_eq!(game.end, position(&[24, 27]));
        assert_eq!(game.end.sum(), 51);
    }

    #[test]
    fn the_trace_reads_like_the_walk_through() {
        let game = Game::play(Layout::english(), position(&[10, 12, 17, 19, 25]));
        assert_eq!(
            game.trace().to_string(),
            "pegs: 10 12 17 19 25\n\
             \x20 1: 12 over 19 to 26\n\
             \x20 2: 25 over 26 to 27\n\
             \x20 3: 10 over 17 to 24\n\
             no jump left; pegs: 24 27; sum 51\n"
        );
        let empty = Game::play(Layout::english(), Position::EMPTY);
        assert_eq!(
            empty.trace().to_string(),
            "pegs: none\nno jump left; pegs: none; sum 0\n"
        );
    }

    proptest! {
        #[test]
        fn each_jump_removes_one_peg_and_the_game_ends_stuck(bits in 0u64..(1 << 33)) {
            let layout = Layout::english();
            let game = Game::play(layout, Position::from_bits(bits));
            let mut position = game.start;
            for jump in &game.jumps {
                let next = position.after(*jump);
                prop_assert_eq!(next.count() + 1, position.count());
                position = next;
            }
            prop_assert_eq!(position, game.end);
            prop_assert!(legal_jumps_by_geometry(layout, game.end).is_empty());
        }

        #[test]
        fn the_chosen_jump_is_the_one_the_rule_names(bits in 0u64..(1 << 33)) {
            let layout = Layout::english();
            let mut position = Position::from_bits(bits);
            loop {
                let named = legal_jumps_by_geometry(layout, position)
                    .into_iter()
                    .max_by_key(|jump| (jump.to, jump.from));
                let chosen = contest_jump(layout, position);
                prop_assert_eq!(chosen, named);
                match chosen {
                    Some(jump) => position = position.after(jump),
                    None => break,
                }
            }
        }
    }
}
