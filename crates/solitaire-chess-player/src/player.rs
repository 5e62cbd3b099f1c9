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

use crate::beam::beam_search;
use crate::expectimax::Expectimax;
use crate::move_averages::{MAST_FADE, Mast};
use crate::policy::{HORIZON_LEFTOVER, HORIZON_RATE, Policy, Rng};
use crate::tree_search::Tree;
use solitaire_chess::Game;
use solitaire_chess::{Kind, Piece, Square, Squares};

/// One thread's share of a round of [`Player::flat_search`]: what every arm still in is
/// tried from, and how the rollouts are played.
struct Rollouts<'a> {
    game: &'a Game,
    /// The types a hidden piece is drawn from.
    types: &'a [Piece],
    policy: &'a Policy,
    /// The removals tried before each rollout, and which of them are still in.
    arms: &'a [(Square, Option<Square>)],
    alive: &'a [usize],
    mast: Option<&'a Mast>,
}

/// What a thread's rollouts found.
struct Batch {
    /// The sum of the final scores by arm (of all arms; 0 for those out).
    sums: Vec<u64>,
    /// The worlds sampled, the rollouts played, and the removals of the games at their ends.
    worlds: u64,
    rollouts: u64,
    moves: u64,
    /// The move averages with this thread's rollouts added.
    mast: Option<Mast>,
}

impl Rollouts<'_> {
    /// The score of a rollout's end, and its removals: as they are if the game is over; if
    /// it was cut short, with the rest of the game valued by the policy's [`CutValue`] (or
    /// the pieces left at the rate), and the pieces left likely removed.
    fn value(&self, end: &Game) -> (u32, u32) {
        let score = end.score();
        if end.legal().is_empty() {
            return (score.total(), score.moves);
        }
        let left = (108 - score.moves).saturating_sub(HORIZON_LEFTOVER);
        let estimate = match &self.policy.cut {
            Some(cut) => cut.rest(end),
            None => {
                let empty = 36 - end.occupied().len();
                HORIZON_RATE * left as f32 - self.policy.horizon_empty * empty as f32
            }
        };
        (
            (score.total() as f32 + estimate).max(0.0) as u32,
            score.moves + left,
        )
    }

    /// Samples up to `worlds` worlds (or as many as fit before `end`, if given) and plays a
    /// rollout of every arm still in from each.
    fn run(&self, seed: u64, end: Option<Instant>, worlds: u64, arms: usize) -> Batch {
        let mut rng = Rng::new(seed);
        let mut mast = self.mast.map(Mast::share);
        let mut batch = Batch {
            sums: vec![0; arms],
            worlds: 0,
            rollouts: 0,
            moves: 0,
            mast: None,
        };
        let mut keys = Vec::new();
        let types = self.types;
        loop {
            match end {
                Some(end) if Instant::now() >= end => break,
                None if batch.worlds >= worlds => break,
                _ => {}
            }
            let mut world = *self.game;
            world.fill_hidden(|_, _| types[rng.below(types.len() as u32) as usize]);
            let seed = rng.next_u64();
            for &i in self.alive {
                let (first, second) = self.arms[i];
                let mut game = world;
                game.play_unchecked(first);
                if let Some(second) = second {
                    game.play_unchecked(second);
                }
                let mut rng = Rng::new(seed);
                keys.clear();
                keys.push(Mast::key(&world, first));
                let end = match &mut mast {
                    None => self
                        .policy
                        .play_out_for(game, &mut rng, self.policy.horizon),
                    Some(mast) => {
                        mast.play_out(self.policy, game, &mut rng, &mut keys, self.policy.horizon)
                    }
                };
                let (score, moves) = self.value(&end);
                if let Some(mast) = &mut mast {
                    mast.update(&keys, score);
                }
                batch.sums[i] += u64::from(score);
                batch.moves += u64::from(moves);
                batch.rollouts += 1;
            }
            batch.worlds += 1;
        }
        batch.mast = mast;
        batch
    }
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

