//! HexGui's game records: SGF with `GM[11]`.
//!
//! A record is `(;FF[4]GM[11]SZ[n]...;B[a1];W[swap-pieces]...)`: the root node gives the
//! game (11 is Hex), the board size and optional setup stones (`AB`, `AW`), and each
//! following node one move, `B[...]` or `W[...]`, a point like `a1`, `swap-pieces` (or
//! `swap`) or `resign`. Of a tree with variations the main line (the first branch at every
//! fork) is read. Unknown properties are skipped; another game (`GM` not 11) is refused.

use std::fmt;

use crate::game::{Cell, Color, Game, IllegalMove, MAX_BOARD, Move};
use crate::position::Position;
use crate::solver::{Outcome, ProofStep};

/// A game record: the board's shape, the setup stones, the moves, and what the root said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The board's rows (`SZ[n]`, or the second number of `SZ[cols:rows]`).
    pub rows: u8,
    /// The board's columns.
    pub cols: u8,
    /// Stones put on the board before the first move (`AB`, `AW`).
    pub setup: Vec<(Color, Cell)>,
    /// The moves in order.
    pub moves: Vec<(Color, Move)>,
    /// `PB`, the Black player's name.
    pub black: Option<String>,
    /// `PW`, the White player's name.
    pub white: Option<String>,
    /// `RE`, the result, like `B+` or `W+Resign`.
    pub result: Option<String>,
    /// What the search that chose each move said of it, one a move (`VS`, `V` on the move's
    /// node); empty when no move has it.
    pub searched: Vec<Option<Searched>>,
}

/// What the search that chose a move said of it, as self-play records keep it for a trainer:
/// `VS[f5:503 d5:371]`, the root's visits of each move searched, and `V[0.620]`, the mover's
/// value of the move played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    /// Each move searched and its visits, most visited first.
    pub visits: Vec<(Cell, u64)>,
    /// The mover's chance of winning after the move played, in thousandths (0 to 1000).
    pub value: Option<u16>,
}

/// Why a record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SgfError {
    /// The text does not follow SGF's syntax.
    #[error("{line}:{col}: expected {expected}")]
    Syntax {
        /// Line, from 1.
        line: u32,
        /// Column, from 1, in characters.
        col: u32,
        /// What should have stood there.
        expected: &'static str,
    },
    /// `GM` names another game.
    #[error("{line}:{col}: GM[{game}] is not Hex (GM[11])")]
    NotHex {
        /// Line, from 1.
        line: u32,
        /// Column, from 1.
        col: u32,
        /// The game number found.
        game: String,
    },
    /// A property value is not what the property needs.
    #[error("{line}:{col}: expected {expected}, found {found:?}")]
    Value {
        /// Line, from 1.
        line: u32,
        /// Column, from 1.
        col: u32,
        /// What the property needs.
        expected: &'static str,
        /// The value found.
        found: String,
    },
    /// A move or setup stone that the rules refuse.
    #[error("{line}:{col}: {error}")]
    Illegal {
        /// Line, from 1.
        line: u32,
        /// Column, from 1.
        col: u32,
        /// Why.
        error: IllegalMove,
    },
}

/// One property as read: its name, where its first value starts, its values.
struct Property {
    name: String,
    line: u32,
    col: u32,
    values: Vec<String>,
}

struct Reader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: u32,
    col: u32,
}

