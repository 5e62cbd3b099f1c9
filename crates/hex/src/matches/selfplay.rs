//! Self-play: the engine plays both sides of a game from the empty board, for records to
//! train the player's priors on. Game `number` seeds its searches with the run's seed plus
//! `number`, so that with a fixed number of playouts and one thread each game is the same
//! whichever job (or machine) plays it.

use crate::game::{Game, Move};
use crate::player::{Config, Player};
use crate::sgf::Record;

/// The name the records give both players.
pub const PLAYER: &str = "boardgames";

/// A self-play run's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlay {
    /// The board's side.
    pub size: u8,
    /// The player of both sides; its seed is the run's.
    pub config: Config,
}

impl SelfPlay {
    /// Plays game `number` (from 1) to its end: the record, with the winner as its result.
    /// An error when the size is not 1..=19 or the player's book cannot be read.
    pub fn play(&self, number: u32) -> Result<Record, String> {
        let mut game = Game::new(self.size)
            .ok_or_else(|| format!("a board size 1 to 19, not {}", self.size))?;
        let config = Config {
            seed: self.config.seed.wrapping_add(u64::from(number)),
            ..self.config.clone()
        };
        let mut player = Player::new(config)?;
        let winner = loop {
            if let Some(winner) = game.winner() {
                break winner;
            }
            let color = game.to_move();
            let played = (player.choose(&game, color).ok())
                .filter(|&mv| mv != Move::Resign && game.play(color, mv).is_ok());
            if played.is_none() {
                break color.opponent();
            }
        };
        let mut record = Record::of(&game);
        record.black = Some(PLAYER.into());
        record.white = Some(PLAYER.into());
        let resigned = game.winner().is_none();
        record.result = Some(format!(
            "{}+{}",
            winner.letter(),
            if resigned { "Resign" } else { "" }
        ));
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Color;

    fn run(seed: u64) -> SelfPlay {
        let mut config = Config::default();
        for (name, value) in [("playouts", "200"), ("threads", "1")] {
            config.set(name, value).unwrap();
        }
        SelfPlay {
            size: 4,
            config: Config { seed, ..config },
        }
    }

    #[test]
    fn a_game_is_played_to_its_end_the_same_every_time() {
        let record = run(7).play(3).unwrap();
        let game = record.game_at(usize::MAX).unwrap();
        let winner = game.winner().expect("the game is played out");
        assert_eq!(record.result, Some(format!("{}+", winner.letter())));
        assert_eq!(record.black.as_deref(), Some(PLAYER));
        // The moves alternate from Black.
        for (i, (color, _)) in record.moves.iter().enumerate() {
            assert_eq!(
                *color,
                if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                }
            );
        }
        // Game 3 of seed 7 is game 2 of seed 8: the number only moves the seed.
        assert_eq!(run(8).play(2), Ok(record.clone()));
        assert_eq!(run(7).play(3), Ok(record));
    }
}
