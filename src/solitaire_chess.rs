//! `boardgames solitaire-chess`: the contest player, a judge to run any player against, a
//! bench of the built-in player over many games, and a game for a person.

use std::fs::File;
use std::io::{self as stdio, BufWriter, Write};

use anyhow::{Context, Result, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use solitaire_chess::judge::{Judged, Transcript, run_player};
use solitaire_chess::protocol::ProtocolError;
use solitaire_chess_player::bench::{group_games, official_games, play_all, table};
use solitaire_chess_player::cli::{BenchArgs, Cases, HumanArgs, JudgeArgs, PlayArgs, Verb};
use solitaire_chess_player::{Hints, play};

use crate::io;

pub use solitaire_chess_player::cli::Args;

pub fn run(args: Args) -> Result<()> {
    if let Some(file) = args.stray {
        return Err(io::usage(
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
        Some(Verb::Human(human_args)) => human(human_args),
        Some(Verb::Judge(judge_args)) => judge(judge_args),
        Some(Verb::Bench(bench_args)) => bench(bench_args),
    }
}

fn play_stdio(args: PlayArgs) -> Result<()> {
    if stdio::IsTerminal::is_terminal(&stdio::stdin()) {
        // A person at a terminal, not a judge: say what this waits for, and what they may
        // have meant. (Over a pipe, as a judge runs it, nothing is said.)
        io::comment(
            "This is the contest program: it waits for a judge to write the board on stdin.\n\
             To play yourself: boardgames solitaire-chess human\n\
             To watch it play: boardgames solitaire-chess judge --group 6 -- boardgames solitaire-chess\n",
        )?;
    }
    let stdin = stdio::stdin().lock();
    let stdout = stdio::stdout().lock();
    play(stdin, stdout, args.player.config()).map_err(|err| match err {
        ProtocolError::Parse(error) => text::InputError {
            name: "<stdin>".into(),
            error,
        }
        .into(),
        err @ ProtocolError::NotUtf8(_) => anyhow!("<stdin>:{err}"),
        ProtocolError::Io(err) => anyhow::Error::new(err).context("cannot talk to the judge"),
    })?;
    Ok(())
}

fn human(args: HumanArgs) -> Result<()> {
    let (name, deal) = args.deal();
    let mut out = stdio::stdout().lock();
    writeln!(out, "game: {name}")?;
    let mut advisor = Hints {
        worlds: args.hint_worlds,
    };
    let color = io::color(args.color, stdio::stdout());
    solitaire_chess::human::play(&deal, stdio::stdin().lock(), &mut out, &mut advisor, color)?;
    Ok(())
}

fn judge(args: JudgeArgs) -> Result<()> {
    let (name, deal) =
        (args.deal.deal()).ok_or_else(|| anyhow!("give --group, --alphabet or --official"))?;
    let mut log = match &args.log {
        Some(path) => Some(Transcript::new(BufWriter::new(
            File::create(path).with_context(|| format!("cannot write {}", path.display()))?,
        ))),
        None => None,
    };
    let played = run_player(&deal, &args.command, args.limit(), |line, game| {
        if let Some(log) = &mut log {
            log.see(line, game);
        }
    })?;
    if let Some(log) = log {
        log.finish(&played.verdict)?;
    }
    let result = played.judged();
    io::print(&played.report(&name))?;
    match result {
        Judged::Accepted => Ok(()),
        _ => Err(io::Status(result.status()).into()),
    }
}

fn bench(args: BenchArgs) -> Result<()> {
    let games = match &args.official {
        Some(Cases(cases)) => official_games(cases),
        None => group_games(&args.group.0, &args.seed.0),
    };
    let bar = ProgressBar::new(games.len() as u64).with_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games  {elapsed} (eta {eta}) {msg}",
    )?);
    let at_once = (args.jobs).map_or_else(
        || crate::jobs_beside(usize::from(args.player.threads)),
        usize::from,
    );
    let outcomes = play_all(&games, args.player.config(), at_once, || bar.inc(1));
    bar.finish_and_clear();
    io::print(&table(&games, &outcomes))
}