impl Reader<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn error(&self, expected: &'static str) -> SgfError {
        SgfError::Syntax {
            line: self.line,
            col: self.col,
            expected,
        }
    }

    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), SgfError> {
        self.skip_space();
        if self.peek() == Some(c) {
            self.bump();
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// A node's properties, after its `;`.
    fn node(&mut self) -> Result<Vec<Property>, SgfError> {
        let mut properties = Vec::new();
        loop {
            self.skip_space();
            if !self.peek().is_some_and(|c| c.is_ascii_uppercase()) {
                return Ok(properties);
            }
            let (line, col) = (self.line, self.col);
            let mut name = String::new();
            while let Some(c) = self.peek().filter(char::is_ascii_uppercase) {
                name.push(c);
                self.bump();
            }
            let mut values = Vec::new();
            loop {
                self.skip_space();
                if self.peek() != Some('[') {
                    break;
                }
                self.bump();
                let mut value = String::new();
                loop {
                    match self.bump() {
                        None => return Err(self.error("`]` to close a property value")),
                        Some(']') => break,
                        Some('\\') => match self.bump() {
                            None => return Err(self.error("a character after `\\`")),
                            Some('\n') => {}
                            Some(c) => value.push(c),
                        },
                        Some(c) => value.push(c),
                    }
                }
                values.push(value);
            }
            if values.is_empty() {
                return Err(self.error("`[` to start the property's value"));
            }
            properties.push(Property {
                name,
                line,
                col,
                values,
            });
        }
    }

    /// A game tree after its `(`: the nodes of its main line. Later variations are read
    /// and dropped.
    fn tree(
        &mut self,
        main: &mut Vec<Vec<Property>>,
        keep: bool,
        depth: u32,
    ) -> Result<(), SgfError> {
        if depth > 1000 {
            return Err(self.error("variations nested less deeply"));
        }
        self.expect(';', "`;` to start a node")?;
        loop {
            let node = self.node()?;
            if keep {
                main.push(node);
            }
            self.skip_space();
            if self.peek() == Some(';') {
                self.bump();
            } else {
                break;
            }
        }
        let mut first = true;
        loop {
            self.skip_space();
            match self.peek() {
                Some('(') => {
                    self.bump();
                    self.tree(main, keep && first, depth + 1)?;
                    first = false;
                }
                Some(')') => {
                    self.bump();
                    return Ok(());
                }
                _ => return Err(self.error("`;`, `(` or `)`")),
            }
        }
    }
}

fn value_error(p: &Property, expected: &'static str) -> SgfError {
    SgfError::Value {
        line: p.line,
        col: p.col,
        expected,
        found: p.values[0].clone(),
    }
}

/// Reads a record (the first game of the text).
pub fn parse(text: &str) -> Result<Record, SgfError> {
    let mut reader = Reader {
        chars: text.chars().peekable(),
        line: 1,
        col: 1,
    };
    reader.expect('(', "`(` to start a game")?;
    let mut nodes = Vec::new();
    reader.tree(&mut nodes, true, 0)?;
    let mut record = Record {
        rows: 11,
        cols: 11,
        setup: Vec::new(),
        moves: Vec::new(),
        black: None,
        white: None,
        result: None,
        searched: Vec::new(),
    };
    // The size first: points are read against it.
    for p in nodes.iter().flatten() {
        match p.name.as_str() {
            "GM" if p.values[0].trim() != "11" => {
                return Err(SgfError::NotHex {
                    line: p.line,
                    col: p.col,
                    game: p.values[0].clone(),
                });
            }
            "SZ" => {
                let v = p.values[0].trim();
                let (w, h) = v.split_once(':').unwrap_or((v, v));
                let sizes = 1..=MAX_BOARD;
                match (w.parse::<u8>(), h.parse::<u8>()) {
                    (Ok(w), Ok(h)) if sizes.contains(&w) && sizes.contains(&h) => {
                        (record.cols, record.rows) = (w, h);
                    }
                    _ => {
                        return Err(value_error(p, "a board size from 1 to 19, or COLUMNS:ROWS"));
                    }
                }
            }
            _ => {}
        }
    }
    // Points are named as on a square of the longer side; the replay below refuses a point
    // off a rectangle.
    let size = record.rows.max(record.cols);
    for node in &nodes {
        let (mut searched, mut moved) = (None, false);
        for p in node {
            match p.name.as_str() {
                "AB" | "AW" => {
                    let color = if p.name == "AB" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    for v in &p.values {
                        let point = Cell::parse(v.trim(), size)
                            .ok_or_else(|| value_error(p, "a point on the board, like a1"))?;
                        record.setup.push((color, point));
                    }
                }
                "B" | "W" => {
                    let color = if p.name == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let mv = Move::parse(p.values[0].trim(), size).ok_or_else(|| {
                        value_error(p, "a point on the board, swap-pieces or resign")
                    })?;
                    record.moves.push((color, mv));
                    moved = true;
                }
                "PB" => record.black = Some(p.values[0].clone()),
                "PW" => record.white = Some(p.values[0].clone()),
                "RE" => record.result = Some(p.values[0].clone()),
                "VS" => {
                    let found = searched.get_or_insert_with(Searched::default);
                    for word in p.values[0].split_whitespace() {
                        let visits = word.split_once(':').and_then(|(at, count)| {
                            Some((Cell::parse(at, size)?, count.parse::<u64>().ok()?))
                        });
                        found.visits.push(visits.ok_or_else(|| {
                            value_error(p, "each move searched with its visits, like f5:503 d5:371")
                        })?);
                    }
                }
                // SGF's own `V` is any number: only a chance from 0 to 1 is a searched value.
                "V" => {
                    let value = p.values[0].trim().parse::<f64>().ok();
                    if let Some(value) = value.filter(|v| (0.0..=1.0).contains(v)) {
                        searched.get_or_insert_with(Searched::default).value =
                            Some((value * 1000.0).round() as u16);
                    }
                }
                _ => {}
            }
        }
        // A move's searched values are on its node.
        if let Some(found) = searched
            && moved
        {
            record.searched.resize(record.moves.len(), None);
            record.searched[record.moves.len() - 1] = Some(found);
        }
    }
    if !record.searched.is_empty() {
        record.searched.resize(record.moves.len(), None);
    }
    // Every move must be legal (swap is allowed when the record plays it). Where each stone
    // was written: setup stones first, then moves, as `game_at` plays them.
    let at = |names: &[&str]| {
        nodes
            .iter()
            .flatten()
            .filter(|p| names.contains(&p.name.as_str()))
            .flat_map(|p| {
                let count = if p.name.starts_with('A') {
                    p.values.len()
                } else {
                    1
                };
                std::iter::repeat_n((p.line, p.col), count)
            })
            .collect::<Vec<_>>()
    };
    record.game_at(usize::MAX).map_err(|(index, error)| {
        let places: Vec<(u32, u32)> = [at(&["AB", "AW"]), at(&["B", "W"])].concat();
        let (line, col) = places.get(index).copied().unwrap_or((1, 1));
        SgfError::Illegal { line, col, error }
    })?;
    Ok(record)
}

impl Record {
    /// A record of `game` (its moves; stones without a move are written as setup).
    pub fn of(game: &Game) -> Record {
        let mut replay =
            Game::rectangle(game.rows(), game.cols()).expect("the game's shape is valid");
        replay.set_allow_swap(true);
        for &(color, mv) in game.history() {
            replay.play(color, mv).expect("the game's moves are legal");
        }
        let setup = game
            .points()
            .filter(|&p| game.get(p).is_some() && replay.get(p) != game.get(p))
            .map(|p| (game.get(p).expect("filtered"), p))
            .collect();
        Record {
            rows: game.rows(),
            cols: game.cols(),
            setup,
            moves: game.history().to_vec(),
            black: None,
            white: None,
            result: game.winner().map(|c| format!("{}+", c.letter())),
            searched: Vec::new(),
        }
    }

    /// The side of a square board; `None` on a rectangle.
    pub fn square(&self) -> Option<u8> {
        (self.rows == self.cols).then_some(self.cols)
    }

    /// The position after the first `moves` moves (all of them if fewer), swap allowed.
    /// On an illegal stone, its index among setup stones and moves, and why.
    pub fn game_at(&self, moves: usize) -> Result<Game, (usize, IllegalMove)> {
        let mut game = Game::rectangle(self.rows, self.cols).expect("a record's sides are 1 to 19");
        game.set_allow_swap(true);
        for (i, &(color, point)) in self.setup.iter().enumerate() {
            game.setup(color, point).map_err(|e| (i, e))?;
        }
        for (i, &(color, mv)) in self.moves.iter().take(moves).enumerate() {
            game.play(color, mv)
                .map_err(|e| (self.setup.len() + i, e))?;
        }
        Ok(game)
    }

    /// The position at the end of the record, with the side whose turn it is there.
    pub fn position(&self) -> Result<Position, (usize, IllegalMove)> {
        Ok(Position::of_game(&self.game_at(usize::MAX)?))
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

impl Record {
    /// The root node, as [`Record`]'s `Display` writes it: `(;FF[4]GM[11]SZ[n]AP[boardgames]`,
    /// the players, the result and the setup stones.
    fn root(&self) -> String {
        let mut root = if self.rows == self.cols {
            format!("(;FF[4]GM[11]SZ[{}]AP[boardgames]", self.cols)
        } else {
            format!("(;FF[4]GM[11]SZ[{}:{}]AP[boardgames]", self.cols, self.rows)
        };
        for (property, value) in [
            ("PB", &self.black),
            ("PW", &self.white),
            ("RE", &self.result),
        ] {
            if let Some(value) = value {
                root += &format!("{property}[{}]", escape(value));
            }
        }
        for color in Color::BOTH {
            let points: Vec<String> = (self.setup.iter())
                .filter(|(c, _)| *c == color)
                .map(|(_, p)| format!("[{}]", p.lower()))
                .collect();
            if !points.is_empty() {
                root += &format!("A{}{}", color.letter(), points.concat());
            }
        }
        root
    }
}

/// The record as HexGui writes one: `(;FF[4]GM[11]SZ[n]...;B[a1]...)`, a move a line.
impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.root())?;
        for (i, (color, mv)) in self.moves.iter().enumerate() {
            write!(f, ";{}[{mv}]", color.letter())?;
            if let Some(Some(searched)) = self.searched.get(i) {
                if !searched.visits.is_empty() {
                    let visits: Vec<String> = (searched.visits.iter())
                        .map(|(at, n)| format!("{}:{n}", at.lower()))
                        .collect();
                    write!(f, "VS[{}]", visits.join(" "))?;
                }
                if let Some(value) = searched.value {
                    write!(f, "V[{}.{:03}]", value / 1000, value % 1000)?;
                }
            }
            writeln!(f)?;
        }
        writeln!(f, ")")
    }
}

