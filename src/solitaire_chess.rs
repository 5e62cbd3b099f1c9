//! `boardgames solitaire-chess`: the contest player, a judge to run any player against, a
//! bench of the built-in player over many games, and a game for a person.

mod bench;
mod human;
mod judge;

use std::io as stdio;
use std::time::Duration;

use anyhow::{Result, anyhow};
use clap::builder::TypedValueParser;
use solitaire_chess::contest::{
    AlphabetError, Group, OfficialCase, alphabet, official_case, official_cases,
};
use solitaire_chess::protocol::ProtocolError;
use solitaire_chess::{Deal, Verdict, official_deal};
use solitaire_chess_player::{Budget, Config, Policy, PolicyError, Strategy, play, self_play};

use crate::io::Input;

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
    #[command(subcommand)]
    verb: Option<Verb>,

    #[command(flatten)]
    play: PlayArgs,

    /// (This game is interactive and takes no file.)
    #[arg(hide = true, value_name = "FILE")]
    stray: Option<String>,
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

#[derive(clap::Subcommand, Debug)]
enum Verb {
    /// Play as the contest program over stdin and stdout (the default).
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
    Human(human::Args),
    /// Run a player program against the official judge's deal, as the official judge does.
    Judge(judge::Args),
    /// Play the built-in player over many deals in parallel and table the scores.
    Bench(bench::Args),
}

/// Which deal to play: a contest group, an alphabet of judge letters or an official case,
/// and the judge's seed.
#[derive(clap::Args, Debug, Clone)]
pub struct DealArgs {
    /// A contest group 1..6 (its alphabet), with --seed.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6), conflicts_with = "alphabet")]
    group: Option<u8>,

    /// The judge's letters for the types that occur (`1234tlds` or a part), with --seed.
    #[arg(long, value_parser = parse_alphabet)]
    alphabet: Option<String>,

    /// One of the 14 official test cases: g1, g2, g3-1 .. g6-3.
    #[arg(long, value_name = "CASE", value_parser = parse_official, conflicts_with_all = ["group", "alphabet", "seed"])]
    official: Option<OfficialCase>,

