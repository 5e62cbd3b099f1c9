//! The game clock and the time manager: what GTP's `time_settings`, `kgs-time_settings` and
//! `time_left` say of each side's time, kept up to date as the engine moves, and how much of
//! it one move may take ([`Clock::plan`]).
//!
//! A move's share is the usable time (the time left less a safety margin for the process and
//! the pipe) divided by the moves still to come, which are estimated from the empty cells; in
//! overtime a Canadian period's time is shared among its stones and a Japanese period is
//! used whole, less the margin. The search may go past its share while its best move is
//! unstable, up to a few shares ([`Plan::most`]), and stops before it once the second best
//! move cannot catch up ([`Plan::stop`]).

use std::time::{Duration, Instant};

use crate::game::Color;

/// How the game's time is given (GTP 2's `time_settings`, KGS's `kgs-time_settings`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeControl {
    /// No limit: the player's own budget a move (the default).
    #[default]
    Unlimited,
    /// A main time, then the overtime.
    Limited {
        /// Each side's main time.
        main: Duration,
        /// What comes after it.
        overtime: Overtime,
    },
}

/// What follows the main time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overtime {
    /// Nothing: the side whose main time runs out loses (absolute time, sudden death).
    Absolute,
    /// Canadian byo-yomi: `time` for each `stones` moves, again and again.
    Canadian {
        /// The time of a period.
        time: Duration,
        /// The moves a period must hold.
        stones: u32,
    },
    /// Japanese byo-yomi: `periods` periods of `time`; a move within a period keeps it, a
    /// move past it uses it up.
    Japanese {
        /// The time of a period.
        time: Duration,
        /// How many periods.
        periods: u32,
    },
}

/// One side's time as `time_left` gives it: in the main time (`stones` 0), the main time
/// left; in overtime, the time left in the period and its stones still to play (Canadian)
/// or the periods left (Japanese, as KGS sends it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remaining {
    /// The time left.
    pub time: Duration,
    /// 0 in the main time; in overtime the stones or the periods left.
    pub stones: u32,
}

/// The longest time a clock may hold, in seconds (a week): past it a value is refused as
/// absurd.
pub const MAX_CLOCK_SECONDS: f64 = 604_800.0;

/// The most stones (or periods) of an overtime.
pub const MAX_STONES: u32 = 10_000;

/// The time kept back from every move for the process and the pipe: this much, and
/// [`MARGIN_SHARE`] of the time left on top.
pub const MARGIN: Duration = Duration::from_millis(150);

/// The share of the time left kept back on top of [`MARGIN`].
pub const MARGIN_SHARE: f64 = 0.02;

/// The moves a side is still expected to play are at least this many.
pub const FEWEST_MOVES: f64 = 8.0;

/// The moves a side is still expected to play, a share of the empty cells: a tenth, about
/// 17 at the start of 13x13. A quarter (42) spent under 40% of a 120 s clock on 13x13, as
/// the search stops early when its best move is clear and a game ends long before the board
/// fills (`docs/tuning/hex.md`).
pub const MOVES_A_CELL: f64 = 0.1;

/// How many shares a move may take at most while its best move is unstable.
pub const EXTEND: u32 = 3;

/// The time a move may take: planned from the clock at the move's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// When the move was asked for.
    pub start: Instant,
    /// The time planned for the move.
    pub share: Duration,
    /// The time it may never pass (from `start`).
    pub most: Duration,
    /// Whether the search manages its time (stops at its share unless its best move is
    /// unstable, or before once the second best cannot catch up); without, it takes
    /// its own budget, `most` only a cap.
    pub manage: bool,
}

/// What the search sees of its root when it asks the plan whether to stop.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Simulations run so far in this search.
    pub simulations: u64,
    /// The visits of the most visited move.
    pub first: u64,
    /// The visits of the second most visited move.
    pub second: u64,
    /// The time since the most visited move last changed (since the watch's first look
    /// when it never did).
    pub stable_for: Duration,
}

impl Plan {
    /// A plan that only caps a move at `most` from `start`.
    pub fn cap(start: Instant, most: Duration) -> Plan {
        Plan {
            start,
            share: most,
            most,
            manage: false,
        }
    }

