//! The solitaire chess commands' arguments (clap, behind the `clap` feature), for the
//! `boardgames` binary: the contest player's, `human`'s, `judge`'s and `bench`'s, the deal they
//! name and the built-in player's settings.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::TypedValueParser;
use cli_args::{ColorArg, seconds, whole_number, whole_number_in};
use solitaire_chess::contest::{
    AlphabetError, Group, OfficialCase, UnknownCase, alphabet, official_cases,
};
use solitaire_chess::{Deal, official_deal};

use crate::{Budget, Config, Strategy};

/// Solitaire chess: remove pieces from a 6 x 6 board of three colour layers, for runs and sets.
///
/// Without a verb (or with `play`) this is the contest program, which talks to a judge: it
/// reads the board from stdin, writes a removal `ROW COL` a line and reads what shows there
/// now, until no removal is left, then writes `0 0`. It takes no file. To play yourself:
/// `boardgames solitaire-chess human`. `judge` runs any player program as the official judge
/// does; `bench` plays the built-in player over many games and tables the scores.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
#[command(after_long_help = format!("{LONG_HELP}{}", solitaire_chess::human::RULES))]
pub struct Args {
    /// The verb, if any.
    #[command(subcommand)]
    pub verb: Option<Verb>,

    /// The contest program's settings.
    #[command(flatten)]
    pub play: PlayArgs,

    /// (This game is interactive and takes no file.)
    #[arg(hide = true, value_name = "FILE")]
    pub stray: Option<String>,
}

/// The rules and an example, for `solitaire-chess --help`.
const LONG_HELP: &str = concat!(
    "Examples:\n",
    "  boardgames solitaire-chess human --group 6 --seed 3    play a game yourself\n",
    "  boardgames solitaire-chess judge --official g4-1 -- boardgames solitaire-chess\n",
    "      the built-in player against the official judge; the conversation:\n",
    "      judge:  dam lopare torn lopare lopare lopare      (six lines of six pieces)\n",
    "      player: 1 1\n",
    "      judge:  torn                                      (what shows on 1 1 now)\n",
    "      player: ...   and at the end: 0 0\n",
    "\n",
);

/// What `solitaire-chess` does besides playing as the contest program.
#[derive(clap::Subcommand, Debug)]
pub enum Verb {
    /// Play as the contest program over stdin and stdout (the default).
    #[command(after_long_help = solitaire_chess::contest::FORMAT)]
    Play(PlayArgs),
    /// Play a game yourself: the board drawn, your removals typed as `row col`.
    ///
    /// The board shows every square's piece and layer (B bronze, S silver, G gold) and a `*`
    /// on the squares you may remove from next. Type a removal as `row col`; `?` shows the
    /// rules, `hint` the built-in player's choice, `undo` takes the last removal back, `quit`
    /// (or `0 0`) ends the game. The deal: --group and --seed, --alphabet and --seed, or
    /// --official; group 6 (every type) when none is given. Reads a pipe as well as a
    /// terminal.
    #[command(after_long_help = solitaire_chess::human::RULES)]
    Human(HumanArgs),
    /// Run a player program against the official judge's deal, as the official judge does.
    Judge(JudgeArgs),
    /// Play the built-in player over many deals in parallel and table the scores.
    Bench(BenchArgs),
}

/// The contest program's settings.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The built-in player's settings.
    #[command(flatten)]
    pub player: PlayerArgs,
}

