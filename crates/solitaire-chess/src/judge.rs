//! The judge's side: the official verdicts for each line a player writes, and a game
//! against a player program over pipes, with a time limit.

use std::fmt;
use std::io;
use std::process::Stdio;
use std::time::{Duration, Instant};

use line_child::{Exit, Failure, GRACE, LineChild};

use crate::board::{BoardText, Deal, Piece, Square};
use crate::game::{Game, Illegal};
use crate::score::Score;

/// How a game ended, as the official judge sees it. Only [`Verdict::Stopped`] scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player wrote `0 0`: the game is scored.
    Stopped,
    /// A line that is not two whole numbers.
    Malformed(String),
    /// A row or column outside 1..6.
    OutOfRange(String),
    /// A removal from an empty square.
    EmptySquare(Square),
    /// A square the last removed type does not reach.
    IllegalMove(Illegal),
    /// The square removed from last.
    SameSquare(Square),
    /// The player's output ended (it exited or closed it) without `0 0`.
    NoStop,
    /// The player took longer than the time limit.
    TimeLimit,
}

impl Verdict {
    /// Whether the game is scored (else it scores 0).
    pub fn scores(&self) -> bool {
        *self == Verdict::Stopped
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Stopped => write!(f, "stopped with `0 0`"),
            Verdict::Malformed(line) => write!(f, "malformed line {line:?}"),
            Verdict::OutOfRange(line) => write!(f, "coordinates out of range: {line:?}"),
            Verdict::EmptySquare(square) => write!(f, "empty square: {square}"),
            Verdict::IllegalMove(illegal) => write!(f, "illegal move: {illegal}"),
            Verdict::SameSquare(square) => write!(f, "same square twice in a row: {square}"),
            Verdict::NoStop => write!(f, "the player's output ended without `0 0`"),
            Verdict::TimeLimit => write!(f, "time limit exceeded"),
        }
    }
}

/// What the judge answers a legal line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The piece now showing on the square removed from, or `None` (`blank`).
    Shown(Option<Piece>),
    /// The player stopped.
    Stop,
}

impl fmt::Display for Answer {
    /// The judge's reply line (without its line end); empty after `0 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Shown(Some(piece)) => write!(f, "{piece}"),
            Answer::Shown(None) => write!(f, "blank"),
            Answer::Stop => Ok(()),
        }
    }
}

/// The official judge: holds the whole deal, checks every line and keeps the score.
#[derive(Clone, Debug)]
pub struct Referee {
    game: Game,
    moves: Vec<Square>,
}

impl Referee {
    /// A game on a deal.
    pub fn new(deal: &Deal) -> Referee {
        Referee {
            game: Game::new(deal),
            moves: Vec::new(),
        }
    }

    /// The game so far (with every layer).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The removals so far.
    pub fn moves(&self) -> &[Square] {
        &self.moves
    }

    /// The score of the removals so far (what a game that stops now scores).
    pub fn score(&self) -> Score {
        self.game.score()
    }

    /// Takes one line from the player: the answer to send back, or the verdict that ends the
    /// game with 0 points.
    pub fn take(&mut self, line: &str) -> Result<Answer, Verdict> {
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let words: Vec<&str> = line.split_whitespace().collect();
        let numbers: Vec<i64> = words.iter().filter_map(|w| w.parse().ok()).collect();
        let &[row, col] = numbers.as_slice() else {
            return Err(Verdict::Malformed(line.to_string()));
        };
        if words.len() != 2 {
            return Err(Verdict::Malformed(line.to_string()));
        }
        if (row, col) == (0, 0) {
            return Ok(Answer::Stop);
        }
        let square = u8::try_from(row)
            .ok()
            .zip(u8::try_from(col).ok())
            .and_then(|(row, col)| Square::at(row, col))
            .ok_or_else(|| Verdict::OutOfRange(line.to_string()))?;
        self.play(square).map(Answer::Shown)
    }

