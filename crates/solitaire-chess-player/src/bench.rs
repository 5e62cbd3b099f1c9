//! The player over many deals, several games at once, and what its scores come to: per
//! contest group, or per official case against the best contestant.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};

use solitaire_chess::contest::{GROUPS, Group, OfficialCase};
use solitaire_chess::{Deal, MAX_SCORE, Outcome};

use crate::{Config, self_play};

/// One game of a bench: its deal, and where it goes in the tables.
#[derive(Clone, Debug)]
pub struct Game {
    /// The contest group of the deal.
    pub group: u8,
    /// Its name in a table: `seed N`, or the official case's name.
    pub label: String,
    /// The deal.
    pub deal: Deal,
    /// The official case played, if it is one.
    pub official: Option<OfficialCase>,
}

/// A list of numbers that is not `A-B` or `A,B,...` (or a mix), or names a group that is none.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadList {
    /// A part of the list that is neither a whole number nor a range of them (`-5`, say).
    #[error("{0:?} is not a whole number (0 or more) nor a range A-B of them")]
    Number(String),
    /// A range that is empty or too long.
    #[error("{0:?} is not a range A-B with A <= B (at most 100000 numbers)")]
    Range(String),
    /// No contest group has this number.
    #[error("no group {0}: the groups are 1-6")]
    Group(u64),
}

/// Reads `A-B` or `A,B,C` (or a single number, or a mix) as a list of numbers, such as seeds.
pub fn numbers(text: &str) -> Result<Vec<u64>, BadList> {
    let mut numbers = Vec::new();
    for part in text.split(',') {
        let number = |text: &str| {
            text.trim()
                .parse::<u64>()
                .map_err(|_| BadList::Number(part.trim().into()))
        };
        let (first, last) = match part.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => {
                let n = number(part)?;
                (n, n)
            }
        };
        if first > last || last - first > 100_000 {
            return Err(BadList::Range(part.into()));
        }
        numbers.extend(first..=last);
    }
    Ok(numbers)
}

/// Reads a list of contest groups (1..6), as [`numbers`].
pub fn groups(text: &str) -> Result<Vec<Group>, BadList> {
    let numbers = numbers(text)?;
    let group = |n: u64| {
        u8::try_from(n)
            .ok()
            .and_then(Group::get)
            .ok_or(BadList::Group(n))
    };
    numbers.into_iter().map(group).collect()
}

/// Every group's deal for every seed, group by group.
pub fn group_games(groups: &[Group], seeds: &[u64]) -> Vec<Game> {
    let games = groups.iter().flat_map(|group| {
        seeds.iter().map(|&seed| Game {
            group: group.number,
            label: format!("seed {seed}"),
            deal: group.deal(seed),
            official: None,
        })
    });
    games.collect()
}

/// The official cases' games.
pub fn official_games(cases: &[OfficialCase]) -> Vec<Game> {
    let games = cases.iter().map(|case| Game {
        group: case.group,
        label: case.name.clone(),
        deal: case.deal(),
        official: Some(case.clone()),
    });
    games.collect()
}

/// Plays every game, `at_once` at a time, and gives the outcomes in the games' order;
/// `done` is called after each game.
pub fn play_all(
    games: &[Game],
    config: Config,
    at_once: usize,
    done: impl Fn() + Sync,
) -> Vec<Outcome> {
    // Plain threads, each taking the next game when it is done with one: a thread of a rayon
    // pool, while it waits for the player's own threads, would take up another game, whose
    // clock would run meanwhile.
    let next = AtomicUsize::new(0);
    let play = || {
        let mut played = Vec::new();
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(game) = games.get(index) else {
                return played;
            };
            played.push((index, self_play(&game.deal, config)));
            done();
        }
    };
    let mut played: Vec<(usize, Outcome)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..at_once.max(1)).map(|_| scope.spawn(play)).collect();
        let mut played = Vec::new();
        for worker in workers {
            // A game that panicked is a bug to show, not a score to leave out.
            let outcomes = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            played.extend(outcomes);
        }
        played
    });
    played.sort_by_key(|(index, _)| *index);
    played.into_iter().map(|(_, outcome)| outcome).collect()
}

