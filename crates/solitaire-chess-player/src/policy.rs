//! The rollout policy: a one-ply value of each legal removal (the points it brings at once,
//! plus a few hints about what it leaves open), and its presets, the weights tuned for each
//! kind of board.

use crate::cut_value::CutValue;
use crate::rng::Rng;
use solitaire_chess::{Game, targets};
use solitaire_chess::{Kind, Piece, Square, Squares};

/// The one-ply policy: the points a removal brings at once, plus a few hints about what it
/// leaves open. Used by the rollouts and, without noise, as the fallback when time is short.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// Worth of being able to continue the run with the next removal.
    pub run: f32,
    /// Worth of being able to continue a set, by the number of its pieces already removed.
    pub set: [f32; 4],
    /// Worth of each onward move left (up to eight; negative for Warnsdorff's rule, which
    /// clears the squares that are hard to reach first).
    pub mobility: f32,
    /// Worth of a set that can be completed along the pieces showing now, by the number of
    /// its pieces already removed (1 or 2; with 3 this is `set3`).
    pub path: [f32; 3],
    /// Worth of being able to continue `1 2 3 4` or `4 3 2 1` (worth 12, not 8) next.
    pub ordered: f32,
    /// Worth of emptying a square (removing a gold piece).
    pub empty: f32,
    /// Worth of continuing a set of the other kind than the last set of an alternation chain.
    pub alternate: f32,
    /// Worth of each point the best next removal would bring at once (a two-ply look at the
    /// types in reach); 0 skips the look.
    pub lookahead: f32,
    /// Worth of the best one-ply value after the removal (a full two-ply policy, about as
    /// many times slower as there are moves); 0 skips it.
    pub depth2: f32,
    /// Cost of a removal after which nothing is legal.
    pub dead_end: f32,
    /// Random noise added to each value, up to this much.
    pub noise: f32,
    /// The removals a rollout of the search plays at most; the rest of the game is then
    /// estimated by [`Policy::cut`], or from the pieces left (3 points a piece, apart from
    /// the 16 that games leave). Shorter rollouts are cheaper, so more worlds fit in the
    /// time, and they leave out the far future, which is mostly noise.
    pub horizon: u32,
    /// Points a rollout cut short at its [`Policy::horizon`] expects to lose for each empty
    /// square at the cut (empty squares cut the board's paths, so games with many end early).
    pub horizon_empty: f32,
    /// What a rollout cut short at its horizon expects from the rest of its game, in place
    /// of the pieces-left rate and [`Policy::horizon_empty`].
    pub cut: Option<CutValue>,
}

impl Policy {
    /// The weights every preset starts from: no bonus for anything but the points at once,
    /// a dead end avoided, a little noise.
    const BASE: Policy = Policy {
        run: 0.0,
        set: [0.0; 4],
        path: [0.0; 3],
        ordered: 0.0,
        mobility: 0.0,
        empty: 0.0,
        alternate: 0.0,
        lookahead: 0.0,
        depth2: 0.0,
        dead_end: 20.0,
        noise: 1.0,
        horizon: u32::MAX,
        horizon_empty: 0.0,
        cut: None,
    };
    /// Runs of digits only (group 3).
    pub const DIGIT_RUNS: Policy = Policy {
        run: 1.5,
        set: [0.0, 0.5, 1.5, 3.0],
        mobility: -1.2,
        empty: -3.0,
        noise: 2.0,
        ..Policy::BASE
    };
    /// Runs of rooks, bishops and queens (group 4).
    pub const OFFICER_RUNS: Policy = Policy {
        run: 1.5,
        set: [0.0, 0.5, 1.5, 3.0],
        mobility: 0.3,
        ..Policy::BASE
    };
    /// Runs and digit sets (group 5).
    pub const DIGIT_SETS: Policy = Policy {
        run: -1.5,
        set: [0.0, 1.0, 5.0, 5.0],
        path: [0.0, 1.0, 0.0],
        empty: -4.0,
        // A full budget's many worlds want more varied rollouts than small budgets did.
        noise: 7.0,
        // Shorter rollouts fit more worlds in the time, and the far future is mostly noise.
        horizon: 20,
        // Fitted by `examples/cut_value.rs` to the player's own games (the figures are in
        // docs/tuning/solitaire-chess.md).
        cut: Some(CutValue {
            constant: 118.003,
            left: -0.992,
            left_squared: 2.409,
            empty: -3.038,
            gold: -1.672,
            isolated: -5.672,
            unreachable: -0.031,
            mobility: 11.433,
        }),
        ..Policy::BASE
    };
    /// Runs, sets of both kinds and their alternation (group 6).
    pub const SETS_OF_BOTH_KINDS: Policy = Policy {
        run: 1.0,
        set: [0.0, -2.5, 1.75, 6.25],
        path: [0.0, 2.0, 2.0],
        mobility: -0.15,
        empty: -5.0,
        alternate: 5.5,
        dead_end: 27.5,
        // A full budget's many worlds want more varied rollouts than small budgets did.
        noise: 7.0,
        ..Policy::BASE
    };
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            run: 1.5,
            set: [0.0, 0.5, 1.5, 3.0],
            mobility: 0.3,
            ..Policy::BASE
        }
    }
}

