//! Solitaire chess played by a person, over any reader and writer: the board drawn after
//! every removal, the removal typed as `row col`, the score as it grows, the rules, a hint
//! from an [`Advisor`], and taking a removal back.
//!
//! ```
//! use solitaire_chess::human::{self, Ending};
//! use solitaire_chess::{Deal, Piece};
//!
//! let deal = Deal::uniform(Piece::Knight);
//! let mut shown = Vec::new();
//! let finish = human::play(&deal, "1 1\n2 3\nquit\n".as_bytes(), &mut shown, &mut (), false)?;
//! assert_eq!(finish.ending, Ending::Quit);
//! assert_eq!(finish.score.total(), 2 + 4); // two removals, a run of two
//! assert!(String::from_utf8_lossy(&shown).contains("+1 removal +4 run = +5 points"));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{self, BufRead, Write};

use crate::board::{Colour, Deal, Piece, SQUARES, Square};
use crate::game::Game;
use crate::picture::{Picture, layer_letter};
use crate::protocol::{BadLine, read_line};
use crate::score::Score;

/// The rules as a person needs them to play.
pub const RULES: &str = "\
Rules of solitaire chess
  Every square of the 6 x 6 board holds three pieces, one under the other: bronze (B) on
  top, then silver (S), then gold (G). Removing the piece showing shows the one under it;
  removing a gold piece empties the square. Rows and columns are numbered 1-6 from the top
  left, and a square is named `row col`.
  The first piece may come from any square. After that, the piece just removed decides
  where the next may come from (never an empty square, never the same square again):
    1 2 3 4             exactly that many steps along the row, the column or a diagonal
    rook (torn)         the squares at the ends of its row and of its column
    bishop (lopare)     the squares at the ends of its diagonals
    queen (dam)         as a rook or a bishop
    knight (springare)  a knight's jump
  The board names the pieces as the contest does: torn, lopare, dam, springare.
  The game ends when no piece may be removed.
Score
  1 point for every removal, and bonuses:
    runs         the 2nd removal in a row of one type +4, each further one +2
    sets         four removals in a row (sets do not overlap): 1 2 3 4 or 4 3 2 1 +12;
                 the four digits in another order +8; a rook, a bishop, a queen and a
                 knight (torn lopare dam springare) in any order +8
    alternation  a set of the other kind (digits, officers) right after a set: +16 when
                 the chain reaches two sets, +8 for every further one
";

/// The commands, as the prompt lists them.
const COMMANDS: &str = "a removal `row col`, `?` the rules, `hint`, `undo` or `quit`";

/// The longest line read from the person.
const MAX_INPUT_LINE: usize = 256;

/// Whoever gives a hint: the removal it would make next.
pub trait Advisor {
    /// The square to remove from next in the game that started from the bronze layer
    /// `start` and went through `moves` (each square removed from and the piece that showed
    /// there after it, `None` for an emptied square); `None` if it has nothing to say.
    fn advise(
        &mut self,
        start: &[Piece; SQUARES],
        moves: &[(Square, Option<Piece>)],
    ) -> Option<Square>;
}

/// An advisor that has no advice.
impl Advisor for () {
    fn advise(&mut self, _: &[Piece; SQUARES], _: &[(Square, Option<Piece>)]) -> Option<Square> {
        None
    }
}

/// How a game by hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// No piece could be removed any more.
    NoMoveLeft,
    /// The person stopped (`quit`, or `0 0` as in the contest).
    Quit,
    /// The input ended.
    InputEnded,
}

/// The end of a game by hand: why it ended and its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    /// Why it ended.
    pub ending: Ending,
    /// The final score.
    pub score: Score,
}

/// One line of the person's, understood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Command {
    Remove(Square),
    Rules,
    Hint,
    Undo,
    Quit,
    Nothing,
}

/// Reads a line of the person's: `row col`, `?`, `hint`, `undo`, `quit`, or blank; else says
/// what it expected.
fn parse(line: &str) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let word = |w: &str| w.to_ascii_lowercase();
    match words.as_slice() {
        [] => Ok(Command::Nothing),
        [one] => match word(one).as_str() {
            "?" | "help" | "rules" => Ok(Command::Rules),
            "hint" => Ok(Command::Hint),
            "undo" | "u" => Ok(Command::Undo),
            "quit" | "q" | "exit" => Ok(Command::Quit),
            _ => Err(format!("did not understand {one:?}: type {COMMANDS}")),
        },
        [row, col] => match (row.parse::<u8>(), col.parse::<u8>()) {
            (Ok(0), Ok(0)) => Ok(Command::Quit),
            (Ok(r), Ok(c)) => Square::at(r, c).map(Command::Remove).ok_or_else(|| {
                format!("there is no square {r} {c}: rows and columns are numbered 1-6")
            }),
            _ => Err(format!(
                "did not understand {line:?}: a removal is two numbers, `row col`"
            )),
        },
        _ => Err(format!("did not understand {line:?}: type {COMMANDS}")),
    }
}

