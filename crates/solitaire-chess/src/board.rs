//! Pieces, squares, sets of squares, and the three colour layers of a deal.

use std::fmt;
use std::str::FromStr;

/// The eight piece types. The order is the wire order of the problem text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Piece {
    /// The digit piece `1`: exactly one step in one of the eight directions.
    One,
    /// The digit piece `2`: exactly two steps.
    Two,
    /// The digit piece `3`: exactly three steps.
    Three,
    /// The digit piece `4`: exactly four steps.
    Four,
    /// `torn`, the rook: along its row or column to an edge.
    Rook,
    /// `lopare`, the bishop: along a diagonal to an edge.
    Bishop,
    /// `dam`, the queen: as the rook or the bishop.
    Queen,
    /// `springare`, the knight.
    Knight,
}

/// The two kinds of piece that the set bonuses tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `1`..`4`.
    Digit,
    /// `torn`, `lopare`, `dam`, `springare`.
    Officer,
}

impl Piece {
    /// All eight types, in wire order.
    pub const ALL: [Piece; 8] = [
        Piece::One,
        Piece::Two,
        Piece::Three,
        Piece::Four,
        Piece::Rook,
        Piece::Bishop,
        Piece::Queen,
        Piece::Knight,
    ];

    /// The piece's index 0..8 in [`Piece::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name the protocol uses.
    pub const fn wire_name(self) -> &'static str {
        match self {
            Piece::One => "1",
            Piece::Two => "2",
            Piece::Three => "3",
            Piece::Four => "4",
            Piece::Rook => "torn",
            Piece::Bishop => "lopare",
            Piece::Queen => "dam",
            Piece::Knight => "springare",
        }
    }

    /// The name a person reads: an officer's English name with the protocol's in brackets
    /// (`rook (torn)`), so that texts for people and the contest's words meet; a digit as
    /// itself.
    pub const fn name(self) -> &'static str {
        match self {
            Piece::Rook => "rook (torn)",
            Piece::Bishop => "bishop (lopare)",
            Piece::Queen => "queen (dam)",
            Piece::Knight => "knight (springare)",
            _ => self.wire_name(),
        }
    }

    /// The piece a protocol name stands for.
    pub fn from_wire(name: &str) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.wire_name() == name)
    }

    /// The piece a letter of an official judge's alphabet stands for (`1`..`4`, `t`, `l`,
    /// `d`, `s`).
    pub fn from_letter(letter: char) -> Option<Piece> {
        Some(match letter {
            '1' => Piece::One,
            '2' => Piece::Two,
            '3' => Piece::Three,
            '4' => Piece::Four,
            't' => Piece::Rook,
            'l' => Piece::Bishop,
            'd' => Piece::Queen,
            's' => Piece::Knight,
            _ => return None,
        })
    }

    /// Digit or officer.
    #[inline]
    pub const fn kind(self) -> Kind {
        if (self as u8) < 4 {
            Kind::Digit
        } else {
            Kind::Officer
        }
    }
}

/// Shown by its wire name.
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.wire_name())
    }
}

/// A name that is no piece's on the wire.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no piece is named {0:?} (1, 2, 3, 4, torn, lopare, dam or springare)")]
pub struct UnknownPiece(pub String);

/// Read from its wire name.
impl FromStr for Piece {
    type Err = UnknownPiece;

    fn from_str(name: &str) -> Result<Piece, UnknownPiece> {
        Piece::from_wire(name).ok_or_else(|| UnknownPiece(name.to_string()))
    }
}

/// The side of the board.
pub const SIDE: u8 = 6;
/// The number of squares.
pub const SQUARES: usize = 36;
/// The number of pieces of a deal: three layers a square.
pub const PIECES: usize = 3 * SQUARES;

/// A square, numbered 0..36 in reading order (row 1 first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at a 1-based row and column, if both are in 1..=6.
    #[inline]
    pub const fn at(row: u8, col: u8) -> Option<Square> {
        if row >= 1 && row <= SIDE && col >= 1 && col <= SIDE {
            Some(Square((row - 1) * SIDE + col - 1))
        } else {
            None
        }
    }

    /// The square with an index 0..36.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The index 0..36.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 1..=6.
    #[inline]
    pub const fn row(self) -> u8 {
        self.0 / SIDE + 1
    }

    /// The column, 1..=6.
    #[inline]
    pub const fn col(self) -> u8 {
        self.0 % SIDE + 1
    }

    /// The square's bit in a [`Squares`].
    const fn bit(self) -> u64 {
        1 << self.0
    }

    /// All squares in reading order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

/// Shown as the protocol writes a move: `row col`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.row(), self.col())
    }
}

/// A text that is no square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a square `ROW COL` with both in 1 to 6")]
pub struct NotASquare(pub String);

/// Read as the protocol writes a move: `row col`, both in 1..=6.
impl FromStr for Square {
    type Err = NotASquare;

    fn from_str(text: &str) -> Result<Square, NotASquare> {
        let mut words = text.split_whitespace().map(str::parse::<u8>);
        match (words.next(), words.next(), words.next()) {
            (Some(Ok(row)), Some(Ok(col)), None) => Square::at(row, col),
            _ => None,
        }
        .ok_or_else(|| NotASquare(text.to_string()))
    }
}

/// A set of squares (a bitboard: bit `i` for the square with index `i`), combined with `&`,
/// `|`, `^` and `!` (the complement within the board) and iterated in increasing order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Squares(u64);

impl Squares {
    /// No square.
    pub const EMPTY: Squares = Squares(0);
    /// All 36 squares.
    pub const ALL: Squares = Squares((1 << SQUARES) - 1);

