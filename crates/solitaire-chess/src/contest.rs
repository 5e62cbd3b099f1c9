//! The contest's test groups and its 14 official test cases.

use crate::board::Deal;
use crate::board::Piece;
use crate::pyrandom::official_deal;

/// A test group of the contest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// 1..=6.
    pub number: u8,
    /// The judge's letters for the types that occur (`1`..`4`, `t`, `l`, `d`, `s`).
    pub letters: &'static str,
    /// What the group was worth.
    pub points: u32,
}

/// The six groups, as the problem text lists them.
pub const GROUPS: [Group; 6] = [
    Group {
        number: 1,
        letters: "s",
        points: 4,
    },
    Group {
        number: 2,
        letters: "1",
        points: 4,
    },
    Group {
        number: 3,
        letters: "12",
        points: 6,
    },
    Group {
        number: 4,
        letters: "tld",
        points: 9,
    },
    Group {
        number: 5,
        letters: "1234",
        points: 24,
    },
    Group {
        number: 6,
        letters: "1234tlds",
        points: 53,
    },
];

/// Why a text is not an alphabet of judge letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AlphabetError {
    /// There is no letter at all.
    #[error("no letter")]
    Empty,
    /// A letter stands for no piece.
    #[error("{0:?}")]
    Letter(char),
}

/// The types an alphabet of judge letters stands for, in its order.
pub fn alphabet(letters: &str) -> Result<Vec<Piece>, AlphabetError> {
    if letters.is_empty() {
        return Err(AlphabetError::Empty);
    }
    letters
        .chars()
        .map(|c| Piece::from_letter(c).ok_or(AlphabetError::Letter(c)))
        .collect()
}

impl Group {
    /// The group with a number 1..=6.
    pub fn get(number: u8) -> Option<Group> {
        GROUPS.iter().copied().find(|g| g.number == number)
    }

    /// The contest's points for a score when the best score of all programs is taken to be
    /// `best`: `points * score / best`, and no more than `points` for a score above `best`.
    pub fn contest_points(&self, score: f64, best: f64) -> f64 {
        f64::from(self.points) * score.min(best) / best
    }

    /// The official judge's deal of this group for a seed.
    pub fn deal(&self, seed: u64) -> Deal {
        official_deal(&alphabet(self.letters).unwrap_or_default(), seed)
    }
}

/// The official case that samples show: group 4, whose games are short.
pub const SAMPLE_CASE: &str = "g4-1";

/// The bronze layer of [`SAMPLE_CASE`] as the judge prints it: the board its player is shown
/// first.
pub const SAMPLE_BOARD: &str = "\
    dam lopare torn lopare lopare lopare\n\
    lopare dam dam dam dam lopare\n\
    lopare lopare torn lopare dam lopare\n\
    dam dam dam dam lopare torn\n\
    dam dam lopare lopare torn dam\n\
    torn dam dam lopare dam torn\n\
";

/// One of the contest's official test cases and the best score a contestant reached on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfficialCase {
    /// Its name, such as `g6-1`.
    pub name: String,
    /// Its group.
    pub group: u8,
    /// The judge's letters.
    pub letters: String,
    /// What it was worth.
    pub points: u32,
    /// The judge's seed.
    pub seed: u64,
    /// The best contestant's score.
    pub best: u32,
}

impl OfficialCase {
    /// The deal the official judge played.
    pub fn deal(&self) -> Deal {
        official_deal(&alphabet(&self.letters).unwrap_or_default(), self.seed)
    }

    /// The points a score earns here once the contest is over: `points * score / Y`, Y the
    /// best score of all programs (this one's included).
    pub fn contest_points(&self, score: u32) -> f64 {
        let best = score.max(self.best).max(1);
        f64::from(self.points) * f64::from(score) / f64::from(best)
    }
}

/// The published table of the official cases (tab-separated, with a header).
const OFFICIAL_TSV: &str = include_str!("../data/official-tests.tsv");

/// The 14 official test cases.
pub fn official_cases() -> Vec<OfficialCase> {
    OFFICIAL_TSV
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [name, group, letters, points, seed, best] = fields.as_slice() else {
                return None;
            };
            Some(OfficialCase {
                name: name.to_string(),
                group: group.parse().ok()?,
                letters: letters.to_string(),
                points: points.parse().ok()?,
                seed: seed.parse().ok()?,
                best: best.parse().ok()?,
            })
        })
        .collect()
}

/// The official case with a name, such as `g6-1`.
pub fn official_case(name: &str) -> Option<OfficialCase> {
    official_cases().into_iter().find(|case| case.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardText;

    #[test]
    fn the_official_table_has_14_cases_that_agree_with_the_groups() {
        let cases = official_cases();
        assert_eq!(cases.len(), 14);
        let mut points = [0; 7];
        for case in &cases {
            let group = Group::get(case.group).unwrap();
            assert_eq!(case.letters, group.letters, "{}", case.name);
            points[usize::from(case.group)] += case.points;
        }
        // Every group's cases add up to the group's points.
        for group in GROUPS {
            assert_eq!(points[usize::from(group.number)], group.points);
        }
        assert_eq!(official_case("g6-1").unwrap().best, 52);
        assert_eq!(official_case("g7"), None);
    }

    #[test]
    fn the_sample_board_is_the_bronze_layer_of_the_sample_case() {
        let deal = official_case(SAMPLE_CASE).unwrap().deal();
        assert_eq!(BoardText(&deal.bronze()).to_string(), SAMPLE_BOARD);
        assert_eq!(deal, Group::get(4).unwrap().deal(6));
    }

    #[test]
    fn alphabets() {
        assert_eq!(
            alphabet("tld"),
            Ok(vec![Piece::Rook, Piece::Bishop, Piece::Queen])
        );
        assert_eq!(alphabet("1x"), Err(AlphabetError::Letter('x')));
        assert_eq!(alphabet(""), Err(AlphabetError::Empty));
    }

    #[test]
    fn contest_points_use_the_better_of_the_two_scores() {
        let case = official_case("g5-1").unwrap();
        assert_eq!(case.contest_points(153), 8.0);
        assert_eq!(case.contest_points(306), 8.0);
        assert_eq!(case.contest_points(0), 0.0);
        assert!((case.contest_points(51) - 8.0 / 3.0).abs() < 1e-9);
        let group = Group::get(5).unwrap();
        assert_eq!(group.contest_points(100.0, 200.0), 12.0);
        assert_eq!(group.contest_points(300.0, 200.0), 24.0);
    }
}