/// A game by hand in progress: the positions so far (for `undo`) and what was seen.
struct Session<'a> {
    start: [Piece; SQUARES],
    games: Vec<Game>,
    moves: Vec<(Square, Option<Piece>)>,
    color: bool,
    advisor: &'a mut dyn Advisor,
}

impl Session<'_> {
    fn game(&self) -> &Game {
        // The first game is never taken back.
        self.games.last().unwrap_or(&self.games[0])
    }

    fn show(&self, out: &mut impl Write) -> io::Result<()> {
        write!(out, "{}", Picture::new(self.game()).color(self.color))?;
        writeln!(out, "score {}", self.game().score())
    }

    fn remove(&mut self, square: Square, out: &mut impl Write) -> io::Result<()> {
        let mut game = *self.game();
        let (piece, colour) = match (game.piece(square), game.colour(square)) {
            (Some(piece), Some(colour)) => (piece, colour),
            _ => (Piece::One, Colour::Bronze),
        };
        if let Err(illegal) = game.check(square) {
            let legal: Vec<String> = game.legal().iter().map(|s| s.to_string()).collect();
            writeln!(out, "not allowed: {illegal}")?;
            return writeln!(out, "you may remove from: {}", legal.join(", "));
        }
        let before = game.score();
        game.play_unchecked(square);
        let after = game.score();
        let shown = game.piece(square);
        let now = match (shown, game.colour(square)) {
            (Some(next), Some(under)) => {
                format!("a {} {} shows there now", name(under), next.name())
            }
            _ => "the square is empty now".to_string(),
        };
        writeln!(
            out,
            "removed the {} {} from {square}; {now}",
            name(colour),
            piece.name()
        )?;
        writeln!(out, "{}", gain(before, after))?;
        self.games.push(game);
        self.moves.push((square, shown));
        self.show(out)
    }

    fn undo(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.games.len() <= 1 {
            return writeln!(out, "nothing to undo");
        }
        self.games.pop();
        if let Some((square, _)) = self.moves.pop() {
            writeln!(out, "took back the removal from {square}")?;
        }
        self.show(out)
    }

    fn hint(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.game().is_over() {
            return writeln!(out, "no piece may be removed");
        }
        match self.advisor.advise(&self.start, &self.moves) {
            Some(square) => match self.game().piece(square) {
                Some(piece) if self.game().check(square).is_ok() => {
                    writeln!(out, "hint: {square}, the {}", piece.name())
                }
                _ => writeln!(out, "no hint"),
            },
            None => writeln!(out, "no hint"),
        }
    }
}

fn name(colour: Colour) -> &'static str {
    match colour {
        Colour::Bronze => "bronze",
        Colour::Silver => "silver",
        Colour::Gold => "gold",
    }
}

/// What a removal brought: `+1` and its bonuses by name.
fn gain(before: Score, after: Score) -> String {
    let parts = [
        (after.moves - before.moves, "removal"),
        (after.runs - before.runs, "run"),
        (after.sets - before.sets, "set"),
        (after.alternation - before.alternation, "alternation"),
    ];
    let shown: Vec<String> = parts
        .iter()
        .filter(|(points, _)| *points > 0)
        .map(|(points, what)| format!("+{points} {what}"))
        .collect();
    let total = after.total() - before.total();
    let unit = if total == 1 { "point" } else { "points" };
    format!("{} = +{total} {unit}", shown.join(" "))
}

