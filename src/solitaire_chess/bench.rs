//! `boardgames solitaire-chess bench`: the built-in player over many deals, in parallel, and a
//! table of its scores per group.

use std::ops::RangeInclusive;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use solitaire_chess::contest::{Group, OfficialCase, official_cases};
use solitaire_chess_player::bench::{group_games, official_games, play_all, table};

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

pub fn run(args: Args) -> Result<()> {
    let games = match &args.official {
        Some(Cases(cases)) => official_games(cases),
        None => {
            let groups = args
                .group
                .0
                .iter()
                .map(|&n| u8::try_from(n).ok().and_then(Group::get));
            let groups: Vec<Group> = groups.collect::<Option<_>>().context("no such group")?;
            group_games(&groups, &args.seed.0)
        }
    };
    let bar = ProgressBar::new(games.len() as u64).with_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games  {elapsed} (eta {eta}) {msg}",
    )?);
    let at_once = args.jobs.map_or_else(
        || {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            (cores / usize::from(args.player.threads)).max(1)
        },
        usize::from,
    );
    let outcomes = play_all(&games, args.player.config(), at_once, || bar.inc(1));
    bar.finish_and_clear();
    io::print(&table(&games, &outcomes))
}