impl Policy {
    /// The policy tuned for the types that occur (docs/tuning/solitaire-chess.md): one for
    /// boards where only runs score (groups 3 and 4), one where digit sets can be made (group
    /// 5), one where both kinds of set can (group 6).
    pub fn for_types(types: &[Piece]) -> Policy {
        let has =
            |range: std::ops::Range<usize>| Piece::ALL[range].iter().all(|p| types.contains(p));
        let (digit_sets, officer_sets) = (has(0..4), has(4..8));
        let officers_only = types.iter().all(|p| p.kind() == Kind::Officer);
        match (digit_sets, officer_sets) {
            (true, true) | (false, true) => Policy::SETS_OF_BOTH_KINDS,
            (true, false) => Policy::DIGIT_SETS,
            (false, false) if officers_only => Policy::OFFICER_RUNS,
            (false, false) => Policy::DIGIT_RUNS,
        }
    }

    /// The policy with one weight changed, by its name (`run`, `set1`, `set2`, `set3`,
    /// `mobility`, `path1`, `path2`, `ordered`, `empty`, `alternate`, `lookahead`, `depth2`,
    /// `dead_end`, `noise`, `horizon`, `horizon_empty`; a horizon below 1 is none; and the
    /// weights of the [`CutValue`], `cut_` and a field's name, such as `cut_empty`, the others
    /// 0 if the policy had none).
    pub fn with(mut self, name: &str, weight: f32) -> Option<Policy> {
        if let Some(field) = name.strip_prefix("cut_") {
            let mut cut = self.cut.unwrap_or(CutValue::ZERO);
            *cut.weight(field)? = weight;
            self.cut = Some(cut);
            return Some(self);
        }
        let slot = match name {
            "run" => &mut self.run,
            "set1" => &mut self.set[1],
            "set2" => &mut self.set[2],
            "set3" => &mut self.set[3],
            "mobility" => &mut self.mobility,
            "path1" => &mut self.path[1],
            "path2" => &mut self.path[2],
            "ordered" => &mut self.ordered,
            "empty" => &mut self.empty,
            "alternate" => &mut self.alternate,
            "lookahead" => &mut self.lookahead,
            "depth2" => &mut self.depth2,
            "dead_end" => &mut self.dead_end,
            "horizon_empty" => &mut self.horizon_empty,
            "noise" => &mut self.noise,
            "horizon" => {
                self.horizon = if weight >= 1.0 && weight < u32::MAX as f32 {
                    weight as u32
                } else {
                    u32::MAX
                };
                return Some(self);
            }
            _ => return None,
        };
        *slot = weight;
        Some(self)
    }

