//! `boardgames solitaire-chess judge`: any player program against the official judge's deal,
//! over pipes, with the official verdicts and a time limit.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use solitaire_chess::contest::{Group, alphabet, official_case};
use solitaire_chess::protocol::read_line;
use solitaire_chess::{Answer, BoardText, Deal, Referee, Verdict, official_deal};

use crate::io;

/// The longest line a player may write; a longer one is malformed.
const MAX_PLAYER_LINE: usize = 256;

/// Which deal to play, and the player to run.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("deal").required(true).args(["group", "alphabet", "official"])))]
pub struct Args {
    /// A contest group 1..6 (its alphabet), with --seed.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
    group: Option<u8>,

    /// The judge's letters for the types that occur (`1234tlds` or a part), with --seed.
    #[arg(long)]
    alphabet: Option<String>,

    /// One of the 14 official test cases: g1, g2, g3-1 .. g6-3.
    #[arg(long, value_name = "CASE")]
    official: Option<String>,

    /// The seed of the judge's `random.seed`.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// The time limit for the whole game, in milliseconds of wall-clock time.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    time_ms: u64,

    /// Also write the whole conversation to FILE (`<` the judge, `>` the player).
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,

    /// The player program and its arguments.
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

pub fn run(args: Args) -> Result<()> {
    let (name, deal) = deal(&args)?;
    let mut log = match &args.log {
        Some(path) => {
            Some(BufWriter::new(File::create(path).with_context(|| {
                format!("cannot write {}", path.display())
            })?))
        }
        None => None,
    };
    let limit = Duration::from_millis(args.time_ms);
    let (referee, verdict, elapsed) = judge(&deal, &args.command, limit, |line| {
        if let Some(log) = &mut log {
            let _ = writeln!(log, "{line}");
        }
    })?;
    if let Some(mut log) = log {
        writeln!(log, "verdict: {verdict}")?;
        log.flush()?;
    }
    let score = referee.score();
    let points = if verdict.scores() { score.total() } else { 0 };
    let mut report = format!("game: {name}\nverdict: {verdict}\n");
    report += &format!("moves: {}\n", referee.moves().len());
    report += &format!("time: {} ms\n", elapsed.as_millis());
    if verdict.scores() {
        report += &format!("score: {score}\n");
    } else {
        report += &format!("score: {points} (the removals made would have scored {score})\n");
    }
    io::print(&report)
}

/// The deal the options name, and a name for it.
fn deal(args: &Args) -> Result<(String, Deal)> {
    if let Some(case) = &args.official {
        let case = official_case(case)
            .ok_or_else(|| anyhow!("no official case {case:?} (g1, g2, g3-1 .. g6-3)"))?;
        let name = format!(
            "official case {} (alphabet {}, seed {}; best contestant {})",
            case.name, case.letters, case.seed, case.best
        );
        return Ok((name, case.deal()));
    }
    let letters = match (args.group, &args.alphabet) {
        (Some(group), _) => Group::get(group)
            .map(|g| g.letters.to_string())
            .ok_or_else(|| anyhow!("no group {group}"))?,
        (None, Some(letters)) => letters.clone(),
        (None, None) => bail!("give --group, --alphabet or --official"),
    };
    let pieces = alphabet(&letters).map_err(|err| {
        anyhow!("the alphabet {letters:?} has {err}: use the letters 1 2 3 4 t l d s")
    })?;
    let name = format!("alphabet {letters}, seed {}", args.seed);
    Ok((name, official_deal(&pieces, args.seed)))
}

/// What the player's output brought: a line, a line too long or not text, or its end.
type PlayerLine = Option<Result<String, String>>;

/// Runs one game against a player program; `log` sees every line (`< ` the judge's, `> ` the
/// player's). A player that crashes, hangs or floods ends with a verdict, never an error here.
fn judge(
    deal: &Deal,
    command: &[String],
    limit: Duration,
    mut log: impl FnMut(&str),
) -> Result<(Referee, Verdict, Duration)> {
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
        log(&format!("< {line}"));
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
            Some(Err(start)) => {
                log(&format!("> {start}..."));
                break Verdict::Malformed(format!("{start}..."));
            }
            Some(Ok(line)) => line,
        };
        log(&format!("> {line}"));
        match referee.take(&line) {
            Ok(Answer::Stop) => break Verdict::Stopped,
            Ok(answer) => {
                log(&format!("< {answer}"));
                let _ = writeln!(to_player, "{answer}").and_then(|()| to_player.flush());
            }
            Err(verdict) => break verdict,
        }
    };
    let elapsed = started.elapsed();
    drop(to_player);
    drop(lines);
    finish(&mut child, deadline);
    // The reader thread ends when the player's output closes. It is not waited for: a
    // process the player started may still hold that output open.
    drop(reader);
    Ok((referee, verdict, elapsed))
}

/// Lets the player exit by itself until the deadline (or a moment after the verdict), then
/// ends it.
fn finish(child: &mut Child, deadline: Instant) {
    let grace = (Instant::now() + Duration::from_millis(200)).min(deadline);
    while Instant::now() < grace {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
}
