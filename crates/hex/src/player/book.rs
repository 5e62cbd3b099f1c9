//! The opening book: the player's replies in a game's first moves, found ahead of time by
//! long searches, so that the moves a second's search sees least (those on the emptiest
//! boards) are the most searched.
//!
//! A book answers positions: the stones on the board (however they came there) and the side
//! to move. A position and its half turn are one (each side keeps its edges), and the reply
//! turns with it.
//!
//! The text form has a line a position: the board's side, the moves from the empty board
//! that reach it (Black first, comma-separated; `-` for none), the reply, then the search's
//! estimate of the replying side's chance of winning and its simulations, as a record of how
//! sure the reply is. A line whose first word starts with `#` is a comment.
//!
//! ```text
//! 9 - e5 0.58 1204000
//! 9 e5,c7 d7 0.62 1187000
//! ```
//!
//! A book is built ply by ply (see [`OpeningBook::unanswered`]): at even plies Black's
//! positions, at odd plies White's, each side meeting every move of the other's and
//! answering with its book move.

use std::collections::HashMap;
use std::fmt;
use std::sync::LazyLock;

use text::{Found, ParseError, Tokens};

use crate::game::{Cell, Color, Game, MAX_BOARD, Move};

/// A position up to the half turn: the side to move and its stones, each as its index times
/// two plus one for White, sorted; the smaller of the two orientations' lists.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    size: u8,
    to_move: Color,
    stones: Vec<u16>,
}

/// The point half a turn away on a board of `size`.
fn half_turn(point: Cell, size: u8) -> Cell {
    Cell {
        row: size - 1 - point.row,
        col: size - 1 - point.col,
    }
}

/// The key of `game`'s position with `to_move` to move, and whether it was turned (so that
/// a reply in the key's orientation must be turned back).
fn key(game: &Game, to_move: Color) -> (Key, bool) {
    let size = game.size();
    let code = |point: Cell, color: Color| {
        (u16::from(point.row) * u16::from(size) + u16::from(point.col)) * 2
            + u16::from(color == Color::White)
    };
    let stones: Vec<(Cell, Color)> = (game.points())
        .filter_map(|p| game.get(p).map(|c| (p, c)))
        .collect();
    let mut plain: Vec<u16> = stones.iter().map(|&(p, c)| code(p, c)).collect();
    let mut turned: Vec<u16> = (stones.iter())
        .map(|&(p, c)| code(half_turn(p, size), c))
        .collect();
    plain.sort_unstable();
    turned.sort_unstable();
    let is_turned = turned < plain;
    let stones = if is_turned { turned } else { plain };
    (
        Key {
            size,
            to_move,
            stones,
        },
        is_turned,
    )
}

/// One position of a book with its reply.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The board's side.
    pub size: u8,
    /// The moves from the empty board, Black first.
    pub moves: Vec<Cell>,
    /// The move the side to move plays.
    pub reply: Cell,
    /// The search's estimate of the replying side's chance of winning (0..=1).
    pub win_rate: f64,
    /// The simulations the search ran.
    pub playouts: u64,
}

impl Line {
    /// The game after the line's moves (which must be legal).
    fn game(&self) -> Option<Game> {
        replay(self.size, &self.moves)
    }
}

/// The game reached from the empty board of `size` by `moves`, Black first; `None` if one
/// is illegal or the game is over before the last.
pub fn replay(size: u8, moves: &[Cell]) -> Option<Game> {
    walk(size, moves, |_, _| true)
}

/// [`replay`], with each move first shown to `allow` (the game before it, and the move);
/// `None` as soon as it refuses one.
fn walk(size: u8, moves: &[Cell], mut allow: impl FnMut(&Game, Cell) -> bool) -> Option<Game> {
    let mut game = Game::new(size)?;
    for &point in moves {
        if game.winner().is_some() || !allow(&game, point) {
            return None;
        }
        game.play(game.to_move(), Move::Play(point)).ok()?;
    }
    Some(game)
}

/// Written as one line of the text form (without its line break).
impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = (self.moves.iter()).map(|p| p.lower().to_string()).collect();
        let moves = if moves.is_empty() {
            "-".to_string()
        } else {
            moves.join(",")
        };
        write!(
            f,
            "{} {moves} {} {:.3} {}",
            self.size,
            self.reply.lower(),
            self.win_rate,
            self.playouts
        )
    }
}

