//! The player: what to remove next when the pieces under the ones showing are unknown.
//!
//! Only the pieces showing are known; every hidden one is, as far as the player can tell,
//! uniform over the types on the starting board. The search:
//! - with a single type on the board there is nothing unknown, and a depth-first search
//!   ordered by Warnsdorff's rule (fewest onward moves first) looks for the longest game;
//! - otherwise it samples *worlds* (every hidden piece drawn at random), plays each legal
//!   removal followed by a rollout of the one-ply [`Policy`] in the same worlds, and keeps the
//!   removal with the best mean score.

use std::time::{Duration, Instant};

use crate::board::{Kind, Piece, Square, Squares};
use crate::rules::{Game, targets};

/// A small, fast random number generator (xorshift64*), seeded for reproducible games.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        // SplitMix64 of the seed, so that nearby seeds give unrelated streams.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }
}

/// The one-ply policy: the points a removal brings at once, plus a few hints about what it
/// leaves open. Used by the rollouts and, without noise, as the fallback when time is short.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// Worth of being able to continue the run with the next removal.
    pub run: f32,
    /// Worth of being able to continue a set, by the number of its pieces already removed.
    pub set: [f32; 4],
    /// Worth of each onward move left (up to four).
    pub mobility: f32,
    /// Cost of a removal after which nothing is legal.
    pub dead_end: f32,
    /// Random noise added to each value, up to this much.
    pub noise: f32,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            run: 1.5,
            set: [0.0, 0.5, 1.5, 3.0],
            mobility: 0.3,
            dead_end: 20.0,
            noise: 1.0,
        }
    }
}

impl Policy {
    /// The policy's value of removing the piece on `square` (a legal square).
    #[inline]
    pub fn value(&self, game: &Game, square: Square) -> f32 {
        let piece = game.piece_unchecked(square);
        let mut tally = *game.tally();
        let gain = tally.push(piece) as f32;
        let reach = targets(piece, square).0 & game.occupied().0;
        if reach == 0 {
            return gain - self.dead_end;
        }
        let mut value = gain + self.mobility * reach.count_ones().min(4) as f32;
        if reach & game.showing(piece).0 != 0 {
            value += self.run;
        }
        let pending = tally.pending();
        if let Some(needed) = set_needs(pending) {
            let mut wanted = 0;
            for p in needed {
                wanted |= game.showing(p).0;
            }
            if reach & wanted != 0 {
                value += self.set[pending.len()];
            }
        }
        value
    }

    /// The policy's choice among the legal removals, or `None` when there is none.
    pub fn choose(&self, game: &Game, rng: &mut Rng) -> Option<Square> {
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        for square in game.legal().iter() {
            let mut value = self.value(game, square);
            if self.noise > 0.0 {
                value += self.noise * (rng.below(1 << 16) as f32 / 65536.0);
            }
            if value > best_value {
                best_value = value;
                best = Some(square);
            }
        }
        best
    }

    /// Plays the policy to the end of the game and returns the final score.
    pub fn rollout(&self, mut game: Game, rng: &mut Rng) -> u32 {
        while let Some(square) = self.choose(&game, rng) {
            game.play_unchecked(square);
        }
        game.score().total()
    }
}

/// The types that would complete the set the pending removals have started, if they can
/// still become one (distinct types of one kind).
fn set_needs(pending: &[Piece]) -> Option<impl Iterator<Item = Piece> + '_> {
    let first = pending.first()?;
    let kind = first.kind();
    let mut seen = 0u8;
    for p in pending {
        if p.kind() != kind || seen & (1 << p.index()) != 0 {
            return None;
        }
        seen |= 1 << p.index();
    }
    let range = if kind == Kind::Digit { 0..4 } else { 4..8 };
    Some(
        Piece::ALL[range]
            .iter()
            .copied()
            .filter(move |p| seen & (1 << p.index()) == 0),
    )
}

/// How much thinking the player may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time for the whole game, measured from [`Player::new`].
    Time(Duration),
    /// A fixed number of sampled worlds per move (and search nodes for a single-type
    /// board): the same seed then always gives the same game, whatever the machine.
    Worlds(u32),
}

/// The player's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// How much it may think.
    pub budget: Budget,
    /// The seed of its random choices.
    pub seed: u64,
    /// The rollout policy.
    pub policy: Policy,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            budget: Budget::Time(Duration::from_millis(1000)),
            seed: 1,
            policy: Policy::default(),
        }
    }
}

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
    rng: Rng,
    start: Instant,
    /// The rest of a game found in advance (single-type boards), last move first.
    plan: Vec<Square>,
}

