//! The board drawn for a person: every square's piece and the layer it comes from, the
//! squares of the next removal marked, in colour if asked.

use std::fmt;

use anstyle::{AnsiColor, Style};

use crate::board::{Colour, SIDE, Square, Squares};
use crate::game::Game;

/// A game's board as a person reads it, six rows of six squares:
///
/// ```text
///     1           2           3           4           5           6
/// 1  *dam      B *lopare   B *torn     B *lopare   B *lopare   B *lopare   B
/// ```
///
/// Each square shows its piece's name and layer (`B` bronze, `S` silver, `G` gold; `.` an
/// empty square), and a `*` before the squares from which the next piece may be removed.
/// With colour, the layers are drawn in their colours and the marked squares in bold.
#[derive(Clone, Copy, Debug)]
pub struct Picture<'a> {
    game: &'a Game,
    marked: Squares,
    color: bool,
}

/// The width of a square's name and layer, and of the gap after it.
const CELL: usize = 11;

impl<'a> Picture<'a> {
    /// The board of `game`, with the squares of its legal removals marked.
    pub fn new(game: &'a Game) -> Picture<'a> {
        Picture {
            game,
            marked: game.legal(),
            color: false,
        }
    }

    /// The same picture with ANSI colours (for a terminal) or without.
    pub fn color(self, color: bool) -> Picture<'a> {
        Picture { color, ..self }
    }

    /// The same picture with other squares marked (none: [`Squares::EMPTY`]).
    pub fn marked(self, marked: Squares) -> Picture<'a> {
        Picture { marked, ..self }
    }

    fn style(&self, style: Style) -> Style {
        if self.color { style } else { Style::new() }
    }
}

/// The letter of a layer in a picture.
pub const fn layer_letter(colour: Colour) -> char {
    match colour {
        Colour::Bronze => 'B',
        Colour::Silver => 'S',
        Colour::Gold => 'G',
    }
}

fn layer_style(colour: Colour) -> Style {
    match colour {
        Colour::Bronze => AnsiColor::Red.on_default(),
        Colour::Silver => AnsiColor::Cyan.on_default(),
        Colour::Gold => AnsiColor::Yellow.on_default().bold(),
    }
}

impl fmt::Display for Picture<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut header = String::from("   ");
        for col in 1..=SIDE {
            header += &format!(" {col:<width$}", width = CELL);
        }
        writeln!(f, "{}", header.trim_end())?;
        for row in 1..=SIDE {
            let mut line = format!("{row}  ");
            for col in 1..=SIDE {
                let Some(square) = Square::at(row, col) else {
                    continue;
                };
                let marked = self.marked.contains(square);
                let mark = self.style(AnsiColor::Green.on_default().bold());
                if marked {
                    line += &format!("{mark}*{mark:#}");
                } else {
                    line.push(' ');
                }
                let cell = match (self.game.piece(square), self.game.colour(square)) {
                    (Some(piece), Some(colour)) => {
                        let name = piece.wire_name();
                        let pad = " ".repeat(CELL - 2 - name.len());
                        let bold = if marked {
                            Style::new().bold()
                        } else {
                            Style::new()
                        };
                        let name_style = self.style(bold);
                        let layer = self.style(layer_style(colour));
                        let letter = layer_letter(colour);
                        format!("{name_style}{name}{name_style:#}{pad} {layer}{letter}{layer:#}")
                    }
                    _ => format!("{:<width$}", ".", width = CELL),
                };
                line += &cell;
                if col < SIDE {
                    line.push(' ');
                }
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Deal, Piece};

    fn lines(picture: Picture) -> Vec<String> {
        picture.to_string().lines().map(str::to_string).collect()
    }

    #[test]
    fn a_new_game_marks_every_square_and_shows_bronze() {
        let game = Game::new(&Deal::uniform(Piece::Knight));
        let lines = lines(Picture::new(&game));
        assert_eq!(lines.len(), 7);
        assert_eq!(lines[1].matches("*springare B").count(), 6, "{}", lines[1]);
        assert!(lines[0].starts_with("    1 "), "{:?}", lines[0]);
    }

    #[test]
    fn after_a_removal_the_layer_and_the_reach_change() {
        let mut game = Game::new(&Deal::uniform(Piece::Knight));
        game.play(Square::at(1, 1).unwrap()).unwrap();
        let text = Picture::new(&game).to_string();
        let rows: Vec<&str> = text.lines().collect();
        // Row 1 col 1 now shows silver, unmarked; a knight in the corner reaches 2 3 and 3 2.
        assert!(
            rows[1].starts_with("1   springare S  springare B"),
            "{}",
            rows[1]
        );
        assert_eq!(text.matches('*').count(), 2);
        assert!(rows[2].contains("*springare B"), "{}", rows[2]);
        assert!(
            rows[3].starts_with("3   springare B *springare B"),
            "{}",
            rows[3]
        );
    }

    #[test]
    fn an_empty_square_is_a_dot_and_colour_is_only_on_request() {
        let mut game = Game::new(&Deal::uniform(Piece::Rook));
        let corner = Square::at(1, 1).unwrap();
        let other = Square::at(1, 6).unwrap();
        for square in [corner, other, corner, other, corner] {
            game.play(square).unwrap();
        }
        let plain = Picture::new(&game).to_string();
        assert!(
            plain.lines().nth(1).unwrap().starts_with("1   .  "),
            "{plain}"
        );
        assert!(!plain.contains('\x1b'));
        let coloured = Picture::new(&game).color(true).to_string();
        assert!(coloured.contains('\x1b'));
        let unmarked = Picture::new(&game).marked(Squares::EMPTY).to_string();
        assert!(!unmarked.contains('*'));
    }
}
