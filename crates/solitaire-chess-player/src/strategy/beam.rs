//! Beam search in a world where every piece is known: the best game found from a position
//! when only the `width` most promising positions of each depth are kept.
//!
//! The player uses it on sampled worlds (perfect-information Monte Carlo, [`BeamPimc`]):
//! each candidate removal is scored by the best game the beam finds after it in each world.

use solitaire_chess::{Game, Score};

use super::decision::{Choice, Decision, Search};

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

/// Perfect-information Monte Carlo with the beam: every candidate followed by a beam search
/// in each sampled world, the candidate with the best sum kept.
pub(crate) struct BeamPimc;

impl Search for BeamPimc {
    fn choose(&mut self, decision: &mut Decision<'_>) -> Option<Choice> {
        let candidates = decision.candidates;
        let width = decision.config.beam_width;
        let mut sums = vec![0u64; candidates.len()];
        let (mut beam, mut next) = (Vec::new(), Vec::new());
        let mut seen = 0u32;
        let moves_now = decision.game.score().moves;
        let mut best_moves = 0u64;
        while !decision.limits.is_spent(u64::from(seen)) {
            let world = decision.sample_world();
            for (sum, &square) in sums.iter_mut().zip(candidates) {
                let mut game = world;
                game.play_unchecked(square);
                let best = beam_search(game, width, &mut beam, &mut next);
                *sum += u64::from(best.total());
                best_moves += u64::from(best.moves - moves_now - 1);
            }
            seen += 1;
        }
        if seen == 0 {
            return None;
        }
        let searches = u64::from(seen) * candidates.len() as u64;
        let best = (0..candidates.len()).max_by_key(|&i| (sums[i], std::cmp::Reverse(i)))?;
        Some(Choice {
            square: candidates[best],
            moves_left: Some(best_moves as f64 / searches as f64),
        })
    }
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