    /// Plays a removal: the piece now showing there, or the verdict.
    pub fn play(&mut self, square: Square) -> Result<Option<Piece>, Verdict> {
        self.game.play(square).map_err(|illegal| match illegal {
            Illegal::Empty(square) => Verdict::EmptySquare(square),
            Illegal::SameSquare(square) => Verdict::SameSquare(square),
            unreachable @ Illegal::Unreachable { .. } => Verdict::IllegalMove(unreachable),
        })?;
        self.moves.push(square);
        Ok(self.game.piece(square))
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The removals in order.
    pub moves: Vec<Square>,
    /// The score of those removals.
    pub score: Score,
    /// How it ended.
    pub verdict: Verdict,
}

impl Outcome {
    /// The game on `deal`, a removal a line (the square, the piece removed and what shows
    /// there now), then `0 0` and the score, marked ` (fault)` when the verdict does not
    /// score.
    pub fn transcript(&self, deal: &Deal) -> String {
        let mut referee = Referee::new(deal);
        let mut text = String::new();
        for &square in &self.moves {
            let piece = referee.game().piece(square);
            let Ok(after) = referee.play(square) else {
                break;
            };
            let name = |piece: Option<Piece>| piece.map_or("blank", Piece::wire_name);
            let (piece, after) = (piece.map_or("?", Piece::wire_name), name(after));
            text += &format!("{square}  ({piece}, now {after})\n");
        }
        let fault = if self.verdict.scores() {
            ""
        } else {
            " (fault)"
        };
        text + &format!("0 0\nscore {}{fault}\n", self.score)
    }

    /// The points the judge gives: the score, or 0 if the verdict is a fault.
    pub fn points(&self) -> u32 {
        if self.verdict.scores() {
            self.score.total()
        } else {
            0
        }
    }
}

/// The longest line a player may write; a longer one is malformed.
const MAX_PLAYER_LINE: usize = 256;

/// How a judged game ends for the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judged {
    /// The player stopped with `0 0`; the score counts.
    Accepted,
    /// A line the rules refuse, or the output ended without `0 0` with no failure.
    WrongAnswer,
    /// The time limit ran out.
    TimeLimit,
    /// The output ended without `0 0` and the player failed (a status or a signal).
    Crashed,
}

/// The exit status of a program that judges (see [`Judged::status`]), for its help: also 1 when
/// the judge itself fails, and 2 for a wrong option.
pub const EXIT_STATUS: &str = "\
Exit status: 0 accepted (the player stopped with `0 0`; the score counts); 3 wrong answer
(a malformed line, a square out of range, empty or not allowed, the same square twice, or
the output ended without `0 0`); 4 time limit exceeded; 5 the player crashed (it ended
without `0 0` with a failure status or a signal, which is named); 1 the judge itself failed
(say the player cannot be started); 2 a wrong option.";

impl Judged {
    /// The judge's exit status: 0, 3, 4 or 5.
    pub fn status(self) -> u8 {
        match self {
            Judged::Accepted => 0,
            Judged::WrongAnswer => 3,
            Judged::TimeLimit => 4,
            Judged::Crashed => 5,
        }
    }
}

impl fmt::Display for Judged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Judged::Accepted => "accepted",
            Judged::WrongAnswer => "wrong answer",
            Judged::TimeLimit => "time limit exceeded",
            Judged::Crashed => "the player crashed",
        })
    }
}

/// A game against a player program: the referee at the end, the verdict, the time taken, and
/// how the player's process ended.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game as it ended.
    pub referee: Referee,
    /// Why it ended.
    pub verdict: Verdict,
    /// From the start of the program to the verdict.
    pub elapsed: Duration,
    /// How the program ended ([`Exit::Running`]: the judge ended it after the verdict).
    pub exit: Exit,
}

impl Played {
    /// What the game comes to.
    pub fn judged(&self) -> Judged {
        let failed = !matches!(self.exit, Exit::Status(0) | Exit::Running);
        match self.verdict {
            Verdict::Stopped => Judged::Accepted,
            Verdict::TimeLimit => Judged::TimeLimit,
            Verdict::NoStop if failed => Judged::Crashed,
            _ => Judged::WrongAnswer,
        }
    }

    /// How the player's process ended, in words.
    pub fn player(&self) -> String {
        match self.exit {
            Exit::Running => "still running after the verdict; ended by the judge".into(),
            ref exit => exit.to_string(),
        }
    }

