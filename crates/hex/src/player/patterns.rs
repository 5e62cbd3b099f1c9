//! Local patterns of a move and their learned weights (the priors of the player's tree).
//!
//! A move's pattern is the contents of the 12 cells around its point: the 6 neighbours and
//! the 6 cells a bridge away, seen by the side that plays it. The board is read in the
//! mover's frame: for White it is transposed and its colours swapped, so that the mover
//! always joins top and bottom and one table serves both sides. A cell off the board is
//! the mover's edge (above or below), the opponent's (left or right), or a corner (both).
//! The half turn keeps each side's edges, so a pattern and its half turn are one: the key
//! is the smaller of the two codes.
//!
//! Each pattern has a weight (a gamma of the Bradley–Terry model: a move is played with a
//! chance proportional to its pattern's gamma), learned from game records by
//! `scripts/patterns/train.py` from what [`extract`] writes. The search reads them from
//! arrays ([`Direct`]) indexed by the codes of a pattern's cells, which a [`Frame`] made once
//! a search finds on its board.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::{LazyLock, OnceLock};

use hashbrown::HashMap;

use crate::game::{Cell, Color, Game, Move};
use crate::matches::records;
use crate::sgf::Record;

/// The cells of a pattern, as (row, column) offsets in the mover's frame: the six
/// neighbours in turning order, then the six bridge cells, the i-th between neighbours i and
/// i + 1. The half turn maps entry i to entry i + 3 of each six.
const OFFSETS: [(i32, i32); 12] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-2, 1),
    (-1, 2),
    (1, 1),
    (2, -1),
    (1, -2),
    (-1, -1),
];

/// The number of cells in a pattern.
pub const CELLS: usize = OFFSETS.len();

/// What a pattern's cell holds, seen by the mover, by code: empty, the mover's stone, the
/// opponent's, the mover's edge, the opponent's, a corner.
const EMPTY: u8 = 0;
const MINE: u8 = 1;
const THEIRS: u8 = 2;
const MY_EDGE: u8 = 3;
const THEIR_EDGE: u8 = 4;
const CORNER: u8 = 5;

/// The letters of the codes in a pattern's text.
const LETTERS: [char; 6] = ['.', 'x', 'o', 'X', 'O', '+'];

/// A pattern's key: its cells' codes, 3 bits each, canonical under the half turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pattern(u64);

impl Pattern {
    fn of_codes(codes: [u8; CELLS]) -> Pattern {
        // Entry i of the half turn is entry i + 3 of the same six.
        const TURNED: [usize; CELLS] = [3, 4, 5, 0, 1, 2, 9, 10, 11, 6, 7, 8];
        let (mut plain, mut turned) = (0u64, 0u64);
        for i in 0..CELLS {
            plain = plain << 3 | u64::from(codes[i]);
            turned = turned << 3 | u64::from(codes[TURNED[i]]);
        }
        Pattern(plain.min(turned))
    }

    /// The pattern of a move at `point` (row, column) by `mover` on a `rows` x `cols` board
    /// whose stones `stone` gives.
    pub fn at(
        rows: u8,
        cols: u8,
        point: (u8, u8),
        mover: Color,
        stone: impl Fn(u8, u8) -> Option<Color>,
    ) -> Pattern {
        Pattern::of_codes(Pattern::codes(rows, cols, point, mover, stone))
    }

    /// Where the `i`-th cell of a pattern at (`row`, `col`) by `mover` lies on a `rows` x
    /// `cols` board: its row and column, or, off the board, its code.
    fn cell(
        rows: u8,
        cols: u8,
        (row, col): (u8, u8),
        mover: Color,
        i: usize,
    ) -> Result<(u8, u8), u8> {
        let (dr, dc) = OFFSETS[i];
        // The mover's frame is the board itself for Black, its transpose for White.
        let (dr, dc) = match mover {
            Color::Black => (dr, dc),
            Color::White => (dc, dr),
        };
        let (r, c) = (i32::from(row) + dr, i32::from(col) + dc);
        let off_rows = !(0..i32::from(rows)).contains(&r);
        let off_cols = !(0..i32::from(cols)).contains(&c);
        // Black's edges are above and below, White's left and right.
        let edge = match (off_rows, off_cols) {
            (false, false) => return Ok((r as u8, c as u8)),
            (true, true) => return Err(CORNER),
            (true, false) => Color::Black,
            (false, true) => Color::White,
        };
        Err(if edge == mover { MY_EDGE } else { THEIR_EDGE })
    }

