//! The player: the game as far as it can see it, and the time it gives each removal.
//!
//! Only the pieces showing are known; every hidden one is, as far as the player can tell,
//! uniform over the types on the starting board. On a board of a single type nothing is
//! hidden, and the player plans a whole game in advance ([`longest_game`](crate::tour::longest_game)); elsewhere
//! it asks its [`Strategy`] for each removal, within the limits of the move.

use std::time::Instant;

use solitaire_chess::{Deal, Game, PIECES, Piece, SQUARES, Square, Squares};

use crate::config::{Budget, Config, Strategy};
use crate::limits::Limits;
use crate::policy::Policy;
use crate::rng::Rng;
use crate::strategy::{Decision, Exact, Rollouts, Search};
use crate::threads::Threads;
use crate::tour::{TOUR_NODES_PER_WORLD_AND_PIECE, longest_game};

/// Why the player cannot take a reply from the judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Surprise {
    /// A piece was reported on a square that a gold removal emptied.
    #[error("a piece ({0}) was reported on a square that should now be empty")]
    PieceOnEmpty(Piece),
    /// `blank` was reported after removing a bronze or silver piece.
    #[error("`blank` was reported, but only a gold removal empties a square")]
    BlankTooEarly,
}

/// The player: the game as far as it can see it, and its search.
#[derive(Clone, Debug)]
pub struct Player {
    game: Game,
    /// The types that may show up: those on the starting board.
    types: Vec<Piece>,
    config: Config,
    /// The rollout policy in use.
    policy: Policy,
    rng: Rng,
    start: Instant,
    threads: Threads,
    /// The rest of a game found in advance (single-type boards), last move first.
    plan: Vec<Square>,
    /// The removals likely left after the last search's move, as it saw them.
    moves_left: Option<f64>,
    /// The rollouts, which keep their move averages from move to move.
    rollouts: Rollouts,
}

/// The share of the time budget the player plans to use (the rest is the margin for the
/// process, the pipes and a loaded machine).
const TIME_SHARE: f64 = 0.9;

impl Player {
    /// A player for a starting board; the clock starts now.
    pub fn new(board: &[Piece; SQUARES], config: Config) -> Player {
        let mut types: Vec<Piece> = board.to_vec();
        types.sort();
        types.dedup();
        let deal = Deal {
            layers: board.map(|p| [p; 3]),
        };
        let mut player = Player {
            game: Game::new(&deal),
            policy: Policy::for_types(&types),
            types,
            config,
            rng: Rng::new(config.seed),
            start: Instant::now(),
            threads: Threads::new(usize::from(config.threads)),
            plan: Vec::new(),
            moves_left: None,
            rollouts: Rollouts::new(),
        };
        if player.types.len() == 1 {
            // Nothing is hidden: every layer holds the one type.
            let game_limits = player.game_limits();
            let nodes = game_limits
                .work_limit()
                .saturating_mul(TOUR_NODES_PER_WORLD_AND_PIECE * PIECES as u64);
            let limits = game_limits.share(player.start, 0.8).with_work(nodes);
            let mut path = longest_game(&player.game, limits);
            path.reverse();
            player.plan = path;
        }
        player
    }

    /// The game as the player sees it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The types the player expects under the pieces showing.
    pub fn types(&self) -> &[Piece] {
        &self.types
    }

    /// The limits of the whole game: the share of the time budget the player plans to use,
    /// or the sampled worlds a candidate of a move.
    fn game_limits(&self) -> Limits {
        match self.config.budget {
            Budget::Time(total) => {
                Limits::new(Some(self.start + total.mul_f64(TIME_SHARE)), u64::MAX)
            }
            Budget::Worlds(worlds) => Limits::work(u64::from(worlds)),
        }
    }

    /// The next square to remove from, or `None` to stop (only when nothing is legal).
    pub fn choose(&mut self) -> Option<Square> {
        let legal = self.game.legal();
        if let Some(&square) = self.plan.last() {
            if legal.contains(square) {
                return Some(square);
            }
            self.plan.clear();
        }
        match legal.len() {
            0 => None,
            1 => legal.iter().next(),
            _ => Some(self.search(legal)),
        }
    }

    /// Records the removal of `square` and what the judge reported there (`None` for
    /// `blank`).
    pub fn observe(&mut self, square: Square, shown: Option<Piece>) -> Result<(), Surprise> {
        if self.plan.last() == Some(&square) {
            self.plan.pop();
        }
        self.game.play_unchecked(square);
        match (self.game.piece(square), shown) {
            (Some(_), Some(piece)) => {
                self.game.reveal(square, piece);
                if !self.types.contains(&piece) {
                    self.types.push(piece);
                    self.plan.clear();
                }
                Ok(())
            }
            (None, None) => Ok(()),
            (None, Some(piece)) => Err(Surprise::PieceOnEmpty(piece)),
            (Some(_), None) => Err(Surprise::BlankTooEarly),
        }
    }

