//! `boardgames solitaire-chess`: the contest player, a judge to run any player against, and
//! a bench of the built-in player over many games.

mod bench;
mod judge;
mod player_args;

use std::io as stdio;

use anyhow::{Result, anyhow};
use solitaire_chess::Verdict;
use solitaire_chess::contest::{SAMPLE_BOARD, SAMPLE_CASE, official_case};
use solitaire_chess::protocol::ProtocolError;
use solitaire_chess_player::{Budget, Config, play, self_play};

use crate::io::Input;
use player_args::PlayerArgs;

/// Solitaire chess: remove pieces from a 6 x 6 board of three colour layers, for runs and sets.
///
/// Without a verb (or with `play`) this is the contest program: it reads the board from stdin,
/// writes a move `ROW COL` a line and reads what shows there now, until no move is left, then
/// writes `0 0`. `judge` runs any player program as the official judge does; `bench` plays the
/// built-in player over many games and tables the scores.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    verb: Option<Verb>,

    #[command(flatten)]
    play: PlayArgs,
}

#[derive(clap::Subcommand, Debug)]
enum Verb {
    /// Play as the contest program over stdin and stdout (the default).
    Play(PlayArgs),
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
    match args.verb {
        None => play_stdio(args.play),
        Some(Verb::Play(play_args)) => play_stdio(play_args),
        Some(Verb::Judge(judge_args)) => judge::run(judge_args),
        Some(Verb::Bench(bench_args)) => bench::run(bench_args),
    }
}

fn play_stdio(args: PlayArgs) -> Result<()> {
    let stdin = stdio::stdin().lock();
    let stdout = stdio::stdout().lock();
    play(stdin, stdout, args.player.config()).map_err(|err| match err {
        ProtocolError::Parse(err) => anyhow!("<stdin>:{err}"),
        ProtocolError::Io(err) => anyhow::Error::new(err).context("cannot talk to the judge"),
    })?;
    Ok(())
}

/// The demo: official case g4-1 (group 4, short games) with a fixed amount of thinking, so that it is the same on
/// every machine.
pub fn demo(_: &Input) -> Result<String> {
    let case = official_case(SAMPLE_CASE).ok_or_else(|| anyhow!("no case {SAMPLE_CASE}"))?;
    let deal = case.deal();
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

/// The board the demo plays: the bronze layer of official case g4-1.
pub const DEMO_BOARD: &str = SAMPLE_BOARD;