/// How the player picks a removal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strategy {
    /// The strategy that measured best for the types on the board ([`Strategy::for_types`]).
    #[default]
    Auto,
    /// The one-ply policy alone, without noise: no search at all.
    Greedy,
    /// Each legal removal followed by policy rollouts in sampled worlds.
    Rollouts,
    /// Information-set Monte Carlo tree search with policy rollouts.
    Tree,
    /// Each legal removal followed by a beam search in sampled worlds in which everything is
    /// known (perfect-information Monte Carlo).
    Beam,
    /// As [`Strategy::Beam`], with an exact search of each world instead of the beam (boards
    /// of rooks, bishops and queens only; others fall back to the policy).
    Exact,
    /// Expectimax on the pieces showing, the hidden ones uniform over the board's types: to
    /// the end of the game when few pieces are left ([`crate::Expectimax`]), else one level
    /// of it (the first piece to show) over exact searches of sampled worlds (boards of
    /// rooks, bishops and queens only; others fall back to the policy).
    Expectimax,
}

impl Strategy {
    /// What measured best: the exact search in sampled worlds where only rooks, bishops and
    /// queens occur (short games with few moves, group 4; [`Strategy::Expectimax`] scored
    /// about a point more at equal worlds, but less at the default time budget: 83.1
    /// against 83.8 on seeds 1-90), rollouts everywhere else.
    pub fn for_types(types: &[Piece]) -> Strategy {
        let officers = types.iter().all(|p| p.kind() == Kind::Officer);
        if officers && !types.contains(&Piece::Knight) {
            Strategy::Exact
        } else {
            Strategy::Rollouts
        }
    }
}

/// The player's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// How much it may think.
    pub budget: Budget,
    /// How it picks a removal.
    pub strategy: Strategy,
    /// The seed of its random choices.
    pub seed: u64,
    /// The rollout policy; `None` picks the one tuned for the types on the board
    /// ([`Policy::for_types`]).
    pub policy: Option<Policy>,
    /// The tree search's exploration constant, in points.
    pub exploration: f64,
    /// The beam width of [`Strategy::Beam`].
    pub beam_width: usize,
    /// How many removals [`Strategy::Rollouts`] tries before each rollout (1 or 2).
    pub plies: u8,
    /// Whether [`Strategy::Rollouts`] drops the worse half of its candidates round by round
    /// (else every candidate gets every world).
    pub halving: bool,
    /// How strongly [`Strategy::Rollouts`] biases its rollouts toward the removals that went
    /// with high scores in the rollouts so far (move-average sampling, MAST): points of policy
    /// value per point of mean score; 0 turns it off.
    pub mast: f32,
    /// The threads [`Strategy::Rollouts`] plays its rollouts on (each its own share of the
    /// worlds). Part of what a game depends on: with a work budget, the same seed and the
    /// same number of threads give the same game on any machine, however many cores it has.
    /// [`Strategy::Exact`] and [`Strategy::Expectimax`] search their sampled worlds on as
    /// many threads; their games do not depend on the number.
    pub threads: u8,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            budget: Budget::Time(Duration::from_millis(1000)),
            strategy: Strategy::default(),
            seed: 1,
            policy: None,
            exploration: 20.0,
            beam_width: 32,
            plies: 1,
            halving: true,
            mast: 0.75,
            threads: 2,
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
    /// The rollout policy in use.
    policy: Policy,
    rng: Rng,
    start: Instant,
    /// The rest of a game found in advance (single-type boards), last move first.
    plan: Vec<Square>,
    /// The mean length of the rollouts of the last search, after its move.
    moves_left: Option<f64>,
    /// How long the searches under a time budget have waited for their threads so far.
    waited: Duration,
    /// The rollouts' move averages, when [`Config::mast`] is not 0.
    mast: Option<Mast>,
    /// The expectimax search and its table, once [`Strategy::Expectimax`] has been used.
    expectimax: Option<Box<Expectimax>>,
    /// The edge pieces left when that search last did not fit in its budget.
    expectimax_failed_at: u32,
}

/// The share of the time budget the player plans to use (the rest is the margin for the
/// process, the pipes and a loaded machine).
const TIME_SHARE: f64 = 0.9;

