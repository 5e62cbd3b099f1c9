//! A child process spoken to in lines, as a judge speaks to a contest player or an arena to a
//! GTP engine: lines written to its stdin, lines read from its stdout, each within a deadline
//! and a cap on its length, so that a child that hangs, floods or dies never hangs or
//! exhausts the parent. Every way a read can fail is a [`Failure`].
//!
//! ```
//! use std::time::{Duration, Instant};
//! use line_child::LineChild;
//!
//! let command = ["sh", "-c", "read line; echo \"got $line\""].map(String::from);
//! let mut child = LineChild::spawn(&command, 100, std::process::Stdio::null()).unwrap();
//! child.write_line("hello").unwrap();
//! let deadline = Instant::now() + Duration::from_secs(10);
//! assert_eq!(child.read_line(deadline).unwrap(), "got hello");
//! assert_eq!(child.finish(Duration::from_secs(10)).to_string(), "exited with status 0");
//! ```

#![deny(missing_docs)]

use std::fmt;
use std::io::{self, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use input::{BadLine, read_line};

/// How long a child whose output has ended gets to exit before it is called still running,
/// unless [`LineChild::with_grace`] says otherwise.
pub const GRACE: Duration = Duration::from_millis(200);

/// Why no line came.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// No whole line by the deadline.
    #[error("no line in time")]
    TimedOut,
    /// A line longer than the cap; its start.
    #[error("a line too long: {0:?}...")]
    TooLong(String),
    /// A line that is not UTF-8 text: its start (invalid bytes replaced), and the column of
    /// the first invalid byte.
    #[error("a line that is not UTF-8 text at column {col}: {start:?}")]
    NotUtf8 {
        /// The line's start.
        start: String,
        /// The 1-based column (in characters) of the first invalid byte.
        col: u32,
    },
    /// The output ended; how the child ended (it may still be running a moment later).
    #[error("the output ended; the process {0}")]
    Ended(Exit),
    /// Reading the output failed.
    #[error("cannot read the output: {0}")]
    Io(#[from] io::Error),
}

impl Failure {
    /// The start of the line, for a line too long or not text.
    pub fn line_start(&self) -> Option<&str> {
        match self {
            Failure::TooLong(start) | Failure::NotUtf8 { start, .. } => Some(start),
            _ => None,
        }
    }
}

impl From<BadLine> for Failure {
    fn from(bad: BadLine) -> Failure {
        match bad {
            BadLine::TooLong(start) => Failure::TooLong(start),
            BadLine::NotUtf8 { start, col } => Failure::NotUtf8 { start, col },
        }
    }
}

/// How a child process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this status.
    Status(i32),
    /// A signal ended it.
    Signal(i32),
    /// It ended some other way (said by the system).
    Other(String),
    /// It was still running when it was given up on (and then ended).
    Running,
}

impl Exit {
    /// How a process with this exit status ended.
    pub fn of(status: ExitStatus) -> Exit {
        if let Some(code) = status.code() {
            return Exit::Status(code);
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            if let Some(signal) = status.signal() {
                return Exit::Signal(signal);
            }
        }
        Exit::Other(status.to_string())
    }

    /// Whether it exited with status 0.
    pub fn success(&self) -> bool {
        *self == Exit::Status(0)
    }
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exit::Status(code) => write!(f, "exited with status {code}"),
            Exit::Signal(signal) => {
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
                write!(f, "killed by signal {signal}{name}")
            }
            Exit::Other(how) => write!(f, "ended abnormally ({how})"),
            Exit::Running => f.write_str("still running"),
        }
    }
}

/// What the reader thread hands over: a line, or why there is none (then it stops).
type Read = Result<String, Failure>;

/// A running child process, spoken to in lines. Dropping it ends the process.
pub struct LineChild {
    child: Child,
    stdin: Option<ChildStdin>,
    /// The output's lines, from a reader thread: a small channel, so that a flood is read a
    /// few lines at a time, and the thread (and with it the pipe) goes when this does.
    lines: Option<Receiver<Read>>,
    exit: Option<Exit>,
    /// How long the child gets to exit once its output has ended.
    grace: Duration,
}

