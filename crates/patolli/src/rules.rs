//! The move rules of the text: one roll of one marker, each rule a function, tried in the
//! text's order until one decides the move.
//!
//! Rules 1 and 2 set the game up (two players, three markers each, a die of 1..6) and rule 3
//! gives the target, `from + roll`. Then, in order: rule 4 (the target is occupied: stay),
//! rule 6 (the target is beyond 52: stay), rule 7 (a prime: slide forward), rule 8 (a square
//! greater than 4: slide back), rule 9 (a path that turns from horizontal to vertical: land on
//! the multiple of the roll). A move none of them decides is a plain landing: rule 5 lets a
//! marker jump over others on its way, and on 52 it finishes (rule 6).
//!
//! "Occupied" means held by any other marker, the mover's own side's included; the mover's
//! own starting location is free once it moves. A location reached by a slide or by rule 9 is
//! final: no rule applies to it again.

use std::fmt;

use crate::track::{Location, Markers, Roll, turns_horizontal_to_vertical};

/// How far rules 7 and 8 slide a marker.
pub const SLIDE: u8 = 6;

/// Which way a slide goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Rule 7: towards 52.
    Forward,
    /// Rule 8: towards 1.
    Back,
}

/// How a slide (rule 7 or 8) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlideEnd {
    /// All [`SLIDE`] locations, to this one.
    Full(Location),
    /// Just before an occupied location, on `on` (the landing location itself if the very
    /// next one is occupied).
    Blocked {
        /// The first occupied location on the way.
        before: Location,
        /// Where the marker stopped.
        on: Location,
    },
    /// The slide would go beyond 52 (rule 6): the marker stays where it landed.
    BeyondFinish,
}

/// What a roll did to the marker, and which rule decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Rule 4: the target is occupied; the marker stays where it was.
    Occupied {
        /// Where the roll would have taken it.
        target: Location,
    },
    /// Rule 6: the target lies beyond 52; the marker stays where it was.
    BeyondFinish {
        /// Where the roll would have taken it (53..=57).
        target: u8,
    },
    /// Rule 7 (a prime, forward) or rule 8 (a square greater than 4, back): the marker
    /// lands on `target` and slides from there.
    Slide {
        /// Where the roll took it.
        target: Location,
        /// Which way it slid.
        direction: Direction,
        /// How the slide ended.
        end: SlideEnd,
    },
    /// Rule 9: the path turned from horizontal to vertical, so the marker may only land on
    /// the multiple of the roll on its path (there is exactly one).
    Multiple {
        /// Where the roll would have taken it.
        target: Location,
        /// The multiple of the roll on the path.
        multiple: Location,
        /// Whether the multiple was free; if not, the marker stays where it was.
        free: bool,
    },
    /// No rule stopped or redirected the marker: it lands on `target` (rules 3 and 5), and
    /// finishes there if that is 52 (rule 6).
    Lands {
        /// Where it landed.
        target: Location,
    },
}

/// One roll played by one marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the marker started.
    pub from: Location,
    /// The roll.
    pub roll: Roll,
    /// What happened.
    pub outcome: Outcome,
}

impl Move {
    /// Where the marker ends up; 52 means it has finished and left the board.
    pub fn to(&self) -> Location {
        match self.outcome {
            Outcome::Occupied { .. } | Outcome::BeyondFinish { .. } => self.from,
            Outcome::Slide { target, end, .. } => match end {
                SlideEnd::Full(on) | SlideEnd::Blocked { on, .. } => on,
                SlideEnd::BeyondFinish => target,
            },
            Outcome::Multiple { multiple, free, .. } => {
                if free {
                    multiple
                } else {
                    self.from
                }
            }
            Outcome::Lands { target } => target,
        }
    }

    /// Whether the marker reached 52 and left the board.
    pub fn finished(&self) -> bool {
        self.to() == Location::FINISH
    }

