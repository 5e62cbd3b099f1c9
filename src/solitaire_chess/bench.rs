//! `boardgames solitaire-chess bench`: the built-in player over many deals, in parallel, and a
//! table of its scores per group.

use std::fmt::Write as _;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressStyle};
use solitaire_chess::contest::{GROUPS, Group, OfficialCase, official_cases};
use solitaire_chess::{Deal, MAX_SCORE, Outcome};
use solitaire_chess_player::self_play;

use super::deal_args::parse_official;
use super::player_args::PlayerArgs;
use crate::io;

/// Which games to play, and how the player thinks.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The contest groups to play (1..6), as `A-B` or a list `A,B,...`.
    #[arg(long, value_name = "GROUPS", alias = "groups", default_value = "1-6", value_parser = parse_groups)]
    group: Numbers,

    /// The deals' seeds (the judge's `random.seed`) to play in each group, as `A-B` or a list.
    #[arg(long, value_name = "SEEDS", alias = "seeds", default_value = "1-30", value_parser = parse_range)]
    seed: Numbers,

    /// Play official test cases instead, against the best contestant's scores: all 14, or
    /// those listed (`g4-1,g6-2`).
    #[arg(long, value_name = "CASES", num_args = 0..=1, default_missing_value = "all", value_parser = parse_cases)]
    official: Option<Cases>,

    /// Games played at once (default: the cores over the player's `--threads`, at least one,
    /// so that each game has the cores the player expects).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,

    #[command(flatten)]
    player: PlayerArgs,
}

/// A list of numbers given as ranges.
#[derive(Clone, Debug)]
struct Numbers(Vec<u64>);

/// Official cases, checked.
#[derive(Clone, Debug)]
struct Cases(Vec<OfficialCase>);

/// `all`, or a list of official cases.
fn parse_cases(text: &str) -> Result<Cases, String> {
    if text.eq_ignore_ascii_case("all") {
        return Ok(Cases(official_cases()));
    }
    text.split(',')
        .map(|name| parse_official(name.trim()))
        .collect::<Result<_, _>>()
        .map(Cases)
}

/// A list of contest groups, each 1..6.
fn parse_groups(text: &str) -> Result<Numbers> {
    let groups = parse_range(text)?;
    if let Some(bad) = groups.0.iter().find(|&&n| !(1..=6).contains(&n)) {
        bail!("no group {bad}: the groups are 1-6");
    }
    Ok(groups)
}

/// Reads `A-B` or `A,B,C` (or a single number) as a list of numbers.
fn parse_range(text: &str) -> Result<Numbers> {
    let mut numbers = Vec::new();
    for part in text.split(',') {
        let bounds: RangeInclusive<u64> = match part.split_once('-') {
            Some((a, b)) => a.trim().parse()?..=b.trim().parse()?,
            None => {
                let n = part.trim().parse()?;
                n..=n
            }
        };
        if bounds.is_empty() || bounds.end() - bounds.start() > 100_000 {
            bail!("{part:?} is not a range A-B with A <= B (at most 100000 numbers)");
        }
        numbers.extend(bounds);
    }
    Ok(Numbers(numbers))
}

/// The best score of all programs that the group table assumes (Y in the contest's points).
const ASSUMED_BEST: f64 = 200.0;

/// One game to play: its row in the tables and its deal.
struct Job {
    group: u8,
    label: String,
    deal: Deal,
    /// The official case played, if it is one.
    official: Option<OfficialCase>,
}

pub fn run(args: Args) -> Result<()> {
    let jobs = jobs(&args)?;
    let config = args.player.config();
    let bar = ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed} (eta {eta}) {msg}")
            .map_err(|err| anyhow!("{err}"))?,
    );
    let at_once = args.jobs.map_or_else(
        || {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            (cores / usize::from(args.player.threads)).max(1)
        },
        usize::from,
    );
    // Plain threads, each taking the next game when it is done with one: a thread of a rayon
    // pool, while it waits for the player's own threads, would take up another game, whose
    // clock would run meanwhile.
    let next = AtomicUsize::new(0);
    let play = || {
        let mut played = Vec::new();
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(job) = jobs.get(index) else {
                return played;
            };
            played.push((index, self_play(&job.deal, config)));
            bar.inc(1);
        }
    };
    let mut played: Vec<(usize, Outcome)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..at_once.max(1)).map(|_| scope.spawn(play)).collect();
        workers
            .into_iter()
            .map(|worker| {
                worker
                    .join()
                    .map_err(|_| anyhow!("a game of the bench failed"))
            })
            .collect::<Result<Vec<_>>>()
    })?
    .into_iter()
    .flatten()
    .collect();
    played.sort_by_key(|&(index, _)| index);
    let outcomes: Vec<Outcome> = played.into_iter().map(|(_, outcome)| outcome).collect();
    bar.finish_and_clear();
    io::print(&table(&jobs, &outcomes, args.official.is_some()))
}

