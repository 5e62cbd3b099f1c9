//! A game in progress: the layers, what shows, the removals so far and their score.

use std::fmt;

use crate::board::{Colour, Deal, Piece, SIDE, SQUARES, Square, Squares};
use crate::rules::targets;
use crate::score::{Score, Tally};

/// Why a removal is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The square is empty.
    #[error("square {0} is empty")]
    Empty(Square),
    /// The square is the one just removed from.
    #[error("square {0} was the last one removed from")]
    SameSquare(Square),
    /// The type removed last does not reach the square.
    #[error("a {} removed from {from} does not reach {to}", piece.name())]
    Unreachable {
        /// The type removed last.
        piece: Piece,
        /// Where it stood.
        from: Square,
        /// The square asked for.
        to: Square,
    },
}

/// A game in progress: the pieces of every layer, how far each square has been removed, the
/// last removal and the score so far.
///
/// The judge holds every layer. The player knows only the layers it has seen; it keeps
/// whatever it likes in the others (say a guess) and corrects a layer with
/// [`Game::reveal`] when the judge shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    layers: [[Piece; 3]; SQUARES],
    /// 0 bronze, 1 silver, 2 gold, 3 empty.
    levels: [u8; SQUARES],
    occupied: Squares,
    /// The squares showing each type now.
    by_type: [Squares; 8],
    last: Option<(Piece, Square)>,
    tally: Tally,
}

impl Game {
    /// The start of a game on a deal.
    pub fn new(deal: &Deal) -> Game {
        Game {
            layers: deal.layers,
            levels: [0; SQUARES],
            occupied: Squares::ALL,
            by_type: by_type(&deal.layers, &[0; SQUARES]),
            last: None,
            tally: Tally::new(),
        }
    }

    /// The piece on a square now, if any.
    #[inline]
    pub fn piece(&self, square: Square) -> Option<Piece> {
        let level = self.levels[square.index()];
        (level < 3).then(|| self.layers[square.index()][usize::from(level)])
    }

    /// The colour of the piece on a square now, if any.
    pub fn colour(&self, square: Square) -> Option<Colour> {
        Colour::ALL
            .get(usize::from(self.levels[square.index()]))
            .copied()
    }

    /// The squares showing a type now.
    #[inline]
    pub const fn showing(&self, piece: Piece) -> Squares {
        self.by_type[piece as usize]
    }

    /// The squares showing the type with an index 0..8 (see [`Piece::index`]).
    #[inline]
    pub fn by_type_index(&self, index: usize) -> Squares {
        self.by_type[index]
    }

    /// The number of removals made on a square so far, 0..=3.
    #[inline]
    pub fn removals_at(&self, square: Square) -> u8 {
        self.levels[square.index()]
    }

    /// The squares that still hold a piece.
    #[inline]
    pub const fn occupied(&self) -> Squares {
        self.occupied
    }

    /// The last removal: its type and square.
    #[inline]
    pub const fn last(&self) -> Option<(Piece, Square)> {
        self.last
    }

    /// The incremental score.
    #[inline]
    pub const fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The score so far.
    #[inline]
    pub const fn score(&self) -> Score {
        self.tally.score()
    }

    /// The squares the next removal may come from.
    #[inline]
    pub const fn legal(&self) -> Squares {
        match self.last {
            None => self.occupied,
            Some((piece, from)) => {
                Squares::from_bits(targets(piece, from).bits() & self.occupied.bits())
            }
        }
    }

    /// Whether the game is over: no legal removal is left.
    #[inline]
    pub const fn is_over(&self) -> bool {
        self.legal().is_empty()
    }

    /// Checks a removal against the rules.
    pub fn check(&self, square: Square) -> Result<(), Illegal> {
        if !self.occupied().contains(square) {
            return Err(Illegal::Empty(square));
        }
        if let Some((piece, from)) = self.last {
            if from == square {
                return Err(Illegal::SameSquare(square));
            }
            if !targets(piece, from).contains(square) {
                return Err(Illegal::Unreachable {
                    piece,
                    from,
                    to: square,
                });
            }
        }
        Ok(())
    }

    /// Removes the piece on a square, which must be legal; returns the points it brought.
    /// What shows there afterwards is [`Game::piece`].
    pub fn play(&mut self, square: Square) -> Result<u32, Illegal> {
        self.check(square)?;
        Ok(self.play_unchecked(square))
    }