    /// The codes of the cells of a pattern (see [`Pattern::at`]), in [`OFFSETS`] order.
    fn codes(
        rows: u8,
        cols: u8,
        point: (u8, u8),
        mover: Color,
        stone: impl Fn(u8, u8) -> Option<Color>,
    ) -> [u8; CELLS] {
        std::array::from_fn(|i| match Pattern::cell(rows, cols, point, mover, i) {
            Ok((r, c)) => Pattern::code(stone(r, c), mover),
            Err(code) => code,
        })
    }

    /// The code of a cell on the board holding `stone`, seen by `mover`.
    #[inline]
    fn code(stone: Option<Color>, mover: Color) -> u8 {
        match stone {
            None => EMPTY,
            Some(s) if s == mover => MINE,
            Some(_) => THEIRS,
        }
    }

    /// The pattern of `mover` playing `point` in `game`.
    pub fn of_move(game: &Game, point: Cell, mover: Color) -> Pattern {
        Pattern::at(
            game.rows(),
            game.cols(),
            (point.row, point.col),
            mover,
            |row, col| game.get(Cell { row, col }),
        )
    }
}

/// Where the cells of every pattern on one board lie, worked out once, so that a search that
/// asks for the gammas of many moves reads their cells straight from its own board:
/// [`Frame::gamma`] gives a table's gamma of what [`Pattern::at`] gives, without the
/// arithmetic and without the hashing.
#[derive(Clone, Debug)]
pub struct Frame {
    /// For each of the caller's indices and each mover (Black, then White): the pattern
    /// of a move there (unused at indices of no cell of the board).
    shapes: Vec<Shape>,
    /// The shape numbers of `shapes`, packed close.
    numbers: Vec<u8>,
}

/// A pattern on a known board: its cells on the board (by the caller's index) in
/// [`OFFSETS`] order, and its shape ([`Direct::shape`]), which says the others.
#[derive(Clone, Copy, Debug, Default)]
struct Shape {
    number: u8,
    len: u8,
    on: [u32; CELLS],
}