    /// The policy's value of removing the piece on `square` (a legal square).
    #[inline]
    pub fn value(&self, game: &Game, square: Square) -> f32 {
        let piece = game.piece_unchecked(square);
        let mut tally = *game.tally();
        let gain = tally.push(piece) as f32;
        let reach = targets(piece, square) & game.occupied();
        if reach.is_empty() {
            return gain - self.dead_end;
        }
        let mut value = gain + self.mobility * reach.len().min(8) as f32;
        if game.removals_at(square) == 2 {
            value += self.empty;
        }
        if reach.intersects(game.showing(piece)) {
            value += self.run;
        }
        if self.lookahead != 0.0 {
            let mut best = 0;
            for next in Piece::ALL {
                if reach.intersects(game.showing(next)) {
                    best = best.max(tally.clone().push(next));
                }
            }
            value += self.lookahead * best as f32;
        }
        let pending = tally.pending();
        if let Some(needed) = set_needs(pending) {
            let mut wanted = Squares::EMPTY;
            let mut types = needed;
            while types != 0 {
                wanted |= game.by_type_index(types.trailing_zeros() as usize);
                types &= types - 1;
            }
            if reach.intersects(wanted) {
                let len = pending.len();
                value += self.set[len];
                if tally.chain() > 0 && Some(piece.kind()) != tally.chain_kind() {
                    value += self.alternate;
                }
                if self.ordered != 0.0
                    && let Some(next) = ordered_next(pending)
                    && reach.intersects(game.showing(next))
                {
                    value += self.ordered;
                }
                if len < 3
                    && self.path[len] != 0.0
                    && completes(game, piece, square, needed, square.into())
                {
                    value += self.path[len];
                }
            }
        }
        value
    }

    /// The policy's choice among the legal removals, or `None` when there is none.
    pub fn choose(&self, game: &Game, rng: &mut Rng) -> Option<Square> {
        self.choose_with(game, rng, |_, _| 0.0)
    }

