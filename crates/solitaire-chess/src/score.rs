//! The official score: one point a removal, and the run, set and alternation bonuses.
//!
//! [`score`] is the judge's scan over the whole sequence of removed types, written as the
//! judge describes it; [`Tally`] computes the same number one removal at a time, which is
//! what the player's search needs. A property test keeps the two equal.

use std::fmt;

use crate::board::{Kind, PIECES, Piece};

/// A score and where its points come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    /// One point a removal (bronze 0, silver 1, gold 2, empty 3 add up to this).
    pub moves: u32,
    /// Runs of one type: 4 for the second removal of a run, 2 for each later one.
    pub runs: u32,
    /// Sets of four: 12 for `1 2 3 4` or `4 3 2 1`, 8 for the digits in another order or the
    /// four officers in any order.
    pub sets: u32,
    /// Sets of alternating kinds back to back: 16 when a chain reaches two sets, 8 for every
    /// further link.
    pub alternation: u32,
}

impl Score {
    /// The sum of the parts.
    #[inline]
    pub const fn total(&self) -> u32 {
        self.moves + self.runs + self.sets + self.alternation
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} = {} + {} run bonus + {} set bonus + {} alternation bonus",
            self.total(),
            text::Counted(self.moves, "move"),
            self.runs,
            self.sets,
            self.alternation
        )
    }
}

/// The highest score there is: every piece removed in one run of one type (a point a
/// removal, 4 for the second of the run and 2 for each later one).
pub const MAX_SCORE: u32 = PIECES as u32 + 4 + 2 * (PIECES as u32 - 2);

/// What four consecutive removals are worth as a set, and the set's kind; `None` if they are
/// not a set.
#[inline]
pub fn set_value(window: [Piece; 4]) -> Option<(u32, Kind)> {
    let mut seen = 0u8;
    for piece in window {
        seen |= 1 << piece.index();
    }
    if seen == 0x0f {
        use Piece::*;
        let ordered = window == [One, Two, Three, Four] || window == [Four, Three, Two, One];
        Some((if ordered { 12 } else { 8 }, Kind::Digit))
    } else if seen == 0xf0 {
        Some((8, Kind::Officer))
    } else {
        None
    }
}

/// The official judge's score of a whole game, given the types removed in order.
#[inline]
pub fn score(removed: &[Piece]) -> Score {
    let mut score = Score {
        moves: removed.len() as u32,
        ..Score::default()
    };
    for (i, piece) in removed.iter().enumerate().skip(1) {
        if removed[i - 1] == *piece {
            let second = i < 2 || removed[i - 2] != *piece;
            score.runs += if second { 4 } else { 2 };
        }
    }
    let mut chain = 0u32;
    let mut last_kind = Kind::Digit;
    let mut i = 0;
    while i + 4 <= removed.len() {
        let window = [removed[i], removed[i + 1], removed[i + 2], removed[i + 3]];
        match set_value(window) {
            Some((value, kind)) => {
                score.sets += value;
                chain = if chain > 0 && kind != last_kind {
                    chain + 1
                } else {
                    1
                };
                last_kind = kind;
                score.alternation += match chain {
                    0 | 1 => 0,
                    2 => 16,
                    _ => 8,
                };
                i += 4;
            }
            None => {
                chain = 0;
                i += 1;
            }
        }
    }
    score
}

/// The score of a game so far, kept up to date one removal at a time.
///
/// After every [`Tally::push`], [`Tally::score`] equals [`score`] of all the types pushed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tally {
    score: Score,
    /// The type removed last, if any.
    last: Option<Piece>,
    /// Whether the last removal already continued a run (so the next one is worth 2, not 4).
    in_run: bool,
    /// The removals the set scan has not yet passed: at most three.
    window: [Piece; 3],
    window_len: u8,
    /// The length of the current chain of alternating sets, and the kind of its last set.
    chain: u8,
    chain_kind: Kind,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally::new()
    }
}

impl Tally {
    /// Nothing removed yet.
    pub const fn new() -> Tally {
        Tally {
            score: Score {
                moves: 0,
                runs: 0,
                sets: 0,
                alternation: 0,
            },
            last: None,
            in_run: false,
            window: [Piece::One; 3],
            window_len: 0,
            chain: 0,
            chain_kind: Kind::Digit,
        }
    }

    /// The score so far.
    #[inline]
    pub const fn score(&self) -> Score {
        self.score
    }

    /// The type removed last.
    #[inline]
    pub const fn last(&self) -> Option<Piece> {
        self.last
    }

    /// Whether the last removal continued a run (so that one more of its type adds 2, not 4).
    #[inline]
    pub const fn in_run(&self) -> bool {
        self.in_run
    }

    /// The removals the set scan will look at next (at most three, oldest first).
    #[inline]
    pub fn pending(&self) -> &[Piece] {
        &self.window[..usize::from(self.window_len)]
    }

    /// The kind of the last set of the current chain, if there is a chain.
    #[inline]
    pub const fn chain_kind(&self) -> Option<Kind> {
        if self.chain > 0 {
            Some(self.chain_kind)
        } else {
            None
        }
    }

    /// The length of the current chain of alternating sets.
    #[inline]
    pub const fn chain(&self) -> u8 {
        self.chain
    }

