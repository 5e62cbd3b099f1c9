//! Beam search in a world where every piece is known: the best game found from a position
//! when only the `width` most promising positions of each depth are kept.
//!
//! The player uses it on sampled worlds (perfect-information Monte Carlo): each candidate
//! removal is scored by the best game the beam finds after it in each world.

use solitaire_chess::Game;
use solitaire_chess::Score;

/// Keeps the best `width` games of each depth, ranked by score and then by the moves left
/// open; returns the best score seen. `beam` and `next` are scratch space.
pub fn beam_search(
    start: Game,
    width: usize,
    beam: &mut Vec<Game>,
    next: &mut Vec<(u32, Game)>,
) -> Score {
    beam.clear();
    beam.push(start);
    let mut best = start.score();
    while !beam.is_empty() {
        next.clear();
        for game in beam.iter() {
            for square in game.legal().iter() {
                let mut child = *game;
                child.play_unchecked(square);
                let total = child.score().total();
                if total > best.total() {
                    best = child.score();
                }
                let open = child.legal().len();
                if open > 0 {
                    // Ties in score go to the game with more ways on.
                    next.push((total * 16 + open.min(15), child));
                }
            }
        }
        // The best `width` distinct positions (the same removals in another order lead to
        // the same position, and would crowd the beam).
        next.sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
        beam.clear();
        let mut kept: Vec<(u128, u32)> = Vec::with_capacity(width);
        for &(_, game) in next.iter() {
            if beam.len() == width {
                break;
            }
            let fingerprint = game.fingerprint();
            if !kept.contains(&fingerprint) {
                kept.push(fingerprint);
                beam.push(game);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_chess::{Deal, Piece};

    #[test]
    fn a_knight_board_is_searched_far() {
        // On a board of knights only every removal continues a run: the beam finds long games.
        let game = Game::new(&Deal::uniform(Piece::Knight));
        let best = beam_search(game, 8, &mut Vec::new(), &mut Vec::new()).total();
        assert!(best >= 3 * 50, "{best}");
        assert_eq!(best % 3, 0);
    }
}