/// Which games to play, and how the player thinks.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// The contest groups to play (1 to 6), as `A-B` or a list `A,B,...`.
    #[arg(long, value_name = "GROUPS", alias = "groups", default_value = "1-6", value_parser = |t: &str| crate::bench::groups(t).map(Groups), allow_hyphen_values = true)]
    pub group: Groups,

    /// The deals' seeds (the judge's `random.seed`) to play in each group, as `A-B` or a list.
    #[arg(long, value_name = "SEEDS", alias = "seeds", default_value = "1-30", value_parser = |t: &str| crate::bench::numbers(t).map(Seeds), allow_hyphen_values = true)]
    pub seed: Seeds,

    /// Play official test cases instead, against the best contestant's scores: all 14, or
    /// those listed (`g4-1,g6-2`).
    #[arg(long, value_name = "CASES", num_args = 0..=1, default_missing_value = "all", value_parser = parse_cases)]
    pub official: Option<Cases>,

    /// Games played at once (default: the cores over the player's `--threads`, at least one,
    /// so that each game has the cores the player expects).
    #[arg(long, value_name = "N", value_parser = whole_number_in(1u16, u16::MAX), allow_negative_numbers = true)]
    pub jobs: Option<u16>,

    /// The built-in player's settings.
    #[command(flatten)]
    pub player: PlayerArgs,
}

/// Contest groups, checked.
#[derive(Clone, Debug)]
pub struct Groups(pub Vec<Group>);

/// Seeds.
#[derive(Clone, Debug)]
pub struct Seeds(pub Vec<u64>);

/// Official cases, checked.
#[derive(Clone, Debug)]
pub struct Cases(pub Vec<OfficialCase>);

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

/// Which deal to play.
#[derive(clap::Args, Debug)]
pub struct HumanArgs {
    /// The deal.
    #[command(flatten)]
    pub deal: DealArgs,

    /// How hard a hint thinks: sampled worlds for each candidate removal.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = whole_number_in(1u32, u32::MAX), allow_negative_numbers = true)]
    pub hint_worlds: u32,

    /// When to colour the board.
    #[command(flatten)]
    pub color: ColorArg,
}

/// Which deal to play, and the player to run.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("deal").required(true).args(["group", "alphabet", "official"])))]
#[command(after_long_help = solitaire_chess::judge::EXIT_STATUS)]
pub struct JudgeArgs {
    /// The deal.
    #[command(flatten)]
    pub deal: DealArgs,

    /// The time limit for the whole game, in seconds of wall-clock time.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds, allow_negative_numbers = true)]
    pub time_limit: Duration,

    /// The time limit in milliseconds (the old spelling of --time-limit).
    #[arg(long, value_name = "MS", value_parser = whole_number, allow_negative_numbers = true, hide = true, conflicts_with = "time_limit")]
    pub time_limit_ms: Option<u64>,

    /// Also write the whole conversation to FILE (`<` the judge, `>` the player), with the
    /// board drawn after every removal.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,

    /// The player program and its arguments.
    #[arg(last = true, required = true, value_name = "CMD")]
    pub command: Vec<String>,
}

/// Which deal to play: a contest group, an alphabet of judge letters or an official case,
/// and the judge's seed.
#[derive(clap::Args, Debug, Clone)]
pub struct DealArgs {
    /// A contest group 1 to 6 (its alphabet), with --seed.
    #[arg(long, value_parser = whole_number_in(1u8, 6), conflicts_with = "alphabet", allow_negative_numbers = true)]
    pub group: Option<u8>,

    /// The judge's letters for the types that occur (`1234tlds` or a part), with --seed.
    #[arg(long, value_parser = parse_alphabet)]
    pub alphabet: Option<String>,

    /// One of the 14 official test cases: g1, g2, g3-1 .. g6-3.
    #[arg(long, value_name = "CASE", conflicts_with_all = ["group", "alphabet", "seed"])]
    pub official: Option<OfficialCase>,

    /// The seed of the deal (the judge's `random.seed`).
    #[arg(long, default_value_t = 1, value_parser = whole_number, allow_negative_numbers = true)]
    pub seed: u64,
}

/// An alphabet of judge letters in any case, checked.
fn parse_alphabet(letters: &str) -> Result<String, AlphabetError> {
    let letters = letters.to_ascii_lowercase();
    alphabet(&letters)?;
    Ok(letters)
}

impl DealArgs {
    /// The deal the options name and a name for it; `None` if they name none.
    pub fn deal(&self) -> Option<(String, Deal)> {
        if let Some(case) = &self.official {
            return Some((case.describe(), case.deal()));
        }
        let letters = match (self.group, &self.alphabet) {
            (Some(group), _) => Group::get(group)?.letters.to_string(),
            (None, Some(letters)) => letters.clone(),
            (None, None) => return None,
        };
        let pieces = alphabet(&letters).ok()?;
        let name = format!("alphabet {letters}, seed {}", self.seed);
        Some((name, official_deal(&pieces, self.seed)))
    }
}

