//! Positions drawn as pictures of their board ([`Layout::draw`]);
//! [`parse_positions`](crate::parse_positions) reads them back.

use std::fmt;

use crate::board::Layout;
use crate::position::Position;

/// A position drawn as a picture of its board; see [`Layout::draw`].
pub struct Drawing<'a> {
    layout: &'a Layout,
    position: Position,
    indent: usize,
}

impl Layout {
    /// A picture of `position`, cells a space apart: `o` a peg, `.` an empty hole.
    pub fn draw(&self, position: Position) -> Drawing<'_> {
        Drawing {
            layout: self,
            position,
            indent: 0,
        }
    }
}

impl Drawing<'_> {
    /// The same picture with every line indented by `indent` spaces.
    pub fn indented(self, indent: usize) -> Self {
        Drawing { indent, ..self }
    }

    /// The picture's lines, without trailing spaces.
    pub fn lines(&self) -> Vec<String> {
        let cells = self.layout.cells();
        let rows = cells.last().map_or(0, |&(r, _)| r + 1);
        let mut lines = vec![String::new(); rows];
        for (i, &(row, col)) in cells.iter().enumerate() {
            let line = &mut lines[row];
            let at = self.indent + 2 * col;
            while line.len() < at {
                line.push(' ');
            }
            line.push(if self.position.bits() & 1 << i != 0 {
                'o'
            } else {
                '.'
            });
        }
        lines
    }
}

impl fmt::Display for Drawing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.lines()
            .iter()
            .try_for_each(|line| writeln!(f, "{line}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::parse_positions;

    #[test]
    fn a_drawing_reads_back_as_its_position() {
        let layout = Layout::european();
        let position = Position::from_bits(0x1_2345_6789) & layout.full();
        let picture = layout.draw(position).indented(3).to_string();
        assert_eq!(parse_positions(layout, &picture).unwrap(), [position]);
    }

    #[test]
    fn drawings_are_spaced_and_trimmed() {
        let layout = Layout::english();
        let centre = Position::from(layout.hole(17).unwrap());
        assert_eq!(
            layout.draw(centre).to_string(),
            "    . . .\n    . . .\n. . . . . . .\n. . . o . . .\n. . . . . . .\n    . . .\n    . . .\n"
        );
    }
}