    /// The judge's report of the game called `name`: the verdict, how the player ended, the
    /// removals, the time, the score and the result with its exit status, a line each.
    pub fn report(&self, name: &str) -> String {
        let (verdict, result) = (&self.verdict, self.judged());
        let score = self.referee.score();
        let score = if verdict.scores() {
            score.to_string()
        } else {
            format!("0 (the removals made would have scored {score})")
        };
        format!(
            "game: {name}\nverdict: {verdict}\nplayer: {}\nmoves: {}\ntime: {} ms\nscore: {score}\n\
             result: {result} (exit status {})\n",
            self.player(),
            self.referee.moves().len(),
            self.elapsed.as_millis(),
            result.status()
        )
    }
}

/// A game's log as a file shows it: every line (`< ` the judge's, `> ` the player's), the
/// board after each answer as [`Picture`](crate::Picture) draws it, and the verdict at the
/// end. Its [`Transcript::see`] is a [`run_player`] log. A write that fails does not cut the
/// game short: the first failure is reported by [`Transcript::finish`].
pub struct Transcript<W: io::Write> {
    out: W,
    failed: io::Result<()>,
}

impl<W: io::Write> Transcript<W> {
    /// A log written to `out`.
    pub fn new(out: W) -> Transcript<W> {
        Transcript {
            out,
            failed: Ok(()),
        }
    }

    /// Logs a line, and the game after it if it changed.
    pub fn see(&mut self, line: &str, game: Option<&Game>) {
        if self.failed.is_ok() {
            self.failed = writeln!(self.out, "{line}").and_then(|()| match game {
                Some(game) => write!(self.out, "{}", crate::Picture::new(game)),
                None => Ok(()),
            });
        }
    }

    /// Logs the verdict and flushes; the first write that failed, if one did.
    pub fn finish(mut self, verdict: &Verdict) -> io::Result<W> {
        let written = (self.failed)
            .and_then(|()| writeln!(self.out, "verdict: {verdict}"))
            .and_then(|()| self.out.flush());
        written.map_err(|e| io::Error::new(e.kind(), format!("cannot write the log: {e}")))?;
        Ok(self.out)
    }
}

/// Runs one game against a player program (`command`: the program and its arguments) within
/// `limit` for the whole game, as the official judge does. `log` sees every line (`< ` the
/// judge's, `> ` the player's), and the game after each answer. A player that crashes, hangs
/// or floods ends with a verdict; only a player that cannot be started is an error. A player
/// whose output has ended gets [`line_child::GRACE`] to exit before it is called still running.
pub fn run_player(
    deal: &Deal,
    command: &[String],
    limit: Duration,
    log: impl FnMut(&str, Option<&Game>),
) -> io::Result<Played> {
    run_player_with_grace(deal, command, limit, GRACE, log)
}

