//! `boardgames solitaire-chess bench`: the built-in player over many deals, in parallel, and a
//! table of its scores per group.

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use solitaire_chess::contest::{Group, OfficialCase, UnknownCase, official_cases};
use solitaire_chess_player::bench::{self, group_games, official_games, play_all, table};

use super::player_args::PlayerArgs;
use crate::io;

/// Which games to play, and how the player thinks.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The contest groups to play (1..6), as `A-B` or a list `A,B,...`.
    #[arg(long, value_name = "GROUPS", alias = "groups", default_value = "1-6", value_parser = |t: &str| bench::groups(t).map(Groups), allow_hyphen_values = true)]
    group: Groups,

    /// The deals' seeds (the judge's `random.seed`) to play in each group, as `A-B` or a list.
    #[arg(long, value_name = "SEEDS", alias = "seeds", default_value = "1-30", value_parser = |t: &str| bench::numbers(t).map(Seeds), allow_hyphen_values = true)]
    seed: Seeds,

    /// Play official test cases instead, against the best contestant's scores: all 14, or
    /// those listed (`g4-1,g6-2`).
    #[arg(long, value_name = "CASES", num_args = 0..=1, default_missing_value = "all", value_parser = parse_cases)]
    official: Option<Cases>,

    /// Games played at once (default: the cores over the player's `--threads`, at least one,
    /// so that each game has the cores the player expects).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..), allow_negative_numbers = true)]
    jobs: Option<u16>,

    #[command(flatten)]
    player: PlayerArgs,
}

/// Contest groups, checked.
#[derive(Clone, Debug)]
struct Groups(Vec<Group>);

/// Seeds.
#[derive(Clone, Debug)]
struct Seeds(Vec<u64>);

/// Official cases, checked.
#[derive(Clone, Debug)]
struct Cases(Vec<OfficialCase>);

/// `all`, or a list of official cases.
fn parse_cases(text: &str) -> Result<Cases, UnknownCase> {
    if text.eq_ignore_ascii_case("all") {
        return Ok(Cases(official_cases()));
    }
    text.split(',')
        .map(|name| name.trim().parse())
        .collect::<Result<_, _>>()
        .map(Cases)
}

pub fn run(args: Args) -> Result<()> {
    let games = match &args.official {
        Some(Cases(cases)) => official_games(cases),
        None => group_games(&args.group.0, &args.seed.0),
    };
    let bar = ProgressBar::new(games.len() as u64).with_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games  {elapsed} (eta {eta}) {msg}",
    )?);
    let at_once = args.jobs.map_or_else(
        || crate::jobs_beside(usize::from(args.player.threads)),
        usize::from,
    );
    let outcomes = play_all(&games, args.player.config(), at_once, || bar.inc(1));
    bar.finish_and_clear();
    io::print(&table(&games, &outcomes))
}