    /// Whether the search should stop now, `elapsed` after the plan's start: at `most`
    /// always; when managing, at the share unless the best move changed in the last quarter
    /// of the search, and before it when the second most visited move cannot reach the most
    /// visited at the rate so far within the share.
    pub fn stop(&self, elapsed: Duration, progress: Progress) -> bool {
        if elapsed >= self.most {
            return true;
        }
        if !self.manage {
            return false;
        }
        if elapsed >= self.share {
            return progress.stable_for >= elapsed / 4;
        }
        let seconds = elapsed.as_secs_f64();
        if seconds <= 0.0 || progress.simulations == 0 {
            return false;
        }
        let rate = progress.simulations as f64 / seconds;
        let to_come = rate * (self.share - elapsed).as_secs_f64();
        (progress.first - progress.second.min(progress.first)) as f64 > to_come
    }
}

/// The game clock: the time control and each side's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Black's and White's time; `None` until the control gives or `time_left` says it.
    left: [Option<Remaining>; 2],
}

fn side(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// A clock's value that cannot be taken, with the text given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockValueError {
    /// Seconds below 0.
    #[error("{0} seconds is negative")]
    Negative(String),
    /// Seconds above [`MAX_CLOCK_SECONDS`].
    #[error("{0} seconds is more than a week ({MAX_CLOCK_SECONDS})")]
    TooLong(String),
    /// Not a (finite) number.
    #[error("{0:?} is not a number of seconds")]
    NotSeconds(String),
    /// Stones above [`MAX_STONES`].
    #[error("{0} stones is more than {MAX_STONES}")]
    TooManyStones(String),
    /// Not a whole number.
    #[error("{0:?} is not a whole number of stones")]
    NotStones(String),
}

/// Seconds as a duration, when they are a number from 0 up to [`MAX_CLOCK_SECONDS`]: else
/// why not.
pub fn clock_seconds(text: &str) -> Result<Duration, ClockValueError> {
    let given = || text.to_string();
    match text.parse::<f64>() {
        Ok(s) if (0.0..=MAX_CLOCK_SECONDS).contains(&s) => Ok(Duration::from_secs_f64(s)),
        Ok(s) if s < 0.0 => Err(ClockValueError::Negative(given())),
        Ok(s) if s.is_finite() => Err(ClockValueError::TooLong(given())),
        _ => Err(ClockValueError::NotSeconds(given())),
    }
}

/// A count of stones or periods, 0 up to [`MAX_STONES`]: else why not.
pub fn clock_stones(text: &str) -> Result<u32, ClockValueError> {
    match text.parse::<u32>() {
        Ok(n) if n <= MAX_STONES => Ok(n),
        Ok(_) => Err(ClockValueError::TooManyStones(text.into())),
        Err(_) => Err(ClockValueError::NotStones(text.into())),
    }
}

impl TimeControl {
    /// GTP 2's `time_settings MAIN BYO_YOMI STONES`: byo-yomi time 0 is absolute time, byo-yomi
    /// time with 0 stones no limit, else Canadian byo-yomi.
    pub fn gtp(main: Duration, byo_yomi: Duration, stones: u32) -> TimeControl {
        if byo_yomi.is_zero() {
            // With no main time either, every move is played at once.
            TimeControl::Limited {
                main,
                overtime: Overtime::Absolute,
            }
        } else if stones == 0 {
            TimeControl::Unlimited
        } else {
            TimeControl::Limited {
                main,
                overtime: Overtime::Canadian {
                    time: byo_yomi,
                    stones,
                },
            }
        }
    }

    /// Sudden death in `main` a side (MoHex's `param_game game_time`); 0 for no clock.
    pub fn sudden_death(main: Duration) -> TimeControl {
        if main.is_zero() {
            TimeControl::Unlimited
        } else {
            TimeControl::Limited {
                main,
                overtime: Overtime::Absolute,
            }
        }
    }

    /// The main time of sudden death (what `param_game game_time` shows), if it is that.
    pub fn game_time(self) -> Option<Duration> {
        match self {
            TimeControl::Limited {
                main,
                overtime: Overtime::Absolute,
            } => Some(main),
            _ => None,
        }
    }