    /// The seed of the deal (the judge's `random.seed`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// An alphabet of judge letters, checked.
fn parse_alphabet(letters: &str) -> Result<String, String> {
    match alphabet(letters) {
        Ok(_) => Ok(letters.to_string()),
        Err(AlphabetError::Empty) => {
            Err("an alphabet has at least one letter of 1 2 3 4 t l d s".into())
        }
        Err(AlphabetError::Letter(c)) => Err(format!(
            "{c:?} is not a judge letter: the letters are 1 2 3 4 t l d s"
        )),
    }
}

/// An official case, by name.
pub fn parse_official(name: &str) -> Result<OfficialCase, String> {
    official_case(name).ok_or_else(|| {
        let names: Vec<String> = official_cases().into_iter().map(|case| case.name).collect();
        format!("no such case: the cases are {}", names.join(", "))
    })
}

impl DealArgs {
    /// The deal the options name and a name for it; `None` if they name none.
    fn deal(&self) -> Option<(String, Deal)> {
        if let Some(case) = &self.official {
            let name = format!(
                "official case {} (alphabet {}, seed {}; best contestant {})",
                case.name, case.letters, case.seed, case.best
            );
            return Some((name, case.deal()));
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

/// How the built-in player thinks.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayerArgs {
    /// The player's thinking time for the whole game, in milliseconds of wall-clock time.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    budget_ms: u64,

    /// Instead of a time budget, a fixed amount of work: N sampled worlds for each candidate
    /// move (each of its rollouts or beam searches). The same seed then gives
    /// the same game on any machine.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    worlds: Option<u32>,

    /// How the player picks a removal: `auto` (what measured best for the board's types),
    /// `rollouts` (flat Monte Carlo with sequential halving), `beam` (beam searches in
    /// sampled worlds), `exact` (exact searches in sampled worlds; rooks, bishops and queens
    /// only), `expectimax` (expectimax on the pieces showing; rooks, bishops and queens
    /// only), `tree` (information-set tree search) or `greedy` (the policy alone).
    #[arg(long, default_value_t = Strategy::Auto, value_parser = strategy_parser())]
    strategy: Strategy,

    /// The tree search's exploration constant, in points.
    #[arg(long, default_value_t = 20.0, hide = true)]
    exploration: f64,

    /// The removals tried before each rollout (1, or 2 for every pair of removals).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2), hide = true)]
    plies: u8,

    /// Give every candidate every world (no sequential halving), for comparison.
    #[arg(long, hide = true)]
    no_halving: bool,

    /// How strongly the rollouts lean toward the removals that went with high scores in the
    /// rollouts so far (move-average sampling): policy points per point of mean score; 0 off.
    #[arg(long, default_value_t = 0.75, hide = true)]
    mast: f32,

    /// The beam search's width.
    #[arg(long, default_value_t = 32, hide = true)]
    beam_width: usize,

    /// The rollout policy's weights instead of the ones tuned for the board's types, for
    /// experiments: `NAME=WEIGHT,...` (the others as `Policy::default()`), with the
    /// names run, set1, set2, set3, path1, path2, ordered, mobility, empty, alternate, lookahead, depth2, dead_end, noise, horizon (removals, 0 for none), horizon_empty, and for what a rollout cut short at its horizon expects from the rest of its game (instead of 3 points a piece left) cut_constant, cut_left, cut_left_squared, cut_empty, cut_gold, cut_isolated, cut_unreachable, cut_mobility.
    #[arg(long, value_name = "WEIGHTS", value_parser = parse_policy, hide = true)]
    policy: Option<Box<Policy>>,

    /// The seed of the player's random choices.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    player_seed: u64,

    /// Threads for the rollouts of one game (a game depends on it, as on the seed).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=64))]
    threads: u8,
}

/// The default policy with the weights of `text` changed (boxed: the commands' arguments
/// stay small).
fn parse_policy(text: &str) -> Result<Box<Policy>, PolicyError> {
    Policy::default().with_all(text).map(Box::new)
}

/// The strategies by their names, the crate's own.
fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    clap::builder::PossibleValuesParser::new(Strategy::ALL.map(Strategy::name))
        .try_map(|name| name.parse::<Strategy>())
}

impl PlayerArgs {
    fn config(&self) -> Config {
        Config {
            budget: match self.worlds {
                Some(worlds) => Budget::Worlds(worlds),
                None => Budget::Time(Duration::from_millis(self.budget_ms)),
            },
            strategy: self.strategy,
            seed: self.player_seed,
            policy: self.policy.as_deref().copied(),
            exploration: self.exploration,
            beam_width: self.beam_width.max(1),
            plies: self.plies,
            halving: !self.no_halving,
            mast: self.mast,
            threads: self.threads,
        }
    }
}

#[derive(clap::Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    player: PlayerArgs,
}

pub fn run(args: Args) -> Result<()> {
    if let Some(file) = args.stray {
        return Err(crate::io::usage(
            &["solitaire-chess"],
            format!(
                "unexpected argument '{file}': solitaire chess is interactive and reads no file; \
                 `boardgames solitaire-chess human` plays a game with you, and \
                 `boardgames solitaire-chess judge --group 6 -- boardgames solitaire-chess` \
                 runs the contest program against the judge"
            ),
        ));
    }
    match args.verb {
        None => play_stdio(args.play),
        Some(Verb::Play(play_args)) => play_stdio(play_args),
        Some(Verb::Human(human_args)) => human::run(human_args),
        Some(Verb::Judge(judge_args)) => judge::run(judge_args),
        Some(Verb::Bench(bench_args)) => bench::run(bench_args),
    }
}

fn play_stdio(args: PlayArgs) -> Result<()> {
    if stdio::IsTerminal::is_terminal(&stdio::stdin()) {
        // A person at a terminal, not a judge: say what this waits for, and what they may
        // have meant. (Over a pipe, as a judge runs it, nothing is said.)
        crate::io::comment(
            "This is the contest program: it waits for a judge to write the board on stdin.\n\
             To play yourself: boardgames solitaire-chess human\n\
             To watch it play: boardgames solitaire-chess judge --group 6 -- boardgames solitaire-chess\n",
        )?;
    }
    let stdin = stdio::stdin().lock();
    let stdout = stdio::stdout().lock();
    play(stdin, stdout, args.player.config()).map_err(|err| match err {
        ProtocolError::Parse(err) => anyhow!("<stdin>:{err}"),
        err @ ProtocolError::NotUtf8(_) => anyhow!("<stdin>:{err}"),
        ProtocolError::Io(err) => anyhow::Error::new(err).context("cannot talk to the judge"),
    })?;
    Ok(())
}

/// The demo: official case g4-1 (group 4, short games) with a fixed amount of thinking, so that it is the same on
/// every machine.
pub fn demo(_: &Input) -> Result<String> {
    let group = Group::get(4).ok_or_else(|| anyhow!("no group 4"))?;
    let deal = group.deal(6);
    let config = Config {
        budget: Budget::Worlds(8),
        seed: 1,
        ..Config::default()
    };
    let outcome = self_play(&deal, config);
    let mut game = solitaire_chess::Referee::new(&deal);
    let mut shown = String::new();
    for square in &outcome.moves {
        let piece = game
            .game()
            .piece(*square)
            .map(|p| p.wire_name())
            .unwrap_or("?");
        let after = game.play(*square).map_err(|v| anyhow!("{v}"))?;
        let after = after.map(|p| p.wire_name()).unwrap_or("blank");
        shown += &format!("{square}  ({piece}, now {after})\n");
    }
    shown += "0 0\n";
    let verdict = if outcome.verdict == Verdict::Stopped {
        ""
    } else {
        " (fault)"
    };
    shown += &format!("score {}{verdict}\n", outcome.score);
    Ok(shown)
}

/// The bronze layer of official case g4-1 (group 4, seed 6), which the demo plays.
pub const DEMO_BOARD: &str = "\
    dam lopare torn lopare lopare lopare\n\
    lopare dam dam dam dam lopare\n\
    lopare lopare torn lopare dam lopare\n\
    dam dam dam dam lopare torn\n\
    dam dam lopare lopare torn dam\n\
    torn dam dam lopare dam torn\n\
";

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_chess::BoardText;

    #[test]
    fn the_demo_board_is_the_bronze_layer_of_g4_1() {
        let deal = Group::get(4).unwrap().deal(6);
        assert_eq!(BoardText(&deal.bronze()).to_string(), DEMO_BOARD);
    }
}
