//! Self-play: the engine plays both sides of a game, from the empty board or from a few
//! random stones, for records to train the player's priors on: each move with what the
//! search that chose it said (the root's visits of every move searched, the mover's value of
//! the move played). Game `number` seeds its searches (and its random stones) with the run's
//! seed plus `number`, so that with a fixed number of playouts and one thread each game is
//! the same whichever job (or machine) plays it.

use crate::game::{Color, Game, IllegalMove, MAX_BOARD, Move};
use crate::player::search::Rng;
use crate::player::{Config, Player, PlayerError};
use crate::sgf::{Record, Searched};

/// The name the records give both players.
pub const PLAYER: &str = "boardgames";

/// Why a self-play game cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum SelfPlayError {
    /// The board's size is not 1 to 19.
    #[error("a board size 1 to {MAX_BOARD}, not {0}")]
    Size(u8),
    /// A random stone could not be set up.
    #[error("setting up the opening: {0}")]
    Setup(#[from] IllegalMove),
    /// The player cannot be made (its book, say).
    #[error(transparent)]
    Player(#[from] PlayerError),
}

/// A self-play run's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlay {
    /// The board's side.
    pub size: u8,
    /// Random stones set up before the first move, Black's first and then in turn (none: the
    /// empty board), so that the games start from many openings and the records hold only
    /// the engine's own moves.
    pub stones: u8,
    /// The player of both sides; its seed is the run's.
    pub config: Config,
}

impl SelfPlay {
    /// Plays game `number` (from 1) to its end: the record, with the winner as its result.
    /// An error when the size is not 1..=19 or the player's book cannot be read.
    pub fn play(&self, number: u32) -> Result<Record, SelfPlayError> {
        let mut game = Game::new(self.size).ok_or(SelfPlayError::Size(self.size))?;
        let config = Config {
            seed: self.config.seed.wrapping_add(u64::from(number)),
            ..self.config.clone()
        };
        let mut opening = Rng::new(config.seed);
        for i in 0..self.stones {
            let empty: Vec<_> = game.empty_points().collect();
            if empty.is_empty() || game.winner().is_some() {
                break;
            }
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            game.setup(color, empty[opening.below(empty.len())])?;
        }
        let mut player = Player::new(config)?;
        let mut searched = Vec::new();
        let winner = loop {
            if let Some(winner) = game.winner() {
                break winner;
            }
            let color = game.to_move();
            let played = (player.choose(&game, color).ok())
                .filter(|&mv| mv != Move::Resign && game.play(color, mv).is_ok());
            let Some(mv) = played else {
                break color.opponent();
            };
            searched.push(player.last_search().map(|analysis| {
                let mut visits: Vec<_> = (analysis.values.iter())
                    .filter(|&&(_, n, _)| n > 0)
                    .map(|&(at, n, _)| (at, n))
                    .collect();
                visits.sort_by_key(|&(at, n)| (std::cmp::Reverse(n), at.row, at.col));
                let value = (analysis.values.iter())
                    .find(|&&(at, _, _)| Move::Play(at) == mv)
                    .map(|&(_, _, rate)| (rate.clamp(0.0, 1.0) * 1000.0).round() as u16);
                Searched { visits, value }
            }));
        };
        let mut record = Record::of(&game);
        if searched.iter().any(Option::is_some) {
            record.searched = searched;
        }
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
            stones: 0,
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
        assert_eq!(run(8).play(2).unwrap(), record);
        assert_eq!(run(7).play(3).unwrap(), record);
    }

    #[test]
    fn a_game_from_random_stones_keeps_what_each_search_said() {
        let run = SelfPlay {
            size: 5,
            stones: 2,
            ..run(3)
        };
        let record = run.play(1).unwrap();
        assert_eq!(record.setup.len(), 2);
        assert_eq!(
            record.setup.iter().map(|&(c, _)| c).collect::<Vec<_>>(),
            [Color::Black, Color::White]
        );
        // Black moves first after the two stones.
        assert_eq!(record.moves[0].0, Color::Black);
        assert_eq!(record.searched.len(), record.moves.len());
        let searched: Vec<&Searched> = record.searched.iter().flatten().collect();
        assert!(!searched.is_empty(), "{record:?}");
        for (i, (_, mv)) in record.moves.iter().enumerate() {
            let Some(s) = &record.searched[i] else {
                continue;
            };
            // The visits are the search's (its 200 playouts and those of the subtree kept from
            // the move before), most first, each of a cell empty before the move.
            assert!(s.visits.iter().map(|&(_, n)| n).sum::<u64>() > 0, "{s:?}");
            assert!(s.visits.windows(2).all(|w| w[0].1 >= w[1].1), "{s:?}");
            let before = record.game_at(i).unwrap();
            assert!(
                s.visits.iter().all(|&(at, _)| before.get(at).is_none()),
                "{s:?}"
            );
            assert!(matches!(mv, Move::Play(_)));
        }
        // The record reads back with them, and another run plays the same game.
        assert_eq!(crate::sgf::parse(&record.to_string()).unwrap(), record);
        assert_eq!(run.play(1).unwrap(), record);
        assert_ne!(run.play(2).unwrap().setup, record.setup);
    }
}