/// A game record as a book follows it (see [`OpeningBook::unanswered_in`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Followed {
    /// The moves from the empty board, Black first.
    pub moves: Vec<Cell>,
    /// The side whose moves the book would play.
    pub side: Color,
    /// Whether that side won the game.
    pub won: bool,
}

/// A position that followed games reach (see [`OpeningBook::unanswered_in`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Met {
    /// The moves that reach it: those of the first game that does.
    pub moves: Vec<Cell>,
    /// The games that reach it.
    pub games: usize,
    /// The moves the games played there, in the orientation of `moves`, each with the games
    /// that played it and how many of those its side won; most-played first.
    pub played: Vec<(Cell, usize, usize)>,
}

/// Replies by position (see the module's introduction).
#[derive(Clone, Debug, Default)]
pub struct OpeningBook {
    /// The lines in the order they were added.
    lines: Vec<Line>,
    /// Each position's line (an index into `lines`) and whether the line is its half turn.
    index: HashMap<Key, (usize, bool)>,
}

/// The books that ship with the engine, made by `boardgames hex opening-book` (each file's
/// comments say how).
const BUILT_IN: [&str; 3] = [
    include_str!("../../data/book-9x9.txt"),
    include_str!("../../data/book-11x11.txt"),
    include_str!("../../data/book-13x13.txt"),
];

static BUILT_IN_BOOK: LazyLock<OpeningBook> = LazyLock::new(|| {
    let mut book = OpeningBook::default();
    for text in BUILT_IN {
        let more = OpeningBook::parse(text).expect("the built-in books parse");
        for line in more.lines {
            book.insert(line);
        }
    }
    book
});