    /// A side's time at the start: the main time, or the first period when there is none.
    fn start(self) -> Option<Remaining> {
        let TimeControl::Limited { main, overtime } = self else {
            return None;
        };
        let in_main = Remaining {
            time: main,
            stones: 0,
        };
        Some(match overtime {
            _ if !main.is_zero() => in_main,
            Overtime::Absolute => in_main,
            Overtime::Canadian { time, stones } => Remaining { time, stones },
            Overtime::Japanese { time, periods } => Remaining {
                time,
                stones: periods,
            },
        })
    }
}

/// As `param_game` shows it: `none`, `absolute 60`, `canadian 60 30 5`, `byoyomi 60 10 3`
/// (KGS's words, seconds).
impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = |d: &Duration| d.as_secs_f64();
        match self {
            TimeControl::Unlimited => f.write_str("none"),
            TimeControl::Limited { main, overtime } => match overtime {
                Overtime::Absolute => write!(f, "absolute {}", s(main)),
                Overtime::Canadian { time, stones } => {
                    write!(f, "canadian {} {} {stones}", s(main), s(time))
                }
                Overtime::Japanese { time, periods } => {
                    write!(f, "byoyomi {} {} {periods}", s(main), s(time))
                }
            },
        }
    }
}

impl Clock {
    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Sets the time control; both sides start with their whole time.
    pub fn set_control(&mut self, control: TimeControl) {
        self.control = control;
        self.restart();
    }

    /// A new game: both sides get their whole time again.
    pub fn restart(&mut self) {
        self.left = [self.control.start(); 2];
    }

    /// `color`'s time, as `time_left` says it.
    pub fn set_left(&mut self, color: Color, left: Remaining) {
        self.left[side(color)] = Some(left);
    }

    /// `color`'s time, if the game has a clock.
    pub fn left(&self, color: Color) -> Option<Remaining> {
        match self.control {
            TimeControl::Unlimited => None,
            TimeControl::Limited { .. } => self.left[side(color)],
        }
    }

    /// The clock as `param_game` lists it: the control, then each side's time left.
    pub fn list(&self) -> String {
        let mut lines = vec![format!("[string] time_control {}", self.control)];
        for color in Color::BOTH {
            let shown = match self.left(color) {
                None => "-".to_string(),
                Some(Remaining { time, stones: 0 }) => format!("{}", time.as_secs_f64()),
                Some(Remaining { time, stones }) => format!("{} {stones}", time.as_secs_f64()),
            };
            lines.push(format!("[string] time_left_{color} {shown}"));
        }
        lines.join("\n")
    }

    /// Takes `spent` off `color`'s time, as a controller's clock would (until its next
    /// `time_left` says otherwise): into overtime once the main time is used up, a new
    /// Canadian period after its last stone, a Japanese period used up by a move past it.
    pub fn spend(&mut self, color: Color, spent: Duration) {
        let TimeControl::Limited { overtime, .. } = self.control else {
            return;
        };
        let Some(left) = &mut self.left[side(color)] else {
            return;
        };
        if left.stones == 0 {
            if spent < left.time || overtime == Overtime::Absolute {
                left.time = left.time.saturating_sub(spent);
                return;
            }
            // Into the first period with what the main time did not cover.
            let over = spent - left.time;
            *left = match overtime {
                Overtime::Canadian { time, stones } => Remaining {
                    time: time.saturating_sub(over),
                    stones,
                },
                Overtime::Japanese { time, periods } => Remaining {
                    time,
                    stones: periods.saturating_sub(
                        u32::try_from(over.as_nanos() / time.as_nanos().max(1)).unwrap_or(u32::MAX),
                    ),
                },
                Overtime::Absolute => unreachable!("handled above"),
            };
            return;
        }
        match overtime {
            Overtime::Canadian { time, stones } => {
                left.time = left.time.saturating_sub(spent);
                left.stones -= 1;
                if left.stones == 0 {
                    *left = Remaining { time, stones };
                }
            }
            Overtime::Japanese { time, .. } => {
                let used =
                    u32::try_from(spent.as_nanos() / time.as_nanos().max(1)).unwrap_or(u32::MAX);
                left.stones = left.stones.saturating_sub(used);
                left.time = time;
            }
            Overtime::Absolute => left.time = left.time.saturating_sub(spent),
        }
    }

