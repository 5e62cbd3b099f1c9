//! Building an opening book: the player's replies in a game's first plies, each found by a
//! long search, or taken from game records where they won (`hex opening-book`).

use super::book::{Followed, Line, Met, OpeningBook, replay};
use super::{Config, Player, Reuse};
use crate::game::{Cell, Move};

/// What to answer: the plies, and the records to follow, if any.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// The board's side.
    pub size: u8,
    /// Plies to answer (3: Black's first two moves and White's first).
    pub plies: usize,
    /// The records to follow instead of every move (none: every move).
    pub games: Vec<Followed>,
    /// Answer a position only if at least this many records reach it.
    pub min_games: usize,
    /// Where the records played a move that won more games than it lost, take the one with
    /// the most wins over losses instead of searching.
    pub by_results: bool,
}

/// Why a book could not be built: its opening book or a line of it cannot be read, or the
/// search has no move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BuildError(pub String);

/// What the building tells as it goes.
#[derive(Debug)]
pub enum Step<'a> {
    /// A ply begins, with this many positions to answer.
    Ply {
        /// The ply (0 for the empty board).
        ply: usize,
        /// The positions to answer in it.
        positions: usize,
    },
    /// A line was added to the book.
    Added(&'a Line),
}

impl OpeningBook {
    /// Answers the positions of `plan` that the book does not answer yet, each with a search
    /// by a player of `config` (a fresh tree each time), telling `each` every step; an error
    /// of `each` (a line that cannot be saved) stops it. The lines added.
    pub fn build<E: From<BuildError>>(
        &mut self,
        plan: &Plan,
        config: &Config,
        mut each: impl FnMut(Step) -> Result<(), E>,
    ) -> Result<usize, E> {
        let config = Config {
            reuse: Reuse::Off,
            opening_book: false,
            ..config.clone()
        };
        let mut player = Player::new(config).map_err(|e| BuildError(e.to_string()))?;
        let mut added = 0;
        for ply in 0..plan.plies {
            // Each position with the moves the records played there (none without records).
            let todo: Vec<Met> = if plan.games.is_empty() {
                (self.unanswered(plan.size, ply).into_iter())
                    .map(|moves| Met {
                        moves,
                        games: 0,
                        played: Vec::new(),
                    })
                    .collect()
            } else {
                self.unanswered_in(plan.size, &plan.games, ply, plan.min_games)
            };
            each(Step::Ply {
                ply,
                positions: todo.len(),
            })?;
            for Met { moves, played, .. } in todo {
                let by_results = plan.by_results.then(|| proven_move(&played)).flatten();
                let (reply, win_rate, playouts) = match by_results {
                    Some((reply, share)) => (reply, share, 0),
                    None => {
                        let game = replay(plan.size, &moves).ok_or_else(|| {
                            BuildError("a book's line is not a legal game".into())
                        })?;
                        let found = (player.analyse(&game, game.to_move()))
                            .map_err(|e| BuildError(e.to_string()))?;
                        let Move::Play(reply) = found.best else {
                            let why = format!("the search answered {} to a position", found.best);
                            return Err(BuildError(why).into());
                        };
                        (reply, found.win_rate, found.playouts)
                    }
                };
                let line = Line {
                    size: plan.size,
                    moves,
                    reply,
                    win_rate,
                    playouts,
                };
                each(Step::Added(&line))?;
                self.insert(line);
                added += 1;
            }
        }
        Ok(added)
    }
}

/// Of the moves the records played in a position (each with its games and wins), the one
/// with the most wins over losses, if it won more games than it lost, with its share of
/// wins.
fn proven_move(played: &[(Cell, usize, usize)]) -> Option<(Cell, f64)> {
    let net = |&(_, games, wins): &(Cell, usize, usize)| 2 * wins as i64 - games as i64;
    let best = played.iter().max_by_key(|entry| net(entry))?;
    (net(best) > 0).then(|| (best.0, best.2 as f64 / best.1 as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proven_move_won_more_than_it_lost_and_most_over_its_losses() {
        let p = |name| Cell::parse(name, 5).unwrap();
        // 7 of 11 (+3) beats 1 of 1 (+1) and 3 of 13.
        let played = [(p("a1"), 13, 3), (p("b2"), 1, 1), (p("c3"), 11, 7)];
        assert_eq!(proven_move(&played), Some((p("c3"), 7.0 / 11.0)));
        // Half the games won is not enough.
        assert_eq!(proven_move(&[(p("a1"), 4, 2), (p("b2"), 3, 0)]), None);
        assert_eq!(proven_move(&[]), None);
    }
}