impl LineChild {
    /// Starts `command` (the program and its arguments) with its stdin and stdout piped to us;
    /// its lines may be at most `max_line` bytes (line end included).
    pub fn spawn(command: &[String], max_line: usize, stderr: Stdio) -> io::Result<LineChild> {
        let (program, arguments) = command
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "an empty command"))?;
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::sync_channel::<Read>(4);
        thread::spawn(move || {
            let mut stdout = BufReader::new(stdout);
            loop {
                let read = match read_line(&mut stdout, max_line) {
                    Ok(None) => return,
                    Ok(Some(line)) => line.map_err(Failure::from),
                    Err(err) => Err(Failure::Io(err)),
                };
                let end = read.is_err();
                if sender.send(read).is_err() || end {
                    return;
                }
            }
        });
        Ok(LineChild {
            child,
            stdin,
            lines: Some(lines),
            exit: None,
            grace: GRACE,
        })
    }

    /// The same child, given `grace` (instead of [`GRACE`]) to exit once its output has ended
    /// before it is called still running: a loaded machine may take longer to reap it.
    pub fn with_grace(mut self, grace: Duration) -> LineChild {
        self.grace = grace;
        self
    }

    /// How long the child gets to exit once its output has ended.
    pub fn grace(&self) -> Duration {
        self.grace
    }

    /// Writes a line (a line end is added) and flushes it.
    pub fn write_line(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin closed"))?;
        writeln!(stdin, "{line}")?;
        stdin.flush()
    }

    /// The next line (without its line end), if a whole one comes by `deadline`.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, Failure> {
        let Some(lines) = &self.lines else {
            return Err(Failure::Ended(self.wait_until(Instant::now())));
        };
        let wait = deadline.saturating_duration_since(Instant::now());
        let read = match lines.recv_timeout(wait) {
            Err(RecvTimeoutError::Timeout) => return Err(Failure::TimedOut),
            Ok(read) => read,
            Err(RecvTimeoutError::Disconnected) => {
                self.lines = None;
                if Instant::now() > deadline {
                    return Err(Failure::TimedOut);
                }
                let exit = self.wait_until((Instant::now() + self.grace).min(deadline));
                return Err(Failure::Ended(exit));
            }
        };
        if Instant::now() > deadline {
            return Err(Failure::TimedOut);
        }
        read
    }

    /// Closes both pipes, gives the child `wait` to exit by itself, then ends it; says how it
    /// ended ([`Exit::Running`] when it had to be ended).
    pub fn finish(mut self, wait: Duration) -> Exit {
        self.stdin = None;
        // A child still writing gets a broken pipe once the reader thread sees that no one
        // listens any more.
        self.lines = None;
        self.wait_until(Instant::now() + wait)
    }

    /// Waits for the child to exit until `until`, then ends it.
    fn wait_until(&mut self, until: Instant) -> Exit {
        if let Some(exit) = &self.exit {
            return exit.clone();
        }
        let exit = loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                break Exit::of(status);
            }
            if Instant::now() >= until {
                let _ = self.child.kill();
                let _ = self.child.wait();
                break Exit::Running;
            }
            thread::sleep(Duration::from_millis(5));
        };
        self.exit = Some(exit.clone());
        exit
    }
}

impl Drop for LineChild {
    fn drop(&mut self) {
        if self.exit.is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shell child, given ample time to exit: a child is reaped when it has exited, so a
    /// wide grace costs a quick one nothing, and a loaded machine does not make it "still
    /// running".
    fn sh(script: &str) -> LineChild {
        let command = ["sh", "-c", script].map(String::from);
        LineChild::spawn(&command, 32, Stdio::null())
            .unwrap()
            .with_grace(Duration::from_secs(20))
    }

    /// Far enough away that a loaded machine does not make a good child late.
    fn later() -> Instant {
        Instant::now() + Duration::from_secs(20)
    }

    #[test]
    fn a_child_that_answers() {
        let mut child = sh("while read line; do echo \"= $line\"; done");
        for word in ["one", "two"] {
            child.write_line(word).unwrap();
            assert_eq!(child.read_line(later()).unwrap(), format!("= {word}"));
        }
        // Its stdin closed, it leaves by itself.
        assert_eq!(child.finish(Duration::from_secs(20)), Exit::Status(0));
    }

    #[test]
    fn a_child_too_slow_times_out_and_is_ended() {
        let mut child = sh("exec sleep 30");
        let soon = Instant::now() + Duration::from_millis(50);
        assert!(matches!(child.read_line(soon), Err(Failure::TimedOut)));
        assert_eq!(child.finish(Duration::ZERO), Exit::Running);
    }

    #[test]
    fn a_line_too_long_is_cut_and_the_flood_stopped() {
        let mut child = sh("yes abcdefgh | tr -d '\\n'");
        match child.read_line(later()) {
            Err(Failure::TooLong(start)) => assert!(start.starts_with("abcdefghabcdefgh")),
            other => panic!("{other:?}"),
        }
        // The flooding pipeline dies of its broken pipe, or is ended.
        assert!(!child.finish(Duration::from_secs(20)).success());
    }

    #[test]
    fn a_line_not_utf8_says_where() {
        let mut child = sh("printf 'ab\\377\\n'");
        assert!(matches!(
            child.read_line(later()),
            Err(Failure::NotUtf8 { col: 3, .. })
        ));
    }

    #[test]
    fn a_child_that_exits_says_how() {
        let mut child = sh("echo last; exit 3");
        assert_eq!(child.read_line(later()).unwrap(), "last");
        match child.read_line(later()) {
            Err(Failure::Ended(exit)) => assert_eq!(exit, Exit::Status(3)),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            child.finish(Duration::ZERO).to_string(),
            "exited with status 3"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_child_killed_by_a_signal_is_named() {
        let mut child = sh("kill -SEGV $$");
        match child.read_line(later()) {
            Err(Failure::Ended(exit)) => {
                assert_eq!(exit.to_string(), "killed by signal 11 (SIGSEGV)")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_program_that_does_not_exist_is_an_error() {
        let command = ["/no/such/program".to_string()];
        let err = LineChild::spawn(&command, 32, Stdio::null()).err().unwrap();
        assert_eq!(err.kind(), io::ErrorKind::NotFound);
    }
}
