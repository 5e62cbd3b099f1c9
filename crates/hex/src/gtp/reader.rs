//! The engine's input, read on a thread of its own: command lines go to the loop over a
//! channel, while an interrupt (`# interrupt`, as GoGui and HexGui send it) and the end of
//! the input are signalled at once, so that a running search hears them.

use std::io::{self, BufRead};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{Arc, mpsc};

use super::MAX_LINE;

/// What the reader thread of [`Engine::run`] tells the loop besides the lines.
#[derive(Debug, Default)]
pub(super) struct Signals {
    /// Command lines handed over so far.
    pub(super) read: AtomicU64,
    /// The number of the last command line handed over when an interrupt came (0: none).
    pub(super) interrupted: AtomicU64,
    /// Whether the input has ended.
    pub(super) closed: AtomicBool,
}

/// Whether a line of the input carries a command (a comment or a blank line does not; a line
/// not in UTF-8 or too long gets a reply, so it does).
fn is_command(bytes: &[u8], too_long: bool) -> bool {
    match std::str::from_utf8(bytes) {
        Ok(line) if !too_long => !line.split('#').next().unwrap_or_default().trim().is_empty(),
        _ => true,
    }
}

/// Whether a line is the interrupt GoGui and HexGui send: `# interrupt`.
fn is_interrupt(bytes: &[u8]) -> bool {
    (std::str::from_utf8(bytes).ok())
        .and_then(|line| line.trim().strip_prefix('#'))
        .is_some_and(|rest| rest.trim() == "interrupt")
}

/// Reads `input` on a thread of its own: the command lines (each with whether it was too
/// long) come over the channel, an interrupt and the end of the input through `signals`.
pub(super) fn read_lines(
    mut input: impl BufRead + Send + 'static,
    signals: Arc<Signals>,
) -> mpsc::Receiver<io::Result<(bool, Vec<u8>)>> {
    let (lines, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        loop {
            let mut bytes = Vec::new();
            let line = match read_line(&mut input, &mut bytes) {
                Ok(None) => break,
                Ok(Some(too_long)) => (too_long, bytes),
                Err(e) => {
                    let _ = lines.send(Err(e));
                    break;
                }
            };
            if !is_command(&line.1, line.0) {
                if is_interrupt(&line.1) {
                    (signals.interrupted).store(signals.read.load(Relaxed), Relaxed);
                }
                continue;
            }
            signals.read.fetch_add(1, Relaxed);
            if lines.send(Ok(line)).is_err() {
                break;
            }
        }
        signals.closed.store(true, Relaxed);
    });
    receiver
}