/// Plays a game of `deal` with a person: draws the board (in colour if `color`), reads
/// removals and commands from `input` until no piece may be removed, the person stops or the
/// input ends, and writes the final score with its parts. Works as well over a pipe as at a
/// terminal; only reading and writing can fail.
pub fn play(
    deal: &Deal,
    mut input: impl BufRead,
    mut out: impl Write,
    advisor: &mut dyn Advisor,
    color: bool,
) -> io::Result<Finish> {
    let mut session = Session {
        start: deal.bronze(),
        games: vec![Game::new(deal)],
        moves: Vec::new(),
        color,
        advisor,
    };
    writeln!(
        out,
        "Solitaire chess: {COMMANDS}. Layers: B bronze, S silver, G gold; * where you may remove next."
    )?;
    session.show(&mut out)?;
    let ending = loop {
        if session.game().is_over() {
            writeln!(out, "no piece may be removed now: the game is over")?;
            break Ending::NoMoveLeft;
        }
        write!(out, "> ")?;
        out.flush()?;
        let line = match read_line(&mut input, MAX_INPUT_LINE)? {
            None => {
                writeln!(out)?;
                writeln!(out, "the input ended")?;
                break Ending::InputEnded;
            }
            Some(Ok(line)) => line,
            Some(Err(BadLine::TooLong(_))) => {
                writeln!(out, "that line is too long: type {COMMANDS}")?;
                continue;
            }
            Some(Err(BadLine::NotUtf8 { .. })) => {
                writeln!(out, "that line is not UTF-8 text: type {COMMANDS}")?;
                continue;
            }
        };
        match parse(&line) {
            Ok(Command::Remove(square)) => session.remove(square, &mut out)?,
            Ok(Command::Rules) => out.write_all(RULES.as_bytes())?,
            Ok(Command::Hint) => session.hint(&mut out)?,
            Ok(Command::Undo) => session.undo(&mut out)?,
            Ok(Command::Quit) => break Ending::Quit,
            Ok(Command::Nothing) => {}
            Err(message) => writeln!(out, "{message}")?,
        }
    };
    let score = session.game().score();
    let removed: Vec<String> = session
        .moves
        .iter()
        .zip(&session.games)
        .map(|((square, _), game)| {
            let piece = game.piece(*square).map(|p| p.name()).unwrap_or("?");
            let layer = game.colour(*square).map(layer_letter).unwrap_or('?');
            format!("{square} {piece} {layer}")
        })
        .collect();
    writeln!(out, "final score {score}")?;
    if !removed.is_empty() {
        writeln!(out, "removals: {}", removed.join(", "))?;
    }
    out.flush()?;
    Ok(Finish { ending, score })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contest::Group;

    fn run(deal: &Deal, input: &str, advisor: &mut dyn Advisor) -> (Finish, String) {
        let mut out = Vec::new();
        let finish = play(deal, input.as_bytes(), &mut out, advisor, false).unwrap();
        (finish, String::from_utf8(out).unwrap())
    }

    #[test]
    fn removals_score_as_the_game_does() {
        let deal = Deal::uniform(Piece::Knight);
        let (finish, out) = run(&deal, "1 1\n2 3\nquit\n", &mut ());
        let mut game = Game::new(&deal);
        game.play(Square::at(1, 1).unwrap()).unwrap();
        game.play(Square::at(2, 3).unwrap()).unwrap();
        assert_eq!(finish.score, game.score());
        assert_eq!(finish.ending, Ending::Quit);
        assert!(out.contains("+1 removal +4 run = +5 points"), "{out}");
        assert!(
            out.contains("removals: 1 1 knight (springare) B, 2 3 knight (springare) B"),
            "{out}"
        );
    }

    #[test]
    fn an_illegal_removal_is_refused_with_the_legal_ones() {
        let deal = Deal::uniform(Piece::Knight);
        let (finish, out) = run(&deal, "1 1\n1 2\n", &mut ());
        assert_eq!(finish.score.moves, 1);
        assert_eq!(finish.ending, Ending::InputEnded);
        assert!(
            out.contains("not allowed: a knight (springare) removed from 1 1 does not reach 1 2")
        );
        assert!(out.contains("you may remove from: 2 3, 3 2"), "{out}");
    }

    #[test]
    fn undo_takes_back_a_removal_and_its_points() {
        let deal = Deal::uniform(Piece::Knight);
        let (finish, out) = run(&deal, "1 1\n2 3\nundo\nundo\nundo\n", &mut ());
        assert_eq!(finish.score, Score::default());
        assert!(out.contains("took back the removal from 2 3"));
        assert!(out.contains("nothing to undo"));
    }

    #[test]
    fn mistakes_get_messages_and_the_game_goes_on() {
        let deal = Group::get(1).unwrap().deal(1);
        let (finish, out) = run(&deal, "7 1\nx\n1\n1 2 3\n?\n0 0\n", &mut ());
        assert_eq!(finish.ending, Ending::Quit);
        assert!(out.contains("there is no square 7 1"));
        assert!(out.contains("did not understand \"x\""));
        assert!(
            out.contains("a removal is two numbers") || out.contains("did not understand \"1\"")
        );
        assert!(out.contains("Rules of solitaire chess"));
    }

    struct Corner;
    impl Advisor for Corner {
        fn advise(
            &mut self,
            _: &[Piece; SQUARES],
            moves: &[(Square, Option<Piece>)],
        ) -> Option<Square> {
            Square::at(1, 1 + moves.len() as u8)
        }
    }

    #[test]
    fn a_hint_is_the_advisors_if_it_is_legal() {
        let deal = Deal::uniform(Piece::Rook);
        let (_, out) = run(&deal, "hint\n1 1\nhint\n", &mut Corner);
        assert!(out.contains("hint: 1 1, the rook (torn)"), "{out}");
        // After a rook at 1 1, 1 2 is not an end of its row or column.
        assert!(out.contains("no hint"), "{out}");
    }

    #[test]
    fn a_game_played_to_the_end_stops_by_itself() {
        // A rook board: 1 1 and 1 6 reach each other; six removals empty both.
        let deal = Deal::uniform(Piece::Rook);
        let mut input = String::new();
        let mut game = Game::new(&deal);
        while let Some(square) = game.legal().iter().next() {
            game.play(square).unwrap();
            input += &format!("{square}\n");
        }
        let (finish, out) = run(&deal, &input, &mut ());
        assert_eq!(finish.ending, Ending::NoMoveLeft);
        assert_eq!(finish.score, game.score());
        assert!(out.contains("the game is over"));
    }
}