/// The share of the time budget the player plans to use (the rest is the margin for the
/// process, the pipes and a loaded machine).
const TIME_SHARE: f64 = 0.85;

/// Search nodes per move of the single-type depth-first search under a work budget.
const NODES_PER_WORLD: u64 = 2_000;

impl Player {
    /// A player for a starting board; the clock starts now.
    pub fn new(board: &[Piece; crate::board::SQUARES], config: Config) -> Player {
        let mut types: Vec<Piece> = board.to_vec();
        types.sort();
        types.dedup();
        let deal = crate::board::Deal {
            layers: board.map(|p| [p; 3]),
        };
        let mut player = Player {
            game: Game::new(&deal),
            types,
            config,
            rng: Rng::new(config.seed),
            start: Instant::now(),
            plan: Vec::new(),
        };
        if player.types.len() == 1 {
            // Nothing is hidden: every layer holds the one type.
            let nodes = match config.budget {
                Budget::Time(_) => u64::MAX,
                Budget::Worlds(worlds) => u64::from(worlds) * NODES_PER_WORLD * 108,
            };
            let deadline = player.deadline_for(0.8);
            let mut path = longest_game(&player.game, nodes, deadline);
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

    fn deadline_for(&self, share: f64) -> Option<Instant> {
        match self.config.budget {
            Budget::Time(total) => Some(self.start + total.mul_f64(TIME_SHARE * share)),
            Budget::Worlds(_) => None,
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

    /// How long this move may take, from the time left and the moves likely left.
    fn move_deadline(&self) -> Option<Instant> {
        let Budget::Time(total) = self.config.budget else {
            return None;
        };
        let end = self.start + total.mul_f64(TIME_SHARE);
        let now = Instant::now();
        if now >= end {
            return Some(now);
        }
        let pieces_left: u32 = Square::all()
            .map(|s| 3 - u32::from(self.game.removals_at(s)))
            .sum();
        // Games rarely use every piece; spend a bit more on early moves, which shape the rest.
        let moves_left = (pieces_left as f64 * 0.6).max(6.0);
        Some(now + (end - now).div_f64(moves_left))
    }

    /// Flat Monte Carlo over sampled worlds, with common worlds for all candidates.
    fn search(&mut self, legal: Squares) -> Square {
        let candidates: Vec<Square> = legal.iter().collect();
        let deadline = self.move_deadline();
        let max_worlds = match self.config.budget {
            Budget::Worlds(worlds) => worlds,
            Budget::Time(_) => u32::MAX,
        };
        let mut sums = vec![0u64; candidates.len()];
        let mut worlds = 0u32;
        while worlds < max_worlds {
            if let Some(deadline) = deadline
                && Instant::now() >= deadline
            {
                break;
            }
            let mut world = self.game;
            let types = &self.types;
            let rng = &mut self.rng;
            world.fill_hidden(|_, _| types[rng.below(types.len() as u32) as usize]);
            let seed = self.rng.next_u64();
            for (sum, &square) in sums.iter_mut().zip(&candidates) {
                let mut game = world;
                game.play_unchecked(square);
                let mut rng = Rng::new(seed);
                *sum += u64::from(self.config.policy.rollout(game, &mut rng));
            }
            worlds += 1;
        }
        if worlds == 0 {
            // No time at all: the policy alone, without noise.
            let policy = Policy {
                noise: 0.0,
                ..self.config.policy
            };
            return policy
                .choose(&self.game, &mut self.rng)
                .unwrap_or(candidates[0]);
        }
        let best = (0..candidates.len())
            .max_by_key(|&i| (sums[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
        candidates[best]
    }
}

/// The longest game (by score) from a position in which nothing is hidden, by a depth-first
/// search in Warnsdorff's order, within a node limit and a deadline. Returns the removals.
pub fn longest_game(game: &Game, node_limit: u64, deadline: Option<Instant>) -> Vec<Square> {
    struct Search {
        nodes: u64,
        limit: u64,
        deadline: Option<Instant>,
        path: Vec<Square>,
        best: Vec<Square>,
        best_score: u32,
        stop: bool,
    }
    impl Search {
        fn visit(&mut self, game: &Game) {
            self.nodes += 1;
            if self.nodes >= self.limit {
                self.stop = true;
            }
            if self.nodes % 4096 == 0
                && let Some(deadline) = self.deadline
                && Instant::now() >= deadline
            {
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
        limit: node_limit,
        deadline,
        path: Vec::new(),
        best: Vec::new(),
        best_score: game.score().total(),
        stop: false,
    };
    search.visit(game);
    search.best
}
