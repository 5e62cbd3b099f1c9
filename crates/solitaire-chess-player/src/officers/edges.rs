//! The 20 edge squares, the only squares a rook, a bishop or a queen sends the next removal
//! to, and where each officer removed from any square reaches among them.

use solitaire_chess::{Piece, SIDE, SQUARES, Square, targets};

/// The number of edge squares.
pub(crate) const EDGES: usize = 20;

/// The types an edge search knows, by their code 0..3.
pub(crate) const OFFICERS: [Piece; 3] = [Piece::Rook, Piece::Bishop, Piece::Queen];

/// `EDGE_SQUARE[e]`: the square index of edge square `e` (reading order).
pub(crate) const EDGE_SQUARE: [u8; EDGES] = {
    let mut table = [0u8; EDGES];
    let (mut square, mut e) = (0, 0);
    while square < SQUARES {
        let side = SIDE as usize;
        let (row, col) = (square / side, square % side);
        if row == 0 || row == side - 1 || col == 0 || col == side - 1 {
            table[e] = square as u8;
            e += 1;
        }
        square += 1;
    }
    table
};

/// `REACH[code][square]`: the edge squares (bit `e` for edge square `e`) that a piece of an
/// officer code removed from a square (any of the 36) sends the next removal to.
pub(crate) const REACH: [[u32; SQUARES]; 3] = {
    let mut edge_bits = 0u64;
    let mut e = 0;
    while e < EDGES {
        edge_bits |= 1 << EDGE_SQUARE[e];
        e += 1;
    }
    let mut table = [[0u32; SQUARES]; 3];
    let mut code = 0;
    while code < 3 {
        let mut square = 0;
        while square < SQUARES {
            let Some(from) = Square::from_index(square) else {
                panic!("a square index out of range")
            };
            let bits = targets(OFFICERS[code], from).bits();
            // What the whole module rests on: an officer only ever reaches an edge square.
            assert!(bits & !edge_bits == 0);
            let mut e = 0;
            while e < EDGES {
                if bits & (1 << EDGE_SQUARE[e]) != 0 {
                    table[code][square] |= 1 << e;
                }
                e += 1;
            }
            square += 1;
        }
        code += 1;
    }
    table
};

/// The most edge squares one removal can reach (a queen on an inner square: four along its
/// row and column, four along its diagonals).
pub(crate) const MAX_REACH: usize = 8;

/// The code 0..3 of an officer type, `None` for any other.
pub(crate) fn code(piece: Piece) -> Option<u8> {
    OFFICERS.iter().position(|&p| p == piece).map(|i| i as u8)
}