impl Frame {
    /// The patterns' cells on a `rows` x `cols` board whose cells the caller knows by the
    /// indices `index` gives (row, column): [`Frame::gamma`] takes them, and asks for
    /// stones by them.
    pub fn new(rows: u8, cols: u8, index: impl Fn(u8, u8) -> usize) -> Frame {
        let points = || (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c)));
        let len = points().map(|(r, c)| index(r, c) + 1).max().unwrap_or(0);
        let mut shapes = vec![Shape::default(); 2 * len];
        for point in points() {
            for (side, mover) in [Color::Black, Color::White].into_iter().enumerate() {
                let shape = &mut shapes[2 * index(point.0, point.1) + side];
                for i in 0..CELLS {
                    if let Ok((r, c)) = Pattern::cell(rows, cols, point, mover, i) {
                        shape.on[usize::from(shape.len)] = index(r, c) as u32;
                        shape.len += 1;
                    }
                }
                // The distances to the edges above, below, left and right in the mover's
                // frame (the board transposed for White).
                let (r, c) = point;
                let (vertical, across) = ([r, rows - 1 - r], [c, cols - 1 - c]);
                shape.number = Direct::shape(match mover {
                    Color::Black => [vertical[0], vertical[1], across[0], across[1]],
                    Color::White => [across[0], across[1], vertical[0], vertical[1]],
                });
            }
        }
        let numbers = shapes.iter().map(|shape| shape.number).collect();
        Frame { shapes, numbers }
    }

    /// Where a move by `mover` at the cell of index `at` has its entries in the per-move
    /// arrays: Black's, then White's, for each cell.
    #[inline]
    fn slot(at: usize, mover: Color) -> usize {
        2 * at + usize::from(mover == Color::White)
    }

    /// The index of the pattern of a move by `mover` at the cell of index `at` among its
    /// shape's patterns, the stones read by `stone`: its cells' codes in base 3, the first
    /// cell the lowest digit.
    #[inline]
    fn index(&self, at: usize, mover: Color, stone: impl Fn(usize) -> Option<Color>) -> u32 {
        let shape = &self.shapes[Frame::slot(at, mover)];
        let mut index = 0;
        for &q in shape.on[..usize::from(shape.len)].iter().rev() {
            index = index * 3 + u32::from(Pattern::code(stone(q as usize), mover));
        }
        index
    }

    /// The gamma in `direct` of the pattern of a move by `mover` at the cell of index `at`
    /// whose index ([`Frame::index`]) is `index`.
    #[inline]
    fn gamma_of(&self, direct: &Direct, at: usize, mover: Color, index: u32) -> f32 {
        let number = self.numbers[Frame::slot(at, mover)];
        direct.gammas(number)[index as usize]
    }

    /// The gamma in `direct` of the pattern of a move by `mover` at the cell of index `at`,
    /// the stones read by `stone` at the indices given to [`Frame::new`]: `direct`'s
    /// table's gamma of that pattern, read from an array.
    #[inline]
    pub fn gamma(
        &self,
        direct: &Direct,
        at: usize,
        mover: Color,
        stone: impl Fn(usize) -> Option<Color>,
    ) -> f32 {
        self.gamma_of(direct, at, mover, self.index(at, mover, stone))
    }
}

impl fmt::Display for Pattern {
    /// The 12 cells' letters in [`OFFSETS`] order: `.` empty, `x` the mover's stone, `o`
    /// the opponent's, `X` the mover's edge, `O` the opponent's, `+` a corner.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in (0..CELLS).rev() {
            let code = (self.0 >> (3 * i)) & 7;
            write!(f, "{}", LETTERS[code as usize])?;
        }
        Ok(())
    }
}

/// Why a text is not a pattern, or a line not a table's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// A character that is not one of the pattern's letters.
    #[error("a pattern is written with {LETTERS:?}, not {0:?}")]
    Letters(String),
    /// Too few or too many cells.
    #[error("a pattern has {CELLS} cells, not {0}")]
    Cells(usize),
    /// A table's line that is not two words.
    #[error("expected a pattern and its gamma")]
    Line,
    /// A gamma that is not a positive number.
    #[error("invalid gamma {0:?} (a positive number)")]
    Gamma(String),
}

impl FromStr for Pattern {
    type Err = PatternError;

    /// The pattern of a text in [`Pattern`]'s `Display` form, or of its half turn.
    fn from_str(text: &str) -> Result<Pattern, PatternError> {
        let codes: Vec<u8> = text
            .chars()
            .map(|ch| LETTERS.iter().position(|&l| l == ch).map(|c| c as u8))
            .collect::<Option<_>>()
            .ok_or_else(|| PatternError::Letters(text.into()))?;
        let codes: [u8; CELLS] = codes
            .try_into()
            .map_err(|c: Vec<u8>| PatternError::Cells(c.len()))?;
        Ok(Pattern::of_codes(codes))
    }
}

/// Learned weights of patterns; a pattern not in the table weighs 1.
#[derive(Clone, Debug, Default)]
pub struct Table {
    gammas: HashMap<Pattern, f32>,
}

/// The names of the factors of moves near the last two moves, which the trainer can learn
/// (`train.py --local`) and a table may carry. The search does not use them: multiplying the
/// priors by them measured worse (`docs/tuning/hex.md`), so a table's reader passes them over.
const LOCAL: [&str; 4] = ["@n", "@b", "@N", "@B"];