fn jobs(args: &Args) -> Result<Vec<Job>> {
    if let Some(Cases(cases)) = &args.official {
        return Ok(cases
            .iter()
            .map(|case| Job {
                group: case.group,
                label: case.name.clone(),
                deal: case.deal(),
                official: Some(case.clone()),
            })
            .collect());
    }
    let mut jobs = Vec::new();
    for &number in &args.group.0 {
        let group = u8::try_from(number)
            .ok()
            .and_then(Group::get)
            .ok_or_else(|| anyhow!("no group {number} (the groups are 1-6)"))?;
        for &seed in &args.seed.0 {
            jobs.push(Job {
                group: group.number,
                label: format!("seed {seed}"),
                deal: group.deal(seed),
                official: None,
            });
        }
    }
    Ok(jobs)
}

/// The tables: per group mean, min, max score, mean moves and contest points; for official
/// cases a row a case against the best contestant.
fn table(jobs: &[Job], outcomes: &[Outcome], official: bool) -> String {
    let mut text = String::new();
    if official {
        let _ = writeln!(
            text,
            "{:<6} {:>5} {:>6} {:>5} {:>6} {:>8}  verdict",
            "case", "score", "best", "moves", "points", "of"
        );
        let (mut earned, mut possible) = (0.0, 0);
        for (job, outcome) in jobs.iter().zip(outcomes) {
            let Some(case) = &job.official else {
                continue;
            };
            let (points, best) = (case.points, case.best);
            let score = outcome.points();
            let share = case.contest_points(score);
            earned += share;
            possible += points;
            let mark = match score.cmp(&best) {
                std::cmp::Ordering::Greater => "above best",
                std::cmp::Ordering::Equal if score == MAX_SCORE => "ties best at the maximum",
                std::cmp::Ordering::Equal => "ties best",
                std::cmp::Ordering::Less => "BELOW best",
            };
            let _ = writeln!(
                text,
                "{:<6} {:>5} {:>6} {:>5} {:>6.2} {:>8}  {}; {mark}",
                job.label,
                score,
                best,
                outcome.moves.len(),
                share,
                points,
                outcome.verdict
            );
        }
        let _ = writeln!(
            text,
            "contest points (Y = best of all): {earned:.2} of {possible}"
        );
        return text;
    }
    let _ = writeln!(
        text,
        "{:<6} {:>5} {:>7} {:>5} {:>5} {:>7} {:>13}",
        "group", "games", "mean", "min", "max", "moves", "points Y=200"
    );
    for group in GROUPS {
        let scores: Vec<(u32, usize)> = jobs
            .iter()
            .zip(outcomes)
            .filter(|(job, _)| job.group == group.number)
            .map(|(_, outcome)| (outcome.points(), outcome.moves.len()))
            .collect();
        if scores.is_empty() {
            continue;
        }
        let n = scores.len() as f64;
        let mean = scores.iter().map(|&(s, _)| f64::from(s)).sum::<f64>() / n;
        let moves = scores.iter().map(|&(_, m)| m as f64).sum::<f64>() / n;
        let min = scores.iter().map(|&(s, _)| s).min().unwrap_or(0);
        let max = scores.iter().map(|&(s, _)| s).max().unwrap_or(0);
        // Each game earns at most the group's points, however far its score passes Y.
        let points = scores
            .iter()
            .map(|&(s, _)| group.contest_points(f64::from(s), ASSUMED_BEST))
            .sum::<f64>()
            / n;
        let _ = writeln!(
            text,
            "{:<6} {:>5} {:>7.1} {:>5} {:>5} {:>7.1} {:>6.2} of {:>2}",
            group.number,
            scores.len(),
            mean,
            min,
            max,
            moves,
            points,
            group.points
        );
    }
    text
}