/// Why a book file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file cannot be opened or read (its name, and why).
    #[error(transparent)]
    Read(#[from] input::ReadError),
    /// It is not a book (its name, the line and column, and what was expected).
    #[error(transparent)]
    Parse(#[from] text::InputError),
}

/// Reads a book from a file; an error names the file, and the line and column.
pub fn read(path: &std::path::Path) -> Result<OpeningBook, BookError> {
    Ok(input::open(path)?.parse(OpeningBook::parse)?)
}

impl OpeningBook {
    /// The books that ship with the engine (9x9, 11x11 and 13x13).
    pub fn built_in() -> &'static OpeningBook {
        &BUILT_IN_BOOK
    }

    /// Reads the text form; an error names the line and column.
    pub fn parse(text: &str) -> Result<OpeningBook, ParseError> {
        let mut book = OpeningBook::default();
        for mut tokens in text::lines(text) {
            if tokens.peek().is_none_or(|t| t.text.starts_with('#')) {
                continue;
            }
            let start = tokens.pos();
            // Each line is read alone: its end is the end of a line.
            let line = parse_line(&mut tokens).map_err(|mut e| {
                if e.found == Found::End {
                    e.found = Found::EndOfLine;
                }
                e
            })?;
            if !book.insert(line) {
                return Err(ParseError::new(start, "a legal line", Found::token("")));
            }
        }
        Ok(book)
    }

    /// Adds a line; it replaces the reply of a position the book had. A line whose moves
    /// are not legal from the empty board, or end the game, or whose reply is not an empty
    /// point, is refused (`false`).
    pub fn insert(&mut self, line: Line) -> bool {
        let Some(game) = line.game().filter(|g| g.winner().is_none()) else {
            return false;
        };
        if line.reply.row >= line.size
            || line.reply.col >= line.size
            || game.get(line.reply).is_some()
        {
            return false;
        }
        let (key, turned) = key(&game, game.to_move());
        match self.index.get(&key) {
            Some(&(at, _)) => {
                self.lines[at] = line;
                self.index.insert(key, (at, turned));
            }
            None => {
                self.index.insert(key, (self.lines.len(), turned));
                self.lines.push(line);
            }
        }
        true
    }

    /// The book's reply for `color` in `game`'s position, if it has one.
    pub fn reply(&self, game: &Game, color: Color) -> Option<Cell> {
        if !game.is_square() || game.winner().is_some() {
            return None;
        }
        let (key, turned) = key(game, color);
        let &(at, line_turned) = self.index.get(&key)?;
        let reply = self.lines[at].reply;
        // The line and the game each are the key or its half turn.
        let reply = if turned == line_turned {
            reply
        } else {
            half_turn(reply, game.size())
        };
        (game.get(reply).is_none()).then_some(reply)
    }

    /// The lines, in the order they were added.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// How many positions of a board of `size` before ply `plies` the book answers.
    pub fn answered_before(&self, size: u8, plies: usize) -> usize {
        (self.lines.iter())
            .filter(|line| line.size == size && line.moves.len() < plies)
            .count()
    }

    /// The positions of ply `ply` on a board of `size` that the book should answer and
    /// does not, as the moves that reach them (one of each position and its half turn):
    /// at ply 0 the empty board, at ply 1 every first move, and at ply k every position of
    /// ply k - 2 that the book answers, followed by its reply and each move of the other
    /// side's. A book with every ply up to k answered plays its side's first moves
    /// whatever the other side does.
    pub fn unanswered(&self, size: u8, ply: usize) -> Vec<Vec<Cell>> {
        let starts: Vec<Vec<Cell>> = match ply {
            0 | 1 => vec![Vec::new()],
            _ => (self.answered(size, ply - 2).into_iter())
                .map(|(mut moves, reply)| {
                    moves.push(reply);
                    moves
                })
                .collect(),
        };
        let mut seen = std::collections::HashSet::new();
        let mut found = Vec::new();
        for start in starts {
            let Some(game) = replay(size, &start) else {
                continue;
            };
            let nexts: Vec<Option<Cell>> = if ply == 0 {
                vec![None]
            } else if game.winner().is_some() {
                Vec::new()
            } else {
                game.empty_points().map(Some).collect()
            };
            for next in nexts {
                let mut moves = start.clone();
                moves.extend(next);
                let Some(after) = replay(size, &moves).filter(|g| g.winner().is_none()) else {
                    continue;
                };
                let (key, _) = key(&after, after.to_move());
                if !self.index.contains_key(&key) && seen.insert(key) {
                    found.push(moves);
                }
            }
        }
        found
    }

    /// The positions of ply `ply` on a board of `size` that the book should answer and
    /// does not, met in at least `min_games` of `games`, each with what the games played
    /// there. Each game is its moves from the empty board and the side whose moves the book
    /// would play in it: the book follows a game while that side's moves are the book's
    /// replies, and answers that side's positions (so a game leaves the book's lines where
    /// the book would have played another move). Most-met first; a position and its half
    /// turn are one.
    pub fn unanswered_in(
        &self,
        size: u8,
        games: &[Followed],
        ply: usize,
        min_games: usize,
    ) -> Vec<Met> {
        // Each position met, with whether its first game's orientation is the key's turned.
        let mut met: HashMap<Key, (Met, bool)> = HashMap::new();
        let mut order: Vec<Key> = Vec::new();
        for Followed { moves, side, won } in games.iter().filter(|g| g.moves.len() >= ply) {
            let Some(game) = self.follow(size, &moves[..ply], *side) else {
                continue;
            };
            if game.winner().is_some() || game.to_move() != *side {
                continue;
            }
            let (key, turned) = key(&game, *side);
            if self.index.contains_key(&key) {
                continue;
            }
            let (entry, first_turned) = met.entry(key.clone()).or_insert_with(|| {
                order.push(key);
                let first = Met {
                    moves: moves[..ply].to_vec(),
                    games: 0,
                    played: Vec::new(),
                };
                (first, turned)
            });
            entry.games += 1;
            let Some(&next) = moves.get(ply) else {
                continue;
            };
            // The move in the orientation of the position's first game.
            let next = if turned == *first_turned {
                next
            } else {
                half_turn(next, size)
            };
            match entry.played.iter_mut().find(|(point, _, _)| *point == next) {
                Some(played) => {
                    played.1 += 1;
                    played.2 += usize::from(*won);
                }
                None => entry.played.push((next, 1, usize::from(*won))),
            }
        }
        // Most-met first, then in the order the games met them; each position's moves
        // most-played first.
        let mut found: Vec<Met> = (order.iter())
            .filter_map(|key| met.remove(key).map(|(found, _)| found))
            .filter(|found| found.games >= min_games.max(1))
            .collect();
        found.sort_by_key(|found| std::cmp::Reverse(found.games));
        for found in &mut found {
            found
                .played
                .sort_by_key(|&(_, count, _)| std::cmp::Reverse(count));
        }
        found
    }

    /// The game after `moves` from the empty board of `size`, if every move of `side`'s
    /// among them is the book's reply (and all are legal).
    fn follow(&self, size: u8, moves: &[Cell], side: Color) -> Option<Game> {
        walk(size, moves, |game, point| {
            game.to_move() != side || self.reply(game, side) == Some(point)
        })
    }

    /// The positions of ply `ply` the book answers, as moves with the reply (a line's reply
    /// is in its moves' orientation, and a position answered again replaced its line).
    fn answered(&self, size: u8, ply: usize) -> Vec<(Vec<Cell>, Cell)> {
        (self.lines.iter())
            .filter(|line| line.size == size && line.moves.len() == ply)
            .map(|line| (line.moves.clone(), line.reply))
            .collect()
    }
}