impl HumanArgs {
    /// The deal to play and its name: the one the options name, or group 6 with their seed
    /// (it has every type, so a game without options shows them all).
    pub fn deal(&self) -> (String, Deal) {
        let group_6 = DealArgs {
            group: Some(6),
            ..self.deal.clone()
        };
        (self.deal.deal().or_else(|| group_6.deal()))
            .expect("group 6 is one of the official groups")
    }
}

/// How the built-in player thinks.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayerArgs {
    /// The player's thinking time for the whole game, in seconds of wall-clock time.
    #[arg(long, value_name = "SECONDS", default_value = "1", value_parser = seconds, allow_negative_numbers = true)]
    pub time: Duration,

    /// The thinking time in milliseconds (the old spelling of --time).
    #[arg(long, value_name = "MS", value_parser = whole_number, allow_negative_numbers = true, hide = true, conflicts_with = "time")]
    pub budget_ms: Option<u64>,

    /// Instead of a time budget, a fixed amount of work: N sampled worlds for each candidate
    /// move (each of its rollouts or exact searches). The same seed then gives
    /// the same game on any machine.
    #[arg(long, value_name = "N", value_parser = whole_number_in(1u32, u32::MAX), allow_negative_numbers = true)]
    pub worlds: Option<u32>,

    /// How the player picks a removal: `auto` (what measured best for the board's types),
    /// `rollouts` (flat Monte Carlo with sequential halving) or `exact` (exact searches in
    /// sampled worlds; rooks (torn), bishops (lopare) and queens (dam) only).
    #[arg(long, default_value_t = Strategy::Auto, value_parser = strategy_parser(), ignore_case = true)]
    pub strategy: Strategy,

    /// The seed of the player's random choices.
    #[arg(long, value_name = "SEED", default_value_t = 1, value_parser = whole_number, allow_negative_numbers = true)]
    pub player_seed: u64,

    /// Threads for the rollouts of one game (a game depends on it, as on the seed).
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = whole_number_in(1u8, 64), allow_negative_numbers = true)]
    pub threads: u8,
}

/// The strategies by their names, the crate's own.
fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    clap::builder::PossibleValuesParser::new(Strategy::ALL.map(Strategy::name))
        .try_map(|name| name.to_ascii_lowercase().parse::<Strategy>())
}

impl PlayerArgs {
    /// The player's settings.
    pub fn config(&self) -> Config {
        Config {
            budget: match self.worlds {
                Some(worlds) => Budget::Worlds(worlds),
                None => Budget::Time(self.budget_ms.map_or(self.time, Duration::from_millis)),
            },
            strategy: self.strategy,
            seed: self.player_seed,
            threads: self.threads,
        }
    }
}

impl JudgeArgs {
    /// The time limit for the whole game, as `--time-limit` (or the old `--time-limit-ms`)
    /// gives it.
    pub fn limit(&self) -> Duration {
        self.time_limit_ms
            .map_or(self.time_limit, Duration::from_millis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Human {
        #[command(flatten)]
        args: HumanArgs,
    }

    fn human(line: &str) -> (String, Deal) {
        Human::try_parse_from(line.split(' ')).unwrap().args.deal()
    }

    #[test]
    fn a_game_for_a_person_is_group_6_unless_told() {
        let (name, deal) = human("human");
        let group_6 = DealArgs {
            group: Some(6),
            alphabet: None,
            official: None,
            seed: 1,
        };
        assert_eq!((name, deal), group_6.deal().unwrap());
        assert!(human("human --seed 5").0.ends_with("seed 5"));
        let (name, _) = human("human --group 2");
        assert_eq!(
            name,
            Group::get(2)
                .map(|g| format!("alphabet {}, seed 1", g.letters))
                .unwrap()
        );
    }
}