/// [`run_player`], with `grace` instead of [`GRACE`] for a player to exit (a loaded machine
/// may take longer to reap one; a test gives it more).
fn run_player_with_grace(
    deal: &Deal,
    command: &[String],
    limit: Duration,
    grace: Duration,
    mut log: impl FnMut(&str, Option<&Game>),
) -> io::Result<Played> {
    let mut player = LineChild::spawn(command, MAX_PLAYER_LINE, Stdio::inherit())
        .map_err(|e| {
            let program = command.first().map_or("", String::as_str);
            io::Error::new(e.kind(), format!("cannot run the player {program:?}: {e}"))
        })?
        .with_grace(grace);
    let started = Instant::now();
    let deadline = started + limit;
    let mut referee = Referee::new(deal);
    for line in BoardText(&deal.bronze()).to_string().lines() {
        log(&format!("< {line}"), None);
        // A player that has gone away cannot be written to; its verdict comes from its
        // output.
        let _ = player.write_line(line);
    }
    let verdict = loop {
        let line = match player.read_line(deadline) {
            Ok(line) => line,
            Err(Failure::TimedOut) => break Verdict::TimeLimit,
            Err(Failure::Ended(_) | Failure::Io(_)) => break Verdict::NoStop,
            Err(bad) => {
                let start = format!("{}...", bad.line_start().unwrap_or_default());
                log(&format!("> {start}"), None);
                break Verdict::Malformed(start);
            }
        };
        log(&format!("> {line}"), None);
        match referee.take(&line) {
            Ok(Answer::Stop) => break Verdict::Stopped,
            Ok(answer) => {
                log(&format!("< {answer}"), Some(referee.game()));
                let _ = player.write_line(&answer.to_string());
            }
            Err(verdict) => break verdict,
        }
    };
    let elapsed = started.elapsed();
    let exit = player.finish(grace.min(deadline.saturating_duration_since(Instant::now())));
    Ok(Played {
        referee,
        verdict,
        elapsed,
        exit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pyrandom::official_deal;

    #[test]
    fn the_exit_statuses_told_are_the_verdicts_statuses() {
        for (judged, told) in [
            (Judged::Accepted, "0 accepted"),
            (Judged::WrongAnswer, "3 wrong answer"),
            (Judged::TimeLimit, "4 time limit exceeded"),
            (Judged::Crashed, "5 the player crashed"),
        ] {
            assert!(told.starts_with(&judged.status().to_string()));
            assert!(EXIT_STATUS.replace('\n', " ").contains(told), "{told}");
        }
    }

    fn referee() -> Referee {
        Referee::new(&official_deal(&Piece::ALL, 12))
    }

    /// A game of knights against a shell script as the player, with all the time a loaded
    /// machine needs, or `limit`; a player that has ended its output gets all the time it
    /// needs to exit too (it is reaped as soon as it has, so this costs a quick one nothing).
    fn against(script: &str, limit: Duration) -> (Played, Vec<String>) {
        let command = ["sh", "-c", script].map(String::from);
        let mut lines = Vec::new();
        let deal = Deal::uniform(Piece::Knight);
        let played = run_player_with_grace(&deal, &command, limit, AMPLE, |line, _| {
            lines.push(line.into())
        });
        (played.unwrap(), lines)
    }

    const AMPLE: Duration = Duration::from_secs(20);

    #[test]
    fn an_outcome_tells_its_game() {
        let deal = Deal::uniform(Piece::Knight);
        let mut referee = Referee::new(&deal);
        let moves: Vec<Square> = [(1, 1), (2, 3)]
            .map(|(r, c)| Square::at(r, c).unwrap())
            .into();
        for &square in &moves {
            referee.play(square).unwrap();
        }
        let mut outcome = Outcome {
            moves,
            score: referee.score(),
            verdict: Verdict::Stopped,
        };
        let told = "1 1  (springare, now springare)\n2 3  (springare, now springare)\n0 0\n\
                    score 6 = 2 moves + 4 run bonus + 0 set bonus + 0 alternation bonus";
        assert_eq!(outcome.transcript(&deal), format!("{told}\n"));
        outcome.verdict = Verdict::NoStop;
        assert_eq!(outcome.transcript(&deal), format!("{told} (fault)\n"));
    }

    #[test]
    fn a_player_that_stops_is_accepted() {
        let (played, lines) = against("head -n 6 >/dev/null; echo 1 1; read a; echo 0 0", AMPLE);
        assert_eq!(played.verdict, Verdict::Stopped);
        assert_eq!(played.judged(), Judged::Accepted);
        assert_eq!(played.referee.moves().len(), 1);
        assert_eq!(lines[6..], ["> 1 1", "< springare", "> 0 0"]);
        assert_eq!(played.player(), "exited with status 0");
        let report = played.report("knights");
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(
            lines[..4],
            [
                "game: knights",
                "verdict: stopped with `0 0`",
                "player: exited with status 0",
                "moves: 1"
            ]
        );
        assert!(lines[4].starts_with("time: ") && lines[4].ends_with(" ms"));
        assert_eq!(
            lines[5..],
            [
                "score: 1 = 1 move + 0 run bonus + 0 set bonus + 0 alternation bonus",
                "result: accepted (exit status 0)"
            ]
        );
    }

    #[test]
    fn a_transcript_has_the_lines_the_boards_and_the_verdict() {
        let deal = Deal::uniform(Piece::Knight);
        let mut log = Transcript::new(Vec::new());
        let script = "head -n 6 >/dev/null; echo 1 1; read a; echo 0 0";
        let command = ["sh", "-c", script].map(String::from);
        let played = run_player_with_grace(&deal, &command, AMPLE, AMPLE, |line, game| {
            log.see(line, game)
        })
        .unwrap();
        let text = String::from_utf8(log.finish(&played.verdict).unwrap()).unwrap();
        let mut after_move = Game::new(&deal);
        after_move.play(Square::at(1, 1).unwrap()).unwrap();
        let board = crate::Picture::new(&after_move).to_string();
        let answer = format!("> 1 1\n< springare\n{board}> 0 0\n");
        assert!(text.contains(&answer), "{text}");
        assert!(text.ends_with("\nverdict: stopped with `0 0`\n"), "{text}");
        // A log that cannot be written is an error once the game is over.
        struct Full;
        impl io::Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut full = Transcript::new(Full);
        full.see("< 1 1", None);
        let err = full.finish(&played.verdict).err().unwrap();
        assert_eq!(err.to_string(), "cannot write the log: disk full");
    }

    #[test]
    fn the_verdicts_of_bad_players() {
        let crash = against("echo 1 1; exit 3", AMPLE).0;
        assert_eq!(
            (crash.verdict.clone(), crash.judged()),
            (Verdict::NoStop, Judged::Crashed)
        );
        let quiet = against("echo 1 1", AMPLE).0;
        assert_eq!(
            quiet.judged(),
            Judged::WrongAnswer,
            "it ended without failing"
        );
        let hang = against("exec sleep 30", Duration::from_millis(100)).0;
        assert_eq!(
            (hang.verdict.clone(), hang.judged()),
            (Verdict::TimeLimit, Judged::TimeLimit)
        );
        assert_eq!(
            hang.player(),
            "still running after the verdict; ended by the judge"
        );
        let flood = against("yes abcdefgh | tr -d '\\n'", AMPLE).0;
        let start = "abcdefgh".repeat(8);
        assert_eq!(flood.verdict, Verdict::Malformed(format!("{start}...")));
        assert_eq!(flood.judged().status(), 3);
    }

    #[test]
    fn a_player_that_cannot_start_is_an_error() {
        let command = ["/no/such/player".to_string()];
        let err = run_player(&Deal::uniform(Piece::Knight), &command, AMPLE, |_, _| {});
        let message = err.unwrap_err().to_string();
        assert!(
            message.starts_with("cannot run the player \"/no/such/player\": "),
            "{message}"
        );
    }

    #[test]
    fn lines_get_the_official_verdicts() {
        let mut r = referee();
        assert_eq!(r.take("1 x"), Err(Verdict::Malformed("1 x".into())));
        assert_eq!(r.take("1 2 3"), Err(Verdict::Malformed("1 2 3".into())));
        assert_eq!(r.take(""), Err(Verdict::Malformed("".into())));
        assert_eq!(r.take("7 1"), Err(Verdict::OutOfRange("7 1".into())));
        assert_eq!(r.take("-1 1\n"), Err(Verdict::OutOfRange("-1 1".into())));
        let first = r.take("1 1\n").unwrap();
        assert!(matches!(first, Answer::Shown(Some(_))));
        assert_eq!(
            r.take("1 1"),
            Err(Verdict::SameSquare(Square::at(1, 1).unwrap()))
        );
        assert_eq!(r.take("0 0"), Ok(Answer::Stop));
        assert_eq!(r.score().moves, 1);
    }

    #[test]
    fn an_unreachable_square_is_an_illegal_move() {
        // g6-1 starts with a knight in the corner: (1, 2) is not a knight's move away.
        let mut r = referee();
        assert_eq!(
            r.game().piece(Square::at(1, 1).unwrap()),
            Some(Piece::Knight)
        );
        r.take("1 1").unwrap();
        assert!(matches!(r.take("1 2"), Err(Verdict::IllegalMove(_))));
    }

    #[test]
    fn a_square_emptied_is_reported_blank_then_refused() {
        let deal = Deal::uniform(Piece::One);
        let mut r = Referee::new(&deal);
        let shown: Vec<String> = ["1 1", "1 2", "1 1", "1 2", "1 1"]
            .iter()
            .map(|line| r.take(line).unwrap().to_string())
            .collect();
        assert_eq!(shown, ["1", "1", "1", "1", "blank"]);
        r.take("1 2").unwrap();
        assert_eq!(
            r.take("1 1"),
            Err(Verdict::EmptySquare(Square::at(1, 1).unwrap()))
        );
    }
}