/// Written in the text form, a line a position.
impl fmt::Display for OpeningBook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.lines.iter().try_for_each(|line| writeln!(f, "{line}"))
    }
}

/// Reads one line of the text form.
fn parse_line(tokens: &mut Tokens) -> Result<Line, ParseError> {
    let expected = "a board size 1 to 19";
    let token = tokens.expect(expected)?;
    let size = (token.parse::<u8>(expected).ok())
        .filter(|s| (1..=MAX_BOARD).contains(s))
        .ok_or_else(|| token.error(expected))?;
    let expected = "the moves from the empty board, comma-separated (`-` for none)";
    let token = tokens.expect(expected)?;
    let mut moves = Vec::new();
    if token.text != "-" {
        for name in token.text.split(',') {
            let point = Cell::parse(name, size).ok_or_else(|| token.error(expected))?;
            moves.push(point);
        }
    }
    let why = "legal moves, Black first, that leave the game unfinished";
    let game = (replay(size, &moves).filter(|game| game.winner().is_none()))
        .ok_or_else(|| token.error(why))?;
    let expected = "the reply, an empty point like e5";
    let token = tokens.expect(expected)?;
    let reply = (Cell::parse(token.text, size))
        .filter(|&p| game.get(p).is_none())
        .ok_or_else(|| token.error(expected))?;
    let expected = "the replying side's chance of winning, 0 to 1";
    let token = tokens.expect(expected)?;
    let win_rate = (token.text.parse::<f64>().ok())
        .filter(|r| (0.0..=1.0).contains(r))
        .ok_or_else(|| token.error(expected))?;
    let playouts = tokens.number("the search's simulations")?;
    tokens.expect_end("the end of the line")?;
    Ok(Line {
        size,
        moves,
        reply,
        win_rate,
        playouts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str, size: u8) -> Cell {
        Cell::parse(name, size).unwrap()
    }

    fn line(size: u8, moves: &[&str], reply: &str) -> Line {
        Line {
            size,
            moves: moves.iter().map(|m| p(m, size)).collect(),
            reply: p(reply, size),
            win_rate: 0.5,
            playouts: 100,
        }
    }

    #[test]
    fn a_book_answers_a_position_and_its_half_turn() {
        let mut book = OpeningBook::default();
        book.insert(line(5, &["b2"], "c4"));
        let game = replay(5, &[p("b2", 5)]).unwrap();
        assert_eq!(book.reply(&game, Color::White), Some(p("c4", 5)));
        // The half turn of b2 is d4, of c4 c2.
        let turned = replay(5, &[p("d4", 5)]).unwrap();
        assert_eq!(book.reply(&turned, Color::White), Some(p("c2", 5)));
        // Not for the other side, nor another position.
        assert_eq!(book.reply(&game, Color::Black), None);
        let other = replay(5, &[p("b3", 5)]).unwrap();
        assert_eq!(book.reply(&other, Color::White), None);
    }

    #[test]
    fn an_illegal_line_is_refused() {
        let mut book = OpeningBook::default();
        assert!(!book.insert(line(5, &["b2", "b2"], "c4")));
        assert!(!book.insert(line(5, &["b2"], "b2")));
        let off = Line {
            reply: Cell { row: 5, col: 0 },
            ..line(5, &[], "a1")
        };
        assert!(!book.insert(off));
        // Black's a1 a2 a3 on 3x3 has won: nothing to answer.
        assert!(!book.insert(line(3, &["a1", "b1", "a2", "c1", "a3"], "b2")));
        assert!(book.lines().is_empty());
    }

    #[test]
    fn a_position_is_its_stones_whatever_the_order_of_the_moves() {
        let mut book = OpeningBook::default();
        book.insert(line(5, &["a1", "e5", "b1"], "c3"));
        let moves: Vec<Cell> = ["b1", "e5", "a1"].iter().map(|m| p(m, 5)).collect();
        let game = replay(5, &moves).unwrap();
        assert_eq!(book.reply(&game, Color::White), Some(p("c3", 5)));
    }

    #[test]
    fn the_text_form_reads_back_what_it_writes() {
        let mut book = OpeningBook::default();
        book.insert(line(9, &[], "e5"));
        book.insert(line(9, &["e5", "c7"], "d7"));
        let text = format!("# a comment\n\n{book}");
        let again = OpeningBook::parse(&text).unwrap();
        assert_eq!(again.lines(), book.lines());
        assert_eq!(book.to_string(), "9 - e5 0.500 100\n9 e5,c7 d7 0.500 100\n");
    }

    #[test]
    fn a_bad_line_is_named_by_line_and_column() {
        let cases = [
            ("9 - e5 0.5 100 x\n", 1, 16, "the end of the line"),
            ("# ok\n9 e5,e5 d4 0.5 10\n", 2, 3, "legal moves"),
            ("9 - z9 0.5 10\n", 1, 5, "the reply"),
            ("9 e5 e5 0.5 10\n", 1, 6, "the reply"),
            ("20 - a1 0.5 10\n", 1, 1, "a board size"),
            ("9 - e5 1.5 10\n", 1, 8, "chance of winning"),
            ("9 - e5 0.5\n", 1, 11, "simulations, found end of line"),
        ];
        for (text, line, col, expected) in cases {
            let e = OpeningBook::parse(text).unwrap_err();
            let shown = e.to_string();
            assert_eq!((e.pos.line, e.pos.col), (line, col), "{text:?}: {shown}");
            assert!(shown.contains(expected), "{text:?}: {shown}");
        }
    }

    #[test]
    fn the_positions_to_answer_grow_ply_by_ply_without_twins() {
        let mut book = OpeningBook::default();
        assert_eq!(book.unanswered(3, 0), vec![Vec::<Cell>::new()]);
        book.insert(line(3, &[], "b2"));
        assert!(book.unanswered(3, 0).is_empty());
        // Nine first moves, of which the half turn pairs eight.
        let first = book.unanswered(3, 1);
        assert_eq!(first.len(), 5);
        // Black's centre, then each of White's eight answers: four up to the half turn.
        let second = book.unanswered(3, 2);
        assert_eq!(second.len(), 4);
        assert!(second.iter().all(|m| m.len() == 2 && m[0] == p("b2", 3)));
        // White's plies come from its own answers: none yet at ply 3.
        assert!(book.unanswered(3, 3).is_empty());
        book.insert(line(3, &["a1"], "b2"));
        // After a1 b2, each of Black's seven moves; none are twins (a1 breaks the symmetry),
        // and the ones that end the game are left out (none can on 3x3 with two stones).
        assert_eq!(book.unanswered(3, 3).len(), 7);
        // The two lines answer plies 0 and 1 of 3x3, nothing of 5x5.
        assert_eq!(book.answered_before(3, 1), 1);
        assert_eq!(book.answered_before(3, 2), 2);
        assert_eq!(book.answered_before(5, 2), 0);
    }

    #[test]
    fn positions_to_answer_from_games_follow_the_book_side_only() {
        let moves = |names: &str| -> Vec<Cell> { names.split(' ').map(|m| p(m, 5)).collect() };
        let mut book = OpeningBook::default();
        book.insert(line(5, &[], "c3"));
        let game = |names: &str, side, won| Followed {
            moves: moves(names),
            side,
            won,
        };
        let games = vec![
            game("c3 a1 b2 e5", Color::Black, true),
            // The half turn of c3 a1 (c3 stays, a1 turns to e5).
            game("c3 e5 d4 a1", Color::Black, false),
            game("c3 b1 b2 e5", Color::Black, true),
            // Black leaves the book at once.
            game("a1 c3 b2 e5", Color::Black, true),
            // White's positions: after c3, twice.
            game("c3 a1 b2 e5", Color::White, false),
            game("c3 b1", Color::White, true),
        ];
        let reached = |book: &OpeningBook, games: &[Followed], ply, min| -> Vec<Vec<Cell>> {
            (book.unanswered_in(5, games, ply, min).into_iter())
                .map(|met| met.moves)
                .collect()
        };
        // Black's positions at ply 2: after c3 a1 (met twice, up to the half turn), then
        // after c3 b1; White's ply-2 positions are not asked for.
        assert_eq!(
            reached(&book, &games, 2, 1),
            vec![moves("c3 a1"), moves("c3 b1")]
        );
        assert_eq!(reached(&book, &games, 2, 2), vec![moves("c3 a1")]);
        assert!(reached(&book, &games, 2, 3).is_empty());
        assert_eq!(reached(&book, &games, 1, 1), vec![moves("c3")]);
        // What the games played there: b2 twice after c3 a1 (d4 is its half turn), won
        // once, in the orientation of the first game to meet the position; White's a1 and
        // b1 after c3, each once.
        let played =
            |book: &OpeningBook, games: &[Followed], ply| -> Vec<(Vec<Cell>, usize, Vec<_>)> {
                (book.unanswered_in(5, games, ply, 1).into_iter())
                    .map(|met| (met.moves, met.games, met.played))
                    .collect()
            };
        assert_eq!(
            played(&book, &games, 2)[0],
            (moves("c3 a1"), 2, vec![(p("b2", 5), 2, 1)])
        );
        // The same two games, the half-turned one first.
        let turned = [games[1].clone(), games[0].clone()];
        assert_eq!(
            played(&book, &turned, 2)[0],
            (moves("c3 e5"), 2, vec![(p("d4", 5), 2, 1)])
        );
        assert_eq!(
            played(&book, &games, 1),
            vec![(moves("c3"), 2, vec![(p("a1", 5), 1, 0), (p("b1", 5), 1, 1)])]
        );
        // The book answers c3 a1 with b2: the first game goes on to ply 4, and the second,
        // its half turn (d4 is b2's), meets the same position there. The third left the
        // book: it has no reply after c3 b1.
        book.insert(line(5, &["c3", "a1"], "b2"));
        assert_eq!(reached(&book, &games, 4, 2), vec![moves("c3 a1 b2 e5")]);
        assert!(reached(&book, &games, 4, 3).is_empty());
        // With another reply there, both games leave the book before ply 4.
        book.insert(line(5, &["c3", "a1"], "a2"));
        assert!(reached(&book, &games, 4, 1).is_empty());
    }

    #[test]
    fn the_built_in_books_answer_every_position_of_their_first_plies() {
        let book = OpeningBook::built_in();
        for size in [9, 11] {
            let empty = Game::new(size).unwrap();
            assert!(book.reply(&empty, Color::Black).is_some(), "{size}x{size}");
            for ply in 0..3 {
                assert!(
                    book.unanswered(size, ply).is_empty(),
                    "{size}x{size} ply {ply}"
                );
            }
        }
        // 13x13's book is two plies deep: Black's first move and White's answer to each.
        let empty = Game::new(13).unwrap();
        assert!(book.reply(&empty, Color::Black).is_some());
        for ply in 0..2 {
            assert!(book.unanswered(13, ply).is_empty(), "13x13 ply {ply}");
        }
        assert!(!book.unanswered(13, 2).is_empty());
        // On 9x9: 1 empty board, 41 first moves up to the half turn, 40 answers to the
        // centre; on 11x11, 61 first moves and 120 answers to g5, which is not the centre; on
        // 13x13, 85 first moves.
        let lines = |size| book.lines().iter().filter(|l| l.size == size).count();
        assert_eq!(
            (lines(9), lines(11), lines(13)),
            (1 + 41 + 40, 1 + 61 + 120, 1 + 85)
        );
    }
}