/// A proof tree (`hex solve --proof-tree`) as an SGF game tree that HexGui opens: the
/// position set up (Black is O, White X) with a comment on the outcome, then each step a
/// move, several moves from one position each a variation; a comment marks the positions
/// the knowledge decides and those reached again by other moves.
pub fn proof_tree(position: &Position, outcome: &Outcome, tree: &[ProofStep]) -> String {
    let to_move = position.to_move;
    let setup = [Color::Black, Color::White]
        .into_iter()
        .flat_map(|player| {
            (position.cells())
                .filter(move |&cell| position.get(cell) == Some(player))
                .map(move |cell| (player, cell))
        })
        .collect();
    let record = Record {
        rows: position.rows,
        cols: position.cols,
        setup,
        moves: Vec::new(),
        black: None,
        white: None,
        result: None,
        searched: Vec::new(),
    };
    let summary = match outcome {
        Outcome::Proven(proof) => format!(
            "{} wins; the proof tree: {}{}",
            proof.winner.letter(),
            text::Counted(proof.size, "position"),
            if tree.first().is_some_and(|root| root.decided) {
                ", decided by the knowledge"
            } else {
                ""
            }
        ),
        Outcome::Unknown { .. } => "unknown within the limits: no proof tree".to_string(),
    };
    let mut sgf = format!("{}PL[{}]C[{summary}]", record.root(), to_move.letter());
    // Each step's children: the steps one deeper after it, before the next step as shallow
    // (found in one pass, the open steps on a stack).
    let mut children = vec![Vec::new(); tree.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, step) in tree.iter().enumerate() {
        open.truncate(step.depth as usize);
        if let Some(&parent) = open.last() {
            children[parent].push(i);
        }
        open.push(i);
    }
    // Each step's node, then its children: alone inline, several each in parentheses.
    let node = |i: usize, out: &mut String| {
        let step = tree[i];
        if let Some(cell) = step.at {
            // The move was made by the side to move one step up.
            let mover = if step.depth % 2 == 1 {
                to_move
            } else {
                to_move.opponent()
            };
            *out += &format!(";{}[{}]", mover.letter(), cell.lower());
            if step.transposition {
                *out += "C[reached before by other moves: its proof is there]";
            } else if step.decided {
                *out += "C[decided by the knowledge]";
            }
        }
    };
    // Depth first, on a stack of what is left to write: a step, or a variation's `(` or `)`.
    enum Todo {
        Step(usize),
        Open,
        Close,
    }
    let mut todo = if tree.is_empty() {
        Vec::new()
    } else {
        vec![Todo::Step(0)]
    };
    while let Some(next) = todo.pop() {
        match next {
            Todo::Open => sgf += "\n(",
            Todo::Close => sgf += ")",
            Todo::Step(i) => {
                node(i, &mut sgf);
                match children[i][..] {
                    [] => {}
                    [only] => todo.push(Todo::Step(only)),
                    _ => {
                        for &child in children[i].iter().rev() {
                            todo.extend([Todo::Close, Todo::Step(child), Todo::Open]);
                        }
                    }
                }
            }
        }
    }
    sgf + ")\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_position_at_the_end_of_a_record() {
        let record = parse("(;FF[4]GM[11]SZ[3];B[b2];W[a1])").unwrap();
        let position = record.position().unwrap();
        assert_eq!(
            position.to_string(),
            "X   -   -\n  -   O   -\n    -   -   -\n"
        );
        assert_eq!(position.to_move, Color::Black);
    }

    #[test]
    fn reads_a_hexgui_record() {
        let text =
            "(;AP[HexGui:0.9.GIT]FF[4]GM[11]SZ[9]\n;B[e5];W[swap-pieces];B[c3]\n(;W[d4])(;W[a1]))";
        let record = parse(text).unwrap();
        assert_eq!((record.rows, record.cols), (9, 9));
        assert_eq!(record.moves.len(), 4);
        assert_eq!(record.moves[1], (Color::White, Move::Swap));
        assert_eq!(record.moves[3].1, Move::Play(Cell::parse("d4", 9).unwrap()));
        let game = record.game_at(2).unwrap();
        assert_eq!(game.get(Cell::parse("e5", 9).unwrap()), Some(Color::White));
        assert_eq!(game.to_move(), Color::Black);
    }

    #[test]
    fn refuses_other_games_and_bad_records_with_where() {
        let go = parse("(;FF[4]GM[1]SZ[19];B[pd])").unwrap_err();
        assert_eq!(go.to_string(), "1:8: GM[1] is not Hex (GM[11])");
        let err = parse("(;GM[11]SZ[5]\n;B[a1];W[a1])").unwrap_err();
        assert_eq!(err.to_string(), "2:8: a1 is occupied");
        let err = parse("(;GM[11]SZ[5];B[f1])").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("1:15: expected a point on the board"),
            "{err}"
        );
        assert!(parse("(;GM[11]SZ[5];B[a1]").is_err());
        let err = parse("(;GM[11]SZ[5]AB[a1][b1]\nAW[c1][b1])").unwrap_err();
        assert_eq!(err.to_string(), "2:1: b1 is occupied");
        let deep = format!("(;GM[11]{})", "(;C[x]".repeat(5000));
        assert!(parse(&deep).is_err());
        let err = parse("(;GM[11]SZ[5:20])").unwrap_err();
        assert_eq!(
            err.to_string(),
            "1:9: expected a board size from 1 to 19, or COLUMNS:ROWS, found \"5:20\""
        );
        // A point past the columns of a rectangle is off it.
        let err = parse("(;GM[11]SZ[3:5];B[d1])").unwrap_err();
        assert_eq!(err.to_string(), "1:17: d1 is off the board");
        assert!(parse("").is_err());
        assert!(parse("(;C[unclosed").is_err());
    }

    /// Random records on squares and on rectangles of either orientation.
    #[test]
    fn reads_the_visits_and_values_of_a_search() {
        let text = "(;FF[4]GM[11]SZ[9];B[b2]VS[b2:938 e2:52]V[0.620];W[b3]V[-3];B[c4]VS[c4:9])";
        let record = parse(text).unwrap();
        let cell = |name| Cell::parse(name, 9).unwrap();
        assert_eq!(
            record.searched,
            [
                Some(Searched {
                    visits: vec![(cell("b2"), 938), (cell("e2"), 52)],
                    value: Some(620),
                }),
                // SGF's own V, a number of another meaning, is no searched value.
                None,
                Some(Searched {
                    visits: vec![(cell("c4"), 9)],
                    value: None,
                }),
            ]
        );
        let err = parse("(;GM[11]SZ[9];B[b2]VS[b2=938])").unwrap_err();
        assert!(err.to_string().contains("like f5:503 d5:371"), "{err}");
        assert!(parse("(;GM[11]SZ[9];B[b2]VS[z9:1])").is_err());
    }

    #[test]
    fn a_board_taller_than_wide_is_written_and_read_back() {
        // 5 rows of 3 columns: a stone on the fifth row is on the board.
        let mut game = Game::rectangle(5, 3).unwrap();
        let c5 = Cell::parse("c5", 5).unwrap();
        game.play(Color::Black, Move::Play(c5)).unwrap();
        let record = Record::of(&game);
        let text = record.to_string();
        assert!(text.starts_with("(;FF[4]GM[11]SZ[3:5]"), "{text}");
        let again = parse(&text).unwrap();
        assert_eq!((again.rows, again.cols), (5, 3));
        assert_eq!(again.square(), None);
        assert_eq!(
            again.game_at(usize::MAX).unwrap().get(c5),
            Some(Color::Black)
        );
    }

    fn records() -> impl Strategy<Value = Record> {
        (
            (1u8..=MAX_BOARD, 1u8..=MAX_BOARD, any::<bool>()),
            any::<u64>(),
            0usize..40,
            (any::<bool>(), any::<bool>()),
            0usize..4,
        )
            .prop_map(
                |((rows, cols, square), seed, length, (swap, annotated), setup_count)| {
                    // A random legal game: points drawn from the seed until the game ends.
                    let mut state = seed | 1;
                    let mut draw = |n: usize| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        (state % n as u64) as usize
                    };
                    let cols = if square { rows } else { cols };
                    let mut game = Game::rectangle(rows, cols).unwrap();
                    let mut setup = Vec::new();
                    for i in 0..setup_count {
                        let empty: Vec<Cell> = game.empty_points().collect();
                        if empty.is_empty() || game.winner().is_some() {
                            break;
                        }
                        let color = Color::BOTH[i % 2];
                        let p = empty[draw(empty.len())];
                        game.setup(color, p).unwrap();
                        setup.push((color, p));
                    }
                    game.set_allow_swap(true);
                    for i in 0..length {
                        if game.winner().is_some() {
                            break;
                        }
                        let color = game.to_move();
                        if i == 1 && swap && game.can_swap(color) {
                            game.play(color, Move::Swap).unwrap();
                            continue;
                        }
                        let empty: Vec<Cell> = game.empty_points().collect();
                        if empty.is_empty() {
                            break;
                        }
                        game.play(color, Move::Play(empty[draw(empty.len())]))
                            .unwrap();
                    }
                    let mut record = Record::of(&game);
                    if annotated && !record.moves.is_empty() {
                        // Two moves of three with what a search said: a few cells' visits and a
                        // value, either of them possibly missing.
                        let points: Vec<Cell> = game.points().collect();
                        record.searched = (0..record.moves.len())
                            .map(|i| {
                                let searched = Searched {
                                    visits: (0..draw(4))
                                        .map(|_| (points[draw(points.len())], draw(5000) as u64))
                                        .collect(),
                                    value: (draw(4) > 0).then(|| draw(1001) as u16),
                                };
                                // A search that said nothing is written as none.
                                let said = !searched.visits.is_empty() || searched.value.is_some();
                                (i % 3 != 2 && said).then_some(searched)
                            })
                            .collect();
                        if record.searched.iter().all(Option::is_none) {
                            record.searched.clear();
                        }
                    }
                    // Written Black's first, as AB then AW.
                    setup.sort_by_key(|&(c, _)| c == Color::White);
                    record.setup = setup;
                    record.black = Some("a ]tricky\\ name".into());
                    record
                },
            )
    }

    proptest! {
        #[test]
        fn a_record_reads_back_as_written(record in records()) {
            let text = record.to_string();
            let again = parse(&text).unwrap();
            prop_assert_eq!(&again, &record);
            prop_assert_eq!(again.to_string(), text);
        }
    }
}