    /// [`Policy::choose`] with `bonus` added to each removal's value.
    #[inline]
    pub(crate) fn choose_with(
        &self,
        game: &Game,
        rng: &mut Rng,
        bonus: impl Fn(&Game, Square) -> f32,
    ) -> Option<Square> {
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        for square in game.legal().iter() {
            let mut value = self.value(game, square) + bonus(game, square);
            if self.depth2 != 0.0 {
                let mut after = *game;
                after.play_unchecked(square);
                let best = after
                    .legal()
                    .iter()
                    .map(|next| self.value(&after, next))
                    .fold(f32::NEG_INFINITY, f32::max);
                if best.is_finite() {
                    value += self.depth2 * best;
                }
            }
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
    pub fn rollout(&self, game: Game, rng: &mut Rng) -> u32 {
        self.play_out(game, rng).score().total()
    }

    /// Plays the policy to the end of the game and returns the game at its end.
    pub fn play_out(&self, game: Game, rng: &mut Rng) -> Game {
        self.play_out_for(game, rng, u32::MAX)
    }

    /// Plays the policy for at most `steps` removals, or to the end of the game.
    pub fn play_out_for(&self, mut game: Game, rng: &mut Rng, mut steps: u32) -> Game {
        while steps > 0
            && let Some(square) = self.choose(&game, rng)
        {
            game.play_unchecked(square);
            steps -= 1;
        }
        game
    }
}

/// The points a rollout cut short at its [`Policy::horizon`] expects from each piece left
/// (about what the player's games make a removal in groups 5 and 6).
pub const HORIZON_RATE: f32 = 3.0;

/// The pieces a rollout cut short expects to leave on the board (about what the player's
/// games leave in groups 5 and 6).
pub const HORIZON_LEFTOVER: u32 = 16;

/// The digit that continues `1 2 3 4` or `4 3 2 1`, if the pending removals begin one.
fn ordered_next(pending: &[Piece]) -> Option<Piece> {
    use Piece::*;
    const UP: [Piece; 4] = [One, Two, Three, Four];
    const DOWN: [Piece; 4] = [Four, Three, Two, One];
    let len = pending.len();
    if len == 0 || len > 3 {
        return None;
    }
    if pending == &UP[..len] {
        Some(UP[len])
    } else if pending == &DOWN[..len] {
        Some(DOWN[len])
    } else {
        None
    }
}

/// Whether a path of removals over the pieces showing, starting with the reach of `piece`
/// removed from `from` and avoiding the squares in `used`, can take one piece of each type in
/// `needed` (a mask of type indices).
fn completes(game: &Game, piece: Piece, from: Square, needed: u8, used: Squares) -> bool {
    if needed == 0 {
        return true;
    }
    let reach = targets(piece, from) & game.occupied() & !used;
    let mut types = needed;
    while types != 0 {
        let index = types.trailing_zeros() as usize;
        types &= types - 1;
        let next = Piece::ALL[index];
        for square in reach & game.showing(next) {
            if completes(
                game,
                next,
                square,
                needed & !(1 << index),
                used.with(square),
            ) {
                return true;
            }
        }
    }
    false
}

/// The types (a mask of type indices) that would complete the set the pending removals have
/// started, if they can still become one (distinct types of one kind).
fn set_needs(pending: &[Piece]) -> Option<u8> {
    let first = pending.first()?;
    let kind = first.kind();
    let mut seen = 0u8;
    for p in pending {
        if p.kind() != kind || seen & (1 << p.index()) != 0 {
            return None;
        }
        seen |= 1 << p.index();
    }
    let all = if kind == Kind::Digit { 0x0f } else { 0xf0 };
    Some(all & !seen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_chess::Deal;
    use solitaire_chess::contest::alphabet;

    #[test]
    fn a_weight_is_changed_by_its_name() {
        let base = Policy::DIGIT_SETS;
        assert_eq!(base.with("run", 2.5).map(|p| p.run), Some(2.5));
        assert_eq!(base.with("walk", 2.0), None);
        // The cut value's weights: changed one by one, or started from 0 where there was none.
        let cut = base.with("cut_empty", -2.0).unwrap().cut.unwrap();
        assert_eq!(cut.empty, -2.0);
        assert_eq!(cut.mobility, base.cut.unwrap().mobility);
        let fresh = Policy::default().with("cut_left", 3.0).unwrap().cut;
        assert_eq!(
            fresh,
            Some(CutValue {
                left: 3.0,
                ..CutValue::ZERO
            })
        );
        assert_eq!(base.with("cut_run", 1.0), None);
    }

    #[test]
    fn each_group_gets_its_tuned_policy() {
        let policy = |letters: &str| Policy::for_types(&alphabet(letters).unwrap());
        assert_eq!(policy("12"), Policy::DIGIT_RUNS);
        assert_eq!(policy("tld"), Policy::OFFICER_RUNS);
        assert_eq!(policy("1234"), Policy::DIGIT_SETS);
        assert_eq!(policy("1234tlds"), Policy::SETS_OF_BOTH_KINDS);
        assert_eq!(policy("tlds"), Policy::SETS_OF_BOTH_KINDS);
    }

    #[test]
    fn ordered_sets_are_recognised_by_their_start() {
        use Piece::*;
        assert_eq!(ordered_next(&[One, Two]), Some(Three));
        assert_eq!(ordered_next(&[Four]), Some(Three));
        assert_eq!(ordered_next(&[Two, One]), None);
        assert_eq!(ordered_next(&[]), None);
    }

    #[test]
    fn a_set_is_completed_only_along_pieces_in_reach() {
        // 1 at (1,1) removed: a 2 at (1,2), then a 3 two steps from it at (3,2)... the board
        // below has 2 3 4 along a path, and no 4 once the 4 is taken away.
        let mut board = [Piece::Knight; 36];
        let at = |r, c| Square::at(r, c).unwrap();
        board[at(1, 1).index()] = Piece::One;
        board[at(1, 2).index()] = Piece::Two;
        board[at(3, 2).index()] = Piece::Three;
        board[at(6, 2).index()] = Piece::Four;
        let game = Game::new(&Deal {
            layers: board.map(|p| [p; 3]),
        });
        let needed = 0b1110;
        assert!(completes(
            &game,
            Piece::One,
            at(1, 1),
            needed,
            at(1, 1).into()
        ));
        board[at(6, 2).index()] = Piece::Knight;
        let game = Game::new(&Deal {
            layers: board.map(|p| [p; 3]),
        });
        assert!(!completes(
            &game,
            Piece::One,
            at(1, 1),
            needed,
            at(1, 1).into()
        ));
    }
}