    /// The limits of this move: its share of the time left, by the moves likely left.
    fn move_limits(&self) -> Limits {
        // The rollouts of the last search tell how long the game is likely to go on (a
        // third of the pieces left before the first search); early moves get a little more.
        let moves_left = match self.moves_left {
            Some(moves) => moves * 0.8,
            None => {
                let pieces_left: u32 = Square::all()
                    .map(|s| 3 - u32::from(self.game.removals_at(s)))
                    .sum();
                f64::from(pieces_left) / 3.0
            }
        }
        .max(4.0);
        self.game_limits().share(Instant::now(), moves_left.recip())
    }

    /// The removal the strategy picks among the legal ones (at least two).
    fn search(&mut self, legal: Squares) -> Square {
        let candidates: Vec<Square> = legal.iter().collect();
        let limits = self.move_limits();
        let strategy = match self.config.strategy {
            Strategy::Auto => Strategy::for_types(&self.types),
            strategy => strategy,
        };
        let mut decision = Decision {
            game: &self.game,
            types: &self.types,
            policy: &self.policy,
            rng: &mut self.rng,
            threads: &self.threads,
            candidates: &candidates,
            limits,
        };
        let found = match strategy {
            Strategy::Auto | Strategy::Rollouts => self.rollouts.choose(&mut decision),
            Strategy::Exact => Exact.choose(&mut decision),
        };
        match found {
            Some(choice) => {
                if let Some(moves_left) = choice.moves_left {
                    self.moves_left = Some(moves_left);
                }
                choice.square
            }
            None => decision.policy_choice(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::self_play;
    use solitaire_chess::contest::GROUPS;

    #[test]
    fn threads_share_the_work_and_the_game_stays_the_same() {
        let deal = GROUPS[5].deal(2);
        let play = |threads| {
            self_play(
                &deal,
                Config {
                    budget: Budget::Worlds(6),
                    threads,
                    ..Config::default()
                },
            )
        };
        let two = play(2);
        assert!(two.verdict.scores());
        assert_eq!(play(2).moves, two.moves);
        assert!(play(3).verdict.scores());
    }

    /// The points of the policy alone (no noise, no search) on a deal, every piece known.
    fn policy_alone(deal: &Deal) -> u32 {
        let mut game = Game::new(deal);
        let mut types: Vec<Piece> = deal.bronze().to_vec();
        types.sort();
        types.dedup();
        let policy = Policy {
            noise: 0.0,
            ..Policy::for_types(&types)
        };
        let mut rng = Rng::new(1);
        while let Some(square) = policy.choose(&game, &mut rng) {
            game.play_unchecked(square);
        }
        game.score().total()
    }

    #[test]
    fn every_strategy_plays_legal_games_and_search_beats_the_policy_alone() {
        let play = |group: usize, strategy, worlds| {
            self_play(
                &GROUPS[group - 1].deal(3),
                Config {
                    budget: Budget::Worlds(worlds),
                    strategy,
                    ..Config::default()
                },
            )
        };
        for strategy in [Strategy::Rollouts, Strategy::Exact] {
            let outcome = play(5, strategy, 8);
            assert!(outcome.verdict.scores(), "{strategy:?}");
            assert!(outcome.points() > 0);
        }
        // Where moves are few (rooks, bishops, queens), the policy alone runs into dead ends
        // that even a little search sees coming.
        let alone = policy_alone(&GROUPS[3].deal(3));
        assert!(play(4, Strategy::Rollouts, 16).points() > alone);
        assert!(play(4, Strategy::Exact, 2).points() > alone);
    }

    #[test]
    fn a_type_not_on_the_starting_board_is_taken_in_stride() {
        // A knights-only board makes a plan; when the judge shows a rook instead, the player
        // drops the plan, expects rooks from then on, and still plays only legal moves.
        let deal = Deal::uniform(Piece::Knight);
        let config = Config {
            budget: Budget::Worlds(2),
            ..Config::default()
        };
        let mut player = Player::new(&deal.bronze(), config);
        let mut judge = Game::new(&deal);
        let first = player.choose().unwrap();
        judge.play(first).unwrap();
        judge.reveal(first, Piece::Rook);
        player.observe(first, Some(Piece::Rook)).unwrap();
        assert!(player.types().contains(&Piece::Rook));
        for _ in 0..30 {
            let Some(square) = player.choose() else { break };
            assert!(judge.check(square).is_ok(), "{square}");
            judge.play(square).unwrap();
            player.observe(square, judge.piece(square)).unwrap();
        }
        assert!(judge.score().moves > 10);
    }
}
