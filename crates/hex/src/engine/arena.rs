//! Matches between GTP engines: each engine is a program started once per game, driven over
//! its stdin and stdout, with every reply awaited for at most a time limit (a reader thread
//! per engine hands complete replies over a channel), so that the arena never hangs.
//!
//! A game ends when a side joins its edges or resigns, or when a side's engine answers
//! `genmove` with something that is not a move (malformed), with an illegal move, with a
//! `?` reply, not at all in time, or dies: that side loses, and the verdict says why.

use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use super::game::{Color, Game, Move};
use super::sgf::Record;

/// An engine: a name for the tables and the program with its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The name shown in results and SGF.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
}

/// How a game ended, from the winner's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The winner joined its edges.
    Connected,
    /// The loser resigned.
    Resigned,
    /// The loser's engine named a move that cannot be played.
    Illegal(String),
    /// The loser's engine answered something that is not a GTP reply with a move.
    Malformed(String),
    /// The loser's engine answered a command with `?`.
    Refused(String),
    /// The loser's engine stopped (exited or closed its output).
    Crashed,
    /// The loser's engine did not answer within the time limit.
    Timeout,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Connected => f.write_str("connected"),
            Ending::Resigned => f.write_str("resigned"),
            Ending::Illegal(why) => write!(f, "illegal move: {why}"),
            Ending::Malformed(reply) => write!(f, "malformed reply: {reply:?}"),
            Ending::Refused(why) => write!(f, "refused: {why}"),
            Ending::Crashed => f.write_str("engine stopped"),
            Ending::Timeout => f.write_str("timeout"),
        }
    }
}

/// One game's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Which program (0 or 1) played Black.
    pub black: usize,
    /// The winning colour.
    pub winner: Color,
    /// Why the game ended.
    pub ending: Ending,
    /// The game as played.
    pub record: Record,
}

impl Outcome {
    /// Which program (0 or 1) won.
    pub fn winner_program(&self) -> usize {
        match self.winner {
            Color::Black => self.black,
            Color::White => 1 - self.black,
        }
    }
}

/// A running engine.
struct Running {
    child: Child,
    stdin: ChildStdin,
    replies: Receiver<Result<String, String>>,
}

/// Why a command got no usable reply.
enum Failure {
    Crashed,
    Timeout,
    Refused(String),
}

impl Running {
    fn start(program: &Program) -> io::Result<Running> {
        let (name, args) = program
            .command
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "an empty command"))?;
        let mut child = Command::new(name)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| io::Error::new(e.kind(), format!("cannot start {name}: {e}")))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (send, replies) = mpsc::channel();
        thread::spawn(move || {
            // A reply is the lines up to a blank line; its first line starts with = or ?.
            let mut reader = BufReader::new(stdout);
            let mut reply = String::new();
            let mut line = String::new();
            loop {
                line.clear();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let text = line.trim_end_matches(['\n', '\r']);
                if text.trim().is_empty() {
                    if reply.is_empty() {
                        continue;
                    }
                    let done = std::mem::take(&mut reply);
                    let result = match done.chars().next() {
                        Some('=') => Ok(strip_status(&done)),
                        Some('?') => Err(strip_status(&done)),
                        _ => Ok(format!("\u{0}{done}")),
                    };
                    if send.send(result).is_err() {
                        return;
                    }
                } else {
                    if !reply.is_empty() {
                        reply.push('\n');
                    }
                    reply.push_str(text);
                }
            }
        });
        Ok(Running {
            child,
            stdin,
            replies,
        })
    }

    /// Sends a command and waits for its reply (a reply that is not GTP comes back with a
    /// leading NUL, for the caller to call malformed).
    fn ask(&mut self, command: &str, limit: Duration) -> Result<String, Failure> {
        if writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            return Err(Failure::Crashed);
        }
        match self.replies.recv_timeout(limit) {
            Ok(Ok(text)) => Ok(text),
            Ok(Err(why)) => Err(Failure::Refused(why)),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Failure::Crashed),
        }
    }

    fn stop(mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        drop(self.stdin);
        // Give it a moment to leave on its own, then make sure.
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The reply's text after `=` or `?` and an optional id.
fn strip_status(reply: &str) -> String {
    let rest = &reply[1..];
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.trim().to_string()
}

/// The rules of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The board's side.
    pub size: u8,
    /// How long a `genmove` may take before the engine loses on time.
    pub move_time: Duration,
    /// How long any other command may take.
    pub command_time: Duration,
}