    /// The number of the text's rule that decided the move.
    pub fn rule(&self) -> u8 {
        match self.outcome {
            Outcome::Occupied { .. } => 4,
            Outcome::BeyondFinish { .. } => 6,
            Outcome::Slide {
                direction: Direction::Forward,
                ..
            } => 7,
            Outcome::Slide {
                direction: Direction::Back,
                ..
            } => 8,
            Outcome::Multiple { .. } => 9,
            Outcome::Lands { target } if target == Location::FINISH => 6,
            Outcome::Lands { .. } => 3,
        }
    }
}

/// A roll about to be played.
struct Attempt {
    /// The locations held by every other marker on the board.
    others: Markers,
    /// Where the moving marker stands.
    from: Location,
    /// The roll.
    roll: Roll,
}

impl Attempt {
    /// Rule 3: where the roll takes the marker, as a number (beyond 52 if it overshoots).
    fn target_number(&self) -> u8 {
        self.from.number() + self.roll.value()
    }

    /// Where the roll takes the marker, if that is on the track.
    fn target(&self) -> Option<Location> {
        Location::new(u32::from(self.target_number()))
    }

    /// Rules 7 and 8: from `target`, one location at a time, up to [`SLIDE`] of them,
    /// stopping just before the first occupied one.
    fn slide(&self, target: Location, direction: Direction) -> SlideEnd {
        let step = match direction {
            Direction::Forward => 1,
            Direction::Back => -1,
        };
        let mut on = target;
        for _ in 0..SLIDE {
            let Some(next) = on.offset(step) else {
                // Only forward: the smallest square of rule 8 is 9, and 9 - 6 is still on the track.
                return SlideEnd::BeyondFinish;
            };
            if self.others.contains(next) {
                return SlideEnd::Blocked { before: next, on };
            }
            on = next;
        }
        SlideEnd::Full(on)
    }
}

/// A rule that may decide a move; `None` leaves it to the next rule.
type Rule = fn(&Attempt) -> Option<Outcome>;

/// The rules that may stop or redirect a move, in the text's order.
const RULES: [Rule; 5] = [
    rule_4_occupied,
    rule_6_beyond_finish,
    rule_7_prime,
    rule_8_square,
    rule_9_turn,
];

/// Rule 4: a marker that would land on an occupied location loses its turn.
fn rule_4_occupied(attempt: &Attempt) -> Option<Outcome> {
    let target = attempt.target()?;
    attempt
        .others
        .contains(target)
        .then_some(Outcome::Occupied { target })
}

/// Rule 6: no move takes a marker beyond 52.
fn rule_6_beyond_finish(attempt: &Attempt) -> Option<Outcome> {
    let target = attempt.target_number();
    (target > Location::FINISH.number()).then_some(Outcome::BeyondFinish { target })
}

/// Rule 7: on a prime, slide forward.
fn rule_7_prime(attempt: &Attempt) -> Option<Outcome> {
    let target = attempt.target().filter(|t| t.is_prime())?;
    Some(Outcome::Slide {
        target,
        direction: Direction::Forward,
        end: attempt.slide(target, Direction::Forward),
    })
}

/// Rule 8: on a perfect square greater than 4, slide back.
fn rule_8_square(attempt: &Attempt) -> Option<Outcome> {
    let target = attempt
        .target()
        .filter(|t| t.is_square() && t.number() > 4)?;
    Some(Outcome::Slide {
        target,
        direction: Direction::Back,
        end: attempt.slide(target, Direction::Back),
    })
}

/// Rule 9: on neither a prime nor a square, after a path that turned from horizontal to
/// vertical, only the multiple of the roll on the path will do.
fn rule_9_turn(attempt: &Attempt) -> Option<Outcome> {
    let target = attempt.target()?;
    if target.is_prime()
        || target.is_square()
        || !turns_horizontal_to_vertical(attempt.from, target)
    {
        return None;
    }
    // The path from+1..=target holds `roll` consecutive numbers, so exactly one multiple of
    // the roll: the largest one up to the target.
    let roll = attempt.roll.value();
    let multiple = Location::new(u32::from(target.number() / roll * roll))?;
    Some(Outcome::Multiple {
        target,
        multiple,
        free: !attempt.others.contains(multiple),
    })
}

