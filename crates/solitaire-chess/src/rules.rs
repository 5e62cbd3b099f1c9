//! Where each type lets the next removal be.
use crate::board::{Piece, SIDE, SQUARES, Square, Squares};

/// Whether `to` may be removed right after a piece of type `piece` was removed from `from`,
/// as the problem's table says it. Empty squares are not considered here.
const fn reaches(piece: Piece, from: usize, to: usize) -> bool {
    let side = SIDE as i32;
    let (r, c) = ((from as i32) / side, (from as i32) % side);
    let (r2, c2) = ((to as i32) / side, (to as i32) % side);
    let (dr, dc) = ((r2 - r).abs(), (c2 - c).abs());
    if dr == 0 && dc == 0 {
        return false;
    }
    let row_edge = r2 == 0 || r2 == side - 1;
    let col_edge = c2 == 0 || c2 == side - 1;
    let rook = (dc == 0 && row_edge) || (dr == 0 && col_edge);
    let bishop = dr == dc && (row_edge || col_edge);
    match piece {
        Piece::One | Piece::Two | Piece::Three | Piece::Four => {
            let k = piece as i32 + 1;
            (dr == k && dc == 0) || (dr == 0 && dc == k) || (dr == k && dc == k)
        }
        Piece::Rook => rook,
        Piece::Bishop => bishop,
        Piece::Queen => rook || bishop,
        Piece::Knight => (dr == 2 && dc == 1) || (dr == 1 && dc == 2),
    }
}

/// `TARGETS[type][square]`: the squares the next removal may come from, computed once.
const TARGETS: [[u64; SQUARES]; 8] = {
    let mut table = [[0u64; SQUARES]; 8];
    let mut p = 0;
    while p < 8 {
        let mut from = 0;
        while from < SQUARES {
            let mut to = 0;
            while to < SQUARES {
                if reaches(Piece::ALL[p], from, to) {
                    table[p][from] |= 1 << to;
                }
                to += 1;
            }
            from += 1;
        }
        p += 1;
    }
    table
};

/// The squares from which the next piece may be removed after a piece of type `piece` was
/// removed from `from` (whether or not they still hold a piece).
#[inline]
pub const fn targets(piece: Piece, from: Square) -> Squares {
    Squares::from_bits(TARGETS[piece as usize][from.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(row: u8, col: u8) -> Square {
        Square::at(row, col).unwrap()
    }

    fn listed(set: Squares) -> Vec<(u8, u8)> {
        set.iter().map(|s| (s.row(), s.col())).collect()
    }

    #[test]
    fn the_texts_example_queen_reaches_edges_only() {
        let from = sq(6, 6);
        let reach = targets(Piece::Queen, from);
        assert!(reach.contains(sq(6, 1)));
        assert!(reach.contains(sq(1, 6)));
        assert!(reach.contains(sq(1, 1)));
        assert!(!reach.contains(sq(4, 1)));
        assert!(!reach.contains(sq(5, 6)));
        assert_eq!(listed(reach), [(1, 1), (1, 6), (6, 1)]);
    }

    #[test]
    fn rook_and_bishop_from_an_inner_square() {
        assert_eq!(
            listed(targets(Piece::Rook, sq(3, 4))),
            [(1, 4), (3, 1), (3, 6), (6, 4)]
        );
        assert_eq!(
            listed(targets(Piece::Bishop, sq(3, 4))),
            [(1, 2), (1, 6), (5, 6), (6, 1)]
        );
        let queen = targets(Piece::Queen, sq(3, 4));
        assert_eq!(
            queen,
            targets(Piece::Rook, sq(3, 4)) | targets(Piece::Bishop, sq(3, 4))
        );
    }

    #[test]
    fn digits_step_exactly_k_straight_or_diagonally() {
        assert_eq!(
            listed(targets(Piece::One, sq(1, 1))),
            [(1, 2), (2, 1), (2, 2)]
        );
        assert_eq!(
            listed(targets(Piece::Three, sq(3, 3))),
            [(3, 6), (6, 3), (6, 6)]
        );
        assert_eq!(
            listed(targets(Piece::Four, sq(2, 2))),
            [(2, 6), (6, 2), (6, 6)]
        );
        assert_eq!(targets(Piece::Two, sq(3, 3)).len(), 8);
    }

    #[test]
    fn knight_moves() {
        assert_eq!(listed(targets(Piece::Knight, sq(1, 1))), [(2, 3), (3, 2)]);
        assert_eq!(targets(Piece::Knight, sq(3, 3)).len(), 8);
    }

    #[test]
    fn no_type_reaches_its_own_square_and_reach_is_symmetric_for_steps() {
        for piece in Piece::ALL {
            for from in Square::all() {
                assert!(!targets(piece, from).contains(from));
                if !matches!(piece, Piece::Rook | Piece::Bishop | Piece::Queen) {
                    for to in targets(piece, from).iter() {
                        assert!(targets(piece, to).contains(from));
                    }
                }
            }
        }
    }
}
