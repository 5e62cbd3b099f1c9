//! Hints for a person's game: the player's choice in the game so far.

use solitaire_chess::human::Advisor;
use solitaire_chess::{Piece, SQUARES, Square};

use crate::{Budget, Config, Player};

/// Hints from the player, which replays the game so far as it saw it, on one thread at a
/// fixed amount of work (sampled worlds for each candidate), so that a hint is the same
/// every time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hints {
    /// Sampled worlds for each candidate removal.
    pub worlds: u32,
}

impl Advisor for Hints {
    fn advise(
        &mut self,
        start: &[Piece; SQUARES],
        moves: &[(Square, Option<Piece>)],
    ) -> Option<Square> {
        let config = Config {
            budget: Budget::Worlds(self.worlds),
            threads: 1,
            ..Config::default()
        };
        let mut player = Player::new(start, config);
        for &(square, shown) in moves {
            player.observe(square, shown).ok()?;
        }
        player.choose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_chess::{Deal, Referee};

    #[test]
    fn a_hint_is_a_legal_removal_and_the_same_every_time() {
        let deal = Deal::uniform(Piece::Rook);
        let mut referee = Referee::new(&deal);
        let first = Square::at(3, 3).unwrap();
        let shown = referee.play(first).unwrap();
        let mut hints = Hints { worlds: 2 };
        let hint = hints.advise(&deal.bronze(), &[(first, shown)]).unwrap();
        assert!(referee.game().legal().contains(hint), "{hint}");
        assert_eq!(hints.advise(&deal.bronze(), &[(first, shown)]), Some(hint));
    }
}