impl Table {
    /// Reads a table: `#` comment lines, then a line a pattern (or a local factor, `@n`,
    /// `@b`, `@N` or `@B`, passed over), its text and its gamma. On a bad line, its number (from 1) and
    /// why.
    pub fn parse(text: &str) -> Result<Table, (usize, PatternError)> {
        let mut table = Table::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split_whitespace();
            let (Some(pattern), Some(gamma), None) = (words.next(), words.next(), words.next())
            else {
                return Err((n + 1, PatternError::Line));
            };
            let gamma: f32 = gamma
                .parse()
                .ok()
                .filter(|g: &f32| g.is_finite() && *g > 0.0)
                .ok_or_else(|| (n + 1, PatternError::Gamma(gamma.into())))?;
            if LOCAL.contains(&pattern) {
                continue;
            }
            let pattern: Pattern = pattern.parse().map_err(|e| (n + 1, e))?;
            table.gammas.insert(pattern, gamma);
        }
        Ok(table)
    }

    /// The pattern's gamma (1 when the table does not have it).
    pub fn gamma(&self, pattern: Pattern) -> f32 {
        self.gammas.get(&pattern).copied().unwrap_or(1.0)
    }

    /// The number of patterns in the table.
    pub fn len(&self) -> usize {
        self.gammas.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.gammas.is_empty()
    }
}

/// A table's gammas in arrays, one for each shape a pattern can have (which of its cells
/// are off the board, seen by the mover: near the top or bottom, the mover's edge; left or
/// right, the opponent's), indexed by the codes of its cells on the board in base 3. Each
/// shape's array is filled the first time it is asked for.
pub struct Direct {
    table: &'static Table,
    shapes: [OnceLock<Box<[f32]>>; 81],
}

impl Direct {
    /// The arrays of `table`'s gammas.
    pub fn new(table: &'static Table) -> Direct {
        Direct {
            table,
            shapes: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// The shape number of a pattern whose point lies at these distances (in cells) from
    /// the edges above, below, left and right in the mover's frame: the distances, 2 for 2
    /// and more (the cells of a pattern reach two cells away), in base 3.
    fn shape(distances: [u8; 4]) -> u8 {
        distances.iter().fold(0, |n, &d| n * 3 + d.min(2))
    }

    /// The gammas of the patterns of a shape, by their board cells' codes in base 3.
    fn gammas(&self, number: u8) -> &[f32] {
        self.shapes[usize::from(number)].get_or_init(|| {
            let mut d = [0u8; 4];
            let mut n = number;
            for i in (0..4).rev() {
                d[i] = n % 3;
                n /= 3;
            }
            // The shape's cells off the board, as on the smallest board that has a point
            // at those distances from its edges, played by Black (whose frame is the board's).
            let (rows, cols) = (d[0] + d[1] + 1, d[2] + d[3] + 1);
            let off: [Option<u8>; CELLS] = std::array::from_fn(|i| {
                Pattern::cell(rows, cols, (d[0], d[2]), Color::Black, i).err()
            });
            let on: Vec<usize> = (0..CELLS).filter(|&i| off[i].is_none()).collect();
            (0..3usize.pow(on.len() as u32))
                .map(|index| {
                    let mut codes = off.map(|code| code.unwrap_or(EMPTY));
                    let mut rest = index;
                    for &i in &on {
                        codes[i] = (rest % 3) as u8;
                        rest /= 3;
                    }
                    self.table.gamma(Pattern::of_codes(codes))
                })
                .collect()
        })
    }
}

/// The shipped table's gammas in arrays.
pub static LEARNED_DIRECT: LazyLock<Direct> = LazyLock::new(|| Direct::new(&LEARNED));

/// The table shipped with the engine (learned from MoHex's moves on 9x9 and 11x11; its header
/// says how).
pub static LEARNED: LazyLock<Table> = LazyLock::new(|| {
    Table::parse(include_str!("../../data/patterns.txt"))
        .unwrap_or_else(|(line, why)| panic!("patterns.txt line {line}: {why}"))
});

/// How a cell lies from a recent move: next to it, or a bridge away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Near {
    /// One of its six neighbours.
    Neighbour,
    /// One of the six cells a bridge away.
    Bridge,
}

impl Near {
    /// How `cell` lies from `from` (row, column), if it is one of its pattern's cells.
    pub fn of(from: Cell, cell: Cell) -> Option<Near> {
        let d = (
            i32::from(cell.row) - i32::from(from.row),
            i32::from(cell.col) - i32::from(from.col),
        );
        // The offsets are the same sets in both movers' frames (the transpose maps each
        // six onto itself), so the board's own frame serves.
        let i = OFFSETS.iter().position(|&o| o == d)?;
        Some(if i < 6 { Near::Neighbour } else { Near::Bridge })
    }

