//! Move-average sampling (MAST): what the rollouts of the search learn about each removal
//! while they run, and the bias it gives the rollout policy.

use crate::policy::Policy;
use crate::rng::Rng;
use solitaire_chess::Game;
use solitaire_chess::{SQUARES, Square};

/// Move-average sampling (MAST): the mean final score of the rollouts that made each
/// removal, told apart by the square removed from before it and its own square. The rollouts
/// of a decision share it (and those of the later decisions inherit it, faded), and it biases
/// the rollout policy toward the removals that went with high scores.
#[derive(Clone, Debug)]
pub(crate) struct Mast {
    /// Points of policy value per point of mean score above the mean of all rollouts.
    weight: f32,
    /// The sum of the scores and the number of rollouts by key (both faded).
    sum: Vec<f32>,
    count: Vec<f32>,
    /// `sum / count`, kept up to date for the rollouts' lookups.
    mean: Vec<f32>,
    /// The sum of the scores and the number of all rollouts (faded).
    total: f32,
    runs: f32,
    /// What [`Mast::update`] added to `sum`, `count`, `total` and `runs` (unfaded): a
    /// thread's share, for [`Mast::absorb`].
    added_sum: Vec<f32>,
    added_count: Vec<f32>,
    added_total: f32,
    added_runs: f32,
}

/// The share of its statistics [`Mast`] keeps from one decision to the next (what the last
/// decision learnt is still about the same game).
pub(crate) const MAST_FADE: f32 = 0.5;

impl Mast {
    /// Keys: the previous square (`SQUARES` for none) by the square removed from.
    const KEYS: usize = (SQUARES + 1) * SQUARES;

    pub(crate) fn new(weight: f32) -> Mast {
        Mast {
            weight,
            sum: vec![0.0; Mast::KEYS],
            count: vec![0.0; Mast::KEYS],
            mean: vec![0.0; Mast::KEYS],
            total: 0.0,
            runs: 0.0,
            added_sum: vec![0.0; Mast::KEYS],
            added_count: vec![0.0; Mast::KEYS],
            added_total: 0.0,
            added_runs: 0.0,
        }
    }

    #[inline]
    pub(crate) fn key(game: &Game, square: Square) -> usize {
        game.last().map_or(SQUARES, |(_, from)| from.index()) * SQUARES + square.index()
    }

    /// The bias of a removal: nothing until some rollout has made it.
    #[inline]
    pub(crate) fn bonus(&self, game: &Game, square: Square) -> f32 {
        let k = Mast::key(game, square);
        if self.count[k] > 0.0 {
            self.weight * (self.mean[k] - self.total / self.runs)
        } else {
            0.0
        }
    }

    /// Multiplies every statistic by `factor` (the means stay as they are).
    pub(crate) fn fade(&mut self, factor: f32) {
        for (sum, count) in self.sum.iter_mut().zip(&mut self.count) {
            *sum *= factor;
            *count *= factor;
        }
        self.total *= factor;
        self.runs *= factor;
    }

    /// Adds the score of a rollout to the keys of its removals.
    pub(crate) fn update(&mut self, keys: &[usize], score: u32) {
        let score = score as f32;
        for &k in keys {
            self.sum[k] += score;
            self.count[k] += 1.0;
            self.mean[k] = self.sum[k] / self.count[k];
            self.added_sum[k] += score;
            self.added_count[k] += 1.0;
        }
        self.total += score;
        self.runs += 1.0;
        self.added_total += score;
        self.added_runs += 1.0;
    }

    /// A copy for one thread to add its rollouts to, for [`Mast::absorb`].
    pub(crate) fn share(&self) -> Mast {
        let mut share = self.clone();
        share.added_sum.fill(0.0);
        share.added_count.fill(0.0);
        share.added_total = 0.0;
        share.added_runs = 0.0;
        share
    }

    /// Adds what `other` [`Mast::update`]d since it was [`Mast::share`]d from this one (the
    /// rollouts of one thread).
    pub(crate) fn absorb(&mut self, other: &Mast) {
        for k in 0..Mast::KEYS {
            if other.added_count[k] > 0.0 {
                self.sum[k] += other.added_sum[k];
                self.count[k] += other.added_count[k];
                self.mean[k] = self.sum[k] / self.count[k];
            }
        }
        self.total += other.added_total;
        self.runs += other.added_runs;
    }

    /// Plays `policy` with the bias to the end of the game, noting the keys of its removals.
    pub(crate) fn play_out(
        &self,
        policy: &Policy,
        mut game: Game,
        rng: &mut Rng,
        keys: &mut Vec<usize>,
        mut steps: u32,
    ) -> Game {
        while steps > 0
            && let Some(square) = policy.choose_with(&game, rng, |g, s| self.bonus(g, s))
        {
            keys.push(Mast::key(&game, square));
            game.play_unchecked(square);
            steps -= 1;
        }
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_chess::{Deal, Piece};

    #[test]
    fn move_averages_favour_the_removals_of_high_scoring_rollouts() {
        let game = Game::new(&Deal::uniform(Piece::Knight));
        let at = |r, c| Square::at(r, c).unwrap();
        let (good, bad, unseen) = (at(1, 1), at(2, 2), at(3, 3));
        let mut mast = Mast::new(0.5);
        mast.update(&[Mast::key(&game, good)], 300);
        mast.update(&[Mast::key(&game, bad)], 200);
        // Mean of all rollouts 250: +50 and -50 points, half a point of value each.
        assert_eq!(mast.bonus(&game, good), 25.0);
        assert_eq!(mast.bonus(&game, bad), -25.0);
        assert_eq!(mast.bonus(&game, unseen), 0.0);
        // Fading weighs the old rollouts less against a new one, not the means themselves.
        mast.fade(0.5);
        assert_eq!(mast.bonus(&game, good), 25.0);
        mast.update(&[Mast::key(&game, good)], 100);
        // good: (150 + 100) / 1.5; all: (250 + 100) / 2.
        assert!((mast.bonus(&game, good) - 0.5 * (250.0 / 1.5 - 175.0)).abs() < 1e-3);
        // After a removal the key depends on where it was made.
        let mut after = game;
        after.play_unchecked(good);
        assert_ne!(Mast::key(&after, at(3, 2)), Mast::key(&game, at(3, 2)));
    }

    #[test]
    fn a_threads_move_averages_join_the_others() {
        let game = Game::new(&Deal::uniform(Piece::Knight));
        let at = |r, c| Square::at(r, c).unwrap();
        let (a, b) = (Mast::key(&game, at(1, 1)), Mast::key(&game, at(2, 2)));
        let mut shared = Mast::new(1.0);
        shared.update(&[a], 100);
        shared.fade(0.5);
        // Two threads start from the shared averages and add their own rollouts...
        let (mut one, mut two) = (shared.share(), shared.share());
        one.update(&[a, b], 300);
        two.update(&[b], 200);
        shared.absorb(&one);
        shared.absorb(&two);
        // ...and the result is as if one thread had made all of them.
        let mut alone = Mast::new(1.0);
        alone.update(&[a], 100);
        alone.fade(0.5);
        alone.update(&[a, b], 300);
        alone.update(&[b], 200);
        for key in [a, b] {
            assert_eq!(shared.mean[key], alone.mean[key]);
            assert_eq!(shared.count[key], alone.count[key]);
        }
        assert_eq!((shared.total, shared.runs), (alone.total, alone.runs));
        assert_eq!(shared.bonus(&game, at(2, 2)), alone.bonus(&game, at(2, 2)));
    }
}
