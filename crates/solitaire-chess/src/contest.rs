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
    #[error("an alphabet has at least one letter of 1 2 3 4 t l d s")]
    Empty,
    /// A letter stands for no piece.
    #[error("{0:?} is not a judge letter: the letters are 1 2 3 4 t l d s")]
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

/// The protocol between the judge and the contest program, and an example of a game, for
/// the contest program's help.
pub const FORMAT: &str = "\
The protocol: the judge writes the board, six lines of the six pieces showing (each 1, 2, 3,
4, torn, lopare, dam or springare); the player writes a removal `ROW COL` (1..6 each) a line,
and the judge answers each with the piece that shows there now, or `blank`; when no removal
is left the player writes `0 0`:
  judge:  dam lopare torn lopare lopare lopare      (six lines of six pieces)
  player: 1 1
  judge:  torn                                      (what shows on 1 1 now)
  player: ...   and at the end: 0 0

Example (the built-in player against the official judge, official case g4-1):
  $ boardgames solitaire-chess judge --official g4-1 -- boardgames solitaire-chess play --worlds 8
  game: official case g4-1 (alphabet tld, seed 6; best contestant 18)
  verdict: stopped with `0 0`
  player: exited with status 0
  moves: 33
  time: [..] ms
  score: 79 = 33 moves + 46 run bonus + 0 set bonus + 0 alternation bonus
  result: accepted (exit status 0)";

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

    /// What a reader is told of the case: `official case g4-1 (alphabet tld, seed 6; best
    /// contestant 18)`.
    pub fn describe(&self) -> String {
        format!(
            "official case {} (alphabet {}, seed {}; best contestant {})",
            self.name, self.letters, self.seed, self.best
        )
    }

    /// The points a score earns here once the contest is over: `points * score / Y`, Y the
    /// best score of all programs (this one's included).
    pub fn contest_points(&self, score: u32) -> f64 {
        let best = score.max(self.best).max(1);
        f64::from(self.points) * f64::from(score) / f64::from(best)
    }
}

/// A name that is no official case's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no such case: the cases are {}", official_cases().into_iter().map(|case| case.name).collect::<Vec<_>>().join(", "))]
pub struct UnknownCase;

impl std::str::FromStr for OfficialCase {
    type Err = UnknownCase;

    /// An official case by its name, in any case (`g4-1`, `G4-1`).
    fn from_str(name: &str) -> Result<OfficialCase, UnknownCase> {
        official_case(&name.to_ascii_lowercase()).ok_or(UnknownCase)
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
    use crate::board::{BoardText, Square};

    #[test]
    fn the_conversation_in_the_help_is_the_sample_cases() {
        let judge = |line: &str| {
            let said = line.trim_start().strip_prefix("judge:")?;
            Some(said.split("  (").next()?.trim().to_string())
        };
        let said: Vec<String> = FORMAT.lines().filter_map(judge).collect();
        assert_eq!(said[0], SAMPLE_BOARD.lines().next().unwrap());
        let deal = official_case(SAMPLE_CASE).unwrap().deal();
        let shown = crate::Referee::new(&deal).play(Square::at(1, 1).unwrap());
        assert_eq!(shown.unwrap().map(Piece::wire_name), Some(said[1].as_str()));
    }

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
    fn official_cases_are_named_in_any_case() {
        let case: OfficialCase = "G4-1".parse().unwrap();
        assert_eq!(
            case.describe(),
            "official case g4-1 (alphabet tld, seed 6; best contestant 18)"
        );
        let unknown = "g7".parse::<OfficialCase>().unwrap_err().to_string();
        assert!(
            unknown.starts_with("no such case: the cases are g1, g2, g3-1, "),
            "{unknown}"
        );
        assert_eq!(unknown.matches(", ").count(), 13);
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
