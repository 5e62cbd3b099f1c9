//! `boardgames solitaire-chess judge`: any player program against the official judge's deal,
//! over pipes, with the official verdicts and a time limit.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use solitaire_chess::protocol::{BadLine, read_line};
use solitaire_chess::{Answer, BoardText, Deal, Game, Picture, Referee, Verdict};

use super::deal_args::DealArgs;
use crate::io;

/// The longest line a player may write; a longer one is malformed.
const MAX_PLAYER_LINE: usize = 256;

/// Which deal to play, and the player to run.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("deal").required(true).args(["group", "alphabet", "official"])))]
#[command(after_long_help = EXIT_STATUS)]
pub struct Args {
    #[command(flatten)]
    deal: DealArgs,

    /// The time limit for the whole game, in milliseconds of wall-clock time.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    time_limit_ms: u64,

    /// Also write the whole conversation to FILE (`<` the judge, `>` the player), with the
    /// board drawn after every removal.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,

    /// The player program and its arguments.
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

/// The exit statuses, for `judge --help`.
const EXIT_STATUS: &str = "\
Exit status: 0 accepted (the player stopped with `0 0`; the score counts); 3 wrong answer
(a malformed line, a square out of range, empty or not allowed, the same square twice, or
the output ended without `0 0`); 4 time limit exceeded; 5 the player crashed (it ended
without `0 0` with a failure status or a signal, which is named); 1 the judge itself failed
(say the player cannot be started); 2 a wrong option.";

/// How the judge's run ended, for the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Judged {
    Accepted,
    WrongAnswer,
    TimeLimit,
    Crashed,
}

impl Judged {
    fn status(self) -> u8 {
        match self {
            Judged::Accepted => 0,
            Judged::WrongAnswer => 3,
            Judged::TimeLimit => 4,
            Judged::Crashed => 5,
        }
    }
}

pub fn run(args: Args) -> Result<()> {
    let (name, deal) = args
        .deal
        .deal()
        .ok_or_else(|| anyhow!("give --group, --alphabet or --official"))?;
    let mut log = match &args.log {
        Some(path) => {
            Some(BufWriter::new(File::create(path).with_context(|| {
                format!("cannot write {}", path.display())
            })?))
        }
        None => None,
    };
    let limit = Duration::from_millis(args.time_limit_ms);
    let played = judge(&deal, &args.command, limit, |line, game| {
        if let Some(log) = &mut log {
            let _ = writeln!(log, "{line}");
            if let Some(game) = game {
                let _ = write!(log, "{}", Picture::new(game));
            }
        }
    })?;
    let Played {
        referee,
        verdict,
        elapsed,
        exit,
    } = played;
    if let Some(mut log) = log {
        writeln!(log, "verdict: {verdict}")?;
        log.flush()?;
    }
    let result = match (&verdict, &exit) {
        (Verdict::Stopped, _) => Judged::Accepted,
        (Verdict::TimeLimit, _) => Judged::TimeLimit,
        (Verdict::NoStop, Exit::Failed(_)) => Judged::Crashed,
        _ => Judged::WrongAnswer,
    };
    let score = referee.score();
    let points = if verdict.scores() { score.total() } else { 0 };
    let mut report = format!("game: {name}\nverdict: {verdict}\n");
    report += &format!("player: {exit}\n");
    report += &format!("moves: {}\n", referee.moves().len());
    report += &format!("time: {} ms\n", elapsed.as_millis());
    if verdict.scores() {
        report += &format!("score: {score}\n");
    } else {
        report += &format!("score: {points} (the removals made would have scored {score})\n");
    }
    report += &format!(
        "result: {} (exit status {})\n",
        match result {
            Judged::Accepted => "accepted",
            Judged::WrongAnswer => "wrong answer",
            Judged::TimeLimit => "time limit exceeded",
            Judged::Crashed => "the player crashed",
        },
        result.status()
    );
    io::print(&report)?;
    match result {
        Judged::Accepted => Ok(()),
        _ => Err(io::Status(result.status()).into()),
    }
}

/// How the player's process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Exit {
    /// It exited with status 0.
    Success,
    /// It exited with a failure status, or a signal ended it: what happened.
    Failed(String),
    /// The judge ended it (it was still running after the verdict).
    Ended,
}

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exit::Success => f.write_str("exited with status 0"),
            Exit::Failed(how) => f.write_str(how),
            Exit::Ended => f.write_str("still running after the verdict; ended by the judge"),
        }
    }
}