    /// The time manager: how long `color`'s move, asked for at `start` with `empty` cells
    /// empty, may take; `None` without a clock.
    pub fn plan(&self, color: Color, empty: usize, start: Instant) -> Option<Plan> {
        let TimeControl::Limited { overtime, .. } = self.control else {
            return None;
        };
        let left = self.left(color)?;
        let margin = |t: Duration| MARGIN + t.mul_f64(MARGIN_SHARE);
        let usable = |t: Duration| t.saturating_sub(margin(t));
        let moves = (empty as f64 * MOVES_A_CELL).max(FEWEST_MOVES);
        // What overtime gives each move after the main time: a Canadian period shared by
        // its stones, a Japanese period whole.
        let per_move = |time: Duration, stones: u32| -> Duration {
            usable(time).div_f64(f64::from(stones.max(1)))
        };
        let (share, most) = match (left.stones, overtime) {
            (0, Overtime::Absolute) => {
                let usable = usable(left.time);
                let share = usable.div_f64(moves);
                (share, (share * EXTEND).min(usable / 2).max(share))
            }
            (0, Overtime::Canadian { time, stones }) => {
                let main = usable(left.time);
                let extra = per_move(time, stones);
                let share = main.div_f64(moves) + extra;
                (share, (share * EXTEND).min(main / 2 + extra).max(share))
            }
            (0, Overtime::Japanese { time, .. }) => {
                let main = usable(left.time);
                let extra = usable(time);
                let share = main.div_f64(moves) + extra;
                (share, (share * EXTEND).min(main / 2 + extra).max(share))
            }
            (stones, Overtime::Canadian { .. }) => {
                let usable = usable(left.time);
                let share = usable / stones;
                let most = if stones == 1 {
                    usable
                } else {
                    (share * EXTEND).min(usable / 2)
                };
                (share, most.max(share))
            }
            (_, Overtime::Japanese { .. }) | (_, Overtime::Absolute) => {
                let usable = usable(left.time);
                (usable, usable)
            }
        };
        Some(Plan {
            start,
            share,
            most,
            manage: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn gtp_time_settings_read_as_gtp_2_says() {
        assert_eq!(
            TimeControl::gtp(secs(60.0), Duration::ZERO, 0).to_string(),
            "absolute 60"
        );
        assert_eq!(
            TimeControl::gtp(secs(60.0), secs(30.0), 5).to_string(),
            "canadian 60 30 5"
        );
        assert_eq!(
            TimeControl::gtp(secs(60.0), secs(30.0), 0),
            TimeControl::Unlimited
        );
    }

    #[test]
    fn values_out_of_range_say_why() {
        let why = |text| clock_seconds(text).unwrap_err().to_string();
        assert_eq!(clock_seconds("1.5"), Ok(secs(1.5)));
        assert_eq!(why("-1"), "-1 seconds is negative");
        assert_eq!(why("1e9"), "1e9 seconds is more than a week (604800)");
        assert_eq!(why("NaN"), "\"NaN\" is not a number of seconds");
        assert_eq!(why("inf"), "\"inf\" is not a number of seconds");
        assert_eq!(clock_stones("3"), Ok(3));
        assert!(clock_stones("-3").is_err() && clock_stones("10001").is_err());
    }

    #[test]
    fn the_share_grows_as_the_board_fills_and_keeps_a_margin() {
        let mut clock = Clock::default();
        let now = Instant::now();
        assert_eq!(clock.plan(Color::Black, 169, now), None);
        clock.set_control(TimeControl::gtp(secs(120.0), Duration::ZERO, 0));
        let early = clock.plan(Color::Black, 169, now).unwrap();
        let late = clock.plan(Color::Black, 40, now).unwrap();
        assert!(early.share < late.share && late.share < late.most);
        // 120 s less the margin over 16.9 moves.
        let usable = 120.0 - 0.15 - 2.4;
        assert!((early.share.as_secs_f64() - usable / 16.9).abs() < 1e-6);
        assert!(late.most.as_secs_f64() <= usable / 2.0);
        // With 0.4 s left, a move takes less than what is left.
        clock.set_left(
            Color::White,
            Remaining {
                time: secs(0.4),
                stones: 0,
            },
        );
        let short = clock.plan(Color::White, 100, now).unwrap();
        assert!(short.most < secs(0.25), "{short:?}");
        // None left: nothing to spend.
        clock.spend(Color::White, secs(1.0));
        assert_eq!(
            clock.plan(Color::White, 100, now).unwrap().most,
            Duration::ZERO
        );
    }

    #[test]
    fn overtime_is_shared_by_its_stones() {
        let mut clock = Clock::default();
        let now = Instant::now();
        clock.set_control(TimeControl::gtp(Duration::ZERO, secs(10.0), 5));
        assert_eq!(
            clock.left(Color::Black),
            Some(Remaining {
                time: secs(10.0),
                stones: 5
            })
        );
        let plan = clock.plan(Color::Black, 100, now).unwrap();
        assert!((plan.share.as_secs_f64() - (10.0 - 0.15 - 0.2) / 5.0).abs() < 1e-6);
        // Five moves of a second: a new period.
        for _ in 0..4 {
            clock.spend(Color::Black, secs(1.0));
        }
        assert_eq!(clock.left(Color::Black).unwrap().stones, 1);
        assert_eq!(clock.left(Color::Black).unwrap().time, secs(6.0));
        let last = clock.plan(Color::Black, 100, now).unwrap();
        assert_eq!(last.share, last.most);
        clock.spend(Color::Black, secs(1.0));
        assert_eq!(clock.left(Color::Black).unwrap().stones, 5);
        // Main time spent past its end goes on into the first period.
        clock.set_control(TimeControl::gtp(secs(2.0), secs(10.0), 5));
        clock.spend(Color::White, secs(3.0));
        assert_eq!(
            clock.left(Color::White),
            Some(Remaining {
                time: secs(9.0),
                stones: 5
            })
        );
    }

    #[test]
    fn a_japanese_period_is_used_whole_and_lost_when_passed() {
        let mut clock = Clock::default();
        let now = Instant::now();
        clock.set_control(TimeControl::Limited {
            main: Duration::ZERO,
            overtime: Overtime::Japanese {
                time: secs(5.0),
                periods: 3,
            },
        });
        assert_eq!(clock.control().to_string(), "byoyomi 0 5 3");
        let plan = clock.plan(Color::Black, 100, now).unwrap();
        assert_eq!(plan.share, plan.most);
        clock.spend(Color::Black, secs(4.0));
        assert_eq!(clock.left(Color::Black).unwrap().stones, 3);
        clock.spend(Color::Black, secs(6.0));
        assert_eq!(clock.left(Color::Black).unwrap().stones, 2);
        assert_eq!(clock.left(Color::Black).unwrap().time, secs(5.0));
    }

    #[test]
    fn the_plan_stops_early_when_the_second_cannot_catch_up() {
        let plan = Plan {
            start: Instant::now(),
            share: secs(1.0),
            most: secs(3.0),
            manage: true,
        };
        // 1000 simulations in 0.5 s: 1000 more to come; a lead of 900 can be caught.
        let at = |first, second, stable: f64| Progress {
            simulations: 1000,
            first,
            second,
            stable_for: secs(stable),
        };
        assert!(!plan.stop(secs(0.5), at(950, 50, 0.5)));
        assert!(plan.stop(secs(0.5), at(1500, 100, 0.5)));
        // At the share: stop when the best held for a quarter of the search, else go on
        // up to the most.
        assert!(plan.stop(secs(1.0), at(600, 400, 0.3)));
        assert!(!plan.stop(secs(1.0), at(600, 400, 0.1)));
        assert!(plan.stop(secs(3.0), at(600, 400, 0.1)));
        // A cap only: the most, nothing else.
        let cap = Plan::cap(Instant::now(), secs(2.0));
        assert!(!cap.stop(secs(1.0), at(1500, 100, 1.0)));
        assert!(cap.stop(secs(2.0), at(1500, 100, 1.0)));
    }
}