    /// The set with bit `i` for each square with index `i` (bits past the board ignored).
    #[inline]
    pub const fn from_bits(bits: u64) -> Squares {
        Squares(bits & Squares::ALL.0)
    }

    /// The set as bits (for tables computed at compile time).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// How many squares.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether there is none.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the square is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Squares) -> bool {
        self.0 & other.0 != 0
    }

    /// The set with the square added.
    #[inline]
    pub const fn with(self, square: Square) -> Squares {
        Squares(self.0 | square.bit())
    }

    /// The set without the square.
    #[inline]
    pub const fn without(self, square: Square) -> Squares {
        Squares(self.0 & !square.bit())
    }

    /// The squares in increasing order.
    #[inline]
    pub fn iter(self) -> SquaresIter {
        SquaresIter(self.0)
    }
}

impl From<Square> for Squares {
    fn from(square: Square) -> Squares {
        Squares(square.bit())
    }
}

bitset::bit_set_operators!(Squares, Squares::ALL.0);

bitset::bit_set_members!(Squares, SquaresIter, Square, u64, |index: u32| Square(
    index as u8
));

/// The colour of a piece, which is also the layer it comes from: every square starts bronze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// The starting layer.
    Bronze,
    /// After one removal.
    Silver,
    /// After two removals.
    Gold,
}

impl Colour {
    /// The three layers, in the order they show.
    pub const ALL: [Colour; 3] = [Colour::Bronze, Colour::Silver, Colour::Gold];
}

/// Everything the judge knows: the three pieces of every square, bronze, silver and gold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// `layers[square][colour]`.
    pub layers: [[Piece; 3]; SQUARES],
}

impl Deal {
    /// The piece of a colour on a square.
    pub fn piece(&self, square: Square, colour: Colour) -> Piece {
        self.layers[square.index()][colour as usize]
    }

    /// The bronze layer: the board the player is shown first.
    pub fn bronze(&self) -> [Piece; SQUARES] {
        self.layers.map(|layers| layers[0])
    }

    /// A deal in which every layer holds one type.
    pub fn uniform(piece: Piece) -> Deal {
        Deal {
            layers: [[piece; 3]; SQUARES],
        }
    }
}

/// The board as the judge prints it: six lines of six wire names, row 1 first.
pub struct BoardText<'a>(pub &'a [Piece; SQUARES]);

impl fmt::Display for BoardText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.0.chunks(usize::from(SIDE)) {
            let names: Vec<&str> = row.iter().map(|p| p.wire_name()).collect();
            writeln!(f, "{}", names.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_round_trip_and_letters_match_them() {
        for piece in Piece::ALL {
            assert_eq!(Piece::from_wire(piece.wire_name()), Some(piece));
        }
        assert_eq!(Piece::from_wire("queen"), None);
        let letters: Vec<Piece> = "1234tlds".chars().filter_map(Piece::from_letter).collect();
        assert_eq!(letters, Piece::ALL);
        assert_eq!(Piece::from_letter('x'), None);
        for piece in Piece::ALL {
            assert_eq!(piece.to_string().parse(), Ok(piece));
        }
        assert_eq!(
            "queen".parse::<Piece>(),
            Err(UnknownPiece("queen".to_string()))
        );
    }

    #[test]
    fn squares_read_back_what_they_show() {
        for square in Square::all() {
            assert_eq!(square.to_string().parse(), Ok(square));
        }
        for text in ["", "1", "0 1", "1 7", "1 2 3", "a b", "-1 2"] {
            assert_eq!(text.parse::<Square>(), Err(NotASquare(text.to_string())));
        }
    }

    #[test]
    fn sets_of_squares_combine_and_stay_on_the_board() {
        let corner = Square::at(1, 1).unwrap();
        let centre = Square::at(3, 3).unwrap();
        let both: Squares = [corner, centre].into_iter().collect();
        assert_eq!(both.len(), 2);
        assert_eq!(both & Squares::from(corner), Squares::from(corner));
        assert_eq!(both | Squares::from(centre), both);
        assert_eq!(both ^ Squares::from(centre), Squares::from(corner));
        assert_eq!((!both).len(), 34);
        assert!(!(!both).contains(corner));
        assert_eq!(!Squares::EMPTY, Squares::ALL);
        assert_eq!(!Squares::ALL, Squares::EMPTY);
        assert!(both.intersects(corner.into()));
        assert_eq!(both.without(corner), Squares::from(centre));
        assert_eq!(Squares::from_bits(u64::MAX), Squares::ALL);
        assert_eq!(both.into_iter().len(), 2);
    }

    #[test]
    fn squares_know_their_row_and_column() {
        let square = Square::at(3, 5).unwrap();
        assert_eq!((square.row(), square.col(), square.index()), (3, 5, 16));
        assert_eq!(square.to_string(), "3 5");
        assert_eq!(Square::at(0, 1), None);
        assert_eq!(Square::at(1, 7), None);
        assert_eq!(Square::all().count(), SQUARES);
        let set = Squares::from(square) | Square::at(1, 1).unwrap().into();
        let listed: Vec<_> = set.iter().map(|s| s.to_string()).collect();
        assert_eq!(listed, ["1 1", "3 5"]);
    }

    #[test]
    fn kinds() {
        assert_eq!(Piece::Four.kind(), Kind::Digit);
        assert_eq!(Piece::Rook.kind(), Kind::Officer);
        assert_eq!(Piece::Knight.kind(), Kind::Officer);
    }
}