/// Reads one line into `bytes` (without its line break), keeping at most [`MAX_LINE`]
/// bytes: `None` at the end of the input, else whether the line was longer.
fn read_line(input: &mut impl BufRead, bytes: &mut Vec<u8>) -> io::Result<Option<bool>> {
    bytes.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        let room = MAX_LINE.saturating_sub(bytes.len());
        if chunk.len() > room {
            too_long = true;
        }
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        input.consume(used);
        if done {
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
            return Ok(Some(too_long));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;
    use std::sync::atomic::Ordering::Relaxed;
    use std::time::Duration;

    use super::super::Engine;
    use super::super::tests::{NO_CLOCK, engine_with, logged_session, reply, session};
    use crate::game::{Cell, Color, Game, Move};
    use crate::player::{Config, Player};

    /// An engine whose moves the clock (or an interrupt) ends: no fixed playouts, no opening
    /// book, one thread.
    fn clocked(time: &str) -> Engine {
        let mut config = Config::default();
        for (name, value) in [("threads", "1"), ("opening_book", "0"), ("max_time", time)] {
            config.set(name, value).unwrap();
        }
        Engine::new(Player::new(config).unwrap())
    }

    #[test]
    fn the_clock_is_set_shown_and_kept_when_a_value_is_refused() {
        let mut e = engine_with(300, 3);
        assert_eq!(reply(&mut e, "param_game"), format!("= {NO_CLOCK}\n\n"));
        session(&mut e, b"time_settings 120 0 0\ntime_left w 42.5 0\n");
        let set = reply(&mut e, "param_game");
        assert_eq!(
            set,
            "= [bool] allow_swap 0\n[string] game_time 120\n[string] time_control absolute 120\n[string] time_left_black 120\n[string] time_left_white 42.5\n\n"
        );
        for (line, why) in [
            ("time_settings -1 0 0", "main time: -1 seconds is negative"),
            (
                "time_settings 60 x 1",
                "byo-yomi time: \"x\" is not a number of seconds",
            ),
            (
                "time_settings 60 10 -1",
                "byo-yomi stones: \"-1\" is not a whole number of stones",
            ),
            (
                "time_settings 1e12 0 0",
                "main time: 1e12 seconds is more than a week (604800)",
            ),
            (
                "time_settings 60 0",
                "expected the main time, the byo-yomi time and its stones",
            ),
            (
                "kgs-time_settings byoyomi 60 10",
                "expected the main time, the period's time and the periods",
            ),
            (
                "kgs-time_settings hourglass 60",
                "unknown time system \"hourglass\" (none, absolute, byoyomi or canadian)",
            ),
            ("time_left b -3 0", "time: -3 seconds is negative"),
            (
                "time_left b inf 0",
                "time: \"inf\" is not a number of seconds",
            ),
            (
                "time_left b 3 20000",
                "stones: 20000 stones is more than 10000",
            ),
            (
                "time_left green 3 0",
                "invalid color \"green\" (black or white)",
            ),
            (
                "param_game game_time -5",
                "invalid value \"-5\" for game_time (allowed: seconds a side, 0 for no clock: -5 seconds is negative)",
            ),
            (
                "param_game time_left_white 9",
                "time_left_white is shown, not set: use time_settings, kgs-time_settings or time_left",
            ),
        ] {
            assert_eq!(reply(&mut e, line), format!("? {why}\n\n"), "{line}");
        }
        assert_eq!(reply(&mut e, "param_game"), set);
        // KGS's systems; a new game gives both sides their whole time again.
        let shown = |e: &mut Engine, line: &str| {
            reply(e, line);
            let listed = reply(e, "param_game");
            let lines = listed.lines().skip(2).filter(|line| !line.is_empty());
            lines.collect::<Vec<_>>().join("|")
        };
        assert_eq!(
            shown(&mut e, "kgs-time_settings byoyomi 600 30 5"),
            "[string] time_control byoyomi 600 30 5|[string] time_left_black 600|[string] time_left_white 600"
        );
        assert_eq!(
            shown(&mut e, "kgs-time_settings canadian 0 300 25"),
            "[string] time_control canadian 0 300 25|[string] time_left_black 300 25|[string] time_left_white 300 25"
        );
        assert_eq!(
            shown(&mut e, "time_left b 12 3"),
            "[string] time_control canadian 0 300 25|[string] time_left_black 12 3|[string] time_left_white 300 25"
        );
        assert_eq!(
            shown(&mut e, "clear_board"),
            "[string] time_control canadian 0 300 25|[string] time_left_black 300 25|[string] time_left_white 300 25"
        );
        // GTP 2: byo-yomi time with no stones is no limit.
        assert_eq!(
            shown(&mut e, "time_settings 60 30 0"),
            "[string] time_control none|[string] time_left_black -|[string] time_left_white -"
        );
        assert_eq!(reply(&mut e, "param_game game_time 90"), "= \n\n");
        assert!(reply(&mut e, "param_game").contains("time_control absolute 90\n"));
    }

    #[test]
    fn genmove_under_a_short_clock_answers_and_the_clock_is_spent() {
        // A second a move would be the budget without a clock: the clock's 0.4 s decide.
        let mut e = clocked("0");
        session(
            &mut e,
            b"boardsize 13\ntime_settings 20 0 0\ntime_left b 0.4 0\n",
        );
        let mv = reply(&mut e, "genmove b");
        assert!(mv.starts_with("= ") && !mv.contains("resign"), "{mv}");
        assert_eq!(e.game().history().len(), 1);
        let left = e.clock().left(Color::Black).unwrap();
        assert!(left.time < Duration::from_millis(400), "{left:?}");
        // With nothing left, the move still comes.
        session(&mut e, b"time_left w 0 0\n");
        let mv = reply(&mut e, "genmove w");
        assert!(mv.starts_with("= "), "{mv}");
    }

    #[test]
    fn a_clock_does_not_change_the_moves_of_fixed_playouts() {
        let moves = |clock: &str| {
            let mut e = engine_with(400, 5);
            session(
                &mut e,
                format!("boardsize 9\n{clock}param_player opening_book 0\n").as_bytes(),
            );
            let mut out = String::new();
            for color in ["b", "w", "b", "w"] {
                out += &reply(&mut e, &format!("genmove {color}"));
            }
            out
        };
        assert_eq!(moves(""), moves("time_settings 3600 0 0\n"));
    }

    #[test]
    fn an_interrupt_stops_the_search_which_answers_its_best_move() {
        // A day a move: only the interrupt can end this search.
        let mut e = clocked("86400");
        let out = session(&mut e, b"boardsize 9\ngenmove b\n# interrupt\nshowboard\n");
        let replies: Vec<&str> = out.split("\n\n").collect();
        let mv = replies[1].strip_prefix("= ").unwrap();
        assert!(Cell::parse(mv, 9).is_some(), "{out}");
        assert_eq!(e.game().history().len(), 1);
        // An interrupt when nothing runs stops nothing: the next search is the one it would
        // be without it.
        let line = |interrupt: &str| {
            let mut e = engine_with(300, 4);
            session(
                &mut e,
                format!("boardsize 5\n{interrupt}genmove b\n").as_bytes(),
            )
        };
        assert_eq!(line("# interrupt\n"), line(""));
        assert!(reply(&mut e, "list_commands").contains("\ngogui-interrupt\n"));
        assert_eq!(reply(&mut e, "gogui-interrupt"), "= \n\n");
    }

    #[test]
    fn pondering_searches_until_the_next_command_and_the_tree_is_kept() {
        let mut config = Config::default();
        for (name, value) in [("playouts", "500"), ("threads", "1"), ("opening_book", "0")] {
            config.set(name, value).unwrap();
        }
        let mut player = Player::new(config).unwrap();
        let mut game = Game::new(9).unwrap();
        game.play(Color::Black, Move::Play(Cell::parse("e5", 9).unwrap()))
            .unwrap();
        // Halted after 1000 simulations, which the next search of the position keeps.
        let asked = AtomicU64::new(0);
        let halt = || asked.fetch_add(1, Relaxed) >= 1000;
        assert_eq!(player.ponder(&game, Color::White, &halt), 1000);
        let next = player.analyse(&game, Color::White).unwrap();
        let visits: u64 = next.values.iter().map(|v| v.1).sum();
        assert_eq!(next.playouts, 500);
        assert!(visits > 1000, "{visits}");
        // Over GTP: after a genmove that played, until the next command or the input's end
        // (here at once: the next line is read already).
        let input = b"boardsize 5\ngenmove b\nreg_genmove w\n";
        let plain = session(&mut engine_with(300, 2), input);
        let mut e = engine_with(300, 2);
        reply(&mut e, "param_player ponder 1");
        let (out, log) = logged_session(&mut e, input);
        let replies: Vec<&str> = out.split("\n\n").collect();
        assert_eq!(replies[..2], plain.split("\n\n").collect::<Vec<_>>()[..2]);
        assert!(Cell::parse(&replies[2][2..], 5).is_some(), "{out}");
        assert_eq!(log.lines().count(), 1, "{log}");
        assert!(log.starts_with("ponder: "), "{log}");
    }
}