/// Plays one roll of the marker on `from`; `others` are the locations every other marker
/// on the board holds (both sides'). The one move function of all three divisions.
pub fn move_marker(from: Location, roll: Roll, others: Markers) -> Move {
    let attempt = Attempt {
        others: others.without(from),
        from,
        roll,
    };
    let outcome = RULES
        .iter()
        .find_map(|rule| rule(&attempt))
        .unwrap_or_else(|| Outcome::Lands {
            // Rules 4 and 6 passed, so the target is on the track and below 53.
            target: attempt.target().unwrap_or(Location::FINISH),
        });
    Move {
        from,
        roll,
        outcome,
    }
}

/// The move as the trace tells it, e.g.
/// `roll 6: 1 -> 7, prime: slides forward, blocked before 8, stays on 7`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (from, roll) = (self.from, self.roll);
        write!(f, "roll {roll}: {from} -> ")?;
        match self.outcome {
            Outcome::Occupied { target } => write!(f, "{target}, occupied: stays on {from}")?,
            Outcome::BeyondFinish { target } => write!(f, "{target}, beyond 52: stays on {from}")?,
            Outcome::Slide {
                target,
                direction,
                end,
            } => {
                let (why, way) = match direction {
                    Direction::Forward => ("prime", "forward"),
                    Direction::Back => ("square", "back"),
                };
                write!(f, "{target}, {why}: ")?;
                match end {
                    SlideEnd::Full(on) => write!(f, "slides {way} {SLIDE} to {on}")?,
                    SlideEnd::Blocked { before, on } if on == target => {
                        write!(f, "slides {way}, blocked before {before}, stays on {on}")?
                    }
                    SlideEnd::Blocked { before, on } => {
                        write!(f, "slides {way}, blocked before {before}, stops on {on}")?
                    }
                    SlideEnd::BeyondFinish => write!(
                        f,
                        "a slide {way} of {SLIDE} would pass 52, stays on {target}"
                    )?,
                }
            }
            Outcome::Multiple {
                target,
                multiple,
                free,
            } => {
                write!(
                    f,
                    "{target}, horizontal then vertical: the multiple of {roll} on the path is {multiple}, "
                )?;
                if free {
                    write!(f, "lands on {multiple}")?
                } else {
                    write!(f, "occupied, stays on {from}")?
                }
            }
            Outcome::Lands { target } => write!(f, "{target}")?,
        }
        if self.finished() {
            f.write_str(", finished: leaves the board")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn at(n: u32) -> Location {
        Location::new(n).unwrap()
    }

    fn roll(n: u32) -> Roll {
        Roll::new(n).unwrap()
    }

    fn markers(locations: &[u32]) -> Markers {
        locations.iter().map(|&n| at(n)).collect()
    }

    /// The marker on `from` rolls `r` among markers on `others`: where it ends up.
    fn play(from: u32, r: u32, others: &[u32]) -> Move {
        move_marker(at(from), roll(r), markers(others))
    }

    fn to(from: u32, r: u32, others: &[u32]) -> u8 {
        play(from, r, others).to().number()
    }

    #[test]
    fn the_walk_through_of_the_sample() {
        // Opponent on 4, 14, 24; the player on 1, 8, 12; rolls 6 3 5 1 5 6.
        let m = play(1, 6, &[4, 14, 24, 8, 12]);
        assert_eq!(
            m.to_string(),
            "roll 6: 1 -> 7, prime: slides forward, blocked before 8, stays on 7"
        );
        assert_eq!(to(7, 3, &[4, 14, 24, 8, 12]), 10);
        assert_eq!(to(8, 5, &[4, 14, 24, 10, 12]), 13);
        let m = play(10, 1, &[4, 14, 24, 12, 13]);
        assert_eq!(
            m.to_string(),
            "roll 1: 10 -> 11, prime: slides forward, blocked before 12, stays on 11"
        );
        let m = play(11, 5, &[4, 14, 24, 12, 13]);
        assert_eq!(
            m.to_string(),
            "roll 5: 11 -> 16, square: slides back, blocked before 14, stops on 15"
        );
        let m = play(12, 6, &[4, 14, 24, 13, 15]);
        assert_eq!(m.rule(), 9);
        assert_eq!(
            m.to_string(),
            "roll 6: 12 -> 18, horizontal then vertical: the multiple of 6 on the path is 18, lands on 18"
        );
    }

    #[test]
    fn rule_9_decides_a_landing_on_52() {
        // 49 -> 50 is horizontal, 50 -> 51 vertical: the multiple of 3 on 50..52 is 51.
        let m = play(49, 3, &[]);
        assert_eq!(m.rule(), 9);
        assert_eq!(m.to(), at(51));
        assert!(!m.finished());
        // If 51 is taken, the marker stays: it does not finish.
        assert_eq!(to(49, 3, &[51]), 49);
        // 48 + 4: the multiple of 4 on 49..52 is 52 itself, and the marker finishes.
        let m = play(48, 4, &[]);
        assert_eq!(m.rule(), 9);
        assert!(m.finished());
        assert_eq!(
            m.to_string(),
            "roll 4: 48 -> 52, horizontal then vertical: the multiple of 4 on the path is 52, lands on 52, finished: leaves the board"
        );
        // Senior test 8: A's marker on 47 rolls 5. 47 -> 48 is horizontal, 50 -> 51 vertical,
        // so rule 9 decides before the landing on 52 could finish it: 50 is taken, it stays.
        let m = play(47, 5, &[48, 50, 44, 45, 46]);
        assert_eq!(m.rule(), 9);
        assert_eq!(m.to(), at(47));
        // 50 + 2 and 51 + 1 make only vertical steps: a plain landing, and the marker finishes.
        for (from, r) in [(50, 2), (51, 1)] {
            let m = play(from, r, &[]);
            assert_eq!(m.rule(), 6);
            assert!(m.finished());
        }
        assert_eq!(
            play(50, 2, &[]).to_string(),
            "roll 2: 50 -> 52, finished: leaves the board"
        );
    }

    #[test]
    fn the_prime_slide_from_47_would_pass_52() {
        let m = play(43, 4, &[]);
        assert_eq!(m.to(), at(47));
        assert_eq!(
            m.to_string(),
            "roll 4: 43 -> 47, prime: a slide forward of 6 would pass 52, stays on 47"
        );
        // Blocked on the way, the slide stops before the marker in the way instead: Junior
        // test 7 (43 + 4 = 47 with the opponent on 50 ends on 49) needs this.
        assert_eq!(to(43, 4, &[50]), 49);
        assert_eq!(to(43, 4, &[48]), 47);
        // The roll itself beyond 52: the marker stays where it was (rule 6).
        let m = play(50, 3, &[]);
        assert_eq!(m.to(), at(50));
        assert_eq!(m.to_string(), "roll 3: 50 -> 53, beyond 52: stays on 50");
    }

    #[test]
    fn four_is_not_a_square_of_rule_8() {
        let m = play(1, 3, &[]);
        assert_eq!(m.to(), at(4));
        assert_eq!(m.rule(), 3);
        assert_eq!(m.to_string(), "roll 3: 1 -> 4");
        // 9 is: back 6, to 3.
        let m = play(3, 6, &[]);
        assert_eq!(m.to(), at(3));
        assert_eq!(m.to_string(), "roll 6: 3 -> 9, square: slides back 6 to 3");
    }

    #[test]
    fn the_player_s_own_markers_block() {
        // Rule 4: landing on one's own marker.
        assert_eq!(
            play(5, 3, &[8]).outcome,
            Outcome::Occupied { target: at(8) }
        );
        assert_eq!(to(5, 3, &[8]), 5);
        // Rule 7: a slide stops before one's own marker (the walk-through, roll 1 from 10).
        assert_eq!(to(10, 1, &[12]), 11);
        // Rule 9: one's own marker on the multiple.
        assert_eq!(to(12, 6, &[18]), 12);
    }

    #[test]
    fn the_mover_s_starting_location_does_not_block_its_own_slide_back() {
        // 13 + 3 = 16, a square: back through 15, 14, 13 (where it came from), 12, 11 to 10.
        let m = play(13, 3, &[13]);
        assert_eq!(
            m.to_string(),
            "roll 3: 13 -> 16, square: slides back 6 to 10"
        );
        assert_eq!(to(13, 3, &[9]), 10);
        assert_eq!(to(13, 3, &[10]), 11);
    }

    #[test]
    fn no_rule_applies_after_a_slide() {
        // 5 is prime: forward 6 to 11, which is prime too, but the marker stays on 11.
        assert_eq!(to(3, 2, &[]), 11);
        // 25 is a square: back 6 to 19, a prime, and the marker stays on 19.
        assert_eq!(to(20, 5, &[]), 19);
        // 13 is prime: forward 6 to 19 would pass 16, a square; it is not looked at.
        assert_eq!(to(12, 1, &[]), 19);
        // 36 is a square: back to 30; neither 30 nor the path makes rule 9 apply again.
        assert_eq!(to(33, 3, &[]), 30);
    }

    #[test]
    fn rule_9_lands_short_of_the_target_or_stays() {
        // 3 + 5 = 8 turns at 6 -> 7 -> 8; the multiple of 5 on 4..8 is 5.
        let m = play(3, 5, &[]);
        assert_eq!(
            m.to_string(),
            "roll 5: 3 -> 8, horizontal then vertical: the multiple of 5 on the path is 5, lands on 5"
        );
        let m = play(3, 5, &[5]);
        assert_eq!(
            m.to_string(),
            "roll 5: 3 -> 8, horizontal then vertical: the multiple of 5 on the path is 5, occupied, stays on 3"
        );
        // A jump over markers is fine (rule 5).
        assert_eq!(to(1, 3, &[2, 3]), 4);
    }

    /// The rules written again as the clarifications state them, with numbers only.
    fn by_the_clarifications(from: u8, r: u8, occupied: &[bool; 53]) -> u8 {
        const TURNS: [u8; 9] = [6, 11, 16, 21, 26, 34, 39, 44, 49];
        let taken = |n: u8| n <= 52 && occupied[usize::from(n)];
        let dest = from + r;
        if dest > 52 || taken(dest) {
            return from;
        }
        let slide = |step: i8| {
            let mut on = dest;
            for _ in 0..6 {
                let next = on.wrapping_add_signed(step);
                if next > 52 {
                    return dest;
                }
                if taken(next) {
                    return on;
                }
                on = next;
            }
            on
        };
        if [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47].contains(&dest) {
            return slide(1);
        }
        if [9, 16, 25, 36, 49].contains(&dest) {
            return slide(-1);
        }
        if dest != 4 && TURNS.iter().any(|&t| from <= t && dest >= t + 2) {
            let multiple = (from + 1..=dest).find(|n| n % r == 0).unwrap();
            return if taken(multiple) { from } else { multiple };
        }
        dest
    }

    proptest! {
        #[test]
        fn the_rules_agree_with_the_clarifications(
            from in 1u32..=51,
            r in 1u32..=6,
            others in proptest::collection::vec(1u32..=51, 0..6),
        ) {
            let mut occupied = [false; 53];
            for &n in &others {
                occupied[n as usize] = n != from;
            }
            let m = play(from, r, &others);
            prop_assert_eq!(
                m.to().number(),
                by_the_clarifications(from as u8, r as u8, &occupied),
                "{}", m
            );
        }

        #[test]
        fn a_move_never_ends_on_another_marker(
            from in 1u32..=51,
            r in 1u32..=6,
            others in proptest::collection::vec(1u32..=51, 0..6),
        ) {
            let m = play(from, r, &others);
            let end = m.to().number();
            prop_assert!(m.to() == m.from || !markers(&others).without(m.from).contains(m.to()));
            prop_assert!(end <= 52);
            prop_assert!(usize::from(end.abs_diff(from as u8)) <= 12);
        }
    }
}