    /// Adds a removal and returns the points it brought at once.
    #[inline]
    pub fn push(&mut self, piece: Piece) -> u32 {
        let before = self.score.total();
        self.score.moves += 1;
        if self.last == Some(piece) {
            self.score.runs += if self.in_run { 2 } else { 4 };
            self.in_run = true;
        } else {
            self.in_run = false;
        }
        self.last = Some(piece);
        let len = usize::from(self.window_len);
        if len < 3 {
            self.window[len] = piece;
            self.window_len += 1;
        } else {
            let window = [self.window[0], self.window[1], self.window[2], piece];
            match set_value(window) {
                Some((value, kind)) => {
                    self.score.sets += value;
                    self.chain = if self.chain > 0 && kind != self.chain_kind {
                        self.chain.saturating_add(1)
                    } else {
                        1
                    };
                    self.chain_kind = kind;
                    self.score.alternation += match self.chain {
                        0 | 1 => 0,
                        2 => 16,
                        _ => 8,
                    };
                    self.window_len = 0;
                }
                None => {
                    // The scan moves on by one; the window keeps the last three.
                    self.chain = 0;
                    self.window = [window[1], window[2], window[3]];
                }
            }
        }
        self.score.total() - before
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pieces(text: &str) -> Vec<Piece> {
        text.split_whitespace()
            .map(|name| Piece::from_wire(name).unwrap())
            .collect()
    }

    fn tallied(removed: &[Piece]) -> Score {
        let mut tally = Tally::new();
        let mut sum = 0;
        for &piece in removed {
            sum += tally.push(piece);
        }
        assert_eq!(sum, tally.score().total());
        tally.score()
    }

    fn both(text: &str) -> Score {
        let removed = pieces(text);
        let score = score(&removed);
        assert_eq!(tallied(&removed), score, "{text}");
        score
    }

    #[test]
    fn first_worked_example_awards_two_sets_but_no_alternation() {
        let s = both("4 1 2 3 4 dam torn springare lopare");
        assert_eq!((s.moves, s.runs, s.sets, s.alternation), (9, 0, 16, 0));
    }

    #[test]
    fn second_worked_example_lets_a_run_and_a_set_overlap() {
        let s = both("1 1 2 3 4");
        assert_eq!((s.moves, s.runs, s.sets, s.alternation), (5, 4, 12, 0));
        assert_eq!(s.total(), 21);
    }

    #[test]
    fn runs_are_worth_twice_their_length() {
        assert_eq!(both("2 2").runs, 4);
        assert_eq!(both("2 2 2 2 2").runs, 10);
        assert_eq!(both("2 2 1 2 2 2").runs, 4 + 6);
        assert_eq!(both("torn dam").runs, 0);
    }

    #[test]
    fn alternation_chain_of_two_sets() {
        let s = both("3 1 4 2 torn lopare dam springare");
        assert_eq!((s.sets, s.alternation), (16, 16));
        let s = both("springare dam lopare torn 4 3 2 1");
        assert_eq!((s.sets, s.alternation), (8 + 12, 16));
    }

    #[test]
    fn alternation_chain_of_three_sets() {
        let s = both("1 2 3 4 torn lopare dam springare 2 1 4 3");
        assert_eq!((s.sets, s.alternation), (12 + 8 + 8, 24));
        assert_eq!(s.total(), 12 + 28 + 24);
    }

    #[test]
    fn chains_break_on_a_set_of_the_same_kind_or_a_non_set_window() {
        // Digit, digit, officer: the second digit set restarts the chain at 1.
        let s = both("1 2 3 4 2 1 4 3 torn lopare dam springare");
        assert_eq!(s.alternation, 16);
        // A stray removal between two sets breaks the chain.
        let s = both("1 2 3 4 1 torn lopare dam springare");
        assert_eq!((s.sets, s.alternation), (20, 0));
    }

    #[test]
    fn a_full_single_type_game_scores_324() {
        let removed = vec![Piece::Knight; 108];
        let s = score(&removed);
        assert_eq!(s.total(), 324);
        assert_eq!(MAX_SCORE, 324);
        assert_eq!(tallied(&removed), s);
    }

    #[test]
    fn display_shows_the_breakdown() {
        assert_eq!(
            both("1 1 2 3 4").to_string(),
            "21 = 5 moves + 4 run bonus + 12 set bonus + 0 alternation bonus"
        );
    }

    proptest! {
        #[test]
        fn tally_agrees_with_the_judges_scan(
            indices in proptest::collection::vec(0usize..8, 0..120),
        ) {
            let removed: Vec<Piece> = indices.iter().map(|&i| Piece::ALL[i]).collect();
            prop_assert_eq!(tallied(&removed), score(&removed));
        }

        #[test]
        fn set_rich_sequences_agree_too(
            chunks in proptest::collection::vec(
                (any::<bool>(), 0usize..24, proptest::option::of(0usize..8)),
                0..20,
            ),
        ) {
            // Whole sets of either kind in any order, now and then a stray removal between
            // them, so that sets, their chains and chain breaks all occur.
            let mut removed = Vec::new();
            for (digits, mut order, stray) in chunks {
                let mut pool: Vec<Piece> = Piece::ALL[if digits { 0..4 } else { 4..8 }].to_vec();
                for n in (1..=4).rev() {
                    removed.push(pool.remove(order % n));
                    order /= n;
                }
                removed.extend(stray.map(|i| Piece::ALL[i]));
            }
            prop_assert_eq!(tallied(&removed), score(&removed));
        }
    }
}