    /// [`Game::play`] for a square known to be in [`Game::legal`] (the search's fast path).
    #[inline]
    pub fn play_unchecked(&mut self, square: Square) -> u32 {
        let i = square.index();
        let level = self.levels[i];
        debug_assert!(level < 3, "removal from an empty square");
        let piece = self.layers[i][usize::from(level)];
        self.levels[i] = level + 1;
        let removed = &mut self.by_type[piece.index()];
        *removed = removed.without(square);
        if level == 2 {
            self.occupied = self.occupied.without(square);
        } else {
            let shown = &mut self.by_type[self.layers[i][usize::from(level) + 1].index()];
            *shown = shown.with(square);
        }
        self.last = Some((piece, square));
        self.tally.push(piece)
    }

    /// The piece of a layer (0 bronze, 1 silver, 2 gold) of a square, shown or not.
    #[inline]
    pub fn layer(&self, square: Square, layer: usize) -> Piece {
        self.layers[square.index()][layer]
    }

    /// The type on a square if a removal were made there now.
    #[inline]
    pub fn piece_unchecked(&self, square: Square) -> Piece {
        let i = square.index();
        self.layers[i][usize::from(self.levels[i])]
    }

    /// Records the piece that now shows on a square (as the judge reports it).
    pub fn reveal(&mut self, square: Square, piece: Piece) {
        let i = square.index();
        if let Some(slot) = self.layers[i].get_mut(usize::from(self.levels[i])) {
            let hidden = &mut self.by_type[slot.index()];
            *hidden = hidden.without(square);
            *slot = piece;
            let shown = &mut self.by_type[piece.index()];
            *shown = shown.with(square);
        }
    }

    /// Fills every layer not yet shown (those under the pieces showing now) by `guess`,
    /// called with the square and the layer's index.
    pub fn fill_hidden(&mut self, mut guess: impl FnMut(Square, usize) -> Piece) {
        for square in Square::all() {
            let i = square.index();
            for layer in usize::from(self.levels[i]) + 1..3 {
                self.layers[i][layer] = guess(square, layer);
            }
        }
    }
}

fn by_type(layers: &[[Piece; 3]; SQUARES], levels: &[u8; SQUARES]) -> [Squares; 8] {
    let mut by_type = [Squares::EMPTY; 8];
    for ((square, layers), &level) in Square::all().zip(layers).zip(levels) {
        if let Some(piece) = layers.get(usize::from(level)) {
            by_type[piece.index()] |= square.into();
        }
    }
    by_type
}

/// The board as the player sees it: a wire name a square, `.` for an empty one.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 1..=SIDE {
            let names: Vec<String> = (1..=SIDE)
                .filter_map(|col| Square::at(row, col))
                .map(|square| match self.piece(square) {
                    Some(piece) => piece.wire_name().to_string(),
                    None => ".".to_string(),
                })
                .collect();
            writeln!(f, "{}", names.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(row: u8, col: u8) -> Square {
        Square::at(row, col).unwrap()
    }

    #[test]
    fn a_square_empties_after_three_removals_and_moves_are_checked() {
        let mut game = Game::new(&Deal::uniform(Piece::One));
        let (a, b) = (sq(1, 1), sq(1, 2));
        assert_eq!(game.play(a), Ok(1));
        assert_eq!(game.colour(a), Some(Colour::Silver));
        assert_eq!(game.play(a), Err(Illegal::SameSquare(a)));
        assert_eq!(
            game.play(sq(3, 3)),
            Err(Illegal::Unreachable {
                piece: Piece::One,
                from: a,
                to: sq(3, 3)
            })
        );
        assert_eq!(game.play(b), Ok(1 + 4));
        assert_eq!(game.play(a), Ok(1 + 2));
        game.play(b).unwrap();
        game.play(a).unwrap();
        assert_eq!(game.piece(a), None);
        assert_eq!(game.removals_at(a), 3);
        game.play(b).unwrap();
        assert_eq!(game.play(a), Err(Illegal::Empty(a)));
        assert_eq!(game.score().total(), 18);
    }
}

#[cfg(test)]
mod proptests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever is removed, the per-type sets of squares agree with the pieces showing,
        /// and the legal squares hold pieces in reach of the last removal.
        #[test]
        fn the_type_sets_follow_the_pieces(
            layers in proptest::collection::vec(0usize..8, 108),
            choices in proptest::collection::vec(0usize..36, 0..120),
        ) {
            let mut deal = Deal::uniform(Piece::One);
            for (i, &p) in layers.iter().enumerate() {
                deal.layers[i / 3][i % 3] = Piece::ALL[p];
            }
            let mut game = Game::new(&deal);
            for choice in choices {
                let legal: Vec<Square> = game.legal().iter().collect();
                if legal.is_empty() {
                    break;
                }
                let square = legal[choice % legal.len()];
                prop_assert!(game.check(square).is_ok());
                game.play(square).unwrap();
                for piece in Piece::ALL {
                    for s in Square::all() {
                        prop_assert_eq!(game.showing(piece).contains(s), game.piece(s) == Some(piece));
                    }
                }
            }
        }
    }
}