/// How long the searches of a game may wait for their threads in all before the player stops
/// using more than one thread (a quiet machine waits a few microseconds a round).
const WAIT_LIMIT: Duration = Duration::from_millis(20);

/// Search nodes per move of the single-type depth-first search under a work budget.
const NODES_PER_WORLD: u64 = 2_000;

/// The most pieces left on the edge squares for which [`Strategy::Expectimax`] tries to
/// search to the end of the game ...
const EXPECTIMAX_PIECES: u32 = 45;

/// ... and the most positions that search may expand (2 to 10 ms; else it searches sampled
/// worlds).
const EXPECTIMAX_LIMIT: u64 = 100_000;

impl Player {
    /// A player for a starting board; the clock starts now.
    pub fn new(board: &[Piece; solitaire_chess::SQUARES], config: Config) -> Player {
        let mut types: Vec<Piece> = board.to_vec();
        types.sort();
        types.dedup();
        let deal = solitaire_chess::Deal {
            layers: board.map(|p| [p; 3]),
        };
        let mut player = Player {
            game: Game::new(&deal),
            policy: config.policy.unwrap_or_else(|| Policy::for_types(&types)),
            types,
            config,
            rng: Rng::new(config.seed),
            start: Instant::now(),
            plan: Vec::new(),
            moves_left: None,
            waited: Duration::ZERO,
            mast: (config.mast != 0.0).then(|| Mast::new(config.mast)),
            expectimax: None,
            expectimax_failed_at: u32::MAX,
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
        Some(now + (end - now).div_f64(moves_left))
    }

    /// Flat Monte Carlo over sampled worlds, with common worlds for all candidates, and
    /// sequential halving: the budget is cut into rounds, and after each round the worse half
    /// of the candidates is dropped, so that the close calls get the most worlds.
    fn search(&mut self, legal: Squares) -> Square {
        let candidates: Vec<Square> = legal.iter().collect();
        let deadline = self.move_deadline();
        let worlds = match self.config.budget {
            Budget::Worlds(worlds) => worlds,
            Budget::Time(_) => u32::MAX,
        };
        let strategy = match self.config.strategy {
            Strategy::Auto => Strategy::for_types(&self.types),
            strategy => strategy,
        };
        match strategy {
            Strategy::Greedy => self.fallback(&candidates),
            Strategy::Rollouts | Strategy::Auto => self.flat_search(&candidates, deadline, worlds),
            Strategy::Tree => self.tree_search(&candidates, deadline, worlds),
            Strategy::Beam => self.beam_pimc(&candidates, deadline, worlds),
            Strategy::Exact | Strategy::Expectimax => {
                let honest = strategy == Strategy::Expectimax;
                // Half the move's time at most for the search to the end: when it does not
                // fit, the sampled worlds still get the other half (with all of it, nothing
                // was left for them and the policy alone chose).
                if honest {
                    let now = Instant::now();
                    let half = deadline.map(|d| now + d.saturating_duration_since(now) / 2);
                    if let Some(found) = self.solve_to_end(&candidates, half) {
                        return found;
                    }
                }
                let threads = usize::from(self.config.threads.max(1));
                match crate::officers::choose(
                    &candidates,
                    deadline,
                    worlds,
                    honest,
                    threads,
                    || self.sample_world(),
                ) {
                    Some((square, moves_left)) => {
                        self.moves_left = Some(moves_left);
                        square
                    }
                    None => self.fallback(&candidates),
                }
            }
        }
    }

    /// The best removal by expectimax to the end of the game, when few pieces are left on
    /// the edge squares and the search fits in [`EXPECTIMAX_LIMIT`] positions.
    fn solve_to_end(&mut self, candidates: &[Square], deadline: Option<Instant>) -> Option<Square> {
        let left = crate::expectimax::edge_pieces_left(&self.game);
        // After a search that did not fit, the next ones wait for a few pieces fewer.
        if left > EXPECTIMAX_PIECES || left + 3 > self.expectimax_failed_at {
            return None;
        }
        let search = self.expectimax.get_or_insert_with(Box::default);
        let found = search.choose(
            &self.game,
            candidates,
            &self.types,
            deadline,
            EXPECTIMAX_LIMIT,
        );
        let Some((square, points_left)) = found else {
            self.expectimax_failed_at = left;
            return None;
        };
        // As for the search in sampled worlds: a third of the removals likely left.
        self.moves_left = Some(points_left / 2.5 / 3.0);
        Some(square)
    }

    /// The game with every hidden piece drawn at random from the types that occur.
    fn sample_world(&mut self) -> Game {
        let mut world = self.game;
        let types = &self.types;
        let rng = &mut self.rng;
        world.fill_hidden(|_, _| types[rng.below(types.len() as u32) as usize]);
        world
    }

    /// The policy alone, without noise.
    fn fallback(&mut self, candidates: &[Square]) -> Square {
        let policy = Policy {
            noise: 0.0,
            ..self.policy
        };
        policy
            .choose(&self.game, &mut self.rng)
            .unwrap_or(candidates[0])
    }

    fn flat_search(
        &mut self,
        candidates: &[Square],
        deadline: Option<Instant>,
        worlds: u32,
    ) -> Square {
        // The arms: each candidate, or with two plies each candidate and a removal after it
        // (over two distinct squares, so everything about the pair is known now).
        let mut arms: Vec<(Square, Option<Square>)> = Vec::new();
        for &first in candidates {
            let mut after = self.game;
            after.play_unchecked(first);
            let seconds = after.legal();
            if self.config.plies >= 2 && !seconds.is_empty() {
                arms.extend(seconds.iter().map(|second| (first, Some(second))));
            } else {
                arms.push((first, None));
            }
        }
        let n = arms.len();
        let rounds = if self.config.halving {
            (usize::BITS - (n - 1).leading_zeros()).max(1)
        } else {
            1
        };
        let start = Instant::now();
        let total = u64::from(worlds).saturating_mul(candidates.len() as u64);
        let mut alive: Vec<usize> = (0..n).collect();
        let mut sums = vec![0u64; n];
        let mut used = 0u64;
        let mut seen = 0u32;
        let moves_now = self.game.score().moves;
        let mut rollout_moves = 0u64;
        let mut mast = self.mast.take();
        if let Some(mast) = &mut mast {
            mast.fade(MAST_FADE);
        }
        // On a machine too busy to run the threads side by side, the first thread waits for
        // the others at the end of every round, past its deadline; once that has cost a
        // game more than a share of the margin, one thread does it all.
        let mut waited = Duration::ZERO;
        let threads = if self.waited > WAIT_LIMIT {
            1
        } else {
            usize::from(self.config.threads.max(1))
        };
        for round in 1..=rounds {
            let round_end =
                deadline.map(|d| start + (d.saturating_duration_since(start) * round) / rounds);
            // Under a work budget, the worlds of this round (each gives every arm still in a
            // rollout), dealt to the threads in a fixed way so that the game is the same on
            // any machine.
            let round_rollouts = total / u64::from(rounds) * u64::from(round);
            let round_worlds = round_rollouts
                .saturating_sub(used)
                .div_ceil(alive.len() as u64);
            let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
            let work = Rollouts {
                game: &self.game,
                types: &self.types,
                policy: &self.policy,
                arms: &arms,
                alive: &alive,
                mast: mast.as_ref(),
            };
            let share = |t: usize| {
                let (t, n) = (t as u64, threads as u64);
                round_worlds / n + u64::from(t < round_worlds % n)
            };
            let batch = |t: usize| work.run(seeds[t], round_end, share(t), n);
            // Plain threads, started for each round (a few tens of microseconds): a pool of
            // work-stealing threads could, while waiting, take up another game of whoever
            // called the player (the bench's games), whose clock would run meanwhile.
            let batches: Vec<Batch> = std::thread::scope(|scope| {
                let others: Vec<_> = (1..threads)
                    .map(|t| {
                        (
                            t,
                            std::thread::Builder::new().spawn_scoped(scope, move || batch(t)),
                        )
                    })
                    .collect();
                let mut batches = vec![batch(0)];
                let joining = Instant::now();
                for (t, handle) in others {
                    // A thread that cannot be started, or that failed: its share here.
                    match handle
                        .map_err(|_| ())
                        .and_then(|h| h.join().map_err(|_| ()))
                    {
                        Ok(b) => batches.push(b),
                        Err(()) => batches.push(batch(t)),
                    }
                }
                waited += joining.elapsed();
                batches
            });
            for batch in batches {
                for (sum, add) in sums.iter_mut().zip(&batch.sums) {
                    *sum += add;
                }
                if let (Some(mast), Some(local)) = (&mut mast, &batch.mast) {
                    mast.absorb(local);
                }
                used += batch.worlds * alive.len() as u64;
                seen += batch.worlds as u32;
                rollout_moves += batch.moves - batch.rollouts * u64::from(moves_now + 1);
            }
            if seen > 0 && round < rounds {
                // Every arm still in has seen the same worlds: sums compare fairly.
                alive.sort_by_key(|&i| (std::cmp::Reverse(sums[i]), i));
                alive.truncate(alive.len().div_ceil(2));
            }
        }
        self.mast = mast;
        if deadline.is_some() {
            self.waited += waited;
        }
        if seen == 0 {
            return self.fallback(candidates);
        }
        self.moves_left = Some(rollout_moves as f64 / used.max(1) as f64);
        let best = alive
            .iter()
            .copied()
            .max_by_key(|&i| (sums[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
        arms[best].0
    }
}

impl Player {
    /// Perfect-information Monte Carlo: every candidate followed by a beam search in each
    /// sampled world, the candidate with the best sum kept.
    fn beam_pimc(
        &mut self,
        candidates: &[Square],
        deadline: Option<Instant>,
        worlds: u32,
    ) -> Square {
        let mut sums = vec![0u64; candidates.len()];
        let (mut beam, mut next) = (Vec::new(), Vec::new());
        let mut seen = 0;
        let moves_now = self.game.score().moves;
        let mut best_moves = 0u64;
        while seen < worlds {
            if past(deadline) {
                break;
            }
            let world = self.sample_world();
            for (sum, &square) in sums.iter_mut().zip(candidates) {
                let mut game = world;
                game.play_unchecked(square);
                let best = beam_search(game, self.config.beam_width, &mut beam, &mut next);
                *sum += u64::from(best.total());
                best_moves += u64::from(best.moves - moves_now - 1);
            }
            seen += 1;
        }
        if seen == 0 {
            return self.fallback(candidates);
        }
        let searches = u64::from(seen) * candidates.len() as u64;
        self.moves_left = Some(best_moves as f64 / searches as f64);
        let best = (0..candidates.len())
            .max_by_key(|&i| (sums[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
        candidates[best]
    }

    /// The tree search: as many iterations as time allows (or `worlds` a legal removal).
    fn tree_search(
        &mut self,
        candidates: &[Square],
        deadline: Option<Instant>,
        worlds: u32,
    ) -> Square {
        let mut tree = Tree::new(self.config.exploration);
        let limit = u64::from(worlds).saturating_mul(candidates.len() as u64);
        let mut iterations = 0u64;
        while iterations < limit {
            if iterations % 8 == 0 && past(deadline) {
                break;
            }
            let world = self.sample_world();
            tree.iterate(world, &self.policy, &mut self.rng);
            iterations += 1;
        }
        match tree.best() {
            Some(square) => square,
            None => self.fallback(candidates),
        }
    }
}

/// Whether a deadline has passed (never, for none).
fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|deadline| Instant::now() >= deadline)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::self_play;
    use solitaire_chess::Deal;
    use solitaire_chess::contest::{GROUPS, alphabet};

    /// Rollouts with nothing to try, for their [`Rollouts::value`].
    fn valuer<'a>(game: &'a Game, policy: &'a Policy) -> Rollouts<'a> {
        Rollouts {
            game,
            types: &[],
            policy,
            arms: &[],
            alive: &[],
            mast: None,
        }
    }

    /// Group 5's policy with its rollouts cut short valued at the pieces-left rate alone.
    fn at_the_rate() -> Policy {
        Policy {
            horizon_empty: 0.0,
            cut: None,
            ..Policy::for_types(&alphabet("1234").unwrap())
        }
    }

    #[test]
    fn a_rollout_cut_short_values_the_pieces_left() {
        let deal = GROUPS[4].deal(1);
        let policy = at_the_rate();
        let start = Game::new(&deal);
        let work = valuer(&start, &policy);
        let mut rng = Rng::new(1);
        let cut = policy.play_out_for(Game::new(&deal), &mut rng, 10);
        assert_eq!(cut.score().moves, 10);
        let left = 108 - 10 - HORIZON_LEFTOVER;
        assert_eq!(
            work.value(&cut),
            (
                cut.score().total() + (HORIZON_RATE * left as f32) as u32,
                10 + left
            )
        );
        // A game that is over is worth its score.
        let end = policy.play_out(Game::new(&deal), &mut rng);
        assert!(end.is_over());
        assert_eq!(work.value(&end), (end.score().total(), end.score().moves));
    }

    #[test]
    fn a_rollout_cut_short_loses_points_for_its_empty_squares() {
        let deal = GROUPS[4].deal(3);
        let plain = at_the_rate();
        let weighed = Policy {
            horizon_empty: 1.5,
            ..plain
        };
        let value = |policy: &Policy, game: &Game| valuer(game, policy).value(game);
        let mut rng = Rng::new(5);
        let mut empties_seen = 0;
        for cut in (5..80).step_by(3) {
            let game = plain.play_out_for(Game::new(&deal), &mut rng, cut);
            let empty = Square::all().filter(|&s| game.piece(s).is_none()).count() as f32;
            let (base, moves) = value(&plain, &game);
            if game.is_over() {
                // A game that is over is worth its score, empty squares or not.
                assert_eq!(value(&weighed, &game), (base, moves));
                continue;
            }
            empties_seen += usize::from(empty > 0.0);
            let expected = (base as f32 - 1.5 * empty) as u32;
            assert_eq!(value(&weighed, &game), (expected, moves), "cut at {cut}");
        }
        assert!(empties_seen > 5);
    }

    #[test]
    fn a_rollout_cut_short_is_valued_by_the_cut_value_when_there_is_one() {
        let deal = GROUPS[4].deal(4);
        let policy = Policy::DIGIT_SETS;
        let cut = policy.cut.expect("group 5 has a cut value");
        let start = Game::new(&deal);
        let work = valuer(&start, &policy);
        let mut rng = Rng::new(9);
        let mut estimates = Vec::new();
        for steps in (4..70).step_by(5) {
            let game = policy.play_out_for(Game::new(&deal), &mut rng, steps);
            let (value, moves) = work.value(&game);
            if game.is_over() {
                assert_eq!((value, moves), (game.score().total(), game.score().moves));
                continue;
            }
            let estimate = cut.rest(&game);
            assert_eq!(value, (game.score().total() as f32 + estimate) as u32);
            estimates.push(estimate);
        }
        // The estimate falls as the game goes on.
        assert!(estimates.len() > 5);
        assert!(estimates.first() > estimates.last());
    }

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

    #[test]
    fn every_strategy_plays_legal_games_and_search_beats_greedy() {
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
        for (strategy, worlds) in [
            (Strategy::Rollouts, 8),
            (Strategy::Tree, 8),
            (Strategy::Beam, 1),
            (Strategy::Greedy, 1),
        ] {
            let outcome = play(5, strategy, worlds);
            assert!(outcome.verdict.scores(), "{strategy:?}");
            assert!(outcome.points() > 0);
        }
        // Where moves are few (rooks, bishops, queens), greedy play runs into dead ends that
        // even a little search sees coming.
        let greedy = play(4, Strategy::Greedy, 1).points();
        assert!(play(4, Strategy::Rollouts, 16).points() > greedy);
        assert!(play(4, Strategy::Beam, 4).points() > greedy);
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

    #[test]
    fn the_single_type_search_finds_full_tours() {
        for piece in [Piece::Knight, Piece::One] {
            let game = Game::new(&Deal::uniform(piece));
            let tour = longest_game(&game, 1_000_000, None);
            assert_eq!(tour.len(), 108, "{piece}");
        }
    }
}