/// The best score of all programs that a group's contest points assume (Y in the contest's
/// points), for games that are no official case.
pub const ASSUMED_BEST: f64 = 200.0;

/// A group's games summed up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroupSummary {
    /// The group.
    pub group: Group,
    /// Games played.
    pub games: usize,
    /// The mean, least and greatest points.
    pub mean: f64,
    /// See `mean`.
    pub min: u32,
    /// See `mean`.
    pub max: u32,
    /// The mean number of removals.
    pub moves: f64,
    /// The mean contest points of a game, against [`ASSUMED_BEST`].
    pub points: f64,
}

/// Each group with games, summed up.
pub fn group_summaries(games: &[Game], outcomes: &[Outcome]) -> Vec<GroupSummary> {
    let mut summaries = Vec::new();
    for group in GROUPS {
        let scores: Vec<(u32, usize)> = games
            .iter()
            .zip(outcomes)
            .filter(|(game, _)| game.group == group.number)
            .map(|(_, outcome)| (outcome.points(), outcome.moves.len()))
            .collect();
        if scores.is_empty() {
            continue;
        }
        let n = scores.len() as f64;
        let mean = |of: &dyn Fn(&(u32, usize)) -> f64| scores.iter().map(of).sum::<f64>() / n;
        summaries.push(GroupSummary {
            group,
            games: scores.len(),
            mean: mean(&|&(s, _)| f64::from(s)),
            min: scores.iter().map(|&(s, _)| s).min().unwrap_or(0),
            max: scores.iter().map(|&(s, _)| s).max().unwrap_or(0),
            moves: mean(&|&(_, m)| m as f64),
            // Each game earns at most the group's points, however far its score passes Y.
            points: mean(&|&(s, _)| group.contest_points(f64::from(s), ASSUMED_BEST)),
        });
    }
    summaries
}

/// An official case's game against the best contestant's score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CaseResult {
    /// The points the game scored.
    pub score: u32,
    /// The contest points it earns, Y the best of all programs (this one's included).
    pub share: f64,
    /// How it compares with the best contestant.
    pub mark: &'static str,
}

impl CaseResult {
    /// The result of a game of `case`.
    pub fn of(case: &OfficialCase, outcome: &Outcome) -> CaseResult {
        let score = outcome.points();
        let mark = match score.cmp(&case.best) {
            std::cmp::Ordering::Greater => "above best",
            std::cmp::Ordering::Equal if score == MAX_SCORE => "ties best at the maximum",
            std::cmp::Ordering::Equal => "ties best",
            std::cmp::Ordering::Less => "BELOW best",
        };
        CaseResult {
            score,
            share: case.contest_points(score),
            mark,
        }
    }
}