impl Exit {
    fn of(status: ExitStatus) -> Exit {
        if status.success() {
            return Exit::Success;
        }
        if let Some(code) = status.code() {
            return Exit::Failed(format!("exited with status {code}"));
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            if let Some(signal) = status.signal() {
                let name = match signal {
                    1 => " (SIGHUP)",
                    2 => " (SIGINT)",
                    3 => " (SIGQUIT)",
                    4 => " (SIGILL)",
                    6 => " (SIGABRT)",
                    7 => " (SIGBUS)",
                    8 => " (SIGFPE)",
                    9 => " (SIGKILL)",
                    11 => " (SIGSEGV)",
                    13 => " (SIGPIPE)",
                    15 => " (SIGTERM)",
                    _ => "",
                };
                return Exit::Failed(format!("killed by signal {signal}{name}"));
            }
        }
        Exit::Failed(format!("ended abnormally ({status})"))
    }
}

/// A game against a player program: the referee at the end, the verdict, the time taken, and
/// how the player's process ended.
struct Played {
    referee: Referee,
    verdict: Verdict,
    elapsed: Duration,
    exit: Exit,
}

/// What the player's output brought: a line, a line too long or not text, or its end.
type PlayerLine = Option<Result<String, BadLine>>;

/// Runs one game against a player program; `log` sees every line (`< ` the judge's, `> ` the
/// player's), and the game after each answer. A player that crashes, hangs or floods ends
/// with a verdict, never an error here.
fn judge(
    deal: &Deal,
    command: &[String],
    limit: Duration,
    mut log: impl FnMut(&str, Option<&Game>),
) -> Result<Played> {
    let (program, arguments) = command
        .split_first()
        .ok_or_else(|| anyhow!("no player command"))?;
    let mut child = Command::new(program)
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .with_context(|| format!("cannot run the player {program:?}"))?;
    let started = Instant::now();
    let deadline = started + limit;
    let mut to_player = child
        .stdin
        .take()
        .ok_or_else(|| anyhow!("no pipe to the player"))?;
    let from_player = child
        .stdout
        .take()
        .ok_or_else(|| anyhow!("no pipe from the player"))?;

    // The player's lines come through a small channel from a reader thread, so that the
    // judge can give up on a player that says nothing, and a flood is read a line at a time.
    let (sender, lines) = mpsc::sync_channel::<PlayerLine>(4);
    let reader = thread::spawn(move || {
        let mut from_player = BufReader::new(from_player);
        loop {
            let line = read_line(&mut from_player, MAX_PLAYER_LINE).unwrap_or(None);
            let end = !matches!(line, Some(Ok(_)));
            if sender.send(line).is_err() || end {
                return;
            }
        }
    });

    let mut referee = Referee::new(deal);
    let board = BoardText(&deal.bronze()).to_string();
    for line in board.lines() {
        log(&format!("< {line}"), None);
    }
    // A player that has gone away cannot be written to; its verdict comes from its output.
    let _ = to_player
        .write_all(board.as_bytes())
        .and_then(|()| to_player.flush());
    let verdict = loop {
        let wait = deadline.saturating_duration_since(Instant::now());
        let line = match lines.recv_timeout(wait) {
            Ok(line) => line,
            Err(mpsc::RecvTimeoutError::Timeout) => break Verdict::TimeLimit,
            Err(mpsc::RecvTimeoutError::Disconnected) => None,
        };
        if Instant::now() > deadline {
            break Verdict::TimeLimit;
        }
        let line = match line {
            None => break Verdict::NoStop,
            Some(Err(bad)) => {
                let start = bad.start();
                log(&format!("> {start}..."), None);
                break Verdict::Malformed(format!("{start}..."));
            }
            Some(Ok(line)) => line,
        };
        log(&format!("> {line}"), None);
        match referee.take(&line) {
            Ok(Answer::Stop) => break Verdict::Stopped,
            Ok(answer) => {
                log(&format!("< {answer}"), Some(referee.game()));
                let _ = writeln!(to_player, "{answer}").and_then(|()| to_player.flush());
            }
            Err(verdict) => break verdict,
        }
    };
    let elapsed = started.elapsed();
    drop(to_player);
    drop(lines);
    let exit = finish(&mut child, deadline);
    // The reader thread ends when the player's output closes. It is not waited for: a
    // process the player started may still hold that output open.
    drop(reader);
    Ok(Played {
        referee,
        verdict,
        elapsed,
        exit,
    })
}

/// Lets the player exit by itself until the deadline (or a moment after the verdict), then
/// ends it; says how it ended.
fn finish(child: &mut Child, deadline: Instant) -> Exit {
    let grace = (Instant::now() + Duration::from_millis(200)).min(deadline);
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Exit::of(status);
        }
        if Instant::now() >= grace {
            break;
        }
        thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
    Exit::Ended
}