/// Plays one game, `programs[black]` as Black.
pub fn play_game(programs: &[Program; 2], black: usize, rules: Rules) -> io::Result<Outcome> {
    let mut engines = Vec::new();
    for program in programs {
        engines.push(Running::start(program)?);
    }
    let mut game = Game::new(rules.size)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "a board size 1..=19"))?;
    let side = |color: Color| match color {
        Color::Black => black,
        Color::White => 1 - black,
    };
    let mut result: Option<(Color, Ending)> = None;
    // Set up both engines; a failure here loses for that engine's colour.
    'setup: for color in Color::BOTH {
        let engine = &mut engines[side(color)];
        for command in [
            format!("boardsize {0} {0}", rules.size),
            "clear_board".into(),
        ] {
            if let Err(failure) = engine.ask(&command, rules.command_time) {
                result = Some((color.opponent(), failure_ending(failure)));
                break 'setup;
            }
        }
    }
    while result.is_none() {
        let color = game.to_move();
        let reply = engines[side(color)].ask(&format!("genmove {color}"), rules.move_time);
        let text = match reply {
            Ok(text) => text,
            Err(failure) => {
                result = Some((color.opponent(), failure_ending(failure)));
                break;
            }
        };
        let Some(mv) = (!text.starts_with('\u{0}'))
            .then(|| Move::parse(&text, rules.size))
            .flatten()
        else {
            result = Some((
                color.opponent(),
                Ending::Malformed(text.trim_start_matches('\u{0}').chars().take(80).collect()),
            ));
            break;
        };
        if let Err(error) = game.play(color, mv) {
            result = Some((color.opponent(), Ending::Illegal(format!("{mv}: {error}"))));
            break;
        }
        if mv == Move::Resign {
            result = Some((color.opponent(), Ending::Resigned));
            break;
        }
        if let Some(winner) = game.winner() {
            result = Some((winner, Ending::Connected));
            break;
        }
        let other = color.opponent();
        if let Err(failure) =
            engines[side(other)].ask(&format!("play {color} {mv}"), rules.command_time)
        {
            result = Some((color, failure_ending(failure)));
        }
    }
    for engine in engines {
        engine.stop();
    }
    let (winner, ending) = result.expect("the loop ends with a result");
    let mut record = Record::of(&game);
    record.black = Some(programs[black].name.clone());
    record.white = Some(programs[1 - black].name.clone());
    record.result = Some(format!(
        "{}+{}",
        winner.letter(),
        match ending {
            Ending::Connected => "",
            Ending::Resigned => "Resign",
            Ending::Timeout => "Time",
            _ => "Forfeit",
        }
    ));
    Ok(Outcome {
        black,
        winner,
        ending,
        record,
    })
}

fn failure_ending(failure: Failure) -> Ending {
    match failure {
        Failure::Crashed => Ending::Crashed,
        Failure::Timeout => Ending::Timeout,
        Failure::Refused(why) => Ending::Refused(why),
    }
}

/// Wins and games of one program with one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games played.
    pub games: u32,
}

impl Tally {
    /// The share of games won and its 95% Wilson score interval.
    pub fn rate(self) -> (f64, f64, f64) {
        if self.games == 0 {
            return (0.0, 0.0, 1.0);
        }
        let n = f64::from(self.games);
        let p = f64::from(self.wins) / n;
        let z = 1.959_964f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }
}

/// A match's results: each program's tally as Black and as White.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// `tallies[program][0]` as Black, `[1]` as White.
    pub tallies: [[Tally; 2]; 2],
}

