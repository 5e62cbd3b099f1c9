//! `boardgames solitaire-chess`: the contest player, a judge to run any player against, a
//! bench of the built-in player over many games, and a game for a person.

mod bench;
mod deal_args;
mod human;
mod judge;
mod player_args;

use std::io as stdio;

use anyhow::{Result, anyhow};
use solitaire_chess::protocol::ProtocolError;
use solitaire_chess_player::play;

use player_args::PlayerArgs;

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
    Human(human::Args),
    /// Run a player program against the official judge's deal, as the official judge does.
    Judge(judge::Args),
    /// Play the built-in player over many deals in parallel and table the scores.
    Bench(bench::Args),
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