    /// The mark of a move's relation to the last move (`@n`, `@b`) or to the one before
    /// (`@N`, `@B`) in the training data and in a table.
    fn mark(self, before_last: bool) -> &'static str {
        match (self, before_last) {
            (Near::Neighbour, false) => "@n",
            (Near::Bridge, false) => "@b",
            (Near::Neighbour, true) => "@N",
            (Near::Bridge, true) => "@B",
        }
    }
}

/// A move's feature in the training data: its pattern and how it lies from the last move
/// (the opponent's) and from the one before (the mover's own).
type Feature = (Pattern, Option<Near>, Option<Near>);

fn write_feature(out: &mut String, (pattern, last, before): Feature) {
    out.push_str(&pattern.to_string());
    out.extend(last.map(|n| n.mark(false)));
    out.extend(before.map(|n| n.mark(true)));
}

/// The training data of one record: a line for each position before a move played on the
/// board (swaps and resignations are skipped), `GAME CHOSEN FEATURE:COUNT...`: the game's
/// name, the played move's feature, and each feature among the legal moves with how many
/// of them have it. A feature is a pattern, then `@n` or `@b` if the move is next to the
/// last move or a bridge away from it, then `@N` or `@B` for the move before the last.
/// Only the moves of the colours `learn` accepts give lines (the others are played). On a
/// move that cannot be played, its number (from 1).
pub fn extract(
    name: &str,
    record: &Record,
    learn: impl Fn(Color) -> bool,
) -> Result<String, usize> {
    let mut out = String::new();
    let mut game = record.game_at(0).map_err(|(n, _)| n)?;
    // The last move and the one before, when they were stones played.
    let mut recent: [Option<Cell>; 2] = [None, None];
    for (n, &(color, mv)) in record.moves.iter().enumerate() {
        if let Move::Play(point) = mv
            && game.winner().is_none()
            && learn(color)
        {
            let feature = |p: Cell| -> Feature {
                let near = |r: Option<Cell>| r.and_then(|r| Near::of(r, p));
                (
                    Pattern::of_move(&game, p, color),
                    near(recent[0]),
                    near(recent[1]),
                )
            };
            let mut counts: Vec<(Feature, u32)> = Vec::new();
            for p in game.empty_points() {
                let f = feature(p);
                match counts.iter_mut().find(|(q, _)| *q == f) {
                    Some((_, count)) => *count += 1,
                    None => counts.push((f, 1)),
                }
            }
            counts.sort();
            out.push_str(name);
            out.push(' ');
            write_feature(&mut out, feature(point));
            for (f, count) in counts {
                out.push(' ');
                write_feature(&mut out, f);
                out.push_str(&format!(":{count}"));
            }
            out.push('\n');
        }
        game.play(color, mv).map_err(|_| n + 1)?;
        let played = match mv {
            Move::Play(point) => Some(point),
            _ => None,
        };
        recent = [played, recent[0]];
    }
    Ok(out)
}

/// Why the records of a folder give no training data.
#[derive(Debug, thiserror::Error)]
pub enum ExtractError {
    /// The folder or a record in it cannot be read.
    #[error("cannot read the records in {}", dir.display())]
    Read {
        /// The folder.
        dir: PathBuf,
        /// Why.
        #[source]
        error: std::io::Error,
    },
    /// A record holds a move that cannot be played.
    #[error("{}: move {number} cannot be played", file.display())]
    Move {
        /// The record.
        file: PathBuf,
        /// The move, from 1.
        number: usize,
    },
}

