//! The solver's settings as the player keeps them (`param_dfpn`): the limits of
//! `dfpn-solve-state` and of the endgame solver that [`super::Player::choose`] asks first.

use std::time::Duration;

use super::params::{MAX_SECONDS, MAX_THREADS, flag, invalid, number};
use crate::solver::{ENTRY_BYTES, Limits as SolverLimits};

/// The solver's settings (`param_dfpn`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DfpnSettings {
    /// `dfpn-solve-state`'s time limit; none for no limit.
    pub time: Option<Duration>,
    /// The transposition table's size in bytes (`memory` in MiB, `tt_size` in positions).
    pub table_bytes: usize,
    /// Threads searching one proof.
    pub threads: usize,
    /// Whether `genmove` asks the solver first when few cells are empty.
    pub endgame: bool,
    /// At most this many empty cells for `genmove` to ask the solver.
    pub endgame_empty: usize,
    /// `genmove`'s time limit for the solver.
    pub endgame_time: Duration,
    /// HexGui's `use_guifx` (MoHex draws the solver's progress on HexGui's board when it is
    /// on): accepted, no effect.
    pub use_guifx: bool,
}

impl Default for DfpnSettings {
    fn default() -> DfpnSettings {
        DfpnSettings {
            time: Some(Duration::from_secs(10)),
            table_bytes: 64 << 20,
            threads: 1,
            endgame: true,
            endgame_empty: ENDGAME_EMPTY,
            endgame_time: Duration::from_millis(ENDGAME_MILLIS),
            use_guifx: false,
        }
    }
}

/// The largest table `memory` and `tt_size` allow, in MiB.
const MAX_MIB: usize = 65_536;

/// `genmove` asks the solver when at most this many cells are empty (by default).
pub const ENDGAME_EMPTY: usize = 30;
/// `genmove`'s default time for the solver (milliseconds).
pub const ENDGAME_MILLIS: u64 = 500;

impl DfpnSettings {
    /// Every setting with its value, in HexGui's form, a line each.
    pub fn list(&self) -> String {
        format!(
            "[string] time {}\n[string] memory {}\n[string] tt_size {}\n[string] threads {}\n[bool] endgame {}\n[string] endgame_empty {}\n[string] endgame_time {}\n[bool] use_guifx {}",
            self.time.map_or(0.0, |t| t.as_secs_f64()),
            self.table_bytes >> 20,
            self.table_bytes / ENTRY_BYTES,
            self.threads,
            u8::from(self.endgame),
            self.endgame_empty,
            self.endgame_time.as_secs_f64(),
            u8::from(self.use_guifx)
        )
    }

    /// Sets one setting from its text; on a bad value, what is allowed.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let bad = |allowed: &str| invalid(name, value, allowed);
        let seconds =
            |allowed: &str| number(value, 0.0..=MAX_SECONDS, allowed).map_err(|a| bad(&a));
        let switch = || flag(value).map_err(|allowed| bad(&allowed));
        match name {
            "time" | "timelimit" => {
                let s = seconds("seconds 0 to 86400, 0 for no limit")?;
                self.time = (s > 0.0).then(|| Duration::from_secs_f64(s));
            }
            "memory" => {
                let mib = number(value, 1..=MAX_MIB, "MiB 1 to 65536").map_err(|a| bad(&a))?;
                self.table_bytes = mib << 20;
            }
            "tt_size" => {
                let most = (MAX_MIB << 20) / ENTRY_BYTES;
                let allowed = format!("positions 1..{most}");
                let entries = number(value, 1..=most, &allowed).map_err(|a| bad(&a))?;
                self.table_bytes = entries * ENTRY_BYTES;
            }
            "threads" => {
                self.threads = number(value, 1..=MAX_THREADS, "1 to 64").map_err(|a| bad(&a))?;
            }
            "endgame" => self.endgame = switch()?,
            "endgame_empty" => {
                let allowed = "a number of empty cells, 0 or more";
                self.endgame_empty = number(value, 0..=usize::MAX, allowed).map_err(|a| bad(&a))?;
            }
            "endgame_time" => {
                let allowed = "seconds above 0, at most 86400";
                let s = seconds(allowed)?;
                if s == 0.0 {
                    return Err(bad(allowed));
                }
                self.endgame_time = Duration::from_secs_f64(s);
            }
            "use_guifx" => self.use_guifx = switch()?,
            _ => {
                return Err(format!(
                    "unknown parameter {name:?} (time, timelimit, memory, tt_size, threads, endgame, endgame_empty, endgame_time, use_guifx)"
                ));
            }
        }
        Ok(())
    }

    /// The solver's limits with `time`.
    pub fn limits(&self, time: Option<Duration>) -> SolverLimits {
        SolverLimits {
            time,
            nodes: None,
            memory: self.table_bytes,
        }
    }
}