/// The bench's table: for official cases a row a case against the best contestant and the
/// contest points in all; otherwise a row a group (games, mean, min and max points, mean
/// removals, contest points against [`ASSUMED_BEST`]).
pub fn table(games: &[Game], outcomes: &[Outcome]) -> String {
    let mut text = String::new();
    if games.iter().any(|game| game.official.is_none()) {
        let _ = writeln!(
            text,
            "{:<6} {:>5} {:>7} {:>5} {:>5} {:>7} {:>13}",
            "group", "games", "mean", "min", "max", "moves", "points Y=200"
        );
        for s in group_summaries(games, outcomes) {
            let _ = writeln!(
                text,
                "{:<6} {:>5} {:>7.1} {:>5} {:>5} {:>7.1} {:>6.2} of {:>2}",
                s.group.number, s.games, s.mean, s.min, s.max, s.moves, s.points, s.group.points
            );
        }
        return text;
    }
    let _ = writeln!(
        text,
        "{:<6} {:>5} {:>6} {:>5} {:>6} {:>8}  verdict",
        "case", "score", "best", "moves", "points", "of"
    );
    let (mut earned, mut possible) = (0.0, 0);
    for (game, outcome) in games.iter().zip(outcomes) {
        let Some(case) = &game.official else {
            continue;
        };
        let result = CaseResult::of(case, outcome);
        earned += result.share;
        possible += case.points;
        let _ = writeln!(
            text,
            "{:<6} {:>5} {:>6} {:>5} {:>6.2} {:>8}  {}; {}",
            game.label,
            result.score,
            case.best,
            outcome.moves.len(),
            result.share,
            case.points,
            outcome.verdict,
            result.mark
        );
    }
    let _ = writeln!(
        text,
        "contest points (Y = best of all): {earned:.2} of {possible}"
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use solitaire_chess::contest::official_case;

    #[test]
    fn lists_of_numbers_are_ranges_and_single_numbers() {
        assert_eq!(numbers("1-3,7, 9 - 10"), Ok(vec![1, 2, 3, 7, 9, 10]));
        assert_eq!(numbers("5"), Ok(vec![5]));
        assert_eq!(
            numbers("3-1").unwrap_err().to_string(),
            r#""3-1" is not a range A-B with A <= B (at most 100000 numbers)"#
        );
        assert!(numbers("1-200000").is_err());
        assert!(matches!(numbers("x"), Err(BadList::Number(_))));
        // A negative number is named, with what a list holds.
        assert_eq!(
            numbers("1,-5").unwrap_err().to_string(),
            r#""-5" is not a whole number (0 or more) nor a range A-B of them"#
        );
        let numbered = groups("2,4-5")
            .unwrap()
            .iter()
            .map(|g| g.number)
            .collect::<Vec<_>>();
        assert_eq!(numbered, [2, 4, 5]);
        assert_eq!(
            groups("6-7").unwrap_err().to_string(),
            "no group 7: the groups are 1-6"
        );
    }

    #[test]
    fn a_bench_of_two_groups_sums_up_each() {
        let groups = [Group::get(1).unwrap(), Group::get(2).unwrap()];
        let games = group_games(&groups, &[1, 2, 3]);
        assert_eq!(games.len(), 6);
        assert_eq!(games[4].label, "seed 2");
        let config = Config {
            budget: Budget::Worlds(2),
            threads: 1,
            ..Config::default()
        };
        let done = AtomicUsize::new(0);
        let outcomes = play_all(&games, config, 2, || {
            done.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(done.into_inner(), 6);
        // In the games' order, whatever thread played them.
        for (game, outcome) in games.iter().zip(&outcomes) {
            assert_eq!(outcome, &self_play(&game.deal, config));
        }
        let summaries = group_summaries(&games, &outcomes);
        assert_eq!(summaries.len(), 2);
        let first = &outcomes[..3];
        let scores: Vec<u32> = first.iter().map(Outcome::points).collect();
        assert_eq!(summaries[0].games, 3);
        assert_eq!(summaries[0].min, *scores.iter().min().unwrap());
        assert_eq!(summaries[0].max, *scores.iter().max().unwrap());
        let mean = scores.iter().map(|&s| f64::from(s)).sum::<f64>() / 3.0;
        assert!((summaries[0].mean - mean).abs() < 1e-9);
        let text = table(&games, &outcomes);
        let rows: Vec<&str> = text.lines().map(|row| &row[..12]).collect();
        assert_eq!(rows, ["group  games", "1          3", "2          3"]);
    }

    #[test]
    fn an_official_case_is_marked_against_the_best() {
        let case = official_case("g4-1").unwrap();
        let games = official_games(std::slice::from_ref(&case));
        assert_eq!((games[0].group, games[0].label.as_str()), (4, "g4-1"));
        let config = Config {
            budget: Budget::Worlds(2),
            threads: 1,
            ..Config::default()
        };
        let outcome = self_play(&games[0].deal, config);
        let score = outcome.points();
        assert!(score > 1, "a game of group 4 scores");
        let against = |best| {
            CaseResult::of(
                &OfficialCase {
                    best,
                    ..case.clone()
                },
                &outcome,
            )
        };
        assert_eq!(against(score).mark, "ties best");
        assert_eq!(against(score + 1).mark, "BELOW best");
        assert_eq!(against(score - 1).mark, "above best");
        assert_eq!(against(score).share, f64::from(case.points));
        assert_eq!(against(2 * score).share, f64::from(case.points) / 2.0);
    }
}