/// [`extract`] of every numbered record in `dirs` (record N of the K-th folder is game
/// `dK-N`), learning the moves of the player whose name contains `player` (ignoring case),
/// or of both where none is given.
pub fn extract_dirs(dirs: &[PathBuf], player: Option<&str>) -> Result<String, ExtractError> {
    let mut out = String::new();
    for (k, dir) in (1..).zip(dirs) {
        let saved = records::read_dir(dir).map_err(|error| ExtractError::Read {
            dir: dir.clone(),
            error,
        })?;
        for (number, record) in saved {
            let plays = |name: &Option<String>| records::is_player(player, name.as_deref());
            let (black, white) = (plays(&record.black), plays(&record.white));
            let learn = |color| if color == Color::Black { black } else { white };
            let lines = extract(&format!("d{k}-{number}"), &record, learn).map_err(|n| {
                ExtractError::Move {
                    file: dir.join(records::file_name(number)),
                    number: n,
                }
            })?;
            out.push_str(&lines);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells' contents at random from a seed: Black, White or empty, one a cell asked for.
    fn random_stones(seed: u64) -> impl Iterator<Item = Option<Color>> {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        std::iter::from_fn(move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            Some([Some(Color::Black), Some(Color::White), None][(x % 3) as usize])
        })
    }

    /// A position on a 6x6 board made from a seed: stones at random, either colour.
    fn position(seed: u64) -> Game {
        let mut game = Game::new(6).unwrap();
        for (p, stone) in game.clone().points().zip(random_stones(seed)) {
            if let Some(color) = stone {
                game.setup(color, p).unwrap();
            }
        }
        game
    }

    /// The position's twin: transposed, colours swapped.
    fn twin(game: &Game) -> Game {
        let mut twin = Game::new(game.size()).unwrap();
        for p in game.points() {
            if let Some(c) = game.get(p) {
                twin.setup(c.opponent(), p.mirrored()).unwrap();
            }
        }
        twin
    }

    /// The position turned by half a turn.
    fn turned(game: &Game) -> Game {
        let n = game.size() - 1;
        let mut turned = Game::new(game.size()).unwrap();
        for p in game.points() {
            if let Some(c) = game.get(p) {
                let q = Cell {
                    row: n - p.row,
                    col: n - p.col,
                };
                turned.setup(c, q).unwrap();
            }
        }
        turned
    }

    #[test]
    fn a_position_its_half_turn_and_its_twin_have_the_same_patterns() {
        let mut seen = std::collections::HashSet::new();
        for seed in 1..40 {
            let game = position(seed);
            let (twin, turned) = (twin(&game), turned(&game));
            let n = game.size() - 1;
            for p in game.points() {
                let q = Cell {
                    row: n - p.row,
                    col: n - p.col,
                };
                for color in [Color::Black, Color::White] {
                    let key = Pattern::of_move(&game, p, color);
                    assert_eq!(key, Pattern::of_move(&turned, q, color), "{p} {color}");
                    let other = Pattern::of_move(&twin, p.mirrored(), color.opponent());
                    assert_eq!(key, other, "{p} {color}");
                    seen.insert(key);
                }
            }
        }
        // The keys tell positions apart: many distinct ones, and each reads back.
        assert!(seen.len() > 500, "{}", seen.len());
        for key in seen {
            assert_eq!(key.to_string().parse(), Ok(key));
        }
    }

    #[test]
    fn a_pattern_reads_its_cells_from_the_movers_side() {
        // Black's a1 on an empty board: above it Black's own edge, to its left White's,
        // and the bridge cell up-left off both.
        let mut game = Game::new(5).unwrap();
        let a1 = Cell::parse("a1", 5).unwrap();
        // Neighbours: up, up-right, right, down, down-left, left; then the bridge cells
        // (-2,1), (-1,2), (1,1), (2,-1), (1,-2), (-1,-1).
        let expected: Pattern = "XX..OOXX.OO+".parse().unwrap();
        assert_eq!(Pattern::of_move(&game, a1, Color::Black), expected);
        // White's a1 is Black's a1 of the transposed board: the same pattern.
        assert_eq!(Pattern::of_move(&game, a1, Color::White), expected);
        // A stone next to the point is the mover's or the opponent's.
        game.setup(Color::Black, Cell::parse("b2", 5).unwrap())
            .unwrap();
        let c3 = Cell::parse("c3", 5).unwrap();
        let b = Pattern::of_move(&game, c3, Color::Black).to_string();
        let w = Pattern::of_move(&game, c3, Color::White).to_string();
        assert_eq!((b.matches('x').count(), b.matches('o').count()), (1, 0));
        assert_eq!((w.matches('x').count(), w.matches('o').count()), (0, 1));
    }

    #[test]
    fn a_frame_gives_the_tables_gammas_of_the_patterns_the_board_gives() {
        // Random boards of several shapes, their cells indexed with a margin two cells wide,
        // as a search might keep them.
        type Board = (u8, u8, Vec<Option<Color>>);
        let index = |cols: u8, r: u8, c: u8| {
            (usize::from(r) + 2) * (usize::from(cols) + 4) + usize::from(c) + 2
        };
        let cells =
            |rows: u8, cols: u8| (0..rows).flat_map(move |r| (0..cols).map(move |c| (r, c)));
        let mut boards: Vec<Board> = Vec::new();
        for (rows, cols) in [(6, 6), (1, 1), (2, 5), (3, 7), (9, 4), (11, 11)] {
            for seed in 1..12u64 {
                let mut stones = vec![None; (usize::from(rows) + 4) * (usize::from(cols) + 4)];
                for ((r, c), stone) in cells(rows, cols).zip(random_stones(seed)) {
                    stones[index(cols, r, c)] = stone;
                }
                boards.push((rows, cols, stones));
            }
        }
        let patterns = |(rows, cols, stones): &Board| -> Vec<(usize, Color, Pattern)> {
            let mut out = Vec::new();
            for (r, c) in cells(*rows, *cols) {
                for mover in [Color::Black, Color::White] {
                    let stone = |r, c| stones[index(*cols, r, c)];
                    let pattern = Pattern::at(*rows, *cols, (r, c), mover, stone);
                    out.push((index(*cols, r, c), mover, pattern));
                }
            }
            out
        };
        // A table that gives every pattern of every other board a gamma of its own (the other
        // boards' patterns weigh 1 unless they are among these); and the shipped table.
        let mut known: Vec<Pattern> = boards
            .iter()
            .step_by(2)
            .flat_map(patterns)
            .map(|p| p.2)
            .collect();
        known.sort();
        known.dedup();
        let text: String = (known.iter().enumerate())
            .map(|(i, pattern)| format!("{pattern} {}\n", i + 2))
            .collect();
        let made: &'static Table = Box::leak(Box::new(Table::parse(&text).unwrap()));
        assert!(made.len() > 1000);
        for table in [made, &*LEARNED] {
            let direct = Direct::new(table);
            for board in &boards {
                let frame = Frame::new(board.0, board.1, |r, c| index(board.1, r, c));
                for (at, mover, pattern) in patterns(board) {
                    let gamma = frame.gamma(&direct, at, mover, |q| board.2[q]);
                    assert_eq!(
                        gamma,
                        table.gamma(pattern),
                        "{}x{} {at} {mover} {pattern}",
                        board.0,
                        board.1
                    );
                }
            }
        }
    }

    #[test]
    fn a_table_gives_the_gamma_of_its_patterns_and_one_otherwise() {
        let table = Table::parse("# made by hand\n............ 2.5\n.........xx. 0.5\n").unwrap();
        assert_eq!(table.len(), 2);
        assert_eq!(table.gamma("............".parse().unwrap()), 2.5);
        assert_eq!(table.gamma(".........xx.".parse().unwrap()), 0.5);
        assert_eq!(table.gamma("...........x".parse().unwrap()), 1.0);
        assert_eq!(Table::parse("....\n").unwrap_err().0, 1);
        assert_eq!(Table::parse("#\n............ -1\n").unwrap_err().0, 2);
        assert_eq!(Table::parse("............ 1 2\n").unwrap_err().0, 1);
    }

    #[test]
    fn a_table_passes_over_the_local_factors() {
        let table = Table::parse("@n 4\n@b 3\n@N 2\n............ 2.5\n").unwrap();
        assert_eq!(table.len(), 1);
        assert_eq!(table.gamma("............".parse().unwrap()), 2.5);
        assert_eq!(Table::parse("@n 0\n").unwrap_err().0, 1);
        assert_eq!(Table::parse("@x 2\n").unwrap_err().0, 1);
    }

    #[test]
    fn near_cells_are_a_patterns_cells() {
        let b3 = Cell::parse("b3", 5).unwrap();
        let near = |cell: &str| Near::of(b3, Cell::parse(cell, 5).unwrap());
        // Columns are letters and rows numbers: b3's neighbours lie in rows 2 to 4, its
        // bridge cells one or two rows up or down (a5 and c1 two, a2, d2 and c4 one).
        for cell in ["b2", "c2", "a3", "c3", "a4", "b4"] {
            assert_eq!(near(cell), Some(Near::Neighbour), "{cell}");
        }
        for cell in ["c1", "d2", "c4", "a5", "a2"] {
            assert_eq!(near(cell), Some(Near::Bridge), "{cell}");
        }
        for cell in ["b3", "b1", "d3", "d4", "c5", "b5", "e3"] {
            assert_eq!(near(cell), None, "{cell}");
        }
    }

    #[test]
    fn the_learned_table_knows_the_open_board() {
        // The move into the middle of an empty board has a pattern of twelve empty cells.
        let empty: Pattern = "............".parse().unwrap();
        assert!(LEARNED.len() > 100, "{}", LEARNED.len());
        assert!(LEARNED.gammas.contains_key(&empty));
        // Its text reads back.
        assert_eq!(empty.to_string(), "............");
    }

    #[test]
    fn extraction_gives_each_position_the_played_and_the_legal_patterns() {
        let record = crate::sgf::parse("(;FF[4]GM[11]SZ[3];B[b2];W[a1];B[c1])").unwrap();
        let text = extract("g1", &record, |_| true).unwrap_or_else(|n| panic!("move {n}"));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), record.moves.len());
        // The first position: every move on the empty 3x3 board, the centre among them.
        let first: Vec<&str> = lines[0].split(' ').collect();
        assert_eq!(first[0], "g1");
        let game = Game::new(3).unwrap();
        let b2 = Pattern::of_move(&game, Cell::parse("b2", 3).unwrap(), Color::Black);
        assert_eq!(first[1], b2.to_string());
        let counts: u32 = first[2..]
            .iter()
            .map(|w| w.split_once(':').unwrap().1.parse::<u32>().unwrap())
            .sum();
        assert_eq!(counts, 9);
        assert!(first[2..].contains(&format!("{b2}:1").as_str()));
        // The second: eight legal moves for White.
        let second: Vec<&str> = lines[1].split(' ').collect();
        let counts: u32 = second[2..]
            .iter()
            .map(|w| w.split_once(':').unwrap().1.parse::<u32>().unwrap())
            .sum();
        assert_eq!(counts, 8);
        // White's a1 is a bridge away from Black's b2 before it; Black's c1 is far from
        // a1, but next to Black's own b2 (the move before the last).
        assert!(second[1].ends_with("@b"), "{}", second[1]);
        let third: Vec<&str> = lines[2].split(' ').collect();
        assert!(
            third[1].ends_with("@N") && !third[1].contains("@n"),
            "{}",
            third[1]
        );
        // Black's moves alone: the first and the third position, the same lines.
        let black = extract("g1", &record, |c| c == Color::Black).unwrap();
        assert_eq!(black, format!("{}\n{}\n", lines[0], lines[2]));
        assert_eq!(extract("g1", &record, |_| false).unwrap(), "");
    }
}
