//! Flat Monte Carlo over sampled worlds: every legal removal followed by rollouts of the
//! policy in the same worlds, with sequential halving: the work is cut
//! into rounds, and after each round the worse half of the candidates is dropped, so that the
//! close calls get the most worlds. The worlds of a round are spread over the player's
//! threads.

use std::time::{Duration, Instant};

use solitaire_chess::{Game, PIECES, Piece, SQUARES, Square};

use super::decision::{Choice, Decision, Search};
use crate::limits::Limits;
use crate::move_averages::{MAST_FADE, Mast};
use crate::policy::{HORIZON_LEFTOVER, HORIZON_RATE, Policy};
use crate::rng::Rng;

/// One thread's share of a round of [`Rollouts`]: what every arm still in is tried from, and
/// how the rollouts are played.
struct Share<'a> {
    game: &'a Game,
    /// The types a hidden piece is drawn from.
    types: &'a [Piece],
    policy: &'a Policy,
    /// The removals tried before each rollout, and which of them are still in.
    arms: &'a [Square],
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
    /// When the share was done.
    finished: Instant,
}

impl Share<'_> {
    /// The score of a rollout's end, and its removals: as they are if the game is over; if
    /// it was cut short, with the rest of the game valued by the policy's [`CutValue`] (or
    /// the pieces left at the rate), and the pieces left likely removed.
    fn value(&self, end: &Game) -> (u32, u32) {
        let score = end.score();
        if end.legal().is_empty() {
            return (score.total(), score.moves);
        }
        let left = (PIECES as u32 - score.moves).saturating_sub(HORIZON_LEFTOVER);
        let estimate = match &self.policy.cut {
            Some(cut) => cut.rest(end),
            None => {
                let empty = SQUARES as u32 - end.occupied().len();
                HORIZON_RATE * left as f32 - self.policy.horizon_empty * empty as f32
            }
        };
        (
            (score.total() as f32 + estimate).max(0.0) as u32,
            score.moves + left,
        )
    }

    /// Samples worlds within `limits` (in worlds) and plays a rollout of every arm still in
    /// from each.
    fn run(&self, seed: u64, limits: Limits, arms: usize) -> Batch {
        let mut rng = Rng::new(seed);
        let mut mast = self.mast.map(Mast::share);
        let mut batch = Batch {
            sums: vec![0; arms],
            worlds: 0,
            rollouts: 0,
            moves: 0,
            mast: None,
            finished: Instant::now(),
        };
        let mut keys = Vec::new();
        let types = self.types;
        while !limits.is_spent(batch.worlds) {
            let mut world = *self.game;
            world.fill_hidden(|_, _| types[rng.below(types.len() as u32) as usize]);
            let seed = rng.next_u64();
            for &i in self.alive {
                let first = self.arms[i];
                let mut game = world;
                game.play_unchecked(first);
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
        batch.finished = Instant::now();
        batch
    }
}

/// How long the searches of a game may wait for their threads in all before the player stops
/// using more than one thread (a quiet machine waits a few microseconds a round).
const WAIT_LIMIT: Duration = Duration::from_millis(20);

/// How strongly the rollouts lean toward the removals that went with high scores in the
/// rollouts so far: points of policy value per point of mean score (0.5 and 1 did about as
/// well, 2 worse: docs/tuning/solitaire-chess.md).
const MAST_WEIGHT: f32 = 0.75;

/// The rollouts strategy, and what it keeps from move to move.
#[derive(Clone, Debug)]
pub(crate) struct Rollouts {
    /// The rollouts' move averages (taken out while a decision runs).
    mast: Option<Mast>,
    /// How long the searches under a time limit have waited for their threads so far.
    waited: Duration,
}

impl Rollouts {
    /// The strategy, with move averages of [`MAST_WEIGHT`].
    pub(crate) fn new() -> Rollouts {
        Rollouts {
            mast: Some(Mast::new(MAST_WEIGHT)),
            waited: Duration::ZERO,
        }
    }
}

impl Search for Rollouts {
    fn choose(&mut self, decision: &mut Decision<'_>) -> Option<Choice> {
        let (game, arms) = (decision.game, decision.candidates);
        let n = arms.len();
        let rounds = (usize::BITS - (n - 1).leading_zeros()).max(1);
        let start = Instant::now();
        let total = decision.limits.work_limit().saturating_mul(n as u64);
        let mut alive: Vec<usize> = (0..n).collect();
        let mut sums = vec![0u64; n];
        let mut used = 0u64;
        let mut seen = 0u32;
        let moves_now = game.score().moves;
        let mut rollout_moves = 0u64;
        let mut mast = self.mast.take();
        if let Some(mast) = &mut mast {
            mast.fade(MAST_FADE);
        }
        // On a machine too busy to run the threads side by side, the first thread to finish
        // waits for the others at the end of every round, past its deadline; once that has
        // cost a game more than a share of the margin, one thread does it all.
        let mut waited = Duration::ZERO;
        let threads = if self.waited > WAIT_LIMIT {
            1
        } else {
            decision.threads.count()
        };
        for round in 1..=rounds {
            let round_limits = decision
                .limits
                .share(start, f64::from(round) / f64::from(rounds));
            // Under a work limit, the worlds of this round (each gives every arm still in a
            // rollout), dealt to the threads in a fixed way so that the game is the same on
            // any machine.
            let round_rollouts = total / u64::from(rounds) * u64::from(round);
            let round_worlds = round_rollouts
                .saturating_sub(used)
                .div_ceil(alive.len() as u64);
            let seeds: Vec<u64> = (0..threads).map(|_| decision.rng.next_u64()).collect();
            let work = Share {
                game,
                types: decision.types,
                policy: decision.policy,
                arms,
                alive: &alive,
                mast: mast.as_ref(),
            };
            let share = |t: usize| {
                let (t, n) = (t as u64, threads as u64);
                round_worlds / n + u64::from(t < round_worlds % n)
            };
            let batches = decision.threads.spread(threads, |t| {
                work.run(seeds[t], round_limits.with_work(share(t)), n)
            });
            let finished = batches.iter().map(|batch| batch.finished);
            if let (Some(first), Some(last)) = (finished.clone().min(), finished.max()) {
                waited += last - first;
            }
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
        if decision.limits.deadline().is_some() {
            self.waited += waited;
        }
        if seen == 0 {
            return None;
        }
        let best = alive
            .iter()
            .copied()
            .max_by_key(|&i| (sums[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
        Some(Choice {
            square: arms[best],
            moves_left: Some(rollout_moves as f64 / used.max(1) as f64),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_chess::contest::{GROUPS, alphabet};

    /// A share with nothing to try, for its [`Share::value`].
    fn valuer<'a>(game: &'a Game, policy: &'a Policy) -> Share<'a> {
        Share {
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
        let left = PIECES as u32 - 10 - HORIZON_LEFTOVER;
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
}
