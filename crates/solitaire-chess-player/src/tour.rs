//! Boards of a single type, on which nothing is hidden: the longest game, found in advance.

use solitaire_chess::{Game, Square};

use crate::limits::Limits;

/// Search nodes for each piece of the deal and each world a move of a work limit: the tour's
/// work limit is the player's worlds a move times this times the pieces.
pub(crate) const TOUR_NODES_PER_WORLD_AND_PIECE: u64 = 2_000;

/// The longest game (by score) from a position in which nothing is hidden, by a depth-first
/// search in Warnsdorff's order, within limits (in nodes). Returns the removals.
pub fn longest_game(game: &Game, limits: Limits) -> Vec<Square> {
    struct Search {
        nodes: u64,
        limits: Limits,
        path: Vec<Square>,
        best: Vec<Square>,
        best_score: u32,
        stop: bool,
    }
    impl Search {
        fn visit(&mut self, game: &Game) {
            self.nodes += 1;
            if self.limits.is_spent(self.nodes) {
                self.stop = true;
            }
            let score = game.score().total();
            if score > self.best_score {
                self.best_score = score;
                self.best.clone_from(&self.path);
            }
            if game.occupied().is_empty() {
                // Every piece removed: nothing longer exists.
                self.stop = true;
            }
            let mut children: Vec<(u32, u8, Square, Game)> = game
                .legal()
                .iter()
                .map(|square| {
                    let mut next = *game;
                    next.play_unchecked(square);
                    let onward = next.legal().len();
                    (onward, 3 - game.removals_at(square), square, next)
                })
                .collect();
            // Fewest onward moves first; a dead end only when nothing else is left.
            children.sort_by_key(|&(onward, left, square, _)| (onward == 0, onward, left, square));
            for (_, _, square, next) in children {
                if self.stop {
                    return;
                }
                self.path.push(square);
                self.visit(&next);
                self.path.pop();
            }
        }
    }
    let mut search = Search {
        nodes: 0,
        limits: limits.clock_every(4096),
        path: Vec::new(),
        best: Vec::new(),
        best_score: game.score().total(),
        stop: false,
    };
    search.visit(game);
    search.best
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_chess::{Deal, PIECES, Piece};

    #[test]
    fn the_single_type_search_finds_full_tours() {
        for piece in [Piece::Knight, Piece::One] {
            let game = Game::new(&Deal::uniform(piece));
            let tour = longest_game(&game, Limits::work(1_000_000));
            assert_eq!(tour.len(), PIECES, "{piece}");
        }
    }
}