impl Table {
    /// Counts one game.
    pub fn add(&mut self, outcome: &Outcome) {
        for program in 0..2 {
            let colour = usize::from(program != outcome.black);
            let tally = &mut self.tallies[program][colour];
            tally.games += 1;
            if outcome.winner_program() == program {
                tally.wins += 1;
            }
        }
    }

    /// The table as text, one line per program and colour, with the names given.
    pub fn render(&self, names: [&str; 2]) -> String {
        let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(6);
        let mut out = format!(
            "{:<width$}  {:<6}  {:>5}  {:>5}  {:>6}  95% interval\n",
            "engine", "colour", "games", "wins", "rate"
        );
        for (program, name) in names.iter().enumerate() {
            let [black, white] = self.tallies[program];
            let all = Tally {
                wins: black.wins + white.wins,
                games: black.games + white.games,
            };
            for (label, tally) in [("black", black), ("white", white), ("both", all)] {
                let (p, low, high) = tally.rate();
                out += &format!(
                    "{name:<width$}  {label:<6}  {:>5}  {:>5}  {:>5.1}%  {:.1}%..{:.1}%\n",
                    tally.games,
                    tally.wins,
                    100.0 * p,
                    100.0 * low,
                    100.0 * high
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval() {
        let (p, low, high) = Tally {
            wins: 20,
            games: 20,
        }
        .rate();
        assert_eq!(p, 1.0);
        assert!((low - 0.839).abs() < 0.001, "{low}");
        assert_eq!(high, 1.0);
        let (p, low, high) = Tally {
            wins: 10,
            games: 20,
        }
        .rate();
        assert_eq!(p, 0.5);
        assert!((low - 0.299).abs() < 0.001 && (high - 0.701).abs() < 0.001);
    }

    fn sh(name: &str, script: &str) -> Program {
        Program {
            name: name.into(),
            command: vec!["sh".into(), "-c".into(), script.into()],
        }
    }

    /// A GTP engine in shell that answers `genmove` with the given text and everything else
    /// with `= `.
    fn scripted(name: &str, genmove: &str) -> Program {
        sh(
            name,
            &format!(
                "while read cmd rest; do case $cmd in genmove) {genmove};; quit) printf '= \\n\\n'; exit;; *) printf '= \\n\\n';; esac; done"
            ),
        )
    }

    fn rules() -> Rules {
        Rules {
            size: 2,
            // Generous, so that a loaded machine does not make the good engine late.
            move_time: Duration::from_secs(3),
            command_time: Duration::from_secs(5),
        }
    }

    #[test]
    fn verdicts_for_bad_engines() {
        let good = scripted("good", "printf '= a1\\n\\n'");
        let cases = [
            (
                scripted("garbage", "printf 'hello\\n\\n'"),
                "malformed reply: \"hello\"",
            ),
            (
                scripted("offboard", "printf '= z9\\n\\n'"),
                "malformed reply: \"z9\"",
            ),
            (scripted("refuses", "printf '? no\\n\\n'"), "refused: no"),
            (scripted("dies", "exit 3"), "engine stopped"),
            (scripted("sleeps", "sleep 10"), "timeout"),
            (scripted("resigns", "printf '= resign\\n\\n'"), "resigned"),
        ];
        for (bad, verdict) in cases {
            // The bad engine plays White, so the good one (always a1) moves first.
            let programs = [good.clone(), bad];
            let outcome = play_game(&programs, 0, rules()).unwrap();
            assert_eq!(outcome.winner, Color::Black);
            assert_eq!(outcome.winner_program(), 0);
            assert_eq!(outcome.ending.to_string(), verdict);
        }
        // An occupied point: White answers a1 to a1.
        let outcome = play_game(&[good.clone(), good], 0, rules()).unwrap();
        assert_eq!(
            outcome.ending.to_string(),
            "illegal move: a1: a1 is occupied"
        );
        assert_eq!(outcome.record.to_string().lines().nth(1), Some(";B[a1]"));
    }
}
